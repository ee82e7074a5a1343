#!/usr/bin/env python3
"""LLVM's constant folding of llvm.amdgcn.trig.preop as an oracle for
v_trig_preop_f64 (crates/xisa-cdna/tests/gfx942_exec_trig_preop.rs).

Writes an OpenCL C kernel storing __builtin_amdgcn_trig_preop(x, seg) for the
(x, seg) pairs below, compiles it with clang-19 -O2 for gfx942 to LLVM IR
(where every call is folded to a constant) and prints `x_bits seg result_bits`
lines (hex) to stdout: `fold.py > folded.tsv`. Deterministic: the same
clang gives the same file.
"""
import random
import re
import subprocess
import sys
import tempfile

def cases():
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

def main():
    cs = cases()
    body = "\n".join(
        f"  o[{i}] = __builtin_amdgcn_trig_preop(as_double(0x{x:016x}UL), {seg});"
        for i, (x, seg) in enumerate(cs))
    src = f"kernel void k(global double *o) {{\n{body}\n}}\n"
    with tempfile.TemporaryDirectory() as d:
        cl = f"{d}/k.cl"
        open(cl, "w").write(src)
        ll = subprocess.run(
            ["clang-19", "-x", "cl", "-cl-std=CL2.0", "-target", "amdgcn-amd-amdhsa",
             "-mcpu=gfx942", "-nogpulib", "-O2", "-S", "-emit-llvm", "-o", "-", cl],
            check=True, capture_output=True, text=True).stdout
    if "trig.preop" in ll:
        sys.exit("fold.py: clang did not fold every call")
    # `%p = getelementptr inbounds i8, ptr addrspace(1) %o, i64 OFF` then
    # `store double C, ptr addrspace(1) %p` (offset 0 stores to %o itself).
    gep = dict(re.findall(r"(%\w+) = getelementptr inbounds i8, ptr addrspace\(1\) %\w+, i64 (\d+)", ll))
    got = {}
    for val, ptr in re.findall(r"store double ([^,]+), ptr addrspace\(1\) (%\w+)", ll):
        off = int(gep.get(ptr, "0"))
        got[off // 8] = val
    if len(got) != len(cs):
        sys.exit(f"fold.py: {len(got)} stores for {len(cs)} calls")
    for i, (x, seg) in enumerate(cs):
        v = got[i]
        bits = 0 if v in ("0.000000e+00",) else int(v, 16) if v.startswith("0x") else None
        if bits is None:
            import struct
            bits = struct.unpack("<Q", struct.pack("<d", float(v)))[0]
        print(f"{x:016x} {seg} {bits:016x}")

main()
