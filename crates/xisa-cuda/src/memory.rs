//! Device memory (guest memory), page-locked host memory (guest memory
//! the host also reaches through its mapping), copies and memsets. Every
//! operation is finished when it returns; the `Async` forms are the same.

use std::ffi::{c_int, c_uint, c_void};
use std::sync::Arc;

use crate::codes::*;
use crate::driver::{self, fail, handle, invalid, out, Res};

/// A device pointer.
type CUdeviceptr = u64;

/// The device, for the current context (its sticky error checked).
pub(crate) fn device() -> Res<Arc<xisa::Device>> {
    driver::with(|d| {
        d.current()?;
        Ok(d.device.clone())
    })
}

/// A guest-memory error as a driver failure.
pub(crate) fn mem_fail(e: xisa::Error) -> crate::driver::Fail {
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

/// The mirrors of registered host memory for the length of one driver
/// call that touches device memory: taking them copies each registered
/// range's host bytes into its mirror, dropping them copies the mirrors
/// back (see [`driver::Registered`]).
pub(crate) struct Mirrors {
    dev: Arc<xisa::Device>,
    /// (host start, length, mirror address).
    list: Vec<(u64, u64, u64)>,
}

impl Mirrors {
    /// Copies the registered ranges in.
    pub(crate) fn take() -> Res<Mirrors> {
        let (dev, list) = driver::with(|d| {
            let list: Vec<(u64, u64, u64)> = d
                .registered
                .iter()
                .map(|(&h, r)| (h, r.len, r.mirror))
                .collect();
            Ok((d.device.clone(), list))
        })?;
        for &(h, n, m) in &list {
            // SAFETY: the program registered [h, h + n) as its memory.
            let bytes = unsafe { std::slice::from_raw_parts(h as *const u8, n as usize) };
            dev.write(m, bytes).map_err(mem_fail)?;
        }
        Ok(Mirrors { dev, list })
    }

    /// A copy's side, with registered host memory replaced by its mirror.
    fn map(&self, s: Side) -> Side {
        match s {
            Side::Host(p) => {
                let a = p as u64;
                self.list
                    .iter()
                    .find(|&&(h, n, _)| a >= h && a - h < n)
                    .map_or(s, |&(h, _, m)| Side::Guest(m + (a - h)))
            }
            g => g,
        }
    }
}

impl Drop for Mirrors {
    fn drop(&mut self) {
        for &(h, n, m) in &self.list {
            // SAFETY: as in `take`; the range is still registered (the
            // program unregisters it with another call, which waits for
            // the driver's lock after this one).
            let out = unsafe { std::slice::from_raw_parts_mut(h as *mut u8, n as usize) };
            if let Err(e) = self.dev.memory().read(m, out) {
                driver::log(&format!("registered memory at {h:#x}: {e}"));
            }
        }
    }
}

/// Copies `n` bytes.
///
/// # Safety
/// Host sides must be valid for `n` bytes.
unsafe fn copy(dev: &xisa::Device, dst: Side, src: Side, n: usize) -> Res {
    if n == 0 {
        return Ok(());
    }
    let mirrors = Mirrors::take()?;
    let (dst, src) = (mirrors.map(dst), mirrors.map(src));
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
    let _mirrors = Mirrors::take()?;
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
fn host_alloc(pp: *mut *mut c_void, len: usize, flags: c_uint) -> Res {
    if len == 0 {
        return Err(invalid("a zero-byte allocation"));
    }
    let p = driver::with(|d| {
        d.current()?;
        let g = d.device.alloc(len as u64).map_err(mem_fail)?;
        d.host_allocs.insert(g, (len as u64, flags));
        let base = d.device.memory().host_base();
        // SAFETY: g lies inside the mapping (just allocated).
        Ok(unsafe { base.add((g - xisa::runtime::GUEST_BASE) as usize) })
    })?;
    // SAFETY: the caller's out-pointer.
    unsafe { out(pp, p.cast::<c_void>()) }
}

/// `CUDA_MEMCPY2D`.
#[repr(C)]
pub struct Memcpy2D {
    src_x: usize,
    src_y: usize,
    src_type: c_uint,
    src_host: *const c_void,
    src_device: CUdeviceptr,
    src_array: *mut c_void,
    src_pitch: usize,
    dst_x: usize,
    dst_y: usize,
    dst_type: c_uint,
    dst_host: *mut c_void,
    dst_device: CUdeviceptr,
    dst_array: *mut c_void,
    dst_pitch: usize,
    width: usize,
    height: usize,
}

/// `CUDA_MEMCPY3D`.
#[repr(C)]
pub struct Memcpy3D {
    src_x: usize,
    src_y: usize,
    src_z: usize,
    src_lod: usize,
    src_type: c_uint,
    src_host: *const c_void,
    src_device: CUdeviceptr,
    src_array: *mut c_void,
    _reserved0: *mut c_void,
    src_pitch: usize,
    src_height: usize,
    dst_x: usize,
    dst_y: usize,
    dst_z: usize,
    dst_lod: usize,
    dst_type: c_uint,
    dst_host: *mut c_void,
    dst_device: CUdeviceptr,
    dst_array: *mut c_void,
    _reserved1: *mut c_void,
    dst_pitch: usize,
    dst_height: usize,
    width: usize,
    height: usize,
    depth: usize,
}

/// One end of a 2D/3D copy: where its (0, 0, 0) byte is, its row pitch
/// and rows per slice.
struct End {
    base: Side,
    pitch: usize,
    rows: usize,
}

impl End {
    /// From a copy descriptor's fields (`CUmemorytype`: 1 host, 2 device,
    /// 4 unified; 3, CUDA arrays, are not offered).
    fn new(
        kind: c_uint,
        host: *const c_void,
        device: CUdeviceptr,
        pitch: usize,
        rows: usize,
        at: [usize; 3],
    ) -> Res<End> {
        let base = match kind {
            1 => Side::Host(host as *mut u8),
            2 => Side::Guest(device),
            4 => side(device)?,
            3 => return Err(fail(CUDA_ERROR_NOT_SUPPORTED, "CUDA arrays")),
            k => return Err(invalid(format!("memory type {k}"))),
        };
        let off = at[0] + pitch * (at[1] + rows * at[2]);
        let base = match base {
            Side::Host(p) => Side::Host(p.wrapping_add(off)),
            Side::Guest(g) => Side::Guest(g + off as u64),
        };
        Ok(End { base, pitch, rows })
    }

    /// Row `y` of slice `z`.
    fn row(&self, y: usize, z: usize) -> Side {
        let off = self.pitch * (y + self.rows * z);
        match self.base {
            Side::Host(p) => Side::Host(p.wrapping_add(off)),
            Side::Guest(g) => Side::Guest(g + off as u64),
        }
    }
}

/// Copies `width` bytes of `height` rows of `depth` slices.
fn copy_3d(src: End, dst: End, width: usize, height: usize, depth: usize) -> Res {
    if (height > 1 || depth > 1) && (src.pitch < width || dst.pitch < width) {
        return Err(invalid(format!(
            "pitches {} and {} are below the width {width}",
            src.pitch, dst.pitch
        )));
    }
    let dev = device()?;
    for z in 0..depth {
        for y in 0..height {
            // SAFETY: host rows lie in the caller's buffers, as the copy
            // descriptor states.
            unsafe { copy(&dev, dst.row(y, z), src.row(y, z), width)? };
        }
    }
    Ok(())
}

impl Memcpy2D {
    /// The same copy as a one-slice 3D copy.
    fn as_3d(&self) -> Memcpy3D {
        Memcpy3D {
            src_x: self.src_x,
            src_y: self.src_y,
            src_z: 0,
            src_lod: 0,
            src_type: self.src_type,
            src_host: self.src_host,
            src_device: self.src_device,
            src_array: self.src_array,
            _reserved0: std::ptr::null_mut(),
            src_pitch: self.src_pitch,
            src_height: 0,
            dst_x: self.dst_x,
            dst_y: self.dst_y,
            dst_z: 0,
            dst_lod: 0,
            dst_type: self.dst_type,
            dst_host: self.dst_host,
            dst_device: self.dst_device,
            dst_array: self.dst_array,
            _reserved1: std::ptr::null_mut(),
            dst_pitch: self.dst_pitch,
            dst_height: 0,
            width: self.width,
            height: self.height,
            depth: 1,
        }
    }
}

/// A 2D copy.
///
/// # Safety
/// `p` must point at a copy descriptor whose host buffers are valid.
unsafe fn memcpy_2d(p: *const Memcpy2D) -> Res {
    let c = p
        .as_ref()
        .ok_or_else(|| invalid("a null copy descriptor"))?;
    memcpy_3d(&c.as_3d())
}

/// One end of a 3D copy descriptor: source (`false`) or destination.
fn end_of(c: &Memcpy3D, dst: bool) -> Res<End> {
    if dst {
        End::new(
            c.dst_type,
            c.dst_host,
            c.dst_device,
            c.dst_pitch,
            c.dst_height,
            [c.dst_x, c.dst_y, c.dst_z],
        )
    } else {
        End::new(
            c.src_type,
            c.src_host,
            c.src_device,
            c.src_pitch,
            c.src_height,
            [c.src_x, c.src_y, c.src_z],
        )
    }
}

/// A 3D copy.
///
/// # Safety
/// `p` must point at a copy descriptor whose host buffers are valid.
unsafe fn memcpy_3d(p: *const Memcpy3D) -> Res {
    let c = p
        .as_ref()
        .ok_or_else(|| invalid("a null copy descriptor"))?;
    if c.src_lod != 0 || c.dst_lod != 0 {
        return Err(invalid("a level of detail (arrays only)"));
    }
    let (src, dst) = (end_of(c, false)?, end_of(c, true)?);
    if c.depth > 1 && (src.rows < c.height || dst.rows < c.height) {
        return Err(invalid("slice heights below the copy's height"));
    }
    copy_3d(src, dst, c.width, c.height, c.depth)
}

/// Fills `height` rows of `width` elements, `pitch` bytes apart.
fn memset_2d(
    dst: CUdeviceptr,
    pitch: usize,
    value: u32,
    elem: usize,
    width: usize,
    height: usize,
) -> Res {
    if height > 1 && pitch < width * elem {
        return Err(invalid(format!(
            "pitch {pitch} below the row's {} bytes",
            width * elem
        )));
    }
    for y in 0..height {
        memset(dst + (y * pitch) as u64, value, elem, width)?;
    }
    Ok(())
}

exports! {
    /// A 2D copy between host and device memory (arrays are refused).
    fn cuMemcpy2D_v2(p: *const Memcpy2D) {
        memcpy_2d(p)
    }

    /// As `cuMemcpy2D_v2` (any pitch).
    fn cuMemcpy2DUnaligned_v2(p: *const Memcpy2D) {
        memcpy_2d(p)
    }

    /// As `cuMemcpy2D_v2`.
    fn cuMemcpy2DAsync_v2(p: *const Memcpy2D, _stream: *mut c_void) {
        memcpy_2d(p)
    }

    /// A 3D copy between host and device memory (arrays are refused).
    fn cuMemcpy3D_v2(p: *const Memcpy3D) {
        memcpy_3d(p)
    }

    /// As `cuMemcpy3D_v2`.
    fn cuMemcpy3DAsync_v2(p: *const Memcpy3D, _stream: *mut c_void) {
        memcpy_3d(p)
    }

    /// A 3D copy between contexts: `CUDA_MEMCPY3D_PEER` is
    /// `CUDA_MEMCPY3D` with the contexts where that has reserved words;
    /// one device, one address space.
    fn cuMemcpy3DPeer(p: *const Memcpy3D) {
        memcpy_3d(p)
    }

    /// As `cuMemcpy3DPeer`.
    fn cuMemcpy3DPeerAsync(p: *const Memcpy3D, _stream: *mut c_void) {
        memcpy_3d(p)
    }

    /// Between contexts: one device, one address space.
    fn cuMemcpyPeer(dst: CUdeviceptr, _dst_ctx: *mut c_void, src: CUdeviceptr, _src_ctx: *mut c_void, n: usize) {
        copy(&*device()?, Side::Guest(dst), Side::Guest(src), n)
    }

    /// As `cuMemcpyPeer`.
    fn cuMemcpyPeerAsync(dst: CUdeviceptr, _dst_ctx: *mut c_void, src: CUdeviceptr, _src_ctx: *mut c_void, n: usize, _stream: *mut c_void) {
        copy(&*device()?, Side::Guest(dst), Side::Guest(src), n)
    }

    /// Sets bytes of 2D memory.
    fn cuMemsetD2D8_v2(dst: CUdeviceptr, pitch: usize, value: u8, width: usize, height: usize) {
        memset_2d(dst, pitch, value.into(), 1, width, height)
    }

    /// Sets 16-bit words of 2D memory.
    fn cuMemsetD2D16_v2(dst: CUdeviceptr, pitch: usize, value: u16, width: usize, height: usize) {
        memset_2d(dst, pitch, value.into(), 2, width, height)
    }

    /// Sets 32-bit words of 2D memory.
    fn cuMemsetD2D32_v2(dst: CUdeviceptr, pitch: usize, value: u32, width: usize, height: usize) {
        memset_2d(dst, pitch, value, 4, width, height)
    }

    /// As `cuMemsetD2D8_v2`.
    fn cuMemsetD2D8Async(dst: CUdeviceptr, pitch: usize, value: u8, width: usize, height: usize, _stream: *mut c_void) {
        memset_2d(dst, pitch, value.into(), 1, width, height)
    }

    /// As `cuMemsetD2D16_v2`.
    fn cuMemsetD2D16Async(dst: CUdeviceptr, pitch: usize, value: u16, width: usize, height: usize, _stream: *mut c_void) {
        memset_2d(dst, pitch, value.into(), 2, width, height)
    }

    /// As `cuMemsetD2D32_v2`.
    fn cuMemsetD2D32Async(dst: CUdeviceptr, pitch: usize, value: u32, width: usize, height: usize, _stream: *mut c_void) {
        memset_2d(dst, pitch, value, 4, width, height)
    }

    /// Several attributes of a pointer (see `cuPointerGetAttribute`).
    fn cuPointerGetAttributes(n: c_uint, attributes: *const c_uint, data: *mut *mut c_void, ptr: CUdeviceptr) {
        if attributes.is_null() || data.is_null() {
            return Err(invalid("null attribute or data arrays"));
        }
        for i in 0..n as usize {
            let r = cuPointerGetAttribute(*data.add(i), *attributes.add(i), ptr);
            if r != CUDA_SUCCESS {
                return Err(fail(r, format!("attribute {}", *attributes.add(i))));
            }
        }
        Ok(())
    }

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

    /// Allocates managed memory: device memory whose address the host uses
    /// as it is (guest memory is mapped at its own addresses on the host;
    /// where that failed, `CUDA_ERROR_NOT_SUPPORTED`). Work is synchronous,
    /// so host and kernels never touch it at once.
    fn cuMemAllocManaged(dptr: *mut CUdeviceptr, bytesize: usize, flags: c_uint) {
        const GLOBAL: c_uint = 1;
        const HOST: c_uint = 2;
        if bytesize == 0 || (flags != GLOBAL && flags != HOST) {
            return Err(invalid(format!("{bytesize} bytes, flags {flags:#x}")));
        }
        let a = driver::with(|d| {
            d.current()?;
            if !d.device.memory().unified() {
                return Err(fail(
                    CUDA_ERROR_NOT_SUPPORTED,
                    "managed memory: guest memory could not be mapped at its own host addresses",
                ));
            }
            let a = d.device.alloc(bytesize as u64).map_err(mem_fail)?;
            d.managed.insert(a);
            Ok(a)
        })?;
        out(dptr, a)
    }

    /// Attaches managed memory to a stream: every stream's work is done
    /// when its call returns, so the host may always touch it.
    fn cuStreamAttachMemAsync(_stream: *mut c_void, dptr: CUdeviceptr, _len: usize, _flags: c_uint) {
        driver::with(|d| {
            d.current()?;
            d.guest_of(dptr).map(|_| ()).ok_or_else(|| invalid(format!("{dptr:#x} is not device memory")))
        })
    }

    /// Prefetches managed memory: it is where both sides reach it already.
    fn cuMemPrefetchAsync(dptr: CUdeviceptr, _len: usize, _dev: c_int, _stream: *mut c_void) {
        driver::with(|d| {
            d.current()?;
            d.guest_of(dptr).map(|_| ()).ok_or_else(|| invalid(format!("{dptr:#x} is not device memory")))
        })
    }

    /// Advice on managed memory: accepted (one memory, no migration).
    fn cuMemAdvise(dptr: CUdeviceptr, _len: usize, _advice: c_int, _dev: c_int) {
        driver::with(|d| {
            d.current()?;
            d.guest_of(dptr).map(|_| ()).ok_or_else(|| invalid(format!("{dptr:#x} is not device memory")))
        })
    }

    /// Frees device memory.
    fn cuMemFree_v2(dptr: CUdeviceptr) {
        if dptr == 0 {
            return Ok(());
        }
        let dev = device()?;
        driver::with(|d| {
            d.managed.remove(&dptr);
            Ok(())
        })?;
        dev.free(dptr).map(|_| ()).map_err(|e| invalid(e.to_string()))
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
            .allocation_holding(dptr)
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
        host_alloc(pp, bytesize, 0)
    }

    /// Page-locked host memory (every flag gives memory kernels reach).
    fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: c_uint) {
        host_alloc(pp, bytesize, flags)
    }

    /// The flags page-locked host memory was allocated with.
    fn cuMemHostGetFlags(flags: *mut c_uint, p: *mut c_void) {
        let f = driver::with(|d| {
            let g = d.guest_of(p as u64);
            d.host_allocs
                .iter()
                .find(|(&a, &(n, _))| g.is_some_and(|g| g >= a && g - a < n.max(1)))
                .map(|(_, &(_, f))| f)
                .ok_or_else(|| invalid(format!("{p:p} is not page-locked host memory")))
        })?;
        out(flags, f)
    }

    /// Registers host memory: copies use it as any host memory, kernels
    /// through its device address (`cuMemHostGetDevicePointer`), a mirror
    /// in device memory kept equal to it around every driver call (see
    /// [`driver::Registered`]); whatever the flags, as on a device with
    /// unified addressing.
    fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, _flags: c_uint) {
        if p.is_null() || bytesize == 0 {
            return Err(invalid("a null or empty range"));
        }
        driver::with(|d| {
            d.current()?;
            let (a, n) = (p as u64, bytesize as u64);
            if d.registered.iter().any(|(&b, r)| a < b + r.len && b < a + n) {
                return Err(fail(
                    CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
                    format!("{p:p}+{bytesize} overlaps a registered range"),
                ));
            }
            let mirror = d.device.alloc(n).map_err(mem_fail)?;
            d.registered.insert(a, driver::Registered { len: n, mirror });
            Ok(())
        })
    }

    /// Unregisters host memory (its mirror is freed).
    fn cuMemHostUnregister(p: *mut c_void) {
        driver::with(|d| {
            let r = d.registered.remove(&(p as u64)).ok_or_else(|| {
                fail(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, format!("{p:p} is not registered"))
            })?;
            d.device.free(r.mirror).map(|_| ()).map_err(|e| invalid(e.to_string()))
        })
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

    /// The device address of page-locked or registered host memory.
    fn cuMemHostGetDevicePointer_v2(pdptr: *mut CUdeviceptr, p: *mut c_void, flags: c_uint) {
        if flags != 0 {
            return Err(invalid("flags must be 0"));
        }
        let a = p as u64;
        let g = driver::with(|d| {
            Ok(d.guest_of(a).or_else(|| {
                d.registered
                    .iter()
                    .find(|(&h, r)| a >= h && a - h < r.len)
                    .map(|(&h, r)| r.mirror + (a - h))
            }))
        })?
        .ok_or_else(|| invalid(format!("{p:p} is neither page-locked nor registered host memory")))?;
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
        let (g, host, managed, ctx, range) = driver::with(|d| {
            let g = d
                .guest_of(ptr)
                .ok_or_else(|| invalid(format!("{ptr:#x} is not memory this driver allocated")))?;
            let host = d.host_allocs.iter().any(|(&a, &(n, _))| g >= a && g - a < n.max(1));
            let range = d.device.memory().allocation_holding(g);
            let ctx = driver::current_id().unwrap_or(0);
            let managed = range.is_some_and(|r| d.managed.contains(&r.addr));
            Ok((g, host, managed, ctx, range))
        })?;
        let range = range.ok_or_else(|| invalid(format!("{ptr:#x} is in no allocation")))?;
        let base = driver::with(|d| Ok(d.device.memory().host_base() as u64))?;
        let host_addr = base + (g - xisa::runtime::GUEST_BASE);
        match attribute {
            1 => out(data.cast::<*mut c_void>(), handle(ctx)),
            2 => out(data.cast::<c_uint>(), if host { 1 } else { 2 }),
            3 => out(data.cast::<u64>(), g),
            4 if host || managed => out(data.cast::<u64>(), host_addr),
            4 => Err(invalid("device memory has no host address")),
            8 => out(data.cast::<c_uint>(), c_uint::from(managed)),
            9 => out(data.cast::<c_uint>(), 0),
            11 => out(data.cast::<u64>(), range.addr),
            12 => out(data.cast::<usize>(), range.len as usize),
            13 => out(data.cast::<c_uint>(), 1),
            _ => Err(invalid(format!("pointer attribute {attribute} is not known here"))),
        }
    }
}
