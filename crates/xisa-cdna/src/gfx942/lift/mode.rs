//! The MODE hardware register (`s_getreg_b32` / `s_setreg_imm32_b32` /
//! `s_setreg_b32` on `HW_REG_MODE`): its float fields (round modes [3:0],
//! denormal modes [7:4], DX10 clamp [8], IEEE [9], FP16_OVFL [23]) decide
//! how the lifter computes float instructions ([`super::FloatMode`]).
//!
//! The value is known statically: it starts as the kernel descriptor says and
//! changes only by `s_setreg_imm32_b32` (a constant); it is tracked along the
//! code, and a MODE other than the kernel's initial one must not cross a
//! branch or branch target (LLVM switches the denormal mode around an f32
//! division in straight-line code). `s_setreg_b32` (a register value) and
//! other hardware registers are refused.

use xisa_ir::Operand;

use super::super::decode::Inst;
use super::builder::Builder;
use super::{FloatMode, LiftError};

/// `HW_REG_MODE`'s id in `hwreg(...)`.
const HW_REG_MODE: u32 = 1;

/// The MODE fields xisa models (round and denormal modes, DX10 clamp, IEEE,
/// FP16_OVFL).
const FLOAT_FIELDS: u32 = 0x3ff | 1 << 23;

impl FloatMode {
    /// The MODE register value of this mode (its float fields).
    pub fn mode_bits(&self) -> u32 {
        self.round_32
            | self.round_16_64 << 2
            | self.denorm_32 << 4
            | self.denorm_16_64 << 6
            | (self.dx10_clamp as u32) << 8
            | (self.ieee as u32) << 9
            | (self.fp16_ovfl as u32) << 23
    }

    /// The float mode a MODE register value sets.
    pub fn from_mode_bits(v: u32) -> FloatMode {
        FloatMode {
            round_32: v & 3,
            round_16_64: v >> 2 & 3,
            denorm_32: v >> 4 & 3,
            denorm_16_64: v >> 6 & 3,
            dx10_clamp: v >> 8 & 1 == 1,
            ieee: v >> 9 & 1 == 1,
            fp16_ovfl: v >> 23 & 1 == 1,
        }
    }
}

/// `hwreg(id, offset, size)` of a SOPK immediate: (id, offset, the field's
/// mask in place).
fn hwreg(simm16: u32) -> (u32, u32, u32) {
    let (id, off, size) = (simm16 & 0x3f, simm16 >> 6 & 0x1f, (simm16 >> 11 & 0x1f) + 1);
    let mask = (((1u64 << size) - 1) << off) as u32;
    (id, off, mask)
}

/// Sets the lifter's float state from a MODE value.
pub(crate) fn apply(b: &mut Builder, mode: u32) {
    let fm = FloatMode::from_mode_bits(mode);
    b.mode = mode;
    b.ftz32 = fm.denorm_32 == 0;
    b.float_mode = if mode == b.entry_mode {
        fm.problem()
    } else {
        fm.problem_in("MODE (as an s_setreg left it):")
    };
}

/// `s_getreg_b32 sdst, hwreg(HW_REG_MODE, off, size)`: the tracked value's
/// field.
pub(crate) fn getreg(b: &mut Builder, i: &Inst) -> Result<Operand, LiftError> {
    let (id, off, mask) = hwreg(i.get("simm16"));
    if id != HW_REG_MODE {
        return Err(b.unsupported(format!(
            "hardware register {id} (only HW_REG_MODE is modelled)"
        )));
    }
    Ok(Operand::Imm(u64::from((b.mode & mask) >> off)))
}

/// `s_setreg_imm32_b32 hwreg(HW_REG_MODE, off, size), imm`: the field of
/// MODE becomes the constant's low bits.
pub(crate) fn setreg_imm(b: &mut Builder, i: &Inst) -> Result<(), LiftError> {
    let (id, off, mask) = hwreg(i.get("simm16"));
    if id != HW_REG_MODE {
        return Err(b.unsupported(format!(
            "s_setreg of hardware register {id} (only HW_REG_MODE is modelled)"
        )));
    }
    let lit = b.lit()?;
    let new = b.mode & !mask | lit.wrapping_shl(off) & mask;
    if (new ^ b.mode) & !FLOAT_FIELDS != 0 {
        return Err(b.unsupported(format!(
            "MODE bits {:#x} (only the round, denormal, DX10-clamp, IEEE and FP16_OVFL fields are modelled)",
            (new ^ b.mode) & !FLOAT_FIELDS
        )));
    }
    apply(b, new);
    Ok(())
}
