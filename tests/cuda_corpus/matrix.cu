// Dense linear algebra shapes: tiled matrix multiply in shared memory,
// naive and tiled transposes (with and without bank-conflict padding),
// 2D and 3D grids, a 3D stencil.
#define TILE 16

// C = A * B, all n x n row-major (n a multiple of TILE), 2D grid of 16x16 blocks.
extern "C" __global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n / TILE; t++) {
        As[ty][tx] = A[row * n + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * n + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; k++) acc = fmaf(As[ty][k], Bs[k][tx], acc);
        __syncthreads();
    }
    C[row * n + col] = acc;
}

// Integer matrix-vector product with one warp per row and a shuffle
// reduction (double accumulator).
extern "C" __global__ void matvec_warp(const double *A, const double *x, double *y, int rows, int cols) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    if (warp >= rows) return;
    double acc = 0.0;
    for (int c = lane; c < cols; c += 32) acc += A[warp * cols + c] * x[c];
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if (lane == 0) y[warp] = acc;
}

// out[x][y] = in[y][x], width x height, one thread per element.
extern "C" __global__ void transpose_naive(const int *in, int *out, int width, int height) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) out[x * height + y] = in[y * width + x];
}

template <int PAD>
__device__ void transpose_tile(const int *in, int *out, int width, int height) {
    __shared__ int tile[32][32 + PAD];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
// 32x8 blocks, 32x32 tiles (the CUDA samples' shape); ragged edges.
extern "C" __global__ void transpose_tiled(const int *in, int *out, int width, int height) {
    transpose_tile<0>(in, out, width, height);
}
extern "C" __global__ void transpose_padded(const int *in, int *out, int width, int height) {
    transpose_tile<1>(in, out, width, height);
}

// 7-point stencil on an nx x ny x nz volume with a 3D grid of 3D blocks;
// boundary cells copy the input.
extern "C" __global__ void stencil3d(const int *in, int *out, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    int i = (z * ny + y) * nx + x;
    if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
        out[i] = in[i];
        return;
    }
    out[i] = 6 * in[i] - in[i - 1] - in[i + 1] - in[i - nx] - in[i + nx] - in[i - nx * ny] - in[i + nx * ny];
}

// Writes each thread's global coordinates packed, for a 3D grid of 3D
// blocks: checks blockIdx/threadIdx/blockDim/gridDim in all dimensions.
extern "C" __global__ void grid3d_ids(unsigned *out) {
    unsigned bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
    unsigned gx = gridDim.x, gy = gridDim.y;
    unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned bid = bx + gx * (by + gy * bz);
    unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
    out[bid * nthreads + tid] = (bz << 24) | (by << 16) | (bx << 8) | (threadIdx.z << 6) | (threadIdx.y << 3) | threadIdx.x;
}
