// Checks: stream compaction through an atomic counter (ATOMG.ADD with return, predicated stores).
__kernel void compact(__global const int *in, __global int *out, __global int *count, int n) {
    int i = get_global_id(0);
    if (i < n && in[i] > 0) {
        int slot = atomic_inc(count);
        out[slot] = in[i];
    }
}
