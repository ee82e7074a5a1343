//! xisa's own IR text as a frontend: modules are parsed and verified when
//! loaded (text has no per-kernel container to defer to), listed by
//! printing them, and bound by their declared parameters.

use xisa_ir::{Kernel, Module};
use xisa_runtime::launch::RUNTIME_LIMITS;

use crate::{
    unknown_kernel, DisasmOptions, Frontend, FrontendError, GuestModule, IsaInfo, KernelEntry,
    Result,
};

/// The IR frontend.
#[derive(Debug, Clone, Copy, Default)]
pub struct IrFrontend;

static INFO: IsaInfo = IsaInfo {
    name: "ir",
    aliases: &["xir"],
    summary: "xisa IR text (docs/ir.md)",
    detection: Some("a first line `kernel @...`"),
    wave_size: 32,
    limits: RUNTIME_LIMITS,
    machine_code: false,
    vector_registers: None,
    uniform_registers: None,
    exec_mask: &[],
};

/// Parses and verifies IR text.
pub fn parse(bytes: &[u8]) -> Result<Module> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| FrontendError::Load(format!("not UTF-8 text at byte {}", e.valid_up_to())))?;
    let m = xisa_ir::text::parse_module(text).map_err(|e| FrontendError::Load(e.to_string()))?;
    xisa_ir::verify::verify_module(&m)
        .map_err(|e| FrontendError::Load(format!("invalid IR: {e}")))?;
    Ok(m)
}

impl Frontend for IrFrontend {
    fn info(&self) -> &'static IsaInfo {
        &INFO
    }

    /// IR text: the first line that is not blank or a `;` comment starts a
    /// kernel.
    fn detect(&self, bytes: &[u8]) -> bool {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return false;
        };
        text.lines()
            .map(|l| l.split(';').next().unwrap_or("").trim())
            .find(|l| !l.is_empty())
            .is_some_and(|l| l.starts_with("kernel"))
    }

    fn disassemble(&self, bytes: &[u8], opts: &DisasmOptions) -> Result<String> {
        if opts.raw || opts.rules_dir.is_some() {
            return Err(FrontendError::Text(
                "IR text has no raw form or translation rules".into(),
            ));
        }
        Ok(xisa_ir::text::print_module(&parse(bytes)?))
    }

    /// IR text is its own assembly: checked (parsed and verified) and
    /// returned in canonical form.
    fn assemble(&self, text: &str) -> Result<Vec<u8>> {
        Ok(xisa_ir::text::print_module(&parse(text.as_bytes())?).into_bytes())
    }

    fn load(&self, bytes: &[u8]) -> Result<Box<dyn GuestModule>> {
        let m = parse(bytes)?;
        Ok(Box::new(IrModule {
            entries: m
                .kernels
                .iter()
                .map(|k| KernelEntry::named(k.name.clone()))
                .collect(),
            module: m,
        }))
    }
}

/// A parsed IR module.
#[derive(Debug, Clone)]
struct IrModule {
    entries: Vec<KernelEntry>,
    module: Module,
}

impl GuestModule for IrModule {
    fn kernels(&self) -> &[KernelEntry] {
        &self.entries
    }

    fn lift(&self, name: &str) -> Result<Kernel> {
        self.module
            .kernel(name)
            .cloned()
            .ok_or_else(|| unknown_kernel(self, name))
    }
}
