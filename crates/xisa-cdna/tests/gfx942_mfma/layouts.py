#!/usr/bin/env python3
"""Writes calculator_layouts.tsv: for every dense gfx942 MFMA, a digest of
where AMD's matrix instruction calculator (github.com/ROCm/
amd_matrix_instruction_calculator, `-a cdna3 --register-layout --csv`) puts
each element of A, B and D. tests/gfx942_exec_mfma.rs computes the same
digest from its reference layouts, so the reference is checked against AMD's
tool on every run without the tool.

Usage: layouts.py [CALCULATOR_CHECKOUT]   (default: a fresh clone at COMMIT)

Digest: the element lines, one per element, sorted as integer tuples, each
"lane reg item block row col" (A: row i, col k; B: row k, col j) or "lane
reg block row col" (D), joined with newlines; FNV-1a 64 of that text. `reg`
is the first 32-bit register of the element (relative to the operand),
`item` its index inside the register (0 for 32- and 64-bit elements).
SMFMAC rows also have `k`, the index (src2) of A's dense k: its item is the
nibble; their A's item is the two-element container holding k's group.
"""
import os
import re
import subprocess
import sys
import tempfile

REPO = "https://github.com/ROCm/amd_matrix_instruction_calculator"
COMMIT = "2ef9189"
HERE = os.path.dirname(os.path.abspath(__file__))
LOC = re.compile(r"^v(?:(\d+)|\[(\d+):(\d+)\])\{(\d+)\}(?:\.\[(\d+):(\d+)\])?$")


def tool(checkout, args):
    cmd = [sys.executable, os.path.join(checkout, "matrix_calculator.py"), "-a", "cdna3"]
    return subprocess.run(cmd + args, check=True, capture_output=True, text=True).stdout


def layout(checkout, inst, mat):
    """(block, row, col, lane, reg, item) for every element of A, B or D."""
    out = tool(checkout, ["-i", inst, "--register-layout", "-" + mat, "--csv"])
    rows, block, cols = [], 0, []
    for line in out.splitlines()[2:]:
        if line.startswith("Block"):
            block = int(re.findall(r"\d+", line)[0])
            continue
        cells = line.split(",")
        if "[" in cells[0]:
            cols = [int(c) for c in cells[1:]]
            continue
        for col, cell in zip(cols, cells[1:]):
            m = LOC.match(cell.strip())
            if not m:
                raise ValueError(f"{inst} {mat}: {cell}")
            one, hi, lo, lane, bhi, blo = m.groups()
            reg = int(one if one is not None else lo)
            item = 0 if blo is None else int(blo) // (int(bhi) - int(blo) + 1)
            rows.append((block, int(cells[0]), col, int(lane), reg, item))
    return rows


def digest(lines):
    h = 0xCBF29CE484222325
    for byte in "\n".join(lines).encode():
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    checkout = sys.argv[1] if len(sys.argv) > 1 else None
    tmp = None
    if checkout is None:
        tmp = tempfile.mkdtemp()
        checkout = os.path.join(tmp, "calc")
        subprocess.run(["git", "clone", "-q", REPO, checkout], check=True)
        subprocess.run(["git", "-C", checkout, "checkout", "-q", COMMIT], check=True)
    names = [l.strip() for l in tool(checkout, ["-L"]).splitlines()[1:]]
    out = ["# mnemonic\tmatrix\telements\tdigest (layouts.py; calculator " + COMMIT + ")"]
    for inst in sorted(n for n in names if n.startswith(("v_mfma_", "v_smfmac_"))):
        for mat in "ABDk" if inst.startswith("v_smfmac_") else "ABD":
            tuples = []
            for blk, row, col, lane, reg, item in layout(checkout, inst, mat):
                if mat == "D":
                    tuples.append((lane, reg, blk, row, col))
                else:
                    tuples.append((lane, reg, item, blk, row, col))
            lines = [" ".join(map(str, t)) for t in sorted(tuples)]
            out.append(f"{inst}\t{mat.lower()}\t{len(lines)}\t{digest(lines):016x}")
    with open(os.path.join(HERE, "calculator_layouts.tsv"), "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
