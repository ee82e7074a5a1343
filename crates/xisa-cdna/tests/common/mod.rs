//! Shared test helpers: a small deterministic RNG, llvm-mc discovery.

#![allow(dead_code)]

use std::process::Command;

pub use xisa_testkit::Rng;

/// The `llvm-mc-19` command, installed with apt-get when missing. `None` only when
/// `XISA_SKIP_ORACLE=1`; otherwise a missing tool fails the test.
pub fn llvm_mc() -> Option<String> {
    let have = || {
        Command::new("llvm-mc-19")
            .arg("--version")
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    };
    if !have() {
        // Tests run as parallel processes: one installs while the others wait
        // on the lock (and on dpkg's, should something else hold it), then
        // find the tool.
        let install = "command -v llvm-mc-19 >/dev/null || \
            (apt-get update && apt-get install -y -o DPkg::Lock::Timeout=600 llvm-19)";
        let _ = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "if command -v flock >/dev/null; then \
                   flock /tmp/xisa-apt.lock sh -c '{install}'; \
                 else sh -c '{install}'; fi >/dev/null 2>&1"
            ))
            .status();
    }
    if have() {
        return Some("llvm-mc-19".into());
    }
    if std::env::var("XISA_SKIP_ORACLE").as_deref() == Ok("1") {
        eprintln!("llvm-mc-19 unavailable; oracle skipped (XISA_SKIP_ORACLE=1)");
        return None;
    }
    panic!("llvm-mc-19 is missing and could not be installed (set XISA_SKIP_ORACLE=1 to skip)");
}

/// Runs llvm-mc with `args` on `input`; returns (stdout, stderr).
pub fn run_llvm_mc(tool: &str, args: &[&str], input: &str) -> (String, String) {
    use std::io::Write;
    let mut child = Command::new(tool)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn llvm-mc");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("llvm-mc");
    writer.join().unwrap().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// llvm-mc's encodings of `texts` (one per line) for `mcpu`, in order;
/// `None` where it
/// reports an error.
pub fn llvm_encodings(tool: &str, mcpu: &str, texts: &[String]) -> Vec<Option<Vec<u8>>> {
    let input: String = texts.iter().map(|t| format!("{t}\n")).collect();
    let (out, err) = run_llvm_mc(
        tool,
        &[
            "--arch=amdgcn",
            &format!("--mcpu={mcpu}"),
            "--show-encoding",
        ],
        &input,
    );
    let bad: std::collections::HashSet<usize> = err
        .lines()
        .filter(|l| l.contains(": error:"))
        .filter_map(|l| l.strip_prefix("<stdin>:")?.split(':').next()?.parse().ok())
        .collect();
    let mut enc = out.lines().filter_map(|l| {
        let e = l.split("encoding: [").nth(1)?.split(']').next()?;
        Some(
            e.split(',')
                .map(|x| u8::from_str_radix(x.trim().trim_start_matches("0x"), 16).unwrap())
                .collect::<Vec<u8>>(),
        )
    });
    (0..texts.len())
        .map(|i| {
            if bad.contains(&(i + 1)) {
                None
            } else {
                enc.next()
            }
        })
        .collect()
}

// ------------------------------------------------ packed 16-bit float reference

/// A 16-bit IEEE-style format.
#[derive(Clone, Copy)]
pub struct Fmt {
    pub ebits: u32,
    pub mbits: u32,
    /// Canonical quiet NaN for invalid operations (inf - inf).
    pub qnan: u16,
}

pub const F16: Fmt = Fmt {
    ebits: 5,
    mbits: 10,
    qnan: 0x7e00,
};
pub const BF16: Fmt = Fmt {
    ebits: 8,
    mbits: 7,
    qnan: 0x7fc0,
};

impl Fmt {
    pub fn emax(self) -> u32 {
        (1 << self.ebits) - 1
    }
    pub fn exp(self, x: u16) -> u32 {
        (x as u32 >> self.mbits) & self.emax()
    }
    pub fn man(self, x: u16) -> u32 {
        x as u32 & ((1 << self.mbits) - 1)
    }
    pub fn is_nan(self, x: u16) -> bool {
        self.exp(x) == self.emax() && self.man(x) != 0
    }
    pub fn is_inf(self, x: u16) -> bool {
        self.exp(x) == self.emax() && self.man(x) == 0
    }
    pub fn is_zero(self, x: u16) -> bool {
        x & 0x7fff == 0
    }
}

/// Reference: a + b in `f`, round to nearest even, IEEE-754 special cases; a NaN
/// operand is returned quieted (first operand first).
pub fn ref_add(f: Fmt, a: u16, b: u16) -> u16 {
    let quiet = 1u16 << (f.mbits - 1);
    if f.is_nan(a) {
        return a | quiet;
    }
    if f.is_nan(b) {
        return b | quiet;
    }
    let (sa, sb) = (a >> 15, b >> 15);
    if f.is_inf(a) && f.is_inf(b) {
        return if sa == sb { a } else { f.qnan };
    }
    if f.is_inf(a) {
        return a;
    }
    if f.is_inf(b) {
        return b;
    }
    if f.is_zero(a) && f.is_zero(b) {
        return (sa & sb) << 15;
    }
    if f.is_zero(a) {
        return b;
    }
    if f.is_zero(b) {
        return a;
    }
    // value = m * 2^(e - bias - mbits), e >= 1 (subnormals: e = 1, no hidden bit).
    let unpack = |x: u16| -> (i64, i32) {
        let e = f.exp(x);
        let m = f.man(x) as i64;
        if e == 0 {
            (m, 1)
        } else {
            (m | (1 << f.mbits), e as i32)
        }
    };
    let (mut ma, mut ea) = unpack(a);
    let (mut mb, mut eb) = unpack(b);
    let (mut sa, mut sb) = (sa, sb);
    if eb > ea || (eb == ea && mb > ma) {
        std::mem::swap(&mut ma, &mut mb);
        std::mem::swap(&mut ea, &mut eb);
        std::mem::swap(&mut sa, &mut sb);
    }
    let cap = f.mbits as i32 + 5;
    let shift = ea - eb;
    let (s, y) = if shift > cap {
        (cap, 1i64) // sticky: strictly inside (0, ulp/32)
    } else {
        (shift, mb)
    };
    let x = ma << s;
    // Units of 2^(u - bias - mbits) with u = ea - s.
    let u = ea - s;
    let r = if sa == sb { x + y } else { x - y };
    debug_assert!(r >= 0);
    if r == 0 {
        return 0; // exact cancellation: +0 under round to nearest
    }
    let sign = sa;
    let len = 64 - r.leading_zeros() as i32;
    let mut e = u + (len - 1) - f.mbits as i32;
    let sh = if e >= 1 {
        len - 1 - f.mbits as i32
    } else {
        let sh = (len - 1 - f.mbits as i32) + (1 - e);
        e = 1;
        sh
    };
    let mut q = if sh <= 0 {
        r << (-sh)
    } else {
        let q = r >> sh;
        let rem = r & ((1i64 << sh) - 1);
        let half = 1i64 << (sh - 1);
        if rem > half || (rem == half && q & 1 == 1) {
            q + 1
        } else {
            q
        }
    };
    if q == 1i64 << (f.mbits + 1) {
        q >>= 1;
        e += 1;
    }
    if e >= f.emax() as i32 {
        return (sign << 15) | ((f.emax() as u16) << f.mbits);
    }
    let bits = if q < (1 << f.mbits) {
        q as u16 // subnormal
    } else {
        ((e as u16) << f.mbits) | (q as u16 & ((1 << f.mbits) - 1))
    };
    (sign << 15) | bits
}

/// Packed reference: both halves.
pub fn ref_packed(f: Fmt, a: u32, b: u32) -> u32 {
    let lo = ref_add(f, a as u16, b as u16) as u32;
    let hi = ref_add(f, (a >> 16) as u16, (b >> 16) as u16) as u32;
    lo | hi << 16
}

/// Sets field `name` of format `f` in the encoding `w` to `v`; a field the
/// format lacks is left alone.
pub fn set_field(f: &xisa_cdna::gfx942::Format, w: &mut u64, name: &str, v: u64) {
    if let Some(fd) = f.fields.iter().find(|x| x.name == name) {
        let m = ((1u64 << (fd.hi - fd.lo + 1)) - 1) << fd.lo;
        *w = (*w & !m) | ((v << fd.lo) & m);
    }
}

/// Sets the opcode of `op` (in format `f`) in the encoding `w` and, for the
/// FLAT variants, the segment that selects the variant.
pub fn set_opcode(f: &xisa_cdna::gfx942::Format, op: &xisa_cdna::gfx942::Opcode, w: &mut u64) {
    set_field(f, w, "op", u64::from(op.op));
    match op.variant.as_str() {
        "flat" => set_field(f, w, "seg", 0),
        "scratch" => set_field(f, w, "seg", 1),
        "global" => set_field(f, w, "seg", 2),
        _ => {}
    }
}

/// Random encodings of row `ri` that xisa disassembles: (bytes, text).
pub fn gfx942_samples(rng: &mut Rng, ri: usize, n: usize) -> Vec<(Vec<u8>, String)> {
    use xisa_cdna::gfx942::{self, tables};
    let t = tables();
    let op = &t.opcodes[ri];
    let f = &t.formats[op.format];
    let mut out = Vec::new();
    for _ in 0..n * 50 {
        if out.len() == n {
            break;
        }
        let mut w: u64 = u64::from(f.value) | (rng.next() & !u64::from(f.mask));
        let set = |w: &mut u64, name: &str, v: u64| set_field(f, w, name, v);
        set_opcode(f, op, &mut w);
        // Bits the printer does not show make different words print alike;
        // keep them zero so every text has one encoding.
        for name in [
            "addr", "data0", "data1", "vdst", "data", "sdst", "ssrc0", "ssrc1", "sdata",
        ] {
            if !op.operands.iter().any(|o| o.field == name) {
                set(&mut w, name, 0);
            }
        }
        // Vector ALU: source fields the opcode lacks must be zero, and most
        // random modifier bits are rejected; clear each with probability 1/2
        // so that enough encodings disassemble.
        if f.name.starts_with("VOP") {
            for fd in &f.fields {
                let name = fd.name.as_str();
                let operand = op.operands.iter().any(|o| o.field == name);
                let src = matches!(name, "src0" | "src1" | "src2" | "vsrc1");
                if !operand && name != "op" && (src || rng.chance(1, 2)) {
                    set(&mut w, name, 0);
                }
                // Register tuples must be 64-bit aligned: keep most of them so.
                let tuple = op.operands.iter().any(|o| o.field == name && o.count >= 2);
                if tuple && rng.chance(3, 4) {
                    let v = f.get(w, name);
                    set(&mut w, name, u64::from(v & !1));
                }
            }
        }
        for name in ["acc", "gds", "sve", "lds", "b25", "b53", "b13", "nv"] {
            if rng.chance(3, 4) {
                set(&mut w, name, 0);
            }
        }
        if rng.chance(1, 3) {
            set(&mut w, "saddr", 0x7f);
        }
        // FLAT proper has no saddr: mostly keep it zero so FLAT rows print.
        if op.variant == "flat" && rng.chance(3, 4) {
            set(&mut w, "saddr", 0);
        }
        let mut b = w.to_le_bytes()[..f.bytes].to_vec();
        b.extend_from_slice(&(rng.next() as u32).to_le_bytes());
        if let Ok(lines) = gfx942::disassemble(&b[..]).or_else(|_| {
            // Without the literal when the instruction has none.
            gfx942::disassemble(&b[..f.bytes])
        }) {
            let i = gfx942::decode_one(&b, 0).expect("decodes");
            out.push((b[..i.len].to_vec(), lines[0].clone()));
        }
    }
    out
}
