// Checks: a spin lock (CAS acquire loop, fence, exchange release) guarding a plain counter.
__kernel void spinlock(__global int *lock, __global int *counter) {
    if (get_local_id(0) != 0) return;
    while (atomic_cmpxchg(lock, 0, 1) != 0) {}
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    *(__global volatile int *)counter += 1;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_xchg(lock, 0);
}
