// Integer dot products of packed bytes and halves (int8 inference):
// __dp4a signed and unsigned, __dp2a_lo/_hi (IDP.4A, IDP.2A).

extern "C" __global__ void dot_products(const int *a, const int *b, const unsigned *c, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[4 * i] = __dp4a(a[i], b[i], 7);
    out[4 * i + 1] = (int)__dp4a(c[i], (unsigned)b[i], 0u);
    out[4 * i + 2] = __dp2a_lo(a[i], b[i], -3);
    out[4 * i + 3] = (int)__dp2a_hi((unsigned)a[i], c[i], 100u);
}
