//! Modules: sm_75 cubins, fat binaries (their sm_75 cubin, or their PTX
//! compiled by `ptxas`), and PTX text compiled by `ptxas` (from the
//! `nvidia-cuda-nvcc-cu12` wheel, `PATH`, or `XISA_PTXAS`); kernels and
//! globals by name.

use std::ffi::{c_char, c_uint, c_void, CStr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::codes::*;
use crate::driver::{self, fail, handle, id, invalid, out, Function, LoadedModule, Res};
use crate::fatbin;

/// What a module image is.
enum Image {
    Cubin(Vec<u8>),
    Ptx(String),
}

/// The length of the ELF image at `p`: the furthest extent of its headers
/// and sections (`cuModuleLoadData` gets no size).
///
/// # Safety
/// `p` must point at a complete ELF64 image.
unsafe fn elf_len(p: *const u8) -> Res<usize> {
    let rd = |off: usize, n: usize| -> u64 {
        let mut b = [0u8; 8];
        std::ptr::copy_nonoverlapping(p.add(off), b.as_mut_ptr(), n);
        u64::from_le_bytes(b)
    };
    if *p.add(4) != 2 || *p.add(5) != 1 {
        return Err(fail(
            CUDA_ERROR_INVALID_IMAGE,
            "not a little-endian ELF64 image",
        ));
    }
    let (phoff, phent, phnum) = (rd(0x20, 8), rd(0x36, 2), rd(0x38, 2));
    let (shoff, shent, shnum) = (rd(0x28, 8), rd(0x3a, 2), rd(0x3c, 2));
    let mut end = 64u64.max(phoff + phent * phnum).max(shoff + shent * shnum);
    const SHT_NOBITS: u64 = 8;
    for i in 0..shnum {
        let h = (shoff + i * shent) as usize;
        if rd(h + 4, 4) != SHT_NOBITS {
            end = end.max(rd(h + 0x18, 8) + rd(h + 0x20, 8));
        }
    }
    for i in 0..phnum {
        let h = (phoff + i * phent) as usize;
        end = end.max(rd(h + 8, 8) + rd(h + 0x20, 8));
    }
    usize::try_from(end).map_err(|_| fail(CUDA_ERROR_INVALID_IMAGE, "ELF image too large"))
}

/// Reads the image at `p`: an ELF cubin, a fat binary (or the wrapper
/// that points at one), or NUL-terminated PTX text.
///
/// # Safety
/// `p` must point at a complete image of one of those kinds.
unsafe fn read_image(p: *const c_void) -> Res<Image> {
    if p.is_null() {
        return Err(invalid("a null image"));
    }
    let b = p.cast::<u8>();
    let head = std::slice::from_raw_parts(b, 4);
    if head == b"\x7fELF" {
        let n = elf_len(b)?;
        return Ok(Image::Cubin(std::slice::from_raw_parts(b, n).to_vec()));
    }
    let magic = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
    if magic == fatbin::WRAPPER_MAGIC {
        // { magic, version, const void *data, ... }
        let data = std::ptr::read_unaligned(b.add(8).cast::<*const u8>());
        return read_fatbin(data);
    }
    if magic == fatbin::MAGIC {
        return read_fatbin(b);
    }
    let text = CStr::from_ptr(b.cast::<c_char>()).to_str().map_err(|_| {
        fail(
            CUDA_ERROR_INVALID_IMAGE,
            "neither a cubin, a fat binary nor PTX text",
        )
    })?;
    if !text.contains(".version") || !text.contains(".target") {
        return Err(fail(
            CUDA_ERROR_INVALID_IMAGE,
            "neither a cubin, a fat binary nor PTX text",
        ));
    }
    Ok(Image::Ptx(text.to_string()))
}

/// The sm_75 code of the fat binary at `b`.
///
/// # Safety
/// `b` must point at a complete fat binary.
unsafe fn read_fatbin(b: *const u8) -> Res<Image> {
    let header = std::slice::from_raw_parts(b, fatbin::HEADER_LEN);
    let len =
        fatbin::total_len(header).map_err(|e| fail(CUDA_ERROR_INVALID_IMAGE, e.to_string()))?;
    let bytes = std::slice::from_raw_parts(b, len);
    match fatbin::pick(bytes, 75).map_err(|e| fail(CUDA_ERROR_INVALID_IMAGE, e.to_string()))? {
        Some(fatbin::Code::Cubin(c)) => Ok(Image::Cubin(c)),
        Some(fatbin::Code::Ptx(t)) => Ok(Image::Ptx(t)),
        None => Err(fail(
            CUDA_ERROR_NO_BINARY_FOR_GPU,
            format!(
                "the fat binary has no sm_75 cubin and no PTX for sm_75 or older (it has: {})",
                fatbin::describe(bytes)
            ),
        )),
    }
}

/// `ptxas`: `XISA_PTXAS`, the `nvidia-cuda-nvcc-cu12` wheel, or `PATH`.
fn ptxas() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("XISA_PTXAS") {
        return Some(PathBuf::from(p));
    }
    let py = std::process::Command::new("python3")
        .args([
            "-c",
            "import nvidia, os\nfor r in nvidia.__path__:\n p = os.path.join(r, 'cuda_nvcc', 'bin', 'ptxas')\n if os.access(p, os.X_OK): print(p); break",
        ])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    if let Some(p) = py {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|d| d.join("ptxas"))
            .find(|p| p.is_file())
    })
}

/// Compiles PTX for sm_75.
fn compile_ptx(text: &str) -> Res<Vec<u8>> {
    let exe = ptxas().ok_or_else(|| {
        fail(
            CUDA_ERROR_JIT_COMPILER_NOT_FOUND,
            "PTX needs ptxas: install the nvidia-cuda-nvcc-cu12 wheel, put ptxas on PATH or set XISA_PTXAS",
        )
    })?;
    let dir = std::env::temp_dir().join(format!("xisa-cuda-{}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .map_err(|e| fail(CUDA_ERROR_UNKNOWN, format!("{}: {e}", dir.display())))?;
    let n = NEXT_PTX.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let (src, dst) = (
        dir.join(format!("m{n}.ptx")),
        dir.join(format!("m{n}.cubin")),
    );
    let io = |e: std::io::Error| fail(CUDA_ERROR_UNKNOWN, format!("temporary PTX files: {e}"));
    std::fs::write(&src, text).map_err(io)?;
    let run = std::process::Command::new(&exe)
        .arg("-arch=sm_75")
        .arg(&src)
        .arg("-o")
        .arg(&dst)
        .output()
        .map_err(|e| {
            fail(
                CUDA_ERROR_JIT_COMPILER_NOT_FOUND,
                format!("{}: {e}", exe.display()),
            )
        })?;
    let _ = std::fs::remove_file(&src);
    if !run.status.success() {
        let _ = std::fs::remove_file(&dst);
        return Err(fail(
            CUDA_ERROR_INVALID_PTX,
            format!(
                "ptxas failed: {}",
                String::from_utf8_lossy(&run.stderr).trim()
            ),
        ));
    }
    let cubin = std::fs::read(&dst).map_err(io)?;
    let _ = std::fs::remove_file(&dst);
    Ok(cubin)
}

static NEXT_PTX: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Loads an image into the current context.
fn load(pmod: *mut *mut c_void, image: Image, origin: &str) -> Res {
    let cubin = match image {
        Image::Cubin(c) => c,
        Image::Ptx(t) => compile_ptx(&t)?,
    };
    let isa = xisa::Isa::named("sm75");
    let module = xisa::Module::from_bytes(&cubin, origin, isa)
        .map_err(|e| fail(CUDA_ERROR_INVALID_IMAGE, e.to_string()))?;
    let m = driver::with(|d| {
        let ctx = d.current()?;
        let m = d.fresh();
        d.modules.insert(
            m,
            Arc::new(LoadedModule {
                module,
                ctx,
                shadows: Mutex::new(Vec::new()),
            }),
        );
        Ok(m)
    })?;
    // SAFETY: the caller's out-pointer.
    unsafe { out(pmod, handle(m)) }
}

/// Module `m`.
fn module(m: *mut c_void) -> Res<Arc<LoadedModule>> {
    driver::with(|d| {
        d.modules
            .get(&id(m))
            .cloned()
            .ok_or_else(|| fail(CUDA_ERROR_INVALID_HANDLE, format!("{m:p} is not a module")))
    })
}

/// A C string argument.
unsafe fn name<'a>(p: *const c_char) -> Res<&'a str> {
    if p.is_null() {
        return Err(invalid("a null name"));
    }
    CStr::from_ptr(p)
        .to_str()
        .map_err(|_| invalid("a name that is not UTF-8"))
}

exports! {
    /// Loads a module from a file (cubin, fat binary or PTX).
    fn cuModuleLoad(pmod: *mut *mut c_void, fname: *const c_char) {
        let path = name(fname)?;
        let mut bytes = std::fs::read(path)
            .map_err(|e| fail(CUDA_ERROR_FILE_NOT_FOUND, format!("{path}: {e}")))?;
        bytes.push(0); // PTX text is read up to a NUL
        let image = read_image(bytes.as_ptr().cast())?;
        load(pmod, image, path)
    }

    /// Loads a module from memory.
    fn cuModuleLoadData(pmod: *mut *mut c_void, image: *const c_void) {
        load(pmod, read_image(image)?, "cuModuleLoadData image")
    }

    /// Loads a module from memory; JIT options are accepted and ignored.
    fn cuModuleLoadDataEx(pmod: *mut *mut c_void, image: *const c_void, _n: c_uint, _options: *mut c_int, _values: *mut *mut c_void) {
        load(pmod, read_image(image)?, "cuModuleLoadDataEx image")
    }

    /// Loads a fat binary.
    fn cuModuleLoadFatBinary(pmod: *mut *mut c_void, fat: *const c_void) {
        load(pmod, read_image(fat)?, "cuModuleLoadFatBinary image")
    }

    /// Unloads a module; its functions become invalid.
    fn cuModuleUnload(m: *mut c_void) {
        driver::with(|d| {
            d.modules
                .remove(&id(m))
                .ok_or_else(|| fail(CUDA_ERROR_INVALID_HANDLE, format!("{m:p} is not a module")))?;
            d.functions.retain(|_, f| d.modules.values().any(|x| Arc::ptr_eq(x, &f.module)));
            Ok(())
        })
    }

    /// A kernel by name. It is lifted here: a kernel xisa cannot lift
    /// fails with `CUDA_ERROR_NOT_SUPPORTED`, its reason in the log.
    fn cuModuleGetFunction(pfunc: *mut *mut c_void, m: *mut c_void, kname: *const c_char) {
        let lm = module(m)?;
        let kname = name(kname)?;
        if !lm.module.entries().iter().any(|e| e.name == kname) {
            return Err(fail(
                CUDA_ERROR_NOT_FOUND,
                format!("{}: no kernel named {kname:?}", lm.module.origin),
            ));
        }
        lm.module.kernel(kname).map_err(|e| {
            let f = fail(CUDA_ERROR_NOT_SUPPORTED, format!("kernel {kname}: {e}"));
            driver::log(&f.msg);
            f
        })?;
        let f = driver::with(|d| {
            let f = d.fresh();
            d.functions.insert(
                f,
                Arc::new(Function {
                    module: lm.clone(),
                    name: kname.to_string(),
                    max_dyn_shared: None,
                }),
            );
            Ok(f)
        })?;
        out(pfunc, handle(f))
    }

    /// A global's device address and size. A `__constant__` variable gets
    /// device memory of its own, copied into the constant bank at every
    /// launch of the module's kernels.
    fn cuModuleGetGlobal_v2(dptr: *mut u64, bytes: *mut usize, m: *mut c_void, gname: *const c_char) {
        let lm = module(m)?;
        let gname = name(gname)?;
        let dev = driver::with(|d| Ok(d.device.clone()))?;
        let g = dev
            .global(&lm.module, gname)
            .map_err(|e| fail(CUDA_ERROR_NOT_FOUND, e.to_string()))?;
        let addr = match g.location {
            xisa::GlobalLocation::Memory(a) => a,
            xisa::GlobalLocation::ConstBank { .. } => {
                let mut sh = lm.shadows.lock().unwrap_or_else(|e| e.into_inner());
                match sh.iter().find(|s| s.0 == gname) {
                    Some(s) => s.1,
                    None => {
                        let now = dev
                            .read_global(&lm.module, gname)
                            .map_err(|e| fail(CUDA_ERROR_NOT_FOUND, e.to_string()))?;
                        let a = dev.upload(&now).map_err(|e| fail(CUDA_ERROR_OUT_OF_MEMORY, e.to_string()))?;
                        sh.push((gname.to_string(), a, g.size));
                        a
                    }
                }
            }
        };
        if !dptr.is_null() {
            *dptr = addr;
        }
        if !bytes.is_null() {
            *bytes = g.size as usize;
        }
        Ok(())
    }
}

use std::ffi::c_int;
