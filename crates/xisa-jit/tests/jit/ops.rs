//! Every integer, float and conversion op against `xisa_ir::semantics`, on edge
//! values and random bits (proptest).
//!
//! Ops are tested in batches: one kernel holds many instructions, each reading
//! the same input registers (one per type and argument position, set from the
//! random arguments) and writing its own destination register. Each batch is
//! compiled at both optimization levels and run for every generated argument
//! tuple; every destination must equal the semantics function's result.

use std::collections::HashMap;
use xisa_ir::op;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use xisa_ir::semantics as sem;
use xisa_ir::{
    BinOp, CvtOp, FBinOp, FCond, FUnOp, Guard, ICond, Inst, Kernel, Op, Operand, Reg, Round, Type,
    UnOp,
};
use xisa_jit::{compile, JitOptions, JitProgram, OptLevel};
use xisa_runtime::ctx::STOP_EXIT;

use crate::harness::{bin, block_i, icmp, imm, r, Lane};

type Oracle = Box<dyn Fn(&[u64; 4]) -> u64>;

struct Check {
    name: String,
    dst: Reg,
    ty: Type,
    f: Oracle,
}

/// A kernel under construction plus the expected result of each instruction.
pub struct Batch {
    k: Kernel,
    insts: Vec<Inst>,
    inputs: HashMap<(Type, usize), Reg>,
    checks: Vec<Check>,
}

impl Batch {
    pub fn new(name: &str) -> Batch {
        Batch {
            k: Kernel::new(name),
            insts: vec![],
            inputs: HashMap::new(),
            checks: vec![],
        }
    }

    /// The input register holding argument `i` as type `t`.
    pub fn input(&mut self, t: Type, i: usize) -> Reg {
        if let Some(&reg) = self.inputs.get(&(t, i)) {
            return reg;
        }
        let reg = self.k.reg(format!("in_{}_{}", t.name(), i), t);
        self.inputs.insert((t, i), reg);
        reg
    }

    /// Adds `make(dst)` writing a new `ty` register, expected to hold
    /// `f(args) & mask(ty)`.
    pub fn check(
        &mut self,
        name: String,
        ty: Type,
        make: impl FnOnce(Reg) -> Op,
        f: impl Fn(&[u64; 4]) -> u64 + 'static,
    ) {
        self.check_inst(name, ty, |d| Inst::new(make(d)), f)
    }

    pub fn check_inst(
        &mut self,
        name: String,
        ty: Type,
        make: impl FnOnce(Reg) -> Inst,
        f: impl Fn(&[u64; 4]) -> u64 + 'static,
    ) {
        let dst = self.k.reg(format!("d{}", self.checks.len()), ty);
        self.insts.push(make(dst));
        self.checks.push(Check {
            name,
            dst,
            ty,
            f: Box::new(f),
        });
    }

    /// `select` at `t` between `a` and `b_` on the `i1` input 3.
    fn check_select(&mut self, t: Type, a: Reg, b_: Reg) {
        let p = self.input(Type::I1, 3);
        self.check(
            format!("select {t}"),
            t,
            |dst| {
                Op::Select(op::Select {
                    ty: t,
                    dst,
                    cond: r(p),
                    a: r(a),
                    b: r(b_),
                })
            },
            move |x| if x[3] & 1 != 0 { x[0] } else { x[1] },
        );
    }

    /// Compiles at both optimization levels and checks `cases` argument tuples
    /// (plus the fixed edge tuples).
    pub fn run(mut self, cases: u32) {
        let insts = std::mem::take(&mut self.insts);
        self.k
            .blocks
            .push(block_i("entry", insts, xisa_ir::Term::Exit));
        let progs: Vec<JitProgram> = [OptLevel::Speed, OptLevel::None]
            .into_iter()
            .map(|opt_level| {
                let o = JitOptions {
                    count_stats: false,
                    opt_level,
                    verify: true,
                    final_registers: true,
                    wave: false,
                };
                compile(&self.k, &o).unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        let check_one = |args: [u64; 4]| -> Result<(), TestCaseError> {
            for p in &progs {
                let mut lane = Lane::new(&self.k, 8);
                for (&(t, i), &reg) in &self.inputs {
                    lane.regs[reg.0 as usize] = args[i] & t.mask();
                }
                for c in &self.checks {
                    // Destinations start with junk: guarded-off ops keep it.
                    lane.regs[c.dst.0 as usize] = args[3] & c.ty.mask();
                }
                let stop = lane.run(p);
                prop_assert_eq!(stop, STOP_EXIT);
                for c in &self.checks {
                    let want = (c.f)(&args) & c.ty.mask();
                    let got = lane.regs[c.dst.0 as usize];
                    prop_assert_eq!(
                        got,
                        want,
                        "{}: args {:#x?} got {:#x} want {:#x}",
                        c.name,
                        args,
                        got,
                        want
                    );
                }
            }
            Ok(())
        };
        for a in edge_values().iter().step_by(3) {
            for b in edge_values().iter().step_by(5) {
                check_one([*a, *b, a ^ b, a.wrapping_add(*b)]).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        // XISA_JIT_SOAK=n multiplies the random cases (longer runs).
        let soak: u32 = std::env::var("XISA_JIT_SOAK")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        let mut runner = TestRunner::new(Config {
            cases: cases.saturating_mul(soak),
            failure_persistence: None,
            ..Config::default()
        });
        let s = (arg(), arg(), arg(), arg());
        runner
            .run(&s, |(a, b, c, d)| check_one([a, b, c, d]))
            .unwrap_or_else(|e| panic!("{}: {e}", self.k.name));
    }
}

/// Edge bit patterns for every type: integer limits, float zeros, infinities,
/// NaNs (quiet, signalling, with payloads, negative), subnormals, rounding ties.
pub fn edge_values() -> Vec<u64> {
    let mut v: Vec<u64> = vec![
        0,
        1,
        2,
        3,
        7,
        8,
        15,
        16,
        31,
        32,
        33,
        63,
        64,
        65,
        0x7f,
        0x80,
        0xff,
        0x7fff,
        0x8000,
        0xffff,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x1_0000_0000,
        0x7fff_ffff_ffff_ffff,
        0x8000_0000_0000_0000,
        u64::MAX,
        u64::MAX - 1,
        0x1234_5678_9abc_def0,
        // f16
        0x3c00,
        0xbc00,
        0x7c00,
        0xfc00,
        0x7e00,
        0x7d01,
        0xfe01,
        0x0001,
        0x03ff,
        0x0400,
        0x7bff,
        // bf16
        0x3f80,
        0x7f80,
        0xff80,
        0x7fc0,
        0x7f81,
        // f32
        0x3f80_0000,
        0xbf80_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0xffc0_0000,
        0x7f80_0001,
        0x7fa0_0000,
        0xffa1_2345,
        0x0000_0001,
        0x807f_ffff,
        0x0080_0000,
        0x7f7f_ffff,
        0x4f00_0000,
        0xcf00_0000,
        0x5f00_0000,
        0x5f80_0000,
        0xdf00_0000,
        0x4b00_0001,
        // f64
        0x3ff0_0000_0000_0000,
        0xbff0_0000_0000_0000,
        0x7ff0_0000_0000_0000,
        0xfff0_0000_0000_0000,
        0x7ff8_0000_0000_0000,
        0xfff8_0000_0000_0000,
        0x7ff0_0000_0000_0001,
        0x7ff4_0000_dead_beef,
        0x0000_0000_0000_0001,
        0x800f_ffff_ffff_ffff,
        0x0010_0000_0000_0000,
        0x7fef_ffff_ffff_ffff,
        0x43e0_0000_0000_0000,
        0xc3e0_0000_0000_0000,
        0x43f0_0000_0000_0000,
        0x41e0_0000_0000_0000,
        0x41f0_0000_0000_0000,
        0x3810_0000_0000_0000,
        0x47ef_ffff_e000_0000,
    ];
    for x in [
        0.5f32, 1.5, 2.5, -2.5, -0.5, 3.7, -3.7, 1e30, -1e-30, 65504.0, 65520.0,
    ] {
        v.push(x.to_bits() as u64);
    }
    for x in [
        0.5f64, 1.5, 2.5, -2.5, -0.5, 3.7, -3.7, 1e300, -1e-300, 1e-320, 4.5e15,
    ] {
        v.push(x.to_bits());
    }
    v
}

/// An argument: random bits, an edge pattern, a "nice" float or a small int.
pub fn arg() -> BoxedStrategy<u64> {
    prop_oneof![
        3 => any::<u64>(),
        2 => proptest::sample::select(edge_values()),
        1 => (-4000i32..4000).prop_map(|i| (i as f32 / 8.0).to_bits() as u64),
        1 => (-4000i32..4000).prop_map(|i| (i as f64 / 8.0).to_bits()),
        1 => (-4000i32..4000).prop_map(|i| half_bits(i as f32 / 8.0)),
        1 => 0u64..80,
        1 => any::<u64>().prop_map(|x| x | 0x7ff0_0000_0000_0000),
        1 => any::<u32>().prop_map(|x| (x | 0x7f80_0000) as u64),
    ]
    .boxed()
}

/// f16 bits of `x` (round to nearest), through the semantics' own conversion.
fn half_bits(x: f32) -> u64 {
    sem::round_from_f64(Type::F16, x as f64, Round::Rn)
}

// Builders of the ops tested in more than one batch.

/// `lop3` of registers `a, b, c` with truth table `lut`.
fn lop3(ty: Type, dst: Reg, [a, b, c]: [Reg; 3], lut: u8) -> Op {
    Op::Lop3(op::Lop3 {
        ty,
        dst,
        a: r(a),
        b: r(b),
        c: r(c),
        lut,
    })
}

fn bfe(signed: bool, ty: Type, dst: Reg, a: Reg, pos: Operand, len: Operand) -> Op {
    Op::Bfe(op::Bfe {
        signed,
        ty,
        dst,
        a: r(a),
        pos,
        len,
    })
}

fn bfi(ty: Type, dst: Reg, ins: Reg, base: Reg, pos: Operand, len: Operand) -> Op {
    Op::Bfi(op::Bfi {
        ty,
        dst,
        ins: r(ins),
        base: r(base),
        pos,
        len,
    })
}

fn prmt(dst: Reg, a: Reg, b: Reg, sel: Operand) -> Op {
    Op::Prmt(op::Prmt {
        dst,
        a: r(a),
        b: r(b),
        sel,
    })
}

fn fbin(op: FBinOp, ty: Type, rnd: Round, ftz: bool, dst: Reg, a: Operand, b: Operand) -> Op {
    Op::FBin(op::FBin {
        op,
        ty,
        rnd,
        ftz,
        dst,
        a,
        b,
    })
}

const INT_TYPES: [Type; 5] = [Type::I1, Type::I8, Type::I16, Type::I32, Type::I64];
const FLOAT_TYPES: [Type; 4] = [Type::F16, Type::BF16, Type::F32, Type::F64];

fn int_batch(t: Type) -> Batch {
    let mut bt = Batch::new(&format!("int_{}", t.name()));
    let (a, b_, c) = (bt.input(t, 0), bt.input(t, 1), bt.input(t, 2));
    for op in BinOp::ALL {
        bt.check(
            format!("{} {t}", op.name()),
            t,
            |dst| bin(op, t, dst, r(a), r(b_)),
            move |x| sem::bin(op, t, x[0] & t.mask(), x[1] & t.mask()),
        );
    }
    // The verified form of a shift: the amount is an i32 register.
    let amt = bt.input(Type::I32, 1);
    for op in [BinOp::Shl, BinOp::LShr, BinOp::AShr] {
        bt.check(
            format!("{} {t} by i32", op.name()),
            t,
            |dst| bin(op, t, dst, r(a), r(amt)),
            move |x| sem::bin(op, t, x[0] & t.mask(), x[1] & 0xffff_ffff),
        );
    }
    for op in UnOp::ALL {
        bt.check(
            format!("{} {t}", op.name()),
            t,
            |dst| {
                Op::Un(op::Un {
                    op,
                    ty: t,
                    dst,
                    a: r(a),
                })
            },
            move |x| sem::un(op, t, x[0] & t.mask()),
        );
    }
    bt.check(
        format!("mad {t}"),
        t,
        |dst| {
            Op::Mad(op::Mad {
                ty: t,
                dst,
                a: r(a),
                b: r(b_),
                c: r(c),
            })
        },
        move |x| sem::mad(t, x[0] & t.mask(), x[1] & t.mask(), x[2] & t.mask()),
    );
    for cond in ICond::ALL {
        bt.check(
            format!("icmp {} {t}", cond.name()),
            Type::I1,
            |dst| icmp(cond, t, dst, r(a), r(b_)),
            move |x| sem::icmp(cond, t, x[0] & t.mask(), x[1] & t.mask()) as u64,
        );
    }
    for lut in [
        0x00u8, 0xff, 0x96, 0xe8, 0xca, 0x80, 0xfe, 0x01, 0x5a, 0x3c, 0x6a, 0xb4,
    ] {
        bt.check(
            format!("lop3 {lut:#x} {t}"),
            t,
            |dst| lop3(t, dst, [a, b_, c], lut),
            move |x| sem::lop3(t, x[0] & t.mask(), x[1] & t.mask(), x[2] & t.mask(), lut),
        );
    }
    bt.check_select(t, a, b_);
    bt.check(
        format!("mov {t}"),
        t,
        |dst| Op::Mov {
            ty: t,
            dst,
            src: r(c),
        },
        move |x| x[2],
    );
    bt
}

#[test]
fn int_ops_all_types() {
    for t in INT_TYPES {
        int_batch(t).run(400);
    }
}

#[test]
fn lop3_every_table() {
    let t = Type::I32;
    let mut bt = Batch::new("lop3_all");
    let (a, b_, c) = (bt.input(t, 0), bt.input(t, 1), bt.input(t, 2));
    for lut in 0..=255u8 {
        bt.check(
            format!("lop3 {lut:#x}"),
            t,
            |dst| lop3(t, dst, [a, b_, c], lut),
            move |x| sem::lop3(t, x[0], x[1], x[2], lut),
        );
    }
    bt.run(64);
}

/// bfe / bfi with constant position and length and prmt with a constant
/// selector (the JIT lowers these natively, the others through the
/// reference): every boundary of the field against `semantics`.
#[test]
fn bitfields_with_constant_operands() {
    const POS: [u64; 14] = [0, 1, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 200, 0x105];
    const LEN: [u64; 13] = [0, 1, 2, 7, 8, 16, 31, 32, 33, 63, 64, 255, 0x102];
    for t in [Type::I32, Type::I64] {
        let mut bt = Batch::new(&format!("bitfield_const_{}", t.name()));
        let (a, b_) = (bt.input(t, 0), bt.input(t, 1));
        let m = t.mask();
        for pos in POS {
            for len in LEN {
                for signed in [false, true] {
                    bt.check(
                        format!("bfe {t} signed={signed} pos={pos} len={len}"),
                        t,
                        |dst| bfe(signed, t, dst, a, imm(pos), imm(len)),
                        move |x| sem::bfe(signed, t, x[0] & m, pos, len),
                    );
                }
                bt.check(
                    format!("bfi {t} pos={pos} len={len}"),
                    t,
                    |dst| bfi(t, dst, a, b_, imm(pos), imm(len)),
                    move |x| sem::bfi(t, x[0] & m, x[1] & m, pos, len),
                );
            }
        }
        bt.run(40);
    }
    let mut bt = Batch::new("prmt_const");
    let (a, b_) = (bt.input(Type::I32, 0), bt.input(Type::I32, 1));
    let mut rng = xisa_testkit::Rng::new(0x9e37);
    let mut sels = vec![
        0x3210, 0x7654, 0x5410, 0x7632, 0x0123, 0x8888, 0xffff, 0x1_3210,
    ];
    sels.extend((0..120).map(|_| rng.next() & 0xffff));
    for sel in sels {
        bt.check(
            format!("prmt sel={sel:#x}"),
            Type::I32,
            |dst| prmt(dst, a, b_, imm(sel)),
            move |x| sem::prmt(x[0] & 0xffff_ffff, x[1] & 0xffff_ffff, sel),
        );
    }
    bt.run(200);
}

#[test]
fn misc_int_ops() {
    let mut bt = Batch::new("misc_int");
    let (a, b_, c, d) = (
        bt.input(Type::I32, 0),
        bt.input(Type::I32, 1),
        bt.input(Type::I32, 2),
        bt.input(Type::I32, 3),
    );
    for signed in [false, true] {
        bt.check(
            format!("mul_wide signed={signed}"),
            Type::I64,
            |dst| {
                Op::MulWide(op::MulWide {
                    signed,
                    dst,
                    a: r(a),
                    b: r(b_),
                })
            },
            move |x| sem::mul_wide(signed, x[0] & 0xffff_ffff, x[1] & 0xffff_ffff),
        );
    }
    for left in [false, true] {
        for wrap in [false, true] {
            bt.check(
                format!("funnel left={left} wrap={wrap}"),
                Type::I32,
                |dst| {
                    Op::Funnel(op::Funnel {
                        left,
                        wrap,
                        dst,
                        lo: r(a),
                        hi: r(b_),
                        shift: r(c),
                    })
                },
                move |x| {
                    let m = 0xffff_ffff;
                    sem::funnel(left, wrap, x[0] & m, x[1] & m, x[2] & m)
                },
            );
        }
    }
    bt.check(
        "prmt".into(),
        Type::I32,
        |dst| prmt(dst, a, b_, r(c)),
        |x| sem::prmt(x[0] & 0xffff_ffff, x[1] & 0xffff_ffff, x[2] & 0xffff_ffff),
    );
    for t in [Type::I32, Type::I64] {
        let wide = bt.input(t, 0);
        let ins = bt.input(t, 1);
        for signed in [false, true] {
            bt.check(
                format!("bfe {t} signed={signed}"),
                t,
                |dst| bfe(signed, t, dst, wide, r(c), r(d)),
                move |x| {
                    let m = 0xffff_ffff;
                    sem::bfe(signed, t, x[0] & t.mask(), x[2] & m, x[3] & m)
                },
            );
        }
        bt.check(
            format!("bfi {t}"),
            t,
            |dst| bfi(t, dst, ins, wide, r(c), r(d)),
            move |x| {
                let m = 0xffff_ffff;
                sem::bfi(t, x[1] & t.mask(), x[0] & t.mask(), x[2] & m, x[3] & m)
            },
        );
    }
    bt.run(1000);
}

fn float_batch(t: Type) -> Batch {
    let mut bt = Batch::new(&format!("float_{}", t.name()));
    let (a, b_, c) = (bt.input(t, 0), bt.input(t, 1), bt.input(t, 2));
    let m = t.mask();
    for ftz in [false, true] {
        for op in FBinOp::ALL {
            for rnd in Round::ALL {
                bt.check(
                    format!(
                        "{}.{}{} {t}",
                        op.name(),
                        rnd.name(),
                        if ftz { ".ftz" } else { "" }
                    ),
                    t,
                    |dst| fbin(op, t, rnd, ftz, dst, r(a), r(b_)),
                    move |x| sem::fbin(op, t, rnd, ftz, x[0] & m, x[1] & m),
                );
            }
        }
        for op in FUnOp::ALL {
            bt.check(
                format!("{}{} {t}", op.name(), if ftz { ".ftz" } else { "" }),
                t,
                |dst| {
                    Op::FUn(op::FUn {
                        op,
                        ty: t,
                        ftz,
                        dst,
                        a: r(a),
                    })
                },
                move |x| sem::fun(op, t, ftz, x[0] & m),
            );
        }
        bt.check(
            format!("fma{} {t}", if ftz { ".ftz" } else { "" }),
            t,
            |dst| {
                Op::Fma(op::Fma {
                    ty: t,
                    ftz,
                    dst,
                    a: r(a),
                    b: r(b_),
                    c: r(c),
                })
            },
            move |x| sem::fma(t, ftz, x[0] & m, x[1] & m, x[2] & m),
        );
        for cond in FCond::ALL {
            bt.check(
                format!("fcmp {}{} {t}", cond.name(), if ftz { ".ftz" } else { "" }),
                Type::I1,
                |dst| {
                    Op::FCmp(op::FCmp {
                        cond,
                        ty: t,
                        ftz,
                        dst,
                        a: r(a),
                        b: r(b_),
                    })
                },
                move |x| sem::fcmp(cond, t, ftz, x[0] & m, x[1] & m) as u64,
            );
        }
    }
    bt.check_select(t, a, b_);
    bt
}

#[test]
fn float_ops_all_types() {
    for t in FLOAT_TYPES {
        float_batch(t).run(600);
    }
}

fn cvt_check(bt: &mut Batch, op: CvtOp, to: Type, from: Type, rnd: Round, sat: bool, ftz: bool) {
    let src = bt.input(from, 0);
    bt.check(
        format!(
            "{}.{}{}{} {to} <- {from}",
            op.name(),
            rnd.name(),
            if sat { ".sat" } else { "" },
            if ftz { ".ftz" } else { "" }
        ),
        to,
        |dst| {
            let plain = op::Cvt::plain(op, to, from, dst, r(src));
            Op::Cvt(op::Cvt {
                rnd,
                sat,
                ftz,
                ..plain
            })
        },
        move |x| sem::cvt(op, to, from, rnd, sat, ftz, x[0] & from.mask()),
    );
}

#[test]
fn int_conversions() {
    let mut bt = Batch::new("cvt_int");
    for op in [CvtOp::Zext, CvtOp::Sext, CvtOp::Trunc] {
        for to in INT_TYPES {
            for from in INT_TYPES {
                cvt_check(&mut bt, op, to, from, Round::Rn, false, false);
            }
        }
    }
    for (x, y) in [
        (Type::I16, Type::F16),
        (Type::I16, Type::BF16),
        (Type::F16, Type::BF16),
        (Type::I32, Type::F32),
        (Type::I64, Type::F64),
    ] {
        for ftz in [false, true] {
            cvt_check(&mut bt, CvtOp::Bitcast, x, y, Round::Rn, false, ftz);
            cvt_check(&mut bt, CvtOp::Bitcast, y, x, Round::Rn, false, ftz);
        }
    }
    bt.run(500);
}

#[test]
fn float_int_conversions() {
    for rnd in Round::ALL {
        let mut bt = Batch::new(&format!("cvt_fi_{}", rnd.name()));
        for ftz in [false, true] {
            for f in FLOAT_TYPES {
                for i in INT_TYPES {
                    cvt_check(&mut bt, CvtOp::FtoS, i, f, rnd, false, ftz);
                    cvt_check(&mut bt, CvtOp::FtoU, i, f, rnd, false, ftz);
                    cvt_check(&mut bt, CvtOp::StoF, f, i, rnd, false, ftz);
                    cvt_check(&mut bt, CvtOp::UtoF, f, i, rnd, false, ftz);
                }
            }
        }
        bt.run(500);
    }
}

#[test]
fn float_float_conversions() {
    let mut bt = Batch::new("cvt_ff");
    for rnd in Round::ALL {
        for sat in [false, true] {
            for ftz in [false, true] {
                for to in FLOAT_TYPES {
                    for from in FLOAT_TYPES {
                        cvt_check(&mut bt, CvtOp::FtoF, to, from, rnd, sat, ftz);
                    }
                }
            }
        }
    }
    bt.run(800);
}

/// Guarded pure ops: the destination keeps its old value where the guard is off.
#[test]
fn guards_select_old_value() {
    let mut bt = Batch::new("guards");
    let p = bt.input(Type::I1, 2);
    for t in [Type::I8, Type::I32, Type::I64, Type::F32, Type::F64] {
        let (a, b_) = (bt.input(t, 0), bt.input(t, 1));
        for negate in [false, true] {
            let m = t.mask();
            let g = Some(Guard { reg: p, negate });
            let on = move |x: &[u64; 4]| (x[2] & 1 != 0) != negate;
            // The helper-lowered op's type: `t`, or f32 for an integer `t`.
            let ft = if t.is_float() { t } else { Type::F32 };
            bt.check_inst(
                format!("guarded add {t} negate={negate}"),
                t,
                |dst| Inst {
                    guard: g,
                    op: if t.is_float() {
                        fbin(FBinOp::Add, t, Round::Rn, false, dst, r(a), r(b_))
                    } else {
                        bin(BinOp::Add, t, dst, r(a), r(b_))
                    },
                    pc: None,
                },
                move |x| {
                    if !on(x) {
                        x[3]
                    } else if t.is_float() {
                        sem::fbin(FBinOp::Add, t, Round::Rn, false, x[0] & m, x[1] & m)
                    } else {
                        sem::bin(BinOp::Add, t, x[0], x[1])
                    }
                },
            );
            // A helper-lowered op under a guard.
            bt.check_inst(
                format!("guarded fbin.rp {t} negate={negate}"),
                t,
                |dst| Inst {
                    guard: g,
                    op: fbin(FBinOp::Mul, ft, Round::Rp, false, dst, r(a), r(b_)),
                    pc: None,
                },
                move |x| {
                    if on(x) {
                        sem::fbin(FBinOp::Mul, ft, Round::Rp, false, x[0] & m, x[1] & m)
                    } else {
                        x[3]
                    }
                },
            );
        }
    }
    bt.run(300);
}

/// Immediate operands are read at the instruction's type.
#[test]
fn immediate_operands() {
    let mut bt = Batch::new("imms");
    for t in [Type::I8, Type::I16, Type::I32, Type::I64] {
        let a = bt.input(t, 0);
        for v in [0u64, 1, 0xff, 0x8000_0000, u64::MAX, 63, 64] {
            for op in [
                BinOp::Add,
                BinOp::Shl,
                BinOp::AShr,
                BinOp::DivS,
                BinOp::RemU,
            ] {
                bt.check(
                    format!("{} {t} imm {v:#x}", op.name()),
                    t,
                    |dst| bin(op, t, dst, r(a), imm(v)),
                    move |x| sem::bin(op, t, x[0], v),
                );
            }
        }
    }
    for t in [Type::F32, Type::F64] {
        let a = bt.input(t, 0);
        for v in [1.5f64, -0.0, f64::INFINITY] {
            let bits = if t == Type::F32 {
                (v as f32).to_bits() as u64
            } else {
                v.to_bits()
            };
            bt.check(
                format!("fmul {t} imm {v}"),
                t,
                |dst| fbin(FBinOp::Mul, t, Round::Rn, false, dst, r(a), imm(bits)),
                move |x| sem::fbin(FBinOp::Mul, t, Round::Rn, false, x[0] & t.mask(), bits),
            );
        }
    }
    bt.run(200);
}
