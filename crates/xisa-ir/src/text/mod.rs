//! Text form of the IR: a printer and a parser that round-trip.
//!
//! `parse_module(&print_module(m)) == Ok(m)` for every module that passes the
//! verifier (and for most that do not). The grammar is in `docs/ir.md`, "Text form".
//! The parser never panics: malformed input gives a [`ParseError`] with a 1-based
//! line and column (columns count characters, not bytes).
//!
//! Instructions are described once, in `text/ops.rs`: the printer and the parser
//! both run that description.

mod ops;

use crate::BufferAddr;
use crate::SurfaceAddr;
use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::inst::{
    Address, BinOp, BlockId, Guard, Inst, MemKind, MemType, Op, Operand, Reg, SurfDim, SurfOob,
    Term,
};
use crate::kernel::{Block, Kernel, Module, RegDecl};
use crate::types::{Order, Scope, Space, Type};

/// A syntax error of the text form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, col {col}: {msg}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    pub msg: String,
}

/// The scope a weak (plain) load or store gets when its text form names none.
pub const DEFAULT_WEAK_SCOPE: Scope = Scope::Device;

// ---------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------

/// Characters of a bare name (kernel, register, label) and of mnemonics/numbers.
fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')
}

fn is_shift(op: BinOp) -> bool {
    matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr)
}

/// The integer type whose width is one element of `kind` (the type of store
/// immediates).
fn kind_int_type(kind: MemKind) -> Type {
    match kind {
        MemKind::U8 | MemKind::S8 => Type::I8,
        MemKind::U16 | MemKind::S16 => Type::I16,
        MemKind::B32 => Type::I32,
        MemKind::B64 => Type::I64,
    }
}

/// The type of a flat address base in `space`.
fn flat_base_type(space: Space) -> Type {
    match space {
        Space::Global | Space::Const | Space::Buffer | Space::Surface => Type::I64,
        Space::Shared | Space::Local | Space::Param => Type::I32,
    }
}

/// Parses decimal float text (sign included) to the bits of `ty`.
fn parse_float_dec(s: &str, ty: Type) -> Option<u64> {
    match ty {
        Type::F32 => s.parse::<f32>().ok().map(|f| f.to_bits() as u64),
        Type::F64 => s.parse::<f64>().ok().map(f64::to_bits),
        Type::F16 => s
            .parse::<f64>()
            .ok()
            .map(|f| half::f16::from_f64(f).to_bits() as u64),
        Type::BF16 => s
            .parse::<f64>()
            .ok()
            .map(|f| half::bf16::from_f64(f).to_bits() as u64),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Printer
// ---------------------------------------------------------------------------

/// Appends a name, bare when it is made of `[A-Za-z0-9_$.]`, else quoted.
fn push_name(out: &mut String, name: &str) {
    if !name.is_empty() && name.chars().all(is_ident_char) {
        out.push_str(name);
        return;
    }
    out.push('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn name_text(name: &str) -> String {
    let mut s = String::new();
    push_name(&mut s, name);
    s
}

/// The text of an immediate read as type `ty`.
///
/// Bits above the width of `ty` force raw hex (`0x..`, read back unmasked).
/// Floats print as the shortest decimal that reads back to the same bits, or as
/// `0f`/`0d`/`0h` bit patterns (NaN, infinities). Integers print as signed
/// decimal when small, else hex.
fn imm_text(v: u64, ty: Type) -> String {
    if v & !ty.mask() != 0 {
        return format!("{v:#x}");
    }
    match ty {
        Type::F32 => {
            let f = f32::from_bits(v as u32);
            if f.is_finite() {
                let s = format!("{f:?}");
                if parse_float_dec(&s, ty) == Some(v) {
                    return s;
                }
            }
            format!("0f{v:08x}")
        }
        Type::F64 => {
            let f = f64::from_bits(v);
            if f.is_finite() {
                let s = format!("{f:?}");
                if parse_float_dec(&s, ty) == Some(v) {
                    return s;
                }
            }
            format!("0d{v:016x}")
        }
        Type::F16 | Type::BF16 => {
            let f = if ty == Type::F16 {
                half::f16::from_bits(v as u16).to_f32()
            } else {
                half::bf16::from_bits(v as u16).to_f32()
            };
            if f.is_finite() {
                let s = format!("{f:?}");
                if parse_float_dec(&s, ty) == Some(v) {
                    return s;
                }
            }
            format!("0h{v:04x}")
        }
        Type::I1 => v.to_string(),
        _ => {
            let sh = 64 - ty.bits();
            let sv = ((v << sh) as i64) >> sh;
            if (-65535..=65535).contains(&sv) {
                sv.to_string()
            } else {
                format!("{v:#x}")
            }
        }
    }
}

struct Printer<'k> {
    k: &'k Kernel,
}

impl Printer<'_> {
    fn reg(&self, r: Reg) -> String {
        match self.k.regs.get(r.0 as usize) {
            Some(d) => format!("%{}", name_text(&d.name)),
            None => format!("%{}", name_text(&format!("<undeclared {}>", r.0))),
        }
    }

    fn regs(&self, rs: &[Reg]) -> String {
        rs.iter()
            .map(|&r| self.reg(r))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn decl(&self, d: &RegDecl) -> String {
        format!("%{}: {}", name_text(&d.name), d.ty)
    }

    fn label(&self, b: BlockId) -> String {
        match self.k.blocks.get(b.0 as usize) {
            Some(bl) => name_text(&bl.label),
            None => name_text(&format!("<block {}>", b.0)),
        }
    }

    fn opnd(&self, o: Operand, ty: Type) -> String {
        match o {
            Operand::Reg(r) => self.reg(r),
            Operand::Imm(v) => imm_text(v, ty),
        }
    }

    fn addr_opnd(&self, o: Operand) -> String {
        match o {
            Operand::Reg(r) => self.reg(r),
            Operand::Imm(v) => format!("{v:#x}"),
        }
    }

    fn addr(&self, a: &Address) -> String {
        fn off(o: i64) -> String {
            match o.cmp(&0) {
                std::cmp::Ordering::Equal => String::new(),
                std::cmp::Ordering::Greater => format!("+{o}"),
                std::cmp::Ordering::Less => format!("-{}", o.unsigned_abs()),
            }
        }
        match *a {
            Address::Flat { base, offset } => format!("[{}{}]", self.addr_opnd(base), off(offset)),
            Address::Buffer(BufferAddr {
                base,
                size,
                offset,
                imm,
            }) => format!(
                "[{}, {}, {}{}]",
                self.addr_opnd(base),
                self.addr_opnd(size),
                self.addr_opnd(offset),
                off(imm)
            ),
            Address::Surface(SurfaceAddr {
                desc,
                dim,
                oob,
                x,
                y,
                z,
            }) => format!(
                "[{}, {}, {}, {}, {}, {}]",
                self.addr_opnd(desc),
                dim.name(),
                oob.name(),
                self.addr_opnd(x),
                self.addr_opnd(y),
                self.addr_opnd(z)
            ),
        }
    }

    fn term(&self, t: &Term) -> String {
        match t {
            Term::Br(b) => format!("br {}", self.label(*b)),
            Term::BrCond { cond, then_, else_ } => format!(
                "brc {}, {}, {}",
                self.reg(*cond),
                self.label(*then_),
                self.label(*else_)
            ),
            Term::Switch {
                index,
                targets,
                default,
            } => format!(
                "switch {}, [{}], {}",
                self.reg(*index),
                targets
                    .iter()
                    .map(|&b| self.label(b))
                    .collect::<Vec<_>>()
                    .join(", "),
                self.label(*default)
            ),
            Term::Call { target, ret } => {
                format!("call {}, {}", self.label(*target), self.label(*ret))
            }
            Term::Ret => "ret".into(),
            Term::Exit => "exit".into(),
            Term::Trap => "trap".into(),
        }
    }

    fn inst(&self, i: &Inst) -> String {
        let mut s = String::new();
        if let Some(g) = i.guard {
            s.push('@');
            if g.negate {
                s.push('!');
            }
            s.push_str(&self.reg(g.reg));
            s.push(' ');
        }
        s.push_str(&self.op(&i.op));
        if let Some(pc) = i.pc {
            s.push_str(&format!(" !pc {pc:#x}"));
        }
        s
    }

    fn op(&self, op: &Op) -> String {
        ops::Print::op(self, op)
    }
}

/// `.ORDER.SCOPE` of a load or store, empty for a weak access of the default scope.
fn order_scope(order: Order, scope: Scope) -> String {
    if order == Order::Weak && scope == DEFAULT_WEAK_SCOPE {
        String::new()
    } else {
        format!(".{}.{}", order.name(), scope.name())
    }
}

/// `[.vN].KIND` of a load or store.
fn mem_text(mem: MemType) -> String {
    if mem.count == 1 {
        format!(".{}", mem.kind.name())
    } else {
        format!(".v{}.{}", mem.count, mem.kind.name())
    }
}

/// The text of one instruction of `k` (no indentation, no newline).
pub fn print_inst(k: &Kernel, inst: &Inst) -> String {
    Printer { k }.inst(inst)
}

/// The text of one terminator of `k` (without its pc).
pub fn print_term(k: &Kernel, term: &Term) -> String {
    Printer { k }.term(term)
}

fn write_kernel(out: &mut String, k: &Kernel) {
    let p = Printer { k };
    let prefix = k.params.len() <= k.regs.len()
        && k.params.iter().enumerate().all(|(i, r)| r.0 as usize == i);
    out.push_str("kernel @");
    push_name(out, &k.name);
    out.push('(');
    if prefix {
        let ps: Vec<String> = k.regs[..k.params.len()].iter().map(|d| p.decl(d)).collect();
        out.push_str(&ps.join(", "));
    }
    out.push_str(&format!(
        ") wave {} shared {} local {} params {}{} {{\n",
        k.wave_size,
        k.shared_bytes,
        k.local_bytes,
        k.param_bytes,
        if k.co_resident { " coresident" } else { "" }
    ));
    let first = if prefix { k.params.len() } else { 0 };
    if k.regs.len() > first {
        let ds: Vec<String> = k.regs[first..].iter().map(|d| p.decl(d)).collect();
        out.push_str("  reg ");
        out.push_str(&ds.join(", "));
        out.push('\n');
    }
    if !prefix {
        out.push_str("  param ");
        out.push_str(&p.regs(&k.params));
        out.push('\n');
    }
    for b in &k.blocks {
        push_name(out, &b.label);
        out.push_str(":\n");
        for i in &b.insts {
            out.push_str("  ");
            out.push_str(&p.inst(i));
            out.push('\n');
        }
        out.push_str("  ");
        out.push_str(&p.term(&b.term));
        if let Some(pc) = b.term_pc {
            out.push_str(&format!(" !pc {pc:#x}"));
        }
        out.push('\n');
    }
    out.push_str("}\n");
}

/// Prints a kernel in the text form.
pub fn print_kernel(k: &Kernel) -> String {
    let mut s = String::new();
    write_kernel(&mut s, k);
    s
}

/// Prints a module in the text form (kernels separated by a blank line).
pub fn print_module(m: &Module) -> String {
    let mut s = String::new();
    for (i, k) in m.kernels.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        write_kernel(&mut s, k);
    }
    s
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print_module(self))
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print_kernel(self))
    }
}

// ---------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    /// Mnemonics, keywords, numbers, bare labels.
    Word(String),
    /// `%name`
    Reg(String),
    /// `@name`
    Global(String),
    /// A quoted label.
    Str(String),
    /// Punctuation: `( ) { } [ ] , : = ! + - @`.
    P(char),
    Nl,
    Eof,
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
    col: usize,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Word(w) => format!("`{w}`"),
        Tok::Reg(n) => format!("`%{}`", name_text(n)),
        Tok::Global(n) => format!("`@{}`", name_text(n)),
        Tok::Str(s) => format!("`{}`", name_text(s)),
        Tok::P(c) => format!("`{c}`"),
        Tok::Nl => "end of line".into(),
        Tok::Eof => "end of input".into(),
    }
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Lexer {
    fn peek(&self, n: usize) -> Option<char> {
        self.chars.get(self.i + n).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.i).copied()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn err(&self, line: usize, col: usize, msg: impl Into<String>) -> ParseError {
        ParseError {
            line,
            col,
            msg: msg.into(),
        }
    }

    /// A quoted string; the opening quote is next.
    fn string(&mut self) -> Result<String, ParseError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        let mut s = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => return Err(self.err(line, col, "unterminated string")),
                Some('"') => return Ok(s),
                Some('\\') => {
                    let (el, ec) = (self.line, self.col - 1);
                    match self.bump() {
                        Some('"') => s.push('"'),
                        Some('\\') => s.push('\\'),
                        Some('n') => s.push('\n'),
                        Some('t') => s.push('\t'),
                        Some('r') => s.push('\r'),
                        Some('u') => {
                            if self.bump() != Some('{') {
                                return Err(self.err(el, ec, "expected `{` after `\\u`"));
                            }
                            let mut hex = String::new();
                            loop {
                                match self.bump() {
                                    Some('}') => break,
                                    Some(c) if c.is_ascii_hexdigit() && hex.len() < 6 => {
                                        hex.push(c)
                                    }
                                    _ => return Err(self.err(el, ec, "invalid `\\u{..}` escape")),
                                }
                            }
                            let c = u32::from_str_radix(&hex, 16)
                                .ok()
                                .and_then(char::from_u32)
                                .ok_or_else(|| self.err(el, ec, "invalid `\\u{..}` escape"))?;
                            s.push(c);
                        }
                        _ => return Err(self.err(el, ec, "invalid escape in string")),
                    }
                }
                Some(c) => s.push(c),
            }
        }
    }

    /// A name after `%` or `@`: bare or quoted.
    fn name(&mut self, sigil: char) -> Result<String, ParseError> {
        if self.peek(0) == Some('"') {
            return self.string();
        }
        let mut s = String::new();
        while let Some(c) = self.peek(0).filter(|&c| is_ident_char(c)) {
            s.push(c);
            self.bump();
        }
        if s.is_empty() {
            return Err(self.err(
                self.line,
                self.col,
                format!("expected a name after `{sigil}`"),
            ));
        }
        Ok(s)
    }

    fn word(&mut self) -> String {
        let first = self.peek(0).unwrap_or(' ');
        let second = self.peek(1).unwrap_or(' ');
        let decimal = first.is_ascii_digit()
            && !(first == '0' && matches!(second, 'x' | 'X' | 'f' | 'd' | 'h'));
        let mut s = String::new();
        while let Some(c) = self.peek(0) {
            let exp_sign = decimal
                && matches!(c, '+' | '-')
                && matches!(s.chars().last(), Some('e' | 'E'))
                && self.peek(1).is_some_and(|d| d.is_ascii_digit());
            if is_ident_char(c) || exp_sign {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    fn run(mut self) -> Result<Vec<Token>, ParseError> {
        let mut out = Vec::new();
        while let Some(c) = self.peek(0) {
            let (line, col) = (self.line, self.col);
            let tok = match c {
                '\n' => {
                    self.bump();
                    Tok::Nl
                }
                ' ' | '\t' | '\r' => {
                    self.bump();
                    continue;
                }
                ';' => {
                    while self.peek(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                    continue;
                }
                '%' => {
                    self.bump();
                    Tok::Reg(self.name('%')?)
                }
                '@' => {
                    self.bump();
                    match self.peek(0) {
                        Some(c) if c == '"' || is_ident_char(c) => Tok::Global(self.name('@')?),
                        _ => Tok::P('@'),
                    }
                }
                '"' => Tok::Str(self.string()?),
                '(' | ')' | '{' | '}' | '[' | ']' | ',' | ':' | '=' | '!' | '+' | '-' => {
                    self.bump();
                    Tok::P(c)
                }
                c if is_ident_char(c) => Tok::Word(self.word()),
                c => return Err(self.err(line, col, format!("unexpected character {c:?}"))),
            };
            out.push(Token { tok, line, col });
        }
        out.push(Token {
            tok: Tok::Eof,
            line: self.line,
            col: self.col,
        });
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------

fn parse_hex_digits(h: &str) -> Result<u64, String> {
    if h.is_empty() || !h.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err("invalid hex digits".into());
    }
    u64::from_str_radix(h, 16).map_err(|_| "hex literal does not fit in 64 bits".into())
}

/// An unsigned integer word: decimal or `0x` hex.
fn parse_uint(w: &str) -> Result<u64, String> {
    if let Some(h) = w.strip_prefix("0x").or_else(|| w.strip_prefix("0X")) {
        return parse_hex_digits(h).map_err(|e| format!("{e} in `{w}`"));
    }
    if w.is_empty() || !w.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("invalid integer `{w}`"));
    }
    w.parse::<u64>()
        .map_err(|_| format!("integer `{w}` does not fit in 64 bits"))
}

/// Negates magnitude `mag` as a value of `ty`, with a range check.
fn neg_int(mag: u64, ty: Type, w: &str) -> Result<u64, String> {
    let limit = 1u64 << (ty.bits().max(1) - 1);
    if mag > limit {
        return Err(format!("immediate `-{w}` is out of range for {ty}"));
    }
    Ok(mag.wrapping_neg() & ty.mask())
}

/// An immediate word (with its sign, if any) read as an operand of type `ty`.
fn parse_imm(sign: Option<char>, w: &str, ty: Type) -> Result<u64, String> {
    let neg = sign == Some('-');
    if let Some(h) = w.strip_prefix("0x").or_else(|| w.strip_prefix("0X")) {
        let v = parse_hex_digits(h).map_err(|e| format!("{e} in `{w}`"))?;
        if !neg {
            return Ok(v);
        }
        if ty.is_float() {
            return Err(format!(
                "a float operand cannot be a negated hex literal `-{w}`"
            ));
        }
        return neg_int(v, ty, w);
    }
    for (prefix, width) in [("0f", 32u32), ("0d", 64), ("0h", 16)] {
        if let Some(h) = w.strip_prefix(prefix) {
            let v = parse_hex_digits(h).map_err(|e| format!("{e} in `{w}`"))?;
            if sign.is_some() {
                return Err(format!(
                    "a sign is not allowed before the bit literal `{w}`"
                ));
            }
            let fits = if width == 64 {
                true
            } else {
                v < (1u64 << width)
            };
            if !fits {
                return Err(format!("bit literal `{w}` has more than {width} bits"));
            }
            let ok = if ty.is_float() {
                ty.bits() == width
            } else {
                v <= ty.mask()
            };
            if !ok {
                return Err(format!(
                    "bit literal `{w}` ({width} bits) does not fit an operand of type {ty}"
                ));
            }
            return Ok(v);
        }
    }
    if ty.is_float() {
        let text = if neg { format!("-{w}") } else { w.to_string() };
        return parse_float_dec(&text, ty).ok_or_else(|| format!("invalid {ty} literal `{text}`"));
    }
    if w.is_empty() || !w.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("invalid {ty} immediate `{w}`"));
    }
    let v = w
        .parse::<u64>()
        .map_err(|_| format!("immediate `{w}` is out of range for {ty}"))?;
    if neg {
        neg_int(v, ty, w)
    } else if v > ty.mask() {
        Err(format!("immediate `{w}` is out of range for {ty}"))
    } else {
        Ok(v)
    }
}

// ---------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------

/// A label reference, resolved when the kernel is complete.
#[derive(Debug, Clone)]
struct LabelRef {
    name: String,
    line: usize,
    col: usize,
}

enum PTerm {
    Br(LabelRef),
    BrCond(Reg, LabelRef, LabelRef),
    Switch(Reg, Vec<LabelRef>, LabelRef),
    Call(LabelRef, LabelRef),
    Ret,
    Exit,
    Trap,
}

enum Stmt {
    Inst(Inst),
    Term(PTerm, Option<u64>),
}

struct PBlock {
    label: String,
    insts: Vec<Inst>,
    term: Option<(PTerm, Option<u64>)>,
}

/// Declared registers of the kernel being parsed.
#[derive(Default)]
struct Regs {
    decls: Vec<RegDecl>,
    by_name: HashMap<String, u32>,
}

impl Regs {
    fn ty(&self, r: Reg) -> Type {
        self.decls.get(r.0 as usize).map_or(Type::I64, |d| d.ty)
    }
}

/// The dotted parts of a mnemonic.
struct Mn<'a> {
    text: &'a str,
    parts: Vec<&'a str>,
    i: usize,
    line: usize,
    col: usize,
}

impl<'a> Mn<'a> {
    fn err(&self, msg: impl fmt::Display) -> ParseError {
        ParseError {
            line: self.line,
            col: self.col,
            msg: format!("`{}`: {msg}", self.text),
        }
    }

    fn peek(&self) -> Option<&'a str> {
        self.parts.get(self.i).copied()
    }

    fn next(&mut self, what: &str) -> Result<&'a str, ParseError> {
        match self.peek() {
            Some(p) => {
                self.i += 1;
                Ok(p)
            }
            None => Err(self.err(format_args!("expected {what}"))),
        }
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.peek() == Some(s) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn opt<T>(&mut self, f: impl Fn(&str) -> Option<T>) -> Option<T> {
        let v = f(self.peek()?)?;
        self.i += 1;
        Some(v)
    }

    fn get<T>(&mut self, what: &str, f: impl Fn(&str) -> Option<T>) -> Result<T, ParseError> {
        let p = self.next(what)?;
        f(p).ok_or_else(|| self.err(format_args!("expected {what}, found `{p}`")))
    }

    fn end(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(p) => Err(self.err(format_args!("unexpected `.{p}`"))),
        }
    }
}

fn parse_vn(s: &str) -> Option<u8> {
    let d = s.strip_prefix('v')?;
    if d.is_empty() || !d.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    d.parse().ok()
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn peek_n(&self, n: usize) -> &Token {
        let last = self.toks.len().saturating_sub(1);
        &self.toks[(self.pos + n).min(last)]
    }

    fn peek(&self) -> &Token {
        self.peek_n(0)
    }

    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn err_tok(t: &Token, msg: impl Into<String>) -> ParseError {
        ParseError {
            line: t.line,
            col: t.col,
            msg: msg.into(),
        }
    }

    fn err_here(&self, msg: impl Into<String>) -> ParseError {
        Self::err_tok(self.peek(), msg)
    }

    fn unexpected(&self, expected: &str) -> ParseError {
        self.err_here(format!(
            "expected {expected}, found {}",
            describe(&self.peek().tok)
        ))
    }

    fn is_p(&self, c: char) -> bool {
        self.peek().tok == Tok::P(c)
    }

    fn eat_p(&mut self, c: char) -> bool {
        if self.is_p(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_p(&mut self, c: char) -> Result<(), ParseError> {
        if self.eat_p(c) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("`{c}`")))
        }
    }

    fn skip_nl(&mut self) {
        while self.peek().tok == Tok::Nl {
            self.bump();
        }
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(&self.peek().tok, Tok::Word(x) if x == w)
    }

    fn word(&mut self, what: &str) -> Result<(String, Token), ParseError> {
        match &self.peek().tok {
            Tok::Word(w) => {
                let w = w.clone();
                Ok((w, self.bump()))
            }
            _ => Err(self.unexpected(what)),
        }
    }

    fn uint(&mut self, what: &str) -> Result<u64, ParseError> {
        let (w, t) = self.word(what)?;
        parse_uint(&w).map_err(|e| Self::err_tok(&t, e))
    }

    fn u32(&mut self, what: &str) -> Result<u32, ParseError> {
        let t = self.peek().clone();
        let v = self.uint(what)?;
        u32::try_from(v).map_err(|_| Self::err_tok(&t, format!("{what} does not fit in 32 bits")))
    }

    fn reg(&mut self, regs: &Regs) -> Result<Reg, ParseError> {
        match &self.peek().tok {
            Tok::Reg(n) => match regs.by_name.get(n) {
                Some(&i) => {
                    self.bump();
                    Ok(Reg(i))
                }
                None => Err(self.err_here(format!("undeclared register `%{}`", name_text(n)))),
            },
            _ => Err(self.unexpected("a register")),
        }
    }

    fn label_ref(&mut self) -> Result<LabelRef, ParseError> {
        let t = self.peek().clone();
        match t.tok {
            Tok::Word(name) | Tok::Str(name) => {
                self.bump();
                Ok(LabelRef {
                    name,
                    line: t.line,
                    col: t.col,
                })
            }
            _ => Err(self.unexpected("a block label")),
        }
    }

    fn operand(&mut self, regs: &Regs, ty: Type) -> Result<Operand, ParseError> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::Reg(_) => self.reg(regs).map(Operand::Reg),
            Tok::P(c @ ('-' | '+')) => {
                let c = *c;
                self.bump();
                let (w, _) = self.word("a number after the sign")?;
                parse_imm(Some(c), &w, ty)
                    .map(Operand::Imm)
                    .map_err(|e| Self::err_tok(&t, e))
            }
            Tok::Word(w) => {
                let w = w.clone();
                self.bump();
                parse_imm(None, &w, ty)
                    .map(Operand::Imm)
                    .map_err(|e| Self::err_tok(&t, e))
            }
            _ => Err(self.unexpected("an operand (register or immediate)")),
        }
    }

    /// `, operand`
    fn next_operand(&mut self, regs: &Regs, ty: Type) -> Result<Operand, ParseError> {
        self.expect_p(',')?;
        self.operand(regs, ty)
    }

    /// An optional `+N` / `-N` address offset.
    fn offset(&mut self) -> Result<i64, ParseError> {
        let neg = if self.eat_p('+') {
            false
        } else if self.eat_p('-') {
            true
        } else {
            return Ok(0);
        };
        let t = self.peek().clone();
        let mag = self.uint("an address offset")?;
        let v = if neg {
            if mag > 1u64 << 63 {
                None
            } else {
                Some((mag as i64).wrapping_neg())
            }
        } else {
            i64::try_from(mag).ok()
        };
        v.ok_or_else(|| Self::err_tok(&t, "address offset out of the 64-bit signed range"))
    }

    fn address(&mut self, regs: &Regs, space: Space) -> Result<Address, ParseError> {
        self.expect_p('[')?;
        let base = self.operand(regs, flat_base_type(space))?;
        if self.is_p(',') {
            if let Tok::Word(w) = &self.peek_n(1).tok {
                if let Some(dim) = SurfDim::ALL.into_iter().find(|d| d.name() == w) {
                    self.bump();
                    self.bump();
                    self.expect_p(',')?;
                    let (w, t) = self.word("a surface mode (ign, trap, clamp)")?;
                    let oob = SurfOob::ALL
                        .into_iter()
                        .find(|o| o.name() == w)
                        .ok_or_else(|| {
                            Self::err_tok(
                                &t,
                                format!("unknown surface mode `{w}` (ign, trap, clamp)"),
                            )
                        })?;
                    let x = self.next_operand(regs, Type::I32)?;
                    let y = self.next_operand(regs, Type::I32)?;
                    let z = self.next_operand(regs, Type::I32)?;
                    self.expect_p(']')?;
                    return Ok(Address::Surface(SurfaceAddr {
                        desc: base,
                        dim,
                        oob,
                        x,
                        y,
                        z,
                    }));
                }
            }
        }
        if self.eat_p(',') {
            let size = self.operand(regs, Type::I64)?;
            let offset = self.next_operand(regs, Type::I32)?;
            let imm = self.offset()?;
            self.expect_p(']')?;
            Ok(Address::Buffer(BufferAddr {
                base,
                size,
                offset,
                imm,
            }))
        } else {
            let offset = self.offset()?;
            self.expect_p(']')?;
            Ok(Address::Flat { base, offset })
        }
    }

    fn pc(&mut self) -> Result<Option<u64>, ParseError> {
        if !self.eat_p('!') {
            return Ok(None);
        }
        let (w, t) = self.word("`pc`")?;
        if w != "pc" {
            return Err(Self::err_tok(&t, format!("expected `pc`, found `{w}`")));
        }
        self.uint("a pc value").map(Some)
    }

    fn end_line(&mut self) -> Result<(), ParseError> {
        match self.peek().tok {
            Tok::Nl => {
                self.bump();
                Ok(())
            }
            Tok::P('}') | Tok::Eof => Ok(()),
            _ => Err(self.unexpected("end of line")),
        }
    }

    /// One instruction or terminator line.
    fn stmt(&mut self, regs: &Regs) -> Result<Stmt, ParseError> {
        let mut guard = None;
        if self.eat_p('@') {
            let negate = self.eat_p('!');
            let reg = self.reg(regs)?;
            guard = Some(Guard { reg, negate });
        }
        let mut dsts = Vec::new();
        if matches!(self.peek().tok, Tok::Reg(_)) {
            loop {
                dsts.push(self.reg(regs)?);
                if !self.eat_p(',') {
                    break;
                }
            }
            self.expect_p('=')?;
        }
        let (m, mt) = self.word("an instruction mnemonic")?;
        let mut mn = Mn {
            text: &m,
            parts: m.split('.').collect(),
            i: 1,
            line: mt.line,
            col: mt.col,
        };
        let head = mn.parts.first().copied().unwrap_or("");
        if matches!(
            head,
            "br" | "brc" | "switch" | "call" | "ret" | "exit" | "trap"
        ) {
            if guard.is_some() {
                return Err(mn.err("a terminator cannot be guarded"));
            }
            if !dsts.is_empty() {
                return Err(mn.err("a terminator has no destination"));
            }
            mn.end()?;
            let t = match head {
                "br" => PTerm::Br(self.label_ref()?),
                "brc" => {
                    let c = self.reg(regs)?;
                    self.expect_p(',')?;
                    let a = self.label_ref()?;
                    self.expect_p(',')?;
                    PTerm::BrCond(c, a, self.label_ref()?)
                }
                "switch" => {
                    let i = self.reg(regs)?;
                    self.expect_p(',')?;
                    self.expect_p('[')?;
                    let mut ts = Vec::new();
                    if !self.is_p(']') {
                        loop {
                            ts.push(self.label_ref()?);
                            if !self.eat_p(',') {
                                break;
                            }
                        }
                    }
                    self.expect_p(']')?;
                    self.expect_p(',')?;
                    PTerm::Switch(i, ts, self.label_ref()?)
                }
                "call" => {
                    let t = self.label_ref()?;
                    self.expect_p(',')?;
                    PTerm::Call(t, self.label_ref()?)
                }
                "ret" => PTerm::Ret,
                "exit" => PTerm::Exit,
                _ => PTerm::Trap,
            };
            let pc = self.pc()?;
            self.end_line()?;
            return Ok(Stmt::Term(t, pc));
        }
        let op = ops::Parse::op(self, regs, &mut mn, head, &dsts)?;
        let pc = self.pc()?;
        self.end_line()?;
        Ok(Stmt::Inst(Inst { guard, op, pc }))
    }

    /// `%name: type`, declared into `regs`.
    fn decl(&mut self, regs: &mut Regs) -> Result<Reg, ParseError> {
        let t = self.peek().clone();
        let Tok::Reg(name) = t.tok.clone() else {
            return Err(self.unexpected("a register name"));
        };
        self.bump();
        self.expect_p(':')?;
        let (w, wt) = self.word("a type")?;
        let ty =
            Type::from_name(&w).ok_or_else(|| Self::err_tok(&wt, format!("unknown type `{w}`")))?;
        if regs.by_name.contains_key(&name) {
            return Err(Self::err_tok(
                &t,
                format!("register `%{}` declared twice", name_text(&name)),
            ));
        }
        let idx =
            u32::try_from(regs.decls.len()).map_err(|_| Self::err_tok(&t, "too many registers"))?;
        regs.by_name.insert(name.clone(), idx);
        regs.decls.push(RegDecl { name, ty });
        Ok(Reg(idx))
    }

    fn kernel(&mut self) -> Result<Kernel, ParseError> {
        if !self.is_word("kernel") {
            return Err(self.unexpected("`kernel`"));
        }
        self.bump();
        let name = match &self.peek().tok {
            Tok::Global(n) => n.clone(),
            _ => return Err(self.unexpected("a kernel name `@name`")),
        };
        self.bump();
        let mut k = Kernel::new(name);
        let mut regs = Regs::default();
        self.expect_p('(')?;
        self.skip_nl();
        if !self.is_p(')') {
            loop {
                self.skip_nl();
                let r = self.decl(&mut regs)?;
                k.params.push(r);
                self.skip_nl();
                if !self.eat_p(',') {
                    break;
                }
            }
        }
        self.expect_p(')')?;
        let mut seen: Vec<String> = Vec::new();
        while let Tok::Word(w) = &self.peek().tok {
            let w = w.clone();
            if !matches!(w.as_str(), "wave" | "shared" | "local" | "params") {
                break;
            }
            if seen.contains(&w) {
                return Err(self.err_here(format!("`{w}` given twice")));
            }
            self.bump();
            let v = self.u32(&format!("a number after `{w}`"))?;
            match w.as_str() {
                "wave" => k.wave_size = v,
                "shared" => k.shared_bytes = v,
                "local" => k.local_bytes = v,
                _ => k.param_bytes = v,
            }
            seen.push(w);
        }
        if matches!(&self.peek().tok, Tok::Word(w) if w == "coresident") {
            self.bump();
            k.co_resident = true;
        }
        self.expect_p('{')?;
        let mut blocks: Vec<PBlock> = Vec::new();
        let mut labels: HashSet<String> = HashSet::new();
        loop {
            self.skip_nl();
            let t = self.peek().clone();
            let next = self.peek_n(1).tok.clone();
            match (&t.tok, &next) {
                (Tok::P('}'), _) => {
                    self.bump();
                    break;
                }
                (Tok::Eof, _) => return Err(self.err_here("unexpected end of input: missing `}`")),
                (Tok::Word(l) | Tok::Str(l), Tok::P(':')) => {
                    if let Some(b) = blocks.last().filter(|b| b.term.is_none()) {
                        return Err(Self::err_tok(
                            &t,
                            format!(
                                "block `{}` does not end with a terminator",
                                name_text(&b.label)
                            ),
                        ));
                    }
                    if !labels.insert(l.clone()) {
                        return Err(Self::err_tok(
                            &t,
                            format!("label `{}` defined twice", name_text(l)),
                        ));
                    }
                    blocks.push(PBlock {
                        label: l.clone(),
                        insts: Vec::new(),
                        term: None,
                    });
                    self.bump();
                    self.bump();
                }
                (Tok::Word(w), Tok::Reg(_)) if w == "reg" || w == "param" => {
                    if !blocks.is_empty() {
                        return Err(Self::err_tok(
                            &t,
                            format!("`{w}` lines must come before the first block"),
                        ));
                    }
                    let is_reg = w == "reg";
                    self.bump();
                    loop {
                        if is_reg {
                            self.decl(&mut regs)?;
                        } else {
                            let r = self.reg(&regs)?;
                            k.params.push(r);
                        }
                        if !self.eat_p(',') {
                            break;
                        }
                    }
                    self.end_line()?;
                }
                _ => {
                    let Some(b) = blocks.last_mut().filter(|b| b.term.is_none()) else {
                        let msg = match blocks.last() {
                            Some(b) => format!(
                                "instruction after the terminator of block `{}` (missing label?)",
                                name_text(&b.label)
                            ),
                            None => "instruction outside a block (missing label?)".to_string(),
                        };
                        return Err(Self::err_tok(&t, msg));
                    };
                    match self.stmt(&regs)? {
                        Stmt::Inst(i) => b.insts.push(i),
                        Stmt::Term(term, pc) => b.term = Some((term, pc)),
                    }
                }
            }
        }
        // Resolve labels.
        let ids: HashMap<&str, BlockId> = blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (b.label.as_str(), BlockId(i as u32)))
            .collect();
        let res = |l: &LabelRef| -> Result<BlockId, ParseError> {
            ids.get(l.name.as_str()).copied().ok_or_else(|| ParseError {
                line: l.line,
                col: l.col,
                msg: format!("unknown label `{}`", name_text(&l.name)),
            })
        };
        let mut out = Vec::with_capacity(blocks.len());
        for b in &blocks {
            let Some((t, pc)) = &b.term else {
                let t = self
                    .toks
                    .get(self.pos.saturating_sub(1))
                    .unwrap_or(self.peek());
                return Err(Self::err_tok(
                    t,
                    format!(
                        "block `{}` does not end with a terminator",
                        name_text(&b.label)
                    ),
                ));
            };
            let term = match t {
                PTerm::Br(l) => Term::Br(res(l)?),
                PTerm::BrCond(c, a, e) => Term::BrCond {
                    cond: *c,
                    then_: res(a)?,
                    else_: res(e)?,
                },
                PTerm::Switch(i, ts, d) => Term::Switch {
                    index: *i,
                    targets: ts.iter().map(res).collect::<Result<_, _>>()?,
                    default: res(d)?,
                },
                PTerm::Call(t, r) => Term::Call {
                    target: res(t)?,
                    ret: res(r)?,
                },
                PTerm::Ret => Term::Ret,
                PTerm::Exit => Term::Exit,
                PTerm::Trap => Term::Trap,
            };
            out.push(Block {
                label: b.label.clone(),
                insts: b.insts.clone(),
                term,
                term_pc: *pc,
            });
        }
        k.regs = regs.decls;
        k.blocks = out;
        Ok(k)
    }
}

/// Checks the optional `.TY` of `vote`/`activemask` against the destination.
fn check_dst_type(mn: &Mn<'_>, regs: &Regs, dst: Reg, ty: Option<Type>) -> Result<(), ParseError> {
    match ty {
        Some(t) if t != regs.ty(dst) => Err(mn.err(format_args!(
            "the type suffix is {t} but the destination is {}",
            regs.ty(dst)
        ))),
        _ => Ok(()),
    }
}

/// Parses a module (any number of kernels).
pub fn parse_module(src: &str) -> Result<Module, ParseError> {
    let toks = Lexer {
        chars: src.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
    }
    .run()?;
    let mut p = Parser { toks, pos: 0 };
    let mut m = Module::default();
    loop {
        p.skip_nl();
        if p.peek().tok == Tok::Eof {
            break;
        }
        m.kernels.push(p.kernel()?);
    }
    Ok(m)
}

/// Parses a module that holds exactly one kernel.
pub fn parse_kernel(src: &str) -> Result<Kernel, ParseError> {
    let mut m = parse_module(src)?;
    match m.kernels.len() {
        1 => Ok(m.kernels.remove(0)),
        n => Err(ParseError {
            line: 1,
            col: 1,
            msg: format!("expected exactly one kernel, found {n}"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inst::{AtomOp, VoteMode};
    use crate::op;
    use crate::verify::verify_module;

    const SAMPLE: &str = r#"
; a sample covering the text form
kernel @saxpy(%x: i64, %y: i64, %a: f32, %n: i32) wave 32 shared 64 local 16 params 0 {
  reg %i: i32, %p: i1, %off: i64, %v: f32, %w: f32, %old: f32, %cmp: i64, %new: i64
  reg %a0: i32, %a1: i32, %a2: i32, %a3: i32, %h: i16, %base: i64, %size: i32, %voff: i32
  reg %b: i32, %u: i64, %s: i32, %ok: i1, %lane: i32, %m: i64, %q: i1, %am: i64, %f: i32
  reg %r: f32, %c: i32, %l: i32, %old64: i64
entry:
  %i = special.tid.x
  %p = icmp.uge.i32 %i, %n
  brc %p, done, body
body:
  %off = cvt.zext.i64.i32 %i
  %off = shl.i64 %off, 2
  %off = add.i64 %off, %x
  %v = ld.global.b32 [%off]
  %v = fma.f32 %v, %a, 1.5        ; float immediate
  @!%p st.global.b32 [%off+8], %v
  %old = atom.global.fadd.f32.device.relaxed [%off], %v
  atom.shared.add.b32.workgroup.relaxed [0x10], 1
  %old64 = atom.global.cas.b64.system.seq_cst [%off], %cmp, %new
  %a0, %a1, %a2, %a3 = ld.global.v4.b32 [%off-16]
  %h = ld.global.acquire.device.u16 [%off]
  %b = ld.buffer.b32 [%base, %size, %voff+4]
  %u = ld.uniform.global.b64 [%off]
  fence.device.acq_rel
  barrier
  %s, %ok = shfl.i32 %f, %lane
  %m = vote.ballot.i64 %p
  %q = vote.any %p
  %am = activemask.i64
  %f = readfirstlane.i32 %s
  %r = fadd.rz.ftz.f32 %a, %w
  %c = cvt.ftos.rz.sat.i32.f32 %v
  %l = lop3.i32 %a0, %b, %c, 0x96 !pc 0x1a0
  br done !pc 0x1b0
done:
  exit
}
"#;

    fn roundtrip(m: &Module) {
        let text = print_module(m);
        let back = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&back, m, "\n{text}");
    }

    #[test]
    fn sample_parses_verifies_and_roundtrips() {
        let m = parse_module(SAMPLE).unwrap();
        verify_module(&m).unwrap();
        let k = &m.kernels[0];
        assert_eq!(k.name, "saxpy");
        assert_eq!(k.params, vec![Reg(0), Reg(1), Reg(2), Reg(3)]);
        assert_eq!((k.shared_bytes, k.local_bytes), (64, 16));
        assert_eq!(k.blocks.len(), 3);
        let body = &k.blocks[1];
        assert_eq!(
            body.insts[4].op,
            Op::Fma(op::Fma {
                ty: Type::F32,
                ftz: false,
                dst: Reg(7),
                a: Operand::Reg(Reg(7)),
                b: Operand::Reg(Reg(2)),
                c: Operand::Imm(1.5f32.to_bits() as u64),
            })
        );
        assert_eq!(
            body.insts[5].guard,
            Some(Guard {
                reg: Reg(5),
                negate: true
            })
        );
        assert_eq!(body.insts.last().unwrap().pc, Some(0x1a0));
        assert_eq!(body.term_pc, Some(0x1b0));
        assert_eq!(body.term, Term::Br(BlockId(2)));
        match &body.insts[7].op {
            Op::Atomic(op::Atomic {
                dst: None,
                src: Operand::Imm(1),
                addr:
                    Address::Flat {
                        base: Operand::Imm(0x10),
                        offset: 0,
                    },
                ..
            }) => {}
            o => panic!("{o:?}"),
        }
        match &body.insts[8].op {
            Op::Atomic(op::Atomic {
                op: AtomOp::Cas,
                cmp: Some(Operand::Reg(c)),
                src: Operand::Reg(n),
                ..
            }) => assert_eq!(
                (
                    k.regs[c.0 as usize].name.as_str(),
                    k.regs[n.0 as usize].name.as_str()
                ),
                ("cmp", "new")
            ),
            o => panic!("{o:?}"),
        }
        roundtrip(&m);
        // The printed form is stable.
        let t1 = print_module(&m);
        assert_eq!(print_module(&parse_module(&t1).unwrap()), t1);
    }

    /// Parses `src`, checks that the last operand of each instruction in
    /// its first block is the immediate `want` gives, and that the module
    /// round-trips; its printed text.
    fn imms_roundtrip(src: &str, want: &[u64]) -> String {
        let k = parse_kernel(src).unwrap();
        let imms: Vec<u64> = k.blocks[0]
            .insts
            .iter()
            .map(|i| match i.op.uses().last() {
                Some(Operand::Imm(v)) => *v,
                o => panic!("{o:?}"),
            })
            .collect();
        assert_eq!(imms, want);
        let m = Module { kernels: vec![k] };
        roundtrip(&m);
        print_module(&m)
    }

    /// `coresident` after the sizes marks [`Kernel::co_resident`]; it is
    /// printed only when set, so other kernels' text is unchanged.
    #[test]
    fn coresident_roundtrips() {
        let src = "kernel @k() wave 32 shared 0 local 0 params 8 coresident {\ne:\n  exit\n}\n";
        let m = parse_module(src).unwrap();
        assert!(m.kernels[0].co_resident);
        assert_eq!(print_module(&m), src);
        let plain = src.replace(" coresident", "");
        let m = parse_module(&plain).unwrap();
        assert!(!m.kernels[0].co_resident);
        assert_eq!(print_module(&m), plain);
    }

    #[test]
    fn integer_immediates() {
        let src = "kernel @k() {\n reg %x: i32, %y: i8, %z: i64, %p: i1\ne:\n %x = add.i32 %x, -1\n %y = mov.i8 -128\n %y = mov.i8 255\n %z = mov.i64 -9223372036854775808\n %z = mov.i64 0xffffffffffffffff\n %x = mov.i32 0x1ffffffff\n %p = mov.i1 1\n %p = mov.i1 -1\n %x = mov.i32 -0x10\n exit\n}";
        let text = imms_roundtrip(
            src,
            &[
                0xffff_ffff,
                0x80,
                0xff,
                1 << 63,
                u64::MAX,
                0x1_ffff_ffff,
                1,
                1,
                0xffff_fff0,
            ],
        );
        assert!(text.contains("add.i32 %x, -1"), "{text}");
        assert!(text.contains("mov.i32 0x1ffffffff"), "{text}");
        for bad in [
            "%y = mov.i8 256",
            "%y = mov.i8 -129",
            "%x = mov.i32 1.5",
            "%x = mov.i32 0x",
            "%x = mov.i32 12a",
            "%z = mov.i64 18446744073709551616",
        ] {
            let src =
                format!("kernel @k() {{\n reg %x: i32, %y: i8, %z: i64\ne:\n {bad}\n exit\n}}");
            let e = parse_module(&src).unwrap_err();
            assert_eq!(e.line, 4, "{bad}: {e}");
        }
    }

    #[test]
    fn float_immediates() {
        let src = "kernel @k() {\n reg %f: f32, %d: f64, %h: f16, %b: bf16\ne:\n %f = mov.f32 1.5\n %f = mov.f32 -0.0\n %f = mov.f32 0f7fc00001\n %f = mov.f32 1e-45\n %d = mov.f64 0.1\n %d = mov.f64 0d7ff0000000000000\n %h = mov.f16 1.5\n %h = mov.f16 0h7c00\n %b = mov.bf16 -2\n %f = mov.f32 3\n %f = mov.f32 0x3f800000\n exit\n}";
        let text = imms_roundtrip(
            src,
            &[
                0x3fc0_0000,
                0x8000_0000,
                0x7fc0_0001,
                1,
                0.1f64.to_bits(),
                0x7ff0_0000_0000_0000,
                0x3e00,
                0x7c00,
                0xc000,
                0x4040_0000,
                0x3f80_0000,
            ],
        );
        for want in [
            "mov.f32 1.5",
            "mov.f32 -0.0",
            "mov.f32 0f7fc00001",
            "mov.f64 0.1",
            "0d7ff0000000000000",
            "mov.f16 1.5",
            "mov.f16 0h7c00",
            "mov.bf16 -2.0",
            "mov.f32 1.0",
        ] {
            assert!(text.contains(want), "{want}\n{text}");
        }
        for bad in [
            "%f = mov.f32 0d3ff0000000000000",
            "%f = mov.f32 -0f3f800000",
            "%f = mov.f32 abc",
            "%f = mov.f32 0f1ffffffff",
        ] {
            let src = format!("kernel @k() {{\n reg %f: f32\ne:\n {bad}\n exit\n}}");
            assert!(parse_module(&src).is_err(), "{bad}");
        }
    }

    /// The printed immediate `v` of type `ty` parses back to `v`.
    fn assert_immediate_roundtrips(v: u64, ty: Type) {
        let s = imm_text(v, ty);
        let (sign, w) = match s.strip_prefix('-') {
            Some(w) => (Some('-'), w),
            None => (None, s.as_str()),
        };
        assert_eq!(parse_imm(sign, w, ty), Ok(v), "{ty} {v:#x} {s}");
    }

    #[test]
    fn every_float_bit_pattern_of_16_bits_roundtrips() {
        for ty in [Type::F16, Type::BF16] {
            for v in 0..=0xffffu64 {
                assert_immediate_roundtrips(v, ty);
            }
        }
    }

    #[test]
    fn float_immediate_samples_roundtrip() {
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..20000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for (ty, v) in [(Type::F32, x & 0xffff_ffff), (Type::F64, x)] {
                assert_immediate_roundtrips(v, ty);
            }
            for ty in [Type::I8, Type::I16, Type::I32, Type::I64, Type::I1] {
                for v in [x, x & ty.mask(), (x & 0xffff) & ty.mask()] {
                    assert_immediate_roundtrips(v, ty);
                }
            }
        }
    }

    #[test]
    fn params_not_first_and_quoted_names() {
        let mut k = Kernel::new("weird name\"\\\n\u{1}é");
        let a = k.reg("a", Type::I32);
        let b = k.reg("", Type::I64);
        let c = k.reg("x y", Type::F32);
        k.params = vec![c, a];
        k.blocks.push(Block {
            label: "entry block".into(),
            insts: vec![Inst::new(Op::Mov {
                ty: Type::I64,
                dst: b,
                src: Operand::Imm(3),
            })],
            term: Term::Br(BlockId(1)),
            term_pc: None,
        });
        k.blocks.push(Block {
            label: "1e".into(),
            insts: vec![],
            term: Term::Exit,
            term_pc: Some(0),
        });
        let m = Module { kernels: vec![k] };
        verify_module(&m).unwrap();
        roundtrip(&m);
        let text = print_module(&m);
        assert!(text.contains("param %\"x y\", %a"), "{text}");
    }

    #[test]
    fn surface_addresses_round_trip() {
        let src = "kernel @k(%s: i64) {\n reg %v: i32, %x: i32, %y: i32\ne:\n %v = ld.surface.b32 [%s, 2d, clamp, %x, %y, 0]\n st.surface.b32 [%s, 3d, trap, %x, %y, 7], %v\n %v = atom.surface.add.b32.device.relaxed [%s, 1darray, ign, %x, 0, %y], 1\n exit\n}";
        let m = parse_module(src).unwrap();
        verify_module(&m).unwrap();
        roundtrip(&m);
        let k = &m.kernels[0];
        match &k.blocks[0].insts[0].op {
            Op::Load(op::Load {
                addr: Address::Surface(SurfaceAddr { dim, oob, z, .. }),
                ..
            }) => {
                assert_eq!(
                    (*dim, *oob, *z),
                    (SurfDim::D2, SurfOob::Clamp, Operand::Imm(0))
                );
            }
            other => panic!("{other:?}"),
        }
        // A surface address outside the surface space, and the reverse, are rejected.
        let bad = src.replace("ld.surface.b32 [%s, 2d", "ld.global.b32 [%s, 2d");
        assert!(
            parse_module(&bad).is_err() || verify_module(&parse_module(&bad).unwrap()).is_err()
        );
        let bad = src.replace("[%s, 2d, clamp, %x, %y, 0]", "[%s]");
        assert!(verify_module(&parse_module(&bad).unwrap()).is_err());
    }

    #[test]
    fn addresses() {
        let src = "kernel @k(%p: i64) {\n reg %v: i32, %o: i32\ne:\n %v = ld.global.b32 [%p-0x10]\n %v = ld.shared.b32 [%o+2147483648]\n %v = ld.global.b32 [%p-9223372036854775808]\n %v = ld.shared.b32 [128]\n %v = ld.buffer.b32 [%p, 64, %o-4]\n %v = ld.buffer.b32 [0x1000, %o, 0]\n exit\n}";
        let k = parse_kernel(src).unwrap();
        let addrs: Vec<Address> = k.blocks[0]
            .insts
            .iter()
            .map(|i| match &i.op {
                Op::Load(op::Load { addr, .. }) => *addr,
                _ => panic!(),
            })
            .collect();
        assert_eq!(
            addrs[..4],
            [
                Address::Flat {
                    base: Operand::Reg(Reg(0)),
                    offset: -16
                },
                Address::Flat {
                    base: Operand::Reg(Reg(2)),
                    offset: 2147483648
                },
                Address::Flat {
                    base: Operand::Reg(Reg(0)),
                    offset: i64::MIN
                },
                Address::Flat {
                    base: Operand::Imm(128),
                    offset: 0
                },
            ]
        );
        assert_eq!(
            addrs[4],
            Address::Buffer(BufferAddr {
                base: Operand::Reg(Reg(0)),
                size: Operand::Imm(64),
                offset: Operand::Reg(Reg(2)),
                imm: -4
            })
        );
        roundtrip(&Module { kernels: vec![k] });
        assert!(
            parse_module(&src.replace("-9223372036854775808", "-9223372036854775809")).is_err()
        );
    }

    fn err_of(src: &str) -> ParseError {
        parse_module(src).expect_err(src)
    }

    #[test]
    fn errors_have_positions() {
        let e = err_of("kernel @k() {\ne:\n  %x = mov.i32 1\n  exit\n}");
        assert_eq!((e.line, e.col), (3, 3), "{e}");
        assert!(e.msg.contains("undeclared register"), "{e}");
        assert_eq!(e.to_string(), format!("line 3, col 3: {}", e.msg));

        let e = err_of("kernel @k() {\n reg %x: i32\ne:\n  %x = frob.i32 %x\n  exit\n}");
        assert_eq!((e.line, e.col), (4, 8), "{e}");
        assert!(e.msg.contains("unknown instruction"), "{e}");

        let e = err_of("kernel @k() {\ne:\n  br nowhere\n}");
        assert_eq!((e.line, e.col), (3, 6), "{e}");
        assert!(e.msg.contains("unknown label"), "{e}");

        let e = err_of("kernel @k() {\ne:\n  barrier\n}");
        assert!(e.msg.contains("terminator"), "{e}");

        let e = err_of("kernel @k() {\ne:\n  exit\n  barrier\n}");
        assert_eq!(e.line, 4, "{e}");

        let e = err_of("kernel @k() {\n  barrier\ne:\n  exit\n}");
        assert!(e.msg.contains("outside a block"), "{e}");

        let e = err_of("kernel @k() {\ne:\n  exit\ne:\n  exit\n}");
        assert!(e.msg.contains("defined twice"), "{e}");

        let e = err_of("kernel @k() {\n reg %x: i32, %x: i64\ne:\n  exit\n}");
        assert!(e.msg.contains("declared twice"), "{e}");

        let e = err_of("kernel @k() {\ne:\n  exit\n");
        assert!(e.msg.contains("missing `}`"), "{e}");

        let e = err_of("kernel @k() {\ne:\n  exit # \n}");
        assert_eq!((e.line, e.col), (3, 8), "{e}");

        let e = err_of("kernel @\"k() {\n}");
        assert!(e.msg.contains("unterminated"), "{e}");

        let e = err_of("kernel @k() {\n reg %x: i32\ne:\n  %x = add.i32 %x %x\n  exit\n}");
        assert!(e.msg.contains("expected `,`"), "{e}");

        let e = err_of(
            "kernel @k() {\n reg %x: i32, %m: i64\ne:\n  %m = vote.ballot.i32 %x\n  exit\n}",
        );
        assert!(e.msg.contains("type suffix"), "{e}");

        let e = err_of("kernel @k() {\n reg %p: i1\ne:\n  @%p exit\n}");
        assert!(e.msg.contains("cannot be guarded"), "{e}");

        let e = err_of("kernel @k() wave 32 wave 64 {\ne:\n  exit\n}");
        assert!(e.msg.contains("twice"), "{e}");
    }

    #[test]
    fn layout_is_lenient() {
        // Params over several lines, no clauses, label followed by an instruction,
        // `.rn` written explicitly, several kernels.
        let src = "kernel @a(\n  %x: f32,\n  %y: f32\n) {\ne: %x = fadd.rn.f32 %x, %y\n exit\n}\nkernel @b() { e:\n exit }";
        let m = parse_module(src).unwrap();
        assert_eq!(m.kernels.len(), 2);
        assert_eq!(m.kernels[0].wave_size, 32);
        verify_module(&m).unwrap();
        roundtrip(&m);
        assert_eq!(parse_module("").unwrap(), Module::default());
        assert_eq!(parse_module("; nothing\n\n").unwrap(), Module::default());
    }

    #[test]
    fn display_uses_printer() {
        let m = parse_module(SAMPLE).unwrap();
        assert_eq!(m.to_string(), print_module(&m));
        assert_eq!(m.kernels[0].to_string(), print_kernel(&m.kernels[0]));
    }

    #[test]
    fn printer_survives_invalid_kernels() {
        let mut k = Kernel::new("bad");
        k.params = vec![Reg(7)];
        k.blocks.push(Block {
            label: "e".into(),
            insts: vec![Inst::new(Op::Vote {
                mode: VoteMode::Ballot,
                dst: Reg(9),
                pred: Operand::Reg(Reg(3)),
            })],
            term: Term::Br(BlockId(5)),
            term_pc: None,
        });
        let text = print_kernel(&k);
        assert!(text.contains("undeclared 9"), "{text}");
        assert!(parse_module(&text).is_err());
    }
}
