// General kernel shapes: grid-stride saxpy with __ldg, templates and
// functors, __constant__ lookup tables indexed by data, dynamic shared
// memory of two types, bitonic sort in shared memory, CUB BlockRadixSort,
// a struct-of-arrays update, an early-exit while loop.
#include <cub/block/block_radix_sort.cuh>

extern "C" __global__ void saxpy_ldg(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * __ldg(&x[i]) + y[i];
}

// Template kernel body instantiated for several types and operators.
struct AbsDiff {
    template <typename T> __device__ T operator()(T a, T b) const { return a > b ? a - b : b - a; }
};
struct MulAdd {
    template <typename T> __device__ T operator()(T a, T b) const { return a * b + a; }
};
template <typename T, typename Op>
__device__ void zip_apply(const T *a, const T *b, T *out, int n, Op op) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = op(a[i], b[i]);
}
extern "C" __global__ void zip_absdiff_u8(const unsigned char *a, const unsigned char *b, unsigned char *o, int n) {
    zip_apply(a, b, o, n, AbsDiff());
}
extern "C" __global__ void zip_absdiff_i16(const short *a, const short *b, short *o, int n) {
    zip_apply(a, b, o, n, AbsDiff());
}
extern "C" __global__ void zip_muladd_i64(const long long *a, const long long *b, long long *o, int n) {
    zip_apply(a, b, o, n, MulAdd());
}
extern "C" __global__ void zip_muladd_f64(const double *a, const double *b, double *o, int n) {
    zip_apply(a, b, o, n, MulAdd());
}

// A CRC-32 with a __constant__ 16-entry nibble table indexed by data.
__constant__ unsigned kCrcNibble[16] = {
    0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u, 0x4db26158u, 0x5005713cu,
    0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu, 0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu};
extern "C" __global__ void crc32_const(const unsigned char *data, int len, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned char *p = data + i * len;
    unsigned crc = 0xffffffffu;
    for (int k = 0; k < len; k++) {
        crc ^= p[k];
        crc = (crc >> 4) ^ kCrcNibble[crc & 15];
        crc = (crc >> 4) ^ kCrcNibble[crc & 15];
    }
    out[i] = ~crc;
}

// Dynamic shared memory carved into a float and an int array.
extern "C" __global__ void dyn_shared_two(const float *in, float *out, int *idx) {
    extern __shared__ unsigned char smem[];
    float *f = (float *)smem;
    int *k = (int *)(smem + blockDim.x * sizeof(float));
    int t = threadIdx.x;
    f[t] = in[blockIdx.x * blockDim.x + t];
    k[t] = blockDim.x - 1 - t;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = f[k[t]] * 2.0f;
    idx[blockIdx.x * blockDim.x + t] = k[(t + 1) % blockDim.x];
}

// Bitonic sort of 256 keys per block in shared memory (ascending).
extern "C" __global__ void bitonic_sort(const unsigned *in, unsigned *out) {
    __shared__ unsigned s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (int k = 2; k <= 256; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int p = t ^ j;
            if (p > t) {
                unsigned a = s[t], b = s[p];
                bool up = (t & k) == 0;
                if ((a > b) == up) {
                    s[t] = b;
                    s[p] = a;
                }
            }
            __syncthreads();
        }
    }
    out[blockIdx.x * 256 + t] = s[t];
}

// CUB BlockRadixSort: 64 threads x 4 keys (int, with values), descending
// keys for the second kernel.
extern "C" __global__ void cub_radix_sort_pairs(const int *keys, const unsigned *vals, int *ok, unsigned *ov) {
    using S = cub::BlockRadixSort<int, 64, 4, unsigned>;
    __shared__ typename S::TempStorage tmp;
    int k[4];
    unsigned v[4];
    int base = blockIdx.x * 256;
    for (int j = 0; j < 4; j++) {
        k[j] = keys[base + threadIdx.x * 4 + j];
        v[j] = vals[base + threadIdx.x * 4 + j];
    }
    S(tmp).Sort(k, v);
    for (int j = 0; j < 4; j++) {
        ok[base + threadIdx.x * 4 + j] = k[j];
        ov[base + threadIdx.x * 4 + j] = v[j];
    }
}
extern "C" __global__ void cub_radix_sort_desc_f32(const float *keys, float *out) {
    using S = cub::BlockRadixSort<float, 64, 4>;
    __shared__ typename S::TempStorage tmp;
    float k[4];
    int base = blockIdx.x * 256;
    for (int j = 0; j < 4; j++) k[j] = keys[base + threadIdx.x * 4 + j];
    S(tmp).SortDescendingBlockedToStriped(k);
    for (int j = 0; j < 4; j++) out[base + j * 64 + threadIdx.x] = k[j];
}

// Particles as a struct of arrays; a data-dependent while loop (Collatz
// steps, capped) and an early return.
struct Particles {
    float *x, *y, *vx, *vy;
};
extern "C" __global__ void particles_step(Particles p, int n, float dt, const unsigned *seed, unsigned *steps) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float vx = p.vx[i], vy = p.vy[i] - 9.75f * dt;
    float x = p.x[i] + vx * dt, y = p.y[i] + vy * dt;
    if (y < 0.0f) {
        y = -y;
        vy = -vy * 0.5f;
    }
    p.x[i] = x;
    p.y[i] = y;
    p.vy[i] = vy;
    unsigned s = seed[i] | 1, c = 0;
    while (s != 1 && c < 500) {
        s = (s & 1) ? 3 * s + 1 : s >> 1;
        c++;
    }
    steps[i] = c;
}
