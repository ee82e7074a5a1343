//! The text form round-trips every valid module, and the generators make valid ones.

mod common;

use xisa_ir::text::{parse_module, print_module};
use xisa_ir::verify::{verify_kernel, verify_module};
use xisa_ir::*;

#[test]
fn all_ops_kernel_verifies_and_roundtrips() {
    let k = all_ops_kernel_checked();
    let m = Module { kernels: vec![k] };
    let text = print_module(&m);
    let back = parse_module(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, m);
    // Stable output.
    assert_eq!(print_module(&back), text);
}

fn all_ops_kernel_checked() -> Kernel {
    let k = common::all_ops_kernel();
    if let Err(e) = verify_kernel(&k) {
        panic!("{e}");
    }
    k
}

#[test]
fn all_ops_kernel_covers_every_enum_value() {
    let k = all_ops_kernel_checked();
    let text = print_module(&Module {
        kernels: vec![k.clone()],
    });
    // Every value's name, where the printer writes it.
    let mut want: Vec<String> = Vec::new();
    want.extend(BinOp::ALL.map(|o| format!(" {}.", o.name())));
    want.extend(UnOp::ALL.map(|o| format!(" {}.", o.name())));
    want.extend(FBinOp::ALL.map(|o| format!(" {}.", o.name())));
    want.extend(FUnOp::ALL.map(|o| format!(" {}.", o.name())));
    want.extend(ICond::ALL.map(|c| format!("icmp.{}.", c.name())));
    want.extend(FCond::ALL.map(|c| format!("fcmp.{}.", c.name())));
    want.extend(CvtOp::ALL.map(|c| format!("cvt.{}.", c.name())));
    want.extend(Space::ALL.map(|s| format!("ld.{}.", s.name())));
    want.extend(MemKind::ALL.map(|kd| format!(".{} [", kd.name())));
    want.extend(AtomOp::ALL.map(|o| format!(".{}.", o.name())));
    want.extend(AtomType::ALL.map(|t| format!(".{}.", t.name())));
    want.extend(Scope::ALL.map(|s| format!("fence.{}.", s.name())));
    want.extend(Order::ALL.map(|o| format!(".{}", o.name())));
    want.extend(
        Round::ALL
            .into_iter()
            .filter(|&r| r != Round::Rn)
            .map(|r| format!(".{}.", r.name())),
    );
    want.extend(VoteMode::ALL.map(|v| format!("vote.{}", v.name())));
    want.extend(Type::ALL.map(|t| format!("mov.{} ", t.name())));
    for w in &want {
        assert!(text.contains(w.as_str()), "{w}");
    }
    for s in SReg::ALL {
        assert!(
            text.contains(&format!("special.{}\n", s.name()))
                || text.contains(&format!("special.{} ", s.name()))
        );
    }
    for w in [
        "mad.",
        "mulwide.s32",
        "mulwide.u32",
        "shf.l.wrap",
        "shf.r.clamp",
        "shf.l.clamp",
        "shf.r.wrap",
        "lop3.",
        "prmt ",
        "bfe.s.",
        "bfe.u.",
        "bfi.",
        "fma.",
        "fma.ftz.",
        "select.",
        "ld.uniform.",
        "st.",
        "atom.",
        "barrier",
        "shfl.",
        "activemask.i32",
        "activemask.i64",
        "readfirstlane.",
        "brc ",
        "switch ",
        "call ",
        "ret",
        "trap",
        "exit",
        "br ",
        "!pc ",
        "@%",
        "@!%",
        ".sat.",
        ".ftz.",
        ".v2.",
        ".v3.",
        ".v4.",
    ] {
        assert!(text.contains(w), "{w}");
    }
}

#[test]
fn random_valid_modules_roundtrip() {
    for seed in 0..300u64 {
        let m = common::random_module(seed, false);
        if let Err(e) = verify_module(&m) {
            panic!("seed {seed}: {e}\n{}", print_module(&m));
        }
        let text = print_module(&m);
        let back = parse_module(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(back, m, "seed {seed}\n{text}");
    }
}

/// The code blocks of `docs/ir.md` that hold whole kernels parse, verify and
/// round-trip.
#[test]
fn doc_examples_parse_and_verify() {
    let doc = include_str!("../../../docs/ir.md");
    let mut n = 0;
    for (i, block) in doc.split("```").enumerate() {
        if i % 2 == 1 && block.trim_start().starts_with(";") && block.contains("kernel @") {
            let m = parse_module(block).unwrap_or_else(|e| panic!("{e}\n{block}"));
            verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{block}"));
            assert_eq!(parse_module(&print_module(&m)).unwrap(), m);
            n += 1;
        }
    }
    assert!(n >= 1);
}

/// A large kernel (many blocks and instructions) parses and verifies quickly.
#[test]
fn large_kernel() {
    let mut src = String::from("kernel @big(%p: i64) {\n  reg %x: i32, %c: i1\n");
    for b in 0..5000 {
        src.push_str(&format!("b{b}:\n"));
        for _ in 0..10 {
            src.push_str("  %x = add.i32 %x, 1\n  st.global.b32 [%p+4], %x\n");
        }
        src.push_str(&format!(
            "  %c = icmp.ult.i32 %x, 7\n  brc %c, b{}, b0\n",
            (b + 1) % 5000
        ));
    }
    src.push_str("}\n");
    let t = std::time::Instant::now();
    let m = parse_module(&src).unwrap();
    verify_module(&m).unwrap();
    let text = print_module(&m);
    assert_eq!(parse_module(&text).unwrap(), m);
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
}
