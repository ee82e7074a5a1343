#!/usr/bin/env python3
"""Random OpenCL C kernels for differential testing (tests/clfuzz/README.md).

    gen.py SEED [--features LIST] > kernel.cl

Every kernel is `fuzz(in, out, acc, n)`: each work-item reads words of `in`,
computes over variables of every integer type (and float), with branches,
loops, switches, private arrays, calls, local memory between barriers and
commutative atomics on `acc`, and stores every variable into its row of `out`.
The program is free of undefined behaviour (arithmetic is done in unsigned
types, divisions and shifts are guarded, loops are bounded, each local slot has
one writer per phase), so POCL's answer is the answer every correct compiler
and translator must give. The first line records the seed and the launch.
"""
import argparse
import random
import sys

INTS = ["uchar", "char", "ushort", "short", "uint", "int", "ulong", "long"]
FLOAT = "float"
DOUBLE = "double"
FLOATS = (FLOAT, DOUBLE)
BITS = {"uchar": 8, "char": 8, "ushort": 16, "short": 16, "uint": 32,
        "int": 32, "ulong": 64, "long": 64}
SIGNED = {"char", "short", "int", "long"}
# The unsigned type each type's arithmetic is done in (no signed overflow,
# no promotion of ushort to int that could overflow).
WIDE = {t: ("ulong" if BITS[t] == 64 else "uint") for t in INTS}
UNS = {"uchar": "uchar", "char": "uchar", "ushort": "ushort", "short": "ushort",
       "uint": "uint", "int": "uint", "ulong": "ulong", "long": "ulong"}
MINS = {"char": "CHAR_MIN", "short": "SHRT_MIN", "int": "INT_MIN",
        "long": "LONG_MIN"}
UPSAMPLE = {"short": ("char", "uchar"), "ushort": ("uchar", "uchar"),
            "int": ("short", "ushort"), "uint": ("ushort", "ushort"),
            "long": ("int", "uint"), "ulong": ("uint", "uint")}
ALL_FEATURES = ["float", "loops", "switch", "arrays", "calls", "local",
                "atomics", "long", "builtins", "memory"]
# Opt-in features, outside the default list (the committed corpus is the
# default list's: a kernel generated without these is byte for byte what it
# was before they existed, so none of them draws a random number unless on).
EXTRA_FEATURES = ["double", "constant", "ndrange2d", "vector"]
# Each accumulator slot's family: updates within one commute.
FAMILIES = ["add", "or", "xor", "smin", "smax", "and", "min", "max", "casmax"]
ORDERS = ["__ATOMIC_RELAXED", "__ATOMIC_ACQUIRE", "__ATOMIC_RELEASE",
          "__ATOMIC_ACQ_REL", "__ATOMIC_SEQ_CST"]
WORKITEM = ["gid", "lid", "get_local_size(0)", "get_group_id(0)",
            "get_num_groups(0)", "get_global_size(0)"]
# Feature "ndrange2d": the second dimension's queries (gid and lid are the
# linear ids there). No get_global_offset: libclc-19 has none for nvptx
# (ptxas: unresolved extern function _Z17get_global_offsetj).
WORKITEM_2D = ["get_global_id(0)", "get_global_id(1)", "get_local_id(0)",
               "get_local_id(1)", "get_group_id(1)", "get_num_groups(1)",
               "get_local_size(1)", "get_global_size(1)"]
# Words at the start of each work-item's row of `out` that it stores into and
# loads from at several widths while it runs.
SCRATCH = 4

PREAMBLE = """\
#pragma OPENCL FP_CONTRACT OFF
"""


def helpers(double=False):
    """Guarded division, remainder and shifts, one per type."""
    out = []
    for t in INTS:
        u = UNS[t]
        w = WIDE[t]
        bits = BITS[t]
        if t in SIGNED:
            bad = f"b == 0 || (a == {MINS[t]} && b == -1)"
        else:
            bad = "b == 0"
        out.append(f"static inline {t} div_{t}({t} a, {t} b) "
                   f"{{ return ({bad}) ? a : ({t})(a / b); }}")
        out.append(f"static inline {t} rem_{t}({t} a, {t} b) "
                   f"{{ return ({bad}) ? a : ({t})(a % b); }}")
        out.append(f"static inline {t} shl_{t}({t} a, uint s) "
                   f"{{ return ({t})(({w})({u})a << (s & {bits - 1})); }}")
        out.append(f"static inline {t} shr_{t}({t} a, uint s) "
                   f"{{ return ({t})(a >> (s & {bits - 1})); }}")
    out.append("static inline uint fbits(float f) "
               "{ return isnan(f) ? 0x7fc00000u : as_uint(f); }")
    if double:
        # A double's bits with every NaN one pattern (a NaN's sign and
        # payload differ between GPUs and x86), as fbits does for float.
        out.append("static inline ulong dbits(double f) "
                   "{ return isnan(f) ? 0x7ff8000000000000ul : as_ulong(f); }")
        # Bits to a double, a signalling NaN made quiet: fmin/fmax of a
        # signalling NaN differ (IEEE minNum returns NaN, OpenCL's fmin the
        # other operand, and each backend does one or the other).
        out.append("static inline double qdbl(ulong u) "
                   "{ double d = as_double(u); "
                   "return isnan(d) ? as_double(u | 0x8000000000000ul) : d; }")
    return "\n".join(out) + "\n"


class Gen:
    def __init__(self, seed, features):
        self.r = random.Random(seed)
        self.seed = seed
        self.f = set(features)
        self.vars = []  # (name, type)
        self.n = 0
        self.depth = 0
        self.loop_depth = 0
        self.in_loop = False
        self.lines = []
        self.ind = 1
        self.calls = []
        self.arrays = []
        self.wg = self.r.choice([32, 64, 64, 128, 256])
        self.groups = self.r.choice([1, 2, 3, 4])
        self.inwords = 1024
        self.acc_words = 64
        self.local_phases = 0
        self.ro = []  # readable, never assigned (loop counters)
        self.in_fn = False
        self.ctabs = []  # (name, type, size): __constant tables
        self.vdecls = []  # vload/vstore overloads on __global pointers
        self.vnest = 0  # vector expressions being generated (feature "vector")
        # The launch's shape: 1-D unless "ndrange2d" (drawn only then).
        self.gdims, self.bdims = (self.groups,), (self.wg,)
        if "ndrange2d" in self.f:
            by = self.r.choice([1, 2, 4, 8, 16])
            while self.wg % by or self.wg // by < 2:
                by //= 2
            gy = self.r.choice([1, 2, 3])
            self.bdims = (self.wg // by, by)
            self.gdims = (self.groups, gy)
            self.groups *= gy

    # --- emission -----------------------------------------------------
    def emit(self, s):
        self.lines.append("    " * self.ind + s)

    def fresh(self, t):
        self.n += 1
        return f"v{self.n}"

    def types(self):
        ts = [t for t in INTS if "long" in self.f or BITS[t] < 64]
        if "float" in self.f:
            ts = ts + [FLOAT, FLOAT]
        if "double" in self.f:
            ts = ts + [DOUBLE, DOUBLE]
        return ts

    def pick_var(self, t):
        c = [v for v, vt in self.vars + self.ro if vt == t]
        return self.r.choice(c) if c else None

    # --- expressions --------------------------------------------------
    def leaf(self, t):
        if t not in BITS and t not in FLOATS:
            return self.vleaf(t)
        r = self.r.random()
        v = self.pick_var(t)
        if v and r < 0.6:
            return v
        if r < 0.72 or not self.vars:
            return self.const(t)
        if r < 0.8 and "memory" in self.f and t not in FLOATS:
            return self.mem_read(t)
        if r < 0.83 and t not in FLOATS and not self.in_fn:
            return f"({t}){self.r.choice(self.workitem())}"
        ext = self.extra_leaf(t, r)
        if ext is not None:
            return ext
        # A conversion from another variable.
        nm, vt = self.r.choice(self.scalar_vars())
        if t == DOUBLE or vt == DOUBLE:
            return self.dconv(t, nm, vt)
        if t == FLOAT:
            if vt == FLOAT:
                return nm
            return f"convert_float({nm})"
        if vt == FLOAT:
            if BITS[t] == 64:
                # Below 2^63: libclc's saturating float -> 64-bit conversion
                # lets 2^63 (2^64 unsigned) through to a conversion that
                # overflows; LLVM's AMDGPU expansion then gives LONG_MIN
                # (0xffffffff00000000), where NVIDIA's F2I saturates.
                nm = f"fmin({nm}, 9.2e18f)"
            return f"convert_{t}_sat_rtz({nm})" if self.r.random() < 0.5 \
                else f"convert_{t}_sat({nm})"
        if self.r.random() < 0.25 and t != vt:
            return f"convert_{t}_sat({nm})"
        return f"({t}){nm}"

    def workitem(self):
        if "ndrange2d" in self.f:
            return WORKITEM + WORKITEM_2D
        return WORKITEM

    def scalar_vars(self):
        """The variables of scalar types (all of them without "vector")."""
        if "vector" in self.f:
            return [x for x in self.vars if x[1] in BITS or x[1] in FLOATS]
        return self.vars

    def extra_leaf(self, t, r):
        """A leaf of an opt-in feature, or None (draws nothing when every
        opt-in feature is off)."""
        if self.ctabs and t in INTS and r < 0.93:
            return self.ctab_read(t)
        if "vector" in self.f and t in INTS and r < 0.97 and not self.vnest:
            # Not inside another vector expression: a scalar leaf of one
            # would start another (the expressions grew to megabytes).
            return self.vreduce(t, 2)
        return None

    def ctab_read(self, t):
        """A read of a __constant table (feature "constant"): an index
        computed at run time, or a constant one."""
        nm, ty, size = self.r.choice(self.ctabs)
        k = self.r.randrange(4)
        if k == 0:
            return f"({t}){nm}[{self.r.randrange(size)}]"
        if k == 1 and size >= 4:
            # Through a __constant pointer of another width.
            cnt = size * BITS[ty] // 32
            if cnt:
                return (f"({t})((__constant uint *){nm})"
                        f"[({self.expr('uint', 3)}) % {cnt}u]")
        return f"({t}){nm}[({self.expr('uint', 3)}) % {size}u]"

    def make_ctabs(self):
        """One to three __constant tables of random contents."""
        self.ctab_decls = []
        for i in range(self.r.randrange(1, 4)):
            ty = self.r.choice([t for t in INTS
                                if "long" in self.f or BITS[t] < 64])
            size = self.r.choice([3, 4, 7, 8, 13, 16, 32, 61])
            vals = []
            for _ in range(size):
                v = self.r.getrandbits(BITS[ty])
                if self.r.random() < 0.2:
                    v = self.r.choice([0, 1, (1 << BITS[ty]) - 1,
                                       1 << (BITS[ty] - 1)])
                vals.append(v)
            suf = "ul" if BITS[ty] == 64 else "u"
            body = ", ".join(f"({ty})0x{v:x}{suf}" for v in vals)
            # 8-byte aligned: the uint view reads whole words.
            self.ctab_decls.append(
                f"__constant {ty} ctab{i}[{size}] __attribute__((aligned(8))) "
                f"= {{{body}}};")
            self.ctabs.append((f"ctab{i}", ty, size))

    def dconv(self, t, nm, vt):
        """A conversion to or from double (feature "double")."""
        if t == vt:
            return nm
        if t == DOUBLE:
            if vt == FLOAT:
                return f"(double){nm}"
            if BITS[vt] == 64 and self.r.random() < 0.5:
                # Halved: libclc's rounding-mode int -> double conversions
                # convert the rounded double back to the integer type to
                # compare, which overflows (undefined) where the value
                # rounds up to 2^63 (2^64 unsigned).
                m = self.r.choice(["_rtz", "_rtn", "_rtp", "_rte"])
                return f"convert_double{m}(({vt})({nm} >> 1))"
            if BITS[vt] < 64:
                m = self.r.choice(["", "", "_rtz", "_rtn", "_rtp", "_rte"])
                return f"convert_double{m}({nm})"
            return f"convert_double({nm})"
        if t == FLOAT:
            # double -> float rounds (and overflows to infinity) by IEEE.
            m = self.r.choice(["", "", "_rte"])
            return f"convert_float{m}({nm})"
        if BITS[t] == 64:
            # Below 2^63, as for float: libclc's saturation test lets 2^63
            # (2^64 unsigned) through to a conversion that overflows.
            nm = f"fmin({nm}, 9.2e18)"
        m = self.r.choice(["", "_rtz", "_rte", "_rtn", "_rtp"])
        return f"convert_{t}_sat{m}({nm})"

    def mem_read(self, t):
        """A load of another width or a vector from `in`, or of the
        work-item's own scratch words in `out`."""
        ix = self.expr("uint", 3)
        n = self.inwords
        k = self.r.randrange(9)
        if k == 0:
            return f"({t})((__global const uchar *)in)[({ix}) % {4 * n}u]"
        if k == 1:
            return f"({t})((__global const char *)in)[({ix}) % {4 * n}u]"
        if k == 2:
            return f"({t})((__global const ushort *)in)[({ix}) % {2 * n}u]"
        if k == 3:
            return f"({t})((__global const short *)in)[({ix}) % {2 * n}u]"
        if k == 4:
            return f"({t})((__global const ulong *)in)[({ix}) % {n // 2}u]"
        if k == 5:
            c = self.r.choice("xyzw")
            return f"({t})((__global const uint4 *)in)[({ix}) % {n // 4}u].{c}"
        if k == 6:
            c = self.r.choice(["x", "y"])
            return f"({t})((__global const long2 *)in)[({ix}) % {n // 4}u].{c}"
        ty, cnt = self.r.choice([("uchar", 4 * SCRATCH), ("ushort", 2 * SCRATCH),
                                 ("uint", SCRATCH), ("ulong", SCRATCH // 2)])
        return f"({t})((__global {self.alias(ty)} *)row)[({ix}) % {cnt}u]"

    def scratch_store(self):
        """A store of some width into the work-item's scratch words."""
        ty, cnt = self.r.choice([("uchar", 4 * SCRATCH), ("ushort", 2 * SCRATCH),
                                 ("uint", SCRATCH), ("ulong", SCRATCH // 2),
                                 ("uint2", SCRATCH // 2)])
        ix = self.expr("uint")
        if ty == "uint2":
            v = f"(uint2)({self.expr('uint')}, {self.expr('uint')})"
        else:
            v = f"({ty}){self.expr(ty)}"
        self.emit(f"((__global {self.alias(ty)} *)row)[({ix}) % {cnt}u] = {v};")

    def alias(self, ty):
        """The scratch words' access type: a may_alias typedef. The words
        are stored and loaded at several widths, which C's aliasing rules
        leave undefined, and clang's TBAA let LLVM's AMDGPU build load a
        uint scratch word ahead of a ushort store to it (`--extra double`
        seed 1064, default seed 3050)."""
        return f"{ty}_a"

    def const(self, t):
        if t == DOUBLE:
            return self.r.choice(["0.0", "1.0", "-1.0", "0.5", "3.0", "1e100",
                                  "-2.5e-3", "4294967296.0", "0.1", "-0.0",
                                  "1e-300", "9007199254740993.0",
                                  "4.9406564584124654e-324",
                                  "-2.2250738585072009e-308",
                                  "1.7976931348623157e308",
                                  "9223372036854774784.0", "-0.75",
                                  "2147483647.5", "-2147483648.5"])
        if t == FLOAT:
            c = self.r.choice(["0.0f", "1.0f", "-1.0f", "0.5f", "3.0f",
                               "1e10f", "-2.5e-3f", "65536.0f", "0.1f",
                               "-0.0f", "1e-30f", "16777217.0f"])
            return c
        bits = BITS[t]
        r = self.r.random()
        if r < 0.3:
            v = self.r.randrange(0, 9)
        elif r < 0.5:
            v = (1 << self.r.randrange(bits)) - self.r.choice([0, 1])
        else:
            v = self.r.getrandbits(bits)
        v &= (1 << bits) - 1
        suf = "ul" if bits == 64 else "u"
        return f"({t})0x{v:x}{suf}"

    def expr(self, t, d=0):
        if d > 3 or self.r.random() < 0.25 + 0.15 * d:
            return self.leaf(t)
        if t == FLOAT:
            return self.fexpr(d)
        if t == DOUBLE:
            return self.dexpr(d)
        if t not in BITS:
            return self.vexpr(t, d)
        a = lambda: self.expr(t, d + 1)
        w = WIDE[t]
        k = self.r.randrange(20)
        if k < 3:
            op = self.r.choice(["+", "-", "*"])
            return f"({t})(({w}){a()} {op} ({w}){a()})"
        if k < 5:
            op = self.r.choice(["&", "|", "^"])
            return f"({t})({a()} {op} {a()})"
        if k == 5:
            return f"({t})(~{a()})"
        if k == 6:
            if t in SIGNED and BITS[t] < 32:
                # Not negated: ptxas computes neg.s16 as a 32-bit negation
                # of the sign-extended value and compares that, so
                # -(short)-32768 is +32768 on a GPU (and under xisa).
                return f"({t})(~{a()})"
            return f"({t})(-({w}){a()})"
        if k == 7:
            return f"shl_{t}({a()}, (uint){self.expr('uint', d + 1)})"
        if k == 8:
            return f"shr_{t}({a()}, (uint){self.expr('uint', d + 1)})"
        if k == 9:
            fn = self.r.choice(["div", "rem"])
            return f"{fn}_{t}({a()}, {a()})"
        if k == 10:
            c = self.cond(d + 1)
            # The cast: ?: promotes narrow operands to int.
            return f"({t})(({c}) ? {a()} : {a()})"
        if k == 11:
            op = self.r.choice(["==", "!=", "<", "<=", ">", ">="])
            ot = self.r.choice(self.types())
            return f"({t})({self.expr(ot, d + 1)} {op} {self.expr(ot, d + 1)})"
        if "builtins" in self.f:
            return self.builtin(t, d)
        return self.leaf(t)

    def builtin(self, t, d):
        a = lambda: self.expr(t, d + 1)
        k = self.r.randrange(16)
        if k == 0:
            return f"mul_hi({a()}, {a()})"
        if k == 1:
            # libclc has no mad_hi (nor ctz): its definition, spelled out.
            w = WIDE[t]
            return f"({t})(({w})mul_hi({a()}, {a()}) + ({w}){a()})"
        if k == 2:
            return f"rotate({a()}, {a()})"
        if k == 3:
            return f"({t})clz({a()})"
        if k == 4:
            return f"({t})popcount({a()})"
        if k == 5:
            fn = self.r.choice(['add_sat', 'sub_sat'])
            if fn == "sub_sat" and t in SIGNED:
                # Unsigned: libclc's signed sub_sat saturates 0 - MIN to MIN
                # (it picks the bound by a > 0), POCL to MAX.
                u = UNS[t]
                return f"({t})sub_sat(({u}){a()}, ({u}){a()})"
            return f"{fn}({a()}, {a()})"
        if k == 6:
            return f"{self.r.choice(['hadd', 'rhadd'])}({a()}, {a()})"
        if k == 7:
            # Unsigned only: POCL's abs_diff of signed ints wraps where the
            # difference exceeds the signed range (abs_diff(0x3eeb425e,
            # -0x62b79ac6) gives 0x5e5d22dc, not 0xa1a2dd24).
            u = UNS[t]
            return f"({t})abs_diff(({u}){a()}, ({u}){a()})"
        if k == 8:
            return f"{self.r.choice(['min', 'max'])}({a()}, {a()})"
        if k == 9:
            x, y = a(), a()
            return f"clamp({a()}, min({x}, {y}), max({x}, {y}))"
        if k == 10 and BITS[t] >= 32:
            # Not on 8/16-bit types: ptxas turns abs.s16 + cvt.s32.s16 into
            # IABS of the sign-extended value, so abs(SHRT_MIN) is +32768 on
            # a GPU (and under xisa) where OpenCL C gives -32768.
            return f"({t})abs({a()})"
        if k == 11:
            # Not mad_sat: libclc's overflows (undefined behaviour), and LLVM
            # folds constant operands differently per target.
            x = a()
            return f"({t})(({x} < 0) ? {x} : ({WIDE[t]}){a()})"
        if k == 12:
            return f"({t})popcount(({t})(~{a()}))"
        if k == 13 and t in ("int", "uint"):
            # Operands small enough that the product (and for int the sum)
            # stays in range: libclc multiplies and adds with signed-overflow
            # flags, and LLVM infers facts from them (a negative 24-bit
            # product was assumed non-negative).
            m = "0x7fff" if t == "int" else "0xffff"
            x = f"({t})({a()} & {m})"
            y = f"({t})({a()} & {m})"
            if self.r.random() < 0.5:
                return f"mul24({x}, {y})"
            c = f"({t})({a()} & 0x3fffffff)" if t == "int" else a()
            return f"mad24({x}, {y}, {c})"
        if k == 14 and t in UPSAMPLE:
            h, l = UPSAMPLE[t]
            return f"upsample({self.expr(h, d + 1)}, {self.expr(l, d + 1)})"
        if k == 15:
            return f"bitselect({a()}, {a()}, {a()})"
        return self.leaf(t)

    def fexpr(self, d):
        return self.fpexpr(FLOAT, d)

    def dexpr(self, d):
        """A double expression (feature "double"): no division or sqrt
        (their rounding on every path is not checked)."""
        return self.fpexpr(DOUBLE, d)

    def fpexpr(self, t, d):
        """A float or double expression: the same forms, with a double bit
        view besides."""
        a = lambda: self.expr(t, d + 1)
        f = "f" if t == FLOAT else ""
        k = self.r.randrange(12 if t == FLOAT else 13)
        if k < 4:
            op = self.r.choice(["+", "-", "*"])
            return f"({a()} {op} {a()})"
        if k == 4:
            return f"fma({a()}, {a()}, {a()})"
        if k == 5:
            # + 0.0: which zero fmin(-0, +0) returns is unspecified (GPUs
            # order -0 below +0, x86 returns the second operand); the sum
            # makes it +0 everywhere.
            return f"({self.r.choice(['fmin', 'fmax'])}({a()}, {a()}) + 0.0{f})"
        if k == 6:
            fn = self.r.choice(["floor", "ceil", "trunc", "rint", "round",
                                "fabs"])
            return f"{fn}({a()})"
        if k == 7:
            # The sign source is never NaN: a NaN's sign differs between
            # GPUs (canonical positive NaN) and x86 (the input NaN's).
            y = a()
            return f"copysign({a()}, (isnan({y}) ? 1.0{f} : {y}))"
        if k == 8:
            return f"(-({a()}))"
        if k == 9:
            c = self.cond(d + 1)
            return f"(({c}) ? {a()} : {a()})"
        ints = [it for it in INTS if "long" in self.f or BITS[it] < 64]
        if k == 10 and t == FLOAT:
            return f"convert_float({self.expr(self.r.choice(ints), d + 1)})"
        if k == 10:
            ot = self.r.choice(ints + [FLOAT])
            x = self.expr(ot, d + 1)
            return self.dconv(DOUBLE, f"({x})", ot)
        if k == 11 and t == DOUBLE:
            # A bit view: integer bits to a double (any pattern, NaNs
            # included), or a double's bits (NaNs made one pattern) mixed.
            if self.r.random() < 0.5:
                return f"qdbl({self.expr('ulong', d + 1)})"
            return (f"qdbl(dbits({a()}) ^ "
                    f"({self.expr('ulong', d + 1)} & 0x800fffffffffffful))")
        return f"fdim({a()}, {a()})"

    # --- vectors (feature "vector") ------------------------------------
    def vtypes(self):
        out = []
        for b in INTS:
            if BITS[b] == 64 and "long" not in self.f:
                continue
            for n in (2, 4, 8, 16):
                if n * BITS[b] <= 256:
                    out.append(f"{b}{n}")
        return out

    @staticmethod
    def vsplit(vt):
        b = vt.rstrip("0123456789")
        return b, int(vt[len(b):])

    def vleaf(self, vt):
        b, n = self.vsplit(vt)
        r = self.r.random()
        v = self.pick_var(vt)
        if v and r < 0.5:
            return v
        if r < 0.65 or not self.vars:
            return f"({vt})({', '.join(self.const(b) for _ in range(n))})"
        if r < 0.75:
            return f"({vt})({self.expr(b, 3)})"
        if r < 0.9 and "memory" in self.f:
            return self.vload(vt)
        return f"({vt})({', '.join(self.pick_var(b) or self.const(b) for _ in range(n))})"

    def vdecl(self, fn, b, n):
        """Declares the __global overload of vloadN/vstoreN: under
        -cl-std=CL2.0 clang's header declares only the generic-pointer
        ones, which libclc-19 for amdgcn lacks (ld.lld: undefined hidden
        symbol vload4(unsigned long, unsigned int const AS0*))."""
        if fn == "vload":
            d = (f"{b}{n} __attribute__((overloadable)) vload{n}(size_t, "
                 f"const __global {b} *);")
        else:
            d = (f"void __attribute__((overloadable)) vstore{n}({b}{n}, "
                 f"size_t, __global {b} *);")
        if d not in self.vdecls:
            self.vdecls.append(d)

    def vload(self, vt):
        """A vload from `in` (any element-aligned address) or from the
        work-item's scratch words."""
        b, n = self.vsplit(vt)
        self.vdecl("vload", b, n)
        size = BITS[b] // 8
        ix = self.expr("uint", 3)
        if self.r.random() < 0.5 or self.in_fn or n * size > 4 * SCRATCH:
            cnt = 4 * self.inwords // size
            if self.r.random() < 0.5:
                return (f"vload{n}(({ix}) % {cnt // n}u, "
                        f"(__global const {b} *)in)")
            return (f"vload{n}(0, (__global const {b} *)in + "
                    f"({ix}) % {cnt - n + 1}u)")
        cnt = 4 * SCRATCH // size
        return f"vload{n}(0, (__global {b} *)row + ({ix}) % {cnt - n + 1}u)"

    def uvt(self, vt):
        b, n = self.vsplit(vt)
        return f"{UNS[b]}{n}"

    def swizzle(self, n, src_n):
        if src_n == 2 * n and self.r.random() < 0.4:
            return self.r.choice(["lo", "hi", "even", "odd"])
        if n == 1:
            return "s" + "%x" % self.r.randrange(src_n)
        return "s" + "".join("%x" % self.r.randrange(src_n)
                             for _ in range(n))

    def vexpr(self, vt, d):
        self.vnest += 1
        try:
            return self.vexpr1(vt, d)
        finally:
            self.vnest -= 1

    def vexpr1(self, vt, d):
        b, n = self.vsplit(vt)
        a = lambda: self.expr(vt, d + 1)
        u = self.uvt(vt)
        signed = b in SIGNED
        bits = BITS[b]
        k = self.r.randrange(16)
        if k < 2:
            # Unsigned arithmetic (signed overflow is undefined).
            op = self.r.choice(["+", "-", "*"])
            if signed:
                return f"as_{vt}(as_{u}({a()}) {op} as_{u}({a()}))"
            return f"({a()} {op} {a()})"
        if k == 2:
            op = self.r.choice(["&", "|", "^"])
            return f"({a()} {op} {a()})"
        if k == 3:
            return f"(~{a()})"
        if k == 4:
            m = f"({vt})({bits - 1})"
            if self.r.random() < 0.5:
                if signed:
                    return f"as_{vt}(as_{u}({a()}) << (as_{u}({a()}) & ({u})({bits - 1})))"
                return f"({a()} << ({a()} & {m}))"
            return f"({a()} >> ({a()} & {m}))"
        if k == 5:
            # The comparison's result: a signed vector of the same widths.
            op = self.r.choice(["==", "!=", "<", "<=", ">", ">="])
            return f"select({a()}, {a()}, ({a()} {op} {a()}))"
        if k == 6:
            src_n = self.r.choice([m for m in (2, 4, 8, 16)
                                   if m * bits <= 256])
            sw = self.swizzle(n, src_n)
            return f"({self.expr(f'{b}{src_n}', d + 1)}).{sw}"
        if k == 7:
            # Constant masks: shuffle's mask elements have the result's
            # element width, unsigned.
            src_n = self.r.choice([m for m in (2, 4, 8, 16)
                                   if m * bits <= 256])
            mt = f"{UNS[b]}{n}"
            src = f"{b}{src_n}"
            if self.r.random() < 0.5:
                mask = ", ".join(str(self.r.randrange(src_n)) for _ in range(n))
                return f"shuffle({self.expr(src, d + 1)}, ({mt})({mask}))"
            mask = ", ".join(str(self.r.randrange(2 * src_n)) for _ in range(n))
            return (f"shuffle2({self.expr(src, d + 1)}, {self.expr(src, d + 1)}, "
                    f"({mt})({mask}))")
        if k == 8:
            ob = self.r.choice([x for x in INTS if "long" in self.f
                                or BITS[x] < 64])
            if n * BITS[ob] > 256:
                ob = "uchar"
            sat = self.r.choice(["", "_sat"])
            return f"convert_{vt}{sat}({self.expr(f'{ob}{n}', d + 1)})"
        if k == 9 and n >= 4:
            h = f"{b}{n // 2}"
            return f"({vt})({self.expr(h, d + 1)}, {self.expr(h, d + 1)})"
        if k == 10:
            return f"(({self.cond(d + 1)}) ? {a()} : {a()})"
        if k == 11:
            # A bit view of another type of the same size.
            size = n * bits
            cands = [x for x in self.vtypes() if x != vt and
                     self.vsplit(x)[1] * BITS[self.vsplit(x)[0]] == size]
            cands += [x for x in ("uint", "ulong", "ushort") if BITS[x] == size
                      and ("long" in self.f or BITS[x] < 64)]
            if cands:
                return f"as_{vt}({self.expr(self.r.choice(cands), d + 1)})"
            return a()
        # Built-ins, element-wise.
        fn = self.r.choice(["min", "max", "clamp", "rotate", "popcount", "clz",
                            "add_sat", "sub_sat", "hadd", "rhadd", "mul_hi",
                            "abs_diff", "bitselect", "abs"])
        if fn == "clamp":
            x, y = a(), a()
            return f"clamp({a()}, min({x}, {y}), max({x}, {y}))"
        if fn in ("popcount", "clz"):
            return f"{fn}({a()})"
        if fn == "bitselect":
            return f"bitselect({a()}, {a()}, {a()})"
        if fn in ("sub_sat", "abs_diff"):
            # Unsigned operands, as for scalars (libclc's signed sub_sat,
            # POCL's signed abs_diff).
            if signed:
                return f"as_{vt}({fn}(as_{u}({a()}), as_{u}({a()})))"
            return f"{fn}({a()}, {a()})"
        if fn == "abs":
            # 32/64-bit elements only, as for scalars (ptxas's abs.s16).
            if bits >= 32:
                return f"as_{vt}(abs({a()}))"
            return f"(~{a()})"
        return f"{fn}({a()}, {a()})"

    def vreduce(self, t, d):
        """A scalar from a vector: an element, a bit view, a sum in the
        unsigned type, any/all of a comparison."""
        self.vnest += 1
        try:
            return self.vreduce1(t, d)
        finally:
            self.vnest -= 1

    def vreduce1(self, t, d):
        vt = self.r.choice(self.vtypes())
        b, n = self.vsplit(vt)
        k = self.r.randrange(5)
        v = self.pick_var(vt) if self.r.random() < 0.6 else None
        x = v or f"({self.expr(vt, d + 1)})"
        if k == 0:
            return f"({t}){x}.s{self.r.randrange(n):x}"
        if k == 1:
            size = n * BITS[b]
            views = {16: "ushort", 32: "uint", 64: "ulong"}
            if size in views and ("long" in self.f or size < 64):
                return f"({t})as_{views[size]}({x})"
            return f"({t}){x}.s0"
        if k == 2:
            w = WIDE[b]
            return f"({t})(" + " + ".join(f"({w}){x}.s{i:x}" for i in range(n)) + ")"
        if k == 3:
            op = self.r.choice(["==", "!=", "<", "<=", ">", ">="])
            fn = self.r.choice(["any", "all"])
            return f"({t}){fn}({x} {op} {self.expr(vt, d + 1)})"
        return f"({t})({x}.{self.swizzle(2, n)}).y"

    def vec_stmt(self):
        """A vector declaration, an assignment to a vector or some of its
        components, or a vstore into the scratch words."""
        k = self.r.random()
        vs = [x for x in self.vars if x[1] not in BITS and x[1] not in FLOATS]
        if k < 0.4 or not vs:
            vt = self.r.choice(self.vtypes())
            nm = self.fresh(vt)
            self.emit(f"{vt} {nm} = {self.expr(vt)};")
            self.vars.append((nm, vt))
            return
        nm, vt = self.r.choice(vs)
        b, n = self.vsplit(vt)
        if k < 0.6:
            self.emit(f"{nm} = {self.expr(vt)};")
        elif k < 0.8:
            m = self.r.choice([m for m in (1, 2, 4, 8) if m < n])
            # Distinct components on the left.
            comps = self.r.sample(range(n), m)
            lhs = "s" + "".join("%x" % c for c in comps)
            rt = b if m == 1 else f"{b}{m}"
            self.emit(f"{nm}.{lhs} = {self.expr(rt)};")
        elif "memory" in self.f and not self.in_fn:
            size = BITS[b] // 8
            if n * size > 4 * SCRATCH:
                self.emit(f"{nm} = {self.expr(vt)};")
                return
            cnt = 4 * SCRATCH // size
            self.vdecl("vstore", b, n)
            self.emit(f"vstore{n}({self.expr(vt)}, 0, (__global {b} *)row + "
                      f"({self.expr('uint')}) % {cnt - n + 1}u);")
        else:
            self.emit(f"{nm} = {self.expr(vt)};")

    def cond(self, d=0):
        t = self.r.choice(self.types())
        op = self.r.choice(["==", "!=", "<", "<=", ">", ">="])
        if self.r.random() < 0.2 and t not in FLOATS:
            return f"({self.expr(t, d + 1)} & {self.const(t)}) {op} {self.const(t)}"
        return f"{self.expr(t, d + 1)} {op} {self.expr(t, d + 1)}"

    # --- statements ---------------------------------------------------
    def assign(self):
        if not self.vars:
            return
        nm, t = self.r.choice(self.vars)
        self.emit(f"{nm} = {self.expr(t)};")

    def decl(self):
        t = self.r.choice(self.types())
        nm = self.fresh(t)
        self.emit(f"{t} {nm} = {self.expr(t)};")
        self.vars.append((nm, t))

    def stmt(self):
        k = self.r.random()
        if k < 0.35:
            self.assign()
        elif k < 0.45 and self.depth < 3:
            self.if_stmt()
        elif k < 0.52 and "loops" in self.f and self.depth < 3 \
                and self.loop_depth < 2:
            self.loop()
        elif k < 0.57 and "switch" in self.f and self.depth < 3:
            self.switch()
        elif k < 0.63 and "arrays" in self.f and self.arrays:
            self.array_op()
        elif k < 0.68 and "atomics" in self.f:
            self.atomic()
        elif k < 0.72 and "calls" in self.f and self.calls:
            self.call()
        elif k < 0.74 and "memory" in self.f:
            self.scratch_store()
        elif k < 0.78 and self.in_loop:
            c = self.cond()
            self.emit(f"if ({c}) {self.r.choice(['break', 'continue'])};")
        elif k >= 0.85 and "vector" in self.f:
            self.vec_stmt()
        else:
            self.assign()

    def block(self, n):
        # Declarations inside a block are out of scope after it.
        saved = len(self.vars)
        self.depth += 1
        self.ind += 1
        for _ in range(n):
            if self.r.random() < 0.15:
                self.decl()
            else:
                self.stmt()
        self.ind -= 1
        self.depth -= 1
        del self.vars[saved:]

    def if_stmt(self):
        self.emit(f"if ({self.cond()}) {{")
        self.block(self.r.randrange(1, 4))
        if self.r.random() < 0.5:
            self.emit("} else {")
            self.block(self.r.randrange(1, 4))
        self.emit("}")

    def loop(self):
        i = f"i{self.n}"
        self.n += 1
        if self.r.random() < 0.5:
            bound = str(self.r.randrange(1, 9))
        else:
            v = self.pick_var("uint") or self.pick_var("int")
            bound = f"((uint){v} & 7u)" if v else "5u"
        self.emit(f"for (uint {i} = 0; {i} < {bound}; {i}++) {{")
        # The counter is read, never assigned.
        self.ro.append((i, "uint"))
        was = self.in_loop
        self.in_loop = True
        self.loop_depth += 1
        self.block(self.r.randrange(1, 5))
        self.loop_depth -= 1
        self.in_loop = was
        self.ro.pop()
        self.emit("}")

    def switch(self):
        t = self.r.choice(["uint", "int", "uchar", "ushort"])
        self.emit(f"switch ({self.expr(t)} & 7) {{")
        cases = self.r.sample(range(8), self.r.randrange(2, 6))
        for c in sorted(cases):
            # Braces: a declaration may not follow a label.
            self.emit(f"case {c}: {{")
            self.block(self.r.randrange(1, 3))
            if self.r.random() < 0.8:
                self.emit("    break;")
            self.emit("}")
        self.emit("default: {")
        self.block(1)
        self.emit("    break;")
        self.emit("}")
        self.emit("}")

    def array_op(self):
        nm, t, size = self.r.choice(self.arrays)
        ix = self.expr("uint")
        if self.r.random() < 0.5:
            self.emit(f"{nm}[({ix}) % {size}u] = {self.expr(t)};")
        else:
            if not self.vars:
                return
            c = [v for v, vt in self.vars if vt == t]
            if c:
                self.emit(f"{self.r.choice(c)} = {nm}[({ix}) % {size}u];")

    def atomic(self):
        """A commutative update of an accumulator: each slot has one family
        of operations, so the final value does not depend on their order."""
        k = self.r.random()
        order = self.r.choice(ORDERS)
        if k < 0.5 or "long" not in self.f:
            slot = self.r.randrange(32)
            fam = FAMILIES[slot % len(FAMILIES)]
            v = self.expr("uint")
            p = f"&acc[{slot}]"
            if fam == "add":
                op = self.r.choice(["atomic_add", "atomic_sub", "inc", "dec",
                                    "__atomic_fetch_add", "__atomic_fetch_sub"])
                if op in ("inc", "dec"):
                    self.emit(f"atomic_{op}({p});")
                    return
            elif fam == "smin" or fam == "smax":
                p = f"(__global int *){p}"
                v = f"(int){v}"
                op = self.r.choice([f"atomic_{fam[1:]}", f"__atomic_fetch_{fam[1:]}"])
            elif fam == "casmax":
                self.emit(f"{{ uint o = acc[{slot}], w = {v};")
                self.emit(f"  while (o < w && !__atomic_compare_exchange_n(&acc[{slot}], "
                          f"&o, w, {self.r.randrange(2)}, {order}, __ATOMIC_RELAXED)) {{}} }}")
                return
            else:
                op = self.r.choice([f"atomic_{fam}", f"__atomic_fetch_{fam}"])
            if op.startswith("__atomic"):
                self.emit(f"{op}({p}, {v}, {order});")
            else:
                self.emit(f"{op}({p}, {v});")
            return
        # Other widths: 8 ulong slots at acc[32..48), 8 ushort at acc[48..52),
        # 16 uchar at acc[52..56), 8 float at acc[56..64) (integers added,
        # exact in any order).
        w = self.r.random()
        if w < 0.5:
            slot = self.r.randrange(8)
            fam = FAMILIES[slot % 5]
            ty = "long" if fam in ("smin", "smax") else "ulong"
            p = f"&((__global {ty} *)(acc + 32))[{slot}]"
        elif w < 0.7:
            slot = self.r.randrange(8)
            fam = self.subword_family(slot, slot % 2 == 0)
            ty = "short" if fam in ("smin", "smax") else "ushort"
            p = f"&((__global {ty} *)(acc + 48))[{slot}]"
        elif w < 0.85:
            slot = self.r.randrange(16)
            fam = self.subword_family(slot, slot % 4 == 0)
            ty = "char" if fam in ("smin", "smax") else "uchar"
            p = f"&((__global {ty} *)(acc + 52))[{slot}]"
        else:
            slot = self.r.randrange(8)
            self.emit(f"__atomic_fetch_add(&((__global float *)(acc + 56))[{slot}], "
                      f"(float)({self.expr('uint')} & 0xffu), {order});")
            return
        op = {"add": "add", "or": "or", "xor": "xor", "smin": "min",
              "smax": "max"}[fam]
        v = self.expr(ty)
        if fam in ("add", "or", "xor") and self.f & set(EXTRA_FEATURES):
            # Never a constant 0 (with an opt-in feature on; the default
            # kernels are left as they were): LLVM 19's AMDGPU instruction
            # selection aborts on an 8/16-bit atomic add, or or xor of 0
            # (made an add of 0: "Cannot select: AtomicLoadAdd ...
            # Constant:i16<0>").
            self.emit(f"__atomic_fetch_{op}({p}, ({ty})(({v}) | 1), {order});")
        else:
            self.emit(f"__atomic_fetch_{op}({p}, ({ty}){v}, {order});")

    def subword_family(self, slot, aligned):
        """The family of an 8/16-bit accumulator slot. With an opt-in
        feature on (the default kernels are left as they were), a min/max
        slot at the start of its 32-bit word takes `or` instead: LLVM 19
        (NVPTX and AMDGPU alike) expands such an `atomicrmw min/max` to a
        CAS loop that computes the new half once, from the first load, so
        lanes running in lockstep (a GPU, xisa's wave mode) write stale
        maxima (seed 2226 of `--features all`, README Findings)."""
        fam = FAMILIES[slot % 5]
        if aligned and fam in ("smin", "smax") and self.f & set(EXTRA_FEATURES):
            return "or"
        return fam

    def call(self):
        name, rt, pts = self.r.choice(self.calls)
        args = ", ".join(self.expr(p) for p in pts)
        c = [v for v, vt in self.vars if vt == rt]
        if c:
            self.emit(f"{self.r.choice(c)} = {name}({args});")

    def function(self, idx):
        """A helper function (half of them kept out of line)."""
        rt = self.r.choice(self.types())
        pts = [self.r.choice(self.types()) for _ in range(self.r.randrange(1, 4))]
        name = f"fn{idx}"
        attr = "__attribute__((noinline)) " if self.r.random() < 0.5 else ""
        saved_vars, saved_lines, saved_ind = self.vars, self.lines, self.ind
        saved_arrays = self.arrays
        self.arrays = []
        self.vars = [(f"p{j}", t) for j, t in enumerate(pts)]
        self.lines = []
        self.ind = 1
        was = set(self.f)
        # Helpers see their parameters only.
        self.f.discard("atomics")
        self.f.discard("memory")
        self.in_fn = True
        for _ in range(self.r.randrange(2, 6)):
            self.stmt()
        body = self.lines
        ret = self.expr(rt)
        self.f = was
        self.in_fn = False
        self.vars, self.lines, self.ind = saved_vars, saved_lines, saved_ind
        self.arrays = saved_arrays
        params = ", ".join(f"{t} p{j}" for j, t in enumerate(pts))
        text = [f"{attr}static {rt} {name}({params}) {{"] + body + \
            [f"    return {ret};", "}"]
        self.calls.append((name, rt, pts))
        return "\n".join(text)

    def local_phase(self, lm):
        """Every lane writes its slot, all wait, each reads another lane's."""
        t = self.r.choice([t for t in self.types() if t not in FLOATS])
        narrow = self.r.random() < 0.4
        if narrow:
            # Two bytes per lane in a byte array: sub-word shared stores.
            j = self.r.randrange(2)
            self.emit(f"lb[lid * 2u + {j}u] = (uchar){self.expr(t)};")
            self.emit(f"lb[lid * 2u + {1 - j}u] = (uchar){self.expr(t)};")
        else:
            self.emit(f"{lm}[lid] = (ulong){self.expr(t)};")
        self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
        k = self.r.randrange(1, self.wg)
        pat = self.r.choice([f"lid ^ {k & (self.wg - 1)}u",
                             f"(lid + {k}u) % {self.wg}u",
                             f"{self.wg - 1}u - lid",
                             f"(lid * {self.r.randrange(1, 8) * 2 + 1}u) % {self.wg}u"])
        ints = [x for x in self.vars if x[1] in INTS]
        nm, vt = self.r.choice(ints or [("x0", "uint")])
        if narrow:
            src = f"lb[({pat}) * 2u + {self.r.randrange(2)}u]"
        else:
            src = f"{lm}[{pat}]"
        # Without an integer variable nothing is read back: x0 is then a
        # float or a double, which `^=` does not take (seeds 2079, 2123 of
        # --features all did not compile).
        if ints:
            self.emit(f"{nm} ^= ({vt}){src};")
        self.emit("barrier(CLK_LOCAL_MEM_FENCE);")

    def kernel(self):
        if "constant" in self.f:
            self.make_ctabs()
        funcs = []
        if "calls" in self.f:
            for i in range(self.r.randrange(1, 4)):
                funcs.append(self.function(i))
        if len(self.bdims) == 2:
            self.emit("uint gid = get_global_id(1) * get_global_size(0) + "
                      "get_global_id(0);")
            self.emit("uint lid = get_local_id(1) * get_local_size(0) + "
                      "get_local_id(0);")
        else:
            self.emit("uint gid = get_global_id(0);")
            self.emit("uint lid = get_local_id(0);")
        self.emit("__global uint *row = out + gid * ROW;")
        nin = self.r.randrange(3, 7)
        for j in range(nin):
            t = self.r.choice(self.types())
            src = f"in[(gid * {nin}u + {j}u) % {self.inwords}u]"
            if t == DOUBLE:
                k = self.r.randrange(3)
                if k == 0:
                    init = f"convert_double((int){src}) * 0.25"
                elif k == 1:
                    init = f"(double)as_float({src} & 0xbfffffffu)"
                else:
                    # Bit 62 clear: finite, below 2 in magnitude.
                    init = (f"as_double((((ulong){src} << 32) | "
                            f"in[(gid * {nin}u + {j}u + 1u) % {self.inwords}u]) "
                            f"& 0xbffffffffffffffful)")
            elif t == FLOAT:
                if self.r.random() < 0.5:
                    init = f"convert_float((int){src}) * 0.25f"
                else:
                    init = f"as_float({src} & 0xbfffffffu)"
            else:
                if BITS[t] == 64:
                    init = (f"({t})(((ulong){src} << 32) | "
                            f"in[(gid * {nin}u + {j}u + 1u) % {self.inwords}u])")
                else:
                    init = f"({t}){src}"
            self.emit(f"{t} x{j} = {init};")
            self.vars.append((f"x{j}", t))
        if "arrays" in self.f:
            for a in range(self.r.randrange(1, 3)):
                t = self.r.choice([t for t in self.types() if t not in FLOATS])
                size = self.r.choice([4, 8, 16])
                nm = f"arr{a}"
                self.emit(f"{t} {nm}[{size}];")
                self.emit(f"for (uint j = 0; j < {size}u; j++) "
                          f"{nm}[j] = ({t})(in[(gid + j * 7u) % {self.inwords}u] * (j + 1u));")
                self.arrays.append((nm, t, size))
        lm = "lm"
        phases = self.r.randrange(1, 4) if "local" in self.f else 0
        for p in range(phases + 1):
            for _ in range(self.r.randrange(4, 10)):
                if self.r.random() < 0.2:
                    self.decl_top()
                else:
                    self.stmt()
            if p < phases:
                self.local_phase(lm)
        # Every variable (and array element) goes to the work-item's row.
        outs = []
        for nm, t in self.vars:
            if t == FLOAT:
                outs.append(f"fbits({nm})")
            elif t == DOUBLE:
                outs.append(f"(uint)dbits({nm})")
                outs.append(f"(uint)(dbits({nm}) >> 32)")
            elif t not in BITS:
                b, n = self.vsplit(t)
                for i in range(n):
                    outs.append(f"(uint)({nm}.s{i:x})")
                    if BITS[b] == 64:
                        outs.append(f"(uint)((ulong){nm}.s{i:x} >> 32)")
            elif BITS[t] == 64:
                outs.append(f"(uint)({nm})")
                outs.append(f"(uint)((ulong){nm} >> 32)")
            else:
                outs.append(f"(uint)({nm})")
        for nm, t, size in self.arrays:
            for j in range(size):
                outs.append(f"(uint)({nm}[{j}])")
        # Rows of an even number of words keep ulong scratch accesses aligned.
        self.outw = (SCRATCH + len(outs) + 1) // 2 * 2
        for j, o in enumerate(outs):
            self.emit(f"row[{SCRATCH + j}u] = {o};")
        dims = lambda d: ",".join(map(str, d))
        head = (f"// clfuzz seed={self.seed} grid={dims(self.gdims)} "
                f"block={dims(self.bdims)} "
                f"in={self.inwords} out={self.outw * self.wg * self.groups} "
                f"acc={self.acc_words} features={','.join(sorted(self.f))}\n")
        local = (f"    __local ulong {lm}[{self.wg}];\n"
                 f"    __local uchar lb[{2 * self.wg}];\n" if phases else "")
        bd = self.bdims + (1,) * (3 - len(self.bdims))
        sig = ("__kernel __attribute__((reqd_work_group_size("
               f"{bd[0]}, {bd[1]}, {bd[2]})))\n"
               "void fuzz(__global const uint *in, __global uint *out, "
               "__global uint *acc, uint n)\n{\n")
        pre = PREAMBLE
        if "double" in self.f:
            pre += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
        return (head + pre + f"#define ROW {self.outw}u\n"
                + helpers("double" in self.f) + self.globals_text() + "\n".join(funcs) + "\n\n" + sig
                + local + "\n".join(self.lines) + "\n}\n")

    def decl_top(self):
        self.decl()

    def globals_text(self):
        """Program-scope declarations: the scratch views' may_alias types,
        the opt-in features' tables and vector helpers."""
        text = "".join(f"typedef {t} __attribute__((may_alias)) {t}_a;\n"
                       for t in ("uchar", "ushort", "uint", "ulong", "uint2"))
        if self.ctabs:
            text += "\n".join(self.ctab_decls) + "\n"
        if self.vdecls:
            text += "\n".join(self.vdecls) + "\n"
        return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--features", default=",".join(ALL_FEATURES),
                    help="comma-separated subset of " + ",".join(ALL_FEATURES)
                    + "," + ",".join(EXTRA_FEATURES) + " (default: "
                    + ",".join(ALL_FEATURES) + "); `all`: every feature, "
                    "the opt-in ones included")
    ap.add_argument("--extra", default="",
                    help="opt-in features added to --features: a "
                    "comma-separated subset of " + ",".join(EXTRA_FEATURES)
                    + ", or `all`")
    a = ap.parse_args()
    feats = []
    for f in a.features.split(",") + a.extra.split(","):
        f = f.strip()
        if not f:
            continue
        # `all` in --features: every feature; in --extra: the opt-in ones.
        names = ([f] if f != "all" else EXTRA_FEATURES if f in a.extra.split(",")
                 else ALL_FEATURES + EXTRA_FEATURES)
        for g in names:
            if g not in ALL_FEATURES + EXTRA_FEATURES:
                sys.exit(f"unknown feature {g}")
            if g not in feats:
                feats.append(g)
    sys.stdout.write(Gen(a.seed, feats).kernel())


if __name__ == "__main__":
    main()
