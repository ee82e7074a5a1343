//! Own-bit shadows (`gfx942::lift::ownbit`) against the kernel without
//! them: random programs of the mask arithmetic a GCN lane lift does
//! (64-bit masks split into and joined from 32-bit halves, `and`/`or`/
//! `xor`/`not`, shifts by 32, lane masks `zext(p) << laneid`, guarded
//! writes, a diamond) whose lane-bit reads `trunc.i1 (m >> laneid)` are
//! stored. The rewritten kernel, simplified as launches run it, must store
//! the same bits in every lane on the interpreter and the JIT.

mod common;

use common::Rng;
use xisa_cdna::gfx942::lift::ownbit;
use xisa_ir::simplify::{simplify_for, AtExit};
use xisa_ir::text::parse_kernel;
use xisa_ir::Kernel;
use xisa_runtime::{launch, GuestMemory, LaneProgram, LaunchConfig};

/// Lanes per workgroup (two waves of 64) and stored bits per lane.
const LANES: u32 = 128;
const READS: usize = 12;

/// A random program: 64-bit masks `%m0..%m3`, 32-bit halves `%h0..%h3`,
/// predicates `%p0..%p1` from the lane id and a seed.
fn program(rng: &mut Rng) -> String {
    let mut body = String::new();
    let m = |rng: &mut Rng| format!("%m{}", rng.below(4u32));
    let h = |rng: &mut Rng| format!("%h{}", rng.below(4u32));
    let p = |rng: &mut Rng| format!("%p{}", rng.below(2u32));
    // Seeds: masks made from the lane id, constants and ballot-like lane masks.
    for i in 0..4 {
        let c = rng.next_u64();
        body += &format!(
            "  %w = cvt.zext.i64.i32 %t\n  %w = mul.i64 %w, {c}\n  %m{i} = xor.i64 %w, {}\n",
            rng.next_u64()
        );
        body += &format!("  %h{i} = cvt.trunc.i32.i64 %m{i}\n");
    }
    for i in 0..2 {
        body += &format!("  %p{i} = icmp.ult.i32 %t, {}\n", rng.below(LANES + 1));
    }
    let mut reads = 0;
    let mut label = 0;
    while reads < READS {
        let guard = if rng.chance(1, 5) {
            format!("@{} ", p(rng))
        } else {
            String::new()
        };
        let line = match rng.below(12u32) {
            0 => format!("{} = and.i64 {}, {}", m(rng), m(rng), m(rng)),
            1 => format!("{} = or.i64 {}, {}", m(rng), m(rng), m(rng)),
            2 => format!("{} = xor.i64 {}, {}", m(rng), m(rng), m(rng)),
            3 => format!("{} = not.i64 {}", m(rng), m(rng)),
            // split
            4 => {
                let (d, s) = (rng.below(4u32), m(rng));
                format!(
                    "%h{d} = cvt.trunc.i32.i64 {s}\n  %w = lshr.i64 {s}, 32\n  %h{} = cvt.trunc.i32.i64 %w",
                    (d + 1) % 4
                )
            }
            // join
            5 => {
                let (lo, hi) = (h(rng), h(rng));
                format!(
                    "%w = cvt.zext.i64.i32 {lo}\n  %x = cvt.zext.i64.i32 {hi}\n  %x = shl.i64 %x, 32\n  {} = or.i64 %w, %x",
                    m(rng)
                )
            }
            6 => format!("{} = shl.i64 {}, 32", m(rng), m(rng)),
            7 => format!("{} = lshr.i64 {}, 32", m(rng), m(rng)),
            // a lane mask
            8 => format!(
                "%w = cvt.zext.i64.i1 {}\n  {} = shl.i64 %w, %lane",
                p(rng),
                m(rng)
            ),
            9 => format!("{} = xor.i32 {}, {}", h(rng), h(rng), rng.next_u32()),
            10 if rng.chance(1, 3) => {
                // A diamond: one side changes a mask.
                label += 1;
                let (a, b) = (m(rng), m(rng));
                format!(
                    "brc {}, l{label}a, l{label}b\nl{label}a:\n  {a} = and.i64 {a}, {b}\n  br l{label}c\nl{label}b:\n  br l{label}c\nl{label}c:",
                    p(rng)
                )
            }
            _ => {
                let s = m(rng);
                reads += 1;
                let r = reads - 1;
                format!(
                    "%x = lshr.i64 {s}, %lane\n  %q = cvt.trunc.i1.i64 %x\n  %v = cvt.zext.i32.i1 %q\n  %a = mad.i32 %t, {}, {}\n  %y = cvt.zext.i64.i32 %a\n  %y = add.i64 %o, %y\n  st.global.b32 [%y], %v",
                    READS * 4,
                    r * 4
                )
            }
        };
        // Guard only single-instruction lines.
        if line.contains('\n') {
            body += &format!("  {line}\n");
        } else {
            body += &format!("  {guard}{line}\n");
        }
    }
    format!(
        "kernel @k(%o: i64) wave 64 shared 0 local 0 params 8 {{
  reg %lane: i32, %t: i32, %m0: i64, %m1: i64, %m2: i64, %m3: i64, %h0: i32, %h1: i32, %h2: i32, %h3: i32, %p0: i1, %p1: i1, %w: i64, %x: i64, %y: i64, %q: i1, %v: i32, %a: i32
entry:
  %lane = special.laneid
  %t = special.tid.x
{body}  exit
}}
"
    )
}

/// The bits `k` stores, one workgroup of [`LANES`] lanes.
fn run(k: &Kernel, prog: &dyn LaneProgram) -> Vec<u8> {
    let mem = GuestMemory::new(1 << 24).expect("reserve");
    let len = (LANES as usize) * READS * 4;
    let out = mem.alloc(len as u64).expect("alloc");
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [LANES, 1, 1],
        params: out.to_le_bytes().to_vec(),
        threads: 1,
        ..Default::default()
    };
    launch(k, prog, &mem, &cfg).unwrap_or_else(|e| panic!("{e}"));
    mem.read_vec(out, len).expect("read")
}

#[test]
fn shadows_store_the_bits_the_masks_have() {
    let mut rng = Rng::new(0x0b17);
    let mut rewritten = 0;
    for case in 0..400 {
        let src = program(&mut rng);
        let k = parse_kernel(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        xisa_ir::verify::verify_kernel(&k).unwrap_or_else(|e| panic!("{e}\n{src}"));
        let want = run(&k, &xisa_interp::Interp::new(&k, false));
        let mut s = k.clone();
        let lane = s
            .regs
            .iter()
            .position(|r| r.name == "lane")
            .map(|i| xisa_ir::Reg(i as u32))
            .expect("lane");
        let done = ownbit::run(&mut s, lane);
        rewritten += done.reads;
        assert_eq!(
            done.reads, READS,
            "case {case}: every read has a shadow\n{src}"
        );
        xisa_ir::verify::verify_kernel(&s).unwrap_or_else(|e| panic!("{e}\n{src}"));
        simplify_for(&mut s, AtExit::Nothing);
        xisa_ir::verify::verify_kernel(&s).unwrap_or_else(|e| panic!("{e}\n{src}"));
        let text = xisa_ir::text::print_kernel(&s);
        let interp = run(&s, &xisa_interp::Interp::new(&s, false));
        assert_eq!(interp, want, "case {case}: interpreter\n{src}\n{text}");
        let jit = xisa_jit::compile(&s, &xisa_jit::JitOptions::default())
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(run(&s, &jit), want, "case {case}: JIT\n{src}\n{text}");
    }
    assert_eq!(rewritten, 400 * READS);
}
