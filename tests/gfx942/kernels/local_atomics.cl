// Checks: LDS atomics (ds_add/sub/min/max signed and unsigned/and/or/xor/inc/dec/wrxchg/cmpst, returning and not) with barriers.
__kernel void local_atomics(__global const int *in, __global int *out) {
    __local int s[8];
    __local uint u[4];
    __local int slot[256];
    __local int hit[256];
    int l = get_local_id(0);
    int n = get_local_size(0);
    if (l < 8) s[l] = (l == 2) ? 0x7fffffff : (l == 3) ? (int)0x80000000 : (l == 4) ? -1 : 0;
    if (l < 4) u[l] = (l == 2) ? 0xffffffffu : (l == 1) ? 1000u : 0u;
    slot[l] = l;
    hit[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[get_global_id(0)];
    atomic_add(&s[0], v);
    atomic_sub(&s[1], v);
    atomic_min(&s[2], v);
    atomic_max(&s[3], v);
    atomic_and(&s[4], ~(1 << (l & 31)) | (v & 1));
    atomic_or(&s[5], 1 << ((l * 5) & 31));
    atomic_xor(&s[6], v);
    int t = atomic_inc(&s[7]);
    hit[t] = 1;
    atomic_inc(&u[0]);
    atomic_dec(&u[1]);
    atomic_min(&u[2], (uint)v);
    atomic_max(&u[3], (uint)v);
    int old = atomic_xchg(&slot[l], v);
    barrier(CLK_LOCAL_MEM_FENCE);
    int c = atomic_cmpxchg(&slot[(l + 1) % n], (l & 1) ? 0 : in[get_group_id(0) * n + (l + 1) % n], -1);
    barrier(CLK_LOCAL_MEM_FENCE);
    int g = get_group_id(0);
    __global int *o = out + g * (16 + 3 * n);
    if (l < 8) o[l] = s[l];
    if (l < 4) o[8 + l] = (int)u[l];
    o[16 + l] = slot[l];
    o[16 + n + l] = old;
    o[16 + 2 * n + l] = hit[l] + 2 * (c != -1);
}
