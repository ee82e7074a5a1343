// Checks: stream compaction through a global atomic counter (the order of
// the compacted elements depends on timing; their multiset and the count do
// not):
//   compact_atomic: one atomicAdd(count, 1) per kept element, its returned
//     old value as the slot;
//   compact_wave_aggregated: the warp-aggregated form: __ballot of the
//     predicate, the wave's first active lane reserves __popcll(ballot)
//     slots with one atomicAdd, broadcasts the base with __shfl, each lane
//     adds its rank (popcount of the ballot below it).
#include <hip/hip_runtime.h>

extern "C" __global__ void compact_atomic(const int *in, int *out, int *count, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const int x = in[i];
        if (x > 0) out[atomicAdd(count, 1)] = x;
    }
}

extern "C" __global__ void compact_wave_aggregated(const int *in, int *out, int *count, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int keep = (x & 1) != 0;
    const unsigned long long mask = __ballot(keep);
    const unsigned lane = __lane_id();
    const int leader = __ffsll((long long)mask) - 1;
    int base = 0;
    if (mask != 0 && (int)lane == leader) base = atomicAdd(count, __popcll(mask));
    base = __shfl(base, leader < 0 ? 0 : leader);
    if (keep) {
        const unsigned long long below = mask & ((1ull << lane) - 1ull);
        out[base + __popcll(below)] = x;
    }
}
