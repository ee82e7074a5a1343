//! sm_75 lifter: decoded SASS → one xisa IR [`Kernel`] per cubin kernel.
//!
//! The register model (see `docs/sm75.md`, "Lifter"):
//!
//! * `R0..R254` are `i32` registers `r<n>`, `RZ` reads 0 and writes are dropped;
//!   64-bit operands (`.E` addresses, `.64` data, `IMAD.WIDE`) are the pair
//!   `R(n):R(n+1)`, low word first.
//! * `P0..P6` are `i1` registers `p<n>`, `PT` is true.
//! * Uniform registers `UR0..UR62` (`ur<n>`, `URZ` = 0) and `UP0..UP6` are
//!   ordinary per-lane registers: every lane computes the same value.
//! * Constant bank 0 is the launch: `c[0x0][0x0..0x18]` are the block and
//!   grid sizes (IR `special.ntid`/`nctaid`), `c[0x0][0x28]` is the initial
//!   stack pointer (the top of the lane's `local` space, `Kernel::local_bytes`:
//!   the cubin's stack size, at least CUDA's default 1 KiB limit when the
//!   kernel calls functions, whose recursion ptxas cannot size),
//!   and the parameter window (`PARAM_CBANK`, 0x160..) is the IR parameter
//!   block: `c[0x0][0x160 + x]` becomes `ld.param [x]`. The IR parameters are
//!   the KPARAM_INFO parameters in order, so the CLI's `--arg` list binds to
//!   them and their natural-alignment layout equals CUDA's.
//! * Per-kernel constant banks (`.nv.constant2.<k>`, ptxas's constants) are
//!   folded: an immediate-offset read becomes the immediate value. Module
//!   banks (`.nv.constant3` = `__constant__` data, `.nv.constant4` = the
//!   addresses of globals) are placed in the parameter block after the
//!   parameters ([`crate::loader::LiveBank`]) and read with `ld.param`: the
//!   launcher copies their current, relocated image there.
//!
//! Memory instructions (`mem.rs`) are lifted from the decoded instruction:
//! the named fields of the matched record, every one of which must be read
//! (`Lifter::field`, `Lifter::check_fields`). Every other family (the
//! integer ALU `alu.rs`, `f32`/`f64` arithmetic `float.rs`, conversions and
//! MUFU `conv.rs`, packed halves `half.rs`, control/warp/barrier/fence
//! `ctrl.rs`, matrix `mma.rs`) is lifted from its printed syntax: modifier
//! tokens and operands by position (`view.rs`), dispatched by mnemonic
//! through `FAMILIES`. The table-driven decoder is consulted for every
//! word; `INVALIDn` modifier values make the instruction a trap: the lane's
//! launch stops with an error whose location names the block
//! `invalid_<pc>_<field>_<value>` and the pc.

mod alu;
mod conv;
mod ctrl;
mod float;
mod half;
mod mem;
mod mma;
mod view;

pub use mem::SURFACE_HANDLE_BASE;
use xisa_ir::op;

use std::collections::{BTreeSet, HashMap};

use xisa_ir::{
    BinOp, BlockId, CvtOp, Guard, ICond, Kernel, MemKind, MemType, Op, Operand, Reg, SReg, Term,
    Type,
};

use crate::loader::{Cubin, CubinKernel, Reloc};
use crate::{DecodeError, Decoded, FieldValue};

/// Errors while lifting.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LiftError {
    /// An instruction the decoder rejects.
    #[error("kernel {kernel}, pc {pc:#x}: {source}")]
    Decode {
        /// Kernel name.
        kernel: String,
        /// Instruction offset in the kernel's code.
        pc: u64,
        /// The decoder's error.
        source: DecodeError,
    },
    /// An instruction (or a form of it) the lifter does not handle yet.
    #[error("kernel {kernel}, pc {pc:#x}: cannot lift {what} (word {word:#034x})")]
    Unsupported {
        /// Kernel name.
        kernel: String,
        /// Instruction offset.
        pc: u64,
        /// What is missing.
        what: String,
        /// The instruction word.
        word: u128,
    },
    /// The linked code has a relocation the loader does not apply
    /// ([`crate::loader::CubinKernel::unapplied`]).
    #[error("kernel {kernel}: relocation type {rtype} at code offset {at:#x} (symbol {symbol:?}) is not supported")]
    Relocation {
        /// Kernel name.
        kernel: String,
        /// Offset in the code.
        at: u64,
        /// ELF relocation type.
        rtype: u32,
        /// Symbol the relocation refers to.
        symbol: String,
    },
    /// The kernel's parameters cannot be laid out as IR parameters.
    #[error("kernel {kernel}: parameter {ordinal}: {msg}")]
    Param {
        /// Kernel name.
        kernel: String,
        /// Parameter ordinal.
        ordinal: u16,
        /// What is wrong.
        msg: String,
    },
    /// The code length is not a multiple of 16 bytes.
    #[error("kernel {kernel}: code size {len} is not a multiple of 16")]
    Truncated {
        /// Kernel name.
        kernel: String,
        /// Code bytes.
        len: usize,
    },
    /// Loading the cubin failed.
    #[error(transparent)]
    Load(#[from] crate::loader::LoadError),
}

/// A trap the lifter placed for an invalid encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrapSite {
    /// Instruction offset.
    pub pc: u64,
    /// Field name (e.g. `order`).
    pub field: String,
    /// Its printed value (e.g. `INVALID0`).
    pub value: String,
}

/// A lifted kernel and what the lifter noted about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Lifted {
    /// The IR kernel.
    pub kernel: Kernel,
    /// Traps for invalid encodings, by pc.
    pub traps: Vec<TrapSite>,
    /// Mnemonics (first word of the disassembly, or the opcode) lifted.
    pub opcodes: BTreeSet<String>,
}

/// Loads and lifts every kernel of a cubin.
pub fn lift_bytes(bytes: &[u8]) -> Result<xisa_ir::Module, LiftError> {
    let cubin = crate::loader::load(bytes)?;
    lift_cubin(&cubin)
}

/// Lifts every kernel of a loaded cubin.
pub fn lift_cubin(c: &Cubin) -> Result<xisa_ir::Module, LiftError> {
    let mut kernels = Vec::new();
    for k in &c.kernels {
        kernels.push(lift_kernel(k, &c.relocs)?.kernel);
    }
    Ok(xisa_ir::Module { kernels })
}

/// One instruction's lifter in a mnemonic table (`alu.rs`, `float.rs`).
pub(crate) type LiftFn = fn(&mut Lifter) -> Result<(), LiftError>;

/// Register files of the guest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum File {
    /// `R0..R254`.
    R,
    /// `P0..P6`.
    P,
    /// `UR0..UR62`.
    UR,
    /// `UP0..UP6`.
    UP,
}

/// A source operand of an ALU instruction, before modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Src {
    /// General (or, in uniform ops, uniform) register.
    Reg(u8),
    /// Uniform register.
    UReg(u8),
    /// 32-bit immediate.
    Imm(u32),
    /// Constant bank, immediate offset.
    Cbuf { bank: u8, off: u32 },
}

/// Lifting state for one kernel.
pub(crate) struct Lifter<'a> {
    pub(crate) k: &'a CubinKernel,
    /// The kernel under construction: registers, temporaries, blocks, the
    /// current pc.
    pub(crate) b: xisa_ir::build::Builder,
    regs: HashMap<(File, u8), Reg>,
    /// Block of each leader pc.
    pub(crate) block_at: HashMap<u64, BlockId>,
    /// The current instruction's word and guard.
    pub(crate) word: u128,
    pub(crate) guard: Option<Guard>,
    /// Shared exit block (for guarded EXIT).
    exit_block: Option<BlockId>,
    /// The result of the last `BAR.RED` (read by `B2R.RESULT`).
    bar_result: Option<Reg>,
    pub(crate) traps: Vec<TrapSite>,
    /// Whether the current instruction is a uniform-datapath op.
    pub(crate) uniform: bool,
    /// Per-lane stack bytes (`c[0x0][0x28]`, `Kernel::local_bytes`).
    stack_top: u32,
    /// The targets of each `BRX`, by pc (EIATTR_INDIRECT_BRANCH_TARGETS).
    pub(crate) brx_targets: HashMap<u64, Vec<u64>>,
    /// Relocated words of constant banks. Their contents in the cubin are
    /// placeholders for link-time addresses.
    reloc_consts: Vec<ConstReloc>,
    /// Whether generic loads and stores test for the local window (set when
    /// the kernel reads its base, `c[0x0][0x20]`; see [`LOCAL_WINDOW`]).
    pub(crate) generic_local: bool,
    /// Whether the code read the local window's base.
    reads_local_window: bool,
    /// Whether generic accesses test for the shared window (set when the
    /// kernel reads its base, `c[0x0][0x18]`; see [`SHARED_WINDOW`]).
    pub(crate) generic_shared: bool,
    /// Whether the code read the shared window's base.
    reads_shared_window: bool,
    /// The current instruction as the decoder read it (`None` when no rule
    /// matches the word).
    pub(crate) form: Option<Decoded>,
    /// Why the decoder rejected the current word, if it did.
    decode_error: Option<DecodeError>,
    /// Which of `form`'s fields the lifter has read.
    used: Vec<bool>,
    /// Role names for the current form's fields (role, field name): the
    /// seed-derived records name operands by position (`op0`, `op1`, ...).
    pub(crate) alias: Vec<(&'static str, String)>,
    /// Whether the current instruction is lifted from its named fields, so
    /// that a field the lifter did not read is an error (see
    /// [`Lifter::check_fields`]).
    by_fields: bool,
    /// The reading of the current instruction's syntax ([`view`]).
    view: view::ViewState,
    /// Whether the current instruction's relocated immediate was read
    /// ([`Lifter::code_word`]); one that is not is refused, never left as
    /// the placeholder the cubin holds.
    code_word_read: bool,
}

/// Generic address of byte 0 of the lane's local memory (`c[0x0][0x20]`,
/// PTX `cvta.local`): far above the guest heap (`runtime::GUEST_BASE`,
/// 4 GiB, plus its reserve), so no global allocation can overlap the window.
/// Generic LD/ST in `[LOCAL_WINDOW, LOCAL_WINDOW + local_bytes)` access the
/// lane's `local` space.
pub const LOCAL_WINDOW: u64 = 0x7f00_0000_0000;

/// Generic address of byte 0 of the workgroup's shared memory
/// (`c[0x0][0x18]`, PTX `cvta.shared`): below [`LOCAL_WINDOW`], far above
/// the guest heap. Generic LD/ST/ATOM in `[SHARED_WINDOW, SHARED_WINDOW +
/// SHARED_WINDOW_SIZE)` access `shared` at the offset from the base.
pub const SHARED_WINDOW: u64 = 0x7e00_0000_0000;

/// Bytes of the shared window: 16 MiB, the window ptxas assumes (its
/// generic-atomic fallback turns a generic shared address into a shared
/// offset with `LOP3 R, R, 0xffffff`); aligned, so that mask is the offset.
pub const SHARED_WINDOW_SIZE: u64 = 1 << 24;

/// The low (or, with `high`, the high) 32-bit word of a window's 64-bit
/// base address, as the driver constant that holds it.
fn window_word(base: u64, high: bool) -> Operand {
    let v = if high { base >> 32 } else { base };
    Operand::Imm(v & 0xffff_ffff)
}

/// CUDA's default per-thread stack limit (`cudaLimitStackSize`): the stack a
/// kernel with calls gets when ptxas cannot size it statically (recursion
/// leaves MAX_STACK_SIZE at one frame).
const DEFAULT_CALL_STACK: u32 = 1024;

/// Bit `i` of the instruction word.
fn bit(w: u128, i: u32) -> bool {
    (w >> i) & 1 != 0
}

/// Bits `[lo, hi)` of the word.
fn bits(w: u128, lo: u32, hi: u32) -> u64 {
    let m = (1u128 << (hi - lo)) - 1;
    ((w >> lo) & m) as u64
}

/// Lifts one kernel. A kernel that reads the local or shared window's base
/// (`cvta` of a local or shared address to a generic pointer) is lifted
/// again with generic accesses that test for the window(s) it reads.
pub fn lift_kernel(k: &CubinKernel, relocs: &[Reloc]) -> Result<Lifted, LiftError> {
    let (lifted, windows) = lift_pass(k, relocs, Windows::default())?;
    if windows == Windows::default() {
        return Ok(lifted);
    }
    Ok(lift_pass(k, relocs, windows)?.0)
}

/// Which generic windows a kernel uses (reads the base of).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Windows {
    local: bool,
    shared: bool,
}

/// A relocated constant-bank word.
struct ConstReloc {
    bank: u32,
    offset: u64,
    /// Bytes it covers (4 for 32-bit types, else 8).
    width: u64,
    symbol: String,
    rtype: u32,
    /// Whether the launcher writes the address (module banks only).
    applied: bool,
}

/// Relocations of constant banks (`.rel[a].nv.constantN[.<k>]`) that apply
/// to kernel `k`.
fn const_relocs(k: &CubinKernel, relocs: &[Reloc]) -> Vec<ConstReloc> {
    relocs
        .iter()
        .filter_map(|r| {
            let rest = r
                .section
                .strip_prefix(".rel.nv.constant")
                .or_else(|| r.section.strip_prefix(".rela.nv.constant"))?;
            let (n, kn) = match rest.split_once('.') {
                Some((n, kn)) => (n, Some(kn)),
                None => (rest, None),
            };
            if kn.is_some_and(|kn| kn != k.name) {
                return None;
            }
            Some(ConstReloc {
                bank: n.parse().ok()?,
                offset: r.offset,
                width: if r.rtype == crate::loader::rtype::R_CUDA_32 {
                    4
                } else {
                    8
                },
                symbol: r.symbol.clone(),
                rtype: r.rtype,
                applied: r.applied && kn.is_none(),
            })
        })
        .collect()
}

/// One lifting pass; also says which windows the code read.
fn lift_pass(
    k: &CubinKernel,
    relocs: &[Reloc],
    generic: Windows,
) -> Result<(Lifted, Windows), LiftError> {
    if let Some((at, rtype, symbol)) = k.unapplied.first() {
        return Err(LiftError::Relocation {
            kernel: k.name.clone(),
            at: *at,
            rtype: *rtype,
            symbol: symbol.clone(),
        });
    }
    if !k.code.len().is_multiple_of(16) {
        return Err(LiftError::Truncated {
            kernel: k.name.clone(),
            len: k.code.len(),
        });
    }
    let words: Vec<u128> = k
        .code
        .chunks_exact(16)
        .filter_map(crate::word_from_bytes)
        .collect();
    // Every word decoded once: block leaders come from the forms, and each
    // instruction is lifted from its own.
    let code: Vec<Result<crate::Decoded, crate::DecodeError>> = words
        .iter()
        .enumerate()
        .map(|(i, &w)| crate::decode_word(w, (i * 16) as u64))
        .collect();
    let mut l = Lifter {
        k,
        b: xisa_ir::build::Builder::new(Kernel::new(k.name.clone()), "L_0000"),
        regs: HashMap::new(),
        block_at: HashMap::new(),
        word: 0,
        guard: None,
        exit_block: None,
        bar_result: None,
        traps: Vec::new(),
        uniform: false,
        stack_top: {
            let has_call = code.iter().flatten().any(ctrl::is_direct_call);
            let s = k.stack_bytes.saturating_add(7) & !7;
            if has_call {
                s.max(DEFAULT_CALL_STACK)
            } else {
                s
            }
        },
        brx_targets: ctrl::indirect_targets(k),
        reloc_consts: const_relocs(k, relocs),
        generic_local: generic.local,
        reads_local_window: false,
        generic_shared: generic.shared,
        reads_shared_window: false,
        form: None,
        decode_error: None,
        used: Vec::new(),
        alias: Vec::new(),
        by_fields: false,
        view: view::ViewState::default(),
        code_word_read: false,
    };
    l.setup_params()?;
    let leaders = ctrl::leaders(&code, &l.brx_targets, &k.functions);
    // Block 0 (the builder's entry, `L_0000`) is the leader at pc 0.
    for (i, &pc) in leaders.iter().enumerate() {
        let id = if i == 0 {
            BlockId(0)
        } else {
            l.b.block(format!("L_{pc:04x}"))
        };
        l.block_at.insert(pc, id);
    }
    let mut opcodes = BTreeSet::new();
    // Each word's decode (from above: every word is decoded once).
    for (i, (&w, this)) in words.iter().zip(code).enumerate() {
        let pc = (i * 16) as u64;
        if let Some(&b) = l.block_at.get(&pc) {
            if pc != 0 && l.b.is_open() {
                // Fall through into the next leader.
                l.terminate(Term::Br(b));
            }
            l.b.enter(b);
        }
        if !l.b.is_open() {
            // Unreachable code after a terminator (padding): skip.
            continue;
        }
        l.b.begin(pc);
        l.word = w;
        let (decoded, decode_error) = match this {
            Ok(d) => (Some(d), None),
            Err(e) => (None, Some(e)),
        };
        l.decode_error = decode_error;
        let name = decoded
            .as_ref()
            .map(|d| d.mnemonic.clone())
            .unwrap_or_else(|| format!("{:#05x}", w & 0xfff));
        l.used = vec![false; decoded.as_ref().map_or(0, |d| d.fields.len())];
        l.form = decoded;
        l.by_fields = false;
        l.view = view::ViewState::default();
        l.alias.clear();
        l.code_word_read = false;
        l.lift_one(w)?;
        l.check_fields()?;
        if !l.code_word_read && l.k.code_words.iter().any(|c| c.0 == pc) {
            return Err(l.unsupported(
                "the immediate holds a relocated data address, which this form does not read",
            ));
        }
        opcodes.insert(name);
    }
    if l.b.is_open() {
        l.terminate(Term::Exit);
    }
    let traps = std::mem::take(&mut l.traps);
    let window = Windows {
        local: l.reads_local_window,
        shared: l.reads_shared_window,
    };
    let mut kernel = l.b.into_kernel();
    kernel.local_bytes = l.stack_top;
    kernel.shared_bytes = k.shared_bytes;
    Ok((
        Lifted {
            kernel,
            traps,
            opcodes,
        },
        window,
    ))
}

impl<'a> Lifter<'a> {
    /// Declares the IR parameters: one per KPARAM_INFO parameter, in order.
    /// 1/2/4/8-byte parameters are `i8`/`i16`/`i32`/`i64`; a larger one (a
    /// struct by value) is split into `i32` (or `i64`, when 8-aligned) words,
    /// each one `--arg`.
    fn setup_params(&mut self) -> Result<(), LiftError> {
        let mut next = 0u32;
        for p in &self.k.params {
            let off = u32::from(p.offset);
            let perr = |msg: String| LiftError::Param {
                kernel: self.k.name.clone(),
                ordinal: p.ordinal,
                msg,
            };
            let pieces = match (p.size, p.pieces()) {
                (0, _) => return Err(perr("size 0".to_string())),
                (_, Some(pieces)) => pieces,
                (n, None) => {
                    return Err(perr(format!(
                        "size {n} at offset {off} cannot be split into words"
                    )))
                }
            };
            let align = pieces[0].bytes();
            let at = next.div_ceil(align).saturating_mul(align);
            if at != off {
                return Err(perr(format!(
                    "offset {off:#x} differs from the natural layout ({at:#x})"
                )));
            }
            for (j, ty) in pieces.iter().enumerate() {
                let name = if pieces.len() == 1 {
                    format!("param{}", p.ordinal)
                } else {
                    format!("param{}_{j}", p.ordinal)
                };
                let r = self.b.reg(&name, *ty);
                self.b.kernel_mut().params.push(r);
            }
            next = off.saturating_add(p.size);
        }
        let kernel = self.b.kernel_mut();
        // Whole words: ptxas reads a sub-word last parameter (a u16, a
        // half) with a 32-bit constant load; the bytes past it read as zero.
        kernel.param_bytes = self.k.param_cbank_size.max(next).next_multiple_of(4);
        // The module banks follow the parameters (see `LiveBank`).
        for b in &self.k.live_banks {
            kernel.param_bytes = kernel.param_bytes.max(b.param_offset + b.size);
        }
        Ok(())
    }

    /// Whether constant bank `bank` has relocated words the launcher does
    /// not fill in.
    pub(crate) fn has_const_relocs(&self, bank: u8) -> bool {
        self.reloc_consts
            .iter()
            .any(|r| r.bank == u32::from(bank) && !r.applied)
    }

    /// Where module constant bank `bank` sits in the parameter block, if it
    /// is one (see [`crate::loader::LiveBank`]).
    pub(crate) fn live_bank(&self, bank: u8) -> Option<crate::loader::LiveBank> {
        self.live_bank_slot(u32::from(bank))
    }

    /// Where module bank (or [`crate::loader::CONST_WINDOW_WORD`]) `bank`
    /// sits in the parameter block.
    fn live_bank_slot(&self, bank: u32) -> Option<crate::loader::LiveBank> {
        self.k.live_banks.iter().find(|b| b.bank == bank).copied()
    }

    /// Per-lane local memory bytes (the size of the local window).
    /// The size of the lane's local window, as the launch made it (at
    /// least the kernel's stack: LaunchOptions::stack may give more), `i64`.
    pub(crate) fn local_window_size(&mut self) -> Operand {
        let s = self.special(SReg::LocalSize);
        self.cvt(CvtOp::Zext, Type::I64, Type::I32, s)
    }

    /// The IR register for a guest register (declared on first use).
    pub(crate) fn reg(&mut self, f: File, n: u8) -> Reg {
        if let Some(r) = self.regs.get(&(f, n)) {
            return *r;
        }
        let (name, ty) = match f {
            File::R => (format!("r{n}"), Type::I32),
            File::P => (format!("p{n}"), Type::I1),
            File::UR => (format!("ur{n}"), Type::I32),
            File::UP => (format!("up{n}"), Type::I1),
        };
        let r = self.b.reg(&name, ty);
        self.regs.insert((f, n), r);
        r
    }

    /// A scratch register of type `ty`, valid for the current instruction.
    pub(crate) fn tmp(&mut self, ty: Type) -> Reg {
        self.b.t(ty)
    }

    /// `v` in a register of type `ty` (an immediate is moved into a temp).
    pub(crate) fn in_reg(&mut self, ty: Type, v: Operand) -> Reg {
        match v {
            Operand::Reg(r) => r,
            imm => {
                let t = self.tmp(ty);
                self.emit(Op::Mov {
                    ty,
                    dst: t,
                    src: imm,
                });
                t
            }
        }
    }

    /// The general-register file of the current op (R, or UR for uniform ops).
    pub(crate) fn gpr_file(&self) -> File {
        if self.uniform {
            File::UR
        } else {
            File::R
        }
    }

    /// Reads a general register of the current op's file (zero register = 0).
    pub(crate) fn read_gpr(&mut self, n: u8) -> Operand {
        let f = self.gpr_file();
        self.read_file(f, n)
    }

    /// Reads a register of an explicit file.
    pub(crate) fn read_file(&mut self, f: File, n: u8) -> Operand {
        let zero = match f {
            File::R => n == 255,
            File::UR => n == 63,
            File::P | File::UP => false,
        };
        if zero {
            Operand::Imm(0)
        } else {
            Operand::Reg(self.reg(f, n))
        }
    }

    /// Reads a predicate (7 = true), optionally negated, as an `i1` operand.
    pub(crate) fn read_pred_file(&mut self, f: File, n: u8, neg: bool) -> Operand {
        if n == 7 {
            return Operand::Imm(u64::from(!neg));
        }
        let r = self.reg(f, n);
        self.read_pred_file_reg(r, neg)
    }

    /// Reads an IR `i1` register, optionally negated.
    pub(crate) fn read_pred_file_reg(&mut self, r: Reg, neg: bool) -> Operand {
        if !neg {
            return Operand::Reg(r);
        }
        let t = self.tmp(Type::I1);
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Xor,
            ty: Type::I1,
            dst: t,
            a: Operand::Reg(r),
            b: Operand::Imm(1),
        }));
        Operand::Reg(t)
    }

    /// Writes an `i32` value to a general register of the current file
    /// (writes to the zero register are dropped).
    pub(crate) fn write_gpr(&mut self, n: u8, v: Operand) {
        let f = self.gpr_file();
        self.write_file(f, n, v);
    }

    /// Writes to a register of an explicit file.
    pub(crate) fn write_file(&mut self, f: File, n: u8, v: Operand) {
        let (zero, ty) = match f {
            File::R => (n == 255, Type::I32),
            File::UR => (n == 63, Type::I32),
            File::P | File::UP => (n == 7, Type::I1),
        };
        if zero {
            return;
        }
        let dst = self.reg(f, n);
        self.emit(Op::Mov { ty, dst, src: v });
    }

    /// Appends an instruction with the current guard and pc.
    pub(crate) fn emit(&mut self, op: Op) {
        self.b.emit(op, self.guard);
    }

    /// Ends the current block.
    pub(crate) fn terminate(&mut self, t: Term) {
        self.b.terminate(t);
    }

    /// A new block (not a leader) ending in `term` at the current pc,
    /// returned but not entered.
    pub(crate) fn new_block(&mut self, label: String, term: Term) -> BlockId {
        let pc = self.b.pc;
        self.b.block_with(label, term, Some(pc))
    }

    /// The shared `exit` block.
    pub(crate) fn exit_block(&mut self) -> BlockId {
        if let Some(b) = self.exit_block {
            return b;
        }
        let b = self.new_block("exit".into(), Term::Exit);
        self.exit_block = Some(b);
        b
    }

    /// The register holding the result of the last `BAR.RED` (`i32`: the
    /// count, or 0/1 for `.AND`/`.OR`), which `B2R.RESULT` reads.
    pub(crate) fn bar_result(&mut self) -> Reg {
        if let Some(r) = self.bar_result {
            return r;
        }
        let r = self.b.reg("bar_result", Type::I32);
        self.bar_result = Some(r);
        r
    }

    /// The unsupported-instruction error for the current word.
    /// The current instruction's field `name`, marked as read. Lifting by
    /// fields refuses an instruction whose decoded form lacks the field
    /// (the error names mnemonic, form and pc).
    pub(crate) fn field(&mut self, name: &str) -> Result<FieldValue, LiftError> {
        self.field_opt(name).ok_or_else(|| {
            let form = self.form_name();
            self.unsupported(format!("{form}: the decoded form has no field `{name}`"))
        })
    }

    /// The field `name` if the decoded form has it, marked as read.
    pub(crate) fn field_opt(&mut self, name: &str) -> Option<FieldValue> {
        self.by_fields = true;
        let name = self
            .alias
            .iter()
            .find(|(role, _)| *role == name)
            .map_or(name, |(_, n)| n.as_str());
        let form = self.form.as_ref()?;
        let i = form.fields.iter().position(|f| f.name == name)?;
        if let Some(u) = self.used.get_mut(i) {
            *u = true;
        }
        form.fields.get(i).cloned()
    }

    /// Raw value of field `name`.
    pub(crate) fn fraw(&mut self, name: &str) -> Result<u64, LiftError> {
        Ok(self.field(name)?.raw)
    }

    /// The register (R, UR or predicate index) in field `name`.
    pub(crate) fn freg(&mut self, name: &str) -> Result<u8, LiftError> {
        match self.field(name)?.operand {
            Some(crate::Operand::Reg(r) | crate::Operand::UReg(r) | crate::Operand::Pred(r)) => {
                Ok(r)
            }
            _ => Err(self.unsupported(format!(
                "{}: field `{name}` is not a register",
                self.form_name()
            ))),
        }
    }

    /// The immediate (sign-extended and scaled as the rules say) in `name`.
    pub(crate) fn fimm(&mut self, name: &str) -> Result<i64, LiftError> {
        match self.field(name)?.operand {
            Some(crate::Operand::Imm(v)) => Ok(v),
            _ => Err(self.unsupported(format!(
                "{}: field `{name}` is not an immediate",
                self.form_name()
            ))),
        }
    }

    /// The constant-bank operand in `name`: bank and unsigned byte offset.
    pub(crate) fn fcbuf(&mut self, name: &str) -> Result<(u8, u32), LiftError> {
        match self.field(name)?.operand {
            Some(crate::Operand::CBuf { bank, offset }) => Ok((bank, u32::from(offset))),
            _ => Err(self.unsupported(format!(
                "{}: field `{name}` is not a constant-bank operand",
                self.form_name()
            ))),
        }
    }

    /// What modifier or text field `name` prints (`""` for the default).
    pub(crate) fn fmod(&mut self, name: &str) -> Result<String, LiftError> {
        Ok(self.field(name)?.text)
    }

    /// Marks fields that carry only performance hints (cache eviction
    /// priority, prefetch size, operand reuse) as read: they do not change
    /// what the instruction computes. Absent fields are fine.
    pub(crate) fn fhint(&mut self, names: &[&str]) {
        for n in names {
            self.field_opt(n);
        }
    }

    /// Requires fields whose non-default values the lifter does not
    /// implement to print nothing; absent fields are fine.
    pub(crate) fn fdefault(&mut self, names: &[&str]) -> Result<(), LiftError> {
        for n in names {
            if let Some(f) = self.field_opt(n) {
                if !f.text.trim().is_empty() {
                    return Err(self.unsupported(format!(
                        "{}: field `{n}` = `{}` is not lifted",
                        self.form_name(),
                        f.text.trim()
                    )));
                }
            }
        }
        Ok(())
    }

    /// `MNEMONIC (form RULE-ID)` of the current instruction, for errors.
    pub(crate) fn form_name(&self) -> String {
        match &self.form {
            Some(d) => format!("{} (form {})", d.text.trim(), d.rule),
            None => format!("opcode {:#05x}", self.word & 0xfff),
        }
    }

    /// After an instruction lifted from its fields: every field of its form
    /// must have been read (used, ignored as a hint, or checked to be at its
    /// default), so that no operand or modifier is silently dropped. Operand
    /// reuse flags (`*_reuse`) and the uniform guard are exempt.
    /// An instruction lifted from its syntax is checked by
    /// [`Lifter::check_view`] instead; one lifted from neither may leave
    /// only neutral fields (printing nothing, RZ/URZ/PT, a zero immediate).
    fn check_fields(&self) -> Result<(), LiftError> {
        if self.view.active {
            return self.check_view();
        }
        let Some(form) = &self.form else {
            return Ok(());
        };
        for (f, used) in form.fields.iter().zip(&self.used) {
            let seen = *used || (!self.by_fields && f.neutral);
            // `rsv*`: bits the hand records claim but nvdisasm never prints.
            if seen
                || f.reuse_only
                || f.name.ends_with("_reuse")
                || f.name.starts_with("rsv")
                || f.name == "uguard"
            {
                continue;
            }
            let value = if f.text.trim().is_empty() {
                format!("{:#x}", f.raw)
            } else {
                format!("`{}`", f.text.trim())
            };
            return Err(self.unsupported(format!(
                "{}: field `{}` = {value} is not lifted",
                self.form_name(),
                f.name
            )));
        }
        Ok(())
    }

    pub(crate) fn unsupported(&self, what: impl Into<String>) -> LiftError {
        LiftError::Unsupported {
            kernel: self.k.name.clone(),
            pc: self.b.pc,
            what: what.into(),
            word: self.word,
        }
    }

    /// An `i32` binary op into a fresh temp.
    pub(crate) fn bin32(&mut self, op: BinOp, a: Operand, b: Operand) -> Operand {
        self.bin(op, Type::I32, a, b)
    }

    /// The 32-bit word at byte `offset` of the parameter block, in a fresh temp.
    fn param_word(&mut self, offset: i64) -> Operand {
        let dst = self.tmp(Type::I32);
        let mem = MemType::scalar(MemKind::B32);
        self.emit(Op::Load(op::Load::param(
            mem,
            vec![dst],
            Operand::Imm(0),
            offset,
        )));
        Operand::Reg(dst)
    }

    /// A binary op into a fresh temp.
    pub(crate) fn bin(&mut self, op: BinOp, ty: Type, a: Operand, b: Operand) -> Operand {
        let dst = self.tmp(ty);
        self.emit(Op::Bin(op::Bin { op, ty, dst, a, b }));
        Operand::Reg(dst)
    }

    /// An integer compare into a fresh `i1`.
    pub(crate) fn icmp(&mut self, cond: ICond, ty: Type, a: Operand, b: Operand) -> Operand {
        let dst = self.tmp(Type::I1);
        self.emit(Op::ICmp(op::ICmp {
            cond,
            ty,
            dst,
            a,
            b,
        }));
        Operand::Reg(dst)
    }

    /// `c ? a : b` into a fresh temp.
    pub(crate) fn select(&mut self, ty: Type, c: Operand, a: Operand, b: Operand) -> Operand {
        let dst = self.tmp(ty);
        self.emit(Op::Select(op::Select {
            ty,
            dst,
            cond: c,
            a,
            b,
        }));
        Operand::Reg(dst)
    }

    /// A conversion into a fresh temp.
    pub(crate) fn cvt(&mut self, op: CvtOp, to: Type, from: Type, src: Operand) -> Operand {
        if let (Operand::Imm(v), CvtOp::Zext | CvtOp::Trunc | CvtOp::Bitcast) = (src, op) {
            return Operand::Imm(v & from.mask() & to.mask());
        }
        let dst = self.tmp(to);
        self.b.cvt_into(op, to, from, dst, src, self.guard);
        Operand::Reg(dst)
    }

    /// Zero-extends an `i32` to `i64`.
    pub(crate) fn zext64(&mut self, v: Operand) -> Operand {
        self.cvt(CvtOp::Zext, Type::I64, Type::I32, v)
    }

    /// `lo | hi << 32` as an `i64`.
    pub(crate) fn join64(&mut self, lo: Operand, hi: Operand) -> Operand {
        if let (Operand::Imm(a), Operand::Imm(b)) = (lo, hi) {
            return Operand::Imm((a & 0xffff_ffff) | (b << 32));
        }
        let l = self.zext64(lo);
        let h = self.zext64(hi);
        let h = self.bin(BinOp::Shl, Type::I64, h, Operand::Imm(32));
        self.bin(BinOp::Or, Type::I64, l, h)
    }

    /// Low and high words of an `i64`.
    pub(crate) fn split64(&mut self, v: Operand) -> (Operand, Operand) {
        if let Operand::Imm(x) = v {
            return (Operand::Imm(x & 0xffff_ffff), Operand::Imm(x >> 32));
        }
        let lo = self.cvt(CvtOp::Trunc, Type::I32, Type::I64, v);
        let h = self.bin(BinOp::LShr, Type::I64, v, Operand::Imm(32));
        let hi = self.cvt(CvtOp::Trunc, Type::I32, Type::I64, h);
        (lo, hi)
    }

    /// Reads the 64-bit pair `R(n):R(n+1)` of the current file (zero register = 0).
    pub(crate) fn read_pair(&mut self, n: u8) -> Operand {
        let f = self.gpr_file();
        self.read_pair_file(f, n)
    }

    /// Reads a 64-bit pair of an explicit file.
    pub(crate) fn read_pair_file(&mut self, f: File, n: u8) -> Operand {
        let lo = self.read_file(f, n);
        if lo == Operand::Imm(0) {
            return Operand::Imm(0);
        }
        let hi = self.read_file(f, n.saturating_add(1));
        self.join64(lo, hi)
    }

    /// Writes a 64-bit value to the pair `R(n):R(n+1)`.
    pub(crate) fn write_pair(&mut self, n: u8, v: Operand) {
        let (lo, hi) = self.split64(v);
        self.write_gpr(n, lo);
        self.write_gpr(n.saturating_add(1), hi);
    }

    /// A special register read into a fresh `i32`.
    pub(crate) fn special(&mut self, sreg: SReg) -> Operand {
        let dst = self.tmp(Type::I32);
        self.emit(Op::Special { dst, sreg });
        Operand::Reg(dst)
    }

    /// A 32-bit constant-bank read at an immediate offset (see the module doc).
    pub(crate) fn cbuf32(&mut self, bank: u8, off: u32) -> Result<Operand, LiftError> {
        if bank != 0 {
            let reloc = self
                .reloc_consts
                .iter()
                .find(|r| {
                    r.bank == u32::from(bank)
                        && !r.applied
                        && r.offset < u64::from(off) + 4
                        && r.offset + r.width > u64::from(off)
                })
                .map(|r| (r.symbol.clone(), r.rtype));
            if let Some((sym, rtype)) = reloc {
                // A link-time address xisa cannot supply (a relocation type
                // it does not apply, or a word of a per-kernel bank, which
                // is folded): reaching this read stops the launch.
                let label = format!(
                    "unsupported_{:#x}_c{bank}_{off:#x}_reloc_type{rtype}_address_of_{sym}",
                    self.b.pc
                );
                let t = self.new_block(label, Term::Trap);
                self.branch_guarded(t);
                return Ok(Operand::Imm(0));
            }
            if let Some(lb) = self.live_bank(bank) {
                // Module banks are read from the parameter block, where the
                // launcher puts their current image (relocated addresses of
                // globals, `__constant__` data as last written).
                if u64::from(off) + 4 > u64::from(lb.size) {
                    return Err(self.unsupported(format!(
                        "read of c[{bank:#x}][{off:#x}]: past the end of the {}-byte bank",
                        lb.size
                    )));
                }
                let offset = i64::from(lb.param_offset) + i64::from(off);
                return Ok(self.param_word(offset));
            }
            let data = self.k.banks.get(&u32::from(bank));
            let v = data
                .and_then(|d| d.get(off as usize..off as usize + 4))
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
            return match v {
                Some(v) => Ok(Operand::Imm(u64::from(v))),
                None => Err(self.unsupported(format!(
                    "read of c[{bank:#x}][{off:#x}]: the cubin has no such constant data"
                ))),
            };
        }
        let pcb = self.k.param_cbank_offset;
        let psize = self.k.param_cbank_size.max(self.b.kernel().param_bytes);
        let sreg = match off {
            0x0 => Some(SReg::NTidX),
            0x4 => Some(SReg::NTidY),
            0x8 => Some(SReg::NTidZ),
            0xc => Some(SReg::NCtaIdX),
            0x10 => Some(SReg::NCtaIdY),
            0x14 => Some(SReg::NCtaIdZ),
            _ => None,
        };
        if let Some(s) = sreg {
            return Ok(self.special(s));
        }
        match off {
            // The generic address of constant bank 3 (64-bit): ptxas adds a
            // `.const` variable's offset to it (`cvta.const`), subtracts it
            // for `cvta.to.const` and tests `isspacep.const` (and excludes
            // it from `isspacep.global`) against it and the bank's size. The
            // bank lives in guest memory (`loader::ModuleData`); the
            // launcher puts its address in the parameter block. A module
            // without the bank has no `.const` data: the address then lies
            // above every global one.
            0x50 | 0x54 => match self.live_bank_slot(crate::loader::CONST_WINDOW_WORD) {
                Some(lb) => Ok(self.param_word(i64::from(lb.param_offset + (off - 0x50)))),
                None => {
                    let v = SHARED_WINDOW.min(LOCAL_WINDOW) >> (8 * (off - 0x50));
                    Ok(Operand::Imm(v & 0xffff_ffff))
                }
            },
            // The grid workspace's address, low half at 0x90 and high half
            // at 0x8c (see `loader::GRID_WORKSPACE_WORD`): CUDA's
            // header-only grid sync spins on it until every block has
            // arrived, so every workgroup of a launch must run at once.
            0x8c | 0x90 => match self.live_bank_slot(crate::loader::GRID_WORKSPACE_WORD) {
                Some(lb) => {
                    self.b.kernel_mut().co_resident = true;
                    Ok(self.param_word(i64::from(lb.param_offset) + i64::from(off == 0x8c) * 4))
                }
                None => Err(self.unsupported(format!(
                    "read of c[0x0][{off:#x}] (the grid workspace) in a kernel the loader did \
                     not find reading it"
                ))),
            },
            // %nsmid: xisa presents one SM (`%smid` is 0).
            0x10c => Ok(Operand::Imm(1)),
            // Initial stack pointer: the top of the lane's local space, as
            // large as the launch made it (LaunchOptions::stack_size).
            0x28 => Ok(self.special(SReg::LocalSize)),
            // %gridid (64-bit): the launch's number on its device; launch
            // numbers stay below 2^32.
            0x30 => Ok(self.special(SReg::GridId)),
            0x34 => Ok(Operand::Imm(0)),
            // The dynamic shared memory size of the launch (PTX
            // `%dynamic_smem_size`; read as 0 before, whatever the launch).
            0x2c => Ok(self.special(SReg::DynSharedSize)),
            // The local window (see LOCAL_WINDOW).
            0x20 | 0x24 => {
                self.reads_local_window = true;
                Ok(window_word(LOCAL_WINDOW, off == 0x24))
            }
            // The shared window (see SHARED_WINDOW).
            0x18 | 0x1c => {
                self.reads_shared_window = true;
                Ok(window_word(SHARED_WINDOW, off == 0x1c))
            }
            o if pcb > 0 && o >= pcb && o + 4 <= pcb + psize => {
                Ok(self.param_word(i64::from(o - pcb)))
            }
            o => Err(self.unsupported(format!("read of c[0x0][{o:#x}] (driver constant)"))),
        }
    }

    /// A 64-bit constant-bank read (two words).
    pub(crate) fn cbuf64(&mut self, bank: u8, off: u32) -> Result<Operand, LiftError> {
        let lo = self.cbuf32(bank, off)?;
        let hi = self.cbuf32(bank, off + 4)?;
        Ok(self.join64(lo, hi))
    }

    /// Reads a 32-bit source operand.
    pub(crate) fn src(&mut self, s: Src) -> Result<Operand, LiftError> {
        Ok(match s {
            Src::Reg(n) => self.read_gpr(n),
            Src::UReg(n) => self.read_file(File::UR, n),
            Src::Imm(v) => match self.code_word() {
                Some(w) => w,
                None => Operand::Imm(u64::from(v)),
            },
            Src::Cbuf { bank, off } => self.cbuf32(bank, off)?,
        })
    }

    /// The module data address half the current instruction's immediate
    /// holds, when the loader recorded one
    /// ([`crate::loader::CubinKernel::code_words`]): read from the
    /// parameter block, where the launcher puts it.
    fn code_word(&mut self) -> Option<Operand> {
        let pc = self.b.pc;
        let &(_, idx) = self.k.code_words.iter().find(|w| w.0 == pc)?;
        let lb = self.live_bank_slot(crate::loader::CODE_WORDS)?;
        self.code_word_read = true;
        Some(self.param_word(i64::from(lb.param_offset) + 4 * i64::from(idx)))
    }

    /// Reads a 64-bit source operand (register pair, 64-bit constant, or a
    /// sign-extended immediate).
    pub(crate) fn src64(&mut self, s: Src) -> Result<Operand, LiftError> {
        Ok(match s {
            Src::Reg(n) => self.read_pair(n),
            Src::UReg(n) => self.read_pair_file(File::UR, n),
            Src::Imm(v) => Operand::Imm(v as i32 as i64 as u64),
            Src::Cbuf { bank, off } => self.cbuf64(bank, off)?,
        })
    }

    /// Places a trap for an invalid modifier value: the instruction becomes
    /// a branch (under its guard) to a block that traps.
    pub(crate) fn trap_invalid(&mut self, field: &str, value: &str) {
        self.traps.push(TrapSite {
            pc: self.b.pc,
            field: field.to_string(),
            value: value.to_string(),
        });
        let label = format!("invalid_{:#x}_{field}_{value}", self.b.pc);
        let t = self.new_block(label, Term::Trap);
        self.branch_guarded(t);
    }

    /// Ends the block with a jump to `target` taken under the current guard,
    /// continuing in a fresh block otherwise.
    pub(crate) fn branch_guarded(&mut self, target: BlockId) {
        match self.guard {
            None => self.terminate(Term::Br(target)),
            Some(g) => {
                let next = self.new_block(format!("L_{:04x}_cont", self.b.pc), Term::Exit);
                let (t, e) = if g.negate {
                    (next, target)
                } else {
                    (target, next)
                };
                self.terminate(Term::BrCond {
                    cond: g.reg,
                    then_: t,
                    else_: e,
                });
                self.b.enter(next);
            }
        }
    }

    /// Lifts one instruction.
    fn lift_one(&mut self, w: u128) -> Result<(), LiftError> {
        let gp = bits(w, 12, 15) as u8;
        let gneg = bit(w, 15);
        if gp == 7 && gneg {
            return Ok(()); // @!PT: never executes
        }
        let opcode = bits(w, 0, 12) as u16;
        self.uniform = false;
        // The guard copy below must itself run unguarded.
        self.guard = None;
        self.guard = if gp == 7 {
            None
        } else {
            // Uniform-datapath ops are guarded by a uniform predicate
            // (nvdisasm prints `@UP1 UMOV`, `@UP1 ULDC`, `@UP1 S2UR`).
            let f = if is_uniform_op(opcode) {
                File::UP
            } else {
                File::P
            };
            let r = self.reg(f, gp);
            // Copy the guard: the instruction's own writes must not change
            // whether its later IR instructions run.
            let g = self.tmp(Type::I1);
            self.emit(Op::Mov {
                ty: Type::I1,
                dst: g,
                src: Operand::Reg(r),
            });
            Some(Guard {
                reg: g,
                negate: gneg,
            })
        };
        let invalid = self.form.as_ref().and_then(|d| {
            d.modifiers
                .iter()
                .find(|m| m.text.starts_with("INVALID"))
                .map(|m| (m.name.clone(), m.text.clone()))
        });
        if let Some((field, value)) = invalid {
            self.trap_invalid(&field, &value);
            // The instruction is the trap: its other fields are not used.
            self.no_effect()?;
            return Ok(());
        }
        if mem::lift(self)? || self.lift_syntax(opcode)? {
            return Ok(());
        }
        Err(self.unsupported(match &self.form {
            Some(d) => format!("{} (opcode {opcode:#05x})", d.text.trim()),
            None => match &self.decode_error {
                Some(e) => format!("opcode {opcode:#05x} (the decoder rejects the word: {e})"),
                None => format!("opcode {opcode:#05x}"),
            },
        }))
    }
}

/// The mnemonic of a decoded instruction: its printed head's first token
/// (`BRA` of `BRA.U`, `UIADD3` of `UIADD3.X`).
pub(crate) fn mnemonic(d: &crate::Decoded) -> &str {
    d.syntax.head.text.split('.').next().unwrap_or_default()
}

/// The families lifted from their syntax (`view.rs`), each a table from
/// mnemonic to one function per op.
const FAMILIES: [&[(&str, LiftFn)]; 6] = [
    alu::OPS,
    float::OPS,
    conv::OPS,
    half::OPS,
    ctrl::OPS,
    mma::OPS,
];

impl Lifter<'_> {
    /// Lifts the current instruction by its mnemonic from [`FAMILIES`];
    /// `Ok(false)` when none names it. A uniform twin (`UIADD3`, ...) is
    /// its ALU op on the uniform files.
    fn lift_syntax(&mut self, opcode: u16) -> Result<bool, LiftError> {
        let Some(d) = &self.form else {
            return Ok(false);
        };
        let base = mnemonic(d);
        let (name, twin) = match base.strip_prefix('U') {
            Some(v) if alu::UNIFORM.contains(&v) => (v, true),
            _ => (base, false),
        };
        let Some(&(_, f)) = FAMILIES
            .iter()
            .flat_map(|t| t.iter())
            .find(|(n, _)| *n == name)
        else {
            return Ok(false);
        };
        self.uniform = twin || is_uniform_op(opcode);
        f(self)?;
        Ok(true)
    }
}

/// Whether `opcode` is a uniform-datapath op (its guard is a UP register):
/// the ALU ops with bit 7 of the 9-bit op set (UIADD3 0x290, UMOV 0xc82,
/// ULDC 0xab9, UPLOP3 0x89c, ...), except VOTEU (0x886, guarded by P), and
/// S2UR (0x9c3). R2UR (0x3c2) writes a UR but is a vector op.
pub(crate) fn is_uniform_op(opcode: u16) -> bool {
    let op9 = opcode & 0x1ff;
    ((0x80..0x100).contains(&op9) && opcode != 0x886) || opcode == 0x9c3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_helpers() {
        let w: u128 = 0x0000_0000_0000_0a00_0000_0a00_0001_7a02;
        assert_eq!(bits(w, 0, 12), 0xa02);
        assert_eq!(bits(w, 16, 24), 1);
        assert!(bit(w, 1));
    }
}
