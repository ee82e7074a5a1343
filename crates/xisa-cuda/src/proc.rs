//! Error names and strings, and `cuGetProcAddress`: entry points by name
//! (a client names the base function, `cuMemAlloc`, and gets the newest
//! version this driver exports, `cuMemAlloc_v2`).

use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::OnceLock;

use crate::codes::*;
use crate::driver::{fail, invalid, out, Res};

/// Every exported entry point by name.
fn table() -> &'static HashMap<&'static str, usize> {
    static T: OnceLock<HashMap<&'static str, usize>> = OnceLock::new();
    T.get_or_init(|| {
        [
            crate::device::procs(),
            crate::context::procs(),
            crate::memory::procs(),
            crate::module::procs(),
            crate::launch::procs(),
            crate::stream::procs(),
            procs(),
        ]
        .into_iter()
        .flatten()
        .collect()
    })
}

/// The names of every entry point this driver exports.
pub fn exported() -> Vec<&'static str> {
    let mut v: Vec<_> = table().keys().copied().collect();
    v.sort_unstable();
    v
}

/// The entry point a client asking for `name` gets: the name itself, or
/// its newest `_vN` version.
pub(crate) fn resolve(name: &str) -> Option<usize> {
    let t = table();
    (2..=4)
        .rev()
        .find_map(|v| t.get(format!("{name}_v{v}").as_str()))
        .or_else(|| t.get(name))
        .copied()
}

/// Looks `symbol` up for `cuGetProcAddress(_v2)`.
unsafe fn lookup_proc(symbol: *const c_char, pfn: *mut *mut c_void) -> Res<bool> {
    if symbol.is_null() || pfn.is_null() {
        return Err(invalid("a null symbol or output"));
    }
    let name = CStr::from_ptr(symbol)
        .to_str()
        .map_err(|_| invalid("a symbol that is not UTF-8"))?;
    match resolve(name) {
        Some(f) => {
            *pfn = f as *mut c_void;
            Ok(true)
        }
        None => {
            *pfn = std::ptr::null_mut();
            Ok(false)
        }
    }
}

exports! {
    /// A code's name.
    fn cuGetErrorName(code: CUresult, pstr: *mut *const c_char) {
        let row = lookup(code).ok_or_else(|| invalid(format!("{code} is not a CUresult")))?;
        out(pstr, row.1.as_ptr().cast())
    }

    /// A code's description.
    fn cuGetErrorString(code: CUresult, pstr: *mut *const c_char) {
        let row = lookup(code).ok_or_else(|| invalid(format!("{code} is not a CUresult")))?;
        out(pstr, row.2.as_ptr().cast())
    }

    /// An entry point by name (CUDA 11.3's form).
    fn cuGetProcAddress(symbol: *const c_char, pfn: *mut *mut c_void, _version: c_int, _flags: u64) {
        if lookup_proc(symbol, pfn)? {
            Ok(())
        } else {
            Err(fail(CUDA_ERROR_NOT_FOUND, format!("{:?} is not exported", CStr::from_ptr(symbol))))
        }
    }

    /// An entry point by name, with why it was not found (CUDA 12's form):
    /// 0 found, 1 no such symbol.
    fn cuGetProcAddress_v2(symbol: *const c_char, pfn: *mut *mut c_void, _version: c_int, _flags: u64, status: *mut c_int) {
        let found = lookup_proc(symbol, pfn)?;
        if !status.is_null() {
            *status = if found { 0 } else { 1 };
        }
        if found {
            Ok(())
        } else {
            Err(fail(CUDA_ERROR_NOT_FOUND, format!("{:?} is not exported", CStr::from_ptr(symbol))))
        }
    }
}
