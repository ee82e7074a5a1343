// Checks: a dynamically indexed private array (local memory: STL/LDL).
__kernel void localarr(__global const int *in, __global int *out, int n) {
    int a[32];
    int i = get_global_id(0);
    for (int k = 0; k < 32; k++) a[k] = in[(i + k) % n] * k;
    out[i] = a[in[i] & 31] + a[(in[i] >> 5) & 31];
}
