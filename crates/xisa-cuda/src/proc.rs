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
            crate::ipc::procs(),
            crate::module::procs(),
            crate::launch::procs(),
            crate::library::procs(),
            crate::export::procs(),
            crate::stream::procs(),
            procs(),
        ]
        .into_iter()
        .flatten()
        .collect()
    })
}

/// The names of every entry point this driver exports: those it serves
/// and those that refuse (`refused.rs`), which `cuGetProcAddress` does not
/// hand out: a NULL tells a client the call is unavailable before it
/// relies on it (the CUDA runtime crashes on a refusal it does not
/// expect), while a program linked against the name gets the refusal.
pub fn exported() -> Vec<&'static str> {
    let mut v: Vec<_> = table().keys().copied().collect();
    v.extend(crate::refused::procs().into_iter().map(|(n, _)| n));
    v.sort_unstable();
    v
}

/// One ABI of an entry point: the CUDA version that introduced it, its
/// symbol, and its signature class (the newest ABI of the same call with
/// an identical parameter list).
type Abi = (i32, &'static str, &'static str);

/// The ABIs of each entry point, ascending by version
/// (`translation-rules/cuda/proc_versions.tsv`, generated from
/// `cudaTypedefs.h`).
fn abis() -> &'static HashMap<&'static str, Vec<Abi>> {
    static T: OnceLock<HashMap<&'static str, Vec<Abi>>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t: HashMap<&str, Vec<Abi>> = HashMap::new();
        let rows = include_str!("../../../translation-rules/cuda/proc_versions.tsv");
        for line in rows.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            if let [n, v, s, same] = f[..] {
                if let Ok(v) = v.parse() {
                    t.entry(n).or_default().push((v, s, same));
                }
            }
        }
        for v in t.values_mut() {
            v.sort_unstable();
        }
        t
    })
}

/// Why a lookup found nothing (`CUdriverProcAddressQueryResult`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Miss {
    /// No such entry point here (1).
    Symbol,
    /// The entry point's ABI for that version is not exported here, or the
    /// version predates it (2).
    Version,
}

/// The entry point a client asking for `name` at CUDA version `version`
/// gets: the newest ABI of `name` introduced at or before `version` (never
/// another signature than the caller was compiled for). Names without
/// versioned ABIs resolve to themselves.
pub(crate) fn resolve(name: &str, version: i32) -> Result<usize, Miss> {
    let exported = table();
    match abis().get(name) {
        Some(abis) => {
            let (_, _, class) = abis
                .iter()
                .rev()
                .find(|(v, _, _)| *v <= version)
                .ok_or(Miss::Version)?;
            // The wanted ABI, or one that takes the same arguments.
            abis.iter()
                .filter(|(_, _, c)| c == class)
                .find_map(|(_, s, _)| exported.get(s))
                .copied()
                .ok_or(Miss::Version)
        }
        None => exported.get(name).copied().ok_or(Miss::Symbol),
    }
}

/// Looks `symbol` up for `cuGetProcAddress(_v2)`: writes the entry point
/// (NULL when not found) and returns why it was not found.
unsafe fn lookup_proc(
    symbol: *const c_char,
    pfn: *mut *mut c_void,
    version: c_int,
) -> Res<Option<Miss>> {
    if symbol.is_null() || pfn.is_null() {
        return Err(invalid("a null symbol or output"));
    }
    let name = CStr::from_ptr(symbol)
        .to_str()
        .map_err(|_| invalid("a symbol that is not UTF-8"))?;
    match resolve(name, version) {
        Ok(f) => {
            *pfn = f as *mut c_void;
            Ok(None)
        }
        Err(m) => {
            *pfn = std::ptr::null_mut();
            Ok(Some(m))
        }
    }
}

/// The failure of a lookup that found nothing.
fn not_found(symbol: *const c_char, version: c_int, m: Miss) -> crate::driver::Fail {
    // SAFETY: checked non-null and NUL-terminated by lookup_proc.
    let name = unsafe { CStr::from_ptr(symbol) };
    fail(
        CUDA_ERROR_NOT_FOUND,
        match m {
            Miss::Symbol => format!("{name:?} is not exported"),
            Miss::Version => format!("{name:?} has no exported ABI for CUDA version {version}"),
        },
    )
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
    fn cuGetProcAddress(symbol: *const c_char, pfn: *mut *mut c_void, version: c_int, _flags: u64) {
        match lookup_proc(symbol, pfn, version)? {
            None => Ok(()),
            Some(m) => Err(not_found(symbol, version, m)),
        }
    }

    /// An entry point by name, with why it was not found (CUDA 12's form:
    /// 0 found, 1 no such symbol, 2 not for that version). Per-thread
    /// default-stream requests get the default ABI (all work is
    /// synchronous, so the two streams behave alike).
    fn cuGetProcAddress_v2(symbol: *const c_char, pfn: *mut *mut c_void, version: c_int, _flags: u64, status: *mut c_int) {
        let miss = lookup_proc(symbol, pfn, version)?;
        if !status.is_null() {
            *status = match miss {
                None => 0,
                Some(Miss::Symbol) => 1,
                Some(Miss::Version) => 2,
            };
        }
        match miss {
            None => Ok(()),
            Some(m) => Err(not_found(symbol, version, m)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_pick_the_abi_the_caller_was_built_for() {
        let f = |n: &str| table()[n];
        assert_eq!(resolve("cuMemAlloc", 12000), Ok(f("cuMemAlloc_v2")));
        assert_eq!(
            resolve("cuGetProcAddress", 11030),
            Ok(f("cuGetProcAddress"))
        );
        assert_eq!(
            resolve("cuGetProcAddress", 12000),
            Ok(f("cuGetProcAddress_v2"))
        );
        assert_eq!(resolve("cuCtxCreate", 3020), Ok(f("cuCtxCreate_v2")));
        // cuCtxCreate_v3/_v4 take other arguments: never _v2 for them.
        assert_eq!(resolve("cuCtxCreate", 11040), Ok(f("cuCtxCreate_v3")));
        assert_eq!(resolve("cuCtxCreate", 12050), Ok(f("cuCtxCreate_v4")));
        // The 32-bit cuMemAlloc of CUDA 2.0 is not exported.
        assert_eq!(resolve("cuMemAlloc", 2000), Err(Miss::Version));
        assert_eq!(
            resolve("cuCtxSynchronize", 13000),
            Ok(f("cuCtxSynchronize"))
        );
        assert_eq!(resolve("cuNoSuchCall", 12000), Err(Miss::Symbol));
    }
}
