// Checks: atomic exchange returning the previous value (ATOMG.EXCH).
__kernel void xchg(__global int *slot, __global int *prev, int n) {
    int i = get_global_id(0);
    if (i < n) prev[i] = atomic_xchg(slot, i);
}
