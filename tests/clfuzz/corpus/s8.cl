// clfuzz seed=8 grid=3 block=64 in=1024 out=3840 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 20u
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
__attribute__((noinline)) static ushort fn0(uchar p0) {
    p0 = (uchar)((uint)bitselect(rotate((uchar)p0, (uchar)(p0 ^ p0)), p0, hadd(p0, p0)) - (uint)clamp(p0, min((uchar)popcount((uchar)0xf3u), rhadd(p0, (uchar)abs_diff((uchar)p0, (uchar)p0))), max((uchar)popcount((uchar)0xf3u), rhadd(p0, (uchar)abs_diff((uchar)p0, (uchar)p0)))));
    p0 = p0;
    p0 = (uchar)p0;
    return (ushort)(((ushort)0x2000u > div_ushort((ushort)0x86fcu, (ushort)p0)) ? (ushort)((uint)(ushort)0x7u + (uint)(ushort)p0) : (ushort)((uint)convert_ushort_sat(p0) * (uint)(ushort)clz((ushort)0x8000u)));
}
static ulong fn1(char p0) {
    p0 = p0;
    p0 = (char)((fma(65536.0f, convert_float(p0), -2.5e-3f) < convert_float((int)(((int)0x8u < 0) ? (int)0x8u : (uint)(int)0x2u))) ? (char)p0 : shr_char(shr_char(max((char)p0, (char)p0), (uint)rhadd((uint)0x1u, (uint)0xc7bdd157u)), (uint)(uint)((uint)mul_hi((uint)((uint)0x164891dfu & (uint)0x40000u), (uint)0x10e3a699u) + (uint)(uint)0xdbebe8e0u)));
    p0 = (char)((uint)p0 + (uint)(char)((uint)(char)((p0 < 0) ? p0 : (uint)(char)p0) * (uint)(char)p0));
    p0 = p0;
    return (ulong)clz((ulong)((ulong)(ulong)((ulong)0x7ul & (ulong)p0) + (ulong)(ulong)(((ulong)p0 < 0) ? (ulong)p0 : (ulong)sub_sat((ulong)0x20bd6018d540dcd3ul, (ulong)p0))));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    short x0 = (short)in[(gid * 5u + 0u) % 1024u];
    float x1 = as_float(in[(gid * 5u + 1u) % 1024u] & 0xbfffffffu);
    ushort x2 = (ushort)in[(gid * 5u + 2u) % 1024u];
    long x3 = (long)(((ulong)in[(gid * 5u + 3u) % 1024u] << 32) | in[(gid * 5u + 3u + 1u) % 1024u]);
    long x4 = (long)(((ulong)in[(gid * 5u + 4u) % 1024u] << 32) | in[(gid * 5u + 4u + 1u) % 1024u]);
    uint arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    for (uint i0 = 0; i0 < 7; i0++) {
        x0 = x0;
    }
    x4 = (long)((long)((ulong)(long)((char)(convert_char_sat_rtz(x1) | (char)0xc0u) < (char)((uchar)((__global ulong_a *)row)[((uint)(((uchar)0x80u == (uchar)0xc9u) ? (uint)0x3ffffu : (uint)0x6u)) % 2u] >= (uchar)0x7u)) * (ulong)x3) | (long)0x2000000000000ul);
    x2 = fn0((uchar)((uint)mul_hi((uchar)((__global const uchar *)in)[((uint)(-(uint)(uint)0x1000u)) % 4096u], (uchar)0x5u) + (uint)(uchar)0x2u));
    x1 = (convert_float(x4) - copysign(x1, (isnan(fdim(floor(x1), -0.0f)) ? 1.0f : fdim(floor(x1), -0.0f))));
    lm[lid] = (ulong)(short)0x4u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (short)lm[63u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = fn0((uchar)get_global_size(0));
    int v2 = (int)x3;
    v2 = (int)(((int)sub_sat((uint)v2, (uint)(int)(~(int)v2)) < 0) ? (int)sub_sat((uint)v2, (uint)(int)(~(int)v2)) : (uint)(int)((x2 > (ushort)0xebf5u) ? v2 : v2));
    x2 = (ushort)(-(uint)x2);
    for (uint i2 = 0; i2 < ((uint)v2 & 7u); i2++) {
        long v4 = mul_hi((long)0x5ul, x4);
    }
    v2 = (int)((uint)(int)abs_diff((uint)(int)((uint)mul_hi(v2, bitselect((int)x0, (int)0xbc7acae5u, v2)) + (uint)v2), (uint)(int)((__global const short *)in)[((uint)0x20000u) % 2048u]) - (uint)upsample(convert_short_sat(x4), convert_ushort_sat_rtz(x1)));
    v2 = (int)abs_diff((uint)(int)abs_diff((uint)(int)((uint)v2 * (uint)v2), (uint)shr_int(v2, (uint)upsample(x2, x2))), (uint)convert_int_sat(x4));
    row[4u] = (uint)(x0);
    row[5u] = fbits(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)((ulong)x3 >> 32);
    row[9u] = (uint)(x4);
    row[10u] = (uint)((ulong)x4 >> 32);
    row[11u] = (uint)(v2);
    row[12u] = (uint)(arr0[0]);
    row[13u] = (uint)(arr0[1]);
    row[14u] = (uint)(arr0[2]);
    row[15u] = (uint)(arr0[3]);
    row[16u] = (uint)(arr0[4]);
    row[17u] = (uint)(arr0[5]);
    row[18u] = (uint)(arr0[6]);
    row[19u] = (uint)(arr0[7]);
}
