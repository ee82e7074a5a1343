//! CDNA 5 VGLOBAL fragments as an xisa frontend: a program (LLVM assembly
//! text or 12-byte instruction words) is one kernel, lifted when it loads.

use xisa_frontend::{
    looks_like_text, DisasmOptions, Frontend, FrontendError, GuestModule, IsaInfo, Result,
    SingleKernel, SurfaceBinding,
};
use xisa_runtime::launch::RUNTIME_LIMITS;

/// The CDNA 5 frontend.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cdna5Frontend;

static INFO: IsaInfo = IsaInfo {
    name: "cdna5",
    aliases: &[],
    summary: "AMD CDNA 5 VGLOBAL atomics (96-bit words or LLVM assembly text)",
    detection: None,
    wave_size: 32,
    limits: RUNTIME_LIMITS,
    surfaces: SurfaceBinding::Descriptor,
    machine_code: true,
};

fn text_err(e: impl std::fmt::Display) -> FrontendError {
    FrontendError::Text(e.to_string())
}

/// The instructions of a program: assembly text or instruction words.
pub fn program(bytes: &[u8]) -> Result<Vec<crate::Inst>> {
    let load = |e: &dyn std::fmt::Display| FrontendError::Load(e.to_string());
    if looks_like_text(bytes) {
        let text = std::str::from_utf8(bytes).map_err(|e| load(&e))?;
        crate::parse_program(text).map_err(|e| load(&e))
    } else {
        crate::decode_program(bytes).map_err(|e| load(&e))
    }
}

impl Frontend for Cdna5Frontend {
    fn info(&self) -> &'static IsaInfo {
        &INFO
    }

    fn detect(&self, _: &[u8]) -> bool {
        false
    }

    fn disassemble(&self, bytes: &[u8], opts: &DisasmOptions) -> Result<String> {
        if opts.rules_dir.is_some() {
            return Err(text_err("cdna5 has no external translation rules"));
        }
        if looks_like_text(bytes) && !opts.raw {
            return Err(text_err(
                "cdna5 disasm reads instruction words; this is text (assemble it with `xisa asm --isa cdna5`)",
            ));
        }
        let lines = crate::disassemble(bytes).map_err(text_err)?;
        Ok(lines.iter().map(|l| format!("{l}\n")).collect())
    }

    fn assemble(&self, text: &str) -> Result<Vec<u8>> {
        crate::assemble(text).map_err(text_err)
    }

    fn load(&self, bytes: &[u8]) -> Result<Box<dyn GuestModule>> {
        let k = crate::lift(&program(bytes)?, &crate::LiftOptions::default())
            .map_err(|e| FrontendError::Lift(e.to_string()))?;
        Ok(Box::new(SingleKernel::new(k)))
    }
}
