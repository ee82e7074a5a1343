//! The native baselines: the same operations, addresses, lanes and host
//! threads as a translated cell, written with `std::sync::atomic`.
//!
//! - A cell xisa lowers to a host atomic (global space, `device`/`system`
//!   scope) uses the native atomic: `fetch_add`, `fetch_sub`, `fetch_and`,
//!   `fetch_or`, `fetch_xor`, `fetch_min`/`fetch_max` (unsigned), `swap`,
//!   `compare_exchange`, and a `compare_exchange_weak` loop where Rust has no
//!   operation (signed min/max on an unsigned word, `inc`, `dec`, float and
//!   packed adds, float min/max).
//! - A cell xisa lowers to a plain read-modify-write (`wave`/`workgroup` scope,
//!   or shared memory) uses the honest native equivalent: a relaxed load, the
//!   computation and a relaxed store (plain `mov`s on x86-64, never merged by
//!   the optimizer), on the same global words, or on thread-private memory for
//!   the shared space (a workgroup runs on one host thread).
//!
//! Work is handed out like the runtime does: workgroup indices from one shared
//! counter; within a workgroup lane 0 does all its operations, then lane 1, …

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

use crate::matrix::{AtomOp, AtomType, Cell, Space, Work};
use crate::Error;

/// A cache-line-aligned group of `N` atomic words.
#[repr(C, align(64))]
pub struct Line<A, const N: usize>(pub [A; N]);

/// Host memory of one width.
pub trait Word: Sync + Send + Default {
    /// Stores 0.
    fn zero(&self);
}

impl Word for AtomicU32 {
    fn zero(&self) {
        self.store(0, Relaxed)
    }
}

impl Word for AtomicU64 {
    fn zero(&self) {
        self.store(0, Relaxed)
    }
}

/// Allocates zeroed lines covering `bytes`.
pub fn lines<A: Word, const N: usize>(bytes: u64) -> Vec<Line<A, N>> {
    let n = (bytes.div_ceil(64)).max(1) as usize;
    (0..n)
        .map(|_| Line(std::array::from_fn(|_| A::default())))
        .collect()
}

fn word<A, const N: usize>(mem: &[Line<A, N>], off: u64, size: u64) -> Result<&A, Error> {
    let i = (off / size) as usize;
    mem.get(i / N)
        .map(|l| &l.0[i % N])
        .ok_or_else(|| Error::Native(format!("offset {off} outside the baseline's memory")))
}

/// Runs the cell's work on `cell.threads` host threads, calling `f(word,
/// &mut cas_state)` `work.per_lane` times per lane.
fn drive<A, const N: usize, F>(
    cell: &Cell,
    work: &Work,
    global: &[Line<A, N>],
    f: F,
) -> Result<(), Error>
where
    A: Word,
    F: Fn(&A, &mut u64) + Sync,
{
    let size = u64::from(cell.op.ty.bytes());
    let groups = work.groups as u64;
    let block = work.block as u64;
    let threads = cell.threads.max(1).min(groups.max(1) as usize);
    let next = AtomicU64::new(0);
    let shared_bytes = cell.pattern.bytes(Space::Shared, 1, block);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (next, f) = (&next, &f);
                s.spawn(move || -> Result<(), Error> {
                    let private: Vec<Line<A, N>> = if cell.space == Space::Shared {
                        lines(shared_bytes)
                    } else {
                        Vec::new()
                    };
                    loop {
                        let wg = next.fetch_add(1, Relaxed);
                        if wg >= groups {
                            return Ok(());
                        }
                        let mem: &[Line<A, N>] = if cell.space == Space::Shared {
                            for l in &private {
                                l.0.iter().for_each(Word::zero);
                            }
                            &private
                        } else {
                            global
                        };
                        for lane in 0..block {
                            let off = cell.pattern.offset(cell.space, wg, lane, block, size);
                            let w = word(mem, off, size)?;
                            let mut c = 0u64;
                            for _ in 0..work.per_lane {
                                f(w, &mut c);
                            }
                        }
                    }
                })
            })
            .collect();
        let mut r = Ok(());
        for h in handles {
            match h.join() {
                Ok(Ok(())) => {}
                Ok(Err(e)) => r = Err(e),
                Err(_) => r = Err(Error::Native("a baseline thread panicked".into())),
            }
        }
        r
    })
}

fn f16x2_add(o: u32, v: u32) -> u32 {
    let lane = |x: u32, y: u32| {
        half::f16::from_f32(
            half::f16::from_bits(x as u16).to_f32() + half::f16::from_bits(y as u16).to_f32(),
        )
        .to_bits() as u32
    };
    lane(o & 0xffff, v & 0xffff) | lane(o >> 16, v >> 16) << 16
}

fn bf16x2_add(o: u32, v: u32) -> u32 {
    let lane = |x: u32, y: u32| {
        half::bf16::from_f32(
            half::bf16::from_bits(x as u16).to_f32() + half::bf16::from_bits(y as u16).to_f32(),
        )
        .to_bits() as u32
    };
    lane(o & 0xffff, v & 0xffff) | lane(o >> 16, v >> 16) << 16
}

macro_rules! native_width {
    ($name:ident, $atomic:ty, $u:ty, $s:ty, $f:ty, $n:literal) => {
        /// Runs one repetition of the baseline for a cell of this width.
        fn $name(cell: &Cell, work: &Work, mem: &[Line<$atomic, $n>]) -> Result<(), Error> {
            let v = cell.op.value_bits() as $u;
            let ty = cell.op.ty;
            // The new value from the old one, for CAS loops and plain RMWs.
            let new = move |o: $u| -> $u {
                match (cell.op.op, ty) {
                    (AtomOp::Add | AtomOp::SafeAdd, _) => o.wrapping_add(v),
                    (AtomOp::Sub, _) => o.wrapping_sub(v),
                    (AtomOp::And, _) => o & v,
                    (AtomOp::Or, _) => o | v,
                    (AtomOp::Xor, _) => o ^ v,
                    (AtomOp::SMin, _) => (o as $s).min(v as $s) as $u,
                    (AtomOp::SMax, _) => (o as $s).max(v as $s) as $u,
                    (AtomOp::UMin, _) => o.min(v),
                    (AtomOp::UMax, _) => o.max(v),
                    (AtomOp::Inc, _) => {
                        if o >= v {
                            0
                        } else {
                            o + 1
                        }
                    }
                    (AtomOp::Dec, _) => {
                        if o == 0 || o > v {
                            v
                        } else {
                            o - 1
                        }
                    }
                    (AtomOp::Exch | AtomOp::Cas, _) => v,
                    (AtomOp::FAdd, AtomType::F16x2) => f16x2_add(o as u32, v as u32) as $u,
                    (AtomOp::FAdd, AtomType::BF16x2) => bf16x2_add(o as u32, v as u32) as $u,
                    (AtomOp::FAdd, _) => (<$f>::from_bits(o) + <$f>::from_bits(v)).to_bits(),
                    (AtomOp::FMin, _) => <$f>::from_bits(o).min(<$f>::from_bits(v)).to_bits(),
                    (AtomOp::FMax, _) => <$f>::from_bits(o).max(<$f>::from_bits(v)).to_bits(),
                }
            };
            if !cell.host_atomic() {
                // Plain read-modify-write (one host thread owns the data).
                return match cell.op.op {
                    AtomOp::Cas => drive(cell, work, mem, |w: &$atomic, c: &mut u64| {
                        let o = w.load(Relaxed);
                        if o == *c as $u {
                            w.store(v, Relaxed);
                        }
                        *c = o as u64;
                    }),
                    _ => drive(cell, work, mem, |w: &$atomic, _| {
                        w.store(new(w.load(Relaxed)), Relaxed)
                    }),
                };
            }
            let cas_loop = |w: &$atomic, _: &mut u64| {
                let mut o = w.load(Relaxed);
                while let Err(x) = w.compare_exchange_weak(o, new(o), Relaxed, Relaxed) {
                    o = x;
                }
            };
            match cell.op.op {
                AtomOp::Add | AtomOp::SafeAdd => drive(cell, work, mem, |w: &$atomic, _| {
                    w.fetch_add(v, Relaxed);
                }),
                AtomOp::Sub => drive(cell, work, mem, |w: &$atomic, _| {
                    w.fetch_sub(v, Relaxed);
                }),
                AtomOp::And => drive(cell, work, mem, |w: &$atomic, _| {
                    w.fetch_and(v, Relaxed);
                }),
                AtomOp::Or => drive(cell, work, mem, |w: &$atomic, _| {
                    w.fetch_or(v, Relaxed);
                }),
                AtomOp::Xor => drive(cell, work, mem, |w: &$atomic, _| {
                    w.fetch_xor(v, Relaxed);
                }),
                AtomOp::UMin => drive(cell, work, mem, |w: &$atomic, _| {
                    w.fetch_min(v, Relaxed);
                }),
                AtomOp::UMax => drive(cell, work, mem, |w: &$atomic, _| {
                    w.fetch_max(v, Relaxed);
                }),
                AtomOp::Exch => drive(cell, work, mem, |w: &$atomic, _| {
                    w.swap(v, Relaxed);
                }),
                AtomOp::Cas => drive(cell, work, mem, |w: &$atomic, c: &mut u64| {
                    let r = w.compare_exchange(*c as $u, v, Relaxed, Relaxed);
                    *c = match r {
                        Ok(x) | Err(x) => x as u64,
                    };
                }),
                _ => drive(cell, work, mem, cas_loop),
            }
        }
    };
}

native_width!(run32, AtomicU32, u32, i32, f32, 16);
native_width!(run64, AtomicU64, u64, i64, f64, 8);

/// Host memory for a cell's global space.
pub enum NativeMem {
    W32(Vec<Line<AtomicU32, 16>>),
    W64(Vec<Line<AtomicU64, 8>>),
}

impl NativeMem {
    /// Zeroed memory for `cell`'s pattern.
    pub fn for_cell(cell: &Cell, work: &Work) -> NativeMem {
        let bytes = cell
            .pattern
            .bytes(Space::Global, work.groups as u64, work.block as u64);
        if cell.op.ty.bytes() == 8 {
            NativeMem::W64(lines(bytes))
        } else {
            NativeMem::W32(lines(bytes))
        }
    }
}

/// Runs one repetition of the native baseline of `cell`.
pub fn run(cell: &Cell, work: &Work, mem: &NativeMem) -> Result<(), Error> {
    match mem {
        NativeMem::W32(m) => run32(cell, work, m),
        NativeMem::W64(m) => run64(cell, work, m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::{OpSpec, Pattern, Scope};

    fn cell(op: AtomOp, ty: AtomType, scope: Scope, pattern: Pattern) -> Cell {
        Cell {
            op: OpSpec { op, ty },
            scope,
            space: Space::Global,
            pattern,
            threads: 2,
        }
    }

    #[test]
    fn native_add_counts_every_operation() {
        let work = Work {
            groups: 4,
            block: 8,
            per_lane: 10,
        };
        for scope in [Scope::Device, Scope::Workgroup] {
            let c = cell(AtomOp::Add, AtomType::B32, scope, Pattern::FewHot);
            let mem = NativeMem::for_cell(&c, &work);
            run(&c, &work, &mem).unwrap();
            let NativeMem::W32(m) = &mem else { panic!() };
            let total: u64 = m.iter().map(|l| l.0[0].load(Relaxed) as u64).sum();
            if scope == Scope::Device {
                assert_eq!(total, work.ops());
            } else {
                // Plain RMWs from two threads may lose updates; never more.
                assert!(total <= work.ops());
            }
        }
        let c = cell(AtomOp::FAdd, AtomType::F64, Scope::System, Pattern::Hot);
        let mem = NativeMem::for_cell(&c, &work);
        run(&c, &work, &mem).unwrap();
        let NativeMem::W64(m) = &mem else { panic!() };
        assert_eq!(f64::from_bits(m[0].0[0].load(Relaxed)), work.ops() as f64);
    }

    #[test]
    fn packed_adds() {
        assert_eq!(f16x2_add(0x3c00_3c00, 0x3c00_3c00), 0x4000_4000);
        assert_eq!(bf16x2_add(0x3f80_3f80, 0x3f80_3f80), 0x4000_4000);
    }
}
