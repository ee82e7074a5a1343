// sinf/cosf and sin/cos(double): R2P (the double reduction) and the
// Payne-Hanek slow paths, whose table lives in global memory (c[0x4]).
extern "C" __global__ void trigf(const float *x, float *s, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        s[i] = sinf(x[i]);
        c[i] = cosf(x[i]);
    }
}

extern "C" __global__ void trigd(const double *x, double *s, double *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        s[i] = sin(x[i]);
        c[i] = cos(x[i]);
    }
}

// sinpif: R2P picks the quadrant's polynomial and sign; no global tables.
extern "C" __global__ void trigpi(const float *x, float *s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) s[i] = sinpif(x[i]);
}
