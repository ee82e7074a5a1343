// Checks: shared-memory histogram (ATOMS.ADD) with barriers, merged into global bins.
__kernel void hist_shared(__global const uchar *in, __global int *bins, int n) {
    __local int lb[64];
    int l = get_local_id(0);
    if (l < 64) lb[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = get_global_id(0);
    if (i < n) atomic_add(&lb[in[i] & 63], 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 64) atomic_add(&bins[l], lb[l]);
}
