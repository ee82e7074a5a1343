// Compiled gfx942 kernels for tests/gfx942_exec_compiled.rs (rebuild: ./build.sh).
// No libclc: ids come from the amdgcn builtins (workgroup size 64).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define GID (__builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x())

// IEEE division: the v_div_scale / v_div_fmas / v_div_fixup sequence.
kernel void ddiv(global double *a, global const double *b) {
    int i = GID;
    a[i] = a[i] / b[i];
}

// f32 division (built with -cl-fp32-correctly-rounded-divide-sqrt).
kernel void fdiv(global float *a, global const float *b) {
    int i = GID;
    a[i] = a[i] / b[i];
}

// 64-bit integer <-> float conversions (ldexp, ffbh, trunc/floor sequences).
kernel void conv(global long *a, global double *b, global float *c, global long *d) {
    int i = GID;
    long x = a[i];
    b[i] = (double)x;
    c[i] = (float)x;
    d[i] = (long)b[i] + (long)(c[i] * 0.5f);
}

// Integer division and remainder (v_rcp_iflag_f32 expansions, 32 and 64 bit).
kernel void divs(global int *a, global uint *b, global long *c, global ulong *d) {
    int i = GID;
    int x = a[i];
    uint y = b[i];
    a[i] = x / (int)(y | 1) + x % 13;
    b[i] = y / 7u + y % (uint)(x | 1);
    c[i] = c[i] / (long)(x | 1);
    d[i] = d[i] % (ulong)(y | 3);
}

// f64 arithmetic: fma, fmin, floor, ldexp, fabs.
kernel void f64ops(global double *a) {
    int i = GID;
    double x = a[i];
    a[i] = fma(x, x, 1.0) + fmin(x, 2.0) + floor(x) + ldexp(x, 3) + fabs(x);
}

// Packed f32 (v_pk_fma_f32 / v_pk_mul_f32 on float2).
kernel void pk(global float2 *a, global const float2 *b) {
    int i = GID;
    float2 x = a[i];
    a[i] = x * b[i] + (float2)(1.0f, 2.0f);
}

// Packed f32 with splat constant operands: inline (4.0, 0.5, -2.0) and
// literal (3.25) constants in v_pk_fma_f32 / v_pk_mul_f32 / v_pk_add_f32.
kernel void pkc(global float2 *a) {
    int i = GID;
    float2 x = a[i];
    float2 y = fma(x, (float2)(4.0f, 4.0f), (float2)(0.5f, 0.5f));
    a[i] = (y * (float2)(3.25f, 3.25f)) + (x * (float2)(-2.0f, -2.0f));
}

// A vector element at a wave-uniform index: VGPR index mode
// (s_set_gpr_idx_on ... gpr_idx(SRC0) / gpr_idx(DST); v_mov_b32; _off).
kernel void gidx(global float16 *a, global const int *ix) {
    int i = GID;
    float16 v = a[i] * 3.0f + 1.0f;
    int j = ix[0] & 15;
    float t = v[j];
    v[(j + 5) & 15] = t * 2.0f;
    a[i] = v;
}

// Program-scope constant data, addressed pc-relatively (s_getpc_b64).
constant int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
kernel void ctab(global int *a) {
    int i = GID;
    a[i] = table[a[i] & 7] * 10 + table[(a[i] >> 3) & 7];
}

// Calls: a non-inlined function (s_getpc_b64 / s_swappc_b64 / s_setpc_b64),
// called twice, with a divergent branch inside.
__attribute__((noinline)) int helper(global int *p, int x) {
    int v = p[x & 63];
    if (v & 1)
        v = v * 3 + 1;
    else
        v = v >> 1;
    return v + x;
}
kernel void callk(global int *a, global int *b) {
    int i = GID;
    b[i] = helper(a, i) + helper(a, i * 7);
}
