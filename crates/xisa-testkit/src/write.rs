//! Checks of the instruction writers ([`Frontend::write_atomic`]): every IR
//! atomic is asked for; what a frontend writes must assemble, load, lift and
//! perform exactly the atomic asked for (the inverse of lifting).

use xisa_frontend::{AtomicSpec, Frontend, FrontendError, WrittenAtomic};
use xisa_ir::{AtomOp, AtomType, Op, Order, Scope, Space};

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

/// Asks `f` for every IR atomic and checks each written instruction: it
/// assembles, its program lifts to one kernel holding exactly one atomic,
/// and that atomic is the one asked for (operation, type, space, scope,
/// relaxed order, an old value exactly when it returns; the returned and
/// data registers are the kernel's). Panics naming the spec on a mismatch.
pub fn check_writer(f: &dyn Frontend) -> WriterReport {
    let mut report = WriterReport::default();
    for spec in atomic_specs() {
        let w = match f.write_atomic(&spec) {
            Ok(w) => w,
            Err(FrontendError::NoInstruction { why, .. }) => {
                assert!(!why.is_empty(), "{spec}: refused without a reason");
                report.refused.push((spec, why));
                continue;
            }
            Err(e) => panic!("{spec}: {e}"),
        };
        let kernel = lift_one(f, &w.text).unwrap_or_else(|e| panic!("{spec}: {}: {e}", w.text));
        let atomics: Vec<_> = kernel
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter_map(|i| match &i.op {
                Op::Atomic(a) => Some(a),
                _ => None,
            })
            .collect();
        assert_eq!(atomics.len(), 1, "{spec}: {}", w.text);
        let a = atomics[0];
        let got = AtomicSpec {
            op: a.op,
            ty: a.ty,
            space: a.space,
            scope: a.scope,
            returns: a.dst.is_some(),
        };
        assert_eq!(got, spec, "{}", w.text);
        assert_eq!(a.order, Order::Relaxed, "{spec}: {}", w.text);
        assert_eq!(a.cmp.is_some(), spec.op == AtomOp::Cas, "{spec}");
        for r in w.data.iter().map(|(r, _)| r).chain(&w.returned) {
            assert!(
                kernel.regs.iter().any(|d| &d.name == r),
                "{spec}: {}: no register {r}",
                w.text
            );
        }
        assert_eq!(w.returned.is_empty(), !spec.returns, "{spec}");
        report.written.push((spec, w));
    }
    report
}

fn lift_one(f: &dyn Frontend, text: &str) -> Result<xisa_ir::Kernel, FrontendError> {
    let m = f.load(&f.assemble(text)?)?;
    let name = m.kernels()[0].name.clone();
    m.lift(&name)
}
