// Checks: cooperative groups (hip/hip_cooperative_groups.h, ROCm 5.2):
// this_thread_block() with thread_rank() / size() / group_index() and
// sync(), tiled_partition<16> (a 16-lane tile inside the 64-lane wave)
// reduced with .shfl_down over .size() / 2 .. 1 and written by
// .thread_rank() 0, then the tile sums reduced by one tiled_partition<32>
// tile after a block.sync(). Integer sums: order-free.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

#define CG_BLOCK 256

template <unsigned Size>
__device__ int tile_sum(const cg::thread_block_tile<Size> &tile, int v) {
    for (unsigned offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
    return v;  // complete on tile.thread_rank() == 0
}

extern "C" __global__ void coop_tile_reduce(const int *in, int *tile_sums, int *block_sums) {
    __shared__ int partial[CG_BLOCK / 16];
    cg::thread_block block = cg::this_thread_block();
    const unsigned rank = block.thread_rank();
    const unsigned gid = block.group_index().x * block.size() + rank;
    const int v = in[gid];
    cg::thread_block_tile<16> tile16 = cg::tiled_partition<16>(block);
    const int s16 = tile_sum(tile16, v);
    if (tile16.thread_rank() == 0) {
        tile_sums[gid / 16] = s16;
        partial[rank / 16] = s16;
    }
    block.sync();
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
    if (rank < 32) {
        const int w = tile32.thread_rank() < CG_BLOCK / 16 ? partial[tile32.thread_rank()] : 0;
        const int total = tile_sum(tile32, w);
        if (tile32.thread_rank() == 0) block_sums[block.group_index().x] = total;
    }
}
