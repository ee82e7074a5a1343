//! Which `s_waitcnt` instructions must drain the host's store buffer.
//!
//! On gfx942 `s_waitcnt vmcnt(N)` stalls the wave until at most N of its vector
//! memory operations are outstanding; a store counts until it is performed.
//! LLVM's memory model (AMDGPUUsage, "Memory Model GFX942") gets sequential
//! consistency from exactly that: a seq_cst fence is `buffer_wbl2; s_waitcnt
//! vmcnt(0) lgkmcnt(0); buffer_inv`, and a seq_cst load starts with `s_waitcnt
//! vmcnt(0) lgkmcnt(0)` so that an earlier seq_cst store is performed before it.
//! xisa performs stores at once, but an x86-64 host keeps them in a store
//! buffer that a later load may pass, so such a wait must be a host `mfence`
//! (an IR `fence.seq_cst.device`). Emitting one at every vmcnt wait would put a
//! fence after nearly every load, so a forward data-flow over the kernel finds
//! the waits that can follow a store still outstanding: only those drain.
//!
//! The state at an instruction is `None` (no store other host threads can see
//! is outstanding) or `Some(k)`: such a store may be outstanding with at least
//! `k` vector memory operations issued after the latest one. Vector memory
//! operations complete in order, so `vmcnt(N)` with `N <= k` guarantees the
//! store is performed. Only device- and system-scope stores (`sc1`) count:
//! plain stores cannot be relied on for that order (`orders_across_threads`);
//! scratch stores are private to the lane, and LDS (lgkmcnt) is seen only by
//! the workgroup's one host thread: neither needs a drain. Atomics are locked
//! host instructions, performed when issued.

use std::collections::{BTreeMap, BTreeSet};

use super::super::decode::Inst;
use super::super::memsem::{mem_row, Access};
use super::super::semantics::Kind;
use super::super::tables::tables;
use super::{branch_target, kind_of};

/// The `vmcnt` value a wait allows (63: it does not wait on vmcnt).
pub(super) fn vmcnt(i: &Inst) -> Option<u32> {
    if kind_of(i) != Some(Kind::SWaitcnt) {
        return None;
    }
    let v = i.get("simm16");
    let vm = (v & 0xf) | ((v >> 14) & 3) << 4;
    (vm != 63).then_some(vm)
}

/// Saturation of the operation count (vmcnt is 6 bits).
const MAX_K: u8 = 63;

type State = Option<u8>;

/// The least upper bound of two states: a pending store on either path is
/// pending, with the fewer operations after it.
fn join(a: State, b: State) -> State {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(p), Some(q)) => Some(p.min(q)),
    }
}

/// What one instruction does to the state (the wait itself is handled by the
/// caller, which knows whether it drains).
fn transfer(i: &Inst, s: State) -> State {
    let fmt = tables().formats[i.opcode.format].name.as_str();
    if let Some(n) = vmcnt(i) {
        return match s {
            Some(k) if n <= u32::from(k) => None,
            _ => s,
        };
    }
    if kind_of(i) == Some(Kind::SCall) {
        // The callee may leave a store outstanding.
        return Some(0);
    }
    if fmt != "FLAT" && fmt != "MUBUF" {
        return s;
    }
    let store = matches!(mem_row(&i.opcode.mnemonic), Some(Ok(r)) if r.access == Access::Store);
    if store && orders_across_threads(i) {
        Some(0)
    } else {
        s.map(|k| (k + 1).min(MAX_K))
    }
}

/// Whether a store can take part in a store-to-load order that another host
/// thread may observe: one at device or system scope (`sc1`: LLVM's atomic
/// stores at agent and system scope and volatile stores), never to the lane's
/// own scratch. A store without `sc1` is non-atomic (or a workgroup-scope
/// atomic, whose workgroup runs on one host thread): another thread that reads
/// it without a happens-before edge races with it, so no program may depend
/// on its order against later loads, and a loop that stores plain data pays
/// no `mfence` per iteration.
fn orders_across_threads(i: &Inst) -> bool {
    i.opcode.variant != "scratch" && i.get("sc1") == 1
}

/// Offsets (relative to the code) of the `s_waitcnt` instructions of `items`
/// that must drain the store buffer. `entry_pending` is the state at offset 0:
/// false for a kernel (nothing was issued before it), true for a function
/// (its caller may have left a store outstanding).
pub(super) fn draining_waits(
    items: &[(usize, usize, Inst)],
    entry_pending: bool,
) -> BTreeSet<usize> {
    let index: BTreeMap<usize, usize> = items
        .iter()
        .enumerate()
        .map(|(n, (off, _, _))| (*off, n))
        .collect();
    // In-state per instruction; None = not reached yet.
    let mut state: Vec<Option<State>> = vec![None; items.len()];
    let mut work: Vec<usize> = Vec::new();
    if !items.is_empty() {
        state[0] = Some(entry_pending.then_some(0));
        work.push(0);
    }
    while let Some(n) = work.pop() {
        let (off, len, i) = &items[n];
        let out = transfer(i, state[n].flatten());
        let mut succ = Vec::new();
        if let Some(t) = branch_target(i, *off) {
            succ.extend(usize::try_from(t).ok().and_then(|t| index.get(&t)));
        }
        let ends = matches!(
            kind_of(i),
            Some(Kind::SBranch | Kind::SEnd | Kind::STrap | Kind::SRet)
        );
        if !ends {
            succ.extend(index.get(&(off + len)));
        }
        for &s in &succ {
            let new = match state[s] {
                None => out,
                Some(old) => join(old, out),
            };
            if state[s] != Some(new) {
                state[s] = Some(new);
                work.push(s);
            }
        }
    }
    items
        .iter()
        .zip(&state)
        .filter_map(|((off, _, i), s)| {
            let n = vmcnt(i)?;
            let k = (*s)??;
            (n <= u32::from(k)).then_some(*off)
        })
        .collect()
}
