#!/usr/bin/env python3
"""Probe `nvdisasm -b SM75` and write `isa.json` (format `xisa-sm75-rules/1`):
one record per instruction class nvdisasm knows (12-bit opcode [0,12) plus
bit 91), with its operand fields, its modifier table and the scheduling
control values it rejects.  Deterministic: fixed seeds, sorted output, no
timestamps; rerun and `git diff --exit-code isa.json`.

Steps (docs/sm75.md, "Generated table"):
 1. classes: for every (opcode, bit 91) a few fixed and random words; a class
    exists when nvdisasm accepts one of them;
 2. samples: random words per class (all bits below the control field
    random, control neutral), kept when accepted;
 3. operand atoms (registers, predicates, immediates, constant banks) found
    by value matching: the bit range whose value equals the printed number in
    every sample of the dominant operand shape;
 4. flips: every bit of three accepted words flipped; bits that change the
    mnemonic (or make the word illegal) and are not operand bits form the
    modifier table, enumerated exhaustively (every combination, the rest of
    the word fixed) when it has at most MAXMOD bits, otherwise per contiguous
    group; bits that change an operand's prefix/suffix form its text table;
 5. control: for each class every value of stall+yield [105,110), the
    scoreboards, wait mask, reuse and [126,128) on accepted words.

Usage: python3 probe.py [--out isa.json] [--classes 0x210,0x290] [--quick]
"""

import argparse
import difflib
import json
import math
import os
import random
import re
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvd  # noqa: E402

CTRL = 0x7E1 << 105  # stall 1, no scoreboards: accepted for every class
LOW = (1 << 105) - 1
B91 = 1 << 91
MAXMOD = 11
SAMPLES = 160
HERE = os.path.dirname(os.path.abspath(__file__))

ATOM = re.compile(
    r"c\[0x[0-9a-f]+\]\[-?0x[0-9a-f]+\]"
    r"|\bURZ\b|\bUR\d+\b|\bRZ\b|\bR\d+\b|\bUPT\b|\bUP[0-6]\b|\bPT\b|\bP[0-6]\b"
    r"|[-+]?0x[0-9a-f]+"
    r"|[-+]?(?:\d+\.\d*(?:e[-+]\d+)?|\d+e[-+]\d+|INF|QNAN|SNAN)\b"
    r"|(?<![\w.])\d+(?![\w.])"
)


def bits(w, lo, hi):
    return (w >> lo) & ((1 << (hi - lo)) - 1)


def parse(text):
    """(guard, mnemonic, [operands], tail) of an nvdisasm line."""
    t = text.rstrip()
    tail = ""
    if t.endswith(";"):
        t = t[:-1]
        tail = ";"
        if t.endswith(" "):
            tail = " ;"
        t = t.rstrip()
    guard = ""
    m = re.match(r"@!?U?P[0-6T] ", t)
    if m:
        guard = m.group(0)
        t = t[m.end() :]
    mn, _, rest = t.partition(" ")
    ops = []
    if rest.strip():
        depth = 0
        cur = ""
        for ch in rest:
            if ch in "[(":
                depth += 1
            elif ch in "])":
                depth -= 1
            if ch == "," and depth == 0:
                ops.append(cur.strip())
                cur = ""
            else:
                cur += ch
        ops.append(cur.strip())
    return guard, mn, ops, tail


def atom_kind(a):
    if a.startswith("c["):
        return "C"
    if a in ("RZ",) or re.fullmatch(r"R\d+", a):
        return "R"
    if a == "URZ" or re.fullmatch(r"UR\d+", a):
        return "UR"
    if a == "UPT" or re.fullmatch(r"UP\d", a):
        return "UP"
    if a == "PT" or re.fullmatch(r"P\d", a):
        return "P"
    if "0x" in a:
        return "X"
    if re.fullmatch(r"\d+", a):
        return "D"
    return "F"


def skeleton(op):
    """Operand with its atoms replaced by placeholders, and the atoms."""
    atoms = []
    out = ""
    pos = 0
    for m in ATOM.finditer(op):
        out += op[pos : m.start()]
        a = m.group(0)
        k = atom_kind(a)
        atoms.append(a)
        out += "{" + k + "}"
        pos = m.end()
    out += op[pos:]
    return out, atoms


def c_exp(x, prec):
    return "%.*e" % (prec, x)


def fmt_float(x, quiet, raw):
    if math.isinf(x):
        return ("-" if x < 0 else "+") + "INF"
    if math.isnan(x):
        sign = "-" if raw >> (63 if quiet == 1 << 51 else 31) & 1 else "+"
        return sign + ("QNAN" if raw & quiet else "SNAN")
    if x == 0.0:
        return "-0.0" if math.copysign(1, x) < 0 else "0"
    if abs(x) >= 1e9:
        return c_exp(x, 20)
    return "%.20g" % x


def atom_value(a, k):
    if k == "R":
        return 255 if a == "RZ" else int(a[1:])
    if k == "UR":
        return 63 if a == "URZ" else int(a[2:])
    if k == "P":
        return 7 if a == "PT" else int(a[1:])
    if k == "UP":
        return 7 if a == "UPT" else int(a[2:])
    if k == "X":
        return int(a.replace("+", ""), 16)
    if k == "D":
        return int(a)
    return a


WIDTH = {"R": 8, "UR": 6, "P": 3, "UP": 3}
KIND = {"R": "reg", "UR": "ureg", "P": "pred", "UP": "pred"}
PREFER = [16, 24, 32, 64, 38, 81, 84, 87, 68, 77]


def sext(v, w):
    return v - (1 << w) if v >> (w - 1) & 1 else v


def match_atom(k, samples, used):
    """Bit range(s) and field spec whose value prints as the atom in every
    sample: samples = [(word, pc, atom text)]."""
    if k in WIDTH:
        w = WIDTH[k]
        vals = [(s[0], atom_value(s[2], k)) for s in samples]
        for lo in PREFER + list(range(16, 105 - w + 1)):
            if lo + w > 105 or any(used >> b & 1 for b in range(lo, lo + w)):
                continue
            if all(bits(x, lo, lo + w) == v for x, v in vals):
                spec = {"kind": KIND[k], "bits": [[lo, lo + w]]}
                if k == "UP":
                    spec = {
                        "kind": "text",
                        "bits": [[lo, lo + w]],
                        "values": ["UP%d" % i for i in range(7)] + ["UPT"],
                    }
                return spec
        return None
    if k in ("X", "D"):
        vals = [(s[0], s[1], atom_value(s[2], k)) for s in samples]
        for w in range(1, 65):
            for lo in range(12, 105 - w + 1):
                if any(used >> b & 1 for b in range(lo, lo + w)):
                    continue
                x0, pc0, v0 = vals[0]
                f0 = bits(x0, lo, lo + w)
                modes = []
                if f0 == v0 and k == "X":
                    modes.append("uimm")
                if sext(f0, w) == v0 and k == "X" and w > 1:
                    modes.append("simm")
                if k == "X" and lo == 34 and pc0 + 16 + 4 * sext(f0, w) == v0:
                    modes.append("rel")
                if k == "D" and f0 == v0:
                    modes.append("dec")
                for mode in modes:
                    ok = True
                    for x, pc, v in vals[1:]:
                        f = bits(x, lo, lo + w)
                        got = {
                            "uimm": f,
                            "simm": sext(f, w),
                            "rel": pc + 16 + 4 * sext(f, w),
                            "dec": f,
                        }[mode]
                        if got != v:
                            ok = False
                            break
                    if ok:
                        if mode == "dec":
                            return {
                                "kind": "text",
                                "bits": [[lo, lo + w]],
                                "values": [str(i) for i in range(1 << w)],
                            } if w <= 8 else None
                        return {"kind": mode, "bits": [[lo, lo + w]]}
        return None
    if k == "F":
        for lo in range(12, 105 - 32 + 1):
            if any(used >> b & 1 for b in range(lo, lo + 32)):
                continue
            for kind in ("f32", "f64hi"):
                ok = True
                for x, _, a in samples:
                    v = bits(x, lo, lo + 32)
                    if kind == "f32":
                        fx = struct.unpack("<f", struct.pack("<I", v))[0]
                        t = fmt_float(fx, 1 << 22, v)
                    else:
                        r = v << 32
                        fx = struct.unpack("<d", struct.pack("<Q", r))[0]
                        t = fmt_float(fx, 1 << 51, r)
                    if t != a:
                        ok = False
                        break
                if ok:
                    return {"kind": kind, "bits": [[lo, lo + 32]]}
        return None
    if k == "C":
        # c[bank][offset]: bank 5 bits, offset 16 bits in bytes or 14 in words
        parsed = []
        for x, pc, a in samples:
            m = re.fullmatch(r"c\[0x([0-9a-f]+)\]\[(-?)0x([0-9a-f]+)\]", a)
            off = int(m.group(3), 16) * (-1 if m.group(2) else 1)
            parsed.append((x, int(m.group(1), 16), off))
        for lo in (40, 38) + tuple(range(12, 90)):
            for ow in (14, 16):
                hi = lo + ow
                if hi + 5 > 105 or any(used >> b & 1 for b in range(lo, hi + 5)):
                    continue
                ok = True
                for x, bank, off in parsed:
                    o = sext(bits(x, lo, hi), ow) << (16 - ow)
                    if bits(x, hi, hi + 5) != bank or o != off:
                        ok = False
                        break
                if ok:
                    return {"kind": "cbuf", "bits": [[lo, hi], [hi, hi + 5]]}
        return None
    return None


def spec_mask(spec):
    m = 0
    for lo, hi in spec["bits"]:
        m |= ((1 << (hi - lo)) - 1) << lo
    return m


def rand_words(rng, cls, n):
    op, b = cls
    out = []
    for _ in range(n):
        r = rng.getrandbits(105) & ~0xFFF & ~B91
        out.append(r | op | (b << 91) | CTRL)
    return out


def scan_classes(rng, only):
    words, keys = [], []
    ops = only if only else range(4096)
    for op in ops:
        for b in (0, 1):
            base = op | (b << 91) | (7 << 12) | CTRL
            regs = (255 << 16) | (255 << 24) | (255 << 32) | (255 << 64)
            preds = (7 << 81) | (7 << 84) | (7 << 87)
            cands = [base, base | regs, base | regs | preds]
            cands += rand_words(rng, (op, b), 13)
            for c in cands:
                words.append(c)
                keys.append((op, b))
    ok = nvd.validity(words)
    found = {}
    for k, w, v in zip(keys, words, ok):
        if v:
            found.setdefault(k, []).append(w)
    return found


def dominant(xs):
    cnt = {}
    for x in xs:
        cnt[x] = cnt.get(x, 0) + 1
    return max(sorted(cnt), key=lambda x: cnt[x])


class Probe:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(0x5375)

    def run(self):
        t0 = time.time()
        only = [int(x, 16) for x in self.args.classes.split(",")] if self.args.classes else None
        found = scan_classes(self.rng, only)
        classes = sorted(found)
        log("classes: %d (%d opcodes) %.1fs" % (len(classes), len({c[0] for c in classes}), time.time() - t0))
        # samples
        words, keys = [], []
        for c in classes:
            ws = found[c] + rand_words(self.rng, c, SAMPLES)
            words += ws
            keys += [c] * len(ws)
        texts, pcs = nvd.texts(words)
        samples = {c: [] for c in classes}
        for k, w, t, pc in zip(keys, words, texts, pcs):
            if t is not None:
                samples[k].append((w, pc, t))
        log("samples: %d words %.1fs" % (len(words), time.time() - t0))
        # flips on up to three accepted words
        fw, fk = [], []
        for c in classes:
            for base in [s[0] for s in samples[c][:3]]:
                for b in range(16, 105):
                    if b == 91:
                        continue
                    fw.append(base ^ (1 << b))
                    fk.append((c, base, b))
        ft, _ = nvd.texts(fw)
        flips = {c: {} for c in classes}
        for (c, base, b), t in zip(fk, ft):
            flips[c].setdefault(base, {})[b] = t
        log("flips: %d words %.1fs" % (len(fw), time.time() - t0))
        recs = {}
        for c in classes:
            if not samples[c]:
                continue
            recs[c] = self.infer(c, samples[c], flips[c])
        # modifier and operand text tables (enumerations)
        self.enumerate_tables(recs)
        log("tables %.1fs" % (time.time() - t0))
        self.control(recs, samples)
        log("control %.1fs" % (time.time() - t0))
        return recs

    def infer(self, c, samples, flips):
        op, b91 = c
        parsed = [(w, pc, parse(t)) for w, pc, t in samples]
        shape = lambda p: tuple(skeleton(o)[0] for o in p[2])  # noqa: E731
        dom = dominant([shape(p) for _, _, p in parsed])
        sel = [(w, pc, p) for w, pc, p in parsed if shape(p) == dom]
        mn0 = dominant([p[1] for _, _, p in sel])
        base_name = mn0.split(".")[0]
        uguard = any(p[0].startswith(("@UP", "@!UP")) for _, _, p in parsed)
        tail = dominant([p[3] for _, _, p in sel])
        used = 0xFFF | (0xF << 12) | B91
        fields = []
        ops_tpl = []
        for j, sk in enumerate(dom):
            pieces = re.split(r"(\{[A-Z]+\})", sk)
            tpl = ""
            k_atom = 0
            for piece in pieces:
                m = re.fullmatch(r"\{([A-Z]+)\}", piece)
                if not m:
                    tpl += piece.replace("{", "(").replace("}", ")")
                    continue
                k = m.group(1)
                smp = [(w, pc, skeleton(p[2][j])[1][k_atom]) for w, pc, p in sel]
                spec = match_atom(k, smp, used)
                name = "op%d_%d" % (j, k_atom)
                if spec is None:
                    # constant text when every sample prints the same atom
                    vals = {s[2] for s in smp}
                    tpl += smp[0][2] if len(vals) == 1 else "?"
                else:
                    spec["name"] = name
                    used |= spec_mask(spec)
                    fields.append(spec)
                    tpl += "{" + name + "}"
                k_atom += 1
            ops_tpl.append(tpl)
        # bit roles from flips
        mod_bits = set()
        op_bits = {}
        for base, fl in flips.items():
            pb = parse(next(t for w, pc, t in samples if w == base))
            for b, t in fl.items():
                if used >> b & 1:
                    continue
                if t is None:
                    mod_bits.add(b)
                    continue
                p = parse(t)
                if p[1] != pb[1] or len(p[2]) != len(pb[2]):
                    mod_bits.add(b)
                    continue
                for j, (x, y) in enumerate(zip(p[2], pb[2])):
                    if x != y:
                        op_bits.setdefault(j, set()).add(b)
        for j in op_bits:
            op_bits[j] -= mod_bits
        return {
            "cls": c,
            "base_name": base_name,
            "uguard": uguard,
            "tail": tail,
            "fields": fields,
            "ops_tpl": ops_tpl,
            "used": used,
            "mod_bits": sorted(mod_bits),
            "op_bits": {j: sorted(v) for j, v in op_bits.items() if v and j < len(dom)},
            "base": sel[0][0],
            "base_mn": sel[0][2][1],
            "nsamples": len(samples),
            "ndom": len(sel),
        }

    def enumerate_tables(self, recs):
        """Exhaustive tables: the modifier bits of each class (split into
        contiguous groups when there are more than MAXMOD), and each operand's
        extra bits (prefix/suffix text)."""
        jobs = []  # (cls, kind, j, bitlist, words)
        for c, r in recs.items():
            mb = r["mod_bits"]
            groups = [] if not mb else [mb] if len(mb) <= MAXMOD else split_groups(mb)
            r["mod_groups"] = groups
            for gi, g in enumerate(groups):
                jobs.append((c, "mod", gi, g))
            for j, ob in r["op_bits"].items():
                if len(ob) <= 8:
                    jobs.append((c, "op", j, ob))
        words, keys = [], []
        for c, kind, j, g in jobs:
            base = recs[c]["base"]
            for v in range(1 << len(g)):
                w = base
                for i, b in enumerate(g):
                    w = (w & ~(1 << b)) | ((v >> i & 1) << b)
                words.append(w)
                keys.append((c, kind, j, v))
        texts, _ = nvd.texts(words)
        res = {}
        for k, t in zip(keys, texts):
            res[k] = t
        for c, kind, j, g in jobs:
            r = recs[c]
            vals = [res[(c, kind, j, v)] for v in range(1 << len(g))]
            if kind == "mod":
                r.setdefault("mod_tables", {})[j] = [None if t is None else parse(t)[1] for t in vals]
            else:
                r.setdefault("op_tables", {})[j] = [None if t is None else parse(t)[2] for t in vals]

    def control(self, recs, samples):
        """Control values nvdisasm rejects, per class: each control field
        varied alone on accepted words (stall and yield together)."""
        parts = [(105, 110), (110, 113), (113, 116), (116, 122), (122, 126), (126, 128)]
        words, keys = [], []
        for c, r in recs.items():
            bases = [s[0] for s in samples[c][:2]]
            for base in bases:
                for lo, hi in parts:
                    for v in range(1 << (hi - lo)):
                        w = (base & ~(((1 << (hi - lo)) - 1) << lo)) | (v << lo)
                        words.append(w)
                        keys.append((c, lo, hi, v))
        ok = nvd.validity(words)
        rej = {}
        for k, v in zip(keys, ok):
            if not v:
                rej.setdefault((k[0], k[1], k[2]), set()).add(k[3])
        for c, r in recs.items():
            r["control"] = [
                {"bits": [lo, hi], "reject": sorted(rej.get((c, lo, hi), ()))} for lo, hi in parts
            ]


def split_groups(bs):
    groups = []
    cur = []
    for b in bs:
        if cur and (b != cur[-1] + 1 or len(cur) >= 8):
            groups.append(cur)
            cur = []
        cur.append(b)
    if cur:
        groups.append(cur)
    return groups


def ranges(bitlist):
    out = []
    for b in bitlist:
        if out and out[-1][1] == b:
            out[-1][1] = b + 1
        else:
            out.append([b, b + 1])
    return out


def log(s):
    print(s, file=sys.stderr, flush=True)


def mnemonic_pieces(r):
    """Template text and fields for the mnemonic."""
    base_name = r["base_name"]
    groups = r["mod_groups"]
    tables = r.get("mod_tables", {})
    if not groups:
        mn = parse_base_mn(r)
        return mn, []
    if len(groups) == 1:
        g = groups[0]
        tab = tables.get(0, [])
        vals = [t if t is not None else "" for t in tab]
        rej = [i for i, t in enumerate(tab) if t is None]
        if all(v == base_name or v.startswith(base_name + ".") for v in vals if v):
            suf = [v[len(base_name) + 1 :] if v.startswith(base_name + ".") else "" for v in vals]
            f = {"name": "mods", "kind": "mod", "bits": ranges(g), "values": suf}
            if rej:
                f["reject"] = rej
            return base_name + "{mods}", [f]
        f = {"name": "mods", "kind": "text", "bits": ranges(g), "values": vals}
        if rej:
            f["reject"] = rej
        return "{mods}", [f]
    # several groups: each owns a region of the base mnemonic's dot-parts
    L = parse_base_mn(r).split(".")
    regions = []
    fields = []
    for gi, g in enumerate(groups):
        tab = tables.get(gi, [])
        a, b = None, None
        for t in tab:
            if t is None:
                continue
            sm = difflib.SequenceMatcher(a=L, b=t.split("."), autojunk=False)
            for tag, i1, i2, _, _ in sm.get_opcodes():
                if tag != "equal":
                    a = i1 if a is None else min(a, i1)
                    b = i2 if b is None else max(b, i2)
        if a is None:
            continue
        a = max(a, 1)
        b = max(b, a)
        vals, rej = [], []
        for i, t in enumerate(tab):
            if t is None:
                vals.append("")
                rej.append(i)
                continue
            p = t.split(".")
            tail = len(L) - b
            if p[:a] == L[:a] and (tail == 0 or p[len(p) - tail :] == L[b:]):
                vals.append(".".join(p[a : len(p) - tail]))
            else:
                vals.append(".".join(p[a:]))
        name = "mods%d" % gi
        f = {"name": name, "kind": "mod", "bits": ranges(g), "values": vals}
        if rej:
            f["reject"] = rej
        fields.append(f)
        regions.append((a, b, g[0], name))
    regions.sort()
    out = L[0]
    pos = 1
    for a, b, _, name in regions:
        if a < pos:
            out += "{" + name + "}"
            pos = max(pos, b)
            continue
        for p in L[pos:a]:
            out += "." + p
        out += "{" + name + "}"
        pos = b
    for p in L[pos:]:
        out += "." + p
    return out, fields


def parse_base_mn(r):
    return r["base_mn"]


def emit(r):
    op, b91 = r["cls"]
    name = r["base_name"]
    fields = []
    if r["uguard"]:
        vals = ["@UP%d " % i for i in range(7)] + [""] + ["@!UP%d " % i for i in range(7)] + ["@!UPT "]
        fields.append({"name": "uguard", "kind": "text", "bits": [[12, 16]], "values": vals})
        tpl = "{uguard}"
    else:
        fields.append({"name": "guard", "kind": "guard", "bits": [[12, 16]]})
        tpl = ""
    mtpl, mfields = mnemonic_pieces(r)
    tpl += mtpl
    fields += mfields
    fields += [dict(f) for f in r["fields"]]
    ops = []
    for j, otpl in enumerate(r["ops_tpl"]):
        tab = r.get("op_tables", {}).get(j)
        if tab:
            bl = r["op_bits"][j]
            first = otpl.find("{op")
            last = otpl.rfind("}")
            if first >= 0:
                pre0, mid, suf0 = otpl[:first], otpl[first : last + 1], otpl[last + 1 :]
                pres, sufs, rej = [], [], []
                okc = True
                for i, t in enumerate(tab):
                    if t is None or j >= len(t):
                        pres.append(pre0)
                        sufs.append(suf0)
                        if t is None:
                            rej.append(i)
                        continue
                    sk = skeleton(t[j])[0]
                    f2 = sk.find("{")
                    l2 = sk.rfind("}")
                    if f2 < 0:
                        okc = False
                        break
                    pres.append(sk[:f2])
                    sufs.append(sk[l2 + 1 :])
                if okc and (len(set(pres)) > 1 or len(set(sufs)) > 1):
                    pf = {"name": "op%d_pre" % j, "kind": "text", "bits": ranges(bl), "values": pres}
                    sf = {"name": "op%d_suf" % j, "kind": "text", "bits": ranges(bl), "values": sufs}
                    if rej:
                        pf["reject"] = rej
                    fields += [pf, sf]
                    otpl = "{op%d_pre}" % j + mid + "{op%d_suf}" % j
            else:
                vals, rej = [], []
                for i, t in enumerate(tab):
                    if t is None or j >= len(t):
                        vals.append("")
                        if t is None:
                            rej.append(i)
                    else:
                        vals.append(t[j])
                if len(set(vals)) > 1:
                    f = {"name": "op%d_txt" % j, "kind": "text", "bits": ranges(bl), "values": vals}
                    if rej:
                        f["reject"] = rej
                    fields.append(f)
                    otpl = "{op%d_txt}" % j
        m = re.fullmatch(r"\[\{(op\d+_\d+)\}(?:\+\{(op\d+_\d+)\})?(?:\+\{(op\d+_\d+)\})?\]", otpl)
        if m:
            kinds = {f["name"]: f["kind"] for f in fields}
            names = [x for x in m.groups() if x]
            if kinds.get(names[0]) == "reg":
                ur = next((x for x in names[1:] if kinds.get(x) == "ureg"), "-")
                imm = next((x for x in names[1:] if kinds.get(x) in ("simm", "uimm")), "-")
                if len(names) == 1 + (ur != "-") + (imm != "-"):
                    otpl = "[{@addr:%s:-:%s:%s}]" % (names[0], ur, imm)
        ops.append(otpl)
    if ops:
        tpl += " " + ", ".join(ops)
    tpl += r["tail"]
    sig = ",".join(
        re.sub(r"\{op\d+_\d+\}", "x", o) if "{" in o else o for o in ops
    )
    return {
        "id": "%s:%03x_%d" % (name, op, b91),
        "key": "%03x_%d" % (op, b91),
        "mnemonic": name,
        "signature": sig,
        "opcode": "0x%03x" % op,
        "match": [{"lo": 0, "hi": 12, "value": op}, {"lo": 91, "hi": 92, "value": b91}],
        "fields": fields,
        "template": tpl,
        "probe": {"samples": r["nsamples"], "dominant_shape": r["ndom"]},
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "isa.json"))
    ap.add_argument("--classes", default="")
    ap.add_argument("--cache", default="", help="keep the raw probe results here (reused when present)")
    args = ap.parse_args()
    t0 = time.time()
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            recs = {tuple(json.loads(k)): v for k, v in json.load(f).items()}
        for r in recs.values():
            r["cls"] = tuple(r["cls"])
            r["op_bits"] = {int(k): v for k, v in r["op_bits"].items()}
            r["op_tables"] = {int(k): v for k, v in r.get("op_tables", {}).items()}
            r["mod_tables"] = {int(k): v for k, v in r.get("mod_tables", {}).items()}
    else:
        recs = Probe(args).run()
        if args.cache:
            with open(args.cache, "w") as f:
                json.dump({json.dumps(list(k)): v for k, v in recs.items()}, f)
    insts = []
    control = []
    for c in sorted(recs):
        r = recs[c]
        insts.append(emit(r))
        rej = [x for x in r["control"] if x["reject"]]
        if rej:
            control.append({"opcode": "0x%03x" % c[0], "b91": c[1], "reject": rej})
    doc = {
        "format": "xisa-sm75-rules/1",
        "generated_by": "translation-rules/sm75/probe.py",
        "source": "nvdisasm -b SM75, " + nvd.version(),
        "tier": 1,
        "instructions": insts,
        "control": control,
    }
    with open(args.out, "w") as f:
        f.write(dump(doc))
    log("%d records, %.1fs" % (len(insts), time.time() - t0))


def dump(doc):
    """One record per line block, stable order."""
    out = ["{"]
    keys = [k for k in doc if k not in ("instructions", "control")]
    for k in keys:
        out.append(" %s: %s," % (json.dumps(k), json.dumps(doc[k])))
    for k in ("instructions", "control"):
        out.append(" %s: [" % json.dumps(k))
        items = doc[k]
        for i, it in enumerate(items):
            out.append("  " + json.dumps(it, sort_keys=True) + ("," if i + 1 < len(items) else ""))
        out.append(" ]" + ("," if k == "instructions" else ""))
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
