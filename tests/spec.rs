//! Harness directives of the IR kernel corpus (`tests/kernels/*.xir`) and the
//! seeded input generator. Pure std: no dependency on the engines, so a kernel's
//! header can be checked (and its inputs generated) without building them.
//!
//! The directive set is documented in `tests/kernels/README.md`.

use std::fmt;

pub use xisa_testkit::Rng;

/// How a buffer argument is filled.
#[derive(Debug, Clone, PartialEq)]
pub enum Fill {
    /// Random bytes.
    Rand,
    /// Little-endian elements of `bytes` bytes (1, 2, 4, 8), each random below `m`.
    IntMod { bytes: usize, m: u64 },
    /// `f32` values uniform in `[lo, hi)`; `int`: rounded to integers.
    F32 { lo: f64, hi: f64, int: bool },
    /// `f64` values uniform in `[lo, hi)`; `int`: rounded to integers.
    F64 { lo: f64, hi: f64, int: bool },
    /// `u32` element `i` holds `i`.
    Iota32,
    /// Every `u32` element holds `v`.
    Const32(u32),
    /// Elements of `bytes` bytes: half random, half edge values (0, 1, -1, MIN,
    /// MAX, small magnitudes, powers of two).
    EdgeInt { bytes: usize },
    /// `f32` (`bytes` 4) or `f64` (8) elements: half random finite values of
    /// varied magnitude, half specials (±0, ±inf, NaNs, subnormals, ±1, ties).
    EdgeFloat { bytes: usize },
}

/// A scalar argument's value.
#[derive(Debug, Clone, PartialEq)]
pub enum ScalarGen {
    /// This exact value (raw bits of the type).
    Fixed(u64),
    /// Random bits of the type.
    Rand,
    /// Uniform integer in `[lo, hi]` (as i128 so signed ranges work).
    IntRange(i128, i128),
    /// Uniform float in `[lo, hi)`.
    FloatRange(f64, f64),
}

/// Scalar argument types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScalarTy {
    U32,
    I32,
    U64,
    I64,
    F32,
    F64,
}

impl ScalarTy {
    fn from_name(s: &str) -> Option<ScalarTy> {
        Some(match s {
            "u32" => ScalarTy::U32,
            "i32" => ScalarTy::I32,
            "u64" => ScalarTy::U64,
            "i64" => ScalarTy::I64,
            "f32" => ScalarTy::F32,
            "f64" => ScalarTy::F64,
            _ => return None,
        })
    }

    fn bits(self) -> u32 {
        match self {
            ScalarTy::U32 | ScalarTy::I32 | ScalarTy::F32 => 32,
            _ => 64,
        }
    }
}

/// One `@arg` directive.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgDir {
    /// A buffer of `len` bytes filled by `fill`.
    Buf { len: usize, fill: Fill },
    /// A zero-filled buffer.
    Zeros(usize),
    /// A scalar.
    Scalar(ScalarTy, ScalarGen),
    /// A null pointer (`u64` 0).
    Null,
    /// An OpenCL `__local` pointer: bytes of dynamic shared memory.
    Local(u32),
}

/// What a launch must do.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    /// Both engines succeed.
    Ok,
    /// Both engines fail, with the same error text containing every substring.
    Error(Vec<String>),
}

/// What the two engines must agree on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agree {
    /// Every byte of every buffer argument, and the error text.
    Bytes,
    /// Only the outcome (ok / same error text).
    Status,
}

/// A kernel file's header.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// Kernel to launch (default: the module's only kernel).
    pub kernel: Option<String>,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic shared bytes (besides `local` arguments).
    pub shared: u32,
    pub args: Vec<ArgDir>,
    pub expect: Expect,
    pub agree: Agree,
    /// Random cases (None: the harness default).
    pub cases: Option<u32>,
    /// Independent reference checks, by name.
    pub checks: Vec<String>,
    /// Watchdog seconds per launch.
    pub timeout: f64,
}

/// A header error: line and message.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecError {
    pub line: usize,
    pub msg: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.msg)
    }
}

fn parse_u64(s: &str) -> Option<u64> {
    let s = s.replace('_', "");
    if let Some(h) = s.strip_prefix("0x") {
        u64::from_str_radix(h, 16).ok()
    } else {
        s.parse().ok()
    }
}

fn parse_i128(s: &str) -> Option<i128> {
    match s.strip_prefix('-') {
        Some(r) => parse_u64(r).map(|v| -(v as i128)),
        None => parse_u64(s).map(|v| v as i128),
    }
}

fn parse_dims(s: &str) -> Option<[u32; 3]> {
    let mut d = [1u32; 3];
    let parts: Vec<&str> = s.split(',').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for (i, p) in parts.iter().enumerate() {
        d[i] = p.trim().parse().ok()?;
    }
    Some(d)
}

fn parse_fill(s: &str) -> Option<Fill> {
    if s == "rand" {
        return Some(Fill::Rand);
    }
    if s == "iota32" {
        return Some(Fill::Iota32);
    }
    for (p, bytes) in [("edge8", 1), ("edge16", 2), ("edge32", 4), ("edge64", 8)] {
        if s == p {
            return Some(Fill::EdgeInt { bytes });
        }
    }
    if s == "edgef32" {
        return Some(Fill::EdgeFloat { bytes: 4 });
    }
    if s == "edgef64" {
        return Some(Fill::EdgeFloat { bytes: 8 });
    }
    if let Some(v) = s.strip_prefix("const32:") {
        return Some(Fill::Const32(parse_i128(v)? as u32));
    }
    for (p, bytes) in [("u8%", 1), ("u16%", 2), ("u32%", 4), ("u64%", 8)] {
        if let Some(m) = s.strip_prefix(p) {
            let m = parse_u64(m)?;
            return (m > 0).then_some(Fill::IntMod { bytes, m });
        }
    }
    for (p, f64_, int) in [
        ("f32:", false, false),
        ("f64:", true, false),
        ("f32int:", false, true),
        ("f64int:", true, true),
    ] {
        if let Some(r) = s.strip_prefix(p) {
            let (lo, hi) = r.split_once(':')?;
            let (lo, hi) = (lo.parse().ok()?, hi.parse().ok()?);
            return Some(if f64_ {
                Fill::F64 { lo, hi, int }
            } else {
                Fill::F32 { lo, hi, int }
            });
        }
    }
    None
}

fn parse_scalar(ty: ScalarTy, s: &str) -> Option<ScalarGen> {
    if s == "rand" {
        return Some(ScalarGen::Rand);
    }
    let float = matches!(ty, ScalarTy::F32 | ScalarTy::F64);
    if let Some(r) = s.strip_prefix("rand:") {
        let (lo, hi) = r.split_once(':')?;
        return if float {
            Some(ScalarGen::FloatRange(lo.parse().ok()?, hi.parse().ok()?))
        } else {
            Some(ScalarGen::IntRange(parse_i128(lo)?, parse_i128(hi)?))
        };
    }
    if let Some(m) = s.strip_prefix("rand%") {
        let m = parse_u64(m)?;
        return (m > 0).then_some(ScalarGen::IntRange(0, m as i128 - 1));
    }
    if float {
        return Some(ScalarGen::Fixed(if ty == ScalarTy::F32 {
            s.parse::<f32>().ok()?.to_bits() as u64
        } else {
            s.parse::<f64>().ok()?.to_bits()
        }));
    }
    let v = parse_i128(s)?;
    let mask = if ty.bits() == 32 {
        0xffff_ffffu64
    } else {
        u64::MAX
    };
    Some(ScalarGen::Fixed(v as u64 & mask))
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        s[1..s.len() - 1].to_string()
    } else {
        s.to_string()
    }
}

/// Parses the directives of a kernel file: `; @name args` comment lines anywhere
/// in the file (normally the header).
pub fn parse_spec(src: &str) -> Result<Spec, SpecError> {
    let mut spec = Spec {
        kernel: None,
        grid: [1, 1, 1],
        block: [1, 1, 1],
        shared: 0,
        args: Vec::new(),
        expect: Expect::Ok,
        agree: Agree::Bytes,
        cases: None,
        checks: Vec::new(),
        timeout: 30.0,
    };
    for (i, line) in src.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix(';') else {
            continue;
        };
        let rest = rest.trim();
        let Some(d) = rest.strip_prefix('@') else {
            continue;
        };
        // A trailing `(...)` or `-- ...` is a comment.
        let d = d.split(" -- ").next().unwrap_or("").trim();
        let mut words = d.split_whitespace();
        let name = words.next().unwrap_or("");
        let args: Vec<&str> = words.collect();
        let err = |msg: String| SpecError { line: i + 1, msg };
        let bad = || err(format!("malformed directive `@{d}`"));
        match name {
            "kernel" => spec.kernel = Some(args.first().ok_or_else(bad)?.to_string()),
            "grid" => spec.grid = parse_dims(args.first().ok_or_else(bad)?).ok_or_else(bad)?,
            "block" => spec.block = parse_dims(args.first().ok_or_else(bad)?).ok_or_else(bad)?,
            "shared" => {
                spec.shared = parse_u64(args.first().ok_or_else(bad)?).ok_or_else(bad)? as u32
            }
            "cases" => {
                spec.cases = Some(parse_u64(args.first().ok_or_else(bad)?).ok_or_else(bad)? as u32)
            }
            "timeout" => {
                spec.timeout = args.first().and_then(|s| s.parse().ok()).ok_or_else(bad)?
            }
            "check" => {
                if args.is_empty() {
                    return Err(bad());
                }
                spec.checks.extend(args.iter().map(|s| s.to_string()));
            }
            "engines-agree" => {
                spec.agree = match args.first().copied() {
                    None | Some("bytes") => Agree::Bytes,
                    Some("status") => Agree::Status,
                    _ => return Err(bad()),
                }
            }
            "expect" => {
                spec.expect = match args.first().copied() {
                    Some("ok") => Expect::Ok,
                    Some("error") | Some("fault") => {
                        let s = unquote(&args[1..].join(" "));
                        Expect::Error(if s.is_empty() { vec![] } else { vec![s] })
                    }
                    _ => return Err(bad()),
                }
            }
            "error-contains" => match &mut spec.expect {
                Expect::Error(v) => v.push(unquote(&args.join(" "))),
                Expect::Ok => {
                    return Err(err("`@error-contains` needs `@expect fault` first".into()))
                }
            },
            "arg" => {
                let kind = *args.first().ok_or_else(bad)?;
                let val = args.get(1).copied();
                let a = match kind {
                    "buf" => ArgDir::Buf {
                        len: parse_u64(val.ok_or_else(bad)?).ok_or_else(bad)? as usize,
                        fill: match args.get(2) {
                            None => Fill::Rand,
                            Some(f) => parse_fill(f).ok_or_else(bad)?,
                        },
                    },
                    "zeros" => {
                        ArgDir::Zeros(parse_u64(val.ok_or_else(bad)?).ok_or_else(bad)? as usize)
                    }
                    "local" => {
                        ArgDir::Local(parse_u64(val.ok_or_else(bad)?).ok_or_else(bad)? as u32)
                    }
                    "null" => ArgDir::Null,
                    t => {
                        let ty = ScalarTy::from_name(t)
                            .ok_or_else(|| err(format!("unknown argument kind `{t}`")))?;
                        ArgDir::Scalar(ty, parse_scalar(ty, val.ok_or_else(bad)?).ok_or_else(bad)?)
                    }
                };
                spec.args.push(a);
            }
            _ => return Err(err(format!("unknown directive `@{name}`"))),
        }
    }
    Ok(spec)
}

/// A generated argument value.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// Buffer contents.
    Buf(Vec<u8>),
    /// A scalar: its type and raw bits.
    Scalar(ScalarTy, u64),
    /// A null pointer.
    Null,
    /// Dynamic shared bytes.
    Local(u32),
}

impl Input {
    /// The buffer contents, if this is a buffer.
    pub fn buf(&self) -> Option<&[u8]> {
        match self {
            Input::Buf(b) => Some(b),
            _ => None,
        }
    }

    /// The scalar bits, if this is a scalar.
    pub fn bits(&self) -> Option<u64> {
        match self {
            Input::Scalar(_, b) => Some(*b),
            _ => None,
        }
    }
}

fn gen_buf(len: usize, fill: &Fill, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 8);
    match fill {
        Fill::Rand => {
            while out.len() < len {
                out.extend_from_slice(&rng.next_u64().to_le_bytes());
            }
        }
        Fill::IntMod { bytes, m } => {
            while out.len() < len {
                let v = rng.below(*m);
                out.extend_from_slice(&v.to_le_bytes()[..*bytes]);
            }
        }
        Fill::F32 { lo, hi, int } => {
            while out.len() < len {
                let mut v = rng.range_f64(*lo, *hi);
                if *int {
                    v = v.floor();
                }
                out.extend_from_slice(&(v as f32).to_le_bytes());
            }
        }
        Fill::F64 { lo, hi, int } => {
            while out.len() < len {
                let mut v = rng.range_f64(*lo, *hi);
                if *int {
                    v = v.floor();
                }
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        Fill::Iota32 => {
            let mut i = 0u32;
            while out.len() < len {
                out.extend_from_slice(&i.to_le_bytes());
                i += 1;
            }
        }
        Fill::Const32(v) => {
            while out.len() < len {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        Fill::EdgeInt { bytes } => {
            let bits = *bytes as u32 * 8;
            let min = 1u64 << (bits - 1);
            let mask = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            while out.len() < len {
                let v = if rng.below(2) == 0 {
                    rng.next_u64()
                } else {
                    match rng.below(10) {
                        0 => 0,
                        1 => 1,
                        2 => u64::MAX,
                        3 => min,
                        4 => min - 1,
                        5 => rng.below(64),
                        6 => rng.below(64u64).wrapping_neg(),
                        7 => 1u64 << rng.below(bits as u64),
                        8 => (min - 1) - rng.below(4),
                        _ => min + rng.below(4),
                    }
                };
                out.extend_from_slice(&(v & mask).to_le_bytes()[..*bytes]);
            }
        }
        Fill::EdgeFloat { bytes } => {
            while out.len() < len {
                let special = rng.below(2) == 0;
                let v: f64 = if special {
                    match rng.below(14) {
                        0 => 0.0,
                        1 => -0.0,
                        2 => f64::INFINITY,
                        3 => f64::NEG_INFINITY,
                        4 => f64::NAN,
                        5 => 1.0,
                        6 => -1.0,
                        7 => 0.5 + rng.below(8) as f64,
                        8 => -(2.5 + rng.below(8) as f64),
                        9 => 1e-40 * rng.range_f64(-1.0, 1.0),
                        10 => 1e-310 * rng.range_f64(-1.0, 1.0),
                        11 => 3e38 * rng.range_f64(-1.5, 1.5),
                        12 => rng.range_f64(-3e9, 3e9).round(),
                        _ => 65504.0 * rng.range_f64(-1.1, 1.1),
                    }
                } else {
                    let m = rng.range_f64(-1.0, 1.0);
                    let e = rng.below(80u64) as i32 - 40;
                    m * 2f64.powi(e)
                };
                if *bytes == 4 {
                    let f = if special && v.is_nan() && rng.below(2) == 0 {
                        // A NaN with a payload and either sign.
                        f32::from_bits(0x7f80_0001 | (rng.next_u64() as u32 & 0x803f_ffff))
                    } else {
                        v as f32
                    };
                    out.extend_from_slice(&f.to_le_bytes());
                } else {
                    let f = if special && v.is_nan() && rng.below(2) == 0 {
                        f64::from_bits(
                            0x7ff0_0000_0000_0001 | (rng.next_u64() & 0x8007_ffff_ffff_ffff),
                        )
                    } else {
                        v
                    };
                    out.extend_from_slice(&f.to_le_bytes());
                }
            }
        }
    }
    out.truncate(len);
    out
}

fn gen_scalar(ty: ScalarTy, g: &ScalarGen, rng: &mut Rng) -> u64 {
    let mask = if ty.bits() == 32 {
        0xffff_ffffu64
    } else {
        u64::MAX
    };
    match g {
        ScalarGen::Fixed(v) => *v,
        ScalarGen::Rand => rng.next_u64() & mask,
        ScalarGen::IntRange(lo, hi) => {
            let span = (hi - lo + 1).max(1) as u128;
            let off = (rng.next_u64() as u128 * span) >> 64;
            (*lo + off as i128) as u64 & mask
        }
        ScalarGen::FloatRange(lo, hi) => {
            let v = rng.range_f64(*lo, *hi);
            match ty {
                ScalarTy::F32 => (v as f32).to_bits() as u64,
                ScalarTy::F64 => v.to_bits(),
                _ => v as i64 as u64 & mask,
            }
        }
    }
}

/// The inputs of one case: argument `i` draws from its own stream of `seed`.
pub fn gen_inputs(spec: &Spec, seed: u64) -> Vec<Input> {
    spec.args
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let mut rng = Rng::new(seed.wrapping_mul(0x100_0000_01b3).wrapping_add(i as u64));
            match a {
                ArgDir::Buf { len, fill } => Input::Buf(gen_buf(*len, fill, &mut rng)),
                ArgDir::Zeros(n) => Input::Buf(vec![0; *n]),
                ArgDir::Scalar(ty, g) => Input::Scalar(*ty, gen_scalar(*ty, g, &mut rng)),
                ArgDir::Null => Input::Null,
                ArgDir::Local(n) => Input::Local(*n),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_header() {
        let s = parse_spec(
            "; @grid 4,2\n; @block 64\n; @arg buf 16 u32%10\n; @arg u32 rand%7\n\
             ; @arg f32 1.5\n; @arg local 64\n; @arg null\n; @expect fault \"out-of-bounds\"\n\
             ; @check histogram\nkernel @k() {\n}\n",
        )
        .unwrap();
        assert_eq!(s.grid, [4, 2, 1]);
        assert_eq!(s.block, [64, 1, 1]);
        assert_eq!(s.args.len(), 5);
        assert_eq!(s.expect, Expect::Error(vec!["out-of-bounds".into()]));
        assert_eq!(s.checks, vec!["histogram".to_string()]);
        let a = gen_inputs(&s, 7);
        let b = gen_inputs(&s, 7);
        assert_eq!(a, b);
        let Input::Buf(buf) = &a[0] else { panic!() };
        assert!(buf
            .chunks(4)
            .all(|c| u32::from_le_bytes(c.try_into().unwrap()) < 10));
        assert!(a[1].bits().unwrap() < 7);
        assert_eq!(a[2].bits().unwrap(), 1.5f32.to_bits() as u64);
    }

    #[test]
    fn rejects_unknown_directives() {
        assert!(parse_spec("; @gird 4\n").is_err());
        assert!(parse_spec("; @arg buf\n").is_err());
        assert!(parse_spec("; @arg u16 3\n").is_err());
    }
}
