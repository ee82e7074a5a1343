// Half math functions (approximate): h2exp, h2sqrt, h2rcp, h2log.
#include <cuda_fp16.h>

// Half math functions (approximate): h2exp, h2sqrt, h2rcp, h2log.
extern "C" __global__ void half2_math(const __half2 *a, __half2 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = a[i];
    out[4 * i] = h2exp(x);
    out[4 * i + 1] = h2sqrt(__habs2(x));
    out[4 * i + 2] = h2rcp(x);
    out[4 * i + 3] = h2log(__habs2(x));
}
