// hip2co: -fgpu-flush-denormals-to-zero
// Checks: a kernel built to flush f32 denormals (the descriptor's
// FLOAT_DENORM_MODE_32 = 0): f32 arithmetic flushes subnormal inputs and
// results to zero, and the correctly rounded f32 division switches the mode
// to keep denormals around its scaling steps (s_setreg_imm32_b32
// hwreg(HW_REG_MODE, 4, 2), 3 ... 0) as LLVM emits it.
#include <hip/hip_runtime.h>

extern "C" __global__ void flush_denormals(const float *a, const float *b, const float *d,
                                           float *quot, float *prod, float *scaled) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    quot[i] = a[i] / b[i];
    prod[i] = d[i] * 1.5f;
    scaled[i] = a[i] * 1.0e-30f;
}
