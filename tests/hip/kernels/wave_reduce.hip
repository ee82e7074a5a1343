// Checks: wavefront-level reductions with cross-lane shuffles (wave64 on
// gfx942; the headers lower __shfl_* to ds_bpermute_b32):
//   wave_reduce_down: the __shfl_down tree (offsets warpSize/2 .. 1), lane 0
//     of each wave writes the wave's int sum;
//   wave_allreduce_xor: the __shfl_xor butterfly, every lane ends with the
//     result: int sum, int max, float sum (integer values: exact), and a
//     segmented sum over groups of 16 lanes (the width argument).
#include <hip/hip_runtime.h>

extern "C" __global__ void wave_reduce_down(const int *in, int *wave_sums) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[gid];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) {
        v += __shfl_down(v, offset);
    }
    if (threadIdx.x % warpSize == 0) {
        wave_sums[gid / warpSize] = v;
    }
}

extern "C" __global__ void wave_allreduce_xor(const int *in, int *sums, int *maxes,
                                              float *fsums, int *seg16) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = in[gid];
    int s = x, m = x, g = x;
    float f = (float)x;
    for (int mask = warpSize / 2; mask > 0; mask >>= 1) {
        s += __shfl_xor(s, mask);
        m = max(m, __shfl_xor(m, mask));
        f += __shfl_xor(f, mask);
    }
    for (int mask = 8; mask > 0; mask >>= 1) {
        g += __shfl_xor(g, mask, 16);
    }
    sums[gid] = s;
    maxes[gid] = m;
    fsums[gid] = f;
    seg16[gid] = g;
}
