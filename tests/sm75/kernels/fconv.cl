// Checks: float to integer conversions with saturation and rounding modes (convert_*_sat[_rte/_rtz/_rtp/_rtn]: FRND, F2I .S16/.U32/.S64/.U64, FSETP/FSEL clamps) on random bit patterns incl. NaN.
__kernel void fconv(__global const int *bits, __global const float *fr, __global int *oi, __global uchar *ou8,
                    __global short *os, __global uint *ou, __global long *ol, int n)
{
    int i = get_global_id(0);
    if (i >= n) return;
    float f = (i & 1) ? as_float(bits[i]) : fr[i];
    oi[i * 4 + 0] = convert_int_sat_rte(f);
    oi[i * 4 + 1] = convert_int_sat_rtz(f);
    oi[i * 4 + 2] = convert_int_sat_rtp(f);
    oi[i * 4 + 3] = convert_int_sat_rtn(f);
    ou8[i * 4 + 0] = convert_uchar_sat(f);
    ou8[i * 4 + 1] = convert_uchar_sat_rte(f);
    ou8[i * 4 + 2] = convert_uchar_sat(bits[i]);
    ou8[i * 4 + 3] = convert_uchar_sat((short)bits[i]);
    os[i * 2 + 0] = convert_short_sat_rte(f);
    os[i * 2 + 1] = convert_short_sat(bits[i]);
    ou[i * 2 + 0] = convert_uint_sat_rte(f);
    ou[i * 2 + 1] = convert_uint_sat(bits[i]);
    ol[i * 2 + 0] = convert_long_sat_rte(f);
    ol[i * 2 + 1] = (long)convert_ulong_sat(f);
}
