/* OpenCL C twin of tests/kernels/reduce_tree.xir: per-workgroup tree reduction
 * in local memory, a wrapping u32 sum and a max, halving the active lanes each
 * phase with a barrier between phases; lane 0 writes out[2g] = sum,
 * out[2g+1] = max. Workgroups of 256 work-items. */
__kernel void reduce_tree(__global const uint *in, __global uint *out) {
    __local uint sum[256];
    __local uint mx[256];
    uint tid = get_local_id(0), ntid = get_local_size(0);
    uint v = in[get_group_id(0) * ntid + tid];
    sum[tid] = v;
    mx[tid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = ntid >> 1; stride != 0; stride >>= 1) {
        if (tid < stride) {
            sum[tid] += sum[tid + stride];
            mx[tid] = max(mx[tid], mx[tid + stride]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        /* Two stores, not vstore2: libclc for amdgcn has no vstore2 on a
         * generic pointer, which is what clang passes it here. */
        out[2 * get_group_id(0)] = sum[0];
        out[2 * get_group_id(0) + 1] = mx[0];
    }
}
