// Checks: block-wide votes __syncthreads_count / __syncthreads_and /
// __syncthreads_or (ockl's work-group reductions: a wave reduction, then
// LDS and barriers across the block's 4 waves); every lane writes the
// results it received. The predicate is x < blockIdx.x with x in 0..3, so
// blocks see none, some and all lanes voting.
#include <hip/hip_runtime.h>

extern "C" __global__ void block_vote(const int *in, int *counts, int *ands, int *ors) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int pred = in[gid] < (int)blockIdx.x;
    const int c = __syncthreads_count(pred);
    const int a = __syncthreads_and(pred);
    const int o = __syncthreads_or(pred);
    counts[gid] = c;
    ands[gid] = a != 0;
    ors[gid] = o != 0;
}
