// Integer arithmetic: 64-bit division/remainder/multiply-high, the integer
// intrinsics (__brev, __clz, __ffs, __popc, __byte_perm, __funnelshift,
// __mul24, __umulhi, __sad), switch statements, local arrays with dynamic
// indexing, recursion through __device__ functions.

extern "C" __global__ void div64(const long long *a, const long long *b, long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long x = a[i], y = b[i];
    unsigned long long ux = x, uy = y;
    out[6 * i] = y ? x / y : 0;
    out[6 * i + 1] = y ? x % y : 0;
    out[6 * i + 2] = uy ? ux / uy : 0;
    out[6 * i + 3] = uy ? ux % uy : 0;
    out[6 * i + 4] = __mul64hi(x, y);
    out[6 * i + 5] = __umul64hi(ux, uy);
}

// 32-bit division by a runtime divisor and by constants (magic numbers).
extern "C" __global__ void div32_const(const int *a, const unsigned *b, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i];
    unsigned u = b[i];
    out[6 * i] = x / 7;
    out[6 * i + 1] = x % -13;
    out[6 * i + 2] = (int)(u / 1000000007u);
    out[6 * i + 3] = (int)(u % 10u);
    out[6 * i + 4] = u ? (int)((unsigned)x / u) : -1;
    out[6 * i + 5] = (u && !(x == (int)0x80000000 && (int)u == -1)) ? x % (int)u : -1;
}

extern "C" __global__ void int_intrinsics(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + 12 * i;
    o[0] = __brev(x);
    o[1] = __clz((int)x);
    o[2] = __ffs((int)x);
    o[3] = __popc(x);
    o[4] = __byte_perm(x, y, y & 0x7777);
    o[5] = __funnelshift_l(x, y, y);
    o[6] = __funnelshift_r(x, y, x);
    o[7] = __funnelshift_lc(x, y, y);
    o[8] = __mul24((int)x, (int)y);
    o[9] = __umulhi(x, y);
    o[10] = __sad((int)x, (int)y, 17u);
    o[11] = __umul24(x, y) ^ __mulhi((int)x, (int)y);
}

extern "C" __global__ void int64_intrinsics(const unsigned long long *a, unsigned long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long x = a[i];
    out[5 * i] = __brevll(x);
    out[5 * i + 1] = __clzll((long long)x);
    out[5 * i + 2] = __ffsll((long long)x);
    out[5 * i + 3] = __popcll(x);
    out[5 * i + 4] = (x << (x & 63)) | (x >> ((x >> 8) & 63)) ;
}

// A dense switch (a jump table candidate) and a sparse one.
__device__ __noinline__ int op_dense(int op, int a, int b) {
    switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return a & b;
    case 4: return a | b;
    case 5: return a ^ b;
    case 6: return a << (b & 31);
    case 7: return (int)((unsigned)a >> (b & 31));
    case 8: return a >> (b & 31);
    case 9: return min(a, b);
    case 10: return max(a, b);
    case 11: return abs(a);
    default: return -1;
    }
}
extern "C" __global__ void switch_ops(const int *ops, const int *a, const int *b, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int r = op_dense(ops[i], a[i], b[i]);
    switch (ops[i] * 1000) {
    case 3000: r += 1; break;
    case 7000: r ^= 0x55; break;
    case 12000: r = 12345; break;
    case -1000: r = 777; break;
    }
    out[i] = r;
}

// A per-thread local array indexed by data (spilled to local memory):
// a 16-bucket counting sort of 16 nibbles.
extern "C" __global__ void local_array_sort(const unsigned long long *in, unsigned long long *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long x = in[i];
    int count[16];
    for (int k = 0; k < 16; k++) count[k] = 0;
    for (int k = 0; k < 16; k++) count[(x >> (4 * k)) & 15]++;
    unsigned long long r = 0;
    int pos = 0;
    for (int d = 0; d < 16; d++)
        for (int c = 0; c < count[d]; c++) r |= (unsigned long long)d << (4 * pos++);
    out[i] = r;
}

// Local array written at computed indices then read in permuted order.
extern "C" __global__ void local_array_permute(const int *in, const int *perm, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int buf[24];
    for (int k = 0; k < 24; k++) buf[(k * 7 + i) % 24] = in[i * 24 + k];
    int acc = 0;
    for (int k = 0; k < 24; k++) {
        acc = acc * 31 + buf[perm[(i + k) % 24] % 24];
        out[i * 24 + k] = acc;
    }
}

// Recursion: gcd (Euclid, 64-bit) and Ackermann-limited recursion.
__device__ __noinline__ unsigned long long gcd_rec(unsigned long long a, unsigned long long b) {
    return b == 0 ? a : gcd_rec(b, a % b);
}
__device__ __noinline__ int fib_rec(int n) { return n < 2 ? n : fib_rec(n - 1) + fib_rec(n - 2); }
extern "C" __global__ void recursion(const unsigned long long *a, const unsigned long long *b, unsigned long long *g, int *f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    g[i] = gcd_rec(a[i], b[i]);
    f[i] = fib_rec(i % 16);
}

// 64-bit modular exponentiation with a 32-bit modulus (64-bit products
// and remainders), plus a multiply-high hash chain.
extern "C" __global__ void mulmod64(const unsigned long long *a, const unsigned long long *b, const unsigned long long *m,
                                    unsigned long long *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long x = a[i], e = b[i], mod = (m[i] & 0xffffffffull) | 1;
    unsigned long long r = 1 % mod, base = x % mod, h = x;
    for (int k = 0; k < 16 && e; k++, e >>= 1) {
        if (e & 1) r = r * base % mod;
        base = base * base % mod;
        h = __umul64hi(h, 0x9e3779b97f4a7c15ull) ^ (h * 0xff51afd7ed558ccdull);
    }
    out[2 * i] = r;
    out[2 * i + 1] = h;
}
