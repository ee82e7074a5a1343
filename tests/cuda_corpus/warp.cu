// Warp-level voting and compaction: __ballot_sync, __any_sync, __all_sync,
// __activemask, __popc/__ffs prefix counts, __match_any_sync, divergent
// branches, __shfl_sync broadcast with sub-warp widths.

// Stream compaction, deterministic: each block keeps the elements > thr in
// order; warp offsets from __ballot_sync/__popc, block offsets through
// shared memory. counts[block] = kept.
extern "C" __global__ void compact_ballot(const int *in, int thr, int *out, int *counts) {
    __shared__ int warp_base[8];
    int t = threadIdx.x, lane = t & 31, warp = t >> 5;
    int v = in[blockIdx.x * blockDim.x + t];
    bool keep = v > thr;
    unsigned mask = __ballot_sync(0xffffffffu, keep);
    int rank = __popc(mask & ((1u << lane) - 1));
    if (lane == 0) warp_base[warp] = __popc(mask);
    __syncthreads();
    if (t == 0) {
        int acc = 0;
        for (int w = 0; w < (int)(blockDim.x >> 5); w++) {
            int c = warp_base[w];
            warp_base[w] = acc;
            acc += c;
        }
        counts[blockIdx.x] = acc;
    }
    __syncthreads();
    if (keep) out[blockIdx.x * blockDim.x + warp_base[warp] + rank] = v;
}

// Unordered compaction with a warp-aggregated atomic on a global counter:
// only active lanes (inside a divergent branch) take part, via __activemask.
extern "C" __global__ void compact_aggregated(const int *in, int n, int *out, int *count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    if (v & 1) {
        unsigned active = __activemask();
        int leader = __ffs(active) - 1;
        int lane = threadIdx.x & 31;
        int base = 0;
        if (lane == leader) base = atomicAdd(count, __popc(active));
        base = __shfl_sync(active, base, leader);
        out[base + __popc(active & ((1u << lane) - 1))] = v;
    }
}

// Votes: per warp, ballot of sign bits, any/all over two predicates,
// the active mask inside a branch taken by lanes with lane % 3 == 0.
extern "C" __global__ void votes(const int *in, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    unsigned b = __ballot_sync(0xffffffffu, v < 0);
    int any0 = __any_sync(0xffffffffu, v == 0);
    int allp = __all_sync(0xffffffffu, v > -1000000);
    unsigned am = 0;
    if (lane % 3 == 0) am = __activemask();
    unsigned sub = 0;
    if (lane < 20) sub = __ballot_sync(0x000fffffu, v & 4);
    if (lane == 0) {
        int w = i / 32;
        out[5 * w] = b;
        out[5 * w + 1] = any0;
        out[5 * w + 2] = allp;
        out[5 * w + 3] = am;
        out[5 * w + 4] = sub;
    }
}

// __match_any_sync on 32-bit and 64-bit keys: each lane writes its peer mask.
extern "C" __global__ void match_any(const unsigned *k32, const unsigned long long *k64, unsigned *m32, unsigned *m64) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    m32[i] = __match_any_sync(0xffffffffu, k32[i]);
    m64[i] = __match_any_sync(0xffffffffu, k64[i]);
}

// __match_all_sync: whether all lanes of each 32-lane warp hold the same
// key; pred written as well.
extern "C" __global__ void match_all(const int *k, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int pred;
    unsigned m = __match_all_sync(0xffffffffu, k[i], &pred);
    out[2 * i] = m;
    out[2 * i + 1] = pred;
}

// __shfl_sync with width 8 (segmented broadcast from lane 3 of each
// segment), __shfl_up/down with width 16 and an out-of-segment source.
extern "C" __global__ void shfl_widths(const int *in, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    out[4 * i] = __shfl_sync(0xffffffffu, v, 3, 8);
    out[4 * i + 1] = __shfl_up_sync(0xffffffffu, v, 5, 16);
    out[4 * i + 2] = __shfl_down_sync(0xffffffffu, v, 5, 16);
    out[4 * i + 3] = __shfl_xor_sync(0xffffffffu, v, 9, 32);
}

// Warp-level radix-style partition: per lane, the number of lanes with a
// smaller key (ballots over the key's 4 bits) -> a stable rank.
extern "C" __global__ void warp_rank4(const unsigned *keys, unsigned *rank) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned k = keys[i] & 15;
    unsigned less = 0, eq = 0xffffffffu;
    for (int b = 3; b >= 0; b--) {
        unsigned ones = __ballot_sync(0xffffffffu, (k >> b) & 1);
        unsigned bit = (k >> b) & 1;
        if (bit) less |= eq & ~ones;
        eq &= bit ? ones : ~ones;
    }
    rank[i] = __popc(less) + __popc(eq & ((1u << lane) - 1));
}
