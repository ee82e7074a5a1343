// Grid-wide barriers as CUDA's device runtime provides them
// (cudaCGGetIntrinsicHandle / cudaCGSynchronize, what Numba's
// cg.this_grid().sync() calls; built with tests/cuda/nvrtc.py --devrt).
// tests/tests/grid_sync.rs runs them.

// Both are declared by the runtime headers NVRTC includes
// (cuda_device_runtime_api.h).
#define SCOPE_GRID cudaCGScopeGrid

// Row r of m (rows x cols) is row r-1 read backwards plus one, written by
// every thread of the grid between grid barriers: without a working grid
// barrier some thread reads a row another block has not written yet.
extern "C" __global__ void sequential_rows(int* m, int rows, int* status) {
    int cols = gridDim.x * blockDim.x;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long g = cudaCGGetIntrinsicHandle(SCOPE_GRID);
    int err = 0;
    for (int r = 1; r < rows; r++) {
        m[r * cols + col] = m[(r - 1) * cols + (cols - col - 1)] + 1;
        err |= (int)cudaCGSynchronize(g, 0);
    }
    if (g == 0 || err != 0) {
        atomicOr(status, 1);
    }
}

// A grid-wide sum in two phases: each block's partial sum, a grid barrier,
// then block 0 adds the partials (the pattern of single-pass reductions).
extern "C" __global__ void two_phase_sum(const int* in, int* partial, int* out, int n) {
    __shared__ int s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k /= 2) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
    cudaCGSynchronize(cudaCGGetIntrinsicHandle(SCOPE_GRID), 0);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        int t = 0;
        for (int b = 0; b < gridDim.x; b++) t += partial[b];
        *out = t;
    }
}

// Blocks that return before the barrier count as arrived (as exited
// threads do at __syncthreads): the others are not held.
extern "C" __global__ void early_exit(int* out) {
    if (blockIdx.x % 2 == 1) return;
    out[blockIdx.x] = 1;
    cudaCGSynchronize(cudaCGGetIntrinsicHandle(SCOPE_GRID), 0);
    int t = 0;
    for (int b = 0; b < gridDim.x; b += 2) t += out[b];
    out[gridDim.x + blockIdx.x] = t;
}
