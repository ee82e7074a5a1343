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
use crate::cdna5::rules::{tables, Class};

/// Scope names, by value.
pub const SCOPES: [&str; 4] = ["SCOPE_CU", "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS"];

/// TH of a load or cache operation (`load`) or a store, as LLVM prints it:
/// value 3 is `LU` / `RT_WB` below system scope and `BYPASS` at it; a
/// load's 7 has no name (`0x7`).
fn th_mem_name(th: u8, scope: u8, load: bool) -> String {
    let kind = if load { "LOAD" } else { "STORE" };
    let name = match (th, load) {
        (0, _) => "RT",
        (1, _) => "NT",
        (2, _) => "HT",
        (3, _) if scope == 3 => "BYPASS",
        (3, true) => "LU",
        (3, false) => "RT_WB",
        (4, _) => "NT_RT",
        (5, _) => "RT_NT",
        (6, _) => "NT_HT",
        (7, false) => "NT_WB",
        (t, _) => return format!("{t:#x}"),
    };
    format!("TH_{kind}_{name}")
}

/// The TH value of a load/cache (`load`) or store TH name.
fn th_mem_value(s: &str, load: bool) -> Option<u8> {
    if load && s == "0x7" {
        return Some(7);
    }
    let name = s.strip_prefix(if load { "TH_LOAD_" } else { "TH_STORE_" })?;
    Some(match (name, load) {
        ("RT", _) => 0,
        ("NT", _) => 1,
        ("HT", _) => 2,
        ("BYPASS", _) | ("LU", true) | ("RT_WB", false) => 3,
        ("NT_RT", _) => 4,
        ("RT_NT", _) => 5,
        ("NT_HT", _) => 6,
        ("NT_WB", false) => 7,
        _ => return None,
    })
}

/// The TH text of instruction `i` (its class picks the names).
fn th_text(i: &Inst) -> String {
    match i.rule().class {
        Class::Atomic(..) => th_name(i.th, i.scope),
        Class::Store { .. } => th_mem_name(i.th, i.scope, false),
        Class::Load { .. } | Class::Fence(_) => th_mem_name(i.th, i.scope, true),
    }
}

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
    if r.has_address() {
        let mut ops = Vec::new();
        if i.returns() {
            ops.push(vregs(i.vdst, r.dst_regs));
        }
        if !r.by_lane_id() {
            ops.push(vregs(i.vaddr, if i.has_saddr() { 1 } else { 2 }));
        }
        if r.data_regs > 0 {
            ops.push(vregs(i.vsrc, r.data_regs));
        }
        ops.push(sreg_name(i.saddr).unwrap_or_else(|_| format!("<saddr {}>", i.saddr)));
        s.push(' ');
        s += &ops.join(", ");
        if i.ioffset != 0 {
            s += &format!(" offset:{}", i.ioffset);
        }
        if i.scale_offset {
            s += " scale_offset";
        }
    }
    if i.th != 0 {
        s += &format!(" th:{}", th_text(i));
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
    #[error("unknown mnemonic {0:?} (not a VGLOBAL instruction xisa knows)")]
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
    let fence = !rule.has_address();
    // Modifiers follow the last operand, separated by spaces; operands contain no
    // spaces once commas are handled, so split on the last comma's token.
    let mut operands: Vec<String> = if fence {
        Vec::new()
    } else {
        split_operands(rest)
    };
    let mut mods: Vec<String> = Vec::new();
    if fence {
        mods.extend(rest.split_whitespace().map(str::to_string));
    } else if let Some(last) = operands.pop() {
        let mut words = last.split_whitespace();
        if let Some(first) = words.next() {
            operands.push(first.to_string());
        }
        mods.extend(words.map(str::to_string));
    }
    let bad = |s: &str, why: &str| AsmErrorKind::Operand(s.to_string(), why.to_string());
    let count_error = |expected: &str, got: usize| AsmErrorKind::OperandCount {
        mnemonic: mn.to_string(),
        expected: expected.into(),
        got,
    };
    // Operand positions: (vdst, vaddr, vdata, saddr) by class.
    let (returning, at) = match rule.class {
        Class::Fence(_) => (false, None),
        Class::Load { tid: true, .. } => match operands.len() {
            2 => (true, Some((Some(0), None, None, 1))),
            n => return Err(count_error("2 (vdst, saddr)", n)),
        },
        Class::Store { tid: true, .. } => match operands.len() {
            2 => (false, Some((None, None, Some(0), 1))),
            n => return Err(count_error("2 (vdata, saddr)", n)),
        },
        Class::Load { .. } => match operands.len() {
            3 => (true, Some((Some(0), Some(1), None, 2))),
            n => return Err(count_error("3 (vdst, vaddr, saddr)", n)),
        },
        Class::Store { .. } => match operands.len() {
            3 => (false, Some((None, Some(0), Some(1), 2))),
            n => return Err(count_error("3 (vaddr, vdata, saddr)", n)),
        },
        Class::Atomic(..) => match operands.len() {
            3 => (false, Some((None, Some(0), Some(1), 2))),
            4 => (true, Some((Some(0), Some(1), Some(2), 3))),
            n => {
                return Err(count_error(
                    "3 (vaddr, vdata, saddr) or 4 (vdst, vaddr, vdata, saddr)",
                    n,
                ))
            }
        },
    };
    let mut inst = Inst {
        rule: ri,
        vdst: 0,
        vaddr: 0,
        vsrc: 0,
        saddr: SADDR_OFF,
        th: 0,
        scope: 0,
        scale_offset: false,
        nv: false,
        ioffset: 0,
    };
    if let Some((d, a, v, sa)) = at {
        let saddr = parse_saddr(&operands[sa]).ok_or_else(|| {
            bad(
                &operands[sa],
                "expected s[2n:2n+1], vcc, ttmp[2n:2n+1], exec or off",
            )
        })?;
        if let Some(a) = a {
            let (vaddr, na) =
                parse_vregs(&operands[a]).ok_or_else(|| bad(&operands[a], "expected a VGPR"))?;
            let want_a = if saddr == SADDR_OFF { 2 } else { 1 };
            if na != want_a {
                return Err(bad(
                    &operands[a],
                    if want_a == 2 {
                        "the address is a 64-bit VGPR pair when SADDR is off"
                    } else {
                        "the address is one VGPR (32-bit offset) with SADDR"
                    },
                ));
            }
            inst.vaddr = vaddr;
        }
        inst.saddr = saddr;
        if let Some(v) = v {
            let (vsrc, nd) =
                parse_vregs(&operands[v]).ok_or_else(|| bad(&operands[v], "expected VGPRs"))?;
            if nd != rule.data_regs {
                return Err(bad(
                    &operands[v],
                    &format!("data needs {} VGPR(s)", rule.data_regs),
                ));
            }
            inst.vsrc = vsrc;
        }
        if let Some(d) = d {
            let (vdst, n) =
                parse_vregs(&operands[d]).ok_or_else(|| bad(&operands[d], "expected VGPRs"))?;
            if n != rule.dst_regs {
                let what = if returning && rule.class.atomic().is_some() {
                    "the returned value"
                } else {
                    "the loaded data"
                };
                return Err(bad(
                    &operands[d],
                    &format!("{what} needs {} VGPR(s)", rule.dst_regs),
                ));
            }
            inst.vdst = vdst;
        }
    }
    let mut th_text = None;
    for m in &mods {
        if let Some(v) = m.strip_prefix("offset:").filter(|_| !fence) {
            let v = parse_int(v).ok_or_else(|| AsmErrorKind::Modifier(m.clone()))?;
            if !(-(1 << 23)..(1 << 23)).contains(&v) {
                return Err(FieldError::Value("IOFFSET", v).into());
            }
            inst.ioffset = v as i32;
        } else if let Some(v) = m.strip_prefix("th:") {
            let th = match rule.class {
                Class::Atomic(..) => th_value(v),
                Class::Store { .. } => th_mem_value(v, false),
                Class::Load { .. } | Class::Fence(_) => th_mem_value(v, true),
            };
            inst.th = th.ok_or_else(|| AsmErrorKind::Modifier(m.clone()))?;
            th_text = Some(v.to_string());
        } else if let Some(v) = m.strip_prefix("scope:") {
            inst.scope = SCOPES
                .iter()
                .position(|s| *s == v)
                .ok_or_else(|| AsmErrorKind::Modifier(m.clone()))? as u8;
        } else if m == "nv" {
            inst.nv = true;
        } else if m == "scale_offset" && !fence {
            inst.scale_offset = true;
        } else {
            return Err(AsmErrorKind::Modifier(m.clone()));
        }
    }
    if rule.class.atomic().is_none() {
        inst.validate()?;
        return Ok(inst);
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
