#!/usr/bin/env python3
"""Generate ops.json: hand-derived rule records (format xisa-sm75-rules/1)
for the instructions ptxas emits for the kernel corpus (tests/sm75).

Every field was learned by building words and asking nvdisasm -b SM75
(13.5); notes/sm75.md gives the starting layout.  Deterministic: rerun and
`git diff --exit-code translation-rules/sm75/ops.json` to check."""
import json, os

CTRL = [
    {"name": "stall", "kind": "control", "bits": [[105, 109]]},
    {"name": "yield", "kind": "control", "bits": [[109, 110]]},
    {"name": "rd_bar", "kind": "control", "bits": [[110, 113]]},
    {"name": "wr_bar", "kind": "control", "bits": [[113, 116]]},
    {"name": "wait_mask", "kind": "control", "bits": [[116, 122]]},
    {"name": "reuse", "kind": "control", "bits": [[122, 126]]},
]
GUARD = {"name": "guard", "kind": "guard", "bits": [[12, 16]]}
RECS = []


def F(name, kind, lo, hi=None, **kw):
    bits = [[lo, hi]] if hi is not None else [list(b) for b in lo]
    d = {"name": name, "kind": kind, "bits": bits}
    d.update(kw)
    return d


def T(name, bit, text):
    """One-bit text flag (`-`, `|`, `!`, `.reuse`...)."""
    return F(name, "text", bit, bit + 1, values=["", text])


def M(name, lo, hi, values):
    return F(name, "mod", lo, hi, values=values)


def reuse(name, bit):
    """`.reuse` flag: nvdisasm prints it only when the yield bit 109 is set
    (the flag is accepted, and silent, without it)."""
    return F(name, "text", [[bit, bit + 1], [109, 110]], values=["", "", "", ".reuse"])


UGUARD = F("uguard", "text", 12, 16,
           values=["@UP%d " % i for i in range(7)] + [""] + ["@!UP%d " % i for i in range(7)] + ["@!UPT "])


# records whose unclaimed bits nvdisasm requires to be 0, and those guarded
# by a uniform predicate (learned from random words)
STRICT = ()
UNIFORM = ("UIADD3", "UIMAD", "UMOV", "ULDC")
# bits ptxas sets in strict records that the template does not print
# (predicates read as PT, RZ slots): claimed as unprinted fields
CLAIM = {"ATOMS": [(64, 72)],
         "CCTL": [(24, 32)],
         "RED": [(90, 91)], "ATOM_UR1": [(90, 91)], "UIADD3": [(77, 81), (87, 91)],
         "UIMAD": [(81, 84), (87, 91)]}


def rec(key, mnemonic, sig, match, fields, template, strict=False, uniform=False, **extra):
    """strict: every bit in [16,105) that no field or match claims must be 0
    (nvdisasm rejects such words); uniform: the guard is a uniform predicate."""
    opcode = [m for m in match if m[0] == 0][0][2]
    strict = strict or key.startswith(STRICT)
    uniform = uniform or key.startswith(UNIFORM)
    if uniform:
        fields = [UGUARD] + fields
        template = "{uguard}" + template
    for pre, rngs in CLAIM.items():
        # (the [R+UR] forms "*_UR" put the uniform register where the claim is)
        if key.startswith(pre) and not key.endswith("_UR"):
            fields = fields + [F("rsv%d" % lo, "uimm", lo, hi) for lo, hi in rngs]
    if strict:
        claimed = set()
        for lo, hi, _ in match:
            claimed.update(range(lo, hi))
        for f in fields:
            if f["kind"] == "control":
                continue
            for lo, hi in f["bits"]:
                claimed.update(range(lo, hi))
        free = [b for b in range(16, 105) if b not in claimed]
        runs = []
        for b in free:
            if runs and runs[-1][1] == b and b - runs[-1][0] < 64:
                runs[-1][1] = b + 1
            else:
                runs.append([b, b + 1])
        match = list(match) + [(lo, hi, 0) for lo, hi in runs]
    r = {
        "id": "%s:%s" % (mnemonic.split("{")[0], key),
        "key": key,
        "mnemonic": mnemonic.split("{")[0],
        "signature": sig,
        "opcode": "%#x" % opcode,
        "match": [{"lo": lo, "hi": hi, "value": v} for lo, hi, v in match],
        "ignore": [],
        "fields": ([] if uniform else [GUARD]) + fields + CTRL,
        "template": template,
    }
    r.update(extra)
    RECS.append(r)


def pred_opt(name, lo, neg=None, sep=", "):
    """Predicate printed (with a leading separator) only when not PT."""
    fs = [F(name, "pred", lo, lo + 3, print_as={"7": ""}, prefix=sep)]
    return fs


def regf(name, lo):
    return F(name, "reg", lo, lo + 8)


# ---- ALU source slots by form ([9,12) of the opcode) -----------------------
# form: 1 R,R,R  2 R,R,imm  3 R,R,c  4 R,imm,R  5 R,c,R  6 R,UR,R  7 R,R,UR
def slot(kind, where, name, fneg=None, fabs=None, imm="simm", reuse_bit=None):
    """A source operand; returns (fields, template text)."""
    fs = []
    pre = ""
    post = ""
    if kind == "i":
        fneg = fabs = None
    if fneg is not None:
        fs.append(T(name + "_neg", fneg, "-"))
        pre += "{%s_neg}" % name
    if fabs is not None:
        fs.append(T(name + "_abs", fabs, "|"))
        fs.append(T(name + "_abs2", fabs, "|"))
        pre += "{%s_abs}" % name
        post = "{%s_abs2}" % name
    if kind == "r":
        fs.append(regf(name, where))
    elif kind == "ur":
        fs.append(F(name, "ureg", where, where + 6))
    elif kind == "c":
        fs.append(F(name, "cbuf", [[40, 54], [54, 59]]))
    elif kind == "i":
        fs.append(F(name, imm, 32, 64))
    r = ""
    if reuse_bit is not None and kind == "r":
        fs.append(reuse(name + "_reuse", reuse_bit))
        r = "{%s_reuse}" % name
    # nvdisasm prints `.reuse` after the closing `|`: `|R5|.reuse`
    return fs, pre + "{%s}" % name + post + r


FORMS = {
    1: ("r", "r"), 2: ("r", "i"), 3: ("r", "c"), 4: ("i", "r"),
    5: ("c", "r"), 6: ("ur", "r"), 7: ("r", "ur"),
}


def bc_slots(form, b_mods=(None, None), c_mods=(None, None), imm="simm", use_c=True, c32_mods=None,
             b64_mods=None):
    """Fields/templates of the B and C operands for a form.  b_mods/c_mods:
    (neg bit, abs bit) of the slot at [32,64) / [64,72)."""
    kb, kc = FORMS[form]
    # B in [32,64) unless the form moves it to [64,72)
    if kb == "r" and kc != "r":
        bw, bm, bre = 64, (b64_mods or c_mods), 123
    else:
        bw, bm, bre = 32, b_mods, 123
    fb, tb = slot(kb, bw, "b", bm[0], bm[1], imm, bre)
    if not use_c:
        return fb, tb, [], ""
    if kc == "r" and kb != "r":
        cw, cm = 64, c_mods
    elif kc == "r":
        cw, cm = 64, c_mods
    else:
        cw, cm = 32, (c32_mods or b_mods)
    fc, tc = slot(kc, cw, "c", cm[0], cm[1], imm, 124)
    return fb, tb, fc, tc


def opm(op9, form, u=None):
    if u is None:
        u = 1 if form in (6, 7) else 0
    return [(0, 12, op9 | (form << 9)), (91, 92, u)]


def formkey(form):
    return "F%d" % form


SIGNED_U32 = ["U32", ""]
ISETP_CMP = ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "T"]
FSETP_CMP = ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN", "LTU", "EQU",
             "LEU", "GTU", "NEU", "GEU", "T"]
BOP = ["AND", "OR", "XOR", "INVALID3"]


def ra(neg=None, abs_=None):
    return slot("r", 24, "a", neg, abs_, reuse_bit=122)


D = regf("d", 16)

# MOV: MOV Rd, src1 (+ lane mask [72,76), printed when not 0xf)
for form in (1, 4, 5, 6):
    fb, tb, _, _ = bc_slots(form, imm="uimm", use_c=False)
    rec("MOV_" + formkey(form), "MOV", "R,B", opm(0x002, form),
        [D] + fb + [F("mask", "uimm", 72, 76, print_as={"15": ""}, prefix=", ")],
        "MOV {d}, %s{mask} ;" % tb)

# IADD3
for form in (1, 2, 3, 4, 5, 6, 7):
    for x in (0, 1):
        fb, tb, fc, tc = bc_slots(form, (63, None), (75, None))
        fa, ta = ra(72)
        if x:  # IADD3.X prints its negations as ~
            for f in fa + fb + fc:
                if f["name"].endswith("_neg"):
                    f["values"] = ["", "~"]
        fields = [D] + pred_opt("p0", 81) + pred_opt("p1", 84) + fa + fb + fc
        t = "IADD3%s {d}{p0}{p1}, %s, %s, %s" % (".X" if x else "", ta, tb, tc)
        if x:
            fields += [T("ci0_neg", 90, "!"), F("ci0", "pred", 87, 90),
                       T("ci1_neg", 80, "!"), F("ci1", "pred", 77, 80)]
            t += ", {ci0_neg}{ci0}, {ci1_neg}{ci1}"
        rec("IADD3_%s_X%d" % (formkey(form), x), "IADD3" + (".X" if x else ""), "R,P,P,R,R,R",
            opm(0x010, form) + [(74, 75, x)], fields, t + " ;")

# IMAD family: 0x24 IMAD, 0x25 IMAD.WIDE, 0x27 IMAD.HI.  Negation: C only
# (75 in [64,72), 63 in [32,64)); .X prints it as ~.  Aliases of plain IMAD
# (nvdisasm): .MOV when the product is trivially zero (A = RZ in forms 1-6,
# B = RZ in forms 1-3) or when B = 1 and C = RZ; .IADD when B = 1; .SHL when
# B = 2^k and C = RZ (the multiplier is printed).
IMAD_ALIASES = []
for op9, nm in ((0x024, "IMAD"), (0x025, "IMAD.WIDE"), (0x027, "IMAD.HI")):
    for form in (1, 2, 3, 4, 5, 6, 7):
        for x in (0, 1):
            fb, tb, fc, tc = bc_slots(form, (None, None), (75, None), c32_mods=(63, None),
                                      b64_mods=(None, None))
            fa, ta = ra()
            if x:
                for f in fc:
                    if f["name"].endswith("_neg"):
                        f["values"] = ["", "~"]
            sg = M("signed", 73, 74, SIGNED_U32)
            p0 = pred_opt("p0", 81) if op9 != 0x024 else []
            fields = [D] + p0 + fa + fb + fc + [sg]
            t = "%s{signed}%s {d}%s, %s, %s, %s" % (nm, ".X" if x else "", "{p0}" if p0 else "", ta, tb, tc)
            if x:
                fields += [T("ci_neg", 90, "!"), F("ci", "pred", 87, 90)]
                t += ", {ci_neg}{ci}"
            base = opm(op9, form) + [(74, 75, x)]
            rec("%s_%s_X%d" % (nm.replace(".", "_"), formkey(form), x), nm + (".X" if x else ""),
                "R,R,B,C", base, fields, t + " ;")
            if op9 != 0x024 or x:
                continue
            bwhere = 64 if form in (2, 3, 7) else 32
            alias = []
            if form <= 5:
                alias.append(("MOV_A", "IMAD.MOV", [(24, 32, 255)]))
            if form in (1, 2, 3):
                alias.append(("MOV_B", "IMAD.MOV", [(bwhere, bwhere + 8, 255)]))
                alias.append(("MOV_AB", "IMAD.MOV", [(24, 32, 255), (bwhere, bwhere + 8, 255)]))
            if form == 4:
                alias.append(("IADD", "IMAD.IADD", [(32, 64, 1)]))
                alias.append(("MOV_B1C", "IMAD.MOV", [(32, 64, 1), (64, 72, 255)]))
                alias.append(("MOV_B1A", "IMAD.MOV", [(32, 64, 1), (24, 32, 255)]))
                alias.append(("MOV_B1AC", "IMAD.MOV", [(32, 64, 1), (24, 32, 255), (64, 72, 255)]))
                for k in range(1, 32):
                    # nvdisasm 13.5 prints 0x10000 and -0x80000000 as plain IMAD
                    if k not in (16, 31):
                        alias.append(("SHL_%d" % k, "IMAD.SHL", [(32, 64, 1 << k), (64, 72, 255)]))
                    alias.append(("MOV_SHL_%d" % k, "IMAD.MOV", [(32, 64, 1 << k), (64, 72, 255), (24, 32, 255)]))
            for key, mn, extra in alias:
                rec("IMAD_%s_%s" % (key, formkey(form)), mn, "R,R,B,C", base + extra, fields,
                    t.replace("IMAD{signed}", mn + "{signed}", 1) + " ;")

# LOP3.LUT
for form in (1, 2, 3, 4, 5, 6, 7):
    fb, tb, fc, tc = bc_slots(form, imm="uimm")
    fa, ta = ra()
    fields = [D] + [F("pd", "pred", 81, 84, print_as={"7": ""}, suffix=", ")] + fa + fb + fc + [
        F("lut", "uimm", 72, 80), T("pand", 80, ".PAND"), T("np", 90, "!"), F("pp", "pred", 87, 90)]
    rec("LOP3_" + formkey(form), "LOP3.LUT", "P,R,R,B,C,I,P", opm(0x012, form), fields,
        "LOP3.LUT{pand} {pd}{d}, %s, %s, %s, {lut}, {np}{pp} ;" % (ta, tb, tc))

# ISETP / FSETP
PQ = ["P%d" % i for i in range(7)] + [""] + ["!P%d" % i for i in range(7)] + ["!PT"]
for form in (1, 4, 5, 6):
    fb, tb, _, _ = bc_slots(form, use_c=False)
    fa, ta = ra()
    fields = [F("pd", "pred", 81, 84), F("pd2", "pred", 84, 87)] + fa + fb + [
        M("cmp", 76, 79, ISETP_CMP), M("signed", 73, 74, SIGNED_U32), M("bop", 74, 76, BOP),
        T("ex", 72, ".EX"), T("np", 90, "!"), F("pp", "pred", 87, 90),
        F("pq", "text", 68, 72, values=PQ, prefix=", ")]
    rec("ISETP_%s" % formkey(form), "ISETP", "P,P,R,B,P,P", opm(0x00c, form), fields,
        "ISETP{cmp}{signed}{bop}{ex} {pd}, {pd2}, %s, %s, {np}{pp}{pq} ;" % (ta, tb))
    fb, tb, _, _ = bc_slots(form, (63, 62), (None, None), imm="f32", use_c=False)
    fa, ta = ra(72, 73)
    fields = [F("pd", "pred", 81, 84), F("pd2", "pred", 84, 87)] + fa + fb + [
        M("cmp", 76, 80, FSETP_CMP), T("ftz", 80, ".FTZ"), M("bop", 74, 76, BOP),
        T("np", 90, "!"), F("pp", "pred", 87, 90)]
    fields[[f["name"] for f in fields].index("cmp")]["bits"] = [[76, 80]]
    rec("FSETP_" + formkey(form), "FSETP", "P,P,R,B,P", opm(0x00b, form), fields,
        "FSETP{cmp}{ftz}{bop} {pd}, {pd2}, %s, %s, {np}{pp} ;" % (ta, tb))

# SEL / FSEL / IMNMX / FMNMX: Rd, Ra, B, [!]P
for op9, nm, extra, imm in ((0x007, "SEL", [], "uimm"), (0x008, "FSEL", ["ftz"], "f32"),
                            (0x017, "IMNMX", ["signed"], "simm"), (0x009, "FMNMX", ["ftz"], "f32")):
    for form in (1, 4, 5, 6):
        fl = nm.startswith("F")
        fb, tb, _, _ = bc_slots(form, (63, 62) if fl else (None, None), imm=imm, use_c=False)
        fa, ta = ra(72, 73) if fl else ra()
        fields = [D] + fa + fb + [T("np", 90, "!"), F("pp", "pred", 87, 90)]
        mn = nm
        if "signed" in extra:
            fields.append(M("signed", 73, 74, SIGNED_U32))
            mn += "{signed}"
        if "ftz" in extra:
            fields.append(T("ftz", 80, ".FTZ"))
            mn += "{ftz}"
        rec("%s_%s" % (nm, formkey(form)), nm, "R,R,B,P", opm(op9, form), fields,
            "%s {d}, %s, %s, {np}{pp} ;" % (mn, ta, tb))

# SHF
for form in (1, 2, 3, 4, 5, 6, 7):
    fb, tb, fc, tc = bc_slots(form, imm="uimm")
    fa, ta = ra()
    fields = [D] + fa + fb + fc + [
        M("dir", 76, 77, ["L", "R"]), T("w", 75, ".W"), M("type", 73, 75, ["S64", "U64", "S32", "U32"]),
        T("hi", 80, ".HI")]
    rec("SHF_" + formkey(form), "SHF", "R,R,B,C", opm(0x019, form), fields,
        "SHF{dir}{w}{type}{hi} {d}, %s, %s, %s ;" % (ta, tb, tc))

# LEA (.SX32 with .HI hides the C operand)
for form in (1, 2, 3, 4, 5, 6, 7):
    fb, tb, fc, tc = bc_slots(form, (63, None), (None, None), imm="uimm")
    fa, ta = ra(72)
    for hi in (0, 1):
        for x in (0, 1):
            for sx in (0, 1):
                fields = [D] + pred_opt("p0", 81) + fa + fb + [F("sh", "uimm", 75, 80)]
                t = "LEA%s%s%s {d}{p0}, %s, %s" % (".HI" if hi else "", ".X" if x else "",
                                                  ".SX32" if sx else "", ta, tb)
                if hi and not sx:
                    fields += fc
                    t += ", " + tc
                t += ", {sh}"
                if x:
                    fields += [T("ci_neg", 90, "!"), F("ci", "pred", 87, 90)]
                    t += ", {ci_neg}{ci}"
                    fields = [dict(f, values=["", "~"]) if f["name"].endswith("_neg") and f["name"] != "ci_neg"
                              else f for f in fields]
                rec("LEA_%s_HI%d_X%d_SX%d" % (formkey(form), hi, x, sx), "LEA", "R,P,R,B,C,I,P",
                    opm(0x011, form) + [(80, 81, hi), (74, 75, x), (73, 74, sx)], fields, t + " ;")

# FADD / FMUL / FFMA (FADD's second source is the C slot)
for op9, nm, nsrc in ((0x021, "FADD", 2), (0x020, "FMUL", 2), (0x023, "FFMA", 3)):
    for form in ((1, 4, 5, 6) if nm == "FMUL" else (1, 2, 3, 7) if nm == "FADD" else (1, 2, 3, 4, 5, 6, 7)):
        if nm == "FADD":
            fb, tb = slot(FORMS[form][1], 32, "b", 63, 62, "f32", 124)
            fc, tc = [], ""
        else:
            fb, tb, fc, tc = bc_slots(form, (63, 62), (75, 74), imm="f32", use_c=(nsrc == 3))
        fa, ta = ra(72, 73)
        fields = [D] + fa + fb + fc + [M("rnd", 78, 80, ["", "RM", "RP", "RZ"]), T("sat", 77, ".SAT")]
        if nm == "FADD":
            fields.append(T("fz", 80, ".FTZ"))
            mods = "{fz}{rnd}{sat}"
        elif nm == "FMUL":
            fields += [F("fz", "mod", [[80, 81], [76, 77]], values=["", "FTZ", "FMZ", "INVALID3"]),
                       M("scale", 84, 87, ["INVALID0", "D8", "D4", "D2", "", "M2", "M4", "M8"])]
            mods = "{fz}{scale}{rnd}{sat}"
        else:
            fields.append(F("fz", "mod", [[80, 81], [76, 77]], values=["", "FTZ", "FMZ", "INVALID3"]))
            mods = "{fz}{rnd}{sat}"
        ops = "%s, %s" % (ta, tb) + (", " + tc if nsrc == 3 else "")
        rec("%s_%s" % (nm, formkey(form)), nm, "R,R,B", opm(op9, form), fields,
            "%s%s {d}, %s ;" % (nm, mods, ops))


FSZ = ["INVALID0", "F16", "", "F64"]
SEL8 = ["", ".B1", ".B2", ".B3"]
SEL16 = ["", ".H1", ".INVALID2", ".INVALID3"]


def conv_src(form, sel, negabs):
    """The source of a conversion (register, constant or uniform register;
    forms 1, 5, 6) with its sub-register select (a table, or None when the
    source is 32/64 bits wide and nvdisasm prints none). nvdisasm prints a
    constant with a select as `c[0x0] [0x10].H1` (a space between the
    brackets) and one without as `c[0x0][0x10]`; `-`/`|` enclose the select:
    `-|UR4.H1|`."""
    fs, pre, post = [], "", ""
    if negabs:
        fs += [T("b_neg", 63, "-"), T("b_abs", 62, "|"), T("b_abs2", 62, "|")]
        pre, post = "{b_neg}{b_abs}", "{b_abs2}"
    kind = FORMS[form][0]
    if kind == "r":
        fs.append(regf("b", 32))
        core = "{b}"
    elif kind == "ur":
        fs.append(F("b", "ureg", 32, 38))
        core = "{b}"
    elif sel:
        fs += [F("b_bank", "uimm", 54, 59), F("b_off", "simm", 40, 54, scale=4)]
        core = "c[{b_bank}] [{b_off}]"
    else:
        fs.append(F("b", "cbuf", [[40, 54], [54, 59]]))
        core = "{b}"
    if sel:
        fs.append(F("bsel", "text", 60, 62, values=sel))
        core += "{bsel}"
    r = ""
    if kind == "r":
        fs.append(reuse("b_reuse", 123))
        r = "{b_reuse}"
    return fs, pre + core + post + r


# one-source ALU ops on the B slot: IABS, POPC, FLO, MUFU, I2F, F2I, F2F
SR = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sr_names.txt")).read().split()
MUFU = ["COS", "SIN", "EX2", "LG2", "RCP", "RSQ", "RCP64H", "RSQ64H", "SQRT", "TANH"] + \
    ["INVALID%d" % i for i in range(10, 16)]
for op9, nm, mods, tmpl, fmods in (
        (0x013, "IABS", [], "IABS", False),
        (0x109, "POPC", [T("not", 63, "~")], "POPC", False),
        (0x100, "FLO", [M("signed", 73, 74, SIGNED_U32), T("sh", 74, ".SH"), T("not", 63, "~")], "FLO{signed}{sh}", False),
        (0x108, "MUFU", [F("func", "mod", 74, 78, values=MUFU,
                          alt={"field": "f16", "equals": 1,
                               "values": MUFU[:6] + ["INVALID6", "INVALID7"] + MUFU[8:]}),
                        T("f16", 73, ".F16")], "MUFU{func}{f16}", True),
):
    for form in (1, 4, 5, 6):
        fb, tb, _, _ = bc_slots(form, (63, 62) if fmods else (None, None),
                                imm="f32" if fmods else "simm", use_c=False)
        pd = [F("pd", "pred", 81, 84, print_as={"7": ""}, prefix=", ")] if nm == "FLO" else []
        if form != 1:
            mods = [m for m in mods if m["name"] != "not"] + ([T("not", 63, "~")] if nm in ("POPC", "FLO") and form != 4 else [])
        if nm == "MUFU" and form in (5, 6):
            # (.F16 selects a half; a constant then prints `c[..] [..].H1`)
            for f16 in (0, 1):
                fs_, tb_ = conv_src(form, SEL16 if f16 else None, True)
                rec("MUFU_%s_H%d" % (formkey(form), f16), nm, "R,B", opm(op9, form) + [(73, 74, f16)],
                    [D] + fs_ + mods, "%s {d}, %s ;" % (tmpl, tb_))
            continue
        if nm == "MUFU" and form == 4:
            # `.F16` reads an f16 immediate in [32,48) (nvdisasm ignores
            # [48,64)); without it the immediate is an f32.
            for f16 in (0, 1):
                b = F("b", "f16", 32, 48) if f16 else F("b", "f32", 32, 64)
                rec("MUFU_F4" + ("_H1" if f16 else ""), nm, "R,I", opm(op9, form) + [(73, 74, f16)],
                    [D, b] + mods, "%s {d}, {b} ;" % tmpl)
            # RCP64H/RSQ64H read the high word of an f64 (more fixed bits:
            # these records win over MUFU_F4).
            for func in (6, 7):
                rec("MUFU_F4_%s" % MUFU[func], nm, "R,I",
                    opm(op9, form) + [(73, 74, 0), (74, 78, func)],
                    [D, F("b", "f64hi", 32, 64)] + mods, "%s {d}, {b} ;" % tmpl)
            continue
        if nm == "MUFU" and form == 1:
            fb = fb + [F("hsel", "text", 60, 62, values=[""] * 4,
                         alt={"field": "f16", "equals": 1, "values": ["", ".H1", ".INVALID2", ".INVALID3"]})]
            tb = tb.replace("{b}", "{b}{hsel}")
        rec("%s_%s" % (nm, formkey(form)), nm, "R,B", opm(op9, form), [D] + pd + fb + mods,
            "%s {d}%s, %s%s ;" % (tmpl, "{pd}" if pd else "", "{not}" if nm in ("POPC", "FLO") and form != 4 else "", tb))

# conversions (1 = register form only; the corpus has no other). Their
# fields are independent here, but nvdisasm rejects some combinations (the
# 32-bit opcodes with a 64-bit type): check_probe makes the decoder also
# apply the whole-ISA table's rejects for the class (isa.json), which turns
# 221-309/500 random words agreeing into 404-500/500. Not set in general:
# the prober's per-field rejects hold for the combinations it tried, and
# CCTL.IVALL's would reject what ptxas emits.
INT_T = ["U8", "U16", "U32", "U64", "S8", "S16", "", "S64"]
# Conversions: both opcodes of each (32-bit and 64-bit types), register,
# constant and uniform-register forms, one record per source width class
# (the select suffix and the constant's spacing depend on it). Their fields
# are independent here, but nvdisasm rejects some combinations (the 32-bit
# opcodes with a 64-bit type): check_probe makes the decoder also apply the
# whole-ISA table's rejects for the class (isa.json), which turns 221-309/500
# random words agreeing into 404-500/500. Not set in general: the prober's
# per-field rejects hold for the combinations it tried, and CCTL.IVALL's
# would reject what ptxas emits. Immediate forms (4) are left to isa.json.
CONV_FORMS = (1, 5, 6)
for op9 in (0x106, 0x112):
    for form in CONV_FORMS:
        # I2F: the integer width [84,86) (and sign 74) decides the select.
        for wkey, match_w, sel in (("8", [(84, 86, 0)], SEL8), ("16", [(84, 86, 1)], SEL16),
                                   ("", [(85, 86, 1)], None)):
            fb, tb = conv_src(form, sel, False)
            fs = [D] + fb + [
                M("rnd", 78, 80, ["", "RM", "RP", "RZ"]),
                F("dsz", "mod", 75, 77, values=["INVALID0", "F16", "", "F64"], reject=[0]),
                F("stype", "mod", [[84, 86], [74, 75]], values=INT_T)]
            key = "I2F_%s%s%s" % ("" if op9 == 0x106 else "64_", formkey(form), "_" + wkey if wkey else "")
            rec(key, "I2F", "R,R", opm(op9, form) + match_w, fs,
                "I2F{dsz}{stype}{rnd} {d}, %s ;" % tb, check_probe=True)
def float_conv_head(nm):
    """The modifier fields and head template of F2I, F2F or FRND."""
    ftz = T("ftz", 80, ".FTZ")
    if nm == "F2I":
        return ([ftz, M("rnd", 78, 80, ["", "FLOOR", "CEIL", "TRUNC"]), T("ntz", 77, ".NTZ"),
                 F("dtype", "mod", [[75, 77], [72, 73]], values=INT_T),
                 F("ssz", "mod", 84, 86, values=FSZ, reject=[0])],
                "F2I{ftz}{dtype}{ssz}{rnd}{ntz}")
    if nm == "F2F":
        return ([ftz, M("rnd", 78, 80, ["", "RM", "RP", "RZ"]),
                 F("dsz", "mod", 75, 77, values=["INVALID0", "F16", "F32", "F64"], reject=[0]),
                 F("ssz", "mod", 84, 86, values=["INVALID0", "F16", "F32", "F64"], reject=[0])],
                "F2F{ftz}{dsz}{ssz}{rnd}")
    # FRND prints one size; the destination size [75,77) must equal it (one
    # record per size).
    return ([ftz, M("rnd", 78, 80, ["", "FLOOR", "CEIL", "TRUNC"]),
             F("ssz", "mod", 84, 86, values=FSZ, reject=[0])],
            "FRND{ftz}{ssz}{rnd}")


for op9, nm in ((0x105, "F2I"), (0x111, "F2I"), (0x104, "F2F"), (0x110, "F2F"),
                (0x107, "FRND"), (0x113, "FRND")):
    for form in CONV_FORMS:
        # The float source size [84,86) decides the select: F16 (1) has
        # `.H1`; F32/F64 print none.
        for wkey, match_w, sel in (("16", [(84, 86, 1)], SEL16), ("", [(85, 86, 1)], None)):
            fb, tb = conv_src(form, sel, True)
            mods, head = float_conv_head(nm)
            sizes = [None] if nm != "FRND" else ([1] if wkey else [2, 3])
            for size in sizes:
                m = opm(op9, form) + (match_w if size is None else [(84, 86, size), (75, 77, size)])
                key = "%s_%s%s%s%s" % (nm, "" if op9 & 0xf0 == 0 else "64_", formkey(form),
                                       "_" + wkey if wkey else "", "" if size is None else "_S%d" % size)
                rec(key, nm, "R,R", m, [D] + fb + mods, "%s {d}, %s ;" % (head, tb), check_probe=True)

# Immediate forms (4) of F2I/F2F/FRND: the immediate is typed by the source
# size [84,86) (probed with nvdisasm 13.5): an f16 in [32,48) (nvdisasm
# ignores [48,64), where the register forms keep the select and negate/abs
# bits), an f32 in [32,64), or an f64's high word in [32,64). No select and
# no negate/abs: their bits are the immediate's.
IMM_BY_SIZE = {1: ("f16", 32, 48), 2: ("f32", 32, 64), 3: ("f64hi", 32, 64)}
for op9, nm in ((0x105, "F2I"), (0x111, "F2I"), (0x104, "F2F"), (0x110, "F2F"),
                (0x107, "FRND"), (0x113, "FRND")):
    for size, (kind, lo, hi) in sorted(IMM_BY_SIZE.items()):
        mods, head = float_conv_head(nm)
        m = [(84, 86, size)] + ([(75, 77, size)] if nm == "FRND" else [])
        key = "%s_%sF4_S%d" % (nm, "" if op9 & 0xf0 == 0 else "64_", size)
        rec(key, nm, "R,I", opm(op9, 4) + m, [D, F("b", kind, lo, hi)] + mods,
            "%s {d}, {b} ;" % head, check_probe=True)

# SGXT
rec("SGXT_F4", "SGXT", "R,R,I", opm(0x01a, 4), [D] + ra()[0] + [F("b", "uimm", 32, 64), M("signed", 73, 74, SIGNED_U32), T("w", 75, ".W")],
    "SGXT{w}{signed} {d}, %s, {b} ;" % ra()[1])

# DADD (C slot) / DFMA
for form in (1, 2, 3, 7):
    _, _, fb, tb = bc_slots(form, (63, 62), (75, 74), imm="f64hi")
    fa, ta = ra(72, 73)
    rec("DADD_" + formkey(form), "DADD", "R,R,C", opm(0x029, form),
        [D] + fa + fb + [M("rnd", 78, 80, ["", "RM", "RP", "RZ"])], "DADD{rnd} {d}, %s, %s ;" % (ta, tb))
for form in (1, 2, 3, 4, 5, 6, 7):
    fb, tb, fc, tc = bc_slots(form, (63, 62), (75, 74), imm="f64hi")
    fa, ta = ra(72, 73)
    rec("DFMA_" + formkey(form), "DFMA", "R,R,B,C", opm(0x02b, form),
        [D] + fa + fb + fc + [M("rnd", 78, 80, ["", "RM", "RP", "RZ"])],
        "DFMA{rnd} {d}, %s, %s, %s ;" % (ta, tb, tc))

# PLOP3
rec("PLOP3_F4", "PLOP3.LUT", "P,P,P,P,P,I,I", [(0, 12, 0x81c)],
    [F("pd", "pred", 81, 84), F("pd2", "pred", 84, 87), T("na", 90, "!"), F("pa", "pred", 87, 90),
     T("nb", 80, "!"), F("pb", "pred", 77, 80), T("nc", 71, "!"), F("upc", "uimm", 67, 68),
     F("pc", "text", 68, 71, values=["P%d" % i for i in range(7)] + ["PT"],
       alt={"field": "upc", "equals": 1, "values": ["UP%d" % i for i in range(7)] + ["UPT"]}),
     F("lut", "uimm", 16, 24), F("lut2", "uimm", [[64, 67], [72, 77]])],
    "PLOP3.LUT {pd}, {pd2}, {na}{pa}, {nb}{pb}, {nc}{pc}, {lut2}, {lut} ;")

# uniform datapath
UPQ0 = ["UP%d" % i for i in range(7)] + ["UPT"] + ["!UP%d" % i for i in range(7)] + ["!UPT"]
UREG = lambda n, lo: F(n, "ureg", lo, lo + 6)
UPRED = lambda n, lo, **kw: F(n, "text", lo, lo + 3, values=["UP%d" % i for i in range(7)] + ["UPT"], **kw)
for x in (0, 1):
    ng = "~" if x else "-"
    fields = [UREG("d", 16), T("a_neg", 72, ng), UREG("a", 24), T("b_neg", 63, ng), UREG("b", 32),
              T("c_neg", 75, ng), UREG("c", 64),
              F("p0", "text", 81, 84, values=["UP%d" % i for i in range(7)] + [""], prefix=", "),
              F("p1", "text", 84, 87, values=["UP%d" % i for i in range(7)] + [""], prefix=", ")]
    t = "UIADD3%s {d}{p0}{p1}, {a_neg}{a}, {b_neg}{b}, {c_neg}{c}" % (".X" if x else "")
    if x:
        fields += [F("ci0", "text", [[87, 90], [90, 91]], values=UPQ0), F("ci1", "text", [[77, 80], [80, 81]], values=UPQ0)]
        t += ", {ci0}, {ci1}"
    rec("UIADD3_F1_X%d" % x, "UIADD3", "UR,UP,UP,UR,UR,UR", opm(0x090 | 0x200, 1, 1) + [(74, 75, x)], fields, t + " ;")
    # The immediate form (0x890): b is a 32-bit immediate (no negation);
    # ptxas writes UIADD3.X URd, URa, imm, URc, UP, !UPT for the high word
    # of a 64-bit uniform value plus a constant. The whole-ISA probe folds
    # bit 74 into its operand tables and prints `?` for every .X operand.
    ifields = [f for f in fields if f["name"] not in ("b_neg", "b")] + [F("b", "simm", 32, 64)]
    ti = t.replace("{b_neg}{b}", "{b}")
    rec("UIADD3_F4_X%d" % x, "UIADD3", "UR,UP,UP,UR,I,UR", opm(0x090, 4, 1) + [(74, 75, x)], ifields, ti + " ;")
# UISETP, the uniform ISETP (opcodes 0x28c, 0x88c with an immediate): .EX
# reads the low words' result as a sixth operand in bits 68..71 (as ISETP's
# pq; nvdisasm prints it only with .EX). The whole-ISA probe keeps the dominant shape, without it: the low
# predicate decoded as absent, which reads as UPT (a silent wrong answer in
# 64-bit uniform compares: cbrt / sinh of a negative uniform double).
UPQ_EX = ["UP%d" % i for i in range(7)] + ["UPT"] + ["!UP%d" % i for i in range(7)] + ["!UPT"]
for form in (1, 4):
    b, sig_b = (UREG("b", 32), "UR") if form == 1 else (F("b", "simm", 32, 64), "I")
    fields = [UPRED("pd", 81), UPRED("pd2", 84), UREG("a", 24), b,
              M("cmp", 76, 79, ISETP_CMP), M("signed", 73, 74, SIGNED_U32), M("bop", 74, 76, BOP),
              T("ex", 72, ".EX"), T("np", 90, "!"), UPRED("pp", 87),
              F("pq", "text", 68, 72, values=UPQ_EX, prefix=", ",
                alt={"field": "ex", "equals": 0, "values": [""] * 16})]
    rec("UISETP_%s" % formkey(form), "UISETP", "UP,UP,UR,%s,UP,UP" % sig_b, opm(0x08c, form, 1),
        fields, "UISETP{cmp}{signed}{bop}{ex} {pd}, {pd2}, {a}, {b}, {np}{pp}{pq} ;", uniform=True)
UPQ = ["UP%d" % i for i in range(7)] + ["UPT"] + ["!UP%d" % i for i in range(7)] + ["!UPT"]
for op9, nm in ((0x0a4, "UIMAD"), (0x0a5, "UIMAD.WIDE")):
    for x in (0, 1):
        fields = [UREG("d", 16), UREG("a", 24), UREG("b", 32), T("c_neg", 75, "~" if x else "-"), UREG("c", 64),
                  M("signed", 73, 74, SIGNED_U32)]
        t = nm + "{signed}%s {d}" % (".X" if x else "")
        if op9 == 0x0a5:
            fields.append(F("p0", "text", 81, 84, values=["UP%d" % i for i in range(7)] + [""], prefix=", "))
            t += "{p0}"
        t += ", {a}, {b}, {c_neg}{c}"
        if x:
            fields.append(F("ci", "text", [[87, 90], [90, 91]], values=UPQ))
            t += ", {ci}"
        rec("%s_F1_X%d" % (nm.replace(".", "_"), x), nm, "UR,UR,UR,UR", opm(0x200 | op9, 1, 1) + [(74, 75, x)],
            fields, t + " ;")
rec("UMOV_F4", "UMOV", "UR,I", opm(0x082, 4, 0), [UREG("d", 16), F("b", "uimm", 32, 64)], "UMOV {d}, {b} ;")
rec("UMOV_F6", "UMOV", "UR,UR", opm(0x082, 6, 1), [UREG("d", 16), UREG("b", 32)], "UMOV {d}, {b} ;")
rec("ULDC_F5", "ULDC", "UR,C", opm(0x0b9, 5, 0),
    [UREG("d", 16), F("b", "cbuf", [[38, 54], [54, 59]]),
     M("size", 73, 76, ["U8", "S8", "U16", "S16", "", "64", "INVALID6", "INVALID7"])],
    "ULDC{size} {d}, {b} ;")
# ULDC URd, c[bank][URa+off]: a bank indexed by a uniform register
rec("ULDC_F5_UR", "ULDC", "UR,C", opm(0x0bb, 5, 1),
    [UREG("d", 16), F("bank", "uimm", 54, 59), UREG("a", 24),
     F("off", "simm", 38, 54, prefix="+", print_as={"0": ""}),
     M("size", 73, 76, ["U8", "S8", "U16", "S16", "", "64", "INVALID6", "INVALID7"])],
    "ULDC{size} {d}, c[{bank}][{a}{off}] ;")

# special registers
rec("S2R", "S2R", "R,SR", [(0, 12, 0x919)], [D, F("sr", "text", 72, 80, values=SR)], "S2R {d}, {sr} ;")
rec("CS2R_32", "CS2R", "R,SR", [(0, 12, 0x805), (80, 81, 1)],
    [D, F("sr", "text", 72, 80, values=SR[:255] + ["SRZ"])], "CS2R {d}, {sr} ;")

# votes and shuffles
rec("VOTE", "VOTE", "R,P,P", [(0, 12, 0x806)],
    [F("d", "reg", 16, 24, print_as={"255": ""}, suffix=", "), M("mode", 72, 74, ["ALL", "ANY", "EQ", "INVALID3"]), F("pd", "pred", 81, 84),
     T("np", 90, "!"), F("pp", "pred", 87, 90)], "VOTE{mode} {d}{pd}, {np}{pp} ;")
# VOTEU's URZ destination is not printed (as VOTE's RZ).
rec("VOTEU", "VOTEU", "UR,UP,P", [(0, 12, 0x886)],
    [F("d", "ureg", 16, 22, print_as={"63": ""}, suffix=", "), M("mode", 72, 74, ["ALL", "ANY", "EQ", "INVALID3"]),
     UPRED("pd", 81), T("np", 90, "!"), F("pp", "pred", 87, 90)], "VOTEU{mode} {d}{pd}, {np}{pp} ;")
SHFL_MODE = ["IDX", "UP", "DOWN", "BFLY"]
for op, lane_reg, c_reg in ((0x389, 1, 1), (0x589, 1, 0), (0x989, 0, 1), (0xf89, 0, 0)):
    fs = [F("pd", "pred", 81, 84), D, regf("a", 24), M("mode", 58, 60, SHFL_MODE)]
    fs.append(regf("lane", 32) if lane_reg else F("lane", "uimm", 53, 58))
    fs.append(regf("c", 64) if c_reg else F("c", "uimm", 40, 53))
    rec("SHFL_%x" % op, "SHFL", "P,R,R,B,C", [(0, 12, op)], fs, "SHFL{mode} {pd}, {d}, {a}, {lane}, {c} ;")

# ULEA (uniform LEA, 0x291 UR,UR,UR / 0x891 UR,imm / 0x491 UR,UR(at
# [64,70)),imm): as LEA on UR registers; the carry out (UP [81,84)) is
# printed unless UPT, .X's carry in ([87,90) + 90) always; `-` (`~` with .X)
# negates a (72) and a register b (63); .HI reads the high word c unless
# .SX32; the 0x491 form exists only with .HI; .SX32 needs .HI.
for opc, bk in ((0x291, "ur"), (0x891, "i"), (0x491, "ur64")):
    for hi in (0, 1):
        for x in (0, 1):
            for sx in (0, 1):
                if (sx and not hi) or (opc == 0x491 and (not hi or sx)):
                    continue
                ng = "~" if x else "-"
                fields = [UREG("d", 16), F("pd", "text", 81, 84, values=["UP%d" % i for i in range(7)] + [""], prefix=", "),
                          T("a_neg", 72, ng), UREG("a", 24), F("sh", "uimm", 75, 80)]
                t = "ULEA%s%s%s {d}{pd}, {a_neg}{a}, " % (".HI" if hi else "", ".X" if x else "", ".SX32" if sx else "")
                if bk == "ur":
                    fields += [T("b_neg", 63, ng), UREG("b", 32)]
                    t += "{b_neg}{b}"
                elif bk == "i":
                    fields.append(F("b", "uimm", 32, 64))
                    t += "{b}"
                else:
                    fields.append(UREG("b", 64))
                    t += "{b}"
                if hi and not sx:
                    fields.append(F("c", "uimm", 32, 64) if bk == "ur64" else UREG("c", 64))
                    t += ", {c}"
                t += ", {sh}"
                if x:
                    fields.append(F("ci", "text", [[87, 90], [90, 91]], values=UPQ))
                    t += ", {ci}"
                rec("ULEA_%x_HI%d_X%d_SX%d" % (opc, hi, x, sx), "ULEA", "UR,UP,UR,B,C,I,UP",
                    [(0, 12, opc), (91, 92, 1), (80, 81, hi), (74, 75, x), (73, 74, sx)], fields, t + " ;", uniform=True)

# control flow
OPTP = lambda: F("cp", "text", [[87, 90], [90, 91]], values=PQ, suffix=", ")
rec("BRA", "BRA", "T", [(0, 12, 0x947)],
    [F("target", "rel", 34, 82), M("u", 32, 34, ["", "U", "DIV", "CONV"]),
     M("incdec", 85, 87, ["", "INC", "DEC", "INVALID3"]), OPTP()],
    "BRA{incdec}{u} {cp}{target} ;")
BREG = lambda n, lo: F(n, "text", lo, lo + 4, values=["B%d" % i for i in range(16)])
rec("BSSY", "BSSY", "P,B,T", [(0, 12, 0x945)], [OPTP(), BREG("b", 16), F("target", "rel", 34, 64)],
    "BSSY {cp}{b}, {target} ;")
rec("BSYNC", "BSYNC", "P,B", [(0, 12, 0x941)], [OPTP(), BREG("b", 16)], "BSYNC {cp}{b} ;")
# Bit 85 changes nothing nvdisasm prints in this class (0x944 is always
# `.REL`; `.ABS` is opcode 0x943): found by assembling `CALL.ABS` texts.
rec("CALL_REL", "CALL.REL", "P,T", [(0, 12, 0x944)],
    [F("target", "rel", 34, 82), M("abs", 85, 86, ["REL", "REL"]), T("noinc", 86, ".NOINC"), OPTP()],
    "CALL{abs}{noinc} {cp}{target} ;")
rec("RET_REL", "RET.REL", "P,R,T", [(0, 12, 0x950), (91, 92, 0), (85, 86, 0)],
    [regf("a", 24), F("target", "rel", 34, 82),
     F("nodec", "text", 86, 87, values=["", ".NODEC"]), OPTP()],
    "RET.REL{nodec} {cp}{a} {target} ;")
# RET.ABS (debug builds' returns): the target is an absolute address in
# 4-byte units, signed, printed as is (nvdisasm: `RET.ABS.NODEC R20 0x4`
# for field 1, `-0x2000000000000` for bit 81).
rec("RET_ABS", "RET.ABS", "P,R,T", [(0, 12, 0x950), (91, 92, 0), (85, 86, 1)],
    [regf("a", 24), F("target", "simm", 34, 82, scale=4),
     F("nodec", "text", 86, 87, values=["", ".NODEC"]), OPTP()],
    "RET.ABS{nodec} {cp}{a} {target} ;")
rec("EXIT", "EXIT", "P", [(0, 12, 0x94d)],
    [F("cp", "text", [[87, 90], [90, 91]], values=PQ, prefix=" "),
     M("kind", 84, 86, ["", "KEEPREFCOUNT", "PREEMPTED", "INVALID3"]), T("noat", 86, ".NO_ATEXIT")],
    "EXIT{kind}{noat}{cp} ;")
rec("YIELD", "YIELD", "P", [(0, 12, 0x946)], [F("cp", "text", [[87, 90], [90, 91]], values=PQ, prefix=" ")],
    "YIELD{cp} ;")
rec("ERRBAR", "ERRBAR", "", [(0, 12, 0x9ab)], [], "ERRBAR ;")
rec("CCTL_IVALL", "CCTL.IVALL", "", [(0, 12, 0x98f), (87, 91, 4)], [], "CCTL.IVALL ;")
rec("MEMBAR", "MEMBAR", "", [(0, 12, 0x992)],
    [M("sem", 79, 81, ["SC", "ALL", "", "INVALID3"]),
     M("scope", 76, 79, ["CTA", "SM", "GPU", "SYS", "INVALID4", "VC", "INVALID6", "INVALID7"]),
     T("mmio", 72, ".MMIO")], "MEMBAR{sem}{scope}{mmio} ;")
# BAR: mode [77,80) (0 SYNC, 1 ARV, 2 RED, 3 SCAN, 4 SYNCALL (immediate form
# only); 5-7 rejected); RED's operation [74,76); RED/SCAN's predicate
# [87,90) + 90 (printed even when PT); .DEFER_BLOCKING (80) with SYNC, RED
# and SYNCALL only.  Operand forms by opcode: 0xb1d id [54,58) and thread
# count [42,54) immediates; 0x51d id in Ra [32,40), count immediate; 0x91d
# id immediate, count in Ra; 0x31d both in Ra (printed twice).  An
# immediate count of 0 (the whole CTA) is not printed for SYNC and RED.
BAR_ID = {0xb1d: F("id", "uimm", 54, 58), 0x51d: regf("id", 32), 0x91d: F("id", "uimm", 54, 58),
          0x31d: regf("id", 32)}
BAR_PRED = lambda: F("p", "text", [[87, 90], [90, 91]], values=PQ[:7] + ["PT"] + PQ[8:])
for opc, form in ((0xb1d, "I"), (0x51d, "R"), (0x91d, "IR"), (0x31d, "RR")):
    count_reg = opc in (0x91d, 0x31d)
    for mode, nm in enumerate(("SYNC", "ARV", "RED", "SCAN", "SYNCALL")):
        if nm == "SYNCALL" and opc != 0xb1d:
            continue
        fields = [BAR_ID[opc]]
        if opc == 0x91d:
            fields.append(regf("count", 32))
        elif opc == 0xb1d or opc == 0x51d:
            hide = {"0": ""} if nm in ("SYNC", "RED") else {}
            fields.append(F("count", "uimm", 42, 54, print_as=hide, prefix=", "))
        if opc == 0x31d:
            ops = "{id}, {id}"
        elif opc == 0x91d:
            ops = "{id}, {count}"
        else:
            ops = "{id}{count}"
        mods = ""
        if nm in ("SYNC", "RED", "SYNCALL"):
            fields.append(T("defer", 80, ".DEFER_BLOCKING"))
        if nm == "RED":
            fields.append(M("redop", 74, 76, ["POPC", "AND", "OR", "INVALID3"]))
            mods = "{redop}"
        if nm in ("RED", "SCAN"):
            fields.append(BAR_PRED())
            ops += ", {p}"
        if nm in ("SYNC", "RED", "SYNCALL"):
            mods += "{defer}"
        match = [(0, 12, opc), (77, 80, mode)]
        if nm == "SYNCALL":
            fields = [T("defer", 80, ".DEFER_BLOCKING")]
            rec("BAR_SYNCALL", "BAR.SYNCALL", "", match, fields, "BAR.SYNCALL{defer} ;")
            continue
        rec("BAR_%s_%s" % (nm, form), "BAR." + nm, form, match, fields, "BAR.%s%s %s ;" % (nm, mods, ops))

# B2R (0x31c): mode [78,80): 0 the barrier's arrival count (id [54,58)),
# 1 .RESULT (the last BAR.RED's result; Pd [81,84) printed unless PT),
# 2 .WARP; 3 rejected.
rec("B2R_BAR", "B2R", "R,I", [(0, 12, 0x31c), (78, 80, 0)], [D, F("id", "uimm", 54, 58)], "B2R {d}, {id} ;")
rec("B2R_RESULT", "B2R.RESULT", "R,P", [(0, 12, 0x31c), (78, 80, 1)],
    [D, F("pd", "pred", 81, 84, print_as={"7": ""}, prefix=", ")], "B2R.RESULT {d}{pd} ;")
rec("B2R_WARP", "B2R.WARP", "R", [(0, 12, 0x31c), (78, 80, 2)], [D], "B2R.WARP {d} ;")

# BPT (0x95c): mode [84,87) (2 PAUSE, 3 TRAP, ...: the whole-ISA table's
# names), code [34,37) printed unless 0.
rec("BPT", "BPT", "I", [(0, 12, 0x95c)],
    [F("mode", "mod", 84, 87, values=["", "", "PAUSE", "TRAP", "INT", "DRAIN", "PAUSE_QUIET", ""], reject=[0, 1, 7]),
     F("code", "uimm", 34, 37, print_as={"0": ""}, prefix=" ")],
    "BPT{mode}{code} ;")
# CALL.ABS through a register (0x343, ptxas's calls of driver functions such
# as vprintf): the byte offset [34,82) x 4, signed, printed unless 0.
rec("CALL_ABS_R", "CALL.ABS", "P,R,I", [(0, 12, 0x343)],
    [OPTP(), regf("a", 24), T("noinc", 86, ".NOINC"),
     F("off", "simm", 34, 82, scale=4, print_as={"0": ""}, prefix=" ")],
    "CALL.ABS{noinc} {cp}{a}{off} ;")
BMOV_NAMES = ["B%d" % i for i in range(16)] + ["THREAD_STATE_ENUM.%d" % i for i in range(5)] + [
    "TRAP_RETURN_PC.LO", "TRAP_RETURN_PC.HI", "TRAP_RETURN_MASK", "MEXITED", "MKILL", "MACTIVE", "MATEXIT",
    "OPT_STACK", "API_CALL_DEPTH", "ATEXIT_PC.LO", "ATEXIT_PC.HI"]
BMOVR = lambda: F("b", "text", 24, 32, values=BMOV_NAMES + ["???%d" % i for i in range(32, 256)])
rec("BMOV_CLEAR", "BMOV.32.CLEAR", "R,B", [(0, 12, 0x355), (84, 85, 1)],
    [D, dict(BMOVR(), reject=list(range(32, 256)))],
    "BMOV.32.CLEAR {d}, {b} ;")
rec("BMOV_32", "BMOV.32", "B,R", [(0, 12, 0x356)], [BMOVR(), regf("a", 32)],
    "BMOV.32 {b}, {a} ;")
# B register from B register or special state (0xf55): the source is 5 bits,
# [24, 29), as in 0x355 (16 and up: the special registers); bit 84 prints
# `.CLEAR`. nvdisasm accepts bit 28 only without bit 84 (`BMOV.32 B1,
# API_CALL_DEPTH`) and bit 84 only without bit 28 (`BMOV.32.CLEAR B1, B13`):
# check_probe keeps the whole-ISA record's rejects of those bits. That record
# read bit 28 as a modifier alone, so `BMOV.32 B1, B13` listed a word nvdisasm
# prints `BMOV.32 B1, API_CALL_DEPTH` (found by assembling it).
rec("BMOV_BB", "BMOV", "B,B", [(0, 12, 0xf55), (91, 92, 0)],
    [BREG("d", 16), F("b", "text", 24, 29, values=BMOV_NAMES), M("clear", 84, 85, ["32", "32.CLEAR"])],
    "BMOV{clear} {d}, {b} ;", check_probe=True)

# memory: loads/stores
SIZE = ["U8", "S8", "U16", "S16", "", "64", "128", "INVALID7"]
SCOPE = ["CTA", "SM", "GPU", "SYS"]
ORDER = ["INVALID0", "", "STRONG", "MMIO"]
EVICT = ["EF", "", "EL", "LU", "EU", "NA", "INVALID6", "INVALID7"]
GSIZE = SIZE[:7] + ["U.128"]
MEMO = [M("size", 73, 76, GSIZE), M("scope", 77, 79, SCOPE), M("order", 79, 81, ORDER), M("eviction", 84, 87, EVICT),
        T("private", 76, ".PRIVATE")]
LD_ORDER = ["CONSTANT", "", "STRONG", "MMIO"]
# generic LD prints its predicate only with .ZD
PDZ_LD = lambda: F("pd", "text", 81, 84, values=[""] * 8, suffix=", ",
                   alt={"field": "zd", "equals": 1, "values": ["P%d" % i for i in range(7)] + ["PT"]})
# (unused) predicate stored as 7 - index
PDZ_INV = lambda: F("pd", "text", 81, 84, values=[""] + ["P%d" % (7 - i) for i in range(1, 8)], suffix=", ",
                    alt={"field": "zd", "equals": 1, "values": ["PT"] + ["P%d" % (7 - i) for i in range(1, 8)]})
PDZ = lambda: F("pd", "text", 81, 84, values=["P%d" % i for i in range(7)] + [""], suffix=", ",
                alt={"field": "zd", "equals": 1, "values": ["P%d" % i for i in range(7)] + ["PT"]})
def glob_addr(ur, ur_lo=64, asize=70):
    """(fields, address text) of a global/generic address, with or without [R+UR]."""
    if ur:
        fs = [regf("a", 24), F("asize", "mod", asize, asize + 1, values=["U32", "64"]), UREG("ua", ur_lo),
              F("off", "simm", 40, 64),
              F("E", "mod", [[72, 73], [asize, asize + 1]], values=["", "E", "???0", "E"],
                alt={"field": "a", "equals": 255, "values": ["", "E", "", "E"]})]
        return fs, "[{@addr:a:asize:ua:off}]"
    return [regf("a", 24), F("off", "simm", 40, 64), T("E", 72, ".E")], "[{@addr:a:-:-:off}]"
for op, nm, st in ((0x381, "LDG", 0), (0x386, "STG", 1), (0x380, "LD", 0), (0x385, "ST", 1)):
    for ur in (0, 1):
        fa, ta = glob_addr(ur, 64 if st else 32, 90)
        # generic LD/ST without UR: a 32-bit offset at [32, 64); LD is 0x980
        # with bit 91 clear (nvdisasm rejects 0x380)
        if nm in ("LD", "ST") and not ur:
            fa = [dict(f, bits=[[32, 64]]) if f["name"] == "off" else f for f in fa]
        opc = 0x980 if nm == "LD" else op + (0x600 if ur else 0)
        # stores: data at [32,40), but generic ST without UR puts it at [64,72)
        data = regf("b", 64 if (nm == "ST" and not ur) else 32) if st else D
        mo = [dict(f, values=LD_ORDER) if f["name"] == "order" and not st else f for f in MEMO]
        if st:
            t = "%s{E}{eviction}{size}{order}{scope}{private} %s, {b} ;" % (nm, ta)
        else:
            mo += [T("zd", 87, ".ZD"), PDZ() if nm == "LDG" else PDZ_LD(),
                   M("ltc", 68, 70, ["", "LTC64B", "LTC128B", "INVALID3"])]
            t = "%s{E}{eviction}{ltc}{size}{order}{scope}{private}{zd} {pd}{d}, %s" % (nm, ta)
            if True:
                # predicate stored as 7 - index, bit 67 = not negated
                PZ = [""] + ["P%d" % (7 - i) for i in range(1, 8)] + ["!PT"] + ["!P%d" % (7 - i) for i in range(1, 8)]
                mo.append(F("pz", "text", 64, 68, values=PZ, prefix=", "))
                t += "{pz}"
            t += " ;"
        rec("%s_UR%d" % (nm, ur), nm, "R,[R]", [(0, 12, opc), (91, 92, ur)],
            [data] + fa + mo, t)
for op, nm, st in ((0x983, "LDL", 0), (0x387, "STL", 1), (0x984, "LDS", 0), (0x388, "STS", 1)):
    data = regf("b", 32) if st else D
    fs = [data, regf("a", 24), F("off", "simm", 40, 64), M("size", 73, 76, SIZE)]
    t = nm
    if nm in ("LDL", "STL"):
        fs.append(M("eviction", 84, 87, EVICT))
        t += "{eviction}"
    else:
        fs += [T("u", 76, ".U"), M("scale", 78, 80, ["", "X4", "X8", "X16"])]
        t += "{u}" if nm == "LDS" else ""
    if nm == "LDS":
        fs = [dict(f, reject=[7]) if f["name"] == "size" else f for f in fs]
        fs += [T("zd", 87, ".ZD"), PDZ_LD()]
        t += "{size}{zd} {pd}"
    else:
        t += "{size} "
    addr = "[{@addr:a:scale:-:off}]" if nm in ("LDS", "STS") else "[{@addr:a:-:-:off}]"
    t += ("%s, {b} ;" % addr) if st else ("{d}, %s ;" % addr)
    rec(nm, nm, "[R]", [(0, 12, op), (91, 92, 0)], fs, t)
    # [R+UR]: loads read UR from [32, 38), stores (data at [32, 40)) from [64, 70)
    fs2 = fs + [UREG("ua", 64 if st else 32)]
    rec(nm + "_UR", nm, "[R+UR]", [(0, 12, op + (0x600 if st else 0)), (91, 92, 1)], fs2,
        t.replace(":-:off}]", ":ua:off}]"))

# atomics: RED / ATOM (generic) / ATOMS
ATYPE = ["", "S32", "64", "F32.FTZ.RN", "F16x2.RN", "S64", "F64.RN", "INVALID7"]
AOP = ["ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR", "EXCH", "SAFEADD"] + ["INVALID%d" % i for i in range(10, 16)]
AMODS = [M("type", 73, 76, ATYPE), M("scope", 77, 79, SCOPE), M("order", 79, 81, ["INVALID0", "", "STRONG", "INVALID3"]),
         M("eviction", 84, 87, EVICT), T("private", 76, ".PRIVATE")]
for ur in (0, 1):
    fa, ta = glob_addr(ur, 64, 90)
    rec("RED_UR%d" % ur, "RED", "[R],R", [(0, 12, 0x98e), (91, 92, ur)],
        fa + [regf("b", 32), M("op", 87, 90, AOP[:8])] + AMODS,
        "RED{E}{op}{eviction}{type}{order}{scope}{private} %s, {b} ;" % ta)
    fa, ta = glob_addr(ur)
    rec("ATOM_UR%d" % ur, "ATOM", "P,R,[R],R", [(0, 12, 0x98a if ur else 0x38a), (91, 92, ur)],
        [F("pd", "pred", 81, 84), D] + fa + [regf("b", 32), M("op", 87, 91, AOP[:9] + ["INVALID9"] + AOP[10:])] + AMODS,
        "ATOM{E}{op}{eviction}{type}{order}{scope}{private} {pd}, {d}, %s, {b} ;" % ta)
fa, ta = glob_addr(0)
rec("ATOM_CAS", "ATOM.CAS", "P,R,[R],R,R", [(0, 12, 0x38b)],
    [F("pd", "pred", 81, 84), D] + fa + [regf("b", 32), regf("c", 64)] + AMODS,
    "ATOM{E}.CAS{eviction}{type}{order}{scope}{private} {pd}, {d}, %s, {b}, {c} ;" % ta)
STYPE = ["", "S32", "64", "INVALID3", "INVALID4", "S64", "INVALID6", "INVALID7"]
# ATOMS and ATOMS.CAS: the type is 2 bits (nvdisasm 13.5 ignores bit 75 and
# prints `.S32` where the 3-bit table said `.S64`) and operation 9 is
# INVALID9, not SAFEADD, as in the UR form; found by assembling the writer's
# words and listing them with nvdisasm.
rec("ATOMS", "ATOMS", "R,[R],R", [(0, 12, 0x38c)],
    [D, regf("a", 24), F("off", "simm", 40, 64), regf("b", 32),
     M("op", 87, 91, AOP[:9] + ["INVALID9"] + AOP[10:]), M("type", 73, 75, STYPE[:3] + ["INVALID3"]),
     M("scale", 78, 80, ["", "X4", "X8", "X16"])],
    "ATOMS{op}{type} {d}, [{@addr:a:scale:-:off}], {b} ;")
rec("ATOMS_UR", "ATOMS", "R,[R+UR],R", [(0, 12, 0x98c), (91, 92, 1)],
    [D, regf("a", 24), UREG("ua", 64), F("off", "simm", 40, 64), regf("b", 32),
     M("op", 87, 91, AOP[:9] + ["INVALID9"] + AOP[10:]),
     M("type", 73, 75, STYPE[:3] + ["INVALID3"]), M("scale", 78, 80, ["", "X4", "X8", "X16"])],
    "ATOMS{op}{type} {d}, [{@addr:a:scale:ua:off}], {b} ;")
rec("ATOMS_CAS", "ATOMS.CAS", "R,[R],R,R", [(0, 12, 0x38d)],
    [D, regf("a", 24), F("off", "simm", 40, 64), regf("b", 32), regf("c", 64),
     M("cas", 87, 89, ["CAS", "CAST", "INVALID2", "CAST.SPIN"]), M("type", 73, 75, STYPE[:3] + ["INVALID3"]),
     M("scale", 78, 80, ["", "X4", "X8", "X16"])],
    "ATOMS{cas}{type} {d}, [{@addr:a:scale:-:off}], {b}, {c} ;")

# constant loads with a register index: LDC Rd, c[bank][Ra+off] (signed offset;
# RZ prints the offset alone); mode [78, 80) IL / IS / ISL
rec("LDC", "LDC", "R,C", [(0, 12, 0xb82), (91, 92, 0)],
    [D, regf("a", 24), F("off", "simm", 38, 54), F("bank", "uimm", 54, 59),
     M("size", 73, 76, ["U8", "S8", "U16", "S16", "", "64", "INVALID6", "INVALID7"]),
     M("mode", 78, 80, ["", "IL", "IS", "ISL"])],
    "LDC{size}{mode} {d}, c[{bank}][{@addr:a:-:-:off}] ;")

# surfaces (bindless .D forms with the descriptor in c[imm1][imm2 * 4]) and QSPC
SUDIM = ["1D", "1D_BUFFER", "1D_ARRAY", "2D", "2D_ARRAY", "3D", "INVALID6", "INVALID7"]
SUCLAMP = ["IGN", "", "TRAP", "INVALID3"]
SUMODS = [M("BA", 72, 73, ["", "BA"]), M("dim", 61, 64, SUDIM), M("clamp", 59, 61, SUCLAMP),
          M("scope", 77, 79, SCOPE), M("order", 79, 81, ["INVALID0", "", "STRONG", "INVALID3"]),
          M("eviction", 84, 87, EVICT), T("private", 76, ".PRIVATE"),
          F("i1", "uimm", 54, 59), F("i2", "uimm", 40, 54)]
rec("SURED_D_I_I", "SURED.D", "[R],R,I,I", [(0, 12, 0x59f), (91, 92, 0)],
    [dict(regf("a", 24), reject=[255]), regf("b", 32), M("op", 87, 90, AOP[:8]), M("type", 73, 76, ["", "S32", "U64", "F32.FTZ.RN", "F16x2.RN", "S64", "SD32", "SD64"])] + SUMODS,
    "SURED.D{BA}{dim}{op}{eviction}{type}{order}{scope}{private}{clamp} [{a}], {b}, {i1}, {i2} ;")
rec("SULD_D_I_I", "SULD.D", "P,R,[R],I,I", [(0, 12, 0xb99), (91, 92, 0)],
    [D, dict(regf("a", 24), reject=[255]), M("size", 73, 76, SIZE), F("pd", "pred", 81, 84, print_as={"7": ""}, suffix=", ")] +
    [dict(f, values=["INVALID0", "", "STRONG", "MMIO"]) if f["name"] == "order" else f for f in SUMODS],
    "SULD.D{BA}{dim}{eviction}{size}{order}{scope}{private}{clamp} {pd}{d}, [{a}], {i1}, {i2} ;")
rec("SUST_D_I_I", "SUST.D", "[R],R,I,I", [(0, 12, 0xb9d), (91, 92, 0)],
    [dict(regf("a", 24), reject=[255]), regf("b", 32), M("size", 73, 76, SIZE)] +
    [dict(f, values=["INVALID0", "", "STRONG", "MMIO"]) if f["name"] == "order" else f for f in SUMODS],
    "SUST.D{BA}{dim}{eviction}{size}{order}{scope}{private}{clamp} [{a}], {b}, {i1}, {i2} ;")
# the same with the 32-bit handle in a register ([64, 72)): ptxas's form when the
# handle is not a kernel parameter
rec("SURED_D_R", "SURED.D", "[R],R,R", [(0, 12, 0x3a0), (91, 92, 0)],
    [dict(regf("a", 24), reject=[255]), regf("b", 32), dict(regf("c", 64), reject=[255]), M("op", 87, 90, AOP[:8]), M("type", 73, 76, ["", "S32", "U64", "F32.FTZ.RN", "F16x2.RN", "S64", "SD32", "SD64"])] + SUMODS[:-2],
    "SURED.D{BA}{dim}{op}{eviction}{type}{order}{scope}{private}{clamp} [{a}], {b}, {c} ;")
rec("SULD_D_R", "SULD.D", "P,R,[R],R", [(0, 12, 0x99a), (91, 92, 0)],
    [D, dict(regf("a", 24), reject=[255]), dict(regf("c", 64), reject=[255]), M("size", 73, 76, SIZE), F("pd", "pred", 81, 84, print_as={"7": ""}, suffix=", ")] +
    [dict(f, values=["INVALID0", "", "STRONG", "MMIO"]) if f["name"] == "order" else f for f in SUMODS[:-2]],
    "SULD.D{BA}{dim}{eviction}{size}{order}{scope}{private}{clamp} {pd}{d}, [{a}], {c} ;")
rec("SUST_D_R", "SUST.D", "[R],R,R", [(0, 12, 0x99e), (91, 92, 0)],
    [dict(regf("a", 24), reject=[255]), regf("b", 32), dict(regf("c", 64), reject=[255]), M("size", 73, 76, SIZE)] +
    [dict(f, values=["INVALID0", "", "STRONG", "MMIO"]) if f["name"] == "order" else f for f in SUMODS[:-2]],
    "SUST.D{BA}{dim}{eviction}{size}{order}{scope}{private}{clamp} [{a}], {b}, {c} ;")
fa, ta = glob_addr(0)
rec("QSPC_UR0", "QSPC", "P,R,[R]", [(0, 12, 0x3aa), (91, 92, 0)],
    [F("pd", "pred", 81, 84), D] + fa + [M("space", 73, 75, ["G", "L", "S", "INVALID3"])],
    "QSPC{E}{space} {pd}, {d}, %s ;" % ta)
fa, ta = glob_addr(1, 32, 90)
rec("QSPC_UR1", "QSPC", "P,R,[R]", [(0, 12, 0x9aa), (91, 92, 1)],
    [F("pd", "pred", 81, 84), D] + fa + [M("space", 73, 75, ["G", "L", "S", "INVALID3"])],
    "QSPC{E}{space} {pd}, {d}, %s ;" % ta)

# IMMA (0x237) / BMMA (0x23d): the layouts are A's bit 73 (.ROW, else
# .???1) and B's bit 74 (.COL, else .???0); the prober's table gives the
# modifier group (shape, types, .SAT / .XOR.POPC) but misplaces the layout
# bits, so its modifier field is taken over here with the operands written
# out.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "isa.json")) as f_:
    for r_ in json.load(f_)["instructions"]:
        if r_["mnemonic"] not in ("IMMA", "BMMA"):
            continue
        mods_ = [fd for fd in r_["fields"] if fd["name"] == "mods"]
        match_ = [(m["lo"], m["hi"], m["value"]) for m in r_["match"]]
        fields_ = mods_ + [D, regf("a", 24), reuse("a_reuse", 122), F("alay", "text", 73, 74, values=[".ROW", ".???1"]),
                           regf("b", 32), F("blay", "text", 74, 75, values=[".???0", ".COL"]),
                           regf("c", 64), reuse("c_reuse", 124)]
        rec(r_["key"] + "_LAYOUT", r_["mnemonic"], "R,R,R,R", match_, fields_,
            r_["mnemonic"] + "{mods} {d}, {a}{a_reuse}{alay}, {b}{blay}, {c}{c_reuse} ;")

# `.reuse` only where nvdisasm prints it: the prober's table (isa.json) says,
# per class (opcode, bit 91), which reuse bits change an operand's text; a
# flag on any other operand is accepted by nvdisasm and printed as nothing.
HERE_ = os.path.dirname(os.path.abspath(__file__))
if os.path.exists(os.path.join(HERE_, "isa.json")):
    with open(os.path.join(HERE_, "isa.json")) as f_:
        isa_ = json.load(f_)
    printed_ = {}
    for r_ in isa_["instructions"]:
        key_ = (r_["match"][0]["value"], r_["match"][1]["value"])
        s_ = printed_.setdefault(key_, set())
        for fd_ in r_["fields"]:
            if any(".reuse" in v for v in fd_.get("values", [])):
                s_ |= {b for lo, hi in fd_["bits"] for b in range(lo, hi) if 122 <= b < 126}
        # (flags that print only under other modifiers: LEA.HI.X's C)
        s_ |= set(r_.get("reuse_shown", []))
    for r_ in RECS:
        m_ = {(m["lo"], m["hi"]): m["value"] for m in r_["match"]}
        key_ = (m_.get((0, 12)), m_.get((91, 92), 0))
        if key_ not in printed_:
            continue
        for fd_ in r_["fields"]:
            if fd_["name"].endswith("_reuse") and fd_["bits"][0][0] not in printed_[key_]:
                fd_["values"] = [""] * len(fd_["values"])

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ops.json"), "w") as f:
    json.dump({"format": "xisa-sm75-rules/1",
               "generated_by": "translation-rules/sm75/gen_ops.py",
               "source": "nvdisasm -b SM75 13.5 experiments; notes/sm75.md",
               "instructions": RECS}, f, indent=1)
    f.write("\n")
print(len(RECS), "records")
