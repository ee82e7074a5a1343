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
    scoreboards, wait mask, reuse and [126,128) on accepted words;
 6. hidden bits: every bit no earlier step explains, flipped on a word of
    each operand shape and modifier set; a bit that changes the text is
    written as a `zero` field with the modifier values under which it
    shows (`when`), and the decoder refuses a word that sets it there; a
    reuse flag that prints there is listed in `reuse_shown`.

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

CTRL = 0x7F1 << 105  # stall 1, yield bit set, no scoreboards: accepted for every class (reuse needs the yield bit)
LOW = (1 << 105) - 1
B91 = 1 << 91
MAXMOD = 11
SAMPLES = 160
HERE = os.path.dirname(os.path.abspath(__file__))

ATOM = re.compile(
    r"c\[0x[0-9a-f]+\]\[-?0x[0-9a-f]+\]"
    r"|\bURZ\b|\bUR\d+\b|\bRZ\b|\bR\d+\b|\bUPT\b|\bUP[0-6]\b|\bPT\b|\bP[0-6]\b"
    r"|-?0x[0-9a-f]+"
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
        top = {1 << 51: 63, 1 << 22: 31, 1 << 9: 15}[quiet]
        sign = "-" if raw >> top & 1 else "+"
        return sign + ("QNAN" if raw & quiet else "SNAN")
    if x == 0.0:
        return "-0.0" if math.copysign(1, x) < 0 else "0"
    if abs(x) >= 1e9:
        return c_exp(x, 20)
    return "%.20g" % x


def half(v):
    s = -1.0 if v >> 15 else 1.0
    e = (v >> 10) & 0x1F
    m = v & 0x3FF
    if e == 0:
        return s * m * 2.0**-24
    if e == 31:
        return s * math.inf if m == 0 else math.copysign(math.nan, s)
    return s * (1 + m / 1024) * 2.0 ** (e - 15)


def float_text(kind, v):
    if kind == "f32":
        return fmt_float(struct.unpack("<f", struct.pack("<I", v))[0], 1 << 22, v)
    if kind == "f16":
        return fmt_float(half(v), 1 << 9, v)
    r = v << 32
    return fmt_float(struct.unpack("<d", struct.pack("<Q", r))[0], 1 << 51, r)


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
    if k == "D":
        r = match_atom("Dec", samples, used)
        if r:
            return r
        return match_atom("F", samples, used)
    if k == "X":
        r = match_atom("Xplain", samples, used)
        if r is None:
            r = match_signed_by(samples, used)
        return r
    if k in ("Xplain", "Dec"):
        k = "D" if k == "Dec" else "X"
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
                if k == "X" and w > 1 and 4 * sext(f0, w) == v0:
                    modes.append("simm4")
                if k == "X" and 4 * f0 == v0:
                    modes.append("uimm4")
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
                            "simm4": 4 * sext(f, w),
                            "uimm4": 4 * f,
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
                        if mode in ("simm4", "uimm4"):
                            return {"kind": mode[:4], "scale": 4, "bits": [[lo, lo + w]]}
                        return {"kind": mode, "bits": [[lo, lo + w]]}
        return None
    if k in ("F", "D"):
        for width, kinds in ((32, ("f32", "f64hi")), (16, ("f16",))):
            for lo in range(12, 105 - width + 1):
                if any(used >> b & 1 for b in range(lo, lo + width)):
                    continue
                for kind in kinds:
                    if all(float_text(kind, bits(x, lo, lo + width)) == a for x, _, a in samples):
                        return {"kind": kind, "bits": [[lo, lo + width]]}
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


def match_signed_by(samples, used):
    """An immediate printed signed when a modifier bit is set and unsigned
    otherwise (I2F's source: bit 74 `.S`)."""
    vals = [(s[0], atom_value(s[2], "X")) for s in samples]
    for w in range(2, 65):
        for lo in range(12, 105 - w + 1):
            if any(used >> b & 1 for b in range(lo, lo + w)):
                continue
            for sb in range(72, 91):
                if lo <= sb < lo + w:
                    continue
                if all((sext(bits(x, lo, lo + w), w) if x >> sb & 1 else bits(x, lo, lo + w)) == v for x, v in vals):
                    return {"kind": "uimm", "bits": [[lo, lo + w]], "signed_if": sb}
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


def sparse_words(rng, cls, n, density):
    """Random words with about 1/2**density of the free bits set."""
    op, b = cls
    out = []
    for _ in range(n):
        r = LOW
        for _ in range(density):
            r &= rng.getrandbits(105)
        r &= ~0xFFF & ~B91
        out.append(r | op | (b << 91) | (7 << 12) | CTRL)
    return out


def scan_classes(rng, only):
    """(opcode, bit 91) classes nvdisasm accepts some word of: fixed words,
    random words and sparse random words (most modifier fields 0); a second,
    larger round for the pairs the first one did not find."""
    ops = only if only else range(4096)
    found = {}

    def round_(gen):
        words, keys = [], []
        for op in ops:
            for b in (0, 1):
                if (op, b) in found:
                    continue
                for c in gen((op, b)):
                    words.append(c)
                    keys.append((op, b))
        for k, w, v in zip(keys, words, nvd.validity(words)):
            if v:
                found.setdefault(k, []).append(w)

    def first(cls):
        op, b = cls
        base = op | (b << 91) | (7 << 12) | CTRL
        regs = (255 << 16) | (255 << 24) | (255 << 32) | (255 << 64)
        preds = (7 << 81) | (7 << 84) | (7 << 87)
        return (
            [base, base | regs, base | regs | preds]
            + rand_words(rng, cls, 8)
            + sparse_words(rng, cls, 8, 2)
            + sparse_words(rng, cls, 4, 3)
        )

    def second(cls):
        return rand_words(rng, cls, 16) + sparse_words(rng, cls, 24, 2) + sparse_words(rng, cls, 24, 3)

    round_(first)
    round_(second)
    # third round: pairs whose ALU-form siblings (same bits [0,9)) exist
    known = {op & 0x1FF for op, _ in found}
    ops = [op for op in ops if op & 0x1FF in known]
    round_(lambda cls: rand_words(rng, cls, 96))
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
            if not samples[c]:
                continue
            shapes = [tuple(skeleton(o)[0] for o in parse(t)[2]) for _, _, t in samples[c]]
            dom = dominant(shapes)
            dom_words = [s[0] for s, sh in zip(samples[c], shapes) if sh == dom]
            for base in dom_words[:3]:
                for b in list(range(16, 105)) + [122, 123, 124, 125]:
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
        self.interactions(recs, flips)
        log("interactions %.1fs" % (time.time() - t0))
        # modifier and operand text tables (enumerations)
        self.enumerate_tables(recs)
        log("tables %.1fs" % (time.time() - t0))
        self.control(recs, samples)
        log("control %.1fs" % (time.time() - t0))
        self.hidden(recs, samples)
        log("hidden %.1fs" % (time.time() - t0))
        return recs

    @staticmethod
    def joint_cbuf(j, sk, sel, used):
        """A constant-bank operand nvdisasm prints with a space, `c[B] [O]`
        (the packed-half forms), is two hex atoms to the skeleton: matched
        one at a time, a bank that is 0 in every sample fits any free zero
        bit and leaves the offset unmatched. Matched together, as the
        unspaced `c[B][O]` is, they give the bank above the offset: {atom
        index: field spec} for the two, or {} when the pattern is absent or
        does not fit."""
        m = re.search(r"c\[\{X\}\] \[\{X\}\]", sk)
        if not m:
            return Probe.joint_ur_offset(j, sk, sel, used)
        ia = sk[: m.start()].count("{")
        smp = []
        for w, pc, p in sel:
            atoms = skeleton(p[2][j])[1]
            smp.append((w, pc, "c[%s][%s]" % (atoms[ia], atoms[ia + 1])))
        spec = match_atom("C", smp, used)
        if spec is None:
            return {}
        (lo, hi), (blo, bhi) = spec["bits"]
        off = {"kind": "simm", "bits": [[lo, hi]]}
        if hi - lo == 14:
            off["scale"] = 4
        return {ia: {"kind": "uimm", "bits": [[blo, bhi]]}, ia + 1: off}

    @staticmethod
    def joint_ur_offset(j, sk, sel, used):
        """The offset of a uniform-register constant operand printed with a
        space, `cx[URn] [O]`: matched alone, the narrowest field that fits
        the samples' (small) offsets wins and truncates larger ones. The
        constant-bank offset field, [40,54) in words, is tried first,
        unsigned (as nvdisasm prints these when bit 53 is set) before
        signed."""
        m = re.search(r"\{UR\}\] \[\{X\}", sk)
        if not m:
            return {}
        ia = sk[: m.start()].count("{") + 1
        vals = []
        for w, pc, p in sel:
            a = skeleton(p[2][j])[1][ia]
            vals.append((w, int(a.replace("+", ""), 16)))
        for lo, hi, signed in ((40, 54, False), (40, 54, True)):
            if any(used >> b & 1 for b in range(lo, hi)):
                continue
            f = (lambda x: sext(x, hi - lo)) if signed else (lambda x: x)
            if all(4 * f(bits(x, lo, hi)) == v for x, v in vals):
                kind = "simm" if signed else "uimm"
                return {ia: {"kind": kind, "scale": 4, "bits": [[lo, hi]]}}
        return {}

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
            joint = self.joint_cbuf(j, sk, sel, used)
            for piece in pieces:
                m = re.fullmatch(r"\{([A-Z]+)\}", piece)
                if not m:
                    tpl += piece.replace("{", "(").replace("}", ")")
                    continue
                k = m.group(1)
                smp = [(w, pc, skeleton(p[2][j])[1][k_atom]) for w, pc, p in sel]
                spec = dict(joint[k_atom]) if k_atom in joint else match_atom(k, smp, used)
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
            if tuple(skeleton(o)[0] for o in pb[2]) != dom:
                continue
            for b, t in fl.items():
                if used >> b & 1:
                    continue
                if t is None:
                    if b < 105:
                        mod_bits.add(b)
                    continue
                p = parse(t)
                if len(p[2]) == len(pb[2]) - 1 and p[1] == pb[1]:
                    # an optional operand vanished: the bit belongs to it
                    for j in range(len(pb[2])):
                        if pb[2][:j] + pb[2][j + 1 :] == p[2]:
                            op_bits.setdefault(j, set()).add(b)
                            break
                    continue
                if p[1] != pb[1] or len(p[2]) != len(pb[2]):
                    if b < 105 and p[1] != pb[1]:
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
            "mn_obs": sorted({p[1] for _, _, p in parsed}),
            "base_mn": sel[0][2][1],
            "nsamples": len(samples),
            "ndom": len(sel),
        }

    def interactions(self, recs, flips):
        """Classes with more than MAXMOD modifier bits: flip every pair of them
        on one accepted word; two bits interact when the pair's text is not
        the two single edits applied together (or a reject is unexplained).
        The modifier groups are the connected components."""
        words, keys = [], []
        for c, r in recs.items():
            mb = r["mod_bits"]
            if len(mb) <= MAXMOD:
                continue
            base = r["base"]
            for x in range(len(mb)):
                for y in range(x + 1, len(mb)):
                    words.append(base ^ (1 << mb[x]) ^ (1 << mb[y]))
                    keys.append((c, mb[x], mb[y]))
        texts, _ = nvd.texts(words)
        pair = {}
        for k, t in zip(keys, texts):
            pair[k] = None if t is None else parse(t)[1].split(".")
        for c, r in recs.items():
            mb = r["mod_bits"]
            if len(mb) <= MAXMOD:
                continue
            fl = flips[c].get(r["base"], {})
            L = r["base_mn"].split(".")
            single = {b: (None if fl.get(b) is None else parse(fl[b])[1].split(".")) for b in mb}
            parent = {b: b for b in mb}

            def find(b):
                while parent[b] != b:
                    b = parent[b]
                return b

            inter = set()
            for x in range(len(mb)):
                for y in range(x + 1, len(mb)):
                    i, j = mb[x], mb[y]
                    if not independent(L, single[i], single[j], pair[(c, i, j)]):
                        parent[find(i)] = find(j)
                        inter.add((i, j))
            comps = {}
            for b in mb:
                comps.setdefault(find(b), []).append(b)
            groups = []
            for g in sorted(comps.values()):
                groups += [g] if len(g) <= MAXMOD else cut(g, inter)
            r["mod_groups_pref"] = sorted(groups)

    def enumerate_tables(self, recs):
        """Exhaustive tables: the modifier bits of each class (split into
        contiguous groups when there are more than MAXMOD), and each operand's
        extra bits (prefix/suffix text)."""
        jobs = []  # (cls, kind, j, bitlist, words)
        for c, r in recs.items():
            mb = r["mod_bits"]
            groups = [] if not mb else [mb] if len(mb) <= MAXMOD else r.get("mod_groups_pref") or split_groups(mb)
            r["mod_groups"] = groups
            for gi, g in enumerate(groups):
                jobs.append((c, "mod", gi, g))
            for j in range(len(r["ops_tpl"])):
                ob = r["op_bits"].get(j, [])
                atoms = [f for f in r["fields"] if f["name"].startswith("op%d_" % j)]
                if len(atoms) == 1 and atoms[0]["kind"] in ("pred", "text", "ureg"):
                    full = sorted(set(ob) | {b for lo, hi in atoms[0]["bits"] for b in range(lo, hi)})
                    # operands shown or hidden by a modifier (MATCH.ALL prints
                    # its predicate, MATCH.ANY does not): few modifier bits
                    # are enumerated with the operand
                    if len(full) + len(mb) <= 9:
                        full = sorted(set(full) | set(mb))
                    if len(full) <= 9:
                        r.setdefault("op_full", {})[j] = full
                        jobs.append((c, "full", j, full))
                        continue
                if ob and len(ob) <= 8:
                    jobs.append((c, "op", j, ob))
        # single-immediate operands: does the operand vanish when it is 0?
        for c, r in recs.items():
            for j, otpl in enumerate(r["ops_tpl"]):
                m = re.fullmatch(r"\{(op\d+_\d+)\}", otpl)
                f = next((x for x in r["fields"] if m and x["name"] == m.group(1)), None)
                if f and f["kind"] in ("uimm", "simm"):
                    jobs.append((c, "zero", j, [b for lo, hi in f["bits"] for b in range(lo, hi)]))
        words, keys = [], []
        for c, kind, j, g in jobs:
            base = recs[c]["base"]
            if kind == "zero":
                w = base
                for b in g:
                    w &= ~(1 << b)
                words.append(w)
                keys.append((c, kind, j, 0))
                continue
            for v in range(1 << len(g)):
                words.append(put_bits(base, g, v))
                keys.append((c, kind, j, v))
        texts, _ = nvd.texts(words)
        res = {}
        for k, t in zip(keys, texts):
            res[k] = t
        for c, kind, j, g in jobs:
            r = recs[c]
            if kind == "zero":
                t = res[(c, kind, j, 0)]
                if t is not None and len(parse(t)[2]) == len(r["ops_tpl"]) - 1:
                    r.setdefault("zero_optional", []).append(j)
                continue
            vals = [res[(c, kind, j, v)] for v in range(1 << len(g))]
            if kind == "mod":
                r.setdefault("mod_tables", {})[j] = [None if t is None else parse(t)[1] for t in vals]
            elif kind == "full":
                r.setdefault("full_tables", {})[j] = [None if t is None else parse(t)[2] for t in vals]
            else:
                r.setdefault("op_tables", {})[j] = [None if t is None else parse(t)[2] for t in vals]
        self.joint_mod_operands(recs)

    @staticmethod
    def joint_mod_operands(recs):
        """A modifier value nvdisasm rejects on the base word can be legal
        with other operand text: `I2IP.U4.S32.SAT` needs its third source's
        selector `.24`, `.U2` needs `.28`, and at the selector of the base
        word (the `.U8` one) both are refused.  For a class with one modifier
        group whose table rejects some value, each operand with a text table
        is enumerated again jointly with the modifier bits; where that makes
        a rejected value legal, the operand's table becomes the joint one (it
        says which combinations are refused) and the modifier value takes
        the mnemonic of its first legal combination."""
        jobs = []
        for c, r in recs.items():
            groups = r["mod_groups"]
            if len(groups) != 1 or None not in r.get("mod_tables", {}).get(0, [None]):
                continue
            g = groups[0]
            for j, tab in sorted(r.get("op_tables", {}).items()):
                ob = r["op_bits"][j]
                if len(ob) + len(g) <= 9 and not set(ob) & set(g):
                    jobs.append((c, j, ob + g))
        words, keys = [], []
        for c, j, bl in jobs:
            for v in range(1 << len(bl)):
                words.append(put_bits(recs[c]["base"], bl, v))
                keys.append((c, j, v))
        texts, _ = nvd.texts(words)
        res = dict(zip(keys, texts))
        for c, j, bl in jobs:
            r = recs[c]
            g = r["mod_groups"][0]
            nob = len(bl) - len(g)
            mods = r["mod_tables"][0]
            tab = [res[(c, j, v)] for v in range(1 << len(bl))]
            legal = {}
            for v, t in enumerate(tab):
                m = v >> nob
                if t is not None and mods[m] is None and m not in legal:
                    legal[m] = parse(t)[1]
            if not legal:
                continue
            for m, mn in legal.items():
                mods[m] = mn
            r["op_tables"][j] = [None if t is None else parse(t)[2] for t in tab]
            r["op_bits"][j] = bl

    def control(self, recs, samples):
        """Control values nvdisasm rejects, per class, in four independent
        groups: stall+yield+reuse ([105,110) and [122,126): reuse is legal
        only with the yield bit set and a short stall), the two scoreboards
        [110,116), the wait mask [116,122) and [126,128).  Every value of a
        group on the accepted words `control_bases` picks, the other groups
        neutral; a value is rejected when all of them reject it.  The verdict
        on a reuse flag depends on the operands (a flag on a slot the form
        does not have is illegal), so the bases cover every operand shape
        the samples show: a reject learnt from one shape alone would refuse
        real code of another (`LEA.HI.X ... R29.reuse` when the first
        samples were all plain LEA, which has no third source)."""
        words, keys = [], []
        for c, r in recs.items():
            for base in control_bases(samples[c]):
                for gi, grp in enumerate(CONTROL_GROUPS):
                    width = sum(hi - lo for lo, hi in grp)
                    for v in range(1 << width):
                        words.append(put(base, grp, v))
                        keys.append((c, gi, v))
        ok = nvd.validity(words)
        seen = {}
        for k, v in zip(keys, ok):
            seen[k] = seen.get(k, True) and not v
        rej = {}
        for k, allbad in seen.items():
            if allbad:
                rej.setdefault((k[0], k[1]), set()).add(k[2])
        for c, r in recs.items():
            r["control"] = [
                {"bits": [list(x) for x in grp], "reject": sorted(rej.get((c, gi), ()))}
                for gi, grp in enumerate(CONTROL_GROUPS)
            ]


    def hidden(self, recs, samples):
        """Bits that no field, modifier or operand table explains but that
        change the text of some accepted word.  Step 4 flips three words of
        one operand shape, often of one modifier set, and some bits print
        only under other modifiers: I2F.F64.U8's byte selector on bits
        [60,62] (`cx[UR18] [0x45b0].B1`) shows only for narrow sources.  Each
        class flips every unexplained bit on accepted words of each operand
        shape and modifier set (`hidden_bases`); the decoder
        refuses a word with any bit found here set (`unmodeled`), since it
        cannot say what the bit means (a silent wrong answer otherwise)."""
        words, keys, base_text = [], [], {}
        for c, r in recs.items():
            known = r["used"]
            for b in r["mod_bits"]:
                known |= 1 << b
            for bl in list(r["op_bits"].values()) + list(r.get("op_full", {}).values()):
                for b in bl:
                    known |= 1 << b
            for w, t in hidden_bases(samples[c]):
                base_text[(c, w)] = t
                # (the reuse flags too: LEA.HI.X prints C's `.reuse`, bit
                # 124, where plain LEA has no C)
                for b in list(range(16, 105)) + list(REUSE):
                    if known >> b & 1:
                        continue
                    words.append(w ^ (1 << b))
                    keys.append((c, w, b))
        texts, _ = nvd.texts(words)
        found = {}  # class -> bit -> the first base showing it
        reuse = {}  # class -> reuse bits that print on some base
        for (c, w, b), t in zip(keys, texts):
            if b in REUSE:
                # (a flag that prints: nvdisasm's column padding may differ)
                if t is not None and t.count(".reuse") > base_text[(c, w)].count(".reuse"):
                    reuse.setdefault(c, set()).add(b)
            elif t is not None and t != base_text[(c, w)]:
                found.setdefault(c, {}).setdefault(b, w)
        for c, r in recs.items():
            r["reuse_shown"] = sorted(reuse.get(c, ()))
        # Where each bit shows: every value of each modifier group, the other
        # groups as on the word that showed it (a hidden bit usually shows
        # under some modifiers only: IMAD's carry-in [87,91) under .X, which
        # ptxas fills with PT in every other IMAD).
        # (one unflipped word per showing word and value, then its flips)
        words, keys = [], []
        for c, bits in found.items():
            by_word = {}
            for b, w in bits.items():
                by_word.setdefault(w, []).append(b)
            for w, bl in by_word.items():
                for gi, g in enumerate(recs[c]["mod_groups"]):
                    for v in range(1 << len(g)):
                        x = put_bits(w, g, v)
                        keys.append((c, bl, gi, v, len(words)))
                        words += [x] + [x ^ (1 << b) for b in bl]
        texts, _ = nvd.texts(words)
        shows = {}
        for c, bl, gi, v, i in keys:
            t0 = texts[i]
            for k, b in enumerate(bl):
                t1 = texts[i + 1 + k]
                if t0 is not None and t1 is not None and t0 != t1:
                    shows.setdefault((c, b), {}).setdefault(gi, []).append(v)
        for c, r in recs.items():
            hid = []
            for b in sorted(found.get(c, {})):
                when = [[gi, shows.get((c, b), {}).get(gi, [])] for gi in range(len(r["mod_groups"]))]
                hid.append([b, when])
            r["hidden"] = hid


HIDDEN_BASES = 8


def put_bits(w, bitlist, v):
    """Write v into the listed bits of w, LSB first."""
    for i, b in enumerate(bitlist):
        w = (w & ~(1 << b)) | ((v >> i & 1) << b)
    return w


def hidden_bases(samples):
    """(word, text) of the words `Probe.hidden` flips for one class, at most
    HIDDEN_BASES in sample order: the first accepted word of each operand
    shape (a narrow source prints `cx[UR18] [0x45b0].B1`, a shape of its
    own), then the first of each further mnemonic (modifier set)."""
    parsed = [(w, t, parse(t)) for w, _, t in samples]
    out, seen = [], set()
    for key in (lambda p: tuple(skeleton(o)[0] for o in p[2]), lambda p: p[1]):
        for w, t, p in parsed:
            if len(out) < HIDDEN_BASES and w not in seen and key(p) not in {key(q) for _, _, q in out}:
                seen.add(w)
                out.append((w, t, p))
    return [(w, t) for w, t, _ in out]


def control_bases(samples):
    """The words the control step probes for one class: the first three
    samples and the first sample of every further operand shape (at most
    eight in all), in sample order."""
    bases, shapes = [], set()
    for w, _, t in samples:
        shape = tuple(skeleton(o)[0] for o in parse(t)[2])
        if len(bases) < 3 or (shape not in shapes and len(bases) < 8):
            bases.append(w)
        shapes.add(shape)
    return bases


CONTROL_GROUPS = [((105, 110), (122, 126)), ((110, 116),), ((116, 122),), ((126, 128),)]


def put(w, grp, v):
    """Write v into the bit ranges of grp (LSB part first)."""
    for lo, hi in grp:
        n = hi - lo
        w = (w & ~(((1 << n) - 1) << lo)) | ((v & ((1 << n) - 1)) << lo)
        v >>= n
    return w


def cut(bs, inter):
    """Split sorted bits into consecutive chunks of at most MAXMOD bits,
    cutting as few interacting pairs as possible (dynamic programming)."""
    n = len(bs)
    best = [0] + [None] * n
    prev = [0] * (n + 1)
    for e in range(1, n + 1):
        for s in range(max(0, e - MAXMOD), e):
            if best[s] is None:
                continue
            chunk = bs[s:e]
            rest = bs[e:]
            cost = best[s] + sum(1 for a in chunk for b in rest if (a, b) in inter or (b, a) in inter)
            if best[e] is None or cost < best[e]:
                best[e] = cost
                prev[e] = s
    out = []
    e = n
    while e > 0:
        out.append(bs[prev[e] : e])
        e = prev[e]
    return out[::-1]


def token_order(observed):
    """A global order of modifier tokens: majority precedence over the
    observed mnemonics (Kahn's algorithm, ties by mean position)."""
    before = {}
    pos = {}
    for toks in observed:
        for i, a in enumerate(toks):
            pos.setdefault(a, []).append(i / max(1, len(toks)))
            for b in toks[i + 1 :]:
                before[(a, b)] = before.get((a, b), 0) + 1
    toks = sorted(pos, key=lambda t: (sum(pos[t]) / len(pos[t]), t))
    order = []
    left = list(toks)
    while left:
        for t in left:
            if not any(before.get((u, t), 0) > before.get((t, u), 0) for u in left if u != t):
                break
        else:
            t = left[0]
        order.append(t)
        left.remove(t)
    return order


def edits(a, b):
    sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return [(i1, i2, b[j1:j2]) for tag, i1, i2, j1, j2 in sm.get_opcodes() if tag != "equal"]


def independent(L, li, lj, lij):
    """Does the pair's mnemonic follow from the two single flips?"""
    if li is None or lj is None:
        return lij is None
    if lij is None:
        return False
    ei, ej = edits(L, li), edits(L, lj)
    for a1, a2, _ in ei:
        for b1, b2, _ in ej:
            if max(a1, b1) < min(a2, b2) or a1 == b1 or a2 == b2 or (a1 == a2 and b1 <= a1 <= b2) or (b1 == b2 and a1 <= b1 <= a2):
                return False
    out = list(L)
    for i1, i2, rep in sorted(ei + ej, reverse=True):
        out[i1:i2] = rep
    return out == lij


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
    # several groups: each group's tokens (beyond the literals and the other
    # groups' tokens at the base word), merged in one learned token order
    L = parse_base_mn(r).split(".")
    Lr = L[1:]
    owned = {}
    for gi, g in enumerate(groups):
        for t in tables.get(gi, []):
            if t is None:
                continue
            toks = t.split(".")[1:]
            for x in Lr:
                if x not in toks:
                    owned.setdefault(x, set()).add(gi)
    literals = [x for x in Lr if x not in owned]
    fields = []
    names = []
    observed = [m.split(".")[1:] for m in r.get("mn_obs", [])]
    for gi, g in enumerate(groups):
        tab = tables.get(gi, [])
        vals, rej = [], []
        for i, t in enumerate(tab):
            if t is None:
                vals.append("")
                rej.append(i)
                continue
            toks = t.split(".")[1:]
            observed.append(toks)
            mine = [x for x in toks if x not in literals and not (x in owned and gi not in owned[x])]
            vals.append(".".join(mine))
        name = "mods%d" % gi
        f = {"name": name, "kind": "mod", "bits": ranges(g), "values": vals}
        if rej:
            f["reject"] = rej
        fields.append(f)
        names.append(name)
    r["token_order"] = token_order(observed)
    return L[0] + "{@merge:%s:%s}" % (",".join(names), ".".join(literals)), fields


def parse_base_mn(r):
    return r["base_mn"]


REUSE = (122, 123, 124, 125)


def reuse_entry(bl, i):
    """True when table entry i sets a reuse bit."""
    return any(i >> k & 1 for k, b in enumerate(bl) if b in REUSE)


def clear_reuse(bl, i):
    for k, b in enumerate(bl):
        if b in REUSE:
            i &= ~(1 << k)
    return i


def yield_gate(f):
    """A text field that prints `.reuse`: nvdisasm prints the flag only when
    the yield bit 109 is set, so bit 109 becomes the field's top bit and the
    lower half of the table is the same table with the reuse bits clear."""
    bl = [b for lo, hi in f["bits"] for b in range(lo, hi)]
    if not any(b in REUSE for b in bl) or not any(".reuse" in v for v in f["values"]):
        return f
    vals = f["values"]
    f["values"] = [vals[clear_reuse(bl, i)] for i in range(len(vals))] + list(vals)
    f["bits"] = f["bits"] + [[109, 110]]
    if "reject" in f:
        f["reject"] = sorted(set(f["reject"]) | {v + len(vals) for v in f["reject"]})
    return f


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
    ops = []  # (template, optional)
    n = len(r["ops_tpl"])
    for j, otpl in enumerate(r["ops_tpl"]):
        optional = False
        full = r.get("full_tables", {}).get(j)
        tab = r.get("op_tables", {}).get(j)
        if full:
            bl = r["op_full"][j]
            vals, rej = [], []
            for i, t in enumerate(full):
                if t is None:
                    vals.append("")
                    if not reuse_entry(bl, i):
                        rej.append(i)
                elif len(t) == n:
                    vals.append(t[j])
                elif len(t) == n - 1:
                    vals.append("")
                    optional = True
                else:
                    vals.append("?")
            if any(reuse_entry(bl, i) for i in range(len(vals))):
                for i in range(len(vals)):
                    if reuse_entry(bl, i) and full[i] is None:
                        vals[i] = vals[clear_reuse(bl, i)]
            f = {"name": "op%d_full" % j, "kind": "text", "bits": ranges(bl), "values": vals}
            if rej:
                f["reject"] = rej
            if optional:
                f["prefix" if j > 0 else "suffix"] = ", "
            fields.append(f)
            otpl = "{op%d_full}" % j
        elif tab:
            bl = r["op_bits"][j]
            first = otpl.find("{op")
            last = otpl.rfind("}")
            if first >= 0:
                segs0 = re.split(r"\{op\d+_\d+\}", otpl)
                names0 = re.findall(r"\{op\d+_\d+\}", otpl)
                cols = [[] for _ in segs0]
                rej = []
                okc = True
                for i, t in enumerate(tab):
                    if t is None and reuse_entry(bl, i):
                        t = tab[clear_reuse(bl, i)]
                    if t is None or len(t) != n:
                        for k, sg in enumerate(segs0):
                            cols[k].append(sg)
                        if t is None:
                            rej.append(i)
                        continue
                    sk = skeleton(t[j])[0]
                    parts = re.split(r"\{[A-Z]+\}", sk)
                    if len(parts) != len(segs0):
                        okc = False
                        break
                    for k, sg in enumerate(parts):
                        cols[k].append(sg)
                if okc and any(len(set(c)) > 1 for c in cols):
                    out = ""
                    first_f = True
                    for k, c in enumerate(cols):
                        if len(set(c)) > 1:
                            nm = "op%d_pre" % j if k == 0 else "op%d_suf" % j if k == len(cols) - 1 else "op%d_s%d" % (j, k)
                            f = {"name": nm, "kind": "text", "bits": ranges(bl), "values": c}
                            if rej and first_f:
                                f["reject"] = rej
                                first_f = False
                            fields.append(f)
                            out += "{%s}" % nm
                        else:
                            out += c[0]
                        if k < len(names0):
                            out += names0[k]
                    otpl = out
            else:
                vals, rej = [], []
                for i, t in enumerate(tab):
                    if t is None and reuse_entry(bl, i):
                        t = tab[clear_reuse(bl, i)]
                    if t is None or len(t) != n:
                        vals.append("")
                        if t is None:
                            rej.append(i)
                        elif len(t) == n - 1:
                            optional = True
                    else:
                        vals.append(t[j])
                if len(set(vals)) > 1:
                    f = {"name": "op%d_txt" % j, "kind": "text", "bits": ranges(bl), "values": vals}
                    if optional:
                        f["prefix" if j > 0 else "suffix"] = ", "
                    if rej:
                        f["reject"] = rej
                    fields.append(f)
                    otpl = "{op%d_txt}" % j
        kinds = {f["name"]: f for f in fields}
        # `[R2.X8+UR4+0x10]`: a segment after the base register that always
        # ends in `+` is the address's size/scale text
        m = re.fullmatch(r"\[\{(op\d+_\d+)\}\{(op\d+_s1)\}(\{op\d+_\d+\}.*)\]", otpl)
        size = "-"
        if m and all(v.endswith("+") for v in kinds[m.group(2)]["values"]):
            kinds[m.group(2)]["values"] = [v[:-1] for v in kinds[m.group(2)]["values"]]
            size = m.group(2)
            otpl = "[{%s}+%s]" % (m.group(1), m.group(3))
        m = re.fullmatch(r"\[\{(op\d+_\d+)\}(?:\+\{(op\d+_\d+)\})?(?:\+\{(op\d+_\d+)\})?\]", otpl)
        if m:
            names = [x for x in m.groups() if x]
            if kinds[names[0]]["kind"] == "reg":
                ur = next((x for x in names[1:] if kinds[x]["kind"] == "ureg"), "-")
                imm = next((x for x in names[1:] if kinds[x]["kind"] in ("simm", "uimm")), "-")
                if len(names) == 1 + (ur != "-") + (imm != "-"):
                    otpl = "[{@addr:%s:%s:%s:%s}]" % (names[0], size, ur, imm)
        # `+0x0` offsets inside brackets are not printed
        for nm in re.findall(r"\+\{(op\d+_\d+)\}\]", otpl):
            f = kinds[nm]
            if f["kind"] in ("simm", "uimm"):
                f["prefix"] = "+"
                f["print_as"] = {"0": ""}
                otpl = otpl.replace("+{%s}]" % nm, "{%s}]" % nm)
        if j in r.get("zero_optional", []):
            nm = otpl[1:-1]
            kinds[nm]["print_as"] = {"0": ""}
            kinds[nm]["prefix" if j > 0 else "suffix"] = ", "
            optional = True
        ops.append((otpl, optional))
    if ops:
        body = ""
        for j, (o, opt) in enumerate(ops):
            if j > 0 and not opt and not (j == 1 and ops[0][1]):
                body += ", "
            body += o
        tpl += " " + body
    tpl += r["tail"]
    ops = [o for o, _ in ops]
    # One field per condition (the modifier values under which the bits
    # show), in pieces of at most 64 bits, a field's widest value.
    conds = {}
    for b, when in r.get("hidden", []):
        conds.setdefault(json.dumps(when), []).append(b)
    # A condition no value meets (the bit showed on a word whose own
    # modifier values, enumerated one group at a time, never show it again:
    # BMOV's special registers) can never refuse: left out.
    conds = {k: v for k, v in conds.items() if all(vs for _, vs in json.loads(k))}
    for n, (when, bits) in enumerate(sorted(conds.items(), key=lambda x: x[1])):
        cond = [{"bits": ranges(r["mod_groups"][gi]), "values": vs} for gi, vs in json.loads(when)]
        for k in range(0, len(bits), 64):
            nm = "unmodeled_%d" % (n + k // 64)
            f = {"name": nm, "kind": "zero", "bits": ranges(bits[k : k + 64])}
            if cond:
                f["when"] = cond
            fields.append(f)
    fields = [yield_gate(f) if f["kind"] == "text" else f for f in fields]
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
        **({"token_order": r["token_order"]} if r.get("token_order") else {}),
        # reuse flags that print only under other modifiers or operand
        # shapes than the fields above describe (gen_ops.py lets the variant
        # records print them)
        **({"reuse_shown": r["reuse_shown"]} if r.get("reuse_shown") else {}),
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
            r["full_tables"] = {int(k): v for k, v in r.get("full_tables", {}).items()}
            r["op_full"] = {int(k): v for k, v in r.get("op_full", {}).items()}
            r["zero_optional"] = r.get("zero_optional", [])
            r["hidden"] = r.get("hidden", [])
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
