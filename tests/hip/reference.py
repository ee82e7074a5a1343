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


MODELS = {
    "mfma_f16_32x32x8": mfma_f16_32x32x8,
    "mfma_bf16_16x16x16": mfma_bf16_16x16x16,
    "mfma_f32_16x16x4": mfma_f32_16x16x4,
    "mfma_i8_16x16x32": mfma_i8_16x16x32,
    "mfma_f64_16x16x4": mfma_f64_16x16x4,
    "mfma_fp8_bf8_32x32x16": mfma_fp8_bf8_32x32x16,
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
