// Indirect calls: device function pointers from a table chosen by data,
// and C++ virtual functions on objects constructed in the kernel.

typedef int (*binop)(int, int);
__device__ int f_add(int a, int b) { return a + b; }
__device__ int f_mul(int a, int b) { return a * b; }
__device__ int f_sub3(int a, int b) { return a - 3 * b; }
__device__ int f_xor(int a, int b) { return a ^ b; }
__device__ binop kOps[4] = {f_add, f_mul, f_sub3, f_xor};

extern "C" __global__ void fn_pointers(const int *op, const int *a, const int *b, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    binop f = kOps[op[i] & 3];
    out[i] = f(a[i], b[i]);
}

struct Shape {
    __device__ virtual float area() const = 0;
    __device__ virtual int sides() const { return 0; }
};
struct Rect : Shape {
    float w, h;
    __device__ Rect(float w, float h) : w(w), h(h) {}
    __device__ float area() const override { return w * h; }
    __device__ int sides() const override { return 4; }
};
struct Tri : Shape {
    float b, h;
    __device__ Tri(float b, float h) : b(b), h(h) {}
    __device__ float area() const override { return 0.5f * b * h; }
    __device__ int sides() const override { return 3; }
};
struct Circle : Shape {
    float r;
    __device__ Circle(float r) : r(r) {}
    __device__ float area() const override { return 3.0f * r * r; }
};

__device__ __noinline__ float describe(const Shape *s, int *sides) {
    *sides = s->sides();
    return s->area();
}

extern "C" __global__ void virtual_shapes(const int *kind, const float *p, float *area, int *sides) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Rect r(p[2 * i], p[2 * i + 1]);
    Tri t(p[2 * i], p[2 * i + 1]);
    Circle c(p[2 * i]);
    const Shape *s = kind[i] == 0 ? (const Shape *)&r : kind[i] == 1 ? (const Shape *)&t : (const Shape *)&c;
    area[i] = describe(s, &sides[i]);
}

// A function pointer from the caller's table, called when it is not null
// (Numba's NRT calls array destructors so). No device function is in this
// kernel's code, so no pointer can name one: a non-null entry traps (at
// ptxas's read of the function table in constant bank 2, or at the call).
extern "C" __global__ void call_if_set(binop const *table, const int *a, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    binop f = table[i];
    out[i] = f ? f(a[i], 1) : -1;
}
