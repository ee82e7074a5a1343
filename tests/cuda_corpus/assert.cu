// Device assert. A failed assert calls the CUDA driver's __assertfail
// (message, file, line, function, char size), reached through LEPC +
// CALL.ABS.NOINC on an address ptxas loads with a register-indexed LDC.64
// from constant bank 4 (which the loader relocates). NVRTC ships no
// <assert.h>; the macro is what nvcc's device assert expands to.

extern "C" __device__ void __assertfail(const char *message, const char *file,
                                        unsigned line, const char *function,
                                        unsigned long char_size);
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__, 1))

// Doubles every element; every element must be non-negative.
extern "C" __global__ void assert_nonnegative(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        assert(in[i] >= 0);
        out[i] = in[i] * 2;
    }
}

// An assert on a value the block computes in shared memory, after a barrier.
extern "C" __global__ void assert_block_sum(const int *in, int *out, int limit) {
    __shared__ int sum;
    if (threadIdx.x == 0) sum = 0;
    __syncthreads();
    atomicAdd(&sum, in[blockIdx.x * blockDim.x + threadIdx.x]);
    __syncthreads();
    assert(sum <= limit);
    if (threadIdx.x == 0) out[blockIdx.x] = sum;
}
