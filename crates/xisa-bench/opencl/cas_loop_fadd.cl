/* OpenCL C twin of tests/kernels/cas_loop_fadd.xir: float atomic adds into 8
 * bins (bin = gid & 7) built from compare-and-swap loops that start from a
 * deliberately wrong guess (0.5), f32 on the bits with atomic_cmpxchg, f64 with
 * the 64-bit atom_cmpxchg (cl_khr_int64_base_atomics). Failed CAS attempts are
 * counted in tries[0] (f32) and tries[1] (f64). The inputs are integers below
 * 2^10 in magnitude, so every sum is exact in any order. */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#if defined(__NVPTX__)
/* libclc for NVPTX has no 64-bit atom_cmpxchg: the compiler's builtin, which
 * is the same relaxed compare-and-swap (PTX atom.global.cas.b64). */
static ulong cas64(volatile __global ulong *p, ulong cmp, ulong val) {
    __atomic_compare_exchange_n(p, &cmp, val, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return cmp;
}
#else
#define cas64 atom_cmpxchg
#endif
__kernel void cas_loop_fadd(__global const float *in, __global uint *bins,
                            __global ulong *bins64, __global uint *tries) {
    uint gid = get_group_id(0) * get_local_size(0) + get_local_id(0);
    float f = in[gid];
    double d = (double)f;
    uint bin = gid & 7;
    uint assumed = 0x3f000000u;
    for (;;) {
        uint nbits = as_uint(as_float(assumed) + f);
        uint old = atomic_cmpxchg(&bins[bin], assumed, nbits);
        int retry = old != assumed;
        assumed = old;
        if (!retry) {
            break;
        }
        atomic_inc(&tries[0]);
    }
    ulong ad = as_ulong(0.5);
    for (;;) {
        ulong nd = as_ulong(as_double(ad) + d);
        ulong od = cas64(&bins64[bin], ad, nd);
        int retry = as_double(od) != as_double(ad);
        ad = od;
        if (!retry) {
            break;
        }
        atomic_inc(&tries[1]);
    }
}
