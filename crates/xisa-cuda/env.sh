#!/bin/sh
# Builds xisa's CUDA driver (release) and prints the shell line that makes
# programs load it instead of NVIDIA's libcuda.so.1:
#
#     eval "$(sh crates/xisa-cuda/env.sh)"
#     ./my_cuda_program            # or: python -m pytest tests/ ...
#
# The driver runs sm_75 cubins, fat binaries with an sm_75 cubin or PTX,
# and PTX (compiled by ptxas from the nvidia-cuda-nvcc-cu12 wheel, PATH or
# XISA_PTXAS). XISA_CUDA_LOG=FILE sends its messages (faults: kernel, pc,
# lane, address) to FILE; XISA_CUDA_TRACE=1 logs every call;
# XISA_CUDA_DUMP=DIR writes every module the program loads to DIR. The
# printed line also appends the nvcc stand-in's directory to PATH.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cargo build --quiet --release -p xisa-cuda --manifest-path "$root/Cargo.toml" >&2
target=$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
dir="$target/release/xisa-cuda"
mkdir -p "$dir"
ln -sf ../libcuda.so "$dir/libcuda.so.1"
ln -sf ../libcuda.so "$dir/libcuda.so"
# The nvcc stand-in (crates/xisa-cuda/bin/nvcc: device code through NVRTC)
# for programs that run nvcc, such as PyCUDA's SourceModule; last on PATH,
# so that a real nvcc wins. Next to it, lib64/libcudadevrt.a from the
# runtime wheel, where such programs look for CUDA's libraries.
mkdir -p "$dir/bin" "$dir/lib64"
ln -sf "$root/crates/xisa-cuda/bin/nvcc" "$dir/bin/nvcc"
devrt=$(python3 -c 'import nvidia, os
for r in nvidia.__path__:
    p = os.path.join(r, "cuda_runtime", "lib", "libcudadevrt.a")
    if os.path.isfile(p): print(p); break' 2>/dev/null || true)
if [ -n "$devrt" ]; then
    ln -sf "$devrt" "$dir/lib64/libcudadevrt.a"
fi
echo "export LD_LIBRARY_PATH=\"$dir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}\" PATH=\"\${PATH:+\$PATH:}$dir/bin\""
