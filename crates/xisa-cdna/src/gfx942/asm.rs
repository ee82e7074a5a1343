//! gfx942 assembler: LLVM-syntax text -> machine code, driven by the same
//! tables as the decoder (`gfx942_formats.tsv`, `gfx942_opcodes.tsv`).
//!
//! Each line is parsed into a mnemonic, comma-separated operands and trailing
//! modifiers (`offset:16 sc0 nt`); the operands fill the fields the opcode row
//! names, in LLVM's order, with the inverse of the printer's rules (register
//! tuples, inline constants, literals, `off`, SMEM/MUBUF descriptor registers,
//! `s_waitcnt` counters, branch labels). Every encoding is then decoded and
//! printed again and must give the same text back (numbers compared by value),
//! so the assembler can never emit bytes that disassemble to something else;
//! forms it cannot encode yet are errors naming the line.
//!
//! Formats: SOP1/SOP2/SOPK/SOPC/SOPP (with `hwreg(..)`, `sendmsg(..)`,
//! `gpr_idx(..)`), SMEM, DS (with `offset:swizzle(..)`), FLAT/GLOBAL/SCRATCH, MUBUF, and
//! the vector ALU: VOP1/VOP2/VOPC (`_e32`, with literals), VOP3A/VOP3B (`_e64`
//! and VOP3-only), VOP3P (packed math, v_fma_mix, MFMA), SDWA and DPP. The
//! LLVM assembler's operand rules that the printer does not enforce (GFX9's
//! constant bus, aligned tuples, special registers per operand, ...) are
//! mirrored so that both assemblers accept the same texts.
//! Checked against `llvm-mc-19 --mcpu=gfx942 --show-encoding` by
//! `tests/gfx942_asm.rs`.

use std::collections::HashMap;

use thiserror::Error;

use super::decode::decode_one;
use super::print::print_inst;
use super::tables::{tables, Class, Format, Opcode, Operand};

/// Why a line cannot be assembled.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {msg}")]
pub struct AsmError {
    /// 1-based source line.
    pub line: usize,
    /// What is wrong.
    pub msg: String,
}

type R<T> = Result<T, String>;

/// Assembles a program: one instruction per line, `label:` definitions,
/// comments after `;` or `//`. Branch operands may name labels.
pub fn assemble(src: &str) -> Result<Vec<u8>, AsmError> {
    // Pass 1: sizes and label offsets; pass 2: encode with resolved labels.
    let mut labels: HashMap<String, i64> = HashMap::new();
    let mut lines: Vec<(usize, String, usize)> = Vec::new(); // (line, text, offset)
    let mut off = 0usize;
    for (n, raw) in src.lines().enumerate() {
        let line = n + 1;
        let text = xisa_frontend::take_labels(strip_comment(raw), off as i64, &mut labels)
            .map_err(|msg| AsmError { line, msg })?
            .to_string();
        if text.is_empty() {
            continue;
        }
        if text.starts_with('.') {
            return Err(AsmError {
                line,
                msg: format!("directives are not supported: `{text}`"),
            });
        }
        // Sizes do not depend on label values (branch offsets are 16-bit fields).
        let len = encode_line(&text, 0, &|_| Some(0))
            .map_err(|msg| AsmError { line, msg })?
            .len();
        lines.push((line, text, off));
        off += len;
    }
    let mut out = Vec::with_capacity(off);
    for (line, text, at) in lines {
        let b = encode_line(&text, at, &|l| labels.get(l).copied())
            .map_err(|msg| AsmError { line, msg })?;
        out.extend_from_slice(&b);
    }
    Ok(out)
}

/// Assembles one instruction (no labels); numeric branch operands are the raw
/// `simm16` field, as the disassembler prints them.
pub fn assemble_inst(text: &str) -> Result<Vec<u8>, AsmError> {
    encode_line(strip_comment(text).trim(), 0, &|_| None).map_err(|msg| AsmError { line: 1, msg })
}

fn strip_comment(s: &str) -> &str {
    let cut = [s.find(';'), s.find("//")].into_iter().flatten().min();
    cut.map_or(s, |c| &s[..c])
}

/// The text split into mnemonic, operands and modifiers.
struct Parsed<'a> {
    mnemonic: &'a str,
    operands: Vec<&'a str>,
    modifiers: Vec<&'a str>,
}

fn parse(text: &str) -> Parsed<'_> {
    let (mnemonic, rest) = match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim()),
        None => (text, ""),
    };
    let mut operands: Vec<&str> = Vec::new();
    let mut modifiers: Vec<&str> = Vec::new();
    if mnemonic == "s_waitcnt" {
        operands.push(rest);
        return Parsed {
            mnemonic,
            operands,
            modifiers,
        };
    }
    // Split on top-level commas; the last piece carries the modifiers.
    let mut depth = 0i32;
    let mut start = 0;
    let mut pieces = Vec::new();
    for (i, c) in rest.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                pieces.push(rest[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !rest.is_empty() {
        pieces.push(rest[start..].trim());
    }
    if let Some(last) = pieces.pop() {
        let mut words = split_top(last).into_iter();
        // Everything is a modifier when the instruction has no operands.
        let first = words.next().unwrap_or("");
        if pieces.is_empty() && is_modifier(first) {
            modifiers.push(first);
        } else {
            pieces.push(first);
        }
        modifiers.extend(words);
    }
    operands.extend(pieces);
    Parsed {
        mnemonic,
        operands,
        modifiers,
    }
}

/// Whitespace-separated words outside parentheses (`hwreg(HW_REG_MODE, 0, 4)`
/// is one word).
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, None);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if c.is_whitespace() && depth <= 0 {
            if let Some(st) = start.take() {
                out.push(&s[st..i]);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push(&s[st..]);
    }
    out
}

/// `name(a, b, ...)` -> the trimmed arguments.
fn call<'a>(s: &'a str, name: &str) -> Option<Vec<&'a str>> {
    let inner = s.strip_prefix(name)?.strip_prefix('(')?.strip_suffix(')')?;
    if inner.trim().is_empty() {
        return Some(Vec::new());
    }
    Some(inner.split(',').map(str::trim).collect())
}

/// `hwreg(ID[, offset, size])` -> simm16 (id bits 0..5, offset 6..10, size-1
/// 11..15); ID is a name from `gfx942_hwreg.tsv` or a number.
fn hwreg(s: &str) -> R<i64> {
    let args = call(s, "hwreg").ok_or_else(|| format!("expected hwreg(..), got `{s}`"))?;
    let id = match args.first() {
        Some(a) => match int(a) {
            Some(v) => v,
            None => tables()
                .hwreg
                .iter()
                .find(|(_, n)| n.as_str() == *a)
                .map(|(id, _)| i64::from(*id))
                .ok_or_else(|| format!("unknown hardware register `{a}`"))?,
        },
        None => return Err("hwreg() needs a register".into()),
    };
    let (off, size) = match args.len() {
        1 => (0, 32),
        3 => (
            int(args[1]).ok_or_else(|| format!("bad offset in `{s}`"))?,
            int(args[2]).ok_or_else(|| format!("bad size in `{s}`"))?,
        ),
        _ => {
            return Err(format!(
                "`{s}`: expected hwreg(id) or hwreg(id, offset, size)"
            ))
        }
    };
    if !(0..64).contains(&id) || !(0..32).contains(&off) || !(1..=32).contains(&size) {
        return Err(format!("`{s}`: id 0..63, offset 0..31, size 1..32"));
    }
    Ok(id | off << 6 | (size - 1) << 11)
}

/// `sendmsg(MSG[, OP[, STREAM]])` -> simm16 (id bits 0..3, op 4..6, stream 8..9);
/// names from `gfx942_sendmsg.tsv` or numbers.
fn sendmsg(s: &str) -> R<i64> {
    let args = call(s, "sendmsg").ok_or_else(|| format!("expected sendmsg(..), got `{s}`"))?;
    let t = tables();
    let id = match args.first() {
        Some(a) => match int(a) {
            Some(v) => v,
            None => t
                .sendmsg
                .iter()
                .map(|(id, n)| (*id, n))
                .chain(t.sendmsg_op.iter().map(|((id, _), (n, _, _))| (*id, n)))
                .find(|(_, n)| n.as_str() == *a)
                .map(|(id, _)| i64::from(id))
                .ok_or_else(|| format!("unknown message `{a}`"))?,
        },
        None => return Err("sendmsg() needs a message".into()),
    };
    let op = match args.get(1) {
        Some(a) => match int(a) {
            Some(v) => v,
            None => t
                .sendmsg_op
                .iter()
                .find(|((m, _), (_, o, _))| i64::from(*m) == id && o.as_str() == *a)
                .map(|((_, op), _)| i64::from(*op))
                .ok_or_else(|| format!("unknown operation `{a}`"))?,
        },
        None => 0,
    };
    let stream = match args.get(2) {
        Some(a) => int(a).ok_or_else(|| format!("bad stream `{a}`"))?,
        None => 0,
    };
    if args.len() > 3
        || !(0..16).contains(&id)
        || !(0..8).contains(&op)
        || !(0..4).contains(&stream)
    {
        return Err(format!("`{s}`: message 0..15, operation 0..7, stream 0..3"));
    }
    Ok(id | op << 4 | stream << 8)
}

/// `gpr_idx(SRC0,SRC1,SRC2,DST)` (any subset) -> mode bits.
fn gpr_idx(s: &str) -> R<i64> {
    // A number is a 4-bit mode (LLVM refuses wider values).
    if let Some(v) = int(s) {
        return if (0..16).contains(&v) {
            Ok(v)
        } else {
            Err(format!("`{s}`: the VGPR index mode has 4 bits"))
        };
    }
    let args = call(s, "gpr_idx").ok_or_else(|| format!("expected gpr_idx(..), got `{s}`"))?;
    let mut v = 0;
    for a in args {
        let k = ["SRC0", "SRC1", "SRC2", "DST"]
            .iter()
            .position(|n| *n == a)
            .ok_or_else(|| format!("unknown gpr_idx mode `{a}`"))?;
        if v >> k & 1 == 1 {
            return Err(format!("`{a}` given twice"));
        }
        v |= 1 << k;
    }
    Ok(v)
}

/// `swizzle(MODE,...)` of ds_swizzle_b32 -> the 16-bit offset (LLVM's
/// `parseSwizzleOperand` encodings).
fn swizzle(s: &str) -> R<i64> {
    let args = call(s, "swizzle").ok_or_else(|| format!("expected swizzle(..), got `{s}`"))?;
    let nums = |from: usize| -> R<Vec<i64>> {
        args[from..]
            .iter()
            .map(|a| int(a).ok_or_else(|| format!("bad number `{a}` in `{s}`")))
            .collect()
    };
    let bad = || format!("invalid swizzle `{s}`");
    match args.first().copied() {
        Some("QUAD_PERM") => {
            let l = nums(1)?;
            if l.len() != 4 || l.iter().any(|x| !(0..4).contains(x)) {
                return Err(bad());
            }
            Ok(0x8000 | l[0] | l[1] << 2 | l[2] << 4 | l[3] << 6)
        }
        Some("SWAP") => match nums(1)?.as_slice() {
            [x] if (1..32).contains(x) => Ok(0x1f | x << 10),
            _ => Err(bad()),
        },
        Some("REVERSE") => match nums(1)?.as_slice() {
            [g] if (2..=32).contains(g) && g.count_ones() == 1 => Ok(0x1f | (g - 1) << 10),
            _ => Err(bad()),
        },
        Some("BROADCAST") => match nums(1)?.as_slice() {
            [g, l] if (2..=32).contains(g) && g.count_ones() == 1 && (0..*g).contains(l) => {
                Ok((32 - g) | l << 5)
            }
            _ => Err(bad()),
        },
        Some("BITMASK_PERM") => {
            let m = args
                .get(1)
                .and_then(|m| m.strip_prefix('"')?.strip_suffix('"'))
                .filter(|m| m.len() == 5 && args.len() == 2)
                .ok_or_else(bad)?;
            let (mut and, mut or, mut xor) = (0, 0, 0);
            for (i, c) in m.chars().enumerate() {
                let bit = 1 << (4 - i);
                match c {
                    '0' => {}
                    '1' => or |= bit,
                    'p' => and |= bit,
                    'i' => {
                        and |= bit;
                        xor |= bit;
                    }
                    _ => return Err(bad()),
                }
            }
            Ok(and | or << 5 | xor << 10)
        }
        _ => Err(bad()),
    }
}

fn is_modifier(w: &str) -> bool {
    matches!(
        w,
        "sc0" | "sc1" | "nt" | "glc" | "offen" | "idxen" | "lds" | "gds"
    ) || w.split_once(':').is_some_and(|(k, _)| {
        !k.is_empty()
            && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !w.contains('[')
    })
}

/// Parses an integer: decimal or `0x` hex, optionally negative.
fn int(s: &str) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(h) => i64::from_str_radix(h, 16).ok()?,
        None if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) => {
            body.parse().ok()?
        }
        None => return None,
    };
    Some(if neg { -v } else { v })
}

/// `v5` / `v[4:5]` (class `v` or `a`): (class, first, count).
fn vreg(s: &str) -> Option<(char, u32, u32)> {
    let c = s.chars().next()?;
    if c != 'v' && c != 'a' {
        return None;
    }
    let (n, count) = tuple(&s[1..])?;
    (n + count <= 256).then_some((c, n, count))
}

/// gfx90a and later require 64-bit aligned VGPR/AGPR tuples.
fn aligned(s: &str, n: u32, count: u32) -> R<()> {
    if count >= 2 && !n.is_multiple_of(2) {
        return Err(format!(
            "`{s}`: vector register tuples must be 64-bit aligned"
        ));
    }
    Ok(())
}

/// `5` or `[4:5]` -> (first, count).
fn tuple(s: &str) -> Option<(u32, u32)> {
    if let Some(inner) = s.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
        let (a, b) = inner.split_once(':')?;
        let (a, b): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        return (b >= a).then(|| (a, b - a + 1));
    }
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok().map(|n| (n, 1)))
        .flatten()
}

/// Inline float constants of scalar sources 240..=248 (f32 spellings; `0.15915494`
/// is 1/(2*pi)).
const INLINE_FLOAT: [(&str, u32); 9] = [
    ("0.5", 240),
    ("-0.5", 241),
    ("1.0", 242),
    ("-1.0", 243),
    ("2.0", 244),
    ("-2.0", 245),
    ("4.0", 246),
    ("-4.0", 247),
    ("0.15915494", 248),
];

/// A scalar operand of `count` dwords: (field value, literal).
fn sreg(s: &str, count: u32, literal_ok: bool) -> R<(u32, Option<u32>)> {
    let pair = |lo: u32| -> R<(u32, Option<u32>)> {
        match count {
            1 => Ok((lo, None)),
            _ => Err(format!(
                "`{s}` is 32-bit; the operand needs {count} registers"
            )),
        }
    };
    let named: &[(&str, u32, u32)] = &[
        ("flat_scratch", 102, 2),
        ("xnack_mask", 104, 2),
        ("vcc", 106, 2),
        ("exec", 126, 2),
    ];
    for (name, v, n) in named {
        if s == *name {
            return if count == *n {
                Ok((*v, None))
            } else {
                Err(format!(
                    "`{s}` is 64-bit; the operand takes {count} register(s)"
                ))
            };
        }
        if let Some(half) = s.strip_prefix(name) {
            match half {
                "_lo" => return pair(*v),
                "_hi" => return pair(*v + 1),
                _ => {}
            }
        }
    }
    let fixed = [
        ("m0", 124),
        ("null", 125),
        ("src_shared_base", 235),
        ("src_shared_limit", 236),
        ("src_private_base", 237),
        ("src_private_limit", 238),
        ("src_pops_exiting_wave_id", 239),
        ("src_vccz", 251),
        ("src_execz", 252),
        ("src_scc", 253),
    ];
    if let Some((_, v)) = fixed.iter().find(|(n, _)| *n == s) {
        return Ok((*v, None));
    }
    if let Some(rest) = s.strip_prefix("ttmp") {
        let (n, c) = tuple(rest).ok_or_else(|| format!("bad register `{s}`"))?;
        if c != count || n + c > 16 {
            return Err(format!(
                "`{s}`: expected {count} register(s) within ttmp0..ttmp15"
            ));
        }
        return Ok((108 + n, None));
    }
    if let Some(rest) = s.strip_prefix('s') {
        if let Some((n, c)) = tuple(rest) {
            // The disassembler shows tuples running into s102/s103, but those are
            // not SGPRs on gfx942 (LLVM's assembler rejects them too).
            if c != count {
                return Err(format!("`{s}`: expected {count} register(s)"));
            }
            if n + c > 102 {
                return Err(format!(
                    "`{s}`: register not available on gfx942 (s0..s101)"
                ));
            }
            return Ok((n, None));
        }
    }
    if count == 2 && s == "0.15915494309189532" {
        return Ok((248, None));
    }
    if let Some((_, v)) = INLINE_FLOAT.iter().find(|(t, _)| *t == s) {
        return Ok((*v, None));
    }
    if let Some(v) = int(s) {
        if (0..=64).contains(&v) {
            return Ok((128 + v as u32, None));
        }
        if (-16..0).contains(&v) {
            return Ok((192 + (-v) as u32, None));
        }
        if !literal_ok {
            return Err(format!(
                "`{s}` needs a literal constant, which this operand cannot take"
            ));
        }
        let lit = u32::try_from(v)
            .or_else(|_| i32::try_from(v).map(|x| x as u32))
            .map_err(|_| format!("`{s}` does not fit in 32 bits"))?;
        return Ok((255, Some(lit)));
    }
    Err(format!("`{s}` is not a scalar operand"))
}

/// Instruction bits under construction.
struct Enc<'a> {
    fmt: &'a Format,
    word: u64,
    literal: Option<u32>,
}

impl Enc<'_> {
    fn set(&mut self, name: &str, v: i64) -> R<()> {
        let f = self
            .fmt
            .fields
            .iter()
            .find(|f| f.name == name)
            .ok_or_else(|| format!("{} has no `{name}` field", self.fmt.name))?;
        let bits = f.hi - f.lo + 1;
        let mask = (1u64 << bits) - 1;
        // Accept unsigned values and sign-extended negatives of the field width.
        let fits = (v >= 0 && (v as u64) <= mask) || (v < 0 && v >= -(1i64 << (bits - 1)));
        if !fits {
            return Err(format!("{name} value {v} does not fit in {bits} bits"));
        }
        self.word = (self.word & !(mask << f.lo)) | (((v as u64) & mask) << f.lo);
        Ok(())
    }

    fn literal(&mut self, l: Option<u32>) -> R<()> {
        match (self.literal, l) {
            (Some(a), Some(b)) if a != b => Err("two different literal constants".into()),
            (_, Some(b)) => {
                self.literal = Some(b);
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

type Labels<'a> = &'a dyn Fn(&str) -> Option<i64>;

/// The encoding of `row` with the given field values (the rest zero; FLAT's
/// segment from the row's variant): for writers that build an instruction
/// from fields rather than text. Each value is checked against its field.
pub(crate) fn encode_fields(row: &Opcode, fields: &[(&str, i64)]) -> R<Vec<u8>> {
    let fmt = &tables().formats[row.format];
    let mut e = Enc {
        fmt,
        word: u64::from(fmt.value),
        literal: None,
    };
    e.set("op", i64::from(row.op))?;
    if fmt.name == "FLAT" {
        e.set("seg", if row.variant == "global" { 2 } else { 0 })?;
    }
    for (name, v) in fields {
        e.set(name, *v)?;
    }
    Ok(e.word.to_le_bytes()[..fmt.bytes].to_vec())
}

fn encode_line(text: &str, at: usize, labels: Labels) -> R<Vec<u8>> {
    let p = parse(text);
    let t = tables();
    let rows: Vec<&Opcode> = t
        .opcodes
        .iter()
        .filter(|o| o.mnemonic == p.mnemonic)
        .collect();
    if rows.is_empty() {
        return encoding_suffixes(text, p.mnemonic, at, labels);
    }
    let mut first_err = None;
    for row in rows {
        match encode_row(row, &p, at, labels).and_then(|b| verify(text, b, labels)) {
            Ok(b) => return Ok(b),
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    Err(first_err.unwrap_or_default())
}

/// A VALU mnemonic without its encoding suffix: like LLVM, the 32-bit form when
/// the operands allow it, else VOP3, SDWA or DPP (the text with the suffix must
/// print back exactly).
fn encoding_suffixes(text: &str, mnemonic: &str, at: usize, labels: Labels) -> R<Vec<u8>> {
    let t = tables();
    let rest = &text[mnemonic.len()..];
    let mut first_err = None;
    for suffix in ["_e32", "_e64", "_sdwa", "_dpp"] {
        let full = format!("{mnemonic}{suffix}");
        if !t.opcodes.iter().any(|o| o.mnemonic == full) {
            continue;
        }
        match encode_line(&format!("{full}{rest}"), at, labels) {
            Ok(b) => return Ok(b),
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    Err(first_err.unwrap_or_else(|| format!("unknown mnemonic `{mnemonic}`")))
}

/// Decodes and prints the encoding; the text must come back (numbers by value;
/// a label stands for the branch offset computed from it).
fn verify(text: &str, b: Vec<u8>, labels: Labels) -> R<Vec<u8>> {
    let i = decode_one(&b, 0).map_err(|e| format!("encoding does not decode: {e}"))?;
    if i.len != b.len() {
        return Err("encoding length mismatch".into());
    }
    let back = print_inst(&i).map_err(|e| format!("encoding is invalid: {e}"))?;
    let (a, want) = (canon(&back), canon(text));
    let same = a.len() == want.len()
        && a.iter()
            .zip(&want)
            .all(|(x, y)| x == y || (labels(y).is_some() && int(x).is_some()));
    if !same {
        return Err(format!(
            "cannot encode `{text}` exactly (closest: `{back}`)"
        ));
    }
    Ok(b)
}

/// Canonical text for comparison: tokens, with integers (also after `key:` and
/// inside `name(...)`) replaced by their value.
fn canon(s: &str) -> Vec<String> {
    let spaced = s.replace(',', " , ");
    spaced
        .split_whitespace()
        .map(|tok| {
            if let Some(v) = int(tok) {
                return v.to_string();
            }
            if let Some((k, v)) = tok.split_once(':') {
                if let Some(v) = int(v) {
                    return format!("{k}:{v}");
                }
            }
            if let Some((k, rest)) = tok.split_once('(') {
                if let Some(v) = rest.strip_suffix(')').and_then(int) {
                    return format!("{k}({v})");
                }
            }
            tok.to_string()
        })
        .collect()
}

fn encode_row(row: &Opcode, p: &Parsed, at: usize, labels: Labels) -> R<Vec<u8>> {
    let t = tables();
    let fmt = &t.formats[row.format];
    let mut e = Enc {
        fmt,
        word: u64::from(fmt.value),
        literal: None,
    };
    e.set("op", i64::from(row.op))?;
    match fmt.name.as_str() {
        "SOP1" | "SOP2" | "SOPC" | "SOPK" => scalar(row, p, &mut e, at, labels)?,
        "SOPP" => sopp(row, p, &mut e, at, labels)?,
        "SMEM" => smem(row, p, &mut e)?,
        "DS" => ds(row, p, &mut e)?,
        "FLAT" => flat(row, p, &mut e)?,
        "MUBUF" => mubuf(row, p, &mut e)?,
        f if f.starts_with("VOP") => valu(row, p, &mut e, f)?,
        other => return Err(format!("the assembler does not encode {other} yet")),
    }
    let mut b = e.word.to_le_bytes()[..fmt.bytes].to_vec();
    if let Some(l) = e.literal {
        b.extend_from_slice(&l.to_le_bytes());
    }
    Ok(b)
}

fn want_operands(row: &Opcode, p: &Parsed, n: usize) -> R<()> {
    if p.operands.len() != n {
        return Err(format!(
            "{} takes {n} operand(s), got {}",
            row.mnemonic,
            p.operands.len()
        ));
    }
    Ok(())
}

fn no_modifiers(p: &Parsed) -> R<()> {
    match p.modifiers.first() {
        Some(m) => Err(format!("unexpected modifier `{m}`")),
        None => Ok(()),
    }
}

/// Branch offset in dwords from the instruction after `at` to a label or a raw
/// field value.
fn branch(s: &str, at: usize, labels: Labels) -> R<i64> {
    if let Some(v) = int(s) {
        return Ok(v);
    }
    let target = labels(s).ok_or_else(|| format!("unknown label `{s}`"))?;
    let d = target - (at as i64 + 4);
    if d % 4 != 0 {
        return Err(format!("label `{s}` is not dword aligned"));
    }
    let d = d / 4;
    if !(-32768..=32767).contains(&d) {
        return Err(format!("label `{s}` is out of branch range ({d} dwords)"));
    }
    Ok(d & 0xffff)
}

fn scalar(row: &Opcode, p: &Parsed, e: &mut Enc, at: usize, labels: Labels) -> R<()> {
    no_modifiers(p)?;
    want_operands(row, p, row.operands.len())?;
    let is_branch = row.mnemonic.starts_with("s_cbranch") || row.mnemonic == "s_call_b64";
    for (o, s) in row.operands.iter().zip(&p.operands) {
        match o.class {
            Class::Imm if is_branch => e.set(&o.field, branch(s, at, labels)?)?,
            Class::HwReg => e.set(&o.field, hwreg(s)?)?,
            Class::Imm if row.mnemonic == "s_set_gpr_idx_on" => e.set(&o.field, gpr_idx(s)?)?,
            Class::Imm => e.set(
                &o.field,
                int(s).ok_or_else(|| format!("`{s}` is not a number"))? & 0xffff,
            )?,
            Class::S => {
                // (s_cbranch_g_fork takes no literal, LLVM says)
                let lit_ok = o.field.starts_with("ssrc") && row.mnemonic != "s_cbranch_g_fork";
                let (v, lit) = sreg(s, o.count, lit_ok)?;
                // Register-only sources: LLVM takes the src_* registers of the
                // operand's width only (64-bit apertures, 32-bit flags).
                let reg_only = matches!(
                    row.mnemonic.as_str(),
                    "s_setpc_b64"
                        | "s_rfe_b64"
                        | "s_movrels_b32"
                        | "s_movrels_b64"
                        | "s_cbranch_join"
                );
                let wrong_width = match o.count {
                    1 => (235..=238).contains(&v),
                    _ => matches!(v, 239 | 251..=253),
                };
                if reg_only && o.field == "ssrc0" && wrong_width {
                    return Err(format!("`{s}` is not valid for {}", row.mnemonic));
                }
                e.set(&o.field, i64::from(v))?;
                e.literal(lit)?;
            }
            // s_setreg_imm32_b32's literal: an integer or an f32 (LLVM prints
            // the inline-constant values as floats).
            Class::K => {
                let l = match int(s) {
                    Some(v) => u32::try_from(v)
                        .or_else(|_| i32::try_from(v).map(|x| x as u32))
                        .map_err(|_| format!("`{s}` does not fit in 32 bits"))?,
                    None => super::print::INLINE_F32
                        .iter()
                        .find(|(_, t)| *t == &s[..])
                        .map(|(b, _)| *b)
                        .or_else(|| s.parse::<f32>().ok().map(f32::to_bits))
                        .ok_or_else(|| format!("`{s}` is not a number"))?,
                };
                e.literal(Some(l))?;
            }
            _ => return Err(format!("operand `{s}` of unexpected class")),
        }
    }
    Ok(())
}

fn sopp(row: &Opcode, p: &Parsed, e: &mut Enc, at: usize, labels: Labels) -> R<()> {
    no_modifiers(p)?;
    if row.mnemonic == "s_waitcnt" {
        // Counters default to "no wait" (all ones).
        let (mut vm, mut exp, mut lgkm) = (63u32, 7u32, 15u32);
        for part in p.operands.first().copied().unwrap_or("").split_whitespace() {
            let (k, v) = part
                .strip_suffix(')')
                .and_then(|x| x.split_once('('))
                .ok_or_else(|| format!("bad s_waitcnt counter `{part}`"))?;
            let v = int(v)
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| format!("bad count in `{part}`"))?;
            let (slot, max) = match k {
                "vmcnt" => (&mut vm, 63),
                "expcnt" => (&mut exp, 7),
                "lgkmcnt" => (&mut lgkm, 15),
                _ => return Err(format!("unknown s_waitcnt counter `{k}`")),
            };
            if v > max {
                return Err(format!("{k}({v}) exceeds {max}"));
            }
            *slot = v;
        }
        let v = (vm & 0xf) | (exp << 4) | (lgkm << 8) | ((vm >> 4) << 14);
        return e.set("simm16", i64::from(v));
    }
    if row.operands.is_empty() {
        return want_operands(row, p, 0);
    }
    // s_endpgm may omit its immediate.
    if p.operands.is_empty() && row.mnemonic == "s_endpgm" {
        return Ok(());
    }
    want_operands(row, p, 1)?;
    let s = p.operands[0];
    let v = if row.mnemonic.starts_with("s_branch") || row.mnemonic.starts_with("s_cbranch") {
        branch(s, at, labels)?
    } else if s.starts_with("sendmsg(") {
        sendmsg(s)?
    } else if row.mnemonic == "s_set_gpr_idx_mode" {
        gpr_idx(s)?
    } else {
        int(s).ok_or_else(|| format!("`{s}` is not a number"))? & 0xffff
    };
    e.set("simm16", v)
}

/// Modifier lookup: `key:value` numbers and bare flags.
fn modifiers(p: &Parsed, allowed: &[&str]) -> R<HashMap<String, i64>> {
    let mut m = HashMap::new();
    for w in &p.modifiers {
        let (k, v) = match w.split_once(':') {
            Some((k, v)) => (k, int(v).ok_or_else(|| format!("bad value in `{w}`"))?),
            None => (*w, 1),
        };
        if !allowed.contains(&k) {
            return Err(format!("modifier `{k}` is not valid here"));
        }
        if m.insert(k.to_string(), v).is_some() {
            return Err(format!("modifier `{k}` given twice"));
        }
    }
    Ok(m)
}

fn smem(row: &Opcode, p: &Parsed, e: &mut Enc) -> R<()> {
    // Rows without an address (s_memtime, s_dcache_inv, ...) take no modifier.
    let addressed = row.operands.iter().any(|o| o.field == "offset");
    let m = modifiers(p, if addressed { &["glc", "offset"] } else { &[] })?;
    // Buffer forms take a 20-bit unsigned offset (the field is 21-bit signed).
    let unsigned =
        row.mnemonic.starts_with("s_buffer") || row.mnemonic.starts_with("s_atc_probe_buffer");
    let check = |v: i64| -> R<i64> {
        if unsigned && !(0..1 << 20).contains(&v) {
            return Err(format!(
                "{}: expected a 20-bit unsigned offset, got {v}",
                row.mnemonic
            ));
        }
        Ok(v)
    };
    want_operands(row, p, row.operands.len())?;
    for (o, s) in row.operands.iter().zip(&p.operands) {
        match o.field.as_str() {
            "sbase" => {
                let (v, _) = sreg(s, o.count, false)?;
                if v % 2 != 0 {
                    return Err(format!("sbase `{s}` must be an even register pair"));
                }
                e.set("sbase", i64::from(v / 2))?;
            }
            "offset" => {
                if let Some(v) = int(s) {
                    e.set("imm", 1)?;
                    e.set("offset", check(v)?)?;
                } else {
                    let (r, _) = sreg(s, 1, false)?;
                    match m.get("offset") {
                        // Register plus immediate: the SOE form.
                        Some(v) => {
                            e.set("soe", 1)?;
                            e.set("soffset", i64::from(r))?;
                            e.set("imm", 1)?;
                            e.set("offset", check(*v)?)?;
                        }
                        // Register alone: LLVM puts it in the offset field.
                        None => e.set("offset", i64::from(r))?,
                    }
                }
            }
            _ if o.class == Class::Imm => e.set(
                &o.field,
                int(s).ok_or_else(|| format!("`{s}` is not a number"))?,
            )?,
            _ => {
                let (v, _) = sreg(s, o.count, false)?;
                e.set(&o.field, i64::from(v))?;
            }
        }
    }
    if m.contains_key("glc") {
        e.set("glc", 1)?;
    }
    Ok(())
}

/// A vector register operand; sets `acc` for AGPRs.
fn vop(e: &mut Enc, field: &str, s: &str, count: u32) -> R<char> {
    let (c, n, k) = vreg(s).ok_or_else(|| format!("`{s}` is not a vector register"))?;
    if k != count {
        return Err(format!("`{s}`: expected {count} register(s)"));
    }
    aligned(s, n, k)?;
    e.set(field, i64::from(n))?;
    Ok(c)
}

fn ds(row: &Opcode, p: &Parsed, e: &mut Enc) -> R<()> {
    // ds_swizzle_b32's `offset:swizzle(..)` names the pattern.
    let mut p2 = Parsed {
        mnemonic: p.mnemonic,
        operands: p.operands.clone(),
        modifiers: Vec::new(),
    };
    let mut swz = None;
    for w in &p.modifiers {
        match w
            .strip_prefix("offset:")
            .filter(|x| x.starts_with("swizzle("))
        {
            Some(x) => swz = Some(swizzle(x)?),
            None => p2.modifiers.push(w),
        }
    }
    let p = &p2;
    let mut m = modifiers(p, &["offset", "offset0", "offset1", "gds"])?;
    if let Some(v) = swz {
        if m.insert("offset".into(), v).is_some() {
            return Err("modifier `offset` given twice".into());
        }
    }
    want_operands(row, p, row.operands.len())?;
    let mut acc = None;
    for (o, s) in row.operands.iter().zip(&p.operands) {
        let c = vop(e, &o.field, s, o.count)?;
        if o.field != "addr" {
            if acc.is_some_and(|a| a != c) {
                return Err("VGPR and AGPR data cannot be mixed".into());
            }
            acc = Some(c);
        }
    }
    if acc == Some('a') {
        e.set("acc", 1)?;
    }
    if let Some(v) = m.get("offset") {
        e.set("offset0", v & 0xff)?;
        e.set("offset1", (v >> 8) & 0xff)?;
        if !(0..=0xffff).contains(v) {
            return Err(format!("offset:{v} exceeds 16 bits"));
        }
    }
    for k in ["offset0", "offset1"] {
        if let Some(v) = m.get(k) {
            e.set(k, *v)?;
        }
    }
    if m.contains_key("gds") {
        e.set("gds", 1)?;
    }
    Ok(())
}

fn cache(e: &mut Enc, m: &HashMap<String, i64>) -> R<()> {
    for b in ["sc0", "sc1", "nt"] {
        if m.contains_key(b) {
            e.set(b, 1)?;
        }
    }
    Ok(())
}

fn flat(row: &Opcode, p: &Parsed, e: &mut Enc) -> R<()> {
    let m = modifiers(p, &["offset", "sc0", "sc1", "nt"])?;
    let seg = match row.variant.as_str() {
        "flat" => 0,
        "scratch" => 1,
        _ => 2,
    };
    e.set("seg", seg)?;
    // A returning atomic prints its vdst only with sc0.
    let ops: Vec<_> = row
        .operands
        .iter()
        .filter(|o| o.field != "vdst" || !row.rtn || m.contains_key("sc0"))
        .collect();
    want_operands(row, p, ops.len())?;
    let mut acc = None;
    if row.variant != "flat" && !ops.iter().any(|o| o.field == "saddr") {
        e.set("saddr", 0x7f)?;
    }
    for (o, s) in ops.iter().zip(&p.operands) {
        match o.field.as_str() {
            "vdst" | "data" => {
                let c = vop(e, &o.field, s, o.count)?;
                if acc.is_some_and(|a| a != c) {
                    return Err("VGPR and AGPR data cannot be mixed".into());
                }
                acc = Some(c);
            }
            "addr" => {
                if *s == "off" {
                    if row.variant != "scratch" {
                        return Err("only scratch addresses can be `off`".into());
                    }
                } else {
                    let (c, n, k) =
                        vreg(s).ok_or_else(|| format!("`{s}` is not a VGPR address"))?;
                    if c != 'v' {
                        return Err("addresses are VGPRs".into());
                    }
                    aligned(s, n, k)?;
                    e.set("addr", i64::from(n))?;
                    if row.variant == "scratch" {
                        e.set("sve", 1)?;
                    }
                }
            }
            "saddr" => {
                if *s == "off" {
                    e.set("saddr", 0x7f)?;
                } else {
                    let (v, _) = sreg(s, o.count, false)?;
                    e.set("saddr", i64::from(v))?;
                }
            }
            _ => {
                let (v, _) = sreg(s, o.count, false)?;
                e.set(&o.field, i64::from(v))?;
            }
        }
    }
    if acc == Some('a') {
        e.set("acc", 1)?;
    }
    if let Some(v) = m.get("offset") {
        // FLAT proper has a 12-bit unsigned offset; GLOBAL/SCRATCH 13-bit signed.
        if row.variant == "flat" && !(0..4096).contains(v) {
            return Err(format!("expected a 12-bit unsigned offset, got {v}"));
        }
        e.set("offset", *v)?;
    }
    cache(e, &m)
}

fn mubuf(row: &Opcode, p: &Parsed, e: &mut Enc) -> R<()> {
    let m = modifiers(p, &["offset", "sc0", "sc1", "nt", "offen", "idxen", "lds"])?;
    let lds = m.contains_key("lds");
    let ops: Vec<_> = row
        .operands
        .iter()
        .filter(|o| !(lds && o.field == "vdata"))
        .collect();
    want_operands(row, p, ops.len())?;
    for k in ["offen", "idxen", "lds"] {
        if m.contains_key(k) {
            e.set(k, 1)?;
        }
    }
    for (o, s) in ops.iter().zip(&p.operands) {
        match o.field.as_str() {
            "vdata" => {
                if vop(e, "vdata", s, o.count)? == 'a' {
                    e.set("acc", 1)?;
                }
            }
            "vaddr" => {
                if *s != "off" {
                    let (_, n, k) = vreg(s).ok_or_else(|| format!("`{s}` is not a VGPR"))?;
                    aligned(s, n, k)?;
                    e.set("vaddr", i64::from(n))?;
                }
            }
            "srsrc" => {
                let (v, _) = sreg(s, 4, false)?;
                if v % 4 != 0 {
                    return Err(format!("srsrc `{s}` must be 4-aligned"));
                }
                e.set("srsrc", i64::from(v / 4))?;
            }
            _ => {
                let (v, _) = sreg(s, o.count, false)?;
                e.set(&o.field, i64::from(v))?;
            }
        }
    }
    if let Some(v) = m.get("offset") {
        e.set("offset", *v)?;
    }
    cache(e, &m)
}

// ---------------------------------------------------------------------------
// Vector ALU.

/// f16 bit patterns of the inline constants 240..=248 (0.5, -0.5, 1, -1, 2, -2,
/// 4, -4, 1/(2*pi)): LLVM encodes these hex values of an f16 operand inline.
const INLINE_F16: [u32; 9] = [
    0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
];

/// Source modifiers written around an operand: `-x`/`neg(x)`, `|x|`, `sext(x)`.
#[derive(Debug, Clone, Copy, Default)]
struct SrcMods {
    neg: bool,
    abs: bool,
    sext: bool,
}

/// Splits the source modifiers off an operand (the printer nests them as
/// `neg(|sext(x)|)`: sext innermost).
fn strip_mods(s: &str) -> (&str, SrcMods) {
    let mut m = SrcMods::default();
    let mut s = s.trim();
    if let Some(r) = s.strip_prefix("neg(").and_then(|r| r.strip_suffix(')')) {
        m.neg = true;
        s = r;
    } else if let Some(r) = s.strip_prefix('-') {
        // `-1` / `-0.5` are constants; `-v1`, `-|x|`, `-s1` negate.
        if r.starts_with(|c: char| c == '|' || c.is_ascii_alphabetic()) {
            m.neg = true;
            s = r;
        }
    }
    if let Some(r) = s.strip_prefix('|').and_then(|r| r.strip_suffix('|')) {
        m.abs = true;
        s = r;
    }
    if let Some(r) = s.strip_prefix("sext(").and_then(|r| r.strip_suffix(')')) {
        m.sext = true;
        s = r;
    }
    (s, m)
}

/// Whether a scalar source value is a constant rather than a register.
fn is_const(v: u32) -> bool {
    matches!(v, 128..=208 | 240..=248 | 255)
}

/// A 9-bit VALU source (`o`): (field value, literal). The printer checks which
/// kinds the operand accepts; this only inverts the spelling.
fn src_val(s: &str, o: &Operand) -> R<(u32, Option<u32>)> {
    if let Some((c, n, k)) = vreg(s) {
        let want = if o.class == Class::ASrc { 'a' } else { 'v' };
        if c != want {
            return Err(format!("`{s}`: expected a {want} register"));
        }
        if k != o.count {
            return Err(format!("`{s}`: expected {} register(s)", o.count));
        }
        aligned(s, n, k)?;
        return Ok((256 + n, None));
    }
    if s == "src_lds_direct" {
        // The disassembler prints source 254, but LLVM's gfx942 assembler
        // refuses it ("lds_direct is not supported on this GPU").
        return Err("src_lds_direct is not supported on gfx942".into());
    }
    // 1/(2*pi) of a 64-bit operand (also a wide f64 MFMA accumulator).
    if s == "0.15915494309189532" && (o.count == 2 || matches!(o.ty.as_str(), "f64" | "b64")) {
        return Ok((248, None));
    }
    let (v, lit) = sreg(s, o.count, true)?;
    // An f16 operand's inline float constants may be written as their bits.
    if let (Some(l), "f16") = (lit, o.ty.as_str()) {
        if let Some(k) = INLINE_F16.iter().position(|&x| x == l) {
            return Ok((240 + k as u32, None));
        }
    }
    Ok((v, lit))
}

/// `[a,b,c]` -> bits (element k in bit k).
fn bit_list(s: &str) -> R<Vec<u32>> {
    let inner = s
        .strip_prefix('[')
        .and_then(|x| x.strip_suffix(']'))
        .ok_or_else(|| format!("expected a list `[..]`, got `{s}`"))?;
    // (at most 4 entries: op_sel of three sources and the destination)
    if inner.split(',').count() > 4 {
        return Err(format!("too many entries in `{s}`"));
    }
    inner
        .split(',')
        .map(|x| match x.trim() {
            "0" => Ok(0),
            "1" => Ok(1),
            o => Err(format!("list elements are 0 or 1, got `{o}`")),
        })
        .collect()
}

fn list_value(bits: &[u32]) -> i64 {
    bits.iter()
        .enumerate()
        .fold(0, |a, (k, b)| a | (i64::from(*b) << k))
}

const SEL: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];
const UNUSED: [&str; 3] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];

/// `dpp_ctrl` from its spelling (the inverse of the printer's table).
fn dpp_ctrl(k: &str, v: Option<&str>) -> R<i64> {
    let n = || -> R<i64> {
        v.and_then(int)
            .ok_or_else(|| format!("`{k}` needs a number"))
    };
    let ranged = |base: i64, lo: i64, hi: i64| -> R<i64> {
        let x = n()?;
        if !(lo..=hi).contains(&x) {
            return Err(format!("{k}:{x} is out of range {lo}..{hi}"));
        }
        Ok(base + x)
    };
    Ok(match (k, v) {
        ("quad_perm", Some(l)) => {
            let inner = l
                .strip_prefix('[')
                .and_then(|x| x.strip_suffix(']'))
                .ok_or_else(|| format!("bad quad_perm `{l}`"))?;
            let sel: Vec<i64> = inner.split(',').filter_map(|x| int(x.trim())).collect();
            if sel.len() != 4 || sel.iter().any(|x| !(0..4).contains(x)) {
                return Err(format!("bad quad_perm `{l}`"));
            }
            sel[0] | sel[1] << 2 | sel[2] << 4 | sel[3] << 6
        }
        ("row_shl", _) => ranged(0x100, 1, 15)?,
        ("row_shr", _) => ranged(0x110, 1, 15)?,
        ("row_ror", _) => ranged(0x120, 1, 15)?,
        ("wave_shl", _) => ranged(0x12f, 1, 1)?,
        ("wave_rol", _) => ranged(0x133, 1, 1)?,
        ("wave_shr", _) => ranged(0x137, 1, 1)?,
        ("wave_ror", _) => ranged(0x13b, 1, 1)?,
        ("row_mirror", None) => 0x140,
        ("row_half_mirror", None) => 0x141,
        ("row_bcast", _) => match n()? {
            15 => 0x142,
            31 => 0x143,
            x => return Err(format!("row_bcast:{x}: expected 15 or 31")),
        },
        ("row_newbcast", _) => ranged(0x150, 0, 15)?,
        _ => return Err(format!("modifier `{k}` is not valid here")),
    })
}

/// VOP1/VOP2/VOPC, VOP3A/VOP3B, VOP3P (and MFMA), SDWA and DPP.
fn valu(row: &Opcode, p: &Parsed, e: &mut Enc, fmt: &str) -> R<()> {
    want_operands(row, p, row.operands.len())?;
    let sdwa = fmt.ends_with("_SDWA");
    let dpp = fmt.ends_with("_DPP");
    let mai = fmt == "VOP3P_MAI";
    let has = |f: &str| e.fmt.fields.iter().any(|x| x.name == f);
    // Defaults of fields the text may leave out (as LLVM's assembler encodes them).
    if fmt == "VOP3P" && !row.has_flag("show=op_sel_hi") {
        e.set("op_sel_hi", 3)?;
        e.set("op_sel_hi2", 1)?;
    }
    if sdwa {
        for (f, v) in [("dst_sel", 6), ("src0_sel", 6)] {
            if has(f) {
                e.set(f, v)?;
            }
        }
        if row.has_flag("show=dst_unused") {
            e.set("dst_unused", 2)?;
        }
        if row.operand("vsrc1").is_some() {
            e.set("src1_sel", 6)?;
        }
    }
    if dpp {
        e.set("row_mask", 0xf)?;
        e.set("bank_mask", 0xf)?;
    }
    let vdst_count = row.operand("vdst").map_or(0, |o| o.count);
    let mut mods = [SrcMods::default(); 3];
    for (o, s) in row.operands.iter().zip(&p.operands) {
        let k = match o.field.as_str() {
            "src0" => Some(0),
            "src1" | "vsrc1" => Some(1),
            "src2" => Some(2),
            _ => None,
        };
        let s = match k {
            Some(k) => {
                let (s, m) = strip_mods(s);
                mods[k] = m;
                s
            }
            None => *s,
        };
        if mai && matches!(o.class, Class::V | Class::A | Class::Src | Class::ASrc) {
            // MFMA: registers of either file; acc_cd / acc say which.
            if let Some((c, n, cnt)) = vreg(s) {
                if cnt != o.count {
                    return Err(format!("`{s}`: expected {} register(s)", o.count));
                }
                aligned(s, n, cnt)?;
                if c == 'a' {
                    match o.field.as_str() {
                        "vdst" => e.set("acc_cd", 1)?,
                        "src0" => e.set("acc", 1 | i64::from(e.fmt.get(e.word, "acc")))?,
                        "src1" => e.set("acc", 2 | i64::from(e.fmt.get(e.word, "acc")))?,
                        _ if o.count == vdst_count => e.set("acc_cd", 1)?,
                        _ => return Err(format!("`{s}` cannot be an AGPR")),
                    }
                }
                let v = if o.field == "vdst" { n } else { 256 + n };
                e.set(&o.field, i64::from(v))?;
                continue;
            }
        }
        match o.class {
            Class::V | Class::A => match vreg(s) {
                Some((c, n, cnt)) => {
                    let want = if o.class == Class::A { 'a' } else { 'v' };
                    if c != want || cnt != o.count {
                        return Err(format!("`{s}`: expected {} {want} register(s)", o.count));
                    }
                    aligned(s, n, cnt)?;
                    e.set(&o.field, i64::from(n))?;
                }
                // SDWA: a scalar source (8-bit field, s bit), typed like the
                // 32-bit form's src0.
                None if sdwa && k.is_some() => {
                    let t = tables();
                    let base = fmt.split('_').next().unwrap_or("");
                    let ty = t
                        .format(base)
                        .and_then(|b| t.opcode(b, "-", row.op))
                        .and_then(|b| b.operand("src0"))
                        .filter(|b| b.class == Class::Src)
                        .map_or_else(|| "b32".to_string(), |b| b.ty.clone());
                    let so = Operand {
                        field: o.field.clone(),
                        class: Class::Src,
                        count: o.count,
                        ty,
                        accept: String::new(),
                    };
                    let (v, lit) = src_val(s, &so)?;
                    if v >= 255 || lit.is_some() {
                        return Err(format!("`{s}`: SDWA takes no literal constants"));
                    }
                    e.set(&o.field, i64::from(v))?;
                    e.set(&format!("s{}", k.unwrap_or(0)), 1)?;
                }
                None => return Err(format!("`{s}` is not a vector register")),
            },
            Class::S if sdwa && o.field == "sdst" => {
                if s != "vcc" {
                    let (v, _) = sreg(s, 2, false)?;
                    e.set("sdst", i64::from(v))?;
                    e.set("sd", 1)?;
                }
            }
            Class::S => {
                let (v, _) = sreg(s, o.count, false)?;
                if is_const(v) {
                    return Err(format!("`{s}`: expected a scalar register"));
                }
                // LLVM writes the 64-bit aperture registers only as a pair.
                if o.count == 1 && (235..=238).contains(&v) {
                    return Err(format!("`{s}` is not a 32-bit destination"));
                }
                e.set(&o.field, i64::from(v))?;
            }
            Class::Fixed => {
                if s != o.field {
                    return Err(format!("expected `{}`, got `{s}`", o.field));
                }
            }
            Class::K => {
                let v = int(s).ok_or_else(|| format!("`{s}` is not a number"))?;
                let l = u32::try_from(v)
                    .or_else(|_| i32::try_from(v).map(|x| x as u32))
                    .map_err(|_| format!("`{s}` does not fit in 32 bits"))?;
                // An f16 K constant is 16 bits wide (LLVM rejects wider values).
                if row.mnemonic.contains("_f16") && l > 0xffff {
                    return Err(format!("`{s}` does not fit the 16-bit constant"));
                }
                e.literal(Some(l))?;
            }
            Class::Src | Class::ASrc => {
                let (v, lit) = src_val(s, o)?;
                // VOP3 encodings have no literal dword on gfx942 (only the
                // 32-bit forms and v_madmk & co take one).
                let k_row = row.operands.iter().any(|x| x.class == Class::K);
                if lit.is_some() && !o.accept.contains('l') && !k_row {
                    return Err(format!(
                        "`{s}` needs a literal constant, which this operand cannot take"
                    ));
                }
                // MFMA sources: registers or inline constants only (the
                // disassembler also prints null and the src_* registers).
                // (src2, the C matrix, takes them; v_smfmac's src2 is an index VGPR.)
                let c_matrix = o.field == "src2" && o.count == vdst_count;
                if mai && !c_matrix && v < 256 && !matches!(v, 128..=208 | 240..=248) {
                    return Err(format!("`{s}` is not a valid MFMA source"));
                }
                // Register-only sources (v_accvgpr_read/mov, v_mqsad's src2):
                // LLVM refuses the src_* registers the disassembler prints.
                let special = matches!(v, 235..=239 | 251..=253);
                if special && !o.accept.contains('s') && !(mai && c_matrix) {
                    return Err(format!("`{s}` is not valid here (registers only)"));
                }
                // v_swap_b32 and the lane reads take VGPRs; LLVM refuses the
                // other values the disassembler prints.
                let vgpr_only = matches!(
                    row.mnemonic.as_str(),
                    "v_swap_b32" | "v_readfirstlane_b32" | "v_readlane_b32"
                );
                if vgpr_only && o.field == "src0" && v < 256 {
                    return Err(format!("`{s}`: {} takes a VGPR here", row.mnemonic));
                }
                e.set(&o.field, i64::from(v))?;
                e.literal(lit)?;
            }
            Class::Imm | Class::HwReg => e.set(
                &o.field,
                int(s).ok_or_else(|| format!("`{s}` is not a number"))?,
            )?,
        }
    }
    // Source modifiers: where each format keeps them.
    let mix = row.mnemonic.contains("_mix");
    for (k, m) in mods.iter().enumerate() {
        let bit = 1i64 << k;
        let mut or = |f: &str, v: i64| -> R<()> {
            let old = i64::from(e.fmt.get(e.word, f));
            e.set(f, old | v)
        };
        let none = || Err::<(), String>("source modifiers are not valid here".into());
        if m.neg || m.abs || m.sext {
            match fmt {
                "VOP3A" | "VOP3B" => {
                    if m.neg || m.sext {
                        or("neg", bit)?;
                    }
                    if m.abs {
                        or("abs", bit)?;
                    }
                }
                "VOP3P" if mix && !m.sext => {
                    if m.neg {
                        or("neg_lo", bit)?;
                    }
                    if m.abs {
                        or("neg_hi", bit)?;
                    }
                }
                _ if sdwa || dpp => {
                    if m.neg || (dpp && m.sext) {
                        or(&format!("src{k}_neg"), 1)?;
                    }
                    if m.abs {
                        or(&format!("src{k}_abs"), 1)?;
                    }
                    if sdwa && m.sext {
                        or(&format!("src{k}_sext"), 1)?;
                    }
                }
                _ => none()?,
            }
        }
    }
    // Trailing modifiers.
    let mut seen = std::collections::HashSet::new();
    let mut ctrl = false;
    for w in &p.modifiers {
        let (key, val) = match w.split_once(':') {
            Some((k, v)) => (k, Some(v)),
            None => (*w, None),
        };
        if !seen.insert(key) {
            return Err(format!("modifier `{key}` given twice"));
        }
        let num = || -> R<i64> {
            val.and_then(int)
                .ok_or_else(|| format!("`{w}`: expected a number"))
        };
        let named = |names: &[&str]| -> R<i64> {
            val.and_then(|v| names.iter().position(|n| *n == v))
                .map(|x| x as i64)
                .ok_or_else(|| format!("bad value in `{w}`"))
        };
        match key {
            "clamp" if val.is_none() => e.set("clamp", 1)?,
            "mul" | "div" => {
                let v = match (key, num()?) {
                    ("mul", 2) => 1,
                    ("mul", 4) => 2,
                    ("div", 2) => 3,
                    _ => return Err(format!("bad output modifier `{w}`")),
                };
                e.set("omod", v)?;
            }
            "op_sel" if fmt == "VOP3A" => {
                // [src0, src1, (src2,) dst]: the last entry is the destination bit.
                let b = bit_list(val.unwrap_or(""))?;
                let (dst, srcs) = b.split_last().ok_or("empty op_sel")?;
                if srcs.len() > 3 {
                    return Err("op_sel has too many entries".into());
                }
                e.set("op_sel", list_value(srcs) | i64::from(*dst) << 3)?;
            }
            "op_sel" | "neg_lo" | "neg_hi" if fmt == "VOP3P" => {
                let b = bit_list(val.unwrap_or(""))?;
                e.set(key, list_value(&b))?;
            }
            "op_sel_hi" if fmt == "VOP3P" => {
                let b = bit_list(val.unwrap_or(""))?;
                if b.len() > 3 {
                    return Err("op_sel_hi has too many entries".into());
                }
                let v = list_value(&b);
                e.set("op_sel_hi", v & 3)?;
                if b.len() == 3 {
                    e.set("op_sel_hi2", v >> 2)?;
                }
            }
            "cbsz" | "abid" | "blgp" if mai => e.set(key, num()?)?,
            "neg" if mai => e.set("blgp", list_value(&bit_list(val.unwrap_or(""))?))?,
            "dst_sel" | "src0_sel" | "src1_sel" if sdwa => e.set(key, named(&SEL)?)?,
            "dst_unused" if sdwa => e.set(key, named(&UNUSED)?)?,
            "row_mask" | "bank_mask" if dpp => e.set(key, num()?)?,
            "bound_ctrl" if dpp => {
                // LLVM sets the bit for either spelling (a GFX9 quirk it keeps).
                if !matches!(num()?, 0 | 1) {
                    return Err(format!("bad `{w}`"));
                }
                e.set("bound_ctrl", 1)?;
            }
            _ if dpp => {
                if ctrl {
                    return Err("two DPP controls".into());
                }
                ctrl = true;
                e.set("dpp_ctrl", dpp_ctrl(key, val)?)?;
            }
            _ => return Err(format!("modifier `{w}` is not valid here")),
        }
    }
    if dpp && !ctrl {
        return Err("DPP needs a control (quad_perm:, row_shl:, ...)".into());
    }
    // LLVM's gfx940 rule for the dot products: op_sel 0, op_sel_hi all ones.
    if fmt == "VOP3P"
        && row.mnemonic.starts_with("v_dot")
        && (e.fmt.get(e.word, "op_sel") != 0
            || e.fmt.get(e.word, "op_sel_hi") != 3
            || e.fmt.get(e.word, "op_sel_hi2") != 1)
    {
        return Err(format!("{}: invalid op_sel/op_sel_hi", row.mnemonic));
    }
    // SDWA fp8/bf8 conversions take no sext (LLVM: "not a valid operand").
    if sdwa
        && (row.mnemonic.contains("fp8") || row.mnemonic.contains("bf8"))
        && mods.iter().any(|m| m.sext)
    {
        return Err("sext is not valid for fp8/bf8 conversions".into());
    }
    if mai {
        mfma_overlap(row, e)?;
    }
    if !dpp && !mai {
        constant_bus(row, e, sdwa)?;
    }
    Ok(())
}

/// MFMA with a result wider than 128 bits: src2 (the C matrix) must be the
/// destination itself or not overlap it (LLVM's validateMFMA).
fn mfma_overlap(row: &Opcode, e: &Enc) -> R<()> {
    let (Some(d), Some(c)) = (row.operand("vdst"), row.operand("src2")) else {
        return Ok(());
    };
    let src2 = e.fmt.get(e.word, "src2");
    // (v_smfmac's src2 is a lane-index VGPR, not the C matrix: not checked.)
    if d.count <= 4 || c.count != d.count || src2 < 256 {
        return Ok(());
    }
    // (acc_cd puts both vdst and the C matrix in AGPRs: same register file.)
    let (d0, c0) = (e.fmt.get(e.word, "vdst"), src2 - 256);
    if d0 == c0 {
        return Ok(());
    }
    if d0 < c0 + c.count && c0 < d0 + d.count {
        return Err("source 2 operand must not partially overlap with dst".into());
    }
    Ok(())
}

/// GFX9's constant bus: a VALU instruction reads at most one scalar value
/// (SGPR or special register, the literal, the implicit VCC of v_cndmask and
/// the carry ops); the same register read twice counts once.
fn constant_bus(row: &Opcode, e: &Enc, sdwa: bool) -> R<()> {
    // (value, width): LLVM tells vcc_lo from the implicit 64-bit vcc.
    let mut regs: Vec<(u32, u32)> = Vec::new();
    for (k, f) in ["src0", "src1", "src2", "vsrc1"].iter().enumerate() {
        let Some(o) = row.operand(f) else {
            continue;
        };
        // v_writelane_b32 may select the lane with m0 besides an SGPR source.
        if row.mnemonic == "v_writelane_b32" && *f == "src1" && e.fmt.get(e.word, f) == 124 {
            continue;
        }
        let v = e.fmt.get(e.word, f);
        let scalar = if sdwa {
            // 8-bit fields: scalar when the s bit is set.
            let bit = if *f == "src0" { "s0" } else { "s1" };
            k != 2 && e.fmt.get(e.word, bit) == 1
        } else {
            v < 256 && *f != "vsrc1"
        };
        // The src_* registers are one register at any width.
        let key = (
            v,
            if matches!(v, 235..=239 | 251..=253) {
                0
            } else {
                o.count
            },
        );
        if scalar && !matches!(v, 125 | 128..=208 | 240..=248 | 255) && !regs.contains(&key) {
            regs.push(key);
        }
    }
    let m = row.mnemonic.as_str();
    let implicit_vcc = (!m.ends_with("_e64")
        && [
            "v_cndmask_b32",
            "v_addc_co_u32",
            "v_subb_co_u32",
            "v_subbrev_co_u32",
        ]
        .iter()
        .any(|b| m.starts_with(b)))
        || m.starts_with("v_div_fmas_");
    if implicit_vcc && !regs.contains(&(106, 2)) {
        regs.push((106, 2));
    }
    let n = regs.len() + usize::from(e.literal.is_some());
    if n > 1 {
        return Err(format!(
            "{m}: reads {n} scalar values (the constant bus allows one)"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_resolve_to_dword_offsets() {
        let b = assemble(
            "top:\n s_nop 0\n s_branch top\n s_cbranch_scc1 end\n s_nop 1\nend: s_endpgm\n",
        )
        .unwrap();
        let w = |i: usize| u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap());
        assert_eq!(w(1) & 0xffff, 0xfffe); // back to 0 from 8: -2 dwords
        assert_eq!(w(2) & 0xffff, 1); // over s_nop 1
    }

    /// Encodings printed by `llvm-mc-19 --mcpu=gfx942 --show-encoding`.
    #[test]
    fn valu_forms_match_llvm_mc() {
        let cases: [(&str, &[u8]); 12] = [
            ("v_mov_b32_e32 v1, 0x3800", &[0xff, 0x02, 0x02, 0x7e, 0x00, 0x38, 0x00, 0x00]),
            ("v_add_f16_e32 v1, 0.5, v2", &[0xf0, 0x04, 0x02, 0x3e]),
            (
                "v_add_f64 v[2:3], 0.15915494309189532, v[4:5]",
                &[0x02, 0x00, 0x80, 0xd2, 0xf8, 0x08, 0x02, 0x00],
            ),
            (
                "v_fma_f32 v3, -|v1|, s2, 0.5 clamp mul:2",
                &[0x03, 0x81, 0xcb, 0xd1, 0x01, 0x05, 0xc0, 0x2b],
            ),
            ("v_pk_add_f16 v1, v2, v3", &[0x01, 0x40, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x18]),
            (
                "v_fma_mix_f32 v1, -v2, |v3|, v4 op_sel_hi:[1,0,0]",
                &[0x01, 0x02, 0xa0, 0xd3, 0x02, 0x07, 0x12, 0x2c],
            ),
            (
                "v_cvt_f32_i32_sdwa v1, sext(s3) dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1",
                &[0xf9, 0x0a, 0x02, 0x7e, 0x03, 0x16, 0x89, 0x00],
            ),
            (
                "v_cmp_eq_f32_sdwa s[6:7], -v2, |v3| src0_sel:DWORD src1_sel:WORD_0",
                &[0xf9, 0x06, 0x84, 0x7c, 0x02, 0x86, 0x16, 0x24],
            ),
            (
                "v_add_f32_dpp v1, -v2, |v3| row_newbcast:3 row_mask:0x1 bank_mask:0x2 bound_ctrl:1",
                &[0xfa, 0x06, 0x02, 0x02, 0x02, 0x53, 0x99, 0x12],
            ),
            (
                "v_mfma_f32_32x32x4_xf32 a[0:15], v[0:1], v[2:3], a[0:15]",
                &[0x00, 0x80, 0xbf, 0xd3, 0x00, 0x05, 0x02, 0x04],
            ),
            (
                "v_cmp_class_f64_e64 vcc, v[2:3], s4",
                &[0x6a, 0x00, 0x12, 0xd0, 0x02, 0x09, 0x00, 0x00],
            ),
            (
                "v_add_co_u32_e64 v1, s[2:3], v2, v3 clamp",
                &[0x01, 0x82, 0x19, 0xd1, 0x02, 0x07, 0x02, 0x00],
            ),
        ];
        for (text, want) in cases {
            assert_eq!(assemble_inst(text).unwrap(), want, "{text}");
        }
    }

    /// Symbolic operands; encodings printed by llvm-mc-19 --mcpu=gfx942.
    #[test]
    fn symbolic_operands_match_llvm_mc() {
        let cases: [(&str, &[u8]); 8] = [
            (
                "s_getreg_b32 s1, hwreg(HW_REG_MODE, 4, 3)",
                &[0x01, 0x11, 0x81, 0xb8],
            ),
            (
                "s_setreg_b32 hwreg(HW_REG_TRAPSTS), s2",
                &[0x03, 0xf8, 0x02, 0xb9],
            ),
            (
                "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)",
                &[0x22, 0x01, 0x90, 0xbf],
            ),
            (
                "s_sendmsg sendmsg(MSG_INTERRUPT)",
                &[0x01, 0x00, 0x90, 0xbf],
            ),
            (
                "s_set_gpr_idx_on s2, gpr_idx(SRC0,DST)",
                &[0x02, 0x09, 0x11, 0xbf],
            ),
            (
                "s_set_gpr_idx_mode gpr_idx(SRC1)",
                &[0x02, 0x00, 0x9d, 0xbf],
            ),
            (
                "ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,\"01pip\")",
                &[0x07, 0x09, 0x7a, 0xd8, 0x02, 0x00, 0x00, 0x01],
            ),
            (
                "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,1,2,3,0)",
                &[0x39, 0x80, 0x7a, 0xd8, 0x02, 0x00, 0x00, 0x01],
            ),
        ];
        for (text, want) in cases {
            assert_eq!(assemble_inst(text).unwrap(), want, "{text}");
        }
    }

    /// Mnemonics without `_e32`/`_e64`: the form llvm-mc-19 picks.
    #[test]
    fn bare_valu_mnemonics_pick_llvms_form() {
        let cases: [(&str, &[u8]); 6] = [
            ("v_add_f32 v1, s1, v2", &[0x01, 0x04, 0x02, 0x02]),
            (
                "v_add_f32 v1, v2, s1",
                &[0x01, 0x00, 0x01, 0xd1, 0x02, 0x03, 0x00, 0x00],
            ),
            (
                "v_add_f32 v1, 0x1234, v2",
                &[0xff, 0x04, 0x02, 0x02, 0x34, 0x12, 0x00, 0x00],
            ),
            ("v_cmp_eq_f32 vcc, v1, v2", &[0x01, 0x05, 0x84, 0x7c]),
            (
                "v_cmp_eq_f32 s[2:3], v1, v2",
                &[0x02, 0x00, 0x42, 0xd0, 0x01, 0x05, 0x02, 0x00],
            ),
            (
                "v_add_f32 v1, -v2, v3",
                &[0x01, 0x00, 0x01, 0xd1, 0x02, 0x07, 0x02, 0x20],
            ),
        ];
        for (text, want) in cases {
            assert_eq!(assemble_inst(text).unwrap(), want, "{text}");
        }
        assert!(assemble_inst("v_bogus v1, v2")
            .unwrap_err()
            .msg
            .contains("v_bogus"));
    }

    #[test]
    fn valu_rules_of_llvm_are_errors() {
        // Two SGPRs on GFX9's constant bus; a VOP3 literal; an odd tuple.
        for bad in [
            "v_fma_f32 v1, s1, s2, v3",
            "v_cndmask_b32_e32 v1, s1, v2, vcc",
            "v_add_f32_e64 v1, 0x12345, v2",
            "v_add_f64 v[2:3], v[1:2], v[4:5]",
            "v_mov_b32_e32 v1, src_lds_direct",
        ] {
            let e = assemble(&format!("s_nop 0\n{bad}\n")).unwrap_err();
            assert_eq!(e.line, 2, "{bad}: {e}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e = assemble("s_nop 0\n s_bogus s0\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.msg.contains("s_bogus"), "{e}");
        let e = assemble("s_mov_b32 s0, s[0:1]\n").unwrap_err();
        assert!(e.msg.contains("register"), "{e}");
        assert!(assemble(".text\n").is_err());
    }
}
