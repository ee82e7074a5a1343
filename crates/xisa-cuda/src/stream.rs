//! Streams and events. Work is finished when its call returns, so a
//! stream is always idle and an event completes when it is recorded.

use std::collections::HashMap;
use std::ffi::{c_int, c_uint, c_void};
use std::time::Instant;

use crate::codes::*;
use crate::driver::{self, fail, handle, id, invalid, out, Event, Res};

/// `CU_EVENT_DISABLE_TIMING`: the event records no time.
pub(crate) const CU_EVENT_DISABLE_TIMING: u32 = 0x2;
/// `CU_EVENT_INTERPROCESS`: the event may be shared with other processes.
pub(crate) const CU_EVENT_INTERPROCESS: u32 = 0x4;

/// Checks a stream handle: NULL (the default stream), the legacy and
/// per-thread default streams (1 and 2), or a created one.
fn check_stream(s: *mut c_void) -> Res {
    driver::with(|d| {
        d.current()?;
        let s = id(s);
        if s <= 2 || d.streams.contains_key(&s) {
            Ok(())
        } else {
            Err(fail(
                CUDA_ERROR_INVALID_HANDLE,
                format!("{s:#x} is not a stream"),
            ))
        }
    })
}

/// Removes handle `h` from its table (`what`: "a stream", "an event").
fn remove<T>(table: &mut HashMap<usize, T>, h: *mut c_void, what: &str) -> Res {
    table
        .remove(&id(h))
        .map(|_| ())
        .ok_or_else(|| fail(CUDA_ERROR_INVALID_HANDLE, format!("{h:p} is not {what}")))
}

/// Event `e`.
fn event(d: &mut driver::Driver, e: *mut c_void) -> Res<&mut Event> {
    d.events
        .get_mut(&id(e))
        .ok_or_else(|| fail(CUDA_ERROR_INVALID_HANDLE, format!("{e:p} is not an event")))
}

/// Records event `e` in stream `s`: now.
fn record(e: *mut c_void, s: *mut c_void) -> Res {
    check_stream(s)?;
    driver::with(|d| {
        event(d, e)?.at = Some(Instant::now());
        Ok(())
    })
}

/// Creates an event with `flags` (`CU_EVENT_*`) in the current context: its
/// handle.
pub(crate) fn create_event(flags: c_uint) -> Res<*mut c_void> {
    let e = driver::with(|d| {
        d.current()?;
        let e = d.fresh();
        d.events.insert(e, Event { at: None, flags });
        Ok(e)
    })?;
    Ok(handle(e))
}

/// The creation flags of event `e`.
pub(crate) fn event_flags(e: *mut c_void) -> Res<u32> {
    driver::with(|d| event(d, e).map(|ev| ev.flags))
}

/// Creates a stream of the current context.
fn create_stream(ph: *mut *mut c_void) -> Res {
    let s = driver::with(|d| {
        let c = d.current()?;
        let s = d.fresh();
        d.streams.insert(s, c);
        Ok(s)
    })?;
    // SAFETY: the caller's out-pointer.
    unsafe { out(ph, handle(s)) }
}

/// A callback `cuStreamAddCallback` calls.
type StreamCallback = Option<unsafe extern "C" fn(*mut c_void, CUresult, *mut c_void)>;

/// A host function `cuLaunchHostFunc` calls.
type HostFn = Option<unsafe extern "C" fn(*mut c_void)>;

exports! {
    /// Creates a stream.
    fn cuStreamCreate(ph: *mut *mut c_void, _flags: c_uint) {
        create_stream(ph)
    }

    /// Creates a stream (priorities have no effect).
    fn cuStreamCreateWithPriority(ph: *mut *mut c_void, _flags: c_uint, _priority: c_int) {
        create_stream(ph)
    }

    /// Destroys a stream.
    fn cuStreamDestroy_v2(s: *mut c_void) {
        driver::with(|d| remove(&mut d.streams, s, "a stream"))
    }

    /// Waits for a stream: its work is done.
    fn cuStreamSynchronize(s: *mut c_void) {
        check_stream(s)
    }

    /// A stream is always idle.
    fn cuStreamQuery(s: *mut c_void) {
        check_stream(s)
    }

    /// Orders a stream after an event: recorded events are complete.
    fn cuStreamWaitEvent(s: *mut c_void, e: *mut c_void, _flags: c_uint) {
        check_stream(s)?;
        driver::with(|d| event(d, e).map(|_| ()))
    }

    /// A stream's flags.
    fn cuStreamGetFlags(s: *mut c_void, flags: *mut c_uint) {
        check_stream(s)?;
        out(flags, 0)
    }

    /// A stream's priority.
    fn cuStreamGetPriority(s: *mut c_void, priority: *mut c_int) {
        check_stream(s)?;
        out(priority, 0)
    }

    /// Stream priorities: one level.
    fn cuCtxGetStreamPriorityRange(least: *mut c_int, greatest: *mut c_int) {
        if !least.is_null() {
            *least = 0;
        }
        if !greatest.is_null() {
            *greatest = 0;
        }
        Ok(())
    }

    /// Calls `f(data)` now: the stream's earlier work is done.
    fn cuLaunchHostFunc(s: *mut c_void, f: HostFn, data: *mut c_void) {
        check_stream(s)?;
        let f = f.ok_or_else(|| invalid("a null host function"))?;
        f(data);
        Ok(())
    }

    /// Calls `f(stream, CUDA_SUCCESS, data)` now: the stream's earlier work
    /// is done.
    fn cuStreamAddCallback(s: *mut c_void, f: StreamCallback, data: *mut c_void, flags: c_uint) {
        check_stream(s)?;
        if flags != 0 {
            return Err(invalid("flags must be 0"));
        }
        let f = f.ok_or_else(|| invalid("a null callback"))?;
        f(s, CUDA_SUCCESS, data);
        Ok(())
    }

    /// The context of a stream (the current one for the default streams).
    fn cuStreamGetCtx(s: *mut c_void, pctx: *mut *mut c_void) {
        let c = driver::with(|d| {
            let cur = d.current()?;
            match d.streams.get(&id(s)) {
                Some(&c) => Ok(c),
                None if id(s) <= 2 => Ok(cur),
                None => Err(fail(CUDA_ERROR_INVALID_HANDLE, format!("{s:p} is not a stream"))),
            }
        })?;
        out(pctx, handle(c))
    }

    /// Creates an event.
    fn cuEventCreate(ph: *mut *mut c_void, flags: c_uint) {
        out(ph, create_event(flags)?)
    }

    /// Records an event: now.
    fn cuEventRecord(e: *mut c_void, s: *mut c_void) {
        record(e, s)
    }

    /// As `cuEventRecord`.
    fn cuEventRecordWithFlags(e: *mut c_void, s: *mut c_void, _flags: c_uint) {
        record(e, s)
    }

    /// Waits for an event: it completed when recorded.
    fn cuEventSynchronize(e: *mut c_void) {
        driver::with(|d| event(d, e).map(|_| ()))
    }

    /// Whether an event completed: yes.
    fn cuEventQuery(e: *mut c_void) {
        driver::with(|d| event(d, e).map(|_| ()))
    }

    /// Milliseconds between two recorded events.
    fn cuEventElapsedTime(ms: *mut f32, start: *mut c_void, end: *mut c_void) {
        let t = driver::with(|d| {
            let mut at = |e: *mut c_void| -> Res<Instant> {
                let ev = event(d, e)?;
                if ev.flags & CU_EVENT_DISABLE_TIMING != 0 {
                    return Err(fail(CUDA_ERROR_INVALID_HANDLE, format!("event {e:p} was created without timing")));
                }
                ev.at
                    .ok_or_else(|| fail(CUDA_ERROR_INVALID_HANDLE, format!("event {e:p} was never recorded")))
            };
            let (a, b) = (at(start)?, at(end)?);
            Ok(if b >= a {
                (b - a).as_secs_f64() * 1e3
            } else {
                -((a - b).as_secs_f64() * 1e3)
            })
        })?;
        out(ms, t as f32)
    }

    /// Destroys an event.
    fn cuEventDestroy_v2(e: *mut c_void) {
        driver::with(|d| remove(&mut d.events, e, "an event"))
    }
}
