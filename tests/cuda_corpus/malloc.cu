// Device malloc and free. ptxas calls the CUDA driver's malloc and free
// through CALL.ABS.NOINC on addresses in constant bank 4 (relocated by the
// loader): size or pointer in R4:R5, the block's address back in R4:R5.

// Each thread builds a k-element scratch array of its own, sums it and
// frees it: out[i] = k*in[i] + k(k-1)/2.
extern "C" __global__ void per_thread_buffers(const int *in, int *out, int n, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int *buf = (int *)malloc(k * sizeof(int));
    if (buf == nullptr) { out[i] = -1; return; }
    for (int j = 0; j < k; j++) buf[j] = in[i] + j;
    int s = 0;
    for (int j = 0; j < k; j++) s += buf[j];
    out[i] = s;
    free(buf);
}

// One block-wide buffer: thread 0 allocates it and shares the pointer
// through shared memory, every thread writes its slot, thread 0 sums the
// slots in reverse order and frees the buffer.
extern "C" __global__ void block_buffer(const int *in, int *out) {
    __shared__ int *buf;
    if (threadIdx.x == 0) buf = (int *)malloc(blockDim.x * sizeof(int));
    __syncthreads();
    if (buf == nullptr) {
        if (threadIdx.x == 0) out[blockIdx.x] = -1;
        return;
    }
    buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x] * 3;
    __syncthreads();
    if (threadIdx.x == 0) {
        int s = 0;
        for (int j = blockDim.x - 1; j >= 0; j--) s += buf[j];
        out[blockIdx.x] = s;
        free(buf);
    }
}

// Each thread asks for `bytes`; got[i] says whether it got a block (the
// heap runs out: malloc returns NULL), and the blocks are freed after a
// barrier, so that a later launch finds the heap empty again.
extern "C" __global__ void exhaust(int *got, unsigned long long bytes) {
    char *p = (char *)malloc(bytes);
    got[threadIdx.x] = p != nullptr;
    if (p != nullptr) p[bytes - 1] = 1;
    __syncthreads();
    free(p);
}

// free of a pointer malloc did not return: the launch stops with a fault
// naming it.
extern "C" __global__ void bad_free(int *p) {
    free(p + 1);
}
