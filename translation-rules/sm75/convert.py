#!/usr/bin/env python3
"""Convert the sm_75 seed encoding tables into xisa rules data (JSON).

    python3 translation-rules/sm75/convert.py [SEED_DIR] [OUT_DIR]

Defaults: SEED_DIR = ../shared/seeds (next to the repository), OUT_DIR = this
folder.  Writes atomg.json (seed 000) and suatom.json (seed 002).  The output
is deterministic; CI can regenerate and `git diff --exit-code`.

Everything positional comes from the seed tables: opcode and fixed bits, every
field's bit range, every modifier group's value table (INVALIDn included).
The seed ambiguities are resolved by the rules below (documented in
docs/sm75.md).  Where the real `nvdisasm -b SM75` (13.5) disagrees with the
seed, an explicit entry in CORRECTIONS below says what changes and why; each
is listed in the output record's "corrections" so nothing is silent.  The
print templates (nvdisasm syntax) are not in the seeds: TEMPLATES below gives
them, written from the distilled examples and confirmed against nvdisasm.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seedparse import parse_file  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

SEEDS = {
    "atomg.json": "000_916bd7a76f977f70.txt",
    "suatom.json": "002_6d1e6b978bfb4d9c.txt",
}

CONTROL = {
    "stall": "stall",
    "y": "yield",
    "r-bar": "rd_bar",
    "w-bar": "wr_bar",
    "b-mask": "wait_mask",
    "reuse": "reuse",
}

# Role of each modifier group, by family and group number (the seeds number
# the groups but do not name them; the names are for the lifter).
ROLES = {
    "ATOMG": {1: "type", 2: "scope", 3: "order", 4: "eviction", 5: "op"},
    "SUATOM": {1: "clamp", 2: "dim", 3: "type", 4: "sem", 5: "eviction", 6: "op"},
}

# Print templates, nvdisasm syntax.  {name} = a field; {@addr:BASE:SIZE:UR:IMM}
# = the inside of a memory operand by nvdisasm's rules (fields or "-"): base
# register (dropped when RZ and something else is printed), ".SIZE", "+UR",
# offset "+0x.."/"+-0x.." (omitted when 0; unsigned when it stands alone).  Modifier
# fields print ".VALUE" or nothing.  The guard is printed by the decoder.
TEMPLATES = {
    ("ATOMG", "P,R,[R],R"): "ATOMG{E}{op}{eviction}{type}{order}{scope}{PRIVATE} {op0}, {op1}, [{@addr:op2:-:-:-}], {op3} ;",
    ("ATOMG", "P,R,[R+I],R"): "ATOMG{E}{op}{eviction}{type}{order}{scope}{PRIVATE} {op0}, {op1}, [{@addr:op2:-:-:op3}], {op4} ;",
    ("ATOMG", "P,R,[R+UR],R"): "ATOMG{E}{op}{eviction}{type}{order}{scope}{PRIVATE} {op0}, {op1}, [{@addr:op2:asize:op3:-}], {op4} ;",
    ("ATOMG", "P,R,[R+UR+I],R"): "ATOMG{E}{op}{eviction}{type}{order}{scope}{PRIVATE} {op0}, {op1}, [{@addr:op2:asize:op3:op4}], {op5} ;",
    ("ATOMG.CAS", "P,R,[R],R,R"): "ATOMG{E}.CAS{eviction}{type}{order}{scope}{PRIVATE} {op0}, {op1}, [{@addr:op2:-:-:-}], {op3}, {op4} ;",
    ("ATOMG.CAS", "P,R,[R+I],R,R"): "ATOMG{E}.CAS{eviction}{type}{order}{scope}{PRIVATE} {op0}, {op1}, [{@addr:op2:-:-:op3}], {op4}, {op5} ;",
}
SUATOM_MODS = "{BA}{dim}%s{eviction}{type}{order}{scope}{PRIVATE}{clamp}"


def suatom_template(mnem, sig):
    ops = [s.strip() for s in sig.split(",")]
    cas = mnem.endswith(".CAS")
    mods = SUATOM_MODS % (".CAS" if cas else "{op}")
    out = []
    for i, o in enumerate(ops):
        out.append(f"[{{op{i}}}]" if o.startswith("[") else f"{{op{i}}}")
    return "SUATOM.D" + mods + " " + ", ".join(out) + " ;"


# Corrections where nvdisasm 13.5 disagrees with the seed tables.  Keyed by
# (mnemonic, signature); "*" matches every variant of the family.
CORRECTIONS = [
    {
        "family": "ATOMG", "when": lambda m, s: "UR" in s,
        "what": "UR operand is 6 bits [64,70); bit 70 is the address size (.U32/.64) and, "
                "with E, forms a 2-bit group printed E / ???0",
        "apply": "atomg_ur",
    },
    {
        "family": "ATOMG", "when": lambda m, s: True,
        "what": "seed fixed-zero bits nvdisasm ignores (no effect on the text): [64,72) where no "
                "operand lives there, bit 71 in the UR forms, [92,105) and [126,128)",
        "apply": "atomg_ignored",
    },
    {
        "family": "ATOMG", "when": lambda m, s: True,
        "what": "address printing (nvdisasm): with base RZ the base is dropped ([0x..], [UR5+-0x10]); "
                "then bit 70 no longer prints ???0",
        "apply": "atomg_rz",
    },
    {
        "family": "ATOMG", "when": lambda m, s: m.endswith(".CAS"),
        "what": "CAS: seed fixed-zero bits [87,91) (the op field of ATOMG) are ignored by nvdisasm; "
                "compare register RZ prints as ???255",
        "apply": "cas",
    },
    {
        "family": "SUATOM", "when": lambda m, s: m.endswith(".CAS"),
        "what": "CAS: seed fixed-zero bits [87,91) (the op field of SUATOM.D) are ignored by nvdisasm",
        "apply": "cas",
    },
    {
        "family": "SUATOM", "when": lambda m, s: True,
        "what": "group 4 (bits 77..80, seed values CONSTANT.PRIVATE ...) is printed by nvdisasm as two "
                "groups, scope [77,79) {CTA,SM,GPU,SYS} and order [79,81) {INVALID0,-,STRONG,INVALID3} "
                "(the ATOMG groups 2 and 3), and the seed's fixed-zero bit 76 is the PRIVATE flag",
        "apply": "suatom_sem",
    },
    {
        "family": "SUATOM", "when": lambda m, s: s.count("INT_IMM") == 2,
        "what": "immediates: the seed interleaves bits 53/54; nvdisasm reads op(imm2) = [40,54), "
                "op(imm1) = [54,59)",
        "apply": "suatom_imm2",
    },
    {
        "family": "SUATOM", "when": lambda m, s: s.count("INT_IMM") == 3,
        "what": "immediates: the seed interleaves bits 45/46 and 53; nvdisasm reads imm2 = [40,46), "
                "imm3 = [46,54), imm1 = [54,59)",
        "apply": "suatom_imm3",
    },
    {
        "family": "SUATOM", "when": lambda m, s: True,
        "what": "nvdisasm rejects RZ (255) as the surface address register and prints RZ as the "
                "surface register of the register forms as ???255; seed fixed-zero bits "
                "nvdisasm ignores: [64,72) (immediate forms), [40,59) (register forms), [92,105), [126,128)",
        "apply": "suatom_misc",
    },
]


def family_of(mnem):
    return mnem.split(".")[0]


def build_segments(cells):
    """Group bits into runs: [(name, [bits]), ...] in bit order.

    Constants become ("=0"/"=1", [bit]).  A bit the header lost (None) is a
    constant 0 when a neighbouring cell is a constant, else it continues the
    field before it (seed note: header rows that start at bit 1).
    """
    cur = None
    out = []
    lost = []
    for b in range(128):
        c = cells.get(b)
        if c is None:
            prev_c = cells.get(b - 1)
            next_c = cells.get(b + 1)
            if b == 0 or prev_c in ("0", "1") or next_c in ("0", "1"):
                c = "0"
            else:
                c = ""
            lost.append({"bit": b, "as": "constant 0" if c == "0" else "continues previous field"})
        if c in ("0", "1"):
            out.append(("=" + c, [b]))
            cur = None
        elif c == "":
            if cur is None:
                raise ValueError(f"bit {b}: empty cell with no field before it")
            cur[1].append(b)
        else:
            cur = (c, [b])
            out.append(cur)
    # merge fragments of the same name (split fields)
    fields = {}
    order = []
    consts = []
    for name, bits in out:
        if name.startswith("="):
            consts.append((bits[0], int(name[1])))
            continue
        if name in fields and not name.startswith("modi"):
            fields[name].extend(bits)
        else:
            key = name if name not in fields else f"{name}#{len(order)}"
            fields[key] = list(bits)
            order.append(key)
    return [(k, fields[k]) for k in order], consts, lost


def ranges(bits):
    """[b0, b1, ...] (value bit order) -> [[lo, hi), ...] runs."""
    out = []
    for b in bits:
        if out and out[-1][1] == b:
            out[-1][1] = b + 1
        else:
            out.append([b, b + 1])
    return out


def const_ranges(consts):
    out = []
    for b, v in sorted(consts):
        if out and out[-1]["hi"] == b:
            out[-1]["hi"] = b + 1
            out[-1]["value"] |= v << (b - out[-1]["lo"])
        else:
            out.append({"lo": b, "hi": b + 1, "value": v})
    return out


def operand_kinds(sig):
    """Operand kinds in print order from the signature."""
    toks = re.findall(r"\[|\]|\+|[A-Z_]+", sig.replace(" ", ""))
    kinds = []
    for t in toks:
        if t in ("[", "]", "+"):
            continue
        kinds.append({"P": "pred", "R": "reg", "UR": "ureg", "I": "simm", "INT_IMM": "uimm"}[t])
    return kinds


def table_values(tab, width):
    vals = [None] * (1 << width)
    for binary, name in tab:
        if len(binary) != width:
            raise ValueError(f"table row {binary} has width {len(binary)}, field {width}")
        name = name.strip()
        if name.endswith("."):
            name = name[:-1]
        if name == "(default)":
            name = ""
        vals[int(binary, 2)] = name
    if any(v is None for v in vals):
        raise ValueError("incomplete table")
    return vals


def convert_family(path, fname):
    raw, orphans = parse_file(path)
    recs = []
    seen = {}
    for v in raw:
        segs, consts, lost = build_segments(v["cells"])
        fam = family_of(v["mnemonic"])
        notes = []
        if lost:
            notes.append({"lost_header_bits": lost})
        ident = (v["mnemonic"], v["signature"], json.dumps(segs), json.dumps(consts),
                 json.dumps(v["tables"], sort_keys=True))
        if ident in seen:
            # (c) the same variant listed twice: keep one record, note both lines
            seen[ident]["seed_lines"].append(v["line"])
            continue
        rec = {"raw": v, "segs": segs, "consts": consts, "notes": notes, "fam": fam,
               "seed_lines": [v["line"]]}
        seen[ident] = rec
        recs.append(rec)

    # (a) modifier fields -> groups, by order and width
    for r in recs:
        modi = [(n, bits) for n, bits in r["segs"] if n.startswith("modi")]
        ngroups = max([int(n.split()[1].split("#")[0]) for n, _ in modi] + [0])
        listed = r["raw"]["tables"]
        groups = sorted(set(list(listed.keys()) + list(range(1, len(modi) + 1))))
        if len(groups) != len(modi):
            raise ValueError(f"{r['raw']['key']}: {len(modi)} modifier fields, groups {groups}")
        assign = []
        for (n, bits), g in zip(modi, groups):
            label = int(n.split()[1].split("#")[0])
            assign.append((n, bits, g))
            if label != g:
                r["notes"].append({"modi_label": n.split("#")[0], "bits": ranges(bits), "group": g,
                                   "why": "label does not follow the group number; assigned by order and width"})
        r["assign"] = assign
        r["ngroups_labelled"] = ngroups

    # (b) missing tables: from a sibling with the same field (same bits)
    for r in recs:
        r["tables"] = {}
        for n, bits, g in r["assign"]:
            tab = r["raw"]["tables"].get(g)
            src = None
            if tab is None:
                cands = []
                for o in recs:
                    if o is r:
                        continue
                    for n2, bits2, g2 in o["assign"]:
                        if bits2 == bits and g2 in o["raw"]["tables"]:
                            cands.append((o["raw"]["mnemonic"] != r["raw"]["mnemonic"], o, g2))
                cands.sort(key=lambda c: c[0])
                if not cands:
                    raise ValueError(f"{r['raw']['key']}: no table for group {g}")
                _, o, g2 = cands[0]
                tab = o["raw"]["tables"][g2]
                src = f"{o['raw']['mnemonic']} {o['raw']['signature']} (seed line {o['raw']['line']}) group {g2}"
                r["notes"].append({"group": g, "table_from": src})
            r["tables"][g] = table_values(tab, len(bits))

    out = []
    for r in recs:
        out.append(make_record(r, fname))
    return out, orphans


def make_record(r, fname):
    v = r["raw"]
    fam = r["fam"]
    mnem, sig = v["mnemonic"], v["signature"]
    kinds = operand_kinds(sig)
    fields = []
    for n, bits in r["segs"]:
        base = n.split("#")[0]
        if base in ("pred", "predicate"):
            fields.append({"name": "guard", "kind": "guard", "bits": ranges(bits)})
        elif base.startswith("operand"):
            idx = int(base.split()[1])
            fields.append({"name": f"op{idx}", "kind": kinds[idx], "bits": ranges(bits)})
        elif base.startswith("modi"):
            pass
        elif base in CONTROL:
            fields.append({"name": CONTROL[base], "kind": "control", "bits": ranges(bits)})
        else:
            # single named flag bits: E, PRIVATE, BA
            fields.append({"name": base, "kind": "mod", "bits": ranges(bits), "values": ["", base]})
    for n, bits, g in r["assign"]:
        role = ROLES[fam][g]
        fields.append({"name": role, "kind": "mod", "group": g, "bits": ranges(bits),
                       "values": r["tables"][g]})
    match = const_ranges(r["consts"])
    rec = {
        "id": f"{mnem}:{v['key']}",
        "key": v["key"],
        "mnemonic": mnem,
        "signature": sig,
        "distilled": v["distilled"],
        "seed": {"file": SEEDS[fname], "lines": r["seed_lines"]},
        "opcode": None,
        "match": match,
        "ignore": [],
        "fields": fields,
        "template": None,
        "notes": r["notes"],
        "corrections": [],
    }
    if v.get("rw"):
        rec["operand_access"] = v["rw"]
    for c in CORRECTIONS:
        if c["family"] == fam and c["when"](mnem, sig):
            globals()["fix_" + c["apply"]](rec)
            rec["corrections"].append(c["what"])
    opc = [m for m in rec["match"] if m["lo"] == 0]
    rec["opcode"] = hex(opc[0]["value"] & 0xFFF) if opc else None
    rec["template"] = (TEMPLATES.get((mnem, sig)) if fam == "ATOMG" else suatom_template(mnem, sig))
    rec["fields"].sort(key=lambda f: (f["kind"] == "control", f["bits"][0][0]))
    check_record(rec)
    return rec


def field(rec, name):
    for f in rec["fields"]:
        if f["name"] == name:
            return f
    raise KeyError(name)


def move_to_ignore(rec, lo, hi):
    """Turn the seed's constant bits in [lo, hi) into don't-care bits."""
    keep = []
    for m in rec["match"]:
        for b in range(m["lo"], m["hi"]):
            val = (m["value"] >> (b - m["lo"])) & 1
            if lo <= b < hi:
                if val:
                    raise ValueError(f"{rec['id']}: ignoring a 1 bit {b}")
                rec["ignore"].append(b)
            else:
                keep.append((b, val))
    rec["match"] = const_ranges(keep)


def fix_atomg_ur(rec):
    ur = [f for f in rec["fields"] if f["kind"] == "ureg"][0]
    assert ur["bits"] == [[64, 71]], ur
    ur["bits"] = [[64, 70]]
    rec["fields"].append({"name": "asize", "kind": "mod", "bits": [[70, 71]], "values": ["U32", "64"]})
    e = field(rec, "E")
    e["bits"] = [[72, 73], [70, 71]]
    e["values"] = ["", "E", "???0", "E"]


def fix_atomg_ignored(rec):
    used = set()
    for f in rec["fields"]:
        for lo, hi in f["bits"]:
            used.update(range(lo, hi))
    if not used & set(range(64, 72)):
        move_to_ignore(rec, 64, 72)
    move_to_ignore(rec, 71, 72)
    move_to_ignore(rec, 92, 105)
    move_to_ignore(rec, 126, 128)


def fix_atomg_rz(rec):
    addr = field(rec, "op2")
    assert addr["kind"] == "reg"
    e = field(rec, "E")
    e["alt"] = {"field": "op2", "equals": 255, "values": ["", "E", "", "E"][: len(e["values"])]}


def fix_cas(rec):
    move_to_ignore(rec, 87, 91)
    if rec["mnemonic"] == "ATOMG.CAS":
        field(rec, "op3" if "I" not in rec["signature"] else "op4")["print_as"] = {"255": "???255"}


def fix_suatom_sem(rec):
    sem = field(rec, "sem")
    assert sem["bits"] == [[77, 81]], sem
    rec["seed_superseded"] = {"sem": sem}
    rec["fields"].remove(sem)
    rec["fields"].append({"name": "scope", "kind": "mod", "group": 4, "bits": [[77, 79]],
                          "values": ["CTA", "SM", "GPU", "SYS"]})
    rec["fields"].append({"name": "order", "kind": "mod", "group": 4, "bits": [[79, 81]],
                          "values": ["INVALID0", "", "STRONG", "INVALID3"]})
    move_to_ignore(rec, 76, 77)
    rec["ignore"].remove(76)
    rec["fields"].append({"name": "PRIVATE", "kind": "mod", "bits": [[76, 77]], "values": ["", "PRIVATE"]})


def _imm_fix(rec, layout):
    ops = [f for f in rec["fields"] if f["kind"] == "uimm"]
    names = sorted(f["name"] for f in ops)
    for f in ops:
        f["bits"] = layout[names.index(f["name"])]


def fix_suatom_imm2(rec):
    _imm_fix(rec, [[[54, 59]], [[40, 54]]])


def fix_suatom_imm3(rec):
    _imm_fix(rec, [[[54, 59]], [[40, 46]], [[46, 54]]])


def fix_suatom_misc(rec):
    addr = 2 if rec["signature"].startswith("P") else 1
    field(rec, f"op{addr}")["reject"] = [255]
    if "INT_IMM" in rec["signature"]:
        move_to_ignore(rec, 64, 72)
    else:
        move_to_ignore(rec, 40, 59)
        last = len(operand_kinds(rec["signature"])) - 1
        field(rec, f"op{last}")["print_as"] = {"255": "???255"}
    move_to_ignore(rec, 92, 105)
    move_to_ignore(rec, 126, 128)


def check_record(rec):
    """Every bit is claimed exactly once: by a field, a match constant or ignore."""
    owner = {}

    def claim(b, who):
        if b in owner:
            raise ValueError(f"{rec['id']}: bit {b} claimed by {owner[b]} and {who}")
        owner[b] = who

    for f in rec["fields"]:
        for lo, hi in f["bits"]:
            for b in range(lo, hi):
                if f["name"] == "E" and b == 70:
                    continue  # shared with asize
                claim(b, f["name"])
    for m in rec["match"]:
        for b in range(m["lo"], m["hi"]):
            claim(b, "match")
    for b in rec["ignore"]:
        claim(b, "ignore")
    missing = [b for b in range(128) if b not in owner]
    if missing:
        raise ValueError(f"{rec['id']}: bits {missing} unclaimed")
    rec["ignore"] = [[lo, hi] for lo, hi in ranges(sorted(rec["ignore"]))]


def main():
    seed_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "shared", "seeds")
    out_dir = sys.argv[2] if len(sys.argv) > 2 else HERE
    for fname, seed in SEEDS.items():
        recs, orphans = convert_family(os.path.join(seed_dir, seed), fname)
        doc = {
            "format": "xisa-sm75-rules/1",
            "generated_by": "translation-rules/sm75/convert.py",
            "source": seed,
            "unattached_tables": len(orphans),
            "instructions": recs,
        }
        with open(os.path.join(out_dir, fname), "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1, sort_keys=False)
            fh.write("\n")
        print(f"{fname}: {len(recs)} variants from {seed}")


if __name__ == "__main__":
    main()
