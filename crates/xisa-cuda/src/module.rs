//! Modules: sm_75 cubins, fat binaries (their sm_75 cubin, or their PTX
//! compiled by `ptxas`), and PTX text compiled by `ptxas` (from the
//! `nvidia-cuda-nvcc-cu12` wheel, `PATH`, or `XISA_PTXAS`); kernels and
//! globals by name.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
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
        // { u32 magic, u32 version, const void *data, const void *list }:
        // version 2 lists prelinked fat binaries (NULL-terminated) instead.
        let version = std::ptr::read_unaligned(b.add(4).cast::<u32>());
        if version != 2 {
            return read_fatbin(std::ptr::read_unaligned(b.add(8).cast::<*const u8>()));
        }
        let list = std::ptr::read_unaligned(b.add(16).cast::<*const *const u8>());
        let mut i = 0;
        while !list.is_null() && !(*list.add(i)).is_null() {
            match read_fatbin(*list.add(i)) {
                Err(e) if e.code == CUDA_ERROR_NO_BINARY_FOR_GPU => i += 1,
                r => return r,
            }
        }
        return Err(fail(
            CUDA_ERROR_NO_BINARY_FOR_GPU,
            format!("none of the {i} prelinked fat binaries has sm_75 code"),
        ));
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
    if let Some(p) = crate::driver::python_line(
        "import nvidia, os\nfor r in nvidia.__path__:\n p = os.path.join(r, 'cuda_nvcc', 'bin', 'ptxas')\n if os.access(p, os.X_OK): print(p); break",
    ) {
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

/// A link in progress: its logs, its inputs (kind, bytes, name) and, once
/// complete, its cubin.
struct Link {
    logs: JitLogs,
    inputs: Vec<(c_int, Vec<u8>, String)>,
    output: Option<Vec<u8>>,
}

/// Live links by handle id.
static LINKS: Mutex<Vec<(usize, Link)>> = Mutex::new(Vec::new());

/// Runs `f` on link `state`.
fn link<T>(state: *mut c_void, f: impl FnOnce(&mut Link) -> Res<T>) -> Res<T> {
    let mut links = LINKS.lock().unwrap_or_else(|e| e.into_inner());
    let l = links
        .iter_mut()
        .find(|(l, _)| *l == id(state))
        .ok_or_else(|| {
            fail(
                CUDA_ERROR_INVALID_HANDLE,
                format!("{state:p} is not a link"),
            )
        })?;
    f(&mut l.1)
}

/// `CUjitInputType` values.
const INPUT_CUBIN: c_int = 0;
const INPUT_PTX: c_int = 1;
const INPUT_FATBINARY: c_int = 2;

/// The cubin a link of `inputs` makes: one PTX, cubin or fat binary is
/// read as a module; several go to nvJitLink ([`crate::jitlink`]).
fn link_output(inputs: &[(c_int, Vec<u8>, String)]) -> Res<Vec<u8>> {
    let [(kind, bytes, _)] = inputs else {
        if inputs.is_empty() {
            return Err(invalid("a link without inputs"));
        }
        return crate::jitlink::link(inputs);
    };
    let mut b = bytes.clone();
    b.push(0); // PTX text is read up to a NUL
    let image = match *kind {
        // SAFETY: b is a complete, NUL-terminated copy of the input.
        INPUT_CUBIN | INPUT_FATBINARY | INPUT_PTX => unsafe { read_image(b.as_ptr().cast())? },
        // One object or library: nvJitLink reads those too.
        _ => return crate::jitlink::link(inputs),
    };
    cubin_of(image, None)
}

static NEXT_PTX: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// `CUjit_option` values this driver answers.
const JIT_INFO_LOG_BUFFER: c_int = 3;
const JIT_INFO_LOG_BUFFER_SIZE_BYTES: c_int = 4;
const JIT_ERROR_LOG_BUFFER: c_int = 5;
const JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;

/// The log buffers a caller passed among its JIT options: where the
/// compiler's messages go, and the option slots that get the byte counts
/// written back.
#[derive(Clone, Copy)]
struct JitLogs {
    info: (*mut c_char, usize, *mut *mut c_void),
    error: (*mut c_char, usize, *mut *mut c_void),
}

// SAFETY: the pointers are the caller's, used only on the calling thread
// while the call (or the link state the caller owns) is live.
unsafe impl Send for JitLogs {}

impl JitLogs {
    /// Reads the log options.
    ///
    /// # Safety
    /// `options` and `values` must hold `n` entries when non-null.
    unsafe fn read(n: c_uint, options: *const c_int, values: *mut *mut c_void) -> JitLogs {
        let mut l = JitLogs {
            info: (std::ptr::null_mut(), 0, std::ptr::null_mut()),
            error: (std::ptr::null_mut(), 0, std::ptr::null_mut()),
        };
        if options.is_null() || values.is_null() {
            return l;
        }
        for i in 0..n as usize {
            let v = values.add(i);
            match *options.add(i) {
                JIT_INFO_LOG_BUFFER => l.info.0 = (*v).cast(),
                JIT_INFO_LOG_BUFFER_SIZE_BYTES => l.info = (l.info.0, *v as usize, v),
                JIT_ERROR_LOG_BUFFER => l.error.0 = (*v).cast(),
                JIT_ERROR_LOG_BUFFER_SIZE_BYTES => l.error = (l.error.0, *v as usize, v),
                _ => {}
            }
        }
        l
    }

    /// Writes `info` and `error` into the buffers (cut to fit, with the
    /// NUL) and their lengths into the size slots.
    ///
    /// # Safety
    /// The buffers must be as the caller described them.
    unsafe fn write(&self, info: &str, error: &str) {
        for ((buf, size, slot), text) in [(self.info, info), (self.error, error)] {
            if buf.is_null() || size == 0 {
                continue;
            }
            let n = text.len().min(size - 1);
            std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), n);
            *buf.add(n) = 0;
            if !slot.is_null() {
                *slot = n as *mut c_void;
            }
        }
    }
}

/// The cubin of an image (PTX compiled), its failure written into the
/// caller's error log too.
fn cubin_of(image: Image, logs: Option<&JitLogs>) -> Res<Vec<u8>> {
    let r = match image {
        Image::Cubin(c) => Ok(c),
        Image::Ptx(t) => compile_ptx(&t),
    };
    if let Some(l) = logs {
        let err = r.as_ref().err().map_or("", |e| e.msg.as_str());
        // SAFETY: the caller's buffers.
        unsafe { l.write("", err) };
    }
    r
}

/// Loads an image into the current context.
fn load(pmod: *mut *mut c_void, image: Image, origin: &str) -> Res {
    load_cubin(pmod, cubin_of(image, None)?, origin)
}

/// Loads a cubin into the current context.
fn load_cubin(pmod: *mut *mut c_void, cubin: Vec<u8>, origin: &str) -> Res {
    let m = register(cubin, origin, false)?;
    // SAFETY: the caller's out-pointer.
    unsafe { out(pmod, handle(m)) }
}

/// Registers a loaded cubin: a module of the current context, or a
/// library (`cuLibraryLoadData`), which belongs to none. Returns its id.
pub(crate) fn register(cubin: Vec<u8>, origin: &str, library: bool) -> Res<usize> {
    dump(&cubin);
    let isa = xisa::Isa::named("sm75");
    let module = xisa::Module::from_bytes(&cubin, origin, isa)
        .map_err(|e| fail(CUDA_ERROR_INVALID_IMAGE, e.to_string()))?;
    driver::with(|d| {
        let ctx = if library { 0 } else { d.current()? };
        let m = d.fresh();
        d.modules.insert(m, Arc::new(LoadedModule { module, ctx }));
        Ok(m)
    })
}

/// With `XISA_CUDA_DUMP=DIR`, writes each cubin the program loads to
/// `DIR/module-<hash>.cubin` (logged), so a kernel xisa refuses or runs
/// wrongly can be looked at with `xisa disasm` or `nvdisasm`.
fn dump(cubin: &[u8]) {
    let Some(dir) = std::env::var_os("XISA_CUDA_DUMP") else {
        return;
    };
    let hash = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        cubin.hash(&mut h);
        h.finish()
    };
    let path = std::path::Path::new(&dir).join(format!("module-{hash:016x}.cubin"));
    match std::fs::write(&path, cubin) {
        Ok(()) => driver::log(&format!("loaded module written to {}", path.display())),
        Err(e) => driver::log(&format!("XISA_CUDA_DUMP: {}: {e}", path.display())),
    }
}

/// The cubin of an image in memory (PTX compiled), JIT logs written.
///
/// # Safety
/// As [`read_image`].
pub(crate) unsafe fn cubin_at(
    image: *const c_void,
    n: c_uint,
    options: *mut c_int,
    values: *mut *mut c_void,
) -> Res<Vec<u8>> {
    let logs = JitLogs::read(n, options, values);
    cubin_of(read_image(image)?, Some(&logs))
}

/// The cubin of a module file (PTX compiled).
pub(crate) fn cubin_in_file(path: &str) -> Res<Vec<u8>> {
    let mut bytes =
        std::fs::read(path).map_err(|e| fail(CUDA_ERROR_FILE_NOT_FOUND, format!("{path}: {e}")))?;
    bytes.push(0); // PTX text is read up to a NUL
                   // SAFETY: a complete, NUL-terminated copy of the file.
    cubin_of(unsafe { read_image(bytes.as_ptr().cast())? }, None)
}

/// The function handle of kernel `kname` of module (or library) `m`: the
/// one handed out before, else a new one. The kernel is lifted here: one
/// xisa cannot lift fails with `CUDA_ERROR_NOT_SUPPORTED`, its reason in
/// the log.
pub(crate) fn function_of(m: usize, kname: &str) -> Res<usize> {
    let lm = module(handle(m))?;
    if let Some(f) = driver::with(|d| {
        Ok(d.functions
            .iter()
            .find(|(_, f)| f.module_id == m && f.name == kname)
            .map(|(&id, _)| id))
    })? {
        return Ok(f);
    }
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
    let cname = std::ffi::CString::new(kname).map_err(|_| invalid("a kernel name with a NUL"))?;
    driver::with(|d| {
        let f = d.fresh();
        d.functions.insert(
            f,
            Arc::new(Function {
                module: lm.clone(),
                module_id: m,
                name: kname.to_string(),
                cname,
                max_dyn_shared: std::sync::atomic::AtomicU32::new(u32::MAX),
                legacy: Mutex::new(driver::Legacy::default()),
            }),
        );
        Ok(f)
    })
}

/// The device address and size of global `gname` of module `lm`
/// (`__constant__` data too: each launch copies it into the constant bank).
pub(crate) fn global_of(lm: &LoadedModule, gname: &str) -> Res<(u64, u64)> {
    let dev = driver::with(|d| Ok(d.device.clone()))?;
    let g = dev
        .global(&lm.module, gname)
        .map_err(|e| fail(CUDA_ERROR_NOT_FOUND, e.to_string()))?;
    Ok((g.addr, g.size))
}

/// Module `m`.
pub(crate) fn module(m: *mut c_void) -> Res<Arc<LoadedModule>> {
    driver::with(|d| {
        d.modules
            .get(&id(m))
            .cloned()
            .ok_or_else(|| fail(CUDA_ERROR_INVALID_HANDLE, format!("{m:p} is not a module")))
    })
}

/// A C string argument.
pub(crate) unsafe fn name<'a>(p: *const c_char) -> Res<&'a str> {
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
        load_cubin(pmod, cubin_in_file(path)?, path)
    }

    /// Loads a module from memory.
    fn cuModuleLoadData(pmod: *mut *mut c_void, image: *const c_void) {
        load(pmod, read_image(image)?, "cuModuleLoadData image")
    }

    /// Loads a module from memory; of the JIT options, the log buffers
    /// get ptxas's messages, the rest are accepted and ignored.
    fn cuModuleLoadDataEx(pmod: *mut *mut c_void, image: *const c_void, n: c_uint, options: *mut c_int, values: *mut *mut c_void) {
        load_cubin(pmod, cubin_at(image, n, options, values)?, "cuModuleLoadDataEx image")
    }

    /// Starts a link: one PTX, cubin or fat-binary input is read as a
    /// module, several are linked by nvJitLink.
    fn cuLinkCreate_v2(n: c_uint, options: *mut c_int, values: *mut *mut c_void, state: *mut *mut c_void) {
        let logs = JitLogs::read(n, options, values);
        let l = driver::with(|d| {
            d.current()?;
            let l = d.fresh();
            LINKS.lock().unwrap_or_else(|e| e.into_inner()).push((l, Link { logs, inputs: Vec::new(), output: None }));
            Ok(l)
        })?;
        out(state, handle(l))
    }

    /// Adds an input from memory.
    fn cuLinkAddData_v2(state: *mut c_void, kind: c_int, data: *mut c_void, size: usize, lname: *const c_char, _n: c_uint, _options: *mut c_int, _values: *mut *mut c_void) {
        if data.is_null() {
            return Err(invalid("null link input"));
        }
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), size).to_vec();
        let lname = if lname.is_null() { "data".to_string() } else { name(lname)?.to_string() };
        link(state, |l| {
            l.inputs.push((kind, bytes, lname));
            Ok(())
        })
    }

    /// Adds an input from a file.
    fn cuLinkAddFile_v2(state: *mut c_void, kind: c_int, path: *const c_char, _n: c_uint, _options: *mut c_int, _values: *mut *mut c_void) {
        let path = name(path)?;
        let bytes = std::fs::read(path)
            .map_err(|e| fail(CUDA_ERROR_FILE_NOT_FOUND, format!("{path}: {e}")))?;
        link(state, |l| {
            l.inputs.push((kind, bytes, path.to_string()));
            Ok(())
        })
    }

    /// Finishes a link: the cubin, valid until `cuLinkDestroy`.
    fn cuLinkComplete(state: *mut c_void, cubin: *mut *mut c_void, size: *mut usize) {
        let (p, n) = link(state, |l| {
            let r = link_output(&l.inputs);
            // SAFETY: the buffers the caller gave cuLinkCreate.
            unsafe { l.logs.write("", r.as_ref().err().map_or("", |e| e.msg.as_str())) };
            let c = l.output.insert(r?);
            Ok((c.as_mut_ptr(), c.len()))
        })?;
        out(cubin, p.cast::<c_void>())?;
        out(size, n)
    }

    /// Ends a link, freeing its output.
    fn cuLinkDestroy(state: *mut c_void) {
        let mut links = LINKS.lock().unwrap_or_else(|e| e.into_inner());
        let i = links
            .iter()
            .position(|(l, _)| *l == id(state))
            .ok_or_else(|| fail(CUDA_ERROR_INVALID_HANDLE, format!("{state:p} is not a link")))?;
        links.remove(i);
        Ok(())
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

    /// A kernel by name (lifted here; see [`function_of`]).
    fn cuModuleGetFunction(pfunc: *mut *mut c_void, m: *mut c_void, kname: *const c_char) {
        let f = function_of(id(m), name(kname)?)?;
        out(pfunc, handle(f))
    }

    /// A global's device address and size (see [`global_of`]).
    fn cuModuleGetGlobal_v2(dptr: *mut u64, bytes: *mut usize, m: *mut c_void, gname: *const c_char) {
        let (addr, size) = global_of(&*module(m)?, name(gname)?)?;
        if !dptr.is_null() {
            *dptr = addr;
        }
        if !bytes.is_null() {
            *bytes = size as usize;
        }
        Ok(())
    }
}
