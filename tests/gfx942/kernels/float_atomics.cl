// Checks: native f32 atomic add on global (global_atomic_add_f32, with and without return) and LDS (ds_add_f32 / ds_add_rtn_f32) and f64 add on global, with exact sums.
__kernel void float_atomics(__global const float *in, __global float *acc, __global double *dacc,
                            __global int *hits) {
    __local float ls[4];
    __local float lt;
    int l = get_local_id(0);
    int i = get_global_id(0);
    if (l < 4) ls[l] = 0.0f;
    if (l == 0) lt = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = in[i];
    __atomic_fetch_add(&acc[i & 3], v, __ATOMIC_RELAXED);
    __atomic_fetch_add(&ls[l & 3], v, __ATOMIC_RELAXED);
    // Returning forms as tickets: the old value (an exact integer) indexes a table.
    float t = __atomic_fetch_add(&acc[4], 1.0f, __ATOMIC_RELAXED);
    hits[(int)t] += 1;
    float lt_old = __atomic_fetch_add(&lt, 1.0f, __ATOMIC_RELAXED);
    __atomic_fetch_add(&dacc[i & 1], (double)v * 0.5, __ATOMIC_RELAXED);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 4) __atomic_fetch_add(&acc[8 + l], ls[l], __ATOMIC_RELAXED);
    if (lt_old == 0.0f) __atomic_fetch_add(&acc[12], lt, __ATOMIC_RELAXED);
}
