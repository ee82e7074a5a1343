//! The xisa execution runtime: guest memory, the lane context shared by the
//! engines, the wave/workgroup scheduler, launches over a worker pool with a
//! watchdog, and the JIT code cache.

pub mod cache;
pub mod ctx;
pub mod grid;
pub mod heap;
pub mod host;
pub mod launch;
pub mod memory;
pub mod ockl;
pub mod sched;
pub mod surface;

pub use cache::{CacheKey, CodeCache};
pub use ctx::{LaneCtx, LaneProgram};
pub use host::HostOutput;
pub use launch::{launch, Fault, FaultKind, LaunchConfig, LaunchError, LaunchStats};
pub use memory::{GuestMemory, MemError, DEFAULT_RESERVE, GUEST_BASE, GUEST_FILE, HOST_PAGE};
pub use sched::{RunnerPlan, WgMemory};
