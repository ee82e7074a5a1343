//! Regression tests: minimal reproductions of the bugs the corpus found (see
//! `tests/kernels/README.md`, "Bugs found"; all fixed). Each runs a
//! one-instruction kernel under both engines and compares with the value
//! `docs/ir.md` defines.

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

/// Runs `body` (which computes `%r` from `%x`) with `%x = x` and returns `%r`'s bits
/// under each engine.
fn eval(decls: &str, body: &str, x: u64) -> Vec<(Engine, u64)> {
    let src = format!(
        "kernel @k(%out: i64, %xin: i64) {{\n  reg {decls}, %xx: i64, %rr: i64\nentry:\n  %xx = mov.i64 %xin\n{body}\n  st.global.b64 [%out], %rr\n  exit\n}}\n"
    );
    let module = Module::from_bytes(src.as_bytes(), "known_bug.xir", None)
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
    [Engine::Interp, Engine::Jit]
        .into_iter()
        .map(|engine| {
            let dev = Device::new().unwrap();
            let out = dev.alloc(8).unwrap();
            let opts = LaunchOptions {
                engine,
                threads: 1,
                ..LaunchOptions::default()
            };
            dev.launch(&module, "k", &opts, &[ArgSpec::Ptr(out), ArgSpec::U64(x)])
                .unwrap_or_else(|e| panic!("{engine}: {e}"));
            let b = dev.read(out, 8).unwrap();
            (engine, u64::from_le_bytes(b.try_into().unwrap()))
        })
        .collect()
}

fn expect(what: &str, got: Vec<(Engine, u64)>, want: u64) {
    let bad: Vec<String> = got
        .iter()
        .filter(|(_, v)| *v != want)
        .map(|(e, v)| format!("{e}: {v:#x}"))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: want {want:#x}, got {}",
        bad.join(", ")
    );
}

/// docs/ir.md: "the amount b is an i32"; "a shift by the bit width or more gives
/// 0". `shl.i8 1, 0x10003` must be 0, but the amount is truncated to the type (3)
/// first (semantics::bin truncates `b` to the op type for shifts too).
#[test]
fn narrow_shift_amount_is_a_full_i32() {
    let body = "  %a = mov.i8 1\n  %n = cvt.trunc.i32.i64 %xx\n  %r = shl.i8 %a, %n\n  %rr = cvt.zext.i64.i8 %r\n  %r16 = mov.i16 0x8000\n  %r16 = lshr.i16 %r16, %n\n  %t = cvt.zext.i64.i16 %r16\n  %rr = or.i64 %rr, %t";
    let decls = "%a: i8, %n: i32, %r: i8, %r16: i16, %t: i64";
    expect(
        "shl.i8 1, 0x10003 | lshr.i16 0x8000, 0x10003",
        eval(decls, body, 0x10003),
        0,
    );
}

/// stof/utof to bf16 round the i64 through f64 first: `cvt.stof.rz.bf16.i64` of
/// 2^63 - 1 must be the largest bf16 below 2^63 (0x5eff), not 2^63 (0x5f00).
#[test]
fn int64_to_bf16_directed_rounding() {
    let body = "  %h = cvt.stof.rz.bf16.i64 %xx\n  %b = cvt.bitcast.i16.bf16 %h\n  %rr = cvt.zext.i64.i16 %b";
    expect(
        "cvt.stof.rz.bf16.i64 0x7fffffffffffffff",
        eval("%h: bf16, %b: i16", body, 0x7fff_ffff_ffff_ffff),
        0x5eff,
    );
    let body = "  %h = cvt.utof.rp.bf16.i64 %xx\n  %b = cvt.bitcast.i16.bf16 %h\n  %rr = cvt.zext.i64.i16 %b";
    expect(
        "cvt.utof.rp.bf16.i64 0x8000000000000001",
        eval("%h: bf16, %b: i16", body, 0x8000_0000_0000_0001),
        0x5f01,
    );
}

/// ftof f16 -> bf16 narrows the precision (11 -> 8 bits) but is treated as a
/// widening conversion and always rounds to nearest: `cvt.ftof.rz.bf16.f16` of
/// f16 0xf29e (-13552) must be 0xc653 (-13504), not 0xc654.
#[test]
fn f16_to_bf16_respects_rounding_mode() {
    let body = "  %s = cvt.trunc.i16.i64 %xx\n  %f = cvt.bitcast.f16.i16 %s\n  %h = cvt.ftof.rz.bf16.f16 %f\n  %b = cvt.bitcast.i16.bf16 %h\n  %rr = cvt.zext.i64.i16 %b";
    expect(
        "cvt.ftof.rz.bf16.f16 0xf29e",
        eval("%s: i16, %f: f16, %h: bf16, %b: i16", body, 0xf29e),
        0xc653,
    );
}

/// Narrowing to bf16 goes through `half::bf16::from_f64`, which drops the low 32
/// bits of the f64 significand before rounding, so a value just above a tie
/// rounds as a tie: `cvt.ftof.bf16.f32` of 449.00012 (0x43e08004) must be 450
/// (0x43e1), not 448 (0x43e0). The same rounding is used for bf16 arithmetic
/// and the bf16x2 atomics.
#[test]
fn f32_to_bf16_round_to_nearest() {
    let body = "  %s = cvt.trunc.i32.i64 %xx\n  %f = cvt.bitcast.f32.i32 %s\n  %h = cvt.ftof.bf16.f32 %f\n  %b = cvt.bitcast.i16.bf16 %h\n  %rr = cvt.zext.i64.i16 %b";
    expect(
        "cvt.ftof.bf16.f32 0x43e08004",
        eval("%s: i32, %f: f32, %h: bf16, %b: i16", body, 0x43e0_8004),
        0x43e1,
    );
    // from f64: 1 + 2^-8 + 2^-40 is just above the tie 1 + 2^-8 -> 1 + 2^-7
    let x = 1.0f64 + 2f64.powi(-8) + 2f64.powi(-40);
    let body = "  %d = cvt.bitcast.f64.i64 %xx\n  %h = cvt.ftof.bf16.f64 %d\n  %b = cvt.bitcast.i16.bf16 %h\n  %rr = cvt.zext.i64.i16 %b";
    expect(
        "cvt.ftof.bf16.f64 1+2^-8+2^-40",
        eval("%d: f64, %h: bf16, %b: i16", body, x.to_bits()),
        0x3f81,
    );
}

/// Narrowing f64 to f16 double-rounds (through f32 on hosts with F16C, or drops
/// the low 32 significand bits otherwise): `cvt.ftof.f16.f64` of 1 + 2^-11 +
/// 2^-40 (just above the tie between 1.0 and 1 + 2^-10) must be 0x3c01.
#[test]
fn f64_to_f16_round_to_nearest() {
    let x = 1.0f64 + 2f64.powi(-11) + 2f64.powi(-40);
    let body = "  %d = cvt.bitcast.f64.i64 %xx\n  %h = cvt.ftof.f16.f64 %d\n  %b = cvt.bitcast.i16.f16 %h\n  %rr = cvt.zext.i64.i16 %b";
    expect(
        "cvt.ftof.f16.f64 1+2^-11+2^-40",
        eval("%d: f64, %h: f16, %b: i16", body, x.to_bits()),
        0x3c01,
    );
}

/// Launches `k` with `opts`/`args` and turns a panic into an error message.
fn launch_catching(opts: LaunchOptions, args: Vec<ArgSpec>) -> Result<Result<(), String>, String> {
    launch_src_catching(
        "kernel @k(%p: i64, %l: i32) {\nentry:\n  exit\n}\n",
        opts,
        args,
    )
}

fn launch_src_catching(
    src: &'static str,
    opts: LaunchOptions,
    args: Vec<ArgSpec>,
) -> Result<Result<(), String>, String> {
    let module = Module::from_bytes(src.as_bytes(), "k.xir", None).unwrap();
    std::panic::catch_unwind(move || {
        let dev = Device::new().unwrap();
        dev.launch(&module, "k", &opts, &args)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })
    .map_err(|p| {
        p.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    })
}

/// A grid of 2^31 x 2^31 x 4 = 2^64 workgroups must be rejected: the workgroup
/// count is multiplied in u64 without overflow checks in
/// `runtime::launch::validate` (debug: panic; release: wraps to 0 and the
/// launch "succeeds" without running anything).
#[test]
fn grid_size_overflow_is_an_error() {
    for grid in [[1u32 << 31, 1 << 31, 4], [u32::MAX; 3]] {
        let opts = LaunchOptions {
            grid,
            ..LaunchOptions::default()
        };
        match launch_catching(opts, vec![ArgSpec::U64(0), ArgSpec::U32(0)]) {
            Ok(Err(e)) => assert!(e.contains("grid"), "{grid:?}: {e}"),
            Ok(Ok(())) => panic!("grid {grid:?}: the launch succeeded"),
            Err(p) => panic!("grid {grid:?}: panicked: {p}"),
        }
    }
}

/// Dynamic shared memory sizes near u32::MAX must be rejected: `bind_args`
/// rounds `shared` and `local:` sizes up to 16 in u32 (debug: panic; release:
/// wraps to a tiny window).
#[test]
fn shared_size_overflow_is_an_error() {
    let cases = [
        (u32::MAX, 0u32),
        (u32::MAX - 3, 0),
        (0, u32::MAX),
        (1 << 31, 1 << 31),
    ];
    for (shared, local) in cases {
        let opts = LaunchOptions {
            shared,
            ..LaunchOptions::default()
        };
        match launch_catching(opts, vec![ArgSpec::U64(0), ArgSpec::Local(local)]) {
            Ok(Err(e)) => assert!(e.contains("shared"), "{shared}/{local}: {e}"),
            Ok(Ok(())) => panic!("shared {shared}, local {local}: the launch succeeded"),
            Err(p) => panic!("shared {shared}, local {local}: panicked: {p}"),
        }
    }
    // The kernel's own static size, too (`shared 4294967295` in the text).
    let src = "kernel @k(%p: i64, %l: i32) shared 4294967295 {\nentry:\n  exit\n}\n";
    let args = vec![ArgSpec::U64(0), ArgSpec::Local(16)];
    match launch_src_catching(src, LaunchOptions::default(), args) {
        Ok(Err(e)) => assert!(e.contains("shared"), "static: {e}"),
        Ok(Ok(())) => panic!("static shared 4294967295: the launch succeeded"),
        Err(p) => panic!("static shared 4294967295: panicked: {p}"),
    }
}

/// A block whose lane count overflows u64 must be rejected (same unchecked
/// product in `runtime::launch::validate`).
#[test]
fn block_size_overflow_is_an_error() {
    let opts = LaunchOptions {
        block: [u32::MAX; 3],
        ..LaunchOptions::default()
    };
    match launch_catching(opts, vec![ArgSpec::U64(0), ArgSpec::U32(0)]) {
        Ok(Err(e)) => assert!(e.contains("block"), "{e}"),
        Ok(Ok(())) => panic!("the launch succeeded"),
        Err(p) => panic!("panicked: {p}"),
    }
}

/// A shuffle reads its source register in every lane of the wave, also in a
/// lane that exited (the interpreter's register file keeps its last value).
/// The JIT stores at a stop only the registers a later run may read; it must
/// count shuffle sources as live at `exit`, else the exited lanes' `%v` was
/// never stored and the even lanes read 0 (found by the engine fuzzer, seeds
/// 0x6f, 0x71, 0x9f, 0xac, 0xae).
#[test]
fn shuffle_reads_the_source_of_an_exited_lane() {
    let src = "kernel @k(%out: i64) wave 32 {
  reg %tid: i32, %v: i32, %odd: i1, %src: i32, %r: i32, %ok: i1, %a: i64
entry:
  %tid = special.tid.x
  %v = mul.i32 %tid, 3
  %src = and.i32 %tid, 1
  %odd = icmp.ne.i32 %src, 0
  brc %odd, done, even
even:
  %src = add.i32 %tid, 1
  %r, %ok = shfl.i32 %v, %src
  %a = mulwide.u32 %tid, 4
  %a = add.i64 %a, %out
  st.global.b32 [%a], %r
  br done
done:
  exit
}
";
    let module = Module::from_bytes(src.as_bytes(), "shfl_exited.xir", None)
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
    for engine in [Engine::Interp, Engine::Jit] {
        let dev = Device::new().unwrap();
        let out = dev.alloc(32 * 4).unwrap();
        let opts = LaunchOptions {
            engine,
            threads: 1,
            block: [32, 1, 1],
            ..LaunchOptions::default()
        };
        dev.launch(&module, "k", &opts, &[ArgSpec::Ptr(out)])
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let b = dev.read(out, 32 * 4).unwrap();
        for lane in (0..32).step_by(2) {
            let got = u32::from_le_bytes(b[lane * 4..lane * 4 + 4].try_into().unwrap());
            assert_eq!(got, (lane as u32 + 1) * 3, "{engine}: lane {lane}");
        }
    }
}

/// Lanes `0..=%n` store 7 at word `tid` of `%p` (`%other` is not read).
const OVR: &str = "kernel @ovr(%p: i64, %n: i32, %other: i64) wave 32 shared 0 local 0 params 0 {
  reg %tid: i32, %a: i64, %q: i1
entry:
  %tid = special.tid.x
  %q = icmp.ule.i32 %tid, %n
  brc %q, body, done
body:
  %a = mulwide.u32 %tid, 4
  %a = add.i64 %a, %p
  st.global.b32 [%a], 7
  exit
done:
  exit
}
";

/// Writes past the end of a buffer argument land in the padding guest
/// memory leaves after every allocation, where nothing faults (as on a
/// GPU): the launch reports them for the buffers it uploaded
/// (`RunReport::overruns`; `xisa run` warns) and clears the padding. Before,
/// they went unnoticed.
#[test]
fn overruns_past_a_buffer_are_reported() {
    let m = Module::from_bytes(OVR.as_bytes(), "ovr.xir", None).unwrap();
    let dev = Device::new().unwrap();
    let opts = LaunchOptions {
        block: [32, 1, 1],
        ..LaunchOptions::default()
    };
    for e in [Engine::Jit, Engine::Interp] {
        let opts = LaunchOptions {
            engine: e,
            ..opts.clone()
        };
        // 16 words; lanes 0..=17 store: two words past the end.
        let args = [ArgSpec::Zeros(64), ArgSpec::I32(17), ArgSpec::Zeros(16)];
        let rep = dev.launch(&m, "ovr", &opts, &args).unwrap();
        let b = rep.buffers[0].unwrap();
        assert_eq!(rep.overruns.len(), 1, "{e}");
        let o = rep.overruns[0];
        assert_eq!(
            (o.arg, o.addr, o.past_end, o.bytes),
            (0, b.addr + 64, 0, 2),
            "{e}"
        );
        // Within bounds: nothing reported.
        let args = [ArgSpec::Zeros(64), ArgSpec::I32(15), ArgSpec::Zeros(16)];
        let rep = dev.launch(&m, "ovr", &opts, &args).unwrap();
        assert!(rep.overruns.is_empty(), "{e}: {:?}", rep.overruns);
    }
}

/// The newest allocation has padding after it too: a small overrun of the
/// last buffer is reported like any other instead of faulting (it faulted,
/// so Numba's `test_dispatcher_cpointer_arguments`, whose kernel reads and
/// writes six elements past three 40-byte arrays, failed on xisa and not on
/// a GPU, and its sticky error failed every later test of the process).
/// Past the padding still faults; freeing clears the padding.
#[test]
fn the_newest_allocation_has_padding_too() {
    let m = Module::from_bytes(OVR.as_bytes(), "ovr.xir", None).unwrap();
    for e in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().unwrap();
        let opts = LaunchOptions {
            engine: e,
            block: [160, 1, 1],
            ..LaunchOptions::default()
        };
        // 40 bytes: lanes 0..=15 store, six words past the end.
        let rep = dev
            .launch(
                &m,
                "ovr",
                &opts,
                &[ArgSpec::Zeros(40), ArgSpec::I32(15), ArgSpec::U64(0)],
            )
            .unwrap_or_else(|err| panic!("{e}: {err}"));
        let b = rep.buffers[0].unwrap();
        assert_eq!(rep.overruns.len(), 1, "{e}");
        // Six words of 7: six nonzero bytes.
        assert_eq!(
            (rep.overruns[0].addr, rep.overruns[0].bytes),
            (b.addr + 40, 6),
            "{e}"
        );
        // A pointer the launch did not upload: the stores land, unreported.
        let p = dev.alloc(40).unwrap();
        dev.launch(
            &m,
            "ovr",
            &opts,
            &[ArgSpec::Ptr(p), ArgSpec::I32(15), ArgSpec::U64(0)],
        )
        .unwrap_or_else(|err| panic!("{e}: {err}"));
        // 160 words from a 40-byte buffer reach past its padding (to the
        // next 256-byte boundary, then 256 bytes).
        let err = dev
            .launch(
                &m,
                "ovr",
                &opts,
                &[ArgSpec::Ptr(p), ArgSpec::I32(159), ArgSpec::U64(0)],
            )
            .expect_err("stores past the padding fault");
        assert!(
            err.to_string().contains("out-of-bounds global access"),
            "{e}: {err}"
        );
        dev.free(p).unwrap();
        let q = dev.alloc(512).unwrap();
        assert_eq!(q, p, "{e}: the freed range is reused");
        assert!(
            dev.read(q, 512).unwrap().iter().all(|&x| x == 0),
            "{e}: padding cleared"
        );
    }
}
