// Checks: C++ templates and functors in device code: a double-precision
// matrix-vector product y = alpha * A x + beta * y templated on the element
// type and on an epilogue functor (a struct with a __device__ operator(),
// built in the kernel from the f64 scalar arguments), one row per lane; and
// a struct-of-arrays kernel templated on a functor type that reads three
// component arrays through a small struct of pointers. All values are
// integers or halves: exact in f64.
#include <hip/hip_runtime.h>

template <typename T>
struct Axpby {
    T alpha, beta;
    __device__ T operator()(T ax, T y) const { return alpha * ax + beta * y; }
};

template <typename T>
struct RowDot {
    const T *a;
    int cols;
    __device__ T operator()(int row, const T *x) const {
        T acc = T(0);
        for (int c = 0; c < cols; ++c) acc += a[row * cols + c] * x[c];
        return acc;
    }
};

template <typename T, template <typename> class Epilogue>
__global__ void gemv(const T *A, const T *x, T *y, int rows, int cols, T alpha, T beta) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const RowDot<T> dot{A, cols};
    const Epilogue<T> ep{alpha, beta};
    y[r] = ep(dot(r, x), y[r]);
}

template __global__ void gemv<double, Axpby>(const double *, const double *, double *, int, int,
                                             double, double);

template <typename T>
struct Vec3SoA {
    T *x, *y, *z;
};

struct Manhattan {
    template <typename T>
    __device__ T operator()(T a, T b, T c) const {
        return fabs(a) + fabs(b) + fabs(c);
    }
};

struct Cross2 {
    template <typename T>
    __device__ T operator()(T a, T b, T c) const {
        return a * b - T(0.5) * c;
    }
};

template <typename F>
__global__ void soa_apply(double *x, double *y, double *z, double *out, int n) {
    const Vec3SoA<double> v{x, y, z};
    const F f{};
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        out[i] = f(v.x[i], v.y[i], v.z[i]);
    }
}

template __global__ void soa_apply<Manhattan>(double *, double *, double *, double *, int);
template __global__ void soa_apply<Cross2>(double *, double *, double *, double *, int);
