#!/usr/bin/env python3
"""PTX sweep generator (issue #11 item 3): one small kernel per PTX
instruction form, one .ptx file per family, plus a manifest that the Rust
test (tests/tests/ptx_sweep.rs) reads.

Every kernel has the same ABI: (u64 out, u64 a, u64 b, u64 c). Thread
t = ctaid.x * ntid.x + tid.x loads its inputs from a + 8t, b + 8t and
c + 8t (each slot 8 bytes; an input narrower than 8 bytes is loaded from
the low end of its slot) and stores its first result at out + 16t and
its second (if any) at out + 16t + 8.

A form is (op, args, outs, body):
  op    the reference key: the PTX instruction as the reference model
        (tests/ptx_sweep/reference.rs) reads it;
  args  up to three input classes (how the test draws the inputs and how
        wide the register is), or "=LITERAL" for an immediate operand
        (then the slot is unused and the manifest names the value);
  outs  one or two output classes;
  body  PTX text with {0} {1} {2} (inputs), {d} {e} (outputs); %r0..%r7,
        %h0..%h7, %rd0..%rd7 and %p1..%p7 are scratch registers.

With --ptxas PATH the generator first compiles each candidate form on its
own and keeps only those ptxas accepts for sm_75 (the rejected ones are
listed in rejected.txt with ptxas's first error line). Output is sorted
and deterministic.

Usage: gen.py --ptxas PATH [--out DIR]
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import tempfile

HEADER = ".version 8.0\n.target sm_75\n.address_size 64\n\n"

# Register width (bits) of each input/output class.
WIDTH = {}
for c in ["u16", "s16", "b16", "f16", "bf16", "pred16"]:
    WIDTH[c] = 16
for c in ["u32", "s32", "b32", "f32", "f16x2", "bf16x2", "sh", "bf", "sel",
          "u8", "s8", "pred", "bfp", "u16w", "s16w"]:
    WIDTH[c] = 32
for c in ["lane", "few", "rare", "f16i2"]:
    WIDTH[c] = 32
for c in ["u64", "s64", "b64", "f64", "sh64", "few64", "f16i4", "i32x2"]:
    WIDTH[c] = 64
for c in ["o8"]:
    WIDTH[c] = 8


def reg_width(c):
    # "@N": a 32-bit register that holds N in every thread (a barrier id or
    # thread count ptxas cannot see as a constant).
    if c.startswith("@"):
        return 32
    return 32 if WIDTH[c] == 8 else WIDTH[c]


class Form:
    def __init__(self, family, op, args, outs, body=None, pre=""):
        self.family = family
        # Module-level text placed before the entry (functions); "{k}" is
        # replaced by the kernel's name.
        self.pre = pre
        self.op = op
        self.args = list(args)
        self.outs = list(outs)
        if body is None:
            ops = ["{d}"] + ["{%d}" % i for i in range(len(args))]
            body = "%s %s;" % (op, ", ".join(ops))
        self.body = body
        self.name = None

    def key(self):
        return (self.op, tuple(self.args), tuple(self.outs), self.body, self.pre)


def sanitize(s):
    return re.sub(r"[^A-Za-z0-9]+", "_", s).strip("_")


def kernel_text(f):
    lines = []
    if f.pre:
        lines.append(f.pre.replace("{k}", f.name).strip())
    lines.append(".visible .entry %s(.param .u64 po, .param .u64 pa, "
                 ".param .u64 pb, .param .u64 pc)" % f.name)
    lines.append("{")
    lines.append("  .reg .b32 %t<4>;")
    lines.append("  .reg .b64 %q<8>;")
    lines.append("  .reg .pred %p<8>;")
    lines.append("  .reg .b16 %h<8>;")
    lines.append("  .reg .b32 %r<8>;")
    lines.append("  .reg .b64 %rd<8>;")
    if "smem" in f.body:
        lines.append("  .shared .align 8 .b8 smem[1024];")
    if "%m" in f.body:
        lines.append("  .reg .b32 %m<16>;")
    if "lmem" in f.body:
        lines.append("  .local .align 8 .b8 lmem[16];")
    subst = {}
    for i, a in enumerate(f.args):
        if a.startswith("="):
            subst[str(i)] = a[1:]
        else:
            lines.append("  .reg .b%d %%i%d;" % (reg_width(a), i))
            subst[str(i)] = "%%i%d" % i
    outn = ["d", "e"]
    for i, o in enumerate(f.outs):
        lines.append("  .reg .b%d %%%s;" % (reg_width(o), outn[i]))
        subst[outn[i]] = "%" + outn[i]
    lines.append("  ld.param.u64 %q0, [po];")
    lines.append("  cvta.to.global.u64 %q0, %q0;")
    lines.append("  mov.u32 %t0, %ctaid.x;")
    lines.append("  mov.u32 %t1, %ntid.x;")
    lines.append("  mov.u32 %t2, %tid.x;")
    lines.append("  mad.lo.u32 %t0, %t0, %t1, %t2;")
    lines.append("  mul.wide.u32 %q5, %t0, 16;")
    lines.append("  add.u64 %q0, %q0, %q5;")
    lines.append("  mul.wide.u32 %q4, %t0, 8;")
    for i, a in enumerate(f.args):
        if a.startswith("="):
            continue
        p = "pa pb pc".split()[i]
        lines.append("  ld.param.u64 %%q%d, [%s];" % (i + 1, p))
        lines.append("  cvta.to.global.u64 %%q%d, %%q%d;" % (i + 1, i + 1))
        lines.append("  add.u64 %%q%d, %%q%d, %%q4;" % (i + 1, i + 1))
        lines.append("  ld.global.b%d %%i%d, [%%q%d];" % (reg_width(a), i, i + 1))
    body = f.body.replace("{k}", f.name)
    for k, v in subst.items():
        body = body.replace("{%s}" % k, v)
    assert not re.search(r"\{[0-9de]\}", body), (f.op, body)
    for bl in body.split("\n"):
        lines.append("  " + bl.strip())
    for i, o in enumerate(f.outs):
        lines.append("  st.global.b%d [%%q0+%d], %%%s;" % (WIDTH[o], 8 * i, outn[i]))
    lines.append("  ret;")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Families.

FORMS = []


def form(family, op, args, outs, body=None, pre=""):
    FORMS.append(Form(family, op, args, outs, body, pre))


SETP_BODY = "setp.{cmp} %p1, {0}, {1};\nselp.b32 {d}, 1, 0, %p1;"


def int_family():
    fam = "int"
    t16, t32, t64 = ["u16", "s16"], ["u32", "s32"], ["u64", "s64"]
    for t in t16 + t32 + t64:
        for op in ["add", "sub", "min", "max", "mul.lo", "mul.hi", "div", "rem"]:
            form(fam, "%s.%s" % (op, t), [t, t], [t])
        form(fam, "mad.lo.%s" % t, [t, t, t], [t])
        form(fam, "mad.hi.%s" % t, [t, t, t], [t])
        form(fam, "sad.%s" % t, [t, t, t], [t])
        if t[0] == "s":
            form(fam, "abs.%s" % t, [t], [t])
            form(fam, "neg.%s" % t, [t], [t])
    for t in t16 + t32:
        w = {"u16": "u32", "s16": "s32", "u32": "u64", "s32": "s64"}[t]
        form(fam, "mul.wide.%s" % t, [t, t], [w])
        form(fam, "mad.wide.%s" % t, [t, t, w], [w])
    form(fam, "add.sat.s32", ["s32", "s32"], ["s32"])
    form(fam, "sub.sat.s32", ["s32", "s32"], ["s32"])
    form(fam, "mad.hi.sat.s32", ["s32", "s32", "s32"], ["s32"])
    for t in t32:
        form(fam, "mul24.lo.%s" % t, [t, t], [t])
        form(fam, "mul24.hi.%s" % t, [t, t], [t])
        form(fam, "mad24.lo.%s" % t, [t, t, t], [t])
        form(fam, "mad24.hi.%s" % t, [t, t, t], [t])
    form(fam, "mad24.hi.sat.s32", ["s32", "s32", "s32"], ["s32"])
    # Carry chains: d = a + b (setting CC), e = c + 0 + CC.
    for w in ["u32", "s32", "u64", "s64"]:
        form(fam, "add.cc.%s" % w, [w, w, w], [w, w],
             "add.cc.%s {d}, {0}, {1};\naddc.%s {e}, {2}, 0;" % (w, w))
        form(fam, "addc.cc.%s" % w, [w, w, w], [w, w],
             "add.cc.%s {d}, {0}, {1};\naddc.cc.%s {e}, {2}, {2};\naddc.%s {e}, {e}, 0;"
             % (w, w, w))
        form(fam, "sub.cc.%s" % w, [w, w, w], [w, w],
             "sub.cc.%s {d}, {0}, {1};\nsubc.%s {e}, {2}, 0;" % (w, w))
        form(fam, "subc.cc.%s" % w, [w, w, w], [w, w],
             "sub.cc.%s {d}, {0}, {1};\nsubc.cc.%s {e}, {2}, {0};\nsubc.%s {e}, {e}, 0;"
             % (w, w, w))
    for w in ["u32", "s32", "u64", "s64"]:
        form(fam, "mad.lo.cc.%s" % w, [w, w, w], [w, w],
             "mad.lo.cc.%s {d}, {0}, {1}, {2};\nmadc.hi.%s {e}, {0}, {1}, 0;" % (w, w))
        form(fam, "madc.hi.cc.%s" % w, [w, w, w], [w, w],
             "add.cc.%s {d}, {2}, {2};\nmadc.hi.cc.%s {e}, {0}, {1}, {2};\naddc.%s {d}, 0, 0;"
             % (w, w, w))
    for b in ["b32", "b64"]:
        form(fam, "popc.%s" % b, [b], ["u32"])
        form(fam, "clz.%s" % b, [b], ["u32"])
        form(fam, "brev.%s" % b, [b], [b])
    for t in ["u32", "s32", "u64", "s64"]:
        form(fam, "bfind.%s" % t, [t], ["u32"])
        form(fam, "bfind.shiftamt.%s" % t, [t], ["u32"])
        form(fam, "bfe.%s" % t, [t, "bf", "bf"], [t])
    for imm in [("=0", "=8"), ("=8", "=8"), ("=4", "=12"), ("=24", "=8"),
                ("=16", "=16"), ("=31", "=1"), ("=0", "=32"), ("=30", "=5")]:
        for t in ["u32", "s32"]:
            form(fam, "bfe.%s" % t, [t, imm[0], imm[1]], [t])
    for b in ["b32", "b64"]:
        # bfi has four sources: c packs pos (bits 0..7) and len (bits 8..15);
        # the upper bits of pos/len above bit 7 are tested via the "bfp" class.
        form(fam, "bfi.%s" % b, [b, b, "bfp"], [b],
             "and.b32 %%r0, {2}, 65535;\nshr.u32 %%r1, {2}, 16;\nbfi.%s {d}, {0}, {1}, %%r0, %%r1;" % b)
        for pos, ln in [(0, 8), (8, 8), (4, 12), (24, 8), (16, 16), (31, 1), (0, 32), (28, 8)]:
            form(fam, "bfi.%s" % b, [b, b, "=%d" % (pos | (ln << 16))], [b],
                 "bfi.%s {d}, {0}, {1}, %d, %d;" % (b, pos, ln))
    for b in ["b16", "b32", "b64"]:
        for op in ["and", "or", "xor"]:
            form(fam, "%s.%s" % (op, b), [b, b], [b])
        form(fam, "not.%s" % b, [b], [b])
        form(fam, "cnot.%s" % b, [b], [b])
    for lut in [0x00, 0xff, 0x96, 0xe8, 0xca, 0x1e, 0x80, 0xfe, 0x3c, 0x5a, 0x6a, 0xb4]:
        form(fam, "lop3.b32.0x%02x" % lut, ["b32", "b32", "b32"], ["b32"],
             "lop3.b32 {d}, {0}, {1}, {2}, 0x%02x;" % lut)
    for w, sh in [("16", "sh"), ("32", "sh"), ("64", "sh")]:
        form(fam, "shl.b%s" % w, ["b" + w, sh], ["b" + w])
        for t in ["b", "u", "s"]:
            form(fam, "shr.%s%s" % (t, w), [("s" if t == "s" else "u") + w, sh], ["b" + w])
    for imm in ["=0", "=1", "=7", "=31", "=32", "=33", "=63", "=64"]:
        form(fam, "shl.b32", ["b32", imm], ["b32"])
        form(fam, "shr.u32", ["u32", imm], ["u32"])
        form(fam, "shr.s32", ["s32", imm], ["s32"])
        form(fam, "shl.b64", ["b64", imm], ["b64"])
        form(fam, "shr.u64", ["u64", imm], ["u64"])
        form(fam, "shr.s64", ["s64", imm], ["s64"])
    for d in ["l", "r"]:
        for m in ["wrap", "clamp"]:
            form(fam, "shf.%s.%s.b32" % (d, m), ["b32", "b32", "sh"], ["b32"])
            for imm in ["=0", "=5", "=31", "=32", "=40"]:
                form(fam, "shf.%s.%s.b32" % (d, m), ["b32", "b32", imm], ["b32"])
    form(fam, "prmt.b32", ["b32", "b32", "sel"], ["b32"])
    for m in ["f4e", "b4e", "rc8", "ecl", "ecr", "rc16"]:
        form(fam, "prmt.b32.%s" % m, ["b32", "b32", "sel"], ["b32"])
    for s in ["=0x3210", "=0x5410", "=0x7632", "=0x0123", "=0x8888", "=0x4444", "=0x1032",
              "=0xba98", "=0x7531", "=0x0000", "=0x9c8d"]:
        form(fam, "prmt.b32", ["b32", "b32", s], ["b32"])
    for ta in ["u32", "s32"]:
        for tb in ["u32", "s32"]:
            form(fam, "dp4a.%s.%s" % (ta, tb), ["b32", "b32", "b32"], ["b32"])
            for hl in ["lo", "hi"]:
                form(fam, "dp2a.%s.%s.%s" % (hl, ta, tb), ["b32", "b32", "b32"], ["b32"])
    for t in t16 + t32 + t64 + ["b16", "b32", "b64"]:
        cmps = ["eq", "ne"]
        if t[0] == "u":
            cmps += ["lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"]
        elif t[0] == "s":
            cmps += ["lt", "le", "gt", "ge"]
        for c in cmps:
            form(fam, "setp.%s.%s" % (c, t), [t, t], ["u32"],
                 SETP_BODY.replace("{cmp}", "%s.%s" % (c, t)))
    for bop in ["and", "or", "xor"]:
        for t in ["s32", "u64"]:
            form(fam, "setp.lt.%s.%s" % (bop, t), [t, t, "pred"], ["u32"],
                 "setp.ne.b32 %%p2, {2}, 0;\nsetp.lt.%s.%s %%p1|%%p3, {0}, {1}, !%%p2;\n"
                 "selp.b32 {d}, 1, 0, %%p1;\nselp.b32 {e}, 1, 0, %%p3;" % (bop, t))
            FORMS[-1].outs = ["u32", "u32"]
    for dt in ["u32", "s32", "f32"]:
        for st in ["u32", "s32", "u64"]:
            form(fam, "set.lt.%s.%s" % (dt, st), [st, st], [dt])
    form(fam, "set.eq.and.u32.s32", ["s32", "s32", "pred"], ["u32"],
         "setp.ne.b32 %p2, {2}, 0;\nset.eq.and.u32.s32 {d}, {0}, {1}, %p2;")
    for t in ["b16", "b32", "b64"]:
        form(fam, "selp.%s" % t, [t, t, "pred"], [t],
             "setp.ne.b32 %%p2, {2}, 0;\nselp.%s {d}, {0}, {1}, %%p2;" % t)
    for t in ["u32", "s32", "u64", "s64", "f32"]:
        form(fam, "slct.%s.s32" % t, [t, t, "s32"], [t])
        form(fam, "slct.%s.f32" % t, [t, t, "f32"], [t])
        form(fam, "slct.ftz.%s.f32" % t, [t, t, "f32"], [t])
    for m in ["wrap", "clamp"]:
        for t in ["u32", "s32"]:
            form(fam, "szext.%s.%s" % (m, t), [t, "sh"], [t])
        form(fam, "bmsk.%s.b32" % m, ["sh", "sh"], ["b32"])
    form(fam, "fns.b32", ["b32", "bf", "s32"], ["b32"])
    for imm in ["=0", "=1", "=0xffffffff", "=0x80000000", "=12345"]:
        form(fam, "add.u32", ["u32", imm], ["u32"])
        form(fam, "mul.lo.u32", ["u32", imm], ["u32"])
        form(fam, "mul.hi.u32", ["u32", imm], ["u32"])
        form(fam, "mul.hi.s32", ["s32", imm], ["s32"])
        form(fam, "and.b32", ["b32", imm], ["b32"])
        form(fam, "min.s32", ["s32", imm], ["s32"])
        form(fam, "max.u32", ["u32", imm], ["u32"])
    for imm in ["=3", "=7", "=10", "=16", "=1000"]:
        for t in ["u32", "s32", "u64", "s64"]:
            form(fam, "div.%s" % t, [t, imm], [t])
            form(fam, "rem.%s" % t, [t, imm], [t])


RNDS = ["rn", "rz", "rm", "rp"]


def float_family():
    fam = "float"
    for op in ["add", "sub", "mul"]:
        form(fam, "%s.f32" % op, ["f32", "f32"], ["f32"])
        form(fam, "%s.f64" % op, ["f64", "f64"], ["f64"])
        for r in [""] + ["." + x for x in RNDS]:
            for ftz in ["", ".ftz"]:
                for sat in ["", ".sat"]:
                    if r == "" and ftz == "" and sat == "":
                        continue
                    form(fam, "%s%s%s%s.f32" % (op, r, ftz, sat), ["f32", "f32"], ["f32"])
            if r:
                form(fam, "%s%s.f64" % (op, r), ["f64", "f64"], ["f64"])
    for r in RNDS:
        for ftz in ["", ".ftz"]:
            for sat in ["", ".sat"]:
                form(fam, "fma.%s%s%s.f32" % (r, ftz, sat), ["f32", "f32", "f32"], ["f32"])
                form(fam, "mad.%s%s%s.f32" % (r, ftz, sat), ["f32", "f32", "f32"], ["f32"])
        form(fam, "fma.%s.f64" % r, ["f64", "f64", "f64"], ["f64"])
        form(fam, "mad.%s.f64" % r, ["f64", "f64", "f64"], ["f64"])
    for ftz in ["", ".ftz"]:
        for r in RNDS:
            form(fam, "div.%s%s.f32" % (r, ftz), ["f32", "f32"], ["f32"])
            form(fam, "rcp.%s%s.f32" % (r, ftz), ["f32"], ["f32"])
            form(fam, "sqrt.%s%s.f32" % (r, ftz), ["f32"], ["f32"])
        for op in ["abs", "neg"]:
            form(fam, "%s%s.f32" % (op, ftz), ["f32"], ["f32"])
        for op in ["min", "max"]:
            form(fam, "%s%s.f32" % (op, ftz), ["f32", "f32"], ["f32"])
            form(fam, "%s%s.NaN.f32" % (op, ftz), ["f32", "f32"], ["f32"])
        for c in ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu",
                  "gtu", "geu", "num", "nan"]:
            form(fam, "setp.%s%s.f32" % (c, ftz), ["f32", "f32"], ["u32"],
                 SETP_BODY.replace("{cmp}", "%s%s.f32" % (c, ftz)))
            if ftz == "":
                form(fam, "setp.%s.f64" % c, ["f64", "f64"], ["u32"],
                     SETP_BODY.replace("{cmp}", "%s.f64" % c))
        for c in ["lt", "equ", "nan"]:
            form(fam, "set.%s%s.u32.f32" % (c, ftz), ["f32", "f32"], ["u32"])
            form(fam, "set.%s%s.f32.f32" % (c, ftz), ["f32", "f32"], ["f32"])
    for r in RNDS:
        form(fam, "div.%s.f64" % r, ["f64", "f64"], ["f64"])
        form(fam, "rcp.%s.f64" % r, ["f64"], ["f64"])
        form(fam, "sqrt.%s.f64" % r, ["f64"], ["f64"])
    for op in ["abs", "neg"]:
        form(fam, "%s.f64" % op, ["f64"], ["f64"])
    for op in ["min", "max"]:
        form(fam, "%s.f64" % op, ["f64", "f64"], ["f64"])
    for t in ["f32", "f64"]:
        for c in ["finite", "infinite", "number", "notanumber", "normal", "subnormal"]:
            form(fam, "testp.%s.%s" % (c, t), [t], ["u32"],
                 "testp.%s.%s %%p1, {0};\nselp.b32 {d}, 1, 0, %%p1;" % (c, t))
        form(fam, "copysign.%s" % t, [t, t], [t])
    # Immediate operands (ptxas encodes them into the SASS instruction).
    for imm in ["=0f3F800000", "=0f80000000", "=0f7F800000", "=0f00000001", "=0fC0490FDB"]:
        form(fam, "add.f32", ["f32", imm], ["f32"])
        form(fam, "mul.f32", ["f32", imm], ["f32"])
        form(fam, "fma.rn.f32", ["f32", imm, "f32"], ["f32"])
        form(fam, "min.f32", ["f32", imm], ["f32"])
        form(fam, "setp.lt.f32", ["f32", imm], ["u32"],
             SETP_BODY.replace("{cmp}", "lt.f32"))
    for imm in ["=0d3FF0000000000000", "=0dBFE0000000000000", "=0d0000000000000001"]:
        form(fam, "add.f64", ["f64", imm], ["f64"])
        form(fam, "mul.f64", ["f64", imm], ["f64"])
        form(fam, "fma.rn.f64", ["f64", imm, "f64"], ["f64"])


def approx_family():
    fam = "approx"
    for ftz in ["", ".ftz"]:
        for op in ["rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos"]:
            form(fam, "%s.approx%s.f32" % (op, ftz), ["f32"], ["f32"])
        form(fam, "div.approx%s.f32" % ftz, ["f32", "f32"], ["f32"])
        form(fam, "div.full%s.f32" % ftz, ["f32", "f32"], ["f32"])
    form(fam, "tanh.approx.f32", ["f32"], ["f32"])
    form(fam, "rcp.approx.ftz.f64", ["f64"], ["f64"])
    form(fam, "rsqrt.approx.f64", ["f64"], ["f64"])
    form(fam, "rsqrt.approx.ftz.f64", ["f64"], ["f64"])
    for t in ["f16", "f16x2"]:
        form(fam, "ex2.approx.%s" % t, [t], [t])
        form(fam, "ex2.approx.ftz.%s" % t, [t], [t])
        form(fam, "tanh.approx.%s" % t, [t], [t])
    form(fam, "ex2.approx.ftz.bf16", ["bf16"], ["bf16"])
    form(fam, "ex2.approx.ftz.bf16x2", ["bf16x2"], ["bf16x2"])
    form(fam, "tanh.approx.bf16", ["bf16"], ["bf16"])


ITYPES = ["u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64"]
FTYPES = ["f16", "f32", "f64", "bf16"]


def cvt_class(t, src):
    # Sub-word integer values live in 32-bit registers (ld/st/cvt permit
    # wider registers); the destination of a .u8/.s8 conversion is stored
    # as a byte ("o8").
    if t in ("u8", "s8"):
        return t if src else "o8"
    return t


def cvt_family():
    fam = "cvt"
    for d in ITYPES:
        for s in ITYPES:
            if d == s:
                continue
            form(fam, "cvt.%s.%s" % (d, s), [cvt_class(s, True)], [cvt_class(d, False)])
            form(fam, "cvt.sat.%s.%s" % (d, s), [cvt_class(s, True)], [cvt_class(d, False)])
    for d in ITYPES:
        for s in FTYPES:
            for r in ["rni", "rzi", "rmi", "rpi"]:
                for ftz in ["", ".ftz"] if s == "f32" else [""]:
                    form(fam, "cvt.%s%s.%s.%s" % (r, ftz, d, s), [s], [cvt_class(d, False)])
    for d in FTYPES:
        for s in ITYPES:
            for r in RNDS:
                for sat in ["", ".sat"] if d in ("f16", "f32") and s == "s32" else [""]:
                    form(fam, "cvt.%s%s.%s.%s" % (r, sat, d, s), [cvt_class(s, True)], [d])
    for d in FTYPES:
        for s in FTYPES:
            wider = FTYPES.index(d) > FTYPES.index(s) and d != "bf16" and s != "bf16"
            if d == s:
                rs = ["rni", "rzi", "rmi", "rpi"]
            elif wider:
                rs = [""]
            else:
                rs = RNDS
            for r in rs:
                for ftz in ["", ".ftz"]:
                    if ftz and "f32" not in (d, s):
                        continue
                    for sat in ["", ".sat"]:
                        mods = "".join("." + m for m in [r, ftz[1:], sat[1:]] if m)
                        form(fam, "cvt%s.%s.%s" % (mods, d, s), [s], [d])
    form(fam, "cvt.rn.f16x2.f32", ["f32", "f32"], ["f16x2"])
    form(fam, "cvt.rn.bf16x2.f32", ["f32", "f32"], ["bf16x2"])
    form(fam, "cvt.rn.relu.f16x2.f32", ["f32", "f32"], ["f16x2"])
    form(fam, "cvt.rna.tf32.f32", ["f32"], ["b32"])
    # the saturating packs (I2IP): the narrow ones fill the rest from c
    for t in ["u8", "s8", "u4", "s4", "u2", "s2"]:
        form(fam, "cvt.pack.sat.%s.s32.b32" % t, ["s32", "s32", "b32"], ["b32"])
    for t in ["u16", "s16"]:
        form(fam, "cvt.pack.sat.%s.s32" % t, ["s32", "s32"], ["b32"])


def half_family():
    fam = "half"
    for t in ["f16", "f16x2", "bf16", "bf16x2"]:
        for op in ["add", "sub", "mul"]:
            for r in ["", ".rn"]:
                for ftz in ["", ".ftz"]:
                    for sat in ["", ".sat"]:
                        form(fam, "%s%s%s%s.%s" % (op, r, ftz, sat, t), [t, t], [t])
        for ftz in ["", ".ftz"]:
            for sat in ["", ".sat"]:
                for relu in ["", ".relu"]:
                    form(fam, "fma.rn%s%s%s.%s" % (ftz, sat, relu, t), [t, t, t], [t])
            form(fam, "neg%s.%s" % (ftz, t), [t], [t])
            form(fam, "abs%s.%s" % (ftz, t), [t], [t])
            for op in ["min", "max"]:
                form(fam, "%s%s.%s" % (op, ftz, t), [t, t], [t])
        for c in ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "geu", "num", "nan"]:
            for ftz in ["", ".ftz"]:
                if t.endswith("x2"):
                    form(fam, "setp.%s%s.%s" % (c, ftz, t), [t, t], ["u32", "u32"],
                         "setp.%s%s.%s %%p1|%%p2, {0}, {1};\nselp.b32 {d}, 1, 0, %%p1;\n"
                         "selp.b32 {e}, 1, 0, %%p2;" % (c, ftz, t))
                else:
                    form(fam, "setp.%s%s.%s" % (c, ftz, t), [t, t], ["u32"],
                         SETP_BODY.replace("{cmp}", "%s%s.%s" % (c, ftz, t)))
        for c in ["lt", "equ", "nan"]:
            dt = "u32" if t.endswith("x2") else "u16"
            form(fam, "set.%s.%s.%s" % (c, dt, t), [t, t], [dt])
            form(fam, "set.%s.%s.%s" % (c, t, t), [t, t], [t])
    form(fam, "mov.b32.pack", ["b16", "b16"], ["b32"], "mov.b32 {d}, { {0}, {1} };")
    form(fam, "mov.b32.unpack", ["b32"], ["b16", "b16"], "mov.b32 { {d}, {e} }, {0};")


def sreg_family():
    fam = "sreg"
    for r in ["laneid", "tid.x", "tid.y", "ntid.x", "ntid.y", "ctaid.x", "nctaid.x", "warpid",
              "nwarpid", "smid", "nsmid", "gridid", "lanemask_eq", "lanemask_lt", "lanemask_le",
              "lanemask_gt", "lanemask_ge", "clock", "clock_hi", "dynamic_smem_size",
              "total_smem_size", "globaltimer_lo", "globaltimer_hi"]:
        form(fam, "sreg.%s" % r, [], ["u32"], "mov.u32 {d}, %%%s;" % r)
    for r in ["clock64", "globaltimer", "gridid"]:
        form(fam, "sreg64.%s" % r, [], ["u64"], "mov.u64 {d}, %%%s;" % r)
    form(fam, "activemask", [], ["u32"], "activemask.b32 {d};")


# Each thread works on its own slot, so every result is deterministic: the
# slot starts as input a, the atomic applies b (and c for cas); d is the
# slot's final value, e the value the atomic returned.
ATOM_SPACES = {
    "global": ("[%q0]", "st.global", "ld.volatile.global"),
    "shared": ("[%rd0]", "st.shared", "ld.volatile.shared"),
    "gen_shared": ("[%rd1]", "st", "ld.volatile"),
}
SHARED_ADDR = ("mov.u32 %r0, %tid.x;\nmul.wide.u32 %rd1, %r0, 8;\n"
               "mov.u64 %rd0, smem;\nadd.u64 %rd0, %rd0, %rd1;\ncvta.shared.u64 %rd1, %rd0;\n")


def atom_form(fam, space, sem, scope, op, t, red=False):
    addr, st, ld = ATOM_SPACES[space]
    w = 16 if t in ("b16", "f16", "f16x2") and t != "f16x2" else (32 if t in ("b32", "u32", "s32", "f32", "f16x2") else 64)
    cls = {"u32": "u32", "s32": "s32", "b32": "b32", "f32": "f32", "u64": "u64", "s64": "s64",
           "b64": "b64", "f64": "f64", "b16": "b16", "f16": "f16", "f16x2": "f16x2"}[t]
    sp = ".global" if space == "global" else (".shared" if space == "shared" else "")
    mods = "".join("." + m for m in [sem, scope] if m)
    instr = "red" if red else "atom"
    name = "%s%s%s.%s.%s" % (instr, mods, sp, op, t)
    pre = SHARED_ADDR if space != "global" else ""
    args = [cls, cls, cls] if op == "cas" else [cls, cls]
    if red:
        body = "%s%s.b%d %s, {0};\n%s %s, {1};\n%s.b%d {d}, %s;\nmov.b%d {e}, 0;" % (
            pre, st, w, addr, name, addr, ld, w, addr, w)
    else:
        ops = "{1}, {2}" if op == "cas" else "{1}"
        body = "%s%s.b%d %s, {0};\n%s {e}, %s, %s;\n%s.b%d {d}, %s;" % (
            pre, st, w, addr, name, addr, ops, ld, w, addr)
    key = "%s.%s.%s" % (instr, op, t)
    form(fam, key + ("" if not (sem or scope or space != "global") else "/" + name), args,
         [cls, cls], body)


def atom_family():
    fam = "atom"
    for space in ["global", "shared", "gen_shared"]:
        for op, ts in [("add", ["u32", "s32", "u64", "f32", "f64"]), ("min", ["u32", "s32", "u64", "s64"]),
                       ("max", ["u32", "s32", "u64", "s64"]), ("inc", ["u32"]), ("dec", ["u32"]),
                       ("and", ["b32", "b64"]), ("or", ["b32", "b64"]), ("xor", ["b32", "b64"]),
                       ("exch", ["b32", "b64"]), ("cas", ["b32", "b64", "b16"]),
                       ("add.noftz", ["f16", "f16x2"])]:
            for t in ts:
                atom_form(fam, space, "", "", op, t)
                if op != "cas" and op != "exch":
                    atom_form(fam, space, "", "", op, t, red=True)
    for sem in ["", "relaxed", "acquire", "release", "acq_rel"]:
        for scope in ["", "cta", "gpu", "sys"]:
            if sem or scope:
                atom_form(fam, "global", sem, scope, "add", "u32")
                atom_form(fam, "global", sem, scope, "cas", "b32")
                if sem in ("", "relaxed", "release"):
                    atom_form(fam, "global", sem, scope, "add", "u32", red=True)


def mem_family():
    fam = "mem"
    for w, c in [(8, "u32"), (16, "b16"), (32, "b32"), (64, "b64")]:
        cl = "o8" if w == 8 else c
        for cop in ["", ".ca", ".cg", ".cs", ".lu", ".cv", ".nc", ".volatile", ".relaxed.gpu",
                    ".acquire.gpu", ".relaxed.sys", ".acquire.cta"]:
            ld = "ld.volatile.global" if cop == ".volatile" else (
                "ld.global.nc" if cop == ".nc" else "ld%s.global" % (cop if "." in cop[1:] else "") if "." in cop[1:] else "ld.global%s" % cop)
            form(fam, "mem.ld%s.b%d" % (cop, w), [c], [cl], "%s.b%d {d}, [%%q1];" % (ld, w))
        for cop in ["", ".wb", ".cg", ".cs", ".wt", ".volatile", ".relaxed.gpu", ".release.gpu",
                    ".release.sys"]:
            stn = "st.volatile.global" if cop == ".volatile" else (
                "st%s.global" % cop if "." in cop[1:] else "st.global%s" % cop)
            form(fam, "mem.st%s.b%d" % (cop, w), [c], [cl],
                 "%s.b%d [%%q0], {0};\nld.volatile.global.b%d {d}, [%%q0];" % (stn, w, w))
    # Each thread owns one 8-byte slot: the vector forms that fit in it.
    for v, w in [(2, 32), (2, 16), (4, 16)]:
        regs = ", ".join("%%%s%d" % ("r" if w == 32 else ("rd" if w == 64 else "h"), i) for i in range(v))
        last = "%%%s%d" % ("r" if w == 32 else ("rd" if w == 64 else "h"), v - 1)
        first = "%%%s0" % ("r" if w == 32 else ("rd" if w == 64 else "h"))
        c = "b%d" % w
        for cop in ["", ".nc", ".cg"]:
            ld = "ld.global.nc" if cop == ".nc" else "ld.global%s" % cop
            form(fam, "mem.ldv%d%s.b%d" % (v, cop, w), [c], [c, c],
                 "%s.v%d.b%d {%s}, [%%q1];\nmov.b%d {d}, %s;\nmov.b%d {e}, %s;" % (
                     ld, v, w, regs, w, first, w, last))
    # Generic addressing into the shared and local windows; cvta; isspacep.
    for win, decl in [("shared", "smem"), ("local", "lmem")]:
        pre = ("mov.u32 %%r0, %%tid.x;\nmul.wide.u32 %%rd1, %%r0, 8;\nmov.u64 %%rd0, smem;\n"
               "add.u64 %%rd0, %%rd0, %%rd1;\n" if win == "shared" else "mov.u64 %%rd0, lmem;\n")
        form(fam, "mem.generic.%s" % win, ["b32"], ["b32", "u32"],
             (pre + "cvta.%s.u64 %%rd2, %%rd0;\nst.b32 [%%rd2], {0};\nld.b32 {d}, [%%rd2];\n"
              "isspacep.%s %%p1, %%rd2;\nselp.u32 {e}, 1, 0, %%p1;") % (win, win))
        form(fam, "mem.cvta.to.%s" % win, ["b32"], ["b32", "u32"],
             (pre + "cvta.%s.u64 %%rd2, %%rd0;\ncvta.to.%s.u64 %%rd3, %%rd2;\nst.%s.b32 [%%rd3], {0};\n"
              "ld.%s.b32 {d}, [%%rd0];\nisspacep.global %%p1, %%rd2;\nselp.u32 {e}, 1, 0, %%p1;")
             % (win, win, win, win))
    form(fam, "mem.isspacep.global", ["b32"], ["u32", "u32"],
         "isspacep.global %p1, %q1;\nselp.u32 {d}, 1, 0, %p1;\n"
         "isspacep.shared %p2, %q1;\nselp.u32 {e}, 1, 0, %p2;")
    for b in ["membar.cta", "membar.gl", "membar.sys", "fence.sc.cta", "fence.acq_rel.gpu",
              "fence.sc.sys", "fence.acq_rel.cta"]:
        form(fam, "mem.fence", ["b32"], ["b32"],
             "st.global.b32 [%%q0], {0};\n%s;\nld.volatile.global.b32 {d}, [%%q0];" % b)
        FORMS[-1].op = "mem.fence/" + b


def warp_family():
    # Whole warps, full member mask; the reference sees every lane's inputs.
    fam = "warp"
    for mode, cs in [("up", ["0", "0x1800", "0x1c00"]), ("down", ["0x1f", "0x181f", "0x1e1f"]),
                     ("bfly", ["0x1f", "0x181f"]), ("idx", ["0x1f", "0x181f", "0x1c1f"])]:
        for c in cs:
            form(fam, "warp.shfl.%s.%s" % (mode, c), ["b32", "lane"], ["b32", "u32"],
                 "shfl.sync.%s.b32 {d}|%%p1, {0}, {1}, %s, 0xffffffff;\nselp.u32 {e}, 1, 0, %%p1;"
                 % (mode, c))
    for m in ["all", "any", "uni"]:
        form(fam, "warp.vote.%s" % m, ["few"], ["u32"],
             "setp.ne.u32 %%p2, {0}, 0;\nvote.sync.%s.pred %%p1, %%p2, 0xffffffff;\n"
             "selp.u32 {d}, 1, 0, %%p1;" % m)
    form(fam, "warp.vote.ballot", ["few"], ["u32"],
         "setp.ne.u32 %p2, {0}, 0;\nvote.sync.ballot.b32 {d}, %p2, 0xffffffff;")
    for t, c in [("b32", "few"), ("b64", "few64")]:
        form(fam, "warp.match.any.%s" % t, [c], ["u32"],
             "match.any.sync.%s {d}, {0}, 0xffffffff;" % t)
        form(fam, "warp.match.all.%s" % t, [c], ["u32", "u32"],
             "match.all.sync.%s {d}|%%p1, {0}, 0xffffffff;\nselp.u32 {e}, 1, 0, %%p1;" % t)


# ---------------------------------------------------------------------------
# Block-level families: the reference sees every thread's inputs.

# bar: blocks of BAR_BLOCK = 128 threads (4 warps; the test launches them
# with that geometry). Thread tid stores a into the shared word smem[tid]
# and, after the barrier, reads another warp's word.
BAR_STORE = ("mov.u32 %r0, %tid.x;\nmul.wide.u32 %rd1, %r0, 4;\nmov.u64 %rd0, smem;\n"
             "add.u64 %rd2, %rd0, %rd1;\nst.shared.u32 [%rd2], {0};\n")
# The partner word: (tid + 32) % 128, or within the thread's half of the
# block (tid & 64) | ((tid + 32) & 63).
BAR_LOAD_FULL = ("add.u32 %r1, %r0, 32;\nand.b32 %r1, %r1, 127;\n"
                 "mul.wide.u32 %rd3, %r1, 4;\nadd.u64 %rd3, %rd0, %rd3;\nld.shared.u32 {d}, [%rd3];")
BAR_LOAD_HALF = ("and.b32 %r2, %r0, 64;\nadd.u32 %r1, %r0, 32;\nand.b32 %r1, %r1, 63;\n"
                 "or.b32 %r1, %r1, %r2;\n"
                 "mul.wide.u32 %rd3, %r1, 4;\nadd.u64 %rd3, %rd0, %rd3;\nld.shared.u32 {d}, [%rd3];")
# A per-half barrier id in %r5: 1 for warps 0-1, 2 for warps 2-3.
BAR_HALF_ID = "shr.u32 %r5, %r0, 6;\nadd.u32 %r5, %r5, 1;\n"


def bar_family():
    fam = "bar"
    # Exchange across the whole block.
    for instr, args in [("bar.sync 0", []), ("barrier.sync 0", []), ("bar.sync 3", []),
                        ("barrier.sync.aligned 0", []), ("bar.cta.sync 0", []),
                        ("bar.sync 0, 128", []), ("barrier.sync 15, 128", []),
                        ("bar.sync {1}", ["@0"]), ("bar.sync {1}", ["@7"]),
                        ("bar.sync {1}, {2}", ["@5", "@128"]), ("bar.sync 2, {1}", ["@128"]),
                        ("barrier.sync {1}, 128", ["@4"])]:
        form(fam, "bar.exch.full/" + instr, ["u32"] + args, ["u32"],
             BAR_STORE + instr + ";\n" + BAR_LOAD_FULL)
    # Each half of the block on its own barrier (64 threads each).
    for instr, args in [("bar.sync %r5, 64", []), ("barrier.sync %r5, 64", []),
                        ("bar.sync %r5, {1}", ["@64"])]:
        form(fam, "bar.exch.half/" + instr, ["u32"] + args, ["u32"],
             BAR_STORE + BAR_HALF_ID + instr + ";\n" + BAR_LOAD_HALF)
    form(fam, "bar.exch.half/bar.sync 1|2, 64", ["u32"], ["u32"],
         BAR_STORE + "setp.lt.u32 %p1, %r0, 64;\n@%p1 bra LA;\nbar.sync 2, 64;\nbra.uni LB;\n"
         "LA:\nbar.sync 1, 64;\nLB:\n" + BAR_LOAD_HALF)
    # Producer/consumer: warps 0-1 store and arrive; warps 2-3 wait and read
    # the producers' words (d = a[tid - 64]); producers return a + 1.
    for arrive, sync, args in [("bar.arrive 1, 128", "bar.sync 1, 128", []),
                               ("barrier.arrive 3, 128", "barrier.sync 3, 128", []),
                               ("bar.arrive {1}, {2}", "bar.sync {1}, {2}", ["@6", "@128"]),
                               ("bar.arrive 1, {1}", "bar.sync 1, {1}", ["@128"]),
                               ("bar.arrive {1}, 128", "barrier.sync {1}, 128", ["@2"])]:
        form(fam, "bar.arrive/" + arrive, ["u32"] + args, ["u32"],
             "mov.u32 %r0, %tid.x;\nmul.wide.u32 %rd1, %r0, 4;\nmov.u64 %rd0, smem;\n"
             "add.u64 %rd2, %rd0, %rd1;\nsetp.lt.u32 %p1, %r0, 64;\n@!%p1 bra CONS;\n"
             "st.shared.u32 [%rd2], {0};\n" + arrive + ";\nadd.u32 {d}, {0}, 1;\nbra.uni DONE;\n"
             "CONS:\n" + sync + ";\nld.shared.u32 {d}, [%rd2+-256];\nDONE:")
    # Reductions over the block (or over a half with its own id).
    for kind in ["popc", "and", "or"]:
        for instr, args, neg, half in [("0", [], "", False), ("0", [], "!", False),
                                       ("5, 128", [], "", False), ("{1}", ["@2"], "", False),
                                       ("{1}, {2}", ["@9", "@128"], "", False),
                                       ("%r5, 64", [], "", True), ("%r5, 64", [], "!", True)]:
            for bname in ["bar", "barrier"]:
                if bname == "barrier" and (args or half):
                    continue
                if kind == "popc":
                    red = "%s.red.popc.u32 {d}, %s, %s%%p1;" % (bname, instr, neg)
                else:
                    red = ("%s.red.%s.pred %%p2, %s, %s%%p1;\nselp.u32 {d}, 1, 0, %%p2;"
                           % (bname, kind, instr, neg))
                key = "bar.red.%s%s%s/%s" % (kind, ".not" if neg else "", ".half" if half else "",
                                             red.split(";")[0])
                form(fam, key, ["rare"] + args, ["u32"],
                     "mov.u32 %r0, %tid.x;\n" + (BAR_HALF_ID if half else "")
                     + "setp.ne.u32 %p1, {0}, 0;\n" + red)


# ctrl: calls, indirect calls, jump tables, trap, nanosleep, exit.
# Four small functions g0..g3 of b, selected by a & 3 (ctrl.sel4).
G_BODIES = ["mul.lo.u32 %y, %x, 7;", "xor.b32 %y, %x, 0x5a5a;", "add.u32 %y, %x, 12345;",
            "shr.u32 %y, %x, 3;"]


def gfuncs():
    out = []
    for i, g in enumerate(G_BODIES):
        out.append(".func (.param .b32 pr) {k}_g%d(.param .b32 px)\n{\n  .reg .b32 %%x, %%y;\n"
                   "  ld.param.b32 %%x, [px];\n  %s\n  st.param.b32 [pr], %%y;\n  ret;\n}\n" % (i, g))
    return "".join(out)


def call1(fn, arg, dst):
    return ("{\n.param .b32 ca;\n.param .b32 cr;\nst.param.b32 [ca], %s;\n"
            "call.uni (cr), %s, (ca);\nld.param.b32 %s, [cr];\n}" % (arg, fn, dst))


def ctrl_family():
    fam = "ctrl"
    f2 = (".func (.param .b32 pr) {k}_f(.param .b32 px, .param .b32 py)\n{\n"
          "  .reg .b32 %x, %y, %z;\n  ld.param.b32 %x, [px];\n  ld.param.b32 %y, [py];\n"
          "  mad.lo.u32 %z, %x, 3, %y;\n  st.param.b32 [pr], %z;\n  ret;\n}\n")
    call2 = ("{\n.param .b32 ca;\n.param .b32 cb;\n.param .b32 cr;\nst.param.b32 [ca], {0};\n"
             "st.param.b32 [cb], {1};\ncall.uni (cr), {k}_f, (ca, cb);\nld.param.b32 {d}, [cr];\n}")
    form(fam, "ctrl.call", ["u32", "u32"], ["u32"], call2, f2)
    # Register parameters.
    form(fam, "ctrl.call/reg", ["u32", "u32"], ["u32"], "call.uni ({d}), {k}_f, ({0}, {1});",
         ".func (.reg .b32 r) {k}_f(.reg .b32 x, .reg .b32 y)\n{\n  mad.lo.u32 r, x, 3, y;\n"
         "  ret;\n}\n")
    # A call in divergent code: d = a < 2^31 ? f(a, b) : b.
    form(fam, "ctrl.call.div", ["u32", "u32"], ["u32"],
         "mov.b32 {d}, {1};\nsetp.ge.u32 %p1, {0}, 0x80000000;\n@%p1 bra SKIP;\n"
         + call2.replace("call.uni", "call") + "\nSKIP:", f2)
    # Recursion: fact(a & 15) (mod 2^32), fib(a & 7) (two calls per level).
    form(fam, "ctrl.fact", ["u32"], ["u32"],
         "and.b32 %r0, {0}, 15;\n" + call1("{k}_fact", "%r0", "{d}"),
         ".func (.param .b32 pr) {k}_fact(.param .b32 pn)\n{\n  .reg .b32 %n, %m, %r;\n"
         "  .reg .pred %p;\n  ld.param.b32 %n, [pn];\n  setp.le.u32 %p, %n, 1;\n"
         "  mov.u32 %r, 1;\n  @%p bra DONE;\n  sub.u32 %m, %n, 1;\n"
         "  {\n  .param .b32 ca;\n  .param .b32 cr;\n  st.param.b32 [ca], %m;\n"
         "  call (cr), {k}_fact, (ca);\n  ld.param.b32 %r, [cr];\n  }\n"
         "  mul.lo.u32 %r, %r, %n;\nDONE:\n  st.param.b32 [pr], %r;\n  ret;\n}\n")
    form(fam, "ctrl.fib", ["u32"], ["u32"],
         "and.b32 %r0, {0}, 7;\n" + call1("{k}_fib", "%r0", "{d}"),
         ".func (.param .b32 pr) {k}_fib(.param .b32 pn)\n{\n  .reg .b32 %n, %m, %r, %s;\n"
         "  .reg .pred %p;\n  ld.param.b32 %n, [pn];\n  setp.lt.u32 %p, %n, 2;\n"
         "  mov.u32 %r, %n;\n  @%p bra DONE;\n  sub.u32 %m, %n, 1;\n"
         "  {\n  .param .b32 ca;\n  .param .b32 cr;\n  st.param.b32 [ca], %m;\n"
         "  call (cr), {k}_fib, (ca);\n  ld.param.b32 %r, [cr];\n  }\n  sub.u32 %m, %n, 2;\n"
         "  {\n  .param .b32 ca;\n  .param .b32 cr;\n  st.param.b32 [ca], %m;\n"
         "  call (cr), {k}_fib, (ca);\n  ld.param.b32 %s, [cr];\n  }\n"
         "  add.u32 %r, %r, %s;\nDONE:\n  st.param.b32 [pr], %r;\n  ret;\n}\n")
    # Indirect calls through a function pointer chosen by a & 3.
    pick = ("and.b32 %r0, {0}, 3;\nsetp.eq.u32 %p1, %r0, 0;\nsetp.eq.u32 %p2, %r0, 1;\n"
            "setp.eq.u32 %p3, %r0, 2;\nmov.u64 %rd0, {k}_g3;\n@%p3 mov.u64 %rd0, {k}_g2;\n"
            "@%p2 mov.u64 %rd0, {k}_g1;\n@%p1 mov.u64 %rd0, {k}_g0;\n")
    icall = ("{\n.param .b32 ca;\n.param .b32 cr;\nst.param.b32 [ca], {1};\n"
             "proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
             "call (cr), %rd0, (ca), proto;\nld.param.b32 {d}, [cr];\n}")
    form(fam, "ctrl.sel4/call.indirect", ["u32", "u32"], ["u32"], pick + icall, gfuncs())
    form(fam, "ctrl.sel4/call.indirect.table", ["u32", "u32"], ["u32"],
         "and.b32 %r0, {0}, 3;\nmov.u64 %rd1, {k}_tab;\nmul.wide.u32 %rd2, %r0, 8;\n"
         "add.u64 %rd1, %rd1, %rd2;\nld.global.u64 %rd0, [%rd1];\n" + icall,
         gfuncs() + ".global .align 8 .u64 {k}_tab[4] = {{k}_g0, {k}_g1, {k}_g2, {k}_g3};\n")
    # brx.idx jump tables.
    arms = "".join("L%d:\n%s\nbra.uni END;\n" % (i, g.replace("%y", "{d}").replace("%x", "{1}"))
                   for i, g in enumerate(G_BODIES))
    form(fam, "ctrl.sel4/brx.idx", ["u32", "u32"], ["u32"],
         "and.b32 %r0, {0}, 3;\nTBL: .branchtargets L0, L1, L2, L3;\nbrx.idx %r0, TBL;\n"
         + arms + "END:")
    form(fam, "ctrl.sel4/brx.idx.uni", ["@2", "u32"], ["u32"],
         "and.b32 %r0, {0}, 3;\nTBL: .branchtargets L0, L1, L2, L3;\nbrx.idx.uni %r0, TBL;\n"
         + arms + "END:")
    # trap: taken (the launch must fail with a trap fault) and never taken.
    form(fam, "ctrl.trap.taken", ["u32"], ["u32"],
         "mov.b32 {d}, {0};\nsetp.ne.u32 %p1, {0}, 0x7fffffff;\n@%p1 trap;")
    form(fam, "ctrl.trap.never", ["u32"], ["u32"],
         "mov.b32 {d}, {0};\nmov.u32 %r0, %tid.x;\nsetp.gt.u32 %p1, %r0, 4096;\n@%p1 trap;")
    form(fam, "ctrl.trap.taken/uncond", ["u32"], ["u32"], "mov.b32 {d}, {0};\ntrap;")
    # nanosleep (immediate and register durations).
    form(fam, "ctrl.nanosleep", ["u32"], ["u32"], "nanosleep.u32 100;\nmov.b32 {d}, {0};")
    form(fam, "ctrl.nanosleep/reg", ["u32", "u32"], ["u32"],
         "and.b32 %r0, {1}, 1023;\nnanosleep.u32 %r0;\nmov.b32 {d}, {0};")
    # exit / ret in divergent code: threads with odd a store b and leave;
    # the others return b + 1. Then the survivors' active mask.
    for leave in ["exit", "ret"]:
        form(fam, "ctrl.exit/" + leave, ["u32", "u32"], ["u32"],
             "and.b32 %r0, {0}, 1;\nsetp.eq.u32 %p1, %r0, 0;\n@%p1 bra EVEN;\n"
             "st.global.b32 [%q0], {1};\n" + leave + ";\nEVEN:\nadd.u32 {d}, {1}, 1;")
    form(fam, "ctrl.exit.activemask", ["u32"], ["u32"],
         "and.b32 %r0, {0}, 1;\nsetp.eq.u32 %p1, %r0, 0;\n@%p1 bra EVEN;\n"
         "st.global.b32 [%q0], 0xdead;\nexit;\nEVEN:\nactivemask.b32 {d};")


# mma: warp-level tensor-core ops; ldmatrix. Each lane brings its fragment
# pieces in its 8-byte slots. The f16 forms use small integers
# (f16i2/f16i4), whose products and sums are exact in f16 and f32, so any
# accumulation order gives the same bits.
def mma_family():
    fam = "mma"
    for dt in ["f16", "f32"]:
        for ct in ["f16", "f32"]:
            for ab in ["f16", "bf16"]:
                if ct == "f16":
                    cin = "mov.b64 {%m4, %m5}, {2};\n"
                    cregs = "{%m4, %m5}"
                else:
                    cin = ("mov.b64 {%h0, %h1, %h2, %h3}, {2};\ncvt.f32.f16 %m4, %h0;\n"
                           "cvt.f32.f16 %m5, %h1;\ncvt.f32.f16 %m6, %h2;\ncvt.f32.f16 %m7, %h3;\n")
                    cregs = "{%m4, %m5, %m6, %m7}"
                if dt == "f16":
                    dregs, outs = "{%m8, %m9}", ["b64"]
                    dout = "mov.b64 {d}, {%m8, %m9};"
                else:
                    dregs, outs = "{%m8, %m9, %m10, %m11}", ["b64", "b64"]
                    dout = "mov.b64 {d}, {%m8, %m9};\nmov.b64 {e}, {%m10, %m11};"
                body = ("mov.b64 {%m0, %m1}, {0};\n" + cin
                        + "mma.sync.aligned.m16n8k8.row.col.%s.%s.%s.%s %s, {%%m0, %%m1}, {{1}}, %s;\n"
                        % (dt, ab, ab, ct, dregs, cregs) + dout)
                form(fam, "mma.m16n8k8.%s.%s.%s" % (dt, ab, ct), ["f16i4", "f16i2", "f16i4"],
                     outs, body)
    for shape, ts in [("m8n8k16", ["s8", "u8"]), ("m8n8k32", ["s4", "u4"])]:
        for at in ts:
            for bt in ts:
                for sat in ["", ".satfinite"]:
                    form(fam, "mma.%s.%s.%s%s" % (shape, at, bt, sat), ["b32", "b32", "i32x2"],
                         ["b64"],
                         "mov.b64 {%%m4, %%m5}, {2};\n"
                         "mma.sync.aligned.%s.row.col%s.s32.%s.%s.s32 {%%m8, %%m9}, {{0}}, {{1}}, "
                         "{%%m4, %%m5};\nmov.b64 {d}, {%%m8, %%m9};" % (shape, sat, at, bt))
    for bop in ["xor", "and"]:
        form(fam, "mma.m8n8k128.b1.%s" % bop, ["b32", "b32", "i32x2"], ["b64"],
             "mov.b64 {%%m4, %%m5}, {2};\n"
             "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.%s.popc {%%m8, %%m9}, {{0}}, {{1}}, "
             "{%%m4, %%m5};\nmov.b64 {d}, {%%m8, %%m9};" % bop)
    # m8n8k4 (HMMA.884 in steps): four quad-pair products per warp. A and B
    # come from slots a, b (two f16x2 each); C from slot c: f16 C is c's
    # two registers, then the same with every sign flipped; f32 C is c's
    # four halves converted, then negated. An f32 D (eight registers) is
    # written in two forms, d0-d3 (.lo) and d4-d7 (.hi).
    for al in ["row", "col"]:
        for bl in ["row", "col"]:
            for dt, ct in [("f16", "f16"), ("f32", "f16"), ("f32", "f32")]:
                if ct == "f16":
                    cin = ("mov.b64 {%m4, %m5}, {2};\nxor.b32 %m6, %m4, 0x80008000;\n"
                           "xor.b32 %m7, %m5, 0x80008000;\n")
                    cregs = "{%m4, %m5, %m6, %m7}"
                else:
                    cin = ("mov.b64 {%h0, %h1, %h2, %h3}, {2};\ncvt.f32.f16 %m4, %h0;\n"
                           "cvt.f32.f16 %m5, %h1;\ncvt.f32.f16 %m6, %h2;\n"
                           "cvt.f32.f16 %m7, %h3;\nxor.b32 %m8, %m4, 0x80000000;\n"
                           "xor.b32 %m9, %m5, 0x80000000;\nxor.b32 %m10, %m6, 0x80000000;\n"
                           "xor.b32 %m11, %m7, 0x80000000;\n")
                    cregs = "{%m4, %m5, %m6, %m7, %m8, %m9, %m10, %m11}"
                if dt == "f16":
                    parts = [("", "{%m8, %m9, %m10, %m11}",
                              "mov.b64 {d}, {%m8, %m9};\nmov.b64 {e}, {%m10, %m11};")]
                else:
                    dregs = "{%m4, %m5, %m6, %m7, %m8, %m9, %m10, %m11}"
                    parts = [(".lo", dregs, "mov.b64 {d}, {%m4, %m5};\nmov.b64 {e}, {%m6, %m7};"),
                             (".hi", dregs, "mov.b64 {d}, {%m8, %m9};\nmov.b64 {e}, {%m10, %m11};")]
                for part, dregs, dout in parts:
                    body = ("mov.b64 {%m0, %m1}, {0};\nmov.b64 {%m2, %m3}, {1};\n" + cin
                            + "mma.sync.aligned.m8n8k4.%s.%s.%s.f16.f16.%s %s, {%%m0, %%m1}, "
                            "{%%m2, %%m3}, %s;\n" % (al, bl, dt, ct, dregs, cregs) + dout)
                    form(fam, "mma.m8n8k4.%s.%s.%s.%s%s" % (al, bl, dt, ct, part),
                         ["f16i4", "f16i4", "f16i4"], ["b64", "b64"], body)
    # ldmatrix: the warp's 32 lanes store a and b as the 16-byte row
    # tid (a in bytes 0-7, b in 8-15) of a 512-byte image; lane L gives the
    # address of row (5L + 3) % 32 (matrix L / 8, row L % 8).
    for n in [1, 2, 4]:
        for tr in ["", ".trans"]:
            regs = ", ".join("%%m%d" % (8 + i) for i in range(n))
            if n == 1:
                outs, dout = ["b32"], "mov.b32 {d}, %m8;"
            elif n == 2:
                outs, dout = ["b64"], "mov.b64 {d}, {%m8, %m9};"
            else:
                outs, dout = ["b64", "b64"], "mov.b64 {d}, {%m8, %m9};\nmov.b64 {e}, {%m10, %m11};"
            form(fam, "ldmatrix.x%d%s" % (n, tr), ["b64", "b64"], outs,
                 "mov.u32 %r0, %tid.x;\nmul.wide.u32 %rd1, %r0, 16;\nmov.u64 %rd0, smem;\n"
                 "add.u64 %rd2, %rd0, %rd1;\nst.shared.b64 [%rd2], {0};\nst.shared.b64 [%rd2+8], {1};\n"
                 "bar.warp.sync -1;\nand.b32 %r1, %r0, 31;\nsub.u32 %r2, %r0, %r1;\n"
                 "mad.lo.u32 %r3, %r1, 5, 3;\nand.b32 %r3, %r3, 31;\nadd.u32 %r3, %r3, %r2;\n"
                 "mul.wide.u32 %rd3, %r3, 16;\nadd.u64 %rd3, %rd0, %rd3;\n"
                 + "ldmatrix.sync.aligned.m8n8.x%d%s.shared.b16 {%s}, [%%rd3];\n" % (n, tr, regs)
                 + dout)


def generate():
    int_family()
    float_family()
    approx_family()
    cvt_family()
    half_family()
    sreg_family()
    atom_family()
    mem_family()
    warp_family()
    bar_family()
    ctrl_family()
    mma_family()
    seen = set()
    out = []
    for f in FORMS:
        if f.key() in seen:
            continue
        seen.add(f.key())
        out.append(f)
    counts = {}
    for f in out:
        n = counts.get(f.family, 0)
        counts[f.family] = n + 1
        f.name = "%s_%03d_%s" % (f.family, n, sanitize(f.op))[:80]
    return out


def probe(ptxas, f):
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "k.ptx")
        with open(p, "w") as fh:
            fh.write(HEADER + kernel_text(f))
        r = subprocess.run([ptxas, "-arch=sm_75", "-O3", p, "-o", os.path.join(d, "k.cubin")],
                           capture_output=True, text=True)
        if r.returncode == 0:
            return None
        msg = (r.stderr or r.stdout).strip().splitlines()
        msg = [m for m in msg if "error" in m] or msg or ["exit %d" % r.returncode]
        return re.sub(r"^.*?line \d+; ", "", msg[0])


def arg_text(a):
    return a


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ns = ap.parse_args()
    forms = generate()
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        errs = list(ex.map(lambda f: probe(ns.ptxas, f), forms))
    kept = [f for f, e in zip(forms, errs) if e is None]
    rejected = [(f, e) for f, e in zip(forms, errs) if e is not None]
    families = []
    for f in kept:
        if f.family not in families:
            families.append(f.family)
    for fam in families:
        with open(os.path.join(ns.out, "%s.ptx" % fam), "w") as fh:
            fh.write("// Generated by gen.py: the %s family of the PTX sweep.\n" % fam)
            fh.write(HEADER)
            for f in kept:
                if f.family == fam:
                    fh.write("// %s\n" % f.op)
                    fh.write(kernel_text(f))
                    fh.write("\n")
    with open(os.path.join(ns.out, "manifest.tsv"), "w") as fh:
        fh.write("# kernel\tfamily\top\targs\touts\n")
        for f in kept:
            fh.write("%s\t%s\t%s\t%s\t%s\n" % (f.name, f.family, f.op,
                                               ",".join(f.args) or "-", ",".join(f.outs)))
    with open(os.path.join(ns.out, "rejected.txt"), "w") as fh:
        fh.write("# Candidate forms ptxas -arch=sm_75 rejects (generated by gen.py)\n")
        fh.write("# family\top\targs\tptxas\n")
        for f, e in rejected:
            fh.write("%s\t%s\t%s\t%s\n" % (f.family, f.op, ",".join(f.args), e))
    print("%d forms kept, %d rejected by ptxas" % (len(kept), len(rejected)))


if __name__ == "__main__":
    main()
