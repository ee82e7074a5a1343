//! The lifter's reading of an instruction: its printed syntax as data.
//!
//! The decoder renders every instruction exactly as nvdisasm does (the
//! listing test holds this on every committed cubin) and records the head
//! (mnemonic and `.`-modifiers) and each operand position with the fields
//! it was printed from ([`crate::Syntax`]). Lifters read that: the
//! modifier tokens an op understands ([`Lifter::mods`]) and its operands by
//! position ([`Lifter::opnd`]), each with the prefixes and suffixes the op
//! implements. A token, prefix or suffix the op does not name, and an
//! operand it does not read, refuse the instruction with an error naming
//! mnemonic, form, what was not understood and pc; nothing is dropped and
//! no bit position is read.

use xisa_ir::Operand;

use super::{File, LiftError, Lifter, Src};
use crate::{FieldKind, Part};

/// What an operand names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Val {
    /// A general register (`R7`; `RZ` is 255).
    R(u8),
    /// A uniform register (`UR4`; `URZ` is 63).
    UR(u8),
    /// A predicate (`P2`; `PT` is 7).
    P(u8),
    /// A uniform predicate (`UP1`; `UPT` is 7).
    UP(u8),
    /// An immediate: the field's value (integers sign-extended as printed,
    /// floats as their IEEE bits).
    Imm(i64),
    /// A constant-bank operand with an immediate offset.
    CBuf {
        /// Bank.
        bank: u8,
        /// Byte offset.
        off: u32,
    },
    /// All predicates at once (`PR`, P2R/R2P).
    PR,
    /// A special register (`SR_TID.X`, `SRZ`): its name is the operand's
    /// [`Opnd::text`].
    Sys,
    /// A convergence barrier register (`B3`).
    B(u8),
    /// Another name the view does not interpret (`ATEXIT_PC`, `SB0`): its
    /// text is [`Opnd::text`].
    Name,
    /// An optional operand that is not printed (a carry out that is not
    /// written, ...).
    Absent,
}

/// One operand as printed: its value and the modifiers around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Opnd {
    /// What it names.
    pub val: Val,
    /// `-x`.
    pub neg: bool,
    /// `~x` or `!p`.
    pub not: bool,
    /// `|x|`.
    pub abs: bool,
    /// `.H1`, `.B2`, ... (without `.reuse`), in print order.
    pub sufs: Vec<String>,
    /// An immediate's field kind (float immediates are IEEE bits; an
    /// `f64hi` one is the double's bits; a branch target is absolute).
    pub imm_kind: Option<FieldKind>,
    /// The operand's core text, without prefixes and suffixes.
    pub text: String,
}

impl Opnd {
    /// Whether suffix `t` is printed.
    pub fn has(&self, t: &str) -> bool {
        self.sufs.iter().any(|s| s == t)
    }

    /// The operand as an ALU source; `None` for predicates and absent
    /// operands.
    pub fn src(&self) -> Option<Src> {
        Some(match self.val {
            Val::R(n) => Src::Reg(n),
            Val::UR(n) => Src::UReg(n),
            Val::Imm(v) => Src::Imm(v as u32),
            Val::CBuf { bank, off } => Src::Cbuf { bank, off },
            Val::P(_) | Val::UP(_) | Val::PR | Val::Absent | Val::Sys | Val::B(_) | Val::Name => {
                return None
            }
        })
    }

    /// Whether the operand is the zero register (or an absent one).
    pub fn is_zero_reg(&self) -> bool {
        matches!(self.val, Val::R(255) | Val::UR(63) | Val::Absent)
    }

    /// Whether the operand is the true predicate (or an absent one).
    pub fn is_true_pred(&self) -> bool {
        !self.not && matches!(self.val, Val::P(7) | Val::UP(7) | Val::Absent)
    }
}

/// The modifier tokens of an instruction's head.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Mods(Vec<String>);

impl Mods {
    /// Whether token `t` is printed.
    pub fn has(&self, t: &str) -> bool {
        self.0.iter().any(|s| s == t)
    }

    /// The tokens in print order.
    pub fn toks(&self) -> &[String] {
        &self.0
    }

    /// The one token of `set` that is printed, if any (the tables print at
    /// most one token of a group).
    pub fn pick<'s>(&self, set: &[&'s str]) -> Option<&'s str> {
        set.iter().copied().find(|t| self.has(t))
    }
}

/// Per-instruction state of the reading.
#[derive(Debug, Clone, Default)]
pub(crate) struct ViewState {
    /// Whether the current instruction is lifted from its syntax.
    pub active: bool,
    /// Whether the head's tokens were read.
    pub head: bool,
    /// Which operand positions were read.
    pub read: Vec<bool>,
}

/// Splits an operand's text into prefix flags, core and suffix tokens.
fn split(text: &str) -> (bool, bool, bool, &str, Vec<String>) {
    let (mut neg, mut not, mut abs) = (false, false, false);
    let mut t = text.trim();
    loop {
        if let Some(r) = t.strip_prefix('-') {
            if r.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-') {
                break;
            }
            neg = true;
            t = r;
        } else if let Some(r) = t.strip_prefix('~').or_else(|| t.strip_prefix('!')) {
            not = true;
            t = r;
        } else if let Some(r) = t.strip_prefix('|') {
            abs = true;
            t = r;
        } else {
            break;
        }
    }
    // The core ends at the closing bracket of `c[..][..]`, else at the
    // first `.` or `|` after a register name.
    let core_end = if t.starts_with("SR_") || t == "SRZ" {
        t.len()
    } else if t.starts_with("c[") {
        t.rfind(']').map_or(t.len(), |i| i + 1)
    } else if t.starts_with(|c: char| c.is_ascii_uppercase()) {
        t.find(['.', '|']).unwrap_or(t.len())
    } else {
        t.len()
    };
    let (core, rest) = t.split_at(core_end);
    // `|x|`'s closing bar stands before the suffixes of a register and
    // after those of a constant (`|c[0x0][0x10].H1_H1|`).
    let rest = rest.strip_prefix('|').unwrap_or(rest);
    let rest = match rest.strip_suffix('|') {
        Some(r) if abs => r,
        _ => rest,
    };
    let sufs = rest
        .split('.')
        .filter(|s| !s.is_empty() && *s != "reuse")
        .map(str::to_string)
        .collect();
    (neg, not, abs, core, sufs)
}

/// A register or predicate name.
fn register(core: &str) -> Option<Val> {
    let num = |s: &str| s.parse::<u8>().ok();
    Some(match core {
        "RZ" => Val::R(255),
        "URZ" => Val::UR(63),
        "PT" => Val::P(7),
        "UPT" => Val::UP(7),
        "PR" => Val::PR,
        _ => {
            if let Some(n) = core.strip_prefix("UR") {
                Val::UR(num(n)?)
            } else if let Some(n) = core.strip_prefix("UP") {
                Val::UP(num(n)?)
            } else if let Some(n) = core.strip_prefix('R') {
                Val::R(num(n)?)
            } else if let Some(n) = core.strip_prefix('P') {
                Val::P(num(n)?)
            } else if let Some(n) = core.strip_prefix('B') {
                Val::B(num(n)?)
            } else if core.starts_with("SR_") || core == "SRZ" {
                Val::Sys
            } else {
                return None;
            }
        }
    })
}

/// Whether operand `part` prints a general or uniform register.
pub(crate) fn holds_register(part: &Part, fields: &[crate::FieldValue]) -> bool {
    part.fields.iter().any(|&i| {
        fields
            .get(i)
            .is_some_and(|f| matches!(f.kind, FieldKind::Reg | FieldKind::UReg))
    })
}

/// An immediate printed by a text field: the prober enumerates a value
/// split over two bit ranges as text (`UPLOP3.LUT UP0, UPT, UPT, UPT, UPT,
/// 0x80, 0x0`: the LUT at [64,67) and [72,77)); the number printed is the
/// immediate's value.
fn literal(core: &str) -> Option<Val> {
    let v = u32::try_from(hex(core)?).ok()?;
    Some(Val::Imm(i64::from(v)))
}

/// A number as nvdisasm prints it: `0x1f`, `-0x4`.
fn hex(s: &str) -> Option<i64> {
    let (neg, s) = match s.strip_prefix('-') {
        Some(s) => (true, s),
        None => (false, s),
    };
    let v = i64::from_str_radix(s.strip_prefix("0x")?, 16).ok()?;
    Some(if neg { -v } else { v })
}

/// `c[0x3][0x10]` (offset possibly negative, `-0x4`).
fn cbuf(core: &str) -> Option<Val> {
    // (PLOP3 .SIGN prints `c[0x0] [0x10]`)
    let core = core.replace(' ', "");
    let inner = core.strip_prefix("c[")?.strip_suffix(']')?;
    let (bank, off) = inner.split_once("][")?;
    Some(Val::CBuf {
        bank: u8::try_from(hex(bank)?).ok()?,
        off: u32::try_from(hex(off)?).ok()?,
    })
}

impl Lifter<'_> {
    /// The current instruction's syntax; lifting it from its syntax starts
    /// here (an instruction the decoder rejects is refused with the
    /// decoder's reason).
    fn syntax(&mut self) -> Result<&crate::Syntax, LiftError> {
        let Some(n) = self.form.as_ref().map(|d| d.syntax.slots.len()) else {
            let why = match &self.decode_error {
                Some(e) => format!("the decoder rejects the word ({e})"),
                None => "no decoding rule matches the word".to_string(),
            };
            return Err(self.unsupported(format!("opcode {:#05x}: {why}", self.word & 0xfff)));
        };
        if !self.view.active {
            self.view = ViewState {
                active: true,
                head: false,
                read: vec![false; n],
            };
        }
        self.form
            .as_ref()
            .map(|d| &d.syntax)
            .ok_or_else(|| self.unsupported("no decoded form"))
    }

    /// The decoded fields of the current form.
    fn form_fields(&self) -> &[crate::FieldValue] {
        self.form.as_ref().map_or(&[], |d| d.fields.as_slice())
    }

    /// Operand `pos` of the current syntax (an empty part where the form
    /// has none: an absent optional operand), marked read.
    fn take_part(&mut self, pos: usize) -> Result<Part, LiftError> {
        // A position past the form's operands is not an optional operand
        // printing nothing: the decoder's form lacks it, and reading it as
        // RZ/PT would be a guess (a carry-in the table forgot reads as PT).
        let Some(part) = self.syntax()?.slots.get(pos).cloned() else {
            return Err(self.unsupported(format!(
                "{}: the decoded form has no operand {pos}",
                self.form_name()
            )));
        };
        if let Some(r) = self.view.read.get_mut(pos) {
            *r = true;
        }
        Ok(part)
    }

    /// How many operand positions the decoded form has (printed or not).
    pub(crate) fn operand_count(&mut self) -> Result<usize, LiftError> {
        Ok(self.syntax()?.slots.len())
    }

    /// The head's modifier tokens (after the base mnemonic), every one of
    /// which must be in `known`: the modifiers this op implements or that
    /// only name the form (`IMAD.MOV`, `LOP3.LUT`).
    pub(crate) fn mods(&mut self, known: &[&str]) -> Result<Mods, LiftError> {
        let head = self.syntax()?.head.text.clone();
        self.view.head = true;
        let toks: Vec<String> = head.split('.').skip(1).map(str::to_string).collect();
        if let Some(t) = toks.iter().find(|t| !known.contains(&t.as_str())) {
            return Err(
                self.unsupported(format!("{}: modifier .{t} is not lifted", self.form_name()))
            );
        }
        Ok(Mods(toks))
    }

    /// The operand at position `pos` (0: the first after the mnemonic,
    /// counting optional operands that print nothing). `known` lists the
    /// prefixes (`-`, `~`, `!`, `|`) and suffix tokens the op implements
    /// for it; `.reuse` is a hint and always accepted.
    pub(crate) fn opnd(&mut self, pos: usize, known: &[&str]) -> Result<Opnd, LiftError> {
        let part = self.take_part(pos)?;
        let fields = self.form_fields();
        // An immediate's value is its field's (the printed number may be a
        // rounded float); its sign belongs to the number.
        let imm = part.fields.iter().find_map(|&i| {
            let f = fields.get(i)?;
            let is_imm = matches!(
                f.kind,
                FieldKind::SImm
                    | FieldKind::UImm
                    | FieldKind::F32
                    | FieldKind::F16
                    | FieldKind::F64Hi
                    | FieldKind::Rel
            );
            match (&f.operand, is_imm) {
                (Some(crate::Operand::Imm(v)), true) => Some((*v, f.kind)),
                _ => None,
            }
        });
        let bad = |l: &Self, what: String| {
            l.unsupported(format!(
                "{}: operand {pos} (`{}`): {what}",
                l.form_name(),
                part.text
            ))
        };
        if part.text.is_empty() {
            return Ok(Opnd {
                val: Val::Absent,
                neg: false,
                not: false,
                abs: false,
                sufs: vec![],
                imm_kind: None,
                text: String::new(),
            });
        }
        // `R2 -0x160` (BRX, CALL): a register and an immediate in one
        // operand are read together ([`Lifter::reg_imm_at`]), never one
        // of them alone.
        if imm.is_some() && holds_register(&part, fields) {
            return Err(bad(self, "a register with an immediate".into()));
        }
        // A constant operand's bank and offset may be printed from
        // immediate fields (`c[0x0] [0x10].H1`): it is read from its text.
        let is_cbuf = split(&part.text).3.starts_with("c[");
        let o = if let Some((v, kind)) = imm.filter(|_| !is_cbuf) {
            // Modifiers printed around it by other fields of the operand.
            let (mut neg, mut not, mut abs, mut sufs) = (false, false, false, vec![]);
            for &i in &part.fields {
                let Some(f) = fields.get(i) else { continue };
                if matches!(f.kind, FieldKind::Text | FieldKind::Mod) && !f.neutral {
                    let (n, t, a, core, s) = split(&f.text);
                    if !core.is_empty() {
                        return Err(bad(self, format!("`{}` is not lifted", f.text)));
                    }
                    (neg, not, abs) = (neg || n, not || t, abs || a);
                    sufs.extend(s);
                }
            }
            Opnd {
                val: Val::Imm(v),
                neg,
                not,
                abs,
                sufs,
                imm_kind: Some(kind),
                text: part.text.trim().to_string(),
            }
        } else {
            let (neg, not, abs, core, sufs) = split(&part.text);
            let name = !core.is_empty()
                && core
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
            let val = match register(core).or_else(|| cbuf(core)) {
                Some(v) => v,
                None if name => Val::Name,
                None => match literal(core) {
                    Some(v) if !(neg || not || abs) => v,
                    _ => return Err(bad(self, "this operand kind is not lifted".into())),
                },
            };
            Opnd {
                val,
                neg,
                not,
                abs,
                sufs,
                imm_kind: None,
                text: core.to_string(),
            }
        };
        for (set, flag) in [
            ("-", o.neg),
            ("~", o.not && !o.is_pred()),
            ("!", o.not && o.is_pred()),
            ("|", o.abs),
        ] {
            if flag && !known.contains(&set) {
                return Err(bad(self, format!("the prefix `{set}` is not lifted")));
            }
        }
        if let Some(s) = o.sufs.iter().find(|s| !known.contains(&s.as_str())) {
            return Err(bad(self, format!("the suffix .{s} is not lifted")));
        }
        Ok(o)
    }

    /// Operand `pos` printed as a register and an immediate (`R2 -0x160`,
    /// `UR4 0x10`): the register and the immediate's value (0 when the
    /// operand prints none).
    pub(crate) fn reg_imm_at(&mut self, pos: usize) -> Result<(Val, i64), LiftError> {
        let part = self.take_part(pos)?;
        let fields = self.form_fields();
        let (mut reg, mut imm) = (None, 0);
        for f in part.fields.iter().filter_map(|&i| fields.get(i)) {
            match (f.kind, &f.operand) {
                (FieldKind::Reg, Some(crate::Operand::Reg(n))) if reg.is_none() => {
                    reg = Some(Val::R(*n))
                }
                (FieldKind::UReg, Some(crate::Operand::UReg(n))) if reg.is_none() => {
                    reg = Some(Val::UR(*n))
                }
                (
                    FieldKind::SImm | FieldKind::UImm | FieldKind::Rel,
                    Some(crate::Operand::Imm(v)),
                ) => imm = *v,
                _ if f.neutral || f.reuse_only => {}
                _ => {
                    return Err(self.unsupported(format!(
                        "{}: operand {pos} (`{}`): field `{}` is not lifted",
                        self.form_name(),
                        part.text,
                        f.name
                    )))
                }
            }
        }
        match reg {
            Some(r) => Ok((r, imm)),
            None => Err(self.unsupported(format!(
                "{}: operand {pos} (`{}`) is not a register with an immediate",
                self.form_name(),
                part.text
            ))),
        }
    }

    /// An instruction whose modifiers and operands do not change what xisa
    /// computes (scheduling hints, reconvergence markers: see the caller):
    /// all of them count as read.
    pub(crate) fn no_effect(&mut self) -> Result<(), LiftError> {
        let n = self.syntax()?.slots.len();
        self.view.head = true;
        self.view.read = vec![true; n];
        Ok(())
    }

    /// Reads operand `pos` as a 32-bit source (register, immediate or
    /// constant), with the modifiers in `known` allowed.
    pub(crate) fn src_at(
        &mut self,
        pos: usize,
        known: &[&str],
    ) -> Result<(Opnd, Operand), LiftError> {
        self.src_at_width(pos, known, false)
    }

    /// Reads operand `pos` as a 32-bit source or, when `wide`, a 64-bit one
    /// (register pair, 64-bit constant, sign-extended immediate).
    pub(crate) fn src_at_width(
        &mut self,
        pos: usize,
        known: &[&str],
        wide: bool,
    ) -> Result<(Opnd, Operand), LiftError> {
        let o = self.opnd(pos, known)?;
        let v = self.read_val(pos, &o, wide)?;
        Ok((o, v))
    }

    /// The value of a register, immediate or constant operand (64-bit:
    /// the pair, the two constant words, the sign-extended immediate).
    pub(crate) fn read_val(
        &mut self,
        pos: usize,
        o: &Opnd,
        wide: bool,
    ) -> Result<Operand, LiftError> {
        let file = match o.val {
            Val::R(_) => Some(File::R),
            Val::UR(_) => Some(File::UR),
            _ => None,
        };
        match (o.val, file, o.src()) {
            (Val::R(n) | Val::UR(n), Some(f), _) if wide => Ok(self.read_pair_file(f, n)),
            (Val::R(n) | Val::UR(n), Some(f), _) => Ok(self.read_file(f, n)),
            (_, _, Some(s)) if wide => self.src64(s),
            (_, _, Some(s)) => self.src(s),
            _ => Err(self.unsupported(format!(
                "{}: operand {pos} is not a register, immediate or constant",
                self.form_name()
            ))),
        }
    }

    /// Reads operand `pos` as a predicate (`!P` allowed).
    pub(crate) fn pred_at(&mut self, pos: usize) -> Result<Operand, LiftError> {
        let o = self.opnd(pos, &["!"])?;
        let (f, n) = match o.val {
            Val::P(n) => (File::P, n),
            Val::UP(n) => (File::UP, n),
            Val::Absent => (File::P, 7),
            _ => {
                return Err(self.unsupported(format!(
                    "{}: operand {pos} is not a predicate",
                    self.form_name()
                )))
            }
        };
        Ok(self.read_pred_file(f, n, o.not))
    }

    /// Whether operand `pos` printed nothing because its one field is a
    /// predicate (3-bit index and negation) holding PT.
    fn unprinted_pt(&mut self, pos: usize) -> Result<bool, LiftError> {
        let i = match self.syntax()?.slots.get(pos).map(|p| p.fields.as_slice()) {
            Some(&[i]) => i,
            _ => return Ok(false),
        };
        Ok(self.form_fields().get(i).is_some_and(|f| {
            f.kind == crate::FieldKind::Text && f.mask.count_ones() == 4 && f.raw == 7
        }))
    }

    /// [`Lifter::pred_at`] for an input the form must hold (a carry in,
    /// `.EX`'s low result): absent, it is a form the tables describe without
    /// it (IMAD.U32.X 0xa24 prints no carry in; UISETP.EX once lacked its
    /// low result), refused naming `what`, where reading PT would be a
    /// silent wrong answer. Printing nothing is PT only where the form has
    /// the operand's field and it holds predicate 7, not negated: nvdisasm
    /// leaves a trailing PT out there (`ISETP.NE.AND.EX P1, PT, R47, RZ, PT`:
    /// the low result is PT; found by the random OpenCL campaign).
    pub(crate) fn pred_in(&mut self, pos: usize, what: &str) -> Result<Operand, LiftError> {
        if self.opnd(pos, &["!"])?.val == Val::Absent && !self.unprinted_pt(pos)? {
            return Err(self.unsupported(format!(
                "{}: {what} (operand {pos}) is not in the decoded form",
                self.form_name()
            )));
        }
        self.pred_at(pos)
    }

    /// The register written at operand `pos`: `None` for RZ/URZ/PT/UPT and
    /// absent operands (writes there are dropped). `pred` says whether the
    /// operand is a predicate (P/UP) or a general register (R/UR).
    pub(crate) fn dst_at(
        &mut self,
        pos: usize,
        pred: bool,
    ) -> Result<Option<(File, u8)>, LiftError> {
        let o = self.opnd(pos, &[])?;
        Ok(match (o.val, pred) {
            (Val::Absent, _)
            | (Val::R(255) | Val::UR(63), false)
            | (Val::P(7) | Val::UP(7), true) => None,
            (Val::R(n), false) => Some((File::R, n)),
            (Val::UR(n), false) => Some((File::UR, n)),
            (Val::P(n), true) => Some((File::P, n)),
            (Val::UP(n), true) => Some((File::UP, n)),
            _ => {
                return Err(self.unsupported(format!(
                    "{}: operand {pos} is not a {}",
                    self.form_name(),
                    if pred { "predicate" } else { "register" }
                )))
            }
        })
    }

    /// Writes an `i32` to the register at operand `pos`.
    pub(crate) fn write_at(&mut self, pos: usize, v: Operand) -> Result<(), LiftError> {
        if let Some((f, n)) = self.dst_at(pos, false)? {
            self.write_file(f, n, v);
        }
        Ok(())
    }

    /// Writes an `i1` to the predicate at operand `pos`.
    pub(crate) fn write_pred_at(&mut self, pos: usize, v: Operand) -> Result<(), LiftError> {
        if let Some((f, n)) = self.dst_at(pos, true)? {
            self.write_file(f, n, v);
        }
        Ok(())
    }

    /// Writes an `i64` to the register pair at operand `pos`.
    pub(crate) fn write_pair_at(&mut self, pos: usize, v: Operand) -> Result<(), LiftError> {
        match self.dst_at(pos, false)? {
            None => Ok(()),
            Some((f @ (File::R | File::UR), n)) => {
                let (lo, hi) = self.split64(v);
                self.write_file(f, n, lo);
                let z = if f == File::R { 255 } else { 63 };
                if n != z {
                    self.write_file(f, n.saturating_add(1), hi);
                }
                Ok(())
            }
            Some(_) => Err(self.unsupported(format!(
                "{}: operand {pos} is not a register pair",
                self.form_name()
            ))),
        }
    }

    /// After an instruction lifted from its syntax: the head and every
    /// printed operand must have been read.
    pub(crate) fn check_view(&self) -> Result<(), LiftError> {
        let Some(d) = &self.form else { return Ok(()) };
        if !self.view.head && d.syntax.head.text.contains('.') {
            return Err(self.unsupported(format!(
                "{}: the modifiers of `{}` were not read",
                self.form_name(),
                d.syntax.head.text
            )));
        }
        for (i, p) in d.syntax.slots.iter().enumerate() {
            if !p.text.is_empty() && !self.view.read.get(i).copied().unwrap_or(false) {
                return Err(self.unsupported(format!(
                    "{}: operand {i} (`{}`) is not lifted",
                    self.form_name(),
                    p.text
                )));
            }
        }
        Ok(())
    }
}

impl Opnd {
    /// Whether the operand is a predicate.
    fn is_pred(&self) -> bool {
        matches!(self.val, Val::P(_) | Val::UP(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_prefixes_and_suffixes() {
        let (neg, not, abs, core, sufs) = split("-|R2|.H1.reuse");
        assert!(neg && abs && !not);
        assert_eq!(core, "R2");
        assert_eq!(sufs, vec!["H1".to_string()]);
        let (_, not, _, core, _) = split("!UP3");
        assert!(not);
        assert_eq!(register(core), Some(Val::UP(3)));
        assert_eq!(cbuf("c[0x3][0x10]"), Some(Val::CBuf { bank: 3, off: 16 }));
        assert_eq!(register("RZ"), Some(Val::R(255)));
        assert_eq!(register("SR_TID.X"), Some(Val::Sys));
        assert_eq!(split("SR_TID.X").3, "SR_TID.X");
        assert_eq!(register("B6"), Some(Val::B(6)));
        let (neg, _, abs, core, sufs) = split("-|c[0x0] [0x10].H1_H1|");
        assert!(neg && abs);
        assert_eq!(cbuf(core), Some(Val::CBuf { bank: 0, off: 16 }));
        assert_eq!(sufs, vec!["H1_H1".to_string()]);
    }
}
