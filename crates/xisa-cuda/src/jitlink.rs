//! Linking several inputs (`cuLinkComplete` with more than one PTX,
//! cubin, fat binary, object or library): there is no device linker in
//! xisa, so NVIDIA's nvJitLink library does it, loaded when first needed
//! from `XISA_NVJITLINK`, the `nvidia-nvjitlink-cu12` wheel, or the
//! loader's search path. Without it, such a link fails with
//! `CUDA_ERROR_NOT_SUPPORTED` saying how to get it.

use std::ffi::{c_char, c_int, c_void, CString};
use std::sync::OnceLock;

use crate::codes::*;
use crate::driver::{fail, python_line, Fail, Res};

/// `CUjitInputType` values.
const INPUT_CUBIN: c_int = 0;
const INPUT_PTX: c_int = 1;
const INPUT_FATBINARY: c_int = 2;
const INPUT_OBJECT: c_int = 3;
const INPUT_LIBRARY: c_int = 4;
const INPUT_NVVM: c_int = 5;

type Handle = *mut c_void;

/// The library and the calls used.
struct NvJitLink {
    _lib: libloading::Library,
    create: unsafe extern "C" fn(*mut Handle, u32, *const *const c_char) -> c_int,
    add_data: unsafe extern "C" fn(Handle, c_int, *const c_void, usize, *const c_char) -> c_int,
    complete: unsafe extern "C" fn(Handle) -> c_int,
    cubin_size: unsafe extern "C" fn(Handle, *mut usize) -> c_int,
    cubin: unsafe extern "C" fn(Handle, *mut c_void) -> c_int,
    log_size: unsafe extern "C" fn(Handle, *mut usize) -> c_int,
    log: unsafe extern "C" fn(Handle, *mut c_char) -> c_int,
    destroy: unsafe extern "C" fn(*mut Handle) -> c_int,
}

/// Where nvJitLink may be.
fn candidates() -> Vec<String> {
    let mut c = Vec::new();
    if let Some(p) = std::env::var_os("XISA_NVJITLINK") {
        c.push(p.to_string_lossy().into_owned());
    }
    c.extend(python_line(
        "import nvidia, os\nfor r in nvidia.__path__:\n p = os.path.join(r, 'nvjitlink', 'lib', 'libnvJitLink.so.12')\n if os.path.isfile(p): print(p); break",
    ));
    c.push("libnvJitLink.so.12".into());
    c
}

/// The loaded library, or why it is not there.
fn library() -> Result<&'static NvJitLink, String> {
    static L: OnceLock<Result<NvJitLink, String>> = OnceLock::new();
    L.get_or_init(|| {
        let mut why = Vec::new();
        for path in candidates() {
            // SAFETY: loading NVIDIA's library runs its initialisers, which
            // have no preconditions.
            match unsafe { libloading::Library::new(&path) } {
                Ok(lib) => return bind(lib).map_err(|e| format!("{path}: {e}")),
                Err(e) => why.push(format!("{path}: {e}")),
            }
        }
        Err(why.join("; "))
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Looks the calls up.
fn bind(lib: libloading::Library) -> Result<NvJitLink, libloading::Error> {
    // SAFETY: the symbols have these C signatures in nvJitLink.h.
    unsafe {
        Ok(NvJitLink {
            create: *lib.get(b"nvJitLinkCreate\0")?,
            add_data: *lib.get(b"nvJitLinkAddData\0")?,
            complete: *lib.get(b"nvJitLinkComplete\0")?,
            cubin_size: *lib.get(b"nvJitLinkGetLinkedCubinSize\0")?,
            cubin: *lib.get(b"nvJitLinkGetLinkedCubin\0")?,
            log_size: *lib.get(b"nvJitLinkGetErrorLogSize\0")?,
            log: *lib.get(b"nvJitLinkGetErrorLog\0")?,
            destroy: *lib.get(b"nvJitLinkDestroy\0")?,
            _lib: lib,
        })
    }
}

/// nvJitLink's input type for a `CUjitInputType`.
fn input_type(kind: c_int) -> Option<c_int> {
    Some(match kind {
        INPUT_CUBIN => 1,
        INPUT_PTX => 2,
        INPUT_NVVM => 3,
        INPUT_FATBINARY => 4,
        INPUT_OBJECT => 5,
        INPUT_LIBRARY => 6,
        _ => return None,
    })
}

/// Links `inputs` (kind, bytes, name) into one sm_75 cubin.
pub(crate) fn link(inputs: &[(c_int, Vec<u8>, String)]) -> Res<Vec<u8>> {
    let l = library().map_err(|why| {
        fail(
            CUDA_ERROR_NOT_SUPPORTED,
            format!(
                "linking {} inputs needs NVIDIA's nvJitLink (pip install nvidia-nvjitlink-cu12, \
                 or set XISA_NVJITLINK): {why}",
                inputs.len()
            ),
        )
    })?;
    let arch = CString::new("-arch=sm_75").unwrap_or_default();
    let opts = [arch.as_ptr()];
    let mut h: Handle = std::ptr::null_mut();
    // SAFETY: nvJitLink's documented calls on a handle this function owns.
    unsafe {
        if (l.create)(&mut h, 1, opts.as_ptr()) != 0 {
            return Err(fail(CUDA_ERROR_UNKNOWN, "nvJitLinkCreate failed"));
        }
        let r = (|| -> Res<Vec<u8>> {
            for (kind, bytes, name) in inputs {
                let t = input_type(*kind).ok_or_else(|| {
                    fail(
                        CUDA_ERROR_NOT_SUPPORTED,
                        format!("link input type {kind} ({name})"),
                    )
                })?;
                let cname = CString::new(name.as_str()).unwrap_or_default();
                if (l.add_data)(h, t, bytes.as_ptr().cast(), bytes.len(), cname.as_ptr()) != 0 {
                    return Err(logged(l, h, format!("adding {name}")));
                }
            }
            if (l.complete)(h) != 0 {
                return Err(logged(l, h, "linking".into()));
            }
            let mut n = 0usize;
            if (l.cubin_size)(h, &mut n) != 0 {
                return Err(logged(l, h, "the linked cubin's size".into()));
            }
            let mut out = vec![0u8; n];
            if (l.cubin)(h, out.as_mut_ptr().cast()) != 0 {
                return Err(logged(l, h, "the linked cubin".into()));
            }
            Ok(out)
        })();
        (l.destroy)(&mut h);
        r
    }
}

/// A failed step, with nvJitLink's error log.
///
/// # Safety
/// `h` must be a live nvJitLink handle.
unsafe fn logged(l: &NvJitLink, h: Handle, what: String) -> Fail {
    let mut n = 0usize;
    let mut log = String::new();
    if (l.log_size)(h, &mut n) == 0 && n > 0 {
        let mut buf = vec![0u8; n + 1];
        if (l.log)(h, buf.as_mut_ptr().cast()) == 0 {
            log = String::from_utf8_lossy(&buf[..n])
                .trim_end_matches('\0')
                .trim()
                .to_string();
        }
    }
    fail(
        CUDA_ERROR_INVALID_PTX,
        format!("nvJitLink: {what} failed: {log}"),
    )
}
