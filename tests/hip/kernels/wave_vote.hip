// Checks: wavefront votes (64 lanes): __ballot (a 64-bit lane mask in an
// SGPR pair), __popcll of it, __any / __all, __lane_id() (v_mbcnt), a lane's
// rank among the lanes whose predicate holds (popcount of the ballot below
// the lane), and a __ballot taken inside a branch that only odd lanes enter
// (inactive lanes contribute 0). The predicate differs per wave (x < wave - 1
// with x in 0..3), so waves see none, some and all lanes voting.
#include <hip/hip_runtime.h>

extern "C" __global__ void wave_vote(const int *in, unsigned long long *ballots,
                                     unsigned long long *odd_ballots, int *counts,
                                     int *anyall, int *lane_info) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int wave = gid / warpSize;
    const unsigned lane = __lane_id();
    const int pred = in[gid] < wave - 1;
    const unsigned long long b = __ballot(pred);
    const unsigned long long below = lane == 0 ? 0ull : (b << (64 - lane));
    const int rank = __popcll(below);
    lane_info[gid] = (int)(lane | (rank << 8) | (pred << 16));
    if (lane & 1) {
        const unsigned long long ob = __ballot(pred);
        if (lane == 1) odd_ballots[wave] = ob;
    }
    const int any_pred = __any(pred);
    const int all_pred = __all(pred);
    const int any_three = __any(in[gid] == 3);
    if (lane == 0) {
        ballots[wave] = b;
        counts[wave] = __popcll(b);
        anyall[3 * wave] = any_pred != 0;
        anyall[3 * wave + 1] = all_pred != 0;
        anyall[3 * wave + 2] = any_three != 0;
    }
}
