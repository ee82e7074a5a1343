//! The host side of AMD's device-library "hostcall" protocol (ROCm's
//! `ockl`), through which HIP device code compiled for gfx942 prints
//! (`printf`, and the message of a failed `assert`): the buffer a launch
//! hands the kernel in its `hidden_hostcall_buffer` argument, and the drain
//! that answers the packets waves leave on it.
//!
//! Research, sources and the reasons for each choice: `docs/notes/hip-hostcall.md`.
//! In short, a wave pops a free packet off a lock-free stack in the buffer,
//! every active lane writes 8 qwords into its slot of the packet, the first
//! lane pushes the packet on the ready stack and the wave polls the packet's
//! READY flag (with `s_sleep` between polls) until the host has overwritten
//! each slot's first two qwords with its answer and cleared the flag.
//!
//! xisa drains the ready stack when a lane of such a kernel executes
//! `s_sleep` (the lifter turns it into [`xisa_ir::HostFn::Ockl`]): a wave
//! sleeps only after the `readfirstlane` of its wait loop, a sync point every
//! lane of the wave has passed after filling its slot, so every packet on
//! the stack is complete as long as one host thread runs the kernel's
//! workgroups ([`crate::RunnerPlan::serial`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use xisa_ir::Space;

use crate::ctx::{fault_kind, space_code, FaultInfo, LaneCtx};
use crate::host::{format, free_block, ArgSource, HostOutput};
use crate::GUEST_BASE;

/// Packets in a buffer: more than the waves of one workgroup (at most 16
/// of 64 lanes), the most that can wait on one host thread at once. The
/// device never checks for an empty free stack.
pub const PACKETS: u64 = 64;
/// Control block: headers, payloads, doorbell, free stack, ready stack,
/// index mask, one word the host keeps.
const CONTROL_BYTES: u64 = 56;
/// A packet header: next, active mask, service (u32), control (u32).
const HEADER_BYTES: u64 = 24;
/// A packet's payload: 64 lane slots of 8 qwords.
const PAYLOAD_BYTES: u64 = 4096;
const SLOT_BYTES: u64 = 64;
/// Bit 0 of a header's control word: the packet waits for the host.
const READY: u32 = 1;

/// Service ids (`ockl/src/services.cl`).
const SERVICE_PRINTF: u32 = 2;
/// Device memory for the device library's `malloc` (`ockl/src/dm.cl`).
const SERVICE_DEVMEM: u32 = 3;
/// The device allocator's slabs: this size, aligned to it (it finds a
/// block's slab by clearing the low 21 bits).
const SLAB_BYTES: u64 = 1 << 21;
/// Every other block the host hands out is 4 KiB aligned: the device tells
/// such a block from a slab's by its low 12 bits being 0.
const PAGE_BYTES: u64 = 1 << 12;

/// Bytes of the device heap a kernel that answers hostcalls gets by
/// default (`malloc` in HIP device code). ROCm's grows until the GPU's
/// memory is used up; the device library takes 2 MiB slabs, one or more per
/// size class, so CUDA's 8 MiB would run out after three. Address space
/// only: guest pages are committed as they are touched.
pub const DEVICE_HEAP_BYTES: u64 = 256 << 20;

/// Bytes of the zeroed heap block a kernel's `hidden_heap_v1` argument
/// points to: the device allocator's books (`heap_t`, 100,872 bytes in
/// ROCm 5.2's `dm.cl`; all zero is its initial state).
pub const HEAP_BLOCK_BYTES: u64 = 128 << 10;

const HEADERS_AT: u64 = CONTROL_BYTES.next_multiple_of(64);
const PAYLOADS_AT: u64 = HEADERS_AT + PACKETS * HEADER_BYTES;
const SIGNAL_AT: u64 = PAYLOADS_AT + PACKETS * PAYLOAD_BYTES;
/// The doorbell (`amd_signal_t`): 64 bytes, 64-byte aligned.
const SIGNAL_BYTES: u64 = 64;

/// Bytes of one hostcall buffer ([`initial_buffer`]).
pub const BUFFER_BYTES: u64 = SIGNAL_AT + SIGNAL_BYTES;

/// The contents of a fresh buffer placed at guest address `addr` (64-byte
/// aligned): control block, packet headers chained into the free stack,
/// payloads, and a doorbell signal without an event mailbox (so the device
/// never sends its interrupt message).
pub fn initial_buffer(addr: u64) -> Vec<u8> {
    let mut b = vec![0u8; BUFFER_BYTES as usize];
    let mut put =
        |at: u64, v: u64| b[at as usize..at as usize + 8].copy_from_slice(&v.to_le_bytes());
    let mask = PACKETS - 1;
    put(0, addr + HEADERS_AT);
    put(8, addr + PAYLOADS_AT);
    put(16, addr + SIGNAL_AT);
    // Free stack: PACKETS-1 -> ... -> 1 -> packet 0 with tag 1 (its untagged
    // pointer would be the empty stack's 0) -> end.
    put(24, PACKETS - 1);
    put(32, 0);
    put(40, mask);
    for i in 1..PACKETS {
        let next = if i == 1 { mask + 1 } else { i - 1 };
        put(HEADERS_AT + i * HEADER_BYTES, next);
    }
    // Signal kind 1 (user signal), value 1, no mailbox.
    put(SIGNAL_AT, 1);
    put(SIGNAL_AT + 8, 1);
    b
}

/// Messages being assembled, by id: a lane's `printf` arrives in pieces over
/// several hostcalls (`docs/notes/hip-hostcall.md`, section 4).
#[derive(Debug, Default)]
pub(crate) struct Messages {
    live: HashMap<u64, Vec<u64>>,
    next_id: u64,
}

/// Message descriptor bits (qword 0 of a printf-service slot).
const BEGIN: u64 = 1;
const END: u64 = 2;

impl Messages {
    /// Serves one slot of a printf-service packet: appends its data to the
    /// lane's message and, at its end, formats it and returns the text.
    /// Rewrites `q[0]` as the device expects (the descriptor with the
    /// message id; the printed byte count at the end). `None`: an unknown
    /// message id.
    fn serve(&mut self, q: &mut [u64; 8]) -> Option<Vec<u8>> {
        let desc = q[0];
        let len = ((desc >> 5) & 7) as usize;
        let id = if desc & BEGIN != 0 {
            // Ids fit the descriptor's 56 bits; live ones are few.
            let id = self.next_id & ((1 << 56) - 1);
            self.next_id = self.next_id.wrapping_add(1);
            self.live.insert(id, Vec::new());
            q[0] = (desc & 0xff & !BEGIN) | (id << 8);
            id
        } else {
            desc >> 8
        };
        self.live.get_mut(&id)?.extend_from_slice(&q[1..1 + len]);
        if desc & END == 0 {
            return Some(Vec::new());
        }
        let msg = self.live.remove(&id).unwrap_or_default();
        let text = format_message(&msg);
        // printf's result: the bytes printed, or -1.
        q[0] = text.as_ref().map_or(u64::MAX, |t| t.len() as u64);
        Some(text.unwrap_or_default())
    }
}

/// The text of a whole printf message (control word, format, arguments);
/// `None` for a control word this host does not know.
fn format_message(msg: &[u64]) -> Option<Vec<u8>> {
    let (&control, rest) = msg.split_first()?;
    // Bit 0 chooses stdout or stderr; both go to the launch's output.
    if control & !1 != 0 {
        return None;
    }
    let mut args = Qwords { q: rest, at: 0 };
    let fmt = args.string().ok()??;
    format(&fmt, &mut args).ok().map(|(text, _)| text)
}

/// A message's qwords as printf arguments: one qword per scalar, `%s`
/// strings inline (NUL-terminated, padded to whole qwords).
struct Qwords<'a> {
    q: &'a [u64],
    at: usize,
}

impl ArgSource for Qwords<'_> {
    fn exhausted(&self) -> bool {
        self.at >= self.q.len()
    }

    fn int(&mut self, bytes: u64) -> Result<u64, FaultInfo> {
        let v = self.q.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        Ok(if bytes >= 8 {
            v
        } else {
            v & ((1 << (8 * bytes)) - 1)
        })
    }

    fn string(&mut self) -> Result<Option<Vec<u8>>, FaultInfo> {
        let mut s = Vec::new();
        while let Some(&w) = self.q.get(self.at) {
            self.at += 1;
            let bytes = w.to_le_bytes();
            match bytes.iter().position(|&c| c == 0) {
                Some(n) => {
                    s.extend_from_slice(&bytes[..n]);
                    return Ok(Some(s));
                }
                None => s.extend_from_slice(&bytes),
            }
        }
        Ok(Some(s))
    }

    fn used(&self) -> i32 {
        self.at as i32
    }
}

/// Guest global memory as the drain reaches it.
struct Global<'a>(&'a LaneCtx);

impl Global<'_> {
    /// The host address of `len` bytes at guest address `addr`, aligned to
    /// `len`, or the fault naming them.
    fn at(&self, addr: u64, len: u32) -> Result<*mut u8, FaultInfo> {
        let off = addr.wrapping_sub(GUEST_BASE);
        let inside = addr >= GUEST_BASE
            && off
                .checked_add(u64::from(len))
                .is_some_and(|e| e <= self.0.global_limit);
        if !inside || !addr.is_multiple_of(u64::from(len)) {
            return Err(FaultInfo {
                kind: if inside {
                    fault_kind::MISALIGNED
                } else {
                    fault_kind::OUT_OF_BOUNDS
                },
                inst: 0,
                addr,
                len,
                space: space_code(Space::Global),
            });
        }
        Ok(self.0.global_base.wrapping_add(off as usize))
    }

    fn u64(&self, addr: u64) -> Result<&AtomicU64, FaultInfo> {
        // SAFETY: `at` checked that the 8 aligned bytes lie in the launch's
        // guest memory, which outlives the lane calling the drain.
        Ok(unsafe { &*(self.at(addr, 8)? as *const AtomicU64) })
    }

    fn u32(&self, addr: u64) -> Result<&AtomicU32, FaultInfo> {
        // SAFETY: as in `u64`.
        Ok(unsafe { &*(self.at(addr, 4)? as *const AtomicU32) })
    }
}

/// Answers every packet on the ready stack of the buffer at guest address
/// `buf`, as the lane whose context is `ctx` reaches `s_sleep`. A packet of
/// a service xisa does not provide, or a broken buffer, faults (with the
/// service id or the address).
pub fn drain(ctx: &LaneCtx, buf: u64) -> Result<(), FaultInfo> {
    // SAFETY: the scheduler points `host` at the launch's output, which
    // outlives every lane of the launch.
    let Some(host) = (unsafe { ctx.host.as_ref() }) else {
        return Ok(());
    };
    let g = Global(ctx);
    let headers = g.u64(buf)?.load(Ordering::Acquire);
    let payloads = g.u64(buf + 8)?.load(Ordering::Acquire);
    let mask = g.u64(buf + 40)?.load(Ordering::Acquire);
    let mut top = g.u64(buf + 32)?.swap(0, Ordering::AcqRel);
    let mut out = host.lock();
    // A ready list longer than the packets that exist is corrupt (a cycle).
    let mut left = mask.saturating_add(1);
    while top != 0 {
        if left == 0 {
            return Err(unserved(buf + 32, 8));
        }
        left -= 1;
        let i = top & mask;
        let h = headers.wrapping_add(i.wrapping_mul(HEADER_BYTES));
        // Read before the packet is released: the device recycles it.
        let next = g.u64(h)?.load(Ordering::Acquire);
        let active = g.u64(h + 8)?.load(Ordering::Acquire);
        let service = g.u32(h + 16)?.load(Ordering::Acquire);
        if service != SERVICE_PRINTF && service != SERVICE_DEVMEM {
            // len 0: the address is the service id.
            return Err(unserved(u64::from(service), 0));
        }
        for lane in (0..64).filter(|l| active >> l & 1 != 0) {
            let slot = payloads.wrapping_add(i.wrapping_mul(PAYLOAD_BYTES) + lane * SLOT_BYTES);
            let mut q = [0u64; 8];
            for (k, v) in q.iter_mut().enumerate() {
                *v = g.u64(slot + 8 * k as u64)?.load(Ordering::Acquire);
            }
            if service == SERVICE_DEVMEM {
                devmem(host, &mut q)?;
            } else {
                let text = out
                    .messages
                    .serve(&mut q)
                    .ok_or_else(|| unserved(slot, SLOT_BYTES as u32))?;
                out.push(&text);
            }
            g.u64(slot)?.store(q[0], Ordering::Release);
            g.u64(slot + 8)?.store(q[1], Ordering::Release);
        }
        g.u32(h + 20)?.fetch_and(!READY, Ordering::Release);
        top = next;
    }
    Ok(())
}

/// One lane's device-memory request (`__ockl_devmem_request(addr, size)`):
/// `addr` 0 asks for `size` bytes from the device heap (`q[0]`: the block,
/// or 0 when the heap cannot hold it, or has not been set aside); any other
/// `addr` gives a block back.
fn devmem(host: &HostOutput, q: &mut [u64; 8]) -> Result<(), FaultInfo> {
    let (addr, size) = (q[0], q[1]);
    let heap = host.heap();
    if addr == 0 {
        let align = if size >= SLAB_BYTES {
            SLAB_BYTES
        } else {
            PAGE_BYTES
        };
        q[0] = heap.and_then(|h| h.alloc_aligned(size, align)).unwrap_or(0);
        return Ok(());
    }
    free_block(heap, addr)
}

/// The fault of a hostcall packet the host cannot answer: its bytes, or
/// (`len` 0) the service id in `addr`.
fn unserved(addr: u64, len: u32) -> FaultInfo {
    FaultInfo {
        kind: fault_kind::HOSTCALL,
        inst: 0,
        addr,
        len,
        space: space_code(Space::Global),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lane context whose global memory is `mem` (at GUEST_BASE) and
    /// whose output is `out`.
    fn lane(mem: &mut [u64], out: &HostOutput) -> LaneCtx {
        let mut ctx = LaneCtx::detached();
        ctx.global_base = mem.as_mut_ptr().cast();
        ctx.global_limit = (mem.len() * 8) as u64;
        ctx.host = out;
        ctx
    }

    fn word(mem: &[u64], addr: u64) -> u64 {
        mem[((addr - GUEST_BASE) / 8) as usize]
    }

    fn set(mem: &mut [u64], addr: u64, v: u64) {
        mem[((addr - GUEST_BASE) / 8) as usize] = v;
    }

    /// What a wave does on the device (`ockl/src/hostcall_impl.cl`): pops a
    /// packet, fills the active lanes' slots, pushes it ready. Returns the
    /// packet pointer.
    fn send(mem: &mut [u64], active: u64, service: u32, slots: &[[u64; 8]]) -> u64 {
        let buf = GUEST_BASE;
        let (headers, payloads, mask) = (word(mem, buf), word(mem, buf + 8), word(mem, buf + 40));
        let f = word(mem, buf + 24);
        let h = headers + (f & mask) * HEADER_BYTES;
        set(mem, buf + 24, word(mem, h));
        set(mem, h + 8, active);
        set(mem, h + 16, u64::from(service) | u64::from(READY) << 32);
        let mut lanes = (0..64).filter(|l| active >> l & 1 != 0);
        for s in slots {
            let l = lanes.next().unwrap();
            for (k, &v) in s.iter().enumerate() {
                set(
                    mem,
                    payloads + (f & mask) * PAYLOAD_BYTES + l * SLOT_BYTES + 8 * k as u64,
                    v,
                );
            }
        }
        set(mem, h, word(mem, buf + 32));
        set(mem, buf + 32, f);
        f
    }

    /// The answer in a lane's slot and whether the packet is still ready.
    fn answer(mem: &[u64], f: u64, lane: u64) -> (u64, bool) {
        let buf = GUEST_BASE;
        let (headers, payloads, mask) = (word(mem, buf), word(mem, buf + 8), word(mem, buf + 40));
        let slot = payloads + (f & mask) * PAYLOAD_BYTES + lane * SLOT_BYTES;
        let ctl = word(mem, headers + (f & mask) * HEADER_BYTES + 16) >> 32;
        (word(mem, slot), ctl & u64::from(READY) != 0)
    }

    fn fresh() -> Vec<u64> {
        initial_buffer(GUEST_BASE)
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }

    /// Packs bytes into qwords, little-endian, NUL-padded.
    fn qwords(s: &[u8]) -> Vec<u64> {
        s.chunks(8)
            .map(|c| {
                let mut b = [0u8; 8];
                b[..c.len()].copy_from_slice(c);
                u64::from_le_bytes(b)
            })
            .collect()
    }

    #[test]
    fn fresh_buffer_lists_every_packet_free_once() {
        let mem = fresh();
        let (headers, mask) = (word(&mem, GUEST_BASE), word(&mem, GUEST_BASE + 40));
        let mut seen = vec![false; PACKETS as usize];
        let mut p = word(&mem, GUEST_BASE + 24);
        while p != 0 {
            assert!(!std::mem::replace(&mut seen[(p & mask) as usize], true));
            p = word(&mem, headers + (p & mask) * HEADER_BYTES);
        }
        assert!(seen.iter().all(|&s| s), "{seen:?}");
    }

    #[test]
    fn printf_messages_over_several_packets() {
        let out = HostOutput::new();
        let mut mem = fresh();
        // Lanes 0 and 3 begin a message each (control word 0: stdout).
        let begin = [BEGIN | 1 << 5, 0, 0, 0, 0, 0, 0, 0];
        let f = send(&mut mem, 0b1001, SERVICE_PRINTF, &[begin, begin]);
        let ctx = lane(&mut mem, &out);
        drain(&ctx, GUEST_BASE).unwrap();
        let (d0, ready) = answer(&mem, f, 0);
        let (d3, _) = answer(&mem, f, 3);
        assert!(!ready);
        assert_ne!(d0 >> 8, d3 >> 8, "one id per message");
        assert_eq!(d0 & BEGIN, 0);
        // The format, then one integer and a string, the last piece ends it.
        let fmt = qwords(b"lane %d says %s %5.2f!\n\0");
        let piece = |d: u64, extra: &[u64], end: bool| {
            let mut s = [0u64; 8];
            s[0] = (d & !0xe0 & !END) | ((extra.len() as u64) << 5) | if end { END } else { 0 };
            s[1..1 + extra.len()].copy_from_slice(extra);
            s
        };
        let f = send(
            &mut mem,
            0b1001,
            SERVICE_PRINTF,
            &[piece(d0, &fmt, false), piece(d3, &fmt, false)],
        );
        let ctx = lane(&mut mem, &out);
        drain(&ctx, GUEST_BASE).unwrap();
        assert_eq!(answer(&mem, f, 0).0 >> 8, d0 >> 8);
        let args = |n: u64| {
            let mut a = vec![n];
            a.extend(qwords(b"hi\0"));
            a.push(2.5f64.to_bits());
            a
        };
        let (a0, a3) = (args(0), args(3));
        let f = send(
            &mut mem,
            0b1001,
            SERVICE_PRINTF,
            &[piece(d0, &a0, true), piece(d3, &a3, true)],
        );
        let ctx = lane(&mut mem, &out);
        drain(&ctx, GUEST_BASE).unwrap();
        let text = String::from_utf8(out.take().0).unwrap();
        assert_eq!(text, "lane 0 says hi  2.50!\nlane 3 says hi  2.50!\n");
        // printf's result: the bytes printed.
        assert_eq!(answer(&mem, f, 3).0, 22);
    }

    #[test]
    fn device_memory_requests() {
        let out = HostOutput::new();
        let heap = out
            .heap_or_init(64 << 20, |n| {
                Ok::<_, ()>(crate::heap::Heap::new(GUEST_BASE + (1 << 20), n))
            })
            .unwrap();
        let mut mem = fresh();
        // Lane 0 asks for a slab, lane 1 for 5000 bytes.
        let f = send(
            &mut mem,
            0b11,
            SERVICE_DEVMEM,
            &[
                [0, SLAB_BYTES, 0, 0, 0, 0, 0, 0],
                [0, 5000, 0, 0, 0, 0, 0, 0],
            ],
        );
        let ctx = lane(&mut mem, &out);
        drain(&ctx, GUEST_BASE).unwrap();
        let (slab, ready) = answer(&mem, f, 0);
        let (big, _) = answer(&mem, f, 1);
        assert!(!ready);
        assert_eq!(slab % SLAB_BYTES, 0, "{slab:#x}");
        assert_eq!(big % PAGE_BYTES, 0, "{big:#x}");
        assert_eq!(heap.in_use(), SLAB_BYTES + 5008);
        // Both given back; then a block the heap never handed out faults.
        send(
            &mut mem,
            0b11,
            SERVICE_DEVMEM,
            &[[slab, 0, 0, 0, 0, 0, 0, 0], [big, 0, 0, 0, 0, 0, 0, 0]],
        );
        let ctx = lane(&mut mem, &out);
        drain(&ctx, GUEST_BASE).unwrap();
        assert_eq!(heap.in_use(), 0);
        send(
            &mut mem,
            1,
            SERVICE_DEVMEM,
            &[[big + 16, 0, 0, 0, 0, 0, 0, 0]],
        );
        let ctx = lane(&mut mem, &out);
        let e = drain(&ctx, GUEST_BASE).unwrap_err();
        assert_eq!((e.kind, e.addr), (fault_kind::BAD_FREE, big + 16));
        // A request larger than the heap gets 0 (malloc's NULL).
        let f = send(
            &mut mem,
            1,
            SERVICE_DEVMEM,
            &[[0, 1 << 40, 0, 0, 0, 0, 0, 0]],
        );
        let ctx = lane(&mut mem, &out);
        drain(&ctx, GUEST_BASE).unwrap();
        assert_eq!(answer(&mem, f, 0).0, 0);
    }

    #[test]
    fn unknown_services_and_messages_fault() {
        let out = HostOutput::new();
        let mut mem = fresh();
        send(&mut mem, 1, 1, &[[0; 8]]);
        let ctx = lane(&mut mem, &out);
        let e = drain(&ctx, GUEST_BASE).unwrap_err();
        assert_eq!((e.kind, e.addr), (fault_kind::HOSTCALL, 1));
        // A piece of a message that was never begun.
        let mut mem = fresh();
        send(
            &mut mem,
            1,
            SERVICE_PRINTF,
            &[[(77 << 8) | 1 << 5, 0, 0, 0, 0, 0, 0, 0]],
        );
        let ctx = lane(&mut mem, &out);
        let e = drain(&ctx, GUEST_BASE).unwrap_err();
        assert_eq!(e.kind, fault_kind::HOSTCALL);
        // A buffer outside guest memory.
        let ctx = lane(&mut mem, &out);
        let e = drain(&ctx, GUEST_BASE + (1 << 40)).unwrap_err();
        assert_eq!(e.kind, fault_kind::OUT_OF_BOUNDS);
    }
}
