// Debug builds (nvcc -G, NVRTC --device-debug; tests/tests/debug_builds.rs).
// ptxas then places every device function in a section of its own and
// calls it with CALL.ABS.NOINC to a relocated absolute address
// (R_CUDA_ABS47_34), passing a return address built by two relocated MOVs
// (R_CUDA_ABS32_LO/HI_32) that RET.ABS.NODEC jumps back to; __device__
// data addresses are relocated MOV immediates too; driver functions
// (vprintf, malloc, __assertfail) are CALL.ABS.NOINC to their relocated
// address; each function checks its stack against SR_LMEMHIOFF; and every
// EXIT follows MEMBAR.SC.VC; ERRBAR. xisa refused every such kernel.



__device__ int hits;
__device__ int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__constant__ int weights[4] = {10, 20, 30, 40};

__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

__device__ __noinline__ int lookup(int i) {
    atomicAdd(&hits, 1);
    return table[i & 7] * weights[i & 3];
}

__device__ __noinline__ int twice(int x) { return lookup(x) + lookup(x + 1); }

// out[t] = fact(t % 8) + twice(t); hits counts the lookups.
extern "C" __global__ void calls(int *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = fact(t % 8) + twice(t);
}

extern "C" __global__ void print_table(void) {
    int t = threadIdx.x;
    printf("t=%d table=%d fact=%d\n", t, table[t & 7], fact(t));
}

// Each thread allocates, fills and sums a buffer on the device heap.
extern "C" __global__ void heap(int *out) {
    int t = threadIdx.x;
    int *b = (int *)malloc(16 * sizeof(int));
    int s = 0;
    for (int i = 0; i < 16; i++) b[i] = t + i;
    for (int i = 0; i < 16; i++) s += b[i];
    free(b);
    out[t] = s;
}

extern "C" __global__ void checked(const int *in, int *out) {
    int t = threadIdx.x;
    assert(in[t] >= 0);
    out[t] = in[t] * 2;
}
