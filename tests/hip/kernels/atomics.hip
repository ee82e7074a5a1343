// Checks: HIP's global atomics whose final values do not depend on order:
// atomicAdd on float and on double into a few slots (integer-valued addends,
// exact sums: global_atomic_add_f32 / _f64 or their CAS loops), atomicMax /
// atomicMin on int, a hand-written atomicCAS loop (the canonical
// read-modify-CAS-retry idiom) adding squares, atomicOr / atomicXor of bit
// masks, atomicSub, and atomicInc's wrap (limit 100: n increments leave
// n mod 101).
#include <hip/hip_runtime.h>

__device__ int cas_add(int *addr, int v) {
    int old = *addr, assumed;
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, assumed + v);
    } while (assumed != old);
    return old;
}

extern "C" __global__ void atomics_mix(const int *in, float *fsum, double *dsum, int *imax,
                                       int *imin, int *cas_sums, unsigned int *bits,
                                       unsigned int *counters, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int x = in[i];
    atomicAdd(&fsum[i % 4], (float)x);
    atomicAdd(&dsum[i % 4], 0.5 * (double)x);
    atomicMax(&imax[i % 8], x);
    atomicMin(&imin[i % 8], x);
    cas_add(&cas_sums[i % 2], x * x);
    atomicOr(&bits[0], 1u << (x & 31));
    atomicXor(&bits[1], 1u << (i & 31));
    atomicSub(&counters[0], 3u);
    atomicInc(&counters[1], 100u);
}
