// Checks: shared-memory tiled SGEMM, C = A * B: 16 x 16 blocks (2D) each
// computing a 16 x 16 tile of C, A and B tiles staged in __shared__ arrays
// with zero fill past the matrix edges (M, N, K not multiples of 16), two
// barriers per K step, a fully unrolled inner product (v_fmac / ds_read).
// Inputs are small integers: every sum is exact in f32.
#include <hip/hip_runtime.h>

#define TILE 16

// A: M x K, B: K x N, C: M x N, all row-major.
extern "C" __global__ void __launch_bounds__(TILE * TILE)
sgemm_tiled(const float *A, const float *B, float *C, int M, int N, int K) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            acc += As[ty][k] * Bs[k][tx];
        }
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}
