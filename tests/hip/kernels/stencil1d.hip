// Checks: a 1D 3-point stencil (weights 1/4, 1/2, 1/4) with its halo staged
// in __shared__ memory: every lane loads its element, the first and last
// lanes of the block also load the left and right halo (zero outside the
// array), one barrier, then each lane reads three shared values. n is not a
// multiple of the block. Inputs are integers: the weighted sums are exact.
#include <hip/hip_runtime.h>

#define RADIUS 1
#define STENCIL_BLOCK 128

extern "C" __global__ void stencil3(const float *in, float *out, int n) {
    __shared__ float s[STENCIL_BLOCK + 2 * RADIUS];
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int lid = threadIdx.x + RADIUS;
    s[lid] = gid < n ? in[gid] : 0.0f;
    if (threadIdx.x < RADIUS) {
        const int left = gid - RADIUS;
        const int right = gid + STENCIL_BLOCK;
        s[lid - RADIUS] = left >= 0 && left < n ? in[left] : 0.0f;
        s[lid + STENCIL_BLOCK] = right < n ? in[right] : 0.0f;
    }
    __syncthreads();
    if (gid < n) {
        out[gid] = 0.25f * s[lid - 1] + 0.5f * s[lid] + 0.25f * s[lid + 1];
    }
}
