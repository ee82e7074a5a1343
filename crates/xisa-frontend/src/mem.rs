//! IR memory operations as instructions of an ISA, both ways:
//! [`Frontend::write_mem`] writes a [`MemSpec`] (an atomic, a load, a store
//! or a fence) on given registers ([`MemRegs`]), and [`read_mem`] reads the
//! operation, its registers by role and its offset back out of one lifted
//! instruction, for every frontend alike (the lifters name ISA registers by
//! their names and temporaries `t.*`, [`xisa_ir::build::is_temporary`]).
//!
//! [`Frontend::write_mem`]: crate::Frontend::write_mem

use std::collections::HashMap;
use std::fmt;

use xisa_ir::{
    Address, AtomOp, AtomType, Kernel, MemKind, MemType, Op, Operand, Order, Reg, Scope, Space,
};

/// An IR atomic (relaxed) to write as one instruction of an ISA.
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

/// A load or store: its space, shape, order and scope as the IR states them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AccessSpec {
    /// The memory space.
    pub space: Space,
    /// Element kind and count.
    pub mem: MemType,
    /// `weak` (a plain access) or an atomic order.
    pub order: Order,
    /// The scope.
    pub scope: Scope,
    /// A load made once for the wave into uniform registers (gfx942's
    /// `s_load_*`, lsu's `uld`).
    pub uniform: bool,
}

/// A memory operation to write as one instruction of an ISA
/// ([`crate::Frontend::write_mem`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemSpec {
    /// A read-modify-write.
    Atomic(AtomicSpec),
    /// A load.
    Load(AccessSpec),
    /// A store.
    Store(AccessSpec),
    /// A fence of a scope and order.
    Fence {
        /// The scope.
        scope: Scope,
        /// The order (acquire, release, ...).
        order: Order,
    },
}

impl MemSpec {
    /// What kind of operation it is, in the plural (`atomics`, `loads`,
    /// `stores`, `fences`), for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            MemSpec::Atomic(_) => "atomics",
            MemSpec::Load(_) => "loads",
            MemSpec::Store(_) => "stores",
            MemSpec::Fence { .. } => "fences",
        }
    }

    /// Its scope.
    pub fn scope(&self) -> Scope {
        match self {
            MemSpec::Atomic(a) => a.scope,
            MemSpec::Load(a) | MemSpec::Store(a) => a.scope,
            MemSpec::Fence { scope, .. } => *scope,
        }
    }

    /// Its order (atomics: relaxed).
    pub fn order(&self) -> Order {
        match self {
            MemSpec::Atomic(_) => Order::Relaxed,
            MemSpec::Load(a) | MemSpec::Store(a) => a.order,
            MemSpec::Fence { order, .. } => *order,
        }
    }

    /// The same operation at `scope` and `order` (an atomic keeps its order).
    pub fn with(&self, scope: Scope, order: Order) -> MemSpec {
        match *self {
            MemSpec::Atomic(a) => MemSpec::Atomic(AtomicSpec { scope, ..a }),
            MemSpec::Load(a) => MemSpec::Load(AccessSpec { scope, order, ..a }),
            MemSpec::Store(a) => MemSpec::Store(AccessSpec { scope, order, ..a }),
            MemSpec::Fence { .. } => MemSpec::Fence { scope, order },
        }
    }

    /// The stronger forms of the operation, most similar first: a wider
    /// scope, then a stronger order (loads: acquire; stores: release; fences:
    /// acquire-release, then sequentially consistent), then both. Each is
    /// always safe in place of the original.
    pub fn stronger(&self) -> Vec<MemSpec> {
        let scopes: Vec<Scope> = Scope::ALL
            .into_iter()
            .filter(|s| *s >= self.scope())
            .collect();
        let mut orders: Vec<Order> = match self {
            MemSpec::Atomic(_) => vec![Order::Relaxed],
            MemSpec::Load(a) => [a.order, Order::Relaxed, Order::Acquire]
                .into_iter()
                .filter(|o| *o >= a.order)
                .collect(),
            MemSpec::Store(a) => [a.order, Order::Relaxed, Order::Release]
                .into_iter()
                .filter(|o| *o >= a.order)
                .collect(),
            MemSpec::Fence { order, .. } => [*order, Order::AcqRel, Order::SeqCst]
                .into_iter()
                .filter(|o| *o >= *order)
                .collect(),
        };
        orders.dedup();
        let mut v = Vec::new();
        for (i, o) in orders.iter().enumerate() {
            for (j, s) in scopes.iter().enumerate() {
                if i + j > 0 {
                    v.push(self.with(*s, *o));
                }
            }
        }
        v
    }
}

/// The IR text of a load/store shape without its space (`b32`, `v4.b32`).
pub fn mem_type_name(m: MemType) -> String {
    match m.count {
        1 => m.kind.name().to_string(),
        n => format!("v{n}.{}", m.kind.name()),
    }
}

impl fmt::Display for MemSpec {
    /// The IR text of the operation (`atom.global.add.b32.device`, with
    /// `.rtn` when it returns; `ld.global.v2.b32.weak.device`;
    /// `fence.acquire.device`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemSpec::Atomic(a) => write!(f, "{a}"),
            MemSpec::Load(a) | MemSpec::Store(a) => write!(
                f,
                "{}{}.{}.{}.{}.{}",
                if matches!(self, MemSpec::Load(_)) {
                    "ld"
                } else {
                    "st"
                },
                if a.uniform { ".uniform" } else { "" },
                a.space.name(),
                mem_type_name(a.mem),
                a.order.name(),
                a.scope.name()
            ),
            MemSpec::Fence { scope, order } => {
                write!(f, "fence.{}.{}", order.name(), scope.name())
            }
        }
    }
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

/// The vector registers (by number) and byte offset a memory instruction is
/// written on: the address (`v[addr:addr+1]` for global, `v[addr]` for
/// shared), the first data register (an atomic's operands, a store's value,
/// a load's destination) and the first register of an atomic's old value
/// (ISAs that return into the data registers ignore `dst`). Fences use none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemRegs {
    /// First register of the address.
    pub addr: u32,
    /// First data register.
    pub data: u32,
    /// First register of an atomic's old value.
    pub dst: u32,
    /// Byte offset added to the address.
    pub offset: i64,
    /// A uniform 64-bit base: the address is the uniform register pair
    /// `ubase` (`s[n:n+1]`, `u[n:n+1]`) plus the zero-extended 32-bit vector
    /// register `addr` (gfx942's and CDNA 5's `saddr` forms, lsu's `ubase`);
    /// `None`: the address is the vector registers at `addr`.
    pub ubase: Option<u32>,
}

impl MemRegs {
    /// The fragment convention: address in `v[0:1]` (or `v0`), data from
    /// `v2` (up to four registers), an atomic's old value from `v6`, no
    /// offset.
    pub const FRAGMENT: MemRegs = MemRegs {
        addr: 0,
        data: 2,
        dst: 6,
        offset: 0,
        ubase: None,
    };
}

/// What a data register of a written instruction holds: a 32-bit word of the
/// operand (an atomic's operand, for `cas` the new value; a store's value)
/// or of the `cas` compare value, by word index (low word 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DataRole {
    /// Word `n` of the operand.
    Value(u8),
    /// Word `n` of the compare value.
    Compare(u8),
}

/// One instruction written for a [`MemSpec`] on [`MemRegs`]: the data
/// registers in the order [`Written::data`] lists them (the ISA's operand
/// layout), and the registers an atomic's old value or a load's result go
/// to in [`Written::returned`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The instruction in the ISA's assembly syntax (one line).
    pub text: String,
    /// The data registers (named as the lifted kernel names them) and what
    /// each holds.
    pub data: Vec<(String, DataRole)>,
    /// The registers of the old value or the loaded data (low word first).
    pub returned: Vec<String>,
}

impl Written {
    /// The registers of the operand (`compare`: of the CAS compare value),
    /// low word first.
    pub fn role(&self, compare: bool) -> Vec<String> {
        let mut v: Vec<(DataRole, &String)> = self
            .data
            .iter()
            .filter(|(_, d)| matches!(d, DataRole::Compare(_)) == compare)
            .map(|(n, d)| (*d, n))
            .collect();
        v.sort();
        v.into_iter().map(|(_, n)| n.clone()).collect()
    }

    /// A load into `words` registers from `{prefix}{first}` (`v2`, a
    /// uniform load's `s2`/`u2`).
    pub fn load_into(text: String, prefix: &str, first: u32, words: u32) -> Written {
        Written {
            text,
            data: Vec::new(),
            returned: (first..first + words)
                .map(|i| format!("{prefix}{i}"))
                .collect(),
        }
    }

    /// A load of `mem` (the data lands in registers from `v[first]`) or a
    /// store (its value is read from them).
    pub fn access(text: String, load: bool, first: u32, mem: MemType) -> Written {
        let words = access_words(mem);
        if load {
            return Written::load_into(text, "v", first, words);
        }
        Written {
            text,
            data: (0..words)
                .map(|i| (format!("v{}", first + i), DataRole::Value(i as u8)))
                .collect(),
            returned: Vec::new(),
        }
    }
}

/// The 32-bit data words of an atomic's operands: the value and, for `cas`,
/// the compare value, before it where `compare_first` (the two layouts ISAs
/// use).
pub fn atomic_data(op: AtomOp, ty: AtomType, compare_first: bool) -> Vec<DataRole> {
    let words = (ty.bytes() / 4) as u8;
    let value = (0..words).map(DataRole::Value);
    if op != AtomOp::Cas {
        return value.collect();
    }
    let compare = (0..words).map(DataRole::Compare);
    if compare_first {
        compare.chain(value).collect()
    } else {
        value.chain(compare).collect()
    }
}

/// The registers a load of `mem` writes or a store reads: one per 32 bits,
/// one for a sub-dword element.
pub fn access_words(mem: MemType) -> u32 {
    mem.bytes().div_ceil(4)
}

/// Whether a fence of `order` is an acquire (`true`) or a release: the two
/// halves a single cache operation performs; other orders take two.
pub fn fence_half(order: Order) -> Result<bool, String> {
    match order {
        Order::Acquire => Ok(true),
        Order::Release => Ok(false),
        o => Err(format!(
            "a cache operation is an acquire or a release, not {o} (two instructions)"
        )),
    }
}

/// Why a writer wrote nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// xisa's writer for the ISA does not write this kind of operation yet.
    NotYet,
    /// No instruction of the ISA performs it exactly; the reason.
    No(String),
}

impl From<String> for Refusal {
    fn from(why: String) -> Refusal {
        Refusal::No(why)
    }
}

impl From<&str> for Refusal {
    fn from(why: &str) -> Refusal {
        Refusal::No(why.to_string())
    }
}

impl Refusal {
    /// The frontend error of a refusal of `spec` by ISA `isa`.
    pub fn error(self, isa: &'static str, spec: &MemSpec) -> crate::FrontendError {
        match self {
            Refusal::NotYet => crate::FrontendError::NoWriter {
                isa,
                what: spec.kind(),
            },
            Refusal::No(why) => crate::FrontendError::NoInstruction {
                isa,
                what: spec.to_string(),
                why,
            },
        }
    }
}

/// How an address is formed, read from the lifted IR (register names, low
/// word first; the constant offset is [`ReadMem::offset`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddrShape {
    /// One register (a 32-bit window offset) or one 64-bit pair.
    Regs(Vec<String>),
    /// A 64-bit pair plus a zero-extended 32-bit register.
    PairPlusZext {
        /// The pair.
        pair: [String; 2],
        /// The 32-bit register.
        reg: String,
    },
    /// Any other computation, of these registers.
    Other(Vec<String>),
}

/// An address computation, as far as [`AddrShape`] needs to see it.
#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Reg(String),
    Imm(u64),
    Zext(Box<Expr>),
    Shl(Box<Expr>, u64),
    Or(Box<Expr>, Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Other,
}

impl Expr {
    /// `zext(lo) | zext(hi) << 32`: the pair's names.
    fn pair(&self) -> Option<[String; 2]> {
        let Expr::Or(a, b) = self else { return None };
        let half = |e: &Expr| match e {
            Expr::Zext(r) => match &**r {
                Expr::Reg(n) => Some((n.clone(), false)),
                _ => None,
            },
            Expr::Shl(z, 32) => match &**z {
                Expr::Zext(r) => match &**r {
                    Expr::Reg(n) => Some((n.clone(), true)),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        match (half(a)?, half(b)?) {
            ((lo, false), (hi, true)) | ((hi, true), (lo, false)) => Some([lo, hi]),
            _ => None,
        }
    }

    fn zext_reg(&self) -> Option<String> {
        match self {
            Expr::Zext(r) => match &**r {
                Expr::Reg(n) => Some(n.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The shape of `self + offset` and its constant part.
    fn shape_and_offset(&self, regs: Vec<String>) -> (AddrShape, i64) {
        if let Expr::Add(a, b) = self {
            for (x, y) in [(a, b), (b, a)] {
                if let Expr::Imm(c) = **y {
                    return (x.shape(regs), c as i64);
                }
            }
        }
        (self.shape(regs), 0)
    }

    fn shape(&self, regs: Vec<String>) -> AddrShape {
        if let Some(p) = self.pair() {
            return AddrShape::Regs(p.to_vec());
        }
        match self {
            Expr::Reg(n) => AddrShape::Regs(vec![n.clone()]),
            Expr::Add(a, b) => {
                for (x, y) in [(a, b), (b, a)] {
                    if let (Some(pair), Some(reg)) = (x.pair(), y.zext_reg()) {
                        return AddrShape::PairPlusZext { pair, reg };
                    }
                }
                AddrShape::Other(regs)
            }
            _ => AddrShape::Other(regs),
        }
    }
}

/// The memory operation of one lifted instruction: what it does and which
/// ISA registers play each role (low word first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadMem {
    /// The operation.
    pub spec: MemSpec,
    /// An atomic's memory order (relaxed is what [`AtomicSpec`] means).
    pub order: Order,
    /// The registers the address is computed from (none for a fence).
    pub addr: Vec<String>,
    /// How the address is formed from them.
    pub shape: AddrShape,
    /// The constant byte offset of the address.
    pub offset: i64,
    /// The registers of an atomic's operand (for `cas`, the new value) or
    /// of a store's value.
    pub value: Vec<String>,
    /// The registers of the `cas` compare value.
    pub compare: Vec<String>,
    /// The registers an atomic's old value or a load's data is written to.
    pub returned: Vec<String>,
    /// The registers the instruction's guard is computed from (an
    /// execution mask, a predicate), empty when it runs unguarded.
    pub guard: Vec<String>,
}

/// Reads the one memory operation of `k`, the lifted kernel of a single
/// instruction: `None` when `k` holds none or several, or a role cannot be
/// told (an address that is not `base + offset`). Each role's registers are
/// the ISA registers its operand is computed from, found by following the
/// temporaries back; the returned registers are those written from the old
/// value or the loaded data after it, in the order of the data's words.
pub fn read_mem(k: &Kernel) -> Option<ReadMem> {
    let insts: Vec<&xisa_ir::Inst> = k.blocks.iter().flat_map(|b| &b.insts).collect();
    read_mem_in(k, &insts)
}

/// [`read_mem`] of the instructions `insts` of `k` (those lifted from one
/// machine instruction, in order: the instructions of one pc).
pub fn read_mem_in(k: &Kernel, insts: &[&xisa_ir::Inst]) -> Option<ReadMem> {
    let is_mem = |op: &Op| {
        matches!(
            op,
            Op::Atomic(_) | Op::Load(_) | Op::Store(_) | Op::Fence { .. }
        )
    };
    let mut mem = insts.iter().enumerate().filter(|(_, i)| is_mem(&i.op));
    let (at, inst) = mem.next()?;
    if mem.next().is_some() {
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
    // Each temporary's computation, for the address's shape.
    let mut exprs: HashMap<Reg, Expr> = HashMap::new();
    let expr = |exprs: &HashMap<Reg, Expr>, o: &Operand| match o {
        Operand::Reg(r) if temp(*r) => exprs.get(r).cloned().unwrap_or(Expr::Other),
        Operand::Reg(r) => Expr::Reg(name(*r)),
        Operand::Imm(c) => Expr::Imm(*c),
    };
    for inst in &insts[..at] {
        let v = sources(&from, &inst.op.uses());
        let e = match &inst.op {
            Op::Mov { src, .. } => expr(&exprs, src),
            Op::Cvt(c) if c.op == xisa_ir::CvtOp::Zext => {
                Expr::Zext(Box::new(expr(&exprs, &c.src)))
            }
            Op::Bin(b) => match (b.op, b.b) {
                (xisa_ir::BinOp::Shl, Operand::Imm(n)) => {
                    Expr::Shl(Box::new(expr(&exprs, &b.a)), n)
                }
                (xisa_ir::BinOp::Or, _) => {
                    Expr::Or(Box::new(expr(&exprs, &b.a)), Box::new(expr(&exprs, &b.b)))
                }
                (xisa_ir::BinOp::Add, _) => {
                    Expr::Add(Box::new(expr(&exprs, &b.a)), Box::new(expr(&exprs, &b.b)))
                }
                _ => Expr::Other,
            },
            _ => Expr::Other,
        };
        for d in inst.op.defs() {
            from.insert(d, v.clone());
            exprs.insert(d, e.clone());
        }
    }
    // After the operation: the ISA registers computed from each result.
    let after = |results: &[Reg]| {
        let mut out: Vec<String> = Vec::new();
        for &r in results {
            if !temp(r) {
                out.push(name(r));
                continue;
            }
            let mut carries = vec![r];
            for inst in &insts[at + 1..] {
                let reads = inst
                    .op
                    .uses()
                    .iter()
                    .any(|o| matches!(o, Operand::Reg(x) if carries.contains(x)));
                if reads {
                    for d in inst.op.defs() {
                        if temp(d) {
                            carries.push(d);
                        } else if !out.contains(&name(d)) {
                            out.push(name(d));
                        }
                    }
                }
            }
        }
        out
    };
    let guard = inst
        .guard
        .map(|g| sources(&from, &[Operand::Reg(g.reg)]))
        .unwrap_or_default();
    let access = |space, mem, order, scope, uniform| AccessSpec {
        space,
        mem,
        order,
        scope,
        uniform,
    };
    // The operation, its order, and (but for a fence) its address and the
    // roles of its registers: value, compare, results.
    type Roles<'a> = (&'a Address, Vec<String>, Vec<String>, Vec<Reg>);
    let (spec, order, roles): (MemSpec, Order, Option<Roles>) = match &inst.op {
        Op::Atomic(a) => (
            MemSpec::Atomic(AtomicSpec {
                op: a.op,
                ty: a.ty,
                space: a.space,
                scope: a.scope,
                returns: a.dst.is_some(),
            }),
            a.order,
            Some((
                &a.addr,
                sources(&from, &[a.src]),
                a.cmp.map(|c| sources(&from, &[c])).unwrap_or_default(),
                a.dst.into_iter().collect(),
            )),
        ),
        Op::Load(l) => (
            MemSpec::Load(access(l.space, l.mem, l.order, l.scope, l.uniform)),
            l.order,
            Some((&l.addr, Vec::new(), Vec::new(), l.dsts.clone())),
        ),
        Op::Store(st) => (
            MemSpec::Store(access(st.space, st.mem, st.order, st.scope, false)),
            st.order,
            Some((&st.addr, sources(&from, &st.srcs), Vec::new(), Vec::new())),
        ),
        Op::Fence { scope, order } => (
            MemSpec::Fence {
                scope: *scope,
                order: *order,
            },
            *order,
            None,
        ),
        _ => return None,
    };
    let Some((addr, value, compare, results)) = roles else {
        return Some(ReadMem {
            spec,
            order,
            addr: Vec::new(),
            shape: AddrShape::Regs(Vec::new()),
            offset: 0,
            value: Vec::new(),
            compare: Vec::new(),
            returned: Vec::new(),
            guard,
        });
    };
    // Only `base + offset` addresses have roles to read.
    let Address::Flat { base, offset } = addr else {
        return None;
    };
    let regs = sources(&from, &[*base]);
    let (shape, constant) = expr(&exprs, base).shape_and_offset(regs.clone());
    Some(ReadMem {
        spec,
        order,
        addr: regs,
        shape,
        offset: offset.wrapping_add(constant),
        value,
        compare,
        returned: after(&results),
        guard,
    })
}

/// Every kind and count of load or store the IR has: the sub-dword kinds
/// alone, 32-bit words one to four, and the 64-bit element.
pub fn access_shapes() -> Vec<MemType> {
    let mut v: Vec<MemType> = [MemKind::U8, MemKind::S8, MemKind::U16, MemKind::S16]
        .into_iter()
        .map(MemType::scalar)
        .collect();
    v.extend((1..=4).map(|count| MemType {
        kind: MemKind::B32,
        count,
    }));
    v.push(MemType::scalar(MemKind::B64));
    v
}

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

/// Every IR memory operation: the atomics of [`atomic_specs`], loads and
/// stores of every shape (weak, relaxed, and acquire loads / release
/// stores) in global and shared memory, uniform loads of global words, and
/// fences of every order but weak and relaxed; each at every scope, the
/// scope varying fastest (the coverage matrix's rows are runs of
/// `Scope::ALL`).
pub fn mem_specs() -> Vec<MemSpec> {
    let mut v: Vec<MemSpec> = atomic_specs().into_iter().map(MemSpec::Atomic).collect();
    for load in [true, false] {
        let strong = if load { Order::Acquire } else { Order::Release };
        for mem in access_shapes() {
            for space in [Space::Global, Space::Shared] {
                // Uniform loads of global words, in rows of their own.
                let uniform = load && space == Space::Global && mem.kind == MemKind::B32;
                for uniform in [false, true].into_iter().filter(|u| !u || uniform) {
                    for order in [Order::Weak, Order::Relaxed, strong] {
                        for scope in Scope::ALL {
                            let a = AccessSpec {
                                space,
                                mem,
                                order,
                                scope,
                                uniform,
                            };
                            v.push(if load {
                                MemSpec::Load(a)
                            } else {
                                MemSpec::Store(a)
                            });
                        }
                    }
                }
            }
        }
    }
    for order in [Order::Acquire, Order::Release, Order::AcqRel, Order::SeqCst] {
        for scope in Scope::ALL {
            v.push(MemSpec::Fence { scope, order });
        }
    }
    v
}
