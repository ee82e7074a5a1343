//! Lane-local lane masks (`gfx942::lift::lanemask`): the divergent-`if`
//! and divergent-loop idioms whose ballot, `s_cbranch_execz` and
//! `s_cbranch_execnz` the lifter turns into per-lane code, and the ones it must leave alone because something reads a mask
//! whole or the skipped code has a wave-wide effect. Each kernel runs on
//! both engines for workgroups whose waves are wholly active, partly active
//! and wholly inactive, against a Rust model of the wave's semantics; each
//! also states how many ballots and per-lane branches the lifted kernel has.

mod common;
mod gfx942_exec_util;

use gfx942_exec_util::*;
use xisa_ir::{Kernel, Op, Term, VoteMode};

/// Lanes per workgroup: two waves.
const BLOCK: u32 = 128;
const GRID: u32 = 2;
/// LDS bytes per workgroup: 8 per lane.
const LDS: u32 = 8 * BLOCK;

/// Loads the output buffer address to s[4:5] and the threshold `k` to s8;
/// v1 = global id, v30 = the lane's 16-byte output slot.
const PROLOGUE: &str = r#"
    s_load_dwordx2 s[4:5], s[0:1], 0x0
    s_load_dword s8, s[0:1], 0x8
    s_waitcnt lgkmcnt(0)
    s_mul_i32 s3, s2, 128
    v_add_u32 v1, s3, v0
    v_lshlrev_b32 v30, 4, v1
"#;

/// (ballots, branches on the lane's EXEC bit) of a lifted kernel.
fn shape(k: &Kernel) -> (usize, usize) {
    let exec = k
        .regs
        .iter()
        .position(|r| r.name == "t.execbit")
        .expect("EXEC bit register") as u32;
    let ballots = k
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter(|i| {
            matches!(
                i.op,
                Op::Vote {
                    mode: VoteMode::Ballot,
                    ..
                }
            )
        })
        .count();
    let per_lane = k
        .blocks
        .iter()
        .filter(|b| matches!(b.term, Term::BrCond { cond, .. } if cond.0 == exec))
        .count();
    (ballots, per_lane)
}

/// One lane of the model: global id, id in the workgroup, the threshold
/// `k`, and whether any lane of its wave has `tid < k`.
#[derive(Clone, Copy)]
struct Lane {
    gid: u32,
    tid: u32,
    k: u32,
    wave_active: bool,
}

impl Lane {
    fn active(&self) -> bool {
        self.tid < self.k
    }

    /// How many lanes of its wave have `tid < k`.
    fn wave_active_lanes(&self) -> u32 {
        let w0 = self.tid - self.tid % 64;
        self.k.saturating_sub(w0).min(64)
    }
}

/// Runs `body` (after [`PROLOGUE`]) for several thresholds `k` and compares
/// every lane's four output dwords with `model`; then checks the lifted
/// kernel's (ballots, per-lane branches).
fn check(body: &str, want_shape: (usize, usize), model: impl Fn(Lane) -> [u32; 4]) {
    let src = format!("{PROLOGUE}{body}");
    let mut k = lift_src(&src, &test_abi(LDS, 0));
    // What a module launches: without the guards known true
    // (`xisa_ir::guards`), which the per-lane branches make many, and with
    // the lockstep pass's wave syncs (both runs get those).
    let mut unguarded = k.clone();
    xisa_ir::guards::drop_known_guards(&mut unguarded);
    // As launches run it: also simplified, with nothing live at the exit
    // (the own-bit shadows replace the mask pairs, whose arithmetic goes).
    let mut launched = unguarded.clone();
    xisa_ir::simplify::simplify_for(&mut launched, xisa_ir::simplify::AtExit::Nothing);
    xisa_ir::lockstep::insert_wave_syncs(&mut launched);
    xisa_ir::lockstep::insert_wave_syncs(&mut unguarded);
    let shape_of = k.clone();
    xisa_ir::lockstep::insert_wave_syncs(&mut k);
    for t in [0u32, 10, 63, 64, 70, 128] {
        let want: Vec<u32> = (0..GRID * BLOCK)
            .flat_map(|gid| {
                let tid = gid % BLOCK;
                model(Lane {
                    gid,
                    tid,
                    k: t,
                    wave_active: t > tid - tid % 64,
                })
            })
            .collect();
        for (e, kernel) in ENGINES
            .iter()
            .flat_map(|e| [(e, &k), (e, &unguarded), (e, &launched)])
        {
            let s = Setup {
                bufs: vec![vec![0; (GRID * BLOCK * 16) as usize]],
                extra: t.to_le_bytes().to_vec(),
                grid: [GRID, 1, 1],
                block: [BLOCK, 1, 1],
            };
            let got = u32s(&run(kernel, *e, &s)[0]);
            for (i, (g, w)) in got.chunks(4).zip(want.chunks(4)).enumerate() {
                assert_eq!(g, w, "{e:?} k={t} lane {i}\n{body}");
            }
        }
    }
    assert_eq!(
        shape(&shape_of),
        want_shape,
        "(ballots, per-lane branches) of\n{}",
        xisa_ir::text::print_kernel(&shape_of)
    );
}

/// Assembly lines, each on a new line after the indent of the fixtures.
fn asm_lines(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("\n    {l}")).collect()
}

/// LLVM's divergent `if (tid < k)`: `before`, then `body` under the saved
/// EXEC (skipped by a wave with no lane active), then EXEC restored and
/// `after`.
fn divergent_if(before: &[&str], body: &[&str], after: &[&str]) -> String {
    let (before, body, after) = (asm_lines(before), asm_lines(body), asm_lines(after));
    format!(
        r#"{before}
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Lend{body}
.Lend:
    s_or_b64 exec, exec, s[12:13]{after}
    s_endpgm
"#
    )
}

/// The divergent counting loop several tests vary: v2 counts up until it
/// passes v4 = (tid & 3) + k, each lane leaving when its own count does
/// (s_andn2 of EXEC). `init` runs before the loop, `head` at the top of
/// each round, `tail` after the EXEC update and `after` once EXEC is
/// restored (the stores).
fn counting_loop(init: &[&str], head: &[&str], tail: &[&str], after: &[&str]) -> String {
    let (init, head, tail, after) = (
        asm_lines(init),
        asm_lines(head),
        asm_lines(tail),
        asm_lines(after),
    );
    format!(
        r#"
    v_and_b32 v4, 3, v0
    v_add_u32 v4, s8, v4
    v_mov_b32 v2, 0{init}
    s_mov_b64 s[12:13], exec
.Lloop:{head}
    v_add_u32 v2, 1, v2
    v_cmp_gt_u32 vcc, v2, v4
    s_andn2_b64 exec, exec, vcc{tail}
    s_cbranch_execnz .Lloop
    s_mov_b64 exec, s[12:13]{after}
    s_endpgm
"#
    )
}

#[test]
fn an_if_whose_body_inactive_lanes_can_skip_runs_per_lane() {
    check(
        &divergent_if(
            &["v_mov_b32 v2, 5"],
            &[
                "v_mul_lo_u32 v2, v1, 3",
                "global_store_dword v30, v2, s[4:5] offset:4",
            ],
            &["v_add_u32 v3, 1, v2", "global_store_dword v30, v3, s[4:5]"],
        ),
        (0, 1),
        |l| {
            let v2 = if l.active() { l.gid * 3 } else { 5 };
            [v2 + 1, if l.active() { v2 } else { 0 }, 0, 0]
        },
    );
}

#[test]
fn a_guarded_load_into_a_register_pair_runs_per_lane() {
    // The lifter loads the pair into temporaries under the EXEC bit and
    // moves them into v[4:5] under it. Before that, a temporary held the
    // high half of the EXEC the second `if` saves, which the loop's ballot
    // made; no lane reads that older value (each read of the temporary is
    // under the guard of the write before it), so both ballots go (the
    // shape of LLVM's tree reduction followed by `if (tid == 0)`).
    check(
        r#"
    v_mov_b32 v2, 0
    v_mov_b32 v4, 7
    v_mov_b32 v5, 9
    v_mov_b32 v6, v1
    v_mov_b32 v7, v0
    v_lshlrev_b32 v8, 3, v0
    ds_write_b64 v8, v[6:7]
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s9, 3
    s_branch .Lhead
.Llatch:
    s_or_b64 exec, exec, s[12:13]
    s_sub_u32 s9, s9, 1
    s_cmp_eq_u32 s9, 0
    s_cbranch_scc1 .Ldone
.Lhead:
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Llatch
    v_add_u32 v2, 1, v2
    s_branch .Llatch
.Ldone:
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[14:15], vcc
    s_cbranch_execz .Lend
    ds_read_b64 v[4:5], v8
    s_waitcnt lgkmcnt(0)
.Lend:
    s_or_b64 exec, exec, s[14:15]
    global_store_dwordx4 v30, v[2:5], s[4:5]
    s_endpgm
"#,
        (0, 2),
        |l| {
            if l.active() {
                [3, 0, l.gid, l.tid]
            } else {
                [0, 0, 7, 9]
            }
        },
    );
}

#[test]
fn nested_ifs_the_inner_runs_per_lane_the_outer_writes_exec() {
    // The outer body writes EXEC (the inner if), so inactive lanes may not
    // skip it: its ballot and branch stay; the inner ones go.
    check(
        r#"
    v_mov_b32 v2, 0
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Louter
    v_mov_b32 v2, 1
    v_and_b32 v4, 1, v0
    v_cmp_eq_u32 vcc, 0, v4
    s_and_saveexec_b64 s[14:15], vcc
    s_cbranch_execz .Linner
    v_mov_b32 v2, 2
.Linner:
    s_or_b64 exec, exec, s[14:15]
.Louter:
    s_or_b64 exec, exec, s[12:13]
    global_store_dword v30, v2, s[4:5]
    s_endpgm
"#,
        (1, 1),
        |l| {
            let v2 = match (l.active(), l.tid % 2 == 0) {
                (false, _) => 0,
                (true, true) => 2,
                (true, false) => 1,
            };
            [v2, 0, 0, 0]
        },
    );
}

/// The 64-bit mask arithmetic of a divergent `if` (EXEC and the saved mask
/// joined from and split into 32-bit halves at `s_and_saveexec_b64` and
/// `s_or_b64 exec`) is read only at the lane's own bit once the `if` runs
/// per lane: launched (simplified), only the `i1` shadows of those bits
/// are left (`ownbit`), no mask register.
#[test]
fn a_launched_per_lane_if_keeps_mask_bits_not_mask_pairs() {
    let src = format!(
        "{PROLOGUE}{}",
        divergent_if(
            &["v_mov_b32 v2, 5"],
            &["v_mul_lo_u32 v2, v1, 3"],
            &["global_store_dword v30, v2, s[4:5]"],
        )
    );
    let mut k = lift_src(&src, &test_abi(LDS, 0));
    let shadows = k
        .regs
        .iter()
        .filter(|r| r.name.starts_with("t.own."))
        .count();
    assert!(shadows > 0, "{}", xisa_ir::text::print_kernel(&k));
    xisa_ir::guards::drop_known_guards(&mut k);
    xisa_ir::simplify::simplify_for(&mut k, xisa_ir::simplify::AtExit::Nothing);
    // The masks' registers (EXEC, VCC, the saved s[12:15]) are gone: what
    // is left of them is their bit for the running lane.
    let text = xisa_ir::text::print_kernel(&k);
    let body: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("reg "))
        .collect();
    for r in ["exec_lo", "exec_hi", "vcc_lo", "vcc_hi", "s12", "s13"] {
        assert!(!body.contains(&format!("%{r} ")), "%{r} in\n{text}");
    }
}

#[test]
fn if_else_keeps_the_lanes_of_each_side() {
    // LLVM's if / else: the else side's EXEC is `saved ^ exec`, bitwise, and
    // both bodies only write guarded VGPRs.
    check(
        r#"
    v_mov_b32 v2, 0
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_xor_b64 s[12:13], exec, s[12:13]
    s_cbranch_execz .Lelse
    v_add_u32 v2, 1000, v1
.Lelse:
    s_or_saveexec_b64 s[12:13], s[12:13]
    s_xor_b64 exec, exec, s[12:13]
    s_cbranch_execz .Lend
    v_mul_lo_u32 v2, v1, 7
.Lend:
    s_or_b64 exec, exec, s[12:13]
    global_store_dword v30, v2, s[4:5]
    s_endpgm
"#,
        (0, 2),
        |l| [if l.active() { 1000 + l.gid } else { 7 * l.gid }, 0, 0, 0],
    );
}

#[test]
fn a_mask_read_whole_keeps_its_ballot() {
    // s_bcnt1 counts the wave's lanes: the whole VCC.
    check(
        r#"
    v_cmp_gt_u32 vcc, s8, v0
    s_bcnt1_i32_b64 s20, vcc
    v_mov_b32 v2, s20
    global_store_dword v30, v2, s[4:5]
    s_endpgm
"#,
        (1, 0),
        |l| {
            let base = l.tid - l.tid % 64;
            let n = (base..base + 64).filter(|&t| t < l.k).count() as u32;
            [n, 0, 0, 0]
        },
    );
}

#[test]
fn scc_of_saveexec_keeps_its_ballot() {
    // SCC = (new EXEC != 0) is a whole-mask read.
    check(
        r#"
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_cselect_b32 s20, 1, 2
    s_mov_b64 exec, s[12:13]
    v_mov_b32 v2, s20
    global_store_dword v30, v2, s[4:5]
    s_endpgm
"#,
        (1, 0),
        |l| [if l.wave_active { 1 } else { 2 }, 0, 0, 0],
    );
}

#[test]
fn a_scalar_write_seen_after_the_if_keeps_the_wave_branch() {
    // The wave runs the body's s_mov when any lane is active: every lane of
    // such a wave sees 7 after the join, inactive ones included.
    check(
        &divergent_if(
            &["s_mov_b32 s20, 3"],
            &["s_mov_b32 s20, 7", "v_mov_b32 v2, 1"],
            &["v_mov_b32 v3, s20", "global_store_dword v30, v3, s[4:5]"],
        ),
        (1, 0),
        |l| [if l.wave_active { 7 } else { 3 }, 0, 0, 0],
    );
}

#[test]
fn whole_wave_code_in_the_body_keeps_the_wave_branch() {
    // s_or_saveexec -1 turns every lane on inside the body: inactive lanes
    // of a wave with an active lane run it too.
    check(
        &divergent_if(
            &["v_mov_b32 v5, 0"],
            &[
                "s_or_saveexec_b64 s[14:15], -1",
                "v_mov_b32 v5, 1",
                "s_mov_b64 exec, s[14:15]",
            ],
            &["global_store_dword v30, v5, s[4:5]"],
        ),
        (1, 0),
        |l| [l.wave_active as u32, 0, 0, 0],
    );
}

#[test]
fn a_loop_with_a_divergent_exit_runs_per_lane() {
    // s_cbranch_execnz loops while any lane of the wave is active, but a
    // lane whose EXEC bit is 0 only idles: every EXEC write in the loop
    // clears bits (s_andn2_b64 exec, exec, vcc), the ballot ands the EXEC
    // bit in, vcc is dead after the loop and EXEC is rewritten there. The
    // lane leaves when its own bit clears; the exit mask's ballot goes.
    // A lane that reaches the loop with its bit 0 skips it (the second
    // per-lane branch).
    check(
        &counting_loop(&[], &[], &[], &["global_store_dword v30, v2, s[4:5]"]),
        (0, 2),
        |l| [(l.tid & 3) + l.k + 1, 0, 0, 0],
    );
}

#[test]
fn lanes_idle_on_entry_skip_a_per_lane_loop() {
    // LLVM's grid-stride loop: the `if` around it stays wave-wide (its
    // body has a warp operation), so lanes whose EXEC bit is 0 reach the
    // loop. They go straight to its exit, so inside the loop the bit
    // is 1 wherever it is read and no instruction of the loop keeps a guard.
    let body = r#"
    v_mov_b32 v2, 0
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Lend
    v_mov_b32 v5, 7
    v_readfirstlane_b32 s9, v5
    v_and_b32 v4, 3, v0
    v_add_u32 v4, s9, v4
    s_mov_b64 s[14:15], 0
.Lloop:
    v_add_u32 v2, 1, v2
    global_store_dword v30, v2, s[4:5]
    v_cmp_gt_u32 vcc, v2, v4
    s_or_b64 s[14:15], vcc, s[14:15]
    s_andn2_b64 exec, exec, s[14:15]
    s_cbranch_execnz .Lloop
.Lend:
    s_endpgm
"#;
    check(body, (1, 2), |l| {
        let v2 = if l.active() { (l.tid & 3) + 8 } else { 0 };
        [v2, 0, 0, 0]
    });
    let mut k = lift_src(&format!("{PROLOGUE}{body}"), &test_abi(LDS, 0));
    xisa_ir::guards::drop_known_guards(&mut k);
    let text = xisa_ir::text::print_kernel(&k);
    let in_loop: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("= add.i32 1, %v2"))
        .take_while(|l| !l.contains("brc %t.execbit"))
        .collect();
    assert!(in_loop.len() > 10, "the loop's body not found:\n{text}");
    let guarded: Vec<&&str> = in_loop
        .iter()
        .filter(|l| l.trim_start().starts_with('@'))
        .collect();
    assert!(
        guarded.is_empty(),
        "guards left in the loop: {guarded:?}\n{text}"
    );
}

#[test]
fn a_scalar_counted_in_a_divergent_loop_keeps_the_wave_loop() {
    // s9 counts the wave's iterations and is read after the loop: a lane
    // leaving early would see its own count. The loop stays the wave's.
    check(
        &counting_loop(
            &["s_mov_b32 s9, 0"],
            &["s_add_u32 s9, s9, 1"],
            &[],
            &[
                "v_mov_b32 v3, s9",
                "global_store_dword v30, v3, s[4:5]",
                "global_store_dword v30, v2, s[4:5] offset:4",
            ],
        ),
        (1, 0),
        // Every wave has lanes with tid & 3 == 3: k + 4 iterations.
        |l| [l.k + 4, (l.tid & 3) + l.k + 1, 0, 0],
    );
}

#[test]
fn a_loop_that_sets_exec_bits_keeps_the_wave_loop() {
    // s_or_b64 into EXEC may wake a lane whose bit was 0: it must stay in
    // the loop. Lanes with tid & 1 leave after one round, the others when
    // v2 passes v4; the or re-adds nothing here (s[14:15] is 0), but the
    // lifter cannot know.
    check(
        &counting_loop(
            &["s_mov_b64 s[14:15], 0"],
            &[],
            &["s_or_b64 exec, exec, s[14:15]"],
            &["global_store_dword v30, v2, s[4:5]"],
        ),
        (1, 0),
        |l| [(l.tid & 3) + l.k + 1, 0, 0, 0],
    );
}

#[test]
fn a_per_lane_loop_with_a_wave_stop_inside_an_outer_loop() {
    // The inner loop keeps a ballot (read whole by s_bcnt1) and its lanes
    // would leave it at different iterations; the outer loop's head has a
    // ballot too. A lane that left early would meet the others at a wave
    // stop with a lower number (the outer ballot, or the inner one again)
    // and run it without them (wrong counts before the fix): the inner loop
    // stays the wave's, all three ballots stay.
    check(
        r#"
    v_and_b32 v4, 3, v0
    v_mov_b32 v2, 0
    v_mov_b32 v6, 0
    s_mov_b32 s9, 2
.Louter:
    v_cmp_gt_u32 vcc, s8, v0
    s_bcnt1_i32_b64 s10, vcc
    v_add_u32 v6, s10, v6
    v_mov_b32 v3, 0
    s_mov_b64 s[12:13], exec
.Linner:
    v_add_u32 v3, 1, v3
    v_cmp_le_u32 vcc, v3, v4
    s_bcnt1_i32_b64 s11, vcc
    v_add_u32 v2, s11, v2
    v_cmp_gt_u32 vcc, v3, v4
    s_andn2_b64 exec, exec, vcc
    s_cbranch_execnz .Linner
    s_mov_b64 exec, s[12:13]
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Louter
    global_store_dword v30, v2, s[4:5]
    global_store_dword v30, v6, s[4:5] offset:4
    s_endpgm
"#,
        (3, 0),
        |l| {
            // Inner iteration j counts the wave's lanes with tid & 3 >= j.
            let v4 = l.tid & 3;
            let inner: u32 = (1..=v4 + 1).map(|j| 16 * 4u32.saturating_sub(j)).sum();
            [2 * inner, 2 * l.wave_active_lanes(), 0, 0]
        },
    );
}

#[test]
fn an_if_with_a_wave_sync_inside_a_loop_with_a_ballot_keeps_the_wave_branch() {
    // The `if` exchanges values with the neighbour lane through LDS (the
    // lockstep pass puts a wave sync between the write and the read). Lanes
    // skipping it per lane would go round to the loop's ballot, numbered
    // lower than that wave sync, and run it without the lanes in the `if`
    // (their count of lanes with tid < k was 0 before the fix): the `if`
    // stays the wave's.
    check(
        r#"
    v_lshlrev_b32 v8, 2, v0
    v_add_u32 v7, 1000, v0
    ds_write_b32 v8, v7
    s_waitcnt lgkmcnt(0)
    s_barrier
    v_mov_b32 v2, 0
    v_mov_b32 v6, 0
    s_mov_b32 s9, 3
.Lloop:
    v_cmp_gt_u32 vcc, s8, v0
    s_bcnt1_i32_b64 s10, vcc
    v_add_u32 v2, s10, v2
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Lskip
    v_add_u32 v7, s9, v0
    ds_write_b32 v8, v7
    v_xor_b32 v9, 4, v8
    ds_read_b32 v10, v9
    s_waitcnt lgkmcnt(0)
    v_add_u32 v6, v10, v6
.Lskip:
    s_or_b64 exec, exec, s[12:13]
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lloop
    global_store_dword v30, v2, s[4:5]
    global_store_dword v30, v6, s[4:5] offset:4
    s_endpgm
"#,
        (2, 0),
        |l| {
            // A neighbour outside the `if` keeps its slot's first value.
            let n = l.tid ^ 1;
            let v6 = match (l.active(), n < l.k) {
                (false, _) => 0,
                (true, true) => 3 * n + 6,
                (true, false) => 3 * (1000 + n),
            };
            [3 * l.wave_active_lanes(), v6, 0, 0]
        },
    );
}
