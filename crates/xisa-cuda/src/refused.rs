//! Entry points for what this driver does not offer: CUDA arrays,
//! texture and surface references. Programs link
//! against them (PyCUDA's extension needs every symbol it names at load
//! time) and get `CUDA_ERROR_NOT_SUPPORTED`, with a log line naming the
//! call and why, when they call one. The arguments are not read, so each
//! takes none (the C caller's arguments are left in its registers and
//! stack, which the SysV x86-64 convention lets a callee ignore).

use crate::codes::*;
use crate::driver;

/// Defines refusing entry points, with the reason each logs, and their
/// table for `cuGetProcAddress`.
macro_rules! refused {
    ($($why:literal: $($name:ident)*;)*) => {
        $($(
            #[doc = concat!("Not offered (", $why, "): logs and returns `CUDA_ERROR_NOT_SUPPORTED`.")]
            #[no_mangle]
            pub extern "C" fn $name() -> CUresult {
                driver::log(concat!(stringify!($name), ": not supported: ", $why));
                CUDA_ERROR_NOT_SUPPORTED
            }
        )*)*
        /// This module's entry points by exported name.
        pub(crate) fn procs() -> Vec<(&'static str, usize)> {
            vec![$($((stringify!($name), $name as *const () as usize),)*)*]
        }
    };
}

refused! {
    "CUDA arrays (kernels read no textures or bound surfaces here)":
        cuArrayCreate_v2 cuArray3DCreate_v2 cuArrayDestroy cuArrayGetDescriptor_v2
        cuArray3DGetDescriptor_v2 cuMemcpyAtoA_v2 cuMemcpyAtoD_v2 cuMemcpyAtoH_v2
        cuMemcpyDtoA_v2 cuMemcpyHtoA_v2;
    "texture and surface references":
        cuModuleGetTexRef cuModuleGetSurfRef cuParamSetTexRef cuTexRefCreate cuTexRefDestroy
        cuTexRefGetAddress_v2 cuTexRefGetAddressMode cuTexRefGetArray cuTexRefGetFilterMode
        cuTexRefGetFlags cuTexRefGetFormat cuTexRefSetAddress_v2 cuTexRefSetAddress2D_v3
        cuTexRefSetAddressMode cuTexRefSetArray cuTexRefSetFilterMode cuTexRefSetFlags
        cuTexRefSetFormat cuSurfRefGetArray cuSurfRefSetArray;
}
