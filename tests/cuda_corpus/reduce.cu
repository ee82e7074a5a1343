// Reductions as real CUDA code writes them: warp shuffles, shared-memory
// trees, CUB BlockReduce (three algorithms) and WarpReduce, cooperative
// groups, grid-stride loops feeding global atomics.
#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ __forceinline__ int warp_sum(int v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

// One sum per warp with __shfl_down_sync; lane 0 writes it.
extern "C" __global__ void warp_shfl_sum(const int *in, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int s = warp_sum(in[i]);
    if ((threadIdx.x & 31) == 0) out[i / 32] = s;
}

// Butterfly max with __shfl_xor_sync: every lane ends with the warp's max.
extern "C" __global__ void warp_xor_max(const unsigned *in, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[i];
    for (int m = 1; m < 32; m <<= 1) v = max(v, __shfl_xor_sync(0xffffffffu, v, m));
    out[i] = v;
}

// Classic shared-memory tree reduction over dynamic shared memory, with a
// grid-stride accumulation first and warp-synchronous unrolled tail.
extern "C" __global__ void block_tree_sum(const int *in, int *out, int n) {
    extern __shared__ int sdata[];
    int t = threadIdx.x;
    int acc = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x) acc += in[i];
    sdata[t] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (t < s) sdata[t] += sdata[t + s];
        __syncthreads();
    }
    if (t < 32) {
        int v = sdata[t] + sdata[t + 32];
        v = warp_sum(v);
        if (t == 0) out[blockIdx.x] = v;
    }
}

template <cub::BlockReduceAlgorithm ALG>
__device__ void cub_sum_impl(const int *in, int *out) {
    using R = cub::BlockReduce<int, 128, ALG>;
    __shared__ typename R::TempStorage tmp;
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int r = R(tmp).Sum(v);
    if (threadIdx.x == 0) out[blockIdx.x] = r;
}

extern "C" __global__ void cub_reduce_raking(const int *in, int *out) {
    cub_sum_impl<cub::BLOCK_REDUCE_RAKING>(in, out);
}
extern "C" __global__ void cub_reduce_warp_reductions(const int *in, int *out) {
    cub_sum_impl<cub::BLOCK_REDUCE_WARP_REDUCTIONS>(in, out);
}

// BlockReduce with a max functor over 4 items per thread (float), partial
// tile: only `valid` items of the block's 512 count.
extern "C" __global__ void cub_reduce_max_partial(const float *in, float *out, int valid) {
    using R = cub::BlockReduce<float, 128, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>;
    __shared__ typename R::TempStorage tmp;
    float items[4];
    for (int k = 0; k < 4; k++) {
        int j = threadIdx.x * 4 + k;
        items[k] = j < valid ? in[blockIdx.x * 512 + j] : -INFINITY;
    }
    float r = R(tmp).Reduce(items, cub::Max());
    if (threadIdx.x == 0) out[blockIdx.x] = r;
}

// CUB WarpReduce on logical warps of 16 lanes: sum and min (64-bit).
extern "C" __global__ void cub_warp_reduce16(const long long *in, long long *out) {
    using W = cub::WarpReduce<long long, 16>;
    __shared__ typename W::TempStorage tmp[4];
    int i = blockIdx.x * 64 + threadIdx.x;
    int w = threadIdx.x / 16;
    long long v = in[i];
    long long s = W(tmp[w]).Sum(v);
    __syncwarp();
    long long m = W(tmp[w]).Reduce(v, cub::Min());
    if (threadIdx.x % 16 == 0) {
        out[2 * (i / 16)] = s;
        out[2 * (i / 16) + 1] = m;
    }
}

// Cooperative groups: thread_block, tiled_partition<8>, cg::reduce with
// plus and greater, and a tile-level shfl_down.
extern "C" __global__ void cg_tile_reduce(const int *in, int *out) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    int i = block.group_index().x * block.size() + block.thread_rank();
    int v = in[i];
    int s = cg::reduce(tile, v, cg::plus<int>());
    int m = cg::reduce(tile, v, cg::greater<int>());
    int d = v;
    for (int o = tile.size() / 2; o > 0; o /= 2) d ^= tile.shfl_down(d, o);
    if (tile.thread_rank() == 0) {
        int g = i / 8;
        out[3 * g] = s;
        out[3 * g + 1] = m;
        out[3 * g + 2] = d;
    }
    block.sync();
}

// Grid-stride loop, warp reduce, one atomicAdd per warp into a 64-bit total
// (unsigned long long) and a 32-bit one.
extern "C" __global__ void grid_stride_atomic_sum(const unsigned *in, int n,
                                                  unsigned long long *total64, unsigned *total32) {
    unsigned long long acc = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) acc += in[i];
    for (int off = 16; off > 0; off >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, off);
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(total64, acc);
        atomicAdd(total32, (unsigned)acc);
    }
}
