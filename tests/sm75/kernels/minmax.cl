// Checks: atomic min/max, signed and unsigned (ATOMG/RED .MIN/.MAX .S32/.U32).
__kernel void minmax(__global const int *in, __global int *smin, __global int *smax,
                     __global uint *umin, __global uint *umax, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    int v = in[i];
    atomic_min(smin, v);
    atomic_max(smax, v);
    atomic_min(umin, (uint)v);
    atomic_max(umax, (uint)v);
}
