//! The reference interpreter: executes IR directly with the exact semantics of
//! [`xisa_ir::semantics`]. It is the oracle for the JIT and for the lifters, so
//! it favours obviousness over speed.
//!
//! It implements [`LaneProgram`]: the runtime's scheduler drives it exactly like
//! JIT-compiled code (same lane context, same stop codes, same sync handling).

use std::sync::atomic::Ordering;
use xisa_ir::op;

use xisa_ir::semantics as sem;
use xisa_ir::{
    Address, AtomOp, BlockId, Inst, Kernel, MemKind, Op, Operand, Order, Reg, SReg, Scope, Space,
    Term, Type,
};
use xisa_runtime::ctx::{self, fault_kind, space_code, Counters, FaultInfo, LaneCtx};
use xisa_runtime::memory::{self, GUEST_BASE};
use xisa_runtime::surface;
use xisa_runtime::LaneProgram;

/// A kernel prepared for interpretation.
pub struct Interp {
    kernel: Kernel,
    /// Per block: heads a streaming loop (`Kernel::streaming_loop_heads`).
    streaming: Vec<bool>,
    /// Per block, per instruction: its sync-point index, if it is one.
    sync_index: Vec<Vec<Option<u32>>>,
    /// Sync point index -> (block, instruction).
    sync_loc: Vec<(BlockId, u32)>,
    /// Flat index of each block's first instruction.
    block_flat: Vec<u32>,
    count_stats: bool,
}

/// A guest fault raised while executing one instruction.
struct Trap(FaultInfo);

type R<T> = Result<T, Trap>;

fn fault(kind: u32, space: Space, addr: u64, len: u32) -> Trap {
    Trap(FaultInfo {
        kind,
        inst: 0,
        addr,
        len,
        space: space_code(space),
    })
}

impl Interp {
    /// Prepares `kernel` (which should have passed the verifier). `count_stats`
    /// enables the per-op atomic counters.
    pub fn new(kernel: &Kernel, count_stats: bool) -> Self {
        let sync_loc = kernel.sync_points();
        let mut sync_index: Vec<Vec<Option<u32>>> = kernel
            .blocks
            .iter()
            .map(|b| vec![None; b.insts.len()])
            .collect();
        for (k, &(b, i)) in sync_loc.iter().enumerate() {
            sync_index[b.0 as usize][i as usize] = Some(k as u32);
        }
        let mut block_flat = Vec::with_capacity(kernel.blocks.len());
        let mut n = 0u32;
        for b in &kernel.blocks {
            block_flat.push(n);
            n += b.insts.len() as u32 + 1;
        }
        Interp {
            kernel: kernel.clone(),
            streaming: kernel.streaming_loop_heads(),
            sync_index,
            sync_loc,
            block_flat,
            count_stats,
        }
    }

    /// The kernel being interpreted.
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }
}

/// One lane's view while it runs.
struct Lane<'a> {
    ctx: &'a mut LaneCtx,
    regs: &'a mut [u64],
    kernel: &'a Kernel,
}

impl Lane<'_> {
    fn get(&self, op: Operand) -> u64 {
        match op {
            Operand::Reg(r) => self.reg(r),
            Operand::Imm(v) => v,
        }
    }

    /// Register `r`'s slot (the file is laid out by register: `ctx::REG_STRIDE`).
    fn reg(&self, r: Reg) -> u64 {
        self.regs[r.0 as usize * ctx::REG_STRIDE]
    }

    fn set(&mut self, r: Reg, v: u64) {
        let ty = self.kernel.regs[r.0 as usize].ty;
        self.regs[r.0 as usize * ctx::REG_STRIDE] = v & ty.mask();
    }

    /// Resolves a flat address in `space` to a host pointer and the address the
    /// guest sees (for alignment and messages), checking `len` bytes.
    fn flat(&self, space: Space, base: Operand, offset: i64, len: u32) -> R<(*mut u8, u64)> {
        let b = self.get(base);
        let (host, size, addr) = match space {
            Space::Global | Space::Const => {
                let addr = b.wrapping_add(offset as u64);
                let off = addr.wrapping_sub(GUEST_BASE);
                return if off <= self.ctx.global_limit
                    && (len as u64) <= self.ctx.global_limit - off
                {
                    // SAFETY: off + len is within the mapped guest memory.
                    Ok((unsafe { self.ctx.global_base.add(off as usize) }, addr))
                } else {
                    Err(fault(fault_kind::OUT_OF_BOUNDS, space, addr, len))
                };
            }
            Space::Shared => (
                self.ctx.shared_base,
                self.ctx.shared_size,
                xisa_ir::window_offset(b, offset),
            ),
            Space::Local => (
                self.ctx.local_base,
                self.ctx.local_size,
                xisa_ir::window_offset(b, offset),
            ),
            Space::Param => (
                self.ctx.param_base as *mut u8,
                self.ctx.param_size,
                xisa_ir::window_offset(b, offset),
            ),
            Space::Buffer | Space::Surface => {
                return Err(fault(fault_kind::OUT_OF_BOUNDS, space, b, len))
            }
        };
        if addr <= size && (len as u64) <= size - addr {
            // SAFETY: addr + len is within the window of `size` bytes at `host`.
            Ok((unsafe { host.add(addr as usize) }, addr))
        } else {
            Err(fault(fault_kind::OUT_OF_BOUNDS, space, addr, len))
        }
    }

    /// Resolves an address; `Ok(None)` is an out-of-range buffer access (loads
    /// read 0, stores and atomics are dropped).
    fn resolve(&self, space: Space, addr: &Address, len: u32) -> R<Option<(*mut u8, u64)>> {
        match *addr {
            Address::Flat { base, offset } => self.flat(space, base, offset, len).map(Some),
            Address::Buffer(b) => {
                let (base, size) = (self.get(b.base), self.get(b.size));
                let off = (self.get(b.offset) & 0xffff_ffff) as i64 + b.imm;
                if base == 0 || off < 0 || (off as u64).saturating_add(len as u64) > size {
                    return Ok(None);
                }
                self.flat(Space::Global, Operand::Imm(base), off, len)
                    .map(Some)
                    .map_err(|mut t| {
                        t.0.space = space_code(Space::Buffer);
                        t
                    })
            }
            Address::Surface(s) => {
                let xyz = [s.x, s.y, s.z].map(|c| self.get(c) as u32);
                // SAFETY: the ctx's global window is valid guest memory.
                let r = unsafe {
                    surface::resolve_access(
                        self.ctx.global_base,
                        self.ctx.global_limit,
                        self.get(s.desc),
                        s.dim,
                        s.oob,
                        xyz,
                        len,
                    )
                };
                match r {
                    Ok(Some(a)) => self
                        .flat(Space::Global, Operand::Imm(a), 0, len)
                        .map(Some)
                        .map_err(|mut t| {
                            t.0.space = space_code(Space::Surface);
                            t
                        }),
                    Ok(None) => Ok(None),
                    Err(f) => Err(Trap(f)),
                }
            }
        }
    }

    fn load(&mut self, space: Space, mem: xisa_ir::MemType, dsts: &[Reg], addr: &Address) -> R<()> {
        let eb = mem.kind.bytes();
        let p = self.resolve(space, addr, mem.bytes())?;
        for (i, &d) in dsts.iter().enumerate() {
            let v = match p {
                // SAFETY: the whole access was bounds-checked by `resolve`.
                Some((p, _)) => unsafe { memory::load(p.add(i * eb as usize), eb) },
                None => 0,
            };
            let v = match mem.kind {
                MemKind::S8 => sem::sext(Type::I8, v) as u64,
                MemKind::S16 => sem::sext(Type::I16, v) as u64,
                _ => v,
            };
            self.set(d, v);
        }
        Ok(())
    }

    fn store(
        &mut self,
        space: Space,
        mem: xisa_ir::MemType,
        srcs: &[Operand],
        addr: &Address,
    ) -> R<()> {
        if !space.writable() {
            return Err(fault(fault_kind::READ_ONLY, space, 0, mem.bytes()));
        }
        let eb = mem.kind.bytes();
        let Some((p, _)) = self.resolve(space, addr, mem.bytes())? else {
            return Ok(());
        };
        for (i, &s) in srcs.iter().enumerate() {
            // SAFETY: bounds-checked by `resolve`.
            unsafe { memory::store(p.add(i * eb as usize), eb, self.get(s)) };
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn atomic(&mut self, a: &op::Atomic, count: bool) -> R<()> {
        let op::Atomic {
            op,
            ty,
            space,
            scope,
            ftz,
            dst,
            ref addr,
            src,
            cmp,
            ..
        } = *a;
        if !space.writable() {
            return Err(fault(fault_kind::READ_ONLY, space, 0, ty.bytes()));
        }
        let len = ty.bytes();
        let Some((p, guest)) = self.resolve(space, addr, len)? else {
            if let Some(d) = dst {
                self.set(d, 0);
            }
            return Ok(());
        };
        if !guest.is_multiple_of(len as u64) {
            return Err(fault(fault_kind::MISALIGNED, space, guest, len));
        }
        if count {
            let oi = AtomOp::ALL.iter().position(|&o| o == op).unwrap_or(0);
            let si = Scope::ALL.iter().position(|&s| s == scope).unwrap_or(0);
            // SAFETY: the runtime gives every lane a valid per-worker counter block.
            let c: &mut Counters = unsafe { &mut *self.ctx.counters };
            c.atomics[oi][si] += 1;
        }
        // Memory other workgroups can reach needs a host atomic whatever the
        // scope; shared and local memory have one host thread (docs/scopes.md).
        let host_atomic = space.shared_across_workgroups();
        let (s, c) = (self.get(src), cmp.map(|c| self.get(c)).unwrap_or(0));
        // SAFETY: bounds-checked and aligned to `len` (guest and host windows are
        // 8-byte aligned).
        let old = unsafe { memory::atomic_rmw(p, op, ty, ftz, s, c, host_atomic) };
        if let Some(d) = dst {
            self.set(d, old);
        }
        Ok(())
    }

    fn special(&self, s: SReg) -> u64 {
        let c = &*self.ctx;
        (match s {
            SReg::TidX => c.tid[0],
            SReg::TidY => c.tid[1],
            SReg::TidZ => c.tid[2],
            SReg::NTidX => c.ntid[0],
            SReg::NTidY => c.ntid[1],
            SReg::NTidZ => c.ntid[2],
            SReg::CtaIdX => c.ctaid[0],
            SReg::CtaIdY => c.ctaid[1],
            SReg::CtaIdZ => c.ctaid[2],
            SReg::NCtaIdX => c.nctaid[0],
            SReg::NCtaIdY => c.nctaid[1],
            SReg::NCtaIdZ => c.nctaid[2],
            SReg::LaneId => c.lane_id,
            SReg::WaveId => c.wave_id,
            SReg::WaveSize => c.wave_size,
            SReg::DynSharedBase => c.dyn_shared_base,
            SReg::DynSharedSize => c.dyn_shared_size,
            SReg::GridId => c.grid_id,
            SReg::LocalSize => return c.local_size,
            SReg::Clock => return c.insts,
        }) as u64
    }

    /// Executes one non-sync operation.
    fn exec(&mut self, op: &Op, count_stats: bool) -> R<()> {
        if let Some((dst, v)) = sem::value(op, |o| self.get(o)) {
            self.set(dst, v);
            return Ok(());
        }
        match *op {
            Op::Special { dst, sreg } => {
                let v = self.special(sreg);
                self.set(dst, v)
            }
            Op::Load(op::Load {
                space,
                mem,
                order,
                scope,
                ref dsts,
                ref addr,
                ..
            }) => {
                self.load(space, mem, dsts, addr)?;
                // Later accesses may not move above an acquire (or seq_cst)
                // load another host thread's store made visible.
                if order.is_acquire() && space.host_ordered(scope) {
                    std::sync::atomic::fence(Ordering::Acquire);
                }
            }
            Op::Store(op::Store {
                space,
                mem,
                order,
                scope,
                ref srcs,
                ref addr,
            }) => {
                let host = space.host_ordered(scope);
                if host && order.is_release() {
                    std::sync::atomic::fence(Ordering::Release);
                }
                self.store(space, mem, srcs, addr)?;
                // A seq_cst store is ordered before later loads: as the JIT's
                // `atomic_store` (mov + mfence).
                if host && order == Order::SeqCst {
                    std::sync::atomic::fence(Ordering::SeqCst);
                }
            }
            Op::Atomic(ref a) => self.atomic(a, count_stats)?,
            Op::Fence { scope, order } if order == Order::SeqCst && !scope.within_workgroup() => {
                std::sync::atomic::fence(Ordering::SeqCst);
            }
            Op::HostCall {
                func,
                dst,
                ref args,
            } => {
                let vals: Vec<u64> = args.iter().map(|&a| self.get(a)).collect();
                let r = xisa_runtime::host::call(self.ctx, func, &vals).map_err(Trap)?;
                if let Some(d) = dst {
                    self.set(d, r);
                }
            }
            // Value ops were evaluated above; sync points are the caller's.
            _ => {}
        }
        Ok(())
    }

    fn guard_ok(&self, inst: &Inst) -> bool {
        match inst.guard {
            None => true,
            Some(g) => (self.reg(g.reg) & 1 != 0) != g.negate,
        }
    }

    fn cancelled(&self) -> bool {
        // SAFETY: the runtime keeps the cancel flag alive for the whole launch.
        unsafe { (*self.ctx.cancel).load(Ordering::Relaxed) }
    }
}

impl LaneProgram for Interp {
    fn run(&self, ctx: &mut LaneCtx) -> u32 {
        let k = &self.kernel;
        let start = match ctx.resume {
            ctx::RESUME_ENTRY => Some((0usize, 0usize)),
            r if r >= ctx::RESUME_BLOCK_BASE => {
                let b = (r - ctx::RESUME_BLOCK_BASE) as usize;
                (b < k.blocks.len()).then_some((b, 0))
            }
            r => self
                .sync_loc
                .get((r - ctx::RESUME_AFTER_SYNC_BASE) as usize)
                .map(|&(b, i)| (b.0 as usize, i as usize + 1)),
        };
        // An unknown resume point: a trap at the kernel entry (as the JIT
        // reports it), not a run from an arbitrary place.
        let Some((mut block, mut idx)) = start else {
            ctx.fault = FaultInfo {
                kind: ctx::fault_kind::TRAP,
                ..FaultInfo::default()
            };
            return ctx::STOP_FAULT;
        };
        // The lane's slots from its first register's to its last's.
        let span = k.regs.len().saturating_sub(1) * ctx::REG_STRIDE + 1;
        // SAFETY: the runtime gives each lane a slot in every register's
        // row (`ctx::REG_STRIDE` apart), every kernel at least one.
        let regs = unsafe { std::slice::from_raw_parts_mut(ctx.regs, span) };
        let mut lane = Lane {
            ctx,
            regs,
            kernel: k,
        };
        let mut backedges = 0u32;
        loop {
            let Some(b) = k.blocks.get(block) else {
                return ctx::STOP_EXIT;
            };
            while idx < b.insts.len() {
                let inst = &b.insts[idx];
                lane.ctx.insts += 1;
                if lane.guard_ok(inst) {
                    if let Some(s) = self.sync_index[block][idx] {
                        return ctx::STOP_SYNC_BASE + s;
                    }
                    if let Err(Trap(mut f)) = lane.exec(&inst.op, self.count_stats) {
                        f.inst = self.block_flat[block] + idx as u32;
                        lane.ctx.fault = f;
                        return ctx::STOP_FAULT;
                    }
                }
                idx += 1;
            }
            lane.ctx.insts += 1;
            let term_flat = self.block_flat[block] + b.insts.len() as u32;
            let raise = |lane: &mut Lane, kind| {
                lane.ctx.fault = FaultInfo {
                    kind,
                    inst: term_flat,
                    ..FaultInfo::default()
                };
                ctx::STOP_FAULT
            };
            let next = match &b.term {
                Term::Br(t) => t.0 as usize,
                Term::BrCond { cond, then_, else_ } => {
                    if lane.reg(*cond) & 1 != 0 {
                        then_.0 as usize
                    } else {
                        else_.0 as usize
                    }
                }
                Term::Switch {
                    index,
                    targets,
                    default,
                } => {
                    let i = lane.reg(*index);
                    targets.get(i as usize).unwrap_or(default).0 as usize
                }
                Term::Call { target, ret } => {
                    let d = lane.ctx.call_depth as usize;
                    if d >= ctx::CALL_STACK_DEPTH {
                        return raise(&mut lane, fault_kind::CALL_OVERFLOW);
                    }
                    // SAFETY: the runtime gives each lane CALL_STACK_DEPTH slots.
                    unsafe { *lane.ctx.call_stack.add(d) = ret.0 };
                    lane.ctx.call_depth += 1;
                    if lane.cancelled() {
                        return ctx::STOP_CANCELLED;
                    }
                    target.0 as usize
                }
                Term::Ret => {
                    if lane.ctx.call_depth == 0 {
                        return raise(&mut lane, fault_kind::RET_EMPTY);
                    }
                    lane.ctx.call_depth -= 1;
                    // SAFETY: below the depth, written by `call`.
                    unsafe { *lane.ctx.call_stack.add(lane.ctx.call_depth as usize) as usize }
                }
                Term::Exit => return ctx::STOP_EXIT,
                Term::Trap => return raise(&mut lane, fault_kind::TRAP),
            };
            if next <= block {
                if lane.cancelled() {
                    return ctx::STOP_CANCELLED;
                }
                backedges += 1;
                let limit = if self.streaming[next] {
                    ctx::YIELD_STREAMING
                } else {
                    ctx::YIELD_BACKEDGES
                };
                if backedges >= limit {
                    lane.ctx.resume = ctx::RESUME_BLOCK_BASE + next as u32;
                    return ctx::STOP_YIELD;
                }
            }
            block = next;
            idx = 0;
        }
    }
}

#[cfg(test)]
mod tests;
