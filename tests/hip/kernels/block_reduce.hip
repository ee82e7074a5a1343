// Checks: the classic shared-memory tree reduction: each lane first adds two
// elements (the "first add during load" step, with bounds checks), then the
// block halves the active lanes each step with __syncthreads() between steps;
// lane 0 writes one int sum per block. Blocks of 256 lanes (4 waves), so the
// barriers order LDS traffic between waves. Sums wrap like int.
#include <hip/hip_runtime.h>

#define BLOCK_SIZE 256

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
block_reduce_sum(const int *in, int *block_sums, int n) {
    __shared__ int sdata[BLOCK_SIZE];
    const unsigned tid = threadIdx.x;
    const unsigned i = blockIdx.x * (blockDim.x * 2) + tid;
    int v = 0;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) block_sums[blockIdx.x] = sdata[0];
}
