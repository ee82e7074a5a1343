//! Benchmark kernels per ISA: an atomic loop in IR text, or straight-line
//! fragments assembled from lsu / CDNA 5 assembly and lifted from their
//! encodings.

use std::fmt::Write as _;

use xisa::{Isa, Module};

use crate::matrix::{AtomOp, AtomTy, Cell, Pattern, Scope, Space, Work};
use crate::Error;

/// The ISA benchmark kernels are written in: any frontend's ISA (those
/// without a generator in [`GENERATORS`] are refused with the reason).
pub type BenchIsa = Isa;

/// How one ISA's atomic benchmark kernels are written: the kernel text of a
/// cell, and whether it is a fragment whose registers are set per lane
/// (`Some(cas_cmp_first)`: the CAS operand order of its data registers) or
/// an IR kernel taking parameters (`None`).
struct Generator {
    isa: &'static str,
    text: fn(&Cell, &Work) -> Result<String, Error>,
    fragment: Option<bool>,
}

/// The ISAs the bench writes atomic kernels in. The text is assembled by the
/// ISA's frontend and loaded like any module.
const GENERATORS: &[Generator] = &[
    Generator {
        isa: "ir",
        text: |c, w| Ok(ir_text(c, w)),
        fragment: None,
    },
    Generator {
        isa: "lsu",
        text: lsu_text,
        fragment: Some(true),
    },
    Generator {
        isa: "cdna5",
        text: cdna5_text,
        fragment: Some(false),
    },
];

fn generator(isa: Isa) -> Result<&'static Generator, Error> {
    GENERATORS
        .iter()
        .find(|g| g.isa == isa.name())
        .ok_or(Error::IsaUnavailable {
            isa: isa.name(),
            missing: "no benchmark generator writes atomic kernels in this ISA yet \
                      (crates/xisa-bench/src/gen.rs, GENERATORS: ir, lsu, cdna5)",
        })
}

/// An error when this build cannot produce benchmark kernels in `isa`.
pub fn check_available(isa: Isa) -> Result<(), Error> {
    generator(isa).map(|_| ())
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

/// Generates the kernel of `cell` in `isa`: its text, assembled by the
/// frontend, loaded and lifted.
pub fn generate(isa: BenchIsa, cell: &Cell, work: &Work) -> Result<Generated, Error> {
    let g = generator(isa)?;
    let source = (g.text)(cell, work)?;
    let bytes = isa
        .frontend()
        .assemble(&source)
        .map_err(|e| Error::Generate(format!("{isa}: {e}")))?;
    let module = Module::from_bytes(&bytes, &format!("bench.{isa}"), Some(isa))?;
    let inputs = match g.fragment {
        None => Inputs::Params,
        Some(cmp_first) => fragment_inputs(&module, cell, &data_regs(cell, cmp_first))?,
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
    let size = ty.bytes();
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
    let k = module.pick_kernel(None)?;
    k.regs
        .iter()
        .position(|r| r.name == name)
        .ok_or_else(|| Error::Generate(format!("lifted kernel has no register {name}")))
}

fn fragment_inputs(
    module: &Module,
    cell: &Cell,
    data_regs: &[(&str, u64)],
) -> Result<Inputs, Error> {
    let (addr_lo, addr_hi) = match cell.space {
        Space::Global => (reg(module, "v0")?, Some(reg(module, "v1")?)),
        Space::Shared => (reg(module, "v0")?, None),
    };
    let data = data_regs
        .iter()
        .map(|(n, v)| Ok((reg(module, n)?, *v)))
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Inputs::Registers {
        addr_lo,
        addr_hi,
        data,
        exec: reg(module, "exec").ok(),
    })
}

/// The data registers (name, value) of a fragment: the value in v2 (and v3
/// for 64-bit), and for `cas` the compare value after/before it.
fn data_regs(cell: &Cell, cas_cmp_first: bool) -> Vec<(&'static str, u64)> {
    let v = cell.op.value_bits();
    let wide = cell.op.ty.bytes() == 8;
    let split = |x: u64| (x & 0xffff_ffff, x >> 32);
    let (lo, hi) = split(v);
    match (cell.op.op == AtomOp::Cas, wide, cas_cmp_first) {
        (false, false, _) => vec![("v2", v)],
        (false, true, _) => vec![("v2", lo), ("v3", hi)],
        // lsu: data0 = compare, data1 = new.
        (true, false, true) => vec![("v2", 0), ("v3", v)],
        (true, true, true) => vec![("v2", 0), ("v3", 0), ("v4", lo), ("v5", hi)],
        // CDNA: data0 = new, data1 = compare.
        (true, false, false) => vec![("v2", v), ("v3", 0)],
        (true, true, false) => vec![("v2", lo), ("v3", hi), ("v4", 0), ("v5", 0)],
    }
}

/// The lsu mnemonic of `cell`'s op (without the `atom.SPACE.` prefix).
pub fn lsu_mnemonic(cell: &Cell) -> Option<&'static str> {
    use AtomOp::*;
    use AtomTy::*;
    Some(match (cell.op.op, cell.op.ty) {
        (Add, B32) => "add.u32",
        (Sub, B32) => "sub.u32",
        (And, B32) => "and.b32",
        (Or, B32) => "or.b32",
        (Xor, B32) => "xor.b32",
        (SMin, B32) => "min.i32",
        (SMax, B32) => "max.i32",
        (UMin, B32) => "min.u32",
        (UMax, B32) => "max.u32",
        (Exch, B32) => "xchg.b32",
        (Cas, B32) => "cmpxchg.b32.rtn",
        (Inc, B32) => "inc.u32",
        (Dec, B32) => "dec.u32",
        (FAdd, F32) => "fadd.f32",
        (FMin, F32) => "fmin.f32",
        (FMax, F32) => "fmax.f32",
        (Add, B64) => "add.u64",
        (And, B64) => "and.b64",
        (Or, B64) => "or.b64",
        (Xor, B64) => "xor.b64",
        (SMin, B64) => "min.i64",
        (SMax, B64) => "max.i64",
        (UMin, B64) => "min.u64",
        (UMax, B64) => "max.u64",
        (Exch, B64) => "xchg.b64",
        (Cas, B64) => "cmpxchg.b64.rtn",
        _ => return None,
    })
}

/// The lsu assembly of `cell`: `work.per_lane` atomics, unrolled.
pub fn lsu_text(cell: &Cell, work: &Work) -> Result<String, Error> {
    let isa: Isa = "lsu".parse()?;
    let m = lsu_mnemonic(cell).ok_or_else(|| unsupported(isa, cell, "no lsu instruction"))?;
    let wide = cell.op.ty.bytes() == 8;
    let data = match (cell.op.op == AtomOp::Cas, wide) {
        (false, false) => "v2",
        (false, true) | (true, false) => "v[2:3]",
        (true, true) => "v[2:5]",
    };
    let line = match cell.space {
        Space::Global => {
            let cpol = match cell.scope {
                Scope::Wave => return Err(unsupported(isa, cell, "cpol has no wave scope")),
                Scope::Workgroup => "scope:wg",
                Scope::Device => "scope:dev",
                Scope::System => "scope:sys",
            };
            format!("atom.global.{m} {data}, v[0:1], 0, {cpol}\n")
        }
        Space::Shared => {
            if cell.scope != Scope::Workgroup {
                return Err(unsupported(
                    isa,
                    cell,
                    "shared atomics have workgroup scope only",
                ));
            }
            format!("atom.shared.{m} {data}, v0, 0\n")
        }
    };
    Ok(line.repeat(work.per_lane as usize))
}

/// The CDNA 5 mnemonic of `cell`'s op.
pub fn cdna5_mnemonic(cell: &Cell) -> Option<&'static str> {
    use AtomOp::*;
    use AtomTy::*;
    Some(match (cell.op.op, cell.op.ty) {
        (Add, B32) => "global_atomic_add_u32",
        (Sub, B32) => "global_atomic_sub_u32",
        (And, B32) => "global_atomic_and_b32",
        (Or, B32) => "global_atomic_or_b32",
        (Xor, B32) => "global_atomic_xor_b32",
        (SMin, B32) => "global_atomic_min_i32",
        (SMax, B32) => "global_atomic_max_i32",
        (UMin, B32) => "global_atomic_min_u32",
        (UMax, B32) => "global_atomic_max_u32",
        (Exch, B32) => "global_atomic_swap_b32",
        (Cas, B32) => "global_atomic_cmpswap_b32",
        (Inc, B32) => "global_atomic_inc_u32",
        (Dec, B32) => "global_atomic_dec_u32",
        (Add, B64) => "global_atomic_add_u64",
        (Sub, B64) => "global_atomic_sub_u64",
        (And, B64) => "global_atomic_and_b64",
        (Or, B64) => "global_atomic_or_b64",
        (Xor, B64) => "global_atomic_xor_b64",
        (SMin, B64) => "global_atomic_min_i64",
        (SMax, B64) => "global_atomic_max_i64",
        (UMin, B64) => "global_atomic_min_u64",
        (UMax, B64) => "global_atomic_max_u64",
        (Exch, B64) => "global_atomic_swap_b64",
        (Cas, B64) => "global_atomic_cmpswap_b64",
        (Inc, B64) => "global_atomic_inc_u64",
        (Dec, B64) => "global_atomic_dec_u64",
        (FAdd, F32) => "global_atomic_add_f32",
        (FMin, F32) => "global_atomic_min_num_f32",
        (FMax, F32) => "global_atomic_max_num_f32",
        (FAdd, F16x2) => "global_atomic_pk_add_f16",
        (FAdd, BF16x2) => "global_atomic_pk_add_bf16",
        _ => return None,
    })
}

/// The CDNA 5 VGLOBAL assembly of `cell`: `work.per_lane` atomics, unrolled.
pub fn cdna5_text(cell: &Cell, work: &Work) -> Result<String, Error> {
    let isa: Isa = "cdna5".parse()?;
    let m = cdna5_mnemonic(cell).ok_or_else(|| unsupported(isa, cell, "no VGLOBAL atomic"))?;
    if cell.space != Space::Global {
        return Err(unsupported(
            isa,
            cell,
            "only VGLOBAL (global) atomics are lifted",
        ));
    }
    let scope = match cell.scope {
        Scope::Wave => {
            return Err(unsupported(
                isa,
                cell,
                "no wave scope (CU is the narrowest)",
            ))
        }
        Scope::Workgroup => "SCOPE_CU",
        Scope::Device => "SCOPE_DEV",
        Scope::System => "SCOPE_SYS",
    };
    let wide = cell.op.ty.bytes() == 8;
    let line = match (cell.op.op == AtomOp::Cas, wide) {
        (false, false) => format!("{m} v[0:1], v2, off scope:{scope}\n"),
        (false, true) => format!("{m} v[0:1], v[2:3], off scope:{scope}\n"),
        (true, false) => {
            format!("{m} v3, v[0:1], v[2:3], off th:TH_ATOMIC_RETURN scope:{scope}\n")
        }
        (true, true) => {
            format!("{m} v[4:5], v[0:1], v[2:5], off th:TH_ATOMIC_RETURN scope:{scope}\n")
        }
    };
    Ok(line.repeat(work.per_lane as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::OpSpec;

    fn isa(name: &str) -> Isa {
        name.parse().unwrap()
    }

    fn cell(op: AtomOp, ty: AtomTy, scope: Scope, space: Space, pattern: Pattern) -> Cell {
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
                    for isa in [isa("lsu"), isa("cdna5")] {
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
            AtomTy::B32,
            Scope::Device,
            Space::Global,
            Pattern::Hot,
        );
        assert!(generate(isa("lsu"), &c, &W).is_ok());
        assert!(generate(isa("cdna5"), &c, &W).is_ok());
        assert!(matches!(
            generate(isa("sm75"), &c, &W),
            Err(Error::IsaUnavailable { .. })
        ));
    }
}
