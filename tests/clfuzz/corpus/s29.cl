// clfuzz seed=29 grid=1 block=256 in=1024 out=4608 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static float fn0(uint p0, char p1, float p2) {
    if ((uchar)((long)0x1fffffful == shl_long((long)0x860408909006f9e9ul, (uint)(uint)0x3u)) == (uchar)popcount(rem_uchar((uchar)0x19u, (uchar)(p0 != (uint)p0)))) {
        p2 = (fmin((p2 + p2), (0.0f * (-((convert_float(p0) * 0.5f))))) + 0.0f);
        short v1 = (short)((uint)(short)p0 + (uint)(short)0x8u);
        p0 = max(p0, clamp((uint)0xffa08087u, min((uint)(~(uint)0x6u), convert_uint_sat(v1)), max((uint)(~(uint)0x6u), convert_uint_sat(v1))));
    } else {
        p1 = (char)abs_diff((uchar)(char)sub_sat((uchar)p1, (uchar)p1), (uchar)(char)((uint)shl_char(p1, (uint)(uint)(p0 | p0)) + (uint)(char)p0));
    }
    p2 = rint(-0.0f);
    p0 = (uint)((uint)shl_uint(p0, (uint)(uint)(((char)0xbeu < p1) ? p0 : p0)) + (uint)(uint)(~p0));
    p1 = (char)(~p1);
    p0 = (uint)(convert_float(p1) < ((p2 + (p2 * convert_float(p1))) + ((1.0f >= p2) ? -1.0f : convert_float(p0))));
    return (p2 + (p2 - p2));
}
static short fn1(uint p0) {
    p0 = (uint)(((convert_short_sat(p0) & (short)0x0u) < (short)0x5u) ? max((uint)((int)0x3u == (int)0x6c69af6u), (uint)0x6u) : (uint)((uint)(uint)p0 * (uint)(uint)p0));
    return max((short)0x1u, (short)((uint)mul_hi((short)p0, min((short)p0, (short)0xffu)) + (uint)convert_short_sat(p0)));
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    uint x0 = (uint)in[(gid * 3u + 0u) % 1024u];
    char x1 = (char)in[(gid * 3u + 1u) % 1024u];
    uchar x2 = (uchar)in[(gid * 3u + 2u) % 1024u];
    short arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = (uint)(shl_uint(x0, (uint)div_uint(x0, x0)) | (uint)((uint)(uint)((uint)x1 & div_uint(x0, (uint)0xc060cc72u)) + (uint)(uint)(convert_float((int)0x62451c1u) != (0.1f + convert_float(x0)))));
    x1 = (char)(((long)((__global const uint4 *)in)[(shr_uint((uint)x0, (uint)x0)) % 256u].x <= (long)((ulong)abs_diff((ulong)(ulong)0x400000000ul, (ulong)(ulong)0x7ul) >= (ulong)((__global ushort_a *)row)[((uint)x0) % 8u])) ? rem_char((char)x0, x1) : (char)0x4u);
    for (uint i1 = 0; i1 < ((uint)x0 & 7u); i1++) {
        for (uint i2 = 0; i2 < ((uint)i1 & 7u); i2++) {
            x0 = (uint)(-(uint)(uint)((fma(0.5f, 16777217.0f, 65536.0f) != convert_float(x1)) ? i2 : (uint)((uint)(uint)(-(uint)i2) * (uint)x0)));
            switch ((uint)(-(uint)shl_uint(x0, (uint)shr_uint(x0, (uint)mul24((uint)(i1 & 0xffff), (uint)((uint)0x7u & 0xffff))))) & 7) {
            case 3: {
                x2 = clamp(add_sat((uchar)((uint)(uchar)x0 - (uint)x2), (uchar)x2), min(x2, (uchar)(((long)0x10000000ul >= (long)0x89d16d0859384687ul) ? (uchar)gid : rem_uchar(shl_uchar(x2, (uint)(uint)x0), (uchar)((x2 < 0) ? x2 : (uint)x2)))), max(x2, (uchar)(((long)0x10000000ul >= (long)0x89d16d0859384687ul) ? (uchar)gid : rem_uchar(shl_uchar(x2, (uint)(uint)x0), (uchar)((x2 < 0) ? x2 : (uint)x2)))));
                break;
            }
            case 6: {
                x2 = shl_uchar((uchar)(~(uchar)((uchar)((__global const ulong *)in)[(x0) % 512u] & x2)), (uint)(uint)((uint)mul_hi((uint)(-(uint)i1), (uint)((uint)i2 * (uint)x0)) + (uint)(uint)((uint)(uint)0x35aa79c1u + (uint)(uint)x1)));
                x0 = (uint)((uint)(~(uint)(i2 ^ (uint)x2)) ^ (uint)((uint)i1 - (uint)i2));
            }
            case 7: {
                x2 = (uchar)(rem_uchar(div_uchar(shr_uchar(x2, (uint)(uint)((__global const uchar *)in)[((uint)x1) % 4096u]), (uchar)x2), x2) & (uchar)(~x2));
                arr0[(shl_uint(mul_hi(x0, shr_uint(i1, (uint)(uint)0x7fu)), (uint)(uint)((uint)shr_uint((uint)((uint)x0 * (uint)convert_uint_sat(x1)), (uint)i1) + (uint)shl_uint(i2, (uint)(uint)x2)))) % 8u] = upsample((char)((uint)((uchar)((__global const short *)in)[(i1) % 2048u] > (uchar)(-(uint)x2)) <= mul_hi(i2, (uint)((uint)((__global const short *)in)[((uint)((uint)x0 + (uint)x0)) % 2048u] ^ (uint)x2))), (uchar)x2);
                break;
            }
            default: {
                x0 = shl_uint((uint)((uint)((__global const ushort *)in)[((uint)((uint)(uint)((__global const ushort *)in)[((uint)((uint)i1 * (uint)i1)) % 2048u] - (uint)i2)) % 2048u] & i2), (uint)i1);
                break;
            }
            }
        }
    }
    if ((uint)x0 >= (uint)((uint)0x1u | x0)) {
        x2 = (uchar)((16777217.0f < fma(16777217.0f, (0.5f - convert_float(x2)), 0.5f)) ? x2 : x2);
    } else {
        x2 = (uchar)((uchar)((fma(0.0f, 1e-30f, convert_float(x2)) > 1.0f) ? x2 : (uchar)(x2 ^ (uchar)((uint)mul_hi(x2, x2) + (uint)x2))) > (uchar)((x2 < 0) ? x2 : (uint)x2));
    }
    x2 = (uchar)((uchar)(((uchar)0x89u < 0) ? (uchar)0x89u : (uint)x2) & (uchar)((__global const long2 *)in)[(x0) % 256u].y);
    float v4 = (65536.0f * convert_float(shr_ushort((ushort)0x2e7cu, (uint)(uint)0x3fffffu)));
    x2 = rhadd((uchar)x2, (uchar)(x2 ^ x2));
    ushort v5 = (ushort)0x4u;
    lm[lid] = (ulong)shr_int((int)0x1u, (uint)(uint)((uint)(~(uint)((__global const uchar *)in)[(x0) % 4096u]) ^ shl_uint(convert_uint_sat(v5), (uint)x0)));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (uchar)lm[lid ^ 126u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 = (uint)0x0u;
    float v6 = (round(v4) + (fmin(v4, v4) + 0.0f));
    x1 = (char)(~(char)(~x1));
    switch (add_sat(mul_hi((uchar)lid, clamp((uchar)((uchar)x0 | x2), min((uchar)((uchar)get_local_size(0) ^ x2), mul_hi(convert_uchar_sat_rtz(v6), (uchar)0x0u)), max((uchar)((uchar)get_local_size(0) ^ x2), mul_hi(convert_uchar_sat_rtz(v6), (uchar)0x0u)))), (uchar)0xddu) & 7) {
    case 2: {
        for (uint i6 = 0; i6 < 4; i6++) {
            float v8 = (fmax(-1.0f, (convert_float(x2) - (v4 * v6))) + 0.0f);
        }
        x1 = (char)((uint)(char)0xb4u + (uint)x1);
        break;
    }
    case 3: {
        v6 = (trunc(0.0f) + (-(convert_float(x0))));
        v5 = v5;
        break;
    }
    default: {
        ushort v9 = (ushort)(((uchar)(x2 | convert_uchar_sat(v5)) > shr_uchar(rotate(x2, x2), (uint)x0)) ? convert_ushort_sat(x2) : rotate((ushort)0x51ddu, (ushort)((uint)mul_hi((ushort)((uint)mul_hi((ushort)0xbbeau, convert_ushort_sat(v6)) + (uint)(ushort)0xccd8u), (ushort)abs_diff((ushort)v5, (ushort)v5)) + (uint)(ushort)x2)));
        break;
    }
    }
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = fbits(v4);
    row[8u] = (uint)(v5);
    row[9u] = fbits(v6);
    row[10u] = (uint)(arr0[0]);
    row[11u] = (uint)(arr0[1]);
    row[12u] = (uint)(arr0[2]);
    row[13u] = (uint)(arr0[3]);
    row[14u] = (uint)(arr0[4]);
    row[15u] = (uint)(arr0[5]);
    row[16u] = (uint)(arr0[6]);
    row[17u] = (uint)(arr0[7]);
}
