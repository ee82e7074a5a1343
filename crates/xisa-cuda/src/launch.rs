//! Kernel launches, function attributes and occupancy.

use std::ffi::{c_char, c_int, c_uint, c_void};
use std::sync::Arc;

use crate::codes::*;
use crate::driver::{self, fail, id, invalid, out, Function, Res};
use xisa::runtime::FaultKind;
use xisa_frontend::BlockRule;

/// Shared memory a launch gets without opting in (Turing: 48 KiB).
const DEFAULT_SHARED: u32 = 48 << 10;

/// Shared memory a kernel may opt in to (Turing: 64 KiB).
const OPTIN_SHARED: u32 = 64 << 10;

/// `CU_LAUNCH_PARAM_*` markers of `cuLaunchKernel`'s `extra` array.
const PARAM_END: usize = 0;
const PARAM_BUFFER_POINTER: usize = 1;
const PARAM_BUFFER_SIZE: usize = 2;

extern "C" {
    /// The C library's standard output, which the program's own `printf`
    /// also buffers into: device output joins it in order.
    static mut stdout: *mut libc::FILE;
}

/// Writes what a kernel printed to the program's standard output.
fn print(bytes: &[u8]) {
    if bytes.is_empty() {
        return;
    }
    // SAFETY: stdout is the C library's stream, valid for the process.
    unsafe {
        libc::fwrite(bytes.as_ptr().cast(), 1, bytes.len(), stdout);
        libc::fflush(stdout);
    }
}

/// The code a GPU gives for a fault of this kind.
fn fault_code(kind: FaultKind) -> CUresult {
    match kind {
        FaultKind::OutOfBounds | FaultKind::ReadOnly => CUDA_ERROR_ILLEGAL_ADDRESS,
        FaultKind::Misaligned => CUDA_ERROR_MISALIGNED_ADDRESS,
        FaultKind::CallOverflow | FaultKind::RetEmpty => CUDA_ERROR_HARDWARE_STACK_ERROR,
        FaultKind::Assert => CUDA_ERROR_ASSERT,
        FaultKind::Trap => CUDA_ERROR_LAUNCH_FAILED,
        FaultKind::Barrier | FaultKind::BadFree | FaultKind::Hostcall | FaultKind::Unknown(_) => {
            CUDA_ERROR_LAUNCH_FAILED
        }
    }
}

/// The parameters' bytes, one per declared parameter, from `kernelParams`
/// (a pointer per parameter) or `extra` (one packed buffer).
///
/// # Safety
/// The pointers must be as `cuLaunchKernel` documents them.
unsafe fn param_bytes(
    decls: &[xisa_frontend::ParamDecl],
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> Res<Vec<Vec<u8>>> {
    if !params.is_null() {
        return decls
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let v = *params.add(i);
                if v.is_null() {
                    return Err(invalid(format!("kernelParams[{i}] is null")));
                }
                Ok(std::slice::from_raw_parts(v.cast::<u8>(), p.size as usize).to_vec())
            })
            .collect();
    }
    if extra.is_null() {
        if decls.is_empty() {
            return Ok(Vec::new());
        }
        return Err(invalid(format!(
            "the kernel takes {} parameters; kernelParams and extra are both null",
            decls.len()
        )));
    }
    let (mut buf, mut size) = (std::ptr::null::<u8>(), None::<usize>);
    let mut i = 0;
    loop {
        match *extra.add(i) as usize {
            PARAM_END => break,
            PARAM_BUFFER_POINTER => buf = (*extra.add(i + 1)).cast::<u8>(),
            PARAM_BUFFER_SIZE => size = Some(*(*extra.add(i + 1)).cast::<usize>()),
            other => return Err(invalid(format!("extra: unknown marker {other:#x}"))),
        }
        i += 2;
    }
    let size = size.ok_or_else(|| invalid("extra: no CU_LAUNCH_PARAM_BUFFER_SIZE"))?;
    if buf.is_null() {
        return Err(invalid("extra: no CU_LAUNCH_PARAM_BUFFER_POINTER"));
    }
    decls
        .iter()
        .map(|p| {
            let (o, n) = (p.offset as usize, p.size as usize);
            if o + n > size {
                return Err(invalid(format!(
                    "extra: a {size}-byte buffer; the parameter at {o} needs {n} bytes"
                )));
            }
            Ok(std::slice::from_raw_parts(buf.add(o), n).to_vec())
        })
        .collect()
}

/// The declared block-size limit of a function, and its static shared
/// and local bytes.
fn facts(f: &Function) -> Res<(u32, u32, u32)> {
    let m = &f.module.module;
    let k = m
        .kernel(&f.name)
        .map_err(|e| fail(CUDA_ERROR_NOT_SUPPORTED, e.to_string()))?;
    let mut max = 1024u64;
    for l in m.declared(&f.name) {
        max = max.min(match l.rule {
            BlockRule::Exactly(b) => b.iter().map(|&x| u64::from(x)).product(),
            BlockRule::AtMost(n) => n,
        });
    }
    Ok((max as u32, k.shared_bytes, k.local_bytes))
}

/// Function `f`, in a context that has not faulted.
fn function(f: *mut c_void) -> Res<(Arc<Function>, Option<u32>, usize)> {
    driver::with(|d| {
        let c = d.current()?;
        let func = d.function(id(f))?;
        let stack = d.context(c)?.stack;
        Ok((func, stack, c))
    })
}

/// `CUlaunchConfig`.
#[repr(C)]
pub struct LaunchConfig {
    grid: [c_uint; 3],
    block: [c_uint; 3],
    shared: c_uint,
    stream: *mut c_void,
    attrs: *const LaunchAttribute,
    num_attrs: c_uint,
}

/// `CUlaunchAttribute`: an id and a 64-byte value.
#[repr(C)]
pub struct LaunchAttribute {
    id: c_uint,
    pad: [u8; 4],
    value: [u8; 64],
}

/// Launches `f`; it has finished when this returns. A guest fault returns
/// the GPU's code for it and leaves the context failed.
///
/// # Safety
/// `params` and `extra` as `cuLaunchKernel` documents them.
pub(crate) unsafe fn launch(
    f: *mut c_void,
    grid: [c_uint; 3],
    block: [c_uint; 3],
    shared: c_uint,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> Res {
    let (func, stack, ctx) = function(f)?;
    let lm = &func.module;
    let module = &lm.module;
    let (_, static_shared, _) = facts(&func)?;
    let most = func
        .max_dyn_shared()
        .unwrap_or(DEFAULT_SHARED.saturating_sub(static_shared));
    if shared > most {
        return Err(invalid(format!(
            "{shared} bytes of dynamic shared memory; kernel {} may have {most} \
             (raise CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)",
            func.name
        )));
    }
    let decls = module.guest().declared_params(&func.name).ok_or_else(|| {
        fail(
            CUDA_ERROR_NOT_SUPPORTED,
            format!("kernel {}: no parameter layout", func.name),
        )
    })?;
    let args: Vec<xisa::ArgSpec> = param_bytes(&decls, params, extra)?
        .into_iter()
        .map(xisa::ArgSpec::Struct)
        .collect();
    let dev = driver::with(|d| Ok(d.device.clone()))?;
    let engine = match std::env::var("XISA_ENGINE").as_deref() {
        Ok("interp") => xisa::Engine::Interp,
        Ok("jit-wave") => xisa::Engine::JitWave,
        Ok("jit-lane") => xisa::Engine::JitLane,
        _ => xisa::Engine::Jit,
    };
    let opts = xisa::LaunchOptions {
        grid,
        block,
        shared,
        engine,
        stack,
        ..xisa::LaunchOptions::default()
    };
    // Registered host memory the kernel may reach through its mirror.
    let mirrors = crate::memory::Mirrors::take()?;
    let result = dev.launch(module, &func.name, &opts, &args);
    drop(mirrors);
    match result {
        Ok(report) => {
            print(&report.stats.output);
            for o in &report.overruns {
                driver::log(&format!(
                    "kernel {}: wrote {} bytes past the end of the buffer of parameter {} \
                     (at {:#x}, {} bytes past its end)",
                    func.name, o.bytes, o.arg, o.addr, o.past_end
                ));
            }
            Ok(())
        }
        Err(e) => {
            print(&dev.take_output().0);
            let code = match &e {
                xisa::Error::Launch(xisa::runtime::LaunchError::Fault { fault, .. }) => {
                    fault_code(fault.kind)
                }
                xisa::Error::Launch(xisa::runtime::LaunchError::Timeout { .. }) => {
                    CUDA_ERROR_LAUNCH_TIMEOUT
                }
                _ => return Err(invalid(format!("kernel {}: {e}", func.name))),
            };
            driver::log(&format!("{}: {e}", driver::name_of(code)));
            driver::with(|d| {
                if let Ok(c) = d.context(ctx) {
                    c.sticky = Some(code);
                }
                Ok(())
            })?;
            Err(fail(code, e.to_string()))
        }
    }
}

/// Runs `g` on the CUDA 1 launch state of `f`.
fn legacy<T>(f: *mut c_void, g: impl FnOnce(&mut driver::Legacy) -> Res<T>) -> Res<T> {
    let func = driver::with(|d| d.function(id(f)))?;
    let mut l = func.legacy.lock().unwrap_or_else(|e| e.into_inner());
    g(&mut l)
}

/// The most parameter bytes a launch takes (Turing: 4 KiB).
const MAX_PARAM_BYTES: usize = 4096;

/// Writes parameter bytes at `offset` of the CUDA 1 parameter buffer,
/// growing it (programs set parameters, then the size).
fn set_param(f: *mut c_void, offset: c_int, bytes: &[u8]) -> Res {
    legacy(f, |l| {
        let o = usize::try_from(offset).map_err(|_| invalid("a negative offset"))?;
        let end = o + bytes.len();
        if end > MAX_PARAM_BYTES {
            return Err(invalid(format!(
                "parameter bytes {o}..{end}: at most {MAX_PARAM_BYTES}"
            )));
        }
        if end > l.params.len() {
            l.params.resize(end, 0);
        }
        l.params[o..end].copy_from_slice(bytes);
        Ok(())
    })
}

/// Launches `f` on a `w`×`h` grid with its CUDA 1 launch state.
fn launch_legacy(f: *mut c_void, w: c_int, h: c_int) -> Res {
    let (w, h) = (
        u32::try_from(w).map_err(|_| invalid("a negative grid"))?,
        u32::try_from(h).map_err(|_| invalid("a negative grid"))?,
    );
    let mut l = legacy(f, |l| Ok(l.clone()))?;
    let mut size = l.params.len();
    let mut extra = [
        PARAM_BUFFER_POINTER as *mut c_void,
        l.params.as_mut_ptr().cast(),
        PARAM_BUFFER_SIZE as *mut c_void,
        (&mut size as *mut usize).cast(),
        PARAM_END as *mut c_void,
    ];
    // SAFETY: `extra` is a well-formed list over live buffers.
    unsafe {
        launch(
            f,
            [w, h, 1],
            l.block,
            l.shared,
            std::ptr::null_mut(),
            extra.as_mut_ptr(),
        )
    }
}

/// An attribute of function (or kernel) `f`.
pub(crate) fn get_attribute(f: *mut c_void, attrib: c_int) -> Res<c_int> {
    let func = driver::with(|d| d.function(id(f)))?;
    let (max, shared, local) = facts(&func)?;
    Ok(match attrib {
        0 => max as c_int,
        1 => shared as c_int,
        // CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: the module's `__constant__`
        // bank (constant bank 3) as the kernel reads it.
        2 => func
            .module
            .module
            .guest()
            .bank_slots(&func.name)
            .iter()
            .filter(|b| b.bank == 3)
            .map(|b| b.size)
            .sum::<u32>() as c_int,
        3 => local as c_int,
        4 => 32,
        5 | 6 => 75,
        7 => 0,
        8 => func
            .max_dyn_shared()
            .unwrap_or(DEFAULT_SHARED.saturating_sub(shared)) as c_int,
        9 => -1,
        _ => {
            return Err(invalid(format!(
                "function attribute {attrib} is not known here"
            )))
        }
    })
}

/// Sets the dynamic shared memory a function may use (up to Turing's
/// 64 KiB with its static shared memory); the carveout is accepted.
pub(crate) fn set_attribute(f: *mut c_void, attrib: c_int, value: c_int) -> Res {
    let func = driver::with(|d| d.function(id(f)))?;
    let (_, shared, _) = facts(&func)?;
    match attrib {
        8 => {
            let v = u32::try_from(value).map_err(|_| invalid("a negative size"))?;
            if v + shared > OPTIN_SHARED {
                return Err(invalid(format!(
                    "{v} bytes of dynamic shared memory with {shared} static: more than {OPTIN_SHARED}"
                )));
            }
            func.max_dyn_shared
                .store(v, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        }
        9 => Ok(()),
        _ => Err(invalid(format!(
            "function attribute {attrib} cannot be set here"
        ))),
    }
}

/// Parameter `i` of `f`: its offset and size.
fn param_info(f: *mut c_void, i: usize, off: *mut usize, size: *mut usize) -> Res {
    let func = driver::with(|d| d.function(id(f)))?;
    let decls = func
        .module
        .module
        .guest()
        .declared_params(&func.name)
        .unwrap_or_default();
    let p = decls.get(i).ok_or_else(|| {
        invalid(format!(
            "kernel {} has {} parameters",
            func.name,
            decls.len()
        ))
    })?;
    // SAFETY: the caller's out-pointers.
    unsafe {
        if !off.is_null() {
            *off = p.offset as usize;
        }
        out(size, p.size as usize)
    }
}

exports! {
    /// Launches a kernel (see [`launch`]).
    fn cuLaunchKernel(
        f: *mut c_void,
        gx: c_uint, gy: c_uint, gz: c_uint,
        bx: c_uint, by: c_uint, bz: c_uint,
        shared: c_uint,
        _stream: *mut c_void,
        params: *mut *mut c_void,
        extra: *mut *mut c_void,
    ) {
        launch(f, [gx, gy, gz], [bx, by, bz], shared, params, extra)
    }

    /// Launches a kernel whose blocks all run at once (grid barriers:
    /// `grid_group::sync`). xisa runs every launch of a kernel with a grid
    /// barrier so; this entry point adds CUDA's check that the grid fits
    /// the device's resident blocks ([`check_cooperative`]).
    fn cuLaunchCooperativeKernel(
        f: *mut c_void,
        gx: c_uint, gy: c_uint, gz: c_uint,
        bx: c_uint, by: c_uint, bz: c_uint,
        shared: c_uint,
        _stream: *mut c_void,
        params: *mut *mut c_void,
    ) {
        check_cooperative(f, [gx, gy, gz], [bx, by, bz], shared)?;
        launch(f, [gx, gy, gz], [bx, by, bz], shared, params, std::ptr::null_mut())
    }

    /// CUDA 1's launch: the block shape for `cuLaunch`/`cuLaunchGrid`.
    fn cuFuncSetBlockShape(f: *mut c_void, x: c_int, y: c_int, z: c_int) {
        let shape = [x, y, z].map(|v| u32::try_from(v).unwrap_or(0));
        legacy(f, |l| {
            l.block = shape;
            Ok(())
        })
    }

    /// CUDA 1's launch: the dynamic shared memory.
    fn cuFuncSetSharedSize(f: *mut c_void, bytes: c_uint) {
        legacy(f, |l| {
            l.shared = bytes;
            Ok(())
        })
    }

    /// CUDA 1's launch: the size of the parameter buffer.
    fn cuParamSetSize(f: *mut c_void, bytes: c_uint) {
        if bytes as usize > MAX_PARAM_BYTES {
            return Err(invalid(format!("{bytes} parameter bytes: at most {MAX_PARAM_BYTES}")));
        }
        legacy(f, |l| {
            l.params.resize(bytes as usize, 0);
            Ok(())
        })
    }

    /// CUDA 1's launch: a 32-bit integer parameter at `offset`.
    fn cuParamSeti(f: *mut c_void, offset: c_int, value: c_uint) {
        set_param(f, offset, &value.to_le_bytes())
    }

    /// CUDA 1's launch: a float parameter at `offset`.
    fn cuParamSetf(f: *mut c_void, offset: c_int, value: f32) {
        set_param(f, offset, &value.to_le_bytes())
    }

    /// CUDA 1's launch: `n` bytes of parameters at `offset`.
    fn cuParamSetv(f: *mut c_void, offset: c_int, p: *const c_void, n: c_uint) {
        if p.is_null() && n > 0 {
            return Err(invalid("null parameter bytes"));
        }
        let bytes = if n == 0 { &[][..] } else { std::slice::from_raw_parts(p.cast::<u8>(), n as usize) };
        set_param(f, offset, bytes)
    }

    /// CUDA 1's launch: one block.
    fn cuLaunch(f: *mut c_void) {
        launch_legacy(f, 1, 1)
    }

    /// CUDA 1's launch: a `w`×`h` grid.
    fn cuLaunchGrid(f: *mut c_void, w: c_int, h: c_int) {
        launch_legacy(f, w, h)
    }

    /// As `cuLaunchGrid`.
    fn cuLaunchGridAsync(f: *mut c_void, w: c_int, h: c_int, _stream: *mut c_void) {
        launch_legacy(f, w, h)
    }

    /// Launches a kernel with a configuration. Cooperative
    /// (`CU_LAUNCH_ATTRIBUTE_COOPERATIVE`) is checked as
    /// `cuLaunchCooperativeKernel` checks it; attributes that change nothing
    /// here (priorities, policies) are accepted; clusters (sm_90) are refused.
    fn cuLaunchKernelEx(config: *const LaunchConfig, f: *mut c_void, params: *mut *mut c_void, extra: *mut *mut c_void) {
        let c = config.as_ref().ok_or_else(|| invalid("a null launch configuration"))?;
        for i in 0..c.num_attrs as usize {
            let a = &*c.attrs.add(i);
            if matches!(a.id, 4 | 11) {
                return Err(fail(CUDA_ERROR_NOT_SUPPORTED, "thread-block clusters (sm_90)"));
            }
            // The value union's first member is an int.
            let v = &a.value;
            if a.id == 2 && c_int::from_ne_bytes([v[0], v[1], v[2], v[3]]) != 0 {
                check_cooperative(f, c.grid, c.block, c.shared)?;
            }
        }
        launch(f, c.grid, c.block, c.shared, params, extra)
    }

    /// An attribute of a function.
    fn cuFuncGetAttribute(value: *mut c_int, attrib: c_int, f: *mut c_void) {
        out(value, get_attribute(f, attrib)?)
    }

    /// Sets an attribute of a function.
    fn cuFuncSetAttribute(f: *mut c_void, attrib: c_int, value: c_int) {
        set_attribute(f, attrib, value)
    }

    /// An attribute of a kernel (a function here; one device).
    fn cuKernelGetAttribute(value: *mut c_int, attrib: c_int, k: *mut c_void, dev: c_int) {
        crate::device::check(dev)?;
        out(value, get_attribute(k, attrib)?)
    }

    /// Sets an attribute of a kernel.
    fn cuKernelSetAttribute(attrib: c_int, value: c_int, k: *mut c_void, dev: c_int) {
        crate::device::check(dev)?;
        set_attribute(k, attrib, value)
    }

    /// Accepted; there is no L1/shared split.
    fn cuKernelSetCacheConfig(k: *mut c_void, _config: c_int, dev: c_int) {
        crate::device::check(dev)?;
        driver::with(|d| d.function(id(k)).map(|_| ()))
    }

    /// Accepted; there is no L1/shared split.
    fn cuFuncSetCacheConfig(f: *mut c_void, _config: c_int) {
        driver::with(|d| d.function(id(f)).map(|_| ()))
    }

    /// Accepted; shared memory banks have no width here.
    fn cuFuncSetSharedMemConfig(f: *mut c_void, _config: c_int) {
        driver::with(|d| d.function(id(f)).map(|_| ()))
    }

    /// A function's name.
    fn cuFuncGetName(pname: *mut *const c_char, f: *mut c_void) {
        let func = driver::with(|d| d.function(id(f)))?;
        out(pname, func.cname.as_ptr())
    }

    /// A kernel's name.
    fn cuKernelGetName(pname: *mut *const c_char, k: *mut c_void) {
        let func = driver::with(|d| d.function(id(k)))?;
        out(pname, func.cname.as_ptr())
    }

    /// The module of a function.
    fn cuFuncGetModule(pmod: *mut *mut c_void, f: *mut c_void) {
        let func = driver::with(|d| d.function(id(f)))?;
        out(pmod, crate::driver::handle(func.module_id))
    }

    /// Offset and size of a function's parameter `i`.
    fn cuFuncGetParamInfo(f: *mut c_void, i: usize, off: *mut usize, size: *mut usize) {
        param_info(f, i, off, size)
    }

    /// Offset and size of a kernel's parameter `i`.
    fn cuKernelGetParamInfo(k: *mut c_void, i: usize, off: *mut usize, size: *mut usize) {
        param_info(k, i, off, size)
    }

    /// Functions are loaded when handed out (1: `CU_FUNCTION_LOADING_STATE_LOADED`).
    fn cuFuncIsLoaded(state: *mut c_int, f: *mut c_void) {
        driver::with(|d| d.function(id(f)).map(|_| ()))?;
        out(state, 1)
    }

    /// Loads a function: it is loaded already.
    fn cuFuncLoad(f: *mut c_void) {
        driver::with(|d| d.function(id(f)).map(|_| ()))
    }

    /// Resident blocks per multiprocessor: Turing's limits (1024 threads,
    /// 16 blocks, 64 KiB of shared memory per multiprocessor).
    fn cuOccupancyMaxActiveBlocksPerMultiprocessor(n: *mut c_int, f: *mut c_void, block: c_int, dyn_shared: usize) {
        let func = driver::with(|d| d.function(id(f)))?;
        let (max, shared, _) = facts(&func)?;
        out(n, occupancy(max, shared, block, dyn_shared)?)
    }

    /// The block size that keeps the most threads resident, and the grid
    /// that fills every multiprocessor with it (`dyn_fn`, when given, says
    /// the dynamic shared memory of each block size).
    fn cuOccupancyMaxPotentialBlockSize(grid: *mut c_int, block: *mut c_int, f: *mut c_void, dyn_fn: DynSharedFn, dyn_shared: usize, limit: c_int) {
        potential_block_size(grid, block, f, dyn_fn, dyn_shared, limit)
    }

    /// As `cuOccupancyMaxPotentialBlockSize` (flags ignored).
    fn cuOccupancyMaxPotentialBlockSizeWithFlags(grid: *mut c_int, block: *mut c_int, f: *mut c_void, dyn_fn: DynSharedFn, dyn_shared: usize, limit: c_int, _flags: c_uint) {
        potential_block_size(grid, block, f, dyn_fn, dyn_shared, limit)
    }

    /// As `cuOccupancyMaxActiveBlocksPerMultiprocessor` (flags ignored).
    fn cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n: *mut c_int, f: *mut c_void, block: c_int, dyn_shared: usize, _flags: c_uint) {
        let func = driver::with(|d| d.function(id(f)))?;
        let (max, shared, _) = facts(&func)?;
        out(n, occupancy(max, shared, block, dyn_shared)?)
    }
}

/// CUDA's cooperative-launch check: the grid is at most the blocks of this
/// shape the device holds resident (occupancy per multiprocessor times the
/// multiprocessors, as `cuOccupancyMaxActiveBlocksPerMultiprocessor` tells
/// a program that sizes its grid), else `CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`.
unsafe fn check_cooperative(
    f: *mut c_void,
    grid: [c_uint; 3],
    block: [c_uint; 3],
    shared: c_uint,
) -> Res {
    let func = driver::with(|d| d.function(id(f)))?;
    let (max, static_shared, _) = facts(&func)?;
    let threads: u64 = block.iter().map(|&x| u64::from(x)).product();
    let threads = c_int::try_from(threads).map_err(|_| invalid(format!("block {block:?}")))?;
    let per_sm = occupancy(max, static_shared, threads, shared as usize)?;
    let most = i64::from(per_sm) * i64::from(crate::device::multiprocessors());
    let blocks: i64 = grid.iter().map(|&x| i64::from(x)).product();
    if blocks > most {
        return Err(fail(
            CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE,
            format!(
                "cooperative launch of {} blocks of {threads} threads: at most {most} are resident \
                 ({per_sm} per multiprocessor, {} multiprocessors)",
                blocks,
                crate::device::multiprocessors()
            ),
        ));
    }
    Ok(())
}

/// `CUoccupancyB2DSize`: the dynamic shared memory of a block size.
type DynSharedFn = Option<unsafe extern "C" fn(c_int) -> usize>;

/// See `cuOccupancyMaxPotentialBlockSize`: over the multiples of the warp
/// size up to the limits, the block size with the most resident threads
/// (the largest on ties).
fn potential_block_size(
    grid: *mut c_int,
    block: *mut c_int,
    f: *mut c_void,
    dyn_fn: DynSharedFn,
    dyn_shared: usize,
    limit: c_int,
) -> Res {
    let func = driver::with(|d| d.function(id(f)))?;
    let (max, shared, _) = facts(&func)?;
    let most = if limit > 0 {
        (limit as u32).min(max)
    } else {
        max
    };
    let mut best = (0, 0, 0); // (threads, block, blocks per multiprocessor)
    for b in (32..=most).step_by(32) {
        // SAFETY: the caller's callback, as documented.
        let dynamic = dyn_fn.map_or(dyn_shared, |g| unsafe { g(b as c_int) });
        let Ok(n) = occupancy(max, shared, b as c_int, dynamic) else {
            continue;
        };
        let threads = n as u32 * b;
        if threads >= best.0 && n > 0 {
            best = (threads, b, n);
        }
    }
    if best.1 == 0 {
        return Err(invalid(format!(
            "kernel {}: no block size fits its limits",
            func.name
        )));
    }
    let sms = crate::device::multiprocessors();
    // SAFETY: the caller's out-pointers.
    unsafe {
        out(grid, best.2 * sms)?;
        out(block, best.1 as c_int)
    }
}

/// Blocks of `block` threads resident on one multiprocessor.
fn occupancy(max: u32, shared: u32, block: c_int, dyn_shared: usize) -> Res<c_int> {
    if block <= 0 || block as u32 > max {
        return Err(invalid(format!(
            "block size {block}: the kernel allows 1..={max}"
        )));
    }
    let warps = (block as u32).div_ceil(32);
    let by_threads = 32 / warps;
    let smem = shared as usize + dyn_shared;
    let by_shared = (OPTIN_SHARED as usize)
        .checked_div(smem)
        .map_or(16, |n| n as u32);
    Ok(by_threads.min(by_shared).min(16) as c_int)
}
