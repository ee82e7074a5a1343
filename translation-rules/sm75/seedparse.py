"""Parse the machine-extracted NVIDIA sm_75 encoding tables (seeds 000, 002).

Returns raw variant records: mnemonic, signature, key, distilled example,
per-bit cell assignment (absolute bit -> cell text) and the modifier tables as
listed.  The interpretation (field kinds, group mapping, missing tables) is
done by convert.py.
"""
import re

TABLE_ROW = re.compile(r"^([01]+)(?:[\t ]+(.*?))?\s*$")


def _is_sig(s):
    return "," in s or s.startswith("[")


def parse_rows(header0, map0, header1, map1):
    """Return dict bit -> cell text (None for a bit the header lost)."""
    cells = {}
    for row, (hdr, mp) in enumerate(((header0, map0), (header1, map1))):
        h = hdr.split("\t")
        m = mp.split("\t")
        if len(m) > len(h):
            raise ValueError(f"field row longer than header: {len(m)} > {len(h)}")
        # (d) a field row may stop early: pad; the padding continues the last field
        m = m + [""] * (len(h) - len(m))
        byte = 0
        prev = None
        for hv, mv in zip(h, m):
            v = int(hv)
            if prev is not None and v <= prev:
                byte += 1
            prev = v
            bit = row * 64 + byte * 8 + v
            if bit in cells:
                raise ValueError(f"bit {bit} listed twice")
            cells[bit] = mv.strip()
    return cells


def parse_file(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    variants = []
    orphans = []
    i = 0
    n = len(lines)
    pending = []  # non-empty lines since the last record
    cur = None
    while i < n:
        line = lines[i].rstrip("\r")
        s = line.strip()
        if s.startswith("distilled:"):
            ctx = [p for p in pending if not re.match(r"^(WRITE|READ)\b", p)]
            last = ctx[-1]
            if _is_sig(last) and " " in last.split(",")[0] and not last.startswith("["):
                mnem, sig = last.split(" ", 1)
            else:
                sig = last
                mnem = ctx[-2]
            rw = [p for p in pending if re.match(r"^(WRITE|READ)\b", p)]
            cur = {
                "mnemonic": mnem.strip(),
                "signature": sig.strip(),
                "rw": rw[0] if rw else None,
                "distilled": s[len("distilled:"):].strip(),
                "tables": {},
                "line": i + 1,
            }
            variants.append(cur)
            pending = []
            i += 1
            continue
        if s.startswith("key:") and cur is not None:
            cur["key"] = s[4:].strip()
            rows = []
            j = i + 1
            while len(rows) < 4:
                if lines[j].strip():
                    rows.append(lines[j].rstrip("\r"))
                j += 1
            cur["cells"] = parse_rows(*rows)
            i = j
            continue
        m = re.match(r"^Modifier Group (\d+)$", s)
        if m:
            g = int(m.group(1))
            j = i + 1
            tab = []
            while j < n:
                t = lines[j].strip()
                if t == "Binary\tValue" or t == "":
                    if t == "" and tab:
                        break
                    j += 1
                    continue
                r = TABLE_ROW.match(lines[j].rstrip("\r"))
                if not r:
                    break
                tab.append((r.group(1), (r.group(2) or "").strip()))
                j += 1
            if cur is None:
                raise ValueError(f"line {i+1}: table before any variant")
            cur["tables"][g] = tab
            i = j
            continue
        if TABLE_ROW.match(line) and s and not pending:
            # a table without a "Modifier Group" header (after the last variant)
            tab = []
            j = i
            while j < n and lines[j].strip() and TABLE_ROW.match(lines[j].rstrip("\r")):
                r = TABLE_ROW.match(lines[j].rstrip("\r"))
                tab.append((r.group(1), (r.group(2) or "").strip()))
                j += 1
            orphans.append({"line": i + 1, "rows": tab})
            i = j
            continue
        if s:
            pending.append(s)
        i += 1
    return variants, orphans
