// Wave-synchronous OpenCL C for gfx942: lanes of one wave64 talk through LDS
// with no s_barrier, relying on lockstep execution (HIP's
// __builtin_amdgcn_wave_barrier() orders the compiler only and emits no
// instruction). Run by tests/tests/lockstep.rs against Rust references.

// Each lane writes its slot, then reads its partner's (lane ^ 1) and the
// mirror lane's (63 - lane).
kernel void swap_neighbours(global const int *in, global int *out) {
    local int s[256];
    int t = get_local_id(0);
    int g = get_global_id(0);
    s[t] = in[g];
    __builtin_amdgcn_wave_barrier();
    int w = t & ~63, l = t & 63;
    out[2 * g] = s[w + (l ^ 1)];
    out[2 * g + 1] = s[w + 63 - l];
}

// A wave reduction through LDS: halve the active range each step, reading
// the upper half's partial sums the lanes wrote in the step before.
kernel void wave_reduce(global const int *in, global int *out) {
    local volatile int s[256];
    int t = get_local_id(0);
    int w = t & ~63, l = t & 63;
    s[t] = in[get_global_id(0)];
    __builtin_amdgcn_wave_barrier();
    for (int d = 32; d > 0; d >>= 1) {
        if (l < d) s[t] += s[t + d];
        __builtin_amdgcn_wave_barrier();
    }
    if (l == 0) out[get_group_id(0) * 4 + w / 64] = s[t];
}
