//! `--arg surf:...`: surfaces from files or zero, their 32-byte descriptor as the
//! kernel's handle, `--dump` of their data, and one-line errors for bad specs.
//! The kernels are xisa IR so these tests do not depend on an ISA frontend.

mod common;

use common::{failed, success, xisa_with, Scratch};

/// 3D: every element (x bytes = 4*tid.x, y = tid.y, z = tid.z) becomes 2v+1
/// (trapping on any out-of-range access).
/// 2D: every lane adds %n at its (x, y) with clamping, so lanes right of the
/// surface pile onto the last column.
/// 1D: lanes read with `ign` (0 out of range) and write what they read + 100
/// into a buffer.
const SURF: &str = "kernel @s3(%s: i64) {
  reg %x: i32, %y: i32, %z: i32, %xb: i32, %v: i32
entry:
  %x = special.tid.x
  %y = special.tid.y
  %z = special.tid.z
  %xb = shl.i32 %x, 2
  %v = ld.surface.b32 [%s, 3d, trap, %xb, %y, %z]
  %v = mul.i32 %v, 2
  %v = add.i32 %v, 1
  st.surface.b32 [%s, 3d, trap, %xb, %y, %z], %v
  exit
}

kernel @s2(%s: i64, %n: i32) {
  reg %x: i32, %y: i32, %xb: i32, %v: i32
entry:
  %x = special.tid.x
  %y = special.tid.y
  %xb = shl.i32 %x, 2
  %v = atom.surface.add.b32.device.relaxed [%s, 2d, clamp, %xb, %y, 0], %n
  exit
}

kernel @s1(%s: i64, %out: i64) {
  reg %x: i32, %xb: i32, %v: i32, %a: i64
entry:
  %x = special.tid.x
  %xb = shl.i32 %x, 2
  %v = ld.surface.b32 [%s, 1d, ign, %xb, 0, 0]
  %v = add.i32 %v, 100
  %a = mulwide.u32 %x, 4
  %a = add.i64 %a, %out
  st.global.b32 [%a], %v
  exit
}
";

/// A scratch directory holding `s.xir` (the kernels of [`SURF`]).
fn scratch(name: &str) -> Scratch {
    let s = Scratch::new("surf", name);
    s.write("s.xir", SURF);
    s
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn bytes(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|v| v.to_le_bytes()).collect()
}

#[test]
fn surface_3d_from_file_and_dump() {
    let s = scratch("3d");
    let input: Vec<u32> = (0..24).map(|i| i * 7 + 3).collect();
    let file = s.write("in.bin", bytes(&input));
    for engine in ["jit", "interp"] {
        let dump = s.path(&format!("out-{engine}.bin"));
        let out = xisa_with(
            "run {} --kernel s3 --block 4,3,2 --engine {} --arg surf:3d:16x3x2:{} --dump 0={}",
            &[&s.path("s.xir"), &engine, &file, &dump],
        );
        success(&out, engine);
        let got = words(&std::fs::read(&dump).unwrap());
        let want: Vec<u32> = input.iter().map(|v| 2 * v + 1).collect();
        assert_eq!(got, want, "{engine}");
    }
}

#[test]
fn surface_2d_zero_with_clamp() {
    let s = scratch("2d");
    for engine in ["jit", "interp"] {
        let dump = s.path("o.bin");
        // 2 elements per row, 2 rows; 4 x 3 lanes: columns 1..3 clamp to column
        // 1, row 2 clamps to row 1.
        let out = xisa_with(
            "run {} --kernel s2 --block 4,3 --engine {} --arg surf:2d:8x2:zero --arg u32:5 \
             --dump 0={}",
            &[&s.path("s.xir"), &engine, &dump],
        );
        success(&out, engine);
        let got = words(&std::fs::read(&dump).unwrap());
        // Row 0: one lane at column 0, three at column 1; row 1: two rows of lanes.
        assert_eq!(got, vec![5, 15, 10, 30], "{engine}");
    }
}

#[test]
fn surface_1d_ignores_out_of_range() {
    let s = scratch("1d");
    let file = s.write("in.bin", bytes(&[11, 22, 33]));
    for engine in ["jit", "interp"] {
        let dump = s.path("o.bin");
        let out = xisa_with(
            "run {} --kernel s1 --block 5 --engine {} --arg surf:1d:12:{} --arg zeros:20 \
             --dump 1={}",
            &[&s.path("s.xir"), &engine, &file, &dump],
        );
        success(&out, engine);
        let got = words(&std::fs::read(&dump).unwrap());
        assert_eq!(got, vec![111, 122, 133, 100, 100], "{engine}");
    }
}

#[test]
fn bad_surface_specs_are_one_line_errors() {
    let s = scratch("bad");
    let file = s.write("in.bin", [0u8; 24]).display().to_string();
    let missing = s.path("missing.bin").display().to_string();
    let cases: Vec<(String, &str)> = vec![
        ("surf:4d:16:zero".into(), "unknown surface dimension \"4d\""),
        ("surf:2d:16:zero".into(), "a 2d surface takes WxH"),
        ("surf:1d:16x2:zero".into(), "a 1d surface takes W"),
        ("surf:3d:16x2:zero".into(), "a 3d surface takes WxHxD"),
        (
            "surf:2d:16x0:zero".into(),
            "every dimension must be at least 1",
        ),
        (
            "surf:2d:ax2:zero".into(),
            "surface size \"a\" is not a number",
        ),
        ("surf:2d:16x2".into(), "expected surf:1d:W:SRC"),
        ("surf:2d:16x2:".into(), "expected surf:1d:W:SRC"),
        (
            "surf:2d:70000x70000:zero".into(),
            "does not fit the descriptor",
        ),
        (
            format!("surf:2d:16x2:{file}"),
            "has 24 bytes, the surface 32",
        ),
        (format!("surf:2d:16x2:{missing}"), "missing.bin"),
    ];
    for (spec, want) in cases {
        let out = xisa_with("run {} --kernel s3 --arg {}", &[&s.path("s.xir"), &spec]);
        let line = failed(&out, &spec);
        assert!(line.contains(want), "{spec}: {line:?} lacks {want:?}");
    }
    // A surface where the kernel wants a 32-bit value names the parameter.
    let out = xisa_with(
        "run {} --kernel s2 --arg surf:2d:8x2:zero --arg surf:1d:4:zero",
        &[&s.path("s.xir")],
    );
    let line = failed(&out, "surface for i32");
    assert!(
        line.contains("argument 1 (%n: i32) cannot take surf:1d:4"),
        "{line}"
    );
}

/// Machine code types its parameters by size only, so a float argument binds to
/// an integer parameter of its width as its bits (the sm75 corpus's `fp_misc`
/// takes its `.f32` parameter that way); other widths still fail.
#[test]
fn float_binds_to_an_integer_parameter_of_its_width() {
    let s = scratch("float");
    let src = "kernel @bits(%p: i64, %a: i32, %b: i64) {
  reg %q: i64
entry:
  st.global.b32 [%p], %a
  %q = add.i64 %p, 8
  st.global.b64 [%q], %b
  exit
}
";
    let bits = s.write("bits.xir", src);
    let dump = s.path("o.bin");
    let out = xisa_with(
        "run {} --arg zeros:16 --arg f32:0.75 --arg f64:-2.5 --dump 0={}",
        &[&bits, &dump],
    );
    success(&out, "floats as bits");
    let got = std::fs::read(&dump).unwrap();
    assert_eq!(got[..4], 0.75f32.to_bits().to_le_bytes());
    assert_eq!(got[8..], (-2.5f64).to_bits().to_le_bytes());
    let out = xisa_with("run {} --arg zeros:16 --arg f64:0.75 --arg f64:1", &[&bits]);
    let line = failed(&out, "f64 into i32");
    assert!(
        line.contains("argument 1 (%a: i32) cannot take f64:0.75"),
        "{line}"
    );
}
