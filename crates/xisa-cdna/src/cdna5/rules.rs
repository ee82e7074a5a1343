//! The translation rules of the CDNA 5 VGLOBAL instructions (atomics, loads,
//! stores, cache operations), embedded and parsed once:
//!
//! - `translation-rules/cdna/cdna5_vglobal_layout.tsv`: the 96-bit ENC_VGLOBAL
//!   layout of the seed (field names, bit ranges, the fixed identifier bits);
//! - `translation-rules/cdna/cdna5_vglobal.tsv`: the opcode table (generated from
//!   LLVM by `convert.py`): mnemonic, opcode, data and return register counts,
//!   semantics class.
//!
//! The codec, the assembler and the lifter know instructions only through these
//! tables; the code knows what the columns mean.

use std::collections::HashMap;
use std::sync::OnceLock;
use xisa_ir::{AtomOp, AtomType, MemKind};

/// The layout file.
pub const LAYOUT_TSV: &str =
    include_str!("../../../../translation-rules/cdna/cdna5_vglobal_layout.tsv");
/// The opcode table.
pub const VGLOBAL_TSV: &str = include_str!("../../../../translation-rules/cdna/cdna5_vglobal.tsv");

/// Bits of one VGLOBAL instruction.
pub const WORD_BITS: u32 = 96;
/// Bytes of one VGLOBAL instruction.
pub const WORD_BYTES: usize = 12;

/// What a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// The opcode.
    Op,
    /// An 8-bit VGPR number (first register of a range).
    Vgpr,
    /// A 7-bit scalar operand (SGPR pair, VCC, TTMP, NULL/off, EXEC).
    Sreg,
    /// An unsigned value.
    Uint,
    /// One bit.
    Flag,
    /// A two's-complement value.
    Simm,
}

/// One field of the layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub name: String,
    /// Highest bit (inclusive).
    pub hi: u32,
    /// Lowest bit.
    pub lo: u32,
    pub kind: FieldKind,
}

impl Field {
    /// Width in bits.
    pub fn width(&self) -> u32 {
        self.hi - self.lo + 1
    }

    /// Mask of the field's bits, in place.
    pub fn mask(&self) -> u128 {
        ((1u128 << self.width()) - 1) << self.lo
    }

    /// The field's raw value in `word`.
    pub fn get(&self, word: u128) -> u64 {
        ((word & self.mask()) >> self.lo) as u64
    }

    /// `word` with the field set to the low bits of `v`.
    pub fn set(&self, word: u128, v: u64) -> u128 {
        (word & !self.mask()) | (((v as u128) << self.lo) & self.mask())
    }

    /// The field's value, sign-extended for [`FieldKind::Simm`].
    pub fn get_signed(&self, word: u128) -> i64 {
        let v = self.get(word);
        let sh = 64 - self.width();
        ((v << sh) as i64) >> sh
    }
}

/// The instruction-word layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub fields: Vec<Field>,
    /// `(hi, lo, value)`: bits that must hold `value`.
    pub fixed: Vec<(u32, u32, u64)>,
}

impl Layout {
    /// The field called `name`.
    pub fn field(&self, name: &str) -> &Field {
        self.fields
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("layout has no field {name} (checked by tests)"))
    }

    /// Mask of every assigned bit (fields and fixed bits).
    pub fn assigned(&self) -> u128 {
        let mut m = 0u128;
        for f in &self.fields {
            m |= f.mask();
        }
        for &(hi, lo, _) in &self.fixed {
            m |= ((1u128 << (hi - lo + 1)) - 1) << lo;
        }
        m
    }

    /// The fixed bits, in place.
    pub fn fixed_bits(&self) -> u128 {
        self.fixed
            .iter()
            .fold(0u128, |m, &(_, lo, v)| m | ((v as u128) << lo))
    }

    /// Mask of the fixed bits.
    pub fn fixed_mask(&self) -> u128 {
        self.fixed.iter().fold(0u128, |m, &(hi, lo, _)| {
            m | (((1u128 << (hi - lo + 1)) - 1) << lo)
        })
    }
}

/// The operation of an atomic (semantics column, before the `.`): an IR
/// atomic, spelt by its IR name (`exch`, `cas`, `smin`, `fadd`, ...), or
/// one of the three CDNA 5 operations the IR has no op for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sem {
    /// An IR atomic.
    Ir(AtomOp),
    /// `old >= data ? old - data : 0` (unsigned saturating subtract).
    SubClamp,
    /// `old >= data ? old - data : old`.
    CondSub,
    /// Ordered-count add (`global_atomic_ordered_add_b64`): decoded, not lifted.
    OrderedAdd,
}

impl Sem {
    fn from_name(s: &str) -> Option<Sem> {
        Some(match s {
            "subclamp" => Sem::SubClamp,
            "condsub" => Sem::CondSub,
            "orderedadd" => Sem::OrderedAdd,
            _ => Sem::Ir(AtomOp::from_name(s)?),
        })
    }

    /// The IR atomic, if the operation is one.
    pub fn ir(self) -> Option<AtomOp> {
        match self {
            Sem::Ir(op) => Some(op),
            _ => None,
        }
    }
}

/// The memory type of an atomic (semantics column, after the `.`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataType {
    B32,
    B64,
    F32,
    F16x2,
    BF16x2,
}

impl DataType {
    fn from_name(s: &str) -> Option<DataType> {
        Some(match s {
            "b32" => DataType::B32,
            "b64" => DataType::B64,
            "f32" => DataType::F32,
            "f16x2" => DataType::F16x2,
            "bf16x2" => DataType::BF16x2,
            _ => return None,
        })
    }

    /// Bytes in memory.
    pub fn bytes(self) -> u32 {
        match self {
            DataType::B64 => 8,
            _ => 4,
        }
    }

    /// The IR atomic type.
    pub fn atom_type(self) -> AtomType {
        match self {
            DataType::B32 => AtomType::B32,
            DataType::B64 => AtomType::B64,
            DataType::F32 => AtomType::F32,
            DataType::F16x2 => AtomType::F16x2,
            DataType::BF16x2 => AtomType::BF16x2,
        }
    }
}

/// A cache operation (`global_inv`, `global_wb`, `global_wbinv`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CacheOp {
    /// Invalidate: later loads see what others wrote (an acquire).
    Inv,
    /// Write back: earlier stores reach the scope (a release).
    Wb,
    /// Both (acquire and release).
    WbInv,
}

/// What an instruction does (the semantics column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// A read-modify-write (`op.type`).
    Atomic(Sem, DataType),
    /// A load of `count` elements of `kind` into VDST; `half`: a d16 load
    /// of one element into the low (`false`) or high (`true`) 16 bits of
    /// VDST, the other half kept (`loadlo`/`loadhi`); `tid`: addressed by
    /// the lane id (`loadtid`: SADDR or 0, plus the offset, plus 4 x the
    /// lane's id in the wave; no VADDR).
    Load {
        kind: MemKind,
        count: u8,
        half: Option<bool>,
        tid: bool,
    },
    /// A store of `count` elements of `kind` from VSRC; `hi`: of the high
    /// 16 bits of the data register (`storehi`); `tid`: as a load's.
    Store {
        kind: MemKind,
        count: u8,
        hi: bool,
        tid: bool,
    },
    /// A cache operation (`fence.inv|wb|wbinv`).
    Fence(CacheOp),
}

impl Class {
    fn from_name(name: &str, ty: &str) -> Option<Class> {
        let elems = |ty: &str| -> Option<(MemKind, u8)> {
            Some(match ty {
                "u8" | "b8" => (MemKind::U8, 1),
                "s8" => (MemKind::S8, 1),
                "u16" | "b16" => (MemKind::U16, 1),
                "s16" => (MemKind::S16, 1),
                "b32" => (MemKind::B32, 1),
                "b64" => (MemKind::B32, 2),
                "b96" => (MemKind::B32, 3),
                "b128" => (MemKind::B32, 4),
                _ => return None,
            })
        };
        let half = |hi: bool| {
            let (kind, count) = elems(ty)?;
            (count == 1 && kind.bytes() <= 2).then_some(Class::Load {
                kind,
                count,
                half: Some(hi),
                tid: false,
            })
        };
        Some(match name {
            "load" | "loadtid" => {
                let (kind, count) = elems(ty)?;
                Class::Load {
                    kind,
                    count,
                    half: None,
                    tid: name == "loadtid",
                }
            }
            "loadlo" => half(false)?,
            "loadhi" => half(true)?,
            "store" | "storehi" | "storetid" => {
                let (kind, count) = elems(ty)?;
                Class::Store {
                    kind,
                    count,
                    hi: name == "storehi",
                    tid: name == "storetid",
                }
            }
            "fence" => Class::Fence(match ty {
                "inv" => CacheOp::Inv,
                "wb" => CacheOp::Wb,
                "wbinv" => CacheOp::WbInv,
                _ => return None,
            }),
            _ => Class::Atomic(Sem::from_name(name)?, DataType::from_name(ty)?),
        })
    }

    /// The operation and type of an atomic.
    pub fn atomic(self) -> Option<(Sem, DataType)> {
        match self {
            Class::Atomic(s, t) => Some((s, t)),
            _ => None,
        }
    }
}

/// One row of the opcode table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub mnemonic: String,
    pub opcode: u8,
    /// VGPRs of the data operand (VSRC): two for `cmpswap_b32` (data,
    /// compare); a store's data; none for loads and cache operations.
    pub data_regs: u8,
    /// VGPRs of the returned value or the loaded data (VDST).
    pub dst_regs: u8,
    pub class: Class,
}

impl Rule {
    /// The operation and type of an atomic row.
    pub fn atomic(&self) -> Option<(Sem, DataType)> {
        self.class.atomic()
    }

    /// True for the lane-id-addressed loads and stores (no VADDR).
    pub fn by_lane_id(&self) -> bool {
        matches!(
            self.class,
            Class::Load { tid: true, .. } | Class::Store { tid: true, .. }
        )
    }

    /// True when the instruction has an address operand (VADDR, SADDR):
    /// not the cache operations, which have no operands (their register
    /// fields are kept as encoded, unused).
    pub fn has_address(&self) -> bool {
        !matches!(self.class, Class::Fence(_))
    }

    /// Bytes one access moves (the SCALE_OFFSET unit); 0 for a cache
    /// operation.
    pub fn access_bytes(&self) -> u32 {
        match self.class {
            Class::Atomic(_, t) => t.bytes(),
            Class::Load { kind, count, .. } | Class::Store { kind, count, .. } => {
                kind.bytes() * u32::from(count)
            }
            Class::Fence(_) => 0,
        }
    }
}

/// All tables.
#[derive(Debug)]
pub struct Tables {
    pub layout: Layout,
    pub rules: Vec<Rule>,
    by_opcode: HashMap<u8, usize>,
    by_name: HashMap<String, usize>,
}

impl Tables {
    /// The rule of an opcode.
    pub fn by_opcode(&self, op: u8) -> Option<usize> {
        self.by_opcode.get(&op).copied()
    }

    /// The rule of a mnemonic.
    pub fn by_name(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }
}

fn parse_num(s: &str) -> Option<u64> {
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// Parses the layout file.
pub fn parse_layout(text: &str) -> Result<Layout, String> {
    let mut fields = Vec::new();
    let mut fixed = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        let bad = || format!("layout line {}: {line:?}", i + 1);
        let bit = |s: &str| {
            parse_num(s)
                .filter(|&v| v < WORD_BITS as u64)
                .map(|v| v as u32)
        };
        match c.as_slice() {
            ["field", name, hi, lo, kind] => {
                let (hi, lo) = (bit(hi).ok_or_else(bad)?, bit(lo).ok_or_else(bad)?);
                let kind = match *kind {
                    "op" => FieldKind::Op,
                    "vgpr" => FieldKind::Vgpr,
                    "sreg" => FieldKind::Sreg,
                    "uint" => FieldKind::Uint,
                    "flag" => FieldKind::Flag,
                    "simm" => FieldKind::Simm,
                    _ => return Err(bad()),
                };
                if hi < lo {
                    return Err(bad());
                }
                fields.push(Field {
                    name: name.to_string(),
                    hi,
                    lo,
                    kind,
                });
            }
            ["fixed", hi, lo, v] => {
                let (hi, lo) = (bit(hi).ok_or_else(bad)?, bit(lo).ok_or_else(bad)?);
                fixed.push((hi, lo, parse_num(v).ok_or_else(bad)?));
            }
            _ => return Err(bad()),
        }
    }
    Ok(Layout { fields, fixed })
}

/// Parses the opcode table.
pub fn parse_rules(text: &str) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || format!("rules line {}: {line:?}", i + 1);
        let c: Vec<&str> = line.split('\t').collect();
        let [mn, op, data, dst, sem] = c.as_slice() else {
            return Err(bad());
        };
        let (s, t) = sem.split_once('.').ok_or_else(bad)?;
        let n = |x: &str| parse_num(x).filter(|&v| v <= 255).map(|v| v as u8);
        rules.push(Rule {
            mnemonic: mn.to_string(),
            opcode: n(op).ok_or_else(bad)?,
            data_regs: n(data).ok_or_else(bad)?,
            dst_regs: n(dst).ok_or_else(bad)?,
            class: Class::from_name(s, t).ok_or_else(bad)?,
        });
    }
    Ok(rules)
}

/// The embedded tables (parsed on first use; a malformed embedded file is a build
/// defect caught by the crate's tests).
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let layout = parse_layout(LAYOUT_TSV).expect("embedded layout");
        let rules = parse_rules(VGLOBAL_TSV).expect("embedded rules");
        let by_opcode = rules
            .iter()
            .enumerate()
            .map(|(i, r)| (r.opcode, i))
            .collect();
        let by_name = rules
            .iter()
            .enumerate()
            .map(|(i, r)| (r.mnemonic.clone(), i))
            .collect();
        Tables {
            layout,
            rules,
            by_opcode,
            by_name,
        }
    })
}
