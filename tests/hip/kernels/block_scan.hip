// Checks: block-wide prefix sums in shared memory:
//   scan_hillis_steele: inclusive scan of one 256-int segment per block,
//     double-buffered (ping-pong between two halves of a __shared__ array,
//     offsets 1, 2, 4, ...), a barrier per step;
//   scan_blelloch: the work-efficient exclusive scan of 512 ints per block
//     with 256 lanes (up-sweep, clear the root, down-sweep), also writing the
//     block total. Sums wrap like int.
#include <hip/hip_runtime.h>

#define SCAN_BLOCK 256

extern "C" __global__ void scan_hillis_steele(const int *in, int *out) {
    __shared__ int buf[2 * SCAN_BLOCK];
    const int tid = threadIdx.x;
    const int base = blockIdx.x * SCAN_BLOCK;
    int pout = 0, pin = 1;
    buf[pout * SCAN_BLOCK + tid] = in[base + tid];
    __syncthreads();
    for (int offset = 1; offset < SCAN_BLOCK; offset <<= 1) {
        pout = 1 - pout;
        pin = 1 - pout;
        int v = buf[pin * SCAN_BLOCK + tid];
        if (tid >= offset) v += buf[pin * SCAN_BLOCK + tid - offset];
        buf[pout * SCAN_BLOCK + tid] = v;
        __syncthreads();
    }
    out[base + tid] = buf[pout * SCAN_BLOCK + tid];
}

extern "C" __global__ void scan_blelloch(const int *in, int *out, int *totals) {
    __shared__ int temp[2 * SCAN_BLOCK];
    const int tid = threadIdx.x;
    const int n = 2 * SCAN_BLOCK;
    const int base = blockIdx.x * n;
    temp[2 * tid] = in[base + 2 * tid];
    temp[2 * tid + 1] = in[base + 2 * tid + 1];
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            const int ai = offset * (2 * tid + 1) - 1;
            const int bi = offset * (2 * tid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset <<= 1;
    }
    if (tid == 0) {
        totals[blockIdx.x] = temp[n - 1];
        temp[n - 1] = 0;
    }
    for (int d = 1; d < n; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            const int ai = offset * (2 * tid + 1) - 1;
            const int bi = offset * (2 * tid + 2) - 1;
            const int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    out[base + 2 * tid] = temp[2 * tid];
    out[base + 2 * tid + 1] = temp[2 * tid + 1];
}
