//! CDNA 5 VGLOBAL fragments as an xisa frontend: a program (LLVM assembly
//! text or 12-byte instruction words) is one kernel, lifted when it loads.

use xisa_frontend::{program, FragmentFrontend, FrontendError, IsaInfo};
use xisa_runtime::launch::RUNTIME_LIMITS;

static INFO: IsaInfo = IsaInfo {
    name: "cdna5",
    aliases: &[],
    summary: "AMD CDNA 5 VGLOBAL atomics (96-bit words or LLVM assembly text)",
    detection: None,
    wave_size: 32,
    limits: RUNTIME_LIMITS,
    machine_code: true,
    vector_registers: Some("v"),
    uniform_registers: Some("s"),
    exec_mask: &["exec"],
};

/// The CDNA 5 frontend.
pub static FRONTEND: FragmentFrontend = FragmentFrontend {
    info: &INFO,
    offsets: None,
    disassemble: |b| crate::cdna5::disassemble(b).map_err(|e| e.to_string()),
    assemble: |t| crate::cdna5::assemble(t).map_err(|e| e.to_string()),
    lift: |b| {
        let insts = program(b, crate::cdna5::parse_program, crate::cdna5::decode_program)?;
        crate::cdna5::lift(&insts, &crate::cdna5::LiftOptions::default())
            .map_err(|e| FrontendError::Lift(e.to_string()))
    },
    write_mem: crate::cdna5::write::write_mem,
};
