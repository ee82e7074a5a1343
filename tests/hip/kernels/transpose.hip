// Checks: the tiled matrix transpose: a 32 x 33 __shared__ tile (one column
// of padding against bank conflicts), 2D grid and 2D blocks of 32 x 8 lanes
// each moving 4 rows (TILE_DIM / BLOCK_ROWS), coalesced reads of rows and
// writes of columns through the tile, bounds checks for a non-square matrix.
#include <hip/hip_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

// out (width x height) = transpose of in (height rows x width columns).
extern "C" __global__ void transpose_tiled(const int *in, int *out, int width, int height) {
    __shared__ int tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < width && y + j < height) {
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
        }
    }
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < height && y + j < width) {
            out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
        }
    }
}
