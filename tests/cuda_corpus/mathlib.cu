// More of the CUDA math library: exact functions (fmodf, remainderf,
// ldexpf, frexpf, modff, ilogbf, nextafterf, fdimf, hypot edge cases) and
// approximate ones (atan2f, hypotf, cbrtf, asinf, acosf, atanf, sinhf,
// coshf, expm1f, log1pf, log10f, tanf), float and double; directed
// rounding intrinsics.

extern "C" __global__ void f32_exact_lib(const float *a, const float *b, float *out, int *iout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float *o = out + 8 * i;
    int e;
    o[0] = fmodf(x, y);
    o[1] = remainderf(x, y);
    o[2] = ldexpf(x, (int)y % 40);
    o[3] = frexpf(x, &e);
    float ip;
    o[4] = modff(x, &ip);
    o[5] = ip;
    o[6] = nextafterf(x, y);
    o[7] = fdimf(x, y);
    iout[2 * i] = e;
    iout[2 * i + 1] = ilogbf(x);
}

extern "C" __global__ void f32_approx_lib(const float *a, const float *b, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float *o = out + 12 * i;
    o[0] = atan2f(x, y);
    o[1] = hypotf(x, y);
    o[2] = cbrtf(x);
    o[3] = asinf(x / 11.0f);
    o[4] = acosf(x / 11.0f);
    o[5] = atanf(y);
    o[6] = sinhf(x);
    o[7] = coshf(x);
    o[8] = expm1f(x);
    o[9] = log1pf(fabsf(y));
    o[10] = log10f(fabsf(y));
    o[11] = tanf(x);
}

extern "C" __global__ void f64_lib(const double *a, const double *b, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i];
    double *o = out + 8 * i;
    o[0] = fmod(x, y);
    o[1] = remainder(x, y);
    o[2] = atan2(x, y);
    o[3] = hypot(x, y);
    o[4] = cbrt(x);
    o[5] = log1p(fabs(y));
    o[6] = expm1(x / 16.0);
    o[7] = tan(x / 8.0);
}

// Directed rounding intrinsics (interval arithmetic).
extern "C" __global__ void directed_rounding(const float *a, const float *b, float *f, const double *c, const double *d, double *g, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    f[8 * i] = __fadd_rd(x, y);
    f[8 * i + 1] = __fadd_ru(x, y);
    f[8 * i + 2] = __fmul_rz(x, y);
    f[8 * i + 3] = __fdiv_ru(x, y);
    f[8 * i + 4] = __fdiv_rd(x, y);
    f[8 * i + 5] = __fsqrt_rd(fabsf(x));
    f[8 * i + 6] = __fmaf_rz(x, y, 1.0f);
    f[8 * i + 7] = __frcp_ru(y);
    double u = c[i], v = d[i];
    g[6 * i] = __dadd_rd(u, v);
    g[6 * i + 1] = __dmul_ru(u, v);
    g[6 * i + 2] = __ddiv_rz(u, v);
    g[6 * i + 3] = __dsqrt_ru(fabs(u));
    g[6 * i + 4] = __fma_rd(u, v, 1.0);
    g[6 * i + 5] = __drcp_rd(v);
}
