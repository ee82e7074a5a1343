//! Surfaces: typed views of guest memory addressed by 1-3 coordinates through
//! a descriptor in guest memory, with clamp/trap/ignore out-of-range modes.
//! Both engines resolve surface addresses here, so they agree by construction.
//!
//! Descriptor (32 bytes, little-endian, at a guest global address):
//!
//! | offset | field | meaning |
//! |---|---|---|
//! | 0 | `u64 base` | guest address of byte 0 of row 0, slice/layer 0 |
//! | 8 | `u32 width` | row size in **bytes** (coordinates `x` are byte offsets, as in CUDA's surface API) |
//! | 12 | `u32 height` | rows (1 for 1D) |
//! | 16 | `u32 depth` | slices (3D) or layers (arrays); 1 otherwise |
//! | 20 | `u32 row_pitch` | bytes from one row to the next |
//! | 24 | `u32 slice_pitch` | bytes from one slice/layer to the next |
//! | 28 | `u32 reserved` | 0 |

use xisa_ir::{Space, SurfDim, SurfOob};

use crate::ctx::{fault_kind, space_code, FaultInfo};

use crate::memory::GUEST_BASE;

/// Size of a surface descriptor in guest memory.
pub const DESC_BYTES: u64 = 32;

/// A decoded surface descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SurfDesc {
    pub base: u64,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub row_pitch: u32,
    pub slice_pitch: u32,
}

impl SurfDesc {
    /// Decodes the 32 descriptor bytes.
    pub fn from_bytes(b: &[u8; 32]) -> Self {
        let u32_at = |o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        SurfDesc {
            base: u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
            width: u32_at(8),
            height: u32_at(12),
            depth: u32_at(16),
            row_pitch: u32_at(20),
            slice_pitch: u32_at(24),
        }
    }

    /// Encodes the descriptor.
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut b = [0u8; 32];
        b[0..8].copy_from_slice(&self.base.to_le_bytes());
        b[8..12].copy_from_slice(&self.width.to_le_bytes());
        b[12..16].copy_from_slice(&self.height.to_le_bytes());
        b[16..20].copy_from_slice(&self.depth.to_le_bytes());
        b[20..24].copy_from_slice(&self.row_pitch.to_le_bytes());
        b[24..28].copy_from_slice(&self.slice_pitch.to_le_bytes());
        b
    }
}

/// Where a surface access goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurfTarget {
    /// The guest address of the element.
    Addr(u64),
    /// Out of range under [`SurfOob::Ignore`]: read 0 / drop.
    Skip,
    /// Out of range under [`SurfOob::Trap`]: fault at this coordinate-derived
    /// address (for the message).
    Trap(u64),
}

/// Resolves coordinates `(x bytes, y, z)` of a `len`-byte access.
pub fn resolve(
    d: &SurfDesc,
    dim: SurfDim,
    oob: SurfOob,
    x: u32,
    y: u32,
    z: u32,
    len: u32,
) -> SurfTarget {
    // Signed coordinates: GPUs treat negative coordinates as out of range.
    let (mut x, mut y, mut z) = (x as i32 as i64, y as i32 as i64, z as i32 as i64);
    let (h, dd) = (
        if dim.uses_y() {
            d.height.max(1) as i64
        } else {
            1
        },
        if dim.uses_z() {
            d.depth.max(1) as i64
        } else {
            1
        },
    );
    if !dim.uses_y() {
        y = 0;
    }
    if !dim.uses_z() {
        z = 0;
    }
    let w = d.width as i64;
    let inside = x >= 0 && x + len as i64 <= w && (0..h).contains(&y) && (0..dd).contains(&z);
    if !inside {
        match oob {
            SurfOob::Ignore => return SurfTarget::Skip,
            SurfOob::Trap => {
                return SurfTarget::Trap(address(d, x, y, z));
            }
            SurfOob::Clamp => {
                if w < len as i64 {
                    // Not even one element fits: nothing to clamp to.
                    return SurfTarget::Skip;
                }
                x = x.clamp(0, w - len as i64);
                y = y.clamp(0, h - 1);
                z = z.clamp(0, dd - 1);
            }
        }
    }
    SurfTarget::Addr(address(d, x, y, z))
}

fn address(d: &SurfDesc, x: i64, y: i64, z: i64) -> u64 {
    d.base
        .wrapping_add(z.wrapping_mul(d.slice_pitch as i64) as u64)
        .wrapping_add(y.wrapping_mul(d.row_pitch as i64) as u64)
        .wrapping_add(x as u64)
}

/// Reads a descriptor from guest memory given the engine's global window.
///
/// # Safety
/// `global_base .. global_base + global_limit` must be valid host memory.
pub unsafe fn read_desc(global_base: *const u8, global_limit: u64, addr: u64) -> Option<SurfDesc> {
    let off = addr.wrapping_sub(GUEST_BASE);
    if off > global_limit || DESC_BYTES > global_limit - off {
        return None;
    }
    let mut b = [0u8; 32];
    for (i, x) in b.iter_mut().enumerate() {
        *x = crate::memory::load(global_base.add(off as usize + i), 1) as u8;
    }
    Some(SurfDesc::from_bytes(&b))
}

/// Resolves a surface access as every engine does: `Ok(Some(guest address))`
/// (the caller still checks the address against guest memory),
/// `Ok(None)` for an ignored out-of-range access, or the fault (without its
/// instruction index) for an unreadable descriptor or a trapping coordinate.
///
/// # Safety
/// `global_base .. global_base + global_limit` must be valid host memory.
#[allow(clippy::too_many_arguments)]
pub unsafe fn resolve_access(
    global_base: *const u8,
    global_limit: u64,
    desc: u64,
    dim: SurfDim,
    oob: SurfOob,
    xyz: [u32; 3],
    len: u32,
) -> Result<Option<u64>, FaultInfo> {
    let fault = |addr, len| FaultInfo {
        kind: fault_kind::OUT_OF_BOUNDS,
        inst: 0,
        addr,
        len,
        space: space_code(Space::Surface),
    };
    let Some(d) = read_desc(global_base, global_limit, desc) else {
        return Err(fault(desc, DESC_BYTES as u32));
    };
    match resolve(&d, dim, oob, xyz[0], xyz[1], xyz[2], len) {
        SurfTarget::Addr(a) => Ok(Some(a)),
        SurfTarget::Skip => Ok(None),
        SurfTarget::Trap(a) => Err(fault(a, len)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d2() -> SurfDesc {
        SurfDesc {
            base: 0x1000,
            width: 64,
            height: 4,
            depth: 1,
            row_pitch: 128,
            slice_pitch: 512,
        }
    }

    #[test]
    fn modes() {
        let d = d2();
        assert_eq!(
            resolve(&d, SurfDim::D2, SurfOob::Trap, 8, 2, 0, 4),
            SurfTarget::Addr(0x1000 + 256 + 8)
        );
        assert_eq!(
            resolve(&d, SurfDim::D2, SurfOob::Ignore, 64, 0, 0, 4),
            SurfTarget::Skip
        );
        assert_eq!(
            resolve(&d, SurfDim::D2, SurfOob::Clamp, 100, 9, 0, 4),
            SurfTarget::Addr(0x1000 + 3 * 128 + 60)
        );
        assert_eq!(
            resolve(&d, SurfDim::D2, SurfOob::Clamp, u32::MAX, 0, 0, 4),
            SurfTarget::Addr(0x1000)
        );
        assert!(matches!(
            resolve(&d, SurfDim::D2, SurfOob::Trap, 0, 4, 0, 4),
            SurfTarget::Trap(_)
        ));
        // 1D ignores y and z.
        assert_eq!(
            resolve(&d, SurfDim::D1, SurfOob::Trap, 4, 7, 9, 4),
            SurfTarget::Addr(0x1004)
        );
        assert_eq!(SurfDesc::from_bytes(&d.to_bytes()), d);
    }
}
