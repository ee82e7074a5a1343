// Checks: recursion (a dynamically sized stack: the code object's
//   .uses_dynamic_stack). recursive_fib: out[i] = fib(in[i] % 16) through a
//   noinline doubly recursive function (each frame 32 bytes of scratch
//   beyond the fixed private segment; xisa gives such kernels 1 KiB of
//   stack, the HIP runtime's default); gcd[i] = gcd(a, b) by recursion on
//   the remainder, with a depth counter returned through a pointer to the
//   caller's frame.
#include <hip/hip_runtime.h>

__device__ __attribute__((noinline)) int fib(int k) {
    return k < 2 ? k : fib(k - 1) + fib(k - 2);
}

__device__ __attribute__((noinline)) unsigned gcd(unsigned a, unsigned b, int *depth) {
    *depth += 1;
    return b == 0 ? a : gcd(b, a % b, depth);
}

extern "C" __global__ void recursive_fib(const int *in, int *out, unsigned *g, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = fib(in[i] & 15);
    int depth = 0;
    unsigned a = (unsigned)in[i], b = (unsigned)in[(i + 7) % n];
    unsigned r = gcd(a, b, &depth);
    g[2 * i] = r;
    g[2 * i + 1] = (unsigned)depth;
}
