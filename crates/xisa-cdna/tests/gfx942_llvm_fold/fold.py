#!/usr/bin/env python3
"""LLVM's constant folding of AMDGPU intrinsics as an oracle for the gfx942
lifter (crates/xisa-cdna/tests/gfx942_exec_{trig_preop,cube}.rs).

    fold.py trig_preop > trig_preop.tsv   # x_bits seg result_bits (hex; f64)
    fold.py cube > cube.tsv               # x y z id sc tc ma (hex, f32 bits)

Writes an OpenCL C kernel storing the builtin's value for each input below,
compiles it with clang-19 -O2 for gfx942 to LLVM IR (where every call is
folded to a constant) and prints the constants. Deterministic: the same
clang gives the same file.
"""
import random
import re
import struct
import subprocess
import sys
import tempfile


def trig_preop_cases():
    r = random.Random(0x7219)
    xs = [0, 1 << 63, 0x3FF0000000000000, 0x4008000000000000, 0x7FF0000000000000,
          0xFFF0000000000000, 0x7FF8000000000000, 0x0000000000000001, 0x000FFFFFFFFFFFFF]
    # Exponents around the 1077 threshold (shift starts growing) and 1968
    # (the +128 rescale), and spread over the whole range.
    for e in [1, 500, 1000, 1023, 1076, 1077, 1078, 1079, 1100, 1500, 1967, 1968, 1969, 2000, 2046]:
        for _ in range(3):
            xs.append(r.getrandbits(1) << 63 | e << 52 | r.getrandbits(52))
    for _ in range(30):
        xs.append(r.getrandbits(1) << 63 | r.randrange(1, 2047) << 52 | r.getrandbits(52))
    out = []
    for x in xs:
        for seg in [0, 1, 2, 3, r.randrange(4, 17)]:
            out.append((x, seg))
    return out


def cube_cases():
    r = random.Random(0xC0BE)
    special = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x40000000, 0xC0000000,
               0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x80000001, 0x7F7FFFFF,
               0xFF7FFFFF, 0x3F000000]
    out = []
    # Ties between axes (equal magnitudes of either sign), zeros, specials.
    for _ in range(300):
        v = [r.choice(special) if r.random() < 0.4 else
             r.getrandbits(1) << 31 | r.randrange(0x3E800000, 0x41000000) for _ in range(3)]
        if r.random() < 0.4:
            i, j = r.sample(range(3), 2)
            v[j] = v[i] ^ (r.getrandbits(1) << 31)
        out.append(tuple(v))
    return out


def fold(calls, ty):
    """The folded constants of `calls` (C expressions of type `ty`), in order."""
    body = "\n".join(f"  o[{i}] = {c};" for i, c in enumerate(calls))
    # volatile: the vectorizer would merge plain stores.
    src = f"kernel void k(volatile global {ty} *o) {{\n{body}\n}}\n"
    with tempfile.TemporaryDirectory() as d:
        cl = f"{d}/k.cl"
        open(cl, "w").write(src)
        ll = subprocess.run(
            ["clang-19", "-x", "cl", "-cl-std=CL2.0", "-target", "amdgcn-amd-amdhsa",
             "-mcpu=gfx942", "-nogpulib", "-O2", "-S", "-emit-llvm", "-o", "-", cl],
            check=True, capture_output=True, text=True).stdout
    if "call " in ll:
        sys.exit("fold.py: clang did not fold every call")
    # `%p = getelementptr inbounds i8, ptr addrspace(1) %o, i64 OFF` then
    # `store volatile T C, ptr addrspace(1) %p` (offset 0 stores to %o itself).
    gep = dict(re.findall(r"(%\w+) = getelementptr inbounds i8, ptr addrspace\(1\) %\w+, i64 (\d+)", ll))
    size = 8 if ty == "double" else 4
    got = {}
    for val, ptr in re.findall(rf"store volatile {ty} ([^,]+), ptr addrspace\(1\) (%\w+)", ll):
        got[int(gep.get(ptr, "0")) // size] = val
    if len(got) != len(calls):
        sys.exit(f"fold.py: {len(got)} stores for {len(calls)} calls")
    return [bits(got[i], ty) for i in range(len(calls))]


def bits(v, ty):
    """An LLVM IR float constant's bits (hex constants are always written as
    doubles, also for float)."""
    if v.startswith("0x"):
        d = int(v, 16)
    else:
        d = struct.unpack("<Q", struct.pack("<d", float(v)))[0]
    if ty == "double":
        return d
    return struct.unpack("<I", struct.pack("<f", struct.unpack("<d", struct.pack("<Q", d))[0]))[0]


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "trig_preop":
        cs = trig_preop_cases()
        res = fold([f"__builtin_amdgcn_trig_preop(as_double(0x{x:016x}UL), {seg})" for x, seg in cs],
                   "double")
        for (x, seg), v in zip(cs, res):
            print(f"{x:016x} {seg:x} {v:016x}")
    elif what == "cube":
        cs = cube_cases()
        f = lambda u: f"as_float(0x{u:08x}u)"
        cols = [fold([f"__builtin_amdgcn_cube{op}({f(x)}, {f(y)}, {f(z)})" for x, y, z in cs],
                     "float") for op in ("id", "sc", "tc", "ma")]
        for i, (x, y, z) in enumerate(cs):
            print(" ".join(f"{v:08x}" for v in (x, y, z, *(c[i] for c in cols))))
    else:
        sys.exit("usage: fold.py trig_preop|cube")


main()
