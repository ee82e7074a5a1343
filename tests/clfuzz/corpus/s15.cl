// clfuzz seed=15 grid=1 block=64 in=1024 out=1024 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 16u
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
__attribute__((noinline)) static uchar fn0(short p0) {
    p0 = p0;
    p0 = (short)(~(short)((p0 < rotate(p0, p0)) ? (short)popcount((short)(~(short)((uint)(short)p0 - (uint)p0))) : p0));
    p0 = p0;
    return (uchar)abs_diff((uchar)convert_uchar_sat(p0), (uchar)(uchar)0x63u);
}
static long fn1(long p0, char p1) {
    for (uint i0 = 0; i0 < 8; i0++) {
        p0 = (long)((ulong)shr_long(p0, (uint)(uint)((uint)mul_hi(i0, i0) + (uint)i0)) - (ulong)(long)((ulong)p0 - (ulong)div_long(mul_hi((long)p1, p0), (long)p1)));
        p1 = p1;
        p0 = (long)clz((long)popcount((long)(~convert_long_sat(p1))));
        if (round(convert_float(p0)) > copysign(convert_float(p0), (isnan(convert_float((short)0x5e68u)) ? 1.0f : convert_float((short)0x5e68u)))) continue;
    }
    p0 = hadd(p0, add_sat((long)0xffffffful, (long)(~p0)));
    for (uint i1 = 0; i1 < 8; i1++) {
        if (shl_ulong((ulong)((ulong)convert_ulong_sat(p0) - (ulong)(ulong)0x7ce54fa71eb99c6ul), (uint)(uint)p1) < (ulong)clz((ulong)p1)) {
            p1 = (char)((((long)clz((long)0x4ul) & (long)0x72ff01b526e07ad0ul) < (long)0xf4a4f3693d8d8c4ful) ? (char)p0 : p1);
        }
        for (uint i2 = 0; i2 < ((uint)i1 & 7u); i2++) {
            p1 = (char)(((ulong)0x3ul < (ulong)((ulong)(ulong)0x3ul + (ulong)(ulong)p0)) ? (char)((p1 < 0) ? p1 : (uint)(char)0x0u) : p1);
            p1 = (char)popcount((char)(~(char)abs_diff((uchar)p1, (uchar)p1)));
            ulong v4 = (ulong)0x5ul;
            p0 = p0;
        }
        p0 = (long)((ulong)p0 + (ulong)p0);
        if ((short)0x8u >= (short)p1) {
            p0 = (long)(shl_long(p0, (uint)i1) ^ shl_long((long)((ulong)p0 * (ulong)(long)(p0 & p0)), (uint)i1));
            p0 = (long)((char)sub_sat((uchar)(char)((uint)p1 * (uint)p1), (uchar)(char)((p1 < 0) ? p1 : (uint)(char)p1)) <= convert_char_sat(p0));
        } else {
            p1 = (char)p0;
            p0 = (long)((long)abs(p0) & (long)((ulong)(long)popcount((long)((ulong)p0 + (ulong)p0)) + (ulong)(long)p0));
        }
    }
    return (long)((65536.0f <= (0.5f + 3.0f)) ? p0 : (long)p0);
}
__attribute__((noinline)) static uint fn2(uchar p0) {
    p0 = (uchar)0xd9u;
    p0 = (uchar)((uchar)p0 ^ (uchar)(-(uint)clamp(p0, min((uchar)abs_diff((uchar)p0, (uchar)(uchar)p0), p0), max((uchar)abs_diff((uchar)p0, (uchar)(uchar)p0), p0))));
    switch (add_sat(p0, add_sat(p0, (uchar)((uint)p0 - (uint)p0))) & 7) {
    case 1: {
        p0 = shl_uchar((uchar)(bitselect((int)0x32814e01u, (int)abs((int)0x3ffffu), (int)0x1ffu) <= (int)0x5u), (uint)(uint)((uint)shr_uint((uint)0xd3bdf8d5u, (uint)convert_uint_sat(p0)) - (uint)(uint)((uint)(uint)p0 + (uint)(uint)0x1b6631b4u)));
        p0 = fn0((short)((uint)shl_short((short)0x2u, (uint)min((uint)((uint)0x7f71746u | (uint)0x3d3a0feeu), (uint)0xea2c8fdau)) * (uint)(short)((uint)(short)0x5u + (uint)shr_short(rem_short((short)0x1u, convert_short_sat(p0)), (uint)shr_uint((uint)p0, (uint)(uint)p0)))));
        break;
    }
    case 3: {
        p0 = shl_uchar(p0, (uint)(uint)0xbcf1699au);
        break;
    }
    case 5: {
        p0 = (uchar)((uint)shl_uchar(p0, (uint)(uint)0xda5ee518u) - (uint)(uchar)0x1u);
        break;
    }
    case 6: {
        p0 = (uchar)(((uchar)p0 < 0) ? (uchar)p0 : (uint)p0);
        short v5 = (short)(rhadd(upsample((char)0x1u, (uchar)p0), (short)0x8b23u) & (short)((uint)mul_hi((short)0x2febu, convert_short_sat(p0)) + (uint)(short)0x3u));
    }
    case 7: {
        ushort v6 = (ushort)clz(upsample((uchar)popcount((uchar)(~p0)), (uchar)clz((uchar)p0)));
        float v7 = 1e-30f;
        break;
    }
    default: {
        switch ((int)((uint)(int)(clamp((char)0x8fu, min((char)((char)p0 ^ (char)0x54u), (char)p0), max((char)((char)p0 ^ (char)0x54u), (char)p0)) > (char)0x4u) + (uint)(int)p0) & 7) {
        case 4: {
            p0 = (uchar)clz((uchar)0x6cu);
            p0 = (uchar)((uint)(uchar)(p0 ^ (uchar)(shr_uchar((uchar)0x1u, (uint)(uint)0x8d8bef97u) & (uchar)0x3fu)) - (uint)(uchar)((uint)mul_hi((uchar)p0, bitselect(p0, p0, (uchar)((uchar)p0 & p0))) + (uint)(uchar)((uchar)(p0 | p0) | (uchar)(-(uint)p0))));
            break;
        }
        case 5: {
            for (uint i7 = 0; i7 < 5u; i7++) {
                p0 = (uchar)((uint)div_uchar((uchar)((uint)(uchar)((((long)p0 & (long)0xc5f6c5bb432593fcul) <= (long)0x1ul) ? p0 : p0) + (uint)p0), (uchar)p0) * (uint)p0);
                p0 = (uchar)((uint)(uchar)((uint)sub_sat(p0, (uchar)p0) * (uint)(uchar)p0) + (uint)(uchar)((uint)mul_hi(rhadd(p0, p0), p0) + (uint)p0));
                p0 = fn0(div_short(rhadd((short)0x8u, (short)0x2u), (short)((int)(-(uint)(int)0x7ffu) >= (int)0x3u)));
            }
            break;
        }
        default: {
            p0 = p0;
            break;
        }
        }
        break;
    }
    }
    return (uint)0xe94caecdu;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    long x0 = (long)(((ulong)in[(gid * 3u + 0u) % 1024u] << 32) | in[(gid * 3u + 0u + 1u) % 1024u]);
    int x1 = (int)in[(gid * 3u + 1u) % 1024u];
    ulong x2 = (ulong)(((ulong)in[(gid * 3u + 2u) % 1024u] << 32) | in[(gid * 3u + 2u + 1u) % 1024u]);
    long arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    uchar v9 = (uchar)0xf6u;
    x0 = (long)((uchar)(v9 | v9) <= v9);
    x2 = rem_ulong(min((ulong)((ulong)x2 * (ulong)(ulong)(v9 < v9)), (ulong)v9), (ulong)popcount((ulong)(~upsample(rem_uint((uint)0x878bff40u, (uint)0x5u), (uint)0x3ffu))));
    char v10 = (char)0x1u;
    for (uint i10 = 0; i10 < 5; i10++) {
        float v12 = (fmax(convert_float(x0), (65536.0f - trunc(0.0f))) + 0.0f);
    }
    lm[lid] = (ulong)(int)popcount((int)(~(int)(x1 == (int)0x7u)));
    barrier(CLK_LOCAL_MEM_FENCE);
    v9 ^= (uchar)lm[lid ^ 14u];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v13 = (uint)0x7fffffu;
    x0 = shr_long((long)((x0 < 0) ? x0 : (ulong)(long)v10), (uint)(uint)(~(uint)(v13 & (uint)0xe5fdb167u)));
    if ((char)((char)0x2u | v10) >= (char)((uint)(char)abs_diff((uchar)v10, (uchar)v10) + (uint)shl_char(v10, (uint)(uint)v10))) {
        v10 = (char)get_num_groups(0);
    }
    x0 = (long)popcount((long)popcount((long)(~min((long)(~x0), x0))));
    for (uint i13 = 0; i13 < ((uint)v13 & 7u); i13++) {
        __atomic_fetch_max(&((__global short *)(acc + 48))[4], (short)(short)((uint)(short)x0 * (uint)min((short)0x3u, (short)((short)0x3ca5u | (short)((short)0x1u & (short)0x6u)))), __ATOMIC_ACQUIRE);
        x0 = (long)(-(ulong)(long)((__global const long2 *)in)[(mad24((uint)(i13 & 0xffff), (uint)((uint)0x4000u & 0xffff), v13)) % 256u].x);
        v9 = (uchar)abs_diff((uchar)(uchar)(~(uchar)((__global const long2 *)in)[(i13) % 256u].y), (uchar)v9);
    }
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)((ulong)x2 >> 32);
    row[9u] = (uint)(v9);
    row[10u] = (uint)(v10);
    row[11u] = (uint)(v13);
    row[12u] = (uint)(arr0[0]);
    row[13u] = (uint)(arr0[1]);
    row[14u] = (uint)(arr0[2]);
    row[15u] = (uint)(arr0[3]);
}
