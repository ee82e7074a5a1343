//! Every IR atomic the lsu, CDNA 5 and gfx942 writers write, ported to each
//! other ISA: each ported instruction lifts to the source's atomic
//! (modulo a widened scope, which the verdict states), on the source's
//! address registers and offset, with every data register accounted for.

use xisa::Isa;
use xisa_frontend::{read_mem, Frontend, MemRegs};
use xisa_port::{port, Verdict};
use xisa_testkit::write::mem_specs;

/// Registers away from the fragment convention (even: gfx942 pairs), with
/// an offset every form holds.
const REGS: MemRegs = MemRegs {
    addr: 10,
    data: 20,
    dst: 30,
    offset: 96,
    ubase: None,
};

fn isa(name: &str) -> Isa {
    name.parse().unwrap()
}

fn lift_text(f: &dyn Frontend, text: &str) -> xisa_ir::Kernel {
    let m = f.load(&f.assemble(text).unwrap()).unwrap();
    let name = m.kernels()[0].name.clone();
    m.lift(&name).unwrap()
}

/// Ports every memory operation of `kind` (`atomics`, `loads`, ...) that
/// `from` writes (on registers away from the fragment convention, with an
/// offset) to `to`; returns the verdict counts [exact, strengthened,
/// impossible, not yet, expanded].
fn check_kind(from: &str, to: &str, kind: &str) -> [usize; 5] {
    check_on(from, to, kind, &REGS)
}

/// [`check_kind`] on `regs`.
fn check_on(from: &str, to: &str, kind: &str, regs: &MemRegs) -> [usize; 5] {
    let (from, to) = (isa(from), isa(to));
    let mut counts = [0; 5];
    for spec in mem_specs().into_iter().filter(|s| s.kind() == kind) {
        let Ok(w) = from.frontend().write_mem(&spec, regs) else {
            continue;
        };
        let source = read_mem(&lift_text(from.frontend(), &w.text)).unwrap();
        let ported = port(w.text.as_bytes(), from, to, None).unwrap();
        assert_eq!(ported.len(), 1);
        let p = &ported[0];
        assert_eq!(p.source, w.text);
        match &p.verdict {
            Verdict::Exact | Verdict::Strengthened { .. } => {
                let got = read_mem(&lift_text(to.frontend(), &p.target[0])).unwrap();
                if let Verdict::Strengthened { why, .. } = &p.verdict {
                    assert!(source.spec.stronger().contains(&got.spec), "{spec}: {why}");
                    counts[1] += 1;
                } else {
                    assert_eq!(got.spec, source.spec, "{spec}: {}", p.target[0]);
                    counts[0] += 1;
                }
                // The same address registers, by number (`s4` is `u4`).
                let nums = |v: &[String]| -> Vec<String> {
                    v.iter()
                        .map(|n| n.trim_start_matches(char::is_alphabetic).to_string())
                        .collect()
                };
                assert_eq!(nums(&got.addr), nums(&source.addr), "{spec}");
                assert_eq!(
                    std::mem::discriminant(&got.shape),
                    std::mem::discriminant(&source.shape),
                    "{spec}"
                );
                assert_eq!(got.offset, source.offset, "{spec}");
                // Data registers: the same (by number), or the move is
                // stated.
                let same = nums(&got.value) == nums(&source.value)
                    && nums(&got.compare) == nums(&source.compare)
                    && nums(&got.returned) == nums(&source.returned);
                assert_eq!(same, p.registers.is_none(), "{spec}: {:?}", p.registers);
                let mut a: Vec<_> = nums(&got.value)
                    .into_iter()
                    .chain(nums(&got.compare))
                    .collect();
                let mut b: Vec<_> = nums(&source.value)
                    .into_iter()
                    .chain(nums(&source.compare))
                    .collect();
                a.sort();
                b.sort();
                assert_eq!(a, b, "{spec}: the data occupies the same registers");
            }
            Verdict::Impossible(why) => {
                assert!(!why.is_empty());
                assert!(p.target.is_empty());
                counts[2] += 1;
            }
            Verdict::NotYet(_) => counts[3] += 1,
            Verdict::Expanded { .. } => {
                // Several target instructions, each lifting to one memory
                // operation of the source's kind.
                assert!(p.target.len() > 1, "{spec}: {:?}", p.target);
                for t in &p.target {
                    let got = read_mem(&lift_text(to.frontend(), t)).unwrap();
                    assert_eq!(got.spec.kind(), spec.kind(), "{spec}: {t}");
                }
                counts[4] += 1;
            }
            v => panic!("{spec}: {v}"),
        }
    }
    counts
}

/// The counts of `kind` for the six directions, in the order lsu -> cdna5,
/// lsu -> gfx942, cdna5 -> lsu, cdna5 -> gfx942, gfx942 -> lsu,
/// gfx942 -> cdna5.
fn six(kind: &str) -> Vec<[usize; 5]> {
    let pairs = [
        ("lsu", "cdna5"),
        ("lsu", "gfx942"),
        ("cdna5", "lsu"),
        ("cdna5", "gfx942"),
        ("gfx942", "lsu"),
        ("gfx942", "cdna5"),
    ];
    pairs.iter().map(|(f, t)| check_kind(f, t, kind)).collect()
}

// Loads and stores: lsu writes 8 load and 6 store shapes (its 64-bit
// accesses are two words), plain, global at wg/dev/sys and shared; gfx942
// plain global accesses (device scope as lifted), relaxed ones at
// wg/dev/sys (8 shapes: an ordered two-dword access is one 8-byte element)
// and plain LDS accesses; CDNA 5 plain global accesses (SCOPE CU, device
// scope as lifted), relaxed ones at SE/DEV/SYS (cluster/device/system) with
// the same 8 shapes, and no LDS or scalar form.

#[test]
fn loads() {
    assert_eq!(
        six("loads"),
        [
            // lsu's 32 loads and 9 uniform loads (`uld` of 1, 2 and 4 words
            // at wg/dev/sys) to CDNA 5: plain global exact (8), wg widened to
            // SE and plain sys made relaxed (15); shared and uniform loads
            // have no VGLOBAL form (18).
            [8, 15, 18, 0, 0],
            // Global plain at device and shared: exact (16); plain at wg
            // widened to device (8), plain at sys made relaxed at sys (7);
            // a plain two-word load at sys is not one gfx942 instruction.
            // Uniform: `s_load_dword*` at device exact, wg widened, sys
            // impossible (scalar loads are plain).
            [16 + 3, 15 + 3, 1 + 3, 0, 0],
            // CDNA 5's 32 (8 plain, 24 relaxed at SE/DEV/SYS) to lsu: plain
            // exact (8); relaxed impossible (lsu's accesses are plain).
            [8, 0, 24, 0, 0],
            // To gfx942: plain and relaxed at DEV/SYS exact (24), SE widened
            // to device (8).
            [24, 8, 0, 0, 0],
            // gfx942's 40 and its 3 scalar loads: plain global, LDS and
            // scalar exact (19); relaxed (24): lsu's accesses are plain.
            [16 + 3, 0, 24, 0, 0],
            // To CDNA 5: plain global, relaxed at device/system exact (24),
            // workgroup widened to SE (8); LDS and scalar loads have no
            // VGLOBAL form (11).
            [24, 8, 11, 0, 0],
        ]
    );
}

#[test]
fn stores() {
    assert_eq!(
        six("stores"),
        [
            // As the loads, with lsu's 6 store shapes (b8, b16, 1-4 words),
            // gfx942's and CDNA 5's 6 plain and 6 relaxed ones.
            [6, 11, 7, 0, 0],
            [12, 11, 1, 0, 0],
            [6, 0, 18, 0, 0],
            [18, 6, 0, 0, 0],
            [12, 0, 18, 0, 0],
            [18, 6, 6, 0, 0],
        ]
    );
}

#[test]
fn fences() {
    // lsu: device acquire (cache.inv.l1), system acquire (cache.inv.l2),
    // system release (cache.wb.l2); gfx942: acquire (buffer_inv) and
    // release (buffer_wbl2) at wave (no sc bits), workgroup, device and
    // system scope. To lsu, a release below system and an acquire below
    // device are widened. CDNA 5: global_inv, global_wb and global_wbinv
    // (acquire, release, both) at CU/SE/DEV/SYS (workgroup, cluster,
    // device, system); an acquire-release becomes a release and an acquire
    // (expanded) where the target has no combined operation.
    assert_eq!(
        six("fences"),
        [
            [3, 0, 0, 0, 0],
            [3, 0, 0, 0, 0],
            [3, 5, 0, 0, 4],
            [6, 2, 0, 0, 4],
            [3, 5, 0, 0, 0],
            [6, 2, 0, 0, 0],
        ]
    );
}

// The counts, [exact, strengthened, impossible, not yet, expanded], follow from the
// tables: lsu has 26 global and 26 shared atomic ops (returning or not) at
// scopes wg/dev/sys; CDNA 5 31 IR ops on global memory at CU/SE/DEV/SYS;
// gfx942 32 global ops (device, or system with sc1) and 66 LDS rows
// (workgroup).

#[test]
fn atomics() {
    assert_eq!(
        six("atomics"),
        [
            // Global: exact at every lsu scope; shared: no VGLOBAL form.
            [26 * 2 * 3, 0, 26 * 2, 0, 0],
            // 24 global ops in both (gfx942 has no f32 min/max on global
            // memory): exact at device/system, workgroup widened to device;
            // 50 of the 52 shared forms have an LDS row (no non-returning
            // exchange in DS).
            [24 * 2 * 2 + 50, 24 * 2, 2 * 2 * 3 + 2, 0, 0],
            // lsu has 26 of the ops; SE (IR cluster) widened to device;
            // 64-bit sub/inc/dec and the packed f16/bf16 adds have no lsu
            // atomic.
            [26 * 2 * 3, 26 * 2, 5 * 4 * 2, 0, 0],
            // 29 ops in both (no f32 min_num/max_num in gfx942): exact at
            // DEV/SYS, CU and SE widened to device.
            [29 * 2 * 2, 29 * 2 * 2, 2 * 4 * 2, 0, 0],
            // The 24 global ops lsu has, exact at both gfx942 scopes; 50 LDS
            // forms lsu's shared atomics take; 8 global ops (64-bit
            // sub/inc/dec, packed adds, f64 add/min/max) and 16 LDS rows have
            // no lsu atomic.
            [24 * 2 * 2 + 50, 0, 8 * 2 * 2 + 16, 0, 0],
            // 29 global ops in both; no f64 VGLOBAL atomics; no LDS in
            // VGLOBAL.
            [29 * 2 * 2, 0, 3 * 2 * 2 + 66, 0, 0],
        ]
    );
}

/// A uniform 64-bit base plus a 32-bit vector offset (lsu's `ubase`,
/// gfx942's and CDNA 5's `saddr` forms) ports between the three, global
/// atomics, loads and stores alike.
#[test]
fn uniform_bases() {
    // The test kit's uniform-base register set.
    let regs = xisa_testkit::write::REGS[3];
    let mut got = Vec::new();
    for kind in ["atomics", "loads", "stores"] {
        for (from, to) in [
            ("lsu", "gfx942"),
            ("gfx942", "lsu"),
            ("lsu", "cdna5"),
            ("cdna5", "lsu"),
            ("gfx942", "cdna5"),
            ("cdna5", "gfx942"),
        ] {
            got.push(check_on(from, to, kind, &regs));
        }
    }
    // The global parts of the vector-address counts (shared memory takes
    // no uniform base): atomics, then loads, then stores, each in the order
    // lsu -> gfx942, gfx942 -> lsu, lsu -> cdna5, cdna5 -> lsu,
    // gfx942 -> cdna5, cdna5 -> gfx942.
    assert_eq!(
        got,
        [
            [96, 48, 12, 0, 0],
            [96, 0, 32, 0, 0],
            [156, 0, 0, 0, 0],
            [156, 52, 40, 0, 0],
            [116, 0, 12, 0, 0],
            [116, 116, 16, 0, 0],
            [8, 15, 1, 0, 0],
            [8, 0, 24, 0, 0],
            [8, 15, 1, 0, 0],
            [8, 0, 24, 0, 0],
            [24, 8, 0, 0, 0],
            [24, 8, 0, 0, 0],
            [6, 11, 1, 0, 0],
            [6, 0, 18, 0, 0],
            [6, 11, 1, 0, 0],
            [6, 0, 18, 0, 0],
            [18, 6, 0, 0, 0],
            [18, 6, 0, 0, 0],
        ]
    );
}

#[test]
fn a_program_keeps_every_instruction() {
    let text = "atom.global.add.u32 v4, v[8:9], 16, scope:wg\n\
                ld.global.b32 v1, v[2:3], 0\n\
                atom.shared.add.u32 v3, v1, 4\n\
                cache.wb.l2\n";
    let ported = port(text.as_bytes(), isa("lsu"), isa("cdna5"), None).unwrap();
    let verdicts: Vec<&str> = ported.iter().map(|p| p.verdict.name()).collect();
    assert_eq!(verdicts, ["exact", "exact", "impossible", "exact"]);
    let listing = xisa_port::listing(&ported, "//");
    assert_eq!(
        listing,
        "global_atomic_add_u32 v[8:9], v4, off offset:16\n\
         global_load_b32 v1, v[2:3], off\n\
         // [2] atom.shared.add.u32 v3, v1, 4: impossible: VGLOBAL atomics address global memory, not shared\n\
         global_wb scope:SCOPE_SYS\n"
    );
    let report = xisa_port::report(&ported, isa("lsu"), isa("cdna5"));
    assert!(report.contains("- exact: 3\n- impossible: 1\n"), "{report}");
}

#[test]
fn targets_without_a_writer_are_not_yet() {
    let ported = port(
        b"atom.global.add.u32 v4, v[8:9], 0\n",
        isa("lsu"),
        isa("ir"),
        None,
    )
    .unwrap();
    assert_eq!(
        ported[0].verdict,
        Verdict::NotYet("xisa cannot write ir atomics yet".into())
    );
}

fn fixture(rel: &str) -> Vec<u8> {
    std::fs::read(format!("{}/../../{rel}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Modules port instruction by instruction: every machine instruction of
/// every kernel is listed (its pc, its memory operations), memory ones get
/// a verdict, and each exact one lifts to the same operation in the target.
#[test]
fn modules_port_instruction_by_instruction() {
    let cubin = fixture("tests/sm75/out/compact.cubin");
    let ported = port(&cubin, isa("sm75"), isa("gfx942"), None).unwrap();
    let count = |name: &str| ported.iter().filter(|p| p.verdict.name() == name).count();
    // compact: 28 instructions; a load through a uniform base is not ported
    // yet, three loads and stores at `[R.64]` are exact.
    assert_eq!(
        (count("exact"), count("not yet"), count("outside")),
        (3, 1, 24)
    );
    assert!(ported.iter().all(|p| p.location.starts_with("compact+0x")));
    for p in ported.iter().filter(|p| p.verdict == Verdict::Exact) {
        let got = read_mem(&lift_text(isa("gfx942").frontend(), &p.target[0])).unwrap();
        assert_eq!(
            got.spec.to_string(),
            spec_of(&p.ir),
            "{}: {}",
            p.location,
            p.target[0]
        );
    }
    // Predicated instructions (`@P0 RED`) are not ported yet, and say so.
    let scopes = port(
        &fixture("tests/sm75/out/scopes.cubin"),
        isa("sm75"),
        isa("gfx942"),
        None,
    )
    .unwrap();
    assert!(scopes.iter().any(|p| p.verdict
        == Verdict::NotYet(
            "it is predicated (p0): predicated instructions are not ported yet".into()
        )));
    // One kernel of a code object.
    let co = fixture("tests/gfx942/out/hist_global.co");
    let ported = port(&co, isa("gfx942"), isa("lsu"), Some("hist_global")).unwrap();
    assert!(ported
        .iter()
        .any(|p| p.target == ["ld.global.u8 v0, v[0:1], 0, scope:dev"]));
    // Every memory instruction of the kernel ports exactly: the kernel
    // arguments' scalar loads, the input load, the cache operations around
    // the atomic, the atomic at a uniform base.
    let memory: Vec<&xisa_port::Ported> = ported
        .iter()
        .filter(|p| p.verdict != Verdict::Outside)
        .collect();
    assert!(memory.len() >= 8, "{}", memory.len());
    for p in &memory {
        assert_eq!(p.verdict, Verdict::Exact, "{}: {}", p.location, p.ir);
    }
    assert!(ported
        .iter()
        .any(|p| p.target == ["atom.ubase.add.u32 v1, u[2:3], v0, 0, scope:sys"]));
    let e = port(&co, isa("gfx942"), isa("lsu"), Some("nope"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("no kernel named \"nope\""), "{e}");
}

/// The spec text of an IR memory operation as the report prints it
/// (`atom.global.add.b32.device.relaxed [..], ..` -> `atom.global.add.b32.device`).
fn spec_of(ir: &str) -> String {
    let op = ir.split(" = ").last().unwrap().split(' ').next().unwrap();
    let parts: Vec<&str> = op.split('.').collect();
    match parts[0] {
        // ld.global.b32 / st.global.b32: weak, device (as lifted).
        "ld" | "st" => format!("{}.{}.{}.weak.device", parts[0], parts[1], parts[2]),
        _ => op.trim_end_matches(".relaxed").to_string(),
    }
}

/// The sequences written for the operations no target has one instruction
/// for (acquire loads, release stores, acquire-release fences) lift, piece
/// by piece, to the pieces of [`xisa_port::expansions`] (or stronger ones).
#[test]
fn expanded_sequences_lift_to_their_pieces() {
    let mut expanded = 0;
    for to in ["lsu", "gfx942"].map(isa) {
        for spec in mem_specs() {
            let Ok((Verdict::Expanded { why, .. }, written)) = xisa_port::write(&spec, &REGS, to)
            else {
                continue;
            };
            let pieces = &xisa_port::expansions(&spec)[0];
            assert_eq!(written.len(), pieces.len(), "{spec}: {why}");
            for (w, piece) in written.iter().zip(pieces) {
                let got = read_mem(&lift_text(to.frontend(), &w.text)).unwrap();
                assert!(
                    got.spec == *piece || piece.stronger().contains(&got.spec),
                    "{spec}: {} is {}, not {piece}",
                    w.text,
                    got.spec
                );
            }
            expanded += 1;
        }
    }
    // gfx942: global acquire loads of the 8 shapes it orders and release
    // stores of 6, at the five scopes (each piece exact or widened), and
    // acquire-release fences at five; lsu: acquire-release fences at five
    // (its accesses are plain, so no ordered access expands).
    assert_eq!(expanded, 8 * 5 + 6 * 5 + 5 + 5);
}

/// sm_75 both ways: every operation the other writers write ported to
/// sm_75, and every one sm_75's writer writes ported to the others, each
/// lifting back as [`check_on`] requires (sm_75 fragments assemble and load
/// like the others').
#[test]
fn sm75_both_ways() {
    let mut got = Vec::new();
    for kind in ["atomics", "loads", "stores", "fences"] {
        for (from, to) in xisa_testkit::write::SM75_DIRECTIONS {
            let c = check_kind(from, to, kind);
            println!("{kind} {from} -> {to}: {c:?}");
            got.push(c);
        }
    }
    // [exact, strengthened, impossible, not yet, expanded] per kind, in the order
    // lsu -> sm75, gfx942 -> sm75, cdna5 -> sm75, sm75 -> lsu,
    // sm75 -> gfx942, sm75 -> cdna5. sm_75 names every scope for global
    // atomics (RED/ATOMG `.CTA/.SM/.GPU/.SYS`) but has no sub, no f64
    // min/max and no packed adds there, and its shared atomics (ATOMS) are
    // workgroup-scoped only; its plain accesses are device-scoped, its
    // strong ones relaxed at every scope; MEMBAR is a seq_cst fence only,
    // so acquire and release fences widen to it, and its fences have no
    // acquire-or-release instruction in lsu or gfx942 (CDNA 5's
    // global_wbinv is one).
    assert_eq!(
        got,
        [
            [164, 0, 44, 0, 0],
            [140, 0, 54, 0, 0],
            [192, 0, 56, 0, 0],
            [164, 42, 52, 0, 0],
            [140, 100, 18, 0, 0],
            [192, 0, 66, 0, 0],
            [14, 12, 15, 0, 0],
            [32, 0, 11, 0, 0],
            [25, 0, 7, 0, 0],
            [14, 0, 24, 0, 0],
            [32, 6, 0, 0, 0],
            [25, 6, 7, 0, 0],
            [10, 8, 6, 0, 0],
            [22, 0, 8, 0, 0],
            [17, 0, 7, 0, 0],
            [10, 0, 28, 0, 0],
            [22, 4, 12, 0, 0],
            [17, 4, 17, 0, 0],
            [0, 3, 0, 0, 0],
            [0, 8, 0, 0, 0],
            [0, 12, 0, 0, 0],
            [0, 0, 4, 0, 0],
            [0, 0, 4, 0, 0],
            [0, 0, 4, 0, 0],
        ]
    );
}
