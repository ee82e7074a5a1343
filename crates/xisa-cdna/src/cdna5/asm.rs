//! LLVM-syntax text <-> [`Inst`] for the VGLOBAL atomics, as `llvm-mc --mcpu=gfx1200`
//! prints them:
//!
//! ```text
//! global_atomic_pk_add_bf16 v0, v2, s[0:1]                                   ; no return
//! global_atomic_add_u32 v1, v[4:5], v2, off offset:-16 th:TH_ATOMIC_RETURN scope:SCOPE_DEV
//! ```
//!
//! Returning forms have the VDST operand first and TH bit 0 set. The CDNA 5 bits
//! that gfx1200 lacks print as the modifiers `scale_offset` (after `offset:`) and
//! `nv` (last); see `docs/cdna.md`.

use thiserror::Error;

use crate::cdna5::codec::{
    sreg_name, FieldError, Inst, SADDR_EXEC, SADDR_OFF, SADDR_VCC, TH_RETURN,
};
use crate::cdna5::rules::tables;

/// Scope names, by value.
pub const SCOPES: [&str; 4] = ["SCOPE_CU", "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS"];

/// The name LLVM prints for an atomic's TH value under `scope`.
pub fn th_name(th: u8, scope: u8) -> String {
    match th {
        1 => "TH_ATOMIC_RETURN".into(),
        2 => "TH_ATOMIC_NT".into(),
        3 => "TH_ATOMIC_NT_RETURN".into(),
        4 | 5 if scope >= 2 => "TH_ATOMIC_CASCADE_RT".into(),
        6 | 7 if scope >= 2 => "TH_ATOMIC_CASCADE_NT".into(),
        t => format!("TH_ATOMIC_{t:#x}"),
    }
}

fn th_value(s: &str) -> Option<u8> {
    Some(match s {
        "TH_ATOMIC_RT" => 0,
        "TH_ATOMIC_RETURN" => 1,
        "TH_ATOMIC_NT" => 2,
        "TH_ATOMIC_NT_RETURN" => 3,
        "TH_ATOMIC_CASCADE_RT" => 4,
        "TH_ATOMIC_CASCADE_NT" => 6,
        _ => {
            let h = s.strip_prefix("TH_ATOMIC_0x")?;
            let v = u8::from_str_radix(h, 16).ok()?;
            if v > 7 {
                return None;
            }
            v
        }
    })
}

fn vregs(first: u8, n: u8) -> String {
    if n == 1 {
        format!("v{first}")
    } else {
        format!("v[{}:{}]", first, first as u32 + n as u32 - 1)
    }
}

/// Prints one instruction.
pub fn print_inst(i: &Inst) -> String {
    let r = i.rule();
    let mut s = r.mnemonic.clone();
    s.push(' ');
    if i.returns() {
        s += &vregs(i.vdst, r.dst_regs);
        s += ", ";
    }
    s += &vregs(i.vaddr, if i.has_saddr() { 1 } else { 2 });
    s += ", ";
    s += &vregs(i.vsrc, r.data_regs);
    s += ", ";
    s += &sreg_name(i.saddr).unwrap_or_else(|_| format!("<saddr {}>", i.saddr));
    if i.ioffset != 0 {
        s += &format!(" offset:{}", i.ioffset);
    }
    if i.scale_offset {
        s += " scale_offset";
    }
    if i.th != 0 {
        s += &format!(" th:{}", th_name(i.th, i.scope));
    }
    if i.scope != 0 {
        s += &format!(" scope:{}", SCOPES[i.scope as usize & 3]);
    }
    if i.nv {
        s += " nv";
    }
    s
}

/// Why text does not assemble.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct AsmError {
    /// 1-based line number.
    pub line: usize,
    pub kind: AsmErrorKind,
}

/// The kinds of [`AsmError`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AsmErrorKind {
    #[error("unknown mnemonic {0:?} (not a VGLOBAL atomic)")]
    Mnemonic(String),
    #[error("{mnemonic}: expected {expected} operands, got {got}")]
    OperandCount {
        mnemonic: String,
        expected: String,
        got: usize,
    },
    #[error("bad operand {0:?}: {1}")]
    Operand(String, String),
    #[error("bad modifier {0:?}")]
    Modifier(String),
    #[error(
        "returning form (with a VDST operand) needs th:TH_ATOMIC_RETURN or th:TH_ATOMIC_NT_RETURN"
    )]
    ReturnNeedsTh,
    #[error("th:{0} returns a value but there is no VDST operand")]
    ThNeedsVdst(String),
    #[error("{0}")]
    Field(#[from] FieldError),
}

/// Parses `vN` or `v[A:B]` into (first, count).
fn parse_vregs(s: &str) -> Option<(u8, u8)> {
    let s = s.trim();
    if let Some(r) = s.strip_prefix("v[").and_then(|r| r.strip_suffix(']')) {
        let (a, b) = r.split_once(':')?;
        let (a, b): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        if b < a || b > 255 {
            return None;
        }
        return Some((a as u8, (b - a + 1) as u8));
    }
    let n: u32 = s.strip_prefix('v')?.parse().ok()?;
    (n <= 255).then_some((n as u8, 1))
}

/// Parses a SADDR operand.
fn parse_saddr(s: &str) -> Option<u8> {
    let s = s.trim();
    match s {
        "off" | "null" => return Some(SADDR_OFF),
        "vcc" => return Some(SADDR_VCC),
        "exec" => return Some(SADDR_EXEC),
        _ => {}
    }
    let (base, r) = if let Some(r) = s.strip_prefix("s[") {
        (0u32, r)
    } else if let Some(r) = s.strip_prefix("ttmp[") {
        (108, r)
    } else {
        return None;
    };
    let (a, b) = r.strip_suffix(']')?.split_once(':')?;
    let (a, b): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    if b != a + 1 {
        return None;
    }
    let v = base + a;
    let s = u8::try_from(v).ok()?;
    sreg_name(s).ok().map(|_| s)
}

/// Splits operands at commas outside brackets.
fn split_operands(s: &str) -> Vec<String> {
    let mut v = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                v.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        v.push(cur.trim().to_string());
    }
    v
}

fn parse_int(s: &str) -> Option<i64> {
    let (neg, t) = match s.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, s),
    };
    let v = match t.strip_prefix("0x") {
        Some(h) => i64::from_str_radix(h, 16).ok()?,
        None => t.parse::<i64>().ok()?,
    };
    Some(if neg { -v } else { v })
}

/// Parses one instruction (no comment, not empty).
pub fn parse_inst(line: &str) -> Result<Inst, AsmErrorKind> {
    let line = line.trim();
    let (mn, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let t = tables();
    let ri = t
        .by_name(mn)
        .ok_or_else(|| AsmErrorKind::Mnemonic(mn.to_string()))?;
    let rule = &t.rules[ri];
    // Modifiers follow the last operand, separated by spaces; operands contain no
    // spaces once commas are handled, so split on the last comma's token.
    let ops = split_operands(rest);
    let mut operands: Vec<String> = ops.clone();
    let mut mods: Vec<String> = Vec::new();
    if let Some(last) = operands.pop() {
        let mut words = last.split_whitespace();
        if let Some(first) = words.next() {
            operands.push(first.to_string());
        }
        mods.extend(words.map(str::to_string));
    }
    let returning = match operands.len() {
        3 => false,
        4 => true,
        n => {
            return Err(AsmErrorKind::OperandCount {
                mnemonic: mn.to_string(),
                expected: "3 (vaddr, vdata, saddr) or 4 (vdst, vaddr, vdata, saddr)".into(),
                got: n,
            })
        }
    };
    let bad = |s: &str, why: &str| AsmErrorKind::Operand(s.to_string(), why.to_string());
    let o = if returning { 1 } else { 0 };
    let saddr = parse_saddr(&operands[o + 2]).ok_or_else(|| {
        bad(
            &operands[o + 2],
            "expected s[2n:2n+1], vcc, ttmp[2n:2n+1], exec or off",
        )
    })?;
    let (vaddr, na) =
        parse_vregs(&operands[o]).ok_or_else(|| bad(&operands[o], "expected a VGPR"))?;
    let want_a = if saddr == SADDR_OFF { 2 } else { 1 };
    if na != want_a {
        return Err(bad(
            &operands[o],
            if want_a == 2 {
                "the address is a 64-bit VGPR pair when SADDR is off"
            } else {
                "the address is one VGPR (32-bit offset) with SADDR"
            },
        ));
    }
    let (vsrc, nd) =
        parse_vregs(&operands[o + 1]).ok_or_else(|| bad(&operands[o + 1], "expected VGPRs"))?;
    if nd != rule.data_regs {
        return Err(bad(
            &operands[o + 1],
            &format!("data needs {} VGPR(s)", rule.data_regs),
        ));
    }
    let vdst = if returning {
        let (d, n) =
            parse_vregs(&operands[0]).ok_or_else(|| bad(&operands[0], "expected VGPRs"))?;
        if n != rule.dst_regs {
            return Err(bad(
                &operands[0],
                &format!("the returned value needs {} VGPR(s)", rule.dst_regs),
            ));
        }
        d
    } else {
        0
    };
    let mut inst = Inst {
        rule: ri,
        vdst,
        vaddr,
        vsrc,
        saddr,
        th: 0,
        scope: 0,
        scale_offset: false,
        nv: false,
        ioffset: 0,
    };
    let mut th_text = None;
    for m in &mods {
        if let Some(v) = m.strip_prefix("offset:") {
            let v = parse_int(v).ok_or_else(|| AsmErrorKind::Modifier(m.clone()))?;
            if !(-(1 << 23)..(1 << 23)).contains(&v) {
                return Err(FieldError::Value("IOFFSET", v).into());
            }
            inst.ioffset = v as i32;
        } else if let Some(v) = m.strip_prefix("th:") {
            inst.th = th_value(v).ok_or_else(|| AsmErrorKind::Modifier(m.clone()))?;
            th_text = Some(v.to_string());
        } else if let Some(v) = m.strip_prefix("scope:") {
            inst.scope = SCOPES
                .iter()
                .position(|s| *s == v)
                .ok_or_else(|| AsmErrorKind::Modifier(m.clone()))? as u8;
        } else if m == "nv" {
            inst.nv = true;
        } else if m == "scale_offset" {
            inst.scale_offset = true;
        } else {
            return Err(AsmErrorKind::Modifier(m.clone()));
        }
    }
    let named_return = inst.th & TH_RETURN != 0;
    if named_return && !returning {
        return Err(AsmErrorKind::ThNeedsVdst(th_text.unwrap_or_default()));
    }
    if returning && !named_return {
        // LLVM prints CASCADE_RT/NT for both TH 4/5 and 6/7 under scope DEV/SYS;
        // the VDST operand then says which.
        if inst.th >= 4 {
            inst.th |= TH_RETURN;
        } else {
            return Err(AsmErrorKind::ReturnNeedsTh);
        }
    }
    inst.validate()?;
    Ok(inst)
}

/// Strips a `;` or `//` comment.
fn strip_comment(l: &str) -> &str {
    let l = l.split(';').next().unwrap_or("");
    l.split("//").next().unwrap_or("")
}

/// Parses a program: one instruction per line; `;` and `//` start comments.
pub fn parse_program(text: &str) -> Result<Vec<Inst>, AsmError> {
    let mut v = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let l = strip_comment(l).trim();
        if l.is_empty() {
            continue;
        }
        v.push(parse_inst(l).map_err(|kind| AsmError { line: i + 1, kind })?);
    }
    Ok(v)
}
