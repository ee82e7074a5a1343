//! Initialisation, versions and the one device: a compute-capability-7.5
//! GPU whose limits are Turing's (a Tesla T4's), with one multiprocessor
//! per host thread.

use std::ffi::{c_char, c_int, c_uint};

use crate::codes::*;
use crate::driver::{self, fail, invalid, out, Res};

/// The CUDA version this driver implements (`cuDriverGetVersion`).
pub(crate) const DRIVER_VERSION: c_int = 12090;

/// The device's name.
const NAME: &str = "xisa sm_75 (host CPU)";

/// The device's UUID.
pub(crate) const UUID: [u8; 16] = *b"xisa-sm75-device";

/// Checks a device ordinal.
pub(crate) fn check(dev: c_int) -> Res {
    if dev == 0 {
        Ok(())
    } else {
        Err(fail(
            CUDA_ERROR_INVALID_DEVICE,
            format!("device {dev}: there is one device, 0"),
        ))
    }
}

/// Multiprocessors: the host threads launches use.
pub(crate) fn multiprocessors() -> c_int {
    std::thread::available_parallelism().map_or(1, |n| n.get() as c_int)
}

/// `CU_DEVICE_ATTRIBUTE_*` values (numbers as in `cuda.h`): Turing's
/// limits (the sm_75 launch limits xisa checks), a T4's clocks and caches.
fn attribute(a: c_int) -> Option<c_int> {
    Some(match a {
        1 => 1024,               // max threads per block
        2 | 3 => 1024,           // max block x, y
        4 => 64,                 // max block z
        5 => i32::MAX,           // max grid x
        6 | 7 => 65535,          // max grid y, z
        8 => 48 << 10,           // shared memory per block
        9 => 64 << 10,           // constant memory
        10 => 32,                // warp size
        11 => i32::MAX,          // max pitch
        12 => 65536,             // registers per block
        13 => 1_590_000,         // clock rate (kHz)
        14 => 512,               // texture alignment
        15 => 1,                 // overlap of copies and kernels
        16 => multiprocessors(), // multiprocessors
        17 => 0,                 // no run-time limit on kernels
        18 => 0,                 // not integrated
        19 => 1,                 // can map host memory
        20 => 0,                 // compute mode: default
        21 | 22 => 131_072,      // 1D, 2D texture width
        23 => 65536,             // 2D texture height
        24..=26 => 16384,        // 3D texture extents
        27 | 28 => 32768,        // layered 2D texture extents
        29 => 2048,              // layered 2D texture layers
        30 => 512,               // surface alignment
        31 => 1,                 // concurrent kernels
        32 => 0,                 // ECC
        33..=35 => 0,            // PCI bus, device, TCC
        36 => 5_001_000,         // memory clock (kHz)
        37 => 256,               // memory bus width
        38 => 4 << 20,           // L2 size
        39 => 1024,              // max threads per multiprocessor
        40 => 1,                 // async engines
        41 => 1,                 // unified addressing
        42 => 32768,             // layered 1D texture width
        43 => 2048,              // layered 1D texture layers
        44..=49 => 0,            // texture gather, alternate 3D extents
        50 => 0,                 // PCI domain
        51 => 32,                // texture pitch alignment
        52..=74 | 77 => 0,       // cubemap, surface, linear, mipmapped limits
        75 => 7,                 // compute capability major
        76 => 5,                 // compute capability minor
        78 => 1,                 // stream priorities
        79 | 80 => 1,            // global, local L1 caching
        81 => 64 << 10,          // shared memory per multiprocessor
        82 => 65536,             // registers per multiprocessor
        83 => 0,                 // managed memory: where memory is unified
        84 | 85 => 0,            // multi-GPU board
        86 => 0,                 // host-native atomics
        87 => 32,                // single/double performance ratio
        88..=91 => 0,            // pageable access, host pointers
        92..=94 => 0,            // stream memory operations
        95 => 1,                 // cooperative launch
        96 => 0,                 // multi-device cooperative launch
        97 => 64 << 10,          // opt-in shared memory per block
        98 | 99 => 0,            // remote write flush, host register
        100..=105 => 0,          // host page tables, virtual memory, IPC
        106 => 16,               // max blocks per multiprocessor
        107..=110 => 0,          // compression, persisting L2, RDMA
        111 => 0,                // reserved shared memory per block
        112..=125 => 0,          // sparse arrays, interop, memory pools, clusters
        126 => 1,                // memory synchronisation domains
        127..=143 => 0,          // tensor maps, fabric, NUMA, multicast, MPS
        _ => return None,
    })
}

exports! {
    /// Initialises the driver (flags must be 0).
    fn cuInit(flags: c_uint) {
        if flags != 0 {
            return Err(invalid(format!("cuInit flags {flags:#x}: must be 0")));
        }
        driver::init()
    }

    /// The CUDA version the driver implements.
    fn cuDriverGetVersion(version: *mut c_int) {
        out(version, DRIVER_VERSION)
    }

    /// Device `ordinal` (only 0).
    fn cuDeviceGet(dev: *mut c_int, ordinal: c_int) {
        driver::with(|_| Ok(()))?;
        check(ordinal)?;
        out(dev, 0)
    }

    /// One device.
    fn cuDeviceGetCount(count: *mut c_int) {
        driver::with(|_| Ok(()))?;
        out(count, 1)
    }

    /// The device's name, cut to `len` bytes with its NUL.
    fn cuDeviceGetName(name: *mut c_char, len: c_int, dev: c_int) {
        driver::with(|_| Ok(()))?;
        check(dev)?;
        if name.is_null() || len <= 0 {
            return Err(invalid("a null name buffer or non-positive length"));
        }
        let n = NAME.len().min(len as usize - 1);
        std::ptr::copy_nonoverlapping(NAME.as_ptr(), name.cast::<u8>(), n);
        *name.add(n) = 0;
        Ok(())
    }

    /// A device attribute.
    fn cuDeviceGetAttribute(value: *mut c_int, attrib: c_int, dev: c_int) {
        driver::with(|_| Ok(()))?;
        check(dev)?;
        let v = attribute(attrib)
            .ok_or_else(|| invalid(format!("device attribute {attrib} is not known here")))?;
        // Managed memory needs guest addresses that are host addresses.
        const MANAGED_MEMORY: c_int = 83;
        let v = if attrib == MANAGED_MEMORY {
            driver::with(|d| Ok(c_int::from(d.device.memory().unified())))?
        } else {
            v
        };
        out(value, v)
    }

    /// Bytes of device memory: the guest memory reservation.
    fn cuDeviceTotalMem_v2(bytes: *mut usize, dev: c_int) {
        check(dev)?;
        let total = driver::with(|d| Ok(d.device.memory().reserved()))?;
        out(bytes, total as usize)
    }

    /// 7.5.
    fn cuDeviceComputeCapability(major: *mut c_int, minor: *mut c_int, dev: c_int) {
        check(dev)?;
        out(major, 7)?;
        out(minor, 5)
    }

    /// A fixed UUID ("xisa" and the device number).
    fn cuDeviceGetUuid(uuid: *mut [u8; 16], dev: c_int) {
        check(dev)?;
        out(uuid, UUID)
    }

    /// As `cuDeviceGetUuid`.
    fn cuDeviceGetUuid_v2(uuid: *mut [u8; 16], dev: c_int) {
        check(dev)?;
        out(uuid, UUID)
    }

    /// The device's PCI id: a fixed, valid-looking one.
    fn cuDeviceGetPCIBusId(id: *mut c_char, len: c_int, dev: c_int) {
        check(dev)?;
        let s = b"0000:00:00.0\0";
        if id.is_null() || (len as usize) < s.len() {
            return Err(invalid("PCI id buffer shorter than 13 bytes"));
        }
        std::ptr::copy_nonoverlapping(s.as_ptr(), id.cast::<u8>(), s.len());
        Ok(())
    }

    /// The device with a PCI id (`cuDeviceGetPCIBusId`'s).
    fn cuDeviceGetByPCIBusId(dev: *mut c_int, id: *const c_char) {
        driver::with(|_| Ok(()))?;
        if id.is_null() {
            return Err(invalid("a null PCI id"));
        }
        let s = std::ffi::CStr::from_ptr(id).to_string_lossy().to_ascii_lowercase();
        // "domain:bus:device.function" or "bus:device.function", hex.
        let parts: Vec<u64> = s
            .split([':', '.'])
            .map(|p| u64::from_str_radix(p, 16))
            .collect::<Result<_, _>>()
            .map_err(|_| invalid(format!("PCI id {s:?}")))?;
        if matches!(parts.len(), 3 | 4) && parts.iter().all(|&p| p == 0) {
            out(dev, 0)
        } else {
            Err(fail(CUDA_ERROR_INVALID_DEVICE, format!("no device at PCI id {s:?}")))
        }
    }

    /// Profiling hooks: there is no profiler to configure or start; the
    /// calls succeed, as they do on a GPU with no profiler attached.
    fn cuProfilerInitialize(_config: *const c_char, _out: *const c_char, _mode: c_int) {
        Ok(())
    }

    /// See `cuProfilerInitialize`.
    fn cuProfilerStart() {
        Ok(())
    }

    /// See `cuProfilerInitialize`.
    fn cuProfilerStop() {
        Ok(())
    }

    /// A device cannot access itself as a peer.
    fn cuDeviceCanAccessPeer(can: *mut c_int, dev: c_int, peer: c_int) {
        check(dev)?;
        check(peer)?;
        out(can, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turing_limits() {
        assert_eq!(attribute(1), Some(1024));
        assert_eq!(attribute(75), Some(7));
        assert_eq!(attribute(76), Some(5));
        assert_eq!(attribute(10), Some(32));
        assert_eq!(attribute(9999), None);
    }
}
