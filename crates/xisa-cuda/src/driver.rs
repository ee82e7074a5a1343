//! The driver's state: one xisa device, the contexts, modules, functions,
//! streams and events handed to the program as opaque handles, each
//! thread's context stack, and how an entry point reports failure.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::c_void;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use crate::codes::*;

/// Why an entry point failed: the code it returns and, for the log, what
/// happened.
#[derive(Debug)]
pub(crate) struct Fail {
    pub code: CUresult,
    pub msg: String,
}

/// An entry point's result.
pub(crate) type Res<T = ()> = Result<T, Fail>;

/// What `python3 -c script` prints, trimmed; `None` when it cannot run,
/// prints no UTF-8 or prints nothing (how the driver finds tools in
/// NVIDIA's Python wheels).
pub(crate) fn python_line(script: &str) -> Option<String> {
    std::process::Command::new("python3")
        .args(["-c", script])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}

/// A failure with code `code`.
pub(crate) fn fail(code: CUresult, msg: impl Into<String>) -> Fail {
    Fail {
        code,
        msg: msg.into(),
    }
}

/// `CUDA_ERROR_INVALID_VALUE` naming what was wrong.
pub(crate) fn invalid(msg: impl Into<String>) -> Fail {
    fail(CUDA_ERROR_INVALID_VALUE, msg)
}

/// Whether every call is logged (`XISA_CUDA_TRACE=1`).
fn tracing() -> bool {
    static T: OnceLock<bool> = OnceLock::new();
    *T.get_or_init(|| std::env::var_os("XISA_CUDA_TRACE").is_some_and(|v| v != "0"))
}

/// Writes a line to the driver's log: the file `XISA_CUDA_LOG` names
/// (appended), else standard error.
pub(crate) fn log(line: &str) {
    if let Some(path) = std::env::var_os("XISA_CUDA_LOG") {
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = writeln!(f, "xisa-cuda: {line}");
            return;
        }
    }
    eprintln!("xisa-cuda: {line}");
}

/// Runs an entry point's body: its result as a `CUresult`; a panic (a bug
/// here, never the program's input) becomes `CUDA_ERROR_UNKNOWN` instead
/// of unwinding into C.
pub(crate) fn guard(name: &str, body: impl FnOnce() -> Res) -> CUresult {
    match std::panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => {
            if tracing() {
                log(&format!("{name}: ok"));
            }
            CUDA_SUCCESS
        }
        Ok(Err(e)) => {
            if tracing() || e.code == CUDA_ERROR_UNKNOWN {
                log(&format!("{name}: {}: {}", name_of(e.code), e.msg));
            }
            e.code
        }
        Err(_) => {
            log(&format!("{name}: internal error (a panic in the driver)"));
            CUDA_ERROR_UNKNOWN
        }
    }
}

/// A code's name, for the log.
pub(crate) fn name_of(code: CUresult) -> &'static str {
    lookup(code).map_or("CUDA_ERROR_?", |r| r.1.trim_end_matches('\0'))
}

/// Writes `v` through the out-pointer `p` (null: `CUDA_ERROR_INVALID_VALUE`).
///
/// # Safety
/// A non-null `p` must be valid for a write of `T`.
pub(crate) unsafe fn out<T>(p: *mut T, v: T) -> Res {
    if p.is_null() {
        return Err(invalid("a null output pointer"));
    }
    p.write_unaligned(v);
    Ok(())
}

/// A handle as the program sees it.
pub(crate) fn handle(id: usize) -> *mut c_void {
    id as *mut c_void
}

/// A handle's id.
pub(crate) fn id(h: *const c_void) -> usize {
    h as usize
}

/// A context.
#[derive(Debug)]
pub(crate) struct Context {
    /// Retains of a primary context.
    pub retains: u32,
    /// `cuCtxCreate` flags (scheduling hints: no effect here).
    pub flags: u32,
    /// The error a faulted launch left: every later call that needs the
    /// context returns it, as a GPU context stays broken after a fault.
    pub sticky: Option<CUresult>,
    /// `CU_LIMIT_STACK_SIZE` when set.
    pub stack: Option<u32>,
    /// `CU_LIMIT_MALLOC_HEAP_SIZE` (for the record: the device heap is
    /// the device's, set aside at its first `malloc`).
    pub heap: u64,
    /// `CU_LIMIT_PRINTF_FIFO_SIZE`.
    pub printf_fifo: u64,
}

impl Context {
    pub(crate) fn new(flags: u32) -> Context {
        Context {
            retains: 0,
            flags,
            sticky: None,
            stack: None,
            heap: 8 << 20,
            printf_fifo: 1 << 20,
        }
    }
}

/// A loaded module.
pub(crate) struct LoadedModule {
    pub module: xisa::Module,
    /// The context it was loaded in (0: a library, which belongs to no
    /// context).
    pub ctx: usize,
}

/// A kernel of a loaded module (a `CUfunction`, and the `CUkernel` of a
/// library: the two are one handle here).
pub(crate) struct Function {
    pub module: Arc<LoadedModule>,
    /// The module's (or library's) handle id.
    pub module_id: usize,
    pub name: String,
    /// The name for `cuFuncGetName` (lives as long as the function).
    pub cname: std::ffi::CString,
    /// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` as set
    /// (`u32::MAX`: not set).
    pub max_dyn_shared: std::sync::atomic::AtomicU32,
    /// What CUDA 1's launch calls set (`cuParamSet*`, `cuFuncSetBlockShape`,
    /// `cuFuncSetSharedSize`) for `cuLaunch`/`cuLaunchGrid`.
    pub legacy: Mutex<Legacy>,
}

/// The parameters, block shape and shared memory of a CUDA 1 launch.
#[derive(Debug, Clone, Default)]
pub(crate) struct Legacy {
    pub params: Vec<u8>,
    pub block: [u32; 3],
    pub shared: u32,
}

impl Function {
    /// The dynamic shared memory the function may use, when set.
    pub(crate) fn max_dyn_shared(&self) -> Option<u32> {
        let v = self
            .max_dyn_shared
            .load(std::sync::atomic::Ordering::Relaxed);
        (v != u32::MAX).then_some(v)
    }
}

/// An event: when it was last recorded, and its creation flags
/// (`CU_EVENT_*`).
#[derive(Debug, Default)]
pub(crate) struct Event {
    pub at: Option<Instant>,
    pub flags: u32,
}

/// A registered host range (`cuMemHostRegister`). Kernels reach only
/// guest memory, so the range has a mirror there, its device address: the
/// host bytes are copied in when a driver call that touches device memory
/// starts, and back out when it ends (work is synchronous, so kernels and
/// copies see the host's bytes and the host sees theirs afterwards).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Registered {
    pub len: u64,
    /// The mirror's guest address.
    pub mirror: u64,
}

/// Everything the driver holds after `cuInit`.
pub(crate) struct Driver {
    pub device: Arc<xisa::Device>,
    next: usize,
    pub contexts: HashMap<usize, Context>,
    /// The primary context's id, once retained.
    pub primary: Option<usize>,
    pub modules: HashMap<usize, Arc<LoadedModule>>,
    pub functions: HashMap<usize, Arc<Function>>,
    /// Streams and the context each belongs to.
    pub streams: HashMap<usize, usize>,
    pub events: HashMap<usize, Event>,
    /// Page-locked host allocations (guest address -> bytes, flags):
    /// memory the host and kernels both reach, carved from guest memory.
    pub host_allocs: HashMap<u64, (u64, u32)>,
    /// Registered host ranges by start, each mirrored in device memory.
    pub registered: HashMap<u64, Registered>,
    /// Managed allocations (`cuMemAllocManaged`): guest addresses the host
    /// uses as they are.
    pub managed: std::collections::HashSet<u64>,
}

impl Driver {
    /// A new handle id (never 0, so never NULL).
    pub(crate) fn fresh(&mut self) -> usize {
        self.next += 16;
        self.next
    }

    /// Context `c`, or `CUDA_ERROR_INVALID_CONTEXT`.
    pub(crate) fn context(&mut self, c: usize) -> Res<&mut Context> {
        self.contexts.get_mut(&c).ok_or_else(|| {
            fail(
                CUDA_ERROR_INVALID_CONTEXT,
                format!("{c:#x} is not a live context"),
            )
        })
    }

    /// The calling thread's current context, checked for a sticky error.
    pub(crate) fn current(&mut self) -> Res<usize> {
        let c = current_id().ok_or_else(|| {
            fail(
                CUDA_ERROR_INVALID_CONTEXT,
                "no context is current on this thread",
            )
        })?;
        let ctx = self.context(c)?;
        if let Some(code) = ctx.sticky {
            return Err(fail(code, "the context faulted in an earlier launch"));
        }
        Ok(c)
    }

    /// Function `f`.
    pub(crate) fn function(&self, f: usize) -> Res<Arc<Function>> {
        self.functions.get(&f).cloned().ok_or_else(|| {
            fail(
                CUDA_ERROR_INVALID_HANDLE,
                format!("{f:#x} is not a function"),
            )
        })
    }

    /// Translates a pointer the program holds into a guest address: a
    /// device pointer is one already; a pointer into page-locked host
    /// memory (`cuMemAllocHost`) maps to its guest address. `None` for
    /// other host memory.
    pub(crate) fn guest_of(&self, p: u64) -> Option<u64> {
        let mem = self.device.memory();
        let base = mem.host_base() as u64;
        let guest = xisa::runtime::GUEST_BASE;
        if p >= guest && p - guest < mem.limit() {
            return Some(p);
        }
        if p >= base && p - base < mem.limit() {
            return Some(p - base + guest);
        }
        None
    }
}

static DRIVER: Mutex<Option<Driver>> = Mutex::new(None);

thread_local! {
    /// The thread's context stack (top: current).
    static STACK: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// Creates the driver state (`cuInit`); later calls keep it.
pub(crate) fn init() -> Res {
    let mut g = DRIVER.lock().unwrap_or_else(|e| e.into_inner());
    if g.is_none() {
        // Unified guest memory makes managed memory possible; where the
        // host range is taken, the device works without it.
        let device = match xisa::Device::unified() {
            Ok(d) => d,
            Err(e) => {
                log(&format!(
                    "managed memory unavailable ({e}); device memory is not host-addressable"
                ));
                xisa::Device::new()
                    .map_err(|e| fail(CUDA_ERROR_NO_DEVICE, format!("guest memory: {e}")))?
            }
        };
        *g = Some(Driver {
            device: Arc::new(device),
            next: 0,
            contexts: HashMap::new(),
            primary: None,
            modules: HashMap::new(),
            functions: HashMap::new(),
            streams: HashMap::new(),
            events: HashMap::new(),
            host_allocs: HashMap::new(),
            registered: HashMap::new(),
            managed: Default::default(),
        });
    }
    Ok(())
}

/// Runs `f` on the driver state (`CUDA_ERROR_NOT_INITIALIZED` before
/// `cuInit`). Launches and copies run outside it: `f` hands back what they
/// need.
pub(crate) fn with<T>(f: impl FnOnce(&mut Driver) -> Res<T>) -> Res<T> {
    let mut g = DRIVER.lock().unwrap_or_else(|e| e.into_inner());
    let d = g
        .as_mut()
        .ok_or_else(|| fail(CUDA_ERROR_NOT_INITIALIZED, "cuInit has not been called"))?;
    f(d)
}

/// The calling thread's current context id.
pub(crate) fn current_id() -> Option<usize> {
    STACK.with(|s| s.borrow().last().copied())
}

/// Pushes `c` on the calling thread's stack.
pub(crate) fn push(c: usize) {
    STACK.with(|s| s.borrow_mut().push(c));
}

/// Pops the calling thread's current context.
pub(crate) fn pop() -> Option<usize> {
    STACK.with(|s| s.borrow_mut().pop())
}

/// Makes `c` current, replacing the top of the stack (`None`: pops it).
pub(crate) fn set_current(c: Option<usize>) {
    STACK.with(|s| {
        let mut s = s.borrow_mut();
        s.pop();
        s.extend(c);
    });
}

/// Removes `c` from the calling thread's stack (a destroyed context).
pub(crate) fn forget(c: usize) {
    STACK.with(|s| s.borrow_mut().retain(|&x| x != c));
}
