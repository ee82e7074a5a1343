// Checks: arguments passed by value that are not scalars (xisa run --arg
//   struct:..., ArgSpec::Struct): a float3 (12 bytes, no 8-byte field) and a
//   parameter struct with an array, a float, a double (8-aligned), a char and
//   a short (48 bytes with padding). No launch spec: tests/tests/by_value.rs.
#include <hip/hip_runtime.h>

extern "C" __global__ void axpy3(float3 a, const float *x, float *y) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    y[t] = a.x * x[t] + a.y * t + a.z;
}

struct Params {
    int coef[6];
    float scale;
    double offset;
    char tag;
    short bias;
};

extern "C" __global__ void by_value(Params p, const int *in, double *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = (double)(p.coef[i % 6] * in[i] + p.bias + p.tag) * p.scale + p.offset;
}
