//! The benchmark matrix: operation × scope × space × access pattern × host
//! threads, and the addresses each pattern makes every lane use.

use std::fmt;
use std::str::FromStr;

use crate::Error;

/// Bytes of a host cache line; the patterns pad and pack to it.
pub const LINE: u64 = 64;

/// Number of hot addresses of [`Pattern::FewHot`].
pub const FEW_HOT: u64 = 4;

/// The IR's atomic operations (the bench sweeps `AtomOp::ALL`).
pub use xisa_ir::AtomOp;

/// The element type of an atomic (the bench sweeps `AtomType::ALL`).
pub use xisa_ir::AtomType;

/// One benchmarked operation: an op on a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpSpec {
    pub op: AtomOp,
    pub ty: AtomType,
}

impl OpSpec {
    /// Every (op, type) pair the IR defines, except the float `exch`/`cas`
    /// (bitwise the same as their `b32`/`b64` forms).
    pub fn all() -> Vec<OpSpec> {
        let mut v = Vec::new();
        for ty in [AtomType::B32, AtomType::B64] {
            for op in AtomOp::ALL.into_iter().filter(|o| !o.is_float()) {
                v.push(OpSpec { op, ty });
            }
        }
        for ty in [AtomType::F32, AtomType::F64] {
            for op in [AtomOp::FAdd, AtomOp::FMin, AtomOp::FMax] {
                v.push(OpSpec { op, ty });
            }
        }
        for ty in [AtomType::F16x2, AtomType::BF16x2] {
            v.push(OpSpec {
                op: AtomOp::FAdd,
                ty,
            });
        }
        v
    }

    /// The `--quick` set: one op of each lowering class (native RMW, CAS loop
    /// with a native new value, CAS loop through the semantics helper, `cas`).
    pub fn quick() -> Vec<OpSpec> {
        use AtomOp::*;
        use AtomType::*;
        [
            (Add, B32),
            (Add, B64),
            (UMax, B32),
            (Inc, B32),
            (Cas, B32),
            (FAdd, F32),
            (FAdd, F64),
            (FMin, F32),
            (FAdd, F16x2),
        ]
        .into_iter()
        .map(|(op, ty)| OpSpec { op, ty })
        .collect()
    }

    /// The value every lane passes as the data operand (bits), chosen so that
    /// the operation keeps writing memory (except `and`/`min`/`max`, which
    /// settle, as they do on a GPU).
    pub fn value_bits(self) -> u64 {
        match (self.op, self.ty) {
            (AtomOp::Inc | AtomOp::Dec, _) => 1000,
            (AtomOp::And, AtomType::B32) => 0xffff_fffe,
            (AtomOp::And, _) => 0xffff_ffff_ffff_fffe,
            (AtomOp::SMin | AtomOp::SMax | AtomOp::UMin | AtomOp::UMax, _) => 5,
            (AtomOp::FMin | AtomOp::FMax, AtomType::F32) => 5.0f32.to_bits() as u64,
            (AtomOp::FMin | AtomOp::FMax, _) => 5.0f64.to_bits(),
            (_, AtomType::F32) => 1.0f32.to_bits() as u64,
            (_, AtomType::F64) => 1.0f64.to_bits(),
            (_, AtomType::F16x2) => 0x3c00_3c00,
            (_, AtomType::BF16x2) => 0x3f80_3f80,
            _ => 1,
        }
    }
}

impl fmt::Display for OpSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.op.name(), self.ty.name())
    }
}

impl FromStr for OpSpec {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        OpSpec::all()
            .into_iter()
            .find(|o| o.to_string() == s.trim())
            .ok_or_else(|| {
                Error::Args(format!(
                    "unknown operation {s:?}; use OP.TYPE, one of: {}",
                    OpSpec::all()
                        .iter()
                        .map(|o| o.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                ))
            })
    }
}

/// Parses `--ops`: a comma-separated list of `OP.TYPE` or bare `OP` (every type
/// of that op), or `all` / `quick`.
pub fn parse_ops(list: &str) -> Result<Vec<OpSpec>, Error> {
    let mut out: Vec<OpSpec> = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let add: Vec<OpSpec> = match item {
            "all" => OpSpec::all(),
            "quick" => OpSpec::quick(),
            _ if !item.contains('.') => {
                let v: Vec<OpSpec> = OpSpec::all()
                    .into_iter()
                    .filter(|o| o.op.name() == item)
                    .collect();
                if v.is_empty() {
                    return Err(Error::Args(format!(
                        "unknown operation {item:?}; ops are {}",
                        AtomOp::ALL
                            .iter()
                            .map(|o| o.name())
                            .collect::<Vec<_>>()
                            .join(" ")
                    )));
                }
                v
            }
            _ => vec![item.parse()?],
        };
        for o in add {
            if !out.contains(&o) {
                out.push(o);
            }
        }
    }
    if out.is_empty() {
        return Err(Error::Args("--ops: no operation given".into()));
    }
    Ok(out)
}

/// The scope of an atomic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    Wave,
    Workgroup,
    Device,
    System,
}

impl Scope {
    /// All scopes benchmarked (`cluster` lowers exactly as `device`).
    pub const ALL: [Scope; 4] = [Scope::Wave, Scope::Workgroup, Scope::Device, Scope::System];

    /// The IR text name.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Wave => "wave",
            Scope::Workgroup => "workgroup",
            Scope::Device => "device",
            Scope::System => "system",
        }
    }

    /// The IR scope.
    pub fn ir(self) -> xisa_ir::Scope {
        match self {
            Scope::Wave => xisa_ir::Scope::Wave,
            Scope::Workgroup => xisa_ir::Scope::Workgroup,
            Scope::Device => xisa_ir::Scope::Device,
            Scope::System => xisa_ir::Scope::System,
        }
    }
}

/// The memory space of an atomic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Space {
    Global,
    Shared,
}

impl Space {
    /// Both spaces.
    pub const ALL: [Space; 2] = [Space::Global, Space::Shared];

    /// The IR text name.
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Shared => "shared",
        }
    }

    /// The IR space.
    pub fn ir(self) -> xisa_ir::Space {
        match self {
            Space::Global => xisa_ir::Space::Global,
            Space::Shared => xisa_ir::Space::Shared,
        }
    }
}

/// How lanes choose their addresses (each lane uses one address for all its
/// operations).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pattern {
    /// Every lane has its own cache line: no contention at all.
    Distinct,
    /// Every lane of the launch hits one word.
    Hot,
    /// Lanes spread over [`FEW_HOT`] words, each on its own cache line.
    FewHot,
    /// Each workgroup (global) or lane (shared) has its own word, but the words
    /// are packed into one cache line: false sharing between host threads.
    FalseSharing,
}

impl Pattern {
    /// All patterns.
    pub const ALL: [Pattern; 4] = [
        Pattern::Distinct,
        Pattern::Hot,
        Pattern::FewHot,
        Pattern::FalseSharing,
    ];

    /// Short name (table, CSV, command line).
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Distinct => "distinct",
            Pattern::Hot => "hot",
            Pattern::FewHot => "hot4",
            Pattern::FalseSharing => "falseshare",
        }
    }

    /// Byte offset of the word lane `lane` of workgroup `wg` uses, for
    /// elements of `size` bytes in workgroups of `block` lanes. Shared memory
    /// belongs to one workgroup, so there the workgroup does not count.
    pub fn offset(self, space: Space, wg: u64, lane: u64, block: u64, size: u64) -> u64 {
        let id = match space {
            Space::Global => wg * block + lane,
            Space::Shared => lane,
        };
        match self {
            Pattern::Distinct => id * LINE,
            Pattern::Hot => 0,
            Pattern::FewHot => (id % FEW_HOT) * LINE,
            Pattern::FalseSharing => {
                let per_line = LINE / size;
                let who = match space {
                    Space::Global => wg,
                    Space::Shared => lane,
                };
                (who % per_line) * size
            }
        }
    }

    /// Bytes of memory the pattern touches (global: the whole launch; shared:
    /// one workgroup), rounded up to whole cache lines.
    pub fn bytes(self, space: Space, groups: u64, block: u64) -> u64 {
        let ids = match space {
            Space::Global => groups * block,
            Space::Shared => block,
        };
        match self {
            Pattern::Distinct => ids.max(1) * LINE,
            Pattern::Hot | Pattern::FalseSharing => LINE,
            Pattern::FewHot => FEW_HOT * LINE,
        }
    }
}

/// One cell of the matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    pub op: OpSpec,
    pub scope: Scope,
    pub space: Space,
    pub pattern: Pattern,
    /// Host worker threads.
    pub threads: usize,
}

impl Cell {
    /// True when xisa lowers this cell to a host atomic (else a plain
    /// read-modify-write on one host thread, see `docs/scopes.md`): every
    /// global atomic is one, whatever its scope, as on the hardware.
    pub fn host_atomic(&self) -> bool {
        self.space == Space::Global
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} t{}",
            self.op,
            self.scope.name(),
            self.space.name(),
            self.pattern.name(),
            self.threads
        )
    }
}

/// How much work each cell does per repetition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Work {
    /// Workgroups in the grid.
    pub groups: u32,
    /// Lanes per workgroup.
    pub block: u32,
    /// Atomics per lane.
    pub per_lane: u32,
}

impl Work {
    /// Lane-operations per repetition.
    pub fn ops(&self) -> u64 {
        self.groups as u64 * self.block as u64 * self.per_lane as u64
    }
}

/// Builds the matrix: every op × scope × space × pattern × thread count.
pub fn cells(
    ops: &[OpSpec],
    scopes: &[Scope],
    spaces: &[Space],
    patterns: &[Pattern],
    threads: &[usize],
) -> Vec<Cell> {
    let mut v = Vec::new();
    for &op in ops {
        for &space in spaces {
            for &scope in scopes {
                for &pattern in patterns {
                    for &t in threads {
                        v.push(Cell {
                            op,
                            scope,
                            space,
                            pattern,
                            threads: t,
                        });
                    }
                }
            }
        }
    }
    v
}

/// Parses a comma-separated list of names against `all`.
pub fn parse_list<T: Copy>(
    list: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    what: &str,
) -> Result<Vec<T>, Error> {
    let mut out = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if item == "all" {
            return Ok(all.to_vec());
        }
        let v = all
            .iter()
            .copied()
            .find(|&x| name(x) == item)
            .ok_or_else(|| {
                Error::Args(format!(
                    "unknown {what} {item:?}; use {}",
                    all.iter().map(|&x| name(x)).collect::<Vec<_>>().join(" ")
                ))
            })?;
        out.push(v);
    }
    if out.is_empty() {
        return Err(Error::Args(format!("no {what} given")));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn op_list_covers_the_ir() {
        let all = OpSpec::all();
        assert_eq!(all.len(), 14 * 2 + 3 * 2 + 2);
        for op in AtomOp::ALL {
            assert!(all.iter().any(|o| o.op == op), "{op:?}");
        }
        for o in OpSpec::quick() {
            assert!(all.contains(&o));
        }
    }

    #[test]
    fn parse_ops_forms() {
        assert_eq!(
            parse_ops("add.b32").unwrap(),
            vec![OpSpec {
                op: AtomOp::Add,
                ty: AtomType::B32
            }]
        );
        let fadd = parse_ops("fadd").unwrap();
        assert_eq!(fadd.len(), 4);
        assert_eq!(parse_ops("add.b32,add.b32").unwrap().len(), 1);
        assert!(parse_ops("frob").is_err());
        assert!(parse_ops("add.f32").is_err());
        assert!(parse_ops(" , ").is_err());
        assert_eq!(parse_ops("all").unwrap().len(), OpSpec::all().len());
    }

    #[test]
    fn patterns() {
        let b = 64;
        // Distinct: one line per lane, never shared.
        let mut seen = std::collections::HashSet::new();
        for wg in 0..4 {
            for lane in 0..b {
                let o = Pattern::Distinct.offset(Space::Global, wg, lane, b, 4);
                assert_eq!(o % LINE, 0);
                assert!(seen.insert(o));
                assert!(o < Pattern::Distinct.bytes(Space::Global, 4, b));
            }
        }
        assert_eq!(Pattern::Hot.offset(Space::Global, 3, 17, b, 8), 0);
        let hot4: std::collections::HashSet<u64> = (0..b)
            .map(|l| Pattern::FewHot.offset(Space::Global, 1, l, b, 4))
            .collect();
        assert_eq!(hot4.len(), FEW_HOT as usize);
        assert!(hot4.iter().all(|o| o % LINE == 0));
        // False sharing: distinct words of different workgroups in one line.
        for size in [4, 8] {
            let offs: Vec<u64> = (0..LINE / size)
                .map(|wg| Pattern::FalseSharing.offset(Space::Global, wg, 5, b, size))
                .collect();
            let set: std::collections::HashSet<_> = offs.iter().collect();
            assert_eq!(set.len(), offs.len());
            assert!(offs.iter().all(|o| o + size <= LINE && o % size == 0));
        }
        // Shared ignores the workgroup.
        assert_eq!(
            Pattern::Distinct.offset(Space::Shared, 7, 3, b, 4),
            Pattern::Distinct.offset(Space::Shared, 0, 3, b, 4)
        );
    }

    #[test]
    fn matrix_size() {
        let c = cells(
            &OpSpec::quick(),
            &Scope::ALL,
            &Space::ALL,
            &Pattern::ALL,
            &[1, 2],
        );
        assert_eq!(c.len(), OpSpec::quick().len() * 4 * 2 * 4 * 2);
        assert!(c.iter().filter(|c| c.host_atomic()).count() > 0);
        assert_eq!(
            parse_list("device,wave", &Scope::ALL, Scope::name, "scope").unwrap(),
            vec![Scope::Device, Scope::Wave]
        );
        assert!(parse_list("gpu", &Scope::ALL, Scope::name, "scope").is_err());
    }
}
