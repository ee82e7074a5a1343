//! The embedded gfx942 tables: formats with bit fields, and LLVM's opcodes.

use std::collections::HashMap;
use std::sync::OnceLock;

/// `gfx942_formats.tsv`.
pub const FORMATS_TSV: &str = include_str!("../../../../translation-rules/cdna/gfx942_formats.tsv");
/// `gfx942_hwreg.tsv` (generated from LLVM): hwreg ids with a name.
pub const HWREG_TSV: &str = include_str!("../../../../translation-rules/cdna/gfx942_hwreg.tsv");
/// `gfx942_sendmsg.tsv` (generated from LLVM): message and operation names.
pub const SENDMSG_TSV: &str = include_str!("../../../../translation-rules/cdna/gfx942_sendmsg.tsv");
/// `gfx942_opcodes.tsv` (generated from LLVM).
pub const OPCODES_TSV: &str = include_str!("../../../../translation-rules/cdna/gfx942_opcodes.tsv");

/// One bit field `[lo, hi]` of a 64-bit instruction word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// Field name as in the table.
    pub name: String,
    /// Lowest bit.
    pub lo: u32,
    /// Highest bit (inclusive).
    pub hi: u32,
}

impl Field {
    /// Extracts the field from `word`.
    pub fn get(&self, word: u64) -> u32 {
        ((word >> self.lo) & ((1u64 << (self.hi - self.lo + 1)) - 1)) as u32
    }
}

/// An instruction format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Format {
    /// Name (`SOP2`, `DS`, ...).
    pub name: String,
    /// Mask of the fixed encoding bits of the first dword.
    pub mask: u32,
    /// Their value.
    pub value: u32,
    /// Length in bytes without a literal (4 or 8).
    pub bytes: usize,
    /// Bit fields.
    pub fields: Vec<Field>,
}

impl Format {
    /// Field `name`'s value in `word` (0 if the format has no such field).
    pub fn get(&self, word: u64, name: &str) -> u32 {
        self.fields
            .iter()
            .find(|f| f.name == name)
            .map_or(0, |f| f.get(word))
    }
}

/// Register class of an operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// VGPR (or AGPR when the acc bit is set).
    V,
    /// AGPR.
    A,
    /// Scalar operand (SGPR, special register, constant).
    S,
    /// Immediate field.
    Imm,
    /// 9-bit VALU source: 0..=255 scalar operand (SGPR, special register, inline
    /// constant, 255 = literal), 256..=511 VGPR `v[n-256]`.
    Src,
    /// 9-bit VALU source whose register half names AGPRs (`a[n-256]`).
    ASrc,
    /// An operand LLVM prints as fixed text (the implicit `vcc` of VOP2/VOPC);
    /// the text is [`Operand::field`].
    Fixed,
    /// The 32-bit literal constant of v_madmk/v_madak/v_fmamk/v_fmaak (field `imm`).
    K,
    /// s_getreg/s_setreg `simm16`: `hwreg(id[, offset, size])` (id bits 0..5,
    /// offset 6..10, size-1 11..15; names in [`Tables::hwreg`]).
    HwReg,
}

/// One operand of an opcode: the field it is encoded in, its class and width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operand {
    /// Field name.
    pub field: String,
    /// Register class.
    pub class: Class,
    /// Number of 32-bit registers.
    pub count: u32,
    /// VALU sources: how LLVM prints constants for this operand: `f16`, `i16`,
    /// `b32` (f32/i32), `f64`, `b64`; `-` where unknown or not applicable.
    pub ty: String,
    /// VALU sources: the kinds of values the field accepts: `v` register (VGPR, or
    /// AGPR for [`Class::ASrc`]), `s` SGPR/special register, `c` inline constant,
    /// `l` literal dword; empty when not applicable.
    pub accept: String,
}

/// One opcode row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opcode {
    /// Format index in [`Tables::formats`].
    pub format: usize,
    /// Variant (`flat`, `scratch`, `global` for FLAT; `-` otherwise).
    pub variant: String,
    /// Value of the `op` field.
    pub op: u32,
    /// LLVM mnemonic.
    pub mnemonic: String,
    /// Operands in LLVM's order.
    pub operands: Vec<Operand>,
    /// Atomic returning its old value only with sc0 (vdst printed only then).
    pub rtn: bool,
    /// DS with `offset0:`/`offset1:`.
    pub off2: bool,
    /// Operands printed by special code.
    pub raw: bool,
    /// All flags of the row (VALU: `field=value:p|i|r` modifier behaviour, `k`,
    /// `ktype=..`, `show=key`; see `gfx942_valu.py`).
    pub flags: Vec<String>,
}

impl Opcode {
    /// How LLVM treats `field` = `value` (one bit of a modifier field): `p` printed,
    /// `i` ignored, `r` rejected; `None` when not probed.
    pub fn modifier(&self, field: &str, value: u32) -> Option<char> {
        let key = format!("{field}={value}:");
        self.flags
            .iter()
            .find_map(|f| f.strip_prefix(key.as_str()))
            .and_then(|r| r.chars().next())
    }

    /// Whether the row has flag `f`.
    pub fn has_flag(&self, f: &str) -> bool {
        self.flags.iter().any(|x| x == f)
    }

    /// The operand encoded in `field`, if any.
    pub fn operand(&self, field: &str) -> Option<&Operand> {
        self.operands.iter().find(|o| o.field == field)
    }

    /// The width in bits of operand `field` (32 when the row has none).
    pub fn width(&self, field: &str) -> u32 {
        self.operand(field).map_or(32, |o| o.count * 32)
    }
}

/// Both tables.
#[derive(Debug)]
pub struct Tables {
    /// Formats, most specific mask first.
    pub formats: Vec<Format>,
    /// Opcodes.
    pub opcodes: Vec<Opcode>,
    /// Hardware register names by id (`hwreg(HW_REG_MODE)`).
    pub hwreg: HashMap<u32, String>,
    /// s_sendmsg messages without an operation, by id (`sendmsg(MSG_INTERRUPT)`).
    pub sendmsg: HashMap<u32, String>,
    /// s_sendmsg (message id, operation) -> (message, operation, takes a stream).
    pub sendmsg_op: HashMap<(u32, u32), (String, String, bool)>,
    index: HashMap<(usize, String, u32), usize>,
}

impl Tables {
    /// The format whose fixed bits match the first dword.
    pub fn format_of(&self, dword: u32) -> Option<usize> {
        self.formats.iter().position(|f| dword & f.mask == f.value)
    }

    /// The opcode row of (format, variant, op).
    pub fn opcode(&self, format: usize, variant: &str, op: u32) -> Option<&Opcode> {
        self.index
            .get(&(format, variant.to_string(), op))
            .map(|&i| &self.opcodes[i])
    }

    /// Every format whose fixed bits match the first dword, most specific first
    /// (SDWA/DPP before the plain 32-bit form, VOP3A before VOP3B).
    pub fn formats_of(&self, dword: u32) -> impl Iterator<Item = usize> + '_ {
        self.formats
            .iter()
            .enumerate()
            .filter(move |(_, f)| dword & f.mask == f.value)
            .map(|(i, _)| i)
    }

    /// Formats sharing the fixed bits of format `fi` (VOP3A/VOP3B, VOP3P/VOP3P_MAI),
    /// `fi` first.
    pub fn alternatives(&self, fi: usize) -> impl Iterator<Item = usize> + '_ {
        let f = &self.formats[fi];
        std::iter::once(fi).chain(
            self.formats
                .iter()
                .enumerate()
                .filter(move |(j, g)| *j != fi && g.mask == f.mask && g.value == f.value)
                .map(|(j, _)| j),
        )
    }

    /// The format index by name.
    pub fn format(&self, name: &str) -> Option<usize> {
        self.formats.iter().position(|f| f.name == name)
    }
}

fn num(s: &str) -> u32 {
    match s.strip_prefix("0x") {
        Some(h) => u32::from_str_radix(h, 16).expect("hex in gfx942 table"),
        None => s.parse().expect("number in gfx942 table"),
    }
}

fn parse() -> Tables {
    let mut formats: Vec<Format> = Vec::new();
    for line in FORMATS_TSV.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        let i = match formats.iter().position(|f| f.name == c[0]) {
            Some(i) => i,
            None => {
                formats.push(Format {
                    name: c[0].to_string(),
                    mask: 0,
                    value: 0,
                    bytes: 4,
                    fields: Vec::new(),
                });
                formats.len() - 1
            }
        };
        let f = &mut formats[i];
        if c[1] == "FIXED" {
            f.mask = num(c[2]);
            f.value = num(c[3]);
            f.bytes = num(c[4]) as usize;
        } else {
            f.fields.push(Field {
                name: c[1].to_string(),
                lo: num(c[2]),
                hi: num(c[3]),
            });
        }
    }
    formats.sort_by_key(|f| std::cmp::Reverse(f.mask.count_ones()));
    let mut opcodes = Vec::new();
    let mut index = HashMap::new();
    for line in OPCODES_TSV.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        let format = formats
            .iter()
            .position(|f| f.name == c[0])
            .expect("format of an opcode row");
        let operands = if c[4] == "-" {
            Vec::new()
        } else {
            c[4].split(',')
                .map(|o| {
                    let p: Vec<&str> = o.split(':').collect();
                    Operand {
                        field: p[0].to_string(),
                        class: match p[1] {
                            "v" => Class::V,
                            "a" => Class::A,
                            "s" => Class::S,
                            "src" => Class::Src,
                            "asrc" => Class::ASrc,
                            "fixed" => Class::Fixed,
                            "k" => Class::K,
                            "hwreg" => Class::HwReg,
                            _ => Class::Imm,
                        },
                        count: num(p[2]),
                        ty: p.get(3).unwrap_or(&"-").to_string(),
                        accept: p
                            .get(4)
                            .map_or("", |a| if *a == "-" { "" } else { a })
                            .to_string(),
                    }
                })
                .collect()
        };
        let flags: Vec<&str> = c[5].split(',').collect();
        index.insert((format, c[1].to_string(), num(c[2])), opcodes.len());
        opcodes.push(Opcode {
            format,
            variant: c[1].to_string(),
            op: num(c[2]),
            mnemonic: c[3].to_string(),
            operands,
            rtn: flags.contains(&"rtn"),
            off2: flags.contains(&"off2"),
            raw: flags.contains(&"raw"),
            flags: flags.iter().map(|f| f.to_string()).collect(),
        });
    }
    let hwreg = HWREG_TSV
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (id, name) = l.split_once('\t')?;
            Some((num(id), name.to_string()))
        })
        .collect();
    let (mut sendmsg, mut sendmsg_op) = (HashMap::new(), HashMap::new());
    for l in SENDMSG_TSV.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.split('\t').collect();
        match c.as_slice() {
            ["msg", id, name] => {
                sendmsg.insert(num(id), name.to_string());
            }
            ["op", id, op, msg, name, stream] => {
                sendmsg_op.insert(
                    (num(id), num(op)),
                    (msg.to_string(), name.to_string(), *stream == "1"),
                );
            }
            _ => {}
        }
    }
    Tables {
        formats,
        opcodes,
        hwreg,
        sendmsg,
        sendmsg_op,
        index,
    }
}

/// The parsed tables (parsed once).
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(parse)
}
