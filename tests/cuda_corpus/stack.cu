// Checks: a stack deeper than the runtime's default (xisa run --stack-size,
//   LaunchOptions::stack_size; cudaLimitStackSize / hipLimitStackSize on a
//   GPU). deep_sum: out[i] = sum of k * (k ^ depth[i]) for k = depth[i]
//   down to 1, one recursive call per k, each frame holding a 16-int array
//   the callee reads back (so it lives on the stack). No launch spec:
//   tests/tests/stack_size.rs (twin: tests/hip/kernels/stack.hip).

__device__ __noinline__ long long walk(int k, int salt, volatile int *above) {
    volatile int frame[16];
    for (int j = 0; j < 16; ++j) frame[j] = k * (k ^ salt) + j * (above ? above[j] : 0);
    if (k == 0) return 0;
    long long rest = walk(k - 1, salt, frame);
    return rest + frame[0];
}

extern "C" __global__ void deep_sum(const int *depth, long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = walk(depth[i], depth[i], 0);
}
