//! Guest memory: one reserved, lazily committed host region that holds every
//! device allocation, and the checked accessors engines use.
//!
//! Guest address `GUEST_BASE + off` is host byte `base + off`. Only offsets below
//! the allocation high-water mark (`limit`) are valid; everything else — null, host
//! addresses, the unallocated rest of the reservation — faults. Guest code never
//! sees a host pointer.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::Mutex;

use memmap2::{MmapMut, MmapOptions};
use thiserror::Error;
use xisa_ir::semantics;
use xisa_ir::{AtomOp, AtomType};

/// The guest address of the first byte of guest memory. Non-zero so that null and
/// small integers used as pointers fault.
pub const GUEST_BASE: u64 = 0x1_0000_0000;

/// The name of a unified memory's file ([`GuestMemory::new_unified`]), as
/// `/proc/PID/fd` shows it (`/memfd:xisa-guest`): how another process
/// recognises it (CUDA IPC).
pub const GUEST_FILE: &std::ffi::CStr = c"xisa-guest";

/// The host page size: the unit pages are handed back to the system and
/// files mapped over guest memory in.
pub const HOST_PAGE: u64 = 4096;

/// Default reservation: 16 GiB of address space (committed only when touched).
pub const DEFAULT_RESERVE: u64 = 16 << 30;

/// Guest memory errors on the host side (allocation, copies).
#[derive(Debug, Error)]
pub enum MemError {
    #[error("cannot reserve {bytes} bytes of guest memory: {err}")]
    Reserve { bytes: u64, err: std::io::Error },
    #[error("out of guest memory: {requested} bytes requested, {available} available (raise the reservation)")]
    OutOfMemory { requested: u64, available: u64 },
    #[error("guest range {addr:#x}+{len} is not allocated device memory")]
    BadRange { addr: u64, len: u64 },
    #[error("{addr:#x} is not the start of a live allocation")]
    NotAllocated { addr: u64 },
    #[error("cannot map shared memory at guest range {addr:#x}+{len}: {err}")]
    Remap {
        addr: u64,
        len: u64,
        err: std::io::Error,
    },
}

/// One device allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allocation {
    pub addr: u64,
    pub len: u64,
}

/// The guest's device memory.
pub struct GuestMemory {
    map: MmapMut,
    base: *mut u8,
    reserve: u64,
    state: Mutex<AllocState>,
    /// The view at host address [`GUEST_BASE`] of a unified memory
    /// ([`GuestMemory::new_unified`]).
    identity: Option<Identity>,
}

/// A second view of guest memory, mapped at host address [`GUEST_BASE`],
/// so that every guest address is also the host address of the same byte
/// (what CUDA's managed memory needs). Both views map one memory file.
struct Identity {
    file: std::fs::File,
    len: usize,
}

impl Drop for Identity {
    fn drop(&mut self) {
        // SAFETY: the view was mapped there with this length by
        // `new_unified` and nothing refers to it after the memory is gone.
        unsafe { libc::munmap(GUEST_BASE as *mut libc::c_void, self.len) };
    }
}

struct AllocState {
    brk: u64,
    allocs: Vec<Allocation>,
}

// SAFETY: the mapping lives as long as the struct and is only accessed through
// bounds-checked atomic or byte-wise accessors; the raw pointer is its address.
unsafe impl Send for GuestMemory {}
// SAFETY: see above; allocation state is behind a mutex.
unsafe impl Sync for GuestMemory {}

impl std::fmt::Debug for GuestMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GuestMemory")
            .field("reserve", &self.reserve)
            .field("limit", &self.limit())
            .finish()
    }
}

impl GuestMemory {
    /// Reserves `reserve` bytes of address space for guest memory.
    pub fn new(reserve: u64) -> Result<Self, MemError> {
        let mut map = MmapOptions::new()
            .len(reserve as usize)
            .no_reserve_swap()
            .map_anon()
            .map_err(|err| MemError::Reserve {
                bytes: reserve,
                err,
            })?;
        let base = map.as_mut_ptr();
        Ok(GuestMemory {
            map,
            base,
            reserve,
            state: Mutex::new(AllocState {
                brk: 0,
                allocs: Vec::new(),
            }),
            identity: None,
        })
    }

    /// Reserves `reserve` bytes of guest memory whose guest addresses are
    /// also host addresses: a memory file mapped twice, once where the
    /// system chooses and once at host address [`GUEST_BASE`]. Fails (the
    /// caller can fall back to [`GuestMemory::new`]) where that range of
    /// the host's address space is taken, e.g. by a second unified memory.
    pub fn new_unified(reserve: u64) -> Result<Self, MemError> {
        let fail = |err: std::io::Error| MemError::Reserve {
            bytes: reserve,
            err,
        };
        let len =
            usize::try_from(reserve).map_err(|_| fail(std::io::ErrorKind::InvalidInput.into()))?;
        // SAFETY: a plain system call with a static name.
        let fd = unsafe { libc::memfd_create(GUEST_FILE.as_ptr(), libc::MFD_CLOEXEC) };
        if fd < 0 {
            return Err(fail(std::io::Error::last_os_error()));
        }
        // SAFETY: fd is a new descriptor this file now owns.
        let file = unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fd) };
        file.set_len(reserve).map_err(fail)?;
        // SAFETY: the file is private to this memory; both views stay
        // mapped as long as it lives.
        let map = unsafe { MmapOptions::new().len(len).map_mut(&file) }.map_err(fail)?;
        // SAFETY: MAP_FIXED_NOREPLACE never replaces an existing mapping.
        let at = unsafe {
            libc::mmap(
                GUEST_BASE as *mut libc::c_void,
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_FIXED_NOREPLACE | libc::MAP_NORESERVE,
                fd,
                0,
            )
        };
        if at == libc::MAP_FAILED {
            return Err(fail(std::io::Error::last_os_error()));
        }
        if at as u64 != GUEST_BASE {
            // A kernel older than MAP_FIXED_NOREPLACE took it as a hint.
            // SAFETY: `at` is the view just mapped.
            unsafe { libc::munmap(at, len) };
            return Err(fail(std::io::Error::other(
                "the host address range of guest memory is taken",
            )));
        }
        Ok(GuestMemory {
            map,
            base: at.cast(),
            reserve,
            state: Mutex::new(AllocState {
                brk: 0,
                allocs: Vec::new(),
            }),
            identity: Some(Identity { file, len }),
        })
    }

    /// Whether guest addresses are host addresses
    /// ([`GuestMemory::new_unified`]).
    pub fn unified(&self) -> bool {
        self.identity.is_some()
    }

    /// The file behind a unified memory ([`GuestMemory::new_unified`]):
    /// guest address `GUEST_BASE + off` is its byte `off`. Another process
    /// maps a range of it to share those bytes (CUDA IPC); `None` for a
    /// private anonymous reservation.
    pub fn shared_fd(&self) -> Option<std::os::fd::RawFd> {
        self.identity
            .as_ref()
            .map(|id| std::os::fd::AsRawFd::as_raw_fd(&id.file))
    }

    /// Maps `len` bytes of `file` from offset `file_off` over the guest
    /// range at `addr` (all three page-aligned, the range inside the
    /// reservation, normally an allocation made for it): guest accesses
    /// there read and write the file, shared with whoever else maps it.
    /// [`GuestMemory::unmap_file`] puts the memory's own bytes back.
    pub fn map_file(
        &self,
        file: &std::fs::File,
        file_off: u64,
        addr: u64,
        len: u64,
    ) -> Result<(), MemError> {
        self.remap(
            addr,
            len,
            Some((std::os::fd::AsRawFd::as_raw_fd(file), file_off)),
        )
    }

    /// Undoes [`GuestMemory::map_file`] for the range at `addr`: it shows
    /// this memory's own (zeroed) bytes again.
    pub fn unmap_file(&self, addr: u64, len: u64) -> Result<(), MemError> {
        self.remap(addr, len, None)
    }

    /// Replaces the host pages behind guest range `addr..addr+len` with
    /// `file` at its offset, or with this memory's own backing (its file at
    /// the same offset, or fresh anonymous pages).
    fn remap(&self, addr: u64, len: u64, file: Option<(i32, u64)>) -> Result<(), MemError> {
        let fail = |err| MemError::Remap { addr, len, err };
        let bad = |what: &str| fail(std::io::Error::new(std::io::ErrorKind::InvalidInput, what));
        let off = addr.wrapping_sub(GUEST_BASE);
        if addr < GUEST_BASE || off.checked_add(len).is_none_or(|e| e > self.reserve) {
            return Err(bad("range outside guest memory"));
        }
        let aligned = |x: u64| x.is_multiple_of(HOST_PAGE);
        if !aligned(off) || !aligned(len) || file.is_some_and(|(_, o)| !aligned(o)) {
            return Err(bad("range not page-aligned"));
        }
        let own = self.shared_fd().map(|fd| (fd, off));
        let (flags, fd, at) = match file.or(own) {
            Some((fd, o)) => (libc::MAP_SHARED, fd, o),
            None => (libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0),
        };
        // SAFETY: MAP_FIXED replaces pages inside this memory's own
        // reservation (checked above) and nothing else; guest bytes are only
        // reached through that range's addresses.
        let p = unsafe {
            libc::mmap(
                self.base.add(off as usize).cast(),
                len as usize,
                libc::PROT_READ | libc::PROT_WRITE,
                flags | libc::MAP_FIXED | libc::MAP_NORESERVE,
                fd,
                at as libc::off_t,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(fail(std::io::Error::last_os_error()));
        }
        Ok(())
    }

    /// Host address of guest address [`GUEST_BASE`].
    pub fn host_base(&self) -> *mut u8 {
        self.base
    }

    /// Bytes from `GUEST_BASE` that are allocated (valid for guest access).
    pub fn limit(&self) -> u64 {
        self.state.lock().map(|s| s.brk).unwrap_or(0)
    }

    /// Bytes from `GUEST_BASE` that guest code may touch: [`Self::limit`]
    /// plus the padding every allocation has after it (up to where the next
    /// allocation would start), so that a small overrun of the newest
    /// allocation lands in padding, as one of any other does, instead of
    /// faulting (a GPU does not fault there either; launches report writes
    /// into the padding of the buffers they upload).
    pub fn guest_limit(&self) -> u64 {
        match self.limit() {
            0 => 0,
            brk => padding_end(brk).min(self.reserve),
        }
    }

    /// Allocates `len` bytes aligned to 256, zero-filled. Allocations are
    /// separated by at least 256 bytes of padding so that small overruns of one
    /// buffer do not silently land in the next one's data.
    pub fn alloc(&self, len: u64) -> Result<u64, MemError> {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let start = if st.brk == 0 { 0 } else { padding_end(st.brk) };
        let end = start.checked_add(len.max(1)).ok_or(MemError::OutOfMemory {
            requested: len,
            available: self.reserve - st.brk,
        })?;
        if end > self.reserve {
            return Err(MemError::OutOfMemory {
                requested: len,
                available: self.reserve.saturating_sub(start),
            });
        }
        st.brk = end;
        let addr = GUEST_BASE + start;
        st.allocs.push(Allocation { addr, len });
        Ok(addr)
    }

    /// Frees the allocation that starts at `addr` (CUDA's `cuMemFree`): its
    /// host pages go back to the system and its bytes read as zero, so a
    /// later allocation over them is zero-filled as [`GuestMemory::alloc`]
    /// promises. Freeing the newest allocations hands their address space
    /// back (the next allocation starts where the live ones end); a hole
    /// below a live allocation stays unused. Returns the freed length.
    pub fn free(&self, addr: u64) -> Result<u64, MemError> {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let i = st
            .allocs
            .iter()
            .position(|a| a.addr == addr)
            .ok_or(MemError::NotAllocated { addr })?;
        let a = st.allocs.remove(i);
        // Its padding too: guest overruns may have written there, and a
        // later allocation may start there once this one is gone.
        let start = a.addr - GUEST_BASE;
        let padded = padding_end(start + a.len.max(1)).min(self.reserve);
        self.zero(start, padded - start);
        st.brk = st
            .allocs
            .iter()
            .map(|a| a.addr - GUEST_BASE + a.len.max(1))
            .max()
            .unwrap_or(0);
        Ok(a.len)
    }

    /// Zeroes `len` bytes at offset `off` (inside the reservation): whole
    /// pages by handing them back to the system, the partial pages at the
    /// ends by stores.
    fn zero(&self, off: u64, len: u64) {
        let end = off + len;
        let (lo, hi) = (off.next_multiple_of(HOST_PAGE), end / HOST_PAGE * HOST_PAGE);
        let released = hi > lo
            && match &self.identity {
                // A shared file keeps discarded pages: punch them out of
                // the file (both views then read zeros).
                // SAFETY: a plain system call on the memory's own file.
                Some(id) => unsafe {
                    libc::fallocate(
                        std::os::fd::AsRawFd::as_raw_fd(&id.file),
                        libc::FALLOC_FL_PUNCH_HOLE | libc::FALLOC_FL_KEEP_SIZE,
                        lo as libc::off_t,
                        (hi - lo) as libc::off_t,
                    ) == 0
                },
                // SAFETY: [lo, hi) lies inside the mapping; guest bytes are
                // only accessed through atomics on mapped memory, and a
                // discarded private anonymous page reads as zeros afterwards.
                None => unsafe {
                    self.map
                        .unchecked_advise_range(
                            memmap2::UncheckedAdvice::DontNeed,
                            lo as usize,
                            (hi - lo) as usize,
                        )
                        .is_ok()
                },
            };
        let stores: &[(u64, u64)] = if released {
            &[(off, lo), (hi, end)]
        } else {
            &[(off, end)]
        };
        for &(a, b) in stores {
            for i in a..b {
                // SAFETY: i < end <= reserve.
                unsafe { atomic_u8(self.base.add(i as usize)).store(0, Ordering::Relaxed) };
            }
        }
    }

    /// The padding after the allocation that ends at guest address `end`:
    /// what [`GuestMemory::alloc`] left unowned before the next one (none
    /// after the last: memory ends there), as `(start, len)`.
    pub fn padding_after(&self, end: u64) -> (u64, u64) {
        let off = end.wrapping_sub(GUEST_BASE);
        let limit = self.guest_limit();
        let stop = padding_end(off).min(limit);
        (end, stop.saturating_sub(off))
    }

    /// The bytes of the padding after guest address `end` (see
    /// [`Self::padding_after`]; the newest allocation's too, which host
    /// reads do not reach), and clears them.
    pub fn take_padding(&self, end: u64) -> (u64, Vec<u8>) {
        let (at, len) = self.padding_after(end);
        let off = at.wrapping_sub(GUEST_BASE);
        if off.checked_add(len).is_none_or(|e| e > self.guest_limit()) {
            return (at, Vec::new());
        }
        let bytes = (0..len as usize)
            .map(|i| {
                // SAFETY: off + i < guest_limit <= reserve (checked above).
                unsafe { atomic_u8(self.base.add(off as usize + i)).swap(0, Ordering::Relaxed) }
            })
            .collect();
        (at, bytes)
    }

    /// The live allocation holding guest address `addr` (a zero-byte one
    /// holds its own address).
    pub fn allocation_holding(&self, addr: u64) -> Option<Allocation> {
        let st = self.state.lock().ok()?;
        st.allocs
            .iter()
            .find(|a| addr >= a.addr && addr - a.addr < a.len.max(1))
            .copied()
    }

    /// The live allocations.
    pub fn allocations(&self) -> Vec<Allocation> {
        self.state
            .lock()
            .map(|s| s.allocs.clone())
            .unwrap_or_default()
    }

    fn offset(&self, addr: u64, len: u64) -> Result<usize, MemError> {
        let off = addr.wrapping_sub(GUEST_BASE);
        let limit = self.limit();
        if off > limit || len > limit - off {
            return Err(MemError::BadRange { addr, len });
        }
        Ok(off as usize)
    }

    /// Copies host bytes into guest memory.
    pub fn write(&self, addr: u64, data: &[u8]) -> Result<(), MemError> {
        let off = self.offset(addr, data.len() as u64)?;
        for (i, &b) in data.iter().enumerate() {
            // SAFETY: off + i < limit <= reserve (checked above).
            unsafe { atomic_u8(self.base.add(off + i)).store(b, Ordering::Relaxed) };
        }
        Ok(())
    }

    /// Copies guest memory into host bytes.
    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), MemError> {
        let off = self.offset(addr, out.len() as u64)?;
        for (i, b) in out.iter_mut().enumerate() {
            // SAFETY: as in `write`.
            *b = unsafe { atomic_u8(self.base.add(off + i)).load(Ordering::Relaxed) };
        }
        Ok(())
    }

    /// Reads `len` bytes into a new vector.
    pub fn read_vec(&self, addr: u64, len: usize) -> Result<Vec<u8>, MemError> {
        let mut v = vec![0u8; len];
        self.read(addr, &mut v)?;
        Ok(v)
    }

    /// The mapping itself (for diagnostics).
    pub fn reserved(&self) -> u64 {
        self.map.len() as u64
    }
}

/// Where the padding after an allocation ending at offset `end` ends: the
/// next 256-byte boundary, then 256 bytes (where the next allocation may
/// start).
fn padding_end(end: u64) -> u64 {
    end.div_ceil(256) * 256 + 256
}

/// Views a byte as an atomic.
///
/// # Safety
/// `p` must be valid for reads and writes for the lifetime used.
#[inline]
pub unsafe fn atomic_u8<'a>(p: *mut u8) -> &'a AtomicU8 {
    &*(p as *const AtomicU8)
}

/// Loads `len` (1, 2, 4 or 8) bytes, little-endian, zero-extended. Aligned
/// accesses are single relaxed atomic loads (no tearing, no Rust data race);
/// misaligned ones are byte-wise.
///
/// # Safety
/// `p .. p+len` must be valid host memory.
#[inline]
pub unsafe fn load(p: *const u8, len: u32) -> u64 {
    let aligned = (p as usize).is_multiple_of(len as usize);
    match (len, aligned) {
        (1, _) => (*(p as *const AtomicU8)).load(Ordering::Relaxed) as u64,
        (2, true) => (*(p as *const AtomicU16)).load(Ordering::Relaxed) as u64,
        (4, true) => (*(p as *const AtomicU32)).load(Ordering::Relaxed) as u64,
        (8, true) => (*(p as *const AtomicU64)).load(Ordering::Relaxed),
        _ => {
            let mut v = 0u64;
            for i in 0..len as usize {
                v |= ((*(p.add(i) as *const AtomicU8)).load(Ordering::Relaxed) as u64) << (8 * i);
            }
            v
        }
    }
}

/// Stores the low `len` bytes of `v` (see [`load`]).
///
/// # Safety
/// `p .. p+len` must be valid host memory.
#[inline]
pub unsafe fn store(p: *mut u8, len: u32, v: u64) {
    let aligned = (p as usize).is_multiple_of(len as usize);
    match (len, aligned) {
        (1, _) => (*(p as *const AtomicU8)).store(v as u8, Ordering::Relaxed),
        (2, true) => (*(p as *const AtomicU16)).store(v as u16, Ordering::Relaxed),
        (4, true) => (*(p as *const AtomicU32)).store(v as u32, Ordering::Relaxed),
        (8, true) => (*(p as *const AtomicU64)).store(v, Ordering::Relaxed),
        _ => {
            for i in 0..len as usize {
                (*(p.add(i) as *const AtomicU8)).store((v >> (8 * i)) as u8, Ordering::Relaxed);
            }
        }
    }
}

/// Applies an atomic read-modify-write at `p` (aligned to the type's size) and
/// returns the old value. `host_atomic` selects a host atomic (a compare-exchange
/// loop, SeqCst) over a plain load-compute-store (enough inside one workgroup,
/// which runs on one host thread).
///
/// # Safety
/// `p` must be valid and aligned to `ty.bytes()`.
pub unsafe fn atomic_rmw(
    p: *mut u8,
    op: AtomOp,
    ty: AtomType,
    ftz: bool,
    src: u64,
    cmp: u64,
    host_atomic: bool,
) -> u64 {
    let apply = |old| semantics::atomic_apply(op, ty, ftz, old, src, cmp);
    if ty.bytes() == 8 {
        let a = &*(p as *const AtomicU64);
        if !host_atomic {
            let old = a.load(Ordering::Relaxed);
            a.store(apply(old), Ordering::Relaxed);
            return old;
        }
        let mut old = a.load(Ordering::Relaxed);
        loop {
            match a.compare_exchange_weak(old, apply(old), Ordering::SeqCst, Ordering::Relaxed) {
                Ok(v) => return v,
                Err(v) => old = v,
            }
        }
    } else {
        let a = &*(p as *const AtomicU32);
        if !host_atomic {
            let old = a.load(Ordering::Relaxed) as u64;
            a.store(apply(old) as u32, Ordering::Relaxed);
            return old;
        }
        let mut old = a.load(Ordering::Relaxed);
        loop {
            let new = apply(old as u64) as u32;
            match a.compare_exchange_weak(old, new, Ordering::SeqCst, Ordering::Relaxed) {
                Ok(v) => return v as u64,
                Err(v) => old = v,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alloc_read_write_bounds() {
        let m = GuestMemory::new(1 << 24).unwrap();
        let a = m.alloc(100).unwrap();
        assert_eq!(a, GUEST_BASE);
        let b = m.alloc(10).unwrap();
        assert!(b >= a + 100 + 256);
        m.write(a, &[1, 2, 3]).unwrap();
        assert_eq!(m.read_vec(a, 3).unwrap(), vec![1, 2, 3]);
        assert!(m.write(0, &[1]).is_err());
        assert!(m.read_vec(b + 5, 100).is_err());
        assert!(matches!(
            m.alloc(1 << 30),
            Err(MemError::OutOfMemory { .. })
        ));
    }

    /// A file mapped over an allocation (CUDA IPC's view of another
    /// process's memory) shares its bytes both ways; unmapping shows the
    /// memory's own zeros again. Misplaced ranges are refused.
    #[test]
    fn a_mapped_file_shares_its_bytes() {
        use std::io::{Read, Seek, SeekFrom, Write};
        let m = GuestMemory::new(1 << 24).unwrap();
        let a = m.alloc(5 * 4096).unwrap();
        let at = a.next_multiple_of(4096);
        let mut f = tempfile::tempfile().unwrap();
        f.write_all(&[0x11; 3 * 4096]).unwrap();
        m.map_file(&f, 4096, at, 2 * 4096).unwrap();
        assert_eq!(m.read_vec(at, 4).unwrap(), vec![0x11; 4]);
        m.write(at + 4096 + 8, &[0xee, 0xff]).unwrap();
        let mut back = [0u8; 2];
        f.seek(SeekFrom::Start(2 * 4096 + 8)).unwrap();
        f.read_exact(&mut back).unwrap();
        assert_eq!(back, [0xee, 0xff]);
        m.unmap_file(at, 2 * 4096).unwrap();
        assert_eq!(m.read_vec(at + 4096 + 8, 2).unwrap(), vec![0, 0]);
        for (addr, len) in [
            (at + 8, 4096),
            (at, 100),
            (GUEST_BASE + (1 << 24), 4096),
            (0, 4096),
        ] {
            assert!(
                matches!(m.map_file(&f, 0, addr, len), Err(MemError::Remap { .. })),
                "{addr:#x}+{len}"
            );
        }
    }

    #[test]
    fn freed_memory_is_zero_and_the_newest_space_is_reused() {
        let m = GuestMemory::new(1 << 24).unwrap();
        let a = m.alloc(100).unwrap();
        // Spans whole pages and partial ones at both ends.
        let b = m.alloc(3 * 4096 + 300).unwrap();
        m.write(b, &vec![0xab; 3 * 4096 + 300]).unwrap();
        m.write(a, &[7; 100]).unwrap();
        assert_eq!(m.free(b).unwrap(), 3 * 4096 + 300);
        assert!(matches!(m.free(b), Err(MemError::NotAllocated { .. })));
        assert!(matches!(m.free(a + 4), Err(MemError::NotAllocated { .. })));
        // The freed top is handed out again, zero-filled.
        let c = m.alloc(3 * 4096 + 300).unwrap();
        assert_eq!(c, b);
        assert!(m
            .read_vec(c, 3 * 4096 + 300)
            .unwrap()
            .iter()
            .all(|&x| x == 0));
        assert_eq!(m.read_vec(a, 100).unwrap(), vec![7; 100]);
        // A hole below a live allocation stays unused (and reads zero).
        m.free(a).unwrap();
        assert!(m.alloc(10).unwrap() > c);
        assert_eq!(m.allocations().len(), 2);
    }

    #[test]
    fn unified_memory_is_at_its_guest_addresses() {
        // The only unified memory of this test binary.
        let m = GuestMemory::new_unified(1 << 24).expect("unified memory");
        assert!(m.unified());
        let a = m.alloc(3 * 4096 + 8).unwrap();
        assert_eq!(m.host_base() as u64, GUEST_BASE);
        // The host writes through the guest address itself.
        // SAFETY: `a` is allocated and, in unified memory, a host address.
        unsafe { std::ptr::write_bytes(a as *mut u8, 0x5a, 3 * 4096 + 8) };
        assert!(m
            .read_vec(a, 3 * 4096 + 8)
            .unwrap()
            .iter()
            .all(|&b| b == 0x5a));
        // Freed and reallocated memory reads zero through both views.
        m.free(a).unwrap();
        let b = m.alloc(3 * 4096 + 8).unwrap();
        assert_eq!(a, b);
        assert!(m.read_vec(b, 3 * 4096 + 8).unwrap().iter().all(|&x| x == 0));
        drop(m);
        // One range: a second unified memory cannot have it; once the first
        // is gone, it is free again.
        let again = GuestMemory::new_unified(1 << 20).unwrap();
        assert!(GuestMemory::new_unified(1 << 20).is_err());
        drop(again);
        assert!(GuestMemory::new_unified(1 << 20).is_ok());
    }

    #[test]
    fn rmw_plain_and_atomic() {
        let mut x = 5u32;
        let p = &mut x as *mut u32 as *mut u8;
        // SAFETY: p is a valid aligned u32.
        unsafe {
            assert_eq!(
                atomic_rmw(p, AtomOp::Add, AtomType::B32, false, 3, 0, true),
                5
            );
            assert_eq!(
                atomic_rmw(p, AtomOp::Cas, AtomType::B32, false, 1, 8, false),
                8
            );
        }
        assert_eq!(x, 1);
    }
}
