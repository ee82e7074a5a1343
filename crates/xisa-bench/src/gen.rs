//! Benchmark kernels per ISA: an atomic loop in IR text, or straight-line
//! fragments assembled from lsu / CDNA 5 assembly and lifted from their
//! encodings.

use std::fmt::Write as _;

use xisa::{Isa, Module};
use xisa_frontend::{AtomicSpec, DataRole, FrontendError, MemRegs, MemSpec, Written};

use crate::matrix::{AtomOp, AtomType, Cell, Pattern, Space, Work};
use crate::Error;

/// The ISA benchmark kernels are written in: IR, or any frontend that writes
/// atomics ([`xisa_frontend::Frontend::write_mem`]); the others are
/// refused with the reason.
pub type BenchIsa = Isa;

/// True for the IR itself, whose kernels are loops written here; machine
/// ISAs get straight-line fragments their frontends write.
fn is_ir(isa: Isa) -> bool {
    !isa.info().machine_code
}

/// The atomic of `cell` as the frontends' writers take it. The IR's CAS
/// returns (the loop feeds the old value back); fragments return nothing
/// else, so that only the operation is measured.
fn spec(cell: &Cell) -> AtomicSpec {
    AtomicSpec {
        op: cell.op.op,
        ty: cell.op.ty,
        space: cell.space.ir(),
        scope: cell.scope.ir(),
        returns: cell.op.op == AtomOp::Cas,
    }
}

/// An error when this build cannot produce benchmark kernels in `isa`.
pub fn check_available(isa: Isa) -> Result<(), Error> {
    if is_ir(isa) {
        return Ok(());
    }
    let probe = AtomicSpec {
        op: AtomOp::Add,
        ty: AtomType::B32,
        space: xisa_ir::Space::Global,
        scope: xisa_ir::Scope::Device,
        returns: false,
    };
    match isa
        .frontend()
        .write_mem(&MemSpec::Atomic(probe), &MemRegs::FRAGMENT)
    {
        Err(e @ FrontendError::NoWriter { .. }) => Err(Error::IsaUnavailable {
            isa: isa.name(),
            missing: e.to_string(),
        }),
        _ => Ok(()),
    }
}

/// How a generated kernel gets its inputs.
#[derive(Debug, Clone)]
pub enum Inputs {
    /// IR kernel `(%buf: i64, %k: i32, %v: T)` launched with `Device::launch`.
    Params,
    /// A straight-line fragment whose registers are set per lane at launch
    /// (the `xisa exec` convention): register indices of the address (low,
    /// high; the high one is absent for shared), the data registers and their
    /// values, and `exec`.
    Registers {
        addr_lo: usize,
        addr_hi: Option<usize>,
        data: Vec<(usize, u64)>,
        exec: Option<usize>,
    },
}

/// A generated kernel.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The source text (IR or assembly).
    pub source: String,
    /// The loaded module (lifted from the encodings for lsu/cdna5).
    pub module: Module,
    /// The kernel's name.
    pub kernel: String,
    pub inputs: Inputs,
}

fn unsupported(isa: BenchIsa, cell: &Cell, why: &str) -> Error {
    Error::CellUnsupported {
        isa: isa.name(),
        cell: cell.to_string(),
        why: why.to_string(),
    }
}

/// Generates the kernel of `cell` in `isa`: an IR loop, or the instruction
/// the ISA's frontend writes for the cell's atomic, `work.per_lane` times;
/// the text is assembled by the frontend, loaded and lifted.
pub fn generate(isa: BenchIsa, cell: &Cell, work: &Work) -> Result<Generated, Error> {
    check_available(isa)?;
    let written = if is_ir(isa) {
        None
    } else {
        let w = isa
            .frontend()
            .write_mem(&MemSpec::Atomic(spec(cell)), &MemRegs::FRAGMENT)
            .map_err(|e| match e {
                FrontendError::NoInstruction { why, .. } => unsupported(isa, cell, &why),
                e => Error::Generate(format!("{isa}: {e}")),
            })?;
        Some(w)
    };
    let source = match &written {
        None => ir_text(cell, work),
        Some(w) => format!("{}\n", w.text).repeat(work.per_lane as usize),
    };
    let bytes = isa
        .frontend()
        .assemble(&source)
        .map_err(|e| Error::Generate(format!("{isa}: {e}")))?;
    let module = Module::from_bytes(&bytes, &format!("bench.{isa}"), Some(isa))?;
    let inputs = match &written {
        None => Inputs::Params,
        Some(w) => fragment_inputs(&module, isa, cell, w)?,
    };
    let kernel = module.kernel_names().into_iter().next().unwrap_or_default();
    Ok(Generated {
        source,
        module,
        kernel,
        inputs,
    })
}

/// The IR text of an atomic loop kernel for `cell`: each lane computes its
/// address from the pattern, then does `%k` atomics on it.
pub fn ir_text(cell: &Cell, work: &Work) -> String {
    let ty = cell.op.ty;
    let rt = ty.reg_type();
    let size = u64::from(ty.bytes());
    let shared = match cell.space {
        Space::Global => 0,
        Space::Shared => cell.pattern.bytes(Space::Shared, 1, work.block as u64),
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "; xisa bench: {cell}\nkernel @bench(%buf: i64, %k: i32, %v: {rt}) wave 32 shared {shared} local 0 params 0 {{"
    );
    let _ = writeln!(
        s,
        "  reg %tid: i32, %ntid: i32, %ctaid: i32, %gid: i32, %w: i32, %off: i64, %a: i64, %so: i32, %i: i32, %p: i1, %c: {rt}"
    );
    s.push_str("entry:\n  %tid = special.tid.x\n  %ntid = special.ntid.x\n  %ctaid = special.ctaid.x\n  %gid = mad.i32 %ctaid, %ntid, %tid\n");
    let per_line = 64 / size;
    match cell.space {
        Space::Global => {
            match cell.pattern {
                Pattern::Distinct => s.push_str("  %off = mulwide.u32 %gid, 64\n"),
                Pattern::Hot => s.push_str("  %off = mov.i64 0\n"),
                Pattern::FewHot => {
                    s.push_str("  %w = and.i32 %gid, 3\n  %off = mulwide.u32 %w, 64\n")
                }
                Pattern::FalseSharing => {
                    let _ = writeln!(
                        s,
                        "  %w = and.i32 %ctaid, {}\n  %off = mulwide.u32 %w, {size}",
                        per_line - 1
                    );
                }
            }
            s.push_str("  %a = add.i64 %buf, %off\n");
        }
        Space::Shared => match cell.pattern {
            Pattern::Distinct => s.push_str("  %so = mul.i32 %tid, 64\n"),
            Pattern::Hot => s.push_str("  %so = mov.i32 0\n"),
            Pattern::FewHot => s.push_str("  %w = and.i32 %tid, 3\n  %so = mul.i32 %w, 64\n"),
            Pattern::FalseSharing => {
                let _ = writeln!(
                    s,
                    "  %w = and.i32 %tid, {}\n  %so = mul.i32 %w, {size}",
                    per_line - 1
                );
            }
        },
    }
    let _ = writeln!(s, "  %i = mov.i32 0\n  %c = mov.{rt} 0\n  br loop\nloop:");
    let addr = match cell.space {
        Space::Global => "[%a]",
        Space::Shared => "[%so]",
    };
    let head = format!(
        "atom.{}.{}.{}.{}.relaxed {addr}",
        cell.space.name(),
        cell.op.op.name(),
        ty.name(),
        cell.scope.name()
    );
    if cell.op.op == AtomOp::Cas {
        let _ = writeln!(s, "  %c = {head}, %c, %v");
    } else {
        let _ = writeln!(s, "  {head}, %v");
    }
    s.push_str("  %i = add.i32 %i, 1\n  %p = icmp.ult.i32 %i, %k\n  brc %p, loop, done\ndone:\n  exit\n}\n");
    s
}

fn reg(module: &Module, name: &str) -> Result<usize, Error> {
    // The kernel as launches run it (`Translated::run` compiles
    // `Module::kernel`), not `xisa exec`'s lift of the fragment.
    let k = match &module.kernel_names()[..] {
        [one] => module.kernel(one)?,
        _ => module.pick_kernel(None)?,
    };
    k.regs
        .iter()
        .position(|r| r.name == name)
        .ok_or_else(|| Error::Generate(format!("lifted kernel has no register {name}")))
}

/// The inputs of a fragment written on [`MemRegs::FRAGMENT`]: the address
/// in the ISA's first vector registers (`v0:v1`, sm_75's `r0:r1`).
fn fragment_inputs(module: &Module, isa: Isa, cell: &Cell, w: &Written) -> Result<Inputs, Error> {
    let v = isa.info().vector_registers.unwrap_or("v");
    let at = |n: u32| reg(module, &format!("{v}{}", MemRegs::FRAGMENT.addr + n));
    let (addr_lo, addr_hi) = match cell.space {
        Space::Global => (at(0)?, Some(at(1)?)),
        Space::Shared => (at(0)?, None),
    };
    // The compare value is 0: the CAS succeeds while memory holds 0 (the
    // first time), then fails; the bench measures the operation either way.
    let v = cell.op.value_bits();
    let data = w
        .data
        .iter()
        .map(|(name, part)| {
            let bits = match part {
                DataRole::Value(0) => v & 0xffff_ffff,
                DataRole::Value(_) => v >> 32,
                DataRole::Compare(_) => 0,
            };
            Ok((reg(module, name)?, bits))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Inputs::Registers {
        addr_lo,
        addr_hi,
        data,
        exec: reg(module, "exec").ok(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::{OpSpec, Scope};

    fn isa(name: &str) -> Isa {
        name.parse().unwrap()
    }

    fn cell(op: AtomOp, ty: AtomType, scope: Scope, space: Space, pattern: Pattern) -> Cell {
        Cell {
            op: OpSpec { op, ty },
            scope,
            space,
            pattern,
            threads: 1,
        }
    }

    const W: Work = Work {
        groups: 2,
        block: 32,
        per_lane: 3,
    };

    #[test]
    fn every_ir_cell_parses() {
        for op in OpSpec::all() {
            for space in Space::ALL {
                for scope in Scope::ALL {
                    for pattern in Pattern::ALL {
                        let c = Cell {
                            op,
                            scope,
                            space,
                            pattern,
                            threads: 1,
                        };
                        let g = generate(isa("ir"), &c, &W)
                            .unwrap_or_else(|e| panic!("{c}: {e}\n{}", ir_text(&c, &W)));
                        assert!(g.source.contains(&format!("atom.{}", space.name())));
                    }
                }
            }
        }
    }

    #[test]
    fn fragments_assemble_and_lift() {
        for op in OpSpec::all() {
            for space in Space::ALL {
                for scope in Scope::ALL {
                    let c = cell(op.op, op.ty, scope, space, Pattern::Hot);
                    for isa in [isa("lsu"), isa("cdna5"), isa("gfx942"), isa("sm75")] {
                        match generate(isa, &c, &W) {
                            Ok(g) => {
                                assert_eq!(g.source.lines().count(), 3);
                                assert!(matches!(g.inputs, Inputs::Registers { .. }));
                            }
                            Err(Error::CellUnsupported { .. }) => {}
                            Err(e) => panic!("{} {c}: {e}", isa.name()),
                        }
                    }
                }
            }
        }
        let c = cell(
            AtomOp::Add,
            AtomType::B32,
            Scope::Device,
            Space::Global,
            Pattern::Hot,
        );
        assert!(generate(isa("lsu"), &c, &W).is_ok());
        assert!(generate(isa("cdna5"), &c, &W).is_ok());
        assert!(generate(isa("gfx942"), &c, &W).is_ok());
        let g = generate(isa("sm75"), &c, &W).unwrap();
        assert_eq!(
            g.source.lines().next(),
            Some("RED.E.ADD.STRONG.GPU [R0], R2 ;")
        );
    }
}
