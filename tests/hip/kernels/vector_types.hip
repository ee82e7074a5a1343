// Checks: HIP's vector types and a 16-byte struct of floats: float4 and
// int4 loads and stores (global_load_dwordx4 / global_store_dwordx4),
// component arithmetic and reordering, int2 swizzles (8-byte accesses),
// make_float4 / make_int4 / make_int2, and an array-of-structs kernel
// reading a 16-byte-aligned struct { float x, y, z, mass; } per element.
// All values are small integers: every result is exact.
#include <hip/hip_runtime.h>

struct alignas(16) Particle {
    float x, y, z, mass;
};

extern "C" __global__ void vector_types(const float4 *fa, const int4 *ia, const int2 *pa,
                                        const Particle *parts, float4 *fo, int4 *io, int2 *po,
                                        float4 *moments, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float4 f = fa[i];
    fo[i] = make_float4(f.w, f.z * 2.0f, f.y + f.x, f.x - f.w * f.y);
    const int4 v = ia[i];
    const int4 w = ia[(i + 1) % n];
    io[i] = make_int4(v.x + w.w, v.y ^ w.z, v.z - w.y, v.w * w.x);
    const int2 p = pa[i];
    int2 q = make_int2(p.y, p.x);  // .yx
    q.x -= p.x;
    q.y = q.y * 2 + p.y;
    po[i] = q;
    const Particle pt = parts[i];
    moments[i] = make_float4(pt.mass * pt.x, pt.mass * pt.y, pt.mass * pt.z,
                             pt.x * pt.x + pt.y * pt.y + pt.z * pt.z);
}
