// clfuzz seed=2 grid=1 block=32 in=1024 out=576 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 18u
static inline uchar div_uchar(uchar a, uchar b) { return (b == 0) ? a : (uchar)(a / b); }
static inline uchar rem_uchar(uchar a, uchar b) { return (b == 0) ? a : (uchar)(a % b); }
static inline uchar shl_uchar(uchar a, uint s) { return (uchar)((uint)(uchar)a << (s & 7)); }
static inline uchar shr_uchar(uchar a, uint s) { return (uchar)(a >> (s & 7)); }
static inline char div_char(char a, char b) { return (b == 0 || (a == CHAR_MIN && b == -1)) ? a : (char)(a / b); }
static inline char rem_char(char a, char b) { return (b == 0 || (a == CHAR_MIN && b == -1)) ? a : (char)(a % b); }
static inline char shl_char(char a, uint s) { return (char)((uint)(uchar)a << (s & 7)); }
static inline char shr_char(char a, uint s) { return (char)(a >> (s & 7)); }
static inline ushort div_ushort(ushort a, ushort b) { return (b == 0) ? a : (ushort)(a / b); }
static inline ushort rem_ushort(ushort a, ushort b) { return (b == 0) ? a : (ushort)(a % b); }
static inline ushort shl_ushort(ushort a, uint s) { return (ushort)((uint)(ushort)a << (s & 15)); }
static inline ushort shr_ushort(ushort a, uint s) { return (ushort)(a >> (s & 15)); }
static inline short div_short(short a, short b) { return (b == 0 || (a == SHRT_MIN && b == -1)) ? a : (short)(a / b); }
static inline short rem_short(short a, short b) { return (b == 0 || (a == SHRT_MIN && b == -1)) ? a : (short)(a % b); }
static inline short shl_short(short a, uint s) { return (short)((uint)(ushort)a << (s & 15)); }
static inline short shr_short(short a, uint s) { return (short)(a >> (s & 15)); }
static inline uint div_uint(uint a, uint b) { return (b == 0) ? a : (uint)(a / b); }
static inline uint rem_uint(uint a, uint b) { return (b == 0) ? a : (uint)(a % b); }
static inline uint shl_uint(uint a, uint s) { return (uint)((uint)(uint)a << (s & 31)); }
static inline uint shr_uint(uint a, uint s) { return (uint)(a >> (s & 31)); }
static inline int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : (int)(a / b); }
static inline int rem_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : (int)(a % b); }
static inline int shl_int(int a, uint s) { return (int)((uint)(uint)a << (s & 31)); }
static inline int shr_int(int a, uint s) { return (int)(a >> (s & 31)); }
static inline ulong div_ulong(ulong a, ulong b) { return (b == 0) ? a : (ulong)(a / b); }
static inline ulong rem_ulong(ulong a, ulong b) { return (b == 0) ? a : (ulong)(a % b); }
static inline ulong shl_ulong(ulong a, uint s) { return (ulong)((ulong)(ulong)a << (s & 63)); }
static inline ulong shr_ulong(ulong a, uint s) { return (ulong)(a >> (s & 63)); }
static inline long div_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : (long)(a / b); }
static inline long rem_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : (long)(a % b); }
static inline long shl_long(long a, uint s) { return (long)((ulong)(ulong)a << (s & 63)); }
static inline long shr_long(long a, uint s) { return (long)(a >> (s & 63)); }
static inline uint fbits(float f) { return isnan(f) ? 0x7fc00000u : as_uint(f); }
typedef uchar __attribute__((may_alias)) uchar_a;
typedef ushort __attribute__((may_alias)) ushort_a;
typedef uint __attribute__((may_alias)) uint_a;
typedef ulong __attribute__((may_alias)) ulong_a;
typedef uint2 __attribute__((may_alias)) uint2_a;
__attribute__((noinline)) static int fn0(uint p0) {
    p0 = (uint)((min((uint)(add_sat((int)0x5u, (int)0x5c14bc4au) <= (int)sub_sat((uint)(int)p0, (uint)(int)0xf63f23d0u)), (uint)p0) < 0) ? min((uint)(add_sat((int)0x5u, (int)0x5c14bc4au) <= (int)sub_sat((uint)(int)p0, (uint)(int)0xf63f23d0u)), (uint)p0) : (uint)p0);
    for (uint i0 = 0; i0 < ((uint)p0 & 7u); i0++) {
        for (uint i1 = 0; i1 < ((uint)i0 & 7u); i1++) {
            p0 = max((uint)p0, i1);
            p0 = (uint)(-(uint)(uint)((uint)((uint)(uint)0x22f1a831u - (uint)shl_uint((uint)p0, (uint)(uint)p0)) & p0));
            p0 = (uint)(mul_hi(p0, i0) & (uint)(i0 | (uint)((uint)mul_hi((uint)popcount(p0), (uint)0x2u) + (uint)(uint)p0)));
            p0 = (uint)popcount(shr_uint(p0, (uint)i1));
        }
        p0 = (uint)((uint)i0 - (uint)p0);
        if ((ushort)0x3u == (ushort)0x7430u) {
            if ((short)((uint)add_sat((short)0x1u, (short)0x5f4au) * (uint)convert_short_sat(p0)) >= (short)p0) {
                if ((short)0x4u > (short)(~(short)0x23c1u)) continue;
            } else {
                p0 = (uint)(-(uint)(uint)((uint)(uint)((uint)rem_uint((uint)p0, i0) * (uint)bitselect((uint)p0, i0, p0)) * (uint)(uint)clz(p0)));
            }
            p0 = (uint)((uint)(uint)abs_diff((uint)(uint)(((long)0xf807214ef32f2f10ul != (long)p0) ? p0 : (uint)abs_diff((uint)i0, (uint)(uint)p0)), (uint)p0) + (uint)i0);
        } else {
            if ((long)p0 < shl_long((long)0xfa2c02f261ef2a6aul, (uint)(uint)((uint)(uint)0xd0e9f504u - (uint)p0))) {
                if ((short)(~(short)p0) == (short)((uint)min((short)0x12a4u, (short)p0) * (uint)(short)0xffu)) break;
                if (min((int)0xacf9339du, (int)0xf787a919u) != (int)0x90766002u) continue;
                if ((div_long((long)0x7ffffffffful, (long)p0) & (long)0x264824b0d9d74665ul) >= (long)0x16d1b246a0fbab70ul) continue;
            } else {
                if (((uchar)(((uchar)0x20u < 0) ? (uchar)0x20u : (uint)(uchar)p0) & (uchar)0x71u) == (uchar)0x37u) continue;
                p0 = (uint)((int)0x8u != (int)abs((int)p0));
            }
            p0 = (uint)((uint)i0 - (uint)(uint)((long)p0 <= (long)0x200000000000ul));
            p0 = i0;
        }
        for (uint i2 = 0; i2 < ((uint)i0 & 7u); i2++) {
            switch ((int)((p0 != (uint)((uint)mul_hi(i2, p0) + (uint)(uint)p0)) ? (int)((convert_float(p0) <= -0.0f) ? bitselect((int)sub_sat((uint)(int)0x3fu, (uint)convert_int_sat(p0)), add_sat((int)0x0u, (int)0x800u), (int)0x7u) : convert_int_sat(p0)) : (int)0x8acaa381u) & 7) {
            case 0: {
                if ((0.5f * (((short)0xe778u >= (short)p0) ? (convert_float(p0) * 3.0f) : -1.0f)) != convert_float(p0)) break;
                break;
            }
            case 1: {
                if (p0 != p0) break;
                if (((ushort)p0 & (ushort)0x397au) >= (ushort)0x991cu) continue;
                break;
            }
            default: {
                p0 = (uint)((uint)clamp(shr_uint((uint)((uint)i0 + (uint)i0), (uint)(uint)p0), min((uint)(~shr_uint((uint)p0, (uint)i2)), p0), max((uint)(~shr_uint((uint)p0, (uint)i2)), p0)) * (uint)upsample(bitselect((ushort)0x71e7u, (ushort)0x4f38u, (ushort)0x78a9u), (ushort)0xe285u));
                break;
            }
            }
            uint v4 = clamp(rotate((uint)p0, i2), min((uint)p0, i2), max((uint)p0, i2));
            if (copysign(0.5f, (isnan(convert_float(p0)) ? 1.0f : convert_float(p0))) <= 1e10f) continue;
        }
    }
    switch ((int)((uint)mul_hi((int)0xbb6fac23u, (int)0x644d9ee8u) + (uint)convert_int_sat(p0)) & 7) {
    case 0: {
        switch ((uint)0x4u & 7) {
        case 4: {
            p0 = shl_uint(p0, (uint)p0);
            p0 = (uint)((uint)((uint)(uint)popcount(p0) * (uint)(uint)p0) ^ p0);
            break;
        }
        case 5: {
            p0 = p0;
            p0 = (uint)((uint)mad24((uint)(p0 & 0xffff), (uint)(p0 & 0xffff), (uint)p0) * (uint)shl_uint((uint)p0, (uint)(uint)(p0 & p0)));
            break;
        }
        default: {
            p0 = (uint)(convert_float(p0) == convert_float((long)0x5ul));
            break;
        }
        }
        break;
    }
    case 4: {
        p0 = shr_uint(upsample((ushort)0x5a6cu, (ushort)((uint)(ushort)0x0u - (uint)(ushort)0x7u)), (uint)(uint)p0);
        for (uint i4 = 0; i4 < ((uint)p0 & 7u); i4++) {
            short v6 = (short)clz(upsample((char)p0, (uchar)((int)0x2c848b80u > (int)0xcedd78ffu)));
            v6 = clamp((short)(~(short)p0), min(shr_short((short)((uint)v6 - (uint)(short)v6), (uint)(uint)(~(uint)(((char)0x71u > (char)p0) ? p0 : (uint)0x6u))), mul_hi(hadd((short)(((ushort)v6 < (ushort)0x92bbu) ? v6 : (short)p0), (short)0x3cf7u), v6)), max(shr_short((short)((uint)v6 - (uint)(short)v6), (uint)(uint)(~(uint)(((char)0x71u > (char)p0) ? p0 : (uint)0x6u))), mul_hi(hadd((short)(((ushort)v6 < (ushort)0x92bbu) ? v6 : (short)p0), (short)0x3cf7u), v6)));
            if ((ushort)((ushort)(-(uint)(ushort)0x326au) & shr_ushort((ushort)p0, (uint)i4)) <= (ushort)((ushort)(~(ushort)v6) & shr_ushort((ushort)0x8u, (uint)rem_uint((uint)p0, i4)))) continue;
            v6 = (short)((uint)(short)(((short)((short)v6 & (short)v6) < 0) ? (short)((short)v6 & (short)v6) : (uint)(short)p0) + (uint)v6);
        }
    }
    case 6: {
        long v7 = (long)((uint)p0 <= p0);
    }
    default: {
        p0 = (uint)p0;
        break;
    }
    }
    return rhadd((int)((uint)(int)0xec9e07c2u - (uint)convert_int_sat(p0)), (int)(shl_int((int)0x1fb8a232u, (uint)(uint)p0) | (int)((uint)(int)((int)0xac580952u ^ (int)0x3u) * (uint)(int)0x1u)));
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    int x0 = (int)in[(gid * 5u + 0u) % 1024u];
    float x1 = convert_float((int)in[(gid * 5u + 1u) % 1024u]) * 0.25f;
    ulong x2 = (ulong)(((ulong)in[(gid * 5u + 2u) % 1024u] << 32) | in[(gid * 5u + 2u + 1u) % 1024u]);
    short x3 = (short)in[(gid * 5u + 3u) % 1024u];
    uchar x4 = (uchar)in[(gid * 5u + 4u) % 1024u];
    ushort arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x2 = mul_hi(x2, (ulong)(-(ulong)x2));
    x1 = fma(((x3 > (short)x3) ? fma(copysign(x1, (isnan(x1) ? 1.0f : x1)), x1, (-(x1))) : x1), (x1 - convert_float(x0)), x1);
    atomic_xor(&acc[2], (uint)((uint)div_uint((uint)abs_diff((uint)(uint)(-(uint)(uint)0x807c22f6u), (uint)max((uint)0xf5813b6fu, (uint)0xd14afd9u)), (uint)0xf0505ad9u) - (uint)(uint)x0));
    x2 = max(x2, (ulong)(~(ulong)0x2000000000ul));
    x0 = (int)((uint)(int)((uint)(int)x3 + (uint)(int)abs(x0)) * (uint)x0);
    lb[lid * 2u + 1u] = (uchar)(ushort)0x5u;
    lb[lid * 2u + 0u] = (uchar)(ushort)((ushort)(~(ushort)0xe755u) | (ushort)((uint)mul_hi((ushort)((ushort)0x3c86u & (ushort)0x24u), (ushort)0x3u) + (uint)(ushort)0x348fu));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (int)lb[((lid + 21u) % 32u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = (short)((uint)clamp(x3, min(rem_short((short)((uint)(short)x4 - (uint)(short)0x6u), (short)clz(convert_short_sat(x4))), (short)((short)0x6u & x3)), max(rem_short((short)((uint)(short)x4 - (uint)(short)0x6u), (short)clz(convert_short_sat(x4))), (short)((short)0x6u & x3))) + (uint)x3);
    for (uint i7 = 0; i7 < 1; i7++) {
        short v9 = (short)abs_diff((ushort)convert_short_sat(x0), (ushort)x3);
    }
    x0 = convert_int_sat_rtz(x1);
    for (uint i9 = 0; i9 < ((uint)x0 & 7u); i9++) {
        x4 = rotate((uchar)x0, x4);
    }
    x2 = shl_ulong(shr_ulong((ulong)((ulong)((ulong)(ulong)x3 - (ulong)x2) & (ulong)abs_diff((ulong)x2, (ulong)x2)), (uint)(uint)0x51b21585u), (uint)(uint)((uint)(uint)0xf2f6e8b4u - (uint)shl_uint((uint)((uint)mul_hi((uint)((__global const ulong *)in)[(min((uint)0x4000000u, (uint)((__global const uchar *)in)[((uint)(~convert_uint_sat(x1))) % 4096u])) % 512u], (uint)0x6u) + (uint)(uint)0x2u), (uint)(uint)((uint)(uint)x0 + (uint)(uint)x2))));
    x2 = add_sat(shl_ulong(x2, (uint)(uint)0xaf5ed249u), bitselect((ulong)((__global ushort_a *)row)[((uint)0xa6664e20u) % 8u], (ulong)(convert_ulong_sat(x4) | x2), x2));
    arr0[((uint)popcount((uint)0xf4b2f068u)) % 4u] = (ushort)(-(uint)(ushort)((uint)(ushort)0x65f6u + (uint)(ushort)((uint)(ushort)0x8u * (uint)(ushort)0x579au)));
    lm[lid] = (ulong)rhadd(mul_hi((long)clz((long)0x903d1c72df47828eul), (long)((__global uint_a *)row)[(shr_uint((uint)0x9be4afc8u, (uint)(uint)0x1u)) % 4u]), convert_long_sat(x0));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (ulong)lm[31u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = max(upsample((char)0x4u, x4), upsample(shr_char(mul_hi((char)0x5cu, (char)0x33u), (uint)(uint)0x4u), div_uchar((uchar)((__global const short *)in)[(max((uint)0x2u, convert_uint_sat(x0))) % 2048u], (uchar)((__global ushort_a *)row)[((uint)(((x2 & (ulong)0x7ffful) > (ulong)0x800000000ul) ? (uint)x0 : (uint)0x10u)) % 8u])));
    { uint o = acc[17], w = shl_uint(shl_uint(min(convert_uint_sat(x3), convert_uint_sat(x2)), (uint)(uint)((uint)mul_hi(convert_uint_sat_rtz(x1), shl_uint((uint)0xa0fdbdeau, (uint)(uint)0x87827d89u)) + (uint)(uint)0x3u)), (uint)(uint)0x3fffffffu);
      while (o < w && !__atomic_compare_exchange_n(&acc[17], &o, w, 1, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {} }
    x3 = x3;
    short v11 = x3;
    if ((ulong)(~rhadd(x2, (ulong)((__global const uchar *)in)[((uint)v11) % 4096u])) >= mul_hi((ulong)(-(ulong)(ulong)((ulong)(ulong)0x3ffffffffful * (ulong)x2)), upsample((uint)((uint)(uint)((__global const short *)in)[((uint)0x746a95fau) % 2048u] - (uint)(uint)0x0u), (uint)0x1802e74fu))) {
        x4 = hadd(x4, (uchar)(-(uint)(uchar)0xe9u));
    } else {
        switch ((uint)0x8000u & 7) {
        case 3: {
            x0 = fn0((uint)popcount((uint)((x1 > x1) ? rotate((uint)0xc9cc9917u, (uint)0x5u) : (uint)x4)));
            v11 = x3;
        }
        case 6: {
            v11 = v11;
            break;
        }
        case 7: {
            if ((uchar)(~div_uchar(x4, (uchar)(x4 | x4))) == x4) {
                short v12 = shl_short((short)((uint)mul_hi(v11, x3) + (uint)x3), (uint)(uint)((uint)0x7fffu & (uint)abs_diff((uint)(uint)0x50db95b3u, (uint)(uint)0x21ea4dd2u)));
            }
            x3 = (short)((uint)(short)get_global_size(0) + (uint)x3);
            break;
        }
        default: {
            if ((int)0x3u >= convert_int_sat(x4)) {
                x2 = add_sat(shl_ulong(x2, (uint)(uint)x3), convert_ulong_sat(x0));
            }
            break;
        }
        }
        __atomic_fetch_xor(&((__global ulong *)(acc + 32))[7], (ulong)(ulong)((ulong)(fma(x1, (x1 - convert_float(x3)), convert_float(x3)) >= x1) ^ (ulong)((__global const long2 *)in)[((uint)gid) % 256u].y), __ATOMIC_RELEASE);
        x3 = (short)((uint)mul_hi((short)(~v11), shl_short((short)abs_diff((ushort)x3, (ushort)div_short(v11, v11)), (uint)(uint)((__global const uchar *)in)[((uint)0x0u) % 4096u])) + (uint)max((short)((__global const uchar *)in)[((uint)0x10000u) % 4096u], x3));
    }
    x3 = convert_short_sat(x2);
    x2 = (ulong)((ulong)x2 * (ulong)(ulong)((ulong)shr_ulong(x2, (uint)(uint)((__global const char *)in)[(shr_uint((uint)0x9b106785u, (uint)(uint)0x9ab320fcu)) % 4096u]) * (ulong)(ulong)((__global ulong_a *)row)[(mul24((uint)((uint)0x1fffffffu & 0xffff), (uint)((uint)0x7fffffu & 0xffff))) % 2u]));
    x1 = (-(((x1 >= x1) ? (x1 - x1) : x1)));
    lb[lid * 2u + 1u] = (uchar)mad24((int)((int)((__global const long2 *)in)[((uint)0x800u) % 256u].y & 0x7fff), (int)((int)((uint)clamp(x0, min(x0, (int)((__global const char *)in)[((uint)0x7u) % 4096u]), max(x0, (int)((__global const char *)in)[((uint)0x7u) % 4096u])) + (uint)(int)(x1 <= convert_float(x3))) & 0x7fff), (int)((int)(x0 ^ (int)0x64645bbau) & 0x3fffffff));
    lb[lid * 2u + 0u] = (uchar)mad24((int)(x0 & 0x7fff), (int)((int)((int)((__global const ushort *)in)[(rotate((uint)0xfab6b346u, convert_uint_sat(x0))) % 2048u] | x0) & 0x7fff), (int)((int)((hadd(convert_uchar_sat(x1), x4) <= shr_uchar((uchar)((__global const ulong *)in)[((uint)((uint)(uint)0x1fffffffu - (uint)(uint)((__global const ushort *)in)[((uint)(-(uint)(uint)x4)) % 2048u])) % 512u], (uint)(uint)0x1fffffffu)) ? x0 : (int)get_num_groups(0)) & 0x3fffffff));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (int)lb[(lid ^ 2u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    short v13 = mul_hi(x3, shl_short(shr_short(x3, (uint)shl_uint((uint)0x8000000u, (uint)(uint)0x65d980e9u)), (uint)shr_uint((uint)popcount((uint)(~(uint)0xdc745b12u)), (uint)(uint)0x0u)));
    short v14 = shl_short(x3, (uint)(uint)x4);
    x4 = (uchar)((uint)bitselect(add_sat(x4, x4), rem_uchar((uchar)(x4 ^ (uchar)((__global ushort_a *)row)[((uint)(x1 != convert_float(x4))) % 8u]), x4), (uchar)v14) - (uint)x4);
    x0 = shr_int((int)x0, (uint)hadd((uint)abs((uint)0x1f01d8a4u), (uint)0x8u));
    row[4u] = (uint)(x0);
    row[5u] = fbits(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)((ulong)x2 >> 32);
    row[8u] = (uint)(x3);
    row[9u] = (uint)(x4);
    row[10u] = (uint)(v11);
    row[11u] = (uint)(v13);
    row[12u] = (uint)(v14);
    row[13u] = (uint)(arr0[0]);
    row[14u] = (uint)(arr0[1]);
    row[15u] = (uint)(arr0[2]);
    row[16u] = (uint)(arr0[3]);
}
