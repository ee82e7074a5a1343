// clfuzz seed=13 grid=3 block=64 in=1024 out=6144 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static ushort fn0(short p0, ushort p1, short p2) {
    p2 = div_short(mul_hi((short)(shr_short((short)p0, (uint)(uint)0x7c9df940u) & (short)0xa7beu), (short)p2), (short)((short)sub_sat((ushort)p2, (ushort)p2) | p2));
    switch ((int)((char)popcount((char)(~(char)0x39u)) != (char)p1) & 7) {
    case 2: {
        p1 = (ushort)(hadd((ushort)((uint)mul_hi((ushort)p0, (ushort)0x2ad6u) + (uint)(ushort)0xd34au), p1) ^ p1);
        p2 = (short)(((short)((uint)p2 + (uint)p0) < 0) ? (short)((uint)p2 + (uint)p0) : (uint)(short)0x4220u);
        break;
    }
    case 5: {
        p1 = clamp(p1, min((ushort)((uchar)0x0u <= (uchar)((uint)(uchar)(-(uint)(uchar)0x63u) * (uint)(uchar)0x4u)), (ushort)((ushort)(-(uint)(ushort)0x2u) | p1)), max((ushort)((uchar)0x0u <= (uchar)((uint)(uchar)(-(uint)(uchar)0x63u) * (uint)(uchar)0x4u)), (ushort)((ushort)(-(uint)(ushort)0x2u) | p1)));
    }
    case 6: {
        p2 = (short)((uint)(short)(p2 & (short)p2) + (uint)shl_short((short)p0, (uint)(uint)((uint)mul_hi((uint)0xcffaea0cu, (uint)0x8u) + (uint)(uint)0x0u)));
        break;
    }
    default: {
        float v1 = (ceil(convert_float((uint)((uint)(uint)0xffffffu + (uint)(uint)0x2u))) - (1e10f * convert_float(p1)));
        break;
    }
    }
    if (upsample((int)0x1000u, (uint)((uint)(uint)(~(uint)0x2u) - (uint)(uint)p1)) <= (long)((ulong)mul_hi((long)((ulong)(long)0xa67ce511275bbf80ul * (ulong)(long)0xc03750baed04c666ul), (long)0x50faac1b3e610134ul) + (ulong)(long)0x80000000000ul)) {
        ulong v2 = (ulong)0x5ul;
        p2 = (short)(rotate(p0, (short)((uint)(short)0xe057u * (uint)p2)) >= p2);
        v2 = (ulong)(-(ulong)rotate(clamp((ulong)v2, min((ulong)((ulong)v2 * (ulong)v2), v2), max((ulong)((ulong)v2 * (ulong)v2), v2)), v2));
    }
    return (ushort)((uint)p1 * (uint)(ushort)(~(ushort)((uint)p1 + (uint)(ushort)0xda61u)));
}
__attribute__((noinline)) static float fn1(char p0) {
    for (uint i2 = 0; i2 < 5u; i2++) {
        ulong v4 = div_ulong((ulong)p0, (ulong)0x1ul);
        v4 = convert_ulong_sat(p0);
    }
    if ((char)popcount(shl_char((char)p0, (uint)(uint)0xdb0bba39u)) == mul_hi(p0, (char)(p0 & p0))) {
        p0 = (char)((uint)mul_hi((char)p0, (char)popcount((char)(~(char)popcount((char)(~p0))))) + (uint)p0);
        if ((uchar)popcount(convert_uchar_sat(p0)) != (uchar)0x7u) {
            p0 = (char)((uint)add_sat((char)((uint)(char)0xfeu * (uint)p0), shl_char((char)p0, (uint)(uint)0x4u)) * (uint)(char)p0);
        } else {
            p0 = (char)p0;
        }
    } else {
        if ((char)((uint)0x4u != shr_uint((uint)((uint)(uint)p0 - (uint)(uint)p0), (uint)(uint)((long)0x6c5b271276f74c32ul == (long)0x3ul))) < shl_char((char)((uint)p0 + (uint)(char)p0), (uint)rotate((uint)0xd4cf71bbu, clamp((uint)p0, min((uint)0x4fb104eeu, (uint)0x7ad15269u), max((uint)0x4fb104eeu, (uint)0x7ad15269u))))) {
            if (max((int)0x1ffffu, convert_int_sat(p0)) <= (int)0xdb2501a7u) {
            }
            if (fabs(fma(1e-30f, 0.5f, 16777217.0f)) < convert_float((uint)(((ulong)0xdf8cddcd09855ec7ul != (ulong)0xb46b9a28ed9e99b1ul) ? (uint)clz((uint)0xeba3bd46u) : (uint)0x8617f1fau))) {
                p0 = p0;
                ulong v5 = (ulong)((ulong)(-(ulong)(ulong)0x8ul) & (ulong)0x4ul);
                v5 = v5;
            } else {
                ushort v6 = (ushort)p0;
                float v7 = fdim(trunc((0.0f * convert_float(p0))), (convert_float(p0) * (65536.0f - (0.1f - convert_float(v6)))));
            }
        }
        char v8 = (char)(bitselect(p0, p0, p0) | (char)((uint)p0 - (uint)shl_char((char)((uint)p0 - (uint)p0), (uint)(uint)((uint)0xc91f1185u & (uint)0x15620f86u))));
        v8 = v8;
    }
    return (-1.0f + copysign((convert_float(p0) - 0.0f), (isnan((-2.5e-3f - -1.0f)) ? 1.0f : (-2.5e-3f - -1.0f))));
}
__attribute__((noinline)) static uint fn2(ushort p0, uchar p1, short p2) {
    p1 = (uchar)abs_diff((uchar)(uchar)popcount((uchar)p1), (uchar)(uchar)((uint)(uchar)0xf7u + (uint)rem_uchar(p1, (uchar)p1)));
    if ((uint)0x3fu > (uint)p2) {
        if ((uchar)0xfau > (uchar)((uchar)((uint)p1 + (uint)p1) & (uchar)popcount((uchar)(~(uchar)(~(uchar)0x2u))))) {
            if (1e10f <= ((0.5f * -1.0f) - (-(convert_float(p2))))) {
                uint v9 = (uint)p1;
            }
        }
        if ((uchar)p1 > shr_uchar((uchar)popcount((uchar)(-(uint)p1)), (uint)upsample((ushort)p1, (ushort)p1))) {
            p2 = shl_short((short)((convert_short_sat(p0) < 0) ? convert_short_sat(p0) : (uint)p2), (uint)(uint)((uint)0xce920236u ^ (uint)((uint)0x309a184au | (uint)0x8u)));
        } else {
            p0 = (ushort)(add_sat((ushort)p0, p0) == (ushort)((uint)(ushort)p0 * (uint)p0));
            p0 = (ushort)0x10u;
            p1 = shl_uchar((uchar)((uint)p1 * (uint)add_sat((uchar)((uint)p1 - (uint)p1), p1)), (uint)shr_uint((uint)0x1ffffffu, (uint)max((uint)0x6f9022c3u, (uint)p1)));
        }
        p1 = (uchar)0x5u;
    } else {
        for (uint i9 = 0; i9 < 5u; i9++) {
            p0 = p0;
            ulong v11 = (ulong)clz(shl_ulong((ulong)((ulong)(~convert_ulong_sat(p1)) ^ (ulong)0x6ul), (uint)i9));
            v11 = (ulong)p2;
            if ((-(3.0f)) < fma(-2.5e-3f, 1e-30f, (((long)0x625b0abe68dc6da8ul == (long)p2) ? (65536.0f + 1.0f) : copysign(-0.0f, (isnan(1.0f) ? 1.0f : 1.0f))))) {
                v11 = clamp((ulong)0x20401e130a24c791ul, min((ulong)(-(ulong)v11), rhadd((ulong)0x5ul, (ulong)((ulong)(ulong)p2 - (ulong)(ulong)(v11 ^ v11)))), max((ulong)(-(ulong)v11), rhadd((ulong)0x5ul, (ulong)((ulong)(ulong)p2 - (ulong)(ulong)(v11 ^ v11)))));
                p1 = clamp(p1, min((uchar)((add_sat((uchar)0x6bu, p1) < 0) ? add_sat((uchar)0x6bu, p1) : (uint)p1), p1), max((uchar)((add_sat((uchar)0x6bu, p1) < 0) ? add_sat((uchar)0x6bu, p1) : (uint)p1), p1));
            }
        }
        p0 = (ushort)abs_diff((ushort)p0, (ushort)(ushort)((int)0x1u == (int)0xfffffu));
    }
    p1 = (uchar)((int)(~(int)(~rotate((int)0x7fffffu, (int)p0))) >= (int)p2);
    for (uint i11 = 0; i11 < 6; i11++) {
        p2 = p2;
        float v13 = convert_float(i11);
        p1 = shr_uchar((uchar)popcount((uchar)0x8u), (uint)i11);
    }
    return (uint)((uint)(uint)0xa18d4461u * (uint)(uint)(~(uint)0x7fffffffu));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = as_float(in[(gid * 5u + 0u) % 1024u] & 0xbfffffffu);
    float x1 = as_float(in[(gid * 5u + 1u) % 1024u] & 0xbfffffffu);
    ulong x2 = (ulong)(((ulong)in[(gid * 5u + 2u) % 1024u] << 32) | in[(gid * 5u + 2u + 1u) % 1024u]);
    float x3 = as_float(in[(gid * 5u + 3u) % 1024u] & 0xbfffffffu);
    uchar x4 = (uchar)in[(gid * 5u + 4u) % 1024u];
    long arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x3 = ((x0 + 1.0f) + ((-(x3)) * x1));
    long v14 = (long)(-(ulong)min((long)0x7ul, (long)((__global ulong_a *)row)[(convert_uint_sat(x1)) % 2u]));
    float v15 = x3;
    x1 = convert_float(x2);
    x1 = fdim((fmin((fdim(x3, x1) - (x1 - convert_float(x4))), x1) + 0.0f), 1.0f);
    x4 = (uchar)x4;
    x2 = (ulong)clz((ulong)(((ulong)((ulong)convert_ulong_sat(fmin(v15, 9.2e18f)) * (ulong)rem_ulong(x2, x2)) < 0) ? (ulong)((ulong)convert_ulong_sat(fmin(v15, 9.2e18f)) * (ulong)rem_ulong(x2, x2)) : (ulong)x2));
    lb[lid * 2u + 0u] = (uchar)(short)0x3fu;
    lb[lid * 2u + 1u] = (uchar)(short)0x6fe5u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (ulong)lb[((lid + 57u) % 64u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v16 = rem_uint((uint)0x4u, bitselect((uint)((__global const uchar *)in)[((uint)(-(uint)(uint)get_local_size(0))) % 4096u], shl_uint((uint)((__global ushort_a *)row)[((uint)get_group_id(0)) % 8u], (uint)(uint)((__global uchar_a *)row)[((uint)((uint)(uint)v14 * (uint)(uint)0xf85d3bf6u)) % 16u]), (uint)0x3e800972u));
    uint v17 = shl_uint(sub_sat(v16, (uint)(v16 & v16)), (uint)(uint)((__global const uint4 *)in)[(v16) % 256u].y);
    x0 = (-(v15));
    v14 = upsample((int)abs((int)((uint)mul_hi((int)0x3fu, (int)((__global uint_a *)row)[(v17) % 4u]) + (uint)(int)((uint)(int)0x4u - (uint)(int)((__global ushort_a *)row)[((uint)v14) % 8u]))), v17);
    v15 = (x3 + ((((uchar)((uint)(uchar)((__global const ushort *)in)[(v16) % 2048u] + (uint)(uchar)((__global const short *)in)[(v17) % 2048u]) & (uchar)0x5u) == (uchar)0x1u) ? x3 : 1e-30f));
    v17 = v16;
    x2 = (ulong)(~(ulong)abs_diff((ulong)x2, (ulong)(ulong)((__global const ushort *)in)[(v17) % 2048u]));
    x0 = x3;
    row[4u] = fbits(x0);
    row[5u] = fbits(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)((ulong)x2 >> 32);
    row[8u] = fbits(x3);
    row[9u] = (uint)(x4);
    row[10u] = (uint)(v14);
    row[11u] = (uint)((ulong)v14 >> 32);
    row[12u] = fbits(v15);
    row[13u] = (uint)(v16);
    row[14u] = (uint)(v17);
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
