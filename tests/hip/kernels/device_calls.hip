// Checks: real (non-inlined) device function calls and template unrolling.
//   noinline_chain: the kernel calls __attribute__((noinline)) functions
//     two deep (kernel -> row_mix -> rotate_mix, and kernel -> pack_pair
//     returning a struct by value), with a pointer to the kernel's local
//     array passed down (clang-19 promotes the array to LDS, so the callee
//     reads it with flat loads through a generic pointer), so the code has
//     s_swappc_b64 / s_setpc_b64, the call ABI's argument and return
//     registers, a stack frame with a whole-wave VGPR spill to scratch and
//     v_writelane / v_readlane of the return address. No recursion.
//   strided_dot<N>: a template<int N> kernel whose per-lane loop over N
//     elements is fully unrolled by #pragma unroll (instantiated for N = 8 on
//     float and N = 5 on int).
#include <hip/hip_runtime.h>

struct Pair {
    int lo, hi;
};

__device__ __attribute__((noinline)) unsigned rotate_mix(unsigned x, int r) {
    r &= 31;
    const unsigned rot = r == 0 ? x : (x << r) | (x >> (32 - r));
    return rot ^ (x * 2654435761u);
}

__device__ __attribute__((noinline)) int row_mix(const int *vals, int count, int seed) {
    unsigned acc = (unsigned)seed;
    for (int e = 0; e < count; ++e) acc += rotate_mix((unsigned)vals[e], e + seed);
    return (int)acc;
}

__device__ __attribute__((noinline)) Pair pack_pair(int a, int b, float scale) {
    Pair p;
    p.lo = a + (int)(scale * (float)b);
    p.hi = a > b ? a - b : b - a;
    return p;
}

#define ROW 6

extern "C" __global__ void noinline_chain(const int *in, int *mixed, int *pairs, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int local[ROW];
    for (int e = 0; e < ROW; ++e) local[e] = in[i * ROW + e] - e;
    mixed[i] = row_mix(local, ROW, i % 7);
    const Pair p = pack_pair(in[i * ROW], in[i * ROW + 1], 0.5f * (float)(i % 4));
    pairs[2 * i] = p.lo;
    pairs[2 * i + 1] = p.hi;
}

template <int N, typename T>
__global__ void strided_dot(const T *x, const T *y, T *out, T bias) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    T acc = bias;
#pragma unroll
    for (int e = 0; e < N; ++e) acc += x[i * N + e] * y[i * N + e];
    out[i] = acc;
}

template __global__ void strided_dot<8, float>(const float *, const float *, float *, float);
template __global__ void strided_dot<5, int>(const int *, const int *, int *, int);
