//! The translation rules (`translation-rules/lsu/rules.tsv`, generated from the
//! chapter by `convert.py`) and the instruction-word layout
//! (`translation-rules/lsu/layout.tsv`), embedded and parsed once.
//!
//! Everything the codec, the assembler and the lifter know about an instruction
//! comes from these two files; the code only knows what the columns mean.

use std::collections::HashMap;
use std::sync::OnceLock;
use xisa_ir::{AtomOp, AtomType};

/// The rules file, as generated from the chapter.
pub const RULES_TSV: &str = include_str!("../../../translation-rules/lsu/rules.tsv");
/// The instruction-word layout file.
pub const LAYOUT_TSV: &str = include_str!("../../../translation-rules/lsu/layout.tsv");

/// Instruction formats of the chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Vector memory (loads, stores, atomics).
    M,
    /// Uniform (scalar) memory (`uld*`).
    Um,
    /// System (cache maintenance).
    Sys,
}

impl Format {
    /// The chapter's name.
    pub fn name(self) -> &'static str {
        match self {
            Format::M => "M",
            Format::Um => "UM",
            Format::Sys => "SYS",
        }
    }

    fn from_name(s: &str) -> Option<Format> {
        match s {
            "M" => Some(Format::M),
            "UM" => Some(Format::Um),
            "SYS" => Some(Format::Sys),
            _ => None,
        }
    }
}

/// Register files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegFile {
    /// Per-lane vector registers `v0..v255`.
    V,
    /// Uniform (scalar) registers `u0..u255`.
    U,
}

impl RegFile {
    /// The register-name prefix.
    pub fn prefix(self) -> char {
        match self {
            RegFile::V => 'v',
            RegFile::U => 'u',
        }
    }
}

/// Number of registers in each file (8-bit register fields).
pub const REGS_PER_FILE: u32 = 256;

/// What an operand slot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OperandKind {
    /// `count` consecutive registers of `file`; `written`: the `*` suffix (data read,
    /// old value written back).
    Reg {
        file: RegFile,
        count: u8,
        written: bool,
    },
    /// `s24`: signed 24-bit immediate.
    Imm24,
    /// `cpol`: cache policy (optional in assembly).
    Cpol,
}

/// The instruction-word field an operand is encoded in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Rd,
    Rs1,
    Rs2,
    Imm,
    Cpol,
}

impl Slot {
    /// Field name in the layout file.
    pub fn name(self) -> &'static str {
        match self {
            Slot::Rd => "rd",
            Slot::Rs1 => "rs1",
            Slot::Rs2 => "rs2",
            Slot::Imm => "imm",
            Slot::Cpol => "cpol",
        }
    }

    fn from_name(s: &str) -> Option<Slot> {
        match s {
            "rd" => Some(Slot::Rd),
            "rs1" => Some(Slot::Rs1),
            "rs2" => Some(Slot::Rs2),
            "imm" => Some(Slot::Imm),
            "cpol" => Some(Slot::Cpol),
            _ => None,
        }
    }
}

/// One operand of an instruction's syntax (`rd:v^2*`, `imm:s24`, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperandSpec {
    pub slot: Slot,
    pub kind: OperandKind,
    /// The chapter's spelling, e.g. `rs1:vp^2`.
    pub text: String,
}

/// How an instruction forms its address (semantics class, left of `:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Addressing {
    /// `A = s1_64 + sext(imm)`.
    Global,
    /// `A = U64[u2] + zext(s1) + sext(imm)`.
    Ubase,
    /// `A = DESC(u2..u2+3).base + s1 + sext(imm)`, bounds-checked.
    Buf,
    /// `A = s1 + sext(imm)` in the workgroup's shared window.
    Shared,
    /// `A = s1 + sext(imm)` in the lane's private scratch.
    Scratch,
    /// `A = U64[u1] + sext(imm)` (uniform).
    U64,
    /// `A = U64[u1] + u2 + sext(imm)` (uniform).
    U64x,
    /// `A = DESC(u1..u1+3).base + sext(imm)` (uniform, bounds-checked).
    UBuf,
    /// `A = DESC(u1..u1+3).base + u2 + sext(imm)` (uniform, bounds-checked).
    UBufx,
    /// No memory address (cache maintenance).
    None,
}

/// Where an atomic is performed: in L2 (device-coherent) or inside the
/// workgroup's shared memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AtomWhere {
    L2,
    Workgroup,
}

/// Scopes of the cache-maintenance operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenceScope {
    Device,
    System,
}

/// What an instruction does (semantics class, right of `:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Vector load of `bits`; `sign`: sign-extend (`i8`/`i16`); `ext`: a sub-dword
    /// load extended into the register.
    Load { bits: u32, ext: bool, sign: bool },
    /// Vector store of the low `bits` of the data registers.
    Store { bits: u32 },
    /// Uniform load of `dwords` dwords into `U[d..]`, ignoring EXEC.
    Uld { dwords: u32 },
    /// Atomic read-modify-write of `bits` (32/64); `rtn`: old value into `rd`.
    Atom {
        op: AtomOp,
        at: AtomWhere,
        bits: u32,
        rtn: bool,
    },
    /// Cache maintenance: a fence of this scope; `acquire` or release.
    Fence { scope: FenceScope, acquire: bool },
}

/// One row of the rules file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub mnemonic: String,
    pub operands: Vec<OperandSpec>,
    pub format: Format,
    /// Fixed field values (`opcode`, `f5`, `sp`, `f2`, `f7`), in chapter order.
    pub fields: Vec<(String, u32)>,
    /// Latency class (`async:vm`, ...).
    pub latency: String,
    /// Semantics class as written in the rules (`global:ld.zx8`, ...).
    pub semclass: String,
    pub addressing: Addressing,
    pub action: Action,
    /// Flags (`ld`, `st`, `at`, `bc`, `ei`, `co`, `opt`).
    pub flags: Vec<String>,
}

impl Rule {
    /// True when the chapter says the instruction ignores EXEC (flag `ei`).
    pub fn ignores_exec(&self) -> bool {
        self.flags.iter().any(|f| f == "ei")
    }

    /// The operand in `slot`, if the instruction has one.
    pub fn operand(&self, slot: Slot) -> Option<&OperandSpec> {
        self.operands.iter().find(|o| o.slot == slot)
    }

    /// The value of a fixed field.
    pub fn field(&self, name: &str) -> Option<u32> {
        self.fields.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
    }
}

/// Where a field lives in the instruction word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldPos {
    pub name: String,
    pub lo: u32,
    pub width: u32,
}

impl FieldPos {
    /// Mask of the field's value (before shifting).
    pub fn value_mask(&self) -> u128 {
        (1u128 << self.width) - 1
    }

    /// Reads the field from a word.
    pub fn get(&self, word: u128) -> u32 {
        ((word >> self.lo) & self.value_mask()) as u32
    }

    /// Writes the field into a word (the value is masked to the width).
    pub fn put(&self, word: u128, v: u32) -> u128 {
        (word & !(self.value_mask() << self.lo)) | ((v as u128 & self.value_mask()) << self.lo)
    }
}

/// A sub-field of the cache-policy operand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CpolField {
    pub name: String,
    pub lo: u32,
    pub width: u32,
    /// `None`: a one-bit flag printed by name; `Some(names)`: names of values 1, 2, ...
    /// (0 is the default and prints nothing), printed `name:value`.
    pub values: Option<Vec<String>>,
}

/// The instruction-word layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Bits per instruction word (a multiple of 8, at most 128).
    pub word_bits: u32,
    /// Field positions per format.
    pub fields: HashMap<Format, Vec<FieldPos>>,
    /// Sub-fields of `cpol`.
    pub cpol: Vec<CpolField>,
}

impl Layout {
    /// Bytes per instruction.
    pub fn word_bytes(&self) -> usize {
        (self.word_bits / 8) as usize
    }

    /// A field of a format.
    pub fn field(&self, f: Format, name: &str) -> Option<&FieldPos> {
        self.fields.get(&f)?.iter().find(|p| p.name == name)
    }

    /// Bits of a word that the format's fields cover.
    pub fn used_mask(&self, f: Format) -> u128 {
        self.fields
            .get(&f)
            .map(|v| v.iter().fold(0, |m, p| m | (p.value_mask() << p.lo)))
            .unwrap_or(0)
    }
}

/// The parsed rules and layout.
#[derive(Debug)]
pub struct Tables {
    pub rules: Vec<Rule>,
    pub layout: Layout,
    by_mnemonic: HashMap<String, usize>,
}

impl Tables {
    /// The rule index of a mnemonic.
    pub fn lookup(&self, mnemonic: &str) -> Option<usize> {
        self.by_mnemonic.get(mnemonic).copied()
    }
}

/// The embedded tables. They are checked by this crate's tests, so a failure here
/// is a build defect, never a consequence of guest input.
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| match parse_tables(RULES_TSV, LAYOUT_TSV) {
        Ok(t) => t,
        Err(e) => panic!("embedded lsu tables are invalid: {e}"),
    })
}

fn parse_num(s: &str) -> Option<u32> {
    match s.strip_prefix("0x") {
        Some(h) => u32::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// Parses an operand signature token such as `rd:v^2*`.
pub fn parse_operand_spec(tok: &str) -> Result<OperandSpec, String> {
    let (name, kind) = tok
        .split_once(':')
        .ok_or_else(|| format!("operand {tok:?}: no `:`"))?;
    let slot = Slot::from_name(name).ok_or_else(|| format!("operand {tok:?}: unknown slot"))?;
    let (kind_s, written) = match kind.strip_suffix('*') {
        Some(k) => (k, true),
        None => (kind, false),
    };
    let (base, count) = match kind_s.split_once('^') {
        Some((b, c)) => (
            b,
            c.parse::<u8>()
                .map_err(|_| format!("operand {tok:?}: bad count"))?,
        ),
        None => (kind_s, 1),
    };
    let kind = match base {
        "v" | "vp" => OperandKind::Reg {
            file: RegFile::V,
            count,
            written,
        },
        "u" | "up" | "d4" => OperandKind::Reg {
            file: RegFile::U,
            count,
            written,
        },
        "s24" => OperandKind::Imm24,
        "cpol" => OperandKind::Cpol,
        _ => return Err(format!("operand {tok:?}: unknown kind")),
    };
    // `vp`/`up` are pairs and `d4` a quad: the count must say so.
    let want = match base {
        "vp" | "up" => Some(2),
        "d4" => Some(4),
        _ => None,
    };
    if want.is_some_and(|w| w != count) || count == 0 {
        return Err(format!("operand {tok:?}: bad register count"));
    }
    Ok(OperandSpec {
        slot,
        kind,
        text: tok.to_string(),
    })
}

/// Parses a semantics class such as `buf:atom.l2.cmpxchg.64.rtn`.
pub fn parse_semclass(s: &str) -> Result<(Addressing, Action), String> {
    let bad = || format!("semantics class {s:?}");
    let (a, act) = s.split_once(':').ok_or_else(bad)?;
    let addressing = match a {
        "global" => Addressing::Global,
        "ubase" => Addressing::Ubase,
        "buf" => Addressing::Buf,
        "shared" => Addressing::Shared,
        "scratch" => Addressing::Scratch,
        "u64" => Addressing::U64,
        "u64x" => Addressing::U64x,
        "ubuf" => Addressing::UBuf,
        "ubufx" => Addressing::UBufx,
        "none" => Addressing::None,
        _ => return Err(bad()),
    };
    let parts: Vec<&str> = act.split('.').collect();
    let action = match parts.as_slice() {
        ["ld", k] => {
            let (ext, sign, bits) = if let Some(b) = k.strip_prefix("zx") {
                (true, false, b)
            } else if let Some(b) = k.strip_prefix("sx") {
                (true, true, b)
            } else if let Some(b) = k.strip_prefix('b') {
                (false, false, b)
            } else {
                return Err(bad());
            };
            Action::Load {
                bits: b_bits(bits).ok_or_else(bad)?,
                ext,
                sign,
            }
        }
        ["st", k] => Action::Store {
            bits: k.strip_prefix('b').and_then(b_bits).ok_or_else(bad)?,
        },
        ["uld", k] => Action::Uld {
            dwords: k
                .strip_prefix("dw")
                .and_then(|d| d.parse().ok())
                .ok_or_else(bad)?,
        },
        ["fence", scope, order] => Action::Fence {
            scope: match *scope {
                "device" => FenceScope::Device,
                "system" => FenceScope::System,
                _ => return Err(bad()),
            },
            acquire: match *order {
                "acquire" => true,
                "release" => false,
                _ => return Err(bad()),
            },
        },
        ["atom", at, op, bits, rest @ ..] => {
            let rtn = match rest {
                [] => false,
                ["rtn"] => true,
                _ => return Err(bad()),
            };
            Action::Atom {
                at: match *at {
                    "l2" => AtomWhere::L2,
                    "wg" => AtomWhere::Workgroup,
                    _ => return Err(bad()),
                },
                op: chapter_atomic(op).ok_or_else(bad)?,
                bits: match *bits {
                    "32" => 32,
                    "64" => 64,
                    _ => return Err(bad()),
                },
                rtn,
            }
        }
        _ => return Err(bad()),
    };
    Ok((addressing, action))
}

fn b_bits(s: &str) -> Option<u32> {
    s.parse()
        .ok()
        .filter(|b| [8, 16, 32, 64, 96, 128].contains(b))
}

/// Parses the layout file.
pub fn parse_layout(text: &str) -> Result<Layout, String> {
    let mut word_bits = None;
    let mut fields: HashMap<Format, Vec<FieldPos>> = HashMap::new();
    let mut cpol = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let err = |m: &str| format!("layout.tsv line {}: {m}", i + 1);
        match cols.as_slice() {
            ["word", bits] => {
                let b = parse_num(bits).ok_or_else(|| err("bad word size"))?;
                if b == 0 || b % 8 != 0 || b > 128 {
                    return Err(err("word size must be a multiple of 8, at most 128"));
                }
                word_bits = Some(b);
            }
            ["field", fmt, name, lo, width] => {
                let f = Format::from_name(fmt).ok_or_else(|| err("unknown format"))?;
                let (lo, width) = (
                    parse_num(lo).ok_or_else(|| err("bad lo"))?,
                    parse_num(width).ok_or_else(|| err("bad width"))?,
                );
                if width == 0 || width > 32 {
                    return Err(err("field width must be 1..=32"));
                }
                fields.entry(f).or_default().push(FieldPos {
                    name: name.to_string(),
                    lo,
                    width,
                });
            }
            ["cpol", name, lo, width, values] => {
                let (lo, width) = (
                    parse_num(lo).ok_or_else(|| err("bad lo"))?,
                    parse_num(width).ok_or_else(|| err("bad width"))?,
                );
                let values = if *values == "flag" {
                    if width != 1 {
                        return Err(err("a flag is one bit"));
                    }
                    None
                } else {
                    let v: Vec<String> = values.split(',').map(str::to_string).collect();
                    if v.len() as u64 >= 1u64 << width {
                        return Err(err("more value names than the width holds"));
                    }
                    Some(v)
                };
                cpol.push(CpolField {
                    name: name.to_string(),
                    lo,
                    width,
                    values,
                });
            }
            _ => return Err(err("unknown line")),
        }
    }
    let word_bits = word_bits.ok_or("layout.tsv: no `word` line")?;
    for (f, v) in &fields {
        let mut used = 0u128;
        for p in v {
            if p.lo + p.width > word_bits {
                return Err(format!("{} field {} beyond the word", f.name(), p.name));
            }
            let m = p.value_mask() << p.lo;
            if used & m != 0 {
                return Err(format!("{} field {} overlaps another", f.name(), p.name));
            }
            used |= m;
        }
    }
    Ok(Layout {
        word_bits,
        fields,
        cpol,
    })
}

/// Parses the rules file against a layout and checks that every rule is encodable:
/// its fixed fields are exactly the format's non-operand fields and fit their widths,
/// its operands have fields, and no two rules share an encoding.
pub fn parse_tables(rules: &str, layout: &str) -> Result<Tables, String> {
    let layout = parse_layout(layout)?;
    let mut out = Vec::new();
    let mut by_mnemonic = HashMap::new();
    let mut encodings = HashMap::new();
    for (i, line) in rules.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |m: String| format!("rules.tsv line {}: {m}", i + 1);
        let cols: Vec<&str> = line.split('\t').collect();
        let [mn, ops, fmt, flds, lat, sem, flags] = cols.as_slice() else {
            return Err(err(format!("{} columns, expected 7", cols.len())));
        };
        let operands = if *ops == "-" {
            vec![]
        } else {
            ops.split(' ')
                .map(parse_operand_spec)
                .collect::<Result<Vec<_>, _>>()
                .map_err(err)?
        };
        let format = Format::from_name(fmt).ok_or_else(|| err(format!("format {fmt:?}")))?;
        let mut fields = Vec::new();
        for f in flds.split(' ') {
            let (n, v) = f
                .split_once('=')
                .ok_or_else(|| err(format!("field {f:?}")))?;
            let v = parse_num(v).ok_or_else(|| err(format!("field {f:?}")))?;
            let pos = layout
                .field(format, n)
                .ok_or_else(|| err(format!("field {n} not in the {} layout", format.name())))?;
            if v as u128 > pos.value_mask() {
                return Err(err(format!("{n}={v:#x} does not fit {} bits", pos.width)));
            }
            fields.push((n.to_string(), v));
        }
        for p in &layout.fields[&format] {
            let is_operand = Slot::from_name(&p.name).is_some();
            if !is_operand && !fields.iter().any(|(n, _)| *n == p.name) {
                return Err(err(format!("no value for field {}", p.name)));
            }
        }
        for o in &operands {
            if layout.field(format, o.slot.name()).is_none() {
                return Err(err(format!("operand {} has no field", o.text)));
            }
        }
        let (addressing, action) = parse_semclass(sem).map_err(err)?;
        let mut key: Vec<(String, u32)> = fields.clone();
        key.sort();
        if let Some(other) = encodings.insert((format, key), mn.to_string()) {
            return Err(err(format!("{mn} has the same encoding as {other}")));
        }
        if by_mnemonic.insert(mn.to_string(), out.len()).is_some() {
            return Err(err(format!("{mn} twice")));
        }
        out.push(Rule {
            mnemonic: mn.to_string(),
            operands,
            format,
            fields,
            latency: lat.to_string(),
            semclass: sem.to_string(),
            addressing,
            action,
            flags: flags.split(' ').map(str::to_string).collect(),
        });
    }
    Ok(Tables {
        rules: out,
        layout,
        by_mnemonic,
    })
}

/// The IR type of an atomic of `bits` performing `op`: the chapter's float
/// atomics are f32; its 64-bit ones are integer.
pub fn atom_type(op: AtomOp, bits: u32) -> AtomType {
    match (bits, op.is_float()) {
        (64, _) => AtomType::B64,
        (_, true) => AtomType::F32,
        _ => AtomType::B32,
    }
}

/// The IR atomic an atomic of the chapter performs, by the chapter's name
/// for it (its semantics column: `global:atom.l2.mins.32`): the chapter's
/// vocabulary is read once, here, into the IR's.
fn chapter_atomic(name: &str) -> Option<AtomOp> {
    Some(match name {
        "mins" => AtomOp::SMin,
        "maxs" => AtomOp::SMax,
        "minu" => AtomOp::UMin,
        "maxu" => AtomOp::UMax,
        "xchg" => AtomOp::Exch,
        "cmpxchg" => AtomOp::Cas,
        // The rest are spelt as in the IR.
        "add" | "sub" | "and" | "or" | "xor" | "inc" | "dec" | "fadd" | "fmin" | "fmax" => {
            AtomOp::from_name(name)?
        }
        _ => return None,
    })
}
