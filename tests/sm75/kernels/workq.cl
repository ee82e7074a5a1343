// Checks: persistent-threads work queue: items taken with atomic_inc on a global counter (warp-aggregated ATOMG.ADD, SHFL.IDX), irregular 64-bit Collatz loops, a __local counter.
__kernel void workq(__global uint *head, __global const uint *items, __global uint *steps, __global ulong *peak, int nitems)
{
    __local uint mycount;
    if (get_local_id(0) == 0) mycount = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (;;) {
        uint it = atomic_inc(head);
        if (it >= (uint)nitems) break;
        ulong v = items[it] % 100000 + 1;
        ulong pk = v;
        uint s = 0;
        while (v != 1 && s < 1000) {
            v = (v & 1) ? 3 * v + 1 : v >> 1;
            pk = max(pk, v);
            s++;
        }
        steps[it] = s;
        peak[it] = pk;
        atomic_inc(&mycount);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) atomic_add(&head[1], mycount);
}
