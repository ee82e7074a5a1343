// clfuzz seed=39 grid=3 block=64 in=1024 out=3840 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static uchar fn0(short p0) {
    p0 = (short)(~(short)((uint)(short)((uint)p0 - (uint)(short)(p0 | p0)) - (uint)p0));
    switch (bitselect((uint)abs(rem_uint((uint)0x121ad456u, convert_uint_sat(p0))), (uint)(rotate((uint)0x6b117650u, (uint)0x60e8e589u) | (uint)abs_diff((uint)(uint)0x3u, (uint)shl_uint((uint)0x7u, (uint)(uint)0xee6ab91du))), (uint)(-(uint)(uint)(-(uint)(uint)popcount((uint)0x5u)))) & 7) {
    case 0: {
        p0 = (short)(upsample(shr_char((char)0x8u, (uint)(uint)0x0u), (uchar)p0) & (short)((short)(~(short)0x3fffu) | (short)((uint)p0 - (uint)rotate(p0, (short)p0))));
        break;
    }
    case 1: {
        p0 = (short)((short)((uint)shr_short(p0, (uint)(uint)((uint)0x3f3629beu & (uint)0x4u)) * (uint)bitselect(p0, (short)(~(short)0x2b5fu), p0)) ^ clamp((short)(~p0), min(rhadd((short)popcount(p0), p0), min(bitselect(p0, p0, (short)p0), (short)((p0 < 0) ? p0 : (uint)p0))), max(rhadd((short)popcount(p0), p0), min(bitselect(p0, p0, (short)p0), (short)((p0 < 0) ? p0 : (uint)p0)))));
        break;
    }
    case 2: {
        ushort v1 = (ushort)(-(uint)upsample((uchar)((uchar)0x3u ^ (uchar)0x80u), (uchar)clz(shl_uchar((uchar)p0, (uint)(uint)0x9aabe31cu))));
        break;
    }
    case 6: {
        p0 = (short)abs_diff((ushort)(short)((uint)max((short)p0, (short)abs_diff((ushort)p0, (ushort)p0)) * (uint)(short)p0), (ushort)clamp(shr_short(p0, (uint)rotate((uint)0x3ffffu, (uint)0xffu)), min((short)0x8u, (short)((long)p0 <= (long)0x0ul)), max((short)0x8u, (short)((long)p0 <= (long)0x0ul))));
        break;
    }
    default: {
        p0 = (short)(~(short)p0);
        break;
    }
    }
    return (uchar)(((char)0x4u > (char)((uint)(char)p0 + (uint)(char)0x8u)) ? (uchar)0xffu : (uchar)((uchar)(~(uchar)(convert_uchar_sat(p0) | (uchar)0xb7u)) | (uchar)0x0u));
}
static int fn1(uint p0, uint p1, uchar p2) {
    p0 = shl_uint(p0, (uint)shl_uint(p0, (uint)(uint)0x1u));
    p1 = mul_hi((uint)0x8u, (uint)0x6u);
    return (int)p1;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = convert_float((int)in[(gid * 5u + 0u) % 1024u]) * 0.25f;
    ushort x1 = (ushort)in[(gid * 5u + 1u) % 1024u];
    char x2 = (char)in[(gid * 5u + 2u) % 1024u];
    float x3 = convert_float((int)in[(gid * 5u + 3u) % 1024u]) * 0.25f;
    ulong x4 = (ulong)(((ulong)in[(gid * 5u + 4u) % 1024u] << 32) | in[(gid * 5u + 4u + 1u) % 1024u]);
    int arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    if (fdim(convert_float(x1), (convert_float(x1) - x3)) == copysign(0.1f, (isnan(x3) ? 1.0f : x3))) {
        if ((char)abs_diff((uchar)x2, (uchar)x2) < (char)get_global_size(0)) {
            x0 = convert_float(clamp((char)(~(char)((__global const uint4 *)in)[((uint)0x5df05a60u) % 256u].y), min(x2, convert_char_sat_rtz(x3)), max(x2, convert_char_sat_rtz(x3))));
        } else {
            x2 = (char)((uint)(char)((uint)rhadd((char)(~x2), (char)x4) - (uint)x2) * (uint)(char)((uchar)0x7u >= convert_uchar_sat(x0)));
            x4 = convert_ulong_sat_rtz(fmin(x0, 9.2e18f));
            short v2 = (short)((short)0x5u ^ (short)((__global ushort_a *)row)[((uint)(~(uint)0x1u)) % 8u]);
        }
    }
    uchar v3 = (uchar)((x1 >= (ushort)(x1 & x1)) ? (uchar)((uint)(uchar)0x4u + (uint)(uchar)get_group_id(0)) : (uchar)0x1u);
    __atomic_fetch_add(&((__global ushort *)(acc + 48))[0], (ushort)(ushort)((x1 < 0) ? x1 : (uint)(ushort)v3), __ATOMIC_RELEASE);
    v3 = (uchar)abs_diff((uchar)mul_hi((uchar)0xc8u, v3), (uchar)(uchar)((uint)sub_sat(v3, div_uchar((uchar)0x8u, (uchar)0x6u)) + (uint)v3));
    if (shr_char(x2, (uint)shr_uint((uint)((uint)(uint)0xfee61236u - (uint)(uint)x4), (uint)(uint)0x4u)) != x2) {
        ulong v4 = (ulong)(~x4);
        x4 = (ulong)((ulong)(ulong)(~(ulong)popcount((ulong)v3)) + (ulong)(ulong)((__global const uchar *)in)[((uint)((ushort)((__global const uchar *)in)[((uint)0xf986dfabu) % 4096u] != x1)) % 4096u]);
    }
    x4 = x4;
    lm[lid] = (ulong)div_long((long)0xf24b005d49055535ul, hadd((long)0x6ul, (long)0x2ul));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (char)lm[lid ^ 8u];
    barrier(CLK_LOCAL_MEM_FENCE);
    float v5 = (fmax(x3, fdim((x0 - 1e10f), x3)) + 0.0f);
    int v6 = (int)((shl_int(convert_int_sat_rtz(x3), (uint)(uint)(bitselect(x2, (char)((__global ushort_a *)row)[((uint)((__global const ulong *)in)[((uint)((__global const ulong *)in)[((uint)0x5u) % 512u]) % 512u]) % 8u], convert_char_sat_rtz(v5)) == (char)0x9du)) < 0) ? shl_int(convert_int_sat_rtz(x3), (uint)(uint)(bitselect(x2, (char)((__global ushort_a *)row)[((uint)((__global const ulong *)in)[((uint)((__global const ulong *)in)[((uint)0x5u) % 512u]) % 512u]) % 8u], convert_char_sat_rtz(v5)) == (char)0x9du)) : (uint)(int)sub_sat((uint)div_int((int)0x4u, (int)0x7u), (uint)(int)x2));
    if ((uchar)(-(uint)v3) <= convert_uchar_sat(x0)) {
        ulong v7 = shl_ulong(x4, (uint)(uint)((long)0x21e5b6e52ffc4502ul >= (long)(((long)((__global uint_a *)row)[((uint)0x4u) % 4u] < 0) ? (long)((__global uint_a *)row)[((uint)0x4u) % 4u] : (ulong)(long)0x1fee38625b7b3a9bul)));
    } else {
        v3 = v3;
        v6 = (int)(clamp((uint)((uint)(uint)0x7u - (uint)(uint)0x1u), min((uint)clz((uint)((uint)(uint)0x3fffffffu + (uint)convert_uint_sat_rtz(x0))), (uint)0x10000000u), max((uint)clz((uint)((uint)(uint)0x3fffffffu + (uint)convert_uint_sat_rtz(x0))), (uint)0x10000000u)) >= (uint)((uint)(uint)abs_diff((uint)(uint)x1, (uint)(uint)0xa810a5e3u) + (uint)max((uint)x2, (uint)0x5u)));
    }
    int v8 = (int)((int)((uint)v6 + (uint)(int)(max(v6, (int)0x20000u) | (int)0x38380774u)) ^ (int)((fmax(convert_float(convert_char_sat(x3)), v5) + 0.0f) < convert_float((char)x2)));
    float v9 = convert_float((uint)v8);
    x3 = ((fdim(x0, convert_float(v8)) - 1.0f) - v9);
    v5 = fma(((-(v5)) - (convert_float(x1) + v5)), (((uchar)(((uint)0x762f998bu <= (uint)0x0u) ? v3 : (uchar)0x7u) > convert_uchar_sat_rtz(x0)) ? convert_float(v3) : v5), fma(x3, fdim(convert_float(v8), v9), fma(convert_float(x1), fma(v9, x3, x3), (-(x3)))));
    row[4u] = fbits(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = fbits(x3);
    row[8u] = (uint)(x4);
    row[9u] = (uint)((ulong)x4 >> 32);
    row[10u] = (uint)(v3);
    row[11u] = fbits(v5);
    row[12u] = (uint)(v6);
    row[13u] = (uint)(v8);
    row[14u] = fbits(v9);
    row[15u] = (uint)(arr0[0]);
    row[16u] = (uint)(arr0[1]);
    row[17u] = (uint)(arr0[2]);
    row[18u] = (uint)(arr0[3]);
}
