// Kernels the C clients of the CUDA driver launch (built by build.sh).
// printf is declared by the CUDA headers NVRTC includes.

struct Pair {
    int a;
    double b;
};

extern "C" {
__device__ int dev_counter;
__constant__ float coef[4];

__global__ void saxpy(float a, const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void scale_by_const(float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] *= coef[i % 4];
}

__global__ void count(int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&dev_counter, 1);
}

__global__ void store_at(int *p, int v) { p[threadIdx.x] = v; }

__global__ void hello(int v) {
    if (threadIdx.x < 2) printf("hello %d from thread %d\n", v, (int)threadIdx.x);
}

__global__ void by_value(Pair p, char c, double *out) { out[0] = p.a + p.b + c; }

__global__ void reverse_shared(float *out) {
    extern __shared__ float s[];
    int t = threadIdx.x;
    s[t] = (float)t;
    __syncthreads();
    out[t] = s[blockDim.x - 1 - t];
}
}
