//! `cuGetExportTable`: the private tables NVIDIA's CUDA runtime library
//! (`libcudart.so.12`) asks its driver for before it makes any public call
//! work. What each table and slot does was worked out by others (ZLUDA)
//! and checked against the runtime of the pinned wheel
//! (`docs/notes/cuda-driver-research.md`, section 4); only the tables and
//! slots the runtime calls are served, every other slot logs its table and
//! number and fails with `CUDA_ERROR_NOT_SUPPORTED`.
//!
//! A table is an array of pointer-sized words: the table's size in bytes,
//! then function pointers (the context-local-storage table has no size
//! word).

use std::collections::HashMap;
use std::ffi::{c_int, c_uint, c_void};
use std::sync::{Mutex, OnceLock};

use crate::codes::*;
use crate::driver::{self, fail, id, out, Res};

/// A table id as the runtime passes it: 16 bytes.
type Uuid = [u8; 16];

const CUDART_INTERFACE: Uuid = uuid(0x6bd5fb6c_5bf4e74a_8987d939_12fd9df9);
const TOOLS_RUNTIME_CALLBACK_HOOKS: Uuid = uuid(0xa094798c_2e742e74_93f20800_200c0a66);
const TOOLS_TLS: Uuid = uuid(0x42d85a81_23f6cb47_8298f6e7_8a3aecdc);
const CONTEXT_LOCAL_STORAGE: Uuid = uuid(0xc693336e_1121df11_a8c368f3_55d89593);
const INTEGRITY_CHECK: Uuid = uuid(0xd4082055_bde6704b_8d34ba12_3c66e1f2);

/// A table id from its bytes written as one hex number.
const fn uuid(v: u128) -> Uuid {
    v.to_be_bytes()
}

/// A table: its size word (when it has one), then its slots; slots
/// without a function log their number and refuse.
fn table(len: usize, sized: bool, slots: &[(usize, usize)]) -> Box<[usize]> {
    macro_rules! refusals {
        ($($i:literal)*) => {
            [$({
                extern "C" fn refuse() -> CUresult {
                    driver::log(concat!("a CUDA runtime export table's slot ", $i, ": not provided"));
                    CUDA_ERROR_NOT_SUPPORTED
                }
                refuse as *const () as usize
            },)*]
        };
    }
    let refuse: [usize; 16] = refusals!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    let mut t: Vec<usize> = refuse[..len].to_vec();
    if sized {
        t[0] = len * std::mem::size_of::<usize>();
    }
    for &(i, f) in slots {
        t[i] = f;
    }
    t.into_boxed_slice()
}

/// The served tables, built once (their addresses are part of the
/// integrity check's message, so they never move).
fn tables() -> &'static HashMap<Uuid, Box<[usize]>> {
    static T: OnceLock<HashMap<Uuid, Box<[usize]>>> = OnceLock::new();
    T.get_or_init(|| {
        let f = |p: *const ()| p as usize;
        HashMap::from([
            (
                CUDART_INTERFACE,
                table(
                    13,
                    true,
                    &[
                        (1, f(load_wrapped as *const ())),
                        (2, f(primary_context as *const ())),
                        (6, f(load_wrapped_ex as *const ())),
                        (7, f(no_op as *const ())),
                        (8, f(load_bare as *const ())),
                        (12, f(load_compilers as *const ())),
                    ],
                ),
            ),
            (
                TOOLS_RUNTIME_CALLBACK_HOOKS,
                table(
                    7,
                    true,
                    &[
                        (2, f(hooks_buffer as *const ())),
                        (6, f(hooks_small_buffer as *const ())),
                    ],
                ),
            ),
            (TOOLS_TLS, table(4, true, &[])),
            (
                CONTEXT_LOCAL_STORAGE,
                table(
                    4,
                    false,
                    &[
                        (0, f(cls_put as *const ())),
                        (1, f(cls_delete as *const ())),
                        (2, f(cls_get as *const ())),
                    ],
                ),
            ),
            (
                INTEGRITY_CHECK,
                table(3, true, &[(1, f(integrity as *const ()))]),
            ),
        ])
    })
}

/// The address of table `id`'s first word.
fn table_address(id: &Uuid) -> usize {
    tables().get(id).map_or(0, |t| t.as_ptr() as usize)
}

/// Loads a module from the fat binary behind nvcc's wrapper.
extern "C" fn load_wrapped(pmod: *mut *mut c_void, wrapper: *const c_void) -> CUresult {
    // SAFETY: the runtime's pointers.
    unsafe { crate::module::cuModuleLoadFatBinary(pmod, wrapper) }
}

/// As `load_wrapped`, with three more arguments the runtime passes empty.
extern "C" fn load_wrapped_ex(
    pmod: *mut *mut c_void,
    wrapper: *const c_void,
    _a: *mut c_void,
    _b: *mut c_void,
    _c: c_uint,
) -> CUresult {
    load_wrapped(pmod, wrapper)
}

/// Loads a module from a bare fat binary.
extern "C" fn load_bare(fatbin: *const c_void, pmod: *mut *mut c_void) -> CUresult {
    // SAFETY: the runtime's pointers.
    unsafe { crate::module::cuModuleLoadFatBinary(pmod, fatbin) }
}

/// Retains the device's primary context and hands it out.
extern "C" fn primary_context(pctx: *mut *mut c_void, dev: c_int) -> CUresult {
    // SAFETY: the runtime's out-pointer.
    unsafe { crate::context::cuDevicePrimaryCtxRetain(pctx, dev) }
}

/// A call the runtime makes for its own bookkeeping.
extern "C" fn no_op(_x: usize) -> CUresult {
    CUDA_SUCCESS
}

/// Loads the JIT compilers: ptxas is found when PTX is loaded.
extern "C" fn load_compilers() -> CUresult {
    CUDA_SUCCESS
}

/// Hands out a zeroed buffer of `N` elements for the tools' callbacks (the
/// runtime keeps a pointer to it; no tool fills it); `size` gets `N`.
fn static_buffer<T, const N: usize>(
    buf: &'static Mutex<[T; N]>,
    p: *mut *mut c_void,
    size: *mut usize,
) -> CUresult {
    let ptr = buf.lock().unwrap_or_else(|e| e.into_inner()).as_mut_ptr();
    // SAFETY: the runtime's out-pointers; the buffer is static.
    unsafe {
        if p.is_null() || size.is_null() {
            return CUDA_ERROR_INVALID_VALUE;
        }
        *p = ptr.cast();
        *size = N;
    }
    CUDA_SUCCESS
}

/// 1024 machine words: the runtime reads far into it (the 12.9 runtime's
/// `cudaGetDeviceProperties` reads offset 0x6e0). It was 1024 bytes, and
/// that read landed past it, in whatever the linker put next: the runtime
/// crashed when a code change moved an unmapped page there.
extern "C" fn hooks_buffer(p: *mut *mut c_void, size: *mut usize) -> CUresult {
    static B: Mutex<[u64; 1024]> = Mutex::new([0; 1024]);
    static_buffer(&B, p, size)
}

extern "C" fn hooks_small_buffer(p: *mut *mut c_void, size: *mut usize) -> CUresult {
    static B: Mutex<[u8; 14]> = Mutex::new([0; 14]);
    static_buffer(&B, p, size)
}

/// Context-local storage: (context, key) -> value, for the runtime's
/// per-context state.
fn cls() -> &'static Mutex<HashMap<(usize, usize), usize>> {
    static S: OnceLock<Mutex<HashMap<(usize, usize), usize>>> = OnceLock::new();
    S.get_or_init(Default::default)
}

/// The context a storage call names (NULL: the current one).
fn cls_context(ctx: *mut c_void) -> Res<usize> {
    if !ctx.is_null() {
        return Ok(id(ctx));
    }
    driver::current_id().ok_or_else(|| fail(CUDA_ERROR_INVALID_CONTEXT, "no context is current"))
}

/// Stores `value` under `key` (the destructor is not called: the runtime's
/// state lives until the process ends).
extern "C" fn cls_put(
    ctx: *mut c_void,
    key: *mut c_void,
    value: *mut c_void,
    _dtor: *mut c_void,
) -> CUresult {
    match cls_context(ctx) {
        Ok(c) => {
            cls()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert((c, id(key)), value as usize);
            CUDA_SUCCESS
        }
        Err(e) => e.code,
    }
}

extern "C" fn cls_delete(ctx: *mut c_void, key: *mut c_void) -> CUresult {
    match cls_context(ctx) {
        Ok(c) => {
            cls()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&(c, id(key)));
            CUDA_SUCCESS
        }
        Err(e) => e.code,
    }
}

/// The value under `key`; a missing one is `CUDA_ERROR_INVALID_HANDLE`
/// (the runtime then stores its state).
extern "C" fn cls_get(value: *mut *mut c_void, ctx: *mut c_void, key: *mut c_void) -> CUresult {
    let c = match cls_context(ctx) {
        Ok(c) => c,
        Err(e) => return e.code,
    };
    match cls()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&(c, id(key)))
    {
        Some(&v) if !value.is_null() => {
            // SAFETY: the runtime's out-pointer.
            unsafe { *value = v as *mut c_void };
            CUDA_SUCCESS
        }
        _ => CUDA_ERROR_INVALID_HANDLE,
    }
}

/// The integrity check's HMAC key (an MD2 block).
const INTEGRITY_KEY: [u8; 16] = [
    0x14, 0x6a, 0xdd, 0xae, 0x53, 0xa9, 0xa7, 0x52, 0xaa, 0x08, 0x41, 0x36, 0x0b, 0xf5, 0x5a, 0x9f,
];

/// The runtime's check that its driver is NVIDIA's: for `version` (the
/// runtime's, plus 0, 1 or 2) and a time, two words. Versions ending in 0
/// and 1 get fixed answers; the others an HMAC-MD2 over the caller, the
/// tables and the device (its UUID and PCI location).
extern "C" fn integrity(version: c_uint, seconds: u64, result: *mut [u64; 2]) -> CUresult {
    if result.is_null() {
        return CUDA_ERROR_INVALID_VALUE;
    }
    let words = match version % 10 {
        0 => [0x3341_181C_03CB_675C, 0x8ED3_83AA_1F4C_D1E8],
        1 => [0x1841_181C_03CB_675C, 0x8ED3_83AA_1F4C_D1E8],
        _ => {
            let mut msg = Vec::with_capacity(48 + 28);
            msg.extend_from_slice(&(crate::device::DRIVER_VERSION as u32).to_ne_bytes());
            msg.extend_from_slice(&version.to_ne_bytes());
            // SAFETY: plain queries of the calling process and thread.
            let (pid, thread) = unsafe { (libc::getpid() as u32, libc::pthread_self() as u32) };
            msg.extend_from_slice(&pid.to_ne_bytes());
            msg.extend_from_slice(&thread.to_ne_bytes());
            for w in [
                table_address(&CUDART_INTERFACE),
                table_address(&INTEGRITY_CHECK),
                integrity as *const () as usize,
            ] {
                msg.extend_from_slice(&(w as u64).to_ne_bytes());
            }
            msg.extend_from_slice(&seconds.to_ne_bytes());
            // The one device: its UUID and PCI domain, bus, device.
            msg.extend_from_slice(&crate::device::UUID);
            for _ in 0..3 {
                msg.extend_from_slice(&0i32.to_ne_bytes());
            }
            use hmac::{KeyInit, Mac};
            let Ok(mut mac) = <hmac::Hmac<md2::Md2> as KeyInit>::new_from_slice(&INTEGRITY_KEY)
            else {
                return CUDA_ERROR_UNKNOWN;
            };
            mac.update(&msg);
            let d: [u8; 16] = mac.finalize().into_bytes().into();
            let (a, b) = d.split_at(8);
            [
                u64::from_ne_bytes(a.try_into().unwrap_or_default()),
                u64::from_ne_bytes(b.try_into().unwrap_or_default()),
            ]
        }
    };
    // SAFETY: checked non-null; the runtime's two-word buffer.
    unsafe { result.write_unaligned(words) };
    CUDA_SUCCESS
}

exports! {
    /// A private table by id: the ones the CUDA runtime needs; others
    /// (the runtime asks for a few it can do without) are refused.
    fn cuGetExportTable(ptable: *mut *const c_void, pid: *const Uuid) {
        let tid = pid.as_ref().ok_or_else(|| crate::driver::invalid("a null table id"))?;
        let t = tables().get(tid).ok_or_else(|| {
            let hex: String = tid.iter().map(|b| format!("{b:02x}")).collect();
            fail(CUDA_ERROR_INVALID_VALUE, format!("export table {hex} is not provided"))
        })?;
        out(ptable, t.as_ptr().cast())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The callback-hooks buffer reaches past offset 0x6e0, which the CUDA
    /// runtime reads, and is word-aligned; `size` counts its words.
    #[test]
    fn hooks_buffer_covers_what_the_runtime_reads() {
        let mut p: *mut c_void = std::ptr::null_mut();
        let mut n = 0usize;
        assert_eq!(hooks_buffer(&mut p, &mut n), CUDA_SUCCESS);
        assert_eq!(n, 1024);
        assert!(n * 8 >= 0x6e0 + 4);
        assert_eq!(p as usize % 8, 0);
    }
}
