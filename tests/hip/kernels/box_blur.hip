// Checks: a 2D grid of 2D blocks (blockIdx.y / threadIdx.y, blockDim.y): a
// 3 x 3 box blur of an integer image with clamp-to-edge borders, the sum
// divided by 9 (signed integer division), image size not a multiple of the
// block in either dimension (bounds checks on x and y).
#include <hip/hip_runtime.h>

extern "C" __global__ void box_blur3x3(const int *img, int *out, int width, int height) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    int sum = 0;
    for (int dy = -1; dy <= 1; ++dy) {
        const int yy = min(max(y + dy, 0), height - 1);
        for (int dx = -1; dx <= 1; ++dx) {
            const int xx = min(max(x + dx, 0), width - 1);
            sum += img[yy * width + xx];
        }
    }
    out[y * width + x] = sum / 9;
}
