//! Checks of the instruction writers ([`Frontend::write_atomic`]): every IR
//! atomic is asked for; what a frontend writes must assemble, load, lift and
//! perform exactly the atomic asked for (the inverse of lifting).

use xisa_frontend::{read_atomic, AtomicRegs, AtomicSpec, Frontend, FrontendError, WrittenAtomic};
use xisa_ir::{AtomOp, AtomType, Order, Scope, Space};

/// Every IR atomic: op × type (where the IR defines the op on it) × global
/// and shared × scope × returning or not.
pub fn atomic_specs() -> Vec<AtomicSpec> {
    let mut v = Vec::new();
    for op in AtomOp::ALL {
        for ty in AtomType::ALL.into_iter().filter(|t| t.supports(op)) {
            for space in [Space::Global, Space::Shared] {
                for scope in Scope::ALL {
                    for returns in [false, true] {
                        v.push(AtomicSpec {
                            op,
                            ty,
                            space,
                            scope,
                            returns,
                        });
                    }
                }
            }
        }
    }
    v
}

/// What a frontend wrote for [`atomic_specs`], and what it refused (with
/// the reason).
#[derive(Debug, Default)]
pub struct WriterReport {
    pub written: Vec<(AtomicSpec, WrittenAtomic)>,
    pub refused: Vec<(AtomicSpec, String)>,
    /// Refused on other registers than the fragment convention's only
    /// (an offset or register the form cannot hold), with the reason.
    pub refused_on: Vec<(AtomicSpec, AtomicRegs, String)>,
}

impl WriterReport {
    /// The mnemonics written (each line's first word).
    pub fn mnemonics(&self) -> std::collections::BTreeSet<&str> {
        self.written
            .iter()
            .filter_map(|(_, w)| w.text.split(' ').next())
            .collect()
    }

    /// Why the non-returning atomic `op.ty` in `space` at `scope` was
    /// refused (`None`: it was written).
    pub fn refusal(&self, op: AtomOp, ty: AtomType, space: Space, scope: Scope) -> Option<&str> {
        self.refused
            .iter()
            .find(|(s, _)| {
                (s.op, s.ty, s.space, s.scope, s.returns) == (op, ty, space, scope, false)
            })
            .map(|(_, why)| why.as_str())
    }
}

/// Register sets every written atomic is checked on: the fragment
/// convention, and registers elsewhere with a negative and a positive
/// offset.
pub const REGS: [AtomicRegs; 3] = [
    AtomicRegs::FRAGMENT,
    AtomicRegs {
        addr: 10,
        data: 20,
        dst: 30,
        offset: -64,
    },
    AtomicRegs {
        addr: 41,
        data: 50,
        dst: 60,
        offset: 200,
    },
];

/// Asks `f` for every IR atomic on each of [`REGS`] and checks each written
/// instruction: it assembles, its program lifts to one kernel holding
/// exactly one atomic, and [`read_atomic`] reads back the atomic asked for
/// (operation, type, space, scope, relaxed order, an old value exactly when
/// it returns) on the registers asked for (address and offset, and the data
/// registers in the roles [`WrittenAtomic::data`] gives them). Panics naming
/// the spec on a mismatch. The report holds the fragment-convention writes.
pub fn check_writer(f: &dyn Frontend) -> WriterReport {
    let mut report = WriterReport::default();
    for spec in atomic_specs() {
        for regs in REGS {
            let w = match f.write_atomic(&spec, &regs) {
                Ok(w) => w,
                Err(FrontendError::NoInstruction { why, .. }) => {
                    assert!(!why.is_empty(), "{spec}: refused without a reason");
                    if regs == AtomicRegs::FRAGMENT {
                        report.refused.push((spec, why));
                    } else if !report.refused.iter().any(|(s, _)| *s == spec) {
                        // Refused on these registers only: say so.
                        report.refused_on.push((spec, regs, why));
                    }
                    continue;
                }
                Err(e) => panic!("{spec}: {e}"),
            };
            check_written(f, &spec, &regs, &w);
            if regs == AtomicRegs::FRAGMENT {
                report.written.push((spec, w));
            }
        }
    }
    report
}

fn check_written(f: &dyn Frontend, spec: &AtomicSpec, regs: &AtomicRegs, w: &WrittenAtomic) {
    let kernel = lift_one(f, &w.text).unwrap_or_else(|e| panic!("{spec}: {}: {e}", w.text));
    let r = read_atomic(&kernel).unwrap_or_else(|| panic!("{spec}: {}: no one atomic", w.text));
    assert_eq!(r.spec, *spec, "{}", w.text);
    assert_eq!(r.order, Order::Relaxed, "{spec}: {}", w.text);
    let words = |n: u32| {
        (0..n)
            .map(|i| format!("v{}", regs.addr + i))
            .collect::<Vec<_>>()
    };
    let addr_words = if spec.space == Space::Global { 2 } else { 1 };
    assert_eq!(r.addr, words(addr_words), "{spec}: {}", w.text);
    assert_eq!(r.offset, regs.offset, "{spec}: {}", w.text);
    assert_eq!(r.value, w.role(false), "{spec}: {}", w.text);
    assert_eq!(r.compare, w.role(true), "{spec}: {}", w.text);
    assert_eq!(r.returned, w.returned, "{spec}: {}", w.text);
    assert_eq!(w.returned.is_empty(), !spec.returns, "{spec}");
    let words32 = spec.ty.bytes() as usize / 4;
    assert_eq!(r.value.len(), words32, "{spec}: {}", w.text);
}

fn lift_one(f: &dyn Frontend, text: &str) -> Result<xisa_ir::Kernel, FrontendError> {
    let m = f.load(&f.assemble(text)?)?;
    let name = m.kernels()[0].name.clone();
    m.lift(&name)
}
