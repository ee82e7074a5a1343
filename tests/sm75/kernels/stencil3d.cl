// Checks: 7-point 3D stencil on a 3D NDRange (block 8x8x4, S2R .X/.Y/.Z), Dirichlet boundary (ISETP.EQ.OR chains), f32 scalar coefficients.
__kernel void stencil3d(__global const float *A0, __global float *Anext, int nx, int ny, int nz, float c0, float c1) {
    int i = get_global_id(0), j = get_global_id(1), k = get_global_id(2);
    if (i >= nx || j >= ny || k >= nz) return;
    int idx = (k * ny + j) * nx + i;
    if (i == 0 || j == 0 || k == 0 || i == nx - 1 || j == ny - 1 || k == nz - 1) { Anext[idx] = A0[idx]; return; }
    Anext[idx] = c1 * (A0[idx - 1] + A0[idx + 1] + A0[idx - nx] + A0[idx + nx] + A0[idx - nx * ny] + A0[idx + nx * ny])
               - c0 * A0[idx];
}
