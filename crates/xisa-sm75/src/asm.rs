//! sm_75 assembler: nvdisasm-syntax text -> 128-bit instruction words, from
//! the same records that decode and print them (`translation-rules/sm75`).
//!
//! A line is matched against the print template of every record of its
//! mnemonic, in the decoder's match order (hand-derived records first, then
//! the whole-ISA table; more fixed bits first). Literal text must appear as
//! it is; register, predicate, modifier and text fields are found by printing
//! their values; immediates, floats, constant-bank operands and branch
//! targets are read as numbers and printed again; a memory operand
//! (`[R2.64+UR4+0x10]`) is split at its `+`; a merged modifier list
//! (`.E.64.STRONG.GPU`) is covered by the values of its modifier groups.
//! The word is then decoded and printed again and must give the input back
//! (whitespace aside), so the assembler never writes a word that
//! disassembles to something else, and every form the tables describe can be
//! written without a line of per-instruction code.
//!
//! nvdisasm prints no scheduling control; the words get a stall of one
//! cycle, the yield bit, no scoreboards and no waits (what every class
//! accepts), or the operand reuse flags the text names. Fields the text does
//! not show (the carry-in of IMAD without `.X`, say) are written neutral:
//! `RZ`, `URZ`, `PT` or zero.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::OnceLock;

use thiserror::Error;

use crate::rules::{gather, scatter, width_mask, Field, FieldKind, InstRule, Piece};
use crate::{half_to_f64, render, render_addr, render_merge, sext, DecodeError, Rules};

/// Why a line cannot be assembled.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {msg}")]
pub struct AsmError {
    /// 1-based source line.
    pub line: usize,
    /// What is wrong.
    pub msg: String,
}

/// Scheduling control written where the text says nothing: stall 1, yield,
/// read and write scoreboards 7 (none), no wait mask.
const DEFAULT_CONTROL: u128 = 0x7f1 << 105;

/// Template steps tried per record and line before giving up on the record
/// (the search backtracks over ambiguous prefixes: `R1` of `R12`).
const BUDGET: usize = 50_000;

/// Values kept per distinct printed text of one field: values that print
/// alike can still differ in validity (a rejected combination, a control bit).
const PER_TEXT: usize = 2;

/// Characters next to which whitespace means nothing.
const PUNCT: [char; 6] = [',', '[', ']', '{', '}', ';'];

/// Text in comparable form: `;` dropped, whitespace collapsed to one space
/// and dropped next to punctuation (`R2, [R4] ;` reads `R2,[R4]`).
#[derive(Debug, Clone, Default)]
struct Norm {
    buf: String,
    space: bool,
}

impl Norm {
    fn push_str(&mut self, s: &str) {
        s.chars().for_each(|c| self.push(c));
    }

    fn push(&mut self, c: char) {
        if c == ';' {
            self.space = false;
            return;
        }
        if c.is_whitespace() {
            self.space = !self.buf.is_empty();
            return;
        }
        if self.space && !PUNCT.contains(&c) && !self.buf.ends_with(&PUNCT[..]) {
            self.buf.push(' ');
        }
        self.space = false;
        self.buf.push(c);
    }
}

fn norm(s: &str) -> String {
    let mut n = Norm::default();
    n.push_str(s);
    n.buf
}

/// The word bits the search has fixed so far. Fields overlap (a
/// predicate's text table spans the predicate and a modifier bit), so values
/// are kept per bit, and a field may only take values that agree with them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Known {
    word: u128,
    mask: u128,
}

impl Known {
    /// `self` with field `f` set to `v`, if that agrees with the bits known.
    fn with(self, f: &Field, v: u64) -> Option<Known> {
        let m = f.mask();
        let bits = scatter(v, &f.bits);
        ((self.word ^ bits) & self.mask & m == 0).then_some(Known {
            word: self.word | bits,
            mask: self.mask | m,
        })
    }

    /// Whether every bit of `f` is known.
    fn has(self, f: &Field) -> bool {
        f.mask() & !self.mask == 0
    }

    /// Every field's value in this word (unknown bits read as zero).
    fn vals(self, rule: &InstRule) -> Vec<u64> {
        rule.fields.iter().map(|f| f.extract(self.word)).collect()
    }
}

/// A number as nvdisasm prints one: `0x1f`, `-0x8`, `12`, `-9.75`,
/// `1.0000000000000000000e+10`, `+INF`, `-QNAN`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Number {
    Int(i128),
    Float(f64),
    Inf(bool),
    Nan { negative: bool, quiet: bool },
}

/// The number at the start of `s` and its length.
fn number(s: &str) -> Option<(Number, usize)> {
    let b = s.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let rest = &s[i..];
    for (name, n) in [
        ("INF", Number::Inf(negative)),
        (
            "QNAN",
            Number::Nan {
                negative,
                quiet: true,
            },
        ),
        (
            "SNAN",
            Number::Nan {
                negative,
                quiet: false,
            },
        ),
    ] {
        if rest.starts_with(name) {
            return Some((n, i + name.len()));
        }
    }
    if let Some(hex) = rest.strip_prefix("0x") {
        let n = hex.bytes().take_while(u8::is_ascii_hexdigit).count();
        let v = i128::from_str_radix(&hex[..n], 16).ok()?;
        return Some((Number::Int(if negative { -v } else { v }), i + 2 + n));
    }
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut j = i + digits(i);
    if j == i {
        return None;
    }
    let mut float = false;
    if b.get(j) == Some(&b'.') {
        float = true;
        j += 1 + digits(j + 1);
    }
    if b.get(j) == Some(&b'e') && matches!(b.get(j + 1), Some(b'+' | b'-')) {
        let e = digits(j + 2);
        if e > 0 {
            float = true;
            j += 2 + e;
        }
    }
    let text = &s[..j];
    let n = if float {
        Number::Float(text.parse().ok()?)
    } else {
        Number::Int(text.parse().ok()?)
    };
    Some((n, j))
}

/// `c[0xB][0xOFF]` (offset possibly negative) at the start of `s`.
fn cbuf(s: &str) -> Option<(u64, i128)> {
    let rest = s.strip_prefix("c[")?;
    let (Number::Int(bank), n) = number(rest)? else {
        return None;
    };
    let rest = rest[n..].strip_prefix("][")?;
    let (Number::Int(off), _) = number(rest)? else {
        return None;
    };
    Some((u64::try_from(bank).ok()?, off))
}

/// The raw values of a field that print as the number `n` (more than one
/// where the field's text does not say which).
fn number_values(f: &Field, n: Number, pc: u64) -> Vec<u64> {
    let mask = width_mask(f.width);
    let scale = i128::from(f.scale.max(1));
    match (f.kind, n) {
        (FieldKind::SImm | FieldKind::UImm, Number::Int(x)) if x % scale == 0 => {
            vec![((x / scale) as u64) & mask]
        }
        (FieldKind::Rel, Number::Int(x)) => {
            let off = x - i128::from(pc) - 16;
            if off % 4 == 0 {
                vec![((off / 4) as u64) & mask]
            } else {
                Vec::new()
            }
        }
        (FieldKind::F32, n) => vec![u64::from(match n {
            Number::Int(x) => (x as f32).to_bits(),
            Number::Float(x) => (x as f32).to_bits(),
            Number::Inf(neg) => f32::INFINITY.to_bits() | u32::from(neg) << 31,
            Number::Nan { negative, quiet } => {
                (if quiet { 0x7fc0_0000 } else { 0x7f80_0001 }) | u32::from(negative) << 31
            }
        })],
        (FieldKind::F64Hi, n) => {
            let bits = match n {
                Number::Int(x) => (x as f64).to_bits(),
                Number::Float(x) => x.to_bits(),
                Number::Inf(neg) => f64::INFINITY.to_bits() | u64::from(neg) << 63,
                Number::Nan { negative, quiet } => {
                    (if quiet {
                        0x7ff8_0000_0000_0000
                    } else {
                        0x7ff0_0001_0000_0000
                    }) | u64::from(negative) << 63
                }
            };
            // (a double whose low word is not zero has no such encoding)
            if bits & 0xffff_ffff == 0 {
                vec![bits >> 32]
            } else {
                Vec::new()
            }
        }
        (FieldKind::F16, n) => {
            let sign = |neg: bool| u64::from(neg) << 15;
            match n {
                Number::Inf(neg) => vec![0x7c00 | sign(neg)],
                Number::Nan { negative, quiet } => {
                    vec![(if quiet { 0x7e00 } else { 0x7c01 }) | sign(negative)]
                }
                Number::Int(x) => half_exact(x as f64),
                Number::Float(x) => half_exact(x),
            }
        }
        _ => Vec::new(),
    }
}

/// The half whose value is exactly `x` (nvdisasm prints halves exactly).
fn half_exact(x: f64) -> Vec<u64> {
    (0..=u16::MAX)
        .find(|&h| {
            let y = half_to_f64(h);
            !y.is_nan() && y.to_bits() == x.to_bits()
        })
        .map(u64::from)
        .into_iter()
        .collect()
}

/// The raw value of a constant-bank field for bank `bank`, byte offset `off`.
fn cbuf_value(f: &Field, bank: u64, off: i128) -> Option<u64> {
    let ow = f.width.saturating_sub(5).min(16);
    let unit = 1i128 << (16 - ow);
    if off % unit != 0 || bank >= 32 {
        return None;
    }
    let stored = ((off / unit) as u64) & width_mask(ow);
    Some(stored | bank << ow)
}

/// The token multiset of a modifier value (`E.64` -> `E`, `64`).
fn tokens(s: &str) -> Vec<&str> {
    s.split('.').filter(|t| !t.is_empty()).collect()
}

/// `want` minus `have` as multisets, if `have` is contained in `want`.
fn minus<'a>(want: &[&'a str], have: &[&str]) -> Option<Vec<&'a str>> {
    let mut left = want.to_vec();
    for t in have {
        let i = left.iter().position(|x| x == t)?;
        left.swap_remove(i);
    }
    Some(left)
}

/// A candidate: the bits fixed and the text printed so far.
type Cand = (Known, Norm);

/// The backtracking match of one record's template against one line.
struct Search<'a> {
    rule: &'a InstRule,
    /// The normalised text the template must print.
    target: &'a str,
    pc: u64,
    steps: usize,
    /// The longest prefix of `target` any path printed.
    furthest: usize,
    /// A word whose bits to prefer where the text allows several (the
    /// encoding a `nvdisasm -hex` listing shows beside the text).
    hint: Option<u128>,
}

impl Search<'_> {
    /// Walks the template from piece `at`; `accept` judges complete matches.
    fn walk(
        &mut self,
        at: usize,
        state: Norm,
        known: Known,
        accept: &mut dyn FnMut(Known) -> bool,
    ) -> bool {
        self.steps += 1;
        if self.steps > BUDGET {
            return false;
        }
        self.furthest = self.furthest.max(state.buf.len());
        let Some(piece) = self.rule.template.get(at) else {
            return state.buf == self.target && accept(known);
        };
        let cands = match piece {
            Piece::Lit(s) => match self.extend(&state, s) {
                Some(n) => vec![(known, n)],
                None => return false,
            },
            Piece::Field { index } => self.field(*index, &state, known),
            Piece::Addr {
                base,
                size,
                ur,
                imm,
            } => self.addr([Some(*base), *size, *ur, *imm], &state, known),
            Piece::Merge { fields, literals } => self.merge(fields, literals, &state, known),
        };
        cands
            .into_iter()
            .any(|(k, n)| self.walk(at + 1, n, k, accept))
    }

    /// Whether `k` departs from the hint on the bits it fixed.
    fn off_hint(&self, k: &Known) -> bool {
        self.hint.is_some_and(|h| (k.word ^ h) & k.mask != 0)
    }

    /// The bits of every field but `i`.
    fn others(&self, i: usize) -> u128 {
        self.rule
            .fields
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(0, |m, (_, f)| m | f.mask())
    }

    fn rest(&self, state: &Norm) -> &str {
        self.target.get(state.buf.len()..).unwrap_or("")
    }

    /// `state` followed by `text`, if the target goes on that way.
    fn extend(&self, state: &Norm, text: &str) -> Option<Norm> {
        let mut n = state.clone();
        n.push_str(text);
        self.target.starts_with(&n.buf).then_some(n)
    }

    /// The values field `f` may take here: every value of a small field,
    /// the numbers the text shows for a wide one, and the values it prints
    /// as fixed text.
    fn values(&self, f: &Field, state: &Norm) -> Vec<u64> {
        let enumerable = matches!(
            f.kind,
            FieldKind::Reg
                | FieldKind::UReg
                | FieldKind::Pred
                | FieldKind::Mod
                | FieldKind::Text
                | FieldKind::Guard
        ) || f.width <= 10;
        let mut out: Vec<u64> = if enumerable {
            (0..1u64 << f.width.min(12)).collect()
        } else {
            // the number starts after the field's prefix
            let rest = match self.extend(state, &f.prefix) {
                Some(n) => self.target.get(n.buf.len()..).unwrap_or(""),
                None => self.rest(state),
            };
            let rest = rest.trim_start();
            if f.kind == FieldKind::CBuf {
                cbuf(rest)
                    .and_then(|(b, o)| cbuf_value(f, b, o))
                    .into_iter()
                    .collect()
            } else {
                number(rest)
                    .map(|(n, _)| number_values(f, n, self.pc))
                    .unwrap_or_default()
            }
        };
        out.extend(f.print_as.iter().map(|(v, _)| *v));
        // (the hint's value, which the text may not pin down: a NaN's payload)
        out.extend(self.hint.map(|h| f.extract(h)));
        // each value once: a duplicate would double every path after it
        let mut seen = std::collections::HashSet::new();
        out.retain(|v| seen.insert(*v));
        out
    }

    fn field(&self, i: usize, state: &Norm, known: Known) -> Vec<Cand> {
        let rule = self.rule;
        let f = &rule.fields[i];
        let others = self.others(i);
        let mut seen: HashMap<(String, u128, u128), usize> = HashMap::new();
        let mut out = Vec::new();
        let mut values = self.values(f, state);
        // (the hint's value first, so that it survives the deduplication)
        if let Some(h) = self.hint {
            let hv = f.extract(h);
            values.sort_by_key(|v| *v != hv);
        }
        for v in values {
            if f.reject.contains(&v) {
                continue;
            }
            let Some(k) = known.with(f, v) else {
                continue;
            };
            // A table another field selects, that field not yet known: both
            // tables (the selecting value fixed, or left to the end, where
            // printing the word checks it).
            let variants: Vec<(Known, Vec<u64>)> = match &f.alt {
                Some((j, eq, _)) if !k.has(&rule.fields[*j]) => {
                    let fj = &rule.fields[*j];
                    let mut v = Vec::new();
                    if let Some(kj) = k.with(fj, *eq) {
                        v.push((kj, kj.vals(rule)));
                    }
                    let mut other = k.vals(rule);
                    other[*j] = eq ^ 1;
                    v.push((k, other));
                    v
                }
                _ => vec![(k, k.vals(rule))],
            };
            for (k, vals) in variants {
                // (an immediate printed signed when a word bit says so, as
                // the decoder does)
                let shown = match f.signed_if {
                    Some(b) if k.word >> b & 1 == 1 => sext(v, f.width) as u64,
                    _ => v,
                };
                let mut text = String::new();
                render(&mut text, f, shown, &vals, self.pc);
                let Some(n) = self.extend(state, &text) else {
                    continue;
                };
                // (values that print alike and leave the other fields the same
                // bits are alternatives of no consequence)
                let key = (n.buf.clone(), k.word & others, k.mask & others);
                let count = seen.entry(key).or_insert(0);
                if *count < PER_TEXT {
                    *count += 1;
                    out.push((k, n));
                }
            }
        }
        // longest text first (`R12` before `R1`), then the hint's bits
        out.sort_by_key(|(k, n)| (Reverse(n.buf.len()), self.off_hint(k)));
        out
    }

    /// A memory operand's inside: split at `+` into base register (and its
    /// size suffix), uniform register and offset; `at` = base, size, uniform
    /// register and offset fields.
    fn addr(&self, at: [Option<usize>; 4], state: &Norm, known: Known) -> Vec<Cand> {
        let [Some(base), size, ur, imm] = at else {
            return Vec::new();
        };
        let rest = self.rest(state);
        let inner = &rest[..rest.find([']', ',']).unwrap_or(rest.len())];
        let reg = |p: &str, prefix: &str, zero: u64| -> Option<u64> {
            let r = p.strip_prefix(prefix)?;
            if r == "Z" {
                Some(zero)
            } else {
                r.parse().ok()
            }
        };
        let (mut b, mut sz, mut u, mut x) = (None, "", None, None);
        for p in inner.split('+').filter(|p| !p.is_empty()) {
            if let Some(v) = reg(p, "UR", 63) {
                u = Some(v);
            } else if p.starts_with('R') {
                let (r, s) = p.find('.').map_or((p, ""), |i| (&p[..i], &p[i..]));
                b = reg(r, "R", 255);
                sz = s;
            } else if let Some((Number::Int(n), _)) = number(p) {
                x = Some(n);
            }
        }
        let fields = &self.rule.fields;
        let sizes: Vec<Option<u64>> = match size.map(|i| &fields[i]) {
            Some(f) => (0..1u64 << f.width.min(12))
                .filter(|&v| {
                    let mut t = String::new();
                    render(&mut t, f, v, &[], self.pc);
                    // (an RZ base prints no size)
                    (t == sz || b.is_none()) && !f.reject.contains(&v)
                })
                .map(Some)
                .collect(),
            None => vec![None],
        };
        let imms: Vec<Option<u64>> = match (imm.map(|i| &fields[i]), x) {
            (Some(f), Some(x)) => {
                let mut v = number_values(f, Number::Int(x), self.pc);
                // (an offset alone prints unsigned and unscaled)
                v.push((x as u64) & width_mask(f.width));
                v.into_iter().map(Some).collect()
            }
            (Some(_), None) => vec![Some(0)],
            (None, _) => vec![None],
        };
        let mut out: Vec<Cand> = Vec::new();
        for &sv in &sizes {
            for &iv in &imms {
                let set = [
                    (Some(base), Some(b.unwrap_or(255))),
                    (size, sv),
                    (ur, ur.map(|_| u.unwrap_or(63))),
                    (imm, iv),
                ];
                let k = set.iter().try_fold(known, |k, &(i, v)| match (i, v) {
                    (Some(i), Some(v)) => k.with(&fields[i], v),
                    _ => Some(k),
                });
                let Some(k) = k else { continue };
                let mut text = String::new();
                render_addr(
                    &mut text,
                    self.rule,
                    &k.vals(self.rule),
                    base,
                    size,
                    ur,
                    imm,
                    self.pc,
                );
                if let Some(n) = self.extend(state, &text) {
                    if !out.iter().any(|(_, m)| m.buf == n.buf) {
                        out.push((k, n));
                    }
                }
            }
        }
        out.sort_by_key(|(k, n)| (Reverse(n.buf.len()), self.off_hint(k)));
        out
    }

    /// Modifier groups printed as one sorted token list: the `.`-tokens at
    /// this point of the text (all of them, then fewer) covered exactly by
    /// one value per group and the literal tokens.
    fn merge(
        &self,
        fields: &[usize],
        literals: &[String],
        state: &Norm,
        known: Known,
    ) -> Vec<Cand> {
        let rest = self.rest(state);
        let mut toks = Vec::new();
        let mut at = 0;
        while rest[at..].starts_with('.') {
            let end = rest[at + 1..]
                .find(|c: char| c == '.' || c == ' ' || PUNCT.contains(&c))
                .map_or(rest.len(), |e| at + 1 + e);
            toks.push(&rest[at + 1..end]);
            at = end;
        }
        let lits: Vec<&str> = literals.iter().map(String::as_str).collect();
        // per group: (field, value, sorted tokens), a few values per token set
        let groups: Vec<Vec<(usize, u64, Vec<&str>)>> = fields
            .iter()
            .map(|&i| {
                let f = &self.rule.fields[i];
                let others = self.others(i);
                let mut vals: Vec<(usize, u64, Vec<&str>)> = Vec::new();
                for (v, text) in f.values.iter().enumerate() {
                    let v = v as u64;
                    if f.reject.contains(&v) || known.with(f, v).is_none() {
                        continue;
                    }
                    let mut t = tokens(text);
                    t.sort_unstable();
                    let shared = scatter(v, &f.bits) & others;
                    let alike = vals
                        .iter()
                        .filter(|(_, x, u)| *u == t && scatter(*x, &f.bits) & others == shared)
                        .count();
                    if alike < PER_TEXT {
                        vals.push((i, v, t));
                    }
                }
                let off = |v: u64| {
                    self.hint
                        .is_some_and(|h| (scatter(v, &f.bits) ^ h) & f.mask() != 0)
                };
                vals.sort_by_key(|(_, v, t)| (off(*v), Reverse(t.len())));
                vals
            })
            .collect();
        let mut out = Vec::new();
        for k in (0..=toks.len()).rev() {
            let Some(left) = minus(&toks[..k], &lits) else {
                continue;
            };
            let mut found = Vec::new();
            self.cover(&groups, 0, left, known, &mut found);
            for k in found {
                let mut text = String::new();
                render_merge(&mut text, self.rule, &k.vals(self.rule), fields, literals);
                if let Some(n) = self.extend(state, &text) {
                    out.push((k, n));
                }
            }
        }
        out
    }

    /// Exact covers of the token multiset `left` by one value per group
    /// (at most a few).
    fn cover(
        &self,
        groups: &[Vec<(usize, u64, Vec<&str>)>],
        g: usize,
        left: Vec<&str>,
        known: Known,
        found: &mut Vec<Known>,
    ) {
        if found.len() >= PER_TEXT {
            return;
        }
        let Some(values) = groups.get(g) else {
            if left.is_empty() {
                found.push(known);
            }
            return;
        };
        for (i, v, t) in values {
            let Some(k) = known.with(&self.rule.fields[*i], *v) else {
                continue;
            };
            if let Some(l) = minus(&left, t) {
                self.cover(groups, g + 1, l, k, found);
            }
        }
    }
}

/// The word of `rule` with the bits the search fixed; the other fields
/// neutral (the guard as given; control as [`DEFAULT_CONTROL`]; `RZ`, `URZ`,
/// `PT`; zero).
fn build(
    rule: &InstRule,
    probed: Option<&InstRule>,
    known: Known,
    guard: u64,
    hint: Option<u128>,
) -> u128 {
    let mut k = Known {
        word: known.word | (rule.value & rule.mask),
        mask: known.mask | rule.mask,
    };
    if let Some(h) = hint {
        // the text's guard, then every bit the text left open as the hint
        // has it
        for f in rule.fields.iter().filter(|f| f.kind == FieldKind::Guard) {
            let free = f.mask() & !k.mask;
            k.word |= scatter(guard, &f.bits) & free;
            k.mask |= free;
        }
        return k.word | (h & !k.mask);
    }
    // typed fields first: a text table over the same bits then agrees
    let order = |f: &Field| match f.kind {
        FieldKind::Guard | FieldKind::Control | FieldKind::Reg | FieldKind::UReg => 0,
        FieldKind::Pred => 1,
        _ => 2,
    };
    // then the registers and predicates the whole-ISA record of the class
    // places where the rule has no field (ptxas writes them neutral)
    let extra = probed.into_iter().flat_map(|p| {
        p.fields
            .iter()
            .filter(|f| matches!(f.kind, FieldKind::Reg | FieldKind::UReg | FieldKind::Pred))
    });
    let mut fields: Vec<&Field> = rule.fields.iter().chain(extra).collect();
    fields.sort_by_key(|f| order(f));
    for f in fields {
        let want = match f.kind {
            FieldKind::Guard => guard,
            FieldKind::Control => gather(DEFAULT_CONTROL, &f.bits),
            FieldKind::Reg => 255,
            FieldKind::UReg => 63,
            FieldKind::Pred => 7,
            _ => 0,
        };
        // only the bits nothing fixed yet
        let free = f.mask() & !k.mask;
        k.word |= scatter(want, &f.bits) & free;
        k.mask |= free;
    }
    k.word | (DEFAULT_CONTROL & !k.mask)
}

/// `@P0`, `@!P3`, `@PT`: the guard field's value (predicate, negation bit 3).
fn guard_value(tok: &str) -> Option<u64> {
    let t = tok.strip_prefix('@')?;
    let (neg, t) = match t.strip_prefix('!') {
        Some(t) => (8, t),
        None => (0, t),
    };
    let p = match t.strip_prefix('P')? {
        "T" => 7,
        d => d.parse::<u64>().ok().filter(|&d| d < 7)?,
    };
    Some(p | neg)
}

/// An sm_75 assembler over a rule set (see the module documentation).
#[derive(Debug)]
pub struct Assembler<'r> {
    rules: &'r Rules,
    by_name: HashMap<&'r str, Vec<&'r InstRule>>,
}

impl<'r> Assembler<'r> {
    /// An assembler for `rules` (parses every record).
    pub fn new(rules: &'r Rules) -> Result<Self, crate::RulesError> {
        let mut by_name: HashMap<&str, Vec<&InstRule>> = HashMap::new();
        for r in rules.insts()? {
            let name = r.mnemonic.split('.').next().unwrap_or("");
            by_name.entry(name).or_default().push(r);
        }
        Ok(Assembler { rules, by_name })
    }

    /// The word of one instruction at byte offset `pc` (branch targets are
    /// absolute addresses, as the disassembler prints them).
    pub fn encode(&self, text: &str, pc: u64) -> Result<u128, String> {
        self.encode_with(text, pc, None)
    }

    /// [`Assembler::encode`], preferring `hint`'s bits wherever the text
    /// leaves a choice: the scheduling control, the fields nvdisasm does not
    /// print, values that print alike. The word still prints `text`; a hint
    /// that contradicts the text changes only what the text does not say.
    pub fn encode_with(&self, text: &str, pc: u64, hint: Option<u128>) -> Result<u128, String> {
        let want = norm(text);
        let mut words = want.splitn(2, ' ');
        let first = words.next().unwrap_or("");
        let guard = guard_value(first);
        let body = match guard {
            Some(_) => words.next().unwrap_or(""),
            None => &want,
        };
        // (a uniform guard, `@UP0 UIADD3`, is printed by the record itself)
        let head = if first.starts_with('@') {
            want.split(' ').nth(1).unwrap_or("")
        } else {
            first
        };
        let name = head.split(['.', '[', ',']).next().unwrap_or("");
        let Some(rules) = self.by_name.get(name) else {
            return Err(format!("unknown mnemonic `{name}` in `{want}`"));
        };
        let mut best = (0usize, "");
        let mut mismatch: Option<String> = None;
        for rule in rules {
            let has_guard = rule.fields.iter().any(|f| f.kind == FieldKind::Guard);
            let (target, g) = match (has_guard, guard) {
                (true, Some(g)) => (body, g),
                (true, None) => (want.as_str(), 7),
                (false, _) => (want.as_str(), 7),
            };
            let mut search = Search {
                rule,
                target,
                pc,
                steps: 0,
                furthest: 0,
                hint,
            };
            let mut word = None;
            let probed = self.rules.candidates(rule.value).find(|r| r.tier == 1);
            let mut accept = |known: Known| {
                // the hint's bits where the text is silent, else neutral ones
                if let Some(w) = hint.map(|_| build(rule, probed, known, g, hint)) {
                    if self
                        .rules
                        .decode(w, pc)
                        .is_ok_and(|d| norm(&d.text) == want)
                    {
                        word = Some(w);
                        return true;
                    }
                }
                let w = build(rule, probed, known, g, None);
                match self.rules.decode(w, pc) {
                    Ok(d) if norm(&d.text) == want => {
                        word = Some(w);
                        true
                    }
                    Ok(d) => {
                        mismatch.get_or_insert_with(|| {
                            format!(
                                "the word {w:#034x} of {} prints `{}`",
                                rule.id,
                                d.text.trim()
                            )
                        });
                        false
                    }
                    Err(e) => {
                        mismatch.get_or_insert_with(|| {
                            format!("the word {w:#034x} of {} does not decode: {}", rule.id, e)
                        });
                        false
                    }
                }
            };
            search.walk(0, Norm::default(), Known::default(), &mut accept);
            if let Some(w) = word {
                return Ok(w);
            }
            let reached = search.furthest + (want.len() - target.len());
            if reached > best.0 {
                best = (reached, rule.id.as_str());
            }
        }
        Err(match mismatch {
            Some(m) => format!("`{want}`: no encoding prints this text back ({m})"),
            None => {
                let (n, id) = best;
                let at = want.get(n..).unwrap_or("");
                format!(
                    "`{want}`: none of the {} encodings of {name} prints this; the closest ({id}) \
                     matches `{}` and stops at `{at}`",
                    rules.len(),
                    &want[..n.min(want.len())]
                )
            }
        })
    }

    /// Assembles a listing: one instruction per line (optionally with a
    /// predicate guard and a `/*0120*/` address comment, which is ignored),
    /// `label:` definitions, `` `(label) `` branch targets as nvdisasm prints
    /// them, `//` comments; `.section` starts a new section at address 0.
    /// The words are little-endian, 16 bytes each, one after the other.
    pub fn assemble(&self, src: &str) -> Result<Vec<u8>, AsmError> {
        let mut labels: HashMap<String, u64> = HashMap::new();
        let mut lines: Vec<Line> = Vec::new();
        let mut pc = 0u64;
        for (n, raw) in src.lines().enumerate() {
            let line = n + 1;
            let (stripped, half) = split_comments(raw);
            if stripped.trim().is_empty() {
                // `nvdisasm -hex`'s second line: the high half of the word
                // above
                if let (Some(h), Some(last)) = (half, lines.last_mut()) {
                    if last.lo.is_some() && last.hi.is_none() {
                        last.hi = Some(h);
                    }
                }
                continue;
            }
            let text = xisa_frontend::take_labels(&stripped, pc, &mut labels)
                .map_err(|msg| AsmError { line, msg })?
                .to_string();
            if text.is_empty() {
                continue;
            }
            if let Some(d) = text.strip_prefix('.') {
                if d.split_whitespace().next() == Some("section") {
                    pc = 0;
                    continue;
                }
                return Err(AsmError {
                    line,
                    msg: format!("directives other than .section are not supported: `{text}`"),
                });
            }
            lines.push(Line {
                line,
                text,
                pc,
                lo: half,
                hi: None,
            });
            pc += 16;
        }
        let mut out = Vec::with_capacity(lines.len() * 16);
        for Line {
            line,
            text,
            pc,
            lo,
            hi,
        } in lines
        {
            let text = resolve_labels(&text, &labels).map_err(|msg| AsmError { line, msg })?;
            let hint = lo
                .zip(hi)
                .map(|(lo, hi)| u128::from(hi) << 64 | u128::from(lo));
            let w = self
                .encode_with(&text, pc, hint)
                .map_err(|msg| AsmError { line, msg })?;
            out.extend_from_slice(&w.to_le_bytes());
        }
        Ok(out)
    }
}

/// An instruction line of a listing.
struct Line {
    /// 1-based source line.
    line: usize,
    /// The instruction text.
    text: String,
    /// Its address.
    pc: u64,
    /// The encoding's low and high halves, where the listing shows them.
    lo: Option<u64>,
    hi: Option<u64>,
}

/// A listing line split at its comments: the text outside `/* ... */`
/// (an unclosed one runs to the end) and before `//`, and the number of a
/// `/* 0x000fe20000000f00 */` comment (`nvdisasm -hex`: an instruction's
/// encoding, a half per line), if it has one.
fn split_comments(s: &str) -> (String, Option<u64>) {
    let mut text = String::with_capacity(s.len());
    let mut hex = None;
    let mut rest = s;
    while let Some(i) = rest.find("/*") {
        text.push_str(&rest[..i]);
        let body = &rest[i + 2..];
        let Some(end) = body.find("*/") else {
            rest = "";
            break;
        };
        let h = body[..end]
            .trim()
            .strip_prefix("0x")
            .filter(|h| h.len() == 16);
        if let Some(v) = h.and_then(|h| u64::from_str_radix(h, 16).ok()) {
            hex.get_or_insert(v);
        }
        rest = &body[end + 2..];
    }
    text.push_str(rest);
    if let Some(i) = text.find("//") {
        text.truncate(i);
    }
    (text, hex)
}

/// `` `(name) `` replaced by the label's address.
fn resolve_labels(text: &str, labels: &HashMap<String, u64>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("`(") {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find(')') else {
            return Err(format!("unterminated label reference in `{text}`"));
        };
        let name = &rest[i + 2..i + j];
        let at = labels
            .get(name)
            .ok_or_else(|| format!("undefined label `{name}`"))?;
        out.push_str(&format!("{at:#x}"));
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The assembler of the built-in rules, made once per process (it indexes
/// every record by mnemonic; the memory writer assembles every word it
/// writes).
pub(crate) fn embedded() -> Result<&'static Assembler<'static>, String> {
    static ASM: OnceLock<Result<Assembler<'static>, String>> = OnceLock::new();
    ASM.get_or_init(|| {
        let rules = crate::embedded_rules().map_err(|e: DecodeError| e.to_string())?;
        Assembler::new(rules).map_err(|e| e.to_string())
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Assembles a listing with the built-in rules ([`Assembler::assemble`]).
pub fn assemble(src: &str) -> Result<Vec<u8>, AsmError> {
    embedded()
        .map_err(|msg| AsmError { line: 0, msg })?
        .assemble(src)
}

/// Encodes one instruction at byte offset `pc` with the built-in rules
/// ([`Assembler::encode`]).
pub fn assemble_inst(text: &str, pc: u64) -> Result<u128, String> {
    embedded()?.encode(text, pc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_like_the_printer() {
        assert_eq!(norm("LDG.E.SYS R10, [R4] ;"), "LDG.E.SYS R10,[R4]");
        assert_eq!(norm("  FMUL  R13, R13, -0.5 ;"), "FMUL R13,R13,-0.5");
        assert_eq!(norm("NOP;"), "NOP");
    }

    #[test]
    fn scatter_inverts_gather() {
        let bits = [(3, 5), (40, 44), (100, 101)];
        for v in [0u64, 1, 0x5a, 0x7f] {
            assert_eq!(gather(scatter(v, &bits), &bits), v);
        }
    }

    #[test]
    fn numbers_as_printed() {
        assert_eq!(number("0x1f,"), Some((Number::Int(31), 4)));
        assert_eq!(number("-0x8]"), Some((Number::Int(-8), 4)));
        assert_eq!(number("-9.75"), Some((Number::Float(-9.75), 5)));
        assert_eq!(number("+INF"), Some((Number::Inf(false), 4)));
        assert_eq!(
            number("1.0000000000000000000e+10"),
            Some((Number::Float(1e10), 25))
        );
        assert_eq!(number("R2"), None);
    }
}
