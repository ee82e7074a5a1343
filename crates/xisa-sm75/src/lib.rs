//! NVIDIA Turing (sm_75) SASS frontend: a table-driven decoder and a
//! disassembler that prints nvdisasm's syntax.
//!
//! The encodings are data (`translation-rules/sm75/*.json`, compiled in with
//! `include_str!`); [`Rules::from_dir`] loads an edited copy instead (the CLI's
//! `--rules DIR`).  Decoding picks the most specific variant whose fixed bits
//! match the word, extracts every field and renders the variant's template.
//! No input makes the decoder panic: every failure is a [`DecodeError`] that
//! carries the byte offset.

#![deny(missing_docs)]

pub mod asm;
pub mod cubin;
pub mod frontend;
pub mod lift;
pub mod loader;
pub mod rules;
mod rules_index;
pub mod write;

use std::sync::OnceLock;

pub use rules::{Field, FieldKind, InstRule, Rules};

/// Errors in a rules file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A rules file or directory could not be read.
    #[error("cannot read rules {path}: {msg}")]
    Io {
        /// Path.
        path: String,
        /// OS error text.
        msg: String,
    },
    /// A rules file is not valid JSON of the expected shape.
    #[error("rules file {file}: {msg}")]
    Parse {
        /// File name.
        file: String,
        /// Parser message.
        msg: String,
    },
    /// A record is inconsistent (bad bit range, table size, template field).
    #[error("rules file {file}, variant {id}: {msg}")]
    Invalid {
        /// File name.
        file: String,
        /// Variant id.
        id: String,
        /// What is wrong.
        msg: String,
    },
}

/// Errors while decoding instruction words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The input ends inside an instruction word.
    #[error("offset {offset:#x}: truncated instruction word ({len} of 16 bytes)")]
    Truncated {
        /// Byte offset of the partial word.
        offset: u64,
        /// Bytes present.
        len: usize,
    },
    /// No rule matches the word's opcode and fixed bits.
    #[error("offset {offset:#x}: unknown instruction (opcode {opcode:#05x}, word {word:#034x})")]
    UnknownOpcode {
        /// Byte offset.
        offset: u64,
        /// Bits 0..12.
        opcode: u16,
        /// The whole word.
        word: u128,
    },
    /// A field holds a value the encoding does not allow.
    #[error("offset {offset:#x}: {mnemonic}: invalid value {value:#x} in field {field}")]
    InvalidField {
        /// Byte offset.
        offset: u64,
        /// Mnemonic of the matched variant.
        mnemonic: String,
        /// Field name.
        field: String,
        /// Field value.
        value: u64,
    },
    /// The word sets bits that change what the instruction means under
    /// some modifiers but that the generated table could not place in a
    /// field (`unmodeled` in `isa.json`): refused rather than guessed.
    #[error(
        "offset {offset:#x}: {mnemonic}: bits {} are set; nvdisasm gives them a meaning the \
         decode table ({class}) does not model, so the word is refused rather than guessed",
        bit_list(*bits)
    )]
    Unmodeled {
        /// Byte offset.
        offset: u64,
        /// Mnemonic of the matched variant.
        mnemonic: String,
        /// The table record (class id).
        class: String,
        /// The offending bits, in place.
        bits: u128,
    },
    /// The input is not a cubin the disassembler understands.
    #[error("offset {offset:#x}: bad cubin: {msg}")]
    BadElf {
        /// Byte offset in the file.
        offset: u64,
        /// What is wrong.
        msg: String,
    },
    /// The rules could not be loaded.
    #[error(transparent)]
    Rules(#[from] RulesError),
}

/// A decoded operand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operand {
    /// General register (255 = RZ).
    Reg(u8),
    /// Uniform register (63 = URZ).
    UReg(u8),
    /// Predicate (7 = PT).
    Pred(u8),
    /// Immediate (sign-extended for signed fields; raw IEEE bits for float
    /// immediates, the double's bits for `f64hi`; the absolute address for
    /// branch targets).
    Imm(i64),
    /// Constant-bank operand `c[bank][offset]`.
    CBuf {
        /// Bank.
        bank: u8,
        /// Byte offset (signed: two's complement in 16 bits).
        offset: u16,
    },
}

/// A decoded modifier group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modifier {
    /// Field name (role): `type`, `scope`, `order`, `op`, `E`, ...
    pub name: String,
    /// Seed modifier group number, when the field comes from a seed group.
    pub group: Option<u32>,
    /// Raw field value.
    pub raw: u32,
    /// Printed value (`""` = default, prints nothing; `INVALIDn` kept).
    pub text: String,
}

/// Scheduling control fields (bits 105..126).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Control {
    /// Stall cycles.
    pub stall: u8,
    /// Yield bit.
    pub yield_: bool,
    /// Read scoreboard (7 = none).
    pub rd_bar: u8,
    /// Write scoreboard (7 = none).
    pub wr_bar: u8,
    /// Wait mask.
    pub wait_mask: u8,
    /// Operand reuse flags.
    pub reuse: u8,
}

/// A decoded instruction, for the lifter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The 128-bit word.
    pub word: u128,
    /// Variant id in the rules (`MNEMONIC:KEY`).
    pub rule: String,
    /// Mnemonic of the variant (fixed suffixes included, e.g. `ATOMG.CAS`).
    pub mnemonic: String,
    /// Operand signature of the variant.
    pub signature: String,
    /// Guard predicate index (7 = PT) and negation.
    pub guard: (u8, bool),
    /// Operands in print order (`op0`, `op1`, ...).
    pub operands: Vec<Operand>,
    /// Modifier groups, in field order.
    pub modifiers: Vec<Modifier>,
    /// Every field of the matched rule except the guard and the control
    /// fields, by name: what the lifter reads.
    pub fields: Vec<FieldValue>,
    /// Control fields.
    pub control: Control,
    /// The text in nvdisasm syntax (without address).
    pub text: String,
    /// The text read as data: the mnemonic with its modifiers, then the
    /// operands (see [`Syntax`]).
    pub syntax: Syntax,
}

/// A decoded instruction's text as the lifter reads it: what nvdisasm
/// prints, split into the head (mnemonic and `.`-modifiers) and the
/// comma-separated operand slots, each with the [`Decoded::fields`] it was
/// printed from. The listing equals nvdisasm's, so reading the text reads
/// the ISA's own syntax, and every field that prints something belongs to
/// the head or to one slot.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Syntax {
    /// The mnemonic and its modifiers, e.g. `IMAD.WIDE.U32`.
    pub head: Part,
    /// The operands in print order, e.g. `-R2.reuse`, `c[0x0][0x160]`.
    pub slots: Vec<Part>,
}

/// One printed piece of an instruction and the fields it shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Part {
    /// The text.
    pub text: String,
    /// Indices into [`Decoded::fields`] of the fields printed in it.
    pub fields: Vec<usize>,
}

/// One field of a decoded instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldValue {
    /// Field name in the rules (`d`, `a`, `size`, `op2`, ...).
    pub name: String,
    /// Field kind.
    pub kind: FieldKind,
    /// Raw value of the field's bits.
    pub raw: u64,
    /// The value as an operand (registers, predicates, immediates scaled and
    /// sign-extended, constant-bank operands, branch targets); `None` for
    /// modifier and text fields.
    pub operand: Option<Operand>,
    /// What a modifier or text field prints for this value (`""`: nothing).
    pub text: String,
    /// The word bits the field occupies.
    pub mask: u128,
    /// Whether the value is the field's neutral one: a modifier or text that
    /// prints nothing, RZ / URZ / PT, a zero immediate.
    pub neutral: bool,
    /// Whether the field says nothing but operand reuse: a text whose every
    /// value, `.reuse` removed, prints the same (`.reuse`, `.ROW` fixed
    /// suffixes).
    pub reuse_only: bool,
}

impl Decoded {
    /// The field with the given name.
    pub fn field(&self, name: &str) -> Option<&FieldValue> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// The modifier with the given name.
    pub fn modifier(&self, name: &str) -> Option<&Modifier> {
        self.modifiers.iter().find(|m| m.name == name)
    }
}

/// `60, 61` for the set bits of a mask.
fn bit_list(bits: u128) -> String {
    (0..128)
        .filter(|b| bits >> b & 1 == 1)
        .map(|b| b.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The bits of `w` that `probed`, the whole-ISA record of its class, found
/// to change nvdisasm's text under the word's modifiers (its `zero`
/// fields) and that neither that record nor `rule`, the variant decoding
/// the word, places in a field; `None` when there are none.
fn unmodeled(rule: &InstRule, probed: &InstRule, w: u128) -> Option<u128> {
    let mut shown = probed
        .fields
        .iter()
        .filter(|f| f.kind == FieldKind::Zero && f.shows_in(w))
        .peekable();
    // (what the variant covers only matters when a bit shows)
    shown.peek()?;
    let covered = rule.covered();
    shown.map(|f| w & f.mask() & !covered).find(|&b| b != 0)
}

pub(crate) fn embedded_rules() -> Result<&'static Rules, DecodeError> {
    static RULES: OnceLock<Result<Rules, RulesError>> = OnceLock::new();
    RULES
        .get_or_init(Rules::embedded)
        .as_ref()
        .map_err(|e| DecodeError::Rules(e.clone()))
}

fn hex_signed(v: i64) -> String {
    if v < 0 {
        format!("-{:#x}", v.unsigned_abs())
    } else {
        format!("{v:#x}")
    }
}

impl Rules {
    /// Decode one word at byte offset `pc`.
    pub fn decode(&self, w: u128, pc: u64) -> Result<Decoded, DecodeError> {
        self.prepare(w).map_err(DecodeError::Rules)?;
        let rule = self
            .candidates(w)
            .next()
            .ok_or(DecodeError::UnknownOpcode {
                offset: pc,
                opcode: (w & 0xfff) as u16,
                word: w,
            })?;
        // The whole-ISA table's record for the class (tier 1).
        let probed = if rule.tier == 1 {
            Some(rule)
        } else {
            self.candidates(w).find(|r| r.tier == 1)
        };
        if rule.check_probe {
            // It knows which value combinations nvdisasm rejects.
            if let Some(probed) = probed {
                for f in &probed.fields {
                    let v = f.extract(w);
                    if f.reject.contains(&v) {
                        return Err(DecodeError::InvalidField {
                            offset: pc,
                            mnemonic: rule.mnemonic.clone(),
                            field: format!("{} ({})", f.name, probed.id),
                            value: v,
                        });
                    }
                }
            }
        }
        if let Some((bits, probed)) = probed.and_then(|p| Some((unmodeled(rule, p, w)?, p))) {
            return Err(DecodeError::Unmodeled {
                offset: pc,
                mnemonic: rule.mnemonic.clone(),
                class: probed.id.clone(),
                bits,
            });
        }
        if let Some((lo, value)) = self.control_reject(w) {
            return Err(DecodeError::InvalidField {
                offset: pc,
                mnemonic: rule.mnemonic.clone(),
                field: format!("control@{lo}"),
                value,
            });
        }
        let mut guard = (7u8, false);
        let mut operands = Vec::new();
        let mut modifiers = Vec::new();
        let mut control = Control::default();
        let mut vals = Vec::with_capacity(rule.fields.len());
        for f in &rule.fields {
            let mut v = f.extract(w);
            if f.signed_if.is_some_and(|b| (w >> b) & 1 == 1) {
                // printed signed: keep the two's complement over 64 bits
                v = sext(v, f.width) as u64;
            }
            if f.reject.contains(&v) {
                return Err(DecodeError::InvalidField {
                    offset: pc,
                    mnemonic: rule.mnemonic.clone(),
                    field: f.name.clone(),
                    value: v,
                });
            }
            vals.push(v);
            match f.kind {
                FieldKind::Guard => guard = ((v & 7) as u8, v & 8 != 0),
                FieldKind::Mod => modifiers.push(Modifier {
                    name: f.name.clone(),
                    group: f.group,
                    raw: v as u32,
                    text: f.values.get(v as usize).cloned().unwrap_or_default(),
                }),
                FieldKind::Control => {
                    let b = v as u8;
                    match f.name.as_str() {
                        "stall" => control.stall = b,
                        "yield" => control.yield_ = b != 0,
                        "rd_bar" => control.rd_bar = b,
                        "wr_bar" => control.wr_bar = b,
                        "wait_mask" => control.wait_mask = b,
                        "reuse" => control.reuse = b,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        // operands in print order: op0, op1, ...
        let mut ops: Vec<(usize, Operand)> = Vec::new();
        let mut fields = Vec::with_capacity(rule.fields.len());
        for (f, &v) in rule.fields.iter().zip(&vals) {
            // (a zero field is checked above and means nothing once clear)
            if matches!(
                f.kind,
                FieldKind::Guard | FieldKind::Control | FieldKind::Zero
            ) {
                continue;
            }
            let operand = field_operand(f, v, pc);
            let text = match f.kind {
                FieldKind::Mod | FieldKind::Text => {
                    f.values.get(v as usize).cloned().unwrap_or_default()
                }
                _ => String::new(),
            };
            // (a value the field prints as nothing, e.g. MOV's lane mask 0xf,
            // is neutral too; so is a bare `.reuse`)
            let neutral = f.print_as.iter().any(|(pv, t)| *pv == v && t.is_empty())
                || match f.kind {
                    FieldKind::Mod | FieldKind::Text => {
                        text.replace(".reuse", "").trim().is_empty()
                    }
                    FieldKind::Reg => v == 255,
                    FieldKind::UReg => v == 63,
                    FieldKind::Pred => v == 7,
                    FieldKind::SImm | FieldKind::UImm => v == 0,
                    _ => false,
                };
            fields.push(FieldValue {
                name: f.name.clone(),
                kind: f.kind,
                raw: v,
                operand: operand.clone(),
                text,
                mask: f.mask(),
                neutral,
                reuse_only: f.kind == FieldKind::Text && {
                    let mut v = f.values.iter().map(|t| t.replace(".reuse", ""));
                    let first = v.next().unwrap_or_default();
                    v.all(|t| t == first)
                },
            });
            let (Some(n), Some(op)) = (
                f.name
                    .strip_prefix("op")
                    .and_then(|n| n.parse::<usize>().ok()),
                operand,
            ) else {
                continue;
            };
            ops.push((n, op));
        }
        ops.sort_by_key(|(n, _)| *n);
        operands.extend(ops.into_iter().map(|(_, o)| o));

        let mut text = String::new();
        if guard != (7, false) {
            text.push('@');
            if guard.1 {
                text.push('!');
            }
            if guard.0 == 7 {
                text.push_str("PT ");
            } else {
                text.push_str(&format!("P{} ", guard.0));
            }
        }
        // Operand positions: the head (mnemonic and modifiers) is position
        // 0, then one per `, `-separated operand of the template, counted
        // also where an optional operand prints nothing.
        let mut cut = SyntaxCuts::new(text.len());
        for p in &rule.template {
            let start = text.len();
            let shown = match p {
                rules::Piece::Lit(s) => {
                    text.push_str(s);
                    cut.scan(&text, start, true);
                    continue;
                }
                rules::Piece::Field { index } => {
                    let (Some(f), Some(&v)) = (rule.fields.get(*index), vals.get(*index)) else {
                        continue;
                    };
                    if f.prefix.starts_with(", ") {
                        cut.boundary(start);
                    }
                    render(&mut text, f, v, &vals, pc);
                    if cut.starts.len() == 1 && text[start..].starts_with(' ') {
                        // The first operand's prefix ends the head
                        // (`BPT{mode}{code}`, code printed as ` 0x1`).
                        cut.boundary(start);
                    }
                    cut.scan(&text, start, false);
                    if f.suffix.ends_with(", ") {
                        // A leading optional operand (`P0, ` before `R2`):
                        // its position exists whether it prints or not.
                        let end = text.len();
                        cut.owned(vec![*index], start, end);
                        cut.boundary(if end > start { end - 2 } else { end });
                        continue;
                    }
                    vec![*index]
                }
                rules::Piece::Addr {
                    base,
                    size,
                    ur,
                    imm,
                } => {
                    render_addr(&mut text, rule, &vals, *base, *size, *ur, *imm, pc);
                    [Some(*base), *size, *ur, *imm]
                        .into_iter()
                        .flatten()
                        .collect()
                }
                rules::Piece::Merge { fields, literals } => {
                    render_merge(&mut text, rule, &vals, fields, literals);
                    fields.clone()
                }
            };
            cut.owned(shown, start, text.len());
        }
        // Rule field index -> index in `fields` (guard and control skipped).
        let mut at = vec![usize::MAX; rule.fields.len()];
        let mut n = 0;
        for (i, f) in rule.fields.iter().enumerate() {
            if !matches!(f.kind, FieldKind::Guard | FieldKind::Control) {
                at[i] = n;
                n += 1;
            }
        }
        let syntax = cut.finish(&text, &at);
        Ok(Decoded {
            word: w,
            rule: rule.id.clone(),
            mnemonic: rule.mnemonic.clone(),
            signature: rule.signature.clone(),
            guard,
            operands,
            modifiers,
            fields,
            control,
            text,
            syntax,
        })
    }

    /// Disassemble a raw sequence of 16-byte little-endian words.
    pub fn disassemble_raw(&self, bytes: &[u8], base: u64) -> Result<Vec<String>, DecodeError> {
        self.disassemble_raw_with(bytes, base, false)
    }

    /// [`Rules::disassemble_raw`], each text followed by its encoding as
    /// `nvdisasm -hex` prints it when `hex` ([`cubin::with_hex`]: the entry
    /// is then two lines).
    pub fn disassemble_raw_with(
        &self,
        bytes: &[u8],
        base: u64,
        hex: bool,
    ) -> Result<Vec<String>, DecodeError> {
        let mut out = Vec::with_capacity(bytes.len() / 16);
        for (i, chunk) in bytes.chunks(16).enumerate() {
            let off = base + (i as u64) * 16;
            let w = word_from_bytes(chunk).ok_or(DecodeError::Truncated {
                offset: off,
                len: chunk.len(),
            })?;
            let text = self.decode(w, off)?.text;
            out.push(if hex { cubin::with_hex(&text, w) } else { text });
        }
        Ok(out)
    }
}

/// Where the rendered text of an instruction divides into its head and
/// operand positions, and which fields each piece of text came from.
struct SyntaxCuts {
    /// Start offset of each position (0: the head, after the guard).
    starts: Vec<usize>,
    /// Bracket and brace depth (a `, ` inside `[...]`/`{...}` divides
    /// nothing).
    depth: i32,
    /// (position, rule field indices, start, end) of each field piece.
    spans: Vec<(usize, Vec<usize>, usize, usize)>,
}

impl SyntaxCuts {
    fn new(body: usize) -> Self {
        SyntaxCuts {
            starts: vec![body],
            depth: 0,
            spans: Vec::new(),
        }
    }

    fn boundary(&mut self, at: usize) {
        self.starts.push(at);
    }

    /// Literal text appended from `from` on: the first space ends the
    /// head, and each top-level `, ` starts a position.
    fn scan(&mut self, text: &str, from: usize, literal: bool) {
        let b = text.as_bytes();
        for i in from..b.len() {
            match b[i] {
                b'[' | b'{' => self.depth += 1,
                b']' | b'}' => self.depth -= 1,
                _ if !literal => {}
                b' ' if self.starts.len() == 1 => self.boundary(i),
                b',' if self.depth == 0 && b.get(i + 1) == Some(&b' ') && self.starts.len() > 1 => {
                    self.boundary(i)
                }
                _ => {}
            }
        }
    }

    fn owned(&mut self, fields: Vec<usize>, start: usize, end: usize) {
        let pos = self.starts.len() - 1;
        self.spans.push((pos, fields, start, end));
    }

    fn finish(self, text: &str, at: &[usize]) -> Syntax {
        let t = text.trim_end();
        let end = t.strip_suffix(';').map_or(t.len(), |t| t.trim_end().len());
        let mut parts: Vec<Part> = (0..self.starts.len())
            .map(|i| {
                let a = self.starts[i].min(end);
                let b = self.starts.get(i + 1).copied().unwrap_or(end).min(end);
                let t = text.get(a..b.max(a)).unwrap_or("");
                let t = t.strip_prefix(", ").unwrap_or(t).trim();
                Part {
                    text: t.to_string(),
                    fields: Vec::new(),
                }
            })
            .collect();
        for (pos, fields, _, _) in &self.spans {
            if let Some(p) = parts.get_mut(*pos) {
                p.fields.extend(
                    fields
                        .iter()
                        .filter_map(|&f| at.get(f).copied())
                        .filter(|&f| f != usize::MAX),
                );
            }
        }
        let mut head = parts.remove(0);
        // A guard printed by a field (`@UP0 UIADD3`) precedes the mnemonic.
        if let Some((_, m)) = head.text.rsplit_once(' ') {
            head.text = m.to_string();
        }
        Syntax { head, slots: parts }
    }
}

/// Modifier groups printed as one sorted token list (`.A.B.C`).
pub(crate) fn render_merge(
    out: &mut String,
    rule: &InstRule,
    vals: &[u64],
    fields: &[usize],
    literals: &[String],
) {
    let mut toks: Vec<&str> = literals.iter().map(String::as_str).collect();
    for &i in fields {
        let (Some(f), Some(&v)) = (rule.fields.get(i), vals.get(i)) else {
            continue;
        };
        if let Some(s) = f.values.get(v as usize) {
            toks.extend(s.split('.').filter(|t| !t.is_empty()));
        }
    }
    let rank = |t: &str| {
        rule.token_order
            .iter()
            .position(|x| x == t)
            .unwrap_or(usize::MAX)
    };
    toks.sort_by_key(|t| rank(t));
    for t in toks {
        out.push('.');
        out.push_str(t);
    }
}

pub(crate) fn sext(v: u64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        return v as i64;
    }
    let shift = 64 - width;
    ((v << shift) as i64) >> shift
}

/// nvdisasm's memory operand: `R2`, `R2+0x10`, `R2.U32+UR4+-0x8`, `UR4`,
/// `0x10` (RZ base with an offset prints the offset alone, unsigned), `RZ`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn render_addr(
    out: &mut String,
    rule: &InstRule,
    vals: &[u64],
    base: usize,
    size: Option<usize>,
    ur: Option<usize>,
    imm: Option<usize>,
    pc: u64,
) {
    let get = |i: usize| -> Option<(&Field, u64)> { Some((rule.fields.get(i)?, *vals.get(i)?)) };
    let Some((bf, b)) = get(base) else { return };
    let imm = imm.and_then(get);
    let ur = ur.and_then(get);
    let base_rz = b == 255;
    let mut s = String::new();
    if !base_rz || (ur.is_none() && imm.is_none_or(|(_, v)| v == 0)) {
        render(&mut s, bf, b, vals, pc);
        if !base_rz {
            if let Some((sf, sv)) = size.and_then(get) {
                render(&mut s, sf, sv, vals, pc);
            }
        }
    }
    if let Some((uf, uv)) = ur {
        if !s.is_empty() {
            s.push('+');
        }
        render(&mut s, uf, uv, vals, pc);
    }
    if let Some((f, v)) = imm {
        if v != 0 {
            if s.is_empty() {
                s.push_str(&format!("{v:#x}"));
            } else {
                s.push('+');
                render(&mut s, f, v, vals, pc);
            }
        }
    }
    out.push_str(&s);
}

pub(crate) fn render(out: &mut String, f: &Field, v: u64, vals: &[u64], pc: u64) {
    let mut s = String::new();
    render_bare(&mut s, f, v, vals, pc);
    if !s.is_empty() {
        out.push_str(&f.prefix);
        out.push_str(&s);
        out.push_str(&f.suffix);
    }
}

/// A constant-bank field: the offset bits (16, or 14 in 4-byte units for ALU
/// operands) then 5 bank bits; the offset is signed.
/// A field's value as an operand; `None` for modifiers, texts and control.
fn field_operand(f: &Field, v: u64, pc: u64) -> Option<Operand> {
    Some(match f.kind {
        FieldKind::CBuf => {
            let (bank, off) = cbuf_parts(v, f.width);
            Operand::CBuf {
                bank,
                offset: off as u16,
            }
        }
        FieldKind::Rel => Operand::Imm(rel_target(pc, f, v)),
        FieldKind::F32 | FieldKind::F16 => Operand::Imm(v as i64),
        FieldKind::F64Hi => Operand::Imm((v << 32) as i64),
        FieldKind::Reg => Operand::Reg(v as u8),
        FieldKind::UReg => Operand::UReg(v as u8),
        FieldKind::Pred => Operand::Pred(v as u8),
        FieldKind::SImm => Operand::Imm(sext(v, f.width).wrapping_mul(f.scale)),
        FieldKind::UImm => Operand::Imm((v as i64).wrapping_mul(f.scale)),
        _ => return None,
    })
}

pub(crate) fn cbuf_parts(v: u64, width: u32) -> (u8, i16) {
    let ow = width.saturating_sub(5).min(16);
    let off = sext(v & ((1u64 << ow) - 1), ow) << (16 - ow);
    ((v >> ow) as u8, off as i16)
}

/// Branch target: the next instruction's address plus an offset in 4-byte
/// units (the field starts at bit 34; bits 32..34 are flags).  The first bit
/// range is signed; further ranges, if any, add unsigned high bits.
fn rel_target(pc: u64, f: &Field, v: u64) -> i64 {
    let w1 = f.bits.first().map_or(f.width, |&(lo, hi)| hi - lo);
    let low = sext(v & ((1u64 << w1.min(63)) - 1), w1);
    let high = if w1 >= 64 { 0 } else { (v >> w1) << w1 };
    (pc as i64)
        .wrapping_add(16)
        .wrapping_add(low.wrapping_add(high as i64).wrapping_mul(4))
}

/// C's `%.{prec}e` (exponent with sign and at least two digits).
fn c_exp(x: f64, prec: usize) -> String {
    let s = format!("{x:.prec$e}");
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    format!(
        "{m}e{}{:02}",
        if e < 0 { '-' } else { '+' },
        e.unsigned_abs()
    )
}

/// nvdisasm's float immediate: `%.20g`, but `%.20e` from 1e9 up; `+INF`,
/// `-QNAN`, `+SNAN`, `-0.0` by name.
fn fmt_float(x: f64, quiet_bit: u64, bits: u64) -> String {
    let sign = if x.is_sign_negative() { '-' } else { '+' };
    if x.is_infinite() {
        return format!("{sign}INF ");
    }
    if x.is_nan() {
        let q = if bits & quiet_bit != 0 {
            "QNAN"
        } else {
            "SNAN"
        };
        return format!("{sign}{q} ");
    }
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0.0 ".into()
        } else {
            "0".into()
        };
    }
    if x.abs() >= 1e9 {
        return c_exp(x, 20);
    }
    // %.20g: P = 20 significant digits, style by the decimal exponent
    let e = c_exp(x, 19);
    let exp: i32 = e
        .rsplit_once('e')
        .map_or(0, |(_, x)| x.parse().unwrap_or(0));
    let mut out = if (-4..20).contains(&exp) {
        let prec = (19 - exp) as usize;
        format!("{x:.prec$}")
    } else {
        e
    };
    // strip trailing zeros of the fraction (and a bare point)
    let (mant, ex) = match out.find('e') {
        Some(i) => (out[..i].to_string(), out[i..].to_string()),
        None => (out.clone(), String::new()),
    };
    if mant.contains('.') {
        let m = mant.trim_end_matches('0').trim_end_matches('.');
        out = format!("{m}{ex}");
    }
    out
}

/// An IEEE half as a double (exact).
pub(crate) fn half_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let m = f64::from(h & 0x3ff);
    match e {
        0 => sign * m * 2f64.powi(-24),
        31 if m == 0.0 => sign * f64::INFINITY,
        31 => {
            if sign < 0.0 {
                -f64::NAN
            } else {
                f64::NAN
            }
        }
        _ => sign * (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

fn render_bare(out: &mut String, f: &Field, v: u64, vals: &[u64], pc: u64) {
    if let Some((_, s)) = f.print_as.iter().find(|(k, _)| *k == v) {
        out.push_str(s);
        return;
    }
    match f.kind {
        FieldKind::Text => {
            let table = match &f.alt {
                Some((j, eq, alt)) if vals.get(*j) == Some(eq) => alt,
                _ => &f.values,
            };
            if let Some(s) = table.get(v as usize) {
                out.push_str(s);
            }
        }
        FieldKind::CBuf => {
            let (bank, off) = cbuf_parts(v, f.width);
            out.push_str(&format!("c[{bank:#x}][{}]", hex_signed(i64::from(off))));
        }
        FieldKind::Rel => out.push_str(&hex_signed(rel_target(pc, f, v))),
        FieldKind::F32 => {
            let x = f64::from(f32::from_bits(v as u32));
            out.push_str(&fmt_float(x, 1 << 22, v));
        }
        FieldKind::F64Hi => {
            let b = v << 32;
            out.push_str(&fmt_float(f64::from_bits(b), 1 << 51, b));
        }
        FieldKind::F16 => out.push_str(&fmt_float(half_to_f64(v as u16), 1 << 9, v)),
        FieldKind::Reg => {
            if v == 255 {
                out.push_str("RZ");
            } else {
                out.push_str(&format!("R{v}"));
            }
        }
        FieldKind::UReg => {
            if v == 63 {
                out.push_str("URZ");
            } else {
                out.push_str(&format!("UR{v}"));
            }
        }
        FieldKind::Pred => {
            if v == 7 {
                out.push_str("PT");
            } else {
                out.push_str(&format!("P{v}"));
            }
        }
        FieldKind::SImm | FieldKind::UImm => {
            let x = if f.kind == FieldKind::SImm {
                sext(v, f.width)
            } else {
                v as i64
            }
            .wrapping_mul(f.scale);
            out.push_str(&hex_signed(x));
        }
        FieldKind::Mod => {
            let table = match &f.alt {
                Some((j, eq, alt)) if vals.get(*j) == Some(eq) => alt,
                _ => &f.values,
            };
            if let Some(s) = table.get(v as usize) {
                if !s.is_empty() {
                    out.push('.');
                    out.push_str(s);
                }
            }
        }
        FieldKind::Guard | FieldKind::Control | FieldKind::Zero => {}
    }
}

/// Assemble a word from up to 16 little-endian bytes; `None` unless exactly 16.
pub fn word_from_bytes(b: &[u8]) -> Option<u128> {
    let a: [u8; 16] = b.try_into().ok()?;
    Some(u128::from_le_bytes(a))
}

/// Decode one word with the embedded rules.
pub fn decode_word(w: u128, pc: u64) -> Result<Decoded, DecodeError> {
    embedded_rules()?.decode(w, pc)
}

/// Disassemble one word (embedded rules) to nvdisasm's text, e.g.
/// `@!P1 ATOMG.E.ADD.EF.INVALID0.CTA P0, R0, [R2+0x10], R4 ;`.
pub fn disassemble_word(w: u128, pc: u64) -> Result<String, DecodeError> {
    Ok(decode_word(w, pc)?.text)
}

/// Disassemble raw 128-bit words (16 bytes each, little-endian); errors
/// carry the byte offset of the offending word.
pub fn disassemble_raw(bytes: &[u8]) -> Result<Vec<String>, DecodeError> {
    embedded_rules()?.disassemble_raw(bytes, 0)
}
