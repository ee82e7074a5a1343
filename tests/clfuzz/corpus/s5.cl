// clfuzz seed=5 grid=3 block=256 in=1024 out=15360 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static int fn0(float p0, uchar p1, long p2) {
    p0 = p0;
    if (min(add_sat((char)0x0u, (char)((uint)convert_char_sat(p0) + (uint)(char)0x8au)), (char)(~convert_char_sat(p0))) > div_char((char)0x1u, convert_char_sat(p2))) {
        p1 = p1;
        p0 = (fmax(convert_float(p1), (p0 - p0)) + 0.0f);
        if (convert_float(p1) < p0) {
            if ((ushort)((uint)div_ushort((ushort)((ushort)0x2959u ^ convert_ushort_sat(p0)), (ushort)0x5u) - (uint)(ushort)0xa369u) < (ushort)0x216du) {
                p1 = p1;
                ulong v1 = sub_sat((ulong)((p2 < (long)sub_sat((ulong)convert_long_sat_rtz(fmin(p0, 9.2e18f)), (ulong)p2)) ? (ulong)p1 : rem_ulong((ulong)0xc50e2b9943cdc356ul, rem_ulong((ulong)0x796bfa0002f6f33dul, (ulong)0x4ul))), (ulong)(((ulong)0x68916d08d4042c36ul < 0) ? (ulong)0x68916d08d4042c36ul : (ulong)(ulong)p2));
                p1 = (uchar)(~p1);
            } else {
                p0 = ((p0 >= (p0 + 65536.0f)) ? ((copysign(p0, (isnan(p0) ? 1.0f : p0)) - 0.5f) + (fmin(p0, p0) + 0.0f)) : fma(p0, fma((p0 - p0), p0, (((char)0x20u < (char)0x90u) ? p0 : convert_float(p1))), -1.0f));
            }
            p1 = mul_hi((uchar)p1, (uchar)0x0u);
        }
    }
    p2 = shl_long((long)((ulong)(long)p1 + (ulong)(long)clz(p2)), (uint)(uint)((p0 < p0) ? (uint)((uint)0x6d7fd04du ^ (uint)0xa61bfafbu) : (uint)p1));
    return (int)(-(uint)rotate((int)0x950554f8u, convert_int_sat(p1)));
}
static long fn1(float p0, long p1, int p2) {
    p2 = fn0(p0, (uchar)((uint)(uchar)((uint)(uchar)((uint)shl_uchar((uchar)0x1cu, (uint)(uint)0x4u) + (uint)(uchar)popcount((uchar)0x2u)) - (uint)(uchar)0xa9u) - (uint)(uchar)0x1u), (long)popcount(p1));
    if ((p2 & (int)0x8e0d53f3u) == (int)0x3878a081u) {
        short v2 = div_short((short)((ulong)0x92bee8bb15d2822eul <= (ulong)((ulong)(ulong)0x7fffffffffffffful + (ulong)(ulong)((ulong)0xd926779f0dbc9bc1ul ^ (ulong)0xcb5e41f4ae5d6477ul))), (short)0xaa41u);
        v2 = shl_short((short)v2, (uint)(uint)((uint)(((uint)0xbd7b20aau < 0) ? (uint)0xbd7b20aau : (uint)(uint)0x2u) >= (uint)0x7b224bdfu));
    }
    p1 = p1;
    p0 = (copysign(fma(p0, p0, -1.0f), (isnan(p0) ? 1.0f : p0)) - 65536.0f);
    p2 = fn0(1e-30f, (uchar)0x5du, (long)(~div_long(add_sat(p1, p1), p1)));
    return p1;
}
__attribute__((noinline)) static char fn2(char p0, short p1, long p2) {
    p0 = (char)popcount((char)(~(char)((uint)clamp(p0, min((char)p0, p0), max((char)p0, p0)) - (uint)convert_char_sat(p2))));
    p2 = p2;
    if (rem_ulong(shl_ulong((ulong)0x1fffffffful, (uint)(uint)0x3u), (ulong)abs_diff((ulong)(ulong)0x3ul, (ulong)(ulong)(p0 == p0))) > (ulong)((ulong)0xf46b73a3c805ea60ul ^ (ulong)0x1ffful)) {
        char v3 = (char)((char)(((mul_hi((uint)0x2u, (uint)p1) & (uint)0x9cac255au) == (uint)0x8u) ? p0 : p0) | (char)(p0 | (char)p0));
        v3 = p0;
        p0 = (char)p0;
    } else {
        p2 = fn1((0.1f + (1e-30f - (-1.0f * copysign(1.0f, (isnan(1.0f) ? 1.0f : 1.0f))))), div_long((long)((p2 >= p2) ? (long)((ulong)(long)0xb40e8be18bb00beful - (ulong)p2) : (long)p2), (long)(-(ulong)p2)), mad24((int)((int)p1 & 0x7fff), (int)((int)0x4u & 0x7fff), (int)(rhadd((int)p0, (int)popcount((int)(~(int)popcount((int)(~(int)0xe6480750u))))) & 0x3fffffff)));
        p2 = fn1(fdim(fdim((fmin((3.0f - convert_float(p0)), (-1.0f + 1.0f)) + 0.0f), convert_float((ulong)0x3e8d73e8e79c9a9ful)), -0.0f), (long)((((ushort)0x2f12u & (ushort)0x400u) <= (ushort)0xb0b2u) ? p2 : p2), (int)popcount((int)(~shl_int(bitselect((int)((uint)(int)0x5u + (uint)(int)0x1adacb2du), (int)0x800u, convert_int_sat(p0)), (uint)(uint)0xbe30c1d0u))));
        p1 = (short)((short)(p1 ^ (short)((uint)div_short(p1, (short)p1) - (uint)p1)) ^ rem_short(convert_short_sat(p0), shr_short(p1, (uint)bitselect((uint)0x6u, convert_uint_sat(p0), (uint)0x14fc4e9u))));
    }
    p0 = (char)((uint)p0 + (uint)(char)((uint)(char)(~mul_hi(p0, convert_char_sat(p2))) + (uint)(char)p2));
    return p0;
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    long x0 = (long)(((ulong)in[(gid * 4u + 0u) % 1024u] << 32) | in[(gid * 4u + 0u + 1u) % 1024u]);
    int x1 = (int)in[(gid * 4u + 1u) % 1024u];
    uint x2 = (uint)in[(gid * 4u + 2u) % 1024u];
    uchar x3 = (uchar)in[(gid * 4u + 3u) % 1024u];
    ushort arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x3 = (uchar)(-(uint)x3);
    x2 = (uint)((uint)x2 + (uint)(uint)0x26e815ddu);
    x0 = (long)(x0 ^ (long)abs_diff((ulong)(long)(x0 | x0), (ulong)(long)((__global ushort_a *)row)[((uint)0xe59ea53u) % 8u]));
    ulong v4 = (ulong)((ulong)(ulong)0xe7fb264becbf3136ul * (ulong)(ulong)0x981ea6d5eff2903dul);
    lm[lid] = (ulong)(ulong)(~(ulong)((ulong)(ulong)((__global const long2 *)in)[(x2) % 256u].x * (ulong)v4));
    barrier(CLK_LOCAL_MEM_FENCE);
    v4 ^= (ulong)lm[(lid + 145u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    char v5 = (char)x2;
    x1 = shr_int(x1, (uint)(uint)0x978e717du);
    if (((ushort)((__global uchar_a *)row)[(x2) % 16u] & (ushort)0x6u) > (ushort)0x8u) {
        uint v6 = hadd(max(x2, (uint)x3), (uint)((uint)((v5 == v5) ? x2 : (uint)x2) ^ mul24((uint)(x2 & 0xffff), (uint)(x2 & 0xffff))));
        x0 = clamp((long)((ulong)mul_hi(x0, (long)0x200ul) + (ulong)(long)x2), min((long)abs((long)((ulong)x0 - (ulong)x0)), (long)popcount((long)(~x0))), max((long)abs((long)((ulong)x0 - (ulong)x0)), (long)popcount((long)(~x0))));
    }
    for (uint i6 = 0; i6 < 5; i6++) {
        if (16777217.0f == copysign(1.0f, (isnan((65536.0f + 1e-30f)) ? 1.0f : (65536.0f + 1e-30f)))) continue;
        x2 = (uint)clz(i6);
        for (uint i7 = 0; i7 < ((uint)i6 & 7u); i7++) {
            uint v9 = i6;
            if (((uint)((uint)i7 + (uint)upsample((ushort)((__global const uchar *)in)[((uint)0x7u) % 4096u], (ushort)0x800u)) & (uint)0x0u) >= (uint)0x80u) break;
            x1 = (int)clz((int)0xeb8b36d2u);
        }
        short v10 = (short)((div_short((short)(convert_float(v5) > fma(0.0f, 0.0f, 0.5f)), (short)((short)0x7a03u & (short)0xb2f7u)) < 0) ? div_short((short)(convert_float(v5) > fma(0.0f, 0.0f, 0.5f)), (short)((short)0x7a03u & (short)0xb2f7u)) : (uint)upsample(hadd(v5, (char)((convert_short_sat(x1) == (short)0x200u) ? (char)((__global const long2 *)in)[((uint)((__global ushort_a *)row)[((uint)(-(uint)i6)) % 8u]) % 256u].x : v5)), shr_uchar(shl_uchar((uchar)v5, (uint)i6), (uint)(uint)(-(uint)i6))));
    }
    x0 = x0;
    v4 = (ulong)(v4 ^ (ulong)(v4 ^ (ulong)((ulong)v4 - (ulong)(ulong)((uint)get_local_size(0) <= (uint)0x6u))));
    x0 = x0;
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)(v4);
    row[10u] = (uint)((ulong)v4 >> 32);
    row[11u] = (uint)(v5);
    row[12u] = (uint)(arr0[0]);
    row[13u] = (uint)(arr0[1]);
    row[14u] = (uint)(arr0[2]);
    row[15u] = (uint)(arr0[3]);
    row[16u] = (uint)(arr0[4]);
    row[17u] = (uint)(arr0[5]);
    row[18u] = (uint)(arr0[6]);
    row[19u] = (uint)(arr0[7]);
}
