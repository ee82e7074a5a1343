// Checks: register-indexed sub-word reads of __constant tables (c[0x3]):
// LDC.U8 / LDC.S8 / LDC.U16 / LDC.S16 with a run-time index, zero- and
// sign-extended (byte and short lookup tables: S-boxes, small LUTs).
__constant uchar TU8[16] = {0, 1, 2, 3, 250, 251, 252, 253, 128, 127, 99, 7, 200, 17, 255, 42};
__constant char TS8[16] = {0, -1, 2, -3, 100, -100, 127, -128, 5, -5, 64, -64, 1, -2, 33, -33};
__constant ushort TU16[16] = {0, 1, 65535, 40000, 32768, 32767, 12345, 54321, 7, 8, 9, 1000, 2000, 3000, 60000, 5};
__constant short TS16[16] = {0, -1, 32767, -32768, 1234, -1234, 30000, -30000, 7, -7, 1000, -1000, 2, -2, 9999, -9999};
__kernel void const_tables(__global const uint *in, __global int *out, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    uint x = in[i];
    out[4 * i + 0] = TU8[x & 15];
    out[4 * i + 1] = TS8[(x >> 4) & 15];
    out[4 * i + 2] = TU16[(x >> 8) & 15];
    out[4 * i + 3] = TS16[(x >> 12) & 15];
}
