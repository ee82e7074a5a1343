//! Kernels and modules.

use crate::inst::{BlockId, Inst, Op, Reg, Term};
use crate::op;
use crate::types::{Space, Type};

/// A register declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct RegDecl {
    /// Name without the `%` sigil.
    pub name: String,
    pub ty: Type,
}

/// A basic block: straight-line instructions and one terminator.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// Label (unique in the kernel).
    pub label: String,
    pub insts: Vec<Inst>,
    pub term: Term,
    /// Guest pc of the terminator's machine instruction, for error messages.
    pub term_pc: Option<u64>,
}

/// A kernel: the program every lane of a launch runs. Block 0 is the entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Kernel {
    pub name: String,
    /// Parameter registers, initialised from the parameter block at launch. They are
    /// laid out in order with natural alignment (see [`Kernel::param_layout`]).
    pub params: Vec<Reg>,
    pub regs: Vec<RegDecl>,
    pub blocks: Vec<Block>,
    /// Lanes per wave: 32 or 64.
    pub wave_size: u32,
    /// Static shared memory bytes per workgroup.
    pub shared_bytes: u32,
    /// Private (local/scratch) bytes per lane.
    pub local_bytes: u32,
    /// Minimum size of the parameter block in bytes (frontends whose code reads the
    /// parameter block by offset, beyond the declared parameters).
    pub param_bytes: u32,
    /// Every workgroup of a launch must run at once, as for a grid barrier:
    /// the kernel synchronises the grid itself (CUDA's header-only
    /// `grid_group::sync` spins on a counter in global memory until every
    /// block has arrived). Text form: `coresident` after the sizes.
    pub co_resident: bool,
}

/// One parameter's place in the parameter block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamSlot {
    pub reg: Reg,
    pub ty: Type,
    /// Byte offset in the parameter block.
    pub offset: u32,
}

impl Kernel {
    /// An empty kernel with default settings (wave 32, no memory).
    pub fn new(name: impl Into<String>) -> Self {
        Kernel {
            name: name.into(),
            params: vec![],
            regs: vec![],
            blocks: vec![],
            wave_size: 32,
            shared_bytes: 0,
            local_bytes: 0,
            param_bytes: 0,
            co_resident: false,
        }
    }

    /// Declares a register and returns it.
    pub fn reg(&mut self, name: impl Into<String>, ty: Type) -> Reg {
        self.regs.push(RegDecl {
            name: name.into(),
            ty,
        });
        Reg(self.regs.len() as u32 - 1)
    }

    /// The type of a register (`None` if it is not declared).
    pub fn reg_type(&self, r: Reg) -> Option<Type> {
        self.regs.get(r.0 as usize).map(|d| d.ty)
    }

    /// The block with this label.
    pub fn block_by_label(&self, label: &str) -> Option<BlockId> {
        self.blocks
            .iter()
            .position(|b| b.label == label)
            .map(|i| BlockId(i as u32))
    }

    /// Parameter offsets: in order, each aligned to its own size (`i1` as one byte).
    pub fn param_layout(&self) -> Vec<ParamSlot> {
        let mut off = 0u32;
        self.params
            .iter()
            .map(|&reg| {
                let ty = self.reg_type(reg).unwrap_or(Type::I64);
                let size = ty.bytes();
                off = off.div_ceil(size) * size;
                let slot = ParamSlot {
                    reg,
                    ty,
                    offset: off,
                };
                off += size;
                slot
            })
            .collect()
    }

    /// Size of the parameter block the kernel expects.
    pub fn param_size(&self) -> u32 {
        let declared = self
            .param_layout()
            .last()
            .map(|s| s.offset + s.ty.bytes())
            .unwrap_or(0);
        declared.max(self.param_bytes)
    }

    /// Per block: whether it heads a *streaming loop*, one that a backward
    /// transfer from a block at or after it closes and whose blocks (by
    /// index, from the head to the transfer) load or store global or buffer
    /// memory per lane. Engines let lanes take turns at such loops every
    /// few iterations (`runtime::ctx::YIELD_STREAMING`), as a GPU's lanes go
    /// together: in a grid-stride loop consecutive lanes touch consecutive
    /// addresses in the same iteration, so running them together shares cache
    /// lines that one lane running all its iterations would fetch alone.
    pub fn streaming_loop_heads(&self) -> Vec<bool> {
        let streams = |b: &Block| {
            b.insts.iter().any(|i| match &i.op {
                Op::Load(op::Load { space, uniform, .. }) => {
                    !uniform && matches!(space, Space::Global | Space::Buffer)
                }
                Op::Store(op::Store { space, .. }) => {
                    matches!(space, Space::Global | Space::Buffer)
                }
                _ => false,
            })
        };
        let body: Vec<bool> = self.blocks.iter().map(streams).collect();
        let mut heads = vec![false; self.blocks.len()];
        for (from, b) in self.blocks.iter().enumerate() {
            for to in b.term.successors() {
                let to = to.0 as usize;
                if to <= from && body[to..=from].iter().any(|&m| m) {
                    heads[to] = true;
                }
            }
        }
        heads
    }

    /// Whether a warp operation (shuffle, vote, active mask, first lane's
    /// value) sits in a loop: in a block that can reach itself. Running one
    /// lane at a time, an engine stops every lane there on each iteration
    /// for the wave to meet (CAS loops with warp-aggregated atomics, AMD's
    /// iterative scans over the active lanes); running the wave's lanes
    /// together it needs no stop.
    pub fn warp_ops_in_loops(&self) -> bool {
        let warp = |b: &Block| {
            b.insts.iter().any(|i| {
                matches!(
                    i.op,
                    Op::Shfl(_)
                        | Op::Vote { .. }
                        | Op::ActiveMask { .. }
                        | Op::ReadFirstLane { .. }
                )
            })
        };
        (0..self.blocks.len())
            .filter(|&b| warp(&self.blocks[b]))
            .any(|b| self.reaches_itself(b))
    }

    /// Whether some path leads from block `b` back to itself (it lies in a
    /// loop, and may run more than once per lane).
    pub fn reaches_itself(&self, start: usize) -> bool {
        let n = self.blocks.len();
        let mut seen = vec![false; n];
        let mut work: Vec<usize> = self.successor_indices(start);
        while let Some(b) = work.pop() {
            if b == start {
                return true;
            }
            if b < n && !std::mem::replace(&mut seen[b], true) {
                work.extend(self.successor_indices(b));
            }
        }
        false
    }

    /// The blocks block `b`'s terminator may go to, by index.
    fn successor_indices(&self, b: usize) -> Vec<usize> {
        self.blocks[b]
            .term
            .successors()
            .iter()
            .map(|t| t.0 as usize)
            .collect()
    }

    /// Registers some path from the entry may read before writing them: the
    /// only ones whose initial value (zero) a lane can observe, so the only
    /// ones a runtime must clear between workgroups (parameters excepted:
    /// they are set before the entry). See [`Self::live_in`].
    pub fn read_before_written(&self) -> Vec<bool> {
        let n = self.regs.len();
        let mut out = self
            .live_in()
            .into_iter()
            .next()
            .unwrap_or_else(|| vec![false; n]);
        for p in &self.params {
            out[p.0 as usize] = false;
        }
        out
    }

    /// Plain liveness, per block: the registers some path from its start
    /// may read before writing them. A guarded write does not count as a
    /// write (its guard may be false), a self-move (`mov %r, %r`, what
    /// [`crate::uniform::hoist`] leaves) is neither a read nor a write; a
    /// `ret` may return to every block listed by [`Self::return_blocks`].
    pub fn live_in(&self) -> Vec<Vec<bool>> {
        let n = self.regs.len();
        let rets = self.return_blocks();
        let mut live: Vec<Vec<bool>> = vec![vec![false; n]; self.blocks.len()];
        let mut changed = true;
        while changed {
            changed = false;
            for bi in (0..self.blocks.len()).rev() {
                let mut st = self.live_at_end_with(bi, &live, &rets);
                for inst in self.blocks[bi].insts.iter().rev() {
                    inst.live_before(&mut st);
                }
                if st != live[bi] {
                    live[bi] = st;
                    changed = true;
                }
            }
        }
        live
    }

    /// The registers live at the end of block `b` (its terminator's
    /// operands included), given [`Self::live_in`].
    pub fn live_at_end(&self, b: usize, live_in: &[Vec<bool>]) -> Vec<bool> {
        self.live_at_end_with(b, live_in, &self.return_blocks())
    }

    /// [`Self::live_at_end`], `rets` being [`Self::return_blocks`].
    fn live_at_end_with(&self, b: usize, live_in: &[Vec<bool>], rets: &[BlockId]) -> Vec<bool> {
        let blk = &self.blocks[b];
        let succs = match blk.term {
            Term::Ret => rets.to_vec(),
            _ => blk.term.successors(),
        };
        let mut st = vec![false; self.regs.len()];
        for s in succs {
            for (x, y) in st.iter_mut().zip(&live_in[s.0 as usize]) {
                *x |= *y;
            }
        }
        for r in blk.term.uses() {
            st[r.0 as usize] = true;
        }
        st
    }

    /// Each block's predecessors (block indices) in the control-flow
    /// graph of its terminators.
    pub fn predecessors(&self) -> Vec<Vec<usize>> {
        let succs: Vec<Vec<usize>> = self
            .blocks
            .iter()
            .map(|b| b.term.successors().iter().map(|s| s.0 as usize).collect())
            .collect();
        predecessors(&succs)
    }

    /// Whether the kernel calls or returns (`call` / `ret` terminators): a
    /// return's successors are not in the CFG, so whole-kernel dataflow
    /// passes leave such kernels alone.
    pub fn has_calls(&self) -> bool {
        self.blocks
            .iter()
            .any(|b| matches!(b.term, Term::Call { .. } | Term::Ret))
    }

    /// Blocks that a `ret` may return to (the `ret` operands of every `call`).
    pub fn return_blocks(&self) -> Vec<BlockId> {
        let mut v: Vec<BlockId> = self
            .blocks
            .iter()
            .filter_map(|b| match b.term {
                Term::Call { ret, .. } => Some(ret),
                _ => None,
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The sync points of the kernel, in a fixed order: `(block, instruction index)`
    /// of every sync instruction. Engines and the scheduler identify a lane that waits
    /// at a sync point by its index in this list.
    pub fn sync_points(&self) -> Vec<(BlockId, u32)> {
        let mut v = Vec::new();
        for (bi, b) in self.blocks.iter().enumerate() {
            for (ii, inst) in b.insts.iter().enumerate() {
                if inst.op.is_sync() {
                    v.push((BlockId(bi as u32), ii as u32));
                }
            }
        }
        v
    }

    /// The flat index of an instruction: instructions are numbered in block order,
    /// each block's terminator right after its last instruction (index
    /// `insts.len()` inside the block). Engines report fault locations this way.
    pub fn flat_index(&self, block: BlockId, index: u32) -> u32 {
        let before: usize = self.blocks[..block.0 as usize]
            .iter()
            .map(|b| b.insts.len() + 1)
            .sum();
        before as u32 + index
    }

    /// Inverse of [`Kernel::flat_index`].
    pub fn loc_of_flat(&self, mut flat: u32) -> Option<(BlockId, u32)> {
        for (bi, b) in self.blocks.iter().enumerate() {
            let n = b.insts.len() as u32 + 1;
            if flat < n {
                return Some((BlockId(bi as u32), flat));
            }
            flat -= n;
        }
        None
    }

    /// Number of instructions (terminators included).
    pub fn inst_count(&self) -> usize {
        self.blocks.iter().map(|b| b.insts.len() + 1).sum()
    }

    /// True if any instruction is a workgroup barrier.
    pub fn has_barrier(&self) -> bool {
        self.blocks
            .iter()
            .any(|b| b.insts.iter().any(|i| i.op.is_barrier()))
    }

    /// A human-readable location: `kernel:block:index` plus the guest pc if known.
    pub fn describe_loc(&self, block: BlockId, index: u32) -> String {
        let Some(b) = self.blocks.get(block.0 as usize) else {
            return format!("{}:<block {}>", self.name, block.0);
        };
        let pc = if (index as usize) < b.insts.len() {
            b.insts[index as usize].pc
        } else {
            b.term_pc
        };
        match pc {
            Some(pc) => format!("{}:{}:{} (pc {:#x})", self.name, b.label, index, pc),
            None => format!("{}:{}:{}", self.name, b.label, index),
        }
    }
}

/// A module: a set of kernels.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Module {
    pub kernels: Vec<Kernel>,
}

impl Module {
    /// The kernel with this name.
    pub fn kernel(&self, name: &str) -> Option<&Kernel> {
        self.kernels.iter().find(|k| k.name == name)
    }
}

/// Inverts a successor list (block indices; ones out of range are ignored):
/// each block's predecessors, in block order.
pub fn predecessors(succs: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut preds = vec![Vec::new(); succs.len()];
    for (b, ss) in succs.iter().enumerate() {
        for &s in ss {
            if let Some(p) = preds.get_mut(s) {
                p.push(b);
            }
        }
    }
    preds
}
