// Scalar __half arithmetic: add, sub, mul, the correctly rounded __hdiv
// (with its special-case compares), neg/abs.
#include <cuda_fp16.h>

// Scalar half: add/sub/mul/div/neg and conversions through float.
extern "C" __global__ void half_scalar(const __half *a, const __half *b, __half *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = a[i], y = b[i];
    out[5 * i] = __hadd(x, y);
    out[5 * i + 1] = __hsub(x, y);
    out[5 * i + 2] = __hmul(x, y);
    out[5 * i + 3] = __hdiv(x, y);
    out[5 * i + 4] = __hneg(__habs(x));
}
