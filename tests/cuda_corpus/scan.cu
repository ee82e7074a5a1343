// Prefix scans: CUB BlockScan (RAKING, RAKING_MEMOIZE, WARP_SCANS), WarpScan,
// BlockLoad/BlockStore around a multi-item scan, hand-written shuffle and
// double-buffered shared-memory scans.
#include <cub/block/block_scan.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_scan.cuh>

// Inclusive sum, RAKING; the block aggregate goes to agg[block].
extern "C" __global__ void cub_scan_raking_inclusive(const int *in, int *out, int *agg) {
    using S = cub::BlockScan<int, 128, cub::BLOCK_SCAN_RAKING>;
    __shared__ typename S::TempStorage tmp;
    int i = blockIdx.x * 128 + threadIdx.x;
    int v = in[i], total;
    S(tmp).InclusiveSum(v, v, total);
    out[i] = v;
    if (threadIdx.x == 0) agg[blockIdx.x] = total;
}

// Exclusive running max (RAKING_MEMOIZE) with INT_MIN as the identity.
extern "C" __global__ void cub_scan_memoize_max(const int *in, int *out) {
    using S = cub::BlockScan<int, 96, cub::BLOCK_SCAN_RAKING_MEMOIZE>;
    __shared__ typename S::TempStorage tmp;
    int i = blockIdx.x * 96 + threadIdx.x;
    int v = in[i];
    S(tmp).ExclusiveScan(v, v, INT_MIN, cub::Max());
    out[i] = v;
}

// WARP_SCANS, 4 items per thread loaded with BlockLoad (WARP_TRANSPOSE) and
// stored with BlockStore; 64-bit unsigned exclusive sum.
extern "C" __global__ void cub_scan_warp_scans_items(const unsigned long long *in, unsigned long long *out) {
    using L = cub::BlockLoad<unsigned long long, 64, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
    using St = cub::BlockStore<unsigned long long, 64, 4, cub::BLOCK_STORE_WARP_TRANSPOSE>;
    using S = cub::BlockScan<unsigned long long, 64, cub::BLOCK_SCAN_WARP_SCANS>;
    __shared__ union {
        typename L::TempStorage l;
        typename St::TempStorage st;
        typename S::TempStorage s;
    } tmp;
    unsigned long long items[4];
    int base = blockIdx.x * 256;
    L(tmp.l).Load(in + base, items);
    __syncthreads();
    S(tmp.s).ExclusiveSum(items, items);
    __syncthreads();
    St(tmp.st).Store(out + base, items);
}

// WarpScan over 32 lanes: inclusive and exclusive sum, per warp.
extern "C" __global__ void cub_warp_scan(const int *in, int *incl, int *excl) {
    using W = cub::WarpScan<int>;
    __shared__ typename W::TempStorage tmp[2];
    int i = blockIdx.x * 64 + threadIdx.x;
    int v = in[i], a, b;
    W(tmp[threadIdx.x / 32]).InclusiveSum(v, a);
    W(tmp[threadIdx.x / 32]).ExclusiveSum(v, b);
    incl[i] = a;
    excl[i] = b;
}

// Kogge-Stone scan with __shfl_up_sync, warp totals combined through shared
// memory (the CUDA samples' shfl_scan shape).
extern "C" __global__ void shfl_block_scan(const int *in, int *out) {
    __shared__ int sums[32];
    int t = threadIdx.x, lane = t & 31, warp = t >> 5;
    int i = blockIdx.x * blockDim.x + t;
    int v = in[i];
    for (int o = 1; o < 32; o <<= 1) {
        int n = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += n;
    }
    if (lane == 31) sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int w = lane < (int)(blockDim.x >> 5) ? sums[lane] : 0;
        for (int o = 1; o < 32; o <<= 1) {
            int n = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += n;
        }
        sums[lane] = w;
    }
    __syncthreads();
    if (warp > 0) v += sums[warp - 1];
    out[i] = v;
}

// Hillis-Steele inclusive scan over a double buffer in dynamic shared memory
// (float, integer-valued inputs so sums are exact).
extern "C" __global__ void hillis_steele_scan(const float *in, float *out) {
    extern __shared__ float buf[];
    int t = threadIdx.x, n = blockDim.x;
    int pout = 0, pin = 1;
    buf[t] = in[blockIdx.x * n + t];
    __syncthreads();
    for (int off = 1; off < n; off <<= 1) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (t >= off) buf[pout * n + t] = buf[pin * n + t] + buf[pin * n + t - off];
        else buf[pout * n + t] = buf[pin * n + t];
        __syncthreads();
    }
    out[blockIdx.x * n + t] = buf[pout * n + t];
}
