// clfuzz seed=42 grid=1 block=32 in=1024 out=640 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static uint fn0(short p0) {
    p0 = (short)((uint)p0 + (uint)p0);
    p0 = (short)(~(short)(((uint)((uint)0x3fffffu & (uint)p0) != rotate((uint)0x9e574f7au, (uint)p0)) ? (short)((uint)p0 * (uint)(short)(p0 | p0)) : p0));
    return (uint)(~shl_uint((uint)0xa3d70628u, (uint)shl_uint(convert_uint_sat(p0), (uint)(uint)0x3u)));
}
__attribute__((noinline)) static float fn1(int p0, short p1, long p2) {
    p0 = p0;
    p1 = (short)(((short)p0 < 0) ? (short)p0 : (uint)(short)((short)0x3fffu ^ (short)((uint)max(p1, p1) * (uint)shr_short((short)p2, (uint)(uint)p1))));
    for (uint i0 = 0; i0 < 6; i0++) {
        if ((fma(-0.0f, (1.0f * convert_float(p2)), (0.1f * 0.1f)) - ceil(fdim(16777217.0f, 1e-30f))) == copysign(1e-30f, (isnan(copysign(-0.0f, (isnan(1e10f) ? 1.0f : 1e10f))) ? 1.0f : copysign(-0.0f, (isnan(1e10f) ? 1.0f : 1e10f))))) break;
        p1 = p1;
    }
    p0 = bitselect(p0, p0, p0);
    return (1.0f - (-(0.1f)));
}
__attribute__((noinline)) static uchar fn2(short p0) {
    for (uint i1 = 0; i1 < 5u; i1++) {
        p0 = clamp((short)((ushort)0x0u < (ushort)((ushort)p0 & (ushort)0x4u)), min(bitselect(p0, (short)((uint)mul_hi((short)((uint)p0 + (uint)p0), (short)((uint)p0 * (uint)p0)) + (uint)p0), p0), (short)(~(short)(((short)0x4u < p0) ? p0 : p0))), max(bitselect(p0, (short)((uint)mul_hi((short)((uint)p0 + (uint)p0), (short)((uint)p0 * (uint)p0)) + (uint)p0), p0), (short)(~(short)(((short)0x4u < p0) ? p0 : p0))));
    }
    for (uint i2 = 0; i2 < 1; i2++) {
        p0 = (short)p0;
    }
    switch ((ushort)((ushort)((ushort)0x6e06u ^ (ushort)0xcbceu) & (ushort)((uint)(ushort)0x8u - (uint)(ushort)popcount(shl_ushort((ushort)p0, (uint)(uint)0x550a1b46u)))) & 7) {
    case 0: {
        p0 = shl_short((short)0x3u, (uint)(uint)0xd7fa2d8du);
        break;
    }
    case 1: {
        uint v4 = convert_uint_sat(p0);
        break;
    }
    case 2: {
        p0 = rhadd(p0, p0);
    }
    case 3: {
        p0 = bitselect(p0, (short)((short)p0 | (short)(p0 | (short)p0)), shr_short(shr_short(bitselect((short)0x200u, p0, (short)p0), (uint)(uint)0x6u), (uint)(uint)0x1fffu));
        break;
    }
    case 7: {
        p0 = (short)((ulong)abs_diff((ulong)(ulong)0x1fffffffffffful, (ulong)sub_sat(mul_hi(convert_ulong_sat(p0), (ulong)0xcdf742b2e85cb21ul), (ulong)0x7fffffffffful)) < (ulong)p0);
        break;
    }
    default: {
        float v5 = convert_float(p0);
        break;
    }
    }
    for (uint i5 = 0; i5 < 6; i5++) {
        p0 = (short)(~(short)(p0 ^ (short)0xd4a0u));
        p0 = (short)clz((short)((uint)mul_hi(p0, (short)0xd284u) + (uint)p0));
    }
    return (uchar)popcount(max((uchar)p0, (uchar)p0));
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    long x0 = (long)(((ulong)in[(gid * 4u + 0u) % 1024u] << 32) | in[(gid * 4u + 0u + 1u) % 1024u]);
    float x1 = as_float(in[(gid * 4u + 1u) % 1024u] & 0xbfffffffu);
    ulong x2 = (ulong)(((ulong)in[(gid * 4u + 2u) % 1024u] << 32) | in[(gid * 4u + 2u + 1u) % 1024u]);
    int x3 = (int)in[(gid * 4u + 3u) % 1024u];
    long arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x2 = min((ulong)(-(ulong)(ulong)((__global const uchar *)in)[((uint)0x7fffffffu) % 4096u]), x2);
    arr0[((uint)(3.0f <= x1)) % 8u] = (long)(~(long)((__global const ushort *)in)[(clamp((uint)0x4u, min(convert_uint_sat_rtz(x1), (uint)0xffu), max(convert_uint_sat_rtz(x1), (uint)0xffu))) % 2048u]);
    x0 = clamp((long)0x4ul, min((long)abs(x0), x0), max((long)abs(x0), x0));
    short v7 = (short)((__global const uchar *)in)[((uint)((__global const long2 *)in)[((uint)0xfffffffu) % 256u].y) % 4096u];
    x1 = fma((x1 + 3.0f), x1, copysign(convert_float(v7), (isnan(x1) ? 1.0f : x1)));
    x0 = (long)((__global ulong_a *)row)[((uint)0x1ffffffu) % 2u];
    arr0[(min((uint)v7, (uint)((__global const ushort *)in)[((uint)((uint)mul_hi((uint)((__global const long2 *)in)[((uint)0x20000u) % 256u].y, (uint)x3) + (uint)(uint)0xdb946570u)) % 2048u])) % 8u] = rem_long((long)((ulong)mul_hi(x0, (long)((__global ulong_a *)row)[((uint)0xfffu) % 2u]) + (ulong)(long)(-(ulong)x0)), (long)clz((long)0x8d03c91e4f8d5238ul));
    lm[lid] = (ulong)(uchar)x0;
    barrier(CLK_LOCAL_MEM_FENCE);
    v7 ^= (short)lm[(lid + 4u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 = fn1((int)abs_diff((uint)(int)(x3 | shr_int((int)abs((int)x0), (uint)(uint)0x7d5911c6u)), (uint)bitselect(x3, x3, shl_int(x3, (uint)(uint)((__global const uchar *)in)[((uint)popcount((uint)(~convert_uint_sat_rtz(x1)))) % 4096u]))), (short)x0, upsample(x3, (uint)((__global ulong_a *)row)[((uint)0x1fu) % 2u]));
    x3 = (int)((uint)(int)0xbf2c14a0u * (uint)(int)x3);
    x2 = rem_ulong(x2, (ulong)(~x2));
    v7 = v7;
    __atomic_fetch_add(&((__global float *)(acc + 56))[2], (float)((uint)v7 & 0xffu), __ATOMIC_ACQ_REL);
    x1 = fn1((int)(-(uint)(int)clz(x3)), div_short(min((short)((uint)div_short((short)0x3u, (short)0xe745u) * (uint)v7), v7), v7), x0);
    x3 = rem_int(rotate((int)v7, (int)((uint)x3 - (uint)(int)gid)), mul_hi((int)abs(shl_int((int)0x4d5c55c7u, (uint)(uint)0x0u)), rem_int(x3, x3)));
    ((__global ulong_a *)row)[(mad24((uint)(shr_uint((uint)0x7fffu, (uint)(uint)0xfa53e34du) & 0xffff), (uint)((uint)((uint)convert_uint_sat(x3) - (uint)(uint)0xcf2b69bu) & 0xffff), (uint)0x11906f50u)) % 2u] = (ulong)hadd(shl_ulong(x2, (uint)convert_uint_sat(x1)), (ulong)((ulong)((ulong)((__global uchar_a *)row)[((uint)0x6u) % 16u] & upsample((uint)((__global const uchar *)in)[((uint)0xf206c269u) % 4096u], (uint)((__global const char *)in)[(clamp((uint)0x718d4d05u, min((uint)0xf9240e1u, (uint)x3), max((uint)0xf9240e1u, (uint)x3))) % 4096u])) ^ (ulong)((x1 != x1) ? (ulong)0xda509fed1d4a3d81ul : (ulong)x3)));
    x3 = (int)(shr_int(x3, (uint)(uint)x0) | (int)(convert_float(x0) != convert_float(x0)));
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = fbits(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)((ulong)x2 >> 32);
    row[9u] = (uint)(x3);
    row[10u] = (uint)(v7);
    row[11u] = (uint)(arr0[0]);
    row[12u] = (uint)(arr0[1]);
    row[13u] = (uint)(arr0[2]);
    row[14u] = (uint)(arr0[3]);
    row[15u] = (uint)(arr0[4]);
    row[16u] = (uint)(arr0[5]);
    row[17u] = (uint)(arr0[6]);
    row[18u] = (uint)(arr0[7]);
}
