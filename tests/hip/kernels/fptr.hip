// Checks: calls through function pointers (s_swappc_b64 on a register
//   pair: LLVM's loop over the wave's distinct targets, v_readfirstlane of
//   the pointer) and the loader's R_AMDGPU_RELATIVE64 relocations of the
//   __device__ pointer table. fptr_dispatch: out[i] = ops[sel[i] & 3](a[i],
//   b[i]) with a per-lane (divergent) choice; fptr_apply: a noinline
//   higher-order function applying a pointer passed as an argument twice.
#include <hip/hip_runtime.h>

typedef int (*binop)(int, int);

__device__ __attribute__((noinline)) int op_add(int x, int y) { return x + y; }
__device__ __attribute__((noinline)) int op_mul(int x, int y) { return x * y; }
__device__ __attribute__((noinline)) int op_max(int x, int y) { return x > y ? x : y; }
__device__ __attribute__((noinline)) int op_sub(int x, int y) { return x - y; }

__device__ binop ops[4] = {op_add, op_mul, op_max, op_sub};

__device__ __attribute__((noinline)) int apply_twice(binop f, int x, int y) {
    return f(f(x, y), y);
}

extern "C" __global__ void fptr_dispatch(const int *a, const int *b, const int *sel, int *out,
                                         int *twice, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    binop f = ops[sel[i] & 3];
    out[i] = f(a[i], b[i]);
    twice[i] = apply_twice(ops[(sel[i] >> 2) & 3], a[i], b[i]);
}
