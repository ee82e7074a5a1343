"""VALU part of gfx942_convert.py: probes llvm-mc-19 for the vector ALU formats.

For every format below and every value of its `op` field, a base encoding is
disassembled with distinct probe registers (src0 = v10, src1 = v20, src2 = v30,
vsrc1 = v20, vdst = v40; SGPR alternatives s12/s24/s36 where LLVM rejects VGPRs), and
the operands are mapped back to fields exactly as for the other formats. Then, per
opcode and per source field, further probes record:
  * which kinds of values the field accepts (`accept`): v (VGPR, or AGPR when the
    operand class letter is `a`), s (SGPR), c (inline constant), l (literal dword);
  * the operand type as LLVM prints constants (`type`): f16, v2f16, i16, b32, f64, b64,
    from the text of inline constants 240 (0.5) / 248 (1/(2*pi)) and of literals
    0x3800 / 0x3f000000 / 0x3fe00000 / 0x12345678 / 0xffff3800;
  * for every modifier bit (abs, neg, op_sel, clamp, omod, SDWA sel/sext, DPP
    bound_ctrl, ...): whether LLVM prints it (p), ignores it (i) or rejects the
    encoding (r), as flags `field=value:p|i|r`.
VOP3A vs VOP3B is decided by probing bits 8..14 with 50: VOP3B prints `s[50:51]`.
"""

import re

VGPR_START = {"src0": 10, "src1": 20, "src2": 30}
SGPR_START = {"src0": 12, "src1": 24, "src2": 36}
LIT = 0x11223344
LIT_PROBES = (0x3800, 0x3f000000, 0x3fe00000, 0x12345678, 0xffff3800)

# format -> (base probe fields, source fields with a 9-bit encoding)
BASE = {
    "VOP2": ({"vsrc1": 20, "vdst": 40}, ["src0"]),
    "VOP1": ({"vdst": 40}, ["src0"]),
    "VOPC": ({"vsrc1": 20}, ["src0"]),
    "VOP3A": ({"vdst": 40}, ["src0", "src1", "src2"]),
    "VOP3P": ({"vdst": 40, "op_sel_hi": 3, "op_sel_hi2": 1}, ["src0", "src1", "src2"]),
    "VOP1_SDWA": ({"vdst": 40, "src0": 10, "dst_sel": 6, "src0_sel": 6}, []),
    "VOP2_SDWA": ({"vdst": 40, "src0": 10, "vsrc1": 20, "dst_sel": 6, "src0_sel": 6,
                   "src1_sel": 6}, []),
    "VOPC_SDWA": ({"src0": 10, "vsrc1": 20, "sdst": 40, "sd": 1, "src0_sel": 6,
                   "src1_sel": 6}, []),
    "VOP1_DPP": ({"vdst": 40, "src0": 10, "dpp_ctrl": 0xe4, "row_mask": 15,
                  "bank_mask": 15}, []),
    "VOP2_DPP": ({"vdst": 40, "src0": 10, "vsrc1": 20, "dpp_ctrl": 0xe4, "row_mask": 15,
                  "bank_mask": 15}, []),
    "VOPC_DPP": ({"src0": 10, "vsrc1": 20, "dpp_ctrl": 0xe4, "row_mask": 15,
                  "bank_mask": 15}, []),
}

# Modifier probes per format: (field, value); value applied on top of the base word
# (for op_sel_hi*, the default 1 bits are cleared instead).
MODS = {
    "VOP3A": [("abs", 1), ("abs", 2), ("abs", 4), ("neg", 1), ("neg", 2), ("neg", 4),
              ("op_sel", 1), ("op_sel", 2), ("op_sel", 4), ("op_sel", 8), ("clamp", 1),
              ("omod", 1)],
    "VOP3B": [("neg", 1), ("neg", 2), ("neg", 4), ("clamp", 1), ("omod", 1)],
    "VOP3P": [("neg_lo", 1), ("neg_lo", 2), ("neg_lo", 4), ("neg_hi", 1), ("neg_hi", 2),
              ("neg_hi", 4), ("op_sel", 1), ("op_sel", 2), ("op_sel", 4),
              ("op_sel_hi", 1), ("op_sel_hi", 2), ("op_sel_hi2", 1), ("clamp", 1)],
    "VOP3P_MAI": [("cbsz", 1), ("abid", 1), ("blgp", 1), ("acc_cd", 1), ("acc", 1),
                  ("acc", 2)],
    "SDWA": [("clamp", 1), ("omod", 1), ("src0_sext", 1), ("src0_neg", 1),
             ("src0_abs", 1), ("src1_sext", 1), ("src1_neg", 1), ("src1_abs", 1),
             ("s0", 1), ("s1", 1), ("dst_unused", 1), ("dst_unused", 2), ("dst_unused", 3), ("b54", 1),
             ("b62", 1), ("src1_sel", 5)],
    "DPP": [("bound_ctrl", 1), ("src0_neg", 1), ("src0_abs", 1), ("src1_neg", 1),
            ("src1_abs", 1), ("b49", 1)],
}
CLEAR_DEFAULT = {"op_sel_hi", "op_sel_hi2"}

REG = re.compile(r"^([vas])(?:(\d+)|\[(\d+):(\d+)\])$")
FIXED_TOKENS = {"vcc": 2, "exec": 2, "m0": 1, "vcc_lo": 1}


def split_ops(text):
    """(mnemonic, operand tokens, modifier text)."""
    parts = text.split(None, 1)
    if len(parts) == 1:
        return parts[0], [], ""
    ops = [o.strip() for o in re.split(r",\s*(?![^\[]*\])", parts[1])]
    last = ops[-1].split(" ", 1)
    ops[-1] = last[0]
    return parts[0], ops, last[1] if len(last) > 1 else ""


def start_of(field, v):
    if field in VGPR_START:
        return v - 256 if v >= 256 else v
    return v


def valu_template(text, vals, lit):
    """Operands of LLVM's text mapped to fields: list of [field, class, count] or None."""
    mn, ops, _ = split_ops(text)
    out = []
    for o in ops:
        m = REG.match(o)
        if m:
            lo = int(m.group(2) or m.group(3))
            n = 1 if m.group(2) else int(m.group(4)) - lo + 1
            f = [k for k, v in vals.items() if start_of(k, v) == lo and not k.startswith("op")
                 and "sel" not in k and "mask" not in k and k != "dpp_ctrl" and k != "sd"]
            if len(f) != 1:
                return mn, None
            out.append([f[0], m.group(1), n])
        elif o in FIXED_TOKENS:
            out.append([o, "fixed", FIXED_TOKENS[o]])
        elif lit is not None and o == "0x%x" % lit:
            out.append(["imm", "k", 1])
        else:
            return mn, None
    return mn, out


def llvm_marked(groups):
    """One text (or None: rejected, or not exactly one instruction) per group; a
    marker instruction (`s_nop 0x1337`) after every group keeps the pairing exact."""
    import subprocess

    marker = "[0x37 0x13 0x80 0xbf]\n"
    text = "".join("[" + " ".join("0x%02x" % b for b in g) + "]\n" + marker for g in groups)
    r = subprocess.run(["llvm-mc-19", "--disassemble", "--arch=amdgcn", "--mcpu=gfx942"],
                       input=text, capture_output=True, text=True)
    bad = {int(m) for m in re.findall(r"<stdin>:(\d+):\d+: (?:warning|error)", r.stderr)}
    cases = [[]]
    for line in r.stdout.splitlines():
        t = " ".join(line.split(";")[0].split())
        if not t or t.startswith("."):
            continue
        if t == "s_nop 0x1337":
            cases.append([])
        else:
            cases[-1].append(t)
    res = []
    for i in range(len(groups)):
        lines = cases[i] if i < len(cases) else []
        res.append(lines[0] if 2 * i + 1 not in bad and len(lines) == 1 else None)
    return res


def valu():
    import gfx942_convert as c

    c.llvm = llvm_marked

    rows = []
    for fmt, (base, srcs) in BASE.items():
        rows += probe_format(c, fmt, base, srcs)
    return rows


def probe_format(c, fmt, base, srcs):
    lo, hi = c.FMTS[fmt]["fields"]["op"]
    nops = 1 << (hi - lo + 1)
    family = "SDWA" if fmt.endswith("SDWA") else "DPP" if fmt.endswith("DPP") else fmt

    def word(fmt_, vals, lit=None):
        b = c.build(fmt_, vals)
        return b + (lit.to_bytes(4, "little") if lit is not None else b"")

    def owned(fmt_, vals):
        b = c.build(fmt_, vals)
        return c.owner(int.from_bytes(b[:4], "little")) == fmt_

    # Pass 1: base probes, VGPR/SGPR combinations, VOP3B layout, with/without literal.
    cands = []  # (op, vals, lit, layout)
    for op in range(nops):
        combos = []
        # all sources, then fewer (dropped from the end); each VGPR or SGPR
        for k in range(len(srcs), -1, -1):
            for m in range(1 << k):
                v = dict(base, op=op)
                for j, s in enumerate(srcs[:k]):
                    v[s] = SGPR_START[s] if m >> j & 1 else 256 + VGPR_START[s]
                combos.append(v)
        empty = {"op": op}
        if fmt == "VOP3P":
            empty.update(op_sel_hi=3, op_sel_hi2=1)
        combos.append(empty)
        for v in combos:
            if not owned(fmt, v):
                continue
            cands.append((op, v, None, fmt))
            if fmt == "VOP2":
                cands.append((op, v, LIT, fmt))
            if fmt == "VOP3A":
                cands.append((op, dict(v, sdst=50), None, "VOP3B"))
    texts = c.llvm([word(f, v, l) for _, v, l, f in cands])
    first = {}
    b_text = {}
    for (op, v, l, f), t in zip(cands, texts):
        if t is None or "/*Invalid" in t:
            continue
        if f == "VOP3B":
            if "s[50:51]" in t and op not in b_text:
                b_text[op] = (t, v, l)
            continue
        if op not in first:
            mn, ops = valu_template(t, v, l)
            if ops is not None:
                first[op] = (t, v, l, mn, ops)
    for op, (t, v, l) in b_text.items():
        mn, ops = valu_template(t, v, l)
        if ops is not None:
            first[op] = (t, v, l, mn, ops)
            first[op] = first[op] + ("VOP3B",)
    entries = {}
    for op, e in first.items():
        # an opcode without an SDWA/DPP form decodes as its 32-bit form (v_nop)
        if family in ("SDWA", "DPP") and not e[3].endswith("_" + family.lower()):
            continue
        layout = e[5] if len(e) > 5 else fmt
        t, v, l, mn, ops = e[:5]
        if fmt == "VOP3P" and ("mfma" in mn or "smfmac" in mn):
            layout = "VOP3P_MAI"
            v = {k: x for k, x in v.items() if k not in ("op_sel_hi", "op_sel_hi2")}
        entries[op] = {"text": t, "vals": v, "lit": l, "mn": mn, "ops": ops,
                       "layout": layout}

    # Pass 2: per source field: accepted kinds and type probes; modifier probes.
    probes = []  # (op, key, bytes)
    for op, e in entries.items():
        lay, v, l = e["layout"], e["vals"], e["lit"]
        for o in e["ops"]:
            f = o[0]
            if f not in srcs:
                continue
            alts = {"v": 256 + VGPR_START[f], "s": SGPR_START[f], "c": 129, "m": 124,
                    "n": 125, "e": 126, "d": 254, "x": 251, "t240": 240, "t248": 248}
            for k, x in alts.items():
                probes.append((op, ("acc", f, k), word(lay, dict(v, **{f: x}), l)))
            if f == "src0" and fmt in ("VOP1", "VOP2", "VOPC"):
                # (v_madmk & co: src0 = 255 shares the K literal)
                for x in (LIT,) + LIT_PROBES:
                    probes.append((op, ("lit", f, x), word(lay, dict(v, src0=255), x)))
        fam = family if family in ("SDWA", "DPP") else lay
        for f, x in MODS.get(fam, []):
            if f not in c.FMTS[lay]["fields"]:
                continue
            nv = dict(v)
            if f in CLEAR_DEFAULT:
                nv[f] = v.get(f, 0) & ~x
            elif f.endswith("_sel"):
                # set, not or: a sel of 7 crashes llvm-mc-19
                nv[f] = x
            elif f == "s0":
                nv.update(s0=1, src0=SGPR_START["src0"])
            elif f == "s1":
                nv.update(s1=1)
                if "vsrc1" in v:
                    nv.update(vsrc1=SGPR_START["src1"])
            else:
                nv[f] = v.get(f, 0) | x
            probes.append((op, ("mod", f, x), word(lay, nv, l)))
    res = c.llvm([b for _, _, b in probes])
    got = {}
    for (op, key, _), t in zip(probes, res):
        got[(op, key)] = None if t is None or "/*Invalid" in t else t

    rows = []
    for op in sorted(entries):
        e = entries[op]
        base_mn, base_ops, base_mods = split_ops(e["text"])
        opspec = []
        flags = []
        for idx, (f, cls, n) in enumerate(e["ops"]):
            spec = "%s:%s:%d" % (f, cls, n)
            if f in srcs:
                acc = ""
                tok = {}
                for k in ("v", "s", "c", "m", "n", "e", "d", "x", "t240", "t248"):
                    t = got.get((op, ("acc", f, k)))
                    if t is not None:
                        _, o2, _ = split_ops(t)
                        tok[k] = o2[idx] if idx < len(o2) else None
                        if len(k) == 1:
                            acc += k
                lits = {}
                for x in (LIT,) + LIT_PROBES:
                    t = got.get((op, ("lit", f, x)))
                    if t is not None:
                        _, o2, _ = split_ops(t)
                        lits[x] = o2[idx] if idx < len(o2) else None
                if lits.get(LIT) is not None:
                    acc += "l"
                ty = classify(tok, lits)
                # VGPR probe printed as an AGPR: the register file letter
                letter = (tok.get("v") or "v")[0] if "v" in acc else cls
                spec = "%s:%s:%d:%s:%s" % (f, "src" if letter != "a" else "asrc", n, ty, acc or "-")
            opspec.append(spec)
        for f, x in MODS.get(family if family in ("SDWA", "DPP") else e["layout"], []):
            if (op, ("mod", f, x)) not in got:
                continue
            t = got[(op, ("mod", f, x))]
            kind = "r" if t is None else "i" if t == e["text"] else "p"
            # integer sources (VOP3, DPP): LLVM prints the neg bit as sext(...)
            if kind == "p" and "neg" in f and "sext(" in t and "sext(" not in e["text"]:
                kind = "x"
            # f64 MFMA: LLVM prints the blgp bits as neg:[a,b,c]
            if kind == "p" and f == "blgp" and "neg:[" in t:
                kind = "n"
            flags.append("%s=%d:%s" % (f, x, kind))
            if kind == "p" and f == "op_sel" and x == 1 and e["layout"] == "VOP3A":
                m = re.search(r"op_sel:\[([0-9,]*)\]", t)
                if m:
                    flags.append("opsel_len=%d" % len(m.group(1).split(",")))
        if e["lit"] is not None:
            flags.append("k")
        # modifier keys LLVM always prints for this opcode (SDWA sels, DPP masks, ...)
        for key in re.findall(r"([a-z_01]+):", base_mods):
            flags.append("show=" + key)
        rows.append((e["layout"], "-", op, e["mn"], ",".join(opspec) or "-",
                     ",".join(flags) or "-"))
    return rows


def classify(tok, lits):
    if lits:
        if lits.get(0x3800) == "0.5":
            # packed halves: a literal with a non-zero high half prints whole
            return "v2f16" if lits.get(0xffff3800) == "0xffff3800" else "f16"
        if lits.get(0x3fe00000) == "0.5":
            return "f64"
        if lits.get(0x12345678) == "0x5678":
            return "i16"
        if lits.get(0x3f000000) == "0.5":
            return "b32"
        return "b64"
    t248 = tok.get("t248")
    if t248 is None:
        return "-"
    if t248 == "0x3118":
        return "i16"
    if t248 == "0.15915494309189532":
        return "b64"
    if t248 == "0.15915494":
        return "b32"
    return "?" + t248
