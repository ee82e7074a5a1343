// Warp-level kernels: __match_any_sync / __match_all_sync (MATCH), a
// warp-aggregated atomic (VOTEU.ANY + FLO/UFLO + POPC + one ATOMG), and a
// loop with breaks out of divergent code (BSSY/BSYNC/BREAK).
extern "C" __global__ void match(const unsigned *v32, const unsigned long long *v64,
                                 unsigned *any32, unsigned *any64, unsigned *all32,
                                 int *pall32, unsigned *all64, int *pall64) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // Lanes with the top bit set sit out, so the match sees a partial warp.
    if (v32[i] & 0x80000000u) return;
    unsigned m = __activemask();
    any32[i] = __match_any_sync(m, v32[i]);
    any64[i] = __match_any_sync(m, v64[i]);
    int p;
    all32[i] = __match_all_sync(m, v32[i] & 0xff0000u, &p);
    pall32[i] = p;
    all64[i] = __match_all_sync(m, v64[i] >> 40, &p);
    pall64[i] = p;
}

extern "C" __global__ void wagg(unsigned *counter, unsigned *ticket, const int *skip, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || skip[i]) return;
    ticket[i] = atomicAdd(counter, 1u);
}

// The same on a uniform address inside a uniform loop (UFLO on sm_75).
extern "C" __global__ void wagg_loop(unsigned *counter, unsigned *ticket, int reps) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned t = 0;
    for (int r = 0; r < reps; r++) t += atomicAdd(&counter[r & 3], 1u) & 0xff;
    ticket[i] = t;
}

extern "C" __global__ void brk(const int *lim, const int *stop, int *out, int *lanes, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int acc = 0, act = 0;
    for (int j = 0; j < lim[i]; j++) {
        if ((j * 7 + i) % 5 == 0) {
            acc += j;
            if (acc > stop[i]) break;
        } else {
            acc ^= j << 1;
            if (j == stop[i]) break;
        }
        act += __popc(__activemask());
    }
    out[i] = acc;
    lanes[i] = act;
}
