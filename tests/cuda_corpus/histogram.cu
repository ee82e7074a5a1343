// Histograms: per-block shared-memory bins merged with global atomics,
// direct global atomics, warp-aggregated atomics with __match_any_sync, and
// CUB BlockHistogram.
#include <cub/block/block_histogram.cuh>

// 64 bins; bin = value & 63 (byte input, grid-stride).
extern "C" __global__ void hist_shared(const unsigned char *in, int n, unsigned *bins) {
    __shared__ unsigned s[64];
    for (int b = threadIdx.x; b < 64; b += blockDim.x) s[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&s[in[i] & 63], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 64; b += blockDim.x)
        if (s[b]) atomicAdd(&bins[b], s[b]);
}

// 16 bins straight in global memory, weighted (adds the value itself).
extern "C" __global__ void hist_global_weighted(const unsigned *in, int n, unsigned long long *bins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[in[i] % 16], (unsigned long long)in[i]);
}

// Warp-aggregated: lanes with the same key elect a leader with
// __match_any_sync; the leader adds the group's popcount.
extern "C" __global__ void hist_match_any(const int *keys, unsigned *bins, unsigned *leaders) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int k = keys[i] & 7;
    unsigned peers = __match_any_sync(0xffffffffu, k);
    int leader = __ffs(peers) - 1;
    if ((threadIdx.x & 31) == leader) {
        atomicAdd(&bins[k], __popc(peers));
        atomicAdd(leaders, 1u);
    }
}

// CUB BlockHistogram (sort-based and atomic), 32 bins, 4 items per thread.
template <cub::BlockHistogramAlgorithm ALG>
__device__ void cub_hist_impl(const unsigned char *in, unsigned *bins) {
    using H = cub::BlockHistogram<unsigned char, 64, 4, 32, ALG>;
    __shared__ typename H::TempStorage tmp;
    __shared__ unsigned sh[32];
    unsigned char items[4];
    for (int k = 0; k < 4; k++) items[k] = in[blockIdx.x * 256 + threadIdx.x * 4 + k] % 32;
    H(tmp).Histogram(items, sh);
    __syncthreads();
    if (threadIdx.x < 32) atomicAdd(&bins[threadIdx.x], sh[threadIdx.x]);
}
extern "C" __global__ void cub_hist_sort(const unsigned char *in, unsigned *bins) {
    cub_hist_impl<cub::BLOCK_HISTO_SORT>(in, bins);
}
extern "C" __global__ void cub_hist_atomic(const unsigned char *in, unsigned *bins) {
    cub_hist_impl<cub::BLOCK_HISTO_ATOMIC>(in, bins);
}
