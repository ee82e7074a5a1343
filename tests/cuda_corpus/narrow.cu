// Narrow and wide accesses: signed/unsigned bytes and shorts in global and
// shared memory (char4/short2 vectors, __ldg), 128-bit shared vectors,
// 64-bit shared atomics, float/double atomics whose old value is used,
// and a generic pointer into a local array through a non-inlined helper.

extern "C" __global__ void bytes_shorts(const char4 *c, const short2 *s, int *out) {
    __shared__ signed char sc[256];
    __shared__ unsigned short ss[128];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    char4 v = __ldg(&c[i]);
    short2 w = s[i];
    sc[4 * t] = v.x;
    sc[4 * t + 1] = v.y;
    sc[4 * t + 2] = v.z;
    sc[4 * t + 3] = v.w;
    ss[2 * t] = (unsigned short)w.x;
    ss[2 * t + 1] = (unsigned short)w.y;
    __syncthreads();
    int r = (blockDim.x - 1 - t);
    out[3 * i] = sc[4 * r] + sc[4 * r + 3] * 1000;
    out[3 * i + 1] = ss[2 * r] - ss[2 * r + 1];
    out[3 * i + 2] = (unsigned char)sc[4 * r + 1] + (short)ss[2 * r];
}

extern "C" __global__ void shared_vec4(const int4 *in, int4 *out) {
    __shared__ int4 s[64];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 64 + t];
    __syncthreads();
    int4 a = s[(t + 1) % 64], b = s[63 - t];
    out[blockIdx.x * 64 + t] = make_int4(a.x + b.w, a.y ^ b.z, a.z - b.y, a.w * 3 + b.x);
}

extern "C" __global__ void shared_atomics64(const unsigned long long *in, unsigned long long *out) {
    __shared__ unsigned long long s[3];
    __shared__ long long m[2];
    if (threadIdx.x == 0) s[0] = 0, s[1] = 0, s[2] = ~0ull, m[0] = 0x7fffffffffffffffll, m[1] = (long long)0x8000000000000000ull;
    __syncthreads();
    unsigned long long v = in[blockIdx.x * blockDim.x + threadIdx.x];
    atomicAdd(&s[0], v);
    unsigned long long old = s[1], assumed;
    do {
        assumed = old;
        old = atomicCAS(&s[1], assumed, assumed ^ (v * 0x9e3779b97f4a7c15ull));
    } while (old != assumed);
    atomicAnd(&s[2], v | 0x0101010101010101ull);
    atomicMin(&m[0], (long long)v);
    atomicMax(&m[1], (long long)v);
    __syncthreads();
    if (threadIdx.x < 3) out[5 * blockIdx.x + threadIdx.x] = s[threadIdx.x];
    if (threadIdx.x < 2) out[5 * blockIdx.x + 3 + threadIdx.x] = (unsigned long long)m[threadIdx.x];
}

// The old values returned by float/double atomicAdd and atomicExch: with
// power-of-two increments every serial order gives distinct olds.
extern "C" __global__ void atomic_float_old(float *acc, double *dacc, float *olds, double *dolds, float *xchg) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    olds[i] = atomicAdd(acc, 1.0f);
    dolds[i] = atomicAdd(dacc, 0.5);
    xchg[i] = atomicExch(&xchg[1024], (float)i);
}

__device__ __noinline__ int sum_every(const int *p, int n, int stride) {
    int s = 0;
    for (int k = 0; k < n; k++) s += p[k * stride];
    return s;
}
extern "C" __global__ void generic_local(const int *in, int *out) {
    int buf[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < 32; k++) buf[k] = in[i * 32 + k] ^ k;
    out[2 * i] = sum_every(buf, 16, 2);
    out[2 * i + 1] = sum_every(buf + 1, 8, 4);
}
