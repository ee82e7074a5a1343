// Checks: __constant__ memory: 16 polynomial coefficients (set by the
// launcher through the symbol `coeffs`, read with scalar loads since every
// lane reads the same address), Horner evaluation of the degree-15
// polynomial at each x. Coefficients are integers in -4..3 and x in -2..2,
// so every intermediate value is an integer below 2^24: exact in f32.
#include <hip/hip_runtime.h>

#define NCOEFFS 16

__constant__ float coeffs[NCOEFFS];

extern "C" __global__ void poly_eval(const float *x, float *y, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float v = x[i];
    float acc = coeffs[NCOEFFS - 1];
#pragma unroll
    for (int k = NCOEFFS - 2; k >= 0; --k) {
        acc = acc * v + coeffs[k];
    }
    y[i] = acc;
}
