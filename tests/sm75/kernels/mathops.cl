// Checks: conversions and float math (I2F, F2I, MUFU, FMNMX, IABS, IMNMX, POPC, clz, shifts, select).
__kernel void mathops(__global const int *in, __global float *f, __global int *o, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    int v = in[i];
    float x = (float)v;
    float r = native_recip(x + 1.5f) + native_sqrt(fabs(x)) + native_rsqrt(x * x + 1.0f);
    f[i] = fmax(r, x * 0.5f) - fmin(r, 2.0f);
    o[i] = abs(v) + min(v, 7) + max(v, -7) + popcount(v) + clz(v) + (int)(r * 3.0f) +
           (v > 3 ? (v << 3) : (int)((uint)v >> 5)) + (int)rotate((uint)v, 7u);
}
