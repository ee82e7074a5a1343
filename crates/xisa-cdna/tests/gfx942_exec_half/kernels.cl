// Compiled fixtures of tests/gfx942_exec_packed.rs: OpenCL C half2 / short2
// arithmetic, built for gfx942 by build.sh (clang-19) into kernels.co.
// No libclc: ids come from the amdgcn builtins (workgroup size 64), math from
// clang's elementwise builtins (fma; max / min are maxnum / minnum for floats).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define GID (__builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x())
#define FMA __builtin_elementwise_fma
#define MAX __builtin_elementwise_max
#define MIN __builtin_elementwise_min

// Packed f16: fma, multiply by constants, subtract, maximum / minimum.
kernel void h2_math(global half2 *out, global const half2 *a,
                    global const half2 *b, global const half2 *c) {
    uint i = GID;
    half2 x = a[i], y = b[i], z = c[i];
    half2 r = FMA(x, y, z);
    r = r * (half2)(2.0h, 0.5h);
    half2 d = x - y;
    out[2 * i] = MAX(r, d);
    out[2 * i + 1] = MIN(x * y, z.yx) + d;
}

// Mixed halves: the high half of one vector with the low half of another
// (op_sel / op_sel_hi selections).
kernel void h2_swizzle(global half2 *out, global const half2 *a,
                       global const half2 *b) {
    uint i = GID;
    half2 x = a[i], y = b[i];
    half2 s = (half2)(x.y, y.x);
    half2 xx = x.yy;
    half2 ny = -y;
    out[i] = FMA(s, xx, ny);
}

// Packed 16-bit integers: add, sub, mul, mad, shifts, min / max.
kernel void s2_math(global short2 *out, global const short2 *a,
                    global const short2 *b, global const ushort2 *c) {
    uint i = GID;
    short2 x = a[i], y = b[i];
    ushort2 u = c[i];
    short2 m = x * y + (short2)(3, -7);
    short2 sh = (x >> (y & (short2)15)) + as_short2(u << (ushort2)3);
    out[3 * i] = m - MAX(x, y);
    out[3 * i + 1] = sh + MIN(x, y);
    out[3 * i + 2] = as_short2(MAX(u, as_ushort2(x)) >> (ushort2)(1, 2));
}

// Scalar and packed half division (cvt_f32_f16, rcp_f32, fma_mixlo_f16,
// div_fixup_f16 with op_sel, pack_b32_f16).
kernel void h_div(global half *out, global const half *a, global const half *b) {
    uint i = GID;
    out[i] = a[i] / b[i];
}

kernel void h2_div(global half2 *out, global const half2 *a,
                   global const half2 *b) {
    uint i = GID;
    out[i] = a[i] / b[i];
}

// half * half + float: v_fma_mix_f32.
kernel void h_mixed(global float *out, global const half *a,
                    global const half *b, global const float *c) {
    uint i = GID;
    out[i] = (float)a[i] * (float)b[i] + c[i];
}

// Scalar half: v_fma_f16, v_max/min_f16, v_add_f16 with a literal.
kernel void h_scalar(global half *out, global const half *a,
                     global const half *b) {
    uint i = GID;
    half x = a[i], y = b[i];
    out[i] = MAX(x * y + x, MIN(x, y)) - 1.5h;
}

// Conversions and selects: half2 <-> float2 (SDWA word selects), compares,
// sqrt / floor, short2 -> half2.
kernel void h2_convert(global float2 *outf, global half2 *outh,
                       global const half2 *a, global const float2 *b,
                       global const short2 *c) {
    uint i = GID;
    half2 x = a[i];
    float2 f = __builtin_convertvector(x, float2) + b[i];
    outf[i] = f;
    half2 y = __builtin_convertvector(f, half2);
    half2 s = x < y ? __builtin_elementwise_sqrt(x) : __builtin_elementwise_floor(y);
    outh[2 * i] = s;
    outh[2 * i + 1] = __builtin_convertvector(c[i], half2);
}
