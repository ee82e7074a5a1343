//! Guest memory: address computation, bounds checks, faults, loads and stores.
//!
//! Ranges (all checks are `off <= size && size - off >= len`, overflow-free):
//! - global/const: 64-bit guest address, `off = addr - GUEST_BASE` (wrapping)
//!   against `ctx.global_limit`; host `global_base + off`;
//! - shared/local/param: `zext32(base) + imm` against the space's size;
//! - buffer: descriptor `(base, size)`, `off = zext32(offset) + imm`; a null base,
//!   a negative offset or `off + len > size` drops the access (loads read 0);
//!   otherwise `base + off` must be valid global memory.
//!
//! Out of range → `ctx.fault` = OUT_OF_BOUNDS and stop. Plain accesses may be
//! unaligned (no `aligned` flag) and cannot trap (`notrap`: checked above).
//! Ordering (see `docs/scopes.md`): non-weak loads at device/cluster/system scope
//! on global memory are `atomic_load` (a plain `mov` on x86 that the optimizer
//! will not hoist or merge); seq_cst stores there are `atomic_store`; the rest
//! are plain loads/stores.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{self, types as clt, InstBuilder, MemFlagsData, Value};
use xisa_ir::op;
use xisa_ir::BufferAddr;
use xisa_ir::SurfaceAddr;
use xisa_ir::{Address, HostFn, MemKind, Operand, Order, Reg, Space, SurfDim, SurfOob, Type};
use xisa_runtime::ctx::{fault_kind, space_code, LaneCtx, STOP_FAULT};
use xisa_runtime::GUEST_BASE;

use super::values::{cl_type, int_of_bytes, int_type};
use super::Lowerer;
use crate::helpers::{index_of, Code, Helper, HOST_FAULT, SURFACE_ADDR, SURFACE_FAULT};
use crate::JitError;

/// A checked access: the host address and the address reported in faults.
#[derive(Clone, Copy)]
pub(super) struct Checked {
    pub host: Value,
    pub addr: Value,
}

/// Flags of a bounds-checked guest access: no trap, maybe unaligned.
pub(super) fn guest_flags() -> MemFlagsData {
    MemFlagsData::new().with_notrap()
}

impl Lowerer<'_, '_> {
    /// Writes the fault record, uncounts the rest of the segment, stops
    /// (through the abort exit: registers are not written back). Leaves the
    /// current block terminated.
    pub(super) fn emit_fault(&mut self, kind: u32, addr: Value, len: u32, space: u32) {
        let o = LaneCtx::OFFSETS;
        let f = MemFlagsData::trusted();
        let inst = self.flat_index();
        let vals = [
            (self.iconst(clt::I32, kind as u64), o.fault_kind),
            (self.iconst(clt::I32, inst as u64), o.fault_inst),
            (addr, o.fault_addr),
            (self.iconst(clt::I32, len as u64), o.fault_len),
            (self.iconst(clt::I32, space as u64), o.fault_space),
        ];
        for (v, off) in vals {
            self.b.ins().store(f, v, self.ctx, off);
        }
        // Instructions after the faulting one were counted on segment entry.
        let rest = i64::from(self.pos.seg_end - self.pos.inst);
        self.add_insts(-rest);
        self.jump_abort(STOP_FAULT);
    }

    /// Continues where `ok` is true; else faults (in a cold block).
    pub(super) fn check(&mut self, ok: Value, kind: u32, addr: Value, len: u32, space: Space) {
        let fault = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(fault);
        self.b.ins().brif(ok, cont, &[], fault, &[]);
        self.b.switch_to_block(fault);
        self.emit_fault(kind, addr, len, space_code(space));
        self.b.switch_to_block(cont);
    }

    /// Faults unconditionally and continues lowering in a fresh (unreachable)
    /// block.
    pub(super) fn fault_now(&mut self, kind: u32, addr: Value, len: u32, space: Space) {
        self.emit_fault(kind, addr, len, space_code(space));
        let dead = self.b.create_block();
        self.b.switch_to_block(dead);
    }

    /// `off + len <= size` without overflow, as `off < lim` where `lim =
    /// size >= len ? size - len + 1 : 0` (unsigned; a window is far below
    /// 2^64 bytes): `lim` depends on the window size alone, which the
    /// optimizer computes once out of the lane loop, leaving one compare
    /// per access.
    fn in_range(&mut self, off: Value, len: u32, size: Value) -> Value {
        let l = self.iconst(clt::I64, len as u64);
        let room = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, size, l);
        let last = self.b.ins().isub(size, l);
        let past = self.b.ins().iadd_imm_u(last, 1);
        let zero = self.iconst(clt::I64, 0);
        let lim = self.b.ins().select(room, past, zero);
        self.b.ins().icmp(IntCC::UnsignedLessThan, off, lim)
    }

    /// Checks a global-memory range (guest address `guest`); `space` is reported.
    pub(super) fn global_access(&mut self, guest: Value, len: u32, space: Space) -> Checked {
        let base = self.iconst(clt::I64, GUEST_BASE);
        let off = self.b.ins().isub(guest, base);
        let limit = self.ctx_const(clt::I64, LaneCtx::OFFSETS.global_limit);
        let ok = self.in_range(off, len, limit);
        self.check(ok, fault_kind::OUT_OF_BOUNDS, guest, len, space);
        let hb = self.ctx_ptr(LaneCtx::OFFSETS.global_base);
        let host = self.b.ins().iadd(hb, off);
        Checked { host, addr: guest }
    }

    /// Checks a `Flat` access in `space`; `None` if it always faults (lowering
    /// continues in an unreachable block and should emit nothing more).
    pub(super) fn flat_access(
        &mut self,
        space: Space,
        base: Operand,
        offset: i64,
        len: u32,
    ) -> Option<Checked> {
        let o = LaneCtx::OFFSETS;
        let (hb, size) = match space {
            Space::Shared => (o.shared_base, o.shared_size),
            Space::Local => (o.local_base, o.local_size),
            Space::Param => (o.param_base, o.param_size),
            Space::Global | Space::Const => {
                let a = self.read(base, Type::I64);
                let guest = self.b.ins().iadd_imm_u(a, offset);
                return Some(self.global_access(guest, len, space));
            }
            Space::Buffer | Space::Surface => {
                // These spaces need a descriptor: a flat address in them is out
                // of bounds (reported at the base, as the interpreter does).
                let a = self.read(base, Type::I64);
                self.fault_now(fault_kind::OUT_OF_BOUNDS, a, len, space);
                return None;
            }
        };
        // The window offset wraps in 32 bits (xisa_ir::window_offset).
        let a = self.read(base, Type::I32);
        let a = self.b.ins().iadd_imm_u(a, offset as u32 as i64);
        let off = self.b.ins().uextend(clt::I64, a);
        let size = self.ctx_const(clt::I64, size);
        let ok = self.in_range(off, len, size);
        self.check(ok, fault_kind::OUT_OF_BOUNDS, off, len, space);
        let hb = self.ctx_ptr(hb);
        let host = self.b.ins().iadd(hb, off);
        Some(Checked { host, addr: off })
    }

    /// The guest address of a buffer access and whether it is inside the buffer
    /// (non-null base, `0 <= off`, `off + len <= size`).
    pub(super) fn buffer_addr(&mut self, a: &BufferAddr, len: u32) -> (Value, Value) {
        let base = self.read(a.base, Type::I64);
        let size = self.read(a.size, Type::I64);
        let off = self.read(a.offset, Type::I32);
        let off = self.b.ins().uextend(clt::I64, off);
        let imm = self.iconst(clt::I64, a.imm as u64);
        let off = self.b.ins().iadd(off, imm);
        let zero = self.iconst(clt::I64, 0);
        let nonnull = self.b.ins().icmp(IntCC::NotEqual, base, zero);
        let nonneg = self
            .b
            .ins()
            .icmp(IntCC::SignedGreaterThanOrEqual, off, zero);
        let l = self.iconst(clt::I64, len as u64);
        let end = self.b.ins().iadd(off, l);
        let fits = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, end, size);
        let ok = self.b.ins().band(nonnull, nonneg);
        let ok = self.b.ins().band(ok, fits);
        let guest = self.b.ins().iadd(base, off);
        (guest, ok)
    }

    /// The guest address of a surface element and whether to access it, from
    /// the runtime's resolver (descriptor read, clamp/trap/ignore); a bad
    /// descriptor or a trapping coordinate faults here.
    pub(super) fn surface_addr(&mut self, a: &SurfaceAddr, len: u32) -> (Value, Value) {
        let (desc, dim, oob, x, y, z) = (a.desc, a.dim, a.oob, a.x, a.y, a.z);
        let slot = self.scratch_slot();
        let out = self.b.ins().stack_addr(clt::I64, slot, 0);
        let zero = self.iconst(clt::I64, 0);
        self.b.ins().store(MemFlagsData::trusted(), zero, out, 0);
        let d = self.read(desc, Type::I64);
        let x = self.read_u64(x, Type::I32);
        let y = self.read_u64(y, Type::I32);
        let z = self.read_u64(z, Type::I32);
        let c32 = self.iconst(clt::I64, 32);
        let z = self.b.ins().ishl(z, c32);
        let yz = self.b.ins().bor(y, z);
        let l = self.iconst(clt::I64, len as u64);
        let code = Code {
            op: index_of(&SurfDim::ALL, &dim),
            ty: index_of(&SurfOob::ALL, &oob),
            ..Code::default()
        };
        let args = [self.ctx, d, x, yz, l, out];
        let status = self.call_helper(Helper::Surface, code.pack(), &args);
        self.abort_on_helper_fault(status, SURFACE_FAULT);
        let guest = self.b.ins().load(clt::I64, MemFlagsData::trusted(), out, 0);
        let addr_ok = self.iconst(clt::I64, SURFACE_ADDR);
        let ok = self.b.ins().icmp(IntCC::Equal, status, addr_ok);
        (guest, ok)
    }

    /// A host service (`hostcall`): a call of the runtime through the `Host`
    /// helper; a fault it reports stops the lane here.
    pub(super) fn lower_hostcall(&mut self, func: HostFn, dst: Option<Reg>, args: &[Operand]) {
        let mut vals = vec![self.ctx];
        for i in 0..6 {
            let v = match args.get(i) {
                Some(a) => self.read(*a, Type::I64),
                None => self.iconst(clt::I64, 0),
            };
            vals.push(v);
        }
        let code = Code {
            op: index_of(&HostFn::ALL, &func),
            ..Code::default()
        };
        let r = self.call_helper(Helper::Host, code.pack(), &vals);
        self.abort_on_helper_fault(r, HOST_FAULT);
        if let (Some(d), Some(ty)) = (dst, func.result()) {
            let v = self.of_u64(r, ty);
            self.write(d, v, ty);
        }
    }

    /// Stops the lane with a fault when a helper returned `sentinel`: the
    /// helper filled in the lane's fault record but for the location, which
    /// is this instruction.
    fn abort_on_helper_fault(&mut self, status: Value, sentinel: u64) {
        let fault = self.iconst(clt::I64, sentinel);
        let is_fault = self.b.ins().icmp(IntCC::Equal, status, fault);
        let fault_b = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(fault_b);
        self.b.ins().brif(is_fault, fault_b, &[], cont, &[]);
        self.b.switch_to_block(fault_b);
        let inst = self.iconst(clt::I32, self.flat_index() as u64);
        self.b.ins().store(
            MemFlagsData::trusted(),
            inst,
            self.ctx,
            LaneCtx::OFFSETS.fault_inst,
        );
        let rest = i64::from(self.pos.seg_end - self.pos.inst);
        self.add_insts(-rest);
        self.jump_abort(STOP_FAULT);
        self.b.switch_to_block(cont);
    }

    /// An 8-byte stack slot for helper results, shared by the whole function.
    fn scratch_slot(&mut self) -> ir::StackSlot {
        if let Some(s) = self.scratch {
            return s;
        }
        let s = self.b.create_sized_stack_slot(ir::StackSlotData::new(
            ir::StackSlotKind::ExplicitSlot,
            8,
            3,
        ));
        self.scratch = Some(s);
        s
    }

    /// A buffer or surface access: the guest address, whether the access is
    /// performed (false: in range of neither, so dropped / read as 0), and the
    /// space faults report. `Flat` addresses never come here.
    pub(super) fn descriptor_addr(&mut self, addr: Address, len: u32) -> (Value, Value, Space) {
        match addr {
            Address::Surface(s) => {
                let (g, ok) = self.surface_addr(&s, len);
                (g, ok, Space::Surface)
            }
            Address::Buffer(b) => {
                let (g, ok) = self.buffer_addr(&b, len);
                (g, ok, Space::Buffer)
            }
            Address::Flat { base, .. } => {
                // Callers dispatch `Flat` themselves; treat it as a buffer access
                // that is never performed rather than panic.
                let g = self.read(base, Type::I64);
                let no = self.iconst(clt::I8, 0);
                (g, no, Space::Buffer)
            }
        }
    }

    /// Runs `inside` where a buffer access is in bounds and `outside` where it is
    /// dropped; continues after both.
    pub(super) fn buffer_split(
        &mut self,
        inb: Value,
        inside: impl FnOnce(&mut Self) -> Result<(), JitError>,
        outside: impl FnOnce(&mut Self),
    ) -> Result<(), JitError> {
        let yes = self.b.create_block();
        let no = self.b.create_block();
        let join = self.b.create_block();
        self.b.ins().brif(inb, yes, &[], no, &[]);
        self.b.switch_to_block(yes);
        inside(self)?;
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(no);
        outside(self);
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(join);
        Ok(())
    }

    pub(super) fn lower_load(&mut self, o: &op::Load) -> Result<(), JitError> {
        let (space, mem, order, scope, dsts, addr) =
            (o.space, o.mem, o.order, o.scope, &o.dsts, o.addr);
        let len = mem.bytes();
        let atomic = order != Order::Weak && space.host_ordered(scope);
        self.at_host(
            space,
            addr,
            len,
            |s, host| s.load_elems(host, mem.kind, atomic, dsts),
            |s| s.zero_dsts(dsts),
        )
    }

    /// Runs `access` with the host address of the `len` bytes at `addr` in
    /// `space`: a flat address once checked (a failed check stops the lane), a
    /// descriptor address when in range; `outside` runs for a descriptor
    /// access out of range (the hardware drops it).
    fn at_host(
        &mut self,
        space: Space,
        addr: Address,
        len: u32,
        access: impl FnOnce(&mut Self, Value),
        outside: impl FnOnce(&mut Self),
    ) -> Result<(), JitError> {
        match addr {
            Address::Flat { base, offset } => {
                if let Some(c) = self.flat_access(space, base, offset, len) {
                    access(self, c.host);
                }
                Ok(())
            }
            Address::Buffer(_) | Address::Surface(_) => {
                let (guest, inb, sp) = self.descriptor_addr(addr, len);
                self.buffer_split(
                    inb,
                    |s| {
                        let c = s.global_access(guest, len, sp);
                        access(s, c.host);
                        Ok(())
                    },
                    outside,
                )
            }
        }
    }

    /// The destinations of a dropped load read 0.
    fn zero_dsts(&mut self, dsts: &[Reg]) {
        for &d in dsts {
            let z = self.iconst(clt::I64, 0);
            self.write(d, z, Type::I64);
        }
    }

    /// Loads consecutive elements into `dsts`, extending each into its register.
    fn load_elems(&mut self, host: Value, kind: MemKind, atomic: bool, dsts: &[Reg]) {
        let eb = kind.bytes();
        let et = int_of_bytes(eb);
        for (i, &d) in dsts.iter().enumerate() {
            let off = (i as u32 * eb) as i32;
            let dty = self.reg_ty(d);
            let v = if atomic {
                let p = self.offset_ptr(host, off);
                let v = self.b.ins().atomic_load(int_type(et), guest_flags(), p);
                self.extend_elem(v, kind, dty)
            } else if eb * 8 == dty.bits() && dty.is_float() && dty.bits() >= 32 {
                // A float register filled by a full-width load: load it as a float.
                self.b.ins().load(cl_type(dty), guest_flags(), host, off)
            } else {
                let v = self.b.ins().load(int_type(et), guest_flags(), host, off);
                self.extend_elem(v, kind, dty)
            };
            self.write(d, v, dty);
        }
    }

    /// Extends a loaded element (an integer of its width) into type `dty`:
    /// sign-extended for `s8`/`s16`, else zero-extended (or truncated).
    fn extend_elem(&mut self, v: Value, kind: MemKind, dty: Type) -> Value {
        let et = int_of_bytes(kind.bytes());
        if kind.signed() && dty.bits() > et.bits() {
            let w = self.b.ins().sextend(int_type(dty), v);
            self.of_bits(w, dty)
        } else {
            self.coerce(v, et, dty)
        }
    }

    fn offset_ptr(&mut self, p: Value, off: i32) -> Value {
        if off == 0 {
            p
        } else {
            let o = self.iconst(clt::I64, off as u64);
            self.b.ins().iadd(p, o)
        }
    }

    pub(super) fn lower_store(&mut self, o: &op::Store) -> Result<(), JitError> {
        let (space, mem, order, scope, srcs, addr) =
            (o.space, o.mem, o.order, o.scope, &o.srcs, o.addr);
        let len = mem.bytes();
        // Release and relaxed stores are plain stores on x86: TSO stores are
        // release stores, aligned stores are single-copy atomic, and Cranelift
        // keeps stores in program order w.r.t. other memory ops. Only seq_cst
        // needs the store→load ordering of `atomic_store` (mov + mfence). On
        // weakly ordered hosts every non-weak store is an `atomic_store`.
        let sc = space.host_ordered(scope)
            && (order == Order::SeqCst || (!self.caps.tso && order != Order::Weak));
        if !space.writable() {
            // Reported without an address, as the interpreter does.
            let zero = self.iconst(clt::I64, 0);
            self.fault_now(fault_kind::READ_ONLY, zero, len, space);
            return Ok(());
        }
        let store = |s: &mut Self, host| s.store_elems(host, mem.kind, sc, srcs);
        self.at_host(space, addr, len, store, |_| {})
    }

    fn store_elems(&mut self, host: Value, kind: MemKind, sc: bool, srcs: &[Operand]) {
        let eb = kind.bytes();
        let et = int_of_bytes(eb);
        for (i, &s) in srcs.iter().enumerate() {
            let off = (i as u32 * eb) as i32;
            // The low bytes of the operand.
            let v = self.read(s, et);
            if sc {
                let p = self.offset_ptr(host, off);
                self.b.ins().atomic_store(guest_flags(), v, p);
            } else {
                self.b.ins().store(guest_flags(), v, host, off);
            }
        }
    }
}
