//! xisa: run GPU machine code on the CPU.
//!
//! The library API embeds xisa in other programs' tests: load a [`Module`]
//! (loading refuses device files and oversized inputs and keeps the launch
//! limits the kernels declare, see [`limits`]),
//! allocate and fill buffers on a [`Device`], [`Device::launch`] a kernel, read
//! the results back, and inspect errors (faults name the kernel, the location,
//! the workgroup, the lane and the address).
//!
//! ```
//! use xisa::{ArgSpec, Device, LaunchOptions, Module};
//! let src = "kernel @inc(%p: i64) {
//!   reg %v: i32
//! entry:
//!   %v = ld.global.b32 [%p]
//!   %v = add.i32 %v, 1
//!   st.global.b32 [%p], %v
//!   exit
//! }";
//! let module = Module::from_bytes(src.as_bytes(), "inc.xir", None).unwrap();
//! let dev = Device::new().unwrap();
//! let buf = dev.upload(&41u32.to_le_bytes()).unwrap();
//! dev.launch(&module, "inc", &LaunchOptions::default(), &[ArgSpec::Ptr(buf)]).unwrap();
//! assert_eq!(dev.read(buf, 4).unwrap(), 42u32.to_le_bytes());
//! ```

pub mod device;
pub mod error;
pub mod example;
pub mod exec;
pub mod limits;
pub mod module;

pub use device::{
    surface_descriptor, surface_handle, ArgSpec, Buffer, Device, Engine, Global, LaunchOptions,
    Overrun, RunReport, SurfaceBinding, SurfaceData, SurfaceDim, SurfaceSpec,
};
pub use error::{Error, Result};
pub use module::{detect_isa, Isa, Module};
pub use xisa_ir as ir;
pub use xisa_runtime as runtime;
