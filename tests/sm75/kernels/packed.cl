// Checks: packed 16/8-bit vector integer math (short2/ushort2/char4/uchar4 add_sat/sub_sat, min/max, mul, shifts, mad_sat, abs, hadd/rhadd, rotate, clz, popcount: PRMT, SGXT, IMNMX).
__kernel void packed(__global const uint *a, __global const uint *b, __global uint *o, int n)
{
    int i = get_global_id(0);
    if (i >= n) return;
    uint x = a[i], y = b[i];
    short2 s1 = as_short2(x), s2 = as_short2(y);
    ushort2 u1 = as_ushort2(x), u2 = as_ushort2(y);
    char4 c1 = as_char4(x), c2 = as_char4(y);
    uchar4 d1 = as_uchar4(x), d2 = as_uchar4(y);
    __global uint *r = o + i * 24;
    r[0] = as_uint(add_sat(s1, s2));
    r[1] = as_uint(sub_sat(s1, s2));
    r[2] = as_uint(add_sat(u1, u2));
    r[3] = as_uint(sub_sat(u1, u2));
    r[4] = as_uint(max(s1, s2));
    r[5] = as_uint(min(u1, u2));
    r[6] = as_uint(s1 * s2 + (short2)(3, -7));
    r[7] = as_uint(s1 >> (short2)(3, 9));
    r[8] = as_uint(u1 >> (ushort2)(1, 15));
    r[9] = as_uint(s1 << (short2)(4, 1));
    r[10] = as_uint(add_sat(c1, c2));
    r[11] = as_uint(sub_sat(c1, c2));
    r[12] = as_uint(add_sat(d1, d2));
    r[13] = as_uint(abs(c1));
    r[14] = as_uint(hadd(s1, s2));
    r[15] = as_uint(rhadd(d1, d2));
    r[16] = as_uint(mad_sat(s1, (short2)(3, -2), s2));
    r[17] = as_uint(abs_diff(s1, s2));
    r[18] = as_uint(clz(u1) + popcount(u2));
    r[19] = as_uint(rotate(s1, s2));
    r[20] = as_uint(mul_hi(s1, s2));
    r[21] = as_uint(max(c1, c2) - as_char4(min(d1, d2).wzyx));
    r[22] = as_uint(convert_char4_sat(convert_short4(d1) - convert_short4(d2) * (short4)2));
    r[23] = as_uint(convert_ushort2_sat(convert_int2(s1) * 3));
}
