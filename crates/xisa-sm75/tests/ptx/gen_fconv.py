#!/usr/bin/env python3
"""Writes fconv.ptx: one small kernel per float/conversion/integer-idiom case
for crates/xisa-sm75/tests/lift_float.rs (each lane reads NIN inputs of the
input type from `in`, computes, and writes one output to `out`).
Deterministic; rerun and `git diff --exit-code` to check. build.sh compiles
it with ptxas."""
import os

# name, input type, inputs per lane, output type, body (%a %b %c -> %o)
K = []
def k(name, it, nin, ot, body):
    K.append((name, it, nin, ot, body))

# F2I
for m in ["rni", "rzi", "rmi", "rpi"]:
    k(f"f2i_{m}_s32", "f32", 1, "s32", f"cvt.{m}.s32.f32 %o, %a;")
k("f2i_rzi_u32", "f32", 1, "u32", "cvt.rzi.u32.f32 %o, %a;")
k("f2i_rni_u32", "f32", 1, "u32", "cvt.rni.u32.f32 %o, %a;")
k("f2i_rpi_ftz_s32", "f32", 1, "s32", "cvt.rpi.ftz.s32.f32 %o, %a;")
k("f2i_rni_s64", "f32", 1, "s64", "cvt.rni.s64.f32 %o, %a;")
k("f2i_rzi_u64", "f32", 1, "u64", "cvt.rzi.u64.f32 %o, %a;")
k("f2i_rzi_s32_f64", "f64", 1, "s32", "cvt.rzi.s32.f64 %o, %a;")
k("f2i_rmi_s64_f64", "f64", 1, "s64", "cvt.rmi.s64.f64 %o, %a;")
k("f2i_rpi_u64_f64", "f64", 1, "u64", "cvt.rpi.u64.f64 %o, %a;")
# I2F
for m, t in [("rn", "s32"), ("rz", "u32"), ("rm", "s32"), ("rp", "u32"), ("rp", "s32"), ("rz", "s32")]:
    k(f"i2f_{m}_f32_{t}", t, 1, "f32", f"cvt.{m}.f32.{t} %o, %a;")
for m, t in [("rn", "s64"), ("rz", "u64"), ("rm", "s64"), ("rp", "u64")]:
    k(f"i2f_{m}_f32_{t}", t, 1, "f32", f"cvt.{m}.f32.{t} %o, %a;")
k("i2f_rn_f64_s32", "s32", 1, "f64", "cvt.rn.f64.s32 %o, %a;")
k("i2f_rm_f64_s64", "s64", 1, "f64", "cvt.rm.f64.s64 %o, %a;")
k("i2f_rp_f64_u64", "u64", 1, "f64", "cvt.rp.f64.u64 %o, %a;")
# sub-register selects (I2F.U8 R.B1, I2F.S16 R.H1, F2I.F16 R.H1, HADD2.F32 H1_H1)
for b in range(4):
    k(f"i2f_u8_b{b}", "u32", 1, "f32", f"shr.u32 %r5, %a, {8 * b}; and.b32 %r5, %r5, 255; cvt.rn.f32.u32 %o, %r5;")
k("i2f_s8_b2", "u32", 1, "f32", "shr.u32 %r5, %a, 16; cvt.s8.u32 %r5, %r5; cvt.rn.f32.s32 %o, %r5;")
k("i2f_s16_h1", "u32", 1, "f32", ".reg .u16 %s1; shr.u32 %r5, %a, 16; cvt.u16.u32 %s1, %r5; cvt.rn.f32.s16 %o, %s1;")
k("f2i_f16_h1", "u32", 1, "s32", ".reg .b16 %h1, %h2; mov.b32 {%h1, %h2}, %a; cvt.rzi.s32.f16 %o, %h2;")
k("f2i_f16_h0", "u32", 1, "s32", ".reg .b16 %h1, %h2; mov.b32 {%h1, %h2}, %a; cvt.rni.s32.f16 %o, %h1;")
k("f2f_f32_f16_h1", "u32", 1, "f32", ".reg .b16 %h1, %h2; mov.b32 {%h1, %h2}, %a; cvt.f32.f16 %o, %h2;")
# F2F
k("f2f_f64_f32", "f32", 1, "f64", "cvt.f64.f32 %o, %a;")
for m in ["rn", "rz", "rm", "rp"]:
    k(f"f2f_{m}_f32_f64", "f64", 1, "f32", f"cvt.{m}.f32.f64 %o, %a;")
k("f2f_rn_ftz_f32_f64", "f64", 1, "f32", "cvt.rn.ftz.f32.f64 %o, %a;")
k("f2f_f32_f16", "b16", 1, "f32", "cvt.f32.f16 %o, %a;")
k("f2f_rn_f16_f32", "f32", 1, "b16", "cvt.rn.f16.f32 %o, %a;")
# round to integral (FRND)
for m in ["rni", "rzi", "rmi", "rpi"]:
    k(f"frnd_{m}_f32", "f32", 1, "f32", f"cvt.{m}.f32.f32 %o, %a;")
    k(f"frnd_{m}_f64", "f64", 1, "f64", f"cvt.{m}.f64.f64 %o, %a;")
k("frnd_rni_ftz_f32", "f32", 1, "f32", "cvt.rni.ftz.f32.f32 %o, %a;")
k("min_f64", "f64", 2, "f64", "min.f64 %o, %a, %b;")
k("max_f64", "f64", 2, "f64", "max.f64 %o, %a, %b;")
k("setp_ltu_f64", "f64", 2, "u32", "setp.ltu.f64 %p1, %a, %b; selp.u32 %o, 1, 0, %p1;")
# compares, selects, min/max
for c in ["lt", "le", "gt", "ge", "eq", "ne", "equ", "neu", "ltu", "gtu", "num", "nan"]:
    k(f"setp_{c}", "f32", 2, "u32", f"setp.{c}.f32 %p1, %a, %b; selp.u32 %o, 1, 0, %p1;")
k("setp_lt_ftz", "f32", 2, "u32", "setp.lt.ftz.f32 %p1, %a, %b; selp.u32 %o, 1, 0, %p1;")
k("selp_f32", "f32", 2, "f32", "setp.gt.u32 %p1, %ua, %ub; selp.f32 %o, %a, %b, %p1;")
for op in ["min", "max"]:
    k(f"{op}_f32", "f32", 2, "f32", f"{op}.f32 %o, %a, %b;")
    k(f"{op}_ftz_f32", "f32", 2, "f32", f"{op}.ftz.f32 %o, %a, %b;")
# FFMA / FADD / FMUL modes
for m in ["rn", "rz", "rm", "rp"]:
    k(f"fma_{m}_f32", "f32", 3, "f32", f"fma.{m}.f32 %o, %a, %b, %c;")
k("fma_rn_ftz_f32", "f32", 3, "f32", "fma.rn.ftz.f32 %o, %a, %b, %c;")
k("fma_rn_sat_f32", "f32", 3, "f32", "fma.rn.sat.f32 %o, %a, %b, %c;")
k("add_rn_sat_f32", "f32", 2, "f32", "add.rn.sat.f32 %o, %a, %b;")
k("mul_rz_f32", "f32", 2, "f32", "mul.rz.f32 %o, %a, %b;")
# immediate operands (FADD's immediate form differs from FMUL's)
k("add_imm_f32", "f32", 1, "f32", "add.rz.f32 %o, %a, 0f3FC00001;")
k("mul_imm_f32", "f32", 1, "f32", "mul.rp.f32 %o, %a, 0fBF400001;")
k("fma_imm_f32", "f32", 2, "f32", "fma.rn.f32 %o, %a, 0f40490FDB, %b;")
k("add_imm_f64", "f64", 1, "f64", "add.rm.f64 %o, %a, 0d3FF8000000000000;")
# IEEE-exact sequences built on MUFU + FFMA (+ slow paths through CALL)
k("div_rn_f32", "f32", 2, "f32", "div.rn.f32 %o, %a, %b;")
k("rcp_rn_f32", "f32", 1, "f32", "rcp.rn.f32 %o, %a;")
k("sqrt_rn_f32", "f32", 1, "f32", "sqrt.rn.f32 %o, %a;")
k("div_rn_f64", "f64", 2, "f64", "div.rn.f64 %o, %a, %b;")
# MUFU approximations
for op in ["rcp", "rsqrt", "sqrt", "ex2", "lg2", "sin", "cos"]:
    k(f"{op}_approx_f32", "f32", 1, "f32", f"{op}.approx.ftz.f32 %o, %a;")
k("tanh_approx_f32", "f32", 1, "f32", "tanh.approx.f32 %o, %a;")
# f64 arithmetic
for m in ["rn", "rz", "rm", "rp"]:
    k(f"add_{m}_f64", "f64", 2, "f64", f"add.{m}.f64 %o, %a, %b;")
k("mul_rn_f64", "f64", 2, "f64", "mul.rn.f64 %o, %a, %b;")
k("fma_rn_f64", "f64", 3, "f64", "fma.rn.f64 %o, %a, %b, %c;")
for m in ["rz", "rm", "rp"]:
    k(f"fma_{m}_f64", "f64", 3, "f64", f"fma.{m}.f64 %o, %a, %b, %c;")
k("sqrt_rn_f64", "f64", 1, "f64", "sqrt.rn.f64 %o, %a;")
k("rcp_rn_f64", "f64", 1, "f64", "rcp.rn.f64 %o, %a;")
# packed halves (HADD2/HMUL2/HFMA2 with selects, negation, abs, .SAT, .FTZ)
k("hadd2", "b32", 2, "b32", "add.rn.f16x2 %o, %a, %b;")
k("hsub2", "b32", 2, "b32", "sub.rn.f16x2 %o, %a, %b;")
k("hmul2", "b32", 2, "b32", "mul.rn.f16x2 %o, %a, %b;")
k("hfma2", "b32", 3, "b32", "fma.rn.f16x2 %o, %a, %b, %c;")
k("hfma2_sat", "b32", 3, "b32", "fma.rn.sat.f16x2 %o, %a, %b, %c;")
k("hadd2_ftz_negabs", "b32", 2, "b32", ".reg .b32 %t1, %t2; neg.f16x2 %t1, %b; abs.f16x2 %t2, %a; add.rn.ftz.f16x2 %o, %t1, %t2;")
k("hfma2_negc", "b32", 3, "b32", ".reg .b32 %t1; neg.f16x2 %t1, %c; fma.rn.f16x2 %o, %a, %b, %t1;")
k("hfma2_c_h1h1", "b32", 3, "b32", ".reg .b16 %q1, %q2; .reg .b32 %t1; mov.b32 {%q1, %q2}, %c; mov.b32 %t1, {%q2, %q2}; fma.rn.f16x2 %o, %a, %b, %t1;")
k("hmul2_a_h0h0", "b32", 2, "b32", ".reg .b16 %q1, %q2; .reg .b32 %t1; mov.b32 {%q1, %q2}, %a; mov.b32 %t1, {%q1, %q1}; mul.rn.f16x2 %o, %t1, %b;")
# Packed-half immediates (ptxas folds the constant into the instruction as
# an immediate pair; the lanes differ so that their order is checked).
k("hmul2_imm", "b32", 1, "b32", ".reg .b32 %t1; mov.b32 %t1, 0x4200bc00; mul.rn.f16x2 %o, %a, %t1;")
k("hadd2_imm", "b32", 1, "b32", ".reg .b32 %t1; mov.b32 %t1, 0x3c00c400; add.rn.f16x2 %o, %a, %t1;")
k("hfma2_imm_b", "b32", 2, "b32", ".reg .b32 %t1; mov.b32 %t1, 0x44003400; fma.rn.f16x2 %o, %a, %t1, %b;")
k("hfma2_imm_c", "b32", 2, "b32", ".reg .b32 %t1; mov.b32 %t1, 0x3800c000; fma.rn.f16x2 %o, %a, %b, %t1;")
# HSETP2: low-lane result in bit 0, high-lane result in bit 1
def hsetp(name, cmp, a="%a", b="%b", pre=""):
    k(name, "b32", 3, "u32", ".reg .pred %q<4>; .reg .u32 %t1, %t2; .reg .b32 %x1, %x2; .reg .b16 %y1, %y2; "
      + pre + f"setp.ne.u32 %q3, %c, 0; setp.{cmp} %q1|%q2, {a}, {b}{', %q3' if '.or' in cmp or '.xor' in cmp else ''}; "
      "selp.u32 %t1, 1, 0, %q1; selp.u32 %t2, 2, 0, %q2; or.b32 %o, %t1, %t2;")
hsetp("hsetp2_lt", "lt.f16x2")
hsetp("hsetp2_geu_ftz", "geu.ftz.f16x2")
hsetp("hsetp2_nan", "nan.f16x2")
hsetp("hsetp2_lt_or", "lt.or.f16x2")
hsetp("hsetp2_gt_xor", "gt.xor.f16x2")
hsetp("hsetp2_le_absneg", "le.f16x2", "%x1", "%x2", "abs.f16x2 %x1, %a; neg.f16x2 %x2, %b; ")
hsetp("hsetp2_ne_h1h0", "ne.f16x2", "%x1", "%x2", "mov.b32 {%y1, %y2}, %a; mov.b32 %x1, {%y2, %y2}; mov.b32 {%y1, %y2}, %b; mov.b32 %x2, {%y1, %y1}; ")
hsetp("hsetp2_lt_imm", "lt.f16x2", "%a", "%x1", "mov.b32 %x1, 0x4000bc00; ")
# integer idioms
for op in ["div", "rem"]:
    for t in ["u32", "s32"]:
        k(f"{op}_{t}", t, 2, t, f"{op}.{t} %o, %a, %b;")
k("szext_clamp_s32", "u32", 2, "u32", "szext.clamp.s32 %o, %a, %b;")
k("szext_wrap_u32", "u32", 2, "u32", "szext.wrap.u32 %o, %a, %b;")
for c, t in [("lt", "s64"), ("le", "u64"), ("gt", "s64"), ("ge", "u64"), ("eq", "s64"), ("ne", "u64"), ("lt", "u64"), ("ge", "s64")]:
    k(f"setp_{c}_{t}", t, 2, "u32", f"setp.{c}.{t} %p1, %a, %b; selp.u32 %o, 1, 0, %p1;")

SIZE = {"b32": 4, "f32": 4, "s32": 4, "u32": 4, "f64": 8, "s64": 8, "u64": 8, "b16": 2}
REG = {"b32": "b32", "f32": "f32", "s32": "s32", "u32": "u32", "f64": "f64", "s64": "s64", "u64": "u64", "b16": "b16"}

out = ["// Generated by gen_fconv.py: float, conversion and integer-idiom kernels for",
       "// crates/xisa-sm75/tests/lift_float.rs (lane i reads NIN inputs at in[NIN*i..],",
       "// writes out[i]).",
       ".version 7.8", ".target sm_75", ".address_size 64", ""]
for name, it, nin, ot, body in K:
    isz, osz = SIZE[it], SIZE[ot]
    lines = [f".visible .entry {name}(.param .u64 pin, .param .u64 pout)", "{",
             "    .reg .u64 %rd<8>; .reg .u32 %r<6>; .reg .pred %p<3>;",
             f"    .reg .{REG[it]} %a, %b, %c; .reg .{REG[ot]} %o;",
             "    .reg .u32 %ua, %ub;",
             "    ld.param.u64 %rd1, [pin]; ld.param.u64 %rd2, [pout];",
             "    mov.u32 %r1, %tid.x; mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x;",
             "    mad.lo.u32 %r1, %r2, %r3, %r1;",
             f"    mul.lo.u32 %r4, %r1, {nin * isz};",
             "    cvt.u64.u32 %rd3, %r4; add.u64 %rd4, %rd1, %rd3;"]
    for i, r in enumerate("abc"[:nin]):
        lines.append(f"    ld.global.{REG[it]} %{r}, [%rd4+{i * isz}];")
    if "%ua" in body:
        lines.append("    ld.global.u32 %ua, [%rd4]; ld.global.u32 %ub, [%rd4+4];")
    lines += [f"    {body}",
              f"    mul.wide.u32 %rd5, %r1, {osz}; add.u64 %rd6, %rd2, %rd5;",
              f"    st.global.{REG[ot]} [%rd6], %o;",
              "    ret;", "}", ""]
    out += lines

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "fconv.ptx"), "w") as f:
    f.write("\n".join(out))
print(len(K), "kernels")
