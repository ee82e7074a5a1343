//! The `exec` library entry point and the code cache: one device running the
//! same fragment with different wave shapes must give the results a fresh
//! device gives; concurrent launches on one device are exact.

use xisa::exec::{exec, State};
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const FRAG: &str = "kernel @frag() {
  reg %v: i32, %p: i1, %b: i64, %ws: i32, %lane: i32, %u: i32, %t: i32
entry:
  %lane = special.laneid
  %ws = special.wavesize
  %t = and.i32 %v, 1
  %p = icmp.eq.i32 %t, 1
  %b = vote.ballot.i64 %p
  %t = add.i32 %lane, 32
  %u = shfl.i32 %v, %t
  exit
}
";

fn state(lanes: u32) -> State {
    let v: Vec<u32> = (0..lanes).map(|l| l * 5 + 1).collect();
    serde_json::from_value(serde_json::json!({
        "isa": "ir", "lanes": lanes, "regs": { "v": v }
    }))
    .unwrap()
}

fn run(dev: &Device, m: &Module, lanes: u32, engine: Engine) -> serde_json::Value {
    let f = exec(dev, m, &state(lanes), engine, None).unwrap();
    let mut v = serde_json::to_value(&f).unwrap();
    v.as_object_mut().unwrap().remove("insts");
    v
}

/// `exec` widens the kernel's wave to 64 when the state asks for more lanes;
/// the code cache key does not include the wave size, so a device that first
/// ran the fragment with 32 lanes must not reuse wave-32 code for 64 lanes.
#[test]
fn exec_wave_size_change_on_one_device() {
    let m = Module::from_bytes(FRAG.as_bytes(), "frag.xir", None).unwrap();
    for engine in [Engine::Interp, Engine::Jit] {
        let fresh64 = run(&Device::new().unwrap(), &m, 64, engine);
        let fresh32 = run(&Device::new().unwrap(), &m, 32, engine);
        let dev = Device::new().unwrap();
        let a = run(&dev, &m, 32, engine);
        let b = run(&dev, &m, 64, engine);
        let c = run(&dev, &m, 32, engine);
        assert_eq!(a, fresh32, "{engine}: 32 lanes");
        assert_eq!(b, fresh64, "{engine}: 64 lanes after 32 on the same device");
        assert_eq!(c, fresh32, "{engine}: 32 lanes after 64 on the same device");
        let ws = &fresh64["wave_states"][0]["regs"]["ws"][0];
        assert_eq!(ws, "0x00000040", "{engine}: wavesize with 64 lanes");
    }
}

/// Launches of one kernel from several threads on one device: every launch
/// runs exactly (the counter totals), and each launch is a compilation or a hit.
#[test]
fn concurrent_launches_share_one_device() {
    let m = Module::from_bytes(
        b"kernel @inc(%p: i64) {\nentry:\n  atom.global.add.b32.device.relaxed [%p], 1\n  exit\n}\n",
        "inc.xir",
        None,
    )
    .unwrap();
    for engine in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().unwrap();
        let p = dev.alloc(4).unwrap();
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    let o = LaunchOptions {
                        grid: [50, 1, 1],
                        block: [128, 1, 1],
                        engine,
                        threads: 2,
                        ..LaunchOptions::default()
                    };
                    dev.launch(&m, "inc", &o, &[ArgSpec::Ptr(p)]).unwrap();
                });
            }
        });
        let total = u32::from_le_bytes(dev.read(p, 4).unwrap().try_into().unwrap());
        assert_eq!(total, 4 * 50 * 128, "{engine}: total");
        assert_eq!(dev.compiles() + dev.cache_hits(), 4, "{engine}: lookups");
        assert!(dev.compiles() >= 1, "{engine}");
    }
}

/// A state-file value that does not fit its register is refused (it was
/// truncated: 2^32 in an i32 came back as 0); negative numbers in two's
/// complement fit.
#[test]
fn register_values_must_fit() {
    let m = Module::from_bytes(FRAG.as_bytes(), "frag.xir", None).unwrap();
    let dev = Device::new().unwrap();
    let st = |v: serde_json::Value| -> State {
        serde_json::from_value(serde_json::json!({"isa": "ir", "lanes": 1, "regs": {"v": v}}))
            .unwrap()
    };
    for bad in [
        serde_json::json!(4294967296u64),
        serde_json::json!("0x100000010"),
    ] {
        let e = exec(&dev, &m, &st(bad.clone()), Engine::Interp, None).unwrap_err();
        assert!(
            e.to_string().contains("does not fit a 32-bit register"),
            "{bad}: {e}"
        );
    }
    for good in [
        serde_json::json!(4294967295u64),
        serde_json::json!(-1),
        serde_json::json!("0xffffffff"),
    ] {
        exec(&dev, &m, &st(good.clone()), Engine::Interp, None)
            .unwrap_or_else(|e| panic!("{good}: {e}"));
    }
}

/// An `exec` mask with a bit for a lane the state does not have is refused,
/// naming the mask and the lane count (it was silently dropped); a mask of
/// exactly the lanes runs.
#[test]
fn exec_masks_must_fit_the_lanes() {
    let m = Module::from_bytes(FRAG.as_bytes(), "frag.xir", None).unwrap();
    let dev = Device::new().unwrap();
    let st = |exec: &str| -> State {
        serde_json::from_value(serde_json::json!({"isa": "ir", "lanes": 4, "exec": exec})).unwrap()
    };
    let e = exec(&dev, &m, &st("0xff"), Engine::Interp, None).unwrap_err();
    assert!(
        e.to_string()
            .contains("exec 0xff has bits above lane 3 (4 lanes)"),
        "{e}"
    );
    exec(&dev, &m, &st("0xf"), Engine::Interp, None).expect("four lanes");
}

/// gfx942 fragments (`xisa exec --isa gfx942`, `xisa lift --isa gfx942`):
/// assembly text or its instruction words, one kernel `fragment` whose entry
/// sets only EXEC, so the state's registers are what the code reads (before,
/// only code objects loaded). Lifter temporaries are not reported; a read of
/// the whole EXEC sees the state's lanes.
#[test]
fn gfx942_fragments_run_from_text_and_words() {
    let text = "v_add_u32 v1, v2, v3\nv_mul_lo_u32 v4, v1, s0\ns_mov_b64 s[6:7], exec\ns_endpgm\n";
    let isa = xisa::Isa::named("gfx942");
    let words = Module::from_bytes(text.as_bytes(), "frag.s", isa).expect("text");
    let bin = isa.unwrap().frontend().assemble(text).expect("assemble");
    let raw = Module::from_bytes(&bin, "frag.bin", isa).expect("words");
    let st: State = serde_json::from_value(serde_json::json!({
        "isa": "gfx942", "lanes": 4, "exec": "0xd",
        "regs": {"v2": [1, 2, 3, 4], "v3": [10, 20, 30, 40], "s0": 3}
    }))
    .unwrap();
    let dev = Device::new().unwrap();
    for m in [&words, &raw] {
        for e in [Engine::Jit, Engine::Interp] {
            let f = exec(&dev, m, &st, e, None).unwrap_or_else(|err| panic!("{e}: {err}"));
            let r = &f.wave_states[0].regs;
            assert!(
                r.keys().all(|k| !k.starts_with("t.")),
                "{e}: {:?}",
                r.keys()
            );
            let hex = |v: u32| format!("{v:#010x}");
            // Lane 1 is off (exec 0xd): its registers keep the state's values.
            assert_eq!(r["v1"], [hex(11), hex(0), hex(33), hex(44)], "{e}");
            assert_eq!(r["v4"], [hex(33), hex(0), hex(99), hex(132)], "{e}");
            assert_eq!(r["s6"][0], hex(0xd), "{e}");
        }
    }
}

/// Regression (found by tests/clfuzz, seed 519): nvdisasm prints no
/// trailing PT for `ISETP.EX`'s low-words result (ptxas emits
/// `ISETP.NE.AND.EX P1, PT, R47, RZ, PT`); the lifter refused the form as
/// lacking the operand. The field holds PT: NE.EX is `hi != || low`, so P1
/// is true in every lane, where the same compare with P0 as the low result
/// follows R47.
#[test]
fn sm75_isetp_ex_with_an_unprinted_pt_low_result() {
    let text = "ISETP.NE.AND.EX P1, PT, R47, RZ, PT ;\nSEL R2, RZ, 0x1, P1 ;\n\
                ISETP.NE.AND.EX P2, PT, R47, RZ, PT, P0 ;\nSEL R3, RZ, 0x1, P2 ;\nEXIT ;\n";
    let isa = xisa::Isa::named("sm75");
    let m = Module::from_bytes(text.as_bytes(), "isetp.sass", isa).expect("text");
    let st: State = serde_json::from_value(serde_json::json!({
        "isa": "sm75", "lanes": 3, "regs": {"r47": [0, 5, 0], "p0": [0, 0, 1]}
    }))
    .unwrap();
    let dev = Device::new().unwrap();
    for e in [Engine::Jit, Engine::Interp] {
        let f = exec(&dev, &m, &st, e, None).unwrap_or_else(|err| panic!("{e}: {err}"));
        let r = &f.wave_states[0].regs;
        let hex = |v: u32| format!("{v:#010x}");
        assert_eq!(r["r2"], [hex(0), hex(0), hex(0)], "{e}");
        assert_eq!(r["r3"], [hex(1), hex(0), hex(0)], "{e}");
    }
}

/// Regression (found by tests/clfuzz's `vector` feature, seed 1019): ptxas
/// sets a uniform loop flag with `UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x80,
/// 0x0`, whose LUT sits in two bit ranges ([64,67) and [72,77)) that the
/// whole-ISA table describes as text; the lifter refused the printed `0x80`
/// as an operand kind it does not lift. Each result below is the LUT's bit
/// at index `a·4 + b·2 + c`, read back through PLOP3 and SEL.
#[test]
fn sm75_uplop3_luts_printed_as_text() {
    let text = "UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x80, 0x0 ;\n\
                UPLOP3.LUT UP1, UPT, UPT, UPT, UPT, 0x40, 0x0 ;\n\
                UPLOP3.LUT UP2, UPT, UP0, UP1, !UPT, 0xf0, 0x0 ;\n\
                UPLOP3.LUT UP3, UPT, UP0, UP1, !UPT, 0xfe, 0x0 ;\n\
                PLOP3.LUT P0, PT, PT, PT, UP0, 0x80, 0x0 ;\n\
                PLOP3.LUT P1, PT, PT, PT, UP1, 0x80, 0x0 ;\n\
                PLOP3.LUT P2, PT, PT, PT, UP2, 0x80, 0x0 ;\n\
                PLOP3.LUT P3, PT, PT, PT, UP3, 0x80, 0x0 ;\n\
                SEL R2, RZ, 0x1, P0 ;\nSEL R3, RZ, 0x1, P1 ;\n\
                SEL R4, RZ, 0x1, P2 ;\nSEL R5, RZ, 0x1, P3 ;\nEXIT ;\n";
    let isa = xisa::Isa::named("sm75");
    let m = Module::from_bytes(text.as_bytes(), "uplop3.sass", isa).expect("text");
    let st: State = serde_json::from_value(serde_json::json!({
        "isa": "sm75", "lanes": 2, "regs": {}
    }))
    .unwrap();
    let dev = Device::new().unwrap();
    for e in [Engine::Jit, Engine::Interp] {
        let f = exec(&dev, &m, &st, e, None).unwrap_or_else(|err| panic!("{e}: {err}"));
        let r = &f.wave_states[0].regs;
        let hex = |v: u32| format!("{v:#010x}");
        // SEL gives 0 where the predicate is true.
        assert_eq!(r["r2"], [hex(0), hex(0)], "{e}: UP0 = 0x80 at 7");
        assert_eq!(r["r3"], [hex(1), hex(1)], "{e}: UP1 = 0x40 at 7");
        // a, b, c = UP0 (true), UP1 (false), !UPT (false): 0xf0 is a.
        assert_eq!(r["r4"], [hex(0), hex(0)], "{e}: UP2 = a");
        // 0xfe is a | b | c but for bit 0 (all false): index 4 here.
        assert_eq!(r["r5"], [hex(0), hex(0)], "{e}: UP3 = a | b | c");
    }
}

/// Regression (found by tests/clfuzz, `--features all` seeds 2120 and 2138:
/// refused, not wrong): ptxas compiles a 64-bit `a * b - c` to `IMAD.HI` /
/// `IMAD.WIDE` with a negated C, the 64-bit pair `Rc+1:Rc` subtracted whole
/// (seed 2120's PTX: `mul.wide.s32 p, a, 2^21; sub.s64 d, p, sext(c); shr.s64
/// d, d, 56` became `IMAD.HI R13, R13, 0x200000, -R28` with R29 = c's sign).
/// The lanes' values make the low words borrow and the signed products
/// negative.
#[test]
fn sm75_imad_wide_and_hi_subtract_a_negated_c_pair() {
    let text = "IMAD.HI R2, R10, 0x200000, -R28 ;\n\
                IMAD.WIDE.U32 R4, R11, R11, -R6 ;\n\
                IMAD.HI.U32 R8, R10, R11, -R6 ;\n\
                IMAD.WIDE R14, R10, R11, -R28 ;\n\
                IMAD.WIDE.U32 R16, R10, 0x7, -R6 ;\nEXIT ;\n";
    let isa = xisa::Isa::named("sm75");
    let m = Module::from_bytes(text.as_bytes(), "imad_neg.sass", isa).expect("text");
    let r10: [u32; 4] = [0x7f, 0xffff_ff85, 0x8000_0000, 0x1234_5678];
    let r11: [u32; 4] = [3, 0x7fff_ffff, 0xffff_fffe, 0x9abc_def0];
    let r6: [u32; 4] = [0xffff_fff0, 0, 1, 0xdead_beef];
    let r7: [u32; 4] = [0, 5, 0xffff_ffff, 0x0123_4567];
    let r28: [u32; 4] = [0xffff_ffa6, 0x15, 0, 0x8765_4321];
    let r29: [u32; 4] = [0xffff_ffff, 0, 0x8000_0000, 0x1111_1111];
    let st: State = serde_json::from_value(serde_json::json!({
        "isa": "sm75", "lanes": 4, "regs": {
            "r10": r10, "r11": r11, "r6": r6, "r7": r7, "r28": r28, "r29": r29
        }
    }))
    .unwrap();
    let pair = |lo: u32, hi: u32| (u64::from(hi) << 32) | u64::from(lo);
    let hex = |v: u32| format!("{v:#010x}");
    let mut want: [[String; 4]; 8] = Default::default();
    for i in 0..4 {
        let c28 = pair(r28[i], r29[i]);
        let c6 = pair(r6[i], r7[i]);
        let s = |v: u32| i64::from(v as i32) as u64;
        let u = u64::from;
        let hi = |v: u64| (v >> 32) as u32;
        let lo = |v: u64| v as u32;
        let v = [
            hi(s(r10[i]).wrapping_mul(0x20_0000).wrapping_sub(c28)),
            lo((u(r11[i]) * u(r11[i])).wrapping_sub(c6)),
            hi((u(r11[i]) * u(r11[i])).wrapping_sub(c6)),
            hi((u(r10[i]) * u(r11[i])).wrapping_sub(c6)),
            lo(s(r10[i]).wrapping_mul(s(r11[i])).wrapping_sub(c28)),
            hi(s(r10[i]).wrapping_mul(s(r11[i])).wrapping_sub(c28)),
            lo((u(r10[i]) * 7).wrapping_sub(c6)),
            hi((u(r10[i]) * 7).wrapping_sub(c6)),
        ];
        for (w, v) in want.iter_mut().zip(v) {
            w[i] = hex(v);
        }
    }
    let dev = Device::new().unwrap();
    for e in [Engine::Jit, Engine::Interp] {
        let f = exec(&dev, &m, &st, e, None).unwrap_or_else(|err| panic!("{e}: {err}"));
        let r = &f.wave_states[0].regs;
        for (reg, w) in ["r2", "r4", "r5", "r8", "r14", "r15", "r16", "r17"]
            .iter()
            .zip(&want)
        {
            assert_eq!(r[*reg], *w, "{e}: {reg}");
        }
    }
}
