// Checks: bitonic sort of 256 ints per block in __shared__ memory (one lane
// per element): the k / j double loop, partners tid ^ j, the direction from
// tid & k, compare-and-swap of LDS values by the lower lane, a barrier after
// every pass. Each block sorts its own segment ascending (signed compare).
#include <hip/hip_runtime.h>

#define SORT_N 256

extern "C" __global__ void __launch_bounds__(SORT_N) bitonic_sort256(int *data) {
    __shared__ int s[SORT_N];
    const unsigned tid = threadIdx.x;
    int *seg = data + blockIdx.x * SORT_N;
    s[tid] = seg[tid];
    __syncthreads();
    for (unsigned k = 2; k <= SORT_N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            const unsigned ixj = tid ^ j;
            if (ixj > tid) {
                const int a = s[tid], b = s[ixj];
                const bool ascending = (tid & k) == 0;
                if ((a > b) == ascending) {
                    s[tid] = b;
                    s[ixj] = a;
                }
            }
            __syncthreads();
        }
    }
    seg[tid] = s[tid];
}
