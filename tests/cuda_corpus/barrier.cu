// Block-wide predicate reductions: __syncthreads_count/_and/_or
// (BAR.RED.POPC/AND/OR and B2R.RESULT).

// __syncthreads_count/_and/_or: block-wide predicate counts.
extern "C" __global__ void sync_count(const int *in, int *out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int c = __syncthreads_count(v > 0);
    int a = __syncthreads_and(v != 0);
    int o = __syncthreads_or(v == 12345);
    if (threadIdx.x == 0) {
        out[3 * blockIdx.x] = c;
        out[3 * blockIdx.x + 1] = a;
        out[3 * blockIdx.x + 2] = o;
    }
}
