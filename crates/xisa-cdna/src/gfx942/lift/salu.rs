//! SOP1 / SOP2 / SOPC / SOPK: the scalar ALU. Every lane of the wave executes
//! these (unguarded), so the per-lane copies of the SGPRs and SCC stay identical
//! across the wave. SCC results follow the GFX9 ISA exactly. What each
//! mnemonic computes is its row of the semantics table (`gfx942::semantics`,
//! the `s_` kinds); [`kind_fn`] maps the kind to one function here.

use xisa_ir::op;
use xisa_ir::{BinOp, CvtOp, ICond, Op, Operand, Reg, Type, UnOp};

use super::builder::{Builder, EXEC_LO};
use super::{gpr_idx, mode, sem_icmp, sem_int, sem_row, sem_un, LiftError, ENTRY_PARAMS};
use crate::gfx942::semantics::{Kind, Sem, SemOp};
use crate::gfx942::Inst;

/// The instruction being lifted.
struct Ctx<'a> {
    inst: &'a Inst,
    /// The byte offset of the next instruction.
    next: usize,
}

impl Ctx<'_> {
    /// Width (32 or 64) of operand `field` per the opcode table.
    fn width(&self, field: &str) -> u32 {
        self.inst.opcode.width(field)
    }
    /// Source `ssrc0` / `ssrc1` at its width.
    fn src(&self, b: &mut Builder, field: &str) -> Result<Operand, LiftError> {
        b.src_bits(self.inst.get(field), self.width(field))
    }
    fn src2(&self, b: &mut Builder) -> Result<(Operand, Operand), LiftError> {
        Ok((self.src(b, "ssrc0")?, self.src(b, "ssrc1")?))
    }
    /// The destination's current value.
    fn old(&self, b: &mut Builder) -> Result<Operand, LiftError> {
        b.src_bits(self.inst.get("sdst"), self.width("sdst"))
    }
    /// Writes `sdst` at its width.
    fn write(&self, b: &mut Builder, v: impl Into<Operand>) -> Result<(), LiftError> {
        let sdst = self.inst.get("sdst");
        if self.width("sdst") == 64 {
            b.wr_s64(sdst, v)
        } else {
            b.wr_s32(sdst, v)
        }
    }
    /// The SOPK immediate, sign-extended to 32 bits.
    fn simm(&self) -> u64 {
        (self.inst.get("simm16") as u16 as i16 as i32 as u32) as u64
    }
}

/// `v` masked to a bit index of `ty` (shift counts, bit positions).
fn bit_index(b: &mut Builder, ty: Type, v: Operand) -> Operand {
    b.bin_fold(BinOp::And, Type::I32, v, Operand::Imm(ty.bits() as u64 - 1))
}

/// `SCC = r != 0`.
fn scc_nonzero(b: &mut Builder, ty: Type, r: Reg) {
    let scc = b.scc;
    b.emit(Op::ICmp(op::ICmp {
        cond: ICond::Ne,
        ty,
        dst: scc,
        a: r.into(),
        b: Operand::Imm(0),
    }));
}

fn set_scc(b: &mut Builder, p: Reg) {
    let scc = b.scc;
    b.mov(Type::I1, scc, p);
}

/// Writes `r` to sdst, setting SCC = r != 0 first for `scc` rows.
fn finish(b: &mut Builder, c: &Ctx, s: &Sem, ty: Type, r: Reg) -> Result<(), LiftError> {
    if s.flags.scc {
        scc_nonzero(b, ty, r);
    }
    c.write(b, r)
}

/// Signed overflow of `r = a + b` (`sub`: of `r = a - b`).
fn overflow(b: &mut Builder, ty: Type, a: Operand, bb: Operand, r: Reg, sub: bool) -> Reg {
    // add: ((a ^ r) & (b ^ r)) < 0; sub: ((a ^ b) & (a ^ r)) < 0.
    let x = b.binv(BinOp::Xor, ty, a, r);
    let y = if sub {
        b.binv(BinOp::Xor, ty, a, bb)
    } else {
        b.binv(BinOp::Xor, ty, bb, r)
    };
    let z = b.binv(BinOp::And, ty, x, y);
    b.icmp(ICond::Slt, ty, z, Operand::Imm(0))
}

/// `op(inv0 ? ~a : a, inv1 ? ~c : c)`, inverted when `not`.
fn logic(b: &mut Builder, s: &Sem, ty: Type, a: Operand, c: Operand) -> Result<Reg, LiftError> {
    let op = sem_int(b, s)?;
    let [na, nc] = s.flags.inv;
    let a: Operand = if na { b.un(UnOp::Not, ty, a).into() } else { a };
    let c: Operand = if nc { b.un(UnOp::Not, ty, c).into() } else { c };
    let r = b.binv(op, ty, a, c);
    Ok(if s.flags.not {
        b.un(UnOp::Not, ty, r)
    } else {
        r
    })
}

type KindFn = fn(&mut Builder, &Ctx, &Sem) -> Result<(), LiftError>;

/// The lifting function of each scalar kind.
fn kind_fn(k: Kind) -> Option<KindFn> {
    use Kind::*;
    Some(match k {
        SAddSub => add_sub,
        SAddc => addc,
        SMinMax => min_max,
        SCselect => |b, c, s| {
            let (a, bb) = c.src2(b)?;
            let scc = b.scc;
            let r = b.select(s.ty, scc, a, bb);
            c.write(b, r)
        },
        SLogic => |b, c, s| {
            let (a, bb) = c.src2(b)?;
            let r = logic(b, s, s.ty, a, bb)?;
            finish(b, c, s, s.ty, r)
        },
        SShift => |b, c, s| {
            let op = sem_int(b, s)?;
            let (a, bb) = c.src2(b)?;
            let n = bit_index(b, s.ty, bb);
            let r = b.binv(op, s.ty, a, n);
            finish(b, c, s, s.ty, r)
        },
        SBfm => bfm,
        SBin => |b, c, s| {
            let op = sem_int(b, s)?;
            let (a, bb) = c.src2(b)?;
            let r = b.binv(op, s.ty, a, bb);
            finish(b, c, s, s.ty, r)
        },
        SBfe => bfe,
        SAbsdiff => |b, c, s| {
            let (a, bb) = c.src2(b)?;
            let x = b.binv(BinOp::Sub, s.ty, a, bb);
            let r = b.un(UnOp::Abs, s.ty, x);
            finish(b, c, s, s.ty, r)
        },
        SLshlAdd => lshl_add,
        SPack => pack,
        SMov => |b, c, s| {
            let a = c.src(b, "ssrc0")?;
            let d = b.t(s.ty);
            b.mov(s.ty, d, a);
            c.write(b, d)
        },
        SCmov => |b, c, s| {
            let a = c.src(b, "ssrc0")?;
            let old = c.old(b)?;
            let scc = b.scc;
            let r = b.select(s.ty, scc, a, old);
            c.write(b, r)
        },
        SUn => |b, c, s| {
            let op = sem_un(b, s)?;
            let a = c.src(b, "ssrc0")?;
            let r = b.un(op, s.ty, a);
            finish(b, c, s, s.ty, r)
        },
        SWqm | SQuadmask => quad,
        SBitrep => bitreplicate,
        SBcnt => bcnt,
        SFfb => ffb,
        SSext => |b, c, s| {
            let a = c.src(b, "ssrc0")?;
            let t = b.cvt(CvtOp::Trunc, s.src, Type::I32, a);
            let r = b.cvt(CvtOp::Sext, Type::I32, s.src, t);
            c.write(b, r)
        },
        SBitset => bitset,
        SSaveexec => saveexec,
        SGetpc => |b, c, _| {
            // The guest address of the next instruction: the image's address
            // (a parameter) + the code's offset in it + the pc.
            let image = b.named(ENTRY_PARAMS[4], Type::I64);
            let off = b.code_offset.wrapping_add(c.next as u64);
            let a = b.binv(BinOp::Add, Type::I64, image, Operand::Imm(off));
            c.write(b, a)
        },
        SMovrels | SMovreld => |b, c, s| gpr_idx::movrel(b, c.inst, s),
        SGetreg => |b, c, _| {
            let v = mode::getreg(b, c.inst)?;
            c.write(b, v)
        },
        SSetreg => |b, c, s| {
            if !s.flags.k {
                return Err(b.unsupported(
                    "s_setreg_b32 (a register value; only s_setreg_imm32_b32 is modelled)",
                ));
            }
            mode::setreg_imm(b, c.inst)
        },
        SGprIdxOn | SGprIdxIdx | SGprIdxMode | SGprIdxOff => {
            |b, c, s| gpr_idx::set(b, c.inst, s.kind)
        }
        SCall | SRet => |b, _, _| {
            Err(b.unsupported(
                "calls and returns are lifted in code objects, with their callees \
                 (gfx942::lift::codeobj)",
            ))
        },
        SCmp => |b, c, s| {
            let (a, bb) = c.src2(b)?;
            let p = compare(b, s, s.ty, a, bb)?;
            set_scc(b, p);
            Ok(())
        },
        SBitcmp => |b, c, s| {
            let (a, bb) = c.src2(b)?;
            let n = bit_index(b, s.ty, bb);
            let sh = b.binv(BinOp::LShr, s.ty, a, n);
            let bit = b.binv(BinOp::And, s.ty, sh, Operand::Imm(1));
            let want = u64::from(!s.flags.not);
            let p = b.icmp(ICond::Eq, s.ty, bit, Operand::Imm(want));
            set_scc(b, p);
            Ok(())
        },
        SMovk => |b, c, _| c.write(b, Operand::Imm(c.simm())),
        SCmovk => |b, c, s| {
            let old = c.old(b)?;
            let scc = b.scc;
            let r = b.select(s.ty, scc, Operand::Imm(c.simm()), old);
            c.write(b, r)
        },
        SCmpk => |b, c, s| {
            let k = if s.flags.signed {
                c.simm()
            } else {
                c.inst.get("simm16") as u64
            };
            let a = c.old(b)?;
            let p = compare(b, s, s.ty, a, Operand::Imm(k))?;
            set_scc(b, p);
            Ok(())
        },
        SAddk => |b, c, s| {
            let op = sem_int(b, s)?;
            let (old, k) = (c.old(b)?, Operand::Imm(c.simm()));
            let r = b.binv(op, s.ty, old, k);
            if op == BinOp::Add {
                let o = overflow(b, s.ty, old, k, r, false);
                set_scc(b, o);
            }
            c.write(b, r)
        },
        _ => return None,
    })
}

/// Lifts one scalar ALU instruction by its row of the semantics table.
pub(crate) fn lift(b: &mut Builder, inst: &Inst, next: usize) -> Result<(), LiftError> {
    let s = sem_row(b, inst, "scalar op not lifted")?;
    let f = kind_fn(s.kind).ok_or_else(|| b.unsupported("a vector op in a scalar encoding"))?;
    f(b, &Ctx { inst, next }, &s)?;
    if clears_exec_only(&s, inst) {
        let pc = b.pc;
        b.exec_clears.push(pc);
    }
    Ok(())
}

/// True when the instruction's new EXEC is its old EXEC and-ed with a value,
/// so that no EXEC bit goes from 0 to 1: the saveexec `and` forms that do
/// not invert EXEC, and `s_and`/`s_andn2` into EXEC with EXEC an operand
/// that is not inverted.
fn clears_exec_only(s: &Sem, inst: &Inst) -> bool {
    if !matches!(s.op, SemOp::Int(BinOp::And)) || s.flags.not {
        return false;
    }
    match s.kind {
        // EXEC is the second operand of the saveexec family's op.
        Kind::SSaveexec => !s.flags.inv[1],
        Kind::SLogic => {
            inst.get("sdst") == EXEC_LO
                && matches!(s.ty, Type::I64 | Type::I32)
                && ((inst.get("ssrc0") == EXEC_LO && !s.flags.inv[0])
                    || (inst.get("ssrc1") == EXEC_LO && !s.flags.inv[1]))
        }
        _ => false,
    }
}

/// The row's compare condition on `a`, `c`.
fn compare(b: &mut Builder, s: &Sem, ty: Type, a: Operand, c: Operand) -> Result<Reg, LiftError> {
    let cond = sem_icmp(b, s)?;
    Ok(b.icmp(cond, ty, a, c))
}

fn add_sub(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let op = sem_int(b, s)?;
    let (a, bb) = c.src2(b)?;
    let ty = s.ty;
    let r = b.binv(op, ty, a, bb);
    let sub = op == BinOp::Sub;
    let carry = match (s.flags.signed, sub) {
        (true, _) => overflow(b, ty, a, bb, r, sub),
        (false, false) => b.icmp(ICond::Ult, ty, r, a),
        (false, true) => b.icmp(ICond::Ult, ty, a, bb),
    };
    set_scc(b, carry);
    c.write(b, r)
}

/// `a op b op SCC` with SCC the carry (borrow) out of either step.
fn addc(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let op = sem_int(b, s)?;
    let (a, bb) = c.src2(b)?;
    let ty = s.ty;
    let scc = b.scc;
    let cin = b.b2i(scc);
    let r1 = b.binv(op, ty, a, bb);
    let r = b.binv(op, ty, r1, cin);
    let (c1, c2) = if op == BinOp::Add {
        (b.icmp(ICond::Ult, ty, r1, a), b.icmp(ICond::Ult, ty, r, r1))
    } else {
        (
            b.icmp(ICond::Ult, ty, a, bb),
            b.icmp(ICond::Ult, ty, r1, cin),
        )
    };
    let o = b.binv(BinOp::Or, Type::I1, c1, c2);
    set_scc(b, o);
    c.write(b, r)
}

/// min / max with SCC = whether src0 was chosen.
fn min_max(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let cond = match sem_int(b, s)? {
        BinOp::MinS => ICond::Slt,
        BinOp::MinU => ICond::Ult,
        BinOp::MaxS => ICond::Sgt,
        BinOp::MaxU => ICond::Ugt,
        _ => return Err(b.unsupported("s_minmax row without a min / max op")),
    };
    let (a, bb) = c.src2(b)?;
    let p = b.icmp(cond, s.ty, a, bb);
    set_scc(b, p);
    let r = b.select(s.ty, p, a, bb);
    c.write(b, r)
}

fn bfm(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    use BinOp::*;
    let (a, bb) = c.src2(b)?;
    let ty = s.ty;
    let n = bit_index(b, ty, a);
    let sh = bit_index(b, ty, bb);
    let one = b.binv(Shl, ty, Operand::Imm(1), n);
    let mask = b.binv(Sub, ty, one, Operand::Imm(1));
    let r = b.binv(Shl, ty, mask, sh);
    c.write(b, r)
}

/// Offset in src1's low bits (masked to the width), width in bits [16, 23).
fn bfe(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    use BinOp::*;
    let (a, bb) = c.src2(b)?;
    // A literal src1 keeps the field constant (shifts and masks in the JIT).
    let pos = bit_index(b, s.ty, bb);
    let l = b.bin_fold(LShr, Type::I32, bb, Operand::Imm(16));
    let len = b.bin_fold(And, Type::I32, l, Operand::Imm(0x7f));
    let r = b.bfe(s.flags.signed, s.ty, a, pos, len);
    finish(b, c, s, s.ty, r)
}

fn lshl_add(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let (a, bb) = c.src2(b)?;
    let (t, t64) = (Type::I32, Type::I64);
    let a64 = b.cvt(CvtOp::Zext, t64, t, a);
    let b64 = b.cvt(CvtOp::Zext, t64, t, bb);
    let sh = b.binv(BinOp::Shl, t64, a64, Operand::Imm(s.flags.shift as u64));
    let sum = b.binv(BinOp::Add, t64, sh, b64);
    let carry = b.icmp(ICond::Ugt, t64, sum, Operand::Imm(0xffff_ffff));
    set_scc(b, carry);
    let r = b.cvt(CvtOp::Trunc, t, t64, sum);
    c.write(b, r)
}

/// `{src1 half, src0 half}`, each the low half or (`hi0` / `hi1`) the high.
fn pack(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    use BinOp::*;
    let (a, bb) = c.src2(b)?;
    let ty = s.ty;
    let lo = if s.flags.hi_half[0] {
        b.binv(LShr, ty, a, Operand::Imm(16))
    } else {
        b.binv(And, ty, a, Operand::Imm(0xffff))
    };
    let hi = if s.flags.hi_half[1] {
        b.binv(And, ty, bb, Operand::Imm(0xffff_0000))
    } else {
        b.binv(Shl, ty, bb, Operand::Imm(16))
    };
    let r = b.binv(Or, ty, lo, hi);
    c.write(b, r)
}

/// s_wqm (each quad with any bit set becomes 0xf) and s_quadmask (bit i =
/// quad i has a bit set).
fn quad(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    use BinOp::*;
    let a = c.src(b, "ssrc0")?;
    let ty = s.ty;
    let x1 = b.binv(LShr, ty, a, Operand::Imm(1));
    let y = b.binv(Or, ty, a, x1);
    let y2 = b.binv(LShr, ty, y, Operand::Imm(2));
    let z = b.binv(Or, ty, y, y2);
    let any = b.binv(And, ty, z, Operand::Imm(0x1111_1111_1111_1111 & ty.mask()));
    let r = if s.kind == Kind::SWqm {
        b.binv(Mul, ty, any, Operand::Imm(0xf))
    } else {
        // Gather bit 4i to bit i.
        let mut acc = b.t(ty);
        b.mov(ty, acc, Operand::Imm(0));
        for i in 0..(ty.bits() as u64 / 4) {
            let sh = b.binv(LShr, ty, any, Operand::Imm(3 * i));
            let bit = b.binv(And, ty, sh, Operand::Imm(1 << i));
            acc = b.binv(Or, ty, acc, bit);
        }
        acc
    };
    finish(b, c, s, ty, r)
}

/// s_bitreplicate_b64_b32: bits 2i and 2i+1 of the result are bit i of the
/// source (the bits spread apart by halving shifts, then doubled).
fn bitreplicate(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    use BinOp::*;
    let a = c.src(b, "ssrc0")?;
    let mut x: Operand = b.cvt(CvtOp::Zext, Type::I64, Type::I32, a).into();
    for (sh, mask) in [
        (16, 0x0000_ffff_0000_ffffu64),
        (8, 0x00ff_00ff_00ff_00ff),
        (4, 0x0f0f_0f0f_0f0f_0f0f),
        (2, 0x3333_3333_3333_3333),
        (1, 0x5555_5555_5555_5555),
    ] {
        let up = b.binv(Shl, Type::I64, x, Operand::Imm(sh));
        let or = b.binv(Or, Type::I64, x, up);
        x = b.binv(And, Type::I64, or, Operand::Imm(mask)).into();
    }
    let up = b.binv(Shl, Type::I64, x, Operand::Imm(1));
    let r = b.binv(Or, Type::I64, x, up);
    finish(b, c, s, Type::I64, r)
}

/// Count of set (or, `inv0`, clear) bits of a 32- or 64-bit source.
fn bcnt(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let a = c.src(b, "ssrc0")?;
    let st = s.src;
    let x: Operand = if s.flags.inv[0] {
        b.un(UnOp::Not, st, a).into()
    } else {
        a
    };
    let p = b.un(UnOp::Popc, st, x);
    let r = if st == Type::I64 {
        b.cvt(CvtOp::Trunc, Type::I32, Type::I64, p)
    } else {
        p
    };
    finish(b, c, s, Type::I32, r)
}

/// First one (or, `inv0`, zero) bit from the bottom (`ctz`) or the top
/// (`clz`; `signed`: the first bit that differs from the sign); -1 when none.
fn ffb(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let op = sem_un(b, s)?;
    let a = c.src(b, "ssrc0")?;
    let st = s.src;
    let bits = st.bits() as u64;
    let x: Operand = if s.flags.inv[0] {
        b.un(UnOp::Not, st, a).into()
    } else if s.flags.signed {
        let sg = b.binv(BinOp::AShr, st, a, Operand::Imm(bits - 1));
        b.binv(BinOp::Xor, st, a, sg).into()
    } else {
        a
    };
    let n = b.un(op, st, x);
    let n32 = if st == Type::I64 {
        b.cvt(CvtOp::Trunc, Type::I32, Type::I64, n)
    } else {
        n
    };
    let none = b.icmp(ICond::Eq, Type::I32, n32, Operand::Imm(bits));
    let r = b.select(Type::I32, none, Operand::Imm(0xffff_ffff), n32);
    c.write(b, r)
}

/// `sdst = sdst op (1 << (src0 & (width - 1)))`, the bit inverted for
/// `inv1` (clearing it).
fn bitset(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let a = c.src(b, "ssrc0")?;
    let old = c.old(b)?;
    let ty = s.ty;
    let n = bit_index(b, ty, a);
    let bit = b.binv(BinOp::Shl, ty, Operand::Imm(1), n);
    let r = logic(b, s, ty, old, bit.into())?;
    c.write(b, r)
}

/// The saveexec family: `D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0`
/// (`wr`: D = the new EXEC).
fn saveexec(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let t = Type::I64;
    let a = c.src(b, "ssrc0")?;
    let ex = b.exec64();
    let r = logic(b, s, t, a, ex.into())?;
    let sdst = c.inst.get("sdst");
    if s.flags.wr {
        b.wr_s64(sdst, r)?;
    } else {
        b.wr_s64(sdst, ex)?;
    }
    b.wr_s64(EXEC_LO, r)?;
    scc_nonzero(b, t, r);
    Ok(())
}
