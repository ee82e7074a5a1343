// Checks: global-memory atomic histogram (atomic_inc on __global int: ATOMG/RED.ADD).
__kernel void hist_global(__global const uchar *in, __global int *bins, int n) {
    int i = get_global_id(0);
    if (i < n) atomic_inc(&bins[in[i] & 63]);
}
