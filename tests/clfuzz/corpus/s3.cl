// clfuzz seed=3 grid=2 block=64 in=1024 out=3328 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 26u
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
static float fn0(float p0, char p1) {
    p0 = -2.5e-3f;
    p0 = p0;
    p0 = convert_float(p1);
    p1 = p1;
    p0 = (p0 + fma(convert_float(p1), (fmin(((convert_ushort_sat(p0) >= (ushort)0x92d3u) ? p0 : p0), p0) + 0.0f), p0));
    return (((fmax(p0, p0) + 0.0f) - trunc(p0)) * (fmax(p0, p0) + 0.0f));
}
static float fn1(uint p0, ulong p1, short p2) {
    p2 = (short)(((uchar)0x22u <= (uchar)0x1fu) ? (short)((uint)(short)0x7u * (uint)(short)0x3ffu) : shr_short(p2, (uint)(uint)((uint)0x2u | (uint)0x5u)));
    p2 = add_sat((short)0x1u, (short)p2);
    p2 = (short)0xffu;
    p1 = p1;
    p0 = mad24((uint)(shl_uint(p0, (uint)(uint)p2) & 0xffff), (uint)(p0 & 0xffff), (uint)(-(uint)(uint)((uint)mul_hi((uint)p2, p0) + (uint)convert_uint_sat(p1))));
    return (-((1.0f - convert_float(p0))));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    long x0 = (long)(((ulong)in[(gid * 3u + 0u) % 1024u] << 32) | in[(gid * 3u + 0u + 1u) % 1024u]);
    float x1 = as_float(in[(gid * 3u + 1u) % 1024u] & 0xbfffffffu);
    uchar x2 = (uchar)in[(gid * 3u + 2u) % 1024u];
    short arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    ulong arr1[4];
    for (uint j = 0; j < 4u; j++) arr1[j] = (ulong)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = (long)((ulong)x0 + (ulong)(long)((ulong)x0 * (ulong)x0));
    if ((short)0xcb98u < (short)0x1000u) {
        x2 = (uchar)(((ulong)0x1ul >= shl_ulong(convert_ulong_sat_rtz(fmin(x1, 9.2e18f)), (uint)shr_uint((uint)0xf0665d75u, (uint)(uint)get_global_size(0)))) ? (uchar)popcount((uchar)(~(uchar)((x1 > x1) ? (uchar)((uint)x2 * (uint)(uchar)0x0u) : (uchar)x0))) : rem_uchar((uchar)((uint)(uchar)0x19u * (uint)(uchar)((uint)x2 * (uint)(uchar)lid)), (uchar)popcount((uchar)(~x2))));
        x1 = fabs(fabs(((-1.0f >= x1) ? (-(convert_float(x0))) : x1)));
        x2 = rem_uchar(min(x2, x2), (uchar)((__global uchar_a *)row)[((uint)0x34ac7eb9u) % 16u]);
    } else {
        ulong v1 = (ulong)((ulong)shl_ulong((ulong)((ulong)shl_ulong(convert_ulong_sat_rtz(fmin(x1, 9.2e18f)), (uint)(uint)0x9691290u) + (ulong)shr_ulong((ulong)0x2ul, (uint)(uint)0x15ff355bu)), (uint)(uint)0x93f85d1u) - (ulong)(ulong)0x785b89e01c32149ul);
        if ((long)popcount((long)(~x0)) == x0) {
            x2 = (uchar)(shr_uint((uint)x2, (uint)(uint)0x400000u) <= add_sat(convert_uint_sat(v1), (uint)((uint)0x80000u | (uint)0x1u)));
            ushort v2 = (ushort)popcount((ushort)(~(ushort)0x10u));
            v2 = (ushort)(((ulong)((char)0x90u <= (char)((char)0xabu & (char)((__global const ushort *)in)[((uint)((uint)0xcc568cbbu ^ (uint)0x9180943bu)) % 2048u])) <= v1) ? (ushort)get_group_id(0) : (ushort)v1);
        }
        v1 = v1;
    }
    short v3 = upsample((char)((__global uchar_a *)row)[((uint)get_global_size(0)) % 16u], (uchar)(x2 & (uchar)0x0u));
    x1 = convert_float(x0);
    x1 = ((convert_float(x0) - fdim(x1, x1)) - x1);
    for (uint i3 = 0; i3 < 5; i3++) {
        if ((int)(-(uint)(int)0x88a88683u) > (int)0x6u) {
            x0 = bitselect((long)v3, (long)0x3fffffffffffful, convert_long_sat_rtz(fmin(x1, 9.2e18f)));
            x0 = (long)((long)((__global const char *)in)[(clamp((uint)0x7u, min(i3, i3), max(i3, i3))) % 4096u] ^ (long)((ulong)x0 + (ulong)x0));
            x1 = copysign((1.0f - (x1 - x1)), (isnan(x1) ? 1.0f : x1));
        }
        if (x1 < fdim(x1, convert_float(v3))) {
            x1 = fn0(((convert_float(x0) - convert_float(x2)) * x1), div_char((char)(~(char)0x2u), (char)((uint)convert_char_sat(x1) + (uint)(char)0x51u)));
        } else {
            char v5 = (char)(shr_char((char)0x1u, (uint)(uint)(convert_float(v3) <= (x1 + x1))) & (char)0xecu);
            ((__global ulong_a *)row)[((uint)((uint)shl_uint(convert_uint_sat_rtz(x1), (uint)i3) * (uint)(uint)(-(uint)upsample((ushort)0x6u, (ushort)((__global const uchar *)in)[((uint)x2) % 4096u])))) % 2u] = (ulong)(ulong)0x80e6ce974b571308ul;
            { uint o = acc[17], w = (uint)((uint)(uint)(-(uint)div_uint(i3, i3)) - (uint)rem_uint((uint)((ulong)0x38fd317e8ac55b78ul != convert_ulong_sat(x2)), i3));
              while (o < w && !__atomic_compare_exchange_n(&acc[17], &o, w, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {} }
        }
        for (uint i5 = 0; i5 < 3; i5++) {
            x1 = copysign((convert_float(x0) + x1), (isnan(convert_float(x0)) ? 1.0f : convert_float(x0)));
        }
    }
    lm[lid] = (ulong)(ulong)((ulong)convert_ulong_sat(fmin(x1, 9.2e18f)) - (ulong)shl_ulong((ulong)abs((ulong)0x0ul), (uint)(uint)0x75c7a384u));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (uchar)lm[(lid * 11u) % 64u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 = (long)clz((long)(x0 <= (long)(x0 ^ x0)));
    arr0[((uint)clz(shr_uint(shr_uint((uint)0x7fffffffu, (uint)convert_uint_sat(x1)), (uint)(uint)abs((uint)0x5u)))) % 8u] = div_short(v3, (short)(~(short)clz((short)((short)x2 ^ (short)0x7u))));
    x0 = x0;
    ushort v7 = (ushort)popcount((ushort)(~(ushort)((ushort)((__global const ushort *)in)[((uint)0xdff41f60u) % 2048u] | convert_ushort_sat_rtz(x1))));
    ulong v8 = (ulong)0x1ul;
    ushort v9 = rotate((ushort)((uint)(ushort)abs_diff((ushort)v7, (ushort)(ushort)x0) - (uint)(ushort)v7), rem_ushort(v7, v7));
    x1 = (convert_float(v7) + (convert_float(v7) * (-(x1))));
    if (v9 > (ushort)(((ushort)(convert_int_sat(x2) >= (int)0xba95f793u) < 0) ? (ushort)(convert_int_sat(x2) >= (int)0xba95f793u) : (uint)rem_ushort((ushort)popcount(v7), upsample((uchar)x0, x2)))) {
        if (v3 == (short)((v3 < 0) ? v3 : (uint)v3)) {
            x0 = mul_hi(x0, (long)(-(ulong)x0));
            ((__global ushort_a *)row)[((uint)clz((uint)abs_diff((uint)(uint)x2, (uint)(uint)0x6e4505dau))) % 8u] = (ushort)v7;
            v3 = rhadd(rem_short((short)0x5u, v3), (short)(v3 ^ (short)(~(short)v8)));
        }
    }
    lm[lid] = (ulong)v3;
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 ^= (short)lm[(lid * 15u) % 64u];
    barrier(CLK_LOCAL_MEM_FENCE);
    __atomic_fetch_add(&((__global ushort *)(acc + 48))[5], (ushort)(ushort)((ushort)((convert_ushort_sat(v3) < 0) ? convert_ushort_sat(v3) : (uint)v7) ^ (ushort)(-(uint)v9)), __ATOMIC_ACQUIRE);
    float v10 = (x1 - x1);
    if ((ushort)0x3527u < v7) {
        v8 = (ulong)(~(ulong)popcount((ulong)(~sub_sat(v8, v8))));
    }
    for (uint i10 = 0; i10 < 8; i10++) {
        v3 = arr0[(i10) % 8u];
        v7 = (ushort)popcount((ushort)((v7 < 0) ? v7 : (uint)clamp((ushort)((__global const ulong *)in)[(i10) % 512u], min((ushort)0xfd09u, (ushort)x0), max((ushort)0xfd09u, (ushort)x0))));
        switch ((ushort)(((v10 * x1) != fdim(x1, x1)) ? v7 : (ushort)((((short)((v3 < 0) ? v3 : (uint)v3) & (short)0x8u) < (short)0xaabcu) ? (ushort)v8 : (ushort)0x7u)) & 7) {
        case 1: {
            x2 = x2;
        }
        case 2: {
            switch (v9 & 7) {
            case 3: {
                v8 = (ulong)((v8 < 0) ? v8 : (ulong)div_ulong(v8, v8));
            }
            case 6: {
                char v12 = (char)popcount((char)(~(char)0x0u));
                break;
            }
            default: {
                v3 = arr0[(i10) % 8u];
                break;
            }
            }
            short v13 = upsample((char)(((short)(v3 != v3) <= (short)((short)0x0u ^ v3)) ? (char)0xa3u : (char)popcount((char)(~(char)((__global const char *)in)[(i10) % 4096u]))), x2);
            break;
        }
        case 5: {
            x2 = x2;
            break;
        }
        case 7: {
            short v14 = mul_hi(v3, v3);
            v7 = bitselect(v7, v9, (ushort)((uint)(ushort)(-(uint)v9) + (uint)(ushort)((__global uchar_a *)row)[(i10) % 16u]));
            break;
        }
        default: {
            for (uint i14 = 0; i14 < 6; i14++) {
                x0 = max((long)(-(ulong)(long)0xc0d1df017a101ef3ul), x0);
                x0 = shl_long(x0, (uint)max((uint)abs((uint)get_global_size(0)), (uint)((min(i10, (uint)((__global const short *)in)[((uint)((__global const long2 *)in)[(i14) % 256u].y) % 2048u]) < 0) ? min(i10, (uint)((__global const short *)in)[((uint)((__global const long2 *)in)[(i14) % 256u].y) % 2048u]) : (uint)i10)));
                x1 = ((v10 + v10) - (v10 + x1));
                v8 = hadd(v8, v8);
            }
            break;
        }
        }
    }
    v8 = (ulong)(-(ulong)(ulong)(-(ulong)mul_hi(v8, shr_ulong((ulong)get_local_size(0), (uint)(uint)0x5u))));
    x1 = fma(convert_float(v7), (-(convert_float(v8))), (fabs(3.0f) - ((convert_float(x2) == x1) ? x1 : v10)));
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = fbits(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(v3);
    row[9u] = (uint)(v7);
    row[10u] = (uint)(v8);
    row[11u] = (uint)((ulong)v8 >> 32);
    row[12u] = (uint)(v9);
    row[13u] = fbits(v10);
    row[14u] = (uint)(arr0[0]);
    row[15u] = (uint)(arr0[1]);
    row[16u] = (uint)(arr0[2]);
    row[17u] = (uint)(arr0[3]);
    row[18u] = (uint)(arr0[4]);
    row[19u] = (uint)(arr0[5]);
    row[20u] = (uint)(arr0[6]);
    row[21u] = (uint)(arr0[7]);
    row[22u] = (uint)(arr1[0]);
    row[23u] = (uint)(arr1[1]);
    row[24u] = (uint)(arr1[2]);
    row[25u] = (uint)(arr1[3]);
}
