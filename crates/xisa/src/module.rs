//! Modules: guest code of some ISA, lifted to IR, identified by a code hash.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

use xisa_ir::Kernel;

use crate::error::{Error, Result};

/// gfx942 code objects: loading, lifting, launch blocks.
#[path = "gfx942.rs"]
pub mod gfx942;

/// The instruction sets xisa knows about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Isa {
    /// xisa's own IR text.
    Ir,
    /// NVIDIA Turing SASS (cubins).
    Sm75,
    /// AMD CDNA 3 (HSA code objects).
    Gfx942,
    /// AMD CDNA 5 VGLOBAL fragments.
    Cdna5,
    /// The load/store/atomic group of the third vendor's ISA.
    Lsu,
}

impl Isa {
    /// All ISAs.
    pub const ALL: [Isa; 5] = [Isa::Ir, Isa::Sm75, Isa::Gfx942, Isa::Cdna5, Isa::Lsu];

    /// The name used on the command line and in state files.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Ir => "ir",
            Isa::Sm75 => "sm75",
            Isa::Gfx942 => "gfx942",
            Isa::Cdna5 => "cdna5",
            Isa::Lsu => "lsu",
        }
    }

    /// True where this build has a frontend for the ISA.
    pub fn supported(self) -> bool {
        matches!(
            self,
            Isa::Ir | Isa::Lsu | Isa::Sm75 | Isa::Cdna5 | Isa::Gfx942
        )
    }
}

impl fmt::Display for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Isa {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Isa::ALL
            .into_iter()
            .find(|i| i.name() == s)
            .ok_or_else(|| Error::UnknownIsa(s.to_string()))
    }
}

/// ELF machine numbers used for detection.
const EM_CUDA: u16 = 190;
const EM_AMDGPU: u16 = 224;

/// Detects the ISA of a module from its contents.
pub fn detect_isa(bytes: &[u8]) -> Result<Isa> {
    if bytes.len() >= 20 && bytes.starts_with(b"\x7fELF") {
        let little = bytes[5] == 1;
        let m = if little {
            u16::from_le_bytes([bytes[18], bytes[19]])
        } else {
            u16::from_be_bytes([bytes[18], bytes[19]])
        };
        return match m {
            EM_CUDA => Ok(Isa::Sm75),
            EM_AMDGPU => Ok(Isa::Gfx942),
            other => Err(Error::Detect(format!(
                "ELF file for machine {other}, which is neither CUDA (190) nor AMDGPU (224)"
            ))),
        };
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Err(Error::Detect(
            "not an ELF file and not UTF-8 text; pass --isa to say what it is".into(),
        ));
    };
    let first = text
        .lines()
        .map(|l| l.split(';').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if first.starts_with("kernel") {
        return Ok(Isa::Ir);
    }
    Err(Error::Detect(format!(
        "cannot tell the ISA of a text starting with {:?}; pass --isa",
        first.chars().take(40).collect::<String>()
    )))
}

/// A loaded module: its kernels in IR.
#[derive(Debug, Clone)]
pub struct Module {
    /// Source ISA.
    pub isa: Isa,
    /// The lifted (or parsed) kernels.
    pub ir: xisa_ir::Module,
    /// Hash of the source bytes (the code cache key).
    pub code_hash: u64,
    /// Where it came from, for messages.
    pub origin: String,
    /// gfx942 modules: each kernel's launch ABI (kernarg layout) and the
    /// code object's loadable image; `None` for the other ISAs.
    pub gfx942: Option<gfx942::Gfx942Module>,
    /// The launch limits each kernel declares (PTX `.reqntid`/`.maxntid`,
    /// gfx942 `.max_flat_workgroup_size`), checked by every launch.
    pub declared: crate::limits::DeclaredLimits,
    /// sm_75 modules with module-scope data (`__device__` globals, module
    /// constant banks): that data and where each kernel reads the banks;
    /// `None` otherwise.
    pub sm75: Option<Sm75Data>,
    /// Kernels of a machine-code module that could not be lifted, with the
    /// error (naming the kernel, pc and instruction). The other kernels run; asking for
    /// one of these returns its error.
    pub unliftable: BTreeMap<String, String>,
}

/// Module-scope data of an sm_75 cubin (see `docs/sm75.md`, "Module data").
#[derive(Debug, Clone)]
pub struct Sm75Data {
    /// Globals, module constant banks and their relocations.
    pub data: xisa_sm75::loader::ModuleData,
    /// Per kernel (by name): where the module banks sit in its parameter
    /// block.
    pub live_banks: Vec<(String, Vec<xisa_sm75::loader::LiveBank>)>,
}

impl Sm75Data {
    /// The module banks of kernel `name` in its parameter block.
    pub fn kernel_banks(&self, name: &str) -> &[xisa_sm75::loader::LiveBank] {
        self.live_banks
            .iter()
            .find(|(k, _)| k == name)
            .map_or(&[], |(_, b)| b.as_slice())
    }
}

impl Module {
    /// Loads a module from bytes; `isa` overrides detection.
    pub fn from_bytes(bytes: &[u8], origin: &str, isa: Option<Isa>) -> Result<Module> {
        let isa = match isa {
            Some(i) => i,
            None => detect_isa(bytes)?,
        };
        let mut gfx942_abis = None;
        let mut sm75 = None;
        let mut unliftable = BTreeMap::new();
        // Launch limits the kernels declare, read from the structures each
        // frontend already parsed (IR, lsu and CDNA 5 fragments declare none).
        let mut declared = crate::limits::DeclaredLimits::new();
        let mut ir = match isa {
            Isa::Gfx942 => {
                let (m, abis, failed) = gfx942::load(bytes, origin)?;
                unliftable = failed;
                xisa_ir::verify::verify_module(&m).map_err(|e| Error::Verify {
                    origin: origin.to_string(),
                    msg: e.to_string(),
                })?;
                declared = crate::limits::gfx942_declared(&abis);
                gfx942_abis = Some(abis);
                m
            }
            Isa::Ir => {
                let text = std::str::from_utf8(bytes).map_err(|e| Error::Parse {
                    origin: origin.to_string(),
                    msg: format!("not UTF-8 text at byte {}", e.valid_up_to()),
                })?;
                Self::parse_ir(text, origin)?
            }
            Isa::Lsu => {
                let insts = lsu_program(bytes, origin)?;
                let k = xisa_lsu::lift(&insts, &xisa_lsu::LiftOptions::default()).map_err(|e| {
                    Error::Parse {
                        origin: origin.to_string(),
                        msg: e.to_string(),
                    }
                })?;
                xisa_ir::Module { kernels: vec![k] }
            }
            Isa::Cdna5 => {
                let insts = cdna5_program(bytes, origin)?;
                let k =
                    xisa_cdna::lift(&insts, &xisa_cdna::LiftOptions::default()).map_err(|e| {
                        Error::Parse {
                            origin: origin.to_string(),
                            msg: e.to_string(),
                        }
                    })?;
                xisa_ir::Module { kernels: vec![k] }
            }
            Isa::Sm75 => {
                let parse = |msg: String| Error::Parse {
                    origin: origin.to_string(),
                    msg,
                };
                let cubin = xisa_sm75::loader::load(bytes).map_err(|e| parse(e.to_string()))?;
                declared = crate::limits::sm75_declared(&cubin);
                // Each kernel lifts (and verifies) on its own: one that cannot
                // be lifted fails alone when it is asked for.
                let mut kernels = Vec::new();
                for k in &cubin.kernels {
                    let lifted = xisa_sm75::lift::lift_kernel(k, &cubin.relocs)
                        .map_err(|e| e.to_string())
                        .and_then(|l| {
                            xisa_ir::verify::verify_kernel(&l.kernel)
                                .map(|()| l.kernel)
                                .map_err(|e| {
                                    format!("kernel {}: lifted IR does not verify: {e}", k.name)
                                })
                        });
                    match lifted {
                        Ok(kernel) => kernels.push(kernel),
                        Err(why) => {
                            unliftable.insert(k.name.clone(), why);
                        }
                    }
                }
                let m = xisa_ir::Module { kernels };
                if !cubin.data.is_empty() {
                    sm75 = Some(Sm75Data {
                        live_banks: cubin
                            .kernels
                            .iter()
                            .map(|k| (k.name.clone(), k.live_banks.clone()))
                            .collect(),
                        data: cubin.data,
                    });
                }
                m
            }
        };
        if ir.kernels.is_empty() {
            // Nothing to run: the module fails with its (first) kernel's error.
            if let Some(why) = unliftable.values().next() {
                return Err(Error::Parse {
                    origin: origin.to_string(),
                    msg: why.clone(),
                });
            }
        }
        if isa != Isa::Ir {
            // Machine code assumes converged waves run in lockstep; IR text
            // states its wave syncs itself (docs/ir.md, "Execution model").
            for k in &mut ir.kernels {
                xisa_ir::lockstep::insert_wave_syncs(k);
            }
        }
        Ok(Module {
            isa,
            ir,
            code_hash: xisa_runtime::cache::code_hash(bytes),
            origin: origin.to_string(),
            gfx942: gfx942_abis,
            declared,
            sm75,
            unliftable,
        })
    }

    /// Parses and verifies IR text.
    pub fn parse_ir(text: &str, origin: &str) -> Result<xisa_ir::Module> {
        let m = xisa_ir::text::parse_module(text).map_err(|e| Error::Parse {
            origin: origin.to_string(),
            msg: e.to_string(),
        })?;
        xisa_ir::verify::verify_module(&m).map_err(|e| Error::Verify {
            origin: origin.to_string(),
            msg: e.to_string(),
        })?;
        Ok(m)
    }

    /// Loads a module from a file. Device files, pipes, directories and
    /// files over [`crate::limits::MAX_INPUT_BYTES`] are refused.
    pub fn from_file(path: &Path, isa: Option<Isa>) -> Result<Module> {
        let bytes = crate::limits::read_input(
            path,
            crate::limits::MAX_INPUT_BYTES,
            "the input size limit",
        )?;
        Self::from_bytes(&bytes, &path.display().to_string(), isa)
    }

    /// The kernel named `name`: its lift error if it could not be lifted, or
    /// an error listing the available ones.
    pub fn kernel(&self, name: &str) -> Result<&Kernel> {
        if let Some(why) = self.unliftable.get(name) {
            return Err(Error::Parse {
                origin: self.origin.clone(),
                msg: why.clone(),
            });
        }
        self.ir.kernel(name).ok_or_else(|| Error::UnknownKernel {
            name: name.to_string(),
            available: self.kernel_names().join(", "),
        })
    }

    /// The only kernel, or the named one.
    pub fn pick_kernel(&self, name: Option<&str>) -> Result<&Kernel> {
        match name {
            Some(n) => self.kernel(n),
            None if self.ir.kernels.len() == 1 && self.unliftable.is_empty() => {
                Ok(&self.ir.kernels[0])
            }
            None => Err(Error::Args(format!(
                "{} has {} kernels ({}); choose one with --kernel",
                self.origin,
                self.ir.kernels.len() + self.unliftable.len(),
                self.kernel_names()
                    .into_iter()
                    .chain(
                        self.unliftable
                            .keys()
                            .map(|k| format!("{k} (not liftable)"))
                    )
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    /// Names of the kernels.
    pub fn kernel_names(&self) -> Vec<String> {
        self.ir.kernels.iter().map(|k| k.name.clone()).collect()
    }
}

/// True when `bytes` look like assembly text rather than instruction words.
pub fn looks_like_text(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok() && !bytes.contains(&0)
}

/// Reads an lsu program: assembly text or little-endian instruction words.
pub fn lsu_program(bytes: &[u8], origin: &str) -> Result<Vec<xisa_lsu::Inst>> {
    let err = |msg: String| Error::Parse {
        origin: origin.to_string(),
        msg,
    };
    if looks_like_text(bytes) {
        let text = std::str::from_utf8(bytes).map_err(|e| err(e.to_string()))?;
        xisa_lsu::parse_program(text).map_err(|e| err(e.to_string()))
    } else {
        xisa_lsu::decode_program(bytes).map_err(|e| err(e.to_string()))
    }
}

/// Reads a CDNA 5 VGLOBAL fragment: LLVM assembly text or 12-byte instructions.
pub fn cdna5_program(bytes: &[u8], origin: &str) -> Result<Vec<xisa_cdna::Inst>> {
    let err = |msg: String| Error::Parse {
        origin: origin.to_string(),
        msg,
    };
    if looks_like_text(bytes) {
        let text = std::str::from_utf8(bytes).map_err(|e| err(e.to_string()))?;
        xisa_cdna::parse_program(text).map_err(|e| err(e.to_string()))
    } else {
        xisa_cdna::decode_program(bytes).map_err(|e| err(e.to_string()))
    }
}
