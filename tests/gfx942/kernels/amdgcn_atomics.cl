// Checks: gfx942 atomics only reachable through AMDGPU builtins: global f64 add/min/max, packed f16/bf16 add, wrapping inc/dec with a limit at agent/workgroup/wavefront/system scope.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void amdgcn_atomics(__global const double *din, __global double *d, __global half2 *h,
                             __global short2 *b, __global uint *u, __global ulong *ul,
                             __global uint *ret) {
    int i = get_global_id(0);
    double x = din[i];
    // Per-item slots (deterministic returns) and shared slots (order-free results).
    double r0 = __builtin_amdgcn_global_atomic_fadd_f64(&d[i], x);
    __builtin_amdgcn_global_atomic_fmin_f64(&d[64], x);
    __builtin_amdgcn_global_atomic_fmax_f64(&d[65], x);
    double r1 = __builtin_amdgcn_global_atomic_fmin_f64(&d[66 + i], 1.5);
    half2 r2 = __builtin_amdgcn_global_atomic_fadd_v2f16(&h[i], (half2)(1.0h, 0.5h));
    __builtin_amdgcn_global_atomic_fadd_v2f16(&h[64 + (i & 3)], (half2)(1.0h, 2.0h));
    short2 r3 = __builtin_amdgcn_global_atomic_fadd_v2bf16(&b[i], (short2)(0x3f80, 0x3f00));
    __builtin_amdgcn_global_atomic_fadd_v2bf16(&b[64 + (i & 3)], (short2)(0x3f80, 0x4000));
    uint r4 = __builtin_amdgcn_atomic_inc32(&u[i], 5u, __ATOMIC_RELAXED, "agent");
    uint r5 = __builtin_amdgcn_atomic_dec32(&u[64 + i], 5u, __ATOMIC_ACQUIRE, "workgroup");
    __builtin_amdgcn_atomic_inc32(&u[128], 37u, __ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_atomic_dec32(&u[129], 1000u, __ATOMIC_SEQ_CST, "");
    ulong r6 = __builtin_amdgcn_atomic_inc64(&ul[i], 3ul, __ATOMIC_ACQ_REL, "agent");
    ret[i] = as_uint2(r0).x ^ as_uint2(r0).y;
    ret[64 + i] = as_uint2(r1).x ^ as_uint2(r1).y;
    ret[128 + i] = as_uint(r2);
    ret[192 + i] = as_uint(r3);
    ret[256 + i] = r4;
    ret[320 + i] = r5;
    ret[384 + i] = (uint)r6;
}
