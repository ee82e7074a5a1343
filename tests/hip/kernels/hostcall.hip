// Checks: HIP device printf and assert, which reach the host through the
//   ROCm device library's hostcall buffer (hidden_hostcall_buffer; xisa
//   answers the packets at the wave's s_sleep, docs/notes/hip-hostcall.md).
//   say: every third work-item prints one line with integer, unsigned,
//   64-bit, char, float, string, pointer and '*' width conversions, and a
//   format and a string longer than one 56-byte message piece; the printf
//   result (the bytes printed) is stored. check_positive: a device assert
//   that fails for negative inputs after the earlier elements were doubled.
//   heap_scratch: device malloc / free (the device library's slab allocator,
//   which asks the host for 2 MiB slabs and for blocks above 3 KiB through
//   hostcalls): each work-item fills a block of its own size (16 to 80
//   ints, or 8 KiB for every fourth), sums it back and frees it.
#include <hip/hip_runtime.h>
#include <assert.h>

__device__ const char *names[3] = {"zero", "one",
                                   "a name longer than one fifty-six byte piece of a message"};

extern "C" __global__ void say(const int *in, int *ret, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || i % 3 != 0) return;
    int v = in[i];
    ret[i] = printf("item %d (block %u lane %u): v=%d u=%u big=%lld c=%c f=%.3f s=%s w=[%*d] "
                    "hex=%#x %%\n",
                    i, (unsigned)blockIdx.x, (unsigned)threadIdx.x, v, (unsigned)v, (long long)v * 1000000007LL,
                    'A' + (i % 26), v / 8.0f, names[(i / 3) % 3], i % 7, v, (unsigned)i * 2654435761u);
}

extern "C" __global__ void check_positive(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    assert(v >= 0 && "negative input");
    out[i] = 2 * v;
}

extern "C" __global__ void heap_scratch(const int *in, long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int count = i % 4 == 0 ? 2048 : 16 * (1 + i % 5);
    int *p = (int *)malloc(count * sizeof(int));
    if (!p) {
        out[i] = -1;
        return;
    }
    for (int k = 0; k < count; ++k) p[k] = in[i] + k;
    long long s = 0;
    for (int k = 0; k < count; ++k) s += p[k];
    free(p);
    out[i] = s;
}
