// SIMD-in-a-word intrinsics (image processing): __vadd4, __vsub2,
// __vabsdiffu4, __vmaxu4, __vcmpgtu4, __vavgu4, __vsads2, __vmins2,
// __vaddss4, __vsetltu2.

extern "C" __global__ void simd_video(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + 10 * i;
    o[0] = __vadd4(x, y);
    o[1] = __vsub2(x, y);
    o[2] = __vabsdiffu4(x, y);
    o[3] = __vmaxu4(x, y);
    o[4] = __vcmpgtu4(x, y);
    o[5] = __vavgu4(x, y);
    o[6] = __vsads2(x, y);
    o[7] = __vmins2(x, y);
    o[8] = __vaddss4(x, y);
    o[9] = __vsetltu2(x, y);
}

