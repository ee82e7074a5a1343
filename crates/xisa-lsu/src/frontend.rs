//! The lsu group as an xisa frontend: a program (assembly text or
//! little-endian instruction words) is one kernel named `lsu`, lifted when it
//! loads.

use xisa_frontend::{program, FragmentFrontend, FrontendError, IsaInfo};
use xisa_runtime::launch::RUNTIME_LIMITS;

static INFO: IsaInfo = IsaInfo {
    name: "lsu",
    aliases: &[],
    summary: "the load/store/atomic group of the third vendor's ISA (words or assembly text)",
    detection: None,
    wave_size: 32,
    limits: RUNTIME_LIMITS,
    machine_code: true,
    vector_registers: Some("v"),
    uniform_registers: Some("u"),
    exec_mask: &["exec"],
};

/// The lsu frontend.
pub static FRONTEND: FragmentFrontend = FragmentFrontend {
    info: &INFO,
    offsets: Some(12),
    disassemble: |b| crate::disassemble(b).map_err(|e| e.to_string()),
    assemble: |t| crate::assemble(t).map_err(|e| e.to_string()),
    lift: |b| {
        let insts = program(b, crate::parse_program, crate::decode_program)?;
        crate::lift(&insts, &crate::LiftOptions::default())
            .map_err(|e| FrontendError::Lift(e.to_string()))
    },
    write_mem: crate::write::write_mem,
};
