// Checks: a function template kernel instantiated for float and int (the
// kernels' symbols are the Itanium-mangled template names), a grid-stride loop
// over n elements with fewer lanes than elements and n not a multiple of the
// block, __restrict__ pointers. Float inputs are integers, so the sums are
// exact; int sums wrap.
#include <hip/hip_runtime.h>

template <typename T>
__global__ void vector_add(const T *__restrict__ a, const T *__restrict__ b,
                           T *__restrict__ c, int n) {
    const int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        c[i] = a[i] + b[i];
    }
}

template __global__ void vector_add<float>(const float *__restrict__, const float *__restrict__,
                                           float *__restrict__, int);
template __global__ void vector_add<int>(const int *__restrict__, const int *__restrict__,
                                         int *__restrict__, int);
