//! Lifting gfx942 (CDNA 3, wave64) machine code to the xisa IR.
//!
//! Execution model (docs/cdna.md, "gfx942 execution model"):
//! - one IR lane per work-item, `wave_size = 64`;
//! - scalar state (SGPRs `s0..s101`, `vcc_lo/hi`, `exec_lo/hi`, `m0`, `scc`) is
//!   held per lane and is identical in all lanes of a wave: every lane executes
//!   every scalar instruction (unguarded), and branches are scalar, so all lanes
//!   of a wave follow the same path;
//! - vector ALU results and vector memory side effects are guarded by the lane's
//!   EXEC bit `t.execbit = (exec >> laneid) & 1`, recomputed whenever EXEC is
//!   written;
//! - lane masks written by vector ops (v_cmp, carry-outs) are IR ballots of
//!   `pred & execbit` (inactive lanes write 0), made lane-local afterwards
//!   where no instruction reads them whole ([`lanemask`]);
//! - FLAT addresses in the shared / private apertures ([`SHARED_APERTURE_HI`],
//!   [`PRIVATE_APERTURE_HI`] as the high dword) go to LDS (IR shared) / scratch
//!   (IR local); other addresses are global.
//!
//! The kernel's IR parameters are [`ENTRY_PARAMS`]: the kernarg segment
//! pointer, the dispatch packet pointer, the queue pointer, the dispatch id
//! and the guest address of the code object's loadable image
//! (see [`abi`] to build them); its entry block sets up the initial SGPRs and
//! `v0` per [`EntryAbi`] (the kernel descriptor's enable bits) and EXEC = the
//! lanes that exist.

pub mod abi;
mod builder;
pub mod codeobj;
mod gpr_idx;
pub mod lanemask;
pub(crate) mod mem;
mod mode;
pub mod ownbit;
mod salu;
mod valu;
mod waitcnt;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use xisa_ir::op;

use thiserror::Error;
use xisa_ir::{BlockId, CvtOp, Kernel, Op, Operand, SReg, Term, Type};

use builder::{Builder, EXEC_LO};

use super::decode::{decode_one, Gfx942Error, Inst};
use super::semantics::{self, Kind, Sem, SemOp};
use super::tables::tables;

pub use mem::{atomic_scope, load_store_scope};

/// High dword of the shared (LDS) aperture: a FLAT address `SHARED_APERTURE_HI
/// << 32 | off` is LDS byte `off` (what `src_shared_base` reads).
pub const SHARED_APERTURE_HI: u32 = 0x1000;
/// High dword of the private (scratch) aperture (`src_private_base`).
pub const PRIVATE_APERTURE_HI: u32 = 0x2000;

/// Names of the IR parameters of a lifted kernel, in order (all `i64`).
pub const ENTRY_PARAMS: [&str; 5] = [
    "kernarg_ptr",
    "dispatch_ptr",
    "queue_ptr",
    "dispatch_id",
    "image_ptr",
];

/// Why gfx942 code cannot be lifted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LiftError {
    /// The bytes at `pc` do not decode.
    #[error("gfx942 pc {pc:#x}: {kind}")]
    Decode {
        /// Where (see [`EntryAbi::pc_base`]).
        pc: u64,
        /// What is wrong with the bytes.
        kind: super::decode::Gfx942ErrorKind,
    },
    /// A decoded instruction the lifter does not handle.
    #[error("gfx942 pc {pc:#x}: {mnemonic} is not lifted: {why}")]
    Unsupported {
        /// The instruction's address (see [`EntryAbi::pc_base`]).
        pc: u64,
        /// Its mnemonic.
        mnemonic: String,
        /// Why.
        why: String,
    },
    /// A branch whose target is not an instruction of the code.
    #[error("gfx942 pc {pc:#x}: branch target {target:#x} is not an instruction boundary")]
    BadBranch {
        /// The branch's address (see [`EntryAbi::pc_base`]).
        pc: u64,
        /// The target's.
        target: i64,
    },
    /// The lifted kernel failed the IR verifier (a lifter defect).
    #[error("lifted gfx942 kernel does not verify: {0}")]
    Verify(String),
}

/// The kernel descriptor bits that shape the initial wave state (user and
/// system SGPRs, `v0`), and the kernel's memory sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EntryAbi {
    pub private_segment_buffer: bool,
    pub dispatch_ptr: bool,
    pub queue_ptr: bool,
    pub kernarg_segment_ptr: bool,
    pub dispatch_id: bool,
    pub flat_scratch_init: bool,
    pub private_segment_size: bool,
    /// `USER_SGPR_COUNT` (rsrc2): the system SGPRs start here. Extra user SGPRs
    /// past the enabled ones are preloaded kernel arguments.
    pub user_sgpr_count: u32,
    /// Dword offset in the kernarg segment of the first preloaded argument.
    pub kernarg_preload_offset: u32,
    pub workgroup_id: [bool; 3],
    pub workgroup_info: bool,
    /// ENABLE_PRIVATE_SEGMENT: the private segment wave offset SGPR.
    pub private_segment_wave_offset: bool,
    /// ENABLE_VGPR_WORKITEM_ID (0: x, 1: x y, 2: x y z), packed into v0.
    pub workitem_id: u32,
    /// Static LDS bytes.
    pub group_segment_fixed_size: u32,
    /// Scratch bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// Offset of the kernel's first instruction in the code object's
    /// loadable image (`codeobj::Image`): `s_getpc_b64` returns
    /// `image_ptr + code_offset + pc + 4`, so pc-relative constant data
    /// resolves when the launcher places the image at `image_ptr`.
    pub code_offset: u64,
    /// VGPRs the kernel allocates (`.vgpr_count`): the registers a VGPR
    /// index can reach (0: unknown, all 256).
    pub vgpr_count: u32,
    /// The floating-point mode the waves start in.
    pub float_mode: FloatMode,
    /// The address llvm-objdump gives the image's first byte (the code
    /// object's lowest loaded virtual address; 0 for bare code): every pc
    /// the lifter reports (errors, the IR's pcs and block labels) is this
    /// plus the instruction's image offset, as llvm-objdump prints it.
    pub pc_base: u64,
    /// A bare fragment (`xisa exec`): the entry sets only EXEC (the lanes
    /// that run) and leaves every other register as the caller put it.
    pub fragment: bool,
    /// Keep wave masks whole (ballots, branches on EXEC for the wave):
    /// for engines that run a wave's lanes together, where a ballot costs
    /// no stop and a uniform branch keeps scalar code once per wave (no
    /// [`lanemask`] rewrites).
    pub whole_masks: bool,
    /// Kernarg offset of the `hidden_hostcall_buffer` argument (the
    /// metadata's), when the kernel has one: its `s_sleep`s answer the
    /// hostcalls waiting on it (HIP `printf`, `assert`; `xisa_runtime::ockl`).
    pub hostcall_buffer: Option<u32>,
}

/// The floating-point mode of the descriptor (`compute_pgm_rsrc1`). The
/// lifter computes in the default one, clang's: round to nearest even,
/// denormals kept (f32 and f16/f64), IEEE mode and DX10 clamping on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FloatMode {
    /// FLOAT_DENORM_MODE_32 (3: keep input and output denormals).
    pub denorm_32: u32,
    /// FLOAT_DENORM_MODE_16_64.
    pub denorm_16_64: u32,
    /// FLOAT_ROUND_MODE_32 (0: round to nearest even).
    pub round_32: u32,
    /// FLOAT_ROUND_MODE_16_64.
    pub round_16_64: u32,
    /// ENABLE_IEEE_MODE.
    pub ieee: bool,
    /// ENABLE_DX10_CLAMP.
    pub dx10_clamp: bool,
    /// FP16_OVFL: conversions to 8-bit floats saturate an overflow to the
    /// largest value instead of giving NaN.
    pub fp16_ovfl: bool,
}

impl Default for FloatMode {
    fn default() -> Self {
        FloatMode {
            denorm_32: 3,
            denorm_16_64: 3,
            round_32: 0,
            round_16_64: 0,
            ieee: true,
            dx10_clamp: true,
            fp16_ovfl: false,
        }
    }
}

impl FloatMode {
    /// Why float code cannot be lifted in this mode (`None`: the default).
    /// A kernel built to flush denormals (OpenCL `-cl-denorms-are-zero`, HIP
    /// `-fgpu-flush-denormals-to-zero`) computed with denormals kept would
    /// give wrong results for denormal values without a word; so its float
    /// instructions are refused, naming the field (integer-only code, such
    /// as hand-written atomics, lifts in any mode).
    pub fn problem(&self) -> Option<String> {
        self.problem_in("the kernel descriptor's")
    }

    /// [`FloatMode::problem`], naming where the mode comes from (`whose`:
    /// the kernel descriptor, or MODE as an `s_setreg` left it).
    pub fn problem_in(&self, whose: &str) -> Option<String> {
        const FLUSH: &str = "denormals flushed: built with -cl-denorms-are-zero or \
                             -fgpu-flush-denormals-to-zero?";
        const ROUND: &str = "not round to nearest even";
        let d = FloatMode::default();
        // Flushing f32 input and output denormals (0) is modelled: the IR's
        // `.ftz` (Builder::ftz32).
        let denorm_32 = if self.denorm_32 == 0 {
            3
        } else {
            self.denorm_32
        };
        let fields = [
            ("FLOAT_DENORM_MODE_32", denorm_32, d.denorm_32, FLUSH),
            (
                "FLOAT_DENORM_MODE_16_64",
                self.denorm_16_64,
                d.denorm_16_64,
                FLUSH,
            ),
            ("FLOAT_ROUND_MODE_32", self.round_32, d.round_32, ROUND),
            (
                "FLOAT_ROUND_MODE_16_64",
                self.round_16_64,
                d.round_16_64,
                ROUND,
            ),
            // IEEE mode off changes NaN handling in min/max; without DX10
            // clamping the clamp modifier passes NaN through.
            ("ENABLE_IEEE_MODE", self.ieee.into(), 1, "IEEE mode off"),
            (
                "ENABLE_DX10_CLAMP",
                self.dx10_clamp.into(),
                1,
                "NaN not clamped to 0",
            ),
        ];
        fields
            .into_iter()
            .find(|f| f.1 != f.2)
            .map(|(field, value, want, what)| {
                let also = if field == "FLOAT_DENORM_MODE_32" {
                    " or 0"
                } else {
                    ""
                };
                format!(
                    "{whose} {field} = {value} ({what}): float code is lifted \
                 only for {field} = {want}{also}"
                )
            })
    }
}

/// Decoded instructions: (byte offset, length, instruction).
type Decoded = Vec<(usize, usize, Inst)>;

/// The instructions of `code`, whose first byte is at address `at` (for
/// errors).
fn decode_items(code: &[u8], at: u64) -> Result<Decoded, LiftError> {
    let mut out = Vec::new();
    let mut off = 0;
    while off < code.len() {
        let i = decode_one(code, off).map_err(|e: Gfx942Error| LiftError::Decode {
            pc: at.wrapping_add(e.offset as u64),
            kind: e.kind,
        })?;
        let n = i.len;
        out.push((off, n, i));
        off += n;
    }
    Ok(out)
}

/// The ALU semantics row of an instruction (`None` for memory rows and
/// rows that are not lifted).
pub(crate) fn lifted_row(inst: &Inst) -> Option<Sem> {
    semantics::row(&inst.opcode.mnemonic).and_then(|r| r.as_ref().ok().copied())
}

/// The ALU semantics kind of an instruction: what the control-flow
/// analyses read.
pub(crate) fn kind_of(inst: &Inst) -> Option<Kind> {
    lifted_row(inst).map(|s| s.kind)
}

fn branch_target(inst: &Inst, off: usize) -> Option<i64> {
    let is_branch = matches!(kind_of(inst), Some(Kind::SBranch | Kind::SCbranch));
    if !is_branch || tables().formats[inst.opcode.format].name != "SOPP" {
        return None;
    }
    let simm = inst.get("simm16") as u16 as i16 as i64;
    Some(off as i64 + 4 + simm * 4)
}

/// A builder for kernel `name` with the leader blocks (pcs in order; ids
/// 1.., after the entry block) and the entry code of `abi`, and the leaders'
/// block ids.
fn open_kernel<'a>(
    name: &str,
    leaders: impl IntoIterator<Item = &'a usize>,
    abi: &EntryAbi,
    code_offset: u64,
    pc_bias: u64,
) -> Result<(Builder, BTreeMap<usize, BlockId>), LiftError> {
    let ids: BTreeMap<usize, BlockId> = leaders
        .into_iter()
        .enumerate()
        .map(|(i, &o)| (o, BlockId(i as u32 + 1)))
        .collect();
    let mut b = Builder::new(name);
    b.pc_bias = pc_bias;
    b.leader_blocks(&ids);
    b.vgpr_count = abi.vgpr_count;
    b.hostcall_buffer = abi.hostcall_buffer;
    b.whole_masks = abi.fragment || abi.whole_masks;
    b.entry_mode = abi.float_mode.mode_bits();
    let entry_mode = b.entry_mode;
    mode::apply(&mut b, entry_mode);
    b.code_offset = code_offset;
    b.kernel_mut().shared_bytes = abi.group_segment_fixed_size;
    b.kernel_mut().local_bytes = abi.private_segment_fixed_size;
    let params: Vec<_> = ENTRY_PARAMS.iter().map(|p| b.named(p, Type::I64)).collect();
    b.kernel_mut().params = params.clone();
    entry(&mut b, abi, &params)?;
    Ok((b, ids))
}

/// Lifts the code of one kernel (`code[0]` is the entry) to an IR kernel named
/// `name`.
pub fn lift(name: &str, code: &[u8], abi: &EntryAbi) -> Result<Kernel, LiftError> {
    // Offsets here are from the kernel's first byte.
    let bias = abi.pc_base.wrapping_add(abi.code_offset);
    let items = decode_items(code, bias)?;
    let starts: BTreeSet<usize> = items.iter().map(|(o, _, _)| *o).collect();
    // Leaders: the entry, branch targets, and instructions after branches or
    // s_endpgm.
    let mut leaders = BTreeSet::from([0usize]);
    for (off, len, i) in &items {
        if let Some(t) = branch_target(i, *off) {
            if t < 0 || !starts.contains(&(t as usize)) {
                return Err(LiftError::BadBranch {
                    pc: bias.wrapping_add(*off as u64),
                    target: (bias as i64).wrapping_add(t),
                });
            }
            leaders.insert(t as usize);
            leaders.insert(off + len);
        }
        if matches!(kind_of(i), Some(Kind::SEnd | Kind::STrap)) {
            leaders.insert(off + len);
        }
    }
    leaders.retain(|l| starts.contains(l));
    let (mut b, ids) = open_kernel(name, &leaders, abi, abi.code_offset, bias)?;
    let drains = waitcnt::draining_waits(&items, false);

    for (off, len, i) in &items {
        let off = *off;
        if let Some(&id) = ids.get(&off) {
            b.start_block(id);
        } else if !b.is_open() {
            continue; // unreachable
        }
        b.begin(off as u64, &i.opcode.mnemonic, i.literal);
        if drains.contains(&off) {
            drain_stores(&mut b);
        }
        lift_inst(&mut b, i, off, off + len, &ids)?;
    }
    if b.is_open() {
        // Fell off the end of the code: a kernel traps (the hardware would
        // run on into whatever follows); a bare fragment ends there, as lsu
        // and CDNA 5 fragments do, so that a written instruction runs alone.
        b.begin(code.len() as u64, "<end>", None);
        b.terminate(if abi.fragment { Term::Exit } else { Term::Trap });
    }
    finish(b)
}

/// The lifted kernel, with wave masks that no instruction reads whole made
/// lane-local ([`lanemask`]), verified.
fn finish(mut b: Builder) -> Result<Kernel, LiftError> {
    let execz = std::mem::take(&mut b.execz);
    let loops = lanemask::ExecLoops {
        latches: std::mem::take(&mut b.execnz),
        clears: std::mem::take(&mut b.exec_clears),
        exec_regs: [b.sgpr(EXEC_LO), b.sgpr(builder::EXEC_HI)],
    };
    let (exec, lane, whole) = (b.exec, b.lane, b.whole_masks);
    let mut k = b.ir.into_kernel();
    if !whole {
        lanemask::run(&mut k, &execz, &loops, exec, lane);
        ownbit::run(&mut k, lane);
    }
    xisa_ir::verify::verify_kernel(&k).map_err(|e| LiftError::Verify(e.to_string()))?;
    Ok(k)
}

/// An inline integer or literal SSRC value as 32 bits (None for registers).
fn const_src(i: &Inst, field: &str) -> Option<u32> {
    match i.get(field) {
        e @ 128..=192 => Some(e - 128),
        e @ 193..=208 => Some((-((e - 192) as i32)) as u32),
        255 => i.literal,
        _ => None,
    }
}

/// The SGPRs (SSRC/SDST numbering) an instruction writes, as ranges.
fn scalar_dests(i: &Inst) -> Vec<(u32, u32)> {
    i.opcode
        .operands
        .iter()
        .filter(|o| {
            o.class == super::tables::Class::S
                && matches!(o.field.as_str(), "sdst" | "sdata" | "vdst")
        })
        .map(|o| (i.get(&o.field), o.count))
        .collect()
}

/// Call targets of a region: for each `s_swappc_b64` (by item index), the
/// image offset it calls when the callee address was formed by LLVM's
/// `s_getpc_b64` / `s_add_u32` / `s_addc_u32` sequence in the same region.
fn call_targets(items: &[(usize, usize, Inst)], region: u64) -> BTreeMap<usize, Option<u64>> {
    // SGPR pair (low register) -> image offset it holds; pending low adds.
    let mut pair: HashMap<u32, u64> = HashMap::new();
    let mut pend: HashMap<u32, u32> = HashMap::new();
    let mut out = BTreeMap::new();
    for (idx, (off, len, i)) in items.iter().enumerate() {
        let mut handled = false;
        let row = lifted_row(i);
        // `s_add_u32` / `s_addc_u32`: the unsigned add and the add with carry.
        let add = |k: Kind| {
            row.is_some_and(|s| {
                s.kind == k && s.op == SemOp::Int(xisa_ir::BinOp::Add) && !s.flags.signed
            })
        };
        let same_pair = i.get("sdst") == i.get("ssrc0");
        match row.map(|s| s.kind) {
            Some(Kind::SGetpc) => {
                let d = i.get("sdst");
                pair.retain(|&lo, _| lo + 1 < d || lo > d + 1);
                pair.insert(d, region + (off + len) as u64);
                pend.remove(&d);
                handled = true;
            }
            Some(Kind::SAddSub)
                if add(Kind::SAddSub) && same_pair && pair.contains_key(&i.get("sdst")) =>
            {
                if let Some(k) = const_src(i, "ssrc1") {
                    pend.insert(i.get("sdst"), k);
                    handled = true;
                }
            }
            Some(Kind::SAddc) if add(Kind::SAddc) && same_pair && i.get("sdst") > 0 => {
                let lo = i.get("sdst") - 1;
                if let (Some(&k1), Some(k2)) = (pend.get(&lo), const_src(i, "ssrc1")) {
                    if let Some(v) = pair.get_mut(&lo) {
                        *v = v.wrapping_add((k2 as u64) << 32 | k1 as u64);
                        pend.remove(&lo);
                        handled = true;
                    }
                }
            }
            Some(Kind::SCall) => {
                let src = i.get("ssrc0");
                let t = if pend.contains_key(&src) {
                    None
                } else {
                    pair.get(&src).copied()
                };
                out.insert(idx, t);
                // The callee preserves the registers the caller reuses
                // (the calling convention; LLVM reuses the target pair
                // for a second call); SDST gets the return address.
                let d = i.get("sdst");
                pair.retain(|&lo, _| lo + 1 < d || lo > d + 1);
                pend.retain(|&lo, _| lo + 1 < d || lo > d + 1);
                handled = true;
            }
            _ => {}
        }
        if !handled {
            for (d, n) in scalar_dests(i) {
                pair.retain(|&lo, _| lo + 1 < d || lo >= d + n);
                pend.retain(|&lo, _| lo + 1 < d || lo >= d + n);
            }
        }
    }
    out
}

/// Lifts a kernel and the functions it calls: `code` is the kernel (at image
/// offset `abi.code_offset`), `function_at` returns the bytes of the function
/// starting at an image offset, `functions` lists every function's image
/// offset. Kernels without `s_swappc_b64` lift exactly as [`lift`]; with
/// calls, every region is decoded linearly, pcs are image offsets,
/// `s_swappc_b64` is an IR `call` (its SDST gets the return address) and
/// `s_setpc_b64` an IR `ret`. A call whose target is not a constant (a
/// function pointer: LLVM calls one inside a loop over its distinct values
/// in the wave) may reach any function of the image: all of them are
/// lifted, and the call compares the target with each function's address;
/// an address that is no function's traps, naming the call.
pub fn lift_program<'a>(
    name: &str,
    code: &[u8],
    abi: &EntryAbi,
    function_at: &dyn Fn(u64) -> Option<&'a [u8]>,
    functions: &[u64],
) -> Result<Kernel, LiftError> {
    let kernel_items = decode_items(code, abi.pc_base.wrapping_add(abi.code_offset))?;
    let has_call = kernel_items
        .iter()
        .any(|(_, _, i)| kind_of(i) == Some(Kind::SCall));
    if !has_call {
        return lift(name, code, abi);
    }
    // Regions: the kernel, then every function reached by calls.
    let mut regions: Vec<(u64, Decoded)> = vec![(abi.code_offset, kernel_items)];
    // Ordered: the callees' regions are numbered in the order calls appear
    // (a hash order made the lift differ from run to run).
    let mut calls: Vec<BTreeMap<usize, Option<u64>>> = Vec::new();
    let mut r = 0;
    let mut indirect = false;
    while r < regions.len() {
        let c = call_targets(&regions[r].1, regions[r].0);
        for (&idx, t) in &c {
            let pc = abi.pc_base + regions[r].0 + regions[r].1[idx].0 as u64;
            let mnemonic = regions[r].1[idx].2.opcode.mnemonic.clone();
            // A function pointer: every function is a possible callee.
            let targets: Vec<u64> = match *t {
                Some(t) => vec![t],
                None if !indirect => {
                    indirect = true;
                    if functions.is_empty() {
                        return Err(LiftError::Unsupported {
                            pc,
                            mnemonic,
                            why: "a call through a register in an image without function symbols"
                                .into(),
                        });
                    }
                    functions.to_vec()
                }
                None => Vec::new(),
            };
            for t in targets {
                if regions.iter().any(|(base, _)| *base == t) {
                    continue;
                }
                let bytes = function_at(t).ok_or_else(|| LiftError::Unsupported {
                    pc,
                    mnemonic: mnemonic.clone(),
                    why: format!("no function symbol at image offset {t:#x}"),
                })?;
                regions.push((t, decode_items(bytes, abi.pc_base.wrapping_add(t))?));
            }
        }
        calls.push(c);
        r += 1;
    }
    // Leaders (image offsets).
    let mut leaders: Vec<usize> = Vec::new();
    for (base, items) in &regions {
        let starts: BTreeSet<usize> = items.iter().map(|(o, _, _)| *o).collect();
        let mut ls = BTreeSet::from([0usize]);
        for (off, len, i) in items {
            if let Some(t) = branch_target(i, *off) {
                if t < 0 || !starts.contains(&(t as usize)) {
                    return Err(LiftError::BadBranch {
                        pc: abi.pc_base + base + *off as u64,
                        target: (abi.pc_base + base) as i64 + t,
                    });
                }
                ls.insert(t as usize);
                ls.insert(off + len);
            }
            if matches!(
                kind_of(i),
                Some(Kind::SEnd | Kind::STrap | Kind::SCall | Kind::SRet)
            ) {
                ls.insert(off + len);
            }
        }
        leaders.extend(
            ls.into_iter()
                .filter(|l| starts.contains(l))
                .map(|l| *base as usize + l),
        );
    }
    let (mut b, ids) = open_kernel(name, &leaders, abi, 0, abi.pc_base)?;
    for (ri, (base, items)) in regions.iter().enumerate() {
        let base = *base as usize;
        // Region 0 is the kernel; functions may be entered with a store pending.
        let drains = waitcnt::draining_waits(items, ri > 0);
        for (idx, (off, len, i)) in items.iter().enumerate() {
            let pc = base + off;
            let next = pc + len;
            if let Some(&id) = ids.get(&pc) {
                b.start_block(id);
            } else if !b.is_open() {
                continue;
            }
            b.begin(pc as u64, &i.opcode.mnemonic, i.literal);
            if drains.contains(off) {
                drain_stores(&mut b);
            }
            match kind_of(i) {
                Some(Kind::SCall) => {
                    let Some(&ret) = ids.get(&next) else {
                        return Err(b.unsupported("a call must be followed by code"));
                    };
                    let image = b.named(ENTRY_PARAMS[4], Type::I64);
                    // The target (read before SDST, which may be the same
                    // pair, gets the return address).
                    let target = match calls[ri][&idx] {
                        Some(t) => Ok(t as usize),
                        None => {
                            let addr = b.src_full(i.get("ssrc0"), 64, false)?;
                            let off = b.binv(xisa_ir::BinOp::Sub, Type::I64, addr, image);
                            Err(off)
                        }
                    };
                    let ra = b.binv(
                        xisa_ir::BinOp::Add,
                        Type::I64,
                        image,
                        Operand::Imm(next as u64),
                    );
                    b.wr_s64(i.get("sdst"), ra)?;
                    match target {
                        Ok(t) => b.terminate(Term::Call {
                            target: ids[&t],
                            ret,
                        }),
                        Err(off) => indirect_call(&mut b, off, functions, &ids, ret),
                    }
                }
                Some(Kind::SRet) => b.terminate(Term::Ret),
                _ => lift_inst(&mut b, i, pc, next, &ids)?,
            }
        }
        if b.is_open() {
            b.begin(
                (base + items.last().map_or(0, |l| l.0 + l.1)) as u64,
                "<end>",
                None,
            );
            b.terminate(Term::Trap);
        }
    }
    finish(b)
}

/// A call through a register holding image offset `off`: a compare per
/// function of the image, each calling it; an address that is no
/// function's entry traps (in a block labelled for the error).
fn indirect_call(
    b: &mut Builder,
    off: xisa_ir::Reg,
    functions: &[u64],
    ids: &BTreeMap<usize, BlockId>,
    ret: BlockId,
) {
    for &f in functions {
        let (hit, miss) = (b.fresh_block(), b.fresh_block());
        let eq = b.icmp(xisa_ir::ICond::Eq, Type::I64, off, Operand::Imm(f));
        b.terminate(Term::BrCond {
            cond: eq,
            then_: hit,
            else_: miss,
        });
        b.enter(hit);
        b.terminate(Term::Call {
            target: ids[&(f as usize)],
            ret,
        });
        b.enter(miss);
    }
    b.terminate(Term::Trap);
}

/// `dst = [base + offset]` from the kernarg segment: one value for the wave
/// (what the scalar unit loads), a plain device-scope read.
fn kernarg_load(
    b: &mut Builder,
    dst: xisa_ir::Reg,
    kind: xisa_ir::MemKind,
    base: Operand,
    offset: i64,
) {
    b.emit(Op::Load(op::Load {
        space: xisa_ir::Space::Global,
        mem: xisa_ir::MemType::scalar(kind),
        order: xisa_ir::Order::Weak,
        scope: xisa_ir::Scope::Device,
        uniform: true,
        dsts: vec![dst],
        addr: xisa_ir::Address::Flat { base, offset },
    }));
}

/// `sendmsg(MSG_INTERRUPT)`'s message id.
const MSG_INTERRUPT: u32 = 1;

/// Answers the hostcalls waiting on the buffer whose address the kernarg
/// segment holds at offset `at` (`xisa_ir::HostFn::Ockl`).
fn answer_hostcalls(b: &mut Builder, at: u32) {
    let kernarg = b.named(ENTRY_PARAMS[0], Type::I64);
    let buf = b.t(Type::I64);
    kernarg_load(b, buf, xisa_ir::MemKind::B64, kernarg.into(), i64::from(at));
    b.emit(Op::HostCall {
        func: xisa_ir::HostFn::Ockl,
        dst: None,
        args: vec![buf.into()],
    });
}

/// An `s_waitcnt` that waits for a store other host threads can see: the host
/// must drain its store buffer before later loads (see [`waitcnt`]).
fn drain_stores(b: &mut Builder) {
    b.emit(Op::Fence {
        scope: xisa_ir::Scope::Device,
        order: xisa_ir::Order::SeqCst,
    });
}

/// The entry block: initial SGPRs, v0, EXEC (AMDGPUUsage "Initial Kernel
/// Execution State").
fn entry(b: &mut Builder, abi: &EntryAbi, params: &[xisa_ir::Reg]) -> Result<(), LiftError> {
    b.begin(0, "<entry>", None);
    let lane = b.lane;
    b.emit(Op::Special {
        dst: lane,
        sreg: SReg::LaneId,
    });
    let am = b.t(Type::I64);
    b.emit(Op::ActiveMask { dst: am });
    b.wr_s64(EXEC_LO, am)?;
    // A running lane is in its wave's launch mask: its bit is 1, said as a
    // constant so that `xisa_ir::guards` knows it (the entry's VGPR writes
    // lose their guards, and the lockstep pass's divergence analysis sees
    // the addresses they compute).
    let exec = b.exec;
    b.emit(Op::Mov {
        ty: Type::I1,
        dst: exec,
        src: Operand::Imm(1),
    });
    if abi.fragment {
        return Ok(());
    }
    let mut s = 0u32;
    let pair = |b: &mut Builder, s: &mut u32, v: Operand| -> Result<(), LiftError> {
        b.wr_s64(*s, v)?;
        *s += 2;
        Ok(())
    };
    if abi.private_segment_buffer {
        // No V# for scratch: xisa's scratch is the IR local space (architected
        // flat scratch); the four SGPRs read 0.
        for _ in 0..4 {
            b.wr_s32(s, Operand::Imm(0))?;
            s += 1;
        }
    }
    if abi.dispatch_ptr {
        pair(b, &mut s, params[1].into())?;
    }
    if abi.queue_ptr {
        pair(b, &mut s, params[2].into())?;
    }
    let kernarg_at = s;
    if abi.kernarg_segment_ptr {
        pair(b, &mut s, params[0].into())?;
    }
    if abi.dispatch_id {
        pair(b, &mut s, params[3].into())?;
    }
    if abi.flat_scratch_init {
        pair(b, &mut s, Operand::Imm(0))?;
    }
    // Preloaded kernel arguments fill the user SGPRs up to USER_SGPR_COUNT
    // (before the private segment size).
    let preload_end = abi
        .user_sgpr_count
        .saturating_sub(abi.private_segment_size as u32);
    if abi.kernarg_segment_ptr && preload_end > s {
        let ptr = b.src_bits(kernarg_at, 64)?;
        for i in 0..preload_end - s {
            let t = b.t(Type::I32);
            let offset = 4 * (abi.kernarg_preload_offset + i) as i64;
            kernarg_load(b, t, xisa_ir::MemKind::B32, ptr, offset);
            b.wr_s32(s + i, t)?;
        }
        s = preload_end;
    }
    if abi.private_segment_size {
        b.wr_s32(s, Operand::Imm(abi.private_segment_fixed_size as u64))?;
        s += 1;
    }
    s = s.max(abi.user_sgpr_count);
    for (d, sreg) in [SReg::CtaIdX, SReg::CtaIdY, SReg::CtaIdZ]
        .into_iter()
        .enumerate()
    {
        if abi.workgroup_id[d] {
            let v = b.special(sreg);
            b.wr_s32(s, v)?;
            s += 1;
        }
    }
    if abi.workgroup_info {
        b.wr_s32(s, Operand::Imm(0))?;
        s += 1;
    }
    if abi.private_segment_wave_offset {
        b.wr_s32(s, Operand::Imm(0))?;
    }
    // v0 = x | y << 10 | z << 20 (packed work-item ids).
    let v0 = b.v(0);
    let x = b.special(SReg::TidX);
    b.mov(Type::I32, v0, x);
    if abi.workitem_id >= 1 {
        let y = b.special(SReg::TidY);
        let y = b.binv(xisa_ir::BinOp::Shl, Type::I32, y, Operand::Imm(10));
        b.bin_into(xisa_ir::BinOp::Or, Type::I32, v0, v0, y, None);
    }
    if abi.workitem_id >= 2 {
        let z = b.special(SReg::TidZ);
        let z = b.binv(xisa_ir::BinOp::Shl, Type::I32, z, Operand::Imm(20));
        b.bin_into(xisa_ir::BinOp::Or, Type::I32, v0, v0, z, None);
    }
    let _ = CvtOp::Zext;
    Ok(())
}

fn lift_inst(
    b: &mut Builder,
    i: &Inst,
    off: usize,
    next: usize,
    ids: &BTreeMap<usize, BlockId>,
) -> Result<(), LiftError> {
    let fmt = tables().formats[i.opcode.format].name.as_str();
    if b.mode != b.entry_mode && (ids.contains_key(&off) || branch_target(i, off).is_some()) {
        return Err(b.unsupported(
            "a MODE set by s_setreg (other than the kernel's) is on across control flow",
        ));
    }
    if gpr_idx::on(b) {
        if ids.contains_key(&off) || branch_target(i, off).is_some() {
            return Err(
                b.unsupported("VGPR index mode (s_set_gpr_idx_on) is on across control flow")
            );
        }
        if !matches!(
            fmt,
            "SOPP" | "SOP1" | "SOP2" | "SOPC" | "SOPK" | "SMEM" | "DS" | "FLAT" | "MUBUF"
        ) {
            return gpr_idx::valu(b, i, fmt);
        }
    }
    match fmt {
        "SOPP" => sopp(b, i, off, next, ids),
        "SOP1" | "SOP2" | "SOPC" | "SOPK" => salu::lift(b, i, next),
        "SMEM" => mem::smem(b, i),
        "DS" => mem::ds(b, i),
        "FLAT" => mem::flat(b, i),
        "MUBUF" => mem::mubuf(b, i),
        _ => valu::lift(b, i, fmt),
    }
}

/// The row of `inst` in the semantics table; a row that says why it is not
/// lifted, or no row (`missing`), is refused.
fn sem_row(b: &Builder, inst: &Inst, missing: &str) -> Result<Sem, LiftError> {
    table_row(b, semantics::row(&inst.opcode.mnemonic), missing)
}

/// A row of a semantics table (ALU or memory): its meaning, or the
/// refusal with the row's reason, or (no row) with `missing`.
fn table_row<T: Copy>(
    b: &Builder,
    row: Option<&Result<T, String>>,
    missing: &str,
) -> Result<T, LiftError> {
    match row {
        Some(Ok(s)) => Ok(*s),
        Some(Err(why)) => Err(b.unsupported(why.clone())),
        None => Err(b.unsupported(missing)),
    }
}

/// The integer op a row names.
fn sem_int(b: &Builder, s: &Sem) -> Result<xisa_ir::BinOp, LiftError> {
    match s.op {
        SemOp::Int(op) => Ok(op),
        _ => Err(b.unsupported("semantics row without an integer op")),
    }
}

/// The unary integer op a row names.
fn sem_un(b: &Builder, s: &Sem) -> Result<xisa_ir::UnOp, LiftError> {
    match s.op {
        SemOp::Un(op) => Ok(op),
        _ => Err(b.unsupported("semantics row without a unary op")),
    }
}

/// The integer condition a row names.
fn sem_icmp(b: &Builder, s: &Sem) -> Result<xisa_ir::ICond, LiftError> {
    match s.op {
        SemOp::ICmp(c) => Ok(c),
        _ => Err(b.unsupported("semantics row without a compare condition")),
    }
}

fn sopp(
    b: &mut Builder,
    i: &Inst,
    off: usize,
    next: usize,
    ids: &BTreeMap<usize, BlockId>,
) -> Result<(), LiftError> {
    let s = sem_row(b, i, "SOPP op not lifted")?;
    match s.kind {
        Kind::SBranch | Kind::SCbranch => {
            let Some(t) = branch_target(i, off) else {
                return Err(b.unsupported("a branch without a target"));
            };
            let target = ids[&(t as usize)];
            if s.kind == Kind::SBranch {
                b.terminate(Term::Br(target));
                return Ok(());
            }
            let cond = sem_icmp(b, &s)?;
            let Some(else_) = ids.get(&next).copied() else {
                return Err(b.unsupported("conditional branch at the end of the code"));
            };
            // SCC (i1) or a 64-bit mask: VCC or EXEC.
            let v: Operand = if s.ty == Type::I1 {
                b.scc.into()
            } else {
                b.src_bits(
                    if s.flags.vcc {
                        builder::VCC_LO
                    } else {
                        EXEC_LO
                    },
                    64,
                )?
            };
            if s.ty == Type::I64 && !s.flags.vcc {
                // s_cbranch_execz / execnz: candidates for per-lane branches
                let here = b.current_block();
                match cond {
                    xisa_ir::ICond::Eq => b.execz.push(here),
                    xisa_ir::ICond::Ne => b.execnz.push(here),
                    _ => {}
                }
            }
            let cond = b.icmp(cond, s.ty, v, Operand::Imm(0));
            b.terminate(Term::BrCond {
                cond,
                then_: target,
                else_,
            });
        }
        Kind::SEnd => b.terminate(Term::Exit),
        // LLVM's trap-handler ABI: `s_trap 3` is `llvm.debugtrap`, which
        // without a debugger returns at once; every other code ends the
        // dispatch (2: `llvm.trap`, HIP's `abort` and failed `assert`).
        Kind::STrap if i.get("simm16") & 0xff == 3 => {}
        Kind::STrap => b.terminate(Term::Trap),
        // A wave waiting for the host (a hostcall's wait loop): the host
        // answers here.
        Kind::SSleep => {
            if let Some(at) = b.hostcall_buffer {
                answer_hostcalls(b, at);
            }
        }
        // The interrupt is a hostcall's doorbell, which needs no action:
        // xisa answers at the wave's `s_sleep`. Other messages drive the
        // graphics pipeline or the debugger.
        Kind::SSendmsg if i.get("simm16") & 0xf == MSG_INTERRUPT => {}
        Kind::SSendmsg => {
            return Err(b.unsupported(format!(
                "message {} (only MSG_INTERRUPT, a hostcall's doorbell, is lifted)",
                i.get("simm16") & 0xf
            )))
        }
        Kind::SBarrier => b.emit(Op::Barrier),
        // Completion is immediate in xisa, so the counters are always 0 (a
        // wait that must drain the host store buffer got its fence before
        // this, see `waitcnt`); the rest are scheduling / performance hints.
        Kind::SHint | Kind::SWaitcnt => {}
        Kind::SGprIdxOn | Kind::SGprIdxIdx | Kind::SGprIdxMode | Kind::SGprIdxOff => {
            return gpr_idx::set(b, i, s.kind)
        }
        _ => return Err(b.unsupported("a non-SOPP op in a SOPP encoding")),
    }
    Ok(())
}
