//! Contexts: created or the device's primary one, per-thread stacks,
//! limits and the sticky error a faulted launch leaves.

use std::ffi::{c_int, c_uint, c_void};

use crate::codes::*;
use crate::device::check;
use crate::driver::{self, fail, handle, id, invalid, out, Context, Driver, Res};

/// `CUlimit` values.
const LIMIT_STACK_SIZE: c_int = 0;
const LIMIT_PRINTF_FIFO_SIZE: c_int = 1;
const LIMIT_MALLOC_HEAP_SIZE: c_int = 2;

/// Destroys context `c`: its modules, functions and streams go with it.
fn destroy(d: &mut Driver, c: usize) {
    d.contexts.remove(&c);
    d.modules.retain(|_, m| m.ctx != c);
    d.functions.retain(|_, f| f.module.ctx != c);
    d.streams.retain(|_, s| *s != c);
    if d.primary == Some(c) {
        d.primary = None;
    }
    driver::forget(c);
}

/// `CUctxCreateParams`.
#[repr(C)]
pub struct CtxCreateParams {
    affinity: *mut c_void,
    num_affinity: c_int,
    cig: *mut c_void,
}

/// Creates a context and makes it current.
fn create(pctx: *mut *mut c_void, flags: c_uint, dev: c_int) -> Res {
    check(dev)?;
    let c = driver::with(|d| {
        let c = d.fresh();
        d.contexts.insert(c, Context::new(flags));
        Ok(c)
    })?;
    driver::push(c);
    // SAFETY: the caller's out-pointer.
    unsafe { out(pctx, handle(c)) }
}

/// The primary context, created on first use.
fn primary(d: &mut Driver) -> usize {
    if let Some(c) = d.primary {
        return c;
    }
    let c = d.fresh();
    d.contexts.insert(c, Context::new(0));
    d.primary = Some(c);
    c
}

exports! {
    /// Creates a context and makes it current.
    fn cuCtxCreate_v2(pctx: *mut *mut c_void, flags: c_uint, dev: c_int) {
        create(pctx, flags, dev)
    }

    /// Creates a context with execution-affinity parameters (CUDA 11.4's
    /// form): none may be given (there are no SM partitions to bind).
    fn cuCtxCreate_v3(pctx: *mut *mut c_void, params: *mut c_void, n: c_int, flags: c_uint, dev: c_int) {
        if !params.is_null() && n > 0 {
            return Err(fail(CUDA_ERROR_NOT_SUPPORTED, "execution-affinity parameters"));
        }
        create(pctx, flags, dev)
    }

    /// Creates a context with creation parameters (CUDA 12.5's form): NULL,
    /// or parameters asking for no affinity and no CIG.
    fn cuCtxCreate_v4(pctx: *mut *mut c_void, params: *const CtxCreateParams, flags: c_uint, dev: c_int) {
        if let Some(p) = params.as_ref() {
            if (!p.affinity.is_null() && p.num_affinity > 0) || !p.cig.is_null() {
                return Err(fail(
                    CUDA_ERROR_NOT_SUPPORTED,
                    "execution-affinity or CUDA-in-graphics context parameters",
                ));
            }
        }
        create(pctx, flags, dev)
    }

    /// Destroys a context.
    fn cuCtxDestroy_v2(ctx: *mut c_void) {
        driver::with(|d| {
            d.context(id(ctx))?;
            destroy(d, id(ctx));
            Ok(())
        })
    }

    /// Makes `ctx` current on top of the thread's stack.
    fn cuCtxPushCurrent_v2(ctx: *mut c_void) {
        driver::with(|d| d.context(id(ctx)).map(|_| ()))?;
        driver::push(id(ctx));
        Ok(())
    }

    /// Pops the current context.
    fn cuCtxPopCurrent_v2(pctx: *mut *mut c_void) {
        driver::with(|_| Ok(()))?;
        let c = driver::pop()
            .ok_or_else(|| fail(CUDA_ERROR_INVALID_CONTEXT, "no context is current"))?;
        if !pctx.is_null() {
            *pctx = handle(c);
        }
        Ok(())
    }

    /// The current context (NULL when none).
    fn cuCtxGetCurrent(pctx: *mut *mut c_void) {
        driver::with(|_| Ok(()))?;
        out(pctx, driver::current_id().map_or(std::ptr::null_mut(), handle))
    }

    /// Replaces the current context (NULL: pops it).
    fn cuCtxSetCurrent(ctx: *mut c_void) {
        if ctx.is_null() {
            driver::with(|_| Ok(()))?;
            driver::set_current(None);
            return Ok(());
        }
        driver::with(|d| d.context(id(ctx)).map(|_| ()))?;
        driver::set_current(Some(id(ctx)));
        Ok(())
    }

    /// The current context's device.
    fn cuCtxGetDevice(dev: *mut c_int) {
        current_answer(dev, 0)
    }

    /// Waits for the current context's work: all of it is done already;
    /// returns the error a faulted launch left.
    fn cuCtxSynchronize() {
        driver::with(|d| d.current().map(|_| ()))
    }

    /// The context's API version.
    fn cuCtxGetApiVersion(ctx: *mut c_void, version: *mut c_uint) {
        driver::with(|d| {
            let c = if ctx.is_null() { current(d)? } else { id(ctx) };
            d.context(c).map(|_| ())
        })?;
        out(version, 3020)
    }

    /// The current context's creation flags.
    fn cuCtxGetFlags(flags: *mut c_uint) {
        let f = driver::with(|d| {
            let c = current(d)?;
            Ok(d.context(c)?.flags)
        })?;
        out(flags, f)
    }

    /// A limit of the current context.
    fn cuCtxGetLimit(value: *mut usize, limit: c_int) {
        let v = driver::with(|d| {
            let c = current(d)?;
            let ctx = d.context(c)?;
            Ok(match limit {
                LIMIT_STACK_SIZE => ctx.stack.unwrap_or(1024) as u64,
                LIMIT_PRINTF_FIFO_SIZE => ctx.printf_fifo,
                LIMIT_MALLOC_HEAP_SIZE => ctx.heap,
                _ => return Err(fail(CUDA_ERROR_UNSUPPORTED_LIMIT, format!("limit {limit}"))),
            })
        })?;
        out(value, v as usize)
    }

    /// Sets a limit: the per-thread stack (launches give each lane at least
    /// that much local memory), the device heap size (before the first
    /// kernel that calls malloc), the printf buffer size (recorded only:
    /// output is not bounded by it).
    fn cuCtxSetLimit(limit: c_int, value: usize) {
        driver::with(|d| {
            let c = current(d)?;
            let device = d.device.clone();
            let ctx = d.context(c)?;
            match limit {
                LIMIT_STACK_SIZE => {
                    let v = u32::try_from(value)
                        .map_err(|_| invalid(format!("stack size {value}: too large")))?;
                    ctx.stack = Some(v);
                }
                LIMIT_PRINTF_FIFO_SIZE => ctx.printf_fifo = value as u64,
                LIMIT_MALLOC_HEAP_SIZE => {
                    device
                        .set_heap_size(value as u64)
                        .map_err(|e| invalid(e.to_string()))?;
                    ctx.heap = value as u64;
                }
                _ => return Err(fail(CUDA_ERROR_UNSUPPORTED_LIMIT, format!("limit {limit}"))),
            }
            Ok(())
        })
    }

    /// The cache configuration: no preference (there is no L1 split).
    fn cuCtxGetCacheConfig(config: *mut c_int) {
        current_answer(config, 0)
    }

    /// Accepted; there is no L1/shared split to configure.
    fn cuCtxSetCacheConfig(_config: c_int) {
        has_current()
    }

    /// The current context, for a caller that will detach it (CUDA 1's
    /// reference counting; flags must be 0).
    fn cuCtxAttach(pctx: *mut *mut c_void, flags: c_uint) {
        if flags != 0 {
            return Err(invalid("flags must be 0"));
        }
        let c = driver::with(current)?;
        out(pctx, handle(c))
    }

    /// Destroys a created context (CUDA 1's name for it).
    fn cuCtxDetach(ctx: *mut c_void) {
        driver::with(|d| {
            d.context(id(ctx))?;
            destroy(d, id(ctx));
            Ok(())
        })
    }

    /// There is one device: no peers.
    fn cuCtxEnablePeerAccess(_peer: *mut c_void, _flags: c_uint) {
        Err(fail(CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, "one device has no peers"))
    }

    /// There is one device: no peers.
    fn cuCtxDisablePeerAccess(_peer: *mut c_void) {
        Err(fail(CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, "one device has no peers"))
    }

    /// Shared memory banks: four bytes wide (1).
    fn cuCtxGetSharedMemConfig(config: *mut c_int) {
        current_answer(config, 1)
    }

    /// Accepted; banks have no width to configure here.
    fn cuCtxSetSharedMemConfig(_config: c_int) {
        has_current()
    }

    /// Retains the device's primary context.
    fn cuDevicePrimaryCtxRetain(pctx: *mut *mut c_void, dev: c_int) {
        check(dev)?;
        let c = driver::with(|d| {
            let c = primary(d);
            d.context(c)?.retains += 1;
            Ok(c)
        })?;
        out(pctx, handle(c))
    }

    /// Releases the primary context; the last release destroys it.
    fn cuDevicePrimaryCtxRelease_v2(dev: c_int) {
        check(dev)?;
        driver::with(|d| {
            let c = d.primary.ok_or_else(|| {
                fail(CUDA_ERROR_INVALID_CONTEXT, "the primary context is not retained")
            })?;
            let ctx = d.context(c)?;
            ctx.retains = ctx.retains.saturating_sub(1);
            if ctx.retains == 0 {
                destroy(d, c);
            }
            Ok(())
        })
    }

    /// Destroys the primary context's resources (it stays retainable).
    fn cuDevicePrimaryCtxReset_v2(dev: c_int) {
        check(dev)?;
        driver::with(|d| {
            if let Some(c) = d.primary {
                destroy(d, c);
            }
            Ok(())
        })
    }

    /// The primary context's flags and whether it is active.
    fn cuDevicePrimaryCtxGetState(dev: c_int, flags: *mut c_uint, active: *mut c_int) {
        check(dev)?;
        let (f, a) = driver::with(|d| {
            Ok(match d.primary {
                Some(c) => (d.context(c)?.flags, 1),
                None => (0, 0),
            })
        })?;
        out(flags, f)?;
        out(active, a)
    }

    /// Sets the primary context's flags.
    fn cuDevicePrimaryCtxSetFlags_v2(dev: c_int, flags: c_uint) {
        check(dev)?;
        driver::with(|d| {
            let c = primary(d);
            d.context(c)?.flags = flags;
            Ok(())
        })
    }
}

/// Fails unless a context is current (see [`current`]).
fn has_current() -> Res {
    driver::with(|d| current(d).map(|_| ()))
}

/// Writes `v` to `p` when a context is current: the answer to a query that
/// is the same in every context.
///
/// # Safety
/// `p` is null or valid for a write (the client's out-pointer).
unsafe fn current_answer<T>(p: *mut T, v: T) -> Res {
    has_current()?;
    // SAFETY: as the caller promises.
    unsafe { out(p, v) }
}

/// The current context without its sticky check (queries still work in a
/// faulted context).
fn current(d: &mut Driver) -> Res<usize> {
    let c = driver::current_id().ok_or_else(|| {
        fail(
            CUDA_ERROR_INVALID_CONTEXT,
            "no context is current on this thread",
        )
    })?;
    d.context(c)?;
    Ok(c)
}
