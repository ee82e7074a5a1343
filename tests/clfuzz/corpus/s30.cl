// clfuzz seed=30 grid=3 block=256 in=1024 out=30720 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 40u
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
__attribute__((noinline)) static uchar fn0(short p0, uint p1, uchar p2) {
    p1 = p1;
    p0 = (short)popcount((short)(~(short)((char)0x47u > (char)clz((char)0x1cu))));
    p1 = p1;
    return (uchar)((uint)p2 + (uint)clamp((uchar)0x7fu, min((uchar)0x83u, (uchar)0x11u), max((uchar)0x83u, (uchar)0x11u)));
}
static long fn1(float p0, uint p1) {
    if ((p1 & (uint)0x780b7088u) >= (uint)0x1362a475u) {
        long v1 = (long)(-(ulong)(long)(convert_long_sat(fmin(p0, 9.2e18f)) & (long)0x1ffffffffffffffful));
    } else {
        p0 = p0;
    }
    p1 = (uint)((p0 + trunc(p0)) >= p0);
    return (long)((long)(convert_char_sat_rtz(p0) <= (char)0x40u) ^ (long)(~(long)((short)0x1744u >= (short)0xb3c2u)));
}
static long fn2(short p0, float p1, ushort p2) {
    p0 = (short)(shl_short(p0, (uint)(uint)0x4u) | (short)(((ushort)0x2u == p2) ? rotate(convert_short_sat(p1), (short)((uint)p0 + (uint)(short)0x1fu)) : (short)0x2u));
    p2 = (ushort)abs_diff((ushort)(ushort)(-(uint)p2), (ushort)p2);
    p1 = (fmin((p1 + p1), p1) + 0.0f);
    return (long)((ulong)(long)p2 * (ulong)(long)0x73f804cd2f6b1d01ul);
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = as_float(in[(gid * 6u + 0u) % 1024u] & 0xbfffffffu);
    char x1 = (char)in[(gid * 6u + 1u) % 1024u];
    ulong x2 = (ulong)(((ulong)in[(gid * 6u + 2u) % 1024u] << 32) | in[(gid * 6u + 2u + 1u) % 1024u]);
    ulong x3 = (ulong)(((ulong)in[(gid * 6u + 3u) % 1024u] << 32) | in[(gid * 6u + 3u + 1u) % 1024u]);
    long x4 = (long)(((ulong)in[(gid * 6u + 4u) % 1024u] << 32) | in[(gid * 6u + 4u + 1u) % 1024u]);
    char x5 = (char)in[(gid * 6u + 5u) % 1024u];
    ulong arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (ulong)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    long arr1[8];
    for (uint j = 0; j < 8u; j++) arr1[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    if ((uint)popcount((uint)(~mul_hi((uint)((uint)(uint)0xe6b9c161u * (uint)(uint)0x672f2563u), (uint)x2))) < (uint)((x0 > x0) ? (uint)0xbab36869u : shl_uint(convert_uint_sat(x5), (uint)(uint)abs((uint)0x384109acu)))) {
        __atomic_fetch_xor(&((__global uchar *)(acc + 52))[12], (uchar)(uchar)0x6u, __ATOMIC_RELAXED);
    } else {
        uchar v2 = (uchar)((uchar)((uint)mul_hi((uchar)x2, (uchar)0x10u) + (uint)(uchar)((uint)div_uchar((uchar)0xbeu, (uchar)0xbeu) * (uint)(uchar)((uint)(uchar)0x7u + (uint)(uchar)((__global const long2 *)in)[((uint)x4) % 256u].y))) ^ (uchar)popcount(convert_uchar_sat(x0)));
        for (uint i2 = 0; i2 < 5u; i2++) {
            x2 = x3;
            v2 = v2;
            x5 = shr_char((char)sub_sat((uchar)(char)(~(char)0xacu), (uchar)(char)0x10u), (uint)(uint)(-(uint)(uint)0x40ba404cu));
            int v4 = min((int)0x8c978b83u, add_sat((int)0x6u, convert_int_sat_rtz(x0)));
        }
    }
    x2 = (ulong)((ulong)mul_hi(mul_hi(rotate((ulong)((__global const char *)in)[((uint)((uint)0x4u & (uint)0x38376c3du)) % 4096u], (ulong)0x7ul), (ulong)(((ulong)((__global const char *)in)[((uint)0xffffu) % 4096u] < 0) ? (ulong)((__global const char *)in)[((uint)0xffffu) % 4096u] : (ulong)div_ulong(x2, x3))), (ulong)x3) + (ulong)sub_sat(x2, x2));
    x3 = (ulong)((ulong)((ulong)(ulong)x4 + (ulong)rem_ulong(x2, (ulong)(x3 | (ulong)0x88e68561a9280366ul))) ^ (ulong)(-(ulong)x3));
    __atomic_fetch_add(&((__global float *)(acc + 56))[5], (float)((uint)((uint)(convert_uint_sat(x0) & max((uint)0xa961f9abu, (uint)(x4 < x4))) | (uint)x4) & 0xffu), __ATOMIC_RELAXED);
    int v5 = mul_hi(div_int((int)((x0 >= x0) ? (int)0x7eafc43fu : bitselect((int)get_global_size(0), (int)0x4u, (int)0x1u)), (int)((ulong)((1e10f != x0) ? (ulong)x1 : x3) < x2)), (int)(((int)((((ushort)0xeed8u & (ushort)0x5u) != (ushort)0x7u) ? (int)0xfffffu : (int)0x34c16865u) < 0) ? (int)((((ushort)0xeed8u & (ushort)0x5u) != (ushort)0x7u) ? (int)0xfffffu : (int)0x34c16865u) : (uint)(int)((uint)(int)0x85f3977au * (uint)(int)x2)));
    x2 = (ulong)popcount((ulong)(~rotate((ulong)((ulong)(x2 | x3) & (ulong)(~x3)), (ulong)((x4 >= (long)x4) ? (ulong)((ulong)mul_hi(x2, x2) + (ulong)x3) : (ulong)((__global ushort_a *)row)[((uint)0x5u) % 8u]))));
    lb[lid * 2u + 0u] = (uchar)(short)((short)0x1u ^ (short)0xfffu);
    lb[lid * 2u + 1u] = (uchar)(short)((((char)((__global const char *)in)[((uint)x3) % 4096u] & (char)0x20u) > (char)0x93u) ? (short)((uint)shr_short(convert_short_sat(x4), (uint)(uint)0x8ce2ff98u) * (uint)(short)0xe226u) : (short)x5);
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (char)lb[((lid + 101u) % 256u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = x2;
    char v6 = x5;
    x2 = (ulong)(~(ulong)0x8ul);
    v5 = (int)sub_sat((uint)(int)clz((int)((uint)((uint)(uint)0x6u + (uint)(uint)0x0u) > (uint)0x7fffffu)), (uint)(int)v5);
    lb[lid * 2u + 1u] = (uchar)shl_uchar((uchar)x2, (uint)(uint)((uint)bitselect((uint)x2, (uint)((uint)mul_hi((uint)v6, (uint)v6) + (uint)(uint)0x4000u), (uint)0x6u) - (uint)(uint)0x5418118bu));
    lb[lid * 2u + 0u] = (uchar)(uchar)0xffu;
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 ^= (long)lb[((lid + 197u) % 256u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 = (long)0xa7e52a84f6d1b31ul;
    int v7 = mul_hi(hadd((int)((__global const char *)in)[((uint)0x220179c9u) % 4096u], shl_int(v5, (uint)mul24((uint)(convert_uint_sat_rtz(x0) & 0xffff), (uint)((uint)((__global ulong_a *)row)[((uint)0xdc89732u) % 2u] & 0xffff)))), (int)abs((int)0x4u));
    v5 = v5;
    v5 = (int)((uint)(int)(v5 | (int)((rhadd(v5, v5) < 0) ? rhadd(v5, v5) : (uint)(int)x4)) * (uint)(int)abs((int)0x8u));
    for (uint i7 = 0; i7 < 7; i7++) {
        short v9 = (short)0xf66fu;
        v7 = div_int(min(max(v7, (int)0x1fffffffu), bitselect((int)(v7 & v7), (int)x3, convert_int_sat(x5))), (int)(rhadd((int)abs_diff((uint)(int)0x400000u, (uint)(int)x4), (int)((__global const uchar *)in)[(i7) % 4096u]) ^ v7));
    }
    if (shr_uint((uint)0x202c1e54u, (uint)(uint)0x0u) > (uint)((mad24((uint)((uint)0xfffffffu & 0xffff), (uint)(convert_uint_sat(x3) & 0xffff), (uint)v5) < 0) ? mad24((uint)((uint)0xfffffffu & 0xffff), (uint)(convert_uint_sat(x3) & 0xffff), (uint)v5) : (uint)(uint)0x800000u)) {
        x1 = (char)sub_sat((uchar)x5, (uchar)(char)(~x5));
    } else {
        switch (div_uchar((uchar)((uint)(uchar)(((uchar)0x53u < 0) ? (uchar)0x53u : (uint)(uchar)0x8u) * (uint)(uchar)x2), (uchar)0x3u) & 7) {
        case 2: {
            arr0[((uint)0x1cf41c40u) % 16u] = shl_ulong((ulong)((__global const short *)in)[((uint)((__global const long2 *)in)[((uint)x5) % 256u].x) % 2048u], (uint)(uint)(-(uint)(uint)0x2e4eea64u));
            x4 = (long)(~mul_hi((long)lid, shr_long(x4, (uint)(uint)((__global const char *)in)[((uint)0x7u) % 4096u])));
            break;
        }
        case 3: {
            x3 = (ulong)0xcafc044aff251ddful;
            x1 = (char)((uint)v6 - (uint)x5);
            break;
        }
        case 5: {
            atomic_or(&acc[10], (uint)(((uint)popcount((uint)0x8cea640fu) < 0) ? (uint)popcount((uint)0x8cea640fu) : (uint)(uint)((uint)rotate((uint)0x96758d4fu, (uint)0xd655c4f8u) - (uint)(uint)abs(shr_uint((uint)0x0u, (uint)(uint)0x0u)))));
            break;
        }
        case 6: {
            x3 = upsample(div_uint(shl_uint((uint)0x5u, (uint)(uint)popcount((uint)(~(uint)0xb3c1649au))), (uint)((uint)(uint)0x8000u - (uint)(uint)(convert_float(x2) < x0))), (uint)0xc66954a8u);
            x5 = x1;
            break;
        }
        default: {
            v7 = min((int)((int)((uint)v7 + (uint)(int)0x8c94a3bfu) | v5), (int)(-(uint)(int)(x0 != convert_float((uint)((__global const ulong *)in)[((uint)0x3u) % 512u]))));
            break;
        }
        }
        __atomic_fetch_or(&acc[1], shl_uint((uint)((x0 < x0) ? (uint)((uint)upsample((ushort)0x5u, (ushort)0xbc8fu) + (uint)(uint)(-(uint)(uint)0x80000000u)) : (uint)0x8a7a02b3u), (uint)(uint)0x4u), __ATOMIC_SEQ_CST);
    }
    x0 = fdim((-((-((x0 + x0))))), (fmin(x0, ((v6 == x5) ? x0 : fma(x0, x0, x0))) + 0.0f));
    v5 = clamp(v5, min(v7, (int)(((uint)0x843b3f16u != convert_uint_sat(v6)) ? (int)((uint)(int)((__global uchar_a *)row)[((uint)((__global const ushort *)in)[((uint)((__global const uchar *)in)[((uint)0x3u) % 4096u]) % 2048u]) % 16u] * (uint)v7) : (int)v5)), max(v7, (int)(((uint)0x843b3f16u != convert_uint_sat(v6)) ? (int)((uint)(int)((__global uchar_a *)row)[((uint)((__global const ushort *)in)[((uint)((__global const uchar *)in)[((uint)0x3u) % 4096u]) % 2048u]) % 16u] * (uint)v7) : (int)v5)));
    x4 = (long)(-(ulong)hadd((long)((x4 < 0) ? x4 : (ulong)x4), upsample(max(v5, (int)0x3u), (uint)((uint)(uint)0x7u + (uint)(uint)0x435134afu))));
    row[4u] = fbits(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)((ulong)x2 >> 32);
    row[8u] = (uint)(x3);
    row[9u] = (uint)((ulong)x3 >> 32);
    row[10u] = (uint)(x4);
    row[11u] = (uint)((ulong)x4 >> 32);
    row[12u] = (uint)(x5);
    row[13u] = (uint)(v5);
    row[14u] = (uint)(v6);
    row[15u] = (uint)(v7);
    row[16u] = (uint)(arr0[0]);
    row[17u] = (uint)(arr0[1]);
    row[18u] = (uint)(arr0[2]);
    row[19u] = (uint)(arr0[3]);
    row[20u] = (uint)(arr0[4]);
    row[21u] = (uint)(arr0[5]);
    row[22u] = (uint)(arr0[6]);
    row[23u] = (uint)(arr0[7]);
    row[24u] = (uint)(arr0[8]);
    row[25u] = (uint)(arr0[9]);
    row[26u] = (uint)(arr0[10]);
    row[27u] = (uint)(arr0[11]);
    row[28u] = (uint)(arr0[12]);
    row[29u] = (uint)(arr0[13]);
    row[30u] = (uint)(arr0[14]);
    row[31u] = (uint)(arr0[15]);
    row[32u] = (uint)(arr1[0]);
    row[33u] = (uint)(arr1[1]);
    row[34u] = (uint)(arr1[2]);
    row[35u] = (uint)(arr1[3]);
    row[36u] = (uint)(arr1[4]);
    row[37u] = (uint)(arr1[5]);
    row[38u] = (uint)(arr1[6]);
    row[39u] = (uint)(arr1[7]);
}
