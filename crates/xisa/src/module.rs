//! Modules: guest code of some ISA, identified by a code hash, its kernels
//! lifted to IR one at a time when they are first asked for.
//!
//! Every ISA is a [`Frontend`] in [`FRONTENDS`], the one registry; nothing
//! else in this crate knows an ISA by name.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};
use xisa_ir::simplify::AtExit;

use xisa_frontend::{
    BlockRule, DeclaredLimit, Frontend, FrontendError, GuestModule, IsaInfo, KernelEntry,
};
use xisa_ir::Kernel;

use crate::error::{Error, Result};

/// Every frontend of this build, in the order detection tries them. Adding
/// an ISA: its crate, implementing `xisa_frontend::Frontend`, and one line
/// here (`docs/architecture.md`, "Adding an ISA").
pub static FRONTENDS: &[&dyn Frontend] = &[
    &xisa_frontend::ir::IrFrontend,
    &xisa_sm75::frontend::Sm75Frontend,
    &xisa_cdna::gfx942::frontend::Gfx942Frontend,
    &xisa_cdna::cdna5::frontend::FRONTEND,
    &xisa_lsu::frontend::FRONTEND,
];

/// An instruction set: a handle on its frontend in [`FRONTENDS`].
#[derive(Clone, Copy)]
pub struct Isa(&'static dyn Frontend);

impl Isa {
    /// Every ISA of this build.
    pub fn all() -> impl Iterator<Item = Isa> {
        FRONTENDS.iter().map(|f| Isa(*f))
    }

    /// The ISA called `name` (its name or an alias).
    pub fn named(name: &str) -> Option<Isa> {
        Isa::all().find(|i| i.name() == name || i.info().aliases.contains(&name))
    }

    /// The name used on the command line and in state files.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Its facts: wave size, hardware limits, conventions.
    pub fn info(self) -> &'static IsaInfo {
        self.0.info()
    }

    /// Its frontend.
    pub fn frontend(self) -> &'static dyn Frontend {
        self.0
    }

    /// The names of every ISA, comma-separated (for messages and `--help`).
    pub fn names() -> String {
        Isa::all().map(Isa::name).collect::<Vec<_>>().join(", ")
    }
}

impl PartialEq for Isa {
    fn eq(&self, other: &Isa) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Isa {}

impl std::hash::Hash for Isa {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.name().hash(h);
    }
}

impl fmt::Debug for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Isa({})", self.name())
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
        Isa::named(s).ok_or_else(|| Error::UnknownIsa {
            name: s.to_string(),
            known: Isa::names(),
        })
    }
}

/// Detects the ISA of a module from its contents.
pub fn detect_isa(bytes: &[u8]) -> Result<Isa> {
    if let Some(i) = Isa::all().find(|i| i.frontend().detect(bytes)) {
        return Ok(i);
    }
    if let Some(m) = xisa_frontend::elf_machine(bytes) {
        return Err(Error::Detect(format!(
            "ELF file for machine {m}, which no frontend of this build loads ({})",
            Isa::names()
        )));
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
    Err(Error::Detect(format!(
        "cannot tell the ISA of a text starting with {:?}; pass --isa",
        first.chars().take(40).collect::<String>()
    )))
}

/// A loaded module: its kernels, each lifted to IR (and verified) the first
/// time it is asked for. A kernel that cannot be lifted fails alone, with
/// its error; the others run.
#[derive(Clone)]
pub struct Module {
    /// Source ISA.
    pub isa: Isa,
    /// Hash of the source bytes (the code cache key).
    pub code_hash: u64,
    /// Where it came from, for messages.
    pub origin: String,
    guest: Arc<dyn GuestModule>,
    /// Per kernel (in [`GuestModule::kernels`] order): the lifted kernel as
    /// launches run it, or why it could not be lifted.
    lifted: Arc<[OnceLock<Result<Kernel, String>>]>,
    /// Per kernel: its lift for `xisa exec`, which reports the machine
    /// registers' final values (machine code; other ISAs use `lifted`).
    lifted_exec: Arc<[OnceLock<Lifted>]>,
    /// Per kernel: its lift for engines that run a wave's lanes together,
    /// where the frontend has one (`None`: the same as `lifted`).
    lifted_waves: Arc<[OnceLock<Option<Lifted>>]>,
}

/// A lifted kernel, or why it could not be lifted.
type Lifted = Result<Kernel, String>;

impl fmt::Debug for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Module")
            .field("isa", &self.isa)
            .field("origin", &self.origin)
            .field("kernels", &self.kernel_names())
            .finish()
    }
}

impl Module {
    /// Loads a module from bytes; `isa` overrides detection. Kernels are
    /// listed, not lifted.
    pub fn from_bytes(bytes: &[u8], origin: &str, isa: Option<Isa>) -> Result<Module> {
        let isa = match isa {
            Some(i) => i,
            None => detect_isa(bytes).map_err(|e| match e {
                // Name the module: a tool given several needs to know which.
                Error::Detect(msg) => Error::Parse {
                    origin: origin.to_string(),
                    msg: format!("cannot detect the module kind: {msg}"),
                },
                e => e,
            })?,
        };
        let guest: Arc<dyn GuestModule> =
            Arc::from(isa.frontend().load(bytes).map_err(|e| Error::Parse {
                origin: origin.to_string(),
                msg: e.to_string(),
            })?);
        let lifted = guest.kernels().iter().map(|_| OnceLock::new()).collect();
        let lifted_waves = guest.kernels().iter().map(|_| OnceLock::new()).collect();
        let lifted_exec = guest.kernels().iter().map(|_| OnceLock::new()).collect();
        Ok(Module {
            isa,
            code_hash: xisa_runtime::cache::code_hash(bytes),
            origin: origin.to_string(),
            guest,
            lifted,
            lifted_exec,
            lifted_waves,
        })
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

    /// The frontend's view of the module (symbols, launch binding).
    pub fn guest(&self) -> &dyn GuestModule {
        self.guest.as_ref()
    }

    /// The kernels, before lifting.
    pub fn entries(&self) -> &[KernelEntry] {
        self.guest.kernels()
    }

    /// The launch limits kernel `name` declares.
    pub fn declared(&self, name: &str) -> &[DeclaredLimit] {
        self.entries()
            .iter()
            .find(|k| k.name == name)
            .map_or(&[], |k| k.declared.as_slice())
    }

    /// Lifts entry `i` (once): the frontend's kernel, verified; machine code
    /// also loses the guards known true where they are read
    /// (`xisa_ir::guards`) and gains the wave syncs it assumes (docs/ir.md,
    /// "Execution model"). `at_exit` names the final values its
    /// simplification keeps: one lift per kind for machine ISAs (for the
    /// others it changes nothing).
    fn lifted_for(&self, i: usize, at_exit: AtExit) -> &Lifted {
        let cell = if at_exit == AtExit::Nothing || !self.isa.info().machine_code {
            &self.lifted[i]
        } else {
            &self.lifted_exec[i]
        };
        cell.get_or_init(|| {
            let name = &self.guest.kernels()[i].name;
            let k = self.guest.lift(name).map_err(|e| e.to_string())?;
            self.after_lift(i, k, at_exit)
        })
    }

    /// A lifted kernel, or its lift error as this module's parse error.
    fn found<'a>(&self, lifted: &'a Lifted) -> Result<&'a Kernel> {
        lifted.as_ref().map_err(|why| Error::Parse {
            origin: self.origin.clone(),
            msg: why.clone(),
        })
    }

    /// Verifies a lifted kernel and, for machine code, drops its known
    /// guards, simplifies it (`xisa_ir::simplify`, keeping what `at_exit`
    /// names) and places the lockstep wave syncs.
    fn after_lift(&self, i: usize, mut k: Kernel, at_exit: AtExit) -> Result<Kernel, String> {
        let name = &self.guest.kernels()[i].name;
        xisa_ir::verify::verify_kernel(&k)
            .map_err(|e| format!("kernel {name}: lifted IR does not verify: {e}"))?;
        if self.isa.info().machine_code {
            // Before the lockstep pass: its divergence analysis sees an
            // unguarded write as the one value it is.
            xisa_ir::guards::drop_known_guards(&mut k);
            if std::env::var_os("XISA_NO_SIMPLIFY").is_none() {
                xisa_ir::simplify::simplify_for(&mut k, at_exit);
            }
            xisa_ir::lockstep::insert_wave_syncs_within(&mut k, self.tid_bound(i));
        }
        Ok(k)
    }

    /// Kernel `name` as the engines that run a wave's lanes together take
    /// it (`GuestModule::lift_for_waves`; most ISAs: [`Module::kernel`]).
    pub fn wave_kernel(&self, name: &str) -> Result<&Kernel> {
        let Some(i) = self.entries().iter().position(|k| k.name == name) else {
            return self.kernel(name);
        };
        match self.wave_lifted(i) {
            None => self.kernel(name),
            Some(r) => self.found(r),
        }
    }

    /// Entry `i` lifted for waves, where the frontend has such a lift.
    fn wave_lifted(&self, i: usize) -> &Option<Lifted> {
        self.lifted_waves[i].get_or_init(|| {
            let k = self.guest.lift_for_waves(&self.guest.kernels()[i].name)?;
            Some(
                k.map_err(|e| e.to_string())
                    .and_then(|k| self.after_lift(i, k, AtExit::Nothing)),
            )
        })
    }

    /// Every launch of entry `i` has fewer lanes along x than this: the
    /// ISA's largest workgroup extent, or a smaller size the kernel declares
    /// (launches are checked against both, `crate::limits`).
    fn tid_bound(&self, i: usize) -> u64 {
        let hw = self.isa.info().limits.max_block[0];
        self.entries()[i]
            .declared
            .iter()
            .map(|d| match d.rule {
                BlockRule::Exactly([x, _, _]) => u64::from(x),
                BlockRule::AtMost(n) => n,
            })
            .fold(hw, u64::min)
    }

    /// The kernel named `name`, lifted on first use: its lift error if it
    /// cannot be lifted, or an error listing the available ones.
    pub fn kernel(&self, name: &str) -> Result<&Kernel> {
        let Some(i) = self.entries().iter().position(|k| k.name == name) else {
            return Err(Error::UnknownKernel {
                name: name.to_string(),
                available: self.kernel_names().join(", "),
            });
        };
        self.found(self.lifted_for(i, AtExit::Nothing))
    }

    /// The only kernel, or the named one, as `xisa exec` runs it: a machine
    /// ISA's registers keep their final values (a launch's kernel,
    /// [`Module::kernel`], need not compute values only a lane's exit
    /// would see).
    pub fn pick_kernel(&self, name: Option<&str>) -> Result<&Kernel> {
        match name {
            Some(n) => self.exec_kernel(n),
            None if self.entries().len() == 1 => {
                let n = self.entries()[0].name.clone();
                self.exec_kernel(&n)
            }
            None => Err(Error::Args(format!(
                "{} has {} kernels ({}); choose one with --kernel",
                self.origin,
                self.entries().len(),
                self.kernel_names().join(", ")
            ))),
        }
    }

    /// Kernel `name` as `xisa exec` runs it ([`Module::pick_kernel`]).
    fn exec_kernel(&self, name: &str) -> Result<&Kernel> {
        let Some(i) = self.entries().iter().position(|k| k.name == name) else {
            return self.kernel(name);
        };
        self.found(self.lifted_for(i, AtExit::MachineRegisters))
    }

    /// Names of the kernels, in module order.
    pub fn kernel_names(&self) -> Vec<String> {
        self.entries().iter().map(|k| k.name.clone()).collect()
    }

    /// Lifts every kernel as launches run them: those that lift as an IR
    /// module, and the error of each that does not (naming kernel, pc and
    /// instruction).
    pub fn lift_all(&self) -> (xisa_ir::Module, Vec<String>) {
        self.lift_all_for(AtExit::Nothing)
    }

    /// [`Module::lift_all`], keeping the final values `at_exit` names
    /// (`AtExit::MachineRegisters`: as `xisa exec` runs them).
    pub fn lift_all_for(&self, at_exit: AtExit) -> (xisa_ir::Module, Vec<String>) {
        let mut kernels = Vec::new();
        let mut failed = Vec::new();
        for i in 0..self.entries().len() {
            match self.lifted_for(i, at_exit) {
                Ok(k) => kernels.push(k.clone()),
                Err(why) => failed.push(why.clone()),
            }
        }
        (xisa_ir::Module { kernels }, failed)
    }
}

/// Parses and verifies IR text.
pub fn parse_ir(text: &str, origin: &str) -> Result<xisa_ir::Module> {
    xisa_frontend::ir::parse(text.as_bytes()).map_err(|e| Error::Parse {
        origin: origin.to_string(),
        msg: e.to_string(),
    })
}

impl From<FrontendError> for Error {
    fn from(e: FrontendError) -> Error {
        match e {
            FrontendError::UnknownKernel { name, available } => {
                Error::UnknownKernel { name, available }
            }
            FrontendError::Args(m) => Error::Args(m),
            other => Error::Frontend(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus(path: &str) -> Vec<u8> {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests")
            .join(path);
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    }

    #[test]
    fn the_registry_names_every_isa_once() {
        let names: Vec<&str> = Isa::all().map(Isa::name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for i in Isa::all() {
            assert_eq!(Isa::named(i.name()), Some(i));
            for a in i.info().aliases {
                assert_eq!(Isa::named(a), Some(i), "alias {a}");
                assert!(!names.contains(a), "alias {a} is another ISA's name");
            }
            assert!(matches!(i.info().wave_size, 32 | 64), "{i}");
        }
        let e = "sm_90".parse::<Isa>().unwrap_err().to_string();
        assert!(e.contains(&Isa::names()), "{e}");
        assert_eq!("sm_75".parse::<Isa>().unwrap().name(), "sm75");
    }

    /// The instruction writers through the registry: the refusals name
    /// the reason (the crates' own tests check what is written).
    #[test]
    fn atomics_are_written_or_refused_with_the_reason() {
        use xisa_frontend::{AtomicSpec, FrontendError, MemSpec};
        use xisa_ir::{AtomOp::*, AtomType::*, Scope, Space};
        let cases = [
            ("lsu", Add, B32, Space::Global, Scope::Device, None),
            (
                "lsu",
                Add,
                B32,
                Space::Global,
                Scope::Wave,
                Some("the cache policy names no wave scope"),
            ),
            (
                "lsu",
                Add,
                B32,
                Space::Shared,
                Scope::Device,
                Some("lsu's shared atomics take no cache policy: workgroup scope only"),
            ),
            (
                "lsu",
                FAdd,
                F16x2,
                Space::Global,
                Scope::Device,
                Some("no global atomic performs it"),
            ),
            (
                "lsu",
                Add,
                B32,
                Space::Local,
                Scope::Wave,
                Some("lsu atomics are global or shared, not local"),
            ),
            ("cdna5", Cas, B64, Space::Global, Scope::System, None),
            (
                "cdna5",
                Add,
                B32,
                Space::Global,
                Scope::Wave,
                Some("SCOPE names no wave scope (CU is the narrowest)"),
            ),
            (
                "cdna5",
                Add,
                B32,
                Space::Shared,
                Scope::Workgroup,
                Some("VGLOBAL atomics address global memory, not shared"),
            ),
            (
                "cdna5",
                FAdd,
                F64,
                Space::Global,
                Scope::Device,
                Some("no VGLOBAL atomic performs it"),
            ),
            ("gfx942", FAdd, F64, Space::Global, Scope::System, None),
            (
                "gfx942",
                FMin,
                F32,
                Space::Global,
                Scope::Device,
                Some("no global atomic performs it"),
            ),
            (
                "gfx942",
                Add,
                B32,
                Space::Global,
                Scope::Workgroup,
                Some("the cache bits name no workgroup scope for atomics"),
            ),
            (
                "gfx942",
                Add,
                B32,
                Space::Shared,
                Scope::Device,
                Some("LDS atomics have workgroup scope only"),
            ),
            (
                "gfx942",
                Exch,
                B32,
                Space::Shared,
                Scope::Workgroup,
                Some("no LDS atomic performs it"),
            ),
        ];
        for (isa, op, ty, space, scope, refusal) in cases {
            let spec = AtomicSpec {
                op,
                ty,
                space,
                scope,
                returns: false,
            };
            let got = isa
                .parse::<Isa>()
                .unwrap()
                .frontend()
                .write_mem(&MemSpec::Atomic(spec), &xisa_frontend::MemRegs::FRAGMENT);
            match (got, refusal) {
                (Ok(_), None) => {}
                (Err(FrontendError::NoInstruction { why, .. }), Some(r)) => {
                    assert_eq!(why, r, "{isa} {spec}")
                }
                (other, _) => panic!("{isa} {spec}: {other:?}"),
            }
        }
        // The IR is no machine ISA: it writes no instructions.
        let spec = AtomicSpec {
            op: Add,
            ty: B32,
            space: Space::Global,
            scope: Scope::Device,
            returns: false,
        };
        let e = Isa::from_str("ir")
            .unwrap()
            .frontend()
            .write_mem(&MemSpec::Atomic(spec), &xisa_frontend::MemRegs::FRAGMENT)
            .unwrap_err();
        assert_eq!(e.to_string(), "xisa cannot write ir atomics yet");
    }

    #[test]
    fn detection_goes_through_the_frontends() {
        assert_eq!(
            detect_isa(&corpus("sm75/out/hist_global.cubin"))
                .unwrap()
                .name(),
            "sm75"
        );
        assert_eq!(
            detect_isa(&corpus("gfx942/out/hist_global.co"))
                .unwrap()
                .name(),
            "gfx942"
        );
        assert_eq!(detect_isa(b"; c\nkernel @k() {\n").unwrap().name(), "ir");
        let mut elf = corpus("sm75/out/hist_global.cubin");
        elf[18] = 3; // EM_386
        let e = detect_isa(&elf).unwrap_err().to_string();
        assert!(e.contains("machine 3"), "{e}");
    }

    /// Loading lists kernels without lifting them; each kernel is lifted
    /// once, on first use, and one that cannot be lifted fails alone.
    #[test]
    fn kernels_are_lifted_lazily_and_alone() {
        let mut bytes = corpus("sm75/out/hist_global.cubin");
        let m = Module::from_bytes(&bytes, "hist_global.cubin", None).unwrap();
        assert!(
            m.lifted.iter().all(|l| l.get().is_none()),
            "nothing lifted yet"
        );
        let name = m.kernel_names()[0].clone();
        let a: *const Kernel = m.kernel(&name).unwrap();
        let b: *const Kernel = m.kernel(&name).unwrap();
        assert_eq!(a, b, "lifted once and cached");
        // An opcode nobody defines in the kernel's code: the module still
        // loads, the kernel fails with its pc when asked for.
        let cubin = xisa_sm75::loader::load(&bytes).unwrap();
        let at = cubin.kernels[0].code_offset as usize + 0x10;
        bytes[at] = 0xff;
        bytes[at + 1] |= 0x03;
        let m = Module::from_bytes(&bytes, "patched.cubin", None).unwrap();
        assert_eq!(m.kernel_names(), vec![name.clone()]);
        let e = m.kernel(&name).unwrap_err().to_string();
        assert!(e.contains("pc 0x10"), "{e}");
        let (lifted, failed) = m.lift_all();
        assert!(lifted.kernels.is_empty() && failed.len() == 1, "{failed:?}");
        let e = m.kernel("nope").unwrap_err().to_string();
        assert!(e.contains("available: ") && e.contains(&name), "{e}");
    }
}
