//! Cranelift setup: the host ISA, one `JITModule` per kernel (its own arena, so
//! the code can be freed with the program), helper symbols, compile and link.

use std::sync::OnceLock;

use cranelift_codegen::ir::{self, AbiParam, UserFuncName};
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::{print_errors, verify_function};
use cranelift_jit::{ArenaMemoryProvider, JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, FuncId, Linkage, Module, ModuleError};
use xisa_ir::Kernel;

use crate::helpers::Helper;
use crate::lower::{self, HostCaps};
use crate::{EntryFn, JitError, JitOptions, OptLevel};

/// A finished compilation.
pub(crate) struct Compiled {
    pub entry: EntryFn,
    pub module: JITModule,
}

fn cl_err(kernel: &Kernel, msg: impl std::fmt::Display) -> JitError {
    JitError::Cranelift {
        kernel: kernel.name.clone(),
        msg: msg.to_string(),
    }
}

/// The host ISA for an optimization level, built once per process (CPU feature
/// detection by `cranelift_native`: `has_fma`, `has_sse41`, `has_cmpxchg16b`, ...).
fn host_isa(opt: OptLevel) -> Result<OwnedTargetIsa, String> {
    static ISAS: [OnceLock<Result<OwnedTargetIsa, String>>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = match opt {
        OptLevel::None => &ISAS[0],
        OptLevel::Speed => &ISAS[1],
    };
    slot.get_or_init(|| {
        let mut fb = settings::builder();
        let level = match opt {
            OptLevel::None => "none",
            OptLevel::Speed => "speed",
        };
        let set = |fb: &mut settings::Builder, k: &str, v: &str| {
            fb.set(k, v).map_err(|e| format!("setting {k}={v}: {e}"))
        };
        set(&mut fb, "opt_level", level)?;
        // cranelift-jit <= 0.136 needs non-PIC code; libcalls are far calls.
        set(&mut fb, "is_pic", "false")?;
        set(&mut fb, "use_colocated_libcalls", "false")?;
        // We run the verifier ourselves (when asked) for a readable report.
        set(&mut fb, "enable_verifier", "false")?;
        let isa = cranelift_native::builder()
            .map_err(|e| format!("host ISA not supported: {e}"))?
            .finish(settings::Flags::new(fb))
            .map_err(|e| format!("host ISA: {e}"))?;
        Ok(isa)
    })
    .clone()
}

/// What the host can do natively, from the ISA flags. Only x86-64 lacks FMA and
/// SSE4.1 rounding in its baseline; without them Cranelift would emit libcalls,
/// so we call the semantics helpers instead.
fn host_caps(isa: &OwnedTargetIsa) -> HostCaps {
    if isa.name() != "x64" {
        // aarch64, riscv64, s390x: FMA and rounding are baseline; memory is
        // weakly ordered, so acquire/release need real instructions.
        return HostCaps {
            fma: true,
            round: true,
            tso: false,
        };
    }
    let flag = |name: &str| {
        isa.isa_flags()
            .iter()
            .any(|v| v.name == name && v.as_bool().unwrap_or(false))
    };
    HostCaps {
        fma: flag("has_fma"),
        round: flag("has_sse41"),
        tso: true,
    }
}

/// Bytes of address space first reserved for one kernel's code (committed only
/// as used; `compile` retries with more if the code does not fit).
fn arena_size(kernel: &Kernel) -> usize {
    let per_inst = 4096usize;
    (kernel.inst_count().saturating_mul(per_inst)).clamp(16 << 20, MAX_ARENA)
}

/// Largest code arena: everything in one module must stay within rel32 reach.
const MAX_ARENA: usize = 1 << 30;

struct Built {
    module: JITModule,
    ctx: cranelift_codegen::Context,
    func_id: FuncId,
}

/// Declares the kernel function and helpers and lowers the kernel into a
/// Cranelift function (not yet compiled).
fn build(kernel: &Kernel, opts: &JitOptions, arena: usize) -> Result<Built, JitError> {
    let isa = host_isa(opts.opt_level).map_err(|e| cl_err(kernel, e))?;
    let caps = host_caps(&isa);
    let mut jb = JITBuilder::with_isa(isa.clone(), default_libcall_names());
    for h in Helper::ALL {
        jb.symbol(h.symbol(), h.address());
    }
    let arena = ArenaMemoryProvider::new_with_size(arena)
        .map_err(|e| cl_err(kernel, format!("reserving code memory: {e}")))?;
    jb.memory_provider(Box::new(arena));
    let mut module = JITModule::new(jb);

    let mut helper_ids = Vec::with_capacity(Helper::ALL.len());
    for h in Helper::ALL {
        let mut sig = module.make_signature();
        sig.params.push(AbiParam::new(ir::types::I32));
        for _ in 0..h.arity() {
            sig.params.push(AbiParam::new(ir::types::I64));
        }
        sig.returns.push(AbiParam::new(ir::types::I64));
        let id = module
            .declare_function(h.symbol(), Linkage::Import, &sig)
            .map_err(|e| cl_err(kernel, e))?;
        helper_ids.push(id);
    }

    let ptr = module.target_config().pointer_type();
    let mut sig = module.make_signature();
    sig.params.push(AbiParam::new(ptr));
    sig.params.push(AbiParam::new(ptr));
    sig.params.push(AbiParam::new(ir::types::I32));
    sig.returns.push(AbiParam::new(ir::types::I32));
    let func_id = module
        .declare_anonymous_function(&sig)
        .map_err(|e| cl_err(kernel, e))?;

    let mut ctx = module.make_context();
    ctx.func.signature = sig;
    ctx.func.name = UserFuncName::user(0, func_id.as_u32());
    lower::lower_kernel(kernel, opts, caps, &mut module, &helper_ids, &mut ctx.func)?;
    // Registers a run loads but only hands on to a later run (see `deadparams`).
    crate::deadparams::prune(&mut ctx.func);

    if opts.verify {
        verify_function(&ctx.func, isa.flags()).map_err(|errs| {
            cl_err(
                kernel,
                print_errors::pretty_verifier_error(&ctx.func, None, errs),
            )
        })?;
    }
    Ok(Built {
        module,
        ctx,
        func_id,
    })
}

/// Lowers, compiles and links `kernel`.
pub(crate) fn compile(kernel: &Kernel, opts: &JitOptions) -> Result<Compiled, JitError> {
    let mut arena = arena_size(kernel);
    let (mut module, func_id, len) = loop {
        let Built {
            mut module,
            mut ctx,
            func_id,
        } = build(kernel, opts, arena)?;
        match module.define_function(func_id, &mut ctx) {
            Ok(()) => {
                let len = ctx.compiled_code().map_or(0, |c| c.code_buffer().len());
                break (module, func_id, len);
            }
            // The code did not fit in the reserved arena: reserve more.
            Err(ModuleError::Allocation { .. }) if arena < MAX_ARENA => {
                arena = (arena * 4).min(MAX_ARENA);
            }
            Err(e) => return Err(cl_err(kernel, format!("{e:?}"))),
        }
    };
    module
        .finalize_definitions()
        .map_err(|e| cl_err(kernel, e))?;
    let code = module.get_finalized_function(func_id);
    dump_code(kernel, code, len);
    // SAFETY: the function was declared with signature `(ptr, ptr, i32) -> i32` in the
    // host's default calling convention, which is `extern "C"`.
    let entry = unsafe { std::mem::transmute::<*const u8, EntryFn>(code) };
    Ok(Compiled { entry, module })
}

/// For profiling generated code: with `XISA_JIT_DUMP=DIR` set, writes each
/// compiled kernel's machine code to `DIR/NAME-ADDRESS.bin`, to read with
/// `objdump -D -b binary -m i386:x86-64 --adjust-vma=0xADDRESS` next to
/// `perf script` samples. Best effort: a failed write is reported on stderr,
/// never an error.
fn dump_code(kernel: &Kernel, code: *const u8, len: usize) {
    let Some(dir) = std::env::var_os("XISA_JIT_DUMP") else {
        return;
    };
    let name: String = kernel
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let path = std::path::Path::new(&dir).join(format!("{name}-{:x}.bin", code as usize));
    // SAFETY: `code` is the start of the finalized function, `len` bytes long
    // (its compiled code buffer), readable while the module lives.
    let bytes = unsafe { std::slice::from_raw_parts(code, len) };
    if let Err(e) = std::fs::write(&path, bytes) {
        eprintln!("XISA_JIT_DUMP: writing {}: {e}", path.display());
    }
}

/// The CLIF text of the lowered kernel.
pub(crate) fn clif_text(kernel: &Kernel, opts: &JitOptions) -> Result<String, JitError> {
    let built = build(kernel, opts, arena_size(kernel))?;
    let text = built.ctx.func.display().to_string();
    // Nothing was finalized: dropping the module releases its (empty) arena.
    drop(built);
    Ok(text)
}
