//! Checks of the instruction writers ([`Frontend::write_mem`]): every IR
//! memory operation is asked for; what a frontend writes must assemble,
//! load, lift and perform exactly the operation asked for, on the registers
//! asked for (the inverse of lifting).

use std::collections::BTreeSet;

pub use xisa_frontend::mem::{atomic_specs, mem_specs};
use xisa_frontend::{
    access_words, read_mem, AddrShape, Frontend, FrontendError, MemRegs, MemSpec, Written,
};
use xisa_ir::{AtomOp, Order, Space};

/// What a frontend wrote for [`mem_specs`], and what it refused (with the
/// reason).
#[derive(Debug, Default)]
pub struct WriterReport {
    pub written: Vec<(MemSpec, Written)>,
    pub refused: Vec<(MemSpec, String)>,
    /// The kinds of operation the writer does not write yet.
    pub not_yet: BTreeSet<&'static str>,
    /// Refused on other registers than the fragment convention's only
    /// (an offset or register the form cannot hold), with the reason.
    pub refused_on: Vec<(MemSpec, MemRegs, String)>,
    /// The mnemonics written on any register set (a uniform base picks
    /// other rows in some ISAs).
    pub any_mnemonics: BTreeSet<String>,
}

impl WriterReport {
    /// The mnemonics written (each line's first word).
    pub fn mnemonics(&self) -> BTreeSet<&str> {
        self.written
            .iter()
            .filter_map(|(_, w)| w.text.split(' ').next())
            .collect()
    }

    /// The mnemonics written on any register set.
    pub fn any(&self) -> BTreeSet<&str> {
        self.any_mnemonics.iter().map(String::as_str).collect()
    }

    /// The reasons of [`WriterReport::refused_on`], each once.
    pub fn refused_on_reasons(&self) -> BTreeSet<&str> {
        self.refused_on.iter().map(|(_, _, w)| w.as_str()).collect()
    }

    /// Why `spec` was refused (`None`: it was written).
    pub fn refusal(&self, spec: &MemSpec) -> Option<&str> {
        self.refused
            .iter()
            .find(|(s, _)| s == spec)
            .map(|(_, why)| why.as_str())
    }
}

/// The port directions to and from sm_75 the port tests check, in their
/// order: into sm_75 from lsu, gfx942, CDNA 5, then out of it to them.
pub const SM75_DIRECTIONS: [(&str, &str); 6] = [
    ("lsu", "sm75"),
    ("gfx942", "sm75"),
    ("cdna5", "sm75"),
    ("sm75", "lsu"),
    ("sm75", "gfx942"),
    ("sm75", "cdna5"),
];

/// Register sets every written instruction is checked on: the fragment
/// convention, registers elsewhere with a negative and a positive offset,
/// and a uniform base.
pub const REGS: [MemRegs; 4] = [
    MemRegs::FRAGMENT,
    MemRegs {
        addr: 10,
        data: 20,
        dst: 30,
        offset: -64,
        ubase: None,
    },
    MemRegs {
        addr: 41,
        data: 50,
        dst: 60,
        offset: 200,
        ubase: None,
    },
    // A uniform base pair plus a 32-bit vector offset.
    MemRegs {
        addr: 7,
        data: 20,
        dst: 30,
        offset: 32,
        ubase: Some(4),
    },
];

/// Asks `f` for every IR memory operation on each of [`REGS`] and checks
/// each written instruction: it assembles, its program lifts to one kernel
/// holding exactly one memory operation, and [`read_mem`] reads back the
/// operation asked for (an atomic's order is relaxed) on the registers asked
/// for (address and offset; the data registers in the roles
/// [`Written::data`] gives them; the old value or loaded data in
/// [`Written::returned`]). Panics naming the operation on a mismatch. The
/// report holds the fragment-convention writes.
pub fn check_writer(f: &dyn Frontend) -> WriterReport {
    let mut report = WriterReport::default();
    for spec in mem_specs() {
        for regs in REGS {
            let w = match f.write_mem(&spec, &regs) {
                Ok(w) => w,
                Err(FrontendError::NoInstruction { why, .. }) => {
                    assert!(!why.is_empty(), "{spec}: refused without a reason");
                    if regs == MemRegs::FRAGMENT {
                        report.refused.push((spec, why));
                    } else if !report.refused.iter().any(|(s, _)| *s == spec) {
                        report.refused_on.push((spec, regs, why));
                    }
                    continue;
                }
                Err(FrontendError::NoWriter { what, .. }) => {
                    report.not_yet.insert(what);
                    continue;
                }
                Err(e) => panic!("{spec}: {e}"),
            };
            check_written(f, &spec, &regs, &w);
            if let Some(m) = w.text.split(' ').next() {
                report.any_mnemonics.insert(m.to_string());
            }
            if regs == MemRegs::FRAGMENT {
                report.written.push((spec, w));
            }
        }
    }
    report
}

fn check_written(f: &dyn Frontend, spec: &MemSpec, regs: &MemRegs, w: &Written) {
    let kernel = lift_one(f, &w.text).unwrap_or_else(|e| panic!("{spec}: {}: {e}", w.text));
    let r = read_mem(&kernel).unwrap_or_else(|| panic!("{spec}: {}: no one memory op", w.text));
    let what = format!("{spec}: {}", w.text);
    assert_eq!(r.spec, *spec, "{}", w.text);
    let (space, words) = match spec {
        MemSpec::Atomic(a) => {
            assert_eq!(r.order, Order::Relaxed, "{what}");
            assert_eq!(r.compare.is_empty(), a.op != AtomOp::Cas, "{what}");
            assert_eq!(w.returned.is_empty(), !a.returns, "{what}");
            (a.space, a.ty.bytes() / 4)
        }
        MemSpec::Load(a) | MemSpec::Store(a) => (a.space, access_words(a.mem)),
        MemSpec::Fence { .. } => {
            assert!(r.addr.is_empty() && w.data.is_empty() && w.returned.is_empty());
            return;
        }
    };
    let info = f.info();
    let v = info.vector_registers.unwrap_or("v");
    let u = info.uniform_registers.unwrap_or("s");
    let uniform = matches!(spec, MemSpec::Load(a) if a.uniform);
    let want = match regs.ubase {
        // A uniform load reads at the uniform pair `addr`.
        None if uniform => AddrShape::Regs(vec![
            format!("{u}{}", regs.addr),
            format!("{u}{}", regs.addr + 1),
        ]),
        Some(b) => AddrShape::PairPlusZext {
            pair: [format!("{u}{b}"), format!("{u}{}", b + 1)],
            reg: format!("{v}{}", regs.addr),
        },
        None => {
            let n = if space == Space::Global { 2 } else { 1 };
            AddrShape::Regs(
                (regs.addr..regs.addr + n)
                    .map(|i| format!("{v}{i}"))
                    .collect(),
            )
        }
    };
    assert_eq!(r.shape, want, "{what}");
    assert_eq!(r.offset, regs.offset, "{what}");
    assert_eq!(r.value, w.role(false), "{what}");
    assert_eq!(r.compare, w.role(true), "{what}");
    assert_eq!(r.returned, w.returned, "{what}");
    match spec {
        MemSpec::Load(_) => assert_eq!(r.returned.len() as u32, words, "{what}"),
        _ => assert_eq!(r.value.len() as u32, words, "{what}"),
    }
}

fn lift_one(f: &dyn Frontend, text: &str) -> Result<xisa_ir::Kernel, FrontendError> {
    let m = f.load(&f.assemble(text)?)?;
    let name = m.kernels()[0].name.clone();
    m.lift(&name)
}
