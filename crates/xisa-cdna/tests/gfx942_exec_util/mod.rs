//! Shared harness of the gfx942 execution tests (`mod gfx942_exec_util;`):
//! assemble with llvm-mc-19, lift, launch on the interpreter and the JIT with a
//! kernarg segment and dispatch packet built by `gfx942::lift::abi`.

#![allow(dead_code)]

use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use xisa_cdna::gfx942::lift::{self, abi, EntryAbi};
use xisa_ir::Kernel;
use xisa_runtime::{launch, GuestMemory, LaneProgram, LaunchConfig};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Engine {
    Interp,
    Jit,
}

pub const ENGINES: [Engine; 2] = [Engine::Interp, Engine::Jit];

pub fn program(k: &Kernel, e: Engine) -> Box<dyn LaneProgram> {
    match e {
        Engine::Interp => Box::new(xisa_interp::Interp::new(k, false)),
        Engine::Jit => Box::new(
            xisa_jit::compile(k, &xisa_jit::JitOptions::default())
                .unwrap_or_else(|e| panic!("JIT: {e}")),
        ),
    }
}

/// Assembles gfx942 assembly (`llvm-mc-19 -filetype=obj`) and returns `.text`.
pub fn assemble(src: &str) -> Vec<u8> {
    static N: AtomicU32 = AtomicU32::new(0);
    let tool = crate::common::llvm_mc().expect("llvm-mc-19");
    let dir = std::env::temp_dir().join(format!(
        "xisa-gfx942-exec-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let s = dir.join("k.s");
    let o = dir.join("k.o");
    let bin = dir.join("k.bin");
    std::fs::write(&s, src).unwrap();
    let out = Command::new(&tool)
        .args([
            "-triple",
            "amdgcn-amd-amdhsa",
            "-mcpu=gfx942",
            "-filetype=obj",
            "-o",
        ])
        .arg(&o)
        .arg(&s)
        .output()
        .expect("llvm-mc");
    assert!(
        out.status.success(),
        "llvm-mc failed:\n{}\n{src}",
        String::from_utf8_lossy(&out.stderr)
    );
    let objcopy = tool.replace("llvm-mc", "llvm-objcopy");
    let st = Command::new(objcopy)
        .args(["-O", "binary", "--only-section=.text"])
        .arg(&o)
        .arg(&bin)
        .status()
        .expect("llvm-objcopy-19");
    assert!(st.success());
    let bytes = std::fs::read(&bin).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    bytes
}

/// The entry ABI of the test kernels: kernarg pointer in s[0:1], workgroup id
/// x in s2, v0 = work-item id x (| y << 10).
pub fn test_abi(lds: u32, scratch: u32) -> EntryAbi {
    EntryAbi {
        kernarg_segment_ptr: true,
        user_sgpr_count: 2,
        workgroup_id: [true, false, false],
        workitem_id: 1,
        group_segment_fixed_size: lds,
        private_segment_fixed_size: scratch,
        ..Default::default()
    }
}

pub fn lift_src(src: &str, abi: &EntryAbi) -> Kernel {
    let code = assemble(src);
    lift::lift("k", &code, abi).unwrap_or_else(|e| panic!("lift: {e}\n{src}"))
}

/// A launch: buffers (allocated in order; their addresses are the first
/// kernarg qwords), then `extra` kernarg bytes.
pub struct Setup {
    pub bufs: Vec<Vec<u8>>,
    pub extra: Vec<u8>,
    pub grid: [u32; 3],
    pub block: [u32; 3],
}

/// Runs and returns the buffers afterwards.
pub fn run(k: &Kernel, e: Engine, s: &Setup) -> Vec<Vec<u8>> {
    run_program(k, program(k, e).as_ref(), s)
}

/// [`run`] with a program already made from `k` (one compile, several runs).
pub fn run_program(k: &Kernel, prog: &dyn LaneProgram, s: &Setup) -> Vec<Vec<u8>> {
    let mem = GuestMemory::new(1 << 28).expect("reserve");
    let mut addrs = Vec::new();
    for b in &s.bufs {
        let a = mem.alloc(b.len().max(16) as u64).unwrap();
        mem.write(a, b).unwrap();
        addrs.push(a);
    }
    let mut explicit: Vec<Vec<u8>> = addrs.iter().map(|a| a.to_le_bytes().to_vec()).collect();
    explicit.push(s.extra.clone());
    let mut slots = Vec::new();
    let mut off = 0u32;
    for (i, a) in explicit.iter().enumerate() {
        slots.push(abi::Slot {
            offset: off,
            size: a.len() as u32,
            kind: abi::SlotKind::Explicit(i),
        });
        off += a.len() as u32;
    }
    off = off.next_multiple_of(8);
    for (j, kind) in [
        abi::SlotKind::BlockCount(0),
        abi::SlotKind::BlockCount(1),
        abi::SlotKind::BlockCount(2),
    ]
    .into_iter()
    .enumerate()
    {
        slots.push(abi::Slot {
            offset: off + 4 * j as u32,
            size: 4,
            kind,
        });
    }
    let geo = abi::Geometry {
        grid: s.grid,
        block: s.block,
        dyn_lds: 0,
    };
    let seg = abi::kernarg_segment(off + 256, &slots, &explicit, &geo).unwrap();
    let ka = mem.alloc(seg.len() as u64).unwrap();
    mem.write(ka, &seg).unwrap();
    let pkt = abi::dispatch_packet(&geo, 0, 0, 0, ka);
    let pa = mem.alloc(64).unwrap();
    mem.write(pa, &pkt).unwrap();
    let cfg = LaunchConfig {
        grid: s.grid,
        block: s.block,
        params: abi::param_block(ka, pa, 0, 0, 0),
        timeout: Some(std::time::Duration::from_secs(120)),
        threads: 2,
        ..Default::default()
    };
    launch(k, prog, &mem, &cfg).unwrap_or_else(|e| panic!("{e:?} {e}"));
    addrs
        .iter()
        .zip(&s.bufs)
        .map(|(&a, b)| mem.read_vec(a, b.len()).unwrap())
        .collect()
}

pub fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

pub fn bytes32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn u64s(b: &[u8]) -> Vec<u64> {
    b.chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub fn bytes64(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Runs kernel `name` of the code object `co` (compiled OpenCL) with buffer
/// arguments only; returns the buffers afterwards.
pub fn run_co_kernel(
    co: &[u8],
    name: &str,
    e: Engine,
    bufs: &[Vec<u8>],
    grid: [u32; 3],
    block: [u32; 3],
) -> Vec<Vec<u8>> {
    use xisa_cdna::gfx942::codeobj;
    use xisa_cdna::gfx942::lift::codeobj as lco;
    let co_bytes = co;
    let co = codeobj::load(co).expect("code object");
    let info = co.kernel(name).expect("kernel");
    let mem = GuestMemory::new(1 << 28).expect("reserve");
    // The code object's image in guest memory, so that pc-relative constant
    // data (s_getpc_b64) resolves.
    let img = lco::image(co_bytes).expect("image");
    let img_addr = mem.alloc(img.bytes.len().max(16) as u64).unwrap();
    mem.write(img_addr, &img.bytes).unwrap();
    let k = lco::lift_kernel(info, &img).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut addrs = Vec::new();
    for b in bufs {
        let a = mem.alloc(b.len().max(16) as u64).unwrap();
        mem.write(a, b).unwrap();
        addrs.push(a);
    }
    let explicit: Vec<Vec<u8>> = addrs.iter().map(|a| a.to_le_bytes().to_vec()).collect();
    let geo = abi::Geometry {
        grid,
        block,
        dyn_lds: 0,
    };
    let seg = abi::kernarg_segment(
        info.kernarg_segment_size,
        &lco::kernarg_slots(info),
        &explicit,
        &geo,
    )
    .unwrap();
    let ka = mem.alloc(seg.len().max(16) as u64).unwrap();
    mem.write(ka, &seg).unwrap();
    let pkt = abi::dispatch_packet(
        &geo,
        info.private_segment_fixed_size,
        info.group_segment_fixed_size,
        0,
        ka,
    );
    let pa = mem.alloc(64).unwrap();
    mem.write(pa, &pkt).unwrap();
    let prog = program(&k, e);
    let cfg = LaunchConfig {
        grid,
        block,
        params: abi::param_block(ka, pa, 0, 0, img_addr),
        timeout: Some(std::time::Duration::from_secs(120)),
        threads: 2,
        ..Default::default()
    };
    launch(&k, prog.as_ref(), &mem, &cfg).unwrap_or_else(|e| panic!("{name}: {e}"));
    addrs
        .iter()
        .zip(bufs)
        .map(|(&a, b)| mem.read_vec(a, b.len()).unwrap())
        .collect()
}

/// A launch of one workgroup of `lanes` work-items over `bufs`, with the
/// kernarg qword `x` (then a zero qword) after the buffer pointers.
pub fn setup_one_group(bufs: Vec<Vec<u8>>, x: u64, lanes: usize) -> Setup {
    let mut extra = x.to_le_bytes().to_vec();
    extra.extend(0u64.to_le_bytes());
    Setup {
        bufs,
        extra,
        grid: [1, 1, 1],
        block: [lanes as u32, 1, 1],
    }
}

/// The EXEC mask of round `it` of a randomized run: every lane in round 0,
/// then random masks with most lanes set.
pub fn round_exec(it: u32, rng: &mut crate::common::Rng) -> u64 {
    match it {
        0 => u64::MAX,
        _ => rng.next() | rng.next(),
    }
}

/// The operands of read-modify-write slot `j`: (value mask, a, b). 64-bit:
/// data qwords 2j and 2j + 1; 32-bit: dwords 0 and 1 of qword 2j.
pub fn rmw_operands(wide: bool, data: &[u64], j: usize) -> (u64, u64, u64) {
    if wide {
        (u64::MAX, data[2 * j], data[2 * j + 1])
    } else {
        (0xffff_ffff, data[2 * j] & 0xffff_ffff, data[2 * j] >> 32)
    }
}

/// Runs a read-modify-write launch (buffers: memory, data, out) and returns
/// the memory and out qwords afterwards.
pub fn run_rmw(k: &Kernel, e: Engine, s: &Setup) -> (Vec<u64>, Vec<u64>) {
    let res = run(k, e, s);
    (u64s(&res[0]), u64s(&res[2]))
}

/// The lifted kernel, and the same with the lockstep wave syncs `xisa run`
/// inserts.
pub fn wave_sync_variants(k: Kernel) -> Vec<(&'static str, Kernel)> {
    let mut w = k.clone();
    xisa_ir::lockstep::insert_wave_syncs(&mut w);
    vec![("plain", k), ("wavesync", w)]
}

/// A random operand word: one of `edges` a sixth of the time, a small value
/// (below 70, shift counts and the like) a sixth, else any word.
pub fn rand_edge_word(r: &mut crate::common::Rng, edges: &[u32; 8]) -> u32 {
    match r.below(6) {
        0 => edges[r.below(8) as usize],
        1 => r.below(70) as u32,
        _ => r.next() as u32,
    }
}

/// The expected (memory, out) qwords of a read-modify-write slot: an
/// inactive lane keeps both; an active one merges the `update()` result
/// (new value, returned value or None for a non-returning op) into memory
/// under `mask`, and writes the returned value to out.
pub fn rmw_want(
    active: bool,
    mem: u64,
    out: u64,
    mask: u64,
    update: impl FnOnce() -> (u64, Option<u64>),
) -> (u64, u64) {
    if !active {
        return (mem, out);
    }
    let (new, ret) = update();
    (new & mask | mem & !mask, ret.unwrap_or(out))
}

/// One slot of a read-modify-write check: its index, value mask, old value
/// (masked) and operands ([`rmw_operands`]).
pub struct RmwSlot {
    pub j: usize,
    pub mask: u64,
    pub old: u64,
    pub a: u64,
    pub b: u64,
}

/// One round of a read-modify-write test: the memory, data and out qwords
/// (per slot one memory and one out qword, two data qwords; `lanes` slots
/// per case) and the EXEC mask of the ops.
pub struct RmwRound {
    pub mem: Vec<u64>,
    pub data: Vec<u64>,
    pub out: Vec<u64>,
    pub emask: u64,
    pub lanes: usize,
}

impl RmwRound {
    /// A round over these buffers and EXEC mask, `lanes` slots per case.
    pub fn new(mem: Vec<u64>, data: Vec<u64>, out: Vec<u64>, emask: u64, lanes: usize) -> Self {
        RmwRound {
            mem,
            data,
            out,
            emask,
            lanes,
        }
    }

    /// The launch: one workgroup of `lanes` over memory, data and out, with
    /// the EXEC mask as the kernarg qword after them.
    pub fn setup(&self) -> Setup {
        let bufs = vec![bytes64(&self.mem), bytes64(&self.data), bytes64(&self.out)];
        setup_one_group(bufs, self.emask, self.lanes)
    }

    /// Checks the slots of case `case` in the memory and out qwords `got` of
    /// a run: each must be [`rmw_want`] of `update(slot)` (new value,
    /// returned value). Failures name `ctx`, the lane and the operands.
    pub fn check_case(
        &self,
        ctx: &str,
        (gm, go): &(Vec<u64>, Vec<u64>),
        case: usize,
        wide: bool,
        update: impl Fn(&RmwSlot) -> (u64, Option<u64>),
    ) {
        for l in 0..self.lanes {
            let j = case * self.lanes + l;
            let active = self.emask >> (l % 64) & 1 == 1;
            let (mask, a, b) = rmw_operands(wide, &self.data, j);
            let old = self.mem[j] & mask;
            let slot = RmwSlot { j, mask, old, a, b };
            let want = rmw_want(active, self.mem[j], self.out[j], mask, || update(&slot));
            assert_eq!(
                (gm[j], go[j]),
                want,
                "{ctx} lane {l}: old {old:#x} a {a:#x} b {b:#x}"
            );
        }
    }
}

/// A table of LLVM's constant folding (`gfx942_llvm_fold/NAME.tsv`, written
/// by `fold.py NAME`): per line, its space-separated hex fields.
pub fn fold_table(name: &str) -> Vec<Vec<u64>> {
    let path = format!(
        "{}/tests/gfx942_llvm_fold/{name}.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|l| {
            l.split(' ')
                .map(|w| u64::from_str_radix(w, 16).unwrap())
                .collect()
        })
        .collect()
}

/// The start of a per-lane test kernel: the two buffer addresses in s[4:5]
/// (in) and s[6:7] (out), v1 = tid.x, v10 / v11 = its byte offsets for
/// `1 << in_log2` / `1 << out_log2` bytes per lane, and the lane's first
/// 16 input bytes loaded into v[2:5] (waited for).
pub fn lane_io_prologue(in_log2: u32, out_log2: u32) -> String {
    format!(
        "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
         s_waitcnt lgkmcnt(0)\n\
         v_and_b32 v1, 0x3ff, v0\n\
         v_lshlrev_b32 v10, {in_log2}, v1\n\
         v_lshlrev_b32 v11, {out_log2}, v1\n\
         global_load_dwordx4 v[2:5], v10, s[4:5]\n\
         s_waitcnt vmcnt(0)\n"
    )
}

/// The start of a read-modify-write kernel (buffers: memory, data, out, then
/// the kernarg qword of the ops' EXEC mask in s[10:11]): the buffer
/// addresses in s[4:9], the launch EXEC saved in s[18:19], v1 = tid.x and
/// its byte offsets v2 (8 per lane) and v3 (16 per lane).
pub const RMW_PROLOGUE: &str = "s_load_dwordx8 s[4:11], s[0:1], 0x0\n\
                                s_waitcnt lgkmcnt(0)\n\
                                s_mov_b64 s[18:19], exec\n\
                                v_and_b32 v1, 0x3ff, v0\n\
                                v_lshlrev_b32 v2, 3, v1\n\
                                v_lshlrev_b32 v3, 4, v1\n";

/// Case `i` of a read-modify-write kernel after [`RMW_PROLOGUE`], `lanes`
/// slots per case: the case's memory, data and out addresses in s[12:13],
/// s[14:15] and s[16:17] (8, 16 and 8 bytes per lane), and the lane's data
/// and out slots loaded into v[4:7] and v[8:9] (not waited for).
pub fn rmw_case_start(i: usize, lanes: usize) -> String {
    let (mo, dof) = (i * lanes * 8, i * lanes * 16);
    format!(
        "s_add_u32 s12, s4, {mo}\ns_addc_u32 s13, s5, 0\n\
         s_add_u32 s14, s6, {dof}\ns_addc_u32 s15, s7, 0\n\
         s_add_u32 s16, s8, {mo}\ns_addc_u32 s17, s9, 0\n\
         global_load_dwordx4 v[4:7], v3, s[14:15]\n\
         global_load_dwordx2 v[8:9], v2, s[16:17]\n"
    )
}

/// A float compare condition on the operands as f64.
pub type FCmp = fn(f64, f64) -> bool;
/// An integer compare condition on the operands sign- or zero-extended.
pub type ICmp = fn(i64, i64) -> bool;

/// The VOPC float conditions in opcode order, `f` first and `tru` last.
// As IEEE defines them: with NaN operands `a < b || a > b` differs from
// `a != b` and `!(a >= b)` from `a < b`.
#[allow(clippy::double_comparisons, clippy::neg_cmp_op_on_partial_ord)]
pub const FLOAT_CONDS: [(&str, FCmp); 16] = [
    ("f", |_, _| false),
    ("lt", |a, b| a < b),
    ("eq", |a, b| a == b),
    ("le", |a, b| a <= b),
    ("gt", |a, b| a > b),
    ("lg", |a, b| a < b || a > b),
    ("ge", |a, b| a >= b),
    ("o", |a, b| !a.is_nan() && !b.is_nan()),
    ("u", |a, b| a.is_nan() || b.is_nan()),
    ("nge", |a, b| !(a >= b)),
    ("nlg", |a, b| !(a < b || a > b)),
    ("ngt", |a, b| !(a > b)),
    ("nle", |a, b| !(a <= b)),
    ("neq", |a, b| a != b),
    ("nlt", |a, b| !(a < b)),
    ("tru", |_, _| true),
];

/// The VOPC integer conditions in opcode order, `f` first and `t` last.
pub const INT_CONDS: [(&str, ICmp); 8] = [
    ("f", |_, _| false),
    ("lt", |a, b| a < b),
    ("eq", |a, b| a == b),
    ("le", |a, b| a <= b),
    ("gt", |a, b| a > b),
    ("ne", |a, b| a != b),
    ("ge", |a, b| a >= b),
    ("t", |_, _| true),
];
