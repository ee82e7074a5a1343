//! `extern "C"` wrappers around [`xisa_ir::semantics`] for the operations the JIT
//! does not lower natively (directed rounding, flush-to-zero, f16/bf16,
//! transcendentals, IEEE min/max, byte permutes, bit fields, packed/float
//! atomics, conversion corner cases). Calling the very functions the interpreter
//! calls makes those results bit-identical by construction.
//!
//! Every wrapper has the same shape, `fn(code: u32, args: u64...) -> u64`: values
//! travel as raw register bits (zero-extended), and `code` packs the operation and
//! its static parameters (see [`Code`]). Wrappers never unwind into JIT code: a
//! malformed code gives 0, and a panic inside `semantics` (a bug) is caught and
//! also gives 0.

use std::panic::{catch_unwind, AssertUnwindSafe};

use xisa_ir::semantics;
use xisa_ir::{
    AtomOp, AtomType, BinOp, CvtOp, FBinOp, FCond, FUnOp, Round, SurfDim, SurfOob, Type, UnOp,
};
use xisa_runtime::ctx::LaneCtx;
use xisa_runtime::surface;

/// The helper functions generated code may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Helper {
    Bin,
    Un,
    FBin,
    FUn,
    Fma,
    FCmp,
    Cvt,
    Bfe,
    Bfi,
    Atomic,
    Surface,
    Host,
}

impl Helper {
    /// All helpers.
    pub(crate) const ALL: [Helper; 12] = [
        Helper::Bin,
        Helper::Un,
        Helper::FBin,
        Helper::FUn,
        Helper::Fma,
        Helper::FCmp,
        Helper::Cvt,
        Helper::Bfe,
        Helper::Bfi,
        Helper::Atomic,
        Helper::Surface,
        Helper::Host,
    ];

    /// Position in [`Helper::ALL`].
    pub(crate) fn index(self) -> usize {
        Helper::ALL.iter().position(|&h| h == self).unwrap_or(0)
    }

    /// Symbol name registered with the JIT.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Helper::Bin => "xisa_jit_bin",
            Helper::Un => "xisa_jit_un",
            Helper::FBin => "xisa_jit_fbin",
            Helper::FUn => "xisa_jit_fun",
            Helper::Fma => "xisa_jit_fma",
            Helper::FCmp => "xisa_jit_fcmp",
            Helper::Cvt => "xisa_jit_cvt",
            Helper::Bfe => "xisa_jit_bfe",
            Helper::Bfi => "xisa_jit_bfi",
            Helper::Atomic => "xisa_jit_atomic",
            Helper::Surface => "xisa_jit_surface",
            Helper::Host => "xisa_jit_host",
        }
    }

    /// Number of `u64` value arguments after the code.
    pub(crate) fn arity(self) -> usize {
        match self {
            Helper::Un | Helper::FUn | Helper::Cvt => 1,
            Helper::Bin | Helper::FBin | Helper::FCmp => 2,
            Helper::Fma | Helper::Bfe | Helper::Atomic => 3,
            Helper::Bfi => 4,
            Helper::Surface => 6,
            Helper::Host => 7,
        }
    }

    /// Host address of the wrapper.
    pub(crate) fn address(self) -> *const u8 {
        match self {
            Helper::Bin => h_bin as *const u8,
            Helper::Un => h_un as *const u8,
            Helper::FBin => h_fbin as *const u8,
            Helper::FUn => h_fun as *const u8,
            Helper::Fma => h_fma as *const u8,
            Helper::FCmp => h_fcmp as *const u8,
            Helper::Cvt => h_cvt as *const u8,
            Helper::Bfe => h_bfe as *const u8,
            Helper::Bfi => h_bfi as *const u8,
            Helper::Atomic => h_atomic as *const u8,
            Helper::Surface => h_surface as *const u8,
            Helper::Host => h_host as *const u8,
        }
    }
}

/// The static parameters of a helper call, packed into the `u32` first argument:
/// bits 0..8 `op` (index in the op enum's `ALL`), 8..12 `ty`, 12..16 `ty2` (indices
/// in [`Type::ALL`] or [`AtomType::ALL`]), 16..18 `rnd`, bit 18 `ftz`, bit 19
/// `flag` (cvt `sat`, bfe `signed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Code {
    pub op: u8,
    pub ty: u8,
    pub ty2: u8,
    pub rnd: u8,
    pub ftz: bool,
    pub flag: bool,
}

impl Code {
    pub(crate) fn pack(self) -> u32 {
        (self.op as u32)
            | ((self.ty as u32 & 0xf) << 8)
            | ((self.ty2 as u32 & 0xf) << 12)
            | ((self.rnd as u32 & 3) << 16)
            | ((self.ftz as u32) << 18)
            | ((self.flag as u32) << 19)
    }

    pub(crate) fn unpack(c: u32) -> Code {
        Code {
            op: c as u8,
            ty: ((c >> 8) & 0xf) as u8,
            ty2: ((c >> 12) & 0xf) as u8,
            rnd: ((c >> 16) & 3) as u8,
            ftz: (c >> 18) & 1 != 0,
            flag: (c >> 19) & 1 != 0,
        }
    }

    fn ty(self) -> Option<Type> {
        Type::ALL.get(self.ty as usize).copied()
    }

    fn ty2(self) -> Option<Type> {
        Type::ALL.get(self.ty2 as usize).copied()
    }

    fn rnd(self) -> Option<Round> {
        Round::ALL.get(self.rnd as usize).copied()
    }
}

/// Index of `x` in `all` (0 if absent, which cannot happen for the `ALL` arrays).
pub(crate) fn index_of<T: PartialEq>(all: &[T], x: &T) -> u8 {
    all.iter().position(|a| a == x).unwrap_or(0) as u8
}

pub(crate) fn type_index(t: Type) -> u8 {
    index_of(&Type::ALL, &t)
}

pub(crate) fn round_index(r: Round) -> u8 {
    index_of(&Round::ALL, &r)
}

/// Runs `f`, turning a panic (a bug in `semantics`) into 0: unwinding into JIT
/// frames is not allowed.
#[inline]
fn guarded(f: impl FnOnce() -> Option<u64>) -> u64 {
    catch_unwind(AssertUnwindSafe(f))
        .ok()
        .flatten()
        .unwrap_or(0)
}

extern "C" fn h_bin(code: u32, a: u64, b: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        Some(semantics::bin(
            *BinOp::ALL.get(c.op as usize)?,
            c.ty()?,
            a,
            b,
        ))
    })
}

extern "C" fn h_un(code: u32, a: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        Some(semantics::un(*UnOp::ALL.get(c.op as usize)?, c.ty()?, a))
    })
}

extern "C" fn h_fbin(code: u32, a: u64, b: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        let op = *FBinOp::ALL.get(c.op as usize)?;
        Some(semantics::fbin(op, c.ty()?, c.rnd()?, c.ftz, a, b))
    })
}

extern "C" fn h_fun(code: u32, a: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        let op = *FUnOp::ALL.get(c.op as usize)?;
        Some(semantics::fun(op, c.ty()?, c.ftz, a))
    })
}

extern "C" fn h_fma(code: u32, a: u64, b: u64, x: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        Some(semantics::fma(c.ty()?, c.ftz, a, b, x))
    })
}

extern "C" fn h_fcmp(code: u32, a: u64, b: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        let cond = *FCond::ALL.get(c.op as usize)?;
        Some(semantics::fcmp(cond, c.ty()?, c.ftz, a, b) as u64)
    })
}

/// `ty` is the destination type, `ty2` the source type, `flag` is `sat`.
extern "C" fn h_cvt(code: u32, v: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        let op = *CvtOp::ALL.get(c.op as usize)?;
        Some(semantics::cvt(
            op,
            c.ty()?,
            c.ty2()?,
            c.rnd()?,
            c.flag,
            c.ftz,
            v,
        ))
    })
}

/// `flag` is `signed`.
extern "C" fn h_bfe(code: u32, a: u64, pos: u64, len: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        Some(semantics::bfe(c.flag, c.ty()?, a, pos, len))
    })
}

extern "C" fn h_bfi(code: u32, ins: u64, base: u64, pos: u64, len: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        Some(semantics::bfi(c.ty()?, ins, base, pos, len))
    })
}

/// `op` indexes [`AtomOp::ALL`], `ty` [`AtomType::ALL`]. Returns the new value.
extern "C" fn h_atomic(code: u32, old: u64, src: u64, cmp: u64) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        let op = *AtomOp::ALL.get(c.op as usize)?;
        let ty = *AtomType::ALL.get(c.ty as usize)?;
        Some(semantics::atomic_apply(op, ty, c.ftz, old, src, cmp))
    })
}

/// [`h_surface`] result: the element's guest address was written to `*out`.
/// What [`h_host`] returns when the call faulted (results are `i32`s,
/// zero-extended, so this is never one).
pub(crate) const HOST_FAULT: u64 = u64::MAX;

/// A host service ([`xisa_runtime::host::call`]) for the lane of `ctx`:
/// `code.op` is the [`HostFn`] index, `a0..a5` its operands (unused ones 0).
/// On a fault the lane's fault record is filled in (but for the location)
/// and [`HOST_FAULT`] returned.
#[allow(clippy::too_many_arguments)]
extern "C" fn h_host(
    code: u32,
    ctx: u64,
    a0: u64,
    a1: u64,
    a2: u64,
    a3: u64,
    a4: u64,
    a5: u64,
) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        let func = *xisa_ir::HostFn::ALL.get(c.op as usize)?;
        let ctx = ctx as *mut LaneCtx;
        let args = [a0, a1, a2, a3, a4, a5];
        // SAFETY: `ctx` is the lane context the generated function was called
        // with, valid and not otherwise borrowed during the call.
        unsafe {
            Some(
                match xisa_runtime::host::call(&*ctx, func, &args[..func.arity()]) {
                    Ok(v) => v,
                    Err(f) => {
                        (*ctx).fault = f;
                        HOST_FAULT
                    }
                },
            )
        }
    })
}

pub(crate) const SURFACE_ADDR: u64 = 0;
/// [`h_surface`] result: out of range under `ign`: read 0 / drop.
pub(crate) const SURFACE_SKIP: u64 = 1;
/// [`h_surface`] result: fault; `ctx.fault` is filled in except `inst`.
pub(crate) const SURFACE_FAULT: u64 = 2;

/// Resolves a surface access with the runtime's resolver (the one the
/// interpreter uses): `op` is the [`SurfDim`] index, `ty` the [`SurfOob`] index;
/// `yz` packs `y | z << 32`.
extern "C" fn h_surface(
    code: u32,
    ctx: u64,
    desc: u64,
    x: u64,
    yz: u64,
    len: u64,
    out: u64,
) -> u64 {
    guarded(|| {
        let c = Code::unpack(code);
        let dim = *SurfDim::ALL.get(c.op as usize)?;
        let oob = *SurfOob::ALL.get(c.ty as usize)?;
        let ctx = ctx as *mut LaneCtx;
        // SAFETY: `ctx` is the lane context the generated function was called
        // with, valid for the call; its global window is valid guest memory (the
        // `LaneProgram` contract); `out` is an 8-byte stack slot of the caller.
        unsafe {
            let r = surface::resolve_access(
                (*ctx).global_base,
                (*ctx).global_limit,
                desc,
                dim,
                oob,
                [x as u32, yz as u32, (yz >> 32) as u32],
                len as u32,
            );
            Some(match r {
                Ok(Some(a)) => {
                    *(out as *mut u64) = a;
                    SURFACE_ADDR
                }
                Ok(None) => SURFACE_SKIP,
                Err(f) => {
                    (*ctx).fault = f;
                    SURFACE_FAULT
                }
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_round_trips() {
        let c = Code {
            op: 16,
            ty: 8,
            ty2: 5,
            rnd: 3,
            ftz: true,
            flag: true,
        };
        assert_eq!(Code::unpack(c.pack()), c);
        assert_eq!(Code::unpack(Code::default().pack()), Code::default());
    }

    #[test]
    fn bad_codes_give_zero() {
        assert_eq!(h_bin(0xff, 1, 2), 0);
        assert_eq!(
            h_atomic(
                Code {
                    op: 200,
                    ..Code::default()
                }
                .pack(),
                1,
                2,
                3
            ),
            0
        );
    }

    #[test]
    fn wrappers_call_semantics() {
        let c = Code {
            op: index_of(&FBinOp::ALL, &FBinOp::Add),
            ty: type_index(Type::F32),
            rnd: round_index(Round::Rp),
            ..Code::default()
        };
        let (a, b) = (1.0f32.to_bits() as u64, 1e-10f32.to_bits() as u64);
        assert_eq!(
            h_fbin(c.pack(), a, b),
            semantics::fbin(FBinOp::Add, Type::F32, Round::Rp, false, a, b)
        );
    }
}
