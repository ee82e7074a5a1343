// clfuzz seed=9 grid=3 block=128 in=1024 out=6912 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static ushort fn0(uchar p0) {
    p0 = (uchar)((uint)mul_hi((uchar)(~p0), p0) + (uint)(uchar)clz((uchar)(-(uint)(uchar)p0)));
    p0 = (uchar)((uint)(uchar)((uint)p0 - (uint)p0) + (uint)(uchar)((uint)(uchar)(-(uint)(uchar)(-(uint)p0)) + (uint)(uchar)p0));
    p0 = (uchar)((uint)(uchar)(~(uchar)((uint)(uchar)0xbcu + (uint)(uchar)((uint)(uchar)p0 + (uint)p0))) * (uint)rotate((uchar)(p0 ^ mul_hi(p0, p0)), p0));
    p0 = (uchar)((uchar)((uint)bitselect((uchar)p0, (uchar)p0, (uchar)0x2u) - (uint)p0) ^ (uchar)((uint)p0 + (uint)p0));
    p0 = (uchar)(div_uchar(p0, (uchar)(~p0)) & (uchar)p0);
    return (ushort)((uint)shl_ushort((ushort)(-(uint)(ushort)0x6366u), (uint)(uint)0x432f304eu) + (uint)(ushort)((uint)clamp((ushort)0x4000u, min((ushort)0x10c9u, clamp((ushort)0xba3du, min((ushort)0x2u, (ushort)0x741au), max((ushort)0x2u, (ushort)0x741au))), max((ushort)0x10c9u, clamp((ushort)0xba3du, min((ushort)0x2u, (ushort)0x741au), max((ushort)0x2u, (ushort)0x741au)))) * (uint)(ushort)p0));
}
__attribute__((noinline)) static uchar fn1(float p0, char p1, float p2) {
    if (((char)(~p1) & (char)0x79u) == (char)0x1u) {
        int v1 = convert_int_sat_rtz(p2);
        for (uint i1 = 0; i1 < 6; i1++) {
            p1 = p1;
            p2 = p0;
        }
    } else {
        uchar v3 = hadd(mul_hi((uchar)0x5u, shl_uchar((uchar)0x0u, (uint)(uint)((uchar)p1 <= (uchar)0x7u))), (uchar)(((uchar)0x7u < 0) ? (uchar)0x7u : (uint)(uchar)p1));
        if (((int)(-(uint)(int)0xf197b590u) & (int)0x567d1bb3u) == (int)0xf65ab21fu) {
            v3 = v3;
            float v4 = (convert_float(v3) * fma((p0 + p0), convert_float(v3), p0));
            if ((uint)0xde5022d0u != (uint)0x1u) {
                v3 = (uchar)((uint)v3 - (uint)shl_uchar(v3, (uint)(uint)((uint)(uint)0x89aa88c1u * (uint)(uint)((uint)0x8u | (uint)0xfffu))));
                float v5 = fdim(p2, rint(v4));
            } else {
                p2 = ((1e-30f * p0) - ((3.0f != p0) ? p2 : v4));
            }
        }
        v3 = (uchar)popcount((uchar)((uint)v3 - (uint)(uchar)clz(v3)));
    }
    p2 = (fmin(fdim(p2, ((convert_float(p1) - p0) + 1e10f)), (fmax((p0 * p2), fdim(p0, p2)) + 0.0f)) + 0.0f);
    p0 = p2;
    if ((short)((uint)mul_hi((short)0x4u, convert_short_sat_rtz(p2)) + (uint)(short)((uint)shl_short((short)0x800u, (uint)(uint)p1) - (uint)(short)((uint)(short)0x5291u * (uint)(short)0x6u))) >= (short)0x7u) {
        p2 = p0;
    } else {
        float v6 = (convert_float(convert_uint_sat_rtz(p0)) + convert_float((long)abs(upsample((int)0xb5938bb8u, (uint)0x6u))));
        p2 = v6;
    }
    p2 = p2;
    return convert_uchar_sat_rtz(p0);
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ushort x0 = (ushort)in[(gid * 4u + 0u) % 1024u];
    char x1 = (char)in[(gid * 4u + 1u) % 1024u];
    uint x2 = (uint)in[(gid * 4u + 2u) % 1024u];
    char x3 = (char)in[(gid * 4u + 3u) % 1024u];
    ushort arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x1 = rhadd(shr_char(x1, (uint)(uint)x0), x1);
    x3 = (char)(((ushort)(x3 > shl_char((char)0x41u, (uint)(uint)0x1u)) != x0) ? (char)(x1 & (char)(~(char)0x4u)) : rotate(x1, x1));
    x2 = (uint)((uint)sub_sat(shr_uint((uint)0xd954b4feu, (uint)x2), mul_hi((uint)((uint)(uint)((__global const short *)in)[((uint)x0) % 2048u] * (uint)(uint)0x1u), x2)) + (uint)shr_uint((uint)(shr_uint(x2, (uint)x2) ^ (uint)(((uchar)0x0u < (uchar)0x59u) ? (uint)0x2u : (uint)0x515cc56fu)), (uint)upsample(x0, (ushort)((uint)mul_hi(x0, x0) + (uint)x0))));
    x3 = (char)((uint)x3 + (uint)shr_char(x3, (uint)(uint)((__global const uchar *)in)[((uint)0x1000u) % 4096u]));
    x0 = (ushort)0x2eb5u;
    x2 = x2;
    lb[lid * 2u + 1u] = (uchar)(long)((ulong)mul_hi((long)0x6ul, (long)0x582f28f34b3af5fful) + (ulong)(long)0x2e2c48f769a9cdbeul);
    lb[lid * 2u + 0u] = (uchar)(long)0x2000000000ul;
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (uint)lb[((lid * 13u) % 128u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = rotate(x1, (char)((short)(x2 == (uint)x1) <= (short)0x2e89u));
    x0 = (ushort)(((short)0x7fu == (short)(~(short)0x526u)) ? (ushort)(-(uint)(ushort)((__global const long2 *)in)[(x2) % 256u].x) : shr_ushort(upsample((uchar)0x0u, (uchar)0xa3u), (uint)(uint)(x2 & (uint)((x2 < 0) ? x2 : (uint)convert_uint_sat(x1)))));
    x0 = (ushort)((uint)mul_hi(mul_hi((ushort)(x0 ^ (ushort)x0), min(x0, (ushort)((__global const char *)in)[(bitselect(x2, x2, x2)) % 4096u])), (ushort)((0.0f >= -2.5e-3f) ? (ushort)(add_sat((ushort)0xc64u, (ushort)x1) & x0) : (ushort)(((long)x0 <= (long)0x2f518133d86c2cc9ul) ? (ushort)0x7fffu : x0))) + (uint)(ushort)((uint)x0 - (uint)mul_hi((ushort)0x83d4u, (ushort)((uint)x0 + (uint)x0))));
    x0 = arr0[((uint)x0) % 8u];
    lm[lid] = (ulong)(ulong)(((ulong)popcount(upsample((uint)(x2 ^ x2), x2)) < 0) ? (ulong)popcount(upsample((uint)(x2 ^ x2), x2)) : (ulong)(ulong)((ulong)0x6ul & (ulong)0x69a426c53c6108aful));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (ushort)lm[(lid + 74u) % 128u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 = x0;
    short v7 = (short)clz((short)0x210u);
    if (x3 >= x1) {
        x2 = (uint)(((uint)abs_diff((uint)(uint)((x2 != convert_uint_sat(x0)) ? x2 : (uint)((uint)x2 - (uint)x2)), (uint)(uint)x1) < 0) ? (uint)abs_diff((uint)(uint)((x2 != convert_uint_sat(x0)) ? x2 : (uint)((uint)x2 - (uint)x2)), (uint)(uint)x1) : (uint)upsample(x0, upsample((uchar)0x2u, (uchar)x3)));
        if (((x1 > (char)0x20u) ? (-0.0f + convert_float(x1)) : (fdim(65536.0f, -2.5e-3f) - convert_float(v7))) <= convert_float((long)0x7ffffffffffful)) {
            v7 = rhadd((short)((uint)v7 - (uint)v7), (short)x2);
        } else {
            if (shr_char(x1, (uint)(uint)abs_diff((uint)(uint)0x40u, (uint)(uint)v7)) <= (char)((uint)shl_char(x3, (uint)x2) + (uint)x1)) {
                x3 = (char)0xfcu;
            } else {
                x0 = arr0[((uint)((uint)x2 * (uint)(uint)0xf24554abu)) % 8u];
                x0 = (ushort)(div_ushort(upsample((uchar)x1, bitselect((uchar)0x65u, (uchar)0x7u, (uchar)0x52u)), (ushort)((uint)(ushort)((long)0x6ul <= (long)v7) * (uint)x0)) ^ (ushort)((__global uint_a *)row)[(x2) % 4u]);
            }
        }
    }
    for (uint i7 = 0; i7 < 7; i7++) {
        ((__global ushort_a *)row)[(shl_uint(clamp(rotate(mad24((uint)(i7 & 0xffff), (uint)(x2 & 0xffff), (uint)0x65b0ad95u), (uint)0x33c979du), min((uint)(-(uint)i7), (uint)((uint)i7 + (uint)(uint)(~i7))), max((uint)(-(uint)i7), (uint)((uint)i7 + (uint)(uint)(~i7)))), (uint)shr_uint((uint)0x1f873ceau, (uint)x2))) % 8u] = (ushort)(ushort)(-(uint)(ushort)((__global const long2 *)in)[(shl_uint(i7, (uint)(uint)0x28bf2492u)) % 256u].x);
        x1 = (char)((fma(((x0 > (ushort)0x7u) ? -0.0f : -0.0f), convert_float(x1), fma(convert_float(x0), 1e-30f, convert_float(x2))) == convert_float((ushort)x0)) ? x1 : x3);
    }
    lb[lid * 2u + 1u] = (uchar)(char)((int)((uint)(int)(((int)0x7u > (int)0xe2f7b20bu) ? shr_int((int)((__global const ulong *)in)[((uint)((__global const uint4 *)in)[((uint)((1e10f <= 3.0f) ? x2 : x2)) % 256u].z) % 512u], (uint)x2) : (int)(((uchar)0x85u >= (uchar)0x3u) ? (int)0x4f29691bu : (int)v7)) * (uint)(int)(~(int)0x8u)) <= (int)0x6f177171u);
    lb[lid * 2u + 0u] = (uchar)(char)0x3fu;
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (char)lb[(lid ^ 118u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    if ((int)x0 != shr_int((int)((__global const long2 *)in)[(x2) % 256u].y, (uint)x2)) {
        x2 = (uint)popcount((uint)(~x2));
        x1 = div_char(x3, (char)(~(char)0xfu));
    } else {
        x1 = (char)(x1 | (char)((uint)(char)0x9au - (uint)(char)(~(char)0x51u)));
    }
    x2 = (uint)(~bitselect(mul_hi((uint)((uint)(uint)x1 + (uint)(uint)x3), x2), x2, clamp(x2, min(x2, sub_sat(x2, (uint)0x5u)), max(x2, sub_sat(x2, (uint)0x5u)))));
    x2 = x2;
    x3 = (char)abs_diff((uchar)(char)v7, (uchar)x3);
    x3 = shl_char((char)(((ushort)0x3u > x0) ? (char)(1e10f >= ((((uchar)0xdeu & (uchar)0xd2u) >= (uchar)0x6bu) ? 1e10f : convert_float(x0))) : (char)(~(char)0x9eu)), (uint)(uint)((uint)x2 - (uint)mul_hi(add_sat((uint)0xc8344c3fu, (uint)x2), upsample(x0, x0))));
    x1 = x1;
    float v9 = fdim(convert_float(v7), (convert_float(x2) - (fmax(0.0f, 0.0f) + 0.0f)));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)(v7);
    row[9u] = fbits(v9);
    row[10u] = (uint)(arr0[0]);
    row[11u] = (uint)(arr0[1]);
    row[12u] = (uint)(arr0[2]);
    row[13u] = (uint)(arr0[3]);
    row[14u] = (uint)(arr0[4]);
    row[15u] = (uint)(arr0[5]);
    row[16u] = (uint)(arr0[6]);
    row[17u] = (uint)(arr0[7]);
}
