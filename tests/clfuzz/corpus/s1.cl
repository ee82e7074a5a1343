// clfuzz seed=1 grid=1 block=64 in=1024 out=1664 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 26u
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
static char fn0(long p0, long p1) {
    p0 = (long)0xb8b6d8fe442e3d43ul;
    p0 = (long)((ulong)p1 + (ulong)mul_hi((long)p0, clamp((long)p1, min((long)clz(p1), p1), max((long)clz(p1), p1))));
    p1 = (long)popcount((long)(~(long)((ulong)(long)p0 - (ulong)(long)(p0 == p1))));
    return (char)((uint)mul_hi((char)p1, (char)0x3u) + (uint)(char)abs_diff((uchar)(char)0x5au, (uchar)(char)0xf5u));
}
static uchar fn1(float p0, ushort p1) {
    if ((uchar)(-(uint)bitselect((uchar)(((uchar)0xc9u < 0) ? (uchar)0xc9u : (uint)(uchar)0x1u), (uchar)0x1u, shr_uchar((uchar)0x12u, (uint)(uint)0x0u))) <= shr_uchar((uchar)0x58u, (uint)(uint)0x2u)) {
        p1 = (ushort)0x5806u;
        p1 = (ushort)abs_diff((ushort)p1, (ushort)(ushort)p1);
    }
    p1 = (ushort)(convert_ushort_sat(p0) | (ushort)((((uchar)((uchar)0xc8u & convert_uchar_sat(p0)) & (uchar)0x1u) <= (uchar)0x5du) ? (ushort)clz(p1) : (ushort)((uint)p1 * (uint)(ushort)((uint)p1 + (uint)p1))));
    p0 = convert_float(p1);
    return clamp((uchar)0x1u, min((uchar)0xau, (uchar)p1), max((uchar)0xau, (uchar)p1));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    char x0 = (char)in[(gid * 6u + 0u) % 1024u];
    uint x1 = (uint)in[(gid * 6u + 1u) % 1024u];
    short x2 = (short)in[(gid * 6u + 2u) % 1024u];
    float x3 = as_float(in[(gid * 6u + 3u) % 1024u] & 0xbfffffffu);
    float x4 = as_float(in[(gid * 6u + 4u) % 1024u] & 0xbfffffffu);
    long x5 = (long)(((ulong)in[(gid * 6u + 5u) % 1024u] << 32) | in[(gid * 6u + 5u + 1u) % 1024u]);
    uint arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    short arr1[8];
    for (uint j = 0; j < 8u; j++) arr1[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = rotate((char)((x2 <= x2) ? x0 : x0), (char)((uint)(char)((__global const uint4 *)in)[((uint)x0) % 256u].x * (uint)(char)0xfcu));
    int v1 = clamp(hadd((int)0x3u, (int)0xcee9a4fdu), min((int)0xb8fe2f4bu, (int)0xcdc98666u), max((int)0xb8fe2f4bu, (int)0xcdc98666u));
    x3 = copysign(convert_float((ulong)((ulong)(ulong)0x42553a33237475e1ul + (ulong)shr_ulong((ulong)0x800ul, (uint)x1))), (isnan(convert_float(x2)) ? 1.0f : convert_float(x2)));
    for (uint i1 = 0; i1 < ((uint)x1 & 7u); i1++) {
        for (uint i2 = 0; i2 < 4; i2++) {
            arr1[(shl_uint(i2, (uint)(uint)((x4 - -0.0f) != x4))) % 8u] = (short)(~(short)((uint)(short)((-(x4)) <= fma(16777217.0f, convert_float(v1), 65536.0f)) - (uint)shl_short(x2, (uint)(uint)0x1e830596u)));
            switch (shr_uint((uint)((__global const ushort *)in)[(upsample((ushort)0x3u, convert_ushort_sat(x1))) % 2048u], (uint)shr_uint((uint)((__global const long2 *)in)[(convert_uint_sat_rtz(x4)) % 256u].x, (uint)(uint)popcount((uint)(~(uint)gid)))) & 7) {
            case 4: {
                int v4 = rem_int((int)(v1 > v1), bitselect((int)x1, rhadd(v1, rhadd(v1, v1)), (int)0x7fffu));
                break;
            }
            case 5: {
                v1 = shr_int((int)((uint)(int)v1 * (uint)v1), (uint)(uint)((uint)mul_hi(i2, i2) + (uint)i2));
                break;
            }
            default: {
                float v5 = x3;
                break;
            }
            }
            x4 = convert_float((uint)0x3u);
            if ((ushort)0x3fffu != (ushort)0xfe90u) {
                uchar v6 = (uchar)(((ulong)0x26fb5e56a5632a15ul > (ulong)((ulong)convert_ulong_sat_rtz(fmin(x4, 9.2e18f)) + (ulong)(ulong)0x4000000000ul)) ? (uchar)0xau : (uchar)((uchar)0xbeu | (uchar)lid));
            }
        }
        __atomic_fetch_xor(&((__global ulong *)(acc + 32))[2], (ulong)(ulong)((ulong)mul_hi((ulong)0x6c931d1a8951d454ul, (ulong)((ulong)(ulong)0x406797b6128137eaul * (ulong)(ulong)0x3ul)) + (ulong)(ulong)((ulong)bitselect((ulong)0x10000ul, (ulong)0x200000000000000ul, shr_ulong((ulong)0x4d455c7115f6063eul, (uint)i1)) + (ulong)(ulong)0xcb6915c142a305d5ul)), __ATOMIC_ACQUIRE);
    }
    x5 = (long)abs_diff((ulong)(long)(-(ulong)x5), (ulong)bitselect((long)0xb82962a88f036fbeul, mul_hi(div_long(x5, x5), x5), (long)get_group_id(0)));
    lb[lid * 2u + 1u] = (uchar)mul_hi((uint)((uint)(((convert_int_sat(x3) & (int)0xf841ad26u) > (int)0x20u) ? x1 : (uint)abs(x1)) | x1), (uint)(~x1));
    lb[lid * 2u + 0u] = (uchar)(uint)((uint)((uint)mul_hi(min(x1, (uint)(-(uint)(uint)0x6e9d7077u)), x1) + (uint)div_uint(bitselect(convert_uint_sat_rtz(x3), x1, (uint)((__global const uchar *)in)[(shr_uint(x1, (uint)(uint)((__global ulong_a *)row)[(x1) % 2u])) % 4096u]), (uint)x1)) & (uint)((uint)x1 * (uint)clamp(x1, min(x1, x1), max(x1, x1))));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (short)lb[((lid + 36u) % 64u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    switch (div_uchar((uchar)((uint)(uchar)0x5fu + (uint)(uchar)0x7bu), (uchar)0x2u) & 7) {
    case 1: {
        if (trunc(copysign(x3, (isnan(convert_float(x5)) ? 1.0f : convert_float(x5)))) < (x4 * (x3 - 0.1f))) {
            x5 = (long)((long)clz(shr_long((long)lid, (uint)x1)) ^ x5);
        }
        long v7 = x5;
        break;
    }
    case 4: {
        x4 = copysign(((x4 != x4) ? (x4 - x3) : (x3 - x4)), (isnan((-(((((int)((__global const short *)in)[(shr_uint(x1, (uint)x1)) % 2048u] & (int)0x4534d94eu) <= (int)0x69617062u) ? x4 : x3)))) ? 1.0f : (-(((((int)((__global const short *)in)[(shr_uint(x1, (uint)x1)) % 2048u] & (int)0x4534d94eu) <= (int)0x69617062u) ? x4 : x3)))));
        __atomic_fetch_or(&((__global ushort *)(acc + 48))[1], (ushort)(ushort)0xe260u, __ATOMIC_RELAXED);
        break;
    }
    case 5: {
        uchar v8 = (uchar)abs_diff((uchar)(uchar)0xfcu, (uchar)shr_uchar((uchar)popcount((uchar)(~(uchar)0x4u)), (uint)(uint)(x1 ^ (uint)(x1 | x1))));
        ushort v9 = (ushort)(x2 >= (short)(((char)(convert_char_sat(v1) ^ x0) < x0) ? x2 : x2));
        break;
    }
    case 6: {
        x0 = shr_char(shr_char(x0, (uint)(uint)((uint)(uint)(x4 > x3) * (uint)(uint)x5)), (uint)(uint)x2);
        break;
    }
    default: {
        if ((shr_long((long)0xeb70399f027b97bful, (uint)(uint)((uint)(x1 | x1) | x1)) & (long)0x19644c160da3625dul) <= (long)0x10ul) {
            x2 = arr1[((uint)((shl_uint((uint)abs_diff((uint)(uint)x0, (uint)(uint)(((ulong)0xea63aa58c5a66d6bul >= (ulong)0xfffffffffffful) ? x1 : x1)), (uint)(uint)popcount((uint)0xa03b4b0bu)) < 0) ? shl_uint((uint)abs_diff((uint)(uint)x0, (uint)(uint)(((ulong)0xea63aa58c5a66d6bul >= (ulong)0xfffffffffffful) ? x1 : x1)), (uint)(uint)popcount((uint)0xa03b4b0bu)) : (uint)(uint)((((char)sub_sat((uchar)(char)0x5u, (uchar)(char)0x5eu) & (char)0x7u) > (char)0x1u) ? (uint)(x1 & (uint)v1) : (uint)lid))) % 8u];
        }
        break;
    }
    }
    ulong v10 = shl_ulong(mul_hi((ulong)0x100000ul, (ulong)0x8ecfafe3ef784c8ful), (uint)(uint)(~x1));
    x3 = fdim((-(x4)), 1.0f);
    __atomic_fetch_min(&acc[15], (uint)((uint)add_sat((uint)((x4 >= x4) ? (uint)get_local_size(0) : x1), rotate((uint)(((ushort)0x7u < (ushort)0xf574u) ? x1 : x1), (uint)0x8dcd5310u)) - (uint)(uint)(-(uint)convert_uint_sat(x0))), __ATOMIC_SEQ_CST);
    x0 = fn0(rotate((long)popcount((long)0x400000ul), x5), (long)((ulong)(long)(-(ulong)(long)((ulong)(long)clz((long)0x0ul) - (ulong)(long)((__global const long2 *)in)[((uint)(convert_uint_sat(x3) & x1)) % 256u].x)) * (ulong)min((long)(-(ulong)(long)popcount((long)(~(long)0x2ul))), (long)abs_diff((ulong)shr_long((long)((__global const ushort *)in)[(x1) % 2048u], (uint)x1), (ulong)rhadd((long)lid, x5)))));
    x2 = (short)(~(short)((x2 < 0) ? x2 : (uint)x2));
    x2 = rem_short(x2, x2);
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = fbits(x3);
    row[8u] = fbits(x4);
    row[9u] = (uint)(x5);
    row[10u] = (uint)((ulong)x5 >> 32);
    row[11u] = (uint)(v1);
    row[12u] = (uint)(v10);
    row[13u] = (uint)((ulong)v10 >> 32);
    row[14u] = (uint)(arr0[0]);
    row[15u] = (uint)(arr0[1]);
    row[16u] = (uint)(arr0[2]);
    row[17u] = (uint)(arr0[3]);
    row[18u] = (uint)(arr1[0]);
    row[19u] = (uint)(arr1[1]);
    row[20u] = (uint)(arr1[2]);
    row[21u] = (uint)(arr1[3]);
    row[22u] = (uint)(arr1[4]);
    row[23u] = (uint)(arr1[5]);
    row[24u] = (uint)(arr1[6]);
    row[25u] = (uint)(arr1[7]);
}
