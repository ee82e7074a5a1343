// More cooperative groups: coalesced_threads() inside divergent code,
// labeled_partition by key, the dynamic tiled_partition(block, 4),
// cg::inclusive_scan/exclusive_scan on tiles, thread_block_tile<32>
// ballot/any/all/match_any and shfl of 64-bit and double values.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

// Odd values only: the coalesced group of active lanes computes its size
// and each member's rank; the leader adds the group size to a counter.
extern "C" __global__ void cg_coalesced(const int *in, int *rank, int *size, unsigned *count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    rank[i] = -1;
    size[i] = -1;
    if (in[i] & 1) {
        cg::coalesced_group g = cg::coalesced_threads();
        rank[i] = g.thread_rank();
        size[i] = g.size();
        if (g.thread_rank() == 0) atomicAdd(count, g.size());
    }
}

// labeled_partition: lanes with the same key form a group; sum per group.
extern "C" __global__ void cg_labeled(const int *key, const int *val, int *sum, int *gsize) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    cg::coalesced_group g = cg::labeled_partition(warp, key[i] & 3);
    sum[i] = cg::reduce(g, val[i], cg::plus<int>());
    gsize[i] = g.size();
}

// Scans over tiles of 16 and a dynamic partition of 4.
extern "C" __global__ void cg_scans(const int *in, int *incl, int *excl, int *dyn) {
    cg::thread_block block = cg::this_thread_block();
    auto t16 = cg::tiled_partition<16>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    incl[i] = cg::inclusive_scan(t16, v);
    excl[i] = cg::exclusive_scan(t16, v, cg::bit_xor<int>());
    cg::thread_group t4 = cg::tiled_partition(block, 4);
    dyn[i] = t4.thread_rank() * 100 + (int)t4.size();
}

// Warp-tile votes and 64-bit / double shuffles.
extern "C" __global__ void cg_warp_votes(const long long *in, const double *d, unsigned *votes, long long *s64, double *sd) {
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long long v = in[i];
    unsigned b = warp.ballot(v < 0);
    int any = warp.any(v == 0);
    int all = warp.all(v != 7);
    unsigned m = warp.match_any(v & 3);
    if (warp.thread_rank() == 0) {
        votes[2 * (i / 32)] = b;
        votes[2 * (i / 32) + 1] = any | (all << 1);
    }
    s64[2 * i] = warp.shfl(v, (warp.thread_rank() * 7) % 32);
    s64[2 * i + 1] = (long long)m;
    sd[i] = warp.shfl_xor(d[i], 5);
}
