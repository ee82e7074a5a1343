// __half2 values through warp shuffles: a butterfly sum with
// __shfl_xor_sync on __half2 and __hadd2.
#include <cuda_fp16.h>

// Warp sum of __half2 values via __shfl_xor_sync, accumulated in float.
extern "C" __global__ void half2_warp_sum(const __half2 *in, float2 *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half2 v = in[i];
    for (int m = 16; m > 0; m >>= 1) v = __hadd2(v, __shfl_xor_sync(0xffffffffu, v, m));
    if ((threadIdx.x & 31) == 0) out[i / 32] = __half22float2(v);
}
