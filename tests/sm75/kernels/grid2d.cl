// Checks: 2D grid stencil with bounds checks (ISETP chains, 64-bit address arithmetic).
__kernel void grid2d(__global const float *in, __global float *out, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
    out[y * w + x] = 0.25f * (in[y * w + x - 1] + in[y * w + x + 1] + in[(y - 1) * w + x] + in[(y + 1) * w + x]);
}
