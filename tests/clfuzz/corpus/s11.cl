// clfuzz seed=11 grid=4 block=128 in=1024 out=10240 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static float fn0(short p0, ushort p1, float p2) {
    p1 = p1;
    p1 = add_sat((ushort)((uint)(ushort)p1 + (uint)(ushort)(-(uint)(ushort)0x1u)), shr_ushort(p1, (uint)(uint)((p0 > p0) ? convert_uint_sat_rtz(p2) : (uint)p1)));
    p1 = (ushort)0x1ffu;
    return p2;
}
__attribute__((noinline)) static ushort fn1(char p0) {
    p0 = (char)(~(char)(~(char)(p0 | (char)((uint)(char)p0 - (uint)p0))));
    p0 = p0;
    p0 = p0;
    p0 = (char)popcount((char)popcount((char)(~p0)));
    p0 = (char)(~rhadd(rotate(p0, p0), (char)p0));
    return (ushort)((uint)(ushort)0x9d42u + (uint)(ushort)0xbfbdu);
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    char x0 = (char)in[(gid * 3u + 0u) % 1024u];
    uint x1 = (uint)in[(gid * 3u + 1u) % 1024u];
    ulong x2 = (ulong)(((ulong)in[(gid * 3u + 2u) % 1024u] << 32) | in[(gid * 3u + 2u + 1u) % 1024u]);
    short arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    uchar arr1[4];
    for (uint j = 0; j < 4u; j++) arr1[j] = (uchar)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = (char)0xecu;
    int v1 = (int)((uint)(int)((uint)(int)0x1u - (uint)(int)0xe6733cb8u) + (uint)(int)((int)0xdf007dfau | (int)((uint)(int)0x1u - (uint)(int)0xe13a0996u)));
    v1 = rotate(mul_hi(v1, (int)0xa8fe622au), shr_int((int)((ushort)0x5u < (ushort)0x53b3u), (uint)x1));
    x1 = (uint)abs_diff((uint)(uint)((((short)x0 & (short)0x46dcu) != (short)0x1ce2u) ? x1 : bitselect((uint)0x3u, (uint)((uint)(uint)0x2u * (uint)x1), (uint)lid)), (uint)(uint)(x1 | (uint)(-(uint)x1)));
    x0 = x0;
    x1 = shl_uint((uint)x1, (uint)(uint)v1);
    lm[lid] = (ulong)(int)(-(uint)convert_int_sat(x1));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (ulong)lm[127u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = (ulong)((ulong)x2 - (ulong)(ulong)((ulong)(ulong)((ulong)(ulong)(~x2) - (ulong)(ulong)v1) + (ulong)shl_ulong(x2, (uint)(uint)x2)));
    x1 = (uint)(bitselect(x1, (uint)((uint)(uint)popcount((uint)(~x1)) * (uint)(uint)0x757cc12au), convert_uint_sat(x2)) ^ (uint)((x2 <= (ulong)((ulong)((__global const ulong *)in)[(x1) % 512u] ^ x2)) ? x1 : (uint)((uint)0x6u ^ add_sat((uint)x1, (uint)0x5u))));
    x2 = (ulong)(-(ulong)(ulong)x1);
    char v2 = (char)((char)popcount((char)0x5u) | (char)((fmin(copysign(convert_float(v1), (isnan(0.0f) ? 1.0f : 0.0f)), 0.5f) + 0.0f) == 3.0f));
    x0 = (char)0x53u;
    if ((int)0x2e67a853u <= (int)(v1 >= (int)((__global const uint4 *)in)[(rhadd((uint)get_local_size(0), convert_uint_sat(v1))) % 256u].z)) {
        if ((ushort)0xfd96u == (ushort)((uint)mul_hi((ushort)x2, add_sat((ushort)x1, mul_hi((ushort)0x3u, (ushort)0x2u))) + (uint)(ushort)((uint)(ushort)0x2000u + (uint)(ushort)gid))) {
            x0 = (char)(~(char)v2);
            long v3 = (long)popcount((long)(~(long)(x1 > div_uint(x1, x1))));
            int v4 = (int)((uint)(int)(((char)x0 != (char)popcount((char)v2)) ? v1 : v1) * (uint)v1);
        } else {
            uint v5 = (uint)((uint)mul_hi(x1, (uint)(~(uint)((long)0x20000ul <= rhadd((long)0x2ul, (long)0x98be768bfd3af032ul)))) + (uint)x1);
        }
        if (v2 <= clamp((char)(~(char)(-0.0f <= -1.0f)), min((char)((uint)(char)x2 + (uint)(char)(((uint)0x7fu != (uint)0x7ffffu) ? v2 : (char)x0)), v2), max((char)((uint)(char)x2 + (uint)(char)(((uint)0x7fu != (uint)0x7ffffu) ? v2 : (char)x0)), v2))) {
            x2 = shl_ulong(sub_sat(rotate(x2, x2), (ulong)((ulong)x2 + (ulong)x2)), (uint)(uint)(((uint)v1 < 0) ? (uint)v1 : (uint)(uint)((uint)x1 * (uint)rotate((uint)v2, x1))));
        } else {
            x1 = sub_sat(x1, (uint)x2);
            x1 = mul_hi((uint)((uint)x1 - (uint)bitselect(x1, sub_sat((uint)0x7c193d3cu, (uint)v2), convert_uint_sat(x0))), (uint)((__global const long2 *)in)[((uint)((uint)(uint)v1 * (uint)x1)) % 256u].x);
        }
    } else {
        float v6 = convert_float(v2);
        switch ((int)(~(int)lid) & 7) {
        case 2: {
            v6 = fn0(clamp((short)((uint)(short)0xad05u - (uint)(short)x0), min((short)0x1u, hadd((short)0x4u, (short)0xff4cu)), max((short)0x1u, hadd((short)0x4u, (short)0xff4cu))), (ushort)0x3ccbu, (fdim(1e-30f, v6) - round(fma(v6, v6, v6))));
            break;
        }
        case 5: {
            ushort v7 = (ushort)0x97bdu;
            break;
        }
        default: {
            uchar v8 = (uchar)0x1u;
            break;
        }
        }
    }
    lm[lid] = (ulong)x2;
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 ^= (int)lm[(lid * 13u) % 128u];
    barrier(CLK_LOCAL_MEM_FENCE);
    arr1[((uint)(((short)0x4u >= (short)((short)0xd33fu ^ (short)0x8u)) ? (uint)abs_diff((uint)x1, (uint)(uint)(-(uint)hadd((uint)0x22e2f303u, x1))) : (uint)(((char)popcount(x0) < v2) ? (uint)((uint)v2 & x1) : x1))) % 4u] = mul_hi((uchar)0x8u, (uchar)0x8u);
    short v9 = (short)(((uchar)((uchar)clz((uchar)0x3fu) | (uchar)v1) >= (uchar)0x54u) ? (short)x2 : (short)0xfffu);
    v2 = shl_char(v2, (uint)(uint)clz(x1));
    x0 = (char)((ulong)(~(ulong)((__global const uchar *)in)[((uint)((uint)((__global ulong_a *)row)[(upsample((ushort)0x4u, (ushort)0x7u)) % 2u] ^ x1)) % 4096u]) > x2);
    for (uint i9 = 0; i9 < ((uint)x1 & 7u); i9++) {
        v9 = (short)(~convert_short_sat(x0));
        x1 = shl_uint(convert_uint_sat(v9), (uint)(uint)(((uint)0x400u <= (uint)((uint)0x3u ^ i9)) ? (uint)(((convert_float(x1) != 3.0f) ? 1e-30f : 1.0f) >= 0.1f) : (uint)((uint)i9 * (uint)(uint)((uint)x1 + (uint)i9))));
    }
    x1 = (uint)((uint)(uint)popcount((uint)(~(uint)x1)) * (uint)(uint)(clamp((long)x1, min((long)v9, add_sat((long)0xfffffffffffffful, (long)((__global const uchar *)in)[(shl_uint(x1, (uint)convert_uint_sat(x2))) % 4096u])), max((long)v9, add_sat((long)0xfffffffffffffful, (long)((__global const uchar *)in)[(shl_uint(x1, (uint)convert_uint_sat(x2))) % 4096u]))) < bitselect(upsample((int)((__global const ulong *)in)[(convert_uint_sat(v2)) % 512u], x1), max((long)0x60fd17912bedf85aul, (long)0x7ul), (long)0x8000000ul)));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)((ulong)x2 >> 32);
    row[8u] = (uint)(v1);
    row[9u] = (uint)(v2);
    row[10u] = (uint)(v9);
    row[11u] = (uint)(arr0[0]);
    row[12u] = (uint)(arr0[1]);
    row[13u] = (uint)(arr0[2]);
    row[14u] = (uint)(arr0[3]);
    row[15u] = (uint)(arr1[0]);
    row[16u] = (uint)(arr1[1]);
    row[17u] = (uint)(arr1[2]);
    row[18u] = (uint)(arr1[3]);
}
