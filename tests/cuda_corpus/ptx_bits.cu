// Bit-field inline PTX as CUB's util_ptx writes it: bfe (unsigned and
// signed), bfi, vshr with clamp and add, lop3 with a truth table.

__device__ __forceinline__ unsigned bfe(unsigned x, unsigned pos, unsigned len) {
    unsigned r;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(pos), "r"(len));
    return r;
}
__device__ __forceinline__ int bfe_s(int x, unsigned pos, unsigned len) {
    int r;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(pos), "r"(len));
    return r;
}
__device__ __forceinline__ unsigned bfi(unsigned x, unsigned y, unsigned pos, unsigned len) {
    unsigned r;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(x), "r"(y), "r"(pos), "r"(len));
    return r;
}
__device__ __forceinline__ unsigned shr_add(unsigned x, unsigned s, unsigned a) {
    unsigned r;
    asm("vshr.u32.u32.u32.clamp.add %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(s), "r"(a));
    return r;
}

extern "C" __global__ void inline_ptx_bits(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + 5 * i;
    o[0] = bfe(x, y & 31, (y >> 5) & 31);
    o[1] = (unsigned)bfe_s((int)x, y & 31, (y >> 5) & 31);
    o[2] = bfi(x, y, (x >> 8) & 31, (x >> 16) & 31);
    o[3] = shr_add(x, y & 63, y);
    unsigned r;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(x), "r"(y), "r"(x >> 3));
    o[4] = r;
}
