//! Lockstep waves for machine code: where a converged wave's lanes must wait
//! for each other so that shared memory behaves as on the hardware.
//!
//! The engines run the lanes of a wave one after another between sync points.
//! A GPU runs a converged wave in lockstep: every instruction completes for all
//! active lanes before the next starts, and warp-synchronous code relies on it
//! (CUB's warp exchange writes a shared slot and reads a neighbour's;
//! `__syncwarp()` is a plain `NOP` on sm_75 once ptxas proves the warp
//! converged; AMD wave reductions through LDS have no barrier at all). Lane by
//! lane, lane 0 would read its neighbour's slot before lane 1 wrote it.
//!
//! [`insert_wave_syncs`] restores the hardware's order for shared memory (the
//! only memory a wave's lanes use to talk without atomics or fences, and the
//! only one no other host thread sees). It places an [`Op::WaveSync`] before a
//! shared-memory access whenever, since the last sync point on some path, a
//! lane may have made an access it conflicts with (a store or atomic after any
//! access, a load after a store or atomic). Between two sync points every
//! lane then makes either only loads or a single store/atomic, so running
//! the lanes one after another gives exactly the memory the lockstep wave
//! gives; loads with no store between them need no sync, and code separated
//! by a barrier or a warp operation needs none either.
//!
//! Host output is ordered the same way: a `hostcall` (device `printf`) after
//! another since the last sync point waits for the wave, so a converged
//! wave prints its lanes' first lines before any lane's second, as a warp
//! does.

use crate::inst::{Inst, Op};
use crate::kernel::Kernel;
use crate::types::Space;

/// Shared accesses made since the last sync point on some path (a bit set).
type State = u8;
const LOADED: State = 1;
const STORED: State = 2;
/// A host call (output) was made.
const CALLED: State = 4;

/// The kind of shared access an op makes, as a [`State`] bit (0: none).
fn shared_access(op: &Op) -> State {
    match op {
        Op::Load {
            space: Space::Shared,
            ..
        } => LOADED,
        Op::Store {
            space: Space::Shared,
            ..
        }
        | Op::Atomic {
            space: Space::Shared,
            ..
        } => STORED,
        Op::HostCall { .. } => CALLED,
        _ => 0,
    }
}

/// True when an access of `kind` after the accesses in `s` must wait for the
/// wave.
fn conflicts(s: State, kind: State) -> bool {
    match kind {
        STORED => s & (LOADED | STORED) != 0,
        LOADED => s & STORED != 0,
        _ => s & CALLED != 0,
    }
}

/// Steps one instruction; returns the new state and whether a sync is needed
/// before it. Only an unguarded sync point resets the state: lanes whose
/// guard is false pass a guarded one without stopping.
fn step(s: State, inst: &Inst) -> (State, bool) {
    if inst.op.is_sync() && inst.guard.is_none() {
        return (0, false);
    }
    match shared_access(&inst.op) {
        0 => (s, false),
        k if conflicts(s, k) => (k, true),
        k => (s | k, false),
    }
}

/// Inserts the wave syncs lockstep execution needs (see the module doc) and
/// returns how many. Each inherits the `pc` of the access it precedes.
pub fn insert_wave_syncs(k: &mut Kernel) -> usize {
    let n = k.blocks.len();
    if n == 0
        || !k
            .blocks
            .iter()
            .any(|b| b.insts.iter().any(|i| shared_access(&i.op) != 0))
    {
        return 0;
    }
    // In-states per block: a forward may-analysis (join = union).
    let mut input: Vec<Option<State>> = vec![None; n];
    input[0] = Some(0);
    // A call returns with whatever the callee did: assume everything.
    for r in k.return_blocks() {
        if let Some(s) = input.get_mut(r.0 as usize) {
            *s = Some(LOADED | STORED | CALLED);
        }
    }
    let mut work: Vec<usize> = (0..n).filter(|&b| input[b].is_some()).collect();
    while let Some(b) = work.pop() {
        let Some(mut s) = input[b] else { continue };
        for i in &k.blocks[b].insts {
            s = step(s, i).0;
        }
        for succ in k.blocks[b].term.successors() {
            let j = succ.0 as usize;
            let Some(slot) = input.get_mut(j) else {
                continue;
            };
            let new = slot.unwrap_or(0) | s;
            if *slot != Some(new) {
                *slot = Some(new);
                work.push(j);
            }
        }
    }
    let mut added = 0;
    for (b, block) in k.blocks.iter_mut().enumerate() {
        let Some(mut s) = input[b] else { continue };
        let mut out = Vec::with_capacity(block.insts.len());
        for inst in block.insts.drain(..) {
            let (next, sync) = step(s, &inst);
            if sync {
                let mut w = Inst::new(Op::WaveSync);
                w.pc = inst.pc;
                out.push(w);
                added += 1;
            }
            s = next;
            out.push(inst);
        }
        block.insts = out;
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    fn syncs_before(src: &str) -> (usize, String) {
        let mut m = parse_module(src).expect("parses");
        let k = &mut m.kernels[0];
        let n = insert_wave_syncs(k);
        crate::verify::verify_kernel(k).expect("verifies");
        (n, k.to_string())
    }

    #[test]
    fn exchange_through_shared_memory_waits_between_store_and_load() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %a: i32, %v: i32
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  st.shared.b32 [%a], %t
  %a = xor.i32 %a, 4
  %v = ld.shared.b32 [%a]
  %v = ld.shared.b32 [%a+4]
  st.shared.b32 [%a], %v
  exit
}",
        );
        // Before the first load (after a store) and before the last store
        // (after loads); the second load follows a load only.
        assert_eq!(n, 2, "{text}");
        let at: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.trim() == "wavesync")
            .map(|(i, _)| i)
            .collect();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[at[0] + 1].contains("ld.shared"), "{text}");
        assert!(lines[at[1] + 1].contains("st.shared"), "{text}");
    }

    #[test]
    fn host_calls_wait_for_the_wave_between_them() {
        let (n, text) = syncs_before(
            "kernel @x(%f: i64, %b: i64) {
  reg %r: i32, %t: i32, %q: i1
entry:
  %r = hostcall.printf %f, %b, 0, 0
  %t = special.tid.x
  %r = hostcall.printf %f, %b, 0, 0
  brc %q, more, done
more:
  hostcall.printf %f, %b, 0, 0
  br done
done:
  exit
}",
        );
        // Before the second and the third call; none before the first.
        assert_eq!(n, 2, "{text}");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let first = lines.iter().position(|l| l.contains("hostcall")).unwrap();
        assert_ne!(lines[first - 1], "wavesync", "{text}");
        // The text form round-trips.
        let m = parse_module(&text).expect("reparses");
        assert_eq!(m.kernels[0].to_string(), text);
    }

    #[test]
    fn barriers_and_warp_ops_are_sync_points_already() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %v: i32
entry:
  %t = special.tid.x
  st.shared.b32 [%t], %t
  barrier
  %v = ld.shared.b32 [%t+4]
  %v = shfl.i32 %v, 1
  st.shared.b32 [%t], %v
  exit
}",
        );
        assert_eq!(n, 0, "{text}");
    }

    #[test]
    fn a_guarded_barrier_does_not_separate_accesses() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %v: i32, %p: i1
entry:
  %t = special.tid.x
  %p = icmp.ult.i32 %t, 4
  st.shared.b32 [%t], %t
  @%p barrier
  %v = ld.shared.b32 [%t+4]
  exit
}",
        );
        assert_eq!(n, 1, "{text}");
    }

    #[test]
    fn a_store_in_a_loop_reaches_the_load_at_its_top() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %v: i32, %p: i1
entry:
  %t = special.tid.x
  br top
top:
  %v = ld.shared.b32 [%t]
  %v = add.i32 %v, 1
  atom.shared.add.b32.workgroup.relaxed [%t], %v
  %p = icmp.ult.i32 %v, 10
  brc %p, top, done
done:
  exit
}",
        );
        // Before the atomic (after the load) and before the load (after the
        // atomic of the previous iteration).
        assert_eq!(n, 2, "{text}");
    }

    #[test]
    fn kernels_without_shared_accesses_are_untouched() {
        let (n, _) = syncs_before(
            "kernel @x(%o: i64) {
entry:
  st.global.b32 [%o], 1
  exit
}",
        );
        assert_eq!(n, 0);
    }
}
