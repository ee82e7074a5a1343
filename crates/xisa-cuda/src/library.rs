//! Context-independent loading (CUDA 12's `cuLibrary*` / `cuKernel*`): a
//! library is a module that belongs to no context, and a `CUkernel` is the
//! same handle as the `CUfunction` it gives (clients pass one for the
//! other).

use std::ffi::{c_char, c_int, c_uint, c_void};

use crate::codes::*;
use crate::driver::{self, fail, handle, id, out};
use crate::module::{cubin_at, cubin_in_file, function_of, global_of, module, name, register};

exports! {
    /// Loads a library from memory (cubin, fat binary, PTX); JIT log
    /// buffers get ptxas's messages, library options are accepted.
    fn cuLibraryLoadData(
        plib: *mut *mut c_void,
        code: *const c_void,
        options: *mut c_int,
        values: *mut *mut c_void,
        n: c_uint,
        _lib_options: *mut c_int,
        _lib_values: *mut *mut c_void,
        _n_lib: c_uint,
    ) {
        driver::with(|_| Ok(()))?;
        let cubin = cubin_at(code, n, options, values)?;
        out(plib, handle(register(cubin, "cuLibraryLoadData image", true)?))
    }

    /// Loads a library from a file.
    fn cuLibraryLoadFromFile(
        plib: *mut *mut c_void,
        file: *const c_char,
        _options: *mut c_int,
        _values: *mut *mut c_void,
        _n: c_uint,
        _lib_options: *mut c_int,
        _lib_values: *mut *mut c_void,
        _n_lib: c_uint,
    ) {
        driver::with(|_| Ok(()))?;
        let path = name(file)?;
        out(plib, handle(register(cubin_in_file(path)?, path, true)?))
    }

    /// Unloads a library; its kernels become invalid.
    fn cuLibraryUnload(lib: *mut c_void) {
        driver::with(|d| {
            match d.modules.get(&id(lib)) {
                Some(m) if m.ctx == 0 => {}
                _ => return Err(fail(CUDA_ERROR_INVALID_HANDLE, format!("{lib:p} is not a library"))),
            }
            d.modules.remove(&id(lib));
            d.functions.retain(|_, f| f.module_id != id(lib));
            Ok(())
        })
    }

    /// A kernel by name (lifted here).
    fn cuLibraryGetKernel(pk: *mut *mut c_void, lib: *mut c_void, kname: *const c_char) {
        out(pk, handle(function_of(id(lib), name(kname)?)?))
    }

    /// How many kernels a library has.
    fn cuLibraryGetKernelCount(count: *mut c_uint, lib: *mut c_void) {
        out(count, module(lib)?.module.entries().len() as c_uint)
    }

    /// The library's first `n` kernels.
    fn cuLibraryEnumerateKernels(ks: *mut *mut c_void, n: c_uint, lib: *mut c_void) {
        let names: Vec<String> = module(lib)?.module.entries().iter().map(|e| e.name.clone()).collect();
        if ks.is_null() {
            return Err(crate::driver::invalid("a null kernel array"));
        }
        for (i, k) in names.iter().take(n as usize).enumerate() {
            *ks.add(i) = handle(function_of(id(lib), k)?);
        }
        Ok(())
    }

    /// The library as a module (the same handle).
    fn cuLibraryGetModule(pmod: *mut *mut c_void, lib: *mut c_void) {
        module(lib)?;
        out(pmod, lib)
    }

    /// The function of a kernel (the same handle).
    fn cuKernelGetFunction(pf: *mut *mut c_void, k: *mut c_void) {
        driver::with(|d| d.function(id(k)).map(|_| ()))?;
        out(pf, k)
    }

    /// The library of a kernel.
    fn cuKernelGetLibrary(plib: *mut *mut c_void, k: *mut c_void) {
        let f = driver::with(|d| d.function(id(k)))?;
        out(plib, handle(f.module_id))
    }

    /// A global of a library.
    fn cuLibraryGetGlobal(dptr: *mut u64, bytes: *mut usize, lib: *mut c_void, gname: *const c_char) {
        let (addr, size) = global_of(&*module(lib)?, name(gname)?)?;
        if !dptr.is_null() {
            *dptr = addr;
        }
        if !bytes.is_null() {
            *bytes = size as usize;
        }
        Ok(())
    }

    /// Modules load eagerly (1: `CU_MODULE_EAGER_LOADING`): kernels are
    /// lifted when handed out.
    fn cuModuleGetLoadingMode(mode: *mut c_int) {
        out(mode, 1)
    }
}
