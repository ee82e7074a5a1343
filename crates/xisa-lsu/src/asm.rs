//! Assembly text <-> [`Inst`].
//!
//! Syntax: one instruction per line, `MNEMONIC op, op, ...[, CPOL]`; operands in
//! the order of the chapter's syntax lines. Registers `v5`, `u7`, ranges `v[2:3]`,
//! `u[8:11]`; immediates signed decimal or `0x` hex (`-0x10`); the cache policy is
//! optional (omitted = the default), written as `|`-separated items (`nt|scope:sys`).
//! Comments run from `;` or `//` to the end of the line.

use thiserror::Error;

use crate::codec::{check_cpol, Inst, IMM_MAX, IMM_MIN};
use crate::rules::{tables, OperandKind, RegFile, Rule, Slot, REGS_PER_FILE};

/// What is wrong with an assembly line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AsmErrorKind {
    #[error("unknown mnemonic {0:?}")]
    UnknownMnemonic(String),
    #[error("{mnemonic}: expected {expected} operands, found {found}")]
    OperandCount {
        mnemonic: String,
        expected: String,
        found: usize,
    },
    #[error("{mnemonic}: operand {index} ({spec}): expected {expected}, found {found:?}")]
    WrongOperand {
        mnemonic: String,
        index: usize,
        spec: String,
        expected: String,
        found: String,
    },
    #[error("{mnemonic}: operand {index} ({spec}): register range of {found} registers, expected {expected}")]
    RangeSize {
        mnemonic: String,
        index: usize,
        spec: String,
        expected: u8,
        found: u32,
    },
    #[error("register {0:?} out of range (registers are 0..=255 and ranges ascend)")]
    BadRegister(String),
    #[error("immediate {0:?} out of the signed 24-bit range -8388608..=8388607")]
    ImmRange(String),
    #[error("bad cache policy {0:?}: {1}")]
    BadCpol(String, String),
    #[error("syntax error: {0}")]
    Syntax(String),
}

/// An assembly error at a 1-based line and column (columns count characters).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, col {col}: {kind}")]
pub struct AsmError {
    pub line: usize,
    pub col: usize,
    pub kind: AsmErrorKind,
}

/// A parsed operand before it is matched against the rule.
#[derive(Debug)]
enum Tok {
    Reg {
        file: RegFile,
        first: u32,
        count: u32,
    },
    Imm(i64),
    Other,
}

/// Removes the comment of a line.
fn strip_comment(line: &str) -> &str {
    let mut end = line.len();
    if let Some(i) = line.find(';') {
        end = end.min(i);
    }
    if let Some(i) = line.find("//") {
        end = end.min(i);
    }
    &line[..end]
}

fn char_col(line: &str, byte: usize) -> usize {
    line[..byte].chars().count() + 1
}

fn parse_reg(s: &str) -> Option<Result<Tok, AsmErrorKind>> {
    let mut chars = s.chars();
    let file = match chars.next()? {
        'v' => RegFile::V,
        'u' => RegFile::U,
        _ => return None,
    };
    let rest = &s[1..];
    let bad = || Some(Err(AsmErrorKind::BadRegister(s.to_string())));
    let num = |t: &str| -> Option<u32> {
        let t = t.trim();
        if t.is_empty() || t.len() > 4 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        t.parse().ok()
    };
    if let Some(inner) = rest.strip_prefix('[') {
        let Some(inner) = inner.strip_suffix(']') else {
            return bad();
        };
        let Some((a, b)) = inner.split_once(':') else {
            return bad();
        };
        let (Some(a), Some(b)) = (num(a), num(b)) else {
            return bad();
        };
        if b < a || b >= REGS_PER_FILE {
            return bad();
        }
        Some(Ok(Tok::Reg {
            file,
            first: a,
            count: b - a + 1,
        }))
    } else if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
        match num(rest) {
            Some(n) if n < REGS_PER_FILE => Some(Ok(Tok::Reg {
                file,
                first: n,
                count: 1,
            })),
            _ => bad(),
        }
    } else {
        None
    }
}

fn parse_imm(s: &str) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if h.is_empty() || h.len() > 12 || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        i64::from_str_radix(h, 16).ok()?
    } else {
        if body.is_empty() || body.len() > 15 || !body.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        body.parse::<i64>().ok()?
    };
    Some(if neg { -v } else { v })
}

fn classify(s: &str) -> Result<Tok, AsmErrorKind> {
    if let Some(r) = parse_reg(s) {
        return r;
    }
    if let Some(v) = parse_imm(s) {
        return Ok(Tok::Imm(v));
    }
    Ok(Tok::Other)
}

/// Parses a cache-policy operand into its bits.
pub fn parse_cpol(s: &str) -> Result<u8, AsmErrorKind> {
    let t = tables();
    let bad = |m: String| AsmErrorKind::BadCpol(s.to_string(), m);
    let mut bits = 0u32;
    let mut seen: Vec<&str> = Vec::new();
    for item in s.split('|') {
        let item = item.trim();
        let (name, value) = match item.split_once(':') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (item, None),
        };
        let Some(f) = t.layout.cpol.iter().find(|f| f.name == name) else {
            let known: Vec<String> = t
                .layout
                .cpol
                .iter()
                .map(|f| match &f.values {
                    None => f.name.clone(),
                    Some(v) => format!("{}:{}", f.name, v.join("/")),
                })
                .collect();
            return Err(bad(format!(
                "unknown item {item:?} (known: {})",
                known.join(", ")
            )));
        };
        if seen.contains(&name) {
            return Err(bad(format!("{name} given twice")));
        }
        seen.push(&f.name);
        let v = match (&f.values, value) {
            (None, None) => 1,
            (Some(names), Some(v)) => match names.iter().position(|n| n == v) {
                Some(i) => i as u32 + 1,
                None => return Err(bad(format!("{name} is one of {}", names.join(", ")))),
            },
            (None, Some(_)) => return Err(bad(format!("{name} takes no value"))),
            (Some(names), None) => return Err(bad(format!("write {name}:{}", names.join("/")))),
        };
        bits |= v << f.lo;
    }
    Ok(bits as u8)
}

/// Prints cache-policy bits (empty for the default policy).
pub fn print_cpol(bits: u8) -> String {
    let t = tables();
    let mut items = Vec::new();
    for f in &t.layout.cpol {
        let v = (bits as u32 >> f.lo) & ((1 << f.width) - 1);
        if v == 0 {
            continue;
        }
        match &f.values {
            None => items.push(f.name.clone()),
            Some(names) => match names.get(v as usize - 1) {
                Some(n) => items.push(format!("{}:{n}", f.name)),
                None => items.push(format!("{}:{v}", f.name)),
            },
        }
    }
    items.join("|")
}

/// Parses one instruction (a line without its comment, not blank).
fn parse_line(text: &str, line_no: usize) -> Result<Inst, AsmError> {
    let err = |byte: usize, kind| AsmError {
        line: line_no,
        col: char_col(text, byte),
        kind,
    };
    let start = text.len() - text.trim_start().len();
    let body = &text[start..];
    let mn_len = body
        .find(|c: char| c.is_whitespace() || c == ',')
        .unwrap_or(body.len());
    let mnemonic = &body[..mn_len];
    let t = tables();
    let id = t
        .lookup(mnemonic)
        .ok_or_else(|| err(start, AsmErrorKind::UnknownMnemonic(mnemonic.to_string())))?;
    let rule = &t.rules[id];
    // Split the operands at commas, remembering where each starts.
    let ops_start = start + mn_len;
    let rest = &text[ops_start..];
    let mut ops: Vec<(usize, &str)> = Vec::new();
    if !rest.trim().is_empty() {
        let mut pos = 0;
        for piece in rest.split(',') {
            let lead = piece.len() - piece.trim_start().len();
            ops.push((ops_start + pos + lead, piece.trim()));
            pos += piece.len() + 1;
        }
    }
    let required = rule
        .operands
        .iter()
        .filter(|o| o.kind != OperandKind::Cpol)
        .count();
    let has_cpol = rule.operand(Slot::Cpol).is_some();
    if ops.len() < required || ops.len() > required + has_cpol as usize {
        let expected = if has_cpol {
            format!("{required} or {}", required + 1)
        } else {
            required.to_string()
        };
        let at = ops
            .get(required + has_cpol as usize)
            .map(|o| o.0)
            .unwrap_or(text.len());
        return Err(err(
            at,
            AsmErrorKind::OperandCount {
                mnemonic: rule.mnemonic.clone(),
                expected,
                found: ops.len(),
            },
        ));
    }
    let mut inst = Inst::new(id);
    for (i, &(at, s)) in ops.iter().enumerate() {
        let spec = &rule.operands[i];
        let wrong = |expected: String| {
            err(
                at,
                AsmErrorKind::WrongOperand {
                    mnemonic: rule.mnemonic.clone(),
                    index: i + 1,
                    spec: spec.text.clone(),
                    expected,
                    found: s.to_string(),
                },
            )
        };
        match spec.kind {
            OperandKind::Reg { file, count, .. } => {
                let want = if count == 1 {
                    format!("a {} register ({}N)", file_name(file), file.prefix())
                } else {
                    format!(
                        "a range of {count} {} registers ({}[N:N+{}])",
                        file_name(file),
                        file.prefix(),
                        count - 1
                    )
                };
                match classify(s).map_err(|k| err(at, k))? {
                    Tok::Reg {
                        file: f,
                        first,
                        count: c,
                    } if f == file => {
                        if c != count as u32 {
                            return Err(err(
                                at,
                                AsmErrorKind::RangeSize {
                                    mnemonic: rule.mnemonic.clone(),
                                    index: i + 1,
                                    spec: spec.text.clone(),
                                    expected: count,
                                    found: c,
                                },
                            ));
                        }
                        match spec.slot {
                            Slot::Rd => inst.rd = first as u8,
                            Slot::Rs1 => inst.rs1 = first as u8,
                            Slot::Rs2 => inst.rs2 = first as u8,
                            _ => {}
                        }
                    }
                    _ => return Err(wrong(want)),
                }
            }
            OperandKind::Imm24 => match classify(s).map_err(|k| err(at, k))? {
                Tok::Imm(v) => {
                    if v < IMM_MIN as i64 || v > IMM_MAX as i64 {
                        return Err(err(at, AsmErrorKind::ImmRange(s.to_string())));
                    }
                    inst.imm = v as i32;
                }
                _ => return Err(wrong("a signed 24-bit immediate".into())),
            },
            OperandKind::Cpol => {
                if s.is_empty() {
                    return Err(wrong("a cache policy".into()));
                }
                inst.cpol = parse_cpol(s).map_err(|k| err(at, k))?;
                check_cpol(rule, inst.cpol as u32)
                    .map_err(|k| err(at, AsmErrorKind::BadCpol(s.into(), k.to_string())))?;
            }
        }
    }
    Ok(inst)
}

fn file_name(f: RegFile) -> &'static str {
    match f {
        RegFile::V => "vector",
        RegFile::U => "uniform",
    }
}

/// Parses a program: one instruction per non-blank line.
pub fn parse_program(text: &str) -> Result<Vec<Inst>, AsmError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = strip_comment(line);
        if code.trim().is_empty() {
            continue;
        }
        out.push(parse_line(code, i + 1)?);
    }
    Ok(out)
}

fn reg_text(file: RegFile, first: u32, count: u8) -> String {
    if count == 1 {
        format!("{}{first}", file.prefix())
    } else {
        format!("{}[{first}:{}]", file.prefix(), first + count as u32 - 1)
    }
}

/// Prints an instruction in the canonical assembly spelling.
pub fn print_inst(inst: &Inst) -> String {
    let Some(rule) = inst.rule() else {
        return format!("<invalid instruction id {}>", inst.id);
    };
    print_with(rule, inst)
}

fn print_with(rule: &Rule, inst: &Inst) -> String {
    let mut ops = Vec::new();
    for o in &rule.operands {
        match o.kind {
            OperandKind::Reg { file, count, .. } => {
                ops.push(reg_text(file, inst.slot(o.slot) as u32, count))
            }
            OperandKind::Imm24 => ops.push(inst.imm.to_string()),
            OperandKind::Cpol => {
                if inst.cpol != 0 {
                    ops.push(print_cpol(inst.cpol));
                }
            }
        }
    }
    if ops.is_empty() {
        rule.mnemonic.clone()
    } else {
        format!("{} {}", rule.mnemonic, ops.join(", "))
    }
}
