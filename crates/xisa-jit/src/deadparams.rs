//! Removal of dead block parameters from a lowered function, before
//! Cranelift compiles it.
//!
//! `cranelift_frontend` turns every guest register that differs between a
//! block's predecessors into a block parameter. A run's landing block loads
//! the registers live where it resumes (`lower::live`), but many of them are
//! read only after the run's next stop, by a later run: inside this run the
//! loaded value only travels from block parameter to block parameter until
//! the run ends. Cranelift keeps such parameters (nothing in its pipeline
//! removes an unused block parameter), so the slot loads feeding them stay
//! too: in a barrier kernel every lane's every resume loaded a dozen
//! registers it never looked at. Cranelift 0.135 has no dead-code pass and
//! lowers every load, used or not, so the loads left without a user are
//! removed here as well.
//!
//! A parameter is live when an instruction uses it as an operand (branch
//! conditions and table indices included) or when it is passed to a live
//! parameter; everything else is removed, with its arguments on every edge.
//! The entry block's parameters (the function's arguments) always stay.
//! Then every instruction whose results nobody uses and that has no effect
//! (no store, call, branch or trap; a load only with `notrap`) is removed,
//! and so on up the chains of operands.

use cranelift_codegen::entity::SecondaryMap;
use cranelift_codegen::ir::{
    Block, BlockArg, Function, Inst, InstructionData, Opcode, Value, ValueDef,
};

/// Removes dead block parameters, then the instructions left without a
/// user; returns how many of each were removed.
pub(crate) fn prune(func: &mut Function) -> (usize, usize) {
    let params = remove_dead_block_params(func);
    let insts = remove_unused_pure_insts(func);
    (params, insts)
}

/// Whether removing `inst` changes nothing but its results (the
/// public-predicate twin of Cranelift's own side-effect test).
fn effect_free(func: &Function, inst: Inst) -> bool {
    let data = &func.dfg.insts[inst];
    let op = data.opcode();
    if op.is_call()
        || op.is_branch()
        || op.is_terminator()
        || op.is_return()
        || op.can_trap()
        || op.other_side_effects()
        || op.can_store()
        || op == Opcode::GetPinnedReg
    {
        return false;
    }
    if op.can_load() {
        return matches!(*data, InstructionData::Load { flags, .. } if func.dfg.mem_flags[flags].notrap());
    }
    true
}

/// Removes effect-free instructions whose results are unused, transitively;
/// returns how many.
fn remove_unused_pure_insts(func: &mut Function) -> usize {
    let mut uses: SecondaryMap<Value, u32> = SecondaryMap::new();
    let mut all = Vec::new();
    for block in func.layout.blocks() {
        for inst in func.layout.block_insts(block) {
            all.push(inst);
            for v in func.dfg.inst_values(inst) {
                uses[func.dfg.resolve_aliases(v)] += 1;
            }
        }
    }
    let unused = |func: &Function, uses: &SecondaryMap<Value, u32>, inst: Inst| {
        let rs = func.dfg.inst_results(inst);
        !rs.is_empty() && rs.iter().all(|&r| uses[r] == 0) && effect_free(func, inst)
    };
    let mut work: Vec<Inst> = all
        .into_iter()
        .filter(|&i| unused(func, &uses, i))
        .collect();
    let mut removed = 0;
    while let Some(inst) = work.pop() {
        if func.layout.inst_block(inst).is_none() {
            continue;
        }
        let args: Vec<Value> = func.dfg.inst_values(inst).collect();
        func.layout.remove_inst(inst);
        removed += 1;
        for a in args {
            let a = func.dfg.resolve_aliases(a);
            uses[a] -= 1;
            if uses[a] == 0 {
                if let ValueDef::Result(def, _) = func.dfg.value_def(a) {
                    if func.layout.inst_block(def).is_some() && unused(func, &uses, def) {
                        work.push(def);
                    }
                }
            }
        }
    }
    removed
}

/// Removes the block parameters no instruction reads, directly or through
/// other parameters; returns how many were removed.
fn remove_dead_block_params(func: &mut Function) -> usize {
    let Some(entry) = func.layout.entry_block() else {
        return 0;
    };
    // Incoming edges of each block: (branch, destination index).
    let mut edges: SecondaryMap<Block, Vec<(Inst, usize)>> = SecondaryMap::new();
    let mut live: SecondaryMap<Value, bool> = SecondaryMap::new();
    let mut work: Vec<Value> = Vec::new();
    let mark =
        |v: Value, func: &Function, live: &mut SecondaryMap<Value, bool>, work: &mut Vec<Value>| {
            let v = func.dfg.resolve_aliases(v);
            if matches!(func.dfg.value_def(v), ValueDef::Param(..)) && !live[v] {
                live[v] = true;
                work.push(v);
            }
        };
    for block in func.layout.blocks() {
        for inst in func.layout.block_insts(block) {
            for &v in func.dfg.inst_args(inst) {
                mark(v, func, &mut live, &mut work);
            }
            let dests = func.dfg.insts[inst]
                .branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables);
            for (i, bc) in dests.iter().enumerate() {
                edges[bc.block(&func.dfg.value_lists)].push((inst, i));
            }
        }
    }
    while let Some(p) = work.pop() {
        let ValueDef::Param(block, ix) = func.dfg.value_def(p) else {
            continue;
        };
        for &(inst, d) in &edges[block] {
            let dests = func.dfg.insts[inst]
                .branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables);
            let arg = dests[d].args(&func.dfg.value_lists).nth(ix);
            if let Some(BlockArg::Value(a)) = arg {
                mark(a, func, &mut live, &mut work);
            }
        }
    }
    let mut removed = 0;
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for block in blocks {
        if block == entry {
            continue;
        }
        // Dead parameters, right to left: each removal slides the
        // parameters (and arguments) after it.
        let dead: Vec<(usize, Value)> = func
            .dfg
            .block_params(block)
            .iter()
            .enumerate()
            .rev()
            .filter(|&(_, &p)| !live[p])
            .map(|(i, &p)| (i, p))
            .collect();
        if dead.is_empty() {
            continue;
        }
        for &(_, p) in &dead {
            func.dfg.remove_block_param(p);
        }
        removed += dead.len();
        for &(inst, d) in &edges[block] {
            let dfg = &mut func.dfg;
            let dests = dfg.insts[inst]
                .branch_destination_mut(&mut dfg.jump_tables, &mut dfg.exception_tables);
            for &(i, _) in &dead {
                dests[d].remove(i, &mut dfg.value_lists);
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_codegen::ir::{types, AbiParam, InstBuilder, MemFlagsData, Signature};
    use cranelift_codegen::isa::CallConv;
    use cranelift_codegen::settings;
    use cranelift_codegen::verify_function;
    use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};

    /// `f(p, n)`: loads `a` and `b` from `p`, loops `n` times carrying both
    /// through a header; only `b` reaches the return. `a` travels around the
    /// loop without a reader: its parameter and its load go.
    fn looping() -> Function {
        let mut sig = Signature::new(CallConv::SystemV);
        sig.params.push(AbiParam::new(types::I64));
        sig.params.push(AbiParam::new(types::I32));
        sig.returns.push(AbiParam::new(types::I32));
        let mut func = Function::with_name_signature(Default::default(), sig);
        let mut fctx = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut func, &mut fctx);
        let entry = b.create_block();
        let head = b.create_block();
        let body = b.create_block();
        let done = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let (p, n) = (b.block_params(entry)[0], b.block_params(entry)[1]);
        let a = b.ins().load(types::I32, MemFlagsData::trusted(), p, 0);
        let x = b.ins().load(types::I32, MemFlagsData::trusted(), p, 4);
        for blk in [head, body, done] {
            b.append_block_param(blk, types::I32); // a
            b.append_block_param(blk, types::I32); // b
        }
        b.append_block_param(head, types::I32); // i
        b.ins().jump(head, &[a.into(), x.into(), n.into()]);
        b.switch_to_block(head);
        let hp = b.block_params(head).to_vec();
        b.ins().brif(
            hp[2],
            body,
            &[hp[0].into(), hp[1].into()],
            done,
            &[hp[0].into(), hp[1].into()],
        );
        b.switch_to_block(body);
        let bp = b.block_params(body).to_vec();
        let x2 = b.ins().iadd_imm_s(bp[1], 3);
        let i2 = b.ins().iadd_imm_s(hp[2], -1);
        b.ins().jump(head, &[bp[0].into(), x2.into(), i2.into()]);
        b.switch_to_block(done);
        let dp = b.block_params(done).to_vec();
        b.ins().return_(&[dp[1]]);
        b.seal_all_blocks();
        let isa = cranelift_native::builder()
            .unwrap()
            .finish(settings::Flags::new(settings::builder()))
            .unwrap();
        b.finalize(isa.frontend_config());
        func
    }

    #[test]
    fn a_parameter_only_passed_around_is_removed_with_its_edges() {
        let mut func = looping();
        // Three parameters of `a`, then its load.
        assert_eq!(prune(&mut func), (3, 1), "{}", func.display());
        verify_function(&func, &settings::Flags::new(settings::builder()))
            .unwrap_or_else(|e| panic!("{e}\n{}", func.display()));
        let blocks: Vec<Block> = func.layout.blocks().collect();
        let counts: Vec<usize> = blocks
            .iter()
            .map(|&b| func.dfg.num_block_params(b))
            .collect();
        // entry (p, n), head (b, i), body (b), done (b).
        assert_eq!(counts, [2, 2, 1, 1], "{}", func.display());
        let loads = func
            .layout
            .block_insts(blocks[0])
            .filter(|&i| func.dfg.insts[i].opcode() == Opcode::Load)
            .count();
        assert_eq!(loads, 1, "{}", func.display());
        // Nothing is removed twice.
        assert_eq!(prune(&mut func), (0, 0));
    }

    #[test]
    fn a_parameter_read_by_a_branch_condition_stays() {
        let mut func = looping();
        remove_dead_block_params(&mut func);
        let head = func.layout.blocks().nth(1).unwrap();
        // The counter feeds `brif` only (and itself): it is live.
        assert_eq!(func.dfg.num_block_params(head), 2);
    }
}
