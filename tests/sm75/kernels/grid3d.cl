// Checks: 3D grid indexing (S2R TID/CTAID .X/.Y/.Z, c[0x0] ntid/nctaid loads, IMAD chains).
__kernel void grid3d(__global int *out) {
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t w = get_global_size(0), h = get_global_size(1);
    out[(z * h + y) * w + x] = (int)(x + 10 * y + 100 * z);
}
