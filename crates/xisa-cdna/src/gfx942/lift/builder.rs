//! The gfx942 side of the shared IR builder (`xisa_ir::build::Builder`,
//! reached through `Deref`): named ISA registers, scalar operand decoding
//! (SGPRs, special registers, inline constants, literals), the per-lane EXEC
//! bit and lane masks.

use std::ops::{Deref, DerefMut};
use xisa_ir::op;

use xisa_ir::build::Builder as IrBuilder;
use xisa_ir::{BinOp, BlockId, CvtOp, Guard, ICond, Kernel, Op, Operand, Reg, SReg, Term, Type};

use super::{LiftError, PRIVATE_APERTURE_HI, SHARED_APERTURE_HI};

/// Scalar operand encodings (GFX9 SSRC/SDST numbering).
pub(crate) const VCC_LO: u32 = 106;
pub(crate) const VCC_HI: u32 = 107;
pub(crate) const M0: u32 = 124;
pub(crate) const EXEC_LO: u32 = 126;
pub(crate) const EXEC_HI: u32 = 127;
pub(crate) const LITERAL: u32 = 255;

pub(crate) struct Builder {
    /// Registers, temporaries, blocks and emission.
    pub ir: IrBuilder,
    pub mnemonic: String,
    pub literal: Option<u32>,
    /// The lane's EXEC bit (`i1`), kept equal to `(exec >> laneid) & 1`.
    pub exec: Reg,
    /// `special.laneid` (`i32`).
    pub lane: Reg,
    /// `scc` (`i1`).
    pub scc: Reg,
    /// Offset of the code's byte 0 in the code object image (s_getpc_b64).
    pub code_offset: u64,
    /// The VOP3 output modifier of the instruction being lifted (consumed
    /// by the float result path).
    pub omod: u32,
    /// Why float instructions cannot be lifted in the kernel's float mode
    /// (`None`: the default mode; see `FloatMode::problem`).
    pub float_mode: Option<String>,
    /// f32 denormals are flushed (FLOAT_DENORM_MODE_32 = 0): f32 arithmetic
    /// sets the IR's `.ftz` (inputs and results flushed to a signed zero).
    pub ftz32: bool,
    /// The MODE register's value, tracked along the code (`mode.rs`).
    pub mode: u32,
    /// Its value at the kernel's entry (the descriptor's float mode).
    pub entry_mode: u32,
    /// VGPR index mode (`gpr_idx::ON` | mode bits; 0 = off), tracked
    /// statically along the code.
    pub gpr_idx: u32,
    /// VGPRs the kernel allocates (0: unknown).
    pub vgpr_count: u32,
    /// Added to every pc the builder records or reports (IR pcs, block
    /// labels, errors): the lifter's offsets become addresses as
    /// llvm-objdump prints them (`EntryAbi::pc_base`).
    pub pc_bias: u64,
    /// Kernarg offset of the kernel's `hidden_hostcall_buffer` (see
    /// [`super::EntryAbi::hostcall_buffer`]).
    pub hostcall_buffer: Option<u32>,
    /// Keep every wave mask whole (no [`super::lanemask`] pass): a bare
    /// fragment's final registers are its output (`xisa exec`), so a mask
    /// the code never reads must still hold the wave's bits.
    pub whole_masks: bool,
    /// Blocks ending in an `s_cbranch_execz` (see [`super::lanemask`]).
    pub execz: Vec<BlockId>,
    /// Blocks ending in an `s_cbranch_execnz` (see [`super::lanemask`]).
    pub execnz: Vec<BlockId>,
    /// Pcs of the scalar instructions whose new EXEC is the old one and-ed
    /// with a value (`s_and_saveexec_b64`, `s_andn2_b64 exec, exec, s`, ...):
    /// their EXEC writes never set a bit.
    pub exec_clears: Vec<u64>,
}

impl Deref for Builder {
    type Target = IrBuilder;
    fn deref(&self) -> &IrBuilder {
        &self.ir
    }
}

impl DerefMut for Builder {
    fn deref_mut(&mut self) -> &mut IrBuilder {
        &mut self.ir
    }
}

impl Builder {
    pub fn new(name: &str) -> Self {
        let mut k = Kernel::new(name);
        k.wave_size = 64;
        let mut ir = IrBuilder::new(k, "entry");
        let exec = ir.reg("t.execbit", Type::I1);
        let lane = ir.reg("t.lane", Type::I32);
        let scc = ir.reg("scc", Type::I1);
        Builder {
            ir,
            mnemonic: String::new(),
            literal: None,
            exec,
            lane,
            scc,
            code_offset: 0,
            omod: 0,
            float_mode: None,
            ftz32: false,
            mode: 0,
            entry_mode: 0,
            gpr_idx: 0,
            vgpr_count: 0,
            pc_bias: 0,
            hostcall_buffer: None,
            whole_masks: false,
            execz: Vec::new(),
            execnz: Vec::new(),
            exec_clears: Vec::new(),
        }
    }

    // ------------------------------------------------------------- registers

    /// The register `name` (declared on first use).
    pub fn named(&mut self, name: &str, ty: Type) -> Reg {
        self.ir.reg(name, ty)
    }

    /// VGPR `n` (or AGPR when `acc`).
    pub fn v(&mut self, n: u32) -> Reg {
        self.named(&format!("v{n}"), Type::I32)
    }

    pub fn a(&mut self, n: u32) -> Reg {
        self.named(&format!("a{n}"), Type::I32)
    }

    /// Vector registers `n` and `n + 1` of the VGPR (or, `acc`, AGPR) file as
    /// one 64-bit value, `n` the low half.
    pub fn vreg_pair(&mut self, n: u32, acc: bool) -> Reg {
        let (lo, hi) = (self.vreg(n, acc), self.vreg(n + 1, acc));
        self.pair(lo, hi)
    }

    /// Vector register `n` of the VGPR file, or of the AGPR file when `acc`.
    pub fn vreg(&mut self, n: u32, acc: bool) -> Reg {
        if acc {
            self.a(n)
        } else {
            self.v(n)
        }
    }

    /// The 32-bit scalar register of SSRC/SDST encoding `e` (0..=127), if it is one.
    pub fn sgpr(&mut self, e: u32) -> Option<Reg> {
        let name = match e {
            0..=101 => format!("s{e}"),
            102 => "flat_scratch_lo".into(),
            103 => "flat_scratch_hi".into(),
            104 => "xnack_mask_lo".into(),
            105 => "xnack_mask_hi".into(),
            VCC_LO => "vcc_lo".into(),
            VCC_HI => "vcc_hi".into(),
            108..=123 => format!("ttmp{}", e - 108),
            M0 => "m0".into(),
            EXEC_LO => "exec_lo".into(),
            EXEC_HI => "exec_hi".into(),
            _ => return None,
        };
        Some(self.named(&name, Type::I32))
    }

    /// How many VGPRs an indexed access can reach: the kernel's allocation,
    /// all 256 when it is unknown.
    pub fn vgpr_bound(&self) -> u32 {
        match self.vgpr_count {
            0 => 256,
            n => n.min(256),
        }
    }

    /// Starts lifting a new guest instruction (temporaries can be reused).
    pub fn begin(&mut self, pc: u64, mnemonic: &str, literal: Option<u32>) {
        self.ir.begin(pc.wrapping_add(self.pc_bias));
        self.omod = 0;
        self.mnemonic = mnemonic.to_string();
        self.literal = literal;
    }

    // ------------------------------------------------------------- errors

    pub fn unsupported(&self, why: impl Into<String>) -> LiftError {
        LiftError::Unsupported {
            pc: self.pc,
            mnemonic: self.mnemonic.clone(),
            why: why.into(),
        }
    }

    // ------------------------------------------------------------- emission

    pub fn emit_with(&mut self, op: Op, guard: Option<Guard>) {
        self.ir.emit(op, guard);
    }

    /// Unguarded (scalar work: every lane of the wave executes it).
    pub fn emit(&mut self, op: Op) {
        self.ir.emit(op, None);
    }

    pub fn exec_guard(&self) -> Guard {
        Guard {
            reg: self.exec,
            negate: false,
        }
    }

    /// Enters the leader block `id` (made by [`Builder::leader_blocks`]): the
    /// open block falls through to it.
    pub fn start_block(&mut self, id: BlockId) {
        if self.is_open() {
            self.terminate(Term::Br(id));
        }
        self.enter(id);
    }

    /// Makes the leader blocks: `ids` maps each leader pc to its id, 1..=n
    /// (the entry block is 0); each is labelled by its pc.
    pub fn leader_blocks(&mut self, ids: &std::collections::BTreeMap<usize, BlockId>) {
        let mut by_id: Vec<(BlockId, usize)> = ids.iter().map(|(&pc, &id)| (id, pc)).collect();
        by_id.sort();
        let bias = self.pc_bias;
        for (id, pc) in by_id {
            let made = self.block(format!("pc{:x}", (pc as u64).wrapping_add(bias)));
            debug_assert_eq!(made, id, "leader ids are 1..=n");
        }
    }

    /// A new block inside the current guest instruction (a retry loop, the
    /// code after it), entered only by the branches this instruction emits.
    pub fn fresh_block(&mut self) -> BlockId {
        let n = self.kernel().blocks.len();
        let pc = self.pc;
        self.block(format!("pc{pc:x}.{n}"))
    }

    /// A 32-bit operand in a register (an immediate is moved into a
    /// temporary).
    pub fn as_reg(&mut self, o: Operand) -> Reg {
        self.ir.in_reg(Type::I32, o)
    }

    // ------------------------------------------------------------- scalar operands

    fn no_reg(&self, e: u32) -> LiftError {
        self.unsupported(format!("scalar operand encoding {e} is not modelled"))
    }

    /// The literal dword.
    pub fn lit(&self) -> Result<u32, LiftError> {
        self.literal
            .ok_or_else(|| self.unsupported("literal operand without a literal dword"))
    }

    /// A scalar-encoded source read as `width` bits (16, 32 or 64); 64-bit reads
    /// of register pairs give `i64`, everything else `i32` (the value in the
    /// low bits). `float64`: a 64-bit literal is the high half of an f64
    /// (integer 64-bit literals are zero-extended).
    pub fn src_bits(&mut self, e: u32, width: u32) -> Result<Operand, LiftError> {
        self.src_full(e, width, false)
    }

    pub fn src_full(&mut self, e: u32, width: u32, float64: bool) -> Result<Operand, LiftError> {
        let w64 = width == 64;
        match e {
            0..=127 => {
                let lo = self.sgpr(e).ok_or_else(|| self.no_reg(e))?;
                if !w64 {
                    return Ok(lo.into());
                }
                let hi = self.sgpr(e + 1).ok_or_else(|| self.no_reg(e + 1))?;
                Ok(self.pair(lo, hi).into())
            }
            128..=192 => Ok(Operand::Imm((e - 128) as u64)),
            193..=208 => {
                let v = -((e - 192) as i64);
                Ok(Operand::Imm(if w64 { v as u64 } else { v as u32 as u64 }))
            }
            235..=238 => {
                // Aperture registers: 64-bit reads give the base (or limit)
                // address, 32-bit reads its high dword (docs/cdna.md).
                let base = if e <= 236 {
                    SHARED_APERTURE_HI
                } else {
                    PRIVATE_APERTURE_HI
                } as u64
                    * (1u64 << 32);
                let v = if e == 236 || e == 238 {
                    base | 0xffff_ffff
                } else {
                    base
                };
                Ok(Operand::Imm(if w64 { v } else { v >> 32 }))
            }
            240..=248 => {
                let (f16, f32, f64): (u64, u64, u64) = match e {
                    240 => (0x3800, 0x3f00_0000, 0x3fe0_0000_0000_0000),
                    241 => (0xb800, 0xbf00_0000, 0xbfe0_0000_0000_0000),
                    242 => (0x3c00, 0x3f80_0000, 0x3ff0_0000_0000_0000),
                    243 => (0xbc00, 0xbf80_0000, 0xbff0_0000_0000_0000),
                    244 => (0x4000, 0x4000_0000, 0x4000_0000_0000_0000),
                    245 => (0xc000, 0xc000_0000, 0xc000_0000_0000_0000),
                    246 => (0x4400, 0x4080_0000, 0x4010_0000_0000_0000),
                    247 => (0xc400, 0xc080_0000, 0xc010_0000_0000_0000),
                    _ => (0x3118, 0x3e22_f983, 0x3fc4_5f30_6dc9_c882),
                };
                Ok(Operand::Imm(match width {
                    16 => f16,
                    64 => f64,
                    _ => f32,
                }))
            }
            251 => {
                // vccz
                let vcc = self.src_bits(VCC_LO, 64)?;
                let z = self.icmp(ICond::Eq, Type::I64, vcc, Operand::Imm(0));
                Ok(self.bool_operand(z, w64))
            }
            252 => {
                let ex = self.src_bits(EXEC_LO, 64)?;
                let z = self.icmp(ICond::Eq, Type::I64, ex, Operand::Imm(0));
                Ok(self.bool_operand(z, w64))
            }
            253 => {
                let s = self.scc;
                Ok(self.bool_operand(s, w64))
            }
            LITERAL => {
                let l = self.lit()? as u64;
                Ok(Operand::Imm(if w64 && float64 { l << 32 } else { l }))
            }
            _ => Err(self.no_reg(e)),
        }
    }

    /// An `i1` as a 0/1 source operand of 32 or 64 bits.
    fn bool_operand(&mut self, p: Reg, w64: bool) -> Operand {
        let ty = if w64 { Type::I64 } else { Type::I32 };
        self.cvt(CvtOp::Zext, ty, Type::I1, p).into()
    }

    /// Writes a 32-bit scalar destination (SDST encoding).
    pub fn wr_s32(&mut self, e: u32, v: impl Into<Operand>) -> Result<(), LiftError> {
        let r = self.sgpr(e).ok_or_else(|| self.no_reg(e))?;
        self.mov(Type::I32, r, v);
        if e == EXEC_LO || e == EXEC_HI {
            self.refresh_exec();
        }
        Ok(())
    }

    /// Writes a 64-bit scalar destination pair from an `i64` operand.
    pub fn wr_s64(&mut self, e: u32, v: impl Into<Operand>) -> Result<(), LiftError> {
        let v = v.into();
        let (lo, hi) = self.halves(v);
        let rl = self.sgpr(e).ok_or_else(|| self.no_reg(e))?;
        let rh = self.sgpr(e + 1).ok_or_else(|| self.no_reg(e + 1))?;
        self.mov(Type::I32, rl, lo);
        self.mov(Type::I32, rh, hi);
        if let Operand::Reg(v) = v {
            if self.kernel().reg_type(v) == Some(Type::I64) {
                self.note_halves(rl, rh, v);
            }
        }
        if (EXEC_LO..=EXEC_HI).contains(&e) || e + 1 == EXEC_LO {
            self.refresh_exec();
        }
        Ok(())
    }

    /// The 64-bit EXEC value.
    pub fn exec64(&mut self) -> Reg {
        let lo = self.sgpr(EXEC_LO).expect("exec_lo");
        let hi = self.sgpr(EXEC_HI).expect("exec_hi");
        self.pair(lo, hi)
    }

    /// Recomputes the lane's EXEC bit after a write to EXEC.
    pub fn refresh_exec(&mut self) {
        let m = self.exec64();
        self.mask_bit(m, Some(self.exec));
    }

    /// Bit `laneid` of the 64-bit lane mask `m` as an `i1` (into `dst` or a temp).
    pub fn mask_bit(&mut self, m: impl Into<Operand>, dst: Option<Reg>) -> Reg {
        let lane = self.lane;
        let s = self.binv(BinOp::LShr, Type::I64, m, lane);
        let d = dst.unwrap_or_else(|| self.t(Type::I1));
        self.emit(Op::Cvt(op::Cvt::plain(
            CvtOp::Trunc,
            Type::I1,
            Type::I64,
            d,
            s.into(),
        )));
        d
    }

    /// The wave's 64-bit mask of `pred` over the active lanes (an IR ballot: the
    /// bits of lanes with EXEC = 0 are 0, as the hardware writes them).
    pub fn ballot(&mut self, pred: Reg) -> Reg {
        let ex = self.exec;
        let p = self.binv(BinOp::And, Type::I1, pred, ex);
        let d = self.t(Type::I64);
        self.emit(Op::Vote {
            mode: xisa_ir::VoteMode::Ballot,
            dst: d,
            pred: p.into(),
        });
        d
    }

    pub fn special(&mut self, sreg: SReg) -> Reg {
        let d = self.t(Type::I32);
        self.emit(Op::Special { dst: d, sreg });
        d
    }
}
