#!/usr/bin/env python3
"""Reference models of the HIP corpus kernels (tests/hip/kernels).

    reference.py        write expected/NAME.I.bin for every launch spec

Inputs come from the launch specs through the fill generator of
tests/sm75/pocl/launch.py (the definition in tests/sm75/README.md). Each
model computes what its kernel's source says, in plain Python, from the
inputs alone: no kernel code is executed. Kernels are written so that every
output is independent of the order of lanes, waves and workgroups (integer
or exactly representable float results, order-free atomics).
"""
import glob
import math
import importlib.util
import json
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def _module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# The gfx942 corpus's model module: launch.py's fills and the byte helpers.
_gfx942 = _module(os.path.join(HERE, "..", "gfx942", "reference.py"), "gfx942_reference")
launch, words, pack = _gfx942.launch, _gfx942.words, _gfx942.pack


def load_spec(name):
    with open(os.path.join(HERE, "kernels", name + ".launch.json")) as f:
        return json.load(f)


def inputs(sp):
    """Argument index -> bytes of every buffer argument; "globals" -> name ->
    bytes of every device global the spec sets."""
    bufs = {i: bytearray(launch.fill(a)) for i, a in enumerate(sp["args"])
            if a["kind"] == "buffer"}
    bufs["globals"] = {g["name"]: bytes(launch.fill(g)) for g in sp.get("globals", [])}
    return bufs


def scalars(sp):
    """Argument index -> value of every scalar argument."""
    return {i: a["value"] for i, a in enumerate(sp["args"]) if a["kind"] == "scalar"}


def f32_exact(x):
    """x as f32 bits, asserting that it is exactly representable."""
    b = struct.pack("<f", x)
    assert struct.unpack("<f", b)[0] == x, x
    return b


# --- matrix cores -------------------------------------------------------------

def fnuz8(byte, mant, bias):
    """gfx942's fp8 (E4M3, bias 8) / bf8 (E5M2, bias 16): 0x80 is the NaN."""
    assert byte != 0x80
    sign = -1.0 if byte & 0x80 else 1.0
    e, f = (byte & 0x7f) >> mant, byte & ((1 << mant) - 1)
    if e == 0:
        return sign * f / (1 << mant) * 2.0 ** (1 - bias)
    return sign * (1 + f / (1 << mant)) * 2.0 ** (e - bias)


def gemm(sp, bufs, fmt_in, fmt_out, conv=lambda x: x):
    """C = A * B (row-major; m, n, k the scalar arguments 3..5)."""
    s = scalars(sp)
    m, n, k = s[3], s[4], s[5]
    a = [conv(x) for x in words(bufs[0], fmt_in[0])]
    b = [conv(x) for x in words(bufs[1], fmt_in[1])] if len(fmt_in) > 1 else None
    if b is None:
        b = [conv(x) for x in words(bufs[1], fmt_in[0])]
    c = [sum(a[i * k + t] * b[t * n + j] for t in range(k)) for i in range(m) for j in range(n)]
    if fmt_out == "f":
        return {2: b"".join(f32_exact(x) for x in c)}
    return {2: pack(c, fmt_out)}


def mfma_f16_32x32x8(sp, bufs):
    return gemm(sp, bufs, "f", "f")


def mfma_bf16_16x16x16(sp, bufs):
    return gemm(sp, bufs, "f", "f")


def mfma_f32_16x16x4(sp, bufs):
    return gemm(sp, bufs, "f", "f")


def mfma_i8_16x16x32(sp, bufs):
    c = gemm(sp, bufs, "b", "i")[2]
    # i32 wraps (the sums here stay far below 2^31).
    return {2: c}


def mfma_f64_16x16x4(sp, bufs):
    return gemm(sp, bufs, "d", "d")


def mfma_fp8_bf8_32x32x16(sp, bufs):
    s = scalars(sp)
    m, n, k = s[3], s[4], s[5]
    a = [fnuz8(x, 3, 8) for x in words(bufs[0], "B")]
    b = [fnuz8(x, 2, 16) for x in words(bufs[1], "B")]
    c = [sum(a[i * k + t] * b[t * n + j] for t in range(k)) for i in range(m) for j in range(n)]
    return {2: b"".join(f32_exact(x) for x in c)}


# --- HIP idioms ---------------------------------------------------------------

def wrap32(v):
    """v as a signed 32-bit integer (two's complement wrap)."""
    v &= 0xffffffff
    return v - (1 << 32) if v & 0x80000000 else v


def out_bytes(sp, i):
    return sp["args"][i]["bytes"]


def f32s_exact(vals):
    return b"".join(f32_exact(float(x)) for x in vals)


def f64s_exact(vals):
    for x in vals:
        assert float(x) == x, x
    return pack([float(x) for x in vals], "d")


def vector_add_f32(sp, bufs):
    n = scalars(sp)[3]
    a, b = words(bufs[0], "f"), words(bufs[1], "f")
    c = [a[i] + b[i] if i < n else 0.0 for i in range(len(a))]
    return {2: f32s_exact(c)}


def vector_add_i32(sp, bufs):
    n = scalars(sp)[3]
    a, b = words(bufs[0], "i"), words(bufs[1], "i")
    return {2: pack([wrap32(a[i] + b[i]) if i < n else 0 for i in range(len(a))], "i")}


def block_reduce_sum(sp, bufs):
    n = scalars(sp)[2]
    x = words(bufs[0], "i")
    blocks, per = sp["grid"][0], 2 * sp["block"][0]
    return {1: pack([wrap32(sum(x[j] for j in range(b * per, (b + 1) * per) if j < n))
                     for b in range(blocks)], "i")}


def wave_reduce_down(sp, bufs):
    x = words(bufs[0], "i")
    return {1: pack([wrap32(sum(x[w * 64:(w + 1) * 64])) for w in range(len(x) // 64)], "i")}


def wave_allreduce_xor(sp, bufs):
    x = words(bufs[0], "i")
    sums = [sum(x[i // 64 * 64:i // 64 * 64 + 64]) for i in range(len(x))]
    maxes = [max(x[i // 64 * 64:i // 64 * 64 + 64]) for i in range(len(x))]
    seg = [sum(x[i // 16 * 16:i // 16 * 16 + 16]) for i in range(len(x))]
    return {1: pack(sums, "i"), 2: pack(maxes, "i"), 3: f32s_exact(sums), 4: pack(seg, "i")}


def segment_scans(x, size):
    """Per segment of `size` elements: inclusive and exclusive prefix sums
    and the segment totals, wrapped like int."""
    incl, excl, totals = [], [], []
    for b in range(0, len(x), size):
        acc = 0
        for v in x[b:b + size]:
            excl.append(wrap32(acc))
            acc += v
            incl.append(wrap32(acc))
        totals.append(wrap32(acc))
    return incl, excl, totals


def scan_hillis_steele(sp, bufs):
    incl, _, _ = segment_scans(words(bufs[0], "i"), 256)
    return {1: pack(incl, "i")}


def scan_blelloch(sp, bufs):
    _, excl, totals = segment_scans(words(bufs[0], "i"), 512)
    return {1: pack(excl, "i"), 2: pack(totals, "i")}


def histogram256(sp, bufs):
    n = scalars(sp)[2]
    bins = [0] * 256
    for v in bytes(bufs[0])[:n]:
        bins[v] += 1
    return {1: pack(bins, "I")}


def transpose_tiled(sp, bufs):
    s = scalars(sp)
    w, h = s[2], s[3]
    x = words(bufs[0], "i")
    return {1: pack([x[r * w + c] for c in range(w) for r in range(h)], "i")}


def sgemm_tiled(sp, bufs):
    s = scalars(sp)
    m, n, k = s[3], s[4], s[5]
    a, b = words(bufs[0], "f"), words(bufs[1], "f")
    c = [sum(a[i * k + t] * b[t * n + j] for t in range(k)) for i in range(m) for j in range(n)]
    return {2: f32s_exact(c)}


def stencil3(sp, bufs):
    n = scalars(sp)[2]
    x = words(bufs[0], "f")
    at = lambda i: x[i] if 0 <= i < n else 0.0
    out = [at(i - 1) / 4 + at(i) / 2 + at(i + 1) / 4 if i < n else 0.0
           for i in range(out_bytes(sp, 1) // 4)]
    return {1: f32s_exact(out)}


def wave_vote(sp, bufs):
    x = words(bufs[0], "i")
    ballots, odd, counts, anyall, info = [], [], [], [], []
    for w in range(len(x) // 64):
        p = [int(x[64 * w + l] < w - 1) for l in range(64)]
        mask = sum(p[l] << l for l in range(64))
        ballots.append(mask)
        odd.append(mask & 0xaaaaaaaaaaaaaaaa)
        counts.append(sum(p))
        anyall += [int(any(p)), int(all(p)), int(any(x[64 * w + l] == 3 for l in range(64)))]
        info += [l | sum(p[:l]) << 8 | p[l] << 16 for l in range(64)]
    return {1: pack(ballots, "Q"), 2: pack(odd, "Q"), 3: pack(counts, "i"),
            4: pack(anyall, "i"), 5: pack(info, "i")}


def atomics_mix(sp, bufs):
    n = scalars(sp)[8]
    x = words(bufs[0], "i")[:n]
    fsum, dsum = [0] * 4, [0] * 4
    imax, imin = [-2 ** 31] * 8, [2 ** 31 - 1] * 8
    cas, bits, ctr = [0, 0], [0, 0], [0, 0]
    for i, v in enumerate(x):
        fsum[i % 4] += v
        dsum[i % 4] += v / 2
        imax[i % 8] = max(imax[i % 8], v)
        imin[i % 8] = min(imin[i % 8], v)
        cas[i % 2] += v * v
        bits[0] |= 1 << (v & 31)
        bits[1] ^= 1 << (i & 31)
        ctr[0] = (ctr[0] - 3) & 0xffffffff
        ctr[1] = 0 if ctr[1] >= 100 else ctr[1] + 1
    return {1: f32s_exact(fsum), 2: f64s_exact(dsum), 3: pack(imax, "i"), 4: pack(imin, "i"),
            5: pack([wrap32(c) for c in cas], "i"), 6: pack(bits, "I"), 7: pack(ctr, "I")}


def dyn_shared_reverse(sp, bufs):
    x = words(bufs[0], "i")
    bs = sp["block"][0]
    rev, half = [], []
    for b in range(0, len(x), bs):
        seg = x[b:b + bs]
        total = sum(seg)
        rev += [wrap32(v + total) for v in reversed(seg)]
        half += [v / 2 for v in reversed(seg)]
    return {1: pack(rev, "i"), 2: f32s_exact(half)}


def poly_eval(sp, bufs):
    n = scalars(sp)[2]
    c = words(bufs["globals"]["coeffs"], "f")
    x = words(bufs[0], "f")
    y = [sum(c[k] * x[i] ** k for k in range(16)) if i < n else 0.0 for i in range(len(x))]
    assert all(abs(v) < 2 ** 24 for v in y)
    return {1: f32s_exact(y)}


def last_block_sum(sp, bufs):
    x = words(bufs[0], "i")
    bs, blocks = sp["block"][0], sp["grid"][0]
    partials = [sum(x[b * bs:(b + 1) * bs]) for b in range(blocks)]
    return {1: pack(partials, "i"), 2: pack([sum(partials), blocks * bs, 0], "i")}


def compacted(sp, bufs, keep):
    n = scalars(sp)[3]
    x = words(bufs[0], "i")
    kept = [v for v in x[:n] if keep(v)]
    return {1: pack(kept + [0] * (len(x) - len(kept)), "i"), 2: pack([len(kept)], "i")}


def compact_atomic(sp, bufs):
    return compacted(sp, bufs, lambda v: v > 0)


def compact_wave_aggregated(sp, bufs):
    return compacted(sp, bufs, lambda v: v % 2 != 0)


def functor_gemv(sp, bufs):
    s = scalars(sp)
    rows, cols, alpha, beta = s[3], s[4], s[5], s[6]
    a, x, y = words(bufs[0], "d"), words(bufs[1], "d"), words(bufs[2], "d")
    return {2: f64s_exact([alpha * sum(a[r * cols + c] * x[c] for c in range(cols)) + beta * y[r]
                           for r in range(rows)])}


def functor_soa_manhattan(sp, bufs):
    x, y, z = (words(bufs[i], "d") for i in range(3))
    return {3: f64s_exact([abs(a) + abs(b) + abs(c) for a, b, c in zip(x, y, z)])}


def functor_soa_cross2(sp, bufs):
    x, y, z = (words(bufs[i], "d") for i in range(3))
    return {3: f64s_exact([a * b - c / 2 for a, b, c in zip(x, y, z)])}


def bitonic_sort256(sp, bufs):
    x = words(bufs[0], "i")
    return {0: pack([v for b in range(0, len(x), 256) for v in sorted(x[b:b + 256])], "i")}


def box_blur3x3(sp, bufs):
    s = scalars(sp)
    w, h = s[2], s[3]
    img = words(bufs[0], "i")
    clamp = lambda v, hi: min(max(v, 0), hi - 1)
    out = []
    for y in range(h):
        for x in range(w):
            t = sum(img[clamp(y + dy, h) * w + clamp(x + dx, w)]
                    for dy in (-1, 0, 1) for dx in (-1, 0, 1))
            out.append(abs(t) // 9 * (1 if t >= 0 else -1))  # C: toward zero
    return {1: pack(out, "i")}


def block_scan_shfl_up(sp, bufs):
    return scan_hillis_steele(sp, bufs)


def wave_scan_dpp(sp, bufs):
    incl, excl, totals = segment_scans(words(bufs[0], "i"), 64)
    return {1: pack(incl, "i"), 2: pack(excl, "i"), 3: pack(totals, "i")}


def block_vote(sp, bufs):
    x = words(bufs[0], "i")
    bs = sp["block"][0]
    counts, ands, ors = [], [], []
    for b in range(sp["grid"][0]):
        p = [v < b for v in x[b * bs:(b + 1) * bs]]
        counts += [sum(p)] * bs
        ands += [int(all(p))] * bs
        ors += [int(any(p))] * bs
    return {1: pack(counts, "i"), 2: pack(ands, "i"), 3: pack(ors, "i")}


# --- matrix cores: LDS staging, multi-block, broadcast controls, sparsity -------

def mfma_lds_gemm_64x64(sp, bufs):
    return gemm(sp, bufs, "f", "f")


def matmul(a, b):
    """Product of two lists of rows."""
    return [[sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]


def mfma_4x4x4_batched(sp, bufs):
    a, b, c = (words(bufs[i], "f") for i in range(3))
    d, e = [], []
    for m in range(len(a) // 16):
        rows = lambda x: [x[16 * m + 4 * r:16 * m + 4 * r + 4] for r in range(4)]
        am, bm, cm = rows(a), rows(b), rows(c)
        dm = [[v + cm[i][j] for j, v in enumerate(row)] for i, row in enumerate(matmul(am, bm))]
        # D goes back into the second product as f16: integers far below 2048.
        assert all(abs(v) < 2048 for row in dm for v in row)
        d += [v for row in dm for v in row]
        e += [v for row in matmul(am, dm) for v in row]
    return {3: f32s_exact(d), 4: f32s_exact(e)}


def mfma_32x32x1(sp, bufs, a_row, b_col):
    """Two 32 x 32 blocks, K = k: block blk's D[i][j] = sum over t of
    A[a_row(blk, i)][t] B[t][b_col(blk, j)] (A 64 x k, B k x 64), stored at
    row i, column 32 blk + j of a 32 x 64 output."""
    k = scalars(sp)[4]
    a, b = words(bufs[0], "f"), words(bufs[1], "f")
    out = [0.0] * (32 * 64)
    for blk in range(2):
        for i in range(32):
            for j in range(32):
                out[i * 64 + 32 * blk + j] = sum(a[a_row(blk, i) * k + t] * b[t * 64 + b_col(blk, j)]
                                                 for t in range(k))
    return f32s_exact(out)


def mfma_32x32x1_bcast(sp, bufs):
    # cbsz = 1: block blk takes A from block (blk / 2) * 2 + abid = abid.
    return {2: mfma_32x32x1(sp, bufs, lambda blk, i: i, lambda blk, j: 32 * blk + j),
            3: mfma_32x32x1(sp, bufs, lambda blk, i: 32 + i, lambda blk, j: 32 * blk + j)}


def mfma_32x32x1_blgp(sp, bufs):
    # B's nominal lane l = 32 blk + j (which holds column l of B) is read
    # from lane (l + 16) mod 64 for blgp 3, l mod 16 + 32 for blgp 6.
    return {2: mfma_32x32x1(sp, bufs, lambda blk, i: 32 * blk + i,
                            lambda blk, j: (32 * blk + j + 16) % 64),
            3: mfma_32x32x1(sp, bufs, lambda blk, i: 32 * blk + i,
                            lambda blk, j: (32 * blk + j) % 16 + 32)}


SPARSE_PAIRS = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]


def smfmac_f16_16x16x32(sp, bufs):
    s = scalars(sp)
    m, n, k = s[4], s[5], s[6]
    vals, pat, b = words(bufs[0], "f"), words(bufs[1], "B"), words(bufs[2], "f")
    a = [[0.0] * k for _ in range(m)]
    for i in range(m):
        for q in range(k // 4):
            for slot, p in enumerate(SPARSE_PAIRS[pat[i * (k // 4) + q]]):
                a[i][4 * q + p] = vals[i * (k // 2) + 2 * q + slot]
    bm = [b[t * n:(t + 1) * n] for t in range(k)]
    return {3: f32s_exact([v for row in matmul(a, bm) for v in row])}


def mfma_4x4x4_bcast(sp, bufs):
    a, b = words(bufs[0], "f"), words(bufs[1], "f")
    mat = lambda x, m: [x[16 * m + 4 * r:16 * m + 4 * r + 4] for r in range(4)]
    shared, perm = [], []
    for m in range(len(a) // 16):
        w, blk = m // 16 * 16, m % 16
        # cbsz 4: A from block (blk / 16) * 16 + abid = 5; blgp 7: B from
        # lane (4 blk + j) mod 16 + 48, i.e. block 12 + blk % 4.
        shared += [v for row in matmul(mat(a, w + 5), mat(b, m)) for v in row]
        perm += [v for row in matmul(mat(a, m), mat(b, w + 12 + blk % 4)) for v in row]
    return {2: f32s_exact(shared), 3: f32s_exact(perm)}


def mfma_f64_4x4x4(sp, bufs):
    a, b, c = (words(bufs[i], "d") for i in range(3))
    d, na, nc = [], [], []
    for m in range(len(a) // 16):
        rows = lambda x: [x[16 * m + 4 * r:16 * m + 4 * r + 4] for r in range(4)]
        ab = [v for row in matmul(rows(a), rows(b)) for v in row]
        cm = c[16 * m:16 * m + 16]
        d += [p + q for p, q in zip(ab, cm)]
        na += [-p + q for p, q in zip(ab, cm)]
        nc += [p - q for p, q in zip(ab, cm)]
    return {3: f64s_exact(d), 4: f64s_exact(na), 5: f64s_exact(nc)}


def smfmac_f16_abid(sp, bufs):
    return smfmac_f16_16x16x32(sp, bufs)


# --- scalar idioms: f16, 64-bit integers, exact math, bits --------------------

def f16_bits(x):
    b = struct.pack("<e", x)
    assert struct.unpack("<e", b)[0] == x, x
    return struct.unpack("<H", b)[0]


def half2_arith(sp, bufs):
    n = scalars(sp)[5]
    x, y, z = (words(bufs[i], "f") for i in range(3))
    out, bits = [0.0] * (out_bytes(sp, 3) // 4), [0] * (out_bytes(sp, 4) // 2)
    for i in range(n):
        x0, x1, y0, y1, z0, z1 = x[2 * i], x[2 * i + 1], y[2 * i], y[2 * i + 1], z[2 * i], z[2 * i + 1]
        fma = (x0 * y0 + z0, x1 * y1 + z1)
        big = x0 if x0 > y1 else y1
        out[8 * i:8 * i + 8] = [x0 + y0, x1 + y1, x0 * y0, x1 * y1,
                                (x1 - z1) * 0.25, (x0 - z0) * 0.25,  # lanes swapped
                                big * 3 + z0, x0 * y1 + i % 8]
        bits[4 * i:4 * i + 4] = [f16_bits(-fma[0]), f16_bits(-fma[1]),
                                 f16_bits(-fma[1]), f16_bits(fma[0])]
    for v in out:
        f16_bits(v)  # every result is an f16 value
    return {3: f32s_exact(out), 4: pack(bits, "H")}


def c_divmod(x, y):
    """C's truncating division and remainder."""
    q = abs(x) // abs(y)
    if (x < 0) != (y < 0):
        q = -q
    return q, x - q * y


def int64_divmod(sp, bufs):
    n = scalars(sp)[8]
    num, den = words(bufs[0], "q"), words(bufs[1], "q")
    M = 1 << 64
    sq, sr, uq, ur, uh, sh = ([0] * len(num) for _ in range(6))
    for i in range(n):
        x = num[i] >> (5 * i % 64)
        y = den[i] >> (i % 64)
        if y == 0:
            y = i + 1
        assert not (x == -2 ** 63 and y == -1)
        sq[i], sr[i] = c_divmod(x, y)
        uq[i], ur[i] = divmod(x % M, y % M)
        uh[i] = (num[i] % M) * (den[i] % M) >> 64
        sh[i] = num[i] * den[i] >> 64
    return {2: pack(sq, "q"), 3: pack(sr, "q"), 4: pack(uq, "Q"), 5: pack(ur, "Q"),
            6: pack(uh, "Q"), 7: pack(sh, "q")}


def exact_float_math(sp, bufs):
    import math
    n = scalars(sp)[3]
    x, other = words(bufs[0], "f"), words(bufs[1], "f")
    out = [0.0] * (out_bytes(sp, 2) // 4)
    for i in range(n):
        s, w = x[i], other[i]
        v = s / 4
        sign = lambda r: math.copysign(float(r), v)  # rounding keeps v's sign
        mant, ex = math.frexp(v)
        out[16 * i:16 * i + 16] = [
            sign(math.floor(v)), sign(math.ceil(v)), sign(math.trunc(v)),
            sign(round(v)),  # rintf: ties to even
            sign(math.floor(abs(v) + 0.5)),  # roundf: ties away from zero
            abs(s), s * s, s - w, math.ldexp(v, i % 9 - 4), mant, float(ex),
            min(v, w), max(v, w), math.copysign(w, v), math.fmod(v, 1.5),
            float(math.frexp(abs(v) + 1)[1] - 1)]
    return {2: f32s_exact(out)}


def brev(v, bits):
    return int(format(v, "0%db" % bits)[::-1], 2)


def int_bit_ops(sp, bufs):
    n = scalars(sp)[3]
    x, wide = words(bufs[0], "I"), words(bufs[1], "Q")
    M32 = 0xffffffff
    out = [0] * (out_bytes(sp, 2) // 4)
    ffs = lambda v: (v & -v).bit_length()  # 0 for 0, else 1 + index of the lowest set bit
    for i in range(n):
        w = 0 if i % 17 == 0 else x[i] & (M32 >> (31 - i % 32))
        ww = 0 if i % 13 == 0 else wide[i] >> (i % 64)
        r = brev(ww, 64)
        off, width = i % 24, 1 + i % 8
        mask = (1 << width) - 1
        top = (x[i] << (32 - off - width)) & M32
        top -= (top >> 31) << 32  # as int
        out[14 * i:14 * i + 14] = [
            32 - w.bit_length(), ffs(w), bin(w).count("1"), brev(w, 32),
            64 - ww.bit_length(), ffs(ww), bin(ww).count("1"), r & M32, r >> 32,
            (x[i] >> off) & mask, (top >> (32 - width)) & M32,
            (x[i] & ~(mask << off) & M32) | ((w & mask) << off),
            (wide[i] >> 28) & 0xffff,
            ((wide[i] >> (63 - i % 64)) ^ (wide[i] << (i % 64))) & M32]
    return {2: pack(out, "I")}


# --- private arrays, vector types, cooperative groups, locks, calls ------------

def private_sort16(sp, bufs):
    ln = scalars(sp)[4]
    x = words(bufs[0], "i")
    srt, hist, picks = [], [], []
    for t in range(len(x) // 16):
        v = sorted(x[16 * t:16 * t + ln])
        h = [sum(1 for e in v if e & 7 == b) for b in range(8)]
        srt += v + [0] * (16 - ln)
        hist += h
        picks += [v[(x[16 * t] % (1 << 32)) % ln], h[v[ln // 2] & 7]]
    return {1: pack(srt, "i"), 2: pack(hist, "i"), 3: pack(picks, "i")}


def vector_types(sp, bufs):
    n = scalars(sp)[8]
    fa, ia, pa, parts = words(bufs[0], "f"), words(bufs[1], "i"), words(bufs[2], "i"), \
        words(bufs[3], "f")
    fo, io, po, mo = ([0] * (out_bytes(sp, k) // 4) for k in (4, 5, 6, 7))
    for i in range(n):
        x, y, z, w = fa[4 * i:4 * i + 4]
        fo[4 * i:4 * i + 4] = [w, 2 * z, y + x, x - w * y]
        v, u = ia[4 * i:4 * i + 4], ia[4 * ((i + 1) % n):4 * ((i + 1) % n) + 4]
        io[4 * i:4 * i + 4] = [wrap32(v[0] + u[3]), v[1] ^ u[2], wrap32(v[2] - u[1]),
                               wrap32(v[3] * u[0])]
        px, py = pa[2 * i:2 * i + 2]
        po[2 * i:2 * i + 2] = [wrap32(py - px), wrap32(2 * px + py)]
        qx, qy, qz, m = parts[4 * i:4 * i + 4]
        mo[4 * i:4 * i + 4] = [m * qx, m * qy, m * qz, qx * qx + qy * qy + qz * qz]
    return {4: f32s_exact(fo), 5: pack(io, "i"), 6: pack(po, "i"), 7: f32s_exact(mo)}


def coop_tile_reduce(sp, bufs):
    x = words(bufs[0], "i")
    return {1: pack([wrap32(sum(x[t:t + 16])) for t in range(0, len(x), 16)], "i"),
            2: pack([wrap32(sum(x[b:b + 256])) for b in range(0, len(x), 256)], "i")}


def atomic_double_lock(sp, bufs):
    n = scalars(sp)[7]
    x = words(bufs[0], "i")[:n]
    bs = sp["block"][0]
    blocks = [0] * sp["grid"][0]
    quarters = [0.0, 0.0]
    ssum, scnt, smax = [0] * 8, [0] * 8, [-2 ** 31] * 8
    for i, v in enumerate(x):
        blocks[i // bs] += v
        quarters[i % 2] += v / 4
        s = (v & 0xff) % 8
        ssum[s] += v
        scnt[s] += 1
        smax[s] = max(smax[s], v)
    return {1: f64s_exact(blocks), 2: f64s_exact(quarters), 3: pack([0] * 8, "i"),
            4: pack([wrap32(v) for v in ssum], "i"), 5: pack(scnt, "i"), 6: pack(smax, "i")}


def noinline_chain(sp, bufs):
    n = scalars(sp)[3]
    x = words(bufs[0], "i")
    M32 = 0xffffffff

    def rotate_mix(v, r):
        r &= 31
        rot = v if r == 0 else ((v << r) | (v >> (32 - r))) & M32
        return rot ^ (v * 2654435761 & M32)

    mixed, pairs = [0] * (out_bytes(sp, 1) // 4), [0] * (out_bytes(sp, 2) // 4)
    for i in range(n):
        seed = i % 7
        acc = seed
        for e in range(6):
            acc = (acc + rotate_mix((x[6 * i + e] - e) & M32, e + seed)) & M32
        mixed[i] = wrap32(acc)
        a, b = x[6 * i], x[6 * i + 1]
        scaled = 0.5 * (i % 4) * b  # exact in f32 (|b| < 2^24); (int) truncates
        pairs[2 * i:2 * i + 2] = [a + int(scaled), abs(a - b)]
    return {1: pack(mixed, "i"), 2: pack(pairs, "i")}


def recursive_fib(sp, bufs):
    n = scalars(sp)[3]
    x = words(bufs[0], "i")

    def fib(k):
        a, b = 0, 1
        for _ in range(k):
            a, b = b, a + b
        return a

    def gcd(a, b):
        depth = 1
        while b:
            a, b = b, a % b
            depth += 1
        return a, depth

    out, g = [0] * (out_bytes(sp, 1) // 4), [0] * (out_bytes(sp, 2) // 4)
    for i in range(n):
        out[i] = fib(x[i] & 15)
        g[2 * i:2 * i + 2] = gcd(x[i] & 0xffffffff, x[(i + 7) % n] & 0xffffffff)
    return {1: pack(out, "i"), 2: pack(g, "I")}


def fptr_dispatch(sp, bufs):
    n = scalars(sp)[5]
    a, b, sel = words(bufs[0], "i"), words(bufs[1], "i"), words(bufs[2], "i")
    ops = [lambda x, y: x + y, lambda x, y: x * y, max, lambda x, y: x - y]
    out, twice = [0] * (out_bytes(sp, 3) // 4), [0] * (out_bytes(sp, 4) // 4)
    for i in range(n):
        out[i] = wrap32(ops[sel[i] & 3](a[i], b[i]))
        f = ops[(sel[i] >> 2) & 3]
        twice[i] = wrap32(f(wrap32(f(a[i], b[i])), b[i]))
    return {3: pack(out, "i"), 4: pack(twice, "i")}


def template_dot_f32_8(sp, bufs):
    x, y = words(bufs[0], "f"), words(bufs[1], "f")
    bias = scalars(sp)[3]
    return {2: f32s_exact([bias + sum(x[8 * i + e] * y[8 * i + e] for e in range(8))
                           for i in range(len(x) // 8)])}


def template_dot_i32_5(sp, bufs):
    x, y = words(bufs[0], "i"), words(bufs[1], "i")
    bias = scalars(sp)[3]
    return {2: pack([wrap32(bias + sum(x[5 * i + e] * y[5 * i + e] for e in range(5)))
                     for i in range(len(x) // 5)], "i")}


def _flush(x):
    """A zero of the same sign for an f32 subnormal (x already an f32 value)."""
    return math.copysign(0.0, x) if x != 0 and abs(x) < 2.0 ** -126 else x


def _r32_flushed(x):
    """x rounded to f32 (nearest even), then flushed: its bits."""
    r = struct.unpack("<f", struct.pack("<f", x))[0]
    return struct.unpack("<I", struct.pack("<f", _flush(r)))[0]


def flush_denormals(sp, bufs):
    a = [_flush(_gfx942.f32(x)) for x in words(bufs[0], "I")]
    b = words(bufs[1], "f")
    d = [_flush(_gfx942.f32(x)) for x in words(bufs[2], "I")]
    tiny = struct.unpack("<f", struct.pack("<f", 1.0e-30))[0]
    # f64 division rounded to f32 is the correctly rounded f32 quotient.
    return {3: pack([_r32_flushed(x / y) for x, y in zip(a, b)], "I"),
            4: pack([_r32_flushed(x * 1.5) for x in d], "I"),
            5: pack([_r32_flushed(x * tiny) for x in a], "I")}


def cross_lane(sp, bufs):
    """Per wave of 64 lanes, from the CDNA3 ISA's cross-lane operations:
    ds_swizzle offset 0x801b is quad_perm(3,2,1,0) (lane l reads the lane
    of its quad at 3 - l%4); offset (4 << 10) | 0x1f is the bit mode with
    and 0x1f, or 0, xor 4 within each 32 lanes; ds_bpermute reads the lane
    its byte address / 4 names, ds_permute writes to it; readlane 37;
    readfirstlane (lane 0 of the wave); mbcnt_hi(mbcnt_lo) counts the
    ballot's bits below the lane."""
    x = words(bufs[0], "i")
    out = [0] * (8 * len(x))
    for w in range(len(x) // 64):
        xs = x[w * 64:(w + 1) * 64]
        ball = sum(1 << l for l in range(64) if xs[l] > 0)
        recv = [0] * 64
        for l in range(64):
            recv[(l + 5) & 63] = xs[l]
        for l in range(64):
            o = (w * 64 + l) * 8
            out[o:o + 8] = [
                xs[(l & ~3) + 3 - (l & 3)],
                xs[(l & 32) | ((l & 31) ^ 4)],
                xs[(l * 7 + 3) & 63],
                recv[l],
                xs[37],
                xs[0] + 1,
                bin(ball & ((1 << l) - 1)).count("1"),
                bin(ball).count("1"),
            ]
    return {1: pack(out, "i")}


def dpp_rows(sp, bufs):
    """DPP within rows of 16 lanes: row_shr:1 with bound_ctrl (0 where the
    source lane is outside the row), row_shr:2 without it (the old value,
    -1), row_ror:4 (lane p of a row reads lane (p - 4) mod 16), row_mirror
    (lane 15 - p)."""
    x = words(bufs[0], "i")
    out = []
    for l in range(len(x)):
        r, p = l & ~15, l & 15
        out += [x[l - 1] if p >= 1 else 0, x[l - 2] if p >= 2 else -1,
                x[r + ((p - 4) & 15)], x[r + 15 - p]]
    return {1: pack(out, "i")}


def scoped_atomics(sp, bufs):
    n = scalars(sp)[3]
    c = words(bufs[0], "i")
    xo = c[3] & 0xffffffff
    for i in range(n):
        xo ^= (i * 0x9E3779B1) & 0xffffffff
    c = [wrap32(c[0] + sum(i % 5 for i in range(n))),
         max([c[1]] + [(i * 31) % 1000 for i in range(n)]),
         min([c[2]] + [5000 - (i * 17) % 4000 for i in range(n)]),
         wrap32(xo),
         wrap32(c[4] + sum(2 * i + 1 for i in range(n)))]
    w = sum((1 << 35) + i for i in range(n)) & (2**64 - 1)
    return {0: pack(c, "i"), 1: pack([w], "Q"), 2: f32s_exact([sum(0.25 * (i % 8) for i in range(n))])}


MODELS = {
    "flush_denormals": flush_denormals,
    "cross_lane": cross_lane,
    "dpp_rows": dpp_rows,
    "scoped_atomics": scoped_atomics,
    "mfma_f16_32x32x8": mfma_f16_32x32x8,
    "mfma_bf16_16x16x16": mfma_bf16_16x16x16,
    "mfma_f32_16x16x4": mfma_f32_16x16x4,
    "mfma_i8_16x16x32": mfma_i8_16x16x32,
    "mfma_f64_16x16x4": mfma_f64_16x16x4,
    "mfma_fp8_bf8_32x32x16": mfma_fp8_bf8_32x32x16,
    "vector_add_f32": vector_add_f32,
    "vector_add_i32": vector_add_i32,
    "block_reduce_sum": block_reduce_sum,
    "wave_reduce_down": wave_reduce_down,
    "wave_allreduce_xor": wave_allreduce_xor,
    "scan_hillis_steele": scan_hillis_steele,
    "scan_blelloch": scan_blelloch,
    "histogram256": histogram256,
    "transpose_tiled": transpose_tiled,
    "sgemm_tiled": sgemm_tiled,
    "stencil3": stencil3,
    "wave_vote": wave_vote,
    "atomics_mix": atomics_mix,
    "dyn_shared_reverse": dyn_shared_reverse,
    "poly_eval": poly_eval,
    "last_block_sum": last_block_sum,
    "compact_atomic": compact_atomic,
    "compact_wave_aggregated": compact_wave_aggregated,
    "functor_gemv": functor_gemv,
    "functor_soa_manhattan": functor_soa_manhattan,
    "functor_soa_cross2": functor_soa_cross2,
    "bitonic_sort256": bitonic_sort256,
    "box_blur3x3": box_blur3x3,
    "block_scan_shfl_up": block_scan_shfl_up,
    "wave_scan_dpp": wave_scan_dpp,
    "block_vote": block_vote,
    "mfma_lds_gemm_64x64": mfma_lds_gemm_64x64,
    "mfma_4x4x4_batched": mfma_4x4x4_batched,
    "mfma_32x32x1_bcast": mfma_32x32x1_bcast,
    "mfma_32x32x1_blgp": mfma_32x32x1_blgp,
    "smfmac_f16_16x16x32": smfmac_f16_16x16x32,
    "mfma_4x4x4_bcast": mfma_4x4x4_bcast,
    "mfma_f64_4x4x4": mfma_f64_4x4x4,
    "smfmac_f16_abid": smfmac_f16_abid,
    "half2_arith": half2_arith,
    "int64_divmod": int64_divmod,
    "exact_float_math": exact_float_math,
    "int_bit_ops": int_bit_ops,
    "private_sort16": private_sort16,
    "vector_types": vector_types,
    "coop_tile_reduce": coop_tile_reduce,
    "atomic_double_lock": atomic_double_lock,
    "noinline_chain": noinline_chain,
    "recursive_fib": recursive_fib,
    "fptr_dispatch": fptr_dispatch,
    "template_dot_f32_8": template_dot_f32_8,
    "template_dot_i32_5": template_dot_i32_5,
}


def main():
    exp = os.path.join(HERE, "expected")
    os.makedirs(exp, exist_ok=True)
    specs = sorted(os.path.basename(p)[:-len(".launch.json")]
                   for p in glob.glob(os.path.join(HERE, "kernels", "*.launch.json")))
    missing = [s for s in specs if s not in MODELS]
    if missing:
        sys.exit(f"no model for {missing}")
    for name in specs:
        sp = load_spec(name)
        outs = MODELS[name](sp, inputs(sp))
        declared = [i for i, a in enumerate(sp["args"]) if a.get("output")]
        assert sorted(outs) == declared, (name, sorted(outs), declared)
        for i, data in outs.items():
            assert len(data) == sp["args"][i]["bytes"], (name, i, len(data))
            with open(os.path.join(exp, f"{name}.{i}.bin"), "wb") as f:
                f.write(data)
    print(f"wrote the expected outputs of {len(specs)} kernels")


if __name__ == "__main__":
    main()
