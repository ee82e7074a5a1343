/* OpenCL C twin of tests/kernels/prefix_scan.xir: per-workgroup inclusive
 * prefix sum (Hillis-Steele, wrapping u32) in local memory with two ping-pong
 * buffers, one barrier per phase. Workgroups of 128 work-items. */
__kernel void prefix_scan(__global const uint *in, __global uint *out) {
    __local uint buf[2][128];
    uint tid = get_local_id(0), ntid = get_local_size(0);
    uint gid = get_group_id(0) * ntid + tid;
    buf[0][tid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint pin = 0;
    for (uint off = 1; off < ntid; off <<= 1) {
        uint v = buf[pin][tid];
        if (tid >= off) {
            v += buf[pin][tid - off];
        }
        buf[1 - pin][tid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        pin = 1 - pin;
    }
    out[gid] = buf[pin][tid];
}
