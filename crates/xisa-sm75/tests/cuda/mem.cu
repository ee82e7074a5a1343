// A switch compiled to BRX jump tables (c[0x2]), register-indexed and
// immediate reads of __constant__ data (c[0x3]), and generic ST/LD into the
// local window (a local array whose address escapes to a generic pointer).
__constant__ unsigned ctab[64];

extern "C" __global__ void sw(const int *x, unsigned *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = x[i];
    unsigned r;
    switch (v) {
    case 0: r = 11; break;
    case 1: r = v * 3 + 7; break;
    case 2: r = ctab[(i * 5) & 63]; break;
    case 3: r = 0xdead; break;
    case 4: r = v << 9; break;
    case 5: r = ctab[v + 1] ^ 0x55; break;
    case 6: r = i * i; break;
    case 7: r = 77; break;
    case 8: r = 1234567; break;
    default: r = 999; break;
    }
    y[i] = r + ctab[v & 63];
}

extern "C" __global__ void localesc(const int *x, int *y, int *g, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int a[16];
    int v = x[i];
    for (int j = 0; j < 16; j++) a[j] = v * (j + 1);
    // Local or global, decided at run time: a generic pointer.
    volatile int *p = (v & 16) ? a : g + 16 * i;
    p[v & 15] = 7 + i;
    y[i] = p[(v >> 5) & 15] + a[(v >> 9) & 15];
}
