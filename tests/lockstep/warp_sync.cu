// Warp-synchronous CUDA: code that is correct only because a converged warp
// runs in lockstep (on sm_75 ptxas turns a provably converged __syncwarp()
// into NOP). Run by tests/tests/lockstep.rs against Rust references.
#include <cub/block/block_scan.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_exchange.cuh>

// Each lane writes its slot, then reads its partner's (lane ^ 1) and the
// mirror lane's (31 - lane).
extern "C" __global__ void swap_neighbours(const int *in, int *out) {
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncwarp();
    int w = t & ~31, l = t & 31;
    int a = s[w + (l ^ 1)];
    int b = s[w + 31 - l];
    out[2 * (blockIdx.x * blockDim.x + t)] = a;
    out[2 * (blockIdx.x * blockDim.x + t) + 1] = b;
}

// CUB's raking block scan: warp 0 rakes shared-memory segments with
// warp-synchronous code.
extern "C" __global__ void scan_raking(const int *in, int *out) {
    using Scan = cub::BlockScan<int, 128, cub::BLOCK_SCAN_RAKING>;
    __shared__ typename Scan::TempStorage tmp;
    int i = blockIdx.x * 128 + threadIdx.x;
    int v = in[i];
    Scan(tmp).ExclusiveSum(v, v);
    out[i] = v;
}

// CUB's raking block reduction (commutative-only variant).
extern "C" __global__ void reduce_raking(const int *in, int *out) {
    using Reduce = cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>;
    __shared__ typename Reduce::TempStorage tmp;
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int r = Reduce(tmp).Sum(v);
    if (threadIdx.x == 0) out[blockIdx.x] = r;
}

// CUB's warp exchange: 4 items per lane, blocked to striped, through shared
// memory.
extern "C" __global__ void exchange_striped(const int *in, int *out) {
    using Ex = cub::WarpExchange<int, 4, 32>;
    __shared__ typename Ex::TempStorage tmp[2];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    int base = (blockIdx.x * 64 + warp * 32) * 4;
    int items[4];
    for (int k = 0; k < 4; k++) items[k] = in[base + lane * 4 + k];
    Ex(tmp[warp]).BlockedToStriped(items, items);
    for (int k = 0; k < 4; k++) out[base + k * 32 + lane] = items[k];
}

// After a barrier, one warp reads the slot `d` lanes away (d a kernel
// argument), then every
// lane overwrites its own slot: lockstep reads every old value before any
// lane writes. Lane by lane, a lane reading a lower lane's slot (d < 0) would
// see that lane's new value. xisa's lockstep pass cannot tell d at compile
// time: it syncs the wave exactly when some lane's read may hit another
// lane's write (|d| < 32), at run time, and always when the warp spans two
// rows of the block (lanes with equal threadIdx.x then share slots).
extern "C" __global__ void shift_read(const int *in, int *out, int d) {
    __shared__ int s[96];
    int t = threadIdx.x;
    s[t] = -1;
    s[t + 32] = in[t];
    s[t + 64] = -2;
    __syncthreads();
    int v = s[t + 32 + d];
    s[t + 32] = v * 3 + t + 100 * threadIdx.y;
    __syncwarp();
    out[t] = s[t + 32];
}

// A tree reduction's step shape: in each round the lanes below `b` (`b`
// halving from `first`) overwrite their own slot from the slot `b + e` away,
// the other lanes skip both. The lanes that take the branch are fewer than
// min(b, 32) apart, so xisa's check spans that many lanes, not the warp: it
// syncs exactly when some reading lane's slot may be another such lane's
// (for e >= 0 never; for e < 0 while b + e > -b).
// Two arrays, as a sum-and-max reduction keeps, so that ptxas branches
// around the step instead of predicating it.
extern "C" __global__ void bounded_step(const int *in, int *out, int e, unsigned first) {
    __shared__ int s[160];
    __shared__ int m[160];
    unsigned t = threadIdx.x;
    s[t] = -1;
    s[t + 32] = in[t];
    s[t + 96] = -2;
    m[t] = 1;
    m[t + 32] = -in[t];
    m[t + 96] = 2;
    __syncthreads();
    for (unsigned b = first; b != 0; b >>= 1) {
        if (t < b) {
            s[t + 32] = s[t + 32 + b + e] * 3 + (int)t;
            m[t + 32] = max(m[t + 32], m[t + 32 + b + e] + (int)t);
        }
        __syncthreads();
    }
    out[t] = s[t + 32];
    out[t + 64] = m[t + 32];
}

// A tree step whose read is exactly the bound away, `if (t < b) s[t] =
// f(s[t + b])`, `b` a kernel argument. The reads' shared addresses are
// computed in 32 bits (inline PTX), as shared addresses are, so they wrap
// for huge `b`. While `4·b` does not wrap, no lane that takes the branch
// reads a slot another such lane writes: xisa proves the step needs no
// wave sync for every such `b` and checks only `b` against that limit at
// run time. Past it (`b = 2^30 - k`: the reads land `k` slots down) lanes
// read slots lower lanes write, and the lockstep order matters again. Two
// arrays, so that ptxas branches around the step (as in `bounded_step`).
extern "C" __global__ void step_by_bound(const int *in, int *out, unsigned b) {
    __shared__ int s[96];
    __shared__ int m[96];
    unsigned t = threadIdx.x;
    s[t] = -1;
    s[t + 32] = in[t];
    s[t + 64] = -2;
    m[t] = 1;
    m[t + 32] = -in[t];
    m[t + 64] = 2;
    __syncthreads();
    unsigned sb = (unsigned)__cvta_generic_to_shared(s);
    unsigned mb = (unsigned)__cvta_generic_to_shared(m);
    if (t < b) {
        int v, w;
        asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(sb + 4u * (t + 32u + b)));
        s[t + 32] = v * 3 + (int)t;
        asm volatile("ld.shared.u32 %0, [%1];" : "=r"(w) : "r"(mb + 4u * (t + 32u + b)));
        m[t + 32] = max(m[t + 32], w + (int)t);
    }
    __syncthreads();
    out[t] = s[t + 32];
    out[t + 32] = m[t + 32];
}
