"""Batch access to `nvdisasm` for the sm_75 prober (stdlib only).

nvdisasm stops a raw (`-b SM75`) listing at the first illegal word, so
asking it about one rejected word costs a whole run (~0.15 s).  A cubin is
different: nvdisasm checks every `.text` section and reports the first
illegal word of each one ("... at address 0x...", the address counted from
the section's `sh_addr`).  `validity` therefore writes a synthetic cubin
with one word per section, each section at its own `sh_addr`, and learns the
verdict on thousands of words from one run; `texts` then lists the accepted
words in one raw run.
"""

import os
import re
import struct
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
CHUNK = 4000
JOBS = int(os.environ.get("XISA_PROBE_JOBS", "2"))
_ADDR = re.compile(r"at address 0x([0-9a-fA-F]+)")
_LINE = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s*(.*?)\s*$")


def find_nvdisasm():
    out = subprocess.run(
        ["sh", os.path.join(HERE, "find-nvdisasm.sh")],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit("nvdisasm unavailable: " + out.stderr)
    return out.stdout.strip()


ND = None


def nd():
    global ND
    if ND is None:
        ND = find_nvdisasm()
    return ND


def version():
    out = subprocess.run([nd(), "--version"], capture_output=True, text=True, check=False)
    for line in out.stdout.splitlines():
        if "release" in line:
            return line.split(",", 1)[1].strip()
    return out.stdout.strip().splitlines()[-1]


def _cubin(words):
    n = len(words)
    names = bytearray(b"\0.shstrtab\0")
    offs = []
    for i in range(n):
        offs.append(len(names))
        names += b".text.k%d\0" % i
    text = b"".join(w.to_bytes(16, "little") for w in words)
    data_off = 64
    str_off = data_off + len(text)
    shoff = (str_off + len(names) + 63) & ~63
    nsec = n + 2
    hdr = bytearray(64)
    hdr[0:9] = b"\x7fELF\x02\x01\x01\x33\x07"
    struct.pack_into("<HHIQQQIHHHHHH", hdr, 16, 2, 190, 1, 0, 0, shoff, 0x4B054B, 64, 56, 0, 64, nsec, 1)
    sh = bytearray(64 * nsec)
    struct.pack_into("<IIQQQQIIQQ", sh, 64, 1, 3, 0, 0, str_off, len(names), 0, 0, 1, 0)
    for i in range(n):
        struct.pack_into(
            "<IIQQQQIIQQ", sh, 64 * (i + 2), offs[i], 1, 6, 0x100 * (i + 1), data_off + 16 * i, 16, 0, 0, 128, 0
        )
    out = bytes(hdr) + text + bytes(names)
    return out + b"\0" * (shoff - len(out)) + bytes(sh)


def _run(args, data, suffix):
    fd, path = tempfile.mkstemp(suffix=suffix, prefix="xisa-probe-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        r = subprocess.run([nd(), *args, path], capture_output=True, text=True, check=False)
        return r.stdout, r.stderr, r.returncode
    finally:
        os.unlink(path)


def _valid_chunk(words):
    """Verdict per word.  A fatal error ("More than one pattern matched",
    always "at address 0x0") aborts the whole run without naming the word:
    the chunk is then halved until the fatal word is alone (it counts as
    rejected: nvdisasm cannot list it)."""
    if not words:
        return []
    _, err, _ = _run(["-c"], _cubin(words), ".cubin")
    if "fatal" in err:
        if len(words) == 1:
            return [False]
        h = len(words) // 2
        return _valid_chunk(words[:h]) + _valid_chunk(words[h:])
    res = [True] * len(words)
    for m in _ADDR.finditer(err):
        res[int(m.group(1), 16) // 0x100 - 1] = False
    return res


def _map(fn, chunks):
    if JOBS <= 1 or len(chunks) <= 1:
        return [fn(c) for c in chunks]
    with ThreadPoolExecutor(JOBS) as ex:
        return list(ex.map(fn, chunks))


def validity(words):
    """True for each word nvdisasm accepts."""
    chunks = [words[i : i + CHUNK] for i in range(0, len(words), CHUNK)]
    res = []
    for r in _map(_valid_chunk, chunks):
        res.extend(r)
    return res


def _text_chunk(words):
    """(text, pc) per word of one raw run; a word nvdisasm's raw mode still
    rejects (a few fatal decode conflicts the cubin check does not report)
    is dropped and the run repeated."""
    idx = list(range(len(words)))
    res = [(None, None)] * len(words)
    while idx:
        out, err, rc = _run(["-b", "SM75"], b"".join(words[i].to_bytes(16, "little") for i in idx), ".bin")
        if rc != 0:
            m = _ADDR.search(err)
            if not m or "fatal" in err:
                raise RuntimeError("nvdisasm failed: " + err[:300])
            del idx[int(m.group(1), 16) // 16]
            continue
        for line in out.splitlines():
            m = _LINE.match(line)
            if m:
                k = int(m.group(1), 16) // 16
                if k < len(idx):
                    res[idx[k]] = (m.group(2), 16 * k)
        break
    return res


RAW_CHUNK = 20000


def texts(words):
    """nvdisasm's text for each word at address 16*i of a raw listing of the
    accepted words (the `pc` list says which), None when rejected or when
    nvdisasm prints no line for it.  Returns (texts, pcs)."""
    ok = validity(words)
    kept = [i for i, v in enumerate(ok) if v]
    res = [None] * len(words)
    pcs = [None] * len(words)
    chunks = [kept[i : i + RAW_CHUNK] for i in range(0, len(kept), RAW_CHUNK)]
    outs = _map(lambda c: _text_chunk([words[i] for i in c]), chunks)
    for c, o in zip(chunks, outs):
        for k, i in enumerate(c):
            res[i], pcs[i] = o[k]
    return res, pcs
