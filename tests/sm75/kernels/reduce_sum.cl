// Checks: shared-memory tree reduction with barriers (LDS/STS/BAR), one partial per group.
__kernel void reduce_sum(__global const float *in, __global float *out, int n) {
    __local float s[256];
    int l = get_local_id(0);
    int i = get_global_id(0);
    s[l] = i < n ? in[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (l < k) s[l] += s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[get_group_id(0)] = s[0];
}
