#!/usr/bin/env python3
"""Differential campaign over random OpenCL C kernels (tests/clfuzz/README.md).

    run.py [--seeds A:B] [--jobs N] [--xisa PATH] [--work DIR] [--keep]
           [--features LIST] [--extra LIST]

For each seed: gen.py writes the kernel; it is compiled to an sm_75 cubin
(tests/sm75/cl2cubin.sh) and a gfx942 code object (tests/gfx942/cl2co.sh);
POCL runs the source (tests/sm75/pocl/driver.c) and `xisa run` both builds on
the same inputs; every output byte must agree with POCL's. A line per seed
that is not a pass; a summary at the end. Exit status 1 when any build
disagrees or fails in xisa.
"""
import argparse
import concurrent.futures as cf
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# The sm_75 corpus's fill generator (splitmix64), which the Rust side
# (xisa_testkit::SplitMix64) also implements.
sys.path.insert(0, os.path.join(ROOT, "tests/sm75/pocl"))
from launch import splitmix64  # noqa: E402
EDGES = [0, 1, 2, 3, 0xFFFFFFFF, 0xFFFFFFFE, 0x80000000, 0x7FFFFFFF,
         0x80000001, 0xFFFF, 0x10000, 0xFF, 0x100, 0x7F, 0x80, 0x8000,
         0x7FFF, 0xFFFF8000, 0xFFFFFF80, 31, 32, 63, 64]


def inputs(seed, words):
    """Input words weighted to edge values, and the accumulators' start:
    56 random words (32 words, 8 ulongs, 8 ushorts, 16 uchars) and 8 floats
    holding small integers (integer sums stay exact in any order)."""
    r = splitmix64(seed)
    vals = []
    for _ in range(words):
        z = next(r)
        k = (z >> 32) % 100
        if k < 30:
            vals.append(EDGES[z % len(EDGES)])
        elif k < 45:
            vals.append(z % 64)
        else:
            vals.append(z & 0xFFFFFFFF)
    acc = [next(r) & 0xFFFFFFFF for _ in range(56)]
    acc += [struct.unpack("<I", struct.pack("<f", float(next(r) % 200 - 100)))[0]
            for _ in range(8)]
    return struct.pack(f"<{words}I", *vals), struct.pack("<64I", *acc)


def sh(cmd, cwd, timeout=300, env=None):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                       timeout=timeout, env=env)
    return p.returncode, p.stdout + p.stderr


def first_diff(a, b):
    n = min(len(a), len(b)) // 4
    wa = struct.unpack(f"<{n}I", a[:n * 4])
    wb = struct.unpack(f"<{n}I", b[:n * 4])
    for i in range(n):
        if wa[i] != wb[i]:
            return i, wa[i], wb[i]
    return None


class Dims(tuple):
    """A launch's grid or block: (X,), (X, Y) or (X, Y, Z). Written X or
    XxY[xZ] (one field of --launch, which reduce.sh builds by joining
    header()'s values with commas); the kernel header writes X[,Y[,Z]], as
    `xisa run --grid` does."""

    @staticmethod
    def parse(s):
        d = Dims(int(x) for x in re.split(r"[,x]", str(s)))
        if not 1 <= len(d) <= 3 or min(d) < 1:
            raise ValueError(f"bad launch dimensions {s}")
        return d

    def __str__(self):
        return "x".join(map(str, self))

    def total(self):
        n = 1
        for x in self:
            n *= x
        return n

    def arg(self):
        """X,Y,Z: xisa run's --grid/--block and the POCL driver's."""
        return ",".join(map(str, tuple(self) + (1,) * (3 - len(self))))


def header(src):
    """The launch the generator recorded in the kernel's first line: seed,
    grid, block (Dims: a 1-D launch's header has `grid=N block=M`, a 2-D one
    `grid=X,Y block=X,Y`), input and output words."""
    m = dict(re.findall(r"(\w+)=(\S+)", open(src).readline()))
    return (int(m["seed"]), Dims.parse(m["grid"]), Dims.parse(m["block"]),
            int(m["in"]), int(m["out"]))


def parse_launch(s):
    """--launch SEED,GRID,BLOCK,IN,OUT (GRID and BLOCK: X or XxY)."""
    f = s.split(",")
    return (int(f[0]), Dims.parse(f[1]), Dims.parse(f[2]), int(f[3]),
            int(f[4]))


def compare(src, work, launch, args):
    """Compiles SRC for both ISAs, runs POCL and xisa; returns the findings
    (kind, lines) and the builds that agreed with POCL."""
    _, grid, block, _, _ = launch
    res, good = [], []
    builds = []
    for isa, script, mod in (("sm75", "tests/sm75/cl2cubin.sh", "k.cubin"),
                             ("gfx942", "tests/gfx942/cl2co.sh", "k.co")):
        if isa not in args.isas:
            continue
        rc, log = sh(["sh", os.path.join(ROOT, script), src, mod], work)
        if rc == 0:
            builds.append((isa, mod))
        else:
            res.append((f"compile-{isa}", log.strip().splitlines()[-1:]))
    want, err, argv = pocl(src, work, launch, args)
    if want is None:
        res.append(("pocl", err))
        return res, good
    seen = {}
    for isa, mod in builds:
        ok = True
        for engine in args.engines:
            cmd = [args.xisa, "run", mod, "--kernel", "fuzz", "--grid", grid.arg(),
                   "--block", block.arg(), "--timeout", "60", "--engine", engine]
            for a in argv:
                cmd += ["--arg", a]
            cmd += ["--dump", f"1={isa}.out", "--dump", f"2={isa}.acc"]
            try:
                rc, log = sh(cmd, work, timeout=120)
            except subprocess.TimeoutExpired:
                res.append((f"timeout-{isa}-{engine}", []))
                ok = False
                continue
            if rc != 0:
                res.append((f"xisa-{isa}-{engine}", log.strip().splitlines()[-2:]))
                ok = False
                continue
            outs = []
            for i, name in ((0, "out"), (1, "acc")):
                got = open(os.path.join(work, f"{isa}.{name}"), "rb").read()
                outs.append(got)
                if got != want[i]:
                    ok = False
                    d = first_diff(got, want[i])
                    res.append((f"WRONG-{isa}-{engine}",
                                [f"{name} word {d[0]}: xisa 0x{d[1]:08x} pocl 0x{d[2]:08x}"
                                 if d else f"{name} sizes differ"]))
            seen.setdefault(isa, outs)
        if ok:
            good.append(isa)
    # Both builds wrong with the same bytes: the cause is usually upstream of
    # the machine code (libclc, POCL, the source's semantics), the kind
    # says so to sort campaign output.
    if len(seen) == 2 and not good and seen["sm75"] == seen["gfx942"]:
        res.append(("same-in-both", ["sm75 and gfx942 give the same bytes"]))
    return res, good


def pocl(src, work, launch, args):
    """POCL's run of SRC on the launch's inputs: (out, acc) bytes, or the
    error lines."""
    seed, grid, block, inw, outw = launch
    inb, accb = inputs(seed, inw)
    open(os.path.join(work, "in.bin"), "wb").write(inb)
    open(os.path.join(work, "acc.bin"), "wb").write(accb)
    argv = ["buf:in.bin", f"zeros:{outw * 4}", "buf:acc.bin",
            f"u32:{grid.total() * block.total()}"]
    pdir = os.path.join(work, "pocl")
    os.makedirs(pdir, exist_ok=True)
    # POCL's default work-group method (loopvec) miscompiled a kernel here
    # (a local read at a lane-dependent index after a barrier gave 0: seed
    # 10 of the first campaign); the plain work-item loops agree with both
    # translated builds there.
    env = dict(os.environ, POCL_CACHE_DIR=os.path.join(work, "pocl-cache"),
               POCL_WORK_GROUP_METHOD="loops")
    try:
        rc, log = sh([args.driver, src, "fuzz", grid.arg(), block.arg(), pdir]
                     + argv, work, env=env)
    except subprocess.TimeoutExpired:
        # A finding of its own (the kind `pocl`), not the campaign's end.
        return None, ["POCL did not finish in 300 s"], argv
    if rc != 0:
        return None, log.strip().splitlines()[-3:], argv
    return [open(os.path.join(pdir, f"{i}.bin"), "rb").read() for i in (1, 2)], [], argv


def oracle(d, args):
    """POCL's outputs for the committed corpus."""
    for name in sorted(os.listdir(d)):
        if not name.endswith(".cl"):
            continue
        src = os.path.abspath(os.path.join(d, name))
        with tempfile.TemporaryDirectory() as work:
            want, err, _ = pocl(src, work, header(src), args)
            if want is None:
                print(f"{name}: POCL failed: {' | '.join(err)}", file=sys.stderr)
                return 77 if any("platform" in e.lower() for e in err) else 1
        stem = os.path.join(d, name[:-3])
        open(stem + ".out", "wb").write(want[0])
        open(stem + ".acc", "wb").write(want[1])
    return 0


def one(seed, args):
    work = os.path.join(args.work, str(seed))
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "k.cl")
    with open(src, "w") as f:
        subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), str(seed)]
                       + (["--features", args.features] if args.features else [])
                       + (["--extra", args.extra] if args.extra else []),
                       stdout=f, check=True)
    res, _ = compare(src, work, header(src), args)
    if not res and not args.keep:
        shutil.rmtree(work)
    return seed, res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0:50")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--xisa", default=os.path.join(ROOT, "target/release/xisa"))
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "clfuzz"))
    # The environment's CLFUZZ_ENGINES: for reduce.sh, whose --check command
    # line names no engine (CLFUZZ_ENGINES=jit,jit-wave CLFUZZ_BAD_ENGINE=
    # jit-wave reduces a kernel only the wave-mode JIT gets wrong).
    ap.add_argument("--engines", default=os.environ.get("CLFUZZ_ENGINES", "jit"))
    ap.add_argument("--features", default="",
                    help="gen.py --features (default: gen.py's default list; "
                    "`all`: every feature, the opt-in ones included)")
    ap.add_argument("--extra", default="",
                    help="gen.py --extra: opt-in features added to the "
                    "default list (double,constant,ndrange2d,vector or all)")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--check", metavar="FILE",
                    help="interestingness test for a reducer: exit 0 when the "
                    "--bad ISA's build disagrees with POCL and every other "
                    "build agrees (LAUNCH from the original kernel's header)")
    ap.add_argument("--bad", default="sm75", help="sm75, gfx942 or all")
    ap.add_argument("--oracle", metavar="DIR",
                    help="write POCL's outputs NAME.out / NAME.acc for every "
                    "NAME.cl in DIR (the committed corpus); exit 77 without POCL")
    ap.add_argument("--launch", help="SEED,GRID,BLOCK,IN,OUT for --check "
                    "(GRID, BLOCK: X or XxY)")
    args = ap.parse_args()
    args.engines = args.engines.split(",")
    args.isas = ["sm75", "gfx942"]
    os.makedirs(args.work, exist_ok=True)
    args.driver = os.path.join(args.work, "pocl-driver")
    if not os.path.exists(args.driver):
        subprocess.run(["cc", "-O2", "-o", args.driver + ".tmp",
                        os.path.join(ROOT, "tests/sm75/pocl/driver.c"), "-lOpenCL"],
                       check=True)
        os.rename(args.driver + ".tmp", args.driver)
    os.environ.setdefault("PTXAS", subprocess.run(
        ["sh", os.path.join(ROOT, "tests/cuda/find-ptxas.sh")],
        capture_output=True, text=True, check=True).stdout.strip())
    if args.oracle:
        sys.exit(oracle(args.oracle, args))
    if args.check:
        launch = parse_launch(args.launch)
        res, good = compare(os.path.abspath(args.check), os.getcwd(), launch, args)
        kinds = [k for k, _ in res]
        wrong = any(k.startswith(f"WRONG-{args.bad}") for k in kinds)
        if args.bad == "all":
            # Every build wrong: a builtin of libclc and POCL disagreeing,
            # or a fault shared by the IR and the backend.
            wrong = all(any(k.startswith(f"WRONG-{i}") for k in kinds)
                        for i in args.isas)
            sys.exit(0 if wrong else 1)
        others = [i for i in args.isas if i != args.bad]
        bad_engine = os.environ.get("CLFUZZ_BAD_ENGINE")
        if bad_engine:
            # Only that engine of the bad ISA disagrees: its other engines
            # run the same machine code right.
            bad_kinds = [k for k in kinds if k.startswith(
                (f"WRONG-{args.bad}", f"xisa-{args.bad}", f"timeout-{args.bad}",
                 "compile-", "pocl"))]
            wrong = bool(bad_kinds) and all(
                k.endswith(f"-{bad_engine}") and k.startswith("WRONG")
                for k in bad_kinds)
        sys.exit(0 if wrong and all(i in good for i in others) else 1)
    a, b = (int(x) for x in args.seeds.split(":"))
    counts = {}
    bad = 0
    with cf.ThreadPoolExecutor(args.jobs) as ex:
        for seed, res in ex.map(lambda s: one(s, args), range(a, b)):
            if not res:
                counts["pass"] = counts.get("pass", 0) + 1
            for kind, lines in res:
                counts[kind] = counts.get(kind, 0) + 1
                print(f"seed {seed}: {kind}: {' | '.join(lines)}", flush=True)
                if kind.startswith(("WRONG", "xisa", "timeout")):
                    bad += 1
    print("summary:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
