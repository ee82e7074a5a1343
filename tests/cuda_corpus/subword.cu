// Sub-word last parameters (tests/tests/subword_params.rs): ptxas reads a
// u16, u8 or half that ends the parameter block with a 32-bit constant
// load reaching past the block's declared size, and converts a half
// parameter to float with `HADD2.F32 Rd, -RZ, c[0x0][..].H0_H0`. Numba's
// kernels with such parameters could not be lifted before.
#include <cuda_fp16.h>

extern "C" __global__ void popc_u16(int *out, unsigned short x) {
    out[threadIdx.x] = __popc(x) + (int)threadIdx.x;
}

extern "C" __global__ void scale_u8(int *out, int a, unsigned char b) {
    out[threadIdx.x] = a * b + (int)threadIdx.x;
}

extern "C" __global__ void half_to_float(float *out, __half x) {
    out[threadIdx.x] = __half2float(x) * (float)(threadIdx.x + 1);
}
