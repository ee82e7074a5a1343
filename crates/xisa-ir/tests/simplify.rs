//! `xisa_ir::simplify` on small kernels shaped like lifted code: what it
//! rewrites and what it must leave alone. (Random programs run before and
//! after it on both engines in `tests/tests/engine_diff.rs`,
//! `simplifying_changes_no_outcome`; every machine-code corpus runs
//! simplified.)

use xisa_ir::simplify::{simplify, simplify_for, AtExit};
use xisa_ir::text::{parse_kernel, print_inst};
use xisa_ir::verify::verify_kernel;

/// The kernel `body` (with `regs` declared), simplified and verified: its
/// instructions as text, without pcs.
fn simplified(regs: &str, body: &str) -> Vec<String> {
    simplified_for(regs, body, AtExit::MachineRegisters)
}

/// [`simplified`], keeping the final values `at_exit` names.
fn simplified_for(regs: &str, body: &str, at_exit: AtExit) -> Vec<String> {
    let src = format!(
        "kernel @k(%p: i64) wave 32 shared 64 local 0 params 0 {{\n  reg {regs}\nentry:\n{body}\n  exit\n}}\n"
    );
    let mut k = parse_kernel(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    verify_kernel(&k).expect("verifies before");
    let s = match at_exit {
        AtExit::MachineRegisters => simplify(&mut k),
        at_exit => simplify_for(&mut k, at_exit),
    };
    verify_kernel(&k).unwrap_or_else(|e| panic!("does not verify after: {e}"));
    assert_eq!(s.after, k.inst_count());
    k.blocks
        .iter()
        .flat_map(|b| b.insts.iter().map(|i| print_inst(&k, i)))
        .map(|t| t.trim().to_string())
        .collect()
}

#[test]
fn constants_fold_and_identities_become_moves() {
    let got = simplified(
        "%x: i32, %t.i32.0: i32, %t.i32.1: i32, %r: i32, %t.i32.2: i32",
        "  %x = special.tid.x
  %t.i32.0 = umin.i32 2, 32
  %t.i32.1 = shl.i32 %x, %t.i32.0
  %t.i32.2 = add.i32 %t.i32.1, 0
  %r = mad.i32 %t.i32.2, 1, 0
  st.shared.b32 [%r], %x",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%r = shl.i32 %x, 2",
            "st.shared.b32 [%r], %x"
        ]
    );
}

#[test]
fn truncated_wide_ops_on_narrow_values_are_narrow_ops() {
    let got = simplified(
        "%x: i32, %y: i32, %t.i64.0: i64, %t.i64.1: i64, %t.i64.2: i64, %t.i64.3: i64, %r: i32, %s: i32",
        "  %x = special.tid.x
  %y = special.ctaid.x
  %t.i64.0 = cvt.zext.i64.i32 %x
  %t.i64.1 = shl.i64 %t.i64.0, 2
  %r = cvt.trunc.i32.i64 %t.i64.1
  %t.i64.2 = cvt.zext.i64.i32 %y
  %t.i64.3 = add.i64 %t.i64.0, %t.i64.2
  %s = cvt.trunc.i32.i64 %t.i64.3
  st.shared.v2.b32 [%r], %r, %s",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%y = special.ctaid.x",
            "%r = shl.i32 %x, 2",
            "%s = add.i32 %x, %y",
            "st.shared.v2.b32 [%r], %r, %s"
        ]
    );
}

#[test]
fn a_joined_pair_reads_back_as_its_halves() {
    let got = simplified(
        "%lo: i32, %hi: i32, %t.i64.0: i64, %t.i64.1: i64, %t.i64.2: i64, %t.i64.3: i64, %t.i64.4: i64, %a: i32, %b: i32",
        "  %lo = special.tid.x
  %hi = special.ctaid.x
  %t.i64.0 = cvt.zext.i64.i32 %lo
  %t.i64.1 = cvt.zext.i64.i32 %hi
  %t.i64.2 = shl.i64 %t.i64.1, 32
  %t.i64.3 = or.i64 %t.i64.0, %t.i64.2
  %t.i64.4 = lshr.i64 %t.i64.3, 32
  %a = cvt.trunc.i32.i64 %t.i64.4
  %b = cvt.trunc.i32.i64 %t.i64.3
  st.shared.v2.b32 [0], %a, %b",
    );
    assert_eq!(
        got,
        [
            "%lo = special.tid.x",
            "%hi = special.ctaid.x",
            "%a = mov.i32 %hi",
            "%b = mov.i32 %lo",
            "st.shared.v2.b32 [0x0], %hi, %lo"
        ]
    );
}

#[test]
fn right_shifts_of_wide_values_stay_wide() {
    // The high word of `%w` moves into the low word: not a 32-bit shift.
    let got = simplified(
        "%w: i64, %t.i64.0: i64, %r: i32",
        "  %w = ld.global.b64 [%p]
  %t.i64.0 = lshr.i64 %w, 4
  %r = cvt.trunc.i32.i64 %t.i64.0
  st.shared.b32 [0], %r",
    );
    assert_eq!(
        got,
        [
            "%w = ld.global.b64 [%p]",
            "%t.i64.0 = lshr.i64 %w, 4",
            "%r = cvt.trunc.i32.i64 %t.i64.0",
            "st.shared.b32 [0x0], %r"
        ]
    );
}

#[test]
fn a_temporary_merges_into_the_register_it_is_moved_to() {
    // Also a load's temporary, and a later read of the temporary that now
    // reads the register.
    let got = simplified(
        "%x: i32, %t.i32.0: i32, %t.i32.1: i32, %r: i32, %s: i32",
        "  %x = special.tid.x
  %t.i32.0 = ld.global.b32 [%p]
  %r = mov.i32 %t.i32.0
  %t.i32.1 = add.i32 %t.i32.0, %x
  %s = mov.i32 %t.i32.1
  st.global.v2.b32 [%p], %r, %s",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%r = ld.global.b32 [%p]",
            "%s = add.i32 %r, %x",
            "st.global.v2.b32 [%p], %r, %s"
        ]
    );
}

#[test]
fn no_merge_moves_a_write_across_a_read_of_its_register() {
    let got = simplified(
        "%x: i32, %t.i32.0: i32, %r: i32, %s: i32",
        "  %x = special.tid.x
  %r = ld.global.b32 [%p]
  %t.i32.0 = add.i32 %x, 1
  %s = add.i32 %r, %x
  %r = mov.i32 %t.i32.0
  st.global.v2.b32 [%p], %r, %s",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%r = ld.global.b32 [%p]",
            "%t.i32.0 = add.i32 %x, 1",
            "%s = add.i32 %r, %x",
            "%r = mov.i32 %t.i32.0",
            "st.global.v2.b32 [%p], %r, %s"
        ]
    );
}

#[test]
fn guarded_temporaries_die_under_their_guard() {
    // `@%q %t = ..` then reads only under `@%q`: the old value of `%t` is
    // dead, so its unguarded write above goes, and the guarded result moves
    // straight into `%r`.
    let got = simplified(
        "%x: i32, %q: i1, %t.i32.0: i32, %r: i32",
        "  %x = special.tid.x
  %q = icmp.ult.i32 %x, 5
  %t.i32.0 = add.i32 %x, 9
  @%q %t.i32.0 = add.i32 %x, 3
  @%q %r = mov.i32 %t.i32.0
  st.global.b32 [%p], %r",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%q = icmp.ult.i32 %x, 5",
            "@%q %r = add.i32 %x, 3",
            "st.global.b32 [%p], %r"
        ]
    );
}

#[test]
fn a_guarded_write_keeps_the_old_value_for_unguarded_reads() {
    let got = simplified(
        "%x: i32, %q: i1, %r: i32",
        "  %x = special.tid.x
  %q = icmp.ult.i32 %x, 5
  %r = add.i32 %x, 9
  @%q %r = add.i32 %x, 3
  st.global.b32 [%p], %r",
    );
    assert!(got.contains(&"%r = add.i32 %x, 9".to_string()), "{got:?}");
}

#[test]
fn machine_registers_stay_live_at_exit_and_temporaries_do_not() {
    // `xisa exec` reports every machine register's final value.
    let got = simplified(
        "%x: i32, %r: i32, %t.i32.0: i32",
        "  %x = special.tid.x
  %r = add.i32 %x, 1
  %t.i32.0 = add.i32 %x, 2",
    );
    assert_eq!(got, ["%x = special.tid.x", "%r = add.i32 %x, 1"]);
}

#[test]
fn known_guards_go_and_never_run_instructions_are_removed() {
    let got = simplified(
        "%q: i1, %n: i1, %r: i32, %s: i32",
        "  %q = mov.i1 1
  %n = mov.i1 %q
  @%n %r = mov.i32 4
  @!%q %s = mov.i32 5
  st.global.v2.b32 [%p], %r, %s",
    );
    // The guard of `%r`'s write is known true (through the copy `%n`), so
    // the write is unguarded; `%s`'s guard is known false, so its write
    // goes. The machine registers stay written for `xisa exec`.
    assert_eq!(
        got,
        [
            "%q = mov.i1 1",
            "%n = mov.i1 1",
            "%r = mov.i32 4",
            "st.global.v2.b32 [%p], %r, %s"
        ]
    );
}

#[test]
fn shuffle_sources_are_left_alone() {
    // Other lanes read `%t.i32.0` at the shuffle wherever they are: its
    // writes stay (rewritten only to the same value), and the shuffle keeps
    // its operands.
    let got = simplified(
        "%x: i32, %t.i32.0: i32, %r: i32",
        "  %x = special.tid.x
  %t.i32.0 = add.i32 %x, 0
  %t.i32.0 = mov.i32 %t.i32.0
  %r = shfl.i32 %t.i32.0, 0
  st.global.b32 [%p], %r",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%t.i32.0 = mov.i32 %x",
            "%r = shfl.i32 %t.i32.0, 0",
            "st.global.b32 [%p], %r"
        ]
    );
}

#[test]
fn a_pair_split_in_one_block_is_joined_again_in_the_next() {
    // The lifters split a 64-bit value into two 32-bit registers where it
    // arrives and join them where an instruction reads the pair; a block
    // with one predecessor starts from that block's facts, and the high
    // half remembers its register even after the shift's temporary is
    // reused.
    let got = simplified(
        "%lo: i32, %hi: i32, %t.i64.0: i64, %t.i64.1: i64, %t.i64.2: i64, %t.i64.3: i64, %v: i32",
        "  %lo = cvt.trunc.i32.i64 %p
  %t.i64.0 = lshr.i64 %p, 32
  %hi = cvt.trunc.i32.i64 %t.i64.0
  br next
next:
  %t.i64.1 = cvt.zext.i64.i32 %lo
  %t.i64.2 = cvt.zext.i64.i32 %hi
  %t.i64.3 = shl.i64 %t.i64.2, 32
  %t.i64.0 = or.i64 %t.i64.1, %t.i64.3
  %v = ld.global.b32 [%t.i64.0+8]",
    );
    assert_eq!(
        got,
        [
            "%lo = cvt.trunc.i32.i64 %p",
            "%t.i64.0 = lshr.i64 %p, 32",
            "%hi = cvt.trunc.i32.i64 %t.i64.0",
            "%v = ld.global.b32 [%p+8]"
        ]
    );
}

#[test]
fn a_block_with_two_predecessors_starts_knowing_nothing() {
    let got = simplified(
        "%x: i32, %q: i1, %r: i32",
        "  %x = special.tid.x
  %q = icmp.ult.i32 %x, 5
  %r = mov.i32 1
  brc %q, a, b
a:
  %r = mov.i32 2
  br b
b:
  %x = add.i32 %r, 0
  st.global.b32 [%p], %x",
    );
    assert!(
        got.contains(&"st.global.b32 [%p], %r".to_string()),
        "{got:?}"
    );
}

#[test]
fn a_bitcast_there_and_back_is_the_value() {
    let got = simplified(
        "%x: i32, %t.f32.0: f32, %t.i32.0: i32, %y: i32",
        "  %x = special.tid.x
  %t.f32.0 = cvt.bitcast.f32.i32 %x
  %t.i32.0 = cvt.bitcast.i32.f32 %t.f32.0
  %y = mov.i32 %t.i32.0
  st.global.b32 [%p], %y",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%y = mov.i32 %x",
            "st.global.b32 [%p], %x"
        ]
    );
}

#[test]
fn a_shuffle_source_may_take_a_merged_write() {
    // Its write moves up past quiet value ops only, so every lane's value at
    // the shuffle is unchanged.
    let got = simplified(
        "%x: i32, %t.i32.0: i32, %v: i32, %r: i32",
        "  %x = special.tid.x
  %t.i32.0 = add.i32 %x, 1
  %v = mov.i32 %t.i32.0
  %r = shfl.i32 %v, 0
  st.global.b32 [%p], %r",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%v = add.i32 %x, 1",
            "%r = shfl.i32 %v, 0",
            "st.global.b32 [%p], %r"
        ]
    );
}

#[test]
fn a_predicated_subtraction_through_wide_temporaries_is_one_narrow_op() {
    // sm_75's `@P0 IADD3 R6, R7, -R0, RZ`, as the lifter builds it: both
    // operands widened, the second complemented and incremented, added in
    // 64 bits, truncated; every step under the instruction's predicate.
    let got = simplified(
        "%x: i32, %y: i32, %q: i1, %t.i64.0: i64, %t.i32.0: i32, %t.i64.1: i64, %t.i64.2: i64, %t.i64.3: i64, %r: i32",
        "  %x = special.tid.x
  %y = special.ctaid.x
  %q = icmp.uge.i32 %x, %y
  @%q %t.i64.0 = cvt.zext.i64.i32 %x
  @%q %t.i32.0 = xor.i32 %y, -1
  @%q %t.i64.1 = cvt.zext.i64.i32 %t.i32.0
  @%q %t.i64.2 = add.i64 %t.i64.1, 1
  @%q %t.i64.3 = add.i64 %t.i64.0, %t.i64.2
  @%q %r = cvt.trunc.i32.i64 %t.i64.3
  st.shared.b32 [%r], %x",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%y = special.ctaid.x",
            "%q = icmp.uge.i32 %x, %y",
            "@%q %r = sub.i32 %x, %y",
            "st.shared.b32 [%r], %x"
        ]
    );
}

#[test]
fn constants_added_one_at_a_time_are_added_once() {
    let got = simplified(
        "%x: i32, %t.i32.0: i32, %t.i32.1: i32, %r: i32, %s: i32",
        "  %x = special.tid.x
  %t.i32.0 = add.i32 %x, 1
  %t.i32.1 = add.i32 %t.i32.0, -3
  %r = mov.i32 %t.i32.1
  %t.i32.0 = xor.i32 %x, -1
  %s = add.i32 %t.i32.0, 2
  st.shared.v2.b32 [%r], %r, %s",
    );
    assert_eq!(
        got,
        [
            "%x = special.tid.x",
            "%r = add.i32 %x, -2",
            "%s = sub.i32 1, %x",
            "st.shared.v2.b32 [%r], %r, %s"
        ]
    );
}

#[test]
fn a_wide_sum_whose_high_word_is_taken_keeps_its_truncation() {
    // A 64-bit register pair written whole (gfx942's `v_lshl_add_u64`):
    // its low word stays the truncation of the sum, so that the pair joined
    // again for the load is the sum itself.
    let got = simplified(
        "%a: i32, %b: i64, %t.i64.0: i64, %t.i64.1: i64, %t.i64.2: i64, %t.i64.3: i64, %lo: i32, %hi: i32, %t.i64.4: i64, %t.i64.5: i64, %t.i64.6: i64, %t.i64.7: i64, %v: i32",
        "  %a = special.tid.x
  %b = ld.param.b64 [0x0]
  %t.i64.0 = cvt.zext.i64.i32 %a
  %t.i64.1 = shl.i64 %t.i64.0, 2
  %t.i64.2 = add.i64 %t.i64.1, %b
  %lo = cvt.trunc.i32.i64 %t.i64.2
  %t.i64.3 = lshr.i64 %t.i64.2, 32
  %hi = cvt.trunc.i32.i64 %t.i64.3
  %t.i64.4 = cvt.zext.i64.i32 %lo
  %t.i64.5 = cvt.zext.i64.i32 %hi
  %t.i64.6 = shl.i64 %t.i64.5, 32
  %t.i64.7 = or.i64 %t.i64.4, %t.i64.6
  %v = ld.global.b32 [%t.i64.7]
  st.shared.b32 [%a], %v",
    );
    assert_eq!(
        got,
        [
            "%a = special.tid.x",
            "%b = ld.param.b64 [0x0]",
            "%t.i64.0 = cvt.zext.i64.i32 %a",
            "%t.i64.1 = shl.i64 %t.i64.0, 2",
            "%t.i64.2 = add.i64 %t.i64.1, %b",
            "%lo = cvt.trunc.i32.i64 %t.i64.2",
            "%t.i64.3 = lshr.i64 %t.i64.2, 32",
            "%hi = cvt.trunc.i32.i64 %t.i64.3",
            "%v = ld.global.b32 [%t.i64.2]",
            "st.shared.b32 [%a], %v"
        ]
    );
}

#[test]
fn a_launch_keeps_no_value_only_the_exit_reads() {
    let body = "  %x = special.tid.x
  %t.i32.0 = add.i32 %x, 1
  %r = mov.i32 %t.i32.0
  st.shared.b32 [%x], %x";
    let regs = "%x: i32, %t.i32.0: i32, %r: i32";
    assert_eq!(
        simplified(regs, body),
        [
            "%x = special.tid.x",
            "%r = add.i32 %x, 1",
            "st.shared.b32 [%x], %x"
        ]
    );
    assert_eq!(
        simplified_for(regs, body, AtExit::Nothing),
        ["%x = special.tid.x", "st.shared.b32 [%x], %x"]
    );
}

/// A loop `for (i = 0; i < n; i++) { m ^= i; s[i] = i; }` where `m` only
/// feeds itself round the back edge: live to a block-local liveness (the
/// `xor` reads it), read by nothing that matters. A launch drops it and
/// declares only the registers left, renumbered in order (parameters
/// first as they were); `xisa exec`, which reports `m`, keeps it.
#[test]
fn values_that_only_feed_each_other_go_in_a_launch() {
    let src = "kernel @k(%n: i32) wave 32 shared 64 local 0 params 0 {
  reg %i: i32, %m: i32, %t.i32.0: i32, %p: i1, %a: i32
entry:
  %i = mov.i32 0
  %m = special.tid.x
  br loop
loop:
  %t.i32.0 = xor.i32 %m, %i
  %m = mov.i32 %t.i32.0
  %a = shl.i32 %i, 2
  st.shared.b32 [%a], %i
  %i = add.i32 %i, 1
  %p = icmp.ult.i32 %i, %n
  brc %p, loop, done
done:
  exit
}
";
    let run = |at_exit| {
        let mut k = parse_kernel(src).expect("parses");
        simplify_for(&mut k, at_exit);
        verify_kernel(&k).expect("verifies");
        k
    };
    let launch = run(AtExit::Nothing);
    let text = xisa_ir::text::print_kernel(&launch);
    assert!(!text.contains("xor") && !text.contains("%m"), "{text}");
    let names: Vec<&str> = launch.regs.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["n", "i", "p", "a"], "{text}");
    assert_eq!(launch.params.len(), 1);
    assert_eq!(launch.regs[launch.params[0].0 as usize].name, "n");
    let exec = run(AtExit::MachineRegisters);
    let text = xisa_ir::text::print_kernel(&exec);
    assert!(text.contains("xor.i32 %m, %i"), "{text}");
    assert_eq!(exec.regs.len(), 6, "{text}");
}

/// A launch numbers the registers live where a lane stops (here across the
/// barrier) first: the JIT stores and reloads their slots at every stop,
/// and together they share a cache line.
#[test]
fn a_launch_numbers_the_registers_live_at_stops_first() {
    let src = "kernel @k(%n: i32) wave 32 shared 64 local 0 params 0 {
  reg %a: i32, %c: i32, %x: i32, %b: i32
entry:
  %a = special.tid.x
  %b = shl.i32 %a, 2
  %c = ld.shared.b32 [%b]
  %x = add.i32 %c, %n
  st.shared.b32 [%b], %x
  barrier
  %c = ld.shared.b32 [%b+4]
  st.shared.b32 [%b+8], %c
  exit
}
";
    let mut k = parse_kernel(src).expect("parses");
    simplify_for(&mut k, AtExit::Nothing);
    verify_kernel(&k).expect("verifies");
    let text = xisa_ir::text::print_kernel(&k);
    let names: Vec<&str> = k.regs.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["b", "n", "a", "c", "x"], "{text}");
    assert_eq!(k.regs[k.params[0].0 as usize].name, "n", "{text}");
}

/// `(x & y) & y` (and `|`) is the first `and`: the gfx942 own-bit shadows
/// gate a mask half by the same lane compare twice. Not when `y` changed
/// in between, nor for different ops.
#[test]
fn a_second_and_with_the_same_operand_is_the_first() {
    let got = simplified_for(
        "%l: i32, %x: i1, %g: i1, %a: i1, %b: i1, %c: i1, %d: i1, %e: i1",
        "  %l = special.laneid
  %x = icmp.ult.i32 %l, 7
  %g = icmp.uge.i32 %l, 32
  %a = and.i1 %x, %g
  %b = and.i1 %g, %a
  %c = or.i1 %a, %x
  %d = or.i1 %x, %c
  %g = icmp.ult.i32 %l, 3
  %e = and.i1 %a, %g
  st.shared.v2.b32 [0], %l, %l
  @%b st.shared.b32 [8], %l
  @%d st.shared.b32 [12], %l
  @%e st.shared.b32 [16], %l",
        AtExit::Nothing,
    );
    assert_eq!(
        got,
        [
            "%l = special.laneid",
            "%x = icmp.ult.i32 %l, 7",
            "%g = icmp.uge.i32 %l, 32",
            // `%b` and `%d` are the first ops (the moves merged into them).
            "%b = and.i1 %x, %g",
            "%d = or.i1 %b, %x",
            "%g = icmp.ult.i32 %l, 3",
            "%e = and.i1 %b, %g",
            "st.shared.v2.b32 [0x0], %l, %l",
            "@%b st.shared.b32 [0x8], %l",
            "@%d st.shared.b32 [0xc], %l",
            "@%e st.shared.b32 [0x10], %l"
        ]
    );
}
