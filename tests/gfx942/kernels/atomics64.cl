// Checks: 64-bit global atomics (global_atomic_add/smin/umax/and/or/xor/swap/cmpswap _x2), returning and not.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void atomics64(__global const long *in, __global long *acc, __global long *slots,
                        __global int *hits) {
    int i = get_global_id(0);
    long v = in[i];
    // Results unused: the non-returning forms.
    atom_add(&acc[0], v);
    atom_min(&acc[1], v);
    atom_max((volatile __global ulong *)&acc[2], (ulong)v);
    atom_and(&acc[3], ~(1L << (i & 63)));
    atom_or(&acc[4], 1L << ((i * 7) & 63));
    atom_xor(&acc[5], v);
    // A 64-bit ticket: the returned old value indexes a hit table.
    long t = atom_add(&acc[6], 1L);
    hits[t] = 1;
    // Per-item slot: exchange returns the initial slot value (iota), then a CAS
    // whose comparand matches on odd items only.
    long prev = atom_xchg(&slots[i], v);
    long c = atom_cmpxchg(&slots[i], (i & 1) ? v : v + 5, prev - v);
    hits[256 + i] = (int)(c == v) + 2 * (int)(prev == i);
    // A CAS loop summing into acc[7].
    long old = acc[7], seen;
    while ((seen = atom_cmpxchg(&acc[7], old, old + v)) != old) old = seen;
}
