//! Device memory (guest memory), page-locked host memory (guest memory
//! the host also reaches through its mapping), copies and memsets. Every
//! operation is finished when it returns; the `Async` forms are the same.

use std::ffi::{c_uint, c_void};
use std::sync::Arc;

use crate::codes::*;
use crate::driver::{self, fail, handle, invalid, out, Res};

/// A device pointer.
type CUdeviceptr = u64;

/// The device, for the current context (its sticky error checked).
fn device() -> Res<Arc<xisa::Device>> {
    driver::with(|d| {
        d.current()?;
        Ok(d.device.clone())
    })
}

/// A guest-memory error as a driver failure.
fn mem_fail(e: xisa::Error) -> crate::driver::Fail {
    match e {
        xisa::Error::Mem(xisa::runtime::MemError::OutOfMemory { .. }) => {
            fail(CUDA_ERROR_OUT_OF_MEMORY, e.to_string())
        }
        _ => invalid(e.to_string()),
    }
}

/// One side of a copy: guest memory, or host memory the program owns.
#[derive(Clone, Copy)]
enum Side {
    Guest(u64),
    Host(*mut u8),
}

/// Classifies a unified-address pointer (`cuMemcpy`).
fn side(p: u64) -> Res<Side> {
    Ok(match driver::with(|d| Ok(d.guest_of(p)))? {
        Some(g) => Side::Guest(g),
        None if p == 0 => return Err(invalid("a null pointer")),
        None => Side::Host(p as *mut u8),
    })
}

/// Copies `n` bytes.
///
/// # Safety
/// Host sides must be valid for `n` bytes.
unsafe fn copy(dev: &xisa::Device, dst: Side, src: Side, n: usize) -> Res {
    if n == 0 {
        return Ok(());
    }
    let mem = dev.memory();
    let bad = |e: xisa::runtime::MemError| invalid(e.to_string());
    match (dst, src) {
        (Side::Guest(d), Side::Host(s)) => {
            if s.is_null() {
                return Err(invalid("a null host source"));
            }
            mem.write(d, std::slice::from_raw_parts(s, n)).map_err(bad)
        }
        (Side::Host(d), Side::Guest(s)) => {
            if d.is_null() {
                return Err(invalid("a null host destination"));
            }
            mem.read(s, std::slice::from_raw_parts_mut(d, n))
                .map_err(bad)
        }
        (Side::Guest(d), Side::Guest(s)) => {
            let bytes = mem.read_vec(s, n).map_err(bad)?;
            mem.write(d, &bytes).map_err(bad)
        }
        (Side::Host(d), Side::Host(s)) => {
            std::ptr::copy(s, d, n);
            Ok(())
        }
    }
}

/// Fills `count` elements of `elem` bytes at `dst` with `value`.
fn memset(dst: CUdeviceptr, value: u32, elem: usize, count: usize) -> Res {
    let dev = device()?;
    let dst = driver::with(|d| Ok(d.guest_of(dst)))?
        .ok_or_else(|| invalid(format!("{dst:#x} is not device memory")))?;
    if dst % elem as u64 != 0 {
        return Err(invalid(format!("{dst:#x} is not {elem}-byte aligned")));
    }
    let pattern = &value.to_le_bytes()[..elem];
    // In chunks, so a large fill needs little host memory.
    let chunk: Vec<u8> = pattern
        .iter()
        .copied()
        .cycle()
        .take(elem * count.min(1 << 16))
        .collect();
    let total = (elem * count) as u64;
    let mut done = 0u64;
    while done < total {
        let n = (total - done).min(chunk.len() as u64);
        dev.write(dst + done, &chunk[..n as usize])
            .map_err(mem_fail)?;
        done += n;
    }
    Ok(())
}

/// Allocates `len` bytes of page-locked host memory: a guest allocation,
/// returned as its host address.
fn host_alloc(pp: *mut *mut c_void, len: usize) -> Res {
    if len == 0 {
        return Err(invalid("a zero-byte allocation"));
    }
    let p = driver::with(|d| {
        d.current()?;
        let g = d.device.alloc(len as u64).map_err(mem_fail)?;
        d.host_allocs.insert(g, len as u64);
        let base = d.device.memory().host_base();
        // SAFETY: g lies inside the mapping (just allocated).
        Ok(unsafe { base.add((g - xisa::runtime::GUEST_BASE) as usize) })
    })?;
    // SAFETY: the caller's out-pointer.
    unsafe { out(pp, p.cast::<c_void>()) }
}

exports! {
    /// Allocates device memory (256-byte aligned, zero-filled).
    fn cuMemAlloc_v2(dptr: *mut CUdeviceptr, bytesize: usize) {
        if bytesize == 0 {
            return Err(invalid("a zero-byte allocation"));
        }
        let a = device()?.alloc(bytesize as u64).map_err(mem_fail)?;
        out(dptr, a)
    }

    /// Allocates pitched 2D memory: rows padded to 512 bytes.
    fn cuMemAllocPitch_v2(dptr: *mut CUdeviceptr, pitch: *mut usize, width: usize, height: usize, elem: c_uint) {
        if width == 0 || height == 0 || ![4, 8, 16].contains(&elem) {
            return Err(invalid(format!("pitched allocation {width}x{height}, element {elem}")));
        }
        let p = width.next_multiple_of(512);
        let a = device()?.alloc((p * height) as u64).map_err(mem_fail)?;
        out(pitch, p)?;
        out(dptr, a)
    }

    /// Frees device memory.
    fn cuMemFree_v2(dptr: CUdeviceptr) {
        if dptr == 0 {
            return Ok(());
        }
        device()?.free(dptr).map(|_| ()).map_err(|e| invalid(e.to_string()))
    }

    /// Free and total device memory.
    fn cuMemGetInfo_v2(free: *mut usize, total: *mut usize) {
        let dev = device()?;
        let mem = dev.memory();
        out(free, (mem.reserved() - mem.limit()) as usize)?;
        out(total, mem.reserved() as usize)
    }

    /// The allocation holding `dptr`.
    fn cuMemGetAddressRange_v2(pbase: *mut CUdeviceptr, psize: *mut usize, dptr: CUdeviceptr) {
        let dev = device()?;
        let a = dev
            .memory()
            .allocations()
            .into_iter()
            .find(|a| dptr >= a.addr && dptr - a.addr < a.len.max(1))
            .ok_or_else(|| fail(CUDA_ERROR_NOT_FOUND, format!("{dptr:#x} is in no allocation")))?;
        if !pbase.is_null() {
            *pbase = a.addr;
        }
        if !psize.is_null() {
            *psize = a.len as usize;
        }
        Ok(())
    }

    /// Page-locked host memory kernels can reach.
    fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) {
        host_alloc(pp, bytesize)
    }

    /// Page-locked host memory (every flag gives memory kernels reach).
    fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, _flags: c_uint) {
        host_alloc(pp, bytesize)
    }

    /// Frees page-locked host memory.
    fn cuMemFreeHost(p: *mut c_void) {
        driver::with(|d| {
            let g = d
                .guest_of(p as u64)
                .filter(|g| d.host_allocs.contains_key(g))
                .ok_or_else(|| invalid(format!("{p:p} is not page-locked host memory")))?;
            d.host_allocs.remove(&g);
            d.device.free(g).map(|_| ()).map_err(|e| invalid(e.to_string()))
        })
    }

    /// The device address of page-locked host memory.
    fn cuMemHostGetDevicePointer_v2(pdptr: *mut CUdeviceptr, p: *mut c_void, flags: c_uint) {
        if flags != 0 {
            return Err(invalid("flags must be 0"));
        }
        let g = driver::with(|d| Ok(d.guest_of(p as u64)))?
            .ok_or_else(|| invalid(format!("{p:p} is not page-locked host memory")))?;
        out(pdptr, g)
    }

    /// Host to device.
    fn cuMemcpyHtoD_v2(dst: CUdeviceptr, src: *const c_void, n: usize) {
        copy(&*device()?, Side::Guest(dst), Side::Host(src as *mut u8), n)
    }

    /// Device to host.
    fn cuMemcpyDtoH_v2(dst: *mut c_void, src: CUdeviceptr, n: usize) {
        copy(&*device()?, Side::Host(dst.cast()), Side::Guest(src), n)
    }

    /// Device to device.
    fn cuMemcpyDtoD_v2(dst: CUdeviceptr, src: CUdeviceptr, n: usize) {
        copy(&*device()?, Side::Guest(dst), Side::Guest(src), n)
    }

    /// Any to any, by unified address.
    fn cuMemcpy(dst: CUdeviceptr, src: CUdeviceptr, n: usize) {
        let dev = device()?;
        copy(&dev, side(dst)?, side(src)?, n)
    }

    /// As `cuMemcpyHtoD_v2`.
    fn cuMemcpyHtoDAsync_v2(dst: CUdeviceptr, src: *const c_void, n: usize, _stream: *mut c_void) {
        copy(&*device()?, Side::Guest(dst), Side::Host(src as *mut u8), n)
    }

    /// As `cuMemcpyDtoH_v2`.
    fn cuMemcpyDtoHAsync_v2(dst: *mut c_void, src: CUdeviceptr, n: usize, _stream: *mut c_void) {
        copy(&*device()?, Side::Host(dst.cast()), Side::Guest(src), n)
    }

    /// As `cuMemcpyDtoD_v2`.
    fn cuMemcpyDtoDAsync_v2(dst: CUdeviceptr, src: CUdeviceptr, n: usize, _stream: *mut c_void) {
        copy(&*device()?, Side::Guest(dst), Side::Guest(src), n)
    }

    /// As `cuMemcpy`.
    fn cuMemcpyAsync(dst: CUdeviceptr, src: CUdeviceptr, n: usize, _stream: *mut c_void) {
        let dev = device()?;
        copy(&dev, side(dst)?, side(src)?, n)
    }

    /// Sets bytes.
    fn cuMemsetD8_v2(dst: CUdeviceptr, value: u8, n: usize) {
        memset(dst, value.into(), 1, n)
    }

    /// Sets 16-bit words.
    fn cuMemsetD16_v2(dst: CUdeviceptr, value: u16, n: usize) {
        memset(dst, value.into(), 2, n)
    }

    /// Sets 32-bit words.
    fn cuMemsetD32_v2(dst: CUdeviceptr, value: u32, n: usize) {
        memset(dst, value, 4, n)
    }

    /// As `cuMemsetD8_v2`.
    fn cuMemsetD8Async(dst: CUdeviceptr, value: u8, n: usize, _stream: *mut c_void) {
        memset(dst, value.into(), 1, n)
    }

    /// As `cuMemsetD16_v2`.
    fn cuMemsetD16Async(dst: CUdeviceptr, value: u16, n: usize, _stream: *mut c_void) {
        memset(dst, value.into(), 2, n)
    }

    /// As `cuMemsetD32_v2`.
    fn cuMemsetD32Async(dst: CUdeviceptr, value: u32, n: usize, _stream: *mut c_void) {
        memset(dst, value, 4, n)
    }

    /// One attribute of a pointer: its context, memory type (device or
    /// host), device and host addresses, start and size of its allocation.
    fn cuPointerGetAttribute(data: *mut c_void, attribute: c_uint, ptr: CUdeviceptr) {
        let (g, host, ctx, range) = driver::with(|d| {
            let g = d
                .guest_of(ptr)
                .ok_or_else(|| invalid(format!("{ptr:#x} is not memory this driver allocated")))?;
            let host = d.host_allocs.keys().any(|&a| g >= a && g - a < d.host_allocs[&a].max(1));
            let range = d
                .device
                .memory()
                .allocations()
                .into_iter()
                .find(|a| g >= a.addr && g - a.addr < a.len.max(1));
            let ctx = driver::current_id().unwrap_or(0);
            Ok((g, host, ctx, range))
        })?;
        let range = range.ok_or_else(|| invalid(format!("{ptr:#x} is in no allocation")))?;
        let base = driver::with(|d| Ok(d.device.memory().host_base() as u64))?;
        let host_addr = base + (g - xisa::runtime::GUEST_BASE);
        match attribute {
            1 => out(data.cast::<*mut c_void>(), handle(ctx)),
            2 => out(data.cast::<c_uint>(), if host { 1 } else { 2 }),
            3 => out(data.cast::<u64>(), g),
            4 if host => out(data.cast::<u64>(), host_addr),
            4 => Err(invalid("device memory has no host address")),
            8 => out(data.cast::<c_uint>(), 0),
            9 => out(data.cast::<c_uint>(), 0),
            11 => out(data.cast::<u64>(), range.addr),
            12 => out(data.cast::<usize>(), range.len as usize),
            13 => out(data.cast::<c_uint>(), 1),
            _ => Err(invalid(format!("pointer attribute {attribute} is not known here"))),
        }
    }
}
