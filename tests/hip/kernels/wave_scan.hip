// Checks: wavefront prefix sums in the two forms real HIP libraries use:
//   block_scan_shfl_up: a Kogge-Stone inclusive scan of each wave with
//     __shfl_up (offsets 1 .. 32, lanes below the offset keep their value),
//     wave totals through __shared__ memory, a second scan of the totals by
//     the first wave, and the block-wide inclusive scan;
//   wave_scan_dpp: rocPRIM's gfx9 DPP scan with __builtin_amdgcn_update_dpp
//     (row_shr:1/2/4/8 within rows of 16 lanes, row_bcast:15 into rows 1 and
//     3, row_bcast:31 into rows 2 and 3), wave_shr:1 for the exclusive scan
//     and __builtin_amdgcn_readlane(63) for the total.
// Sums wrap like int.
#include <hip/hip_runtime.h>

#define SB 256

extern "C" __global__ void block_scan_shfl_up(const int *in, int *out) {
    __shared__ int wave_totals[SB / 64];
    const int t = threadIdx.x;
    const int gid = blockIdx.x * SB + t;
    const int lane = t % warpSize, wave = t / warpSize;
    int v = in[gid];
    for (int offset = 1; offset < warpSize; offset <<= 1) {
        const int up = __shfl_up(v, offset);
        if (lane >= offset) v += up;
    }
    if (lane == warpSize - 1) wave_totals[wave] = v;
    __syncthreads();
    if (wave == 0) {
        const int nwaves = SB / warpSize;
        int w = lane < nwaves ? wave_totals[lane] : 0;
        for (int offset = 1; offset < nwaves; offset <<= 1) {
            const int up = __shfl_up(w, offset);
            if (lane >= offset) w += up;
        }
        if (lane < nwaves) wave_totals[lane] = w;
    }
    __syncthreads();
    if (wave > 0) v += wave_totals[wave - 1];
    out[gid] = v;
}

// DPP controls (GFX9): row_shr:n = 0x110 + n, wave_shr:1 = 0x138,
// row_bcast:15 = 0x142, row_bcast:31 = 0x143.
#define DPP_ROW_SHR(n) (0x110 + (n))
#define DPP_WAVE_SHR1 0x138
#define DPP_ROW_BCAST15 0x142
#define DPP_ROW_BCAST31 0x143

extern "C" __global__ void wave_scan_dpp(const int *in, int *incl, int *excl, int *totals) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[gid];
    v += __builtin_amdgcn_update_dpp(0, v, DPP_ROW_SHR(1), 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, DPP_ROW_SHR(2), 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, DPP_ROW_SHR(4), 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, DPP_ROW_SHR(8), 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, DPP_ROW_BCAST15, 0xa, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, DPP_ROW_BCAST31, 0xc, 0xf, false);
    incl[gid] = v;
    excl[gid] = __builtin_amdgcn_update_dpp(0, v, DPP_WAVE_SHR1, 0xf, 0xf, false);
    const int total = __builtin_amdgcn_readlane(v, 63);
    if (__lane_id() == 0) totals[gid / 64] = total;
}
