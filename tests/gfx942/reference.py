#!/usr/bin/env python3
"""Reference model of the gfx942-specific corpus kernels (tests/gfx942/kernels).

    reference.py            write expected/NAME.I.bin for the kernels whose
                            launch spec says "oracle": "reference.py"
    reference.py --check    also compare the model of the POCL-oracle kernels
                            with their committed expected/NAME.I.bin

Inputs come from the launch specs through the fill generator of
tests/sm75/pocl/launch.py (the same definition as tests/sm75/README.md).
Semantics follow the AMD CDNA3 ISA guide / LLVM AMDGPUUsage: atomics return the
old value; inc: old >= src ? 0 : old + 1; dec: old == 0 || old > src ? src :
old - 1; FP atomic adds round to nearest even in their own format (f16 and
bf16 per 16-bit half); min/max f64 are IEEE minNum/maxNum on ordinary numbers.
Only results that do not depend on the order of the lanes are modelled (the
kernels are written so that every output is order-free).
"""
import importlib.util
import json
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def _load_launch():
    """tests/sm75/pocl/launch.py as a module (its main() runs only as a
    script)."""
    path = os.path.join(HERE, "..", "sm75", "pocl", "launch.py")
    spec = importlib.util.spec_from_file_location("launch", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


launch = _load_launch()

FMT = {"u8": "B", "i8": "b", "u16": "H", "i16": "h", "u32": "I", "i32": "i",
       "u64": "Q", "i64": "q", "f32": "f", "f64": "d"}


def load_spec(name):
    with open(os.path.join(HERE, "kernels", name + ".launch.json")) as f:
        return json.load(f)


def inputs(sp):
    """Buffer index -> list of raw little-endian dwords / values per elem."""
    bufs = {}
    for i, a in enumerate(sp["args"]):
        if a["kind"] == "buffer":
            bufs[i] = bytearray(launch.fill(a))
    return bufs


def words(b, fmt):
    n = len(b) // struct.calcsize(fmt)
    return list(struct.unpack("<%d%s" % (n, fmt), bytes(b)))


def pack(vals, fmt):
    return struct.pack("<%d%s" % (len(vals), fmt), *vals)


# --- floating point helpers -------------------------------------------------

def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]  # RNE from double


def f64(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def f64_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def f16(h):
    return struct.unpack("<e", struct.pack("<H", h))[0]


def f16_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]  # RNE from double


def bf16(h):
    return f32(h << 16)


def bf16_bits(x):
    """RNE of a double to bf16 (8 significant bits), normal range only."""
    if x == 0:
        return 0x8000 if math.copysign(1, x) < 0 else 0
    m, e = math.frexp(x)            # x = m * 2^e, 0.5 <= |m| < 1
    q = m * 256.0                   # 8 significant bits
    r = round(q)                    # Python round: half to even
    y = math.ldexp(r / 256.0, e)
    return f32_bits(y) >> 16        # exact: y has <= 8 significant bits


def add_f32(a, b):
    return f32_bits(f32(a) + f32(b))     # the double sum is exact


def add_f64(a, b):
    return f64_bits(f64(a) + f64(b))


def pk_add(a, b, kind):
    dec, enc = (f16, f16_bits) if kind == "f16" else (bf16, bf16_bits)
    lo = enc(dec(a & 0xffff) + dec(b & 0xffff))
    hi = enc(dec(a >> 16) + dec(b >> 16))
    return lo | (hi << 16)


def inc(old, lim, mask=0xffffffff):
    return 0 if old >= lim else (old + 1) & mask


def dec(old, lim):
    return lim if old == 0 or old > lim else old - 1


# --- kernels with a reference-only oracle -----------------------------------

def amdgcn_atomics(sp, bufs):
    din = words(bufs[0], "Q")
    d = words(bufs[1], "Q")
    h = words(bufs[2], "I")
    b = words(bufs[3], "I")
    u = words(bufs[4], "I")
    ul = words(bufs[5], "Q")
    ret = words(bufs[6], "I")
    n = sp["block"][0] * sp["grid"][0]
    for i in range(n):
        x = din[i]
        r0 = d[i]
        d[i] = add_f64(d[i], x)
        d[64] = f64_bits(min(f64(d[64]), f64(x)))
        d[65] = f64_bits(max(f64(d[65]), f64(x)))
        r1 = d[66 + i]
        d[66 + i] = f64_bits(min(f64(d[66 + i]), 1.5))
        r2 = h[i]
        h[i] = pk_add(h[i], f16_bits(1.0) | f16_bits(0.5) << 16, "f16")
        k = 64 + (i & 3)
        h[k] = pk_add(h[k], f16_bits(1.0) | f16_bits(2.0) << 16, "f16")
        r3 = b[i]
        b[i] = pk_add(b[i], 0x3f80 | 0x3f00 << 16, "bf16")
        b[k] = pk_add(b[k], 0x3f80 | 0x4000 << 16, "bf16")
        r4 = u[i]
        u[i] = inc(u[i], 5)
        r5 = u[64 + i]
        u[64 + i] = dec(u[64 + i], 5)
        u[128] = inc(u[128], 37)
        u[129] = dec(u[129], 1000)
        r6 = ul[i]
        ul[i] = inc(ul[i], 3, (1 << 64) - 1)
        ret[i] = (r0 & 0xffffffff) ^ (r0 >> 32)
        ret[64 + i] = (r1 & 0xffffffff) ^ (r1 >> 32)
        ret[128 + i] = r2
        ret[192 + i] = r3
        ret[256 + i] = r4
        ret[320 + i] = r5
        ret[384 + i] = r6 & 0xffffffff
    return {1: pack(d, "Q"), 2: pack(h, "I"), 3: pack(b, "I"), 4: pack(u, "I"),
            5: pack(ul, "Q"), 6: pack(ret, "I")}


def wave_ops(sp, bufs):
    v = words(bufs[0], "i")
    n = sp["block"][0]
    out = [0] * (6 * n)
    total = sum(x & 1 for x in v[:n])
    for i in range(n):
        lane, w = i & 63, i >> 6
        base = 64 * w
        ballot = sum(1 << j for j in range(64) if v[base + j] & 1)
        out[6 * i:6 * i + 6] = [
            lane,
            bin(ballot & ((1 << lane) - 1)).count("1"),
            v[base],
            v[base + ((lane + 1) & 63)],
            v[base + (lane ^ 1)],
            total,
        ]
    return {1: pack(out, "i")}


def asm_global_fp(sp, bufs):
    in32 = words(bufs[0], "I")
    in64 = words(bufs[1], "Q")
    h = words(bufs[2], "I")
    b = words(bufs[3], "I")
    f = words(bufs[4], "I")
    d = words(bufs[5], "Q")
    ret32 = words(bufs[6], "I")
    ret64 = words(bufs[7], "Q")
    for i in range(64):
        v, x = in32[i], in64[i]
        ret32[i], h[i] = h[i], pk_add(h[i], v, "f16")
        ret32[64 + i], b[i] = b[i], pk_add(b[i], v, "bf16")
        ret32[128 + i], f[i] = f[i], add_f32(f[i], v)
        ret64[i], d[i] = d[i], add_f64(d[i], x)
        ret64[64 + i] = d[64 + i]
        d[64 + i] = f64_bits(min(f64(d[64 + i]), f64(x)))
        ret64[128 + i] = d[128 + i]
        d[128 + i] = f64_bits(max(f64(d[128 + i]), f64(x)))
        k = 64 + (i & 3)
        h[k] = pk_add(h[k], 0x3c003c00, "f16")
        b[k] = pk_add(b[k], 0x3f803f80, "bf16")
        f[k] = add_f32(f[k], f32_bits(1.0))
        d[192 + (i & 3)] = add_f64(d[192 + (i & 3)], f64_bits(1.0))
        d[196] = f64_bits(min(f64(d[196]), f64(x)))
        d[197] = f64_bits(max(f64(d[197]), f64(x)))
        d[198] = add_f64(d[198], f64_bits(1.0))
    return {2: pack(h, "I"), 3: pack(b, "I"), 4: pack(f, "I"), 5: pack(d, "Q"),
            6: pack(ret32, "I"), 7: pack(ret64, "Q")}


def asm_buffer(sp, bufs):
    in32 = words(bufs[0], "I")
    m = words(bufs[1], "I")
    fm = words(bufs[2], "I")
    m64 = words(bufs[3], "Q")
    dm = words(bufs[4], "Q")
    r32 = words(bufs[5], "I")
    r64 = words(bufs[6], "Q")
    M = 0xffffffff

    def s32(x):
        return x - (1 << 32) if x & 0x80000000 else x

    for i in range(64):
        v = in32[i]
        r32[i], m[i] = m[i], (m[i] + v) & M
        r32[64 + i], m[64 + i] = m[64 + i], v
        old = m[128 + i]
        r32[128 + i] = old
        if old == 128 + i + (i & 1):
            m[128 + i] = v
        r32[192 + i], m[192 + i] = m[192 + i], inc(m[192 + i], v)
        r32[256 + i], m[256 + i] = m[256 + i], dec(m[256 + i], v)
        r32[320 + i], m[320 + i] = m[320 + i], (m[320 + i] + v) & M
        m[384] = (m[384] - v) & M
        m[385] = min(s32(m[385]), s32(v)) & M
        m[386] = max(s32(m[386]), s32(v)) & M
        m[387] = min(m[387], v)
        m[388] = max(m[388], v)
        m[389] &= ~(1 << (i & 31)) & M
        m[390] |= 1 << (i & 31)
        m[391] ^= v
        m[392] = (m[392] + v) & M
        fm[0] = add_f32(fm[0], f32_bits(1.0))
        fm[1] = pk_add(fm[1], 0x38003c00, "f16")
        r32[384 + i], fm[2 + i] = fm[2 + i], add_f32(fm[2 + i], f32_bits(0.5))
        r32[448 + i], fm[66 + i] = fm[66 + i], pk_add(fm[66 + i], 0x40003c00, "f16")
        r64[i], m64[i] = m64[i], (m64[i] + i) & ((1 << 64) - 1)
        m64[64] = max(m64[64], v)
        old = m64[66 + i]
        r64[64 + i] = old
        if old == 66 + i:
            m64[66 + i] = i | (1 << 32)
        dm[0] = add_f64(dm[0], f64_bits(1.0))
        r64[128 + i], dm[1 + i] = dm[1 + i], add_f64(dm[1 + i], f64_bits(0.5))
        dm[65] = f64_bits(min(f64(dm[65]), float(i)))
        dm[66] = f64_bits(max(f64(dm[66]), float(i)))
    return {1: pack(m, "I"), 2: pack(fm, "I"), 3: pack(m64, "Q"), 4: pack(dm, "Q"),
            5: pack(r32, "I"), 6: pack(r64, "Q")}


def asm_ds(sp, bufs):
    inf = words(bufs[0], "I")
    inh = words(bufs[1], "I")
    out = [0] * 776
    S = [0, 0, 0, 0, 0, 0x7f7fffff]
    s6 = f64_bits(0.0)
    for i in range(64):
        a0, b0, c0, d0 = f32_bits(1.0), 0x3c003c00, 0x3f803f80, i
        out[i] = add_f32(a0, inf[i])
        out[64 + i] = pk_add(b0, inh[i], "f16")
        out[128 + i] = pk_add(c0, inh[i], "bf16")
        out[192 + i] = 1000 + i if d0 == i + (i & 1) else d0
        out[256 + i], out[320 + i], out[384 + i], out[448 + i] = a0, b0, c0, d0
        e_old = f64_bits(1.0)
        e_new = add_f64(e_old, f64_bits(0.25))
        out[520 + 2 * i], out[521 + 2 * i] = e_new & 0xffffffff, e_new >> 32
        out[648 + 2 * i], out[649 + 2 * i] = e_old & 0xffffffff, e_old >> 32
        S[0] = add_f32(S[0], f32_bits(1.0))
        S[1] = pk_add(S[1], 0x38003c00, "f16")
        S[2] = pk_add(S[2], 0x3e803f80, "bf16")
        S[3] = (S[3] + i) & 0xffffffff
        S[4] = f32_bits(max(f32(S[4]), f32(inf[i])))
        S[5] = f32_bits(min(f32(S[5]), f32(inf[i])))
        s6 = add_f64(s6, f64_bits(1.0))
    out[512:520] = S + [s6 & 0xffffffff, s6 >> 32]
    return {2: pack(out, "I")}


# --- models of the POCL-oracle kernels (cross-check only) -------------------

def atomics64(sp, bufs):
    M = (1 << 64) - 1
    inp = words(bufs[0], "q")
    acc = words(bufs[1], "q")
    slots = words(bufs[2], "q")
    hits = words(bufs[3], "i")
    n = len(inp)
    for i in range(n):
        v = inp[i]
        acc[0] += v
        acc[1] = min(acc[1], v)
        acc[2] = max(acc[2] & M, v & M)
        acc[2] = acc[2] - (1 << 64) if acc[2] >> 63 else acc[2]
        acc[3] &= ~(1 << (i & 63))
        acc[4] |= 1 << ((i * 7) & 63)
        acc[5] ^= v
        hits[acc[6]] = 1
        acc[6] += 1
        prev = slots[i]
        slots[i] = v
        cmp = v if i & 1 else v + 5
        c = slots[i]
        if c == cmp:
            slots[i] = prev - v
        hits[256 + i] = int(c == v) + 2 * int(prev == i)
        acc[7] += v
    def wrap(x):
        x &= M
        return x - (1 << 64) if x >> 63 else x
    acc = [wrap(x) for x in acc]
    acc[4] = wrap(acc[4])
    return {1: pack(acc, "q"), 2: pack([wrap(x) for x in slots], "q"), 3: pack(hits, "i")}


def local_atomics(sp, bufs):
    inp = words(bufs[0], "i")
    n, groups = sp["block"][0], sp["grid"][0]
    out = [0] * (groups * (16 + 3 * n))
    M = 0xffffffff

    def s32(x):
        x &= M
        return x - (1 << 32) if x >> 31 else x

    for g in range(groups):
        s = [0, 0, 0x7fffffff, -0x80000000, -1, 0, 0, 0]
        u = [0, 1000, M, 0]
        slot = list(range(n))
        hit = [0] * n
        vs = inp[g * n:(g + 1) * n]
        old = [0] * n
        for l in range(n):
            v = vs[l]
            s[0] = s32(s[0] + v)
            s[1] = s32(s[1] - v)
            s[2] = min(s[2], v)
            s[3] = max(s[3], v)
            s[4] = s32(s[4] & (s32(~(1 << (l & 31))) | (v & 1)))
            s[5] = s32(s[5] | (1 << ((l * 5) & 31)))
            s[6] = s32(s[6] ^ v)
            hit[s[7]] = 1
            s[7] += 1
            u[0] = (u[0] + 1) & M
            u[1] = (u[1] - 1) & M
            u[2] = min(u[2], v & M)
            u[3] = max(u[3], v & M)
            old[l] = slot[l]
            slot[l] = v
        cas_ok = [False] * n
        for l in range(n):
            t = (l + 1) % n
            cmp = 0 if l & 1 else inp[g * n + t]
            c = slot[t]
            if c == cmp:
                slot[t] = -1
            cas_ok[l] = c != -1
        o = g * (16 + 3 * n)
        out[o:o + 8] = s
        out[o + 8:o + 12] = [s32(x) for x in u]
        for l in range(n):
            out[o + 16 + l] = slot[l]
            out[o + 16 + n + l] = old[l]
            out[o + 16 + 2 * n + l] = hit[l] + 2 * int(cas_ok[l])
    return {1: pack(out, "i")}


def float_atomics(sp, bufs):
    inp = words(bufs[0], "f")
    n, groups = sp["block"][0], sp["grid"][0]
    acc = [0.0] * 16
    dacc = [0.0, 0.0]
    hits = [0] * (n * groups)
    t = 0
    for g in range(groups):
        ls = [0.0] * 4
        for l in range(n):
            i = g * n + l
            v = inp[i]
            acc[i & 3] += v
            ls[l & 3] += v
            hits[t] += 1
            t += 1
            dacc[i & 1] += v * 0.5
        for l in range(4):
            acc[8 + l] += ls[l]
        acc[12] += n
    acc[4] = float(t)
    return {1: pack(acc, "f"), 2: pack(dacc, "d"), 3: pack(hits, "i")}


def scoped_atomics(sp, bufs):
    n, groups = sp["block"][0], sp["grid"][0]
    ctr = words(bufs[0], "i")
    ctr[0] += n * groups
    ctr[1] += 2 * n * groups
    ctr[2] = max([ctr[2]] + [g * 1000 + l for g in range(groups) for l in range(n)])
    ctr[3] = min([ctr[3]] + [l - g for g in range(groups) for l in range(n)])
    for g in range(groups):
        ctr[4 + g] = 1
    data = [100 + g for g in range(groups)]
    out = data + [n] * groups
    return {0: pack(ctr, "i"), 1: pack(data, "i"), 2: pack(out, "i")}


def saxpy(sp, bufs):
    a = sp["args"][0]["value"]
    n = sp["args"][3]["value"]
    x = words(bufs[1], "f")
    y = words(bufs[2], "f")
    for i in range(min(n, sp["grid"][0] * sp["block"][0])):
        # Exact in f32 for the spec's inputs (integers times 2.5), so fused
        # and unfused multiply-add agree.
        y[i] = struct.unpack("<f", struct.pack("<f", a * x[i] + y[i]))[0]
    return {2: pack(y, "f")}


def iota64(sp, bufs):
    hi = sp["args"][1]["value"]
    stride = sp["args"][2]["value"]
    n = sp["grid"][0] * sp["block"][0]
    return {0: pack([((hi << 32) + i * stride) & ((1 << 64) - 1) for i in range(n)], "Q")}


MODELS = {
    "amdgcn_atomics": amdgcn_atomics, "wave_ops": wave_ops, "asm_global_fp": asm_global_fp,
    "asm_buffer": asm_buffer, "asm_ds": asm_ds, "atomics64": atomics64,
    "local_atomics": local_atomics, "float_atomics": float_atomics,
    "scoped_atomics": scoped_atomics, "saxpy": saxpy, "iota64": iota64,
}


def main():
    check = "--check" in sys.argv[1:]
    exp = os.path.join(HERE, "expected")
    os.makedirs(exp, exist_ok=True)
    bad = 0
    for name, model in MODELS.items():
        sp = load_spec(name)
        outs = model(sp, inputs(sp))
        declared = [i for i, a in enumerate(sp["args"]) if a.get("output")]
        assert sorted(outs) == declared, (name, sorted(outs), declared)
        for i, data in outs.items():
            assert len(data) == sp["args"][i]["bytes"], (name, i)
            path = os.path.join(exp, f"{name}.{i}.bin")
            if sp["oracle"] == "reference.py":
                with open(path, "wb") as f:
                    f.write(data)
            elif check:
                with open(path, "rb") as f:
                    pocl = f.read()
                if pocl != data:
                    bad += 1
                    diff = [k for k in range(0, len(data), 4) if data[k:k + 4] != pocl[k:k + 4]]
                    print(f"{name}.{i}: model and POCL differ at byte offsets {diff[:8]}")
                else:
                    print(f"{name}.{i}: model == POCL")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
