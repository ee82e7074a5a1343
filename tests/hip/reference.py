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
import json
import os
import struct
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))


def _load_launch():
    """tests/sm75/pocl/launch.py as a module, without running its main()."""
    path = os.path.join(HERE, "..", "sm75", "pocl", "launch.py")
    with open(path) as f:
        lines = f.read().splitlines()
    src = "\n".join(l for l in lines if l.strip() != "main()") + "\n"
    mod = types.ModuleType("launch")
    exec(compile(src, path, "exec"), mod.__dict__)
    return mod


launch = _load_launch()


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


def words(b, fmt):
    n = len(b) // struct.calcsize(fmt)
    return list(struct.unpack("<%d%s" % (n, fmt), bytes(b)))


def pack(vals, fmt):
    return struct.pack("<%d%s" % (len(vals), fmt), *vals)


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


def scan_hillis_steele(sp, bufs):
    x = words(bufs[0], "i")
    out, acc = [], 0
    for i, v in enumerate(x):
        acc = v if i % 256 == 0 else acc + v
        out.append(wrap32(acc))
    return {1: pack(out, "i")}


def scan_blelloch(sp, bufs):
    x = words(bufs[0], "i")
    out, totals = [], []
    for b in range(0, len(x), 512):
        acc = 0
        for v in x[b:b + 512]:
            out.append(wrap32(acc))
            acc += v
        totals.append(wrap32(acc))
    return {1: pack(out, "i"), 2: pack(totals, "i")}


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
    x = words(bufs[0], "i")
    incl, excl, totals = [], [], []
    for w in range(0, len(x), 64):
        acc = 0
        for v in x[w:w + 64]:
            excl.append(wrap32(acc))
            acc += v
            incl.append(wrap32(acc))
        totals.append(wrap32(acc))
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


MODELS = {
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
