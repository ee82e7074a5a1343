//! The device heap behind CUDA's device `malloc` and `free`
//! ([`xisa_ir::HostFn::Malloc`], [`xisa_ir::HostFn::Free`]): a region of
//! guest global memory a device sets aside once and hands out in 16-byte
//! aligned blocks, first fit, with freed neighbours merged. Lanes of all
//! host threads allocate concurrently, so the books are behind a mutex.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// Bytes of the heap (CUDA's default `cudaLimitMallocHeapSize`, 8 MiB).
pub const HEAP_BYTES: u64 = 8 << 20;

/// Alignment and size granule of every block (CUDA's `malloc` alignment).
const GRANULE: u64 = 16;

/// A device heap at guest addresses `[base, base + len)`.
#[derive(Debug)]
pub struct Heap {
    base: u64,
    len: u64,
    books: Mutex<Books>,
}

#[derive(Debug, Default)]
struct Books {
    /// Free ranges: start address to length, never adjacent to each other.
    free: BTreeMap<u64, u64>,
    /// Blocks handed out: address to length.
    used: HashMap<u64, u64>,
}

impl Heap {
    /// A heap over the guest range `[base, base + len)` (`base` 16-byte
    /// aligned), all of it free.
    pub fn new(base: u64, len: u64) -> Heap {
        let len = len / GRANULE * GRANULE;
        let mut books = Books::default();
        if len > 0 {
            books.free.insert(base, len);
        }
        Heap {
            base,
            len,
            books: Mutex::new(books),
        }
    }

    /// The guest range the heap covers.
    pub fn range(&self) -> (u64, u64) {
        (self.base, self.len)
    }

    /// A block of at least `size` bytes, or `None` when no free range holds
    /// one (`malloc` then returns NULL, as CUDA's does). A zero size gets a
    /// block of its own too, so that every non-null result can be freed.
    pub fn alloc(&self, size: u64) -> Option<u64> {
        self.alloc_aligned(size, GRANULE)
    }

    /// As [`Heap::alloc`], the block aligned to `align` (a power of two, at
    /// least 16; HIP's device allocator asks for 4 KiB and 2 MiB blocks).
    pub fn alloc_aligned(&self, size: u64, align: u64) -> Option<u64> {
        let align = align.max(GRANULE).checked_next_power_of_two()?;
        let need = size.max(1).checked_next_multiple_of(GRANULE)?;
        let mut b = self.books.lock().unwrap_or_else(|e| e.into_inner());
        let (at, len, start) = b.free.iter().find_map(|(&at, &len)| {
            let start = at.checked_next_multiple_of(align)?;
            (start.checked_add(need)? <= at + len).then_some((at, len, start))
        })?;
        b.free.remove(&at);
        // What alignment skipped stays free before the block; the rest after.
        if start > at {
            b.free.insert(at, start - at);
        }
        if at + len > start + need {
            b.free.insert(start + need, at + len - start - need);
        }
        b.used.insert(start, need);
        Some(start)
    }

    /// Returns the block at `addr` to the heap; false when `addr` is not a
    /// block [`Heap::alloc`] handed out and not yet freed.
    pub fn free(&self, addr: u64) -> bool {
        let mut b = self.books.lock().unwrap_or_else(|e| e.into_inner());
        let Some(size) = b.used.remove(&addr) else {
            return false;
        };
        let (mut at, mut len) = (addr, size);
        if let Some(next) = b.free.remove(&(addr + size)) {
            len += next;
        }
        if let Some((&prev, &plen)) = b.free.range(..addr).next_back() {
            if prev + plen == addr {
                b.free.remove(&prev);
                at = prev;
                len += plen;
            }
        }
        b.free.insert(at, len);
        true
    }

    /// Bytes currently handed out.
    pub fn in_use(&self) -> u64 {
        let b = self.books.lock().unwrap_or_else(|e| e.into_inner());
        b.used.values().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_disjoint_and_reused_after_free() {
        let h = Heap::new(0x1000, 256);
        let a = h.alloc(1).unwrap();
        let b = h.alloc(17).unwrap();
        let c = h.alloc(0).unwrap();
        assert_eq!((a, b, c), (0x1000, 0x1010, 0x1030));
        assert_eq!(h.in_use(), 64);
        // 192 bytes left: a larger request fails, an exact one fits.
        assert_eq!(h.alloc(193), None);
        assert!(h.free(b));
        assert!(!h.free(b), "a double free is refused");
        assert!(!h.free(0x1008), "a pointer into a block is refused");
        // The freed 32 bytes are found first.
        assert_eq!(h.alloc(32), Some(0x1010));
    }

    #[test]
    fn freed_neighbours_merge_into_one_range() {
        let h = Heap::new(0, 64);
        let v: Vec<u64> = (0..4).map(|_| h.alloc(16).unwrap()).collect();
        assert_eq!(h.alloc(1), None);
        // Free out of order: 1, 3, 2 (merges both sides), 0.
        for i in [1, 3, 2, 0] {
            assert!(h.free(v[i]));
        }
        assert_eq!(h.in_use(), 0);
        assert_eq!(h.alloc(64), Some(0), "the whole heap is one range again");
    }

    #[test]
    fn aligned_blocks_leave_the_gap_free() {
        let h = Heap::new(0x1010, 0x3000);
        let a = h.alloc_aligned(100, 0x1000).unwrap();
        assert_eq!(a, 0x2000);
        // The 0xff0 bytes before it are still free, and so is the tail.
        assert_eq!(h.alloc(0xff0), Some(0x1010));
        assert_eq!(h.alloc_aligned(16, 0x1000), Some(0x3000));
        assert_eq!(h.alloc_aligned(16, 0x1000), Some(0x4000));
        assert_eq!(h.alloc_aligned(16, 0x1000), None);
        assert!(h.free(a));
        assert_eq!(h.alloc(0x1000), Some(0x2000), "freed blocks merge again");
    }

    #[test]
    fn huge_requests_fail_instead_of_overflowing() {
        let h = Heap::new(0, 64);
        assert_eq!(h.alloc(u64::MAX), None);
        assert_eq!(h.alloc(u64::MAX - 3), None);
    }
}
