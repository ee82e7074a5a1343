//! The translation rules as data: the JSON format written by
//! `translation-rules/sm75/convert.py` (and by hand for instructions not in
//! the seeds), its loader and its compiled, validated form.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::rules_index::{self, ClassKey};
use crate::RulesError;

include!(concat!(env!("OUT_DIR"), "/embedded_rules.rs"));

/// Control-bit rejects of one instruction class (opcode [0,12) and bit 91).
#[derive(Debug, Clone, Deserialize)]
pub struct RawControl {
    /// The 12-bit opcode, `0x...`.
    pub opcode: String,
    /// Bit 91.
    pub b91: u8,
    /// Per control part: bit range and the values nvdisasm rejects.
    pub reject: Vec<RawControlPart>,
}

/// One control group (bit ranges inside [105,128), LSB part first) and its
/// rejected values.
#[derive(Debug, Clone, Deserialize)]
pub struct RawControlPart {
    /// Bit ranges `[lo, hi)`, least significant part first.
    pub bits: Vec<[u32; 2]>,
    /// Rejected values.
    pub reject: Vec<u64>,
}

/// One compiled control group: bit ranges and the rejected values as a bitset.
#[derive(Debug, Clone, Default)]
pub struct ControlPart {
    /// Bit ranges, least significant part first.
    pub bits: Vec<(u32, u32)>,
    /// Bit `v` set: value `v` is rejected.
    pub reject: Vec<u64>,
}

/// The value of the bit ranges `bits` of `w` (least significant part
/// first; at most 64 bits in all).
pub fn gather(w: u128, bits: &[(u32, u32)]) -> u64 {
    let mut v = 0u64;
    let mut shift = 0;
    for &(lo, hi) in bits {
        v |= (((w >> lo) & ((1u128 << (hi - lo)) - 1)) as u64) << shift;
        shift += hi - lo;
    }
    v
}

/// The low `width` bits set (all 64 from 64 on).
pub(crate) fn width_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The inverse of [`gather`]: `v`'s bits placed in `bits`, least
/// significant part first.
pub(crate) fn scatter(v: u64, bits: &[(u32, u32)]) -> u128 {
    let mut w = 0u128;
    let mut at = 0;
    for &(lo, hi) in bits {
        let n = hi - lo;
        let part = if at >= 64 {
            0
        } else {
            (v >> at) & width_mask(n)
        };
        w |= u128::from(part) << lo;
        at += n;
    }
    w
}

impl ControlPart {
    /// The group's value in a word.
    pub fn extract(&self, w: u128) -> u64 {
        gather(w, &self.bits)
    }
}

/// Compiled control rejects of one instruction class.
#[derive(Debug, Clone, Default)]
pub struct ControlRule {
    /// Groups.
    pub parts: Vec<ControlPart>,
}

/// One encoding variant as stored on disk.
#[derive(Debug, Clone, Deserialize)]
pub struct RawInst {
    /// Unique id (`MNEMONIC:KEY`).
    pub id: String,
    /// Mnemonic with its fixed suffixes, e.g. `ATOMG.CAS`.
    pub mnemonic: String,
    /// Operand signature, e.g. `P,R,[R+I],R`.
    pub signature: String,
    /// Bit ranges with fixed values that select this variant.
    #[serde(rename = "match")]
    pub matches: Vec<RawMatch>,
    /// Bits nvdisasm ignores (`[lo, hi)` ranges).
    #[serde(default)]
    pub ignore: Vec<[u32; 2]>,
    /// Fields.
    pub fields: Vec<RawField>,
    /// Print template in nvdisasm syntax.
    pub template: String,
    /// Print order of modifier tokens for `{@merge:...}` templates.
    #[serde(default)]
    pub token_order: Vec<String>,
    /// Also apply the field rejects of the whole-ISA table's record for the
    /// same class (combinations this record's independent fields allow but
    /// nvdisasm rejects).
    #[serde(default)]
    pub check_probe: bool,
}

/// A fixed bit range `[lo, hi)` with its value.
#[derive(Debug, Clone, Deserialize)]
pub struct RawMatch {
    /// First bit.
    pub lo: u32,
    /// One past the last bit.
    pub hi: u32,
    /// Value of the range (bit `lo` is the least significant bit).
    pub value: u64,
}

/// One field as stored on disk.
#[derive(Debug, Clone, Deserialize)]
pub struct RawField {
    /// Field name, referenced by the template.
    pub name: String,
    /// Kind: guard, reg, ureg, pred, simm, uimm, mod, control.
    pub kind: String,
    /// Bit ranges `[lo, hi)`, least significant part first.
    pub bits: Vec<[u32; 2]>,
    /// Modifier value table, indexed by the field value.
    #[serde(default)]
    pub values: Option<Vec<String>>,
    /// Modifier group number in the seed tables.
    #[serde(default)]
    pub group: Option<u32>,
    /// Values nvdisasm rejects.
    #[serde(default)]
    pub reject: Vec<u64>,
    /// Values printed as fixed text (e.g. `255` -> `???255`).
    #[serde(default)]
    pub print_as: std::collections::BTreeMap<String, String>,
    /// Alternative value table used when another field has a given value.
    #[serde(default)]
    pub alt: Option<RawAlt>,
    /// Text printed before the field when the field prints anything.
    #[serde(default)]
    pub prefix: String,
    /// Text printed after the field when the field prints anything.
    #[serde(default)]
    pub suffix: String,
    /// Immediates: the printed value is the field value times this.
    #[serde(default)]
    pub scale: Option<i64>,
    /// Unsigned immediates: printed signed when this word bit is set.
    #[serde(default)]
    pub signed_if: Option<u32>,
    /// `zero` fields: the modifier values under which the bits show (all
    /// must hold); none: always.
    #[serde(default)]
    pub when: Vec<RawWhen>,
}

/// One condition of a `zero` field: the word's value of `bits` is one of
/// `values`.
#[derive(Debug, Clone, Deserialize)]
pub struct RawWhen {
    /// Bit ranges `[lo, hi)`, least significant part first.
    pub bits: Vec<[u32; 2]>,
    /// The values under which the field's bits show.
    pub values: Vec<u64>,
}

/// An alternative modifier table, selected by another field's value.
#[derive(Debug, Clone, Deserialize)]
pub struct RawAlt {
    /// The other field's name.
    pub field: String,
    /// The value that selects the alternative table.
    pub equals: u64,
    /// The alternative table.
    pub values: Vec<String>,
}

/// The kind of a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// Guard predicate: 3-bit index + negate bit.
    Guard,
    /// General register `R0..R254`, `RZ` = 255.
    Reg,
    /// Uniform register `UR0..UR62`, `URZ` = 63.
    UReg,
    /// Predicate `P0..P6`, `PT` = 7.
    Pred,
    /// Signed immediate (two's complement over the field width).
    SImm,
    /// Unsigned immediate.
    UImm,
    /// Modifier group (value table).
    Mod,
    /// Scheduling control (stall, yield, barriers, wait mask, reuse).
    Control,
    /// Value table printed verbatim (no `.`): `-`, `|`, `!`, `.reuse`,
    /// special-register names.
    Text,
    /// Constant-bank operand: signed offset (16 bits, or 14 bits in 4-byte
    /// units) then bank (5 bits), printed `c[0xB][0xOFF]` / `c[0xB][-0xOFF]`.
    CBuf,
    /// Branch target: signed offset in 4-byte units (from bit 34) from the
    /// next instruction,
    /// printed as the absolute address.
    Rel,
    /// 32-bit IEEE single immediate, printed as nvdisasm does.
    F32,
    /// High 32 bits of an IEEE double immediate (low bits zero).
    F64Hi,
    /// 16-bit IEEE half immediate, printed as nvdisasm does.
    F16,
    /// Bits the prober saw change nvdisasm's text under some modifiers
    /// but could not place in any field: a word with any of them set is
    /// refused (the decoder cannot say what they mean).
    Zero,
}

impl FieldKind {
    fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "guard" => Self::Guard,
            "reg" => Self::Reg,
            "ureg" => Self::UReg,
            "pred" => Self::Pred,
            "simm" => Self::SImm,
            "uimm" => Self::UImm,
            "mod" => Self::Mod,
            "control" => Self::Control,
            "text" => Self::Text,
            "cbuf" => Self::CBuf,
            "rel" => Self::Rel,
            "f32" => Self::F32,
            "f64hi" => Self::F64Hi,
            "f16" => Self::F16,
            "zero" => Self::Zero,
            _ => return None,
        })
    }
}

/// A compiled field.
#[derive(Debug, Clone)]
pub struct Field {
    /// Name.
    pub name: String,
    /// Kind.
    pub kind: FieldKind,
    /// Bit ranges, least significant part first.
    pub bits: Vec<(u32, u32)>,
    /// Total width in bits.
    pub width: u32,
    /// Modifier value table (empty for non-modifiers).
    pub values: Vec<String>,
    /// Seed modifier group number, when known.
    pub group: Option<u32>,
    /// Values that make the word invalid.
    pub reject: Vec<u64>,
    /// Values printed as fixed text.
    pub print_as: Vec<(u64, String)>,
    /// Alternative table: (field index, value, table).
    pub alt: Option<(usize, u64, Vec<String>)>,
    /// Printed before the field when it prints anything.
    pub prefix: String,
    /// Printed after the field when it prints anything.
    pub suffix: String,
    /// Immediates: the printed value is the field value times this.
    pub scale: i64,
    /// Unsigned immediates: printed signed when this word bit is set.
    pub signed_if: Option<u32>,
    /// `zero` fields: the conditions, all of which must hold for the bits
    /// to mean something.
    pub when: Vec<When>,
}

/// A compiled `zero`-field condition (see [`RawWhen`]).
#[derive(Debug, Clone)]
pub struct When {
    /// Bit ranges, least significant part first (at most 64 bits).
    pub bits: Vec<(u32, u32)>,
    /// The values under which the field's bits show.
    pub values: Vec<u64>,
}

impl Field {
    /// Extract this field's value from a word.
    pub fn extract(&self, w: u128) -> u64 {
        gather(w, &self.bits)
    }

    /// A `zero` field: whether its conditions hold for `w` (the bits mean
    /// something under the word's modifiers).
    pub fn shows_in(&self, w: u128) -> bool {
        self.when
            .iter()
            .all(|c| c.values.contains(&gather(w, &c.bits)))
    }

    /// The field's bits, in place.
    pub fn mask(&self) -> u128 {
        self.bits
            .iter()
            .fold(0, |m, &(lo, hi)| m | range_mask(lo, hi))
    }
}

/// One piece of a print template.
#[derive(Debug, Clone)]
pub enum Piece {
    /// Literal text.
    Lit(String),
    /// A field (index into the fields).
    Field {
        /// Index into [`InstRule::fields`].
        index: usize,
    },
    /// The inside of a memory operand: base register, optional size
    /// modifier, uniform register and offset (indices into the fields).
    Addr {
        /// Base register field.
        base: usize,
        /// Address size modifier field (`.U32` / `.64`).
        size: Option<usize>,
        /// Uniform register field.
        ur: Option<usize>,
        /// Offset field.
        imm: Option<usize>,
    },
    /// Modifier groups whose dot-separated tokens (and some literal
    /// tokens) are printed together, each with a leading `.`, in the
    /// record's token order.
    Merge {
        /// The modifier fields.
        fields: Vec<usize>,
        /// Literal tokens.
        literals: Vec<String>,
    },
}

/// A compiled encoding variant.
#[derive(Debug, Clone)]
pub struct InstRule {
    /// Unique id.
    pub id: String,
    /// Mnemonic.
    pub mnemonic: String,
    /// Operand signature.
    pub signature: String,
    /// Mask of the fixed bits.
    pub mask: u128,
    /// Value of the fixed bits.
    pub value: u128,
    /// Fields.
    pub fields: Vec<Field>,
    /// Print template.
    pub template: Vec<Piece>,
    /// The 12-bit opcode.
    pub opcode: u16,
    /// Priority tier of the file the record comes from.
    pub tier: u32,
    /// Token print order for [`Piece::Merge`].
    pub token_order: Vec<String>,
    /// See [`RawInst::check_probe`].
    pub check_probe: bool,
}

impl InstRule {
    /// The bits this variant gives a meaning: its fixed bits and its
    /// fields (not its `zero` fields, which say the opposite).
    pub fn covered(&self) -> u128 {
        self.fields
            .iter()
            .filter(|f| f.kind != FieldKind::Zero)
            .fold(self.mask, |m, f| m | f.mask())
    }
}

/// A rule set: the rules files' texts, indexed by instruction class
/// (`opcode | bit91 << 12`); a class's records are parsed and validated the
/// first time a word of the class is decoded (or all of them by
/// [`Rules::insts`]).
#[derive(Debug)]
pub struct Rules {
    files: Vec<RulesText>,
    classes: HashMap<ClassKey, ClassEntry>,
    all: OnceLock<Result<Vec<InstRule>, RulesError>>,
}

/// One rules file: name, text and tier.
#[derive(Debug)]
struct RulesText {
    name: String,
    text: Cow<'static, str>,
    tier: u32,
}

/// Where a class's records lie (file index, byte range), in file order, and
/// its control entry (the last one wins); compiled on first use.
#[derive(Debug, Default)]
struct ClassEntry {
    records: Vec<(usize, u32, u32)>,
    control: Option<(usize, u32, u32)>,
    compiled: OnceLock<Result<Class, RulesError>>,
}

/// A compiled class: its variants in match order and its control rejects.
#[derive(Debug)]
struct Class {
    insts: Vec<InstRule>,
    control: Option<ControlRule>,
}

pub(crate) fn range_mask(lo: u32, hi: u32) -> u128 {
    let n = hi - lo;
    let m = if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    m << lo
}

impl Rules {
    /// The rules compiled into the binary, indexed at build time.
    pub fn embedded() -> Result<Self, RulesError> {
        let mut r = Rules::empty();
        for (&(name, text), &(tier, entries)) in EMBEDDED.iter().zip(EMBEDDED_INDEX) {
            let entries = entries
                .iter()
                .map(|&(class, start, end, control)| rules_index::Entry {
                    class,
                    start,
                    end,
                    control,
                });
            r.add(name.to_string(), Cow::Borrowed(text), tier, entries);
        }
        Ok(r)
    }

    fn empty() -> Rules {
        Rules {
            files: Vec::new(),
            classes: HashMap::new(),
            all: OnceLock::new(),
        }
    }

    fn add(
        &mut self,
        name: String,
        text: Cow<'static, str>,
        tier: u32,
        entries: impl Iterator<Item = rules_index::Entry>,
    ) {
        let file = self.files.len();
        for e in entries {
            let c = self.classes.entry(e.class).or_default();
            let span = (file, e.start, e.end);
            if e.control {
                c.control = Some(span);
            } else {
                c.records.push(span);
            }
        }
        self.files.push(RulesText { name, text, tier });
    }

    /// Load every `*.json` file of a rules directory (the `--rules DIR` override).
    pub fn from_dir(dir: &Path) -> Result<Self, RulesError> {
        let rd = std::fs::read_dir(dir).map_err(|e| RulesError::Io {
            path: dir.display().to_string(),
            msg: e.to_string(),
        })?;
        let mut paths: Vec<_> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        let mut files = Vec::new();
        for p in paths {
            let text = std::fs::read_to_string(&p).map_err(|e| RulesError::Io {
                path: p.display().to_string(),
                msg: e.to_string(),
            })?;
            files.push((p.display().to_string(), text));
        }
        if files.is_empty() {
            return Err(RulesError::Io {
                path: dir.display().to_string(),
                msg: "no *.json rules files".into(),
            });
        }
        Self::from_texts(&files)
    }

    /// Parse and validate rules files given as (name, JSON text) pairs
    /// (every record now: a user's rules directory is checked when loaded).
    pub fn from_texts<N: AsRef<str>, T: AsRef<str>>(files: &[(N, T)]) -> Result<Self, RulesError> {
        let mut r = Rules::empty();
        for (name, text) in files {
            let (name, text) = (name.as_ref().to_string(), text.as_ref().to_string());
            let (tier, entries) = rules_index::index(&text).map_err(|msg| RulesError::Parse {
                file: name.clone(),
                msg,
            })?;
            r.add(name, Cow::Owned(text), tier, entries.into_iter());
        }
        // Every record is in a class: compiling the classes checks them all.
        for c in r.classes.values() {
            r.compiled(c)?;
        }
        Ok(r)
    }

    /// Every variant, in match order (lower tier first, then more fixed bits
    /// first, then file order): parses every record.
    pub fn insts(&self) -> Result<&[InstRule], RulesError> {
        let all = self.all.get_or_init(|| {
            let mut spans: Vec<(usize, u32, u32)> = self
                .classes
                .values()
                .flat_map(|c| c.records.iter().copied())
                .collect();
            spans.sort_unstable();
            spans.dedup();
            self.compile_spans(&spans)
        });
        all.as_deref().map_err(Clone::clone)
    }

    /// The compiled class of `key` (none: no records).
    fn class(&self, key: ClassKey) -> Result<Option<&Class>, RulesError> {
        match self.classes.get(&key) {
            Some(c) => self.compiled(c).map(Some),
            None => Ok(None),
        }
    }

    fn compiled<'a>(&self, c: &'a ClassEntry) -> Result<&'a Class, RulesError> {
        let class = c.compiled.get_or_init(|| {
            let insts = self.compile_spans(&c.records)?;
            let control = match c.control {
                Some((file, start, end)) => {
                    let f = &self.files[file];
                    let raw: RawControl = serde_json::from_str(
                        &f.text[start as usize..end as usize],
                    )
                    .map_err(|e| RulesError::Parse {
                        file: f.name.clone(),
                        msg: e.to_string(),
                    })?;
                    Some(compile_control(&raw).map_err(|msg| RulesError::Invalid {
                        file: f.name.clone(),
                        id: format!("control {}", raw.opcode),
                        msg,
                    })?)
                }
                None => None,
            };
            Ok(Class { insts, control })
        });
        class.as_ref().map_err(Clone::clone)
    }

    /// Parses and compiles the records at `spans` (in file order) and puts
    /// them in match order.
    fn compile_spans(&self, spans: &[(usize, u32, u32)]) -> Result<Vec<InstRule>, RulesError> {
        let mut insts = Vec::with_capacity(spans.len());
        for &(file, start, end) in spans {
            let f = &self.files[file];
            let raw: RawInst = serde_json::from_str(&f.text[start as usize..end as usize])
                .map_err(|e| RulesError::Parse {
                    file: f.name.clone(),
                    msg: e.to_string(),
                })?;
            let id = raw.id.clone();
            let mut r = compile(raw).map_err(|msg| RulesError::Invalid {
                file: f.name.clone(),
                id,
                msg,
            })?;
            r.tier = f.tier;
            insts.push(r);
        }
        // Lower tier first, then most specific first: more fixed bits wins.
        insts.sort_by_key(|r| (r.tier, std::cmp::Reverse(r.mask.count_ones())));
        Ok(insts)
    }

    /// The class of a word: its opcode and bit 91.
    fn key(w: u128) -> ClassKey {
        ((w & 0xfff) as u16) | (((w >> 91) & 1) as u16) << 12
    }

    /// Parses the records of the word's class if that has not been done:
    /// the error of an invalid record of the class.
    pub fn prepare(&self, w: u128) -> Result<(), RulesError> {
        self.class(Self::key(w)).map(|_| ())
    }

    /// The control group of a word that nvdisasm rejects for the word's
    /// class: `(first bit, value)`.
    pub fn control_reject(&self, w: u128) -> Option<(u32, u64)> {
        let rule = self.class(Self::key(w)).ok()??.control.as_ref()?;
        rule.parts.iter().find_map(|p| {
            let v = p.extract(w);
            let hit = p
                .reject
                .get((v / 64) as usize)
                .is_some_and(|x| x >> (v % 64) & 1 != 0);
            hit.then(|| (p.bits.first().map_or(105, |b| b.0), v))
        })
    }

    /// The variants that match a word, most specific first.
    /// (A class with an invalid record has none: see [`Rules::prepare`].)
    pub fn candidates(&self, w: u128) -> impl Iterator<Item = &InstRule> {
        let insts = match self.class(Self::key(w)) {
            Ok(Some(c)) => c.insts.as_slice(),
            _ => &[],
        };
        insts.iter().filter(move |r| w & r.mask == r.value)
    }
}

/// Checks one control entry and builds its rejects.
fn compile_control(c: &RawControl) -> Result<ControlRule, String> {
    let mut rule = ControlRule::default();
    for p in &c.reject {
        let mut part = ControlPart::default();
        let mut width = 0;
        for &[lo, hi] in &p.bits {
            if lo < 105 || hi > 128 || lo >= hi {
                return Err(format!("bad control range [{lo}, {hi})"));
            }
            width += hi - lo;
            part.bits.push((lo, hi));
        }
        if width == 0 || width > 12 {
            return Err(format!("control group width {width}"));
        }
        part.reject = vec![0u64; (1usize << width).div_ceil(64)];
        for &v in &p.reject {
            if v >> width != 0 {
                return Err(format!("control value {v} too wide"));
            }
            part.reject[(v / 64) as usize] |= 1 << (v % 64);
        }
        rule.parts.push(part);
    }
    Ok(rule)
}

/// Checks one record and builds its rule (taking the record's strings).
fn compile(raw: RawInst) -> Result<InstRule, String> {
    let mut mask = 0u128;
    let mut value = 0u128;
    for m in &raw.matches {
        if m.lo >= m.hi || m.hi > 128 || m.hi - m.lo > 64 {
            return Err(format!("bad match range [{}, {})", m.lo, m.hi));
        }
        let rm = range_mask(m.lo, m.hi);
        if mask & rm != 0 {
            return Err(format!("overlapping match range [{}, {})", m.lo, m.hi));
        }
        if m.hi - m.lo < 64 && m.value >> (m.hi - m.lo) != 0 {
            return Err(format!("match value {:#x} too wide", m.value));
        }
        mask |= rm;
        value |= (m.value as u128) << m.lo;
    }
    let mut fields = Vec::new();
    let mut alts = Vec::new();
    for f in raw.fields {
        let kind = FieldKind::parse(&f.kind).ok_or_else(|| format!("unknown kind {}", f.kind))?;
        let mut bits = Vec::new();
        let mut width = 0;
        for &[lo, hi] in &f.bits {
            if lo >= hi || hi > 128 {
                return Err(format!("field {}: bad range [{lo}, {hi})", f.name));
            }
            width += hi - lo;
            bits.push((lo, hi));
        }
        let wide = matches!(
            kind,
            FieldKind::Rel | FieldKind::SImm | FieldKind::UImm | FieldKind::Zero
        );
        if width == 0 || width > 64 || (!wide && width > 32) {
            return Err(format!("field {}: width {width}", f.name));
        }
        let values = f.values.unwrap_or_default();
        if matches!(kind, FieldKind::Mod | FieldKind::Text) && values.len() != 1usize << width {
            return Err(format!(
                "field {}: {} values for width {width}",
                f.name,
                values.len()
            ));
        }
        if kind == FieldKind::Guard && width != 4 {
            return Err(format!("guard field {} must be 4 bits", f.name));
        }
        let mut print_as = Vec::new();
        for (k, v) in f.print_as {
            let k = k
                .parse::<u64>()
                .map_err(|_| format!("field {}: print_as key {k:?}", f.name))?;
            print_as.push((k, v));
        }
        let when = f
            .when
            .iter()
            .map(|c| {
                let bits = c.bits.iter().map(|&[lo, hi]| (lo, hi)).collect::<Vec<_>>();
                if bits.iter().any(|&(lo, hi)| lo >= hi || hi > 128)
                    || bits.iter().map(|&(lo, hi)| hi - lo).sum::<u32>() > 64
                {
                    return Err(format!("field {}: bad `when` bits", f.name));
                }
                Ok(When {
                    bits,
                    values: c.values.clone(),
                })
            })
            .collect::<Result<_, String>>()?;
        alts.push(f.alt);
        fields.push(Field {
            name: f.name,
            kind,
            bits,
            width,
            values,
            group: f.group,
            reject: f.reject,
            print_as,
            alt: None,
            prefix: f.prefix,
            suffix: f.suffix,
            scale: f.scale.unwrap_or(1),
            signed_if: f.signed_if.filter(|&b| b < 128),
            when,
        });
    }
    for (i, alt) in alts.into_iter().enumerate() {
        if let Some(a) = alt {
            let j = fields
                .iter()
                .position(|g| g.name == a.field)
                .ok_or_else(|| {
                    format!(
                        "field {}: alt names unknown field {}",
                        fields[i].name, a.field
                    )
                })?;
            if a.values.len() != fields[i].values.len() {
                return Err(format!("field {}: alt table size", fields[i].name));
            }
            fields[i].alt = Some((j, a.equals, a.values));
        }
    }
    let template = parse_template(&raw.template, &fields)?;
    Ok(InstRule {
        id: raw.id,
        mnemonic: raw.mnemonic,
        signature: raw.signature,
        opcode: (value & 0xfff) as u16,
        tier: 0,
        token_order: raw.token_order,
        check_probe: raw.check_probe,
        mask,
        value,
        fields,
        template,
    })
}

fn parse_template(t: &str, fields: &[Field]) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut rest = t;
    while let Some(start) = rest.find('{') {
        if start > 0 {
            out.push(Piece::Lit(rest[..start].to_string()));
        }
        let end = rest[start..]
            .find('}')
            .ok_or_else(|| format!("unclosed '{{' in template {t:?}"))?
            + start;
        let spec = &rest[start + 1..end];
        let find = |name: &str| {
            fields
                .iter()
                .position(|f| f.name == name)
                .ok_or_else(|| format!("template names unknown field {name:?}"))
        };
        let opt = |name: &str| -> Result<Option<usize>, String> {
            if name == "-" {
                Ok(None)
            } else {
                find(name).map(Some)
            }
        };
        if let Some(m) = spec.strip_prefix("@merge:") {
            let (names, lits) = m.split_once(':').unwrap_or((m, ""));
            let mut fs = Vec::new();
            for n in names.split(',').filter(|n| !n.is_empty()) {
                fs.push(find(n)?);
            }
            out.push(Piece::Merge {
                fields: fs,
                literals: lits
                    .split('.')
                    .filter(|l| !l.is_empty())
                    .map(str::to_string)
                    .collect(),
            });
        } else if let Some(a) = spec.strip_prefix("@addr:") {
            let parts: Vec<&str> = a.split(':').collect();
            if parts.len() != 4 {
                return Err(format!("bad address placeholder {spec:?}"));
            }
            out.push(Piece::Addr {
                base: find(parts[0])?,
                size: opt(parts[1])?,
                ur: opt(parts[2])?,
                imm: opt(parts[3])?,
            });
        } else {
            out.push(Piece::Field { index: find(spec)? });
        }
        rest = &rest[end + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Lit(rest.to_string()));
    }
    Ok(out)
}
