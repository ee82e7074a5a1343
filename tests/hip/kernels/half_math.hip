// Checks: HIP's __half / __half2 API from hip/hip_fp16.h on values that are
// exact in f16 (integers of magnitude below 2048, quarters): packed
// __hadd2 / __hsub2 / __hmul2 / __hfma2 / __hneg2 (v_pk_*_f16),
// __floats2half2_rn / __float2half2_rn / __halves2half2 / __lowhigh2highlow
// packing, __low2float / __high2float and __half2float unpacking, scalar
// __hadd / __hmul / __hfma / __hgt on __half, and raw f16 bits out through
// __half_as_ushort.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

// Per element pair i (x, y, z: two floats each, integers in -16..15):
// out[8 i + ..] the float results, bits[4 i + ..] raw f16 bits.
extern "C" __global__ void half2_arith(const float *x, const float *y, const float *z,
                                       float *out, unsigned short *bits, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const __half2 hx = __floats2half2_rn(x[2 * i], x[2 * i + 1]);
    const __half2 hy = __floats2half2_rn(y[2 * i], y[2 * i + 1]);
    const __half2 hz = __floats2half2_rn(z[2 * i], z[2 * i + 1]);
    const __half2 sum = __hadd2(hx, hy);
    const __half2 prod = __hmul2(hx, hy);
    const __half2 fma = __hfma2(hx, hy, hz);
    // (x - z) / 4 through a broadcast quarter, then lanes swapped.
    const __half2 q = __lowhigh2highlow(__hmul2(__hsub2(hx, hz), __float2half2_rn(0.25f)));
    const __half2 neg = __hneg2(fma);
    out[8 * i + 0] = __low2float(sum);
    out[8 * i + 1] = __high2float(sum);
    out[8 * i + 2] = __low2float(prod);
    out[8 * i + 3] = __high2float(prod);
    out[8 * i + 4] = __low2float(q);
    out[8 * i + 5] = __high2float(q);
    // Scalar halves: the larger of x.lo and y.hi, times 3, plus z.lo.
    const __half a = __low2half(hx), b = __high2half(hy), c = __low2half(hz);
    const __half big = __hgt(a, b) ? a : b;
    out[8 * i + 6] = __half2float(__hfma(big, __float2half(3.0f), c));
    out[8 * i + 7] = __half2float(__hadd(__hmul(a, b), __int2half_rn(i % 8)));
    const __half2 mixed = __halves2half2(__high2half(neg), __low2half(fma));
    bits[4 * i + 0] = __half_as_ushort(__low2half(neg));
    bits[4 * i + 1] = __half_as_ushort(__high2half(neg));
    bits[4 * i + 2] = __half_as_ushort(__low2half(mixed));
    bits[4 * i + 3] = __half_as_ushort(__high2half(mixed));
}
