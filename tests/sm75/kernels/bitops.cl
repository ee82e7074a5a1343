// Checks: atomic and/or/xor with the old value used (ATOMG .AND/.OR/.XOR).
__kernel void bitops(__global const uint *in, __global uint *acc, __global uint *old, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    uint v = in[i];
    uint a = atomic_and(&acc[0], ~(1u << (v & 31)));
    uint o = atomic_or(&acc[1], 1u << (v & 31));
    uint x = atomic_xor(&acc[2], v);
    old[i] = a ^ o ^ x;
}
