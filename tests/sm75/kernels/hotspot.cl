// Checks: 5-point integer stencil on a __local 2D tile with clamped halo loads (IMNMX), a barrier, i16 loads, signed div/rem by constants.
#define TS 16
__kernel void hotspot(__global const int *temp, __global const short *power, __global int *out,
                      int rows, int cols)
{
    __local int tile[TS + 2][TS + 2];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_group_id(0) * TS + lx;
    int gy = get_group_id(1) * TS + ly;
    // load with halo, clamp at borders
    for (int y = ly; y < TS + 2; y += TS)
        for (int x = lx; x < TS + 2; x += TS) {
            int sx = clamp((int)get_group_id(0) * TS + x - 1, 0, cols - 1);
            int sy = clamp((int)get_group_id(1) * TS + y - 1, 0, rows - 1);
            tile[y][x] = temp[sy * cols + sx];
        }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gx < cols && gy < rows) {
        int c = tile[ly + 1][lx + 1];
        int n = tile[ly][lx + 1], s = tile[ly + 2][lx + 1];
        int w = tile[ly + 1][lx], e = tile[ly + 1][lx + 2];
        int lap = n + s + w + e - 4 * c;
        int p = power[gy * cols + gx];
        int v = c + (lap / 8) + (p % 7) - ((c - 300) >> 4);
        out[gy * cols + gx] = v;
    }
}
