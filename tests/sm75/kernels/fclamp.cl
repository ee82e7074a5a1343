// Checks: float clamp/saturate patterns (FMUL.SAT: a -0 product saturates to +0; FMNMX, FSEL) and integer add_sat/sub_sat/clamp.
__kernel void fclamp(__global const float *a, __global const float *b, __global float *of, __global uint *ou,
                     __global int *oi, int n)
{
    int i = get_global_id(0);
    if (i >= n) return;
    float x = a[i], y = b[i];
    of[i * 8 + 0] = clamp(x + y, 0.0f, 1.0f);
    of[i * 8 + 1] = fmin(fmax(x * y, 0.0f), 1.0f);
    of[i * 8 + 2] = clamp(x - y, -1.0f, 1.0f);
    of[i * 8 + 3] = clamp(x, y, 2.0f * fabs(y) + 1.0f);
    of[i * 8 + 4] = fmax(x, 0.0f) * 0.5f;
    of[i * 8 + 5] = clamp(fma(x, y, 0.25f), 0.0f, 1.0f);
    of[i * 8 + 6] = clamp(x * 4.0f, 0.0f, 1.0f);
    of[i * 8 + 7] = clamp(-x + 0.5f, 0.0f, 1.0f);
    uint ux = as_uint(x), uy = as_uint(y);
    int ix = (int)ux, iy = (int)uy;
    ou[i * 4 + 0] = add_sat(ux, uy);
    ou[i * 4 + 1] = sub_sat(ux, uy);
    oi[i * 4 + 0] = add_sat(ix, iy);
    oi[i * 4 + 1] = sub_sat(ix, iy);
    ou[i * 4 + 2] = convert_uint_sat(x * 1e5f);
    ou[i * 4 + 3] = convert_ushort_sat(ix >> 4) + convert_uchar_sat(iy);
    oi[i * 4 + 2] = clamp(ix, -1000000, 1000000);
    oi[i * 4 + 3] = clamp((int)(uy >> 3), iy >> 8, ix >> 8 | 0x1000000);
}
