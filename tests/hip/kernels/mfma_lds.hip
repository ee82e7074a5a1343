// Checks: a block-tiled matrix-core GEMM that stages its operands through
// __shared__ memory, the way rocBLAS / Composable Kernel style kernels do:
// each workgroup of 256 lanes (4 waves) owns a 64 x 64 tile of C = A * B;
// per K step of 16 it loads the 64 x 16 slice of A and the 16 x 64 slice of
// B from global memory with float4 loads (global_load_dwordx4), converts
// them to _Float16 into padded LDS tiles, synchronizes, and every wave reads
// its 32 x 32 sub-tile's fragments back out of LDS for two
// __builtin_amdgcn_mfma_f32_32x32x8f16 per K step. Inputs are small
// integers, so every sum is exact in f32 whatever the accumulation order.
#include <hip/hip_runtime.h>

typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float floatx16 __attribute__((ext_vector_type(16)));

#define BM 64
#define BN 64
#define BK 16
#define PAD 4

// C (M x N) = A (M x K) * B (K x N), all row-major; M, N multiples of 64,
// K a multiple of 16; workgroups numbered row-major over the 64 x 64 tiles.
extern "C" __global__ __launch_bounds__(256) void mfma_lds_gemm(const float *__restrict__ a,
                                                                 const float *__restrict__ b,
                                                                 float *__restrict__ c, int m,
                                                                 int n, int k) {
    __shared__ _Float16 a_tile[BM][BK + PAD];
    __shared__ _Float16 b_tile[BK][BN + PAD];
    const int tid = threadIdx.x;
    const int lane = tid % 64, wave = tid / 64;
    const int tiles_n = n / BN;
    const int row0 = blockIdx.x / tiles_n * BM, col0 = blockIdx.x % tiles_n * BN;
    // Wave w computes rows 32 (w / 2) .. and columns 32 (w % 2) .. of the tile.
    const int wm = wave / 2 * 32, wn = wave % 2 * 32;
    floatx16 acc = {};
    for (int k0 = 0; k0 < k; k0 += BK) {
        // Global -> LDS: 64 x 16 of A (four per lane along k) and 16 x 64 of
        // B (four per lane along n).
        const int ar = tid / (BK / 4), ac = tid % (BK / 4) * 4;
        const float4 va = *reinterpret_cast<const float4 *>(&a[(row0 + ar) * k + k0 + ac]);
        a_tile[ar][ac + 0] = (_Float16)va.x;
        a_tile[ar][ac + 1] = (_Float16)va.y;
        a_tile[ar][ac + 2] = (_Float16)va.z;
        a_tile[ar][ac + 3] = (_Float16)va.w;
        const int br = tid / (BN / 4), bc = tid % (BN / 4) * 4;
        const float4 vb = *reinterpret_cast<const float4 *>(&b[(k0 + br) * n + col0 + bc]);
        b_tile[br][bc + 0] = (_Float16)vb.x;
        b_tile[br][bc + 1] = (_Float16)vb.y;
        b_tile[br][bc + 2] = (_Float16)vb.z;
        b_tile[br][bc + 3] = (_Float16)vb.w;
        __syncthreads();
        // LDS -> fragments: A row lane % 32, B column lane % 32, k 4 (lane / 32) + e.
#pragma unroll
        for (int kk = 0; kk < BK; kk += 8) {
            half4 x, y;
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                x[e] = a_tile[wm + lane % 32][kk + 4 * (lane / 32) + e];
                y[e] = b_tile[kk + 4 * (lane / 32) + e][wn + lane % 32];
            }
            acc = __builtin_amdgcn_mfma_f32_32x32x8f16(x, y, acc, 0, 0, 0);
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < 16; ++r) {
        // D: column lane % 32, row 8 (r / 4) + 4 (lane / 32) + r % 4.
        const int row = 8 * (r / 4) + 4 * (lane / 32) + r % 4;
        c[(row0 + wm + row) * n + col0 + wn + lane % 32] = acc[r];
    }
}
