//! Host services that guest code calls ([`xisa_ir::Op::HostCall`]): what a GPU
//! driver provides to device code outside the instruction set: CUDA's
//! `vprintf`, the function `printf` in device code compiles to, and
//! `__assertfail`, which a failed device `assert` calls, the device
//! heap's `malloc` and `free` ([`crate::heap`]), and the answers to AMD's
//! hostcall packets ([`crate::ockl`]), through which HIP prints.
//!
//! Both engines call [`call`] with the lane's context, so they print the same
//! text. The output of a launch is collected in its [`HostOutput`] and handed
//! to the caller at the end, as the CUDA driver prints a kernel's output at
//! the next synchronisation; lines of different lanes are in execution order.

use std::ffi::CString;
use std::sync::{Mutex, OnceLock};

use xisa_ir::{HostFn, Space};

use crate::ctx::{fault_kind, space_code, FaultInfo, LaneCtx};
use crate::heap::Heap;
use crate::GUEST_BASE;

/// Bytes of output a launch keeps (CUDA's default `printf` FIFO is 1 MiB;
/// xisa keeps more, and says how much it dropped past this).
pub const OUTPUT_LIMIT: usize = 64 << 20;

/// Longest format or `%s` string read from guest memory.
const MAX_STRING: usize = 1 << 20;

/// The host side of the services guest code calls: the text it printed
/// during one launch, and the device heap (set up once per device, kept
/// across launches).
#[derive(Debug, Default)]
pub struct HostOutput {
    inner: Mutex<Output>,
    heap: OnceLock<Heap>,
    /// The size the heap will get (`None`: the first launch's default); held while a
    /// heap is made, so that concurrent first launches set aside one heap,
    /// not one each, and a size set meanwhile is not lost.
    heap_init: Mutex<Option<u64>>,
}

/// A launch's text, and the HIP printf messages not yet complete.
#[derive(Debug, Default)]
pub(crate) struct Output {
    text: Vec<u8>,
    dropped: u64,
    /// HIP printf messages being assembled ([`crate::ockl`]).
    pub(crate) messages: crate::ockl::Messages,
}

impl Output {
    /// Appends one call's text (whole, or dropped whole past the limit).
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        if self.text.len() + bytes.len() > OUTPUT_LIMIT {
            self.dropped += bytes.len() as u64;
        } else {
            self.text.extend_from_slice(bytes);
        }
    }
}

impl HostOutput {
    /// An empty output.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends one call's text (whole, or dropped whole past the limit).
    fn push(&self, bytes: &[u8]) {
        self.lock().push(bytes);
    }

    /// The output, for a host service to add to.
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Output> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Installs the device heap `malloc` draws from; `make` runs only when
    /// there is none yet, with the heap's size in bytes: the one set with
    /// [`HostOutput::set_heap_size`], else `default`. Without a heap `malloc`
    /// returns 0 (NULL).
    pub fn heap_or_init<E>(
        &self,
        default: u64,
        make: impl FnOnce(u64) -> Result<Heap, E>,
    ) -> Result<&Heap, E> {
        if let Some(h) = self.heap.get() {
            return Ok(h);
        }
        let size = self.heap_init.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(h) = self.heap.get() {
            return Ok(h);
        }
        let h = make(size.unwrap_or(default))?;
        Ok(self.heap.get_or_init(|| h))
    }

    /// Sets the size the heap will be made with; false when it is made
    /// already (its size cannot change).
    pub fn set_heap_size(&self, bytes: u64) -> bool {
        let mut size = self.heap_init.lock().unwrap_or_else(|e| e.into_inner());
        if self.heap.get().is_some() {
            return false;
        }
        *size = Some(bytes);
        true
    }

    /// The device heap, once installed.
    pub fn heap(&self) -> Option<&Heap> {
        self.heap.get()
    }

    /// The text so far and the number of bytes dropped past
    /// [`OUTPUT_LIMIT`]; leaves the output empty.
    pub fn take(&self) -> (Vec<u8>, u64) {
        let mut o = self.lock();
        let text = std::mem::take(&mut o.text);
        let dropped = std::mem::take(&mut o.dropped);
        (text, dropped)
    }
}

/// Runs host function `func` for the lane whose context is `ctx`; `args` are
/// its operands' values. The fault names the address the call could not read
/// (the caller fills in the instruction).
pub fn call(ctx: &LaneCtx, func: HostFn, args: &[u64]) -> Result<u64, FaultInfo> {
    match func {
        HostFn::Printf => {
            let [fmt, buf, local_window, shared_window] = args else {
                return Err(fault(0, 0, Space::Global));
            };
            let mem = GuestView {
                ctx,
                local_window: *local_window,
                shared_window: *shared_window,
            };
            let (text, n) = printf(&mem, *fmt, *buf)?;
            print(ctx, &text);
            Ok(u64::from(n as u32))
        }
        HostFn::AssertFail => {
            let [msg, file, line, func, local_window, shared_window] = args else {
                return Err(fault(0, 0, Space::Global));
            };
            let mem = GuestView {
                ctx,
                local_window: *local_window,
                shared_window: *shared_window,
            };
            let text = assertion(ctx, &mem, *msg, *file, *line, *func)?;
            print(ctx, &text);
            Err(FaultInfo {
                kind: fault_kind::ASSERT,
                inst: 0,
                addr: 0,
                len: 0,
                space: 0,
            })
        }
        HostFn::Malloc => {
            let [size] = args else {
                return Err(fault(0, 0, Space::Global));
            };
            Ok(heap(ctx).and_then(|h| h.alloc(*size)).unwrap_or(0))
        }
        HostFn::Ockl => {
            let [buf] = args else {
                return Err(fault(0, 0, Space::Global));
            };
            crate::ockl::drain(ctx, *buf).map(|()| 0)
        }
        HostFn::Free => match args {
            [0] => Ok(0),
            [ptr] => free_block(heap(ctx), *ptr).map(|()| 0),
            _ => Err(fault(0, 0, Space::Global)),
        },
    }
}

/// Gives back the block at `ptr` to `heap`; a pointer the heap did not hand
/// out (or freed already), or no heap at all, is the `BAD_FREE` fault
/// naming it (CUDA's `free` and HIP's device-memory requests alike).
pub(crate) fn free_block(heap: Option<&Heap>, ptr: u64) -> Result<(), FaultInfo> {
    if heap.is_some_and(|h| h.free(ptr)) {
        return Ok(());
    }
    Err(FaultInfo {
        kind: fault_kind::BAD_FREE,
        inst: 0,
        addr: ptr,
        len: 0,
        space: space_code(Space::Global),
    })
}

/// The heap of the lane's device, if it has one.
fn heap(ctx: &LaneCtx) -> Option<&Heap> {
    // SAFETY: as in `print`: the output outlives every lane of the launch.
    unsafe { ctx.host.as_ref() }.and_then(HostOutput::heap)
}

/// Appends a lane's text to its launch's output.
fn print(ctx: &LaneCtx, text: &[u8]) {
    if !ctx.host.is_null() {
        // SAFETY: the scheduler points `host` at the launch's output, which
        // outlives every lane of the launch.
        unsafe { (*ctx.host).push(text) };
    }
}

/// The line the CUDA driver prints for a failed device `assert`.
fn assertion(
    ctx: &LaneCtx,
    mem: &GuestView,
    msg: u64,
    file: u64,
    line: u64,
    func: u64,
) -> Result<Vec<u8>, FaultInfo> {
    let text = |a: u64| -> Result<String, FaultInfo> {
        Ok(String::from_utf8_lossy(&mem.string(a)?).into_owned())
    };
    let [bx, by, bz] = ctx.ctaid;
    let [tx, ty, tz] = ctx.tid;
    Ok(format!(
        "{}:{}: {}: block: [{bx},{by},{bz}], thread: [{tx},{ty},{tz}] Assertion `{}` failed.\n",
        text(file)?,
        line as u32,
        text(func)?,
        text(msg)?
    )
    .into_bytes())
}

fn fault(addr: u64, len: u32, space: Space) -> FaultInfo {
    FaultInfo {
        kind: fault_kind::OUT_OF_BOUNDS,
        inst: 0,
        addr,
        len,
        space: space_code(space),
    }
}

/// Guest memory as one lane sees it through generic addresses.
struct GuestView<'a> {
    ctx: &'a LaneCtx,
    local_window: u64,
    shared_window: u64,
}

impl GuestView<'_> {
    /// `len` bytes at generic address `addr`.
    fn read(&self, addr: u64, len: usize) -> Result<Vec<u8>, FaultInfo> {
        let c = self.ctx;
        let n = len as u64;
        let within = |base: u64, size: u64| {
            addr.checked_sub(base)
                .filter(|off| off.checked_add(n).is_some_and(|e| e <= size))
        };
        let host = if let Some(off) = within(self.local_window, c.local_size) {
            c.local_base.wrapping_add(off as usize)
        } else if let Some(off) = within(self.shared_window, c.shared_size) {
            c.shared_base.wrapping_add(off as usize)
        } else if let Some(off) = within(GUEST_BASE, c.global_limit) {
            c.global_base.wrapping_add(off as usize)
        } else {
            return Err(fault(addr, len as u32, Space::Global));
        };
        let mut v = vec![0u8; len];
        // SAFETY: `[host, host + len)` lies inside one of the lane's memories,
        // which the engine contract keeps valid while the lane runs. Other
        // lanes may write them meanwhile, as they may for the engines' loads.
        unsafe { std::ptr::copy_nonoverlapping(host, v.as_mut_ptr(), len) };
        Ok(v)
    }

    /// The NUL-terminated string at `addr` (without the NUL).
    fn string(&self, addr: u64) -> Result<Vec<u8>, FaultInfo> {
        let mut s = Vec::new();
        let mut a = addr;
        while s.len() < MAX_STRING {
            // Byte by byte: a string may end just before unmapped memory.
            let b = self.read(a, 1)?[0];
            if b == 0 {
                return Ok(s);
            }
            s.push(b);
            a = a.wrapping_add(1);
        }
        Ok(s)
    }
}

/// One conversion of a format: `%[flags][width][.precision][length]conv`.
struct Spec {
    flags: String,
    width: Option<Count>,
    precision: Option<Count>,
    length: Length,
    conv: u8,
}

enum Count {
    Fixed(u32),
    /// `*`: taken from the arguments.
    Arg,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Length {
    Char,
    Short,
    Int,
    /// `l`, `ll`, `j`, `z`, `t`: 64-bit on CUDA's 64-bit ABI.
    Long,
    /// `L` (long double): CUDA passes a `double`.
    LongDouble,
}

/// Parses the conversion starting after a `%` at `fmt[i]`; returns it and
/// the index after it, or `None` for an incomplete one (printed as is).
fn parse_spec(fmt: &[u8], mut i: usize) -> Option<(Spec, usize)> {
    let mut flags = String::new();
    while let Some(&c) = fmt.get(i).filter(|c| b"-+ #0".contains(c)) {
        flags.push(c as char);
        i += 1;
    }
    let count = |i: &mut usize| -> Option<Count> {
        if fmt.get(*i) == Some(&b'*') {
            *i += 1;
            return Some(Count::Arg);
        }
        let start = *i;
        while fmt.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        (start < *i).then(|| {
            let v = std::str::from_utf8(&fmt[start..*i])
                .ok()?
                .parse::<u32>()
                .ok()?;
            Some(Count::Fixed(v.min(1 << 16)))
        })?
    };
    let width = count(&mut i);
    let precision = if fmt.get(i) == Some(&b'.') {
        i += 1;
        Some(count(&mut i).unwrap_or(Count::Fixed(0)))
    } else {
        None
    };
    let (length, skip) = match (fmt.get(i), fmt.get(i + 1)) {
        (Some(b'h'), Some(b'h')) => (Length::Char, 2),
        (Some(b'h'), _) => (Length::Short, 1),
        (Some(b'l'), Some(b'l')) => (Length::Long, 2),
        (Some(b'l' | b'j' | b'z' | b't'), _) => (Length::Long, 1),
        (Some(b'L'), _) => (Length::LongDouble, 1),
        _ => (Length::Int, 0),
    };
    i += skip;
    let conv = *fmt.get(i)?;
    Some((
        Spec {
            flags,
            width,
            precision,
            length,
            conv,
        },
        i + 1,
    ))
}

/// Where a format's arguments come from: CUDA's packed `vprintf` buffer in
/// guest memory, or the qwords of a HIP printf message ([`crate::ockl`]).
pub(crate) trait ArgSource {
    /// No argument is left: formatting stops before the next conversion
    /// (HIP's rule; CUDA's buffer never runs out).
    fn exhausted(&self) -> bool {
        false
    }
    /// The next integer argument of `bytes` (4 or 8) bytes, zero-extended;
    /// doubles and pointers are 8-byte integers.
    fn int(&mut self, bytes: u64) -> Result<u64, FaultInfo>;
    /// The next `%s` argument's bytes (`None`: a null pointer).
    fn string(&mut self) -> Result<Option<Vec<u8>>, FaultInfo>;
    /// Arguments taken so far.
    fn used(&self) -> i32;
}

/// The packed argument buffer of a `vprintf` call.
struct Args<'a> {
    mem: &'a GuestView<'a>,
    at: u64,
    used: i32,
}

impl ArgSource for Args<'_> {
    /// Each argument is aligned to its size.
    fn int(&mut self, n: u64) -> Result<u64, FaultInfo> {
        self.at = self.at.div_ceil(n) * n;
        let b = self.mem.read(self.at, n as usize)?;
        self.at += n;
        self.used += 1;
        let mut v = [0u8; 8];
        v[..b.len()].copy_from_slice(&b);
        Ok(u64::from_le_bytes(v))
    }

    /// A pointer to the string.
    fn string(&mut self) -> Result<Option<Vec<u8>>, FaultInfo> {
        match self.int(8)? {
            0 => Ok(None),
            p => self.mem.string(p).map(Some),
        }
    }

    fn used(&self) -> i32 {
        self.used
    }
}

/// CUDA's `vprintf(fmt, buf)`: the text and the number of arguments used
/// (-1 and nothing for a null format).
fn printf(mem: &GuestView, fmt_addr: u64, buf: u64) -> Result<(Vec<u8>, i32), FaultInfo> {
    if fmt_addr == 0 {
        return Ok((Vec::new(), -1));
    }
    let fmt = mem.string(fmt_addr)?;
    format(
        &fmt,
        &mut Args {
            mem,
            at: buf,
            used: 0,
        },
    )
}

/// Formats like C `printf` (the host C library formats each conversion, so
/// the digits are C's); returns the text and the number of arguments used.
pub(crate) fn format(fmt: &[u8], args: &mut dyn ArgSource) -> Result<(Vec<u8>, i32), FaultInfo> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let Some((spec, next)) = parse_spec(fmt, i + 1) else {
            out.extend_from_slice(&fmt[i..]);
            break;
        };
        i = next;
        if spec.conv == b'%' {
            out.push(b'%');
            continue;
        }
        if args.exhausted() {
            break;
        }
        let mut c_fmt = format!("%{}", spec.flags);
        for (count, prefix) in [(&spec.width, ""), (&spec.precision, ".")] {
            match count {
                Some(Count::Fixed(v)) => c_fmt.push_str(&format!("{prefix}{v}")),
                Some(Count::Arg) => {
                    let v = args.int(4)? as u32 as i32;
                    c_fmt.push_str(&format!("{prefix}{}", v.clamp(-(1 << 16), 1 << 16)));
                }
                None => {}
            }
        }
        let piece = match spec.conv {
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'c' => {
                let raw = if spec.length == Length::Long {
                    args.int(8)?
                } else {
                    args.int(4)?
                };
                let signed = matches!(spec.conv, b'd' | b'i');
                let v: i64 = match (spec.length, signed) {
                    _ if spec.conv == b'c' => i64::from(raw as u8),
                    (Length::Char, true) => i64::from(raw as i8),
                    (Length::Char, false) => i64::from(raw as u8),
                    (Length::Short, true) => i64::from(raw as i16),
                    (Length::Short, false) => i64::from(raw as u16),
                    (Length::Long, _) => raw as i64,
                    (_, true) => i64::from(raw as i32),
                    (_, false) => i64::from(raw as u32),
                };
                let conv = if spec.conv == b'i' {
                    'd'
                } else {
                    spec.conv as char
                };
                let spec_str = if spec.conv == b'c' {
                    format!("{c_fmt}c")
                } else {
                    format!("{c_fmt}ll{conv}")
                };
                c_format_int(&spec_str, v, spec.conv == b'c')
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let v = f64::from_bits(args.int(8)?);
                c_format_f64(&format!("{c_fmt}{}", spec.conv as char), v)
            }
            b's' => {
                let s = args.string()?.unwrap_or_else(|| b"(null)".to_vec());
                c_format_str(&format!("{c_fmt}s"), &s)
            }
            b'p' => {
                let p = args.int(8)?;
                c_format_int(&format!("{c_fmt}#llx"), p as i64, false)
            }
            // `%n` writes through a pointer in C; GPUs do not: its argument
            // is skipped, nothing printed.
            b'n' => {
                args.int(8)?;
                Vec::new()
            }
            // Anything else is not a conversion: printed as written.
            _ => {
                let mut raw = b"%".to_vec();
                raw.extend_from_slice(spec.flags.as_bytes());
                raw.push(spec.conv);
                raw
            }
        };
        out.extend_from_slice(&piece);
    }
    Ok((out, args.used()))
}

/// `snprintf` into a buffer sized by a first measuring call.
fn snprintf_with(f: impl Fn(*mut libc::c_char, usize) -> libc::c_int) -> Vec<u8> {
    let n = f(std::ptr::null_mut(), 0);
    if n <= 0 {
        return Vec::new();
    }
    let mut buf = vec![0u8; n as usize + 1];
    f(buf.as_mut_ptr().cast(), buf.len());
    buf.truncate(n as usize);
    buf
}

fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

fn c_format_int(spec: &str, v: i64, as_char: bool) -> Vec<u8> {
    let f = c_string(spec);
    snprintf_with(|p, n| {
        // SAFETY: `f` is a NUL-terminated format with one integer
        // conversion (`%...c` takes an int, `%...ll?` a long long), given a
        // value of that type; `p`/`n` describe a writable buffer (or are
        // null/0 to measure).
        unsafe {
            if as_char {
                libc::snprintf(p, n, f.as_ptr(), v as libc::c_int)
            } else {
                libc::snprintf(p, n, f.as_ptr(), v as libc::c_longlong)
            }
        }
    })
}

fn c_format_f64(spec: &str, v: f64) -> Vec<u8> {
    let f = c_string(spec);
    // SAFETY: one floating conversion, given a double; buffer as above.
    snprintf_with(|p, n| unsafe { libc::snprintf(p, n, f.as_ptr(), v as libc::c_double) })
}

fn c_format_str(spec: &str, s: &[u8]) -> Vec<u8> {
    let f = c_string(spec);
    let arg = CString::new(s.to_vec()).unwrap_or_default();
    // SAFETY: one `%s` conversion, given a NUL-terminated string; buffer as
    // above.
    snprintf_with(|p, n| unsafe { libc::snprintf(p, n, f.as_ptr(), arg.as_ptr()) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lane context over a fake global memory holding `bytes` at GUEST_BASE.
    fn with_memory<R>(bytes: &mut [u8], f: impl FnOnce(&GuestView) -> R) -> R {
        let mut ctx = crate::ctx::LaneCtx::detached();
        ctx.global_base = bytes.as_mut_ptr();
        ctx.global_limit = bytes.len() as u64;
        let view = GuestView {
            ctx: &ctx,
            local_window: 1 << 60,
            shared_window: 1 << 59,
        };
        f(&view)
    }

    fn put(mem: &mut Vec<u8>, at: usize, b: &[u8]) {
        if mem.len() < at + b.len() {
            mem.resize(at + b.len(), 0);
        }
        mem[at..at + b.len()].copy_from_slice(b);
    }

    #[test]
    fn formats_like_c() {
        let mut m = vec![0u8; 256];
        put(
            &mut m,
            0,
            b"t=%d u=%u x=%#06x c=%c s=%-5s| f=%.3f e=%e g=%g p=%p %% ll=%lld %5.1s|\0",
        );
        put(&mut m, 128, b"hey\0");
        let g = GUEST_BASE;
        let mut args = Vec::new();
        args.extend((-7i32).to_le_bytes()); // %d @0
        args.extend(4_000_000_000u32.to_le_bytes()); // %u @4
        args.extend(0xabu32.to_le_bytes()); // %x @8
        args.extend((b'Z' as u32).to_le_bytes()); // %c @12
        args.extend((g + 128).to_le_bytes()); // %s @16
        args.extend(3.25159f64.to_le_bytes()); // %f @24
        args.extend(1234.5f64.to_le_bytes()); // %e @32
        args.extend(0.0001f64.to_le_bytes()); // %g @40
        args.extend(0u64.to_le_bytes()); // %p @48
        args.extend((-5i64).to_le_bytes()); // %lld @56
        args.extend((g + 128).to_le_bytes()); // %5.1s @64
        put(&mut m, 160, &args);
        let (text, n) = with_memory(&mut m, |v| printf(v, g, g + 160)).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "t=-7 u=4000000000 x=0x00ab c=Z s=hey  | f=3.252 e=1.234500e+03 g=0.0001 p=0 % ll=-5     h|"
        );
        assert_eq!(n, 11);
    }

    #[test]
    fn alignment_null_and_faults() {
        let g = GUEST_BASE;
        let mut m = vec![0u8; 64];
        put(&mut m, 0, b"%d %f %s\0");
        // int at 16, double aligned up to 24, null string at 32.
        put(&mut m, 16, &9i32.to_le_bytes());
        put(&mut m, 24, &0.5f64.to_le_bytes());
        let (text, n) = with_memory(&mut m, |v| printf(v, g, g + 16)).unwrap();
        assert_eq!(String::from_utf8(text).unwrap(), "9 0.500000 (null)");
        assert_eq!(n, 3);
        // A null format: -1, nothing printed.
        let (text, n) = with_memory(&mut m, |v| printf(v, 0, g)).unwrap();
        assert_eq!((text.len(), n), (0, -1));
        // An argument buffer outside guest memory faults with its address.
        let e = with_memory(&mut m, |v| printf(v, g, g + 62)).unwrap_err();
        assert_eq!((e.kind, e.addr), (fault_kind::OUT_OF_BOUNDS, g + 64));
        // So does a format that runs off the end.
        put(&mut m, 40, b"abcdefghijklmnopqrstuvwx");
        let e = with_memory(&mut m, |v| printf(v, g + 40, g)).unwrap_err();
        assert_eq!(e.addr, g + 64);
    }
}
