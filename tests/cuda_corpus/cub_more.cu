// More CUB block and warp collectives, as library code composes them:
// BlockExchange (striped <-> blocked, warp-striped), BlockDiscontinuity
// (head and tail flags), BlockAdjacentDifference, BlockShuffle, BlockMergeSort
// of key-value pairs, WarpExchange and WarpMergeSort.
#include <cub/block/block_adjacent_difference.cuh>
#include <cub/block/block_discontinuity.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_merge_sort.cuh>
#include <cub/block/block_shuffle.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_exchange.cuh>
#include <cub/warp/warp_merge_sort.cuh>

struct NotEqual {
    __device__ bool operator()(int a, int b) const { return a != b; }
};

struct Minus {
    __device__ int operator()(int a, int b) const { return a - b; }
};

struct Less {
    __device__ bool operator()(int a, int b) const { return a < b; }
};

// 128 threads x 4 items: load striped, exchange to blocked, flag heads and
// tails of equal runs, adjacent differences, then store blocked.
extern "C" __global__ void exchange_flags(const int *in, int *blocked, int *heads, int *tails, int *diffs) {
    using Ex = cub::BlockExchange<int, 128, 4>;
    using Disc = cub::BlockDiscontinuity<int, 128>;
    using Adj = cub::BlockAdjacentDifference<int, 128>;
    __shared__ union {
        typename Ex::TempStorage ex;
        typename Disc::TempStorage disc;
        typename Adj::TempStorage adj;
    } tmp;
    int base = blockIdx.x * 512;
    int items[4];
    for (int i = 0; i < 4; i++) items[i] = in[base + i * 128 + threadIdx.x];
    Ex(tmp.ex).StripedToBlocked(items, items);
    __syncthreads();
    int h[4], t[4], d[4];
    Disc(tmp.disc).FlagHeadsAndTails(h, t, items, NotEqual());
    __syncthreads();
    Adj(tmp.adj).SubtractLeft(items, d, Minus());
    for (int i = 0; i < 4; i++) {
        int k = base + threadIdx.x * 4 + i;
        blocked[k] = items[i];
        heads[k] = h[i];
        tails[k] = t[i];
        diffs[k] = d[i];
    }
}

// BlockShuffle: each thread's value from the thread 3 below (Offset), and
// the block rotated by one (Rotate).
extern "C" __global__ void shuffle(const int *in, int *off, int *rot) {
    using Sh = cub::BlockShuffle<int, 128>;
    __shared__ typename Sh::TempStorage tmp;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int o = -7, r;
    Sh(tmp).Offset(x, o, -3);
    __syncthreads();
    Sh(tmp).Rotate(x, r, 1);
    off[blockIdx.x * 128 + threadIdx.x] = o;
    rot[blockIdx.x * 128 + threadIdx.x] = r;
}

// BlockMergeSort of (key, value) pairs, 64 threads x 5 items (320 per
// block, not a power of two), with a valid-item count below the tile.
extern "C" __global__ void merge_sort(const int *keys, const int *vals, int *ko, int *vo, int valid) {
    using Sort = cub::BlockMergeSort<int, 64, 5, int>;
    __shared__ typename Sort::TempStorage tmp;
    int base = blockIdx.x * 320;
    int k[5], v[5];
    for (int i = 0; i < 5; i++) {
        int j = threadIdx.x * 5 + i;
        k[i] = j < valid ? keys[base + j] : 0x7fffffff;
        v[i] = j < valid ? vals[base + j] : -1;
    }
    Sort(tmp).Sort(k, v, Less(), valid, 0x7fffffff);
    for (int i = 0; i < 5; i++) {
        int j = threadIdx.x * 5 + i;
        ko[base + j] = k[i];
        vo[base + j] = v[i];
    }
}

// Per warp: 8 items per lane exchanged blocked -> striped through shared
// memory, then each warp's 256 items merge-sorted.
extern "C" __global__ void warp_ops(const int *in, int *striped, int *sorted) {
    constexpr int W = 4;  // warps per block
    using WEx = cub::WarpExchange<int, 8>;
    using WSort = cub::WarpMergeSort<int, 8>;
    __shared__ typename WEx::TempStorage ex[W];
    __shared__ typename WSort::TempStorage so[W];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    int base = (blockIdx.x * W + warp) * 256;
    int it[8];
    for (int i = 0; i < 8; i++) it[i] = in[base + lane * 8 + i];
    WEx(ex[warp]).BlockedToStriped(it, it);
    for (int i = 0; i < 8; i++) striped[base + lane * 8 + i] = it[i];
    WSort(so[warp]).Sort(it, Less());
    for (int i = 0; i < 8; i++) sorted[base + lane * 8 + i] = it[i];
}
