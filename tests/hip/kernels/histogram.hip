// Checks: a 256-bin byte histogram privatized per block: bins zeroed in
// __shared__ memory, atomicAdd on LDS (ds_add_u32) from a grid-stride loop
// over unsigned char data (byte loads), a barrier, then one global atomicAdd
// per non-empty bin to merge the block's counts into the result.
#include <hip/hip_runtime.h>

#define NUM_BINS 256

extern "C" __global__ void histogram256(const unsigned char *data, unsigned int *bins, int n) {
    __shared__ unsigned int local_bins[NUM_BINS];
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) local_bins[b] = 0;
    __syncthreads();
    const int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        atomicAdd(&local_bins[data[i]], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
        const unsigned int c = local_bins[b];
        if (c != 0) atomicAdd(&bins[b], c);
    }
}
