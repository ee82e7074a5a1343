#!/bin/sh
# Reduces a kernel the campaign found wrong: cvise keeps the smallest source
# whose BAD build (sm75 or gfx942) still disagrees with POCL while the other
# build agrees (run.py --check). Usage: reduce.sh KERNEL.cl BAD [XISA]
# Writes KERNEL.reduced.cl; needs cvise (apt-get install cvise).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
src=$(realpath "$1")
bad=$2
xisa=$(realpath "${3:-$HERE/../../target/release/xisa}")
launch=$(python3 -c "import sys; sys.path.insert(0, '$HERE'); import run; print(','.join(map(str, run.header('$src'))))")
out=${src%.cl}.reduced.cl
work=$(mktemp -d)
cp "$src" "$work/k.cl"
# A candidate must stay free of the undefined behaviour clang can see (a
# function that lost its return, a variable read before it is set): with
# it, LLVM folds the kernel to anything and the reduction chases that.
cat > "$work/test.sh" <<T
#!/bin/sh
clang-19 -target nvptx64-unknown-nvidiacl -cl-std=CL2.0 -Xclang -finclude-default-header \\
    -fsyntax-only -Werror=return-type -Werror=uninitialized -Werror=sometimes-uninitialized \\
    -Werror=conditional-uninitialized -Werror=implicit-function-declaration k.cl 2>/dev/null || exit 1
exec python3 "$HERE/run.py" --check k.cl --bad $bad --launch $launch --xisa "$xisa" --work /tmp/clfuzz-reduce
T
chmod +x "$work/test.sh"
(cd "$work" && ./test.sh) || { echo "reduce.sh: $src is not interesting to start with" >&2; exit 1; }
(cd "$work" && cvise --n ${CVISE_JOBS:-2} --timeout 120 ./test.sh k.cl >/dev/null)
cp "$work/k.cl" "$out"
echo "$out"
