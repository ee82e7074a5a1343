// clfuzz seed=43 grid=3 block=32 in=1024 out=2112 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 22u
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
__attribute__((noinline)) static ushort fn0(int p0, char p1) {
    p1 = p1;
    p0 = (int)((int)popcount(min(p0, p0)) & (int)p0);
    p1 = add_sat((char)((rotate((uchar)p0, (uchar)p1) > (uchar)p0) ? (char)((char)(p1 ^ p1) ^ (char)p0) : (char)((p1 >= (char)p0) ? p1 : (char)p1)), (char)((((ulong)p0 & (ulong)0x3bc1c56cab6e5537ul) < (ulong)0x586c21e138d0bf0dul) ? p1 : (char)abs_diff((uchar)p1, (uchar)p1)));
    p1 = p1;
    p0 = p0;
    return (ushort)0x6u;
}
static char fn1(int p0, uint p1) {
    p1 = (uint)((uint)abs((uint)p1) | p1);
    switch (div_uint((uint)(-(uint)(uint)0x7u), p1) & 7) {
    case 1: {
        p1 = p1;
        break;
    }
    case 5: {
        switch ((uint)0x4988d28cu & 7) {
        case 3: {
            switch ((ushort)0x4u & 7) {
            case 0: {
                int v1 = convert_int_sat(p1);
                break;
            }
            case 2: {
                p0 = shl_int(p0, (uint)p1);
                break;
            }
            case 4: {
                p1 = mul24((uint)((uint)abs(p1) & 0xffff), (uint)(mul_hi((uint)p0, (uint)p1) & 0xffff));
                uint v2 = (uint)popcount((uint)(~(uint)p0));
                break;
            }
            case 7: {
                float v3 = convert_float((char)((uint)(char)p0 * (uint)mul_hi((char)p1, (char)0x2u)));
                break;
            }
            default: {
                ulong v4 = clamp((ulong)(-(ulong)(ulong)0x1fffffffffffffful), min((ulong)0x6ul, (ulong)0x200000000000ul), max((ulong)0x6ul, (ulong)0x200000000000ul));
                break;
            }
            }
        }
        case 7: {
            p0 = bitselect((int)0x6u, p0, (int)p1);
        }
        default: {
            p0 = (int)popcount((int)((int)(convert_long_sat(p0) == (long)0x2ul) == (int)(((int)p0 < 0) ? (int)p0 : (uint)(int)(((char)p0 >= convert_char_sat(p0)) ? p0 : (int)p0))));
            break;
        }
        }
        p1 = (uint)abs(p1);
    }
    default: {
        p0 = (int)((shl_uchar((uchar)p1, (uint)p1) == (uchar)((uint)(uchar)0xc9u - (uint)(uchar)p1)) ? (int)((uint)shl_int((int)((ulong)0xd7557643c1b33bcdul > (ulong)0x1813338d352bfc42ul), (uint)p1) - (uint)(int)(~rotate((int)p0, (int)0x3ffu))) : (int)((uint)mul_hi(convert_int_sat(p1), rem_int((int)p0, (int)(((int)p0 < 0) ? (int)p0 : (uint)(int)p0))) + (uint)mul_hi((int)(~(int)0x4u), (int)(~p0))));
        break;
    }
    }
    return (char)0x7u;
}
__attribute__((noinline)) static float fn2(char p0) {
    p0 = (char)p0;
    p0 = p0;
    p0 = (char)abs_diff((uchar)p0, (uchar)(char)(~(char)((char)0x4u & (char)((uint)p0 - (uint)p0))));
    p0 = p0;
    return fma(convert_float(p0), (-1.0f - convert_float((int)0x1u)), convert_float(p0));
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    int x0 = (int)in[(gid * 6u + 0u) % 1024u];
    ushort x1 = (ushort)in[(gid * 6u + 1u) % 1024u];
    short x2 = (short)in[(gid * 6u + 2u) % 1024u];
    uint x3 = (uint)in[(gid * 6u + 3u) % 1024u];
    char x4 = (char)in[(gid * 6u + 4u) % 1024u];
    ulong x5 = (ulong)(((ulong)in[(gid * 6u + 5u) % 1024u] << 32) | in[(gid * 6u + 5u + 1u) % 1024u]);
    uchar arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (uchar)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x5 = (ulong)0x2d90c400bf71a96ul;
    x2 = (short)0x50b2u;
    x0 = (int)clz(clamp(x0, min((int)((uint)x0 * (uint)(int)(x5 <= (ulong)((__global uint_a *)row)[(x3) % 4u])), mul24((int)(x0 & 0x7fff), (int)((int)((uint)(int)((__global const uint4 *)in)[(x3) % 256u].y * (uint)x0) & 0x7fff))), max((int)((uint)x0 * (uint)(int)(x5 <= (ulong)((__global uint_a *)row)[(x3) % 4u])), mul24((int)(x0 & 0x7fff), (int)((int)((uint)(int)((__global const uint4 *)in)[(x3) % 256u].y * (uint)x0) & 0x7fff)))));
    x3 = (uint)(~sub_sat((uint)((uint)(uint)0xee1a8e59u + (uint)shr_uint((uint)0xb20fd0b1u, (uint)x3)), mad24((uint)((uint)x0 & 0xffff), (uint)(rotate(x3, x3) & 0xffff), add_sat(x3, x3))));
    x0 = x0;
    ushort v5 = x1;
    lm[lid] = (ulong)add_sat(x2, (short)x3);
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (short)lm[(lid * 9u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    ushort v6 = (ushort)((char)((long)((ulong)(long)0x80000000000ul * (ulong)(long)(~(long)0xfd6be3aca7ad1800ul)) == (long)((ulong)(long)0x32b326dded67140ful - (ulong)(long)0x55e046c06d6dbc1aul)) == (char)((uint)x4 - (uint)(char)((uint)x4 * (uint)(char)x0)));
    x1 = (ushort)((uint)v6 - (uint)v5);
    if ((ushort)(((long)0x3fffffffful == (long)0x89e1aaf1afd9db9ful) ? v5 : v5) >= v6) {
        x1 = v6;
        v6 = (ushort)(shl_ushort((ushort)popcount((ushort)(~v6)), (uint)(uint)0xffffu) | v5);
        x1 = (ushort)(min((ushort)(-(uint)(ushort)((int)((__global const char *)in)[((uint)((uint)(uint)0x400000u - (uint)x3)) % 4096u] <= x0)), (ushort)v5) | (ushort)((uint)x1 - (uint)(ushort)(x1 | (ushort)0xf4e7u)));
    }
    float v7 = convert_float(x2);
    x5 = (ulong)((ulong)(ulong)((ulong)(-(ulong)(ulong)((ulong)x5 * (ulong)(ulong)0x9c879175d9dec069ul)) | (ulong)(sub_sat(x5, x5) | upsample(convert_uint_sat(v7), (uint)x5))) * (ulong)(ulong)((ulong)upsample((uint)((__global const long2 *)in)[(x3) % 256u].y, (uint)(~x3)) * (ulong)x5));
    x2 = (short)popcount((short)(~(short)((uint)(short)(~hadd(x2, (short)0xffu)) + (uint)x2)));
    lm[lid] = (ulong)(long)((convert_float((int)((x0 < 0) ? x0 : (uint)x0)) > fma((convert_float(x1) * v7), 0.5f, v7)) ? (long)(v5 >= (ushort)((uint)(ushort)v5 + (uint)(ushort)((__global const ushort *)in)[(x3) % 2048u])) : (long)(shl_long((long)0x65d836f1dffaf657ul, (uint)(uint)((uint)(uint)x5 - (uint)x3)) ^ (long)(~(long)0x933ed309335beba0ul)));
    barrier(CLK_LOCAL_MEM_FENCE);
    v5 ^= (ushort)lm[(lid + 4u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    __atomic_fetch_add(&((__global float *)(acc + 56))[2], (float)((uint)0x61e928a7u & 0xffu), __ATOMIC_RELAXED);
    x3 = (uint)(~(uint)((uint)(~x3) & x3));
    v7 = trunc(v7);
    __atomic_fetch_or(&((__global ushort *)(acc + 48))[6], (ushort)shr_ushort((ushort)((__global const long2 *)in)[(mul_hi((uint)0x6a3520cdu, (uint)v5)) % 256u].y, (uint)bitselect(convert_uint_sat(v7), x3, upsample((ushort)((__global const long2 *)in)[(x3) % 256u].y, (ushort)x4))), __ATOMIC_SEQ_CST);
    x2 = (short)(~x2);
    x5 = shl_ulong((ulong)((char)0x43u >= (char)popcount(x4)), (uint)x3);
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)(x4);
    row[9u] = (uint)(x5);
    row[10u] = (uint)((ulong)x5 >> 32);
    row[11u] = (uint)(v5);
    row[12u] = (uint)(v6);
    row[13u] = fbits(v7);
    row[14u] = (uint)(arr0[0]);
    row[15u] = (uint)(arr0[1]);
    row[16u] = (uint)(arr0[2]);
    row[17u] = (uint)(arr0[3]);
    row[18u] = (uint)(arr0[4]);
    row[19u] = (uint)(arr0[5]);
    row[20u] = (uint)(arr0[6]);
    row[21u] = (uint)(arr0[7]);
}
