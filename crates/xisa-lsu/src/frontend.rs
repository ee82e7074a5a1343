//! The lsu group as an xisa frontend: a program (assembly text or
//! little-endian instruction words) is one kernel named `lsu`, lifted when it
//! loads.

use xisa_frontend::{
    looks_like_text, DisasmOptions, Frontend, FrontendError, GuestModule, IsaInfo, Result,
    SingleKernel, SurfaceBinding,
};
use xisa_runtime::launch::RUNTIME_LIMITS;

/// The lsu frontend.
#[derive(Debug, Clone, Copy, Default)]
pub struct LsuFrontend;

static INFO: IsaInfo = IsaInfo {
    name: "lsu",
    aliases: &[],
    summary: "the load/store/atomic group of the third vendor's ISA (words or assembly text)",
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

impl Frontend for LsuFrontend {
    fn info(&self) -> &'static IsaInfo {
        &INFO
    }

    fn detect(&self, _: &[u8]) -> bool {
        false
    }

    /// One line per instruction, prefixed with its byte offset.
    fn disassemble(&self, bytes: &[u8], opts: &DisasmOptions) -> Result<String> {
        if opts.rules_dir.is_some() {
            return Err(text_err("lsu has no external translation rules"));
        }
        if looks_like_text(bytes) && !opts.raw {
            return Err(text_err(
                "lsu disasm reads instruction words; this is text (assemble it with `xisa asm --isa lsu`)",
            ));
        }
        let lines = crate::disassemble(bytes).map_err(text_err)?;
        Ok(lines
            .iter()
            .enumerate()
            .map(|(i, l)| format!("/*{:06x}*/ {l}\n", i * 12))
            .collect())
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
