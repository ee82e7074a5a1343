//! The syntax of every IR op, written once.
//!
//! [`op_syntax`] describes an op's text as the sequence of its pieces in
//! text order (destinations, the mnemonic's head and dotted parts, then the
//! operands: the first after a space, the others after commas) against the
//! [`Syn`] trait. [`Print`] implements it by writing an op's pieces;
//! [`Parse`] by reading them into a blank op of the kind the mnemonic's head
//! names ([`blank`]). A new op is one arm of [`op_syntax`], one of [`head`]
//! and one blank.

use crate::op;
use std::collections::HashMap;
use std::sync::OnceLock;

use super::{
    check_dst_type, is_shift, kind_int_type, mem_text, order_scope, parse_vn, Mn, ParseError,
    Parser, Printer, Regs, DEFAULT_WEAK_SCOPE,
};
use crate::inst::{
    Address, AtomOp, AtomType, BarOp, BinOp, CvtOp, FBinOp, FCond, FUnOp, HostFn, ICond, MemKind,
    MemType, Op, Operand, Reg, SReg, SurfDim, SurfOob, UnOp, VoteMode,
};
use crate::types::{Order, Round, Scope, Space, Type};

type R = Result<(), ParseError>;

/// An enum spelt by its name in the text form (names may be dotted:
/// `red.popc`, `tid.x`).
pub(super) trait Named: Copy + PartialEq + 'static {
    /// Every value.
    fn all() -> &'static [Self];
    /// Its text-form name.
    fn text(self) -> &'static str;
}

macro_rules! named {
    ($($t:ident),* $(,)?) => {$(
        impl Named for $t {
            fn all() -> &'static [Self] {
                &$t::ALL
            }
            fn text(self) -> &'static str {
                self.name()
            }
        }
    )*};
}

named!(
    AtomOp, AtomType, BarOp, BinOp, CvtOp, FBinOp, FCond, FUnOp, HostFn, ICond, MemKind, SReg,
    SurfDim, SurfOob, UnOp, VoteMode, Order, Round, Scope, Space, Type,
);

/// One direction of the text form.
pub(super) trait Syn {
    /// Exactly one destination register.
    fn dst(&mut self, d: &mut Reg) -> R;
    /// No destination register or one.
    fn dst_opt(&mut self, d: &mut Option<Reg>) -> R;
    /// Any number of destination registers (a load's).
    fn dst_list(&mut self, d: &mut Vec<Reg>) -> R;
    /// The mnemonic's first word.
    fn head(&mut self, h: &'static str) -> R;
    /// A dotted part naming a value of `T` (`what` names the kind in errors).
    fn part<T: Named>(&mut self, v: &mut T, what: &str) -> R;
    /// A dotted part left out when the value is `default`.
    fn part_or<T: Named>(&mut self, v: &mut T, default: T) -> R;
    /// `.name` when the flag is set.
    fn flag(&mut self, b: &mut bool, name: &'static str) -> R;
    /// A dotted part choosing between two words.
    fn either(&mut self, b: &mut bool, yes: &'static str, no: &'static str) -> R;
    /// `.ORDER.SCOPE` of a load or store, left out for a weak access at
    /// [`DEFAULT_WEAK_SCOPE`].
    fn order_scope(&mut self, o: &mut Order, s: &mut Scope) -> R;
    /// `[.vN].KIND` of a load or store.
    fn mem(&mut self, m: &mut MemType) -> R;
    /// A type part that repeats the destination register's type: written
    /// when `shown`, checked against the register when read.
    fn dst_type(&mut self, dst: Reg, shown: bool) -> R;
    /// An operand of type `ty`.
    fn opnd(&mut self, o: &mut Operand, ty: Type) -> R;
    /// An operand that is there when `present` (written when it is set).
    fn opnd_if(&mut self, o: &mut Option<Operand>, ty: Type, present: bool) -> R;
    /// `[first, ]last`: an optional operand before a required one.
    fn opnd_opt_before(&mut self, first: &mut Option<Operand>, last: &mut Operand, ty: Type) -> R;
    /// `n` operands, or with `None` as many as follow (all of them are written).
    fn opnds(&mut self, os: &mut Vec<Operand>, n: Option<usize>, ty: Type) -> R;
    /// A byte-sized number (a lookup table).
    fn byte(&mut self, v: &mut u8, what: &str) -> R;
    /// A memory address in `space`.
    fn addr(&mut self, a: &mut Address, space: Space) -> R;
    /// A rule the text must meet (`msg` when it does not); the printer
    /// writes whatever it is given.
    fn check(&mut self, ok: bool, msg: &str) -> R;
}

/// The type part.
fn ty<S: Syn>(s: &mut S, t: &mut Type) -> R {
    s.part(t, "a type")
}

/// `DST = HEAD`: the one destination and the mnemonic's first word, which
/// most ops start with.
fn dst_head<S: Syn>(s: &mut S, dst: &mut Reg, h: &'static str) -> R {
    s.dst(dst)?;
    s.head(h)
}

/// Operands that all have type `t`.
fn opnds_of<S: Syn, const N: usize>(s: &mut S, t: Type, os: [&mut Operand; N]) -> R {
    os.into_iter().try_for_each(|o| s.opnd(o, t))
}

/// `.TYPE A, B, ...`: the type part, then operands of that type.
fn typed<S: Syn, const N: usize>(s: &mut S, t: &mut Type, os: [&mut Operand; N]) -> R {
    ty(s, t)?;
    opnds_of(s, *t, os)
}

/// The mnemonic's first word for `op`.
pub(super) fn head(op: &Op) -> &'static str {
    match op {
        Op::Mov { .. } => "mov",
        Op::Bin(op::Bin { op, .. }) => op.name(),
        Op::Un(op::Un { op, .. }) => op.name(),
        Op::Mad(_) => "mad",
        Op::MulWide(_) => "mulwide",
        Op::Funnel(_) => "shf",
        Op::Lop3(_) => "lop3",
        Op::Prmt(_) => "prmt",
        Op::Bfe(_) => "bfe",
        Op::Bfi(_) => "bfi",
        Op::FBin(op::FBin { op, .. }) => op.name(),
        Op::FUn(op::FUn { op, .. }) => op.name(),
        Op::Fma(_) => "fma",
        Op::ICmp(_) => "icmp",
        Op::FCmp(_) => "fcmp",
        Op::Select(_) => "select",
        Op::Cvt(_) => "cvt",
        Op::Special { .. } => "special",
        Op::Load(_) => "ld",
        Op::Store(_) => "st",
        Op::Atomic(_) => "atom",
        Op::Fence { .. } => "fence",
        Op::Barrier => "barrier",
        Op::Bar(_) => "bar",
        Op::WaveSync => "wavesync",
        Op::HostCall { .. } => "hostcall",
        Op::Shfl(_) => "shfl",
        Op::Vote { .. } => "vote",
        Op::ActiveMask { .. } => "activemask",
        Op::ReadFirstLane { .. } => "readfirstlane",
    }
}

/// Every op's text, piece by piece.
pub(super) fn op_syntax<S: Syn>(s: &mut S, op: &mut Op) -> R {
    use Type::{I1, I32, I64};
    let h = head(op);
    match op {
        Op::Mov { ty: t, dst, src }
        | Op::Un(op::Un {
            ty: t, dst, a: src, ..
        })
        | Op::ReadFirstLane { ty: t, dst, src } => {
            dst_head(s, dst, h)?;
            typed(s, t, [src])
        }
        Op::Bin(o) => {
            dst_head(s, &mut o.dst, h)?;
            typed(s, &mut o.ty, [&mut o.a])?;
            s.opnd(&mut o.b, if is_shift(o.op) { I32 } else { o.ty })
        }
        Op::Mad(o) => {
            dst_head(s, &mut o.dst, h)?;
            typed(s, &mut o.ty, [&mut o.a, &mut o.b, &mut o.c])
        }
        Op::MulWide(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.either(&mut o.signed, "s32", "u32")?;
            opnds_of(s, I32, [&mut o.a, &mut o.b])
        }
        Op::Funnel(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.either(&mut o.left, "l", "r")?;
            s.either(&mut o.wrap, "wrap", "clamp")?;
            opnds_of(s, I32, [&mut o.lo, &mut o.hi, &mut o.shift])
        }
        Op::Lop3(o) => {
            dst_head(s, &mut o.dst, h)?;
            typed(s, &mut o.ty, [&mut o.a, &mut o.b, &mut o.c])?;
            s.byte(&mut o.lut, "a lookup table (0..=255)")
        }
        Op::Prmt(o) => {
            dst_head(s, &mut o.dst, h)?;
            opnds_of(s, I32, [&mut o.a, &mut o.b, &mut o.sel])
        }
        Op::Bfe(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.either(&mut o.signed, "s", "u")?;
            typed(s, &mut o.ty, [&mut o.a])?;
            opnds_of(s, I32, [&mut o.pos, &mut o.len])
        }
        Op::Bfi(o) => {
            dst_head(s, &mut o.dst, h)?;
            typed(s, &mut o.ty, [&mut o.ins, &mut o.base])?;
            opnds_of(s, I32, [&mut o.pos, &mut o.len])
        }
        Op::FBin(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.part_or(&mut o.rnd, Round::Rn)?;
            s.flag(&mut o.ftz, "ftz")?;
            typed(s, &mut o.ty, [&mut o.a, &mut o.b])
        }
        Op::FUn(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.flag(&mut o.ftz, "ftz")?;
            typed(s, &mut o.ty, [&mut o.a])
        }
        Op::Fma(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.flag(&mut o.ftz, "ftz")?;
            typed(s, &mut o.ty, [&mut o.a, &mut o.b, &mut o.c])
        }
        Op::ICmp(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.part(&mut o.cond, "an integer condition")?;
            typed(s, &mut o.ty, [&mut o.a, &mut o.b])
        }
        Op::FCmp(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.part(&mut o.cond, "a float condition")?;
            s.flag(&mut o.ftz, "ftz")?;
            typed(s, &mut o.ty, [&mut o.a, &mut o.b])
        }
        Op::Select(o) => {
            dst_head(s, &mut o.dst, h)?;
            ty(s, &mut o.ty)?;
            s.opnd(&mut o.cond, I1)?;
            opnds_of(s, o.ty, [&mut o.a, &mut o.b])
        }
        Op::Cvt(o) => {
            dst_head(s, &mut o.dst, h)?;
            s.part(&mut o.op, "a conversion")?;
            s.part_or(&mut o.rnd, Round::Rn)?;
            s.flag(&mut o.sat, "sat")?;
            s.flag(&mut o.ftz, "ftz")?;
            ty(s, &mut o.to)?;
            typed(s, &mut o.from, [&mut o.src])
        }
        Op::Special { dst, sreg } => {
            dst_head(s, dst, h)?;
            s.part(sreg, "a special register")
        }
        Op::Load(o) => {
            s.dst_list(&mut o.dsts)?;
            s.head(h)?;
            s.flag(&mut o.uniform, "uniform")?;
            s.part(&mut o.space, "a memory space")?;
            s.order_scope(&mut o.order, &mut o.scope)?;
            s.mem(&mut o.mem)?;
            s.addr(&mut o.addr, o.space)
        }
        Op::Store(o) => {
            s.head(h)?;
            s.part(&mut o.space, "a memory space")?;
            s.order_scope(&mut o.order, &mut o.scope)?;
            s.mem(&mut o.mem)?;
            s.addr(&mut o.addr, o.space)?;
            s.opnds(&mut o.srcs, None, kind_int_type(o.mem.kind))
        }
        Op::Atomic(o) => {
            s.dst_opt(&mut o.dst)?;
            s.head(h)?;
            s.part(&mut o.space, "a memory space")?;
            s.part(&mut o.op, "an atomic operation")?;
            s.part(&mut o.ty, "an atomic type")?;
            s.part(&mut o.scope, "a scope")?;
            s.part(&mut o.order, "an ordering")?;
            s.flag(&mut o.ftz, "ftz")?;
            s.addr(&mut o.addr, o.space)?;
            s.opnd_opt_before(&mut o.cmp, &mut o.src, o.ty.reg_type())
        }
        Op::Fence { scope, order } => {
            s.head(h)?;
            s.part(scope, "a scope")?;
            s.part(order, "an ordering")
        }
        Op::Barrier | Op::WaveSync => s.head(h),
        Op::Bar(o) => {
            s.dst_opt(&mut o.dst)?;
            s.head(h)?;
            s.part(
                &mut o.op,
                "a barrier operation (sync, arrive, red.popc, red.and, red.or, grid)",
            )?;
            let red = o.op.is_red();
            s.check(
                red == o.dst.is_some(),
                if red {
                    "a barrier reduction has one destination register"
                } else {
                    "this instruction has no destination register"
                },
            )?;
            opnds_of(s, I32, [&mut o.id, &mut o.count])?;
            s.opnd_if(&mut o.pred, I1, red)
        }
        Op::HostCall { func, dst, args } => {
            s.dst_opt(dst)?;
            s.head(h)?;
            s.part(func, "a host function (printf, assertfail, malloc, free)")?;
            s.opnds(args, Some(func.arity()), I64)
        }
        Op::Shfl(o) => {
            s.dst(&mut o.dst)?;
            s.dst_opt(&mut o.valid)?;
            s.head(h)?;
            typed(s, &mut o.ty, [&mut o.src])?;
            s.opnd(&mut o.lane, I32)
        }
        Op::Vote { mode, dst, pred } => {
            dst_head(s, dst, h)?;
            s.part(mode, "a vote mode")?;
            s.dst_type(*dst, *mode == VoteMode::Ballot)?;
            s.opnd(pred, I1)
        }
        Op::ActiveMask { dst } => {
            dst_head(s, dst, h)?;
            s.dst_type(*dst, true)
        }
    }
}

/// A placeholder value of a field, for a blank op the parser fills in.
trait Blank {
    fn blank() -> Self;
}

impl<T: Named> Blank for T {
    fn blank() -> Self {
        T::all()[0]
    }
}

macro_rules! blank_as {
    ($($t:ty => $v:expr),* $(,)?) => {$(
        impl Blank for $t {
            fn blank() -> Self {
                $v
            }
        }
    )*};
}

blank_as!(
    Reg => Reg(0),
    Operand => Operand::Imm(0),
    bool => false,
    u8 => 0,
    MemType => MemType::scalar(MemKind::B32),
    Address => Address::Flat { base: Operand::Imm(0), offset: 0 },
    Option<Reg> => None,
    Option<Operand> => None,
    Vec<Reg> => Vec::new(),
    Vec<Operand> => Vec::new(),
);

/// `Op::Variant { every field blank }` (`Op::Variant(op::Variant { .. })` for
/// the ops with operand structs); `[x]` takes field `x` from the
/// variable of that name.
macro_rules! blank {
    ($v:ident) => { Op::$v };
    ($v:ident $([$g:ident])? { $($f:ident),* }) => {
        Op::$v { $($g,)? $($f: Blank::blank()),* }
    };
    ($v:ident $([$g:ident])? ( $($f:ident),* )) => {
        Op::$v(op::$v { $($g,)? $($f: Blank::blank()),* })
    };
}

/// One op of every kind with placeholder fields, for the parser to fill in.
fn blanks() -> Vec<Op> {
    let mut v: Vec<Op> = Vec::new();
    v.extend(BinOp::ALL.map(|op| blank!(Bin[op](ty, dst, a, b))));
    v.extend(UnOp::ALL.map(|op| blank!(Un[op](ty, dst, a))));
    v.extend(FBinOp::ALL.map(|op| blank!(FBin[op](ty, rnd, ftz, dst, a, b))));
    v.extend(FUnOp::ALL.map(|op| blank!(FUn[op](ty, ftz, dst, a))));
    v.extend([
        blank!(Mov { ty, dst, src }),
        blank!(Mad(ty, dst, a, b, c)),
        blank!(MulWide(signed, dst, a, b)),
        blank!(Funnel(left, wrap, dst, lo, hi, shift)),
        blank!(Lop3(ty, dst, a, b, c, lut)),
        blank!(Prmt(dst, a, b, sel)),
        blank!(Bfe(signed, ty, dst, a, pos, len)),
        blank!(Bfi(ty, dst, ins, base, pos, len)),
        blank!(Fma(ty, ftz, dst, a, b, c)),
        blank!(ICmp(cond, ty, dst, a, b)),
        blank!(FCmp(cond, ty, ftz, dst, a, b)),
        blank!(Select(ty, dst, cond, a, b)),
        blank!(Cvt(op, to, from, rnd, sat, ftz, dst, src)),
        blank!(Special { dst, sreg }),
        blank!(Load(space, mem, order, scope, uniform, dsts, addr)),
        blank!(Store(space, mem, order, scope, srcs, addr)),
        blank!(Atomic(
            op, ty, space, scope, order, ftz, dst, addr, src, cmp
        )),
        blank!(Fence { scope, order }),
        blank!(Barrier),
        blank!(Bar(op, id, count, dst, pred)),
        blank!(WaveSync),
        blank!(HostCall { func, dst, args }),
        blank!(Shfl(ty, dst, valid, src, lane)),
        blank!(Vote { mode, dst, pred }),
        blank!(ActiveMask { dst }),
        blank!(ReadFirstLane { ty, dst, src }),
    ]);
    v
}

/// The blank op whose mnemonic starts with `head`.
pub(super) fn blank(head_word: &str) -> Option<Op> {
    static BY_HEAD: OnceLock<HashMap<&'static str, Op>> = OnceLock::new();
    BY_HEAD
        .get_or_init(|| blanks().into_iter().map(|op| (head(&op), op)).collect())
        .get(head_word)
        .cloned()
}

/// Writes an op.
pub(super) struct Print<'p, 'k> {
    pr: &'p Printer<'k>,
    dsts: Vec<String>,
    text: String,
    operands: usize,
}

impl<'p, 'k> Print<'p, 'k> {
    /// The text of `op` as `pr`'s kernel names its registers.
    pub(super) fn op(pr: &'p Printer<'k>, op: &Op) -> String {
        let mut p = Print {
            pr,
            dsts: Vec::new(),
            text: String::new(),
            operands: 0,
        };
        // The printer never fails; it needs the op mutable only because the
        // parser shares the description.
        let _ = op_syntax(&mut p, &mut op.clone());
        if p.dsts.is_empty() {
            p.text
        } else {
            format!("{} = {}", p.dsts.join(", "), p.text)
        }
    }

    fn sep(&mut self) {
        self.text
            .push_str(if self.operands == 0 { " " } else { ", " });
        self.operands += 1;
    }

    fn dot(&mut self, s: &str) {
        self.text.push('.');
        self.text.push_str(s);
    }
}

impl Syn for Print<'_, '_> {
    fn dst(&mut self, d: &mut Reg) -> R {
        self.dsts.push(self.pr.reg(*d));
        Ok(())
    }
    fn dst_opt(&mut self, d: &mut Option<Reg>) -> R {
        if let Some(d) = d {
            self.dst(d)?;
        }
        Ok(())
    }
    fn dst_list(&mut self, d: &mut Vec<Reg>) -> R {
        d.iter_mut().try_for_each(|d| self.dst(d))
    }
    fn head(&mut self, h: &'static str) -> R {
        self.text.push_str(h);
        Ok(())
    }
    fn part<T: Named>(&mut self, v: &mut T, _what: &str) -> R {
        self.dot(v.text());
        Ok(())
    }
    fn part_or<T: Named>(&mut self, v: &mut T, default: T) -> R {
        if *v != default {
            self.dot(v.text());
        }
        Ok(())
    }
    fn flag(&mut self, b: &mut bool, name: &'static str) -> R {
        if *b {
            self.dot(name);
        }
        Ok(())
    }
    fn either(&mut self, b: &mut bool, yes: &'static str, no: &'static str) -> R {
        self.dot(if *b { yes } else { no });
        Ok(())
    }
    fn order_scope(&mut self, o: &mut Order, s: &mut Scope) -> R {
        self.text.push_str(&order_scope(*o, *s));
        Ok(())
    }
    fn mem(&mut self, m: &mut MemType) -> R {
        self.text.push_str(&mem_text(*m));
        Ok(())
    }
    fn dst_type(&mut self, dst: Reg, shown: bool) -> R {
        if let (true, Some(t)) = (shown, self.pr.k.reg_type(dst)) {
            self.dot(t.name());
        }
        Ok(())
    }
    fn opnd(&mut self, o: &mut Operand, ty: Type) -> R {
        self.sep();
        self.text.push_str(&self.pr.opnd(*o, ty));
        Ok(())
    }
    fn opnd_if(&mut self, o: &mut Option<Operand>, ty: Type, _present: bool) -> R {
        match o {
            Some(o) => self.opnd(o, ty),
            None => Ok(()),
        }
    }
    fn opnd_opt_before(&mut self, first: &mut Option<Operand>, last: &mut Operand, ty: Type) -> R {
        self.opnd_if(first, ty, true)?;
        self.opnd(last, ty)
    }
    fn opnds(&mut self, os: &mut Vec<Operand>, _n: Option<usize>, ty: Type) -> R {
        os.iter_mut().try_for_each(|o| self.opnd(o, ty))
    }
    fn byte(&mut self, v: &mut u8, _what: &str) -> R {
        self.sep();
        self.text.push_str(&format!("{v:#04x}"));
        Ok(())
    }
    fn addr(&mut self, a: &mut Address, _space: Space) -> R {
        self.sep();
        self.text.push_str(&self.pr.addr(a));
        Ok(())
    }
    fn check(&mut self, _ok: bool, _msg: &str) -> R {
        Ok(())
    }
}

impl Mn<'_> {
    /// The value of `T` whose (possibly dotted) name is spelt by the next
    /// parts, the longest if several are.
    fn named_opt<T: Named>(&mut self) -> Option<T> {
        let mut best: Option<(T, usize)> = None;
        for &v in T::all() {
            let k = v.text().split('.').count();
            let spelt = self
                .parts
                .get(self.i..self.i + k)
                .is_some_and(|p| p.join(".") == v.text());
            if spelt && best.is_none_or(|(_, bk)| k > bk) {
                best = Some((v, k));
            }
        }
        let (v, k) = best?;
        self.i += k;
        Some(v)
    }

    /// [`Mn::named_opt`], required.
    fn named<T: Named>(&mut self, what: &str) -> Result<T, ParseError> {
        if let Some(v) = self.named_opt() {
            return Ok(v);
        }
        Err(match self.peek() {
            Some(p) => self.err(format_args!("expected {what}, found `{p}`")),
            None => self.err(format_args!("expected {what}")),
        })
    }
}

/// Reads an op: the destinations were read before the mnemonic.
pub(super) struct Parse<'a, 'm> {
    p: &'a mut Parser,
    regs: &'a Regs,
    mn: &'a mut Mn<'m>,
    dsts: &'a [Reg],
    taken: usize,
    operands: usize,
    in_operands: bool,
}

impl<'a, 'm> Parse<'a, 'm> {
    /// Parses the op named by `mn` (its head already read), its operands
    /// from `p`, its destinations `dsts`.
    pub(super) fn op(
        p: &'a mut Parser,
        regs: &'a Regs,
        mn: &'a mut Mn<'m>,
        head_word: &str,
        dsts: &'a [Reg],
    ) -> Result<Op, ParseError> {
        let mut op = blank(head_word).ok_or_else(|| mn.err("unknown instruction"))?;
        let mut ps = Parse {
            p,
            regs,
            mn,
            dsts,
            taken: 0,
            operands: 0,
            in_operands: false,
        };
        op_syntax(&mut ps, &mut op)?;
        ps.operands()?;
        if ps.taken < ps.dsts.len() {
            return Err(ps.mn.err(if ps.taken == 0 {
                "this instruction has no destination register"
            } else {
                "too many destination registers"
            }));
        }
        Ok(op)
    }

    /// The mnemonic is complete once operands start.
    fn operands(&mut self) -> R {
        if !self.in_operands {
            self.in_operands = true;
            self.mn.end()?;
        }
        Ok(())
    }

    /// Before an operand: the mnemonic ends, a comma separates.
    fn sep(&mut self) -> R {
        self.operands()?;
        if self.operands > 0 {
            self.p.expect_p(',')?;
        }
        self.operands += 1;
        Ok(())
    }
}

impl Syn for Parse<'_, '_> {
    fn dst(&mut self, d: &mut Reg) -> R {
        match self.dsts.get(self.taken) {
            Some(&r) => {
                *d = r;
                self.taken += 1;
                Ok(())
            }
            None => Err(self.mn.err("expected a destination register")),
        }
    }
    fn dst_opt(&mut self, d: &mut Option<Reg>) -> R {
        *d = self.dsts.get(self.taken).copied();
        self.taken += usize::from(d.is_some());
        Ok(())
    }
    fn dst_list(&mut self, d: &mut Vec<Reg>) -> R {
        *d = self.dsts.get(self.taken..).unwrap_or(&[]).to_vec();
        self.taken = self.dsts.len();
        Ok(())
    }
    fn head(&mut self, _h: &'static str) -> R {
        Ok(())
    }
    fn part<T: Named>(&mut self, v: &mut T, what: &str) -> R {
        *v = self.mn.named(what)?;
        Ok(())
    }
    fn part_or<T: Named>(&mut self, v: &mut T, default: T) -> R {
        *v = self.mn.named_opt().unwrap_or(default);
        Ok(())
    }
    fn flag(&mut self, b: &mut bool, name: &'static str) -> R {
        *b = self.mn.eat(name);
        Ok(())
    }
    fn either(&mut self, b: &mut bool, yes: &'static str, no: &'static str) -> R {
        *b = self.mn.get(&format!("`{yes}` or `{no}`"), |s| {
            (s == yes || s == no).then_some(s == yes)
        })?;
        Ok(())
    }
    fn order_scope(&mut self, o: &mut Order, s: &mut Scope) -> R {
        (*o, *s) = match self.mn.named_opt::<Order>() {
            Some(o) => (o, self.mn.named("a scope")?),
            None => (Order::Weak, DEFAULT_WEAK_SCOPE),
        };
        Ok(())
    }
    fn mem(&mut self, m: &mut MemType) -> R {
        m.count = self.mn.opt(parse_vn).unwrap_or(1);
        m.kind = self.mn.named("a memory kind")?;
        Ok(())
    }
    fn dst_type(&mut self, dst: Reg, _shown: bool) -> R {
        let t = self.mn.named_opt::<Type>();
        check_dst_type(self.mn, self.regs, dst, t)
    }
    fn opnd(&mut self, o: &mut Operand, ty: Type) -> R {
        self.sep()?;
        *o = self.p.operand(self.regs, ty)?;
        Ok(())
    }
    fn opnd_if(&mut self, o: &mut Option<Operand>, ty: Type, present: bool) -> R {
        if present {
            let mut v = Operand::Imm(0);
            self.opnd(&mut v, ty)?;
            *o = Some(v);
        }
        Ok(())
    }
    fn opnd_opt_before(&mut self, first: &mut Option<Operand>, last: &mut Operand, ty: Type) -> R {
        let mut v = Operand::Imm(0);
        self.opnd(&mut v, ty)?;
        if self.p.is_p(',') {
            *first = Some(v);
            self.opnd(last, ty)
        } else {
            *last = v;
            Ok(())
        }
    }
    fn opnds(&mut self, os: &mut Vec<Operand>, n: Option<usize>, ty: Type) -> R {
        os.clear();
        loop {
            let more = match n {
                Some(n) => os.len() < n,
                None => self.p.is_p(','),
            };
            if !more {
                return Ok(());
            }
            let mut v = Operand::Imm(0);
            self.opnd(&mut v, ty)?;
            os.push(v);
        }
    }
    fn byte(&mut self, v: &mut u8, what: &str) -> R {
        self.sep()?;
        let t = self.p.peek().clone();
        let n = self.p.uint(what)?;
        *v = u8::try_from(n)
            .map_err(|_| Parser::err_tok(&t, format!("expected {what}, found {n}")))?;
        Ok(())
    }
    fn addr(&mut self, a: &mut Address, space: Space) -> R {
        self.sep()?;
        *a = self.p.address(self.regs, space)?;
        Ok(())
    }
    fn check(&mut self, ok: bool, msg: &str) -> R {
        if ok {
            Ok(())
        } else {
            Err(self.mn.err(msg))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_kind_has_one_blank_under_its_own_head() {
        let all = blanks();
        let mut seen = std::collections::HashSet::new();
        for op in &all {
            assert!(seen.insert(head(op)), "two blanks for `{}`", head(op));
        }
        // Every Op variant has a blank: a discriminant missing from the
        // list would make its text unreadable.
        let kinds: std::collections::HashSet<_> = all.iter().map(std::mem::discriminant).collect();
        assert_eq!(kinds.len(), 30, "one blank per Op variant");
    }
}
