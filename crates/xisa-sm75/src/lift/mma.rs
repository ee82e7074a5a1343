//! Warp-collective matrix instructions: `HMMA.1688` (`mma.sync` m16n8k8 on
//! `f16`), `IMMA.8816`/`IMMA.8832` (m8n8k16 on 8-bit, m8n8k32 on 4-bit
//! integers), `BMMA.88128` (m8n8k128 on bits, XOR + POPC), `LDSM`
//! (`ldmatrix`) and `MOVM` (`movmatrix`, the transposes of wmma's
//! column-major loads).
//!
//! Each lane holds a fragment of the operands in its registers, with the
//! layouts of the PTX ISA's `mma` section: lane `4g + t` (`g` the group,
//! `t` the thread in the group) holds row `g` of A (and `g + 8` for the
//! m16 shape), column `g` of B and `D[g][2t..2t+2]`. Every lane computes its
//! own outputs after reading, with `shfl`, the A row from lanes `4g..4g+4`
//! and the two B columns from lanes `8t..8t+8`. The IR has no matrix op;
//! this needs only `shfl` (a wave sync point, so the warp executes the
//! instruction together, as `mma.sync` requires).
//!
//! Floating-point accumulation: the `f16` products are exact in `f32`; they
//! are added to C one at a time in k order, each sum rounded to nearest.
//! The hardware's internal order and rounding are not documented, so a
//! result can differ in the last bits from a GPU's when partial sums are
//! inexact (it is exact whenever they are, e.g. on small integers).
//! Integer accumulation is exact (`.SAT` clamps to the `s32` range).

use xisa_ir::{
    BinOp, CvtOp, FBinOp, FUnOp, MemKind, MemType, Op, Operand, Order, Round, SReg, Scope, Space,
    Type,
};

use super::view::{Opnd, Val};
use super::{LiftError, LiftFn, Lifter};

/// The matrix ops, by mnemonic, lifted from their syntax (`view.rs`).
pub(crate) const OPS: &[(&str, LiftFn)] = &[
    ("HMMA", hmma),
    ("IMMA", imma),
    ("BMMA", bmma),
    ("LDSM", ldsm),
    ("MOVM", movm),
];

/// The general register operand `pos` names, with the prefixes and
/// suffixes in `known`.
fn reg_at(l: &mut Lifter, pos: usize, known: &[&str]) -> Result<(u8, Opnd), LiftError> {
    let o = l.opnd(pos, known)?;
    match o.val {
        Val::R(n) => Ok((n, o)),
        _ => Err(l.unsupported(format!(
            "{}: operand {pos} is not a register",
            l.form_name()
        ))),
    }
}

/// The A (`.ROW`) and B (`.COL`) operands of an integer or bit MMA: only
/// those layouts exist on sm_75.
fn row_col(l: &mut Lifter) -> Result<(u8, u8), LiftError> {
    let (ra, a) = reg_at(l, 1, &["ROW", "COL"])?;
    let (rb, b) = reg_at(l, 2, &["ROW", "COL"])?;
    if !a.has("ROW") || !b.has("COL") {
        return Err(l.unsupported(format!("{}: A must be .ROW and B .COL", l.form_name())));
    }
    Ok((ra, rb))
}

/// Register `base + i` of a fragment (RZ stays RZ: a zero operand).
fn part(l: &Lifter, base: u8, i: u8) -> Result<u8, LiftError> {
    if base == 255 {
        return Ok(255);
    }
    match base.checked_add(i) {
        Some(r) if r < 255 => Ok(r),
        _ => Err(l.unsupported(format!(
            "matrix fragment R{base}..R{} runs past R254",
            u32::from(base) + u32::from(i)
        ))),
    }
}

/// The lane ids a lane reads its operands from: `4g + q` (its A row) and
/// `8t + q`, `8t + 4 + q` (its two B columns), for `q` in 0..4.
struct Sources {
    row: [Operand; 4],
    col0: [Operand; 4],
    col1: [Operand; 4],
}

fn sources(l: &mut Lifter) -> Sources {
    let lane = l.special(SReg::LaneId);
    let g4 = l.bin32(BinOp::And, lane, Operand::Imm(!3u32 as u64));
    let t = l.bin32(BinOp::And, lane, Operand::Imm(3));
    let t8 = l.bin32(BinOp::Shl, t, Operand::Imm(3));
    let mut s = Sources {
        row: [Operand::Imm(0); 4],
        col0: [Operand::Imm(0); 4],
        col1: [Operand::Imm(0); 4],
    };
    for q in 0..4u64 {
        s.row[q as usize] = l.bin32(BinOp::Add, g4, Operand::Imm(q));
        s.col0[q as usize] = l.bin32(BinOp::Add, t8, Operand::Imm(q));
        s.col1[q as usize] = l.bin32(BinOp::Add, t8, Operand::Imm(4 + q));
    }
    s
}

/// `src` of lane `lane` (a wave sync point).
fn shfl(l: &mut Lifter, src: Operand, lane: Operand) -> Operand {
    let dst = l.tmp(Type::I32);
    l.emit(Op::Shfl {
        ty: Type::I32,
        dst,
        valid: None,
        src,
        lane,
    });
    dst.into()
}

/// Register `r` of every source lane in `lanes`.
fn gather(l: &mut Lifter, r: u8, lanes: &[Operand; 4]) -> [Operand; 4] {
    let v = l.read_gpr(r);
    lanes.map(|lane| shfl(l, v, lane))
}

/// Half `h` (0 low, 1 high) of a packed pair as an `f32` (exact).
fn half_f32(l: &mut Lifter, v: Operand, h: u64) -> Operand {
    let f = super::float::half_of(l, v, h == 1);
    l.cvt(CvtOp::FtoF, Type::F32, Type::F16, f)
}

fn fop(l: &mut Lifter, op: FBinOp, a: Operand, b: Operand) -> Operand {
    let dst = l.tmp(Type::F32);
    l.emit(Op::FBin {
        op,
        ty: Type::F32,
        rnd: Round::Rn,
        ftz: false,
        dst,
        a,
        b,
    });
    dst.into()
}

fn fneg(l: &mut Lifter, a: Operand) -> Operand {
    let dst = l.tmp(Type::F32);
    l.emit(Op::FUn {
        op: FUnOp::Neg,
        ty: Type::F32,
        ftz: false,
        dst,
        a,
    });
    dst.into()
}

/// `HMMA.1688.{F32,F16} Rd, [-]Ra, [-]Rb, Rc`: D (16x8) = A (16x8 `f16`,
/// rows; two registers) · B (8x8 `f16`, columns) + C (four `f32` or two
/// `f16x2` registers, as D). `HMMA.884` (m8n8k4, whose quad-pair fragment
/// layout is not lifted), the sm_80 shapes and `.SATFINITE` are refused.
fn hmma(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["1688", "884", "F16", "F32"])?;
    if m.has("884") {
        return Err(l.unsupported(format!(
            "{}: HMMA.884 (mma.sync m8n8k4): the quad-pair fragment layout of the m8n8k4 \
             shape is not lifted (m16n8k8 HMMA.1688 is)",
            l.form_name()
        )));
    }
    let f32acc = match (m.has("F32"), m.has("F16"), m.has("1688")) {
        (true, false, true) => true,
        (false, true, true) => false,
        _ => {
            return Err(l.unsupported(format!(
                "{}: not an HMMA.1688 with one accumulator type",
                l.form_name()
            )))
        }
    };
    let (rd, _) = reg_at(l, 0, &[])?;
    let (ra, a) = reg_at(l, 1, &["-"])?;
    let (rb, b) = reg_at(l, 2, &["-"])?;
    let (rc, _) = reg_at(l, 3, &[])?;
    let (na, nb) = (a.neg, b.neg);
    let src = sources(l);
    let a0 = part(l, ra, 0)?;
    let a1 = part(l, ra, 1)?;
    let arow = [gather(l, a0, &src.row), gather(l, a1, &src.row)];
    let bcol = [gather(l, rb, &src.col0), gather(l, rb, &src.col1)];
    let mut outs = [[Operand::Imm(0); 2]; 2];
    for (r, a) in arow.iter().enumerate() {
        for (c, b) in bcol.iter().enumerate() {
            let mut acc = if f32acc {
                let v = l.read_gpr(part(l, rc, (2 * r + c) as u8)?);
                l.cvt(CvtOp::Bitcast, Type::F32, Type::I32, v)
            } else {
                let v = l.read_gpr(part(l, rc, r as u8)?);
                half_f32(l, v, c as u64)
            };
            for q in 0..4 {
                for e in 0..2 {
                    let x = half_f32(l, a[q], e);
                    let x = if na { fneg(l, x) } else { x };
                    let y = half_f32(l, b[q], e);
                    let y = if nb { fneg(l, y) } else { y };
                    let p = fop(l, FBinOp::Mul, x, y);
                    acc = fop(l, FBinOp::Add, acc, p);
                }
            }
            outs[r][c] = acc;
        }
    }
    for (r, row) in outs.iter().enumerate() {
        if f32acc {
            for (c, v) in row.iter().enumerate() {
                let i = l.cvt(CvtOp::Bitcast, Type::I32, Type::F32, *v);
                let d = part(l, rd, (2 * r + c) as u8)?;
                l.write_gpr(d, i);
            }
        } else {
            let h: Vec<Operand> = row
                .iter()
                .map(|v| {
                    let f = l.cvt(CvtOp::FtoF, Type::F16, Type::F32, *v);
                    let i = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, f);
                    l.cvt(CvtOp::Zext, Type::I32, Type::I16, i)
                })
                .collect();
            let hi = l.bin32(BinOp::Shl, h[1], Operand::Imm(16));
            let v = l.bin32(BinOp::Or, h[0], hi);
            let d = part(l, rd, r as u8)?;
            l.write_gpr(d, v);
        }
    }
    Ok(())
}

/// Element `e` (`width` bits, signed or not) of a packed register, as `i64`.
fn element(l: &mut Lifter, v: Operand, e: u64, width: u64, signed: bool) -> Operand {
    let x = l.tmp(Type::I32);
    l.emit(Op::Bfe {
        signed,
        ty: Type::I32,
        dst: x,
        a: v,
        pos: Operand::Imm(e * width),
        len: Operand::Imm(width),
    });
    let op = if signed { CvtOp::Sext } else { CvtOp::Zext };
    l.cvt(op, Type::I64, Type::I32, x.into())
}

/// Writes `acc` (an exact `i64` sum), clamped to `s32` with `sat`, else
/// wrapped, to `Rd + i`.
fn write_s32(l: &mut Lifter, rd: u8, i: u8, acc: Operand, sat: bool) -> Result<(), LiftError> {
    let acc = if sat {
        let lo = l.bin(
            BinOp::MaxS,
            Type::I64,
            acc,
            Operand::Imm(i32::MIN as i64 as u64),
        );
        l.bin(BinOp::MinS, Type::I64, lo, Operand::Imm(i32::MAX as u64))
    } else {
        acc
    };
    let v = l.cvt(CvtOp::Trunc, Type::I32, Type::I64, acc);
    let d = part(l, rd, i)?;
    l.write_gpr(d, v);
    Ok(())
}

/// `IMMA.8816.{S8,U8}.{S8,U8}[.SAT]` (m8n8k16) and
/// `IMMA.8832.{S4,U4}.{S4,U4}[.SAT]` (m8n8k32): D (8x8 `s32`) = A (rows) ·
/// B (columns) + C, the type tokens A's then B's; `.SAT` clamps to `s32`.
fn imma(l: &mut Lifter) -> Result<(), LiftError> {
    const TYPES: [(&str, u64, bool); 4] = [
        ("S8", 8, true),
        ("U8", 8, false),
        ("S4", 4, true),
        ("U4", 4, false),
    ];
    let m = l.mods(&["8816", "8832", "S8", "U8", "S4", "U4", "SAT"])?;
    let tys: Vec<(u64, bool)> = m
        .toks()
        .iter()
        .filter_map(|t| TYPES.iter().find(|x| x.0 == t).map(|x| (x.1, x.2)))
        .collect();
    let shape = if m.has("8816") { 8 } else { 4 };
    let [(wa, sa), (wb, sb)] = tys[..] else {
        return Err(l.unsupported(format!("{}: not two operand types", l.form_name())));
    };
    if wa != shape || wb != shape || m.has("8816") == m.has("8832") {
        return Err(l.unsupported(format!(
            "{}: the operand types do not match the shape",
            l.form_name()
        )));
    }
    let (width, sat) = (shape, m.has("SAT"));
    let (rd, _) = reg_at(l, 0, &[])?;
    let (ra, rb) = row_col(l)?;
    let (rc, _) = reg_at(l, 3, &[])?;
    let src = sources(l);
    let arow = gather(l, ra, &src.row);
    let bcol = [gather(l, rb, &src.col0), gather(l, rb, &src.col1)];
    for (c, b) in bcol.iter().enumerate() {
        let cv = l.read_gpr(part(l, rc, c as u8)?);
        let mut acc = l.cvt(CvtOp::Sext, Type::I64, Type::I32, cv);
        for q in 0..4 {
            for e in 0..32 / width {
                let x = element(l, arow[q], e, width, sa);
                let y = element(l, b[q], e, width, sb);
                let p = l.bin(BinOp::Mul, Type::I64, x, y);
                acc = l.bin(BinOp::Add, Type::I64, acc, p);
            }
        }
        write_s32(l, rd, c as u8, acc, sat)?;
    }
    Ok(())
}

/// `BMMA.88128.XOR.POPC` (m8n8k128 on bits): D (8x8 `s32`) = Σ popc(A
/// row XOR B column) + C, over 128 bits.
fn bmma(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["88128", "XOR", "POPC"])?;
    if m.toks().len() != 3 {
        return Err(l.unsupported(format!(
            "{}: only BMMA.88128.XOR.POPC is lifted",
            l.form_name()
        )));
    }
    let (rd, _) = reg_at(l, 0, &[])?;
    let (ra, rb) = row_col(l)?;
    let (rc, _) = reg_at(l, 3, &[])?;
    let src = sources(l);
    let arow = gather(l, ra, &src.row);
    let bcol = [gather(l, rb, &src.col0), gather(l, rb, &src.col1)];
    for (c, b) in bcol.iter().enumerate() {
        let mut acc = l.read_gpr(part(l, rc, c as u8)?);
        for q in 0..4 {
            let x = l.bin32(BinOp::Xor, arow[q], b[q]);
            let n = l.tmp(Type::I32);
            l.emit(Op::Un {
                op: xisa_ir::UnOp::Popc,
                ty: Type::I32,
                dst: n,
                a: x,
            });
            acc = l.bin32(BinOp::Add, acc, n.into());
        }
        let d = part(l, rd, c as u8)?;
        l.write_gpr(d, acc);
    }
    Ok(())
}

/// `LDSM.16.{M88,MT88}.{1,2,4} Rd, [Ra+imm]` (`ldmatrix`): loads 1, 2 or
/// 4 8x8 matrices of 16-bit elements from shared memory; lanes `8j..8j+8`
/// give the row addresses of matrix `j`, and lane `4g + t` receives in
/// `Rd + j` row `g`, elements `2t` and `2t + 1` (`.M88`) or column `g`,
/// rows `2t` and `2t + 1` (`.MT88`, transposed). `.M816` and a
/// uniform-register address term are refused.
fn ldsm(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["16", "M88", "MT88", "1", "2", "4"])?;
    // One matrix prints no count.
    let n = match m.pick(&["1", "2", "4"]) {
        Some("2") => 2u8,
        Some("4") => 4,
        _ => 1,
    };
    if !m.has("16") || m.has("M88") == m.has("MT88") {
        return Err(l.unsupported(format!(
            "{}: only LDSM.16.M88 and LDSM.16.MT88 are lifted",
            l.form_name()
        )));
    }
    let trans = m.has("MT88");
    let (rd, _) = reg_at(l, 0, &[])?;
    let (base, off) = l.reg_imm_at(1)?;
    let Val::R(ra) = base else {
        return Err(l.unsupported(format!(
            "{}: the address is not a general register",
            l.form_name()
        )));
    };
    let base = l.read_gpr(ra);
    let addr = l.bin32(BinOp::Add, base, Operand::Imm(off as u64 & 0xffff_ffff));
    let lane = l.special(SReg::LaneId);
    let g = l.bin32(BinOp::LShr, lane, Operand::Imm(2));
    let t = l.bin32(BinOp::And, lane, Operand::Imm(3));
    let mut outs = Vec::new();
    for j in 0..u64::from(n) {
        let v = if trans {
            // Rows 2t and 2t + 1 of matrix j, column g: two 16-bit loads.
            let t2 = l.bin32(BinOp::Shl, t, Operand::Imm(1));
            let col = l.bin32(BinOp::Shl, g, Operand::Imm(1));
            let mut halves = Vec::new();
            for e in 0..2 {
                let src_lane = l.bin32(BinOp::Add, t2, Operand::Imm(8 * j + e));
                let row = shfl(l, addr, src_lane);
                let a = l.bin32(BinOp::Add, row, col);
                halves.push(load_shared(l, a, MemKind::U16));
            }
            let hi = l.bin32(BinOp::Shl, halves[1], Operand::Imm(16));
            l.bin32(BinOp::Or, halves[0], hi)
        } else {
            // Row g of matrix j, elements 2t and 2t + 1: one 32-bit load.
            let src_lane = l.bin32(BinOp::Add, g, Operand::Imm(8 * j));
            let row = shfl(l, addr, src_lane);
            let t4 = l.bin32(BinOp::Shl, t, Operand::Imm(2));
            let a = l.bin32(BinOp::Add, row, t4);
            load_shared(l, a, MemKind::B32)
        };
        outs.push(v);
    }
    // Written after every load: Rd may be Ra.
    for (j, v) in outs.into_iter().enumerate() {
        let d = part(l, rd, j as u8)?;
        l.write_gpr(d, v);
    }
    Ok(())
}

/// `MOVM.16.MT88 Rd, Ra` (PTX `movmatrix.m8n8.trans.b16`): transposes an
/// 8x8 matrix of 16-bit elements held by the warp, lane `4g + t` holding
/// row `g`, elements `2t` and `2t + 1`. Lane `4g + t` receives original
/// elements `(2t, g)` and `(2t + 1, g)`, which lanes `8t + g/2` and
/// `8t + 4 + g/2` hold in half `g % 2`. `.M832`/`.M864` are refused.
fn movm(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["16", "MT88"])?;
    if m.toks().len() != 2 {
        return Err(l.unsupported(format!("{}: only MOVM.16.MT88 is lifted", l.form_name())));
    }
    let (rd, _) = reg_at(l, 0, &[])?;
    let (ra, _) = reg_at(l, 1, &[])?;
    let lane = l.special(SReg::LaneId);
    let g = l.bin32(BinOp::LShr, lane, Operand::Imm(2));
    let t = l.bin32(BinOp::And, lane, Operand::Imm(3));
    let t8 = l.bin32(BinOp::Shl, t, Operand::Imm(3));
    let g2 = l.bin32(BinOp::LShr, g, Operand::Imm(1));
    let gh = l.bin32(BinOp::And, g, Operand::Imm(1));
    let shift = l.bin32(BinOp::Shl, gh, Operand::Imm(4));
    let src = l.read_gpr(ra);
    let mut halves = Vec::new();
    for k in 0..2u64 {
        let base = l.bin32(BinOp::Add, t8, Operand::Imm(4 * k));
        let from = l.bin32(BinOp::Add, base, g2);
        let v = shfl(l, src, from);
        let v = l.bin32(BinOp::LShr, v, shift);
        halves.push(l.bin32(BinOp::And, v, Operand::Imm(0xffff)));
    }
    let hi = l.bin32(BinOp::Shl, halves[1], Operand::Imm(16));
    let v = l.bin32(BinOp::Or, halves[0], hi);
    l.write_gpr(rd, v);
    Ok(())
}

fn load_shared(l: &mut Lifter, base: Operand, mem: MemKind) -> Operand {
    let dst = l.tmp(Type::I32);
    l.emit(Op::Load {
        space: Space::Shared,
        mem: MemType::scalar(mem),
        order: Order::Weak,
        scope: Scope::Device,
        uniform: false,
        dsts: vec![dst],
        addr: xisa_ir::Address::Flat { base, offset: 0 },
    });
    dst.into()
}
