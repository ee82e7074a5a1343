// Checks: the multi-block matrix-core instructions and their operand
// broadcast controls.
//   mfma_4x4x4_batched: __builtin_amdgcn_mfma_f32_4x4x4f16 (16 independent
//     4 x 4 x 4 products per wave, one per group of 4 lanes) as a batched
//     tiny-matmul kernel: D = A B + C, then E = A D, feeding D's registers
//     (lane j + 4 b holds column j of block b) straight back in as the B
//     operand of a second MFMA.
//   mfma_4x4x4_bcast: the same instruction with cbsz = 4, abid = 5 (every
//     block multiplies block 5's A: a batch of products sharing one left
//     factor) and with blgp = 7 (block b reads B from block 12 + b % 4).
//   mfma_f64_4x4x4: __builtin_amdgcn_mfma_f64_4x4x4f64 (four 4 x 4 x 4
//     blocks per wave, one double per lane: lane i + 4 b + 16 k of A,
//     j + 4 b + 16 k of B, j + 4 b + 16 i of C and D), plain and with the
//     f64 form of blgp, which negates operands: blgp = 1 (-A) and 4 (-C).
//   mfma_32x32x1_bcast: __builtin_amdgcn_mfma_f32_32x32x1f32 (two 32 x 32
//     blocks, K 1 per instruction) with cbsz = 1: both blocks take A from
//     block abid, so one 32-row panel of A times a 32 x 64 panel of B gives
//     a 32 x 64 tile; abid = 0 reads A from lanes 0..31, abid = 1 from lanes
//     32..63 (the lanes hold different rows, so the choice is visible).
//   mfma_32x32x1_blgp: the same instruction with blgp = 3 (B read from lane
//     (l + 16) mod 64) and blgp = 6 (B read from lane l mod 16 + 32).
// Inputs are small integers: every sum is exact.
#include <hip/hip_runtime.h>

typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float floatx4 __attribute__((ext_vector_type(4)));
typedef float floatx32 __attribute__((ext_vector_type(32)));

// a, b, c, d, e: batches of 4 x 4 row-major matrices; 16 per wave.
extern "C" __global__ void mfma_4x4x4_batched(const float *a, const float *b, const float *c,
                                               float *d, float *e) {
    const int lane = threadIdx.x % 64;
    const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / 64;
    const int mat = wave * 16 + lane / 4;  // block lane / 4 of this wave
    const int x = lane % 4;                // A: row x; B, C, D: column x
    const float *am = a + mat * 16, *bm = b + mat * 16, *cm = c + mat * 16;
    half4 av, bv;
    floatx4 acc;
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        av[t] = (_Float16)am[x * 4 + t];
        bv[t] = (_Float16)bm[t * 4 + x];
        acc[t] = cm[t * 4 + x];
    }
    acc = __builtin_amdgcn_mfma_f32_4x4x4f16(av, bv, acc, 0, 0, 0);
    half4 dv;
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        d[mat * 16 + t * 4 + x] = acc[t];
        dv[t] = (_Float16)acc[t];
    }
    floatx4 zero = {};
    const floatx4 ev = __builtin_amdgcn_mfma_f32_4x4x4f16(av, dv, zero, 0, 0, 0);
#pragma unroll
    for (int t = 0; t < 4; ++t) e[mat * 16 + t * 4 + x] = ev[t];
}

// a, b: 16 per wave as above; d_shared: block b of a wave = A_5 B_b (A of
// the wave's block 5); d_perm: block b = A_b B_(12 + b % 4).
extern "C" __global__ void mfma_4x4x4_bcast(const float *a, const float *b, float *d_shared,
                                             float *d_perm) {
    const int lane = threadIdx.x % 64;
    const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / 64;
    const int mat = wave * 16 + lane / 4;
    const int x = lane % 4;
    half4 av, bv;
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        av[t] = (_Float16)a[mat * 16 + x * 4 + t];
        bv[t] = (_Float16)b[mat * 16 + t * 4 + x];
    }
    const floatx4 zero = {};
    const floatx4 s = __builtin_amdgcn_mfma_f32_4x4x4f16(av, bv, zero, 4, 5, 0);
    const floatx4 p = __builtin_amdgcn_mfma_f32_4x4x4f16(av, bv, zero, 0, 0, 7);
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        d_shared[mat * 16 + t * 4 + x] = s[t];
        d_perm[mat * 16 + t * 4 + x] = p[t];
    }
}

// a, b, c: batches of 4 x 4 row-major double matrices, 4 per wave; d = A B
// + C, dneg_a = -A B + C, dneg_c = A B - C.
extern "C" __global__ void mfma_f64_4x4x4(const double *a, const double *b, const double *c,
                                          double *d, double *dneg_a, double *dneg_c) {
    const int lane = threadIdx.x % 64;
    const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / 64;
    const int x = lane % 4, blk = lane / 4 % 4, y = lane / 16;
    const int base = (wave * 4 + blk) * 16;
    // A[x][y] (k = y), B[y][x] (k = y), C[y][x] (row y).
    const double av = a[base + x * 4 + y], bv = b[base + y * 4 + x], cv = c[base + y * 4 + x];
    d[base + y * 4 + x] = __builtin_amdgcn_mfma_f64_4x4x4f64(av, bv, cv, 0, 0, 0);
    dneg_a[base + y * 4 + x] = __builtin_amdgcn_mfma_f64_4x4x4f64(av, bv, cv, 0, 0, 1);
    dneg_c[base + y * 4 + x] = __builtin_amdgcn_mfma_f64_4x4x4f64(av, bv, cv, 0, 0, 4);
}

// 32 x 32 D blocks: lane l holds column l % 32 of rows
// 8 (r / 4) + 4 (l / 32) + r % 4 of block r / 16 in register r.
__device__ inline void store_blocks(float *out, const floatx32 &acc, int lane) {
#pragma unroll
    for (int r = 0; r < 32; ++r) {
        const int blk = r / 16, rr = r % 16;
        const int row = 8 * (rr / 4) + 4 * (lane / 32) + rr % 4;
        out[row * 64 + blk * 32 + lane % 32] = acc[r];
    }
}

// a: 64 x k (rows 0..31 feed block 0's lanes, rows 32..63 block 1's);
// b: k x 64 (columns 32 blk + j feed block blk's lane j); out0 / out1:
// 32 x 64, column 32 blk + j of out = column j of D block blk.
extern "C" __global__ void mfma_32x32x1_bcast(const float *a, const float *b, float *out0,
                                               float *out1, int k) {
    const int lane = threadIdx.x;
    floatx32 acc0 = {}, acc1 = {};
    for (int kk = 0; kk < k; ++kk) {
        const float av = a[lane * k + kk];
        const float bv = b[kk * 64 + lane];
        acc0 = __builtin_amdgcn_mfma_f32_32x32x1f32(av, bv, acc0, 1, 0, 0);
        acc1 = __builtin_amdgcn_mfma_f32_32x32x1f32(av, bv, acc1, 1, 1, 0);
    }
    store_blocks(out0, acc0, lane);
    store_blocks(out1, acc1, lane);
}

// As above without cbsz, B lanes permuted by blgp 3 and 6.
extern "C" __global__ void mfma_32x32x1_blgp(const float *a, const float *b, float *out3,
                                              float *out6, int k) {
    const int lane = threadIdx.x;
    floatx32 acc3 = {}, acc6 = {};
    for (int kk = 0; kk < k; ++kk) {
        const float av = a[lane * k + kk];
        const float bv = b[kk * 64 + lane];
        acc3 = __builtin_amdgcn_mfma_f32_32x32x1f32(av, bv, acc3, 0, 0, 3);
        acc6 = __builtin_amdgcn_mfma_f32_32x32x1f32(av, bv, acc6, 0, 0, 6);
    }
    store_blocks(out3, acc3, lane);
    store_blocks(out6, acc6, lane);
}
