// Checks: two kernels in one code object (metadata order, code boundaries between functions) with a float scalar argument (saxpy) and 64-bit stores (iota64).
__kernel void saxpy(float a, __global const float *x, __global float *y, int n) {
    int i = get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}

__kernel void iota64(__global ulong *out, uint hi, uint stride) {
    size_t i = get_global_id(0);
    out[i] = ((ulong)hi << 32) + (ulong)i * stride;
}
