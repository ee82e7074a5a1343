#!/usr/bin/env python3
"""Converts chapter 6.4 of the vendor manual (the lsu group) into rules.tsv.

Usage: convert.py [SEED] [OUT]
  SEED defaults to ../../../shared/seeds/003_936408bc7e1f5c9e.txt (relative to
  this script, i.e. shared/ beside the repository), OUT to rules.tsv next to it.

Every column of rules.tsv comes from the chapter: the operand signature from the
syntax lines, the format/field values, latency class and flags from the table rows,
and the semantics class from the semantics column (classified by the patterns in
ADDRESSING and ACTIONS below; a row that matches no pattern, or two, is an error,
so a changed chapter cannot silently produce a wrong table).
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SEED = os.path.join(HERE, "..", "..", "..", "shared", "seeds", "003_936408bc7e1f5c9e.txt")

# Addressing class: (pattern in the semantics column, class name). First match wins,
# so the longer uniform patterns come before the shorter ones they contain.
ADDRESSING = [
    ("A = s1_64 + sext(imm)", "global"),
    ("A = U64[u2] + zext(s1) + sext(imm)", "ubase"),
    ("A = DESC(u2..u2+3).base + s1 + sext(imm)", "buf"),
    ("A = s1 + sext(imm)（workgroup shared 窗口）", "shared"),
    ("lane 私有 scratch 地址 (s1 + sext(imm))", "scratch"),
    ("A = U64[u1] + u2 + sext(imm)", "u64x"),
    ("A = U64[u1] + sext(imm)", "u64"),
    ("A = DESC(u1..u1+3).base + u2 + sext(imm)", "ubufx"),
    ("A = DESC(u1..u1+3).base + sext(imm)", "ubuf"),
    ("device 级 acquire", "none"),
    ("system 级 acquire", "none"),
    ("system 级 release", "none"),
]

# Atomic operations: regex on the semantics column -> op name.
ATOM_OPS = [
    (r"M\[A\] = M\[A\] \+ data（binary32", "fadd"),
    (r"M\[A\] = M\[A\] \+ data(?!（)", "add"),
    (r"M\[A\] = M\[A\] - data", "sub"),
    (r"M\[A\] = M\[A\] & data", "and"),
    (r"M\[A\] = M\[A\] \| data", "or"),
    (r"M\[A\] = M\[A\] \^ data", "xor"),
    (r"min_s\(M\[A\], data\)", "mins"),
    (r"max_s\(M\[A\], data\)", "maxs"),
    (r"min_u\(M\[A\], data\)", "minu"),
    (r"max_u\(M\[A\], data\)", "maxu"),
    (r"M\[A\] = data（交换）", "xchg"),
    (r"if M\[A\] == data0: M\[A\] = data1", "cmpxchg"),
    (r"\(old >= data\) \? 0 : old \+ 1", "inc"),
    (r"\(old == 0 \|\| old > data\) \? data : old - 1", "dec"),
    (r"minimumNumber\(M\[A\], data\)", "fmin"),
    (r"maximumNumber\(M\[A\], data\)", "fmax"),
]


def fail(msg):
    sys.exit("convert.py: " + msg)


def classify(mn, sem):
    addr = [c for p, c in ADDRESSING if p in sem]
    if not addr:
        fail(f"{mn}: no addressing pattern matches {sem!r}")
    addr = addr[0]
    if "device 级 acquire" in sem:
        return "none:fence.device.acquire"
    if "system 级 acquire" in sem:
        return "none:fence.system.acquire"
    if "system 级 release" in sem:
        return "none:fence.system.release"
    m = re.search(r"(零扩展|符号扩展)?读取 (\d+) 位", sem)
    if m:
        ext = {"零扩展": "zx", "符号扩展": "sx", None: "b"}[m.group(1)]
        return f"{addr}:ld.{ext}{m.group(2)}"
    m = re.search(r"将数据寄存器低 (\d+) 位写入 A", sem)
    if m:
        return f"{addr}:st.b{m.group(1)}"
    m = re.search(r"加载 (\d+) 个 dword 到 U\[d\.\.\]", sem)
    if m:
        return f"{addr}:uld.dw{m.group(1)}"
    if "（L2 原子）" in sem:
        where = "l2"
    elif "（shared 内）" in sem:
        where = "wg"
    else:
        fail(f"{mn}: unclassified semantics {sem!r}")
    ops = [o for p, o in ATOM_OPS if re.search(p, sem)]
    if len(ops) != 1:
        fail(f"{mn}: atomic op patterns {ops} match {sem!r}")
    width = re.search(r"\.[a-z](32|64)(\.|$)", mn)
    if not width:
        fail(f"{mn}: no 32/64-bit type suffix")
    rtn = ".rtn" if "旧值写回 rd" in sem else ""
    return f"{addr}:atom.{where}.{ops[0]}.{width.group(1)}{rtn}"


def main():
    seed = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SEED
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "rules.tsv")
    try:
        lines = open(seed, encoding="utf-8").read().splitlines()
    except OSError as e:
        fail(f"cannot read the seed chapter {seed}: {e}")
    syntax = {}
    rows = []
    for ln in lines:
        if ln.startswith("|") or not ln.strip():
            continue
        if " | " in ln:
            body = ln.rstrip()
            if not body.endswith("|"):
                fail(f"row without closing bar: {ln!r}")
            body = body[:-1].rstrip()
            head = body.split(" | ", 3)
            if len(head) != 4:
                fail(f"short row: {ln!r}")
            mn, enc, lat, rest = head
            sem, flags = rest.rsplit(" | ", 1)
            rows.append((mn.strip(), enc.strip(), lat.strip(), sem.strip(), flags.split()))
            continue
        toks = ln.split()
        # Syntax lines: a dotted lower-case mnemonic, then `name:kind` operands.
        if re.fullmatch(r"[a-z][a-z0-9]*(\.[a-z0-9]+)+", toks[0]) and all(":" in t for t in toks[1:]):
            if toks[0] in syntax:
                fail(f"{toks[0]}: two syntax lines")
            syntax[toks[0]] = toks[1:]
    if len(rows) != 301:
        fail(f"{len(rows)} table rows, expected 301")
    seen = set()
    with open(out, "w", encoding="utf-8") as f:
        f.write("# lsu translation rules: generated by convert.py from chapter 6.4 "
                "(shared/seeds/003_936408bc7e1f5c9e.txt). Do not edit by hand.\n")
        f.write("# mnemonic\toperands\tformat\tfields\tlatency\tsemclass\tflags\n")
        for mn, enc, lat, sem, flags in rows:
            if mn in seen:
                fail(f"{mn}: two table rows")
            seen.add(mn)
            if mn not in syntax:
                fail(f"{mn}: no syntax line")
            fmt, op, *fields = enc.split()
            if op != "op" or fmt not in ("M", "UM", "SYS"):
                fail(f"{mn}: bad encoding {enc!r}")
            for fld in fields:
                if not re.fullmatch(r"[a-z0-9]+=0x[0-9a-f]+", fld):
                    fail(f"{mn}: bad field {fld!r}")
            ops = " ".join(syntax[mn]) or "-"
            f.write("\t".join([mn, ops, fmt, " ".join(fields), lat, classify(mn, sem), " ".join(flags)]) + "\n")
    extra = set(syntax) - seen
    if extra:
        fail(f"syntax lines without a table row: {sorted(extra)}")


if __name__ == "__main__":
    main()
