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

use super::{bit, bits, sext, LiftError, Lifter};

/// Lifts a matrix instruction; `Ok(false)` when `opcode` is not one.
pub(crate) fn lift(l: &mut Lifter, opcode: u16) -> Result<bool, LiftError> {
    match opcode {
        0x23c => hmma(l)?,
        0x237 => imma(l)?,
        0x23d => bmma(l)?,
        0x83b => ldsm(l)?,
        0x23a => movm(l)?,
        0x236 => {
            return Err(l.unsupported(
                "HMMA.884 (mma.sync m8n8k4, opcode 0x236): the quad-pair fragment layout of \
                 the m8n8k4 shape is not lifted (m16n8k8 HMMA.1688 is)",
            ))
        }
        _ => return Ok(false),
    }
    Ok(true)
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
    let v = if h == 1 {
        l.bin32(BinOp::LShr, v, Operand::Imm(16))
    } else {
        v
    };
    let i = l.cvt(CvtOp::Trunc, Type::I16, Type::I32, v);
    let f = l.cvt(CvtOp::Bitcast, Type::F16, Type::I16, i);
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

/// `HMMA.1688.{F32,F16} Rd, Ra, Rb, Rc` (opcode 0x23c): D (16x8) = A (16x8
/// `f16`, rows) · B (8x8 `f16`, columns) + C. Fields (nvdisasm): Rd [16, 24),
/// Ra [24, 32) (two registers), Rb [32, 40), Rc [64, 72) (four `f32` or two
/// `f16x2` registers, as D), `-A` 72, `-B` 63, `.F32` 76 (else `.F16`);
/// the sm_80 shapes (`.16816` 75, `.1684` 78) and `.SATFINITE` 77 are refused.
fn hmma(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    for (b, what) in [
        (75, "the m16n8k16 shape (.16816, sm_80)"),
        (78, "the m16n8k4 shape (.1684, sm_80)"),
        (77, ".SATFINITE"),
    ] {
        if bit(w, b) {
            return Err(l.unsupported(format!("HMMA with {what} (bit {b})")));
        }
    }
    if bits(w, 82, 84) != 0 {
        return Err(l.unsupported(format!(
            "HMMA with bits [82, 84) = {} (invalid)",
            bits(w, 82, 84)
        )));
    }
    let f32acc = bit(w, 76);
    let (rd, ra, rb, rc) = regs(w);
    let (na, nb) = (bit(w, 72), bit(w, 63));
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

/// Rd [16, 24), Ra [24, 32), Rb [32, 40), Rc [64, 72).
fn regs(w: u128) -> (u8, u8, u8, u8) {
    (
        bits(w, 16, 24) as u8,
        bits(w, 24, 32) as u8,
        bits(w, 32, 40) as u8,
        bits(w, 64, 72) as u8,
    )
}

/// The checks every integer/bit MMA shares: A by rows (73 clear), B by
/// columns (74 set).
fn layouts(l: &Lifter, what: &str) -> Result<(), LiftError> {
    if bit(l.word, 73) || !bit(l.word, 74) {
        return Err(l.unsupported(format!(
            "{what} with A/B layout bits 73/74 = {}/{} (only .ROW/.COL exist)",
            bit(l.word, 73) as u8,
            bit(l.word, 74) as u8
        )));
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

/// `IMMA.8816.{S8,U8}.{S8,U8}[.SAT]` (m8n8k16) and `IMMA.8832.{S4,U4}.{S4,U4}`
/// (m8n8k32) (opcode 0x237): D (8x8 `s32`) = A (rows) · B (columns) + C.
/// Fields (nvdisasm): registers as HMMA, A signed 76, B signed 78, `.SAT`
/// 82; the shape is [75] with [83, 86): 0/000 is 8816 (bytes), 0/111 is
/// 8832 (nibbles); other values and bit 79 are invalid.
fn imma(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    layouts(l, "IMMA")?;
    let width = match (bit(w, 75), bits(w, 83, 86), bit(w, 79)) {
        (false, 0, false) => 8,
        (false, 7, false) => 4,
        (s, t, b79) => {
            return Err(l.unsupported(format!(
                "IMMA with shape/type bits 75 = {}, [83, 86) = {t}, 79 = {} (known: 8816, 8832)",
                s as u8, b79 as u8
            )))
        }
    };
    if bit(w, 77) {
        return Err(l.unsupported("IMMA with bit 77 set (invalid)"));
    }
    let (sa, sb, sat) = (bit(w, 76), bit(w, 78), bit(w, 82));
    let (rd, ra, rb, rc) = regs(w);
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

/// `BMMA.88128.XOR.POPC` (m8n8k128 on bits, opcode 0x23d): D (8x8 `s32`) =
/// Σ popc(A row XOR B column) + C, over 128 bits. Fields (nvdisasm): as
/// IMMA; shape [75, 77) = 0 (88128), 77 clear (.XOR), 80 set (.POPC).
fn bmma(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    layouts(l, "BMMA")?;
    if bits(w, 75, 78) != 0 || !bit(w, 80) {
        return Err(l.unsupported(format!(
            "BMMA with shape/op bits [75, 78) = {}, 80 = {} (only .88128.XOR.POPC is known)",
            bits(w, 75, 78),
            bit(w, 80) as u8
        )));
    }
    let (rd, ra, rb, rc) = regs(w);
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

/// `LDSM.16.{M88,MT88}.{1,2,4} Rd, [Ra+imm]` (`ldmatrix`, opcode 0x83b):
/// loads 1, 2 or 4 8x8 matrices of 16-bit elements from shared memory;
/// lanes `8j..8j+8` give the row addresses of matrix `j`, and lane `4g + t`
/// receives in `Rd + j` row `g`, elements `2t` and `2t + 1` (`.M88`) or
/// column `g`, rows `2t` and `2t + 1` (`.MT88`, transposed). Fields
/// (nvdisasm): Rd [16, 24), Ra [24, 32), a signed 24-bit offset [40, 64),
/// count [72, 74) (0, 1, 2: 1, 2, 4 matrices), layout [78, 80) (`.M816`,
/// 2, is refused), `+UR` 91 (refused).
fn ldsm(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    let n = match bits(w, 72, 74) {
        0 => 1u8,
        1 => 2,
        2 => 4,
        v => return Err(l.unsupported(format!("LDSM with count field {v} (invalid)"))),
    };
    let trans = match bits(w, 78, 80) {
        0 => false,
        1 => true,
        v => {
            return Err(l.unsupported(format!(
                "LDSM with layout field [78, 80) = {v} (only .M88 and .MT88 are lifted)"
            )))
        }
    };
    if bit(w, 91) {
        return Err(l.unsupported("LDSM with a uniform-register address term (bit 91)"));
    }
    if bits(w, 75, 78) != 0 {
        return Err(l.unsupported(format!(
            "LDSM with bits [75, 78) = {} (invalid)",
            bits(w, 75, 78)
        )));
    }
    let (rd, ra) = (bits(w, 16, 24) as u8, bits(w, 24, 32) as u8);
    let off = sext(bits(w, 40, 64), 24);
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

/// `MOVM.16.MT88 Rd, Ra` (opcode 0x23a, PTX `movmatrix.m8n8.trans.b16`):
/// transposes an 8x8 matrix of 16-bit elements held by the warp, lane
/// `4g + t` holding row `g`, elements `2t` and `2t + 1`. Lane `4g + t`
/// receives original elements `(2t, g)` and `(2t + 1, g)`, which lanes
/// `8t + g/2` and `8t + 4 + g/2` hold in half `g % 2`. Fields (nvdisasm):
/// Rd [16, 24), Ra [24, 32), layout [78, 80) (`.M832`/`.M864`, 1 and 2,
/// are refused), [75, 78) invalid.
fn movm(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    if bits(w, 78, 80) != 0 || bits(w, 75, 78) != 0 {
        return Err(l.unsupported(format!(
            "MOVM with layout field [78, 80) = {} or bits [75, 78) = {} (only .16.MT88 is lifted)",
            bits(w, 78, 80),
            bits(w, 75, 78)
        )));
    }
    let (rd, ra) = (bits(w, 16, 24) as u8, bits(w, 24, 32) as u8);
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
