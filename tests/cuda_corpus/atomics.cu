// Atomics as applications use them: float/double/__half2 atomicAdd,
// atomicCAS loops (float max, double multiply, shared-memory lock-free
// update), atomicInc/Dec wrap-around, Min/Max/Exch/And/Or/Xor, 64-bit.
#include <cuda_fp16.h>

extern "C" __global__ void atomic_add_float(const float *in, float *acc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&acc[i % 4], in[i]);
}

extern "C" __global__ void atomic_add_double(const double *in, double *acc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&acc[i % 2], in[i]);
}

extern "C" __global__ void atomic_add_half2(const __half2 *in, __half2 *acc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&acc[i % 8], in[i]);
}

// Float max through an atomicCAS loop on the bits.
__device__ float atomic_max_float(float *addr, float v) {
    int *a = (int *)addr;
    int old = *a, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) break;
        old = atomicCAS(a, assumed, __float_as_int(v));
    } while (assumed != old);
    return __int_as_float(old);
}
extern "C" __global__ void atomic_cas_fmax(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomic_max_float(out, in[i]);
}

// Double product through a 64-bit atomicCAS loop.
extern "C" __global__ void atomic_cas_dmul(const double *in, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long *a = (unsigned long long *)out;
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(__longlong_as_double(assumed) * in[i]));
    } while (assumed != old);
}

// Shared-memory atomicCAS loop (a 16-bit saturating counter packed in pairs)
// then copied out.
extern "C" __global__ void atomic_cas_shared(const unsigned *in, unsigned *out) {
    __shared__ unsigned s[8];
    if (threadIdx.x < 8) s[threadIdx.x] = 0;
    __syncthreads();
    unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned *a = &s[v % 8];
    unsigned old = *a, assumed;
    do {
        assumed = old;
        unsigned lo = assumed & 0xffff, hi = assumed >> 16;
        lo = min(lo + (v & 0xff), 0xffffu);
        hi = hi + 1;
        old = atomicCAS(a, assumed, (hi << 16) | lo);
    } while (assumed != old);
    __syncthreads();
    if (threadIdx.x < 8) out[blockIdx.x * 8 + threadIdx.x] = s[threadIdx.x];
}

// atomicInc/atomicDec wrap at a limit; every thread does one of each.
extern "C" __global__ void atomic_inc_dec(unsigned *ctr, unsigned limit) {
    atomicInc(&ctr[0], limit);
    atomicDec(&ctr[1], limit);
    atomicInc(&ctr[2], 0xffffffffu);
}

// Integer min/max (signed and unsigned), and/or/xor, add, on global and
// shared memory; 32- and 64-bit.
extern "C" __global__ void atomic_int_ops(const int *in, int *g, long long *g64) {
    __shared__ int s[6];
    if (threadIdx.x < 6) s[threadIdx.x] = threadIdx.x < 1 ? 0x7fffffff : (threadIdx.x == 1 ? (int)0x80000000 : (threadIdx.x == 2 ? -1 : 0));
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    atomicMin(&g[0], v);
    atomicMax(&g[1], v);
    atomicMin((unsigned *)&g[2], (unsigned)v);
    atomicMax((unsigned *)&g[3], (unsigned)v);
    atomicAnd(&g[4], v | 0x10000);
    atomicOr(&g[5], v & 0x7f0f);
    atomicXor(&g[6], v);
    atomicMin(&s[0], v);
    atomicMax(&s[1], v);
    atomicAnd(&s[2], ~(v & 0xff00));
    atomicOr(&s[3], v & 0x0f0f);
    atomicXor(&s[4], v);
    atomicAdd(&s[5], v);
    atomicMin(&g64[0], (long long)v * 3);
    atomicMax(&g64[1], (long long)v << 20);
    atomicAdd((unsigned long long *)&g64[2], (unsigned long long)(long long)v);
    atomicOr((unsigned long long *)&g64[3], (unsigned long long)(unsigned)v << 32);
    __syncthreads();
    if (threadIdx.x < 6) {
        int r = s[threadIdx.x];
        switch (threadIdx.x) {
        case 0: atomicMin(&g[7], r); break;
        case 1: atomicMax(&g[8], r); break;
        case 2: atomicAnd(&g[9], r); break;
        case 3: atomicOr(&g[10], r); break;
        case 4: atomicXor(&g[11], r); break;
        default: atomicAdd(&g[12], r); break;
        }
    }
}

// atomicExch: a chain; each thread swaps its id into the slot and records
// what it got (the old values form a permutation of the ids plus the seed).
extern "C" __global__ void atomic_exch_chain(unsigned *slot, unsigned *got, float *fslot) {
    unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
    got[id] = atomicExch(slot, id);
    atomicExch(fslot, (float)id);
}

// Block-wide ticket: the last block to finish (atomicInc on a counter after a
// __threadfence) sums the per-block partials (the threadFenceReduction sample).
extern "C" __global__ void last_block_sum(const int *in, int *partials, unsigned *count, int *result) {
    __shared__ bool last;
    __shared__ int s[64];
    s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    for (int o = 32; o > 0; o >>= 1) {
        if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = s[0];
        __threadfence();
        unsigned ticket = atomicInc(count, gridDim.x);
        last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        int sum = 0;
        for (int b = 0; b < gridDim.x; b++) sum += ((volatile int *)partials)[b];
        *result = sum;
        *count = 0;
    }
}
