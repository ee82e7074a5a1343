//! sm_75 as an xisa frontend: cubins (ELF machine 190) are loaded, their
//! kernels lifted one at a time, their module data (`__device__` globals,
//! module constant banks) placed on a device, and launches bound to the IR
//! parameters with surfaces as 32-bit handles.

use xisa_frontend::{
    elf_machine, unknown_kernel, ArgValue, BankSlot, BlockRule, Bound, DeclaredLimit,
    DisasmOptions, Frontend, FrontendError, GeometryLimits, GuestModule, Instance, IsaInfo,
    KernelEntry, LaunchShape, MemRegs, MemSpec, ParamDecl, Placer, Result, SurfaceBinding, Symbol,
    Written,
};
use xisa_ir::Kernel;

use crate::loader::{self, Cubin};
use crate::Rules;

/// ELF machine number of CUDA cubins.
pub const EM_CUDA: u16 = 190;

/// The sm_75 frontend.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sm75Frontend;

static INFO: IsaInfo = IsaInfo {
    name: "sm75",
    aliases: &["sm_75", "turing"],
    summary: "NVIDIA Turing SASS: cubins (ELF machine 190)",
    detection: Some("ELF machine 190"),
    wave_size: 32,
    // CUDA compute capability 7.5: 1024 threads per block, block x, y at
    // most 1024 and z at most 64, grid x below 2^31 and y, z below 2^16.
    limits: GeometryLimits {
        origin: "sm_75 hardware",
        max_block_threads: 1024,
        max_block: [1024, 1024, 64],
        max_grid: [(1 << 31) - 1, 65535, 65535],
        max_grid_blocks: u64::MAX,
        max_grid_lanes: [u64::MAX; 3],
    },
    machine_code: true,
    vector_registers: Some("r"),
    uniform_registers: Some("ur"),
    exec_mask: &[],
};

fn text_err(e: impl std::fmt::Display) -> FrontendError {
    FrontendError::Text(e.to_string())
}

impl Frontend for Sm75Frontend {
    fn info(&self) -> &'static IsaInfo {
        &INFO
    }

    fn detect(&self, bytes: &[u8]) -> bool {
        elf_machine(bytes) == Some(EM_CUDA)
    }

    /// nvdisasm's syntax; with `raw`, bare 16-byte instruction words.
    fn disassemble(&self, bytes: &[u8], opts: &DisasmOptions) -> Result<String> {
        let rules = match &opts.rules_dir {
            Some(dir) => {
                Rules::from_dir(dir).map_err(|e| text_err(format!("{}: {e}", dir.display())))?
            }
            None => Rules::embedded().map_err(|e| text_err(format!("built-in rules: {e}")))?,
        };
        if opts.raw {
            let lines = rules
                .disassemble_raw_with(bytes, 0, opts.hex)
                .map_err(text_err)?;
            Ok(lines.iter().map(|l| format!("{l}\n")).collect())
        } else {
            crate::cubin::disassemble_cubin_with(&rules, bytes, opts.hex).map_err(text_err)
        }
    }

    /// nvdisasm's syntax (a listing `xisa disasm` prints reads back) into
    /// bare 16-byte instruction words, the form `disassemble` lists with
    /// `raw`: xisa writes no cubins ([`crate::asm`]).
    fn assemble(&self, text: &str) -> Result<Vec<u8>> {
        crate::asm::assemble(text).map_err(text_err)
    }

    /// The inverse of lifting, found by lifting ([`crate::write`]).
    fn write_mem(&self, spec: &MemSpec, regs: &MemRegs) -> Result<Written> {
        crate::write::write_mem(spec, regs).map_err(|r| r.error(INFO.name, spec))
    }

    /// A cubin, or (with `--isa sm75`) a bare fragment: nvdisasm-syntax
    /// text or 16-byte instruction words, one kernel named `fragment` with
    /// no parameters, no constant bank data and no shared memory of its own
    /// (`xisa exec` gives every register; falling off its end exits).
    fn load(&self, bytes: &[u8]) -> Result<Box<dyn GuestModule>> {
        if elf_machine(bytes).is_none() {
            let code = if xisa_frontend::looks_like_text(bytes) {
                let text =
                    std::str::from_utf8(bytes).map_err(|e| FrontendError::Load(e.to_string()))?;
                crate::asm::assemble(text).map_err(|e| FrontendError::Load(e.to_string()))?
            } else {
                bytes.to_vec()
            };
            return Ok(Box::new(fragment(code)));
        }
        let cubin = loader::load(bytes).map_err(|e| FrontendError::Load(e.to_string()))?;
        let entries = cubin.kernels.iter().map(entry).collect();
        Ok(Box::new(Sm75Module { cubin, entries }))
    }
}

/// Instruction words as a module of one kernel, `fragment`: no parameters,
/// no constant bank data, no shared memory of its own.
pub(crate) fn fragment(code: Vec<u8>) -> impl GuestModule {
    let k = loader::CubinKernel {
        name: "fragment".into(),
        code,
        regcount: 255,
        param_cbank_offset: loader::PARAM_CBANK_OFFSET,
        ..Default::default()
    };
    let cubin = Cubin {
        sm: 75,
        kernels: vec![k],
        relocs: Vec::new(),
        data: Default::default(),
    };
    let entries = cubin.kernels.iter().map(entry).collect();
    Sm75Module { cubin, entries }
}

/// A kernel and the launch limits its `.nv.info` declares
/// (`EIATTR_REQNTID`, `EIATTR_MAX_THREADS`: PTX `.reqntid`, `.maxntid`).
fn entry(k: &loader::CubinKernel) -> KernelEntry {
    let mut declared = Vec::new();
    if let Some(b) = k.required_block() {
        declared.push(DeclaredLimit {
            rule: BlockRule::Exactly(b),
            source: format!("PTX .reqntid: EIATTR_REQNTID in .nv.info.{}", k.name),
        });
    }
    if let Some(b) = k.max_block() {
        let n = b.iter().map(|&x| u64::from(x)).product();
        declared.push(DeclaredLimit {
            rule: BlockRule::AtMost(n),
            source: format!(
                "PTX .maxntid {},{},{}: EIATTR_MAX_THREADS in .nv.info.{}",
                b[0], b[1], b[2], k.name
            ),
        });
    }
    KernelEntry {
        name: k.name.clone(),
        declared,
    }
}

/// A loaded cubin.
#[derive(Debug, Clone)]
struct Sm75Module {
    cubin: Cubin,
    entries: Vec<KernelEntry>,
}

impl Sm75Module {
    fn kernel(&self, name: &str) -> Result<&loader::CubinKernel> {
        self.cubin
            .kernels
            .iter()
            .find(|k| k.name == name)
            .ok_or_else(|| unknown_kernel(self, name))
    }
}

/// A kernel's arguments as its IR parameters take them: given one per IR
/// parameter they are used as they are; given one per declared parameter,
/// each struct (a parameter split into words, see `KParam::pieces`) is a
/// by-value struct argument of its size, cut into those words.
fn param_words(
    k: &loader::CubinKernel,
    ir_params: usize,
    args: &[ArgValue],
) -> Result<Vec<ArgValue>> {
    if args.len() == ir_params || args.len() != k.params.len() {
        return Ok(args.to_vec());
    }
    let mut out = Vec::with_capacity(ir_params);
    for (p, arg) in k.params.iter().zip(args) {
        let pieces = p.pieces().unwrap_or_default();
        if pieces.len() <= 1 {
            out.push(*arg);
            continue;
        }
        let ArgValue::Aggregate(b) = arg else {
            return Err(FrontendError::Args(format!(
                "kernel {}: parameter {} is a {}-byte struct; {arg} does not fit (give a \
                 struct:... of its size, or its {} words as separate arguments)",
                k.name,
                p.ordinal,
                p.size,
                pieces.len()
            )));
        };
        if b.len() != p.size as usize {
            return Err(FrontendError::Args(format!(
                "kernel {}: parameter {} is a {}-byte struct; {arg} does not fit",
                k.name, p.ordinal, p.size
            )));
        }
        let w = pieces[0].bytes() as usize;
        for chunk in b.as_slice().chunks(w) {
            let mut v = [0u8; 8];
            v[..w].copy_from_slice(chunk);
            let v = u64::from_le_bytes(v);
            out.push(if w == 8 {
                ArgValue::U64(v)
            } else {
                ArgValue::U32(v as u32)
            });
        }
    }
    Ok(out)
}

impl GuestModule for Sm75Module {
    fn kernels(&self) -> &[KernelEntry] {
        &self.entries
    }

    fn lift(&self, name: &str) -> Result<Kernel> {
        let k = self.kernel(name)?;
        crate::lift::lift_kernel(k, &self.cubin.relocs)
            .map(|l| l.kernel)
            .map_err(|e| FrontendError::Lift(e.to_string()))
    }

    fn symbols(&self) -> Vec<Symbol> {
        let data = &self.cubin.data;
        data.symbols
            .iter()
            .map(|s| Symbol {
                name: s.name.clone(),
                size: s.size,
                offset: data.global_offset(s.section, s.offset).unwrap_or(0),
            })
            .collect()
    }

    /// The data block (`.nv.global.init`, `.nv.global`, the module constant
    /// banks; see [`crate::loader::ModuleData`]) allocated and filled, every
    /// relocated word (constant bank 4, pointers in initialised globals)
    /// patched.
    fn instantiate(&self, mem: &mut dyn Placer) -> Result<Instance> {
        let data = &self.cubin.data;
        if data.is_empty() {
            return Ok(Instance::default());
        }
        let total = data.block_size();
        let align = data.global_align.max(data.global_init_align).max(1);
        // The allocator aligns to 256; larger alignments get slack.
        let slack = if align > 256 { align } else { 0 };
        let raw = mem.alloc(total + slack)?;
        let base = raw.div_ceil(align) * align;
        let m = data
            .materialize(base)
            .map_err(|e| FrontendError::Load(e.to_string()))?;
        mem.write(base, &m.globals)?;
        let mut banks = std::collections::BTreeMap::new();
        for (bank, off, img) in m.banks {
            mem.write(base + off, &img)?;
            banks.insert(bank, base + off);
        }
        Ok(Instance { base, banks })
    }

    fn bank_slots(&self, name: &str) -> Vec<BankSlot> {
        if self.cubin.data.is_empty() {
            return Vec::new();
        }
        self.kernel(name).map_or_else(
            |_| Vec::new(),
            |k| {
                k.live_banks
                    .iter()
                    .map(|b| BankSlot {
                        bank: b.bank,
                        param_offset: b.param_offset,
                        size: b.size,
                    })
                    .collect()
            },
        )
    }

    fn declared_params(&self, name: &str) -> Option<Vec<ParamDecl>> {
        let k = self.kernel(name).ok()?;
        let mut ps: Vec<_> = k.params.iter().collect();
        ps.sort_by_key(|p| p.ordinal);
        Some(
            ps.iter()
                .map(|p| ParamDecl {
                    offset: u32::from(p.offset),
                    size: p.size,
                })
                .collect(),
        )
    }

    /// One argument per IR parameter (a struct as its words), or one per
    /// declared parameter (a struct whole: `ArgValue::Aggregate`).
    fn check_arg_count(&self, kernel: &Kernel, n: usize) -> Result<()> {
        match self.kernel(&kernel.name) {
            Ok(k) if n == k.params.len() => Ok(()),
            _ => xisa_frontend::check_param_count(kernel, n),
        }
    }

    fn bind(
        &self,
        kernel: &Kernel,
        args: &[ArgValue],
        shape: &LaunchShape,
        _: &Instance,
        _: &mut dyn Placer,
    ) -> Result<Bound> {
        let words = param_words(self.kernel(&kernel.name)?, kernel.params.len(), args)?;
        xisa_frontend::bind_params(kernel, &words, shape.dyn_shared, SurfaceBinding::Handle)
    }
}
