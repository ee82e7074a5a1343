//! `Kernel::warp_ops_in_loops`, which the default engine reads to run a
//! kernel's waves together: a warp operation inside a loop counts, one
//! before or after it (or a barrier inside it) does not, nor one in a block
//! that branches back to an earlier block without coming round again
//! (ptxas's continuation blocks, placed after the code they return to).

use xisa_ir::text::parse_kernel;

fn kernel(body: &str) -> xisa_ir::Kernel {
    let src = format!(
        "kernel @k(%p: i64) wave 32 shared 64 local 0 params 0 {{\n  reg %x: i32, %b: i64, %c: i1\n{body}\n}}\n"
    );
    parse_kernel(&src).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

#[test]
fn a_vote_in_a_loop_counts_one_outside_does_not() {
    let looped = kernel(
        "entry:
  %x = special.tid.x
  br head
head:
  %b = vote.ballot.i64 %c
  %c = icmp.ult.i32 %x, 7
  brc %c, head, done
done:
  exit",
    );
    assert!(looped.warp_ops_in_loops());
    let before = kernel(
        "entry:
  %x = special.tid.x
  %b = vote.ballot.i64 %c
  br head
head:
  %x = add.i32 %x, 1
  %c = icmp.ult.i32 %x, 7
  brc %c, head, done
done:
  %x = shfl.i32 %x, 0
  exit",
    );
    assert!(!before.warp_ops_in_loops());
    let barrier = kernel(
        "entry:
  %x = special.tid.x
  br head
head:
  barrier
  %x = add.i32 %x, 1
  %c = icmp.ult.i32 %x, 7
  brc %c, head, done
done:
  exit",
    );
    assert!(!barrier.warp_ops_in_loops());
}

#[test]
fn a_branch_back_that_does_not_loop_is_no_loop() {
    let k = kernel(
        "entry:
  %x = special.tid.x
  %c = icmp.ult.i32 %x, 7
  brc %c, side, join
join:
  exit
side:
  %b = vote.ballot.i64 %c
  br join",
    );
    assert!(!k.warp_ops_in_loops());
}
