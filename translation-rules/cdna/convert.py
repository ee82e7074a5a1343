#!/usr/bin/env python3
"""Regenerates cdna5_vglobal.tsv: the VGLOBAL opcodes, from LLVM.

Usage: convert.py [OUT]   (needs llvm-mc-19; OUT defaults to cdna5_vglobal.tsv here)

Every opcode 0..255 of the VGLOBAL encoding (bits 31:24 = 0xEE, OP 21:14) is
disassembled by `llvm-mc-19 --disassemble --mcpu=gfx1200`, once without and once
with th:TH_ATOMIC_RETURN; the `global_atomic_*` mnemonics and their register
counts (data operand and returned value) are taken from LLVM's text. The
semantics column is derived from the mnemonic by SEM below (a mnemonic that no
pattern matches is an error, so a new LLVM cannot silently add a wrong row).
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# SADDR off: the cache operations print only without a scalar base.
SADDR_OFF = 124

# mnemonic suffix (after global_atomic_) -> semantics class "op.type".
SEM = [
    (r"^swap_b(32|64)$", "exch"),
    (r"^cmpswap_b(32|64)$", "cas"),
    (r"^add_u(32|64)$", "add"),
    (r"^sub_u(32|64)$", "sub"),
    (r"^sub_clamp_u(32)$", "subclamp"),
    (r"^cond_sub_u(32)$", "condsub"),
    (r"^min_i(32|64)$", "smin"),
    (r"^max_i(32|64)$", "smax"),
    (r"^min_u(32|64)$", "umin"),
    (r"^max_u(32|64)$", "umax"),
    (r"^and_b(32|64)$", "and"),
    (r"^or_b(32|64)$", "or"),
    (r"^xor_b(32|64)$", "xor"),
    (r"^inc_u(32|64)$", "inc"),
    (r"^dec_u(32|64)$", "dec"),
    (r"^add_(f32)$", "fadd"),
    (r"^min_num_(f32)$", "fmin"),
    (r"^max_num_(f32)$", "fmax"),
    (r"^pk_add_(f16)$", "fadd"),
    (r"^pk_add_(bf16)$", "fadd"),
    (r"^ordered_add_b(64)$", "orderedadd"),
]
TYPES = {"32": "b32", "64": "b64", "f32": "f32", "f16": "f16x2", "bf16": "bf16x2"}

# The other VGLOBAL instructions (loads, stores, cache operations): mnemonic
# -> semantics class "kind.type" (load: zero/sign-extended or whole dwords;
# loadlo/loadhi: a d16 load into one 16-bit half of VDST; storehi: the high
# 16 bits of the data; loadtid/storetid: the address is SADDR (or 0) plus
# the offset plus 4 x the lane id, no VADDR; fence: the cache operation).
# Rows LLVM lists that are
# not here must be in SKIP, with why, or convert.py fails.
MEM = {
    "global_load_u8": "load.u8", "global_load_i8": "load.s8",
    "global_load_u16": "load.u16", "global_load_i16": "load.s16",
    "global_load_b32": "load.b32", "global_load_b64": "load.b64",
    "global_load_b96": "load.b96", "global_load_b128": "load.b128",
    "global_load_d16_u8": "loadlo.u8", "global_load_d16_i8": "loadlo.s8",
    "global_load_d16_b16": "loadlo.b16", "global_load_d16_hi_u8": "loadhi.u8",
    "global_load_d16_hi_i8": "loadhi.s8", "global_load_d16_hi_b16": "loadhi.b16",
    "global_store_b8": "store.b8", "global_store_b16": "store.b16",
    "global_store_b32": "store.b32", "global_store_b64": "store.b64",
    "global_store_b96": "store.b96", "global_store_b128": "store.b128",
    "global_store_d16_hi_b8": "storehi.b8", "global_store_d16_hi_b16": "storehi.b16",
    "global_inv": "fence.inv", "global_wb": "fence.wb", "global_wbinv": "fence.wbinv",
    "global_load_addtid_b32": "loadtid.b32", "global_store_addtid_b32": "storetid.b32",
}
SKIP = {
    "global_load_block": "32-VGPR block transfer under an M0 mask",
    "global_store_block": "32-VGPR block transfer under an M0 mask",
    "global_load_tr_b64": "transposing load for the matrix units",
    "global_load_tr_b128": "transposing load for the matrix units",
}


def regs(text):
    m = re.match(r"v\[(\d+):(\d+)\]", text)
    return int(m.group(2)) - int(m.group(1)) + 1 if m else 1


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "cdna5_vglobal.tsv")
    lines = []
    for op in range(256):
        for th in (0, 1):
            dw = [(0xEE << 24) | (op << 14) | SADDR_OFF, 1 | (th << 20) | (2 << 23), 4]
            b = b"".join(x.to_bytes(4, "little") for x in dw)
            lines.append(" ".join("0x%02x" % c for c in b))
    r = subprocess.run(
        ["llvm-mc-19", "--disassemble", "--arch=amdgcn", "--mcpu=gfx1200", "--show-encoding"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    rows = {}
    mem = {}
    for line in r.stdout.splitlines():
        m = re.match(r"\s*(global_(?!atomic_)\w+)(.*?)\s*; encoding: \[(.*)\]", line)
        if m:
            name, ops, enc = m.groups()
            bs = [int(x, 16) for x in enc.split(",")]
            op = (int.from_bytes(bytes(bs[:4]), "little") >> 14) & 0xFF
            if name in SKIP:
                continue
            if name not in MEM:
                sys.exit("convert.py: no semantics for %s (add it to MEM or SKIP)" % name)
            parts = [p.strip() for p in re.split(r",\s*(?![^\[]*\])", ops.strip())]
            kind = MEM[name].split(".")[0]
            if kind.startswith("load"):
                data, dst = 0, regs(parts[0])
            elif kind == "storetid":
                data, dst = regs(parts[0]), 0
            elif kind.startswith("store"):
                data, dst = regs(parts[1]), 0
            else:
                data, dst = 0, 0
            mem[op] = (name, data, dst, MEM[name])
            continue
        m = re.match(r"\s*global_atomic_(\w+) (.*?)\s*; encoding: \[(.*)\]", line)
        if not m:
            continue
        name, ops, enc = m.groups()
        bs = [int(x, 16) for x in enc.split(",")]
        op = (int.from_bytes(bytes(bs[:4]), "little") >> 14) & 0xFF
        parts = [p.strip() for p in re.split(r",\s*(?![^\[]*\])", ops.split(" offset")[0])]
        row = rows.setdefault(op, {"name": name})
        if "TH_ATOMIC_RETURN" in ops:
            row["dst"] = regs(parts[0])
        else:
            row["data"] = regs(parts[1])
    out_lines = [
        "# CDNA 5 / GFX12 VGLOBAL atomics, loads, stores and cache operations: generated by convert.py from llvm-mc-19 --mcpu=gfx1200. Do not edit by hand.",
        "# mnemonic\topcode\tdata_regs\tdst_regs\tsemantics (op.type)",
    ]
    for op in sorted(rows):
        row = rows[op]
        suffix = row["name"]
        sem = [(s, re.match(p, suffix)) for p, s in SEM if re.match(p, suffix)]
        if len(sem) != 1:
            sys.exit("convert.py: no unique semantics for global_atomic_%s" % suffix)
        s, m = sem[0]
        out_lines.append("global_atomic_%s\t%d\t%d\t%d\t%s.%s" % (
            suffix, op, row["data"], row["dst"], s, TYPES[m.group(1)]))
    missing = sorted(set(MEM) - {v[0] for v in mem.values()})
    if missing:
        sys.exit("convert.py: LLVM lists none of %s" % ", ".join(missing))
    for op in sorted(mem):
        name, data, dst, sem = mem[op]
        out_lines.append("%s\t%d\t%d\t%d\t%s" % (name, op, data, dst, sem))
    with open(out, "w") as f:
        f.write("\n".join(out_lines) + "\n")


if __name__ == "__main__":
    main()
