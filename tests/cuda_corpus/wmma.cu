// Tensor cores through the CUDA C++ wmma API (mma.h), as CUDA samples and
// libraries use them on sm_75: 16x16x16 tiles of f16 with f32 or f16
// accumulators, row- and column-major operands, fill/load/store/mma_sync.
// One warp per 16x16 output tile; K a multiple of 16.
#include <mma.h>
using namespace nvcuda;

// D (MxN f32, row-major) = A (MxK f16, row-major) * B (KxN f16, column-major) + C.
extern "C" __global__ void wmma_f32(const half *A, const half *B, const float *C, float *D, int M, int N, int K) {
    int tm = blockIdx.y * 16, tn = blockIdx.x * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::load_matrix_sync(acc, C + tm * N + tn, N, wmma::mem_row_major);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(fa, A + tm * K + k, K);
        wmma::load_matrix_sync(fb, B + tn * K + k, K);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(D + tm * N + tn, acc, N, wmma::mem_row_major);
}

// f16 accumulator, A column-major, B row-major, accumulator from zero,
// result stored column-major.
extern "C" __global__ void wmma_f16(const half *A, const half *B, half *D, int M, int N, int K) {
    int tm = blockIdx.y * 16, tn = blockIdx.x * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> acc;
    wmma::fill_fragment(acc, __float2half(0.0f));
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(fa, A + k * M + tm, M);
        wmma::load_matrix_sync(fb, B + k * N + tn, N);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(D + tn * M + tm, acc, M, wmma::mem_col_major);
}
