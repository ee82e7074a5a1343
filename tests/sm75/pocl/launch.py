#!/usr/bin/env python3
"""Turns a launch spec (tests/sm75/kernels/NAME.launch.json, format
xisa-sm75-launch/1) into input files and the argument list of
tests/sm75/pocl/driver.c (the same spellings as `xisa run --arg`).

    launch.py SPEC.json WORKDIR

writes WORKDIR/in.I.bin for every buffer argument I and prints, one per line:
`kernel NAME`, `grid GX,GY,GZ`, `block BX,BY,BZ`, `arg SPEC` per argument,
then `output I` per output buffer.

The fills are defined in tests/sm75/README.md; crates/xisa-cli/tests/corpus.rs
implements the same definition independently, and the POCL
outputs committed in tests/sm75/expected/ only match the translated side when
both agree.
"""
import json
import os
import re
import struct
import sys

ELEMS = {
    "u8": ("<B", 1, False), "i8": ("<b", 1, False),
    "u16": ("<H", 2, False), "i16": ("<h", 2, False),
    "u32": ("<I", 4, False), "i32": ("<i", 4, False),
    "u64": ("<Q", 8, False), "i64": ("<q", 8, False),
    "f32": ("<f", 4, True), "f64": ("<d", 8, True),
}
M64 = (1 << 64) - 1


def splitmix64(seed):
    state = seed & M64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        yield z ^ (z >> 31)


def parse_int(s):
    s = s.strip()
    neg = s.startswith("-")
    body = s[1:] if neg else s
    v = int(body, 16) if body.lower().startswith("0x") else int(body, 10)
    return -v if neg else v


def pack(elem, v):
    fmt, size, is_float = ELEMS[elem]
    if is_float:
        return struct.pack(fmt, float(v))
    # Integers wrap to the element width (0xffffffff in an i32 is -1).
    v &= (1 << (8 * size)) - 1
    return v.to_bytes(size, "little")


def fill(arg):
    elem, count, fill_spec = arg["elem"], arg["count"], arg["fill"]
    _, size, is_float = ELEMS[elem]
    if arg.get("bytes", count * size) != count * size:
        sys.exit(f"{arg['name']}: bytes != count * sizeof({elem})")
    if fill_spec == "zero":
        return bytes(count * size)
    if fill_spec == "iota":
        return b"".join(pack(elem, i) for i in range(count))
    m = re.fullmatch(r"const\((.*)\)", fill_spec)
    if m:
        vals = [v.strip() for v in m.group(1).split(",")]
        conv = (lambda v: float(v)) if is_float else parse_int
        vals = [conv(v) for v in vals]
        return b"".join(pack(elem, vals[min(i, len(vals) - 1)]) for i in range(count))
    m = re.fullmatch(r"random\(seed=(\d+)(?:,\s*range=(-?\d+)\.\.(-?\d+))?\)", fill_spec)
    if m:
        gen = splitmix64(int(m.group(1)))
        if m.group(2) is None:
            if is_float:
                sys.exit(f"{arg['name']}: random without a range needs an integer element")
            return b"".join(pack(elem, next(gen)) for _ in range(count))
        a, b = int(m.group(2)), int(m.group(3))
        if a >= b:
            sys.exit(f"{arg['name']}: empty range {a}..{b}")
        return b"".join(pack(elem, a + next(gen) % (b - a)) for _ in range(count))
    sys.exit(f"{arg['name']}: unknown fill {fill_spec!r}")


def main():
    spec_path, work = sys.argv[1], sys.argv[2]
    with open(spec_path) as f:
        spec = json.load(f)
    if spec.get("format") != "xisa-sm75-launch/1":
        sys.exit(f"{spec_path}: not a xisa-sm75-launch/1 spec")
    print("kernel " + spec["kernel"])
    print("grid " + ",".join(str(v) for v in spec["grid"]))
    print("block " + ",".join(str(v) for v in spec["block"]))
    outputs = []
    local_args = 0
    for i, arg in enumerate(spec["args"]):
        kind = arg["kind"]
        if kind == "buffer":
            data = fill(arg)
            path = os.path.join(work, f"in.{i}.bin")
            with open(path, "wb") as f:
                f.write(data)
            print(f"arg buf:{path}")
            if arg.get("output"):
                outputs.append(i)
        elif kind == "scalar":
            print(f"arg {arg['type']}:{arg['value']}")
        elif kind == "local":
            local_args += arg["bytes"]
            print(f"arg local:{arg['bytes']}")
        else:
            sys.exit(f"{spec_path}: argument {i}: kind {kind!r} has no OpenCL form")
    if spec.get("dynamic_shared_bytes", 0) not in (0, local_args):
        sys.exit(f"{spec_path}: dynamic_shared_bytes must be 0 or the sum of the local args")
    for i in outputs:
        print(f"output {i}")


if __name__ == "__main__":
    main()
