#!/usr/bin/env python3
"""Compile CUDA C++ to an sm_75 cubin with NVRTC (NVIDIA's CUDA C++ compiler
as a library), as a real CUDA build would, without nvcc.

Usage: nvrtc.py SRC.cu OUT.cubin [--ptx OUT.ptx] [-G] [--devrt] [-DNAME=VALUE ...]

-G builds for debugging (NVRTC's --device-debug, nvcc -G: no
optimisation, device functions in sections of their own).
--devrt links CUDA's device runtime (libcudadevrt.a from the runtime wheel,
as `nvcc -rdc=true -lcudadevrt` does): relocatable device code, linked by
nvJitLink; cooperative groups' grid syncs call into it.

The NVRTC, CCCL (CUB/Thrust/libcu++) and CUDA runtime header wheels are
installed with pip when missing (pinned; see VERSIONS). Kernels should be
`extern "C"` so their names are not mangled. Errors print NVRTC's log and
exit with status 1.
"""
import ctypes
import os
import subprocess
import sys

VERSIONS = {
    "nvidia-cuda-nvrtc-cu12": "12.9.86",
    "nvidia-cuda-cccl-cu12": "12.9.27",
    "nvidia-cuda-runtime-cu12": "12.9.79",
    # crt/mma.h (wmma) and the other crt/ headers the runtime's include.
    "nvidia-cuda-nvcc-cu12": "12.9.86",
}


def nvidia_root():
    try:
        import nvidia
    except ImportError:
        return None
    for root in nvidia.__path__:
        if os.path.exists(os.path.join(root, "cuda_nvrtc", "lib", "libnvrtc.so.12")) and \
                os.path.isdir(os.path.join(root, "cuda_cccl", "include")) and \
                os.path.isdir(os.path.join(root, "cuda_runtime", "include")) and \
                os.path.isdir(os.path.join(root, "cuda_nvcc", "include")):
            return root
    return None


def ensure_tools():
    root = nvidia_root()
    if root:
        return root
    pkgs = [f"{n}=={v}" for n, v in VERSIONS.items()]
    print("installing " + " ".join(pkgs), file=sys.stderr)
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet"] + pkgs)
    import importlib
    import nvidia
    importlib.reload(nvidia)
    root = nvidia_root()
    if not root:
        sys.exit("nvrtc.py: the NVIDIA wheels did not provide libnvrtc and the headers")
    return root


def check(lib, rc, what, prog=None):
    if rc == 0:
        return
    lib.nvrtcGetErrorString.restype = ctypes.c_char_p
    msg = lib.nvrtcGetErrorString(rc).decode()
    log = ""
    if prog is not None:
        n = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
        buf = ctypes.create_string_buffer(n.value)
        lib.nvrtcGetProgramLog(prog, buf)
        log = buf.value.decode(errors="replace")
    sys.exit(f"nvrtc.py: {what}: {msg}\n{log}")


def compile_cuda(code, name, options, want_ptx=False, devrt=False, default_device=True):
    """Compiles CUDA C++ `code` (bytes; `name` for messages) with NVRTC for
    sm_75 and the extra NVRTC `options`: (cubin bytes, PTX bytes or None).
    `default_device` makes undecorated functions device functions (the
    fixtures' kernels files have no host code)."""
    root = ensure_tools()
    lib = ctypes.CDLL(os.path.join(root, "cuda_nvrtc", "lib", "libnvrtc.so.12"))
    prog = ctypes.c_void_p()
    check(lib, lib.nvrtcCreateProgram(ctypes.byref(prog), code, name.encode(),
                                      0, None, None), "create")
    opts = [
        "--gpu-architecture=sm_75",
        "-std=c++17",
        "-I" + os.path.join(root, "cuda_cccl", "include"),
        "-I" + os.path.join(root, "cuda_runtime", "include"),
        "-I" + os.path.join(root, "cuda_nvcc", "include"),
    ] + (["-default-device"] if default_device else []) + list(options) \
        + (["--relocatable-device-code=true"] if devrt else [])
    copts = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
    check(lib, lib.nvrtcCompileProgram(prog, len(opts), copts), "compile " + name, prog)
    n = ctypes.c_size_t()
    check(lib, lib.nvrtcGetCUBINSize(prog, ctypes.byref(n)), "cubin size")
    buf = ctypes.create_string_buffer(n.value)
    check(lib, lib.nvrtcGetCUBIN(prog, buf), "cubin")
    cubin = buf.raw
    if devrt:
        cubin = link_devrt(root, cubin)
    ptx = None
    if want_ptx:
        check(lib, lib.nvrtcGetPTXSize(prog, ctypes.byref(n)), "ptx size")
        buf = ctypes.create_string_buffer(n.value)
        check(lib, lib.nvrtcGetPTX(prog, buf), "ptx")
        ptx = buf.raw.rstrip(b"\0")
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return cubin, ptx


def main(argv):
    devrt = "--devrt" in argv
    args = [a for a in argv if not a.startswith("-D") and a not in ("-G", "--devrt")]
    defines = [a for a in argv if a.startswith("-D")]
    if "-G" in argv:
        defines.append("--device-debug")
    ptx_out = None
    if "--ptx" in args:
        i = args.index("--ptx")
        ptx_out = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    src, out = args
    code = open(src, "rb").read()
    cubin, ptx = compile_cuda(code, os.path.basename(src), defines, ptx_out is not None, devrt)
    with open(out, "wb") as f:
        f.write(cubin)
    if ptx_out:
        with open(ptx_out, "wb") as f:
            f.write(ptx)


def link_devrt(root, cubin):
    """Links a relocatable cubin with libcudadevrt.a (nvJitLink, installed
    with pip when missing)."""
    path = os.path.join(root, "nvjitlink", "lib", "libnvJitLink.so.12")
    if not os.path.exists(path):
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet",
                               "nvidia-nvjitlink-cu12==12.9.86"])
    jl = ctypes.CDLL(path)
    h = ctypes.c_void_p()
    opts = (ctypes.c_char_p * 1)(b"-arch=sm_75")

    def ok(rc, what):
        if rc == 0:
            return
        n = ctypes.c_size_t()
        jl.nvJitLinkGetErrorLogSize(h, ctypes.byref(n))
        log = ctypes.create_string_buffer(n.value + 1)
        jl.nvJitLinkGetErrorLog(h, log)
        sys.exit(f"nvrtc.py: nvJitLink {what} failed ({rc}): {log.value.decode(errors='replace')}")

    ok(jl.nvJitLinkCreate(ctypes.byref(h), 1, opts), "create")
    # Input types of nvJitLink.h: 1 cubin, 6 library.
    ok(jl.nvJitLinkAddData(h, 1, cubin, ctypes.c_size_t(len(cubin)), b"kernels"), "add the cubin")
    lib = os.path.join(root, "cuda_runtime", "lib", "libcudadevrt.a")
    ok(jl.nvJitLinkAddFile(h, 6, lib.encode()), "add libcudadevrt.a")
    ok(jl.nvJitLinkComplete(h), "link")
    n = ctypes.c_size_t()
    ok(jl.nvJitLinkGetLinkedCubinSize(h, ctypes.byref(n)), "size")
    buf = ctypes.create_string_buffer(n.value)
    ok(jl.nvJitLinkGetLinkedCubin(h, buf), "cubin")
    jl.nvJitLinkDestroy(ctypes.byref(h))
    return buf.raw


if __name__ == "__main__":
    main(sys.argv[1:])
