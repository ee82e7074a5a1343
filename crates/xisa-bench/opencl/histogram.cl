/* OpenCL C twin of tests/kernels/histogram.xir: 64-bin histogram of data[0..n]
 * (values < 64) with a grid-stride loop. Each workgroup counts into local bins
 * (odd indices with atomic_inc, even ones with atomic_add), merged into hist
 * with global atomics; hist2 is counted directly with global atomics. */
__kernel void histogram(__global const uint *data, uint n, __global uint *hist,
                        __global uint *hist2) {
    __local uint bins[64];
    uint tid = get_local_id(0), ntid = get_local_size(0);
    for (uint i = tid; i < 64; i += ntid) {
        bins[i] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint stride = ntid * get_num_groups(0);
    for (uint i = get_group_id(0) * ntid + tid; i < n; i += stride) {
        uint v = data[i] & 63;
        if (i & 1) {
            atomic_inc(&bins[v]);
        } else {
            atomic_add(&bins[v], 1u);
        }
        atomic_add(&hist2[v], 1u);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = tid; i < 64; i += ntid) {
        atomic_add(&hist[i], bins[i]);
    }
}
