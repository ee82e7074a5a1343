//! gfx942 as an xisa frontend: HSA code objects (ELF machine 224) are loaded
//! (kernel descriptors, metadata, the loadable image), their kernels lifted
//! one at a time, the image placed once per device, and launches bound the
//! way the HSA runtime binds them.
//!
//! A lifted gfx942 kernel's IR parameters are the pointers of the HSA ABI
//! ([`super::lift::ENTRY_PARAMS`]), not the OpenCL/HIP arguments: the arguments live
//! in the kernarg segment, which [`GuestModule::bind`] builds from the
//! argument values (docs/cdna.md, "gfx942 execution model").

use std::fmt::Write as _;

use object::{Object, ObjectSymbol, SymbolKind};
use xisa_frontend::{
    elf_machine, unknown_kernel, wrong_arg_count, ArgValue, BlockRule, Bound, DeclaredLimit,
    DisasmOptions, Frontend, FrontendError, GeometryLimits, GuestModule, Instance, IsaInfo,
    KernelEntry, LaunchShape, MemRegs, MemSpec, Placer, Result, Symbol, Written,
};
use xisa_ir::Kernel;

use super::codeobj::{self, ArgKind, KernelInfo};
use super::lift::{abi, codeobj as lift_co};
use xisa_runtime::ockl;

/// ELF machine number of AMDGPU code objects.
pub const EM_AMDGPU: u16 = 224;

/// The gfx942 frontend.
#[derive(Debug, Clone, Copy, Default)]
pub struct Gfx942Frontend;

static INFO: IsaInfo = IsaInfo {
    name: "gfx942",
    aliases: &["cdna3"],
    summary: "AMD CDNA 3: HSA code objects (ELF machine 224)",
    detection: Some("ELF machine 224"),
    wave_size: 64,
    // HSA: 1024 work-items per workgroup and 2^32 - 1 work-items per grid
    // dimension (the dispatch packet's 32-bit `grid_size` fields).
    limits: GeometryLimits {
        origin: "gfx942 hardware",
        max_block_threads: 1024,
        max_block: [1024; 3],
        max_grid: [u32::MAX as u64; 3],
        max_grid_blocks: u64::MAX,
        max_grid_lanes: [u32::MAX as u64; 3],
    },
    machine_code: true,
    vector_registers: Some("v"),
    uniform_registers: Some("s"),
    exec_mask: &["exec_lo", "exec_hi"],
};

fn text_err(e: impl std::fmt::Display) -> FrontendError {
    FrontendError::Text(e.to_string())
}

impl Frontend for Gfx942Frontend {
    fn info(&self) -> &'static IsaInfo {
        &INFO
    }

    fn detect(&self, bytes: &[u8]) -> bool {
        elf_machine(bytes) == Some(EM_AMDGPU)
    }

    /// llvm-objdump's layout for a code object; with `raw`, one line per
    /// instruction of bare words.
    fn disassemble(&self, bytes: &[u8], opts: &DisasmOptions) -> Result<String> {
        if opts.rules_dir.is_some() {
            return Err(text_err("gfx942 has no external translation rules"));
        }
        if opts.raw {
            let lines = super::disassemble(bytes).map_err(text_err)?;
            return Ok(lines.iter().map(|l| format!("{l}\n")).collect());
        }
        listing(bytes)
    }

    fn assemble(&self, text: &str) -> Result<Vec<u8>> {
        super::asm::assemble(text).map_err(text_err)
    }

    fn write_mem(&self, spec: &MemSpec, regs: &MemRegs) -> Result<Written> {
        super::write::write_mem(spec, regs).map_err(|r| r.error(INFO.name, spec))
    }

    /// A code object, or (with `--isa gfx942`) a bare fragment: assembly
    /// text or instruction words, one kernel named `fragment` whose entry
    /// sets only EXEC (`xisa exec` gives every other register).
    fn load(&self, bytes: &[u8]) -> Result<Box<dyn GuestModule>> {
        let load = |e: &dyn std::fmt::Display| FrontendError::Load(e.to_string());
        if xisa_frontend::elf_machine(bytes).is_none() {
            let code = if xisa_frontend::looks_like_text(bytes) {
                let text = std::str::from_utf8(bytes).map_err(|e| load(&e))?;
                super::asm::assemble(text).map_err(|e| load(&e))?
            } else {
                bytes.to_vec()
            };
            let abi = super::lift::EntryAbi {
                fragment: true,
                ..Default::default()
            };
            let k = super::lift::lift("fragment", &code, &abi)
                .map_err(|e| FrontendError::Lift(format!("kernel fragment: {e}")))?;
            return Ok(Box::new(xisa_frontend::SingleKernel::new(k)));
        }
        let co = codeobj::load(bytes).map_err(|e| load(&e))?;
        let image = lift_co::image(bytes).map_err(|e| load(&e))?;
        let entries = co
            .kernels
            .iter()
            .map(|k| KernelEntry {
                name: k.name.clone(),
                declared: vec![DeclaredLimit {
                    rule: BlockRule::AtMost(u64::from(k.max_flat_workgroup_size)),
                    source: ".max_flat_workgroup_size in the code object metadata".into(),
                }],
            })
            .collect();
        let symbols = object_symbols(bytes, image.base_vaddr, image.bytes.len() as u64);
        let kernels: Vec<Gfx942Kernel> = co
            .kernels
            .into_iter()
            .map(|k| Gfx942Kernel {
                slots: lift_co::kernarg_slots(&k),
                explicit: k.explicit_args().map(|a| a.size).collect(),
                info: k,
            })
            .collect();
        let layout = Layout::of(&kernels, &image);
        Ok(Box::new(Gfx942Module {
            kernels,
            entries,
            image,
            symbols,
            layout,
        }))
    }
}

/// The listing of every kernel of a code object, in llvm-objdump's layout:
/// `<kernel>:` headers, then each instruction with its address and words.
fn listing(bytes: &[u8]) -> Result<String> {
    let co = codeobj::load(bytes).map_err(text_err)?;
    let mut out = String::new();
    for k in &co.kernels {
        let _ = writeln!(out, "{:016x} <{}>:", k.code_address, k.name);
        let insts = super::decode_program(&k.code).map_err(|e| {
            text_err(format!(
                "kernel {}: file offset {:#x}: {}",
                k.name,
                k.code_offset + e.offset as u64,
                e.kind
            ))
        })?;
        for (off, i) in insts {
            let text = super::print::print_inst(&i).map_err(|e| {
                text_err(format!(
                    "kernel {}: file offset {:#x}: {e}",
                    k.name,
                    k.code_offset + off as u64
                ))
            })?;
            let words: Vec<String> = k.code[off..off + i.len]
                .chunks(4)
                .map(|c| format!("{:08X}", u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                .collect();
            let _ = writeln!(
                out,
                "\t{text:<58} // {:012X}: {}",
                k.code_address + off as u64,
                words.join(" ")
            );
        }
        out.push('\n');
    }
    Ok(out)
}

/// The defined data objects (`STT_OBJECT`: `__device__`/`__constant__`
/// variables) of a code object that lie inside the image `[base, base +
/// len)`, as offsets in the image. Kernel descriptors (`K.kd`) are the
/// loader's, not data. Malformed tables yield fewer symbols.
fn object_symbols(bytes: &[u8], base: u64, len: u64) -> Vec<Symbol> {
    let Ok(file) = object::File::parse(bytes) else {
        return Vec::new();
    };
    file.symbols()
        .filter(|s| s.kind() == SymbolKind::Data && s.is_definition())
        .filter_map(|s| {
            let name = s.name().ok()?;
            let offset = s.address().checked_sub(base)?;
            let size = s.size();
            if name.is_empty() || name.ends_with(".kd") || offset.checked_add(size)? > len {
                return None;
            }
            Some(Symbol {
                name: name.to_string(),
                size,
                offset,
            })
        })
        .collect()
}

/// A kernel of a code object and its launch ABI, worked out once at load.
#[derive(Debug, Clone)]
struct Gfx942Kernel {
    info: KernelInfo,
    /// The kernarg segment's slots (explicit and hidden arguments).
    slots: Vec<abi::Slot>,
    /// The size of each explicit argument, in order.
    explicit: Vec<u32>,
}

/// A loaded code object.
#[derive(Debug, Clone)]
struct Gfx942Module {
    kernels: Vec<Gfx942Kernel>,
    entries: Vec<KernelEntry>,
    image: lift_co::Image,
    symbols: Vec<Symbol>,
    /// Where an instance places what follows the image ([`Layout::of`]).
    layout: Layout,
}

impl Gfx942Module {
    fn kernel(&self, name: &str) -> Result<&Gfx942Kernel> {
        self.kernels
            .iter()
            .find(|k| k.info.name == name)
            .ok_or_else(|| unknown_kernel(self, name))
    }
}

/// What a module instance holds, as offsets from its base: the image, then
/// the hostcall buffer and the device allocator's heap block when a kernel
/// takes them (`hidden_hostcall_buffer`, `hidden_heap_v1`; HIP `printf`,
/// `assert`, `malloc`: `xisa_runtime::ockl`).
#[derive(Debug, Clone)]
struct Layout {
    hostcall: Option<u64>,
    heap: Option<u64>,
    bytes: u64,
}

impl Layout {
    /// The layout for `kernels` of the code object whose image is `image`
    /// (worked out once, at load).
    fn of(kernels: &[Gfx942Kernel], image: &lift_co::Image) -> Layout {
        let takes = |kind: ArgKind| {
            kernels
                .iter()
                .any(|k| k.info.hidden_arg_offset(&kind).is_some())
        };
        let mut bytes = (image.bytes.len() as u64).next_multiple_of(64);
        let mut place = |wanted: bool, len: u64| {
            wanted.then(|| {
                let at = bytes;
                bytes = (bytes + len).next_multiple_of(64);
                at
            })
        };
        let hostcall = place(takes(ArgKind::HiddenHostcallBuffer), ockl::BUFFER_BYTES);
        let heap = place(takes(ArgKind::HiddenHeapV1), ockl::HEAP_BLOCK_BYTES);
        Layout {
            hostcall,
            heap,
            bytes,
        }
    }
}

/// The bytes of one explicit argument of `size` bytes, or why it does not fit.
fn arg_bytes(kernel: &str, i: usize, size: u32, a: ArgValue) -> Result<Vec<u8>> {
    Ok(match (size, a) {
        (4, ArgValue::U32(v)) => v.to_le_bytes().to_vec(),
        (4, ArgValue::I32(v)) => v.to_le_bytes().to_vec(),
        (4, ArgValue::F32(v)) => v.to_bits().to_le_bytes().to_vec(),
        (8, ArgValue::U64(v) | ArgValue::Ptr(v) | ArgValue::Buffer { addr: v, .. }) => {
            v.to_le_bytes().to_vec()
        }
        (8, ArgValue::I64(v)) => v.to_le_bytes().to_vec(),
        (8, ArgValue::F64(v)) => v.to_bits().to_le_bytes().to_vec(),
        (8, ArgValue::Surface { descriptor, .. }) => descriptor.to_le_bytes().to_vec(),
        (n, ArgValue::Aggregate(b)) if b.len() == n as usize => b.as_slice().to_vec(),
        (n, a) => {
            return Err(FrontendError::Args(format!(
                "kernel {kernel}: argument {i} is {n} bytes; {a} does not fit"
            )))
        }
    })
}

impl GuestModule for Gfx942Module {
    fn kernels(&self) -> &[KernelEntry] {
        &self.entries
    }

    fn lift(&self, name: &str) -> Result<Kernel> {
        let k = &self.kernel(name)?.info;
        lift_co::lift_kernel(k, &self.image)
            .map_err(|e| FrontendError::Lift(format!("kernel {name}: {e}")))
    }

    fn lift_for_waves(&self, name: &str) -> Option<Result<Kernel>> {
        let k = match self.kernel(name) {
            Ok(k) => &k.info,
            Err(e) => return Some(Err(e)),
        };
        Some(
            lift_co::lift_kernel_with(k, &self.image, true)
                .map_err(|e| FrontendError::Lift(format!("kernel {name}: {e}"))),
        )
    }

    fn symbols(&self) -> Vec<Symbol> {
        self.symbols.clone()
    }

    /// The image is placed once per device: its globals persist across
    /// launches, as with the HSA runtime's loaded executables.
    fn instantiate(&self, mem: &mut dyn Placer) -> Result<Instance> {
        // Placed first, then written with its relative words applied; the
        // hostcall buffer, when a kernel takes one, follows it.
        let layout = &self.layout;
        let base = mem.alloc(layout.bytes)?;
        mem.write(base, &self.image.placed_at(base))?;
        if let Some(at) = layout.hostcall {
            mem.write(base + at, &ockl::initial_buffer(base + at))?;
        }
        Ok(Instance {
            base,
            banks: Default::default(),
        })
    }

    /// One argument per explicit kernarg of the metadata (the error lists
    /// their sizes).
    fn check_arg_count(&self, kernel: &Kernel, n: usize) -> Result<()> {
        let sizes = &self.kernel(&kernel.name)?.explicit;
        if n == sizes.len() {
            return Ok(());
        }
        let list: Vec<String> = sizes.iter().map(|n| format!("{n} bytes")).collect();
        Err(wrong_arg_count(&kernel.name, &list, n))
    }

    /// As the HSA runtime does: each explicit argument is serialized at its
    /// metadata size into the kernarg segment (with the hidden arguments),
    /// which goes into guest memory with the AQL dispatch packet; the IR
    /// parameters are their addresses and the image's. `__local` arguments
    /// get LDS offsets after the static group segment.
    fn bind(
        &self,
        kernel: &Kernel,
        args: &[ArgValue],
        shape: &LaunchShape,
        instance: &Instance,
        mem: &mut dyn Placer,
    ) -> Result<Bound> {
        self.check_arg_count(kernel, args.len())?;
        let Gfx942Kernel {
            info: k,
            slots,
            explicit: sizes,
        } = self.kernel(&kernel.name)?;
        let mut explicit = Vec::with_capacity(args.len());
        let mut dyn_lds = shape.dyn_shared;
        for (i, (&arg, &size)) in args.iter().zip(sizes).enumerate() {
            explicit.push(match (size, arg) {
                (4, ArgValue::Local(n)) => {
                    // 16-byte aligned, after the static LDS and earlier ones.
                    let off = (k.group_segment_fixed_size + dyn_lds).next_multiple_of(16);
                    dyn_lds = off - k.group_segment_fixed_size + n;
                    off.to_le_bytes().to_vec()
                }
                _ => arg_bytes(&k.name, i, size, arg)?,
            });
        }
        let geo = abi::Geometry {
            grid: shape.grid,
            block: shape.block,
            dyn_lds,
        };
        let kernarg_at = mem.alloc(u64::from(k.kernarg_segment_size.max(1)))?;
        let mut kernarg = abi::kernarg_segment(k.kernarg_segment_size, slots, &explicit, &geo)
            .map_err(|e| FrontendError::Args(format!("kernel {}: {e}", k.name)))?;
        // The instance's hostcall buffer and heap block, where the kernel
        // takes them.
        let layout = &self.layout;
        for (kind, at) in [
            (ArgKind::HiddenHostcallBuffer, layout.hostcall),
            (ArgKind::HiddenHeapV1, layout.heap),
        ] {
            let (Some(slot), Some(at)) = (k.hidden_arg_offset(&kind), at) else {
                continue;
            };
            if let Some(s) = kernarg.get_mut(slot as usize..slot as usize + 8) {
                s.copy_from_slice(&(instance.base + at).to_le_bytes());
            }
        }
        mem.write(kernarg_at, &kernarg)?;
        let packet = abi::dispatch_packet(
            &geo,
            k.private_segment_fixed_size,
            k.group_segment_fixed_size + dyn_lds,
            0,
            kernarg_at,
        );
        let packet_at = mem.upload(&packet)?;
        Ok(Bound {
            params: abi::param_block(kernarg_at, packet_at, 0, 0, instance.base),
            dyn_shared: dyn_lds,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn corpus(name: &str) -> Vec<u8> {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/gfx942/out")
            .join(name);
        std::fs::read(p).unwrap()
    }

    /// Guest memory of a test: allocations from a fixed base.
    #[derive(Default)]
    struct Mem {
        next: u64,
        bytes: BTreeMap<u64, Vec<u8>>,
    }

    impl Placer for Mem {
        fn alloc(&mut self, len: u64) -> Result<u64> {
            let a = 0x1_0000_0000 + self.next;
            self.next += len.next_multiple_of(256).max(256);
            self.bytes.insert(a, vec![0; len as usize]);
            Ok(a)
        }
        fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<()> {
            let b = self.bytes.get_mut(&addr).expect("writes start allocations");
            b[..bytes.len()].copy_from_slice(bytes);
            Ok(())
        }
    }

    #[test]
    fn loads_lifts_and_binds_like_the_hsa_runtime() {
        let m = Gfx942Frontend.load(&corpus("hist_global.co")).unwrap();
        assert_eq!(m.kernels().len(), 1);
        let name = m.kernels()[0].name.clone();
        let k = m.lift(&name).unwrap();
        assert_eq!(k.wave_size, 64);
        let mut mem = Mem::default();
        let inst = m.instantiate(&mut mem).unwrap();
        assert_ne!(inst.base, 0);
        let shape = LaunchShape {
            grid: [3, 1, 1],
            block: [256, 1, 1],
            dyn_shared: 0,
        };
        let args = [
            ArgValue::Ptr(0x1_0000_0000),
            ArgValue::Ptr(0x1_0000_1000),
            ArgValue::U32(256),
        ];
        let b = m.bind(&k, &args, &shape, &inst, &mut mem).unwrap();
        let p = |i: usize| u64::from_le_bytes(b.params[i * 8..i * 8 + 8].try_into().unwrap());
        let (kernarg, packet) = (&mem.bytes[&p(0)], &mem.bytes[&p(1)]);
        assert_eq!(&kernarg[8..16], &0x1_0000_1000u64.to_le_bytes());
        assert_eq!(&kernarg[16..20], &256u32.to_le_bytes());
        // hidden_block_count_x at 24, hidden_group_size_x at 36 (metadata).
        assert_eq!(&kernarg[24..28], &3u32.to_le_bytes());
        assert_eq!(&kernarg[36..38], &256u16.to_le_bytes());
        // Dispatch packet: workgroup size x at 4, grid size x (work-items) at
        // 12, kernarg address at 40.
        assert_eq!(&packet[4..6], &256u16.to_le_bytes());
        assert_eq!(&packet[12..16], &768u32.to_le_bytes());
        assert_eq!(&packet[40..48], &p(0).to_le_bytes());
        let e = m.bind(&k, &args[..2], &shape, &inst, &mut mem).unwrap_err();
        assert!(e.to_string().contains("takes 3 arguments"), "{e}");
        assert!(Gfx942Frontend
            .load(&corpus("hist_global.co")[..100])
            .is_err());
    }
}
