// Checks: dynamic shared memory (extern __shared__, sized by the launch:
// blockDim.x ints then blockDim.x floats carved from one buffer) placed after
// a static __shared__ variable: each block reverses its segment through the
// ints, halves it through the floats, and adds the block total accumulated
// with an LDS atomicAdd on the static variable.
#include <hip/hip_runtime.h>

extern "C" __global__ void dyn_shared_reverse(const int *in, int *rev, float *half_rev) {
    extern __shared__ int dyn[];
    __shared__ int block_total;
    int *ints = dyn;
    float *floats = reinterpret_cast<float *>(dyn + blockDim.x);
    const int t = threadIdx.x;
    const int g = blockIdx.x * blockDim.x + t;
    if (t == 0) block_total = 0;
    __syncthreads();
    const int x = in[g];
    ints[t] = x;
    floats[t] = 0.5f * (float)x;
    atomicAdd(&block_total, x);
    __syncthreads();
    const int r = blockDim.x - 1 - t;
    rev[g] = ints[r] + block_total;
    half_rev[g] = floats[r];
}
