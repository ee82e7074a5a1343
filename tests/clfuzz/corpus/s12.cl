// clfuzz seed=12 grid=3 block=128 in=1024 out=11520 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 30u
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
__attribute__((noinline)) static float fn0(int p0, ushort p1, ulong p2) {
    for (uint i0 = 0; i0 < ((uint)p0 & 7u); i0++) {
        if (p1 <= (ushort)0xcc41u) break;
        uchar v2 = (uchar)abs_diff((uchar)convert_uchar_sat(p1), (uchar)(uchar)((uchar)0x0u ^ rotate((uchar)0x7au, (uchar)0x15u)));
    }
    p2 = (ulong)((ulong)(p2 | (ulong)p0) >= p2);
    p2 = p2;
    p1 = p1;
    return fdim(0.5f, 16777217.0f);
}
__attribute__((noinline)) static long fn1(ushort p0) {
    p0 = (ushort)((uint)(ushort)((p0 != (ushort)popcount(p0)) ? shr_ushort(p0, (uint)(uint)0x71e07116u) : (ushort)(~(ushort)0x8u)) - (uint)rhadd(p0, (ushort)((ushort)popcount(p0) ^ p0)));
    p0 = (ushort)((uint)(ushort)((add_sat(p0, (ushort)((uint)p0 - (uint)(ushort)p0)) < 0) ? add_sat(p0, (ushort)((uint)p0 - (uint)(ushort)p0)) : (uint)bitselect(p0, p0, (ushort)0xb880u)) - (uint)(ushort)0x1u);
    for (uint i2 = 0; i2 < 3; i2++) {
        p0 = (ushort)(p0 & clamp((ushort)p0, min((ushort)p0, p0), max((ushort)p0, p0)));
    }
    return (long)0x7fffffffffful;
}
static int fn2(float p0, ulong p1) {
    p1 = p1;
    p0 = fn0(max(convert_int_sat(p0), (int)(~(int)0x46b7549du)), rem_ushort((ushort)p1, (ushort)((uint)(ushort)(-(uint)(ushort)(((ushort)0x2450u < 0) ? (ushort)0x2450u : (uint)(ushort)0x1000u)) + (uint)(ushort)0x8u)), p1);
    p0 = fn0(shl_int(convert_int_sat_rtz(p0), (uint)(uint)0x2u), rem_ushort((ushort)0xfffu, convert_ushort_sat_rtz(p0)), (ulong)abs(p1));
    p1 = rem_ulong((ulong)p1, (ulong)((ulong)p1 + (ulong)p1));
    for (uint i3 = 0; i3 < 2; i3++) {
        short v5 = max((short)((short)clz(shr_short((short)0x718eu, (uint)i3)) & (short)((uint)mul_hi((short)0x7ffu, (short)0x747au) + (uint)(short)p1)), (short)((ushort)p1 <= (ushort)0xbf28u));
        v5 = rem_short((short)((char)((char)0x80u & (char)0xdcu) == convert_char_sat(p1)), v5);
    }
    return (int)(~(int)((uint)convert_int_sat_rtz(p0) - (uint)(int)0x3fu));
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ulong x0 = (ulong)(((ulong)in[(gid * 5u + 0u) % 1024u] << 32) | in[(gid * 5u + 0u + 1u) % 1024u]);
    int x1 = (int)in[(gid * 5u + 1u) % 1024u];
    int x2 = (int)in[(gid * 5u + 2u) % 1024u];
    uchar x3 = (uchar)in[(gid * 5u + 3u) % 1024u];
    float x4 = convert_float((int)in[(gid * 5u + 4u) % 1024u]) * 0.25f;
    uint arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    uchar v6 = shl_uchar((uchar)(-(uint)(uchar)((uint)(uchar)((__global ushort_a *)row)[((uint)((uint)(uint)0x200000u - (uint)(uint)0x50afa90bu)) % 8u] + (uint)rotate((uchar)get_group_id(0), convert_uchar_sat_rtz(x4)))), (uint)(uint)popcount((uint)(~(uint)(-(uint)(uint)((uint)0xb79b656eu ^ (uint)0x3u)))));
    x2 = (int)(((long)0xf67e3f202b3c7f53ul >= add_sat((long)0x964ade47a049789bul, (long)0x4000000000000000ul)) ? x2 : (int)abs_diff((uint)(int)x1, (uint)x2));
    if (((x3 <= (uchar)((__global ushort_a *)row)[((uint)0x1u) % 8u]) ? x4 : x4) < x4) {
        int v7 = (int)((uint)x2 + (uint)(int)((__global const long2 *)in)[(sub_sat((uint)0xe0ef85deu, (uint)0xc8824449u)) % 256u].y);
        x0 = x0;
    }
    x3 = (uchar)((uchar)(~(uchar)v6) & x3);
    v6 = clamp(v6, min(shl_uchar((uchar)x3, (uint)(uint)0x2u), (uchar)popcount(v6)), max(shl_uchar((uchar)x3, (uint)(uint)0x2u), (uchar)popcount(v6)));
    int v8 = (int)(shr_int(x1, (uint)mul_hi(shl_uint((uint)0x2u, (uint)(uint)0x1fu), convert_uint_sat_rtz(x4))) | (int)(((int)(~x2) < 0) ? (int)(~x2) : (uint)x1));
    lm[lid] = (ulong)(uint)0x8u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (int)lm[lid ^ 99u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 = mul_hi(v8, shl_int(mad24((int)(convert_int_sat_rtz(x4) & 0x7fff), (int)((int)x0 & 0x7fff), (int)(shl_int((int)((__global const char *)in)[(clamp((uint)0x85de306bu, min((uint)0x74e1e131u, (uint)0x0u), max((uint)0x74e1e131u, (uint)0x0u))) % 4096u], (uint)(uint)0x251cc907u) & 0x3fffffff)), (uint)(uint)((uint)mul_hi((uint)x3, (uint)0x1000000u) + (uint)(uint)0x1abc1ac1u)));
    x4 = (-(x4));
    x1 = upsample((short)(~(short)((short)((__global const ushort *)in)[((uint)((__global const short *)in)[((uint)(x4 == 0.0f)) % 2048u]) % 2048u] ^ (short)0x5u)), (ushort)0x6b8bu);
    x0 = x0;
    lb[lid * 2u + 0u] = (uchar)(uint)0xb654230fu;
    lb[lid * 2u + 1u] = (uchar)bitselect((uint)0x2a2b0b4u, (uint)0xd9101799u, add_sat((uint)((x4 - x4) > fdim(0.5f, x4)), clamp(add_sat(convert_uint_sat(x4), (uint)0x1fffffffu), min(convert_uint_sat(x1), (uint)((uint)(uint)((__global ushort_a *)row)[(mul24((uint)((uint)0x1c4fb334u & 0xffff), (uint)((uint)0x18b5fa78u & 0xffff))) % 8u] + (uint)(uint)0x4000000u)), max(convert_uint_sat(x1), (uint)((uint)(uint)((__global ushort_a *)row)[(mul24((uint)((uint)0x1c4fb334u & 0xffff), (uint)((uint)0x18b5fa78u & 0xffff))) % 8u] + (uint)(uint)0x4000000u)))));
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (int)lb[(127u - lid) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 = (((convert_float(x2) >= 3.0f) ? x4 : rint(x4)) * fma(fdim(65536.0f, ((((uint)0x6ad616aeu & (uint)0xc86a7f81u) <= (uint)0xcd714bcbu) ? x4 : convert_float(x1))), x4, x4));
    v8 = min((int)0x7u, (int)0x5u);
    v8 = x1;
    x3 = (uchar)popcount((uchar)(~x3));
    for (uint i8 = 0; i8 < ((uint)v8 & 7u); i8++) {
        v6 = (uchar)clz((uchar)popcount((uchar)(~x3)));
        uint v10 = i8;
        atomic_and(&acc[14], shr_uint(mul_hi((uint)((__global const uint4 *)in)[(v10) % 256u].z, (uint)get_global_size(0)), (uint)mul_hi(max(i8, (uint)(convert_float(v6) <= x4)), (uint)((uint)i8 - (uint)(uint)0x0u))));
        ulong v11 = x0;
    }
    x4 = convert_float(v6);
    x4 = (fmin((fmax(x4, (-((((char)0x4fu == (char)get_global_size(0)) ? 3.0f : x4)))) + 0.0f), (-(x4))) + 0.0f);
    x0 = (ulong)clz((ulong)((ulong)(ulong)x0 + (ulong)(ulong)((ulong)(ulong)((__global const ushort *)in)[(convert_uint_sat(v8)) % 2048u] * (ulong)(ulong)v8)));
    lb[lid * 2u + 0u] = (uchar)(int)clz(v8);
    lb[lid * 2u + 1u] = (uchar)v8;
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (int)lb[(lid ^ 57u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v8 = (int)get_global_size(0);
    switch (div_uchar((uchar)(x4 != convert_float(x1)), bitselect(v6, (uchar)((__global const char *)in)[(convert_uint_sat(x1)) % 4096u], (uchar)(-(uint)(uchar)(~(uchar)x2)))) & 7) {
    case 1: {
        x3 = (uchar)popcount(v6);
        break;
    }
    case 6: {
        v6 = convert_uchar_sat_rtz(x4);
        break;
    }
    default: {
        x0 = (ulong)((hadd(clamp((int)((__global const uint4 *)in)[(sub_sat((uint)0x7a8cdabfu, (uint)0x100u)) % 256u].y, min(v8, x2), max(v8, x2)), (int)v8) < v8) ? div_ulong(x0, x0) : (ulong)popcount((ulong)(~x0)));
        break;
    }
    }
    x1 = (int)((uint)x1 - (uint)(int)popcount((int)v6));
    x4 = fdim(convert_float(v8), (x4 + x4));
    float v12 = 1e-30f;
    v6 = (uchar)0x1fu;
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(x3);
    row[9u] = fbits(x4);
    row[10u] = (uint)(v6);
    row[11u] = (uint)(v8);
    row[12u] = fbits(v12);
    row[13u] = (uint)(arr0[0]);
    row[14u] = (uint)(arr0[1]);
    row[15u] = (uint)(arr0[2]);
    row[16u] = (uint)(arr0[3]);
    row[17u] = (uint)(arr0[4]);
    row[18u] = (uint)(arr0[5]);
    row[19u] = (uint)(arr0[6]);
    row[20u] = (uint)(arr0[7]);
    row[21u] = (uint)(arr0[8]);
    row[22u] = (uint)(arr0[9]);
    row[23u] = (uint)(arr0[10]);
    row[24u] = (uint)(arr0[11]);
    row[25u] = (uint)(arr0[12]);
    row[26u] = (uint)(arr0[13]);
    row[27u] = (uint)(arr0[14]);
    row[28u] = (uint)(arr0[15]);
}
