/* OpenCL C twin of tests/kernels/grid_stride.xir (saxpy): grid-stride loop over
 * n elements; y[i] = fma(alpha, x[i], y[i]) (one rounding) and
 * z[i] = alpha * x[i] + y[i] with a separate multiply and add (two roundings:
 * contraction off). Element-wise, so the results are bit-exact. */
#pragma OPENCL FP_CONTRACT OFF
__kernel void grid_stride(uint n, float alpha, __global const float *x,
                          __global float *y, __global float *z) {
    uint stride = get_local_size(0) * get_num_groups(0);
    for (uint i = get_group_id(0) * get_local_size(0) + get_local_id(0); i < n;
         i += stride) {
        float xv = x[i], yv = y[i];
        float m = alpha * xv;
        m = m + yv;
        y[i] = fma(alpha, xv, yv);
        z[i] = m;
    }
}
