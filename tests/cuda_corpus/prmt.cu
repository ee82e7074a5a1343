// Byte permutes in the PRMT modes other than the default one (forward and
// backward 4-extract, replicate, edge clamp), through inline PTX as
// byte-shuffling code writes them.

#define PRMT_MODE(name, mode)                                                          \
    __device__ __forceinline__ unsigned name(unsigned x, unsigned y, unsigned s) {     \
        unsigned r;                                                                    \
        asm("prmt.b32." mode " %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s));   \
        return r;                                                                      \
    }
PRMT_MODE(prmt_f4e, "f4e")
PRMT_MODE(prmt_b4e, "b4e")
PRMT_MODE(prmt_rc8, "rc8")
PRMT_MODE(prmt_ecl, "ecl")
PRMT_MODE(prmt_ecr, "ecr")
PRMT_MODE(prmt_rc16, "rc16")

extern "C" __global__ void prmt_modes(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + 6 * i;
    o[0] = prmt_f4e(x, y, y);
    o[1] = prmt_b4e(x, y, y);
    o[2] = prmt_rc8(x, y, y);
    o[3] = prmt_ecl(x, y, y);
    o[4] = prmt_ecr(x, y, y);
    o[5] = prmt_rc16(x, y, y);
}
