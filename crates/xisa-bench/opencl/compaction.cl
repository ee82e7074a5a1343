/* OpenCL C twin of tests/kernels/compaction.xir: stream compaction of the
 * values v % 3 == 0 of in[0..n] through one global atomic counter, aggregated
 * per wave of 32 work-items. OpenCL 1.2 has no ballot/shuffle, so the wave
 * aggregation goes through local memory: each selected lane takes its rank in
 * its wave with a local atomic_inc, the wave's first lane reserves the wave's
 * count with one global atomic_add (the old value is the base, as in the IR),
 * and every selected lane writes out[base + rank]. Lanes past n take part in
 * the barriers but select nothing. Output order depends on scheduling (as in
 * the IR): counter and the multiset of out[0..counter] are the result. */
#define WAVE 32
__kernel void compaction(__global const uint *in, uint n, __global uint *counter,
                         __global uint *out) {
    __local uint count[256 / WAVE];
    __local uint base[256 / WAVE];
    uint tid = get_local_id(0);
    uint gid = get_group_id(0) * get_local_size(0) + tid;
    uint wave = tid / WAVE;
    if (tid % WAVE == 0) {
        count[wave] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v = 0, rank = 0;
    int sel = 0;
    if (gid < n) {
        v = in[gid];
        sel = v % 3 == 0;
        if (sel) {
            rank = atomic_inc(&count[wave]);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid % WAVE == 0 && gid < n) {
        base[wave] = atomic_add(counter, count[wave]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (sel) {
        out[base[wave] + rank] = v;
    }
}
