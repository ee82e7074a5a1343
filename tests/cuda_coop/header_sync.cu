// Grid-wide barriers as CUDA C++ builds them without the device runtime
// (CUDA 11 and later, no -rdc): cooperative_groups' header-only
// grid_group::sync() reads the grid workspace's address from driver
// constants (c[0x0][0x90] low, c[0x0][0x8c] high), adds to a counter there
// once per block and spins until every block has arrived. Built with
// tests/cuda/nvrtc.py (no --devrt); tests/tests/grid_sync.rs runs them.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Row r of m (rows x cols) is row r-1 read backwards plus one, written by
// every thread of the grid between grid barriers.
extern "C" __global__ void header_rows(int* m, int rows, int* status) {
    cg::grid_group g = cg::this_grid();
    int cols = gridDim.x * blockDim.x;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (!g.is_valid() || g.size() != (unsigned long long)cols || g.thread_rank() != (unsigned long long)col) {
        atomicOr(status, 1);
    }
    for (int r = 1; r < rows; r++) {
        m[r * cols + col] = m[(r - 1) * cols + (cols - col - 1)] + 1;
        g.sync();
    }
}

// Per-block partial sums, a grid barrier, then block 0 adds the partials;
// a second barrier, then every block reads the total back.
extern "C" __global__ void header_two_phase(const int* in, int* partial, int* out, int n) {
    __shared__ int s[256];
    cg::grid_group g = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k /= 2) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
    g.sync();
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        int t = 0;
        for (int b = 0; b < gridDim.x; b++) t += partial[b];
        out[0] = t;
    }
    g.sync();
    if (threadIdx.x == 0) out[1 + blockIdx.x] = out[0];
}
