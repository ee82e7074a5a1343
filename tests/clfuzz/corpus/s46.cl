// clfuzz seed=46 grid=4 block=32 in=1024 out=2816 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 22u
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
static float fn0(short p0, float p1, ushort p2) {
    p1 = (convert_float(p2) + (copysign(-2.5e-3f, (isnan(p1) ? 1.0f : p1)) - p1));
    p2 = (ushort)((uint)convert_ushort_sat_rtz(p1) * (uint)(ushort)(-(uint)(ushort)abs_diff((ushort)(ushort)(((char)0x8u < (char)p2) ? (ushort)p0 : (ushort)p0), (ushort)convert_ushort_sat(p1))));
    return (((fmin(p1, p1) + 0.0f) + copysign(p1, (isnan(convert_float(p2)) ? 1.0f : convert_float(p2)))) * p1);
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    int x0 = (int)in[(gid * 6u + 0u) % 1024u];
    uint x1 = (uint)in[(gid * 6u + 1u) % 1024u];
    float x2 = as_float(in[(gid * 6u + 2u) % 1024u] & 0xbfffffffu);
    float x3 = as_float(in[(gid * 6u + 3u) % 1024u] & 0xbfffffffu);
    uchar x4 = (uchar)in[(gid * 6u + 4u) % 1024u];
    ulong x5 = (ulong)(((ulong)in[(gid * 6u + 5u) % 1024u] << 32) | in[(gid * 6u + 5u + 1u) % 1024u]);
    uint arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = (int)((bitselect((ulong)((convert_uint_sat(x0) >= (uint)gid) ? x5 : x5), x5, x5) < (ulong)((ulong)x5 - (ulong)(ulong)0xffffful)) ? (int)(~x0) : x0);
    for (uint i0 = 0; i0 < 4; i0++) {
        __atomic_fetch_or(&((__global ulong *)(acc + 32))[1], (ulong)(ulong)popcount((ulong)0x1ul), __ATOMIC_SEQ_CST);
        x4 = (uchar)((__global ushort_a *)row)[(i0) % 8u];
        x2 = ((fmin(convert_float((long)0x23f4a6011669411eul), x2) + 0.0f) + convert_float(x1));
        x2 = x3;
    }
    ((__global uint2_a *)row)[(rem_uint((uint)((char)((short)(~(short)0xafd3u) == (short)0xec6au) < (char)0xc9u), div_uint(x1, x1))) % 2u] = (uint2)((uint)(-(uint)x1), mul24((uint)((uint)0x0u & 0xffff), (uint)(x1 & 0xffff)));
    x0 = x0;
    x5 = (ulong)0xa1b7984fd87d2f7ful;
    atomic_and(&acc[23], add_sat((uint)(sub_sat(add_sat(x1, (uint)x4), (uint)x1) | (uint)((uint)0xef010578u & x1)), x1));
    lb[lid * 2u + 1u] = (uchar)(long)0x8000ul;
    lb[lid * 2u + 0u] = (uchar)(long)0x20000000000000ul;
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (uint)lb[((lid * 13u) % 32u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = fma(convert_float(x5), x2, 1e10f);
    x2 = fn0((short)abs_diff((ushort)(short)(convert_short_sat(x3) ^ (short)0x58a7u), (ushort)(short)gid), x3, (ushort)((uint)(ushort)0x7f18u + (uint)convert_ushort_sat_rtz(x3)));
    x0 = (int)((rem_int(max((int)((__global const long2 *)in)[(x1) % 256u].y, x0), div_int(shr_int(x0, (uint)x1), x0)) < 0) ? rem_int(max((int)((__global const long2 *)in)[(x1) % 256u].y, x0), div_int(shr_int(x0, (uint)x1), x0)) : (uint)hadd((int)((convert_short_sat(x5) <= (short)0x0u) ? x0 : x0), (int)((uchar)popcount(convert_uchar_sat(x2)) != x4)));
    x2 = fdim(-2.5e-3f, fdim(convert_float(x5), convert_float(x1)));
    char v2 = (char)((char)0x4u ^ (char)((uint)(char)((__global const short *)in)[(x1) % 2048u] + (uint)(char)((uint)(char)0xfu - (uint)convert_char_sat_rtz(x2))));
    lm[lid] = (ulong)(short)0x6269u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x5 ^= (ulong)lm[lid ^ 29u];
    barrier(CLK_LOCAL_MEM_FENCE);
    long v3 = (long)get_group_id(0);
    x3 = (fdim(x3, (((ushort)0x800u != convert_ushort_sat(x4)) ? x3 : fdim(x3, x2))) + (x2 - x2));
    x4 = (uchar)(x0 > (int)(-(uint)x0));
    v3 = shl_long(add_sat(v3, (long)0x25633d305390a012ul), (uint)convert_uint_sat(x2));
    switch (x4 & 7) {
    case 2: {
        v3 = (long)((x1 <= (uint)0x10000u) ? (long)((x2 > convert_float(v3)) ? (long)((ulong)(long)x0 - (ulong)v3) : v3) : (long)popcount(mul_hi(v3, v3)));
        break;
    }
    case 6: {
        __atomic_fetch_max(&acc[16], (uint)((uint)(uint)(((long)popcount((long)0x20000000ul) <= v3) ? shr_uint(x1, (uint)x1) : (uint)get_global_size(0)) + (uint)(uint)(-(uint)x1)), __ATOMIC_SEQ_CST);
        x2 = x3;
        break;
    }
    default: {
        v3 = (long)(rem_long(mul_hi((long)((convert_float(v2) >= 1e-30f) ? v3 : (long)((__global const ushort *)in)[(x1) % 2048u]), (long)(x5 == x5)), convert_long_sat(x1)) ^ clamp(v3, min((long)(v3 & v3), (long)abs_diff((ulong)rem_long((long)v3, v3), (ulong)shl_long(v3, (uint)x1))), max((long)(v3 & v3), (long)abs_diff((ulong)rem_long((long)v3, v3), (ulong)shl_long(v3, (uint)x1)))));
        break;
    }
    }
    v3 = (long)popcount((long)(~v3));
    x2 = (fmin((x2 + 1e-30f), (x2 - convert_float(x4))) + 0.0f);
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = fbits(x2);
    row[7u] = fbits(x3);
    row[8u] = (uint)(x4);
    row[9u] = (uint)(x5);
    row[10u] = (uint)((ulong)x5 >> 32);
    row[11u] = (uint)(v2);
    row[12u] = (uint)(v3);
    row[13u] = (uint)((ulong)v3 >> 32);
    row[14u] = (uint)(arr0[0]);
    row[15u] = (uint)(arr0[1]);
    row[16u] = (uint)(arr0[2]);
    row[17u] = (uint)(arr0[3]);
    row[18u] = (uint)(arr0[4]);
    row[19u] = (uint)(arr0[5]);
    row[20u] = (uint)(arr0[6]);
    row[21u] = (uint)(arr0[7]);
}
