//! Inter-process events (`cuIpcGetEventHandle`, `cuIpcOpenEventHandle`)
//! and device memory (`cuIpcGetMemHandle`,
//! `cuIpcOpenMemHandle`, `cuIpcCloseMemHandle`): another process maps the
//! bytes of an allocation and both see each other's writes, as CUDA's IPC
//! gives two processes on one GPU.
//!
//! Guest memory is a memory file mapped at the guest addresses
//! (`GuestMemory::new_unified`), so a handle names the exporting process,
//! its file descriptor and the allocation's offset and size; the opening
//! process reaches the file through `/proc/PID/fd/FD` (same user, as for
//! any process-shared memory) and maps that range of it over a fresh
//! allocation of its own guest memory.

use std::collections::HashMap;
use std::ffi::{c_uint, c_void};
use std::sync::Mutex;

use crate::codes::*;
use crate::driver::{fail, invalid, out, Res};
use crate::memory::{device, mem_fail};
use crate::stream::{CU_EVENT_DISABLE_TIMING, CU_EVENT_INTERPROCESS};
use xisa::runtime::{GUEST_BASE, GUEST_FILE, HOST_PAGE as PAGE};

/// A device pointer.
type CUdeviceptr = u64;

/// `CUipcMemHandle`: 64 opaque bytes, passed by value.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct IpcMemHandle {
    reserved: [u8; 64],
}

/// The first bytes of every memory handle this driver writes.
const MAGIC: &[u8; 8] = b"xisaipc1";

/// The first bytes of every event handle this driver writes.
const EVENT_MAGIC: &[u8; 8] = b"xisaevt1";

/// `CUipcEventHandle`: 64 opaque bytes, passed by value.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct IpcEventHandle {
    reserved: [u8; 64],
}

/// What an opened handle mapped: its allocation, and the page-aligned
/// range inside it that shows the other process's bytes.
struct Opened {
    alloc: u64,
    start: u64,
    len: u64,
}

/// Opened handles by the device pointer handed out.
fn opened() -> &'static Mutex<HashMap<CUdeviceptr, Opened>> {
    static T: std::sync::OnceLock<Mutex<HashMap<CUdeviceptr, Opened>>> = std::sync::OnceLock::new();
    T.get_or_init(Default::default)
}

/// A handle's bytes as this process writes them: `magic`, then its pid.
fn handle_bytes(magic: &[u8; 8]) -> [u8; 64] {
    let mut r = [0u8; 64];
    r[..8].copy_from_slice(magic);
    r[8..12].copy_from_slice(&std::process::id().to_le_bytes());
    r
}

/// The handle's fields: process id, descriptor, guest offset, size.
fn parse(h: &IpcMemHandle) -> Res<(u32, i32, u64, u64)> {
    let r = &h.reserved;
    if &r[..8] != MAGIC {
        return Err(fail(
            CUDA_ERROR_INVALID_HANDLE,
            "not an IPC memory handle of this driver",
        ));
    }
    let word = |i: usize| u64::from_le_bytes(r[i..i + 8].try_into().unwrap_or_default());
    let pid = u32::from_le_bytes(r[8..12].try_into().unwrap_or_default());
    let fd = i32::from_le_bytes(r[12..16].try_into().unwrap_or_default());
    Ok((pid, fd, word(16), word(24)))
}

exports! {
    /// A handle another process opens to reach the allocation holding
    /// `dptr`, from `dptr` to the allocation's end.
    fn cuIpcGetMemHandle(handle: *mut IpcMemHandle, dptr: CUdeviceptr) {
        let dev = device()?;
        let mem = dev.memory();
        let fd = mem.shared_fd().ok_or_else(|| {
            fail(
                CUDA_ERROR_NOT_SUPPORTED,
                "guest memory is not a shared file here (its unified mapping was refused)",
            )
        })?;
        let a = mem
            .allocation_holding(dptr)
            .ok_or_else(|| invalid(format!("{dptr:#x} is in no allocation")))?;
        let mut r = handle_bytes(MAGIC);
        r[12..16].copy_from_slice(&fd.to_le_bytes());
        r[16..24].copy_from_slice(&(dptr - GUEST_BASE).to_le_bytes());
        r[24..32].copy_from_slice(&(a.addr + a.len - dptr).to_le_bytes());
        out(handle, IpcMemHandle { reserved: r })
    }

    /// Maps another process's allocation into this one's device memory.
    fn cuIpcOpenMemHandle_v2(pdptr: *mut CUdeviceptr, handle: IpcMemHandle, _flags: c_uint) {
        let (pid, fd, off, size) = parse(&handle)?;
        let path = format!("/proc/{pid}/fd/{fd}");
        // Only a guest memory file: a stale handle (the exporter gone, its
        // pid and descriptor reused) must not map some other file.
        let target = std::fs::read_link(&path).unwrap_or_default();
        let memfd = format!("/memfd:{}", GUEST_FILE.to_string_lossy());
        if !target.to_string_lossy().starts_with(&memfd) {
            return Err(fail(
                CUDA_ERROR_MAP_FAILED,
                format!("{path} is not an xisa guest memory (the exporting process is gone?)"),
            ));
        }
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .map_err(|e| fail(CUDA_ERROR_MAP_FAILED, format!("the exporting process's memory ({path}): {e}")))?;
        // A range past the file's end would map pages whose access faults
        // (SIGBUS): refused here.
        let file_len = file.metadata().map(|m| m.len()).unwrap_or(0);
        if off.checked_add(size).is_none_or(|end| end > file_len) {
            return Err(fail(
                CUDA_ERROR_INVALID_HANDLE,
                format!("the handle's range {off:#x}+{size:#x} lies past the exporting process's memory"),
            ));
        }
        let dev = device()?;
        let in_page = off % PAGE;
        let len = (in_page + size.max(1)).next_multiple_of(PAGE);
        let alloc = dev.alloc(len + PAGE).map_err(mem_fail)?;
        let start = alloc.next_multiple_of(PAGE);
        if let Err(e) = dev.memory().map_file(&file, off - in_page, start, len) {
            let _ = dev.free(alloc);
            return Err(fail(CUDA_ERROR_MAP_FAILED, e.to_string()));
        }
        let dptr = start + in_page;
        opened()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(dptr, Opened { alloc, start, len });
        out(pdptr, dptr)
    }

    /// A handle to an interprocess event (created with
    /// `CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING`, as CUDA requires).
    fn cuIpcGetEventHandle(handle: *mut IpcEventHandle, event: *mut c_void) {
        let flags = crate::stream::event_flags(event)?;
        let need = CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING;
        if flags & need != need {
            return Err(invalid("the event was not created with CU_EVENT_INTERPROCESS and CU_EVENT_DISABLE_TIMING"));
        }
        let mut r = handle_bytes(EVENT_MAGIC);
        r[16..24].copy_from_slice(&(event as u64).to_le_bytes());
        out(handle, IpcEventHandle { reserved: r })
    }

    /// Opens another process's event: a new interprocess event of this
    /// context. Work in this driver is finished when its call returns, so
    /// the exporter's recorded work is done and the event is always
    /// complete (queries, synchronization and stream waits succeed at once).
    fn cuIpcOpenEventHandle(ph: *mut *mut c_void, handle: IpcEventHandle) {
        if &handle.reserved[..8] != EVENT_MAGIC {
            return Err(fail(CUDA_ERROR_INVALID_HANDLE, "not an IPC event handle of this driver"));
        }
        out(ph, crate::stream::create_event(CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING)?)
    }

    /// Unmaps what `cuIpcOpenMemHandle` mapped at `dptr`.
    fn cuIpcCloseMemHandle(dptr: CUdeviceptr) {
        let o = opened()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&dptr)
            .ok_or_else(|| invalid(format!("{dptr:#x} is no opened IPC memory handle")))?;
        let dev = device()?;
        dev.memory()
            .unmap_file(o.start, o.len)
            .map_err(|e| fail(CUDA_ERROR_MAP_FAILED, e.to_string()))?;
        dev.free(o.alloc).map(|_| ()).map_err(|e| invalid(e.to_string()))
    }
}
