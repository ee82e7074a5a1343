// Checks: float add through a compare-and-swap loop (ATOMG.CAS, FADD, loop branches).
__kernel void cas_fadd(__global const float *in, __global float *sum, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    __global volatile uint *p = (__global volatile uint *)sum;
    uint old = *p, assumed;
    do {
        assumed = old;
        old = atomic_cmpxchg(p, assumed, as_uint(as_float(assumed) + in[i]));
    } while (old != assumed);
}
