// Memory idioms: vector loads/stores (float4, int2), cache-hinted loads and
// stores (__ldcs, __ldcg, __ldlu, __stcs, __stwt, __stcg), generic pointers
// into shared memory through a non-inlined helper, shared-memory float and
// double atomics, 16-bit atomicCAS, scoped atomics, __syncthreads_count/
// and/or, fences.

extern "C" __global__ void vec4_copy_scale(const float4 *in, float4 *out, int2 *pairs, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 v = __ldg(&in[i]);
    out[i] = make_float4(v.w * 2.0f, v.z, v.y, -v.x);
    pairs[i] = make_int2(__float_as_int(v.x), __float_as_int(v.y) ^ i);
}

extern "C" __global__ void cache_hints(const int *a, const int *b, const int *c, int *o1, int *o2, int *o3, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = __ldcs(&a[i]), y = __ldcg(&b[i]), z = __ldlu(&c[i]);
    int w = __ldcv(&a[(i + 1) % n]);
    __stcs(&o1[i], x + y);
    __stwt(&o2[i], y ^ z);
    __stcg(&o3[i], z - x + w);
}

// A non-inlined helper on a generic pointer, called on shared and on global
// memory (a generic load/store into the shared window).
__device__ __noinline__ void rotate3(int *p, int k) {
    int t = p[0];
    p[0] = p[k];
    p[k] = p[2 * k];
    p[2 * k] = t + 1;
}
extern "C" __global__ void generic_shared(int *g, int *out) {
    __shared__ int s[3 * 64];
    int t = threadIdx.x;
    for (int j = 0; j < 3; j++) s[t + 64 * j] = g[blockIdx.x * 192 + t + 64 * j];
    __syncthreads();
    rotate3(s + t, 64);
    rotate3(g + blockIdx.x * 192 + t, 64);
    __syncthreads();
    for (int j = 0; j < 3; j++) out[blockIdx.x * 192 + t + 64 * j] = s[t + 64 * j];
}

// Shared float and double atomicAdd (CAS loops in shared memory on sm_75),
// shared atomicExch/Inc, then flushed with scoped global atomics.
extern "C" __global__ void shared_float_atomics(const float *in, float *fout, double *dout, unsigned *uout) {
    __shared__ float fs[4];
    __shared__ double ds[2];
    __shared__ unsigned us[2];
    if (threadIdx.x < 4) fs[threadIdx.x] = 0.0f;
    if (threadIdx.x < 2) ds[threadIdx.x] = 0.0, us[threadIdx.x] = 0;
    __syncthreads();
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    atomicAdd(&fs[threadIdx.x % 4], v);
    atomicAdd(&ds[threadIdx.x % 2], (double)v * 0.25);
    atomicInc(&us[0], 40u);
    atomicExch(&us[1], threadIdx.x);
    __syncthreads();
    if (threadIdx.x < 4) atomicAdd_block(&fout[threadIdx.x], fs[threadIdx.x]);
    if (threadIdx.x < 2) atomicAdd_system(&dout[threadIdx.x], ds[threadIdx.x]);
    if (threadIdx.x == 0) atomicMax_system(&uout[0], us[0]), atomicOr_block(&uout[1], 1u << us[1] % 32);
}

// 16-bit atomicCAS: a 16-bit saturating counter per slot.
extern "C" __global__ void cas16(const unsigned short *in, unsigned short *slots) {
    unsigned short v = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned short *p = &slots[v % 4];
    unsigned short old = *p, assumed;
    do {
        assumed = old;
        unsigned sum = assumed + (v >> 8);
        old = atomicCAS(p, assumed, (unsigned short)(sum > 0xffff ? 0xffff : sum));
    } while (old != assumed);
}

// Producer/consumer through global flags inside one block, with
// __threadfence_block and volatile polling plus __nanosleep (the
// spin-wait idiom of CUB's look-back scan).
extern "C" __global__ void flag_handoff(const int *in, int *data, volatile int *flags, int *out) {
    int t = threadIdx.x;
    if (t < 32) {
        data[blockIdx.x * 32 + t] = in[blockIdx.x * 32 + t] * 3;
        __threadfence_block();
        flags[blockIdx.x * 32 + t] = 1;
    } else {
        int k = t - 32;
        while (flags[blockIdx.x * 32 + k] == 0) __nanosleep(32);
        __threadfence_block();
        out[blockIdx.x * 32 + k] = ((volatile int *)data)[blockIdx.x * 32 + k] + 1;
    }
}
