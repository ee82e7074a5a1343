//! Cross-ISA porting (`xisa port`): each instruction of a program (or each
//! machine instruction of each kernel of a module) is lifted to the IR, its
//! memory operation read back out of the IR ([`xisa_frontend::read_mem`])
//! and written as the target ISA's instruction by the target's frontend
//! ([`xisa_frontend::Frontend::write_mem`]), on the same registers where
//! the target's operand layout allows it; a scope or order the target
//! cannot name is strengthened, an operation no instruction performs is
//! expanded into several where the IR's memory model allows. Every
//! instruction gets a [`Verdict`]; none is dropped.
//!
//! What is ported today (`docs/porting.md`): atomics between lsu, CDNA 5,
//! gfx942 and sm_75; loads, stores and fences between lsu, gfx942 and
//! sm_75; uniform loads between lsu and gfx942; vector addresses and
//! uniform bases. Other address forms, predicated instructions and ordered
//! atomics are not done yet: such instructions get [`Verdict::NotYet`]
//! with the reason.

use std::fmt;

use xisa::Isa;
use xisa_frontend::{
    mem_type_name, read_mem, read_mem_in, AccessSpec, AddrShape, AtomicSpec, DisasmOptions,
    FrontendError, MemRegs, MemSpec, ReadMem, Written,
};
use xisa_ir::{Op, Order, Scope};

/// What became of one instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The target instruction does exactly what the source did.
    Exact,
    /// The target instruction is stronger (a wider scope, a stronger
    /// order): always safe.
    Strengthened {
        /// What changed (`scope workgroup -> device`).
        change: String,
        /// Why the exact form is not available in the target.
        why: String,
    },
    /// The target needs several instructions for it (the target column
    /// lists them).
    Expanded {
        /// The operations written, in order.
        how: String,
        /// Why one instruction does not do it.
        why: String,
    },
    /// The target ISA cannot do it; the reason.
    Impossible(String),
    /// xisa does not port this yet; the reason.
    NotYet(String),
    /// Not a memory, atomic, fence or cache instruction: outside porting.
    Outside,
}

impl Verdict {
    /// The verdict's name (`exact`, `strengthened`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Exact => "exact",
            Verdict::Strengthened { .. } => "strengthened",
            Verdict::Expanded { .. } => "expanded",
            Verdict::Impossible(_) => "impossible",
            Verdict::NotYet(_) => "not yet",
            Verdict::Outside => "outside",
        }
    }

    /// The reason (for a strengthening: why the exact form is not
    /// available), where the verdict has one.
    pub fn reason(&self) -> &str {
        match self {
            Verdict::Strengthened { why, .. } | Verdict::Expanded { why, .. } => why,
            Verdict::Impossible(s) | Verdict::NotYet(s) => s,
            Verdict::Exact | Verdict::Outside => "",
        }
    }

    /// The change and reason, as the report prints them.
    pub fn detail(&self) -> String {
        match self {
            Verdict::Strengthened { change, why } => format!("{change} ({why})"),
            Verdict::Expanded { how, why } => format!("as {how} ({why})"),
            v => v.reason().to_string(),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.detail().as_str() {
            "" => f.write_str(self.name()),
            d => write!(f, "{}: {d}", self.name()),
        }
    }
}

/// One source instruction and what it became.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ported {
    /// Index of the instruction in the program (in a module: in its kernel).
    pub index: usize,
    /// Where it is: its index in a program (`3`), its kernel and byte
    /// offset in a module (`hist_global+0x80`).
    pub location: String,
    /// The source instruction as the source ISA prints it.
    pub source: String,
    /// Its memory operation in IR text (empty where it has none).
    pub ir: String,
    /// The verdict.
    pub verdict: Verdict,
    /// The target instructions (empty unless ported).
    pub target: Vec<String>,
    /// Where the target reads or writes other registers than the source
    /// did (the target ISA's operand layout), what to move.
    pub registers: Option<String>,
}

/// Why a program could not be ported at all.
#[derive(Debug, thiserror::Error)]
pub enum PortError {
    /// The source program does not decode or assemble.
    #[error("{isa}: {source}")]
    Source {
        isa: &'static str,
        #[source]
        source: FrontendError,
    },
    /// A kernel of a module does not load or lift.
    #[error("{isa}: {source}")]
    Module {
        isa: &'static str,
        #[source]
        source: FrontendError,
    },
    /// An instruction's listing does not assemble back (a frontend defect).
    #[error("{isa}: instruction {index} (`{text}`) does not reassemble: {source}")]
    Reassemble {
        isa: &'static str,
        index: usize,
        text: String,
        #[source]
        source: FrontendError,
    },
}

/// Ports `program` (instruction words, or assembly text, or a module: a
/// cubin, a code object; then every kernel, or only `kernel`) from `from`
/// to `to`.
pub fn port(
    program: &[u8],
    from: Isa,
    to: Isa,
    kernel: Option<&str>,
) -> Result<Vec<Ported>, PortError> {
    let src = from.frontend();
    let err = |source| PortError::Source {
        isa: from.name(),
        source,
    };
    if src.detect(program) {
        return port_module(program, from, to, kernel);
    }
    let words = if xisa_frontend::looks_like_text(program) {
        src.assemble(&String::from_utf8_lossy(program))
            .map_err(err)?
    } else {
        program.to_vec()
    };
    let opts = DisasmOptions {
        raw: true,
        ..DisasmOptions::default()
    };
    let listing = src.disassemble(&words, &opts).map_err(err)?;
    listing
        .lines()
        .map(strip_offset)
        .filter(|l| !l.is_empty())
        .enumerate()
        .map(|(index, text)| port_one(from, to, index, text))
        .collect()
}

/// Ports each machine instruction of each kernel of a module (or of
/// `only`): the kernel is lifted whole, and the IR instructions of one pc
/// are that machine instruction.
fn port_module(
    bytes: &[u8],
    from: Isa,
    to: Isa,
    only: Option<&str>,
) -> Result<Vec<Ported>, PortError> {
    let err = |source| PortError::Module {
        isa: from.name(),
        source,
    };
    let module = from.frontend().load(bytes).map_err(err)?;
    let names: Vec<String> = match only {
        Some(k) => vec![k.to_string()],
        None => module.kernels().iter().map(|k| k.name.clone()).collect(),
    };
    let mut out = Vec::new();
    for name in names {
        let k = module.lift(&name).map_err(err)?;
        // The IR of one machine instruction may span blocks (a lifted
        // loop): gather it by pc, in program order.
        let mut groups: std::collections::BTreeMap<u64, Vec<&xisa_ir::Inst>> =
            std::collections::BTreeMap::new();
        for i in k.blocks.iter().flat_map(|b| &b.insts) {
            if let Some(pc) = i.pc {
                groups.entry(pc).or_default().push(i);
            }
        }
        for (index, (pc, group)) in groups.iter().enumerate() {
            let ir = memory_ir_of(&k, group);
            // A module's instructions are named by where they are; their
            // memory operations (the IR) say what they do.
            let mut ported = Ported {
                index,
                location: format!("{name}+{pc:#x}"),
                source: ir.clone(),
                ir,
                verdict: Verdict::Outside,
                target: Vec::new(),
                registers: None,
            };
            if group.iter().any(|i| is_memory(&i.op)) {
                port_read(read_mem_in(&k, group), from, to, &mut ported);
            }
            out.push(ported);
        }
    }
    Ok(out)
}

/// A listing line without its `/*offset*/` prefix.
fn strip_offset(line: &str) -> &str {
    let l = line.trim();
    match l.strip_prefix("/*").and_then(|r| r.split_once("*/")) {
        Some((_, rest)) => rest.trim(),
        None => l,
    }
}

fn port_one(from: Isa, to: Isa, index: usize, text: &str) -> Result<Ported, PortError> {
    let src = from.frontend();
    let reassemble = |source| PortError::Reassemble {
        isa: from.name(),
        index,
        text: text.to_string(),
        source,
    };
    let words = src.assemble(text).map_err(reassemble)?;
    let module = src.load(&words).map_err(reassemble)?;
    let Some(entry) = module.kernels().first() else {
        return Err(reassemble(FrontendError::Load(
            "the instruction loads as no kernel".into(),
        )));
    };
    let kernel = module.lift(&entry.name.clone()).map_err(reassemble)?;
    let insts: Vec<&xisa_ir::Inst> = kernel.blocks.iter().flat_map(|b| &b.insts).collect();
    let mut ported = Ported {
        index,
        location: index.to_string(),
        source: text.to_string(),
        ir: memory_ir_of(&kernel, &insts),
        verdict: Verdict::Outside,
        target: Vec::new(),
        registers: None,
    };
    if insts.iter().any(|i| is_memory(&i.op)) {
        port_read(read_mem(&kernel), from, to, &mut ported);
    }
    Ok(ported)
}

/// Ports the memory operation `read` (of one machine instruction) into
/// `ported`.
fn port_read(read: Option<ReadMem>, from: Isa, to: Isa, ported: &mut Ported) {
    let Some(read) = read else {
        ported.verdict = Verdict::NotYet(
            "its memory operations are not one access at a register plus an offset \
             (buffer, surface and multi-access forms are not ported yet)"
                .into(),
        );
        return;
    };
    let exec = from.info().exec_mask;
    if !read.guard.iter().all(|g| exec.contains(&g.as_str())) {
        ported.verdict = Verdict::NotYet(format!(
            "it is predicated ({}): predicated instructions are not ported yet",
            read.guard.join(", ")
        ));
        return;
    }
    match port_mem(&read, from, to) {
        Ok((verdict, written, registers)) => {
            ported.verdict = verdict;
            ported.target = written.into_iter().map(|w| w.text).collect();
            ported.registers = registers;
        }
        Err(v) => ported.verdict = v,
    }
}

/// The IR text of the memory operations of the instructions `insts` of `k`.
fn memory_ir_of(k: &xisa_ir::Kernel, insts: &[&xisa_ir::Inst]) -> String {
    insts
        .iter()
        .filter(|i| is_memory(&i.op))
        .map(|i| {
            let bare = xisa_ir::Inst {
                pc: None,
                ..(*i).clone()
            };
            xisa_ir::text::print_inst(k, &bare)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A memory operation to port: loads, stores, atomics and fences, but not
/// the reads of kernel parameters and constant banks (a machine
/// instruction's operands, e.g. sm_75's `c[0x0][0x160]`).
fn is_memory(op: &Op) -> bool {
    match op {
        Op::Load(l) => !matches!(l.space, xisa_ir::Space::Param | xisa_ir::Space::Const),
        Op::Store(_) | Op::Atomic(_) | Op::Fence { .. } => true,
        _ => false,
    }
}

/// The number of a vector register of `isa` (`v5`, sm_75's `r5`).
fn vreg(isa: Isa, name: &str) -> Option<u32> {
    name.strip_prefix(isa.info().vector_registers?)?
        .parse()
        .ok()
}

/// Consecutive vector registers of `isa` from the first: its number.
fn consecutive(isa: Isa, names: &[String]) -> Option<u32> {
    consecutive_by(names, |n| vreg(isa, n))
}

/// Consecutive registers numbered by `num` from the first: its number.
fn consecutive_by(names: &[String], num: impl Fn(&str) -> Option<u32>) -> Option<u32> {
    let first = num(names.first()?)?;
    names
        .iter()
        .enumerate()
        .all(|(i, n)| num(n) == Some(first + i as u32))
        .then_some(first)
}

/// The number of a uniform register of `isa` (`s4`, `u4`, sm_75's `ur4`).
fn ureg(isa: Isa, name: &str) -> Option<u32> {
    name.strip_prefix(isa.info().uniform_registers?)?
        .parse()
        .ok()
}

/// The address registers of `read` as [`MemRegs`] takes them: a vector
/// address (`addr`), or a uniform pair plus a zero-extended vector offset
/// (`addr`, `ubase`). Registers keep their numbers across ISAs.
fn address(read: &ReadMem, from: Isa, uniform: bool) -> Result<(u32, Option<u32>), Verdict> {
    let not_yet = || {
        Verdict::NotYet(format!(
            "the address comes from {}: only a vector address, or a uniform pair plus a \
             32-bit vector offset, is ported yet",
            read.addr.join(", ")
        ))
    };
    match &read.shape {
        // A uniform load reads at a uniform pair.
        AddrShape::Regs(r) if uniform => Ok((
            consecutive_by(r, |n| ureg(from, n)).ok_or_else(not_yet)?,
            None,
        )),
        AddrShape::Regs(r) => Ok((consecutive(from, r).ok_or_else(not_yet)?, None)),
        AddrShape::PairPlusZext { pair, reg } => {
            let lo = ureg(from, &pair[0]).ok_or_else(not_yet)?;
            if ureg(from, &pair[1]) != Some(lo + 1) {
                return Err(not_yet());
            }
            Ok((vreg(from, reg).ok_or_else(not_yet)?, Some(lo)))
        }
        AddrShape::Other(_) => Err(not_yet()),
    }
}

/// Writes `read` in `to`: on the registers the source used where the
/// target's layout allows, else in the target's layout from the lowest data
/// register (what moves is said); a scope or order the target cannot name
/// is strengthened to the nearest it can.
fn port_mem(
    read: &ReadMem,
    from: Isa,
    to: Isa,
) -> Result<(Verdict, Vec<Written>, Option<String>), Verdict> {
    if matches!(read.spec, MemSpec::Atomic(_)) && read.order != xisa_ir::Order::Relaxed {
        return Err(Verdict::NotYet(format!(
            "{} atomics are not ported yet",
            read.order
        )));
    }
    let regs = if matches!(read.spec, MemSpec::Fence { .. }) {
        MemRegs::FRAGMENT
    } else {
        let uniform = matches!(read.spec, MemSpec::Load(a) if a.uniform);
        let (addr, ubase) = address(read, from, uniform)?;
        // Data registers: vector ones, or a uniform load's uniform ones.
        let num = |n: &str| {
            if uniform {
                ureg(from, n)
            } else {
                vreg(from, n)
            }
        };
        // The data: an atomic's or store's operands, a load's destination.
        let names: Vec<&String> = match read.spec {
            MemSpec::Load(_) => read.returned.iter().collect(),
            _ => read.value.iter().chain(&read.compare).collect(),
        };
        let data = names
            .iter()
            .filter_map(|n| num(n))
            .min()
            .ok_or_else(|| Verdict::NotYet("the data is not in vector registers".into()))?;
        let dst = read.returned.first().and_then(|n| num(n)).unwrap_or(data);
        MemRegs {
            addr,
            data,
            dst,
            offset: read.offset,
            ubase,
        }
    };
    let (verdict, written) = write(&read.spec, &regs, to)?;
    // The register moves of the piece that moves data (not a fence).
    let moves = written
        .iter()
        .find(|w| !w.data.is_empty() || !w.returned.is_empty())
        .and_then(|w| relaid(read, w, from, to));
    Ok((verdict, written, moves))
}

/// What changed from `from` to the stronger `to`.
fn change(from: &MemSpec, to: &MemSpec) -> String {
    let mut c = Vec::new();
    if from.order() != to.order() {
        c.push(format!("order {} -> {}", from.order(), to.order()));
    }
    if from.scope() != to.scope() {
        c.push(format!("scope {} -> {}", from.scope(), to.scope()));
    }
    c.join(", ")
}

/// Writes `spec` in `to` on `regs` as one instruction; a scope or order the
/// target cannot name is strengthened to the nearest it can (always safe).
fn write_one(spec: &MemSpec, regs: &MemRegs, to: Isa) -> Result<(Verdict, Written), Verdict> {
    let target = to.frontend();
    let why = match target.write_mem(spec, regs) {
        Ok(w) => return Ok((Verdict::Exact, w)),
        Err(FrontendError::NoInstruction { why, .. }) => why,
        Err(e) => return Err(Verdict::NotYet(e.to_string())),
    };
    for stronger in spec.stronger() {
        if let Ok(w) = target.write_mem(&stronger, regs) {
            let change = change(spec, &stronger);
            return Ok((Verdict::Strengthened { change, why }, w));
        }
    }
    Err(Verdict::Impossible(why))
}

/// The sequences of operations that together do what `spec` does, in the
/// IR's memory model: an acquire load is a relaxed load and an acquire fence
/// after it, a release store a release fence and a relaxed store after it,
/// an acquire-release fence a release fence and an acquire fence.
pub fn expansions(spec: &MemSpec) -> Vec<Vec<MemSpec>> {
    let fence = |order, scope| MemSpec::Fence { scope, order };
    match *spec {
        MemSpec::Load(a) if a.order == Order::Acquire => vec![vec![
            MemSpec::Load(AccessSpec {
                order: Order::Relaxed,
                ..a
            }),
            fence(Order::Acquire, a.scope),
        ]],
        MemSpec::Store(a) if a.order == Order::Release => vec![vec![
            fence(Order::Release, a.scope),
            MemSpec::Store(AccessSpec {
                order: Order::Relaxed,
                ..a
            }),
        ]],
        MemSpec::Fence {
            scope,
            order: Order::AcqRel,
        } => {
            vec![vec![
                fence(Order::Release, scope),
                fence(Order::Acquire, scope),
            ]]
        }
        _ => Vec::new(),
    }
}

/// Writes `spec` in `to` on `regs`: as one instruction (exact or
/// strengthened), else as a sequence ([`expansions`]; each piece exact or
/// strengthened). The error is the verdict of an operation not written.
pub fn write(spec: &MemSpec, regs: &MemRegs, to: Isa) -> Result<(Verdict, Vec<Written>), Verdict> {
    let refused = match write_one(spec, regs, to) {
        Ok((v, w)) => return Ok((v, vec![w])),
        Err(v @ Verdict::NotYet(_)) => return Err(v),
        Err(v) => v,
    };
    'sequences: for pieces in expansions(spec) {
        let mut written = Vec::new();
        let mut names = Vec::new();
        for piece in &pieces {
            match write_one(piece, regs, to) {
                Ok((Verdict::Strengthened { change, .. }, w)) => {
                    names.push(format!("{piece} ({change})"));
                    written.push(w);
                }
                Ok((_, w)) => {
                    names.push(piece.to_string());
                    written.push(w);
                }
                Err(_) => continue 'sequences,
            }
        }
        let (how, why) = (names.join(" + "), refused.reason().to_string());
        return Ok((Verdict::Expanded { how, why }, written));
    }
    Err(refused)
}

/// Where the written instruction's registers differ from the source's (by
/// number: `r5` and `v5` are the same register): which role moves from
/// where to where.
fn relaid(read: &ReadMem, w: &Written, from: Isa, to: Isa) -> Option<String> {
    let nums = |isa: Isa, v: &[String]| {
        v.iter()
            .map(|n| vreg(isa, n).or_else(|| ureg(isa, n)))
            .collect::<Vec<_>>()
    };
    let mut moves = Vec::new();
    let mut note = |what: &str, src: &[String], dst: &[String]| {
        if nums(from, src) != nums(to, dst) {
            moves.push(format!("{what} {} -> {}", src.join(":"), dst.join(":")));
        }
    };
    let result = if matches!(read.spec, MemSpec::Load(_)) {
        "loaded data"
    } else {
        "old value"
    };
    note("value", &read.value, &w.role(false));
    note("compare", &read.compare, &w.role(true));
    note(result, &read.returned, &w.returned);
    (!moves.is_empty()).then(|| moves.join(", "))
}

/// The verdict of writing `spec` in `to` (a cell of the coverage matrix).
pub fn matrix_cell(spec: &MemSpec, to: Isa) -> Verdict {
    match write(spec, &MemRegs::FRAGMENT, to) {
        Ok((v, _)) | Err(v) => v,
    }
}

/// The target program: each ported instruction, and a comment line for
/// each source instruction that was not ported (with its verdict), so that
/// nothing disappears from the listing.
pub fn listing(ported: &[Ported], comment: &str) -> String {
    let mut s = String::new();
    for p in ported {
        if p.target.is_empty() {
            s += &match p.source.as_str() {
                "" => format!("{comment} [{}] {}\n", p.location, p.verdict),
                src => format!("{comment} [{}] {src}: {}\n", p.location, p.verdict),
            };
            continue;
        }
        for (i, t) in p.target.iter().enumerate() {
            s += t;
            // The verdict once, after the last target instruction.
            let last = i + 1 == p.target.len();
            match (&p.verdict, &p.registers) {
                (Verdict::Exact, None) => {}
                _ if !last => {}
                (v, None) => s += &format!("  {comment} {v}"),
                (v, Some(r)) => s += &format!("  {comment} {v}; registers: {r}"),
            }
            s.push('\n');
        }
    }
    s
}

/// The report: one Markdown row per source instruction (index, source,
/// IR, verdict, target, register moves), then the count per verdict.
pub fn report(ported: &[Ported], from: Isa, to: Isa) -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut s = format!("# xisa port: {from} -> {to}\n\n");
    s += "| at | source | IR | verdict | target | registers |\n";
    s += "| --- | --- | --- | --- | --- | --- |\n";
    for p in ported {
        s += &format!(
            "| {} | `{}` | {} | {} | {} | {} |\n",
            p.location,
            cell(&p.source),
            if p.ir.is_empty() {
                "-".into()
            } else {
                format!("`{}`", cell(&p.ir))
            },
            cell(&p.verdict.to_string()),
            if p.target.is_empty() {
                "-".into()
            } else {
                format!("`{}`", cell(&p.target.join("; ")))
            },
            match (&p.registers, p.target.is_empty()) {
                (_, true) => "-".to_string(),
                (None, false) => "same".to_string(),
                (Some(r), false) => cell(r),
            },
        );
    }
    s += "\n";
    for name in [
        "exact",
        "strengthened",
        "expanded",
        "impossible",
        "not yet",
        "outside",
    ] {
        let n = ported.iter().filter(|p| p.verdict.name() == name).count();
        if n > 0 {
            s += &format!("- {name}: {n}\n");
        }
    }
    s
}

/// The ISAs whose frontends write memory instructions (the targets a port
/// can reach).
pub fn targets() -> Vec<Isa> {
    let probe = MemSpec::Atomic(AtomicSpec {
        op: xisa_ir::AtomOp::Add,
        ty: xisa_ir::AtomType::B32,
        space: xisa_ir::Space::Global,
        scope: Scope::Device,
        returns: false,
    });
    Isa::all()
        .filter(|i| {
            !matches!(
                i.frontend().write_mem(&probe, &MemRegs::FRAGMENT),
                Err(FrontendError::NoWriter { .. })
            )
        })
        .collect()
}

/// The kinds of memory instruction `isa`'s frontend writes (`atomics`,
/// `loads`, `stores`, `fences`): those it writes at least one of.
pub fn writes(isa: Isa) -> Vec<&'static str> {
    let mut kinds: Vec<&'static str> = Vec::new();
    for spec in xisa_frontend::mem::mem_specs() {
        if kinds.contains(&spec.kind()) {
            continue;
        }
        if isa.frontend().write_mem(&spec, &MemRegs::FRAGMENT).is_ok() {
            kinds.push(spec.kind());
        }
    }
    kinds
}

/// Every IR memory operation the matrix lists ([`xisa_frontend::mem::mem_specs`]
/// but the returning atomics, which get the same verdicts from every
/// writer), scope varying fastest.
pub fn matrix_specs() -> Vec<MemSpec> {
    xisa_frontend::mem::mem_specs()
        .into_iter()
        .filter(|s| !matches!(s, MemSpec::Atomic(a) if a.returns))
        .collect()
}

/// A matrix row's operation and space: the spec without its scope.
fn row_label(spec: &MemSpec) -> (String, &'static str) {
    match spec {
        MemSpec::Atomic(a) => (
            format!("atom.{}.{}", a.op.name(), a.ty.name()),
            a.space.name(),
        ),
        MemSpec::Load(a) | MemSpec::Store(a) => (
            format!(
                "{}{}.{}.{}",
                if matches!(spec, MemSpec::Load(_)) {
                    "ld"
                } else {
                    "st"
                },
                if a.uniform { ".uniform" } else { "" },
                mem_type_name(a.mem),
                a.order.name()
            ),
            a.space.name(),
        ),
        MemSpec::Fence { order, .. } => (format!("fence.{}", order.name()), "-"),
    }
}

/// The coverage matrix (IR memory operation × target ISA -> verdict) as CSV.
pub fn matrix_csv() -> String {
    let targets = targets();
    let mut s = String::from("operation,space,scope");
    for t in &targets {
        s += &format!(",{t},{t} detail");
    }
    s.push('\n');
    for spec in matrix_specs() {
        let (op, space) = row_label(&spec);
        s += &format!("{op},{space},{}", spec.scope().name());
        for t in &targets {
            let v = matrix_cell(&spec, *t);
            s += &format!(",{},\"{}\"", v.name(), v.detail().replace('"', "'"));
        }
        s.push('\n');
    }
    s
}

/// The coverage matrix as Markdown: one row per IR memory operation without
/// its scope, one column per target ISA, the verdict per scope
/// (`wave/workgroup/cluster/device/system`: `=` exact, `+` strengthened,
/// `x` impossible, `.` not yet), then the reasons, each once.
pub fn matrix_markdown() -> String {
    let targets = targets();
    let mut s = String::from("| operation | space |");
    for t in &targets {
        s += &format!(" {t} |");
    }
    s += "\n| --- | --- |";
    for _ in &targets {
        s += " --- |";
    }
    s.push('\n');
    let mut reasons: Vec<String> = Vec::new();
    let specs = matrix_specs();
    for row in specs.chunks(Scope::ALL.len()) {
        let (op, space) = row_label(&row[0]);
        s += &format!("| {op} | {space} |");
        for t in &targets {
            let marks: String = row
                .iter()
                .map(|spec| {
                    let v = matrix_cell(spec, *t);
                    let why = v.reason();
                    if !why.is_empty() && !reasons.iter().any(|r| r == why) {
                        reasons.push(why.to_string());
                    }
                    match v {
                        Verdict::Exact => '=',
                        Verdict::Strengthened { .. } => '+',
                        Verdict::Impossible(_) => 'x',
                        Verdict::Expanded { .. } => 'e',
                        _ => '.',
                    }
                })
                .collect();
            s += &format!(" `{marks}` |");
        }
        s.push('\n');
    }
    s += "\nReasons given for `+`, `e`, `x` and `.`:\n\n";
    for r in reasons {
        s += &format!("- {r}\n");
    }
    s
}
