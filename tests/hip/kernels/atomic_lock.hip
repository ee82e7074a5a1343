// Checks: double-precision atomics and a lock-protected critical section.
//   atomicAdd on a __shared__ double (ds_add_f64 or a CAS loop) summing a
//   block's values, written out per block, and atomicAdd on global doubles
//   (global_atomic_add_f64) of quarters of the values; integer-valued and
//   quarter addends keep every sum exact in any order.
//   A spinlock per slot (one int per slot; atomicCAS 0 -> 1 acquires,
//   atomicExch(.., 0) releases, __threadfence on both sides) protecting a
//   plain, non-atomic read-modify-write of that slot's sum, count and
//   maximum. The lanes of a wave take turns (a loop over the lane ids), so
//   two lanes of one wave never spin on one lock: with the "done flag"
//   idiom (CAS and critical section in one loop iteration) clang-19 moves
//   the critical section after the spin loop, where a lane that holds the
//   lock waits at the loop exit for a lane of its own wave spinning on it.
#include <hip/hip_runtime.h>

#define NSLOTS 8

extern "C" __global__ void atomic_double_lock(const int *in, double *block_sums,
                                              double *quarter_sums, int *locks, int *slot_sum,
                                              int *slot_count, int *slot_max, int n) {
    __shared__ double block_total;
    if (threadIdx.x == 0) block_total = 0.0;
    __syncthreads();
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const int x = in[i];
        atomicAdd(&block_total, (double)x);
        atomicAdd(&quarter_sums[i % 2], 0.25 * x);
        const int s = (x & 0xff) % NSLOTS;
        // One lane of the wave at a time takes its slot's lock: lanes of a
        // wave share a program counter, so two of them spinning on one lock
        // would wait forever for each other.
        for (int l = 0; l < warpSize; ++l) {
            if (__lane_id() == l) {
                while (atomicCAS(&locks[s], 0, 1) != 0) {
                }
                __threadfence();
                slot_sum[s] += x;
                slot_count[s] += 1;
                if (x > slot_max[s]) slot_max[s] = x;
                __threadfence();
                atomicExch(&locks[s], 0);
            }
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) block_sums[blockIdx.x] = block_total;
}
