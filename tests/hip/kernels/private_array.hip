// Checks: per-thread private arrays indexed with run-time indices, which the
// backend cannot keep in fixed registers (scratch memory or indexed VGPR
// moves): every lane insertion-sorts its own 16 ints in a local array
// (data-dependent shifts), builds a private 8-bin histogram of its values'
// low 3 bits with dynamic increments, and reads back one element at an index
// taken from its input.
#include <hip/hip_runtime.h>

#define LEN 16

// len (at most LEN) is a kernel argument, so the loops cannot be unrolled
// into fixed register names.
extern "C" __global__ void private_sort16(const int *in, int *sorted, int *hist, int *picks,
                                          int len) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v[LEN];
    int h[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int e = 0; e < len; ++e) {
        v[e] = in[t * LEN + e];
        ++h[v[e] & 7];
    }
    for (int a = 1; a < len; ++a) {
        const int key = v[a];
        int b = a - 1;
        while (b >= 0 && v[b] > key) {
            v[b + 1] = v[b];
            --b;
        }
        v[b + 1] = key;
    }
    for (int e = 0; e < len; ++e) sorted[t * LEN + e] = v[e];  // sorted[t * LEN + len ..] stay 0
    for (int e = 0; e < 8; ++e) hist[t * 8 + e] = h[e];
    // The element of rank in[t * LEN] mod len and the bin of the middle
    // element's low 3 bits.
    picks[2 * t] = v[(unsigned)in[t * LEN] % len];
    picks[2 * t + 1] = h[v[len / 2] & 7];
}
