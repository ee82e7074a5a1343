//! IR atomics as instructions of an ISA, both ways: [`Frontend::write_atomic`]
//! writes an [`AtomicSpec`] on given registers ([`AtomicRegs`]), and
//! [`read_atomic`] reads the atomic, its registers by role and its offset
//! back out of one lifted instruction, for every frontend alike (the lifters
//! name ISA registers by their names and temporaries `t.*`,
//! [`xisa_ir::build::is_temporary`]).
//!
//! [`Frontend::write_atomic`]: crate::Frontend::write_atomic

use std::collections::HashMap;
use std::fmt;

use xisa_ir::{Address, AtomOp, AtomType, Kernel, Op, Operand, Order, Reg, Scope, Space};

/// An IR atomic to write as one instruction of an ISA
/// ([`Frontend::write_atomic`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AtomicSpec {
    /// The operation.
    pub op: AtomOp,
    /// The type in memory.
    pub ty: AtomType,
    /// The memory space.
    pub space: Space,
    /// The scope.
    pub scope: Scope,
    /// The instruction returns the old value.
    pub returns: bool,
}

impl fmt::Display for AtomicSpec {
    /// The IR text of the operation (`atom.global.add.b32.device`, with
    /// `.rtn` when it returns).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "atom.{}.{}.{}.{}{}",
            self.space.name(),
            self.op.name(),
            self.ty.name(),
            self.scope.name(),
            if self.returns { ".rtn" } else { "" }
        )
    }
}

/// The vector registers (by number) and byte offset an atomic instruction
/// is written on: the address (`v[addr:addr+1]` for global, `v[addr]` for
/// shared), the first data register and the first register of the returned
/// value (ISAs that return into the data registers ignore `dst`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AtomicRegs {
    /// First register of the address.
    pub addr: u32,
    /// First data register.
    pub data: u32,
    /// First register of the returned value.
    pub dst: u32,
    /// Byte offset added to the address.
    pub offset: i64,
}

impl AtomicRegs {
    /// The fragment convention: address in `v[0:1]` (or `v0`), data from
    /// `v2` (up to four registers), the returned value from `v6`, no offset.
    pub const FRAGMENT: AtomicRegs = AtomicRegs {
        addr: 0,
        data: 2,
        dst: 6,
        offset: 0,
    };
}

/// What a data register of a written atomic holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AtomicData {
    /// The operand (for `cas`, the new value); `hi`: its high 32 bits.
    Value {
        /// The high word of a 64-bit value.
        hi: bool,
    },
    /// The `cas` compare value; `hi`: its high 32 bits.
    Compare {
        /// The high word of a 64-bit value.
        hi: bool,
    },
}

/// One instruction written for an [`AtomicSpec`] on [`AtomicRegs`]: the
/// data registers in the order [`WrittenAtomic::data`] lists them (the
/// ISA's operand layout), the old value, when returned, in
/// [`WrittenAtomic::returned`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenAtomic {
    /// The instruction in the ISA's assembly syntax (one line).
    pub text: String,
    /// The data registers (named as the lifted kernel names them) and what
    /// each holds.
    pub data: Vec<(String, AtomicData)>,
    /// The registers of the returned old value (low word first).
    pub returned: Vec<String>,
}

impl WrittenAtomic {
    /// The registers of the operand (`compare`: of the CAS compare value),
    /// low word first.
    pub fn role(&self, compare: bool) -> Vec<String> {
        let mut v: Vec<(bool, &String)> = self
            .data
            .iter()
            .filter_map(|(n, d)| match *d {
                AtomicData::Value { hi } if !compare => Some((hi, n)),
                AtomicData::Compare { hi } if compare => Some((hi, n)),
                _ => None,
            })
            .collect();
        v.sort();
        v.into_iter().map(|(_, n)| n.clone()).collect()
    }
}

/// The 32-bit data words of an atomic's operands, low word first: the value
/// and, for `cas`, the compare value, before it where `compare_first` (the
/// two layouts ISAs use).
pub fn atomic_data(op: AtomOp, ty: AtomType, compare_first: bool) -> Vec<AtomicData> {
    let words = if ty.bytes() == 8 { 2 } else { 1 };
    let part = |f: fn(bool) -> AtomicData| (0..words).map(move |w| f(w == 1));
    let value = part(|hi| AtomicData::Value { hi });
    if op != AtomOp::Cas {
        return value.collect();
    }
    let compare = part(|hi| AtomicData::Compare { hi });
    if compare_first {
        compare.chain(value).collect()
    } else {
        value.chain(compare).collect()
    }
}

/// The atomic of one lifted instruction: what it does and which ISA
/// registers play each role (low word first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadAtomic {
    /// The operation.
    pub spec: AtomicSpec,
    /// Its memory order.
    pub order: Order,
    /// The registers the address is computed from.
    pub addr: Vec<String>,
    /// The constant byte offset of the address.
    pub offset: i64,
    /// The registers of the operand (for `cas`, the new value).
    pub value: Vec<String>,
    /// The registers of the `cas` compare value.
    pub compare: Vec<String>,
    /// The registers the old value is written to.
    pub returned: Vec<String>,
}

/// Reads the one atomic of `k`, the lifted kernel of a single instruction:
/// `None` when `k` holds no atomic or several, or a register role cannot be
/// told (an address that is not `base + offset`). Each role's registers are
/// the ISA registers its operand is computed from, found by following the
/// temporaries back; the returned registers are those written from the old
/// value after the atomic.
pub fn read_atomic(k: &Kernel) -> Option<ReadAtomic> {
    let insts: Vec<&xisa_ir::Inst> = k.blocks.iter().flat_map(|b| &b.insts).collect();
    let mut atomics = insts
        .iter()
        .enumerate()
        .filter_map(|(i, inst)| match &inst.op {
            Op::Atomic(a) => Some((i, a)),
            _ => None,
        });
    let (at, a) = atomics.next()?;
    if atomics.next().is_some() {
        return None;
    }
    let name = |r: Reg| k.regs[r.0 as usize].name.clone();
    let temp = |r: Reg| xisa_ir::build::is_temporary(&k.regs[r.0 as usize].name);
    // What each temporary is computed from, in program order.
    let mut from: HashMap<Reg, Vec<String>> = HashMap::new();
    let sources = |from: &HashMap<Reg, Vec<String>>, ops: &[Operand]| {
        let mut v: Vec<String> = Vec::new();
        for o in ops {
            if let Operand::Reg(r) = o {
                let names = if temp(*r) {
                    from.get(r).cloned().unwrap_or_default()
                } else {
                    vec![name(*r)]
                };
                for n in names {
                    if !v.contains(&n) {
                        v.push(n);
                    }
                }
            }
        }
        v
    };
    for inst in &insts[..at] {
        let v = sources(&from, &inst.op.uses());
        for d in inst.op.defs() {
            from.insert(d, v.clone());
        }
    }
    let Address::Flat { base, offset } = a.addr else {
        return None;
    };
    // After the atomic: registers computed from the old value.
    let mut returned = Vec::new();
    if let Some(old) = a.dst {
        let mut carries = vec![old];
        for inst in &insts[at + 1..] {
            let reads_old = inst
                .op
                .uses()
                .iter()
                .any(|o| matches!(o, Operand::Reg(r) if carries.contains(r)));
            if reads_old {
                for d in inst.op.defs() {
                    if temp(d) {
                        carries.push(d);
                    } else if !returned.contains(&name(d)) {
                        returned.push(name(d));
                    }
                }
            }
        }
        if !temp(old) {
            returned.insert(0, name(old));
        }
    }
    Some(ReadAtomic {
        spec: AtomicSpec {
            op: a.op,
            ty: a.ty,
            space: a.space,
            scope: a.scope,
            returns: a.dst.is_some(),
        },
        order: a.order,
        addr: sources(&from, &[base]),
        offset,
        value: sources(&from, &[a.src]),
        compare: a.cmp.map(|c| sources(&from, &[c])).unwrap_or_default(),
        returned,
    })
}
