// A switch compiled to BRX jump tables (c[0x2]), register-indexed and
// immediate reads of __constant__ data (c[0x3]), and generic ST/LD into the
// local window (a local array whose address escapes to a generic pointer).
// ctab[j] = (7j^2 + 3) ^ (j << 20)
__constant__ unsigned ctab[64] = {
    0x3, 0x10000a, 0x20001f, 0x300042, 0x400073, 0x5000b2, 0x6000ff, 0x70015a,
    0x8001c3, 0x90023a, 0xa002bf, 0xb00352, 0xc003f3, 0xd004a2, 0xe0055f, 0xf0062a,
    0x1000703, 0x11007ea, 0x12008df, 0x13009e2, 0x1400af3, 0x1500c12, 0x1600d3f, 0x1700e7a,
    0x1800fc3, 0x190111a, 0x1a0127f, 0x1b013f2, 0x1c01573, 0x1d01702, 0x1e0189f, 0x1f01a4a,
    0x2001c03, 0x2101dca, 0x2201f9f, 0x2302182, 0x2402373, 0x2502572, 0x260277f, 0x270299a,
    0x2802bc3, 0x2902dfa, 0x2a0303f, 0x2b03292, 0x2c034f3, 0x2d03762, 0x2e039df, 0x2f03c6a,
    0x3003f03, 0x31041aa, 0x320445f, 0x3304722, 0x34049f3, 0x3504cd2, 0x3604fbf, 0x37052ba,
    0x38055c3, 0x39058da, 0x3a05bff, 0x3b05f32, 0x3c06273, 0x3d065c2, 0x3e0691f, 0x3f06c8a};

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
