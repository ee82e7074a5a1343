//! Warp-collective matrix instructions: `HMMA.1688` (`mma.sync` m16n8k8 on
//! `f16`), `HMMA.884` (m8n8k4, per quad-pair, in steps), `IMMA.8816`/`IMMA.8832` (m8n8k16 on 8-bit, m8n8k32 on 4-bit
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

use xisa_ir::op;
use xisa_ir::{
    BinOp, CvtOp, FBinOp, FUnOp, ICond, MemKind, MemType, Op, Operand, Order, Round, SReg, Scope,
    Space, Type,
};

use super::float::{fop, fun};
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

/// The operands of an integer or bit MMA (`Rd, Ra.ROW, Rb.COL, Rc`): `Rd`,
/// `Rc`, this lane's A row and its two B columns, gathered from the lanes
/// that hold them.
type IntOperands = (u8, u8, [Operand; 4], [[Operand; 4]; 2]);

/// Reads the operands of an integer or bit MMA (see [`IntOperands`]).
fn int_operands(l: &mut Lifter) -> Result<IntOperands, LiftError> {
    let (rd, _) = reg_at(l, 0, &[])?;
    let (ra, rb) = row_col(l)?;
    let (rc, _) = reg_at(l, 3, &[])?;
    let src = sources(l);
    let arow = gather(l, ra, &src.row);
    let bcol = [gather(l, rb, &src.col0), gather(l, rb, &src.col1)];
    Ok((rd, rc, arow, bcol))
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
    l.emit(Op::Shfl(op::Shfl {
        ty: Type::I32,
        dst,
        valid: None,
        src,
        lane,
    }));
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

/// `acc + x·y` in `f32`, x and y negated where `neg` says, the product and
/// the sum each rounded to nearest: one step of the MMA accumulation.
fn mac(l: &mut Lifter, acc: Operand, x: Operand, y: Operand, neg: (bool, bool)) -> Operand {
    let f32t = Type::F32;
    let x = if neg.0 {
        fun(l, FUnOp::Neg, f32t, false, x)
    } else {
        x
    };
    let y = if neg.1 {
        fun(l, FUnOp::Neg, f32t, false, y)
    } else {
        y
    };
    let p = fop(l, FBinOp::Mul, f32t, Round::Rn, false, x, y);
    fop(l, FBinOp::Add, f32t, Round::Rn, false, acc, p.into()).into()
}

/// `HMMA.1688.{F32,F16} Rd, [-]Ra, [-]Rb, Rc`: D (16x8) = A (16x8 `f16`,
/// rows; two registers) · B (8x8 `f16`, columns) + C (four `f32` or two
/// `f16x2` registers, as D). `HMMA.884` is [`hmma884`]; the sm_80 shapes
/// and `.SATFINITE` are refused.
fn hmma(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&[
        "1688", "884", "F16", "F32", "STEP0", "STEP1", "STEP2", "STEP3",
    ])?;
    if m.has("884") {
        return hmma884(l, &m);
    }
    let f32acc = match (m.has("F32"), m.has("F16"), m.has("1688"), m.toks().len()) {
        (true, false, true, 2) => true,
        (false, true, true, 2) => false,
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
                    let y = half_f32(l, b[q], e);
                    acc = mac(l, acc, x, y, (na, nb));
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
            let v = pack_f16(l, row[0], row[1]);
            let d = part(l, rd, r as u8)?;
            l.write_gpr(d, v);
        }
    }
    Ok(())
}

/// An index into a fragment: known when lifting, or a lane-dependent `i32`
/// value.
#[derive(Clone, Copy)]
enum Idx {
    Const(u8),
    Dyn(Operand),
}

/// Which half-warp a quad-pair lane sits in: the reading lane's own, or
/// the low (lanes 0-15) or high (16-31) one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum HalfWarp {
    Own,
    Lo,
    Hi,
}

/// The quad-pair of the reading lane: the four lanes `4g + q` of a half
/// warp, `g = (lane >> 2) & 3` (m8n8k4 runs four independent products, one
/// per quad-pair: lanes `4g..4g+4` and `16+4g..16+4g+4`). Gathered register
/// pairs are kept, so an operand is shuffled once per instruction.
struct QuadPair {
    lane: Operand,
    g4: Operand,
    own: Operand,
    got: std::collections::HashMap<(u8, HalfWarp), [[Operand; 2]; 4]>,
}

impl QuadPair {
    fn new(l: &mut Lifter) -> Self {
        let lane = l.special(SReg::LaneId);
        let g4 = l.bin32(BinOp::And, lane, Operand::Imm(12));
        let own = l.bin32(BinOp::And, lane, Operand::Imm(16));
        QuadPair {
            lane,
            g4,
            own,
            got: Default::default(),
        }
    }

    /// Registers `base`, `base + 1` of the four lanes of half `h`.
    fn pairs(
        &mut self,
        l: &mut Lifter,
        base: u8,
        h: HalfWarp,
    ) -> Result<[[Operand; 2]; 4], LiftError> {
        if let Some(v) = self.got.get(&(base, h)) {
            return Ok(*v);
        }
        let off = match h {
            HalfWarp::Own => self.own,
            HalfWarp::Lo => Operand::Imm(0),
            HalfWarp::Hi => Operand::Imm(16),
        };
        let first = l.bin32(BinOp::Add, self.g4, off);
        let regs = [l.read_gpr(part(l, base, 0)?), l.read_gpr(part(l, base, 1)?)];
        let mut out = [[Operand::Imm(0); 2]; 4];
        for (q, o) in out.iter_mut().enumerate() {
            let src = l.bin32(BinOp::Add, first, Operand::Imm(q as u64));
            *o = regs.map(|r| shfl(l, r, src));
        }
        self.got.insert((base, h), out);
        Ok(out)
    }
}

/// `vals[i]`: `i` known, or a select tree on the bits of a dynamic index.
fn pick(l: &mut Lifter, vals: &[Operand], i: Idx) -> Operand {
    match i {
        Idx::Const(i) => vals[usize::from(i)],
        Idx::Dyn(_) if vals.len() == 1 => vals[0],
        Idx::Dyn(v) => {
            let n = vals.len() / 2;
            let bit = l.bin32(BinOp::And, v, Operand::Imm(n as u64));
            let hi = l.icmp(ICond::Ne, Type::I32, bit, Operand::Imm(0));
            let a = pick(l, &vals[n..], i);
            let b = pick(l, &vals[..n], i);
            l.select(Type::I32, hi, a, b)
        }
    }
}

/// Element `e` (0..4) of a two-register `f16` fragment, as an exact `f32`.
fn f16_elem(l: &mut Lifter, regs: [Operand; 2], e: Idx) -> Operand {
    match e {
        Idx::Const(e) => half_f32(l, regs[usize::from(e >> 1)], u64::from(e & 1)),
        Idx::Dyn(v) => {
            let reg = l.bin32(BinOp::LShr, v, Operand::Imm(1));
            let r = pick(l, &regs, Idx::Dyn(reg));
            let h = l.bin32(BinOp::And, v, Operand::Imm(1));
            let sh = l.bin32(BinOp::Shl, h, Operand::Imm(4));
            let x = l.bin32(BinOp::LShr, r, sh);
            half_f32(l, x, 0)
        }
    }
}

/// Element `e` of the fragment pair that lane `q` of `h` holds in `base`.
fn quad_elem(
    l: &mut Lifter,
    qp: &mut QuadPair,
    base: u8,
    h: HalfWarp,
    q: Idx,
    e: Idx,
) -> Result<Operand, LiftError> {
    let all = qp.pairs(l, base, h)?;
    let regs = [0, 1].map(|r| {
        let v: Vec<Operand> = all.iter().map(|p| p[r]).collect();
        pick(l, &v, q)
    });
    Ok(f16_elem(l, regs, e))
}

/// `HMMA.884.{F16.F16,F32.F16,F32.F32}.STEPn Rd, [-]Ra.{ROW,COL},
/// [-]Rb.{ROW,COL}, Rc` (`mma.sync.m8n8k4`): each quad-pair (lanes `4g..4g+4`
/// and `16+4g..16+4g+4`) computes its own D (8x8) = A (8x4 `f16`) · B (4x8
/// `f16`) + C, with the fragment layouts of the PTX ISA (A and B: two
/// `f16x2` registers per lane, row or column layout; C and D: `f16`, one row
/// per lane, or `f32` spread over the quad-pair). `ptxas` splits the product
/// into steps, each writing a register pair of D from the pair of C at Rc:
/// `F16.F16` step n columns `4n..4n+4` of the lane's row; `F32` step n
/// elements `2n`, `2n+1` of the lane's eight (row `(lane & 1) + (i & 2)`,
/// column `(i & 4) + (lane & 2) + (i & 1)`, plus 4 rows in the high half),
/// with an `f16` C (`F32.F16`) read from the lane holding that row (C's
/// pair holds columns `4(n/2)..4(n/2)+4` in every lane). Accumulation in
/// `f32`, k order, as HMMA.1688. `.SATFINITE` is refused.
fn hmma884(l: &mut Lifter, m: &super::view::Mods) -> Result<(), LiftError> {
    let toks = m.toks();
    let step = toks
        .iter()
        .find_map(|t| t.strip_prefix("STEP"))
        .and_then(|n| n.parse::<u8>().ok());
    let (f32d, f32c, step) = match (toks.len(), toks.get(1), toks.get(2), step) {
        (4, Some(d), Some(c), Some(n)) if d == "F16" && c == "F16" && n < 2 => (false, false, n),
        (4, Some(d), Some(c), Some(n)) if d == "F32" && (c == "F16" || c == "F32") => {
            (true, c == "F32", n)
        }
        _ => {
            return Err(l.unsupported(format!(
                "{}: not an HMMA.884 step (F16.F16 STEP0-1, F32.F16 or F32.F32 STEP0-3)",
                l.form_name()
            )))
        }
    };
    let (rd, _) = reg_at(l, 0, &[])?;
    let (ra, a) = reg_at(l, 1, &["-", "ROW", "COL"])?;
    let (rb, b) = reg_at(l, 2, &["-", "ROW", "COL"])?;
    let (rc, _) = reg_at(l, 3, &[])?;
    if a.has("ROW") == a.has("COL") || b.has("ROW") == b.has("COL") {
        return Err(l.unsupported(format!(
            "{}: A and B need one layout each (.ROW or .COL)",
            l.form_name()
        )));
    }
    let (arow, brow) = (a.has("ROW"), b.has("ROW"));
    let mut qp = QuadPair::new(l);
    // The D elements this step writes, as (row & 3, column & 3, column's
    // half warp, C): the row's half warp is always the lane's own.
    let lane = qp.lane;
    let mut outs = Vec::new();
    if f32d {
        let r = l.bin32(BinOp::And, lane, Operand::Imm(1));
        let r = l.bin32(BinOp::Add, r, Operand::Imm(u64::from(step & 1) * 2));
        let c2 = l.bin32(BinOp::And, lane, Operand::Imm(2));
        for j in 0..2u8 {
            let col = l.bin32(BinOp::Add, c2, Operand::Imm(u64::from(j)));
            let h = if step >= 2 {
                HalfWarp::Hi
            } else {
                HalfWarp::Lo
            };
            let c = if f32c {
                let v = l.read_gpr(part(l, rc, j)?);
                l.cvt(CvtOp::Bitcast, Type::F32, Type::I32, v)
            } else {
                quad_elem(l, &mut qp, rc, HalfWarp::Own, Idx::Dyn(r), Idx::Dyn(col))?
            };
            outs.push((Idx::Dyn(r), Idx::Dyn(col), h, c));
        }
    } else {
        let r = l.bin32(BinOp::And, lane, Operand::Imm(3));
        let h = if step == 1 {
            HalfWarp::Hi
        } else {
            HalfWarp::Lo
        };
        for j in 0..4u8 {
            let v = l.read_gpr(part(l, rc, j >> 1)?);
            let c = half_f32(l, v, u64::from(j & 1));
            outs.push((Idx::Dyn(r), Idx::Const(j), h, c));
        }
    }
    let mut vals = Vec::new();
    for (r, col, h, c) in outs {
        let mut acc = c;
        for k in 0..4u8 {
            // A[row][k] and B[k][col], from the lane the layout puts them in.
            let x = if arow {
                quad_elem(l, &mut qp, ra, HalfWarp::Own, r, Idx::Const(k))?
            } else {
                quad_elem(l, &mut qp, ra, HalfWarp::Own, Idx::Const(k), r)?
            };
            let y = if brow {
                quad_elem(l, &mut qp, rb, h, Idx::Const(k), col)?
            } else {
                quad_elem(l, &mut qp, rb, h, col, Idx::Const(k))?
            };
            acc = mac(l, acc, x, y, (a.neg, b.neg));
        }
        vals.push(acc);
    }
    if f32d {
        for (j, v) in vals.iter().enumerate() {
            let i = l.cvt(CvtOp::Bitcast, Type::I32, Type::F32, *v);
            let d = part(l, rd, j as u8)?;
            l.write_gpr(d, i);
        }
    } else {
        let packed: Vec<Operand> = vals.chunks(2).map(|p| pack_f16(l, p[0], p[1])).collect();
        for (j, v) in packed.into_iter().enumerate() {
            let d = part(l, rd, j as u8)?;
            l.write_gpr(d, v);
        }
    }
    Ok(())
}

/// Two `f32` values rounded to `f16` and packed (`lo` in bits 0-15).
fn pack_f16(l: &mut Lifter, lo: Operand, hi: Operand) -> Operand {
    let [lo, hi] = [lo, hi].map(|v| {
        let f = l.cvt(CvtOp::FtoF, Type::F16, Type::F32, v);
        let i = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, f);
        l.cvt(CvtOp::Zext, Type::I32, Type::I16, i)
    });
    let hi = l.bin32(BinOp::Shl, hi, Operand::Imm(16));
    l.bin32(BinOp::Or, lo, hi)
}

/// Element `e` (`width` bits, signed or not) of a packed register, as `i64`.
fn element(l: &mut Lifter, v: Operand, e: u64, width: u64, signed: bool) -> Operand {
    let x = l.tmp(Type::I32);
    l.emit(Op::Bfe(op::Bfe {
        signed,
        ty: Type::I32,
        dst: x,
        a: v,
        pos: Operand::Imm(e * width),
        len: Operand::Imm(width),
    }));
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
    let (rd, rc, arow, bcol) = int_operands(l)?;
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
    let (rd, rc, arow, bcol) = int_operands(l)?;
    for (c, b) in bcol.iter().enumerate() {
        let mut acc = l.read_gpr(part(l, rc, c as u8)?);
        for q in 0..4 {
            let x = l.bin32(BinOp::Xor, arow[q], b[q]);
            let n = l.tmp(Type::I32);
            l.emit(Op::Un(op::Un {
                op: xisa_ir::UnOp::Popc,
                ty: Type::I32,
                dst: n,
                a: x,
            }));
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
    l.emit(Op::Load(op::Load {
        space: Space::Shared,
        mem: MemType::scalar(mem),
        order: Order::Weak,
        scope: Scope::Device,
        uniform: false,
        dsts: vec![dst],
        addr: xisa_ir::Address::Flat { base, offset: 0 },
    }));
    dst.into()
}
