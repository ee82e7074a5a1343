// Checks: __device__ globals as grid-wide state (the "threadfence reduction"
// idiom): each block reduces its slice in shared memory and writes a
// partial sum, __threadfence(), then lane 0 takes a ticket with
// atomicInc(&blocks_done, gridDim.x - 1) (wrapping back to 0 for the next
// launch); the block drawing the last ticket sums all partials and also
// reports the __device__ counter `lanes_seen` that every lane incremented,
// read back with an atomic load. Both globals are set to 0 by the launcher.
#include <hip/hip_runtime.h>

#define LB_BLOCK 128

__device__ unsigned int blocks_done;
__device__ int lanes_seen;

extern "C" __global__ void last_block_sum(const int *in, int *partials, int *result) {
    __shared__ int s[LB_BLOCK];
    __shared__ bool is_last;
    const int t = threadIdx.x;
    s[t] = in[blockIdx.x * LB_BLOCK + t];
    atomicAdd(&lanes_seen, 1);
    __syncthreads();
    for (int k = LB_BLOCK / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) {
        partials[blockIdx.x] = s[0];
        __threadfence();
        const unsigned ticket = atomicInc(&blocks_done, gridDim.x - 1);
        is_last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (is_last) {
        int v = 0;
        for (int b = t; b < gridDim.x; b += blockDim.x) {
            v += __atomic_load_n(&partials[b], __ATOMIC_RELAXED);
        }
        s[t] = v;
        __syncthreads();
        for (int k = LB_BLOCK / 2; k > 0; k >>= 1) {
            if (t < k) s[t] += s[t + k];
            __syncthreads();
        }
        if (t == 0) {
            result[0] = s[0];
            result[1] = __atomic_load_n(&lanes_seen, __ATOMIC_RELAXED);
            result[2] = (int)__atomic_load_n(&blocks_done, __ATOMIC_RELAXED);
        }
    }
}
