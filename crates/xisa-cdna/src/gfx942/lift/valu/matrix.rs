//! The matrix cores: `v_mfma_*` and the sparse `v_smfmac_*` (VOP3P-MAI). One
//! instruction multiplies, per block, an M x K matrix A by a K x N matrix B
//! and adds an M x N matrix C, all held in the registers of the wave's 64
//! lanes (layouts in [`Layout`], from AMD's CDNA3 ISA, section 7.1). Each
//! lane computes its own D elements: it reads the A and B elements it needs
//! from the lanes holding them with `shfl` (wave sync points, so the wave
//! executes the instruction together, as the hardware does) and accumulates
//! in k order. docs/cdna.md ("Matrix cores") has the layouts and modifiers.
//!
//! Numerics (the ISA does not document the accumulation order or internal
//! precision): f16, bf16, xf32 and fp8/bf8 products are exact in f32 and are
//! added to C one at a time in k order, each sum rounded to nearest even;
//! f32 and f64 use a fused multiply-add per step. Denormals are kept. Integer
//! MFMAs wrap in 32 bits. The EXEC mask is ignored, as the ISA says: every
//! lane's sources are read and every lane's D written.

use std::collections::HashMap;

use super::*;
use crate::gfx942::semantics::{Kind, F8};

/// The element format of an A or B source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Elem {
    F32,
    /// f32 registers, rounded to 1 + 8 + 10 bits.
    Xf32,
    F16,
    Bf16,
    /// Signed 8-bit integers.
    I8,
    F8(F8),
    F64,
}

impl Elem {
    fn bits(self) -> u32 {
        match self {
            Elem::F32 | Elem::Xf32 => 32,
            Elem::F16 | Elem::Bf16 => 16,
            Elem::I8 | Elem::F8(_) => 8,
            Elem::F64 => 64,
        }
    }

    /// The source format of operand `which` (0 = A, 1 = B) of a row.
    fn of(s: &Sem, which: usize) -> Option<Elem> {
        if let Some(f) = s.flags.f8[which] {
            return Some(Elem::F8(f));
        }
        Some(match s.src {
            Type::F32 if s.flags.xf32 => Elem::Xf32,
            Type::F32 => Elem::F32,
            Type::F16 => Elem::F16,
            Type::BF16 => Elem::Bf16,
            Type::I8 if s.flags.signed => Elem::I8,
            Type::F64 => Elem::F64,
            _ => return None,
        })
    }
}

/// Where an instruction's elements live (CDNA3 ISA section 7.1; checked
/// against AMD's matrix instruction calculator, docs/cdna.md). A and B:
/// element `(blk, i, k)` of A is in lane `i + M * (blk + blocks * (k /
/// kpl))`, element `k % kpl` of that lane's source registers (B likewise
/// with column `j` for row `i`), `kpl` being the elements per lane. C and D
/// (`per` elements per lane and block): lane `l`'s element `r` is column `l %
/// N` and
/// - 32 x 32: block `r / per`, row `8 * ((r % per) / 4) + 4 * (l / 32) + r % 4`;
/// - 16 x 16: block `r / per`, row `4 * (l / 16) + r % per`;
/// - 4 x 4 (16 blocks): block `l / 4`, row `r`;
/// - f64 16 x 16: row `4 * r + l / 16`;
/// - f64 4 x 4 (4 blocks): block `(l / 4) % 4`, row `l / 16`.
#[derive(Debug, Clone, Copy)]
struct Layout {
    m: u32,
    n: u32,
    k: u32,
    blocks: u32,
    a: Elem,
    b: Elem,
    /// The accumulator type (F32, I32 or F64).
    acc: Type,
    /// SMFMAC: A holds K / 2 columns (two of each four), D is also C.
    sparse: bool,
}

impl Layout {
    fn of(s: &Sem) -> Option<Layout> {
        let [m, n, k, blocks] = s.flags.mat;
        let l = Layout {
            m,
            n,
            k,
            blocks,
            a: Elem::of(s, 0)?,
            b: Elem::of(s, 1)?,
            acc: s.ty,
            sparse: s.kind == Kind::Smfmac,
        };
        let dense = || {
            matches!(m, 4 | 16 | 32)
                && blocks >= 1
                && (m * k * blocks).is_multiple_of(64)
                && k.is_multiple_of(l.kpl_a())
                && 64 / m == k / l.kpl_a() * blocks
        };
        // SMFMAC: one block; index nibbles for 2 (16-bit) or 4 (8-bit) groups
        // of four k per lane.
        let sparse = || {
            matches!(m, 16 | 32)
                && blocks == 1
                && k.is_multiple_of(4)
                && matches!(l.kpl_a(), 4 | 8)
                && l.kpl_a() * l.a.bits() == 64
                && k.is_multiple_of(l.kpl_b())
                && l.kpl_b().is_multiple_of(4)
        };
        let ok = m == n && if l.sparse { sparse() } else { dense() };
        ok.then_some(l)
    }

    /// A elements per lane (SMFMAC: of the compressed A).
    fn kpl_a(&self) -> u32 {
        let k = if self.sparse { self.k / 2 } else { self.k };
        self.m * k * self.blocks / 64
    }

    /// B elements per lane.
    fn kpl_b(&self) -> u32 {
        self.n * self.k * self.blocks / 64
    }

    /// D elements per lane.
    fn outs(&self) -> u32 {
        self.m * self.n * self.blocks / 64
    }

    /// 32-bit registers per D element.
    fn out_regs(&self) -> u32 {
        self.acc.bits() / 32
    }
}

/// A row or block index: a constant plus, optionally, a per-lane value.
#[derive(Clone, Copy)]
struct Idx {
    c: u32,
    dyn_: Option<Reg>,
}

/// A register read from another lane: (operand: 0 A, 1 B, 2 SMFMAC index;
/// register; the row / block constants it depends on; k group).
type ReadKey = (usize, u32, u32, u32);

/// The lifting state of one MFMA.
struct Mfma<'a> {
    lay: Layout,
    inst: &'a Inst,
    /// `l % N`.
    col: Reg,
    /// The per-lane parts of D's rows and blocks ([`Mfma::d_pos`]).
    row_dyn: Option<Reg>,
    blk_dyn: Option<Reg>,
    /// Values read from other lanes, by (operand, register, key).
    cache: HashMap<ReadKey, Operand>,
    /// Their elements decoded, by (read key, element): B's are shared by
    /// every D element of the lane's column.
    decoded: HashMap<(ReadKey, u32), Operand>,
}

/// `v_mfma_*`: see the module comment.
pub(super) fn mfma(b: &mut Builder, inst: &Inst, s: &Sem) -> Result<(), LiftError> {
    keeping_denormals(b, |b| mfma_kept(b, inst, s))
}

/// Runs `f` with the f32 flush mode off: the matrix cores ignore the MODE
/// register and keep denormals (the shared float helpers follow `ftz32`).
fn keeping_denormals(
    b: &mut Builder,
    f: impl FnOnce(&mut Builder) -> Result<(), LiftError>,
) -> Result<(), LiftError> {
    let ftz = std::mem::replace(&mut b.ftz32, false);
    let r = f(b);
    b.ftz32 = ftz;
    r
}

fn mfma_kept(b: &mut Builder, inst: &Inst, s: &Sem) -> Result<(), LiftError> {
    let lay = Layout::of(s).ok_or_else(|| b.unsupported("an MFMA row without a known shape"))?;
    let f64_neg = lay.acc == Type::F64;
    let (cbsz, abid, blgp) = (inst.get("cbsz"), inst.get("abid"), inst.get("blgp"));
    if f64_neg && (cbsz != 0 || abid != 0) {
        return Err(b.unsupported("cbsz / abid on an f64 MFMA"));
    }
    if cbsz != 0 && (1u32 << cbsz > lay.blocks || abid >= 1 << cbsz) {
        return Err(b.unsupported(format!(
            "cbsz:{cbsz} abid:{abid} on an MFMA of {} blocks",
            lay.blocks
        )));
    }
    let mut mf = Mfma::new(b, inst, lay);
    let outs = lay.outs();
    let neg = |k: u32| f64_neg && blgp >> k & 1 == 1;
    let mut results = Vec::with_capacity(outs as usize);
    for r in 0..outs {
        let (blk, row) = mf.d_pos(r);
        let mut acc = mf.c_elem(b, r, neg(2))?;
        for k in 0..lay.k {
            let x = mf.a_elem(b, blk, row, k, cbsz, abid)?;
            let y = mf.b_elem(b, blk, k, if f64_neg { 0 } else { blgp })?;
            acc = mac(b, lay.acc, acc, x, y, (neg(0), neg(1)));
        }
        results.push(acc);
    }
    mf.write_d(b, &results);
    Ok(())
}

/// `v_smfmac_*`: D += A' B, A' being A with two of each four k zero: A holds
/// the other two (columns `2q`, `2q + 1` of the compressed A, laid out as a
/// dense A of K / 2 columns), and the index register (src2, a VGPR in the
/// lane holding them) says which: the nibble of group `q` (bits `base + 4 (q
/// % groups per lane)`) holds their rows of B in its two 2-bit halves, low
/// half first. `base` selects one of the index sets by abid when cbsz is 0
/// (8 bits apart for 16-bit sources, 16 for 8-bit). D is also the addend.
pub(super) fn smfmac(b: &mut Builder, inst: &Inst, s: &Sem) -> Result<(), LiftError> {
    keeping_denormals(b, |b| smfmac_kept(b, inst, s))
}

fn smfmac_kept(b: &mut Builder, inst: &Inst, s: &Sem) -> Result<(), LiftError> {
    let lay = Layout::of(s).ok_or_else(|| b.unsupported("an SMFMAC row without a known shape"))?;
    let (cbsz, abid, blgp) = (inst.get("cbsz"), inst.get("abid"), inst.get("blgp"));
    if blgp != 0 {
        return Err(b.unsupported("blgp on an SMFMAC (reserved)"));
    }
    let set_bits = 128 / lay.a.bits();
    let set = if cbsz == 0 { abid } else { 0 };
    if set * set_bits >= 32 {
        return Err(b.unsupported(format!("abid:{abid} selects no index set")));
    }
    let mut mf = Mfma::new(b, inst, lay);
    // Index groups (of four k) per lane.
    let gl = lay.kpl_a() / 2;
    let mut results = Vec::new();
    for r in 0..lay.outs() {
        let (blk, row) = mf.d_pos(r);
        let mut acc = mf.c_elem(b, r, false)?;
        for q in 0..lay.k / 4 {
            // In the lane holding the group's A values (one block: block 0).
            let key = (2, 0, row.c, q / gl);
            let word = mf.read(b, key, Elem::I8, |b| {
                let ro = Mfma::idx(b, row);
                let blk0 = Idx { c: 0, dyn_: None };
                Mfma::src_lane(b, lay, blk0, q / gl, lay.m, ro).into()
            })?;
            // The four candidate B elements of the group.
            let cand: Vec<Operand> = (0..4)
                .map(|p| mf.b_elem(b, blk, 4 * q + p, 0))
                .collect::<Result<_, _>>()?;
            for half in 0..2 {
                let x = mf.a_elem(b, blk, row, 2 * q + half, 0, 0)?;
                let sh = set * set_bits + 4 * (q % gl) + 2 * half;
                let p = b.binv(BinOp::LShr, Type::I32, word, Operand::Imm(sh as u64));
                let p = b.binv(BinOp::And, Type::I32, p, Operand::Imm(3));
                let y = pick(b, p, &cand);
                acc = mac(b, lay.acc, acc, x, y, (false, false));
            }
        }
        results.push(acc);
    }
    mf.write_d(b, &results);
    Ok(())
}

/// `cand[p]` for a per-lane `p` in 0..4.
fn pick(b: &mut Builder, p: Reg, cand: &[Operand]) -> Operand {
    let ty = Type::I32;
    let lo = b.binv(BinOp::And, ty, p, Operand::Imm(1));
    let lo = b.cvt(CvtOp::Trunc, Type::I1, ty, lo);
    let hi = b.icmp(ICond::Uge, ty, p, Operand::Imm(2));
    let a = b.select(ty, lo, cand[1], cand[0]);
    let c = b.select(ty, lo, cand[3], cand[2]);
    b.select(ty, hi, c, a).into()
}

impl<'a> Mfma<'a> {
    /// The per-lane parts of the layout, computed once per instruction.
    fn new(b: &mut Builder, inst: &'a Inst, lay: Layout) -> Mfma<'a> {
        let i32t = Type::I32;
        let lane = b.lane;
        let col = b.binv(BinOp::And, i32t, lane, Operand::Imm(lay.n as u64 - 1));
        let group = b.binv(
            BinOp::LShr,
            i32t,
            lane,
            Operand::Imm(lay.n.trailing_zeros() as u64),
        );
        let (row_dyn, blk_dyn) = match (lay.acc, lay.m) {
            // f64 16 x 16: row 4 r + l / 16.
            (Type::F64, 16) => (Some(group), None),
            // f64 4 x 4, 4 blocks: block (l / 4) % 4, row l / 16.
            (Type::F64, _) => {
                let blk = b.binv(BinOp::And, i32t, group, Operand::Imm(3));
                let row = b.binv(BinOp::LShr, i32t, group, Operand::Imm(2));
                (Some(row), Some(blk))
            }
            // 4 x 4, 16 blocks: block l / 4, row r.
            (_, 4) => (None, Some(group)),
            // 16 x 16 and 32 x 32: 4 * (l / N) plus the row of r.
            _ => (Some(b.binv(BinOp::Shl, i32t, group, Operand::Imm(2))), None),
        };
        Mfma {
            lay,
            inst,
            col,
            row_dyn,
            blk_dyn,
            cache: HashMap::new(),
            decoded: HashMap::new(),
        }
    }

    /// Block and row of D element `r` of this lane (its column is `l % N`).
    fn d_pos(&self, r: u32) -> (Idx, Idx) {
        let lay = self.lay;
        let per = lay.outs() / lay.blocks;
        let c = match (lay.acc, lay.m) {
            (Type::F64, 16) => 4 * r,
            (Type::F64, _) => 0,
            (_, 4) => r,
            (_, 32) => 8 * (r % per / 4) + r % 4,
            _ => r % per,
        };
        let blk = if lay.m == 4 { 0 } else { r / per };
        (
            Idx {
                c: blk,
                dyn_: self.blk_dyn,
            },
            Idx {
                c,
                dyn_: self.row_dyn,
            },
        )
    }

    /// `x.c + x.dyn_` as an operand.
    fn idx(b: &mut Builder, x: Idx) -> Operand {
        match x.dyn_ {
            None => Operand::Imm(x.c as u64),
            Some(d) if x.c == 0 => d.into(),
            Some(d) => b
                .binv(BinOp::Add, Type::I32, d, Operand::Imm(x.c as u64))
                .into(),
        }
    }

    /// The source register of element `k` in lane order (register index and
    /// the element's position in it).
    fn slot(e: Elem, k: u32, kpl: u32) -> (u32, u32, u32) {
        let (kg, ke) = (k / kpl, k % kpl);
        if e.bits() == 64 {
            return (kg, 2 * ke, 0);
        }
        let per_reg = 32 / e.bits();
        (kg, ke / per_reg, ke % per_reg)
    }

    /// The A element (block `blk`, row `row`, `k`) as the accumulation type.
    fn a_elem(
        &mut self,
        b: &mut Builder,
        blk: Idx,
        row: Idx,
        k: u32,
        cbsz: u32,
        abid: u32,
    ) -> Result<Operand, LiftError> {
        let lay = self.lay;
        let (kg, reg, item) = Self::slot(lay.a, k, lay.kpl_a());
        // Blocks broadcast their A in groups of 2^cbsz: block abid of the group.
        let blk_a = |b: &mut Builder, blk: Idx| -> Idx {
            if cbsz == 0 {
                return blk;
            }
            let keep = !((1u32 << cbsz) - 1);
            match blk.dyn_ {
                None => Idx {
                    c: blk.c & keep | abid,
                    dyn_: None,
                },
                Some(_) => {
                    let v = Self::idx(b, blk);
                    let v = b.binv(BinOp::And, Type::I32, v, Operand::Imm(keep as u64));
                    Idx {
                        c: abid,
                        dyn_: Some(v),
                    }
                }
            }
        };
        let ba = blk_a(b, blk);
        let key = (0, reg, row.c << 16 | ba.c, kg);
        let word = self.read(b, key, lay.a, |b| {
            let ro = Self::idx(b, row);
            Self::src_lane(b, lay, ba, kg, lay.m, ro).into()
        })?;
        Ok(self.decode_once(b, lay.a, key, word, item))
    }

    /// The B element (block `blk`, `k`, this lane's column), read through
    /// the lane pattern `blgp`.
    fn b_elem(
        &mut self,
        b: &mut Builder,
        blk: Idx,
        k: u32,
        blgp: u32,
    ) -> Result<Operand, LiftError> {
        let lay = self.lay;
        let (kg, reg, item) = Self::slot(lay.b, k, lay.kpl_b());
        let key = (1, reg, blk.c, kg);
        let col = self.col;
        let word = self.read(b, key, lay.b, |b| {
            let l = Self::src_lane(b, lay, blk, kg, lay.n, col.into());
            blgp_lane(b, l, blgp)
        })?;
        Ok(self.decode_once(b, lay.b, key, word, item))
    }

    /// Element `item` of the word read under `key`, decoded once.
    fn decode_once(
        &mut self,
        b: &mut Builder,
        e: Elem,
        key: ReadKey,
        word: Operand,
        item: u32,
    ) -> Operand {
        *self
            .decoded
            .entry((key, item))
            .or_insert_with(|| decode(b, e, word, item))
    }

    /// The lane holding line `line` (a row of A or column of B, `dim` = M
    /// or N) of block `blk` in lane group `kg`: `line + dim * (blk + blocks
    /// * kg)`.
    fn src_lane(b: &mut Builder, lay: Layout, blk: Idx, kg: u32, dim: u32, line: Operand) -> Reg {
        let g = Idx {
            c: blk.c + lay.blocks * kg,
            dyn_: blk.dyn_,
        };
        let go = Self::idx(b, g);
        let gm = b.binv(BinOp::Mul, Type::I32, go, Operand::Imm(dim as u64));
        b.binv(BinOp::Add, Type::I32, gm, line)
    }

    /// Register `key.1` of source `key.0` (0 A = src0, 1 B = src1, 2 the
    /// SMFMAC index = src2, always a VGPR) as the lane `lane` computes holds
    /// it, read once per key: an i32, or an i64 for f64 elements. (Moving a
    /// register pair with one 64-bit shfl halves the wave sync points but
    /// ran slower: measured.)
    fn read(
        &mut self,
        b: &mut Builder,
        key: ReadKey,
        e: Elem,
        lane: impl FnOnce(&mut Builder) -> Operand,
    ) -> Result<Operand, LiftError> {
        if let Some(v) = self.cache.get(&key) {
            return Ok(*v);
        }
        let (which, reg) = (key.0, key.1);
        let enc = self.inst.get(["src0", "src1", "src2"][which]);
        if enc < 256 {
            return Err(b.unsupported(format!(
                "an MFMA {} source that is not a vector register",
                ["A", "B", "index"][which]
            )));
        }
        let acc = which < 2 && self.inst.get("acc") >> which & 1 == 1;
        let base = enc - 256 + reg;
        let (v, ty): (Operand, Type) = if e.bits() == 64 {
            (b.vreg_pair(base, acc).into(), Type::I64)
        } else {
            (b.vreg(base, acc).into(), Type::I32)
        };
        let l = lane(b);
        let w: Operand = b.shfl(ty, v, l).into();
        self.cache.insert(key, w);
        Ok(w)
    }

    /// C element `r` of this lane (its own registers, or the constant),
    /// negated when `neg` (f64).
    fn c_elem(&mut self, b: &mut Builder, r: u32, neg: bool) -> Result<Operand, LiftError> {
        let lay = self.lay;
        // SMFMAC accumulates into D.
        let enc = if lay.sparse {
            256 + self.inst.get("vdst")
        } else {
            self.inst.get("src2")
        };
        let wide = lay.acc == Type::F64;
        let v: Operand = if enc >= 256 {
            let acc = self.inst.get("acc_cd") == 1;
            let base = enc - 256 + r * lay.out_regs();
            if wide {
                b.vreg_pair(base, acc).into()
            } else {
                b.vreg(base, acc).into()
            }
        } else if (128..=208).contains(&enc) || (240..=248).contains(&enc) {
            b.src_full(enc, if wide { 64 } else { 32 }, wide)?
        } else {
            return Err(b.unsupported(
                "an MFMA C source that is neither a vector register nor an inline constant",
            ));
        };
        Ok(if neg {
            b.binv(BinOp::Xor, Type::I64, v, Operand::Imm(1 << 63))
                .into()
        } else {
            v
        })
    }

    /// Writes the D elements (after every source was read: D may overlap them).
    fn write_d(&self, b: &mut Builder, results: &[Operand]) {
        let acc = self.inst.get("acc_cd") == 1;
        let base = self.inst.get("vdst");
        for (r, v) in results.iter().enumerate() {
            let at = base + r as u32 * self.lay.out_regs();
            if self.lay.acc == Type::F64 {
                let (lo, hi) = (b.vreg(at, acc), b.vreg(at + 1, acc));
                let t = b.as_reg(*v);
                b.split64(t, lo, hi, None);
            } else {
                let d = b.vreg(at, acc);
                b.mov(Type::I32, d, *v);
            }
        }
    }
}

/// The lane B is read from under the lane-group pattern `blgp`: 1 and 2
/// broadcast lanes 0-31 / 32-63 to both halves, 3 rotates the lanes down by
/// 16, 4-7 broadcast lanes 16 (blgp - 4) .. + 15 to every group of 16.
fn blgp_lane(b: &mut Builder, l: Reg, blgp: u32) -> Operand {
    use BinOp::*;
    let i32t = Type::I32;
    let low = |b: &mut Builder, bits: u64| b.binv(And, i32t, l, Operand::Imm(bits));
    match blgp {
        0 => l.into(),
        1 => low(b, 31).into(),
        2 => b.binv(Or, i32t, l, Operand::Imm(32)).into(),
        3 => {
            let s = b.binv(Add, i32t, l, Operand::Imm(16));
            b.binv(And, i32t, s, Operand::Imm(63)).into()
        }
        _ => {
            let x = low(b, 15);
            b.binv(Or, i32t, x, Operand::Imm(16 * (blgp as u64 - 4)))
                .into()
        }
    }
}

/// Element `item` of a source register value (i32; i64 for f64), as the
/// accumulation type's bits (f32 bits in an i32, i32, or f64 bits in an i64).
fn decode(b: &mut Builder, e: Elem, word: Operand, item: u32) -> Operand {
    use BinOp::*;
    let i32t = Type::I32;
    let field = |b: &mut Builder, bits: u32| -> Operand {
        let sh = item * bits;
        let x = if sh == 0 {
            word
        } else {
            b.binv(LShr, i32t, word, Operand::Imm(sh as u64)).into()
        };
        if sh + bits == 32 {
            x
        } else {
            b.binv(And, i32t, x, Operand::Imm((1u64 << bits) - 1))
                .into()
        }
    };
    match e {
        Elem::F32 | Elem::F64 => word,
        Elem::Xf32 => xf32(b, word),
        Elem::F16 => f16_as_f32_bits(b, word, item == 1),
        Elem::Bf16 => {
            let h = field(b, 16);
            b.binv(Shl, i32t, h, Operand::Imm(16)).into()
        }
        Elem::I8 => {
            let x = field(b, 8);
            let u = b.binv(Shl, i32t, x, Operand::Imm(24));
            b.binv(AShr, i32t, u, Operand::Imm(24)).into()
        }
        Elem::F8(f) => {
            let x = field(b, 8);
            f8_to_f32(b, x, f).into()
        }
    }
}

/// An f32 (bits) rounded to xf32's 10 mantissa bits, to nearest even.
fn xf32(b: &mut Builder, x: Operand) -> Operand {
    use BinOp::*;
    let i32t = Type::I32;
    // NaN and infinity pass unchanged; otherwise adding half an xf32 ulp
    // (less one, plus the kept lsb) carries into the exponent as rounding
    // does.
    let lsb = b.binv(LShr, i32t, x, Operand::Imm(13));
    let lsb = b.binv(And, i32t, lsb, Operand::Imm(1));
    let bias = b.binv(Add, i32t, lsb, Operand::Imm(0xfff));
    let sum = b.binv(Add, i32t, x, bias);
    let rounded = b.binv(And, i32t, sum, Operand::Imm(0xffff_e000));
    let mag = b.binv(And, i32t, x, Operand::Imm(0x7fff_ffff));
    let special = b.icmp(ICond::Uge, i32t, mag, Operand::Imm(0x7f80_0000));
    b.select(i32t, special, x, rounded).into()
}

/// A gfx942 8-bit float (in an i32's low byte) as f32 bits: 0x80 is the
/// NaN; exponent 0 holds the denormals.
pub(super) fn f8_to_f32(b: &mut Builder, x: Operand, f: F8) -> Reg {
    use BinOp::*;
    let i32t = Type::I32;
    let (m, bias) = (f.mantissa(), f.bias());
    let mag = b.binv(And, i32t, x, Operand::Imm(0x7f));
    let normal = b.binv(Shl, i32t, mag, Operand::Imm(23 - m as u64));
    let normal = b.binv(Add, i32t, normal, Operand::Imm(((127 - bias) << 23) as u64));
    // A denormal is its mantissa times 2^(1 - bias - m): exact in f32.
    let frac = b.binv(And, i32t, mag, Operand::Imm((1 << m) - 1));
    let ff = cvt(
        b,
        CvtOp::UtoF,
        Type::F32,
        i32t,
        Round::Rn,
        false,
        frac.into(),
    );
    let scale = ((127 + 1 - bias - m) << 23) as u64;
    let fs = tof(b, Operand::Imm(scale), 32);
    let d = b.t(Type::F32);
    b.emit(Op::FBin(op::FBin {
        op: FBinOp::Mul,
        ty: Type::F32,
        rnd: Round::Rn,
        ftz: false,
        dst: d,
        a: ff.into(),
        b: fs.into(),
    }));
    let sub = fromf(b, d, 32);
    let e = b.binv(LShr, i32t, mag, Operand::Imm(m as u64));
    let is_sub = b.icmp(ICond::Eq, i32t, e, Operand::Imm(0));
    let v = b.select(i32t, is_sub, sub, normal);
    let sign = b.binv(And, i32t, x, Operand::Imm(0x80));
    let sign = b.binv(Shl, i32t, sign, Operand::Imm(24));
    let v = b.binv(Or, i32t, v, sign);
    let nan = b.icmp(ICond::Eq, i32t, x, Operand::Imm(0x80));
    b.select(i32t, nan, Operand::Imm(0x7fc0_0000), v)
}

/// `acc + x * y` in the accumulation type: a fused multiply-add for floats
/// (exact products make it a rounded sum), a wrapping one for i32; `neg`
/// negates x / y (f64 MFMA).
fn mac(
    b: &mut Builder,
    ty: Type,
    acc: Operand,
    x: Operand,
    y: Operand,
    neg: (bool, bool),
) -> Operand {
    let bits = ty.bits();
    if ty == Type::I32 {
        let p = b.binv(BinOp::Mul, ty, x, y);
        return b.binv(BinOp::Add, ty, acc, p).into();
    }
    let sign = 1u64 << (bits - 1);
    let flip = |b: &mut Builder, v: Operand, on: bool| -> Operand {
        if on {
            b.binv(BinOp::Xor, ity(bits), v, Operand::Imm(sign)).into()
        } else {
            v
        }
    };
    let (x, y) = (flip(b, x, neg.0), flip(b, y, neg.1));
    fma(b, bits, x, y, acc).into()
}
