// Checks: compiled matrix-core GEMM tiles (__builtin_amdgcn_mfma_*): each
// wave computes one output tile of C = A * B, loading its operand fragments
// in the register layouts of the CDNA3 ISA (section 7.1) and stepping over K.
// Inputs are small integers (or fp8 values near 1), so every sum is exact in
// f32 whatever the accumulation order; reference.py multiplies the matrices.
#include <hip/hip_runtime.h>
#include <stdint.h>

typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef short short4_ __attribute__((ext_vector_type(4)));
typedef float floatx4 __attribute__((ext_vector_type(4)));
typedef float floatx16 __attribute__((ext_vector_type(16)));
typedef int intx4 __attribute__((ext_vector_type(4)));
typedef double doublex4 __attribute__((ext_vector_type(4)));

// C (M x N, row-major) = A (M x K, row-major) * B (K x N, row-major); one
// 32 x 32 tile per workgroup of 64 lanes, tiles numbered row-major.
extern "C" __global__ void mfma_f16_32x32x8(const float *a, const float *b, float *c,
                                             int m, int n, int k) {
    const int lane = threadIdx.x;
    const int tiles_n = n / 32;
    const int ti = blockIdx.x / tiles_n * 32, tj = blockIdx.x % tiles_n * 32;
    floatx16 acc = {};
    for (int k0 = 0; k0 < k; k0 += 8) {
        half4 x, y;
        for (int e = 0; e < 4; ++e) {
            // A: row lane % 32, k = 4 (lane / 32) + e; B: column lane % 32.
            const int kk = k0 + 4 * (lane / 32) + e;
            x[e] = (_Float16)a[(ti + lane % 32) * k + kk];
            y[e] = (_Float16)b[kk * n + tj + lane % 32];
        }
        acc = __builtin_amdgcn_mfma_f32_32x32x8f16(x, y, acc, 0, 0, 0);
    }
    for (int r = 0; r < 16; ++r) {
        // D: column lane % 32, row 8 (r / 4) + 4 (lane / 32) + r % 4.
        const int row = 8 * (r / 4) + 4 * (lane / 32) + r % 4;
        c[(ti + row) * n + tj + lane % 32] = acc[r];
    }
}

static __device__ short bf16_bits(float f) {
    // Small integers: the top half of the f32 is the exact bf16.
    return (short)(__float_as_uint(f) >> 16);
}

// The same with bf16 on 16 x 16 tiles (k 16 per step).
extern "C" __global__ void mfma_bf16_16x16x16(const float *a, const float *b, float *c,
                                               int m, int n, int k) {
    const int lane = threadIdx.x;
    const int tiles_n = n / 16;
    const int ti = blockIdx.x / tiles_n * 16, tj = blockIdx.x % tiles_n * 16;
    floatx4 acc = {};
    for (int k0 = 0; k0 < k; k0 += 16) {
        short4_ x, y;
        for (int e = 0; e < 4; ++e) {
            const int kk = k0 + 4 * (lane / 16) + e;
            x[e] = bf16_bits(a[(ti + lane % 16) * k + kk]);
            y[e] = bf16_bits(b[kk * n + tj + lane % 16]);
        }
        acc = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(x, y, acc, 0, 0, 0);
    }
    for (int r = 0; r < 4; ++r) {
        c[(ti + 4 * (lane / 16) + r) * n + tj + lane % 16] = acc[r];
    }
}

// f32 on 16 x 16 tiles, one k per lane group (k 4 per step).
extern "C" __global__ void mfma_f32_16x16x4(const float *a, const float *b, float *c,
                                             int m, int n, int k) {
    const int lane = threadIdx.x;
    const int tiles_n = n / 16;
    const int ti = blockIdx.x / tiles_n * 16, tj = blockIdx.x % tiles_n * 16;
    floatx4 acc = {};
    for (int k0 = 0; k0 < k; k0 += 4) {
        const int kk = k0 + lane / 16;
        acc = __builtin_amdgcn_mfma_f32_16x16x4f32(a[(ti + lane % 16) * k + kk],
                                                    b[kk * n + tj + lane % 16], acc, 0, 0, 0);
    }
    for (int r = 0; r < 4; ++r) {
        c[(ti + 4 * (lane / 16) + r) * n + tj + lane % 16] = acc[r];
    }
}

// 8-bit integers on 16 x 16 tiles, eight k per lane (k 32 per step), i32
// accumulation.
extern "C" __global__ void mfma_i8_16x16x32(const int8_t *a, const int8_t *b, int *c,
                                             int m, int n, int k) {
    const int lane = threadIdx.x;
    const int tiles_n = n / 16;
    const int ti = blockIdx.x / tiles_n * 16, tj = blockIdx.x % tiles_n * 16;
    intx4 acc = {};
    for (int k0 = 0; k0 < k; k0 += 32) {
        long x = 0, y = 0;
        for (int e = 0; e < 8; ++e) {
            const int kk = k0 + 8 * (lane / 16) + e;
            x |= (long)(uint8_t)a[(ti + lane % 16) * k + kk] << (8 * e);
            y |= (long)(uint8_t)b[kk * n + tj + lane % 16] << (8 * e);
        }
        acc = __builtin_amdgcn_mfma_i32_16x16x32_i8(x, y, acc, 0, 0, 0);
    }
    for (int r = 0; r < 4; ++r) {
        c[(ti + 4 * (lane / 16) + r) * n + tj + lane % 16] = acc[r];
    }
}

// f64 on 16 x 16 tiles (k 4 per step); D's rows are 4 r + lane / 16.
extern "C" __global__ void mfma_f64_16x16x4(const double *a, const double *b, double *c,
                                             int m, int n, int k) {
    const int lane = threadIdx.x;
    const int tiles_n = n / 16;
    const int ti = blockIdx.x / tiles_n * 16, tj = blockIdx.x % tiles_n * 16;
    doublex4 acc = {};
    for (int k0 = 0; k0 < k; k0 += 4) {
        const int kk = k0 + lane / 16;
        acc = __builtin_amdgcn_mfma_f64_16x16x4f64(a[(ti + lane % 16) * k + kk],
                                                    b[kk * n + tj + lane % 16], acc, 0, 0, 0);
    }
    for (int r = 0; r < 4; ++r) {
        c[(ti + 4 * r + lane / 16) * n + tj + lane % 16] = acc[r];
    }
}

// fp8 x bf8 (gfx942's FNUZ formats, raw bytes) on 32 x 32 tiles, eight k per
// lane (k 16 per step).
extern "C" __global__ void mfma_fp8_bf8_32x32x16(const uint8_t *a, const uint8_t *b, float *c,
                                                  int m, int n, int k) {
    const int lane = threadIdx.x;
    const int tiles_n = n / 32;
    const int ti = blockIdx.x / tiles_n * 32, tj = blockIdx.x % tiles_n * 32;
    floatx16 acc = {};
    for (int k0 = 0; k0 < k; k0 += 16) {
        long x = 0, y = 0;
        for (int e = 0; e < 8; ++e) {
            const int kk = k0 + 8 * (lane / 32) + e;
            x |= (long)a[(ti + lane % 32) * k + kk] << (8 * e);
            y |= (long)b[kk * n + tj + lane % 32] << (8 * e);
        }
        acc = __builtin_amdgcn_mfma_f32_32x32x16_fp8_bf8(x, y, acc, 0, 0, 0);
    }
    for (int r = 0; r < 16; ++r) {
        const int row = 8 * (r / 4) + 4 * (lane / 32) + r % 4;
        c[(ti + row) * n + tj + lane % 32] = acc[r];
    }
}
