// Checks: wave64 cross-lane operations via AMDGPU builtins: ballot, mbcnt lane counting, readfirstlane, ds_bpermute, ds_swizzle, and a workgroup barrier between waves.
__kernel void wave_ops(__global const int *in, __global int *out) {
    __local int part[4];
    int l = get_local_id(0);
    int v = in[get_global_id(0)];
    ulong mask = __builtin_amdgcn_ballot_w64(v & 1);
    uint lo = (uint)mask, hi = (uint)(mask >> 32);
    int lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    int below = __builtin_amdgcn_mbcnt_hi(hi, __builtin_amdgcn_mbcnt_lo(lo, 0u));
    int first = __builtin_amdgcn_readfirstlane(v);
    int rot = __builtin_amdgcn_ds_bpermute(((lane + 1) & 63) << 2, v);
    int sw = __builtin_amdgcn_ds_swizzle(v, 0x041f);
    if (lane == 0) part[l >> 6] = popcount(lo) + popcount(hi);
    barrier(CLK_LOCAL_MEM_FENCE);
    int total = part[0] + part[1] + part[2] + part[3];
    int base = get_global_id(0) * 6;
    out[base + 0] = lane;
    out[base + 1] = below;
    out[base + 2] = first;
    out[base + 3] = rot;
    out[base + 4] = sw;
    out[base + 5] = total;
}
