// Module-scope data (issue #11): __device__ globals reached through
// relocated c[0x4] words, initialised globals (.nv.global.init), a pointer
// initialised with another global's address (.rela.nv.global.init), a
// pointer the host sets, and __constant__ data in bank 3.
__device__ int counter;
__device__ int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__device__ int *tp = &table[2];
__device__ float *dptr;
__device__ unsigned long long big[4];
__constant__ float scale[4] = {1.0f, 2.0f, 3.0f, 4.0f};

// Each thread takes a ticket; tickets keep counting across launches.
extern "C" __global__ void count(int *out) {
    out[blockIdx.x * blockDim.x + threadIdx.x] = atomicAdd(&counter, 1);
}

// Reads the initialised table, directly and through tp.
extern "C" __global__ void lookup(int *out, int i) {
    out[threadIdx.x] = table[(threadIdx.x + i) & 7] * 10 + tp[threadIdx.x & 1];
}

// Register-indexed and immediate reads of __constant__ data.
extern "C" __global__ void scaled(float *out, int i) {
    out[threadIdx.x] = scale[(threadIdx.x + i) & 3] * scale[1];
}

// Stores through a pointer the host wrote into a __device__ variable.
extern "C" __global__ void through_ptr(int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) dptr[t] = 0.5f * t;
}

// 64-bit atomics on a zero-initialised __device__ array.
extern "C" __global__ void accumulate(unsigned long long v) {
    atomicAdd(&big[threadIdx.x & 3], v + threadIdx.x);
}
