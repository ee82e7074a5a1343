// Checks: the C math library and HIP's integer intrinsics on inputs whose
// results are exact, so the outputs are bit-exact whatever instruction
// sequence ocml picks.
//   exact_float_math: sqrtf / sqrt of perfect squares, floorf / ceilf /
//     truncf / rintf / roundf of quarters (ties included), fmaf, ldexpf,
//     frexpf, fminf / fmaxf, copysignf, fmodf, ilogbf.
//   int_bit_ops: __clz / __ffs / __popc / __brev, their 64-bit forms
//     __clzll / __ffsll / __popcll / __brevll, and bit-field extraction and
//     insertion with shifts and masks (unsigned and sign-extending).
#include <hip/hip_runtime.h>

#define NF 16

// s = in[i] (an integer), v = s / 4, w = other[i] (an integer).
extern "C" __global__ void exact_float_math(const float *in, const float *other, float *out,
                                            int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float s = in[i];
    const float v = s * 0.25f;
    const float w = other[i];
    float *o = out + NF * i;
    o[0] = floorf(v);
    o[1] = ceilf(v);
    o[2] = truncf(v);
    o[3] = rintf(v);
    o[4] = roundf(v);
    o[5] = sqrtf(s * s);
    o[6] = (float)sqrt((double)s * s * s * s);
    o[7] = fmaf(v, 4.0f, -w);
    o[8] = ldexpf(v, i % 9 - 4);
    int e;
    o[9] = frexpf(v, &e);
    o[10] = (float)e;
    o[11] = fminf(v, w);
    o[12] = fmaxf(v, w);
    o[13] = copysignf(w, v);
    o[14] = fmodf(v, 1.5f);
    o[15] = (float)ilogbf(fabsf(v) + 1.0f);
}

#define NB 14

// w = in[i] masked to i mod 32 + 1 low bits (0 every 17th element); ww =
// wide[i] shifted right by i mod 64 (0 every 13th element).
extern "C" __global__ void int_bit_ops(const unsigned *in, const unsigned long long *wide,
                                       unsigned *out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned w = i % 17 == 0 ? 0u : in[i] & (0xffffffffu >> (31 - i % 32));
    const unsigned long long ww = i % 13 == 0 ? 0ull : wide[i] >> (i % 64);
    unsigned *o = out + NB * i;
    o[0] = __clz((int)w);
    o[1] = __ffs((int)w);
    o[2] = __popc(w);
    o[3] = __brev(w);
    o[4] = __clzll((long long)ww);
    o[5] = __ffsll((long long)ww);
    o[6] = __popcll(ww);
    const unsigned long long r = __brevll(ww);
    o[7] = (unsigned)r;
    o[8] = (unsigned)(r >> 32);
    // Bit fields: offset i mod 24, width 1 + i mod 8.
    const unsigned off = i % 24, width = 1 + i % 8;
    const unsigned mask = (1u << width) - 1;
    const unsigned field = (in[i] >> off) & mask;
    o[9] = field;
    o[10] = (unsigned)((int)(in[i] << (32 - off - width)) >> (32 - width));
    o[11] = (in[i] & ~(mask << off)) | ((w & mask) << off);
    // A 64-bit field straddling the word boundary: bits 28 .. 43.
    o[12] = (unsigned)((wide[i] >> 28) & 0xffff);
    o[13] = (unsigned)(wide[i] >> (64 - 1 - i % 64)) ^ (unsigned)(wide[i] << (i % 64));
}
