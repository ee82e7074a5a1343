//! Atomics and fences, lowered by scope (the table is in `docs/scopes.md`).
//!
//! A workgroup runs on one host thread, so atomics at wave/workgroup scope and
//! every atomic on shared (or lane-private local) memory need no host atomicity:
//! they are a plain load / op / store. Device/cluster/system-scope atomics on
//! global or buffer memory are host atomics: `atomic_rmw` where Cranelift has
//! the op, `atomic_cas` for cas, and a CAS loop for the rest (inc, dec, float
//! add/min/max, packed f16x2/bf16x2 add, ftz).

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types as clt, AtomicRmwOp, InstBuilder, MemFlagsData, Value};
use xisa_ir::op;
use xisa_ir::{Address, AtomOp, AtomType, FBinOp, Order, Reg, Round, Scope, Space, Type};
use xisa_runtime::ctx::{fault_kind, LaneCtx};

use super::values::int_type;
use super::Lowerer;
use crate::helpers::{index_of, Code, Helper};
use crate::JitError;

/// The Cranelift read-modify-write op with the IR op's semantics on raw bits.
fn native_rmw(op: AtomOp) -> Option<AtomicRmwOp> {
    Some(match op {
        // SASS SAFEADD is a plain wrapping add.
        AtomOp::Add | AtomOp::SafeAdd => AtomicRmwOp::Add,
        AtomOp::Sub => AtomicRmwOp::Sub,
        AtomOp::And => AtomicRmwOp::And,
        AtomOp::Or => AtomicRmwOp::Or,
        AtomOp::Xor => AtomicRmwOp::Xor,
        AtomOp::Exch => AtomicRmwOp::Xchg,
        AtomOp::UMin => AtomicRmwOp::Umin,
        AtomOp::UMax => AtomicRmwOp::Umax,
        AtomOp::SMin => AtomicRmwOp::Smin,
        AtomOp::SMax => AtomicRmwOp::Smax,
        _ => return None,
    })
}

impl Lowerer<'_, '_> {
    pub(super) fn lower_atomic(&mut self, a: &op::Atomic) -> Result<(), JitError> {
        let len = a.ty.bytes();
        let it = if len == 8 { Type::I64 } else { Type::I32 };
        let rt = a.ty.reg_type();
        let src = self.read(a.src, rt);
        let src = self.bits_of(src, rt);
        let cmp = match a.cmp {
            Some(c) => {
                let v = self.read(c, rt);
                self.bits_of(v, rt)
            }
            None => self.iconst(int_type(it), 0),
        };
        if !a.space.writable() {
            // Reported without an address, as the interpreter does.
            let zero = self.iconst(clt::I64, 0);
            self.fault_now(fault_kind::READ_ONLY, zero, len, a.space);
            return Ok(());
        }
        // Atomicity follows the space, not the scope (Space::shared_across_workgroups).
        let host_atomic = a.space.shared_across_workgroups();
        match a.addr {
            Address::Flat { base, offset } => {
                let Some(c) = self.flat_access(a.space, base, offset, len) else {
                    return Ok(());
                };
                self.check_aligned(c.addr, len, a.space);
                self.count_atomic(a.op, a.scope);
                let old = self.rmw(a, c.host, host_atomic, src, cmp);
                self.write_old(a.dst, old, it);
            }
            Address::Buffer(_) | Address::Surface(_) => {
                let (guest, inb, sp) = self.descriptor_addr(a.addr, len);
                self.buffer_split(
                    inb,
                    |s| {
                        let c = s.global_access(guest, len, sp);
                        s.check_aligned(c.addr, len, sp);
                        s.count_atomic(a.op, a.scope);
                        let old = s.rmw(a, c.host, host_atomic, src, cmp);
                        s.write_old(a.dst, old, it);
                        Ok(())
                    },
                    // A dropped buffer or ignored surface atomic returns 0.
                    |s| {
                        let z = s.iconst(int_type(it), 0);
                        s.write_old(a.dst, z, it);
                    },
                )?;
            }
        }
        Ok(())
    }

    fn write_old(&mut self, dst: Option<Reg>, old: Value, it: Type) {
        if let Some(d) = dst {
            self.write(d, old, it);
        }
    }

    /// Atomics must be aligned to their size (the guest-visible address).
    fn check_aligned(&mut self, addr: Value, len: u32, space: Space) {
        let m = self.iconst(clt::I64, len as u64 - 1);
        let low = self.b.ins().band(addr, m);
        let zero = self.iconst(clt::I64, 0);
        let ok = self.b.ins().icmp(IntCC::Equal, low, zero);
        self.check(ok, fault_kind::MISALIGNED, addr, len, space);
    }

    /// The read-modify-write itself; returns the old value.
    fn rmw(
        &mut self,
        a: &op::Atomic,
        host: Value,
        host_atomic: bool,
        src: Value,
        cmp: Value,
    ) -> Value {
        let ct = self.b.func.dfg.value_type(src);
        let flags = MemFlagsData::trusted();
        if !host_atomic {
            // One host thread per workgroup: nobody else can see this location
            // between the load and the store.
            let old = self.b.ins().load(ct, flags, host, 0);
            if a.op == AtomOp::Cas {
                // Store only on a match, behind a branch: the next access to
                // the location does not wait for the compare (a CAS retry
                // loop's chain is then load, forwarded store, load).
                let hit = self.b.ins().icmp(IntCC::Equal, old, cmp);
                let store = self.b.create_block();
                let done = self.b.create_block();
                self.b.ins().brif(hit, store, &[], done, &[]);
                self.b.switch_to_block(store);
                self.b.ins().store(flags, src, host, 0);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(done);
                return old;
            }
            let new = self.atomic_new(a, old, src, cmp);
            self.b.ins().store(flags, new, host, 0);
            return old;
        }
        if let Some(op) = native_rmw(a.op) {
            return self.b.ins().atomic_rmw(ct, flags, op, host, src);
        }
        if a.op == AtomOp::Cas {
            return self.b.ins().atomic_cas(flags, host, cmp, src);
        }
        self.cas_loop(a, host, src, cmp)
    }

    /// `old = load; loop { new = f(old); prev = cas(p, old, new); if prev == old
    /// break; old = prev }`.
    fn cas_loop(&mut self, a: &op::Atomic, host: Value, src: Value, cmp: Value) -> Value {
        let ct = self.b.func.dfg.value_type(src);
        let flags = MemFlagsData::trusted();
        let head = self.b.create_block();
        let done = self.b.create_block();
        let old = self.b.append_block_param(head, ct);
        let result = self.b.append_block_param(done, ct);
        let init = self.b.ins().atomic_load(ct, flags, host);
        self.b.ins().jump(head, &[init.into()]);
        self.b.switch_to_block(head);
        let new = self.atomic_new(a, old, src, cmp);
        let prev = self.b.ins().atomic_cas(flags, host, old, new);
        let same = self.b.ins().icmp(IntCC::Equal, prev, old);
        self.b
            .ins()
            .brif(same, done, &[prev.into()], head, &[prev.into()]);
        self.b.switch_to_block(done);
        result
    }

    /// The value an atomic stores given the old one (raw bits), as
    /// `semantics::atomic_apply`.
    fn atomic_new(&mut self, a: &op::Atomic, old: Value, src: Value, cmp: Value) -> Value {
        let ct = self.b.func.dfg.value_type(old);
        let packed = matches!(a.ty, AtomType::F16x2 | AtomType::BF16x2);
        match a.op {
            AtomOp::Add | AtomOp::SafeAdd => self.b.ins().iadd(old, src),
            AtomOp::Sub => self.b.ins().isub(old, src),
            AtomOp::And => self.b.ins().band(old, src),
            AtomOp::Or => self.b.ins().bor(old, src),
            AtomOp::Xor => self.b.ins().bxor(old, src),
            AtomOp::SMin => self.b.ins().smin(old, src),
            AtomOp::SMax => self.b.ins().smax(old, src),
            AtomOp::UMin => self.b.ins().umin(old, src),
            AtomOp::UMax => self.b.ins().umax(old, src),
            AtomOp::Exch => src,
            AtomOp::Inc => {
                // old >= src ? 0 : old + 1
                let one = self.iconst(ct, 1);
                let zero = self.iconst(ct, 0);
                let inc = self.b.ins().iadd(old, one);
                let wrap = self
                    .b
                    .ins()
                    .icmp(IntCC::UnsignedGreaterThanOrEqual, old, src);
                self.b.ins().select(wrap, zero, inc)
            }
            AtomOp::Dec => {
                // (old == 0 || old > src) ? src : old - 1
                let one = self.iconst(ct, 1);
                let zero = self.iconst(ct, 0);
                let dec = self.b.ins().isub(old, one);
                let is0 = self.b.ins().icmp(IntCC::Equal, old, zero);
                let above = self.b.ins().icmp(IntCC::UnsignedGreaterThan, old, src);
                let wrap = self.b.ins().bor(is0, above);
                self.b.ins().select(wrap, src, dec)
            }
            AtomOp::Cas => {
                let hit = self.b.ins().icmp(IntCC::Equal, old, cmp);
                self.b.ins().select(hit, src, old)
            }
            AtomOp::FAdd | AtomOp::FMin | AtomOp::FMax if !a.ftz && !packed => {
                // f32/f64 add (round to nearest), min, max: the IR's `fadd`,
                // `min`, `max`, native (`semantics::atomic_apply`).
                let ft = if ct == clt::I64 { Type::F64 } else { Type::F32 };
                let op = match a.op {
                    AtomOp::FAdd => FBinOp::Add,
                    AtomOp::FMin => FBinOp::Min,
                    _ => FBinOp::Max,
                };
                let x = self.of_bits(old, ft);
                let y = self.of_bits(src, ft);
                let r = self.native_fbin(op, ft, Round::Rn, false, x, y);
                self.bits_of(r, ft)
            }
            AtomOp::FAdd if packed => {
                // Two f16 / bf16 adds (`semantics::packed_add`), each through
                // f32 as `fadd.f16` / `fadd.bf16`; the reference when a lane
                // is not normal.
                let lt = if a.ty == AtomType::BF16x2 {
                    Type::BF16
                } else {
                    Type::F16
                };
                let (lo, slow_lo) = self.packed_lane_add(lt, old, src, 0);
                let (hi, slow_hi) = self.packed_lane_add(lt, old, src, 16);
                let r = self.b.ins().bor(lo, hi);
                let slow = self.b.ins().bor(slow_lo, slow_hi);
                let code = Code {
                    op: index_of(&AtomOp::ALL, &a.op),
                    ty: index_of(&AtomType::ALL, &a.ty),
                    ftz: a.ftz,
                    ..Code::default()
                };
                self.helper_if(
                    slow,
                    r,
                    Type::I32,
                    Helper::Atomic,
                    code.pack(),
                    &[old, src, cmp],
                    Type::I32,
                )
            }
            AtomOp::FAdd | AtomOp::FMin | AtomOp::FMax => {
                let code = Code {
                    op: index_of(&AtomOp::ALL, &a.op),
                    ty: index_of(&AtomType::ALL, &a.ty),
                    ftz: a.ftz,
                    ..Code::default()
                };
                let args = [
                    self.resize(old, clt::I64),
                    self.resize(src, clt::I64),
                    self.resize(cmp, clt::I64),
                ];
                let r = self.call_helper(Helper::Atomic, code.pack(), &args);
                self.resize(r, ct)
            }
        }
    }

    /// `counters.atomics[op][scope] += 1` when counting (the counters are per
    /// worker thread: a plain increment). Executed atomics only: not faulting
    /// or dropped (out-of-range buffer) ones.
    fn count_atomic(&mut self, op: AtomOp, scope: Scope) {
        if !self.opts.count_stats {
            return;
        }
        let p = self.ctx_ptr(LaneCtx::OFFSETS.counters);
        let zero = self.iconst(clt::I64, 0);
        let some = self.b.ins().icmp(IntCC::NotEqual, p, zero);
        let yes = self.b.create_block();
        let next = self.b.create_block();
        self.b.ins().brif(some, yes, &[], next, &[]);
        self.b.switch_to_block(yes);
        let oi = AtomOp::ALL.iter().position(|&x| x == op).unwrap_or(0);
        let si = Scope::ALL.iter().position(|&x| x == scope).unwrap_or(0);
        let off = ((oi * Scope::ALL.len() + si) * 8) as i32;
        let f = MemFlagsData::trusted();
        let v = self.b.ins().load(clt::I64, f, p, off);
        let one = self.iconst(clt::I64, 1);
        let v = self.b.ins().iadd(v, one);
        self.b.ins().store(f, v, p, off);
        self.b.ins().jump(next, &[]);
        self.b.switch_to_block(next);
    }

    /// The f16 or bf16 (`ty`) lane at bit `sh` of `old + src` (two packed
    /// `i32`s), back at bit `sh` of an `i32`, and whether it is not the
    /// reference's: an operand or the sum is outside the normal range (see
    /// `widen_small`, `narrow_small`).
    fn packed_lane_add(&mut self, ty: Type, old: Value, src: Value, sh: i64) -> (Value, Value) {
        let (x, sx) = self.half_lane(ty, old, sh);
        let (y, sy) = self.half_lane(ty, src, sh);
        let r = self.b.ins().fadd(x, y);
        let (h, sr) = self.narrow_small(ty, r);
        let h = self.b.ins().uextend(clt::I32, h);
        let h = self.b.ins().ishl_imm_u(h, sh);
        let s = self.b.ins().bor(sx, sy);
        (h, self.b.ins().bor(s, sr))
    }

    /// The f16 or bf16 (`ty`) at bit `sh` of the `i32` `v`, widened to f32,
    /// and whether it is outside the normal range.
    fn half_lane(&mut self, ty: Type, v: Value, sh: i64) -> (Value, Value) {
        let x = if sh == 0 {
            v
        } else {
            self.b.ins().ushr_imm_u(v, sh)
        };
        let h = self.b.ins().ireduce(clt::I16, x);
        self.widen_small(ty, h)
    }

    /// Fences: nothing within a workgroup (one host thread, program order);
    /// `fence` (mfence) for seq_cst at wider scopes; acquire/release/acq_rel at
    /// wider scopes need no x86 instruction (TSO only reorders store→load, which
    /// they allow) but must stop Cranelift from moving or merging memory accesses
    /// across them: an unused `atomic_load` of a ctx byte does that (every atomic
    /// is a full barrier in Cranelift's alias analysis and instruction
    /// scheduling) for the price of one L1 load, where `fence` is an mfence.
    pub(super) fn lower_fence(&mut self, scope: Scope, order: Order) {
        if scope.within_workgroup() {
            return;
        }
        match order {
            Order::Weak | Order::Relaxed => {}
            Order::SeqCst => {
                self.b.ins().fence();
            }
            Order::Acquire | Order::Release | Order::AcqRel if !self.caps.tso => {
                self.b.ins().fence();
            }
            Order::Acquire | Order::Release | Order::AcqRel => {
                let off = self.iconst(clt::I64, LaneCtx::OFFSETS.resume as u64);
                let p = self.b.ins().iadd(self.ctx, off);
                self.b
                    .ins()
                    .atomic_load(clt::I8, MemFlagsData::trusted(), p);
            }
        }
    }
}
