// __half2 comparisons: mask-returning __hlt2 and the bool-returning
// __hbgt2/__hbeq2/__hble2, __hisnan (HSET2/HSETP2).
#include <cuda_fp16.h>

// Lane-wise compare: masks from __hlt2/__hge2, __hbgt2, select with them.
extern "C" __global__ void half2_compare(const __half2 *a, const __half2 *b, __half2 *lt, unsigned *flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = a[i], y = b[i];
    lt[i] = __hlt2(x, y);
    flags[i] = (unsigned)__hbgt2(x, y) | ((unsigned)__hbeq2(x, y) << 1) | ((unsigned)__hble2(x, __float2half2_rn(1.0f)) << 2) |
               ((unsigned)__hisnan(__low2half(x)) << 3);
}
