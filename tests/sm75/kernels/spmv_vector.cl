// Checks: CSR SpMV, one workgroup per row: strided partial sums (empty rows, rows longer than the group, groups past the last row), __local tree reduction through a __local pointer argument.
__kernel void spmv_vector(__global const float *val, __global const int *cols, __global const int *rowptr,
                          __global const float *x, __global float *y, int nrows, __local float *part) {
    int r = get_group_id(0);
    int l = get_local_id(0);
    int ls = get_local_size(0);
    float s = 0.0f;
    if (r < nrows) {
        int beg = rowptr[r], end = rowptr[r + 1];
        for (int k = beg + l; k < end; k += ls)
            s += val[k] * x[cols[k]];
    }
    part[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = ls / 2; o > 0; o >>= 1) {
        if (l < o) part[l] += part[l + o];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0 && r < nrows) y[r] = part[0];
}
