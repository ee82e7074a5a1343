// Checks: the 4:2 structured-sparse matrix core instruction
// __builtin_amdgcn_smfmac_f32_16x16x32_f16, as a sparse-A GEMM tile kernel
// (16 x 16 tile per wave, K 32 per instruction, accumulating through the
// destination). A arrives compressed, the way sparse GEMM libraries store
// it: for every row and group of 4 consecutive k, the two kept values
// (vals, K / 2 per row) and a pattern id 0..5 naming which two of the four
// positions they occupy (pat, K / 4 per row); the kernel turns the pattern
// into the instruction's 4-bit index (p0 | p1 << 2, p0 < p1), two nibbles per
// lane. B is dense. Inputs are small integers: every sum is exact.
// smfmac_f16_abid: the same product with K 64 per loop step, the index
// nibbles of both halves packed into one register (bits 7:0 for k0 ..
// k0 + 31, bits 15:8 for k0 + 32 ..), the second instruction selecting its
// set with abid = 1 (cbsz = 0).
#include <hip/hip_runtime.h>
#include <stdint.h>

typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float floatx4 __attribute__((ext_vector_type(4)));

// (p0, p1) of pattern id: (0,1) (0,2) (0,3) (1,2) (1,3) (2,3).
__device__ inline unsigned pattern_nibble(unsigned id) {
    const unsigned p0 = id < 3 ? 0 : id < 5 ? 1 : 2;
    const unsigned p1 = id < 3 ? id + 1 : id < 5 ? id - 1 : 3;
    return p0 | p1 << 2;
}

// D (M x N) = A (M x K, sparse) * B (K x N); tiles of 16 x 16 row-major,
// one per workgroup of 64 lanes.
extern "C" __global__ void smfmac_f16_16x16x32(const float *vals, const uint8_t *pat,
                                                const float *b, float *d, int m, int n, int k) {
    const int lane = threadIdx.x;
    const int tiles_n = n / 16;
    const int ti = blockIdx.x / tiles_n * 16, tj = blockIdx.x % tiles_n * 16;
    const int i = lane % 16, g = lane / 16;
    floatx4 acc = {};
    for (int k0 = 0; k0 < k; k0 += 32) {
        // A: this lane holds row i's groups q = k0 / 4 + 2 g + u (u = 0, 1),
        // two kept values each, and their index nibbles.
        half4 av;
        unsigned idx = 0;
#pragma unroll
        for (int u = 0; u < 2; ++u) {
            const int q = k0 / 4 + 2 * g + u;
            av[2 * u] = (_Float16)vals[(ti + i) * (k / 2) + 2 * q];
            av[2 * u + 1] = (_Float16)vals[(ti + i) * (k / 2) + 2 * q + 1];
            idx |= pattern_nibble(pat[(ti + i) * (k / 4) + q]) << (4 * u);
        }
        // B: column lane % 16, k = k0 + 8 g + t.
        half8 bv;
#pragma unroll
        for (int t = 0; t < 8; ++t) bv[t] = (_Float16)b[(k0 + 8 * g + t) * n + tj + lane % 16];
        acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(av, bv, acc, idx, 0, 0);
    }
#pragma unroll
    for (int r = 0; r < 4; ++r) d[(ti + 4 * g + r) * n + tj + lane % 16] = acc[r];
}

// A's register fragment and index byte of one 32-wide K step (see above).
__device__ inline half4 sparse_a(const float *vals, const uint8_t *pat, int row, int k, int k0,
                                 int g, unsigned *idx) {
    half4 av;
    unsigned nib = 0;
#pragma unroll
    for (int u = 0; u < 2; ++u) {
        const int q = k0 / 4 + 2 * g + u;
        av[2 * u] = (_Float16)vals[row * (k / 2) + 2 * q];
        av[2 * u + 1] = (_Float16)vals[row * (k / 2) + 2 * q + 1];
        nib |= pattern_nibble(pat[row * (k / 4) + q]) << (4 * u);
    }
    *idx = nib;
    return av;
}

__device__ inline half8 dense_b(const float *b, int n, int col, int k0, int g) {
    half8 bv;
#pragma unroll
    for (int t = 0; t < 8; ++t) bv[t] = (_Float16)b[(k0 + 8 * g + t) * n + col];
    return bv;
}

extern "C" __global__ void smfmac_f16_abid(const float *vals, const uint8_t *pat, const float *b,
                                            float *d, int m, int n, int k) {
    const int lane = threadIdx.x;
    const int tiles_n = n / 16;
    const int ti = blockIdx.x / tiles_n * 16, tj = blockIdx.x % tiles_n * 16;
    const int g = lane / 16;
    floatx4 acc = {};
    for (int k0 = 0; k0 < k; k0 += 64) {
        unsigned lo, hi;
        const half4 a0 = sparse_a(vals, pat, ti + lane % 16, k, k0, g, &lo);
        const half4 a1 = sparse_a(vals, pat, ti + lane % 16, k, k0 + 32, g, &hi);
        const unsigned idx = lo | hi << 8;
        acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(a0, dense_b(b, n, tj + lane % 16, k0, g),
                                                       acc, idx, 0, 0);
        acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(
            a1, dense_b(b, n, tj + lane % 16, k0 + 32, g), acc, idx, 0, 1);
    }
#pragma unroll
    for (int r = 0; r < 4; ++r) d[(ti + 4 * g + r) * n + tj + lane % 16] = acc[r];
}
