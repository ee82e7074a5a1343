//! xisa's CUDA driver: the C ABI of `cuda.h` (the versioned `_v2` entry
//! points the real `libcuda.so.1` exports, and `cuGetProcAddress`), backed
//! by an xisa [`Device`](xisa::Device), so that unmodified host programs
//! run their sm_75 kernels on the host CPU. Built as `libcuda.so` with the
//! soname `libcuda.so.1`; `scripts/cuda-driver.sh` builds it and prints
//! the `LD_LIBRARY_PATH` that selects it (`docs/cuda-driver.md`).
//!
//! Work is synchronous: a launch, copy or memset has finished when its
//! call returns, streams and events included (the API allows that; an
//! event's time is when it was recorded). A guest fault fails the launch
//! and leaves its context sticky-failed with the code a GPU gives
//! (`CUDA_ERROR_ILLEGAL_ADDRESS`, ...); the fault's text (kernel, pc, lane,
//! address) goes to standard error or the file `XISA_CUDA_LOG` names.
//! `XISA_CUDA_TRACE=1` logs every call and its result.

#![allow(non_snake_case, clippy::missing_safety_doc)]

/// Defines exported entry points (`#[no_mangle] extern "C"`, each body run
/// by [`driver::guard`]) and the table `cuGetProcAddress` resolves them
/// from: `procs()`, (name, address) for each, in the module invoking it.
macro_rules! exports {
    ($( $(#[$m:meta])* fn $name:ident($($a:ident: $t:ty),* $(,)?) $body:block )*) => {
        $(
            $(#[$m])*
            #[no_mangle]
            pub unsafe extern "C" fn $name($($a: $t),*) -> $crate::codes::CUresult {
                $crate::driver::guard(stringify!($name), || -> $crate::driver::Res { $body })
            }
        )*
        /// This module's entry points by exported name.
        pub(crate) fn procs() -> Vec<(&'static str, usize)> {
            vec![$((stringify!($name), $name as *const () as usize),)*]
        }
    };
}

pub mod codes;
mod context;
mod device;
mod driver;
mod export;
pub mod fatbin;
mod ipc;
mod jitlink;
mod launch;
mod library;
mod memory;
mod module;
mod proc;
mod ptds;
mod refused;
mod stream;

pub use proc::exported;
