//! The grid barrier ([`xisa_ir::BarOp::Grid`]): every workgroup of a launch
//! waits here until each of the others has arrived or exited, as a
//! cooperative launch's `grid_group::sync` does on a GPU. The launch runs
//! every workgroup of such a kernel on a host thread of its own, so the
//! waiting threads block instead of spinning.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How often a waiting workgroup looks at the launch's cancel flag (a fault
/// elsewhere or the timeout).
const CANCEL_POLL: Duration = Duration::from_millis(20);

/// A barrier over the workgroups of one launch.
#[derive(Debug)]
pub struct GridBarrier {
    total: u64,
    state: Mutex<State>,
    wake: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// Workgroups waiting in this generation.
    arrived: u64,
    /// Workgroups that have ended (exited, faulted or were cancelled): they
    /// count as arrived at every later generation, as exited threads do at
    /// a workgroup barrier.
    left: u64,
    /// Completed generations.
    generation: u64,
}

impl GridBarrier {
    /// A barrier for a grid of `total` workgroups.
    pub fn new(total: u64) -> Self {
        GridBarrier {
            total,
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
        }
    }

    /// Arrives and waits until every workgroup has arrived or left: false
    /// when `cancel` was set first.
    pub fn wait(&self, cancel: &AtomicBool) -> bool {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.arrived += 1;
        if self.complete(&mut st) {
            return true;
        }
        let gen = st.generation;
        while st.generation == gen {
            if cancel.load(Ordering::Relaxed) {
                return false;
            }
            st = self
                .wake
                .wait_timeout(st, CANCEL_POLL)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        true
    }

    /// A workgroup has ended: the others no longer wait for it.
    pub fn leave(&self) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.left += 1;
        if st.arrived > 0 {
            self.complete(&mut st);
        }
    }

    /// Starts the next generation when everyone is there.
    fn complete(&self, st: &mut State) -> bool {
        if st.arrived + st.left < self.total {
            return false;
        }
        st.arrived = 0;
        st.generation += 1;
        self.wake.notify_all();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    /// Every workgroup sees every other's write of the previous generation,
    /// and a workgroup that leaves early does not hold the others.
    #[test]
    fn generations_and_early_exits() {
        let n = 8u64;
        let bar = GridBarrier::new(n);
        let cancel = AtomicBool::new(false);
        let counters: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0)).collect();
        std::thread::scope(|s| {
            for w in 0..n {
                let (bar, cancel, counters) = (&bar, &cancel, &counters);
                s.spawn(move || {
                    // Workgroup w takes part in w + 1 generations, then leaves.
                    for g in 0..=w {
                        counters[w as usize].store(g + 1, Ordering::Relaxed);
                        assert!(bar.wait(cancel));
                        for (v, c) in counters.iter().enumerate() {
                            let want = (g + 1).min(v as u64 + 1);
                            assert!(c.load(Ordering::Relaxed) >= want, "generation {g}");
                        }
                        assert!(bar.wait(cancel));
                    }
                    bar.leave();
                });
            }
        });
    }

    /// A cancelled launch wakes its waiting workgroups.
    #[test]
    fn cancel_wakes_waiters() {
        let bar = GridBarrier::new(2);
        let cancel = AtomicBool::new(false);
        std::thread::scope(|s| {
            let h = s.spawn(|| bar.wait(&cancel));
            std::thread::sleep(Duration::from_millis(30));
            cancel.store(true, Ordering::Relaxed);
            assert!(!h.join().unwrap());
        });
    }
}
