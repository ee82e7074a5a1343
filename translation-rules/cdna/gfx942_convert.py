#!/usr/bin/env python3
"""Regenerates gfx942_opcodes.tsv: the gfx942 opcode tables, from LLVM.

Usage: gfx942_convert.py [OUT]   (needs llvm-mc-19; OUT defaults to gfx942_opcodes.tsv here)

For every format of gfx942_formats.tsv handled here, every value of its `op`
field is encoded with fixed, distinct probe values in the other fields and
disassembled by `llvm-mc-19 --disassemble --mcpu=gfx942` (one bracketed group per
probe, so each probe yields one line or one warning). The mnemonic and the
operand list come from LLVM's text: each operand is mapped back to the field
whose probe value it prints (register class letter and register count taken
from the text), so opcode numbers, mnemonics and operand shapes are LLVM's.

Memory formats are probed per variant (FLAT: flat/scratch/global segment;
atomics once more with sc0 = 1, the returning form). Rows:
    format  variant  opcode  mnemonic  operands  flags
operands: comma-separated `field:class:count` (class v, a, s, or imm), `-` if none.
flags: `rtn` (atomic whose vdst appears only with sc0/glc), `off2` (DS offset0/offset1),
`raw` (operand text not mapped to fields: printed by special code), `-` otherwise.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_formats():
    fmts = {}
    for line in open(os.path.join(HERE, "gfx942_formats.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        c = line.rstrip("\n").split("\t")
        f = fmts.setdefault(c[0], {"fields": {}})
        if c[1] == "FIXED":
            f["mask"], f["value"], f["bytes"] = int(c[2], 16), int(c[3], 16), int(c[4])
        else:
            f["fields"][c[1]] = (int(c[2]), int(c[3]))
    return fmts


FMTS = load_formats()


def build(fmt, vals):
    f = FMTS[fmt]
    w = f["value"]
    for name, v in vals.items():
        lo, hi = f["fields"][name]
        assert v < (1 << (hi - lo + 1)), (fmt, name, v)
        w |= v << lo
    return w.to_bytes(f["bytes"], "little")


# format -> list of (variant, probe field values, printed register start per field).
# LLVM rejects some encodings whose unused operand fields are not zero (DS): every
# subset of the OPTIONAL fields is tried, largest first, and the first valid one kept.
OPTIONAL = {"DS": ["addr", "data0", "data1", "vdst"], "SOP1": ["ssrc0", "sdst"],
            "SOP2": ["ssrc0", "ssrc1", "sdst"], "SOPK": ["sdst", "simm16"],
            "SOPC": ["ssrc0", "ssrc1"], "SMEM": ["sdata", "sbase", "offset", "imm"],
            "SOPP": ["simm16"], "MUBUF": ["vaddr", "vdata", "srsrc", "soffset", "offen"]}
PROBES = {
    "SOP2": [("-", {"ssrc0": 10, "ssrc1": 20, "sdst": 40}, {})],
    "SOPK": [("-", {"sdst": 40, "simm16": 0x1234}, {})],
    "SOP1": [("-", {"ssrc0": 10, "sdst": 40}, {})],
    "SOPC": [("-", {"ssrc0": 10, "ssrc1": 20}, {})],
    "SOPP": [("-", {"simm16": 0x1234}, {})],
    "SMEM": [("-", {"imm": 1, "sbase": 8, "sdata": 20, "offset": 0x24}, {"sbase": 16})],
    "DS": [("-", {"addr": 10, "data0": 20, "data1": 30, "vdst": 40, "offset0": 0x34,
                  "offset1": 0x12}, {})],
    "FLAT": [("flat", {"addr": 10, "data": 20, "vdst": 40, "seg": 0, "saddr": 0}, {}),
             ("scratch", {"addr": 10, "data": 20, "vdst": 40, "seg": 1, "sve": 1,
                          "saddr": 4}, {}),
             ("global", {"addr": 10, "data": 20, "vdst": 40, "seg": 2, "saddr": 4}, {})],
    "MUBUF": [("-", {"vaddr": 10, "vdata": 20, "srsrc": 4, "soffset": 3, "offen": 1},
               {"srsrc": 16})],
}
RTN_BIT = {"FLAT": "sc0", "MUBUF": "sc0", "DS": None}


def llvm(groups):
    text = "".join("[" + " ".join("0x%02x" % c for c in g) + "]\n" for g in groups)
    r = subprocess.run(["llvm-mc-19", "--disassemble", "--arch=amdgcn", "--mcpu=gfx942",
                        "--show-encoding"], input=text, capture_output=True, text=True)
    bad = {int(m) for m in re.findall(r"<stdin>:(\d+):\d+: warning", r.stderr)}
    outs = [l for l in r.stdout.splitlines() if "encoding:" in l]
    res, k = [], 0
    for i, g in enumerate(groups):
        if i + 1 in bad:
            res.append(None)
            continue
        # LLVM prints the re-encoded (canonical) bytes: pair by length, not by value.
        first, n = None, 0
        while n < len(g):
            line = outs[k]
            k += 1
            n += len(line.split("encoding: [")[1].rstrip("]").split(","))
            first = line if first is None else "<more than one instruction>"
        res.append(first.split(";")[0].strip() if n == len(g) and ";" in first else None)
    return res


def owner(w32):
    """The format whose FIXED pattern matches, most specific mask first."""
    best = None
    for name, f in FMTS.items():
        if w32 & f["mask"] == f["value"]:
            if best is None or bin(f["mask"]).count("1") > bin(FMTS[best]["mask"]).count("1"):
                best = name
    return best


REG = re.compile(r"^([vas])(?:(\d+)|\[(\d+):(\d+)\])$")


def template(text, vals, starts):
    """Maps the operands of LLVM's text to fields; returns (mnemonic, operands, raw)."""
    # ds_swizzle_b32's symbolic offset holds commas: printed by special code
    text = re.sub(r" offset:swizzle\(.*\)$", "", text)
    parts = text.split(None, 1)
    mn = parts[0]
    if len(parts) == 1:
        return mn, [], False
    ops = [o.strip() for o in re.split(r",\s*(?![^\[]*\])(?![^(]*\))", parts[1])]
    # modifiers follow the last operand after a space
    last = ops[-1].split(" ")
    if not ops[-1].startswith("hwreg("):
        ops[-1] = last[0]
    out = []
    for o in ops:
        if o.startswith("hwreg("):
            # s_getreg/s_setreg: simm16 printed symbolically (gfx942_hwreg.tsv)
            out.append("simm16:hwreg:1")
            continue
        m = REG.match(o)
        if m:
            cls = m.group(1)
            lo = int(m.group(2) or m.group(3))
            n = 1 if m.group(2) else int(m.group(4)) - lo + 1
            f = [k for k, v in vals.items() if starts.get(k, v) == lo]
            if len(f) == 1:
                out.append("%s:%s:%d" % (f[0], cls, n))
                continue
            return mn, [], True
        try:
            v = int(o, 0)
        except ValueError:
            return mn, [], True
        f = [k for k, x in vals.items() if x == v]
        if len(f) != 1:
            return mn, [], True
        out.append("%s:imm:1" % f[0])
    return mn, out, False


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "gfx942_opcodes.tsv")
    rows = []
    valu_rows = valu()
    for fmt, probes in PROBES.items():
        lo, hi = FMTS[fmt]["fields"]["op"]
        for variant, vals, starts in probes:
            opt = OPTIONAL.get(fmt, [])
            subsets = sorted(range(1 << len(opt)), key=lambda m: -bin(m).count("1"))
            groups, keys = [], []
            for op in range(1 << (hi - lo + 1)):
                for si, m in enumerate(subsets):
                    for rtn in (0, 1):
                        v = dict(vals, op=op)
                        for j, name in enumerate(opt):
                            if not m >> j & 1:
                                del v[name]
                        if rtn:
                            if not RTN_BIT.get(fmt):
                                continue
                            v[RTN_BIT[fmt]] = 1
                        word = build(fmt, v)
                        w32 = int.from_bytes(word[:4], "little")
                        if owner(w32) != fmt:
                            continue
                        groups.append(word)
                        keys.append((op, si, rtn, tuple(sorted(v.items()))))
            texts = {}
            for (op, si, rtn, v), t in zip(keys, llvm(groups)):
                if t is not None and (op, rtn) not in texts:
                    texts[(op, rtn)] = (t, dict(v))
            for op in range(1 << (hi - lo + 1)):
                t0, v0 = texts.get((op, 0), (None, None))
                t1, v1 = texts.get((op, 1), (None, None))
                if t0 is None:
                    continue
                pv = {k: x for k, x in v0.items() if k in vals}
                mn, ops, raw = template(t0, pv, starts)
                # FLAT shares one opcode space across segments: keep the segment's own names.
                if fmt == "FLAT" and not mn.startswith(variant + "_"):
                    continue
                flags = []
                if t1 is not None and mn.split("_")[1:2] == ["atomic"]:
                    pv1 = {k: x for k, x in v1.items() if k in vals}
                    mn1, ops1, raw1 = template(t1, pv1, starts)
                    if len(ops1) > len(ops):
                        ops, flags = ops1, ["rtn"]
                if fmt == "DS" and "offset0:" in t0:
                    flags.append("off2")
                if raw:
                    flags.append("raw")
                rows.append((fmt, variant, op, mn, ",".join(ops) or "-", ",".join(flags) or "-"))
    rows += sopk_literal_rows({r[2] for r in rows if r[0] == "SOPK"})
    with open(out, "w") as f:
        f.write("# gfx942 opcodes: generated by gfx942_convert.py from llvm-mc-19 --mcpu=gfx942. "
                "Do not edit by hand.\n")
        f.write("# format\tvariant\topcode\tmnemonic\toperands\tflags\n")
        for r in rows + valu_rows:
            f.write("%s\t%s\t%d\t%s\t%s\t%s\n" % r)
    write_hwreg()
    write_sendmsg()
    print("gfx942_convert.py: %d opcodes (%d VALU)" % (len(rows) + len(valu_rows), len(valu_rows)))


def sopk_literal_rows(have):
    """SOPK opcodes that carry a 32-bit literal after the word
    (s_setreg_imm32_b32): probed again with a literal, which becomes a `k`
    operand (the literal constant) and the row's `k` flag. One llvm-mc run
    per probe set (with sdst, then without for the rest)."""
    lo, hi = FMTS["SOPK"]["fields"]["op"]
    lit = 0x12345678
    found = {}
    todo = [op for op in range(1 << (hi - lo + 1)) if op not in have]
    for vals in ({"sdst": 40, "simm16": 0x1234}, {"simm16": 0x1234}):
        words = [build("SOPK", dict(vals, op=op)) + lit.to_bytes(4, "little") for op in todo]
        for op, t in zip(todo, llvm(words)):
            if t is not None:
                found[op] = template(t, dict(vals, imm=lit), {})
        todo = [op for op in todo if op not in found]
    rows = []
    for op in sorted(found):
        mn, ops, raw = found[op]
        ops = [o.replace("imm:imm:1", "imm:k:1") for o in ops]
        rows.append(("SOPK", "-", op, mn, ",".join(ops) or "-", "raw" if raw else "k"))
    return rows


def write_hwreg():
    """gfx942_hwreg.tsv: the hardware register names LLVM prints in hwreg(...),
    probed with s_getreg_b32 s40, hwreg(id) for every 6-bit id."""
    groups = [build("SOPK", {"op": 17, "sdst": 40, "simm16": i | 31 << 11}) for i in range(64)]
    with open(os.path.join(HERE, "gfx942_hwreg.tsv"), "w") as f:
        f.write("# gfx942 hwreg ids with an LLVM name: generated by gfx942_convert.py from "
                "llvm-mc-19 --mcpu=gfx942. Do not edit by hand.\n# id\tname\n")
        for i, t in enumerate(llvm(groups)):
            m = re.search(r"hwreg\(([A-Z_0-9]+)\)", t or "")
            if m and not m.group(1).isdigit():
                f.write("%d\t%s\n" % (i, m.group(1)))


def write_sendmsg():
    """gfx942_sendmsg.tsv: the message and operation names LLVM prints in
    sendmsg(...), probed with s_sendmsg for every message id (4 bits) and
    operation (3 bits) with stream 0, and stream 1 to see which take a stream."""
    keys = [(m, o, st) for m in range(16) for o in range(8) for st in (0, 1)]
    groups = [build("SOPP", {"op": 16, "simm16": m | o << 4 | st << 8}) for m, o, st in keys]
    rows = []
    for (m, o, st), t in zip(keys, llvm(groups)):
        g = re.search(r"sendmsg\(([A-Z_][A-Z_0-9]*)(?:, ([A-Z_][A-Z_0-9]*))?(?:, (\d+))?\)",
                      t or "")
        if not g or st and g.group(3) is None:
            continue
        if g.group(2) is None and o == 0 and st == 0:
            rows.append("msg\t%d\t%s" % (m, g.group(1)))
        elif g.group(2) is not None and st == (1 if g.group(3) else 0):
            rows.append("op\t%d\t%d\t%s\t%s\t%d" % (m, o, g.group(1), g.group(2),
                                                  1 if g.group(3) else 0))
    with open(os.path.join(HERE, "gfx942_sendmsg.tsv"), "w") as f:
        f.write("# gfx942 sendmsg names: generated by gfx942_convert.py from llvm-mc-19 "
                "--mcpu=gfx942. Do not edit by hand.\n"
                "# msg<TAB>id<TAB>name: sendmsg(name) for op 0, stream 0\n"
                "# op<TAB>id<TAB>op<TAB>msg name<TAB>op name<TAB>takes a stream (0/1)\n")
        f.write("".join(r + "\n" for r in rows))


from gfx942_valu import valu  # noqa: E402  (VALU probing lives in its own file)

if __name__ == "__main__":
    main()
