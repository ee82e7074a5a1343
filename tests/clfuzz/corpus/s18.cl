// clfuzz seed=18 grid=1 block=64 in=1024 out=2048 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 32u
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
static long fn0(short p0, short p1) {
    p1 = shr_short((short)p1, (uint)(uint)(~shl_uint((uint)0xfffu, (uint)(uint)0x6u)));
    p1 = max(div_short(p0, (short)p0), (short)popcount(p0));
    p0 = (short)p0;
    for (uint i0 = 0; i0 < 4; i0++) {
        p1 = mul_hi((short)((short)((uint)p1 - (uint)p1) ^ (short)((int)p1 != (int)0xe60c99cau)), (short)(mul_hi(p1, p1) & p1));
    }
    p0 = (short)p1;
    return (long)((ulong)add_sat(shr_long((long)(~convert_long_sat(p0)), (uint)(uint)0x5u), (long)0x1ffffful) + (ulong)(long)p0);
}
__attribute__((noinline)) static ulong fn1(uchar p0, float p1, uint p2) {
    p0 = rotate((uchar)p2, (uchar)((uint)p0 + (uint)(uchar)p2));
    for (uint i1 = 0; i1 < 7; i1++) {
        p2 = (uint)(-(uint)(uint)(-(uint)i1));
        switch ((int)(max((int)0x81aa3067u, (int)0xb0a3bd4au) | convert_int_sat(p0)) & 7) {
        case 0: {
            p2 = (uint)((uint)shl_uint(convert_uint_sat_rtz(p1), (uint)(uint)((i1 <= convert_uint_sat_rtz(p1)) ? convert_uint_sat_rtz(p1) : (uint)p0)) - (uint)(uint)((int)0x4u != (int)0x2u));
            break;
        }
        case 1: {
            uchar v3 = (uchar)p0;
            break;
        }
        case 2: {
            break;
        }
        default: {
            break;
        }
        }
    }
    return div_ulong(shl_ulong((ulong)0x5ul, (uint)(uint)p2), (ulong)0x8e78ddb7edf55da2ul);
}
__attribute__((noinline)) static float fn2(ushort p0, ushort p1, uchar p2) {
    p2 = p2;
    p1 = p1;
    if ((uchar)p1 > rotate(p2, (uchar)p2)) {
        p0 = (ushort)p0;
        p2 = p2;
        p2 = (uchar)((uint)(uchar)0x0u + (uint)(uchar)p2);
    } else {
    }
    return fma(((1e-30f - 0.1f) + fma((fmin(0.5f, 1e-30f) + 0.0f), -0.0f, convert_float(p0))), (-2.5e-3f + fma(convert_float(p0), 1.0f, convert_float(p1))), (((int)0x7u < (int)0x763bbf6cu) ? -2.5e-3f : convert_float(p1)));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = convert_float((int)in[(gid * 6u + 0u) % 1024u]) * 0.25f;
    uchar x1 = (uchar)in[(gid * 6u + 1u) % 1024u];
    ushort x2 = (ushort)in[(gid * 6u + 2u) % 1024u];
    float x3 = as_float(in[(gid * 6u + 3u) % 1024u] & 0xbfffffffu);
    int x4 = (int)in[(gid * 6u + 4u) % 1024u];
    uint x5 = (uint)in[(gid * 6u + 5u) % 1024u];
    long arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    ushort v4 = (ushort)((uint)x2 - (uint)bitselect(mul_hi((ushort)(convert_ushort_sat(x0) | x2), clamp((ushort)x2, min(x2, (ushort)x2), max(x2, (ushort)x2))), (ushort)((ushort)((uint)mul_hi(x2, x2) + (uint)x2) & x2), rotate(x2, (ushort)((x2 < 0) ? x2 : (uint)(ushort)((__global ushort_a *)row)[((uint)((__global ulong_a *)row)[((uint)lid) % 2u]) % 8u]))));
    float v5 = x3;
    if (v5 > v5) {
        float v6 = (-(fdim(fma(x0, convert_float((int)x5), x3), v5)));
    }
    x4 = (int)(x5 == x5);
    x3 = ceil((v5 + x3));
    lm[lid] = (ulong)(uint)gid;
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 ^= (int)lm[63u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    char v7 = (char)(~rotate((char)((__global const ushort *)in)[(x5) % 2048u], (char)0x5u));
    x3 = x3;
    switch ((ushort)0xb75cu & 7) {
    case 1: {
        v7 = shr_char(v7, (uint)(uint)(-(uint)(uint)(~x5)));
        break;
    }
    case 2: {
        uchar v8 = (uchar)clz((uchar)(-(uint)(uchar)(x1 & (uchar)((uint)convert_uchar_sat(v4) + (uint)(uchar)((__global const ushort *)in)[((uint)((__global const char *)in)[((uint)clz(x5)) % 4096u]) % 2048u]))));
        for (uint i8 = 0; i8 < ((uint)x5 & 7u); i8++) {
            uchar v10 = (uchar)(((uchar)get_num_groups(0) == (uchar)0x5u) ? rem_uchar((uchar)((rem_uchar((uchar)x5, convert_uchar_sat(v7)) < 0) ? rem_uchar((uchar)x5, convert_uchar_sat(v7)) : (uint)v8), v8) : x1);
        }
        break;
    }
    case 3: {
        x0 = v5;
        break;
    }
    case 6: {
        arr0[(x5) % 16u] = (long)((ulong)(long)(x5 > x5) * (ulong)(long)0x7103a785254702ceul);
        char v11 = v7;
    }
    case 7: {
        x0 = v5;
        break;
    }
    default: {
        uint v12 = shl_uint(rem_uint(x5, (uint)((__global const short *)in)[(x5) % 2048u]), (uint)(uint)((long)0x8ul < (long)0x5ul));
        break;
    }
    }
    if (x3 == fdim(x0, v5)) {
        atomic_max(&acc[16], (uint)(upsample((ushort)((__global ulong_a *)row)[((uint)get_group_id(0)) % 2u], (ushort)gid) ^ (uint)(~x5)));
        x3 = ((fmax(x3, x0) + 0.0f) + v5);
    } else {
        uchar v13 = shl_uchar((uchar)clz((uchar)((__global const uchar *)in)[(rotate(x5, (uint)((__global uint_a *)row)[((uint)v7) % 4u])) % 4096u]), (uint)x5);
    }
    float v14 = ((x4 > rem_int(clamp((int)lid, min(x4, (int)0xf983a5f5u), max(x4, (int)0xf983a5f5u)), convert_int_sat_rtz(x0))) ? convert_float(x2) : copysign(fdim(0.0f, (((x5 & (uint)0x9bac9330u) > (uint)0x254da31cu) ? v5 : x3)), (isnan(convert_float(v7)) ? 1.0f : convert_float(v7))));
    int v15 = (int)(~x4);
    v7 = (char)((uint)(char)clz((char)popcount(v7)) + (uint)v7);
    x0 = (rint((3.0f + x3)) * v14);
    row[4u] = fbits(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = fbits(x3);
    row[8u] = (uint)(x4);
    row[9u] = (uint)(x5);
    row[10u] = (uint)(v4);
    row[11u] = fbits(v5);
    row[12u] = (uint)(v7);
    row[13u] = fbits(v14);
    row[14u] = (uint)(v15);
    row[15u] = (uint)(arr0[0]);
    row[16u] = (uint)(arr0[1]);
    row[17u] = (uint)(arr0[2]);
    row[18u] = (uint)(arr0[3]);
    row[19u] = (uint)(arr0[4]);
    row[20u] = (uint)(arr0[5]);
    row[21u] = (uint)(arr0[6]);
    row[22u] = (uint)(arr0[7]);
    row[23u] = (uint)(arr0[8]);
    row[24u] = (uint)(arr0[9]);
    row[25u] = (uint)(arr0[10]);
    row[26u] = (uint)(arr0[11]);
    row[27u] = (uint)(arr0[12]);
    row[28u] = (uint)(arr0[13]);
    row[29u] = (uint)(arr0[14]);
    row[30u] = (uint)(arr0[15]);
}
