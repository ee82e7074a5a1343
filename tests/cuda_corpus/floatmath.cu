// Float and double math library calls and intrinsics on moderate arguments.

// Correctly rounded operations (IEEE): division, sqrtf, fmaf, __saturatef,
// fminf/fmaxf, __fsqrt_rn, __fdiv_rn, __frcp_rn, truncation/rounding.
extern "C" __global__ void f32_exact(const float *a, const float *b, const float *c, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i], z = c[i];
    float *o = out + 10 * i;
    o[0] = x / y;
    o[1] = sqrtf(fabsf(x));
    o[2] = fmaf(x, y, z);
    o[3] = __saturatef(x);
    o[4] = fminf(x, y);
    o[5] = fmaxf(x, z);
    o[6] = __frcp_rn(y);
    o[7] = floorf(x) + ceilf(y);
    o[8] = truncf(x) - rintf(z);
    o[9] = copysignf(fabsf(x), y);
}

// Approximate library functions: expf, logf, powf, rsqrtf, __fdividef,
// sinf, cosf, exp2f, log2f, tanhf (accuracy per the programming guide).
extern "C" __global__ void f32_approx(const float *a, const float *b, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float *o = out + 10 * i;
    o[0] = expf(x);
    o[1] = logf(fabsf(y));
    o[2] = powf(fabsf(y), x);
    o[3] = rsqrtf(fabsf(y));
    o[4] = __fdividef(x, y);
    o[5] = sinf(x);
    o[6] = cosf(x);
    o[7] = exp2f(x);
    o[8] = log2f(fabsf(y));
    o[9] = tanhf(x);
}

// Double: correctly rounded ops and library functions.
extern "C" __global__ void f64_math(const double *a, const double *b, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i];
    double *o = out + 10 * i;
    o[0] = x / y;
    o[1] = sqrt(fabs(x));
    o[2] = fma(x, y, 0.5);
    o[3] = fmin(x, y);
    o[4] = exp(x);
    o[5] = log(fabs(y));
    o[6] = pow(fabs(y), x);
    o[7] = sin(x);
    o[8] = cos(x);
    o[9] = rsqrt(fabs(y));
}

// Conversions between float, double, half and integers with rounding modes.
#include <cuda_fp16.h>
extern "C" __global__ void conversions(const float *a, const double *d, int *oi, float *of, unsigned short *oh, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i];
    double y = d[i];
    oi[6 * i] = __float2int_rn(x);
    oi[6 * i + 1] = __float2int_rd(x);
    oi[6 * i + 2] = (int)__float2uint_ru(x);
    oi[6 * i + 3] = __double2int_rz(y);
    oi[6 * i + 4] = (int)(long long)y;
    oi[6 * i + 5] = (int)(x * 256.0f);
    of[3 * i] = (float)y;
    of[3 * i + 1] = __int2float_rn(oi[6 * i + 4] | 0x1234567);
    of[3 * i + 2] = __half2float(__float2half_rn(x));
    oh[i] = __half_as_ushort(__float2half_rn(x));
}

// A polynomial (Horner) with __constant__ coefficients and a
// __device__ helper, float and its double twin (exact comparison against
// the same fma sequence).
__constant__ float kPoly[8] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, 3.0f, -7.5f, 0.001f};
__constant__ double kPolyD[8] = {1.0, -0.5, 0.25, -0.125, 0.0625, 3.0, -7.5, 0.001};
__device__ float horner(float x) {
    float r = kPoly[7];
    for (int k = 6; k >= 0; k--) r = fmaf(r, x, kPoly[k]);
    return r;
}
extern "C" __global__ void horner_const(const float *in, float *out, double *outd, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float x = __ldg(&in[i]);
        out[i] = horner(x);
        double r = kPolyD[7], xd = x;
        for (int k = 6; k >= 0; k--) r = fma(r, xd, kPolyD[k]);
        outd[i] = r;
    }
}
