// clfuzz seed=47 grid=1 block=64 in=1024 out=2176 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 34u
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
__attribute__((noinline)) static float fn0(float p0, int p1) {
    if ((uchar)((uint)mul_hi((uchar)((p0 <= p0) ? (uchar)0x1fu : (uchar)0x3du), (uchar)((uint)(uchar)0x3fu + (uint)(uchar)0x3au)) - (uint)(uchar)(((short)p1 <= (short)0x3d2du) ? shr_uchar((uchar)0x7bu, (uint)(uint)0x429f55b1u) : (uchar)abs_diff((uchar)(uchar)0x35u, (uchar)(uchar)0x8u))) <= (uchar)0x1u) {
        p1 = (int)(((int)((uint)(int)0xa3693405u * (uint)(int)(((uchar)0xf5u > convert_uchar_sat_rtz(p0)) ? (int)(p1 & p1) : p1)) < 0) ? (int)((uint)(int)0xa3693405u * (uint)(int)(((uchar)0xf5u > convert_uchar_sat_rtz(p0)) ? (int)(p1 & p1) : p1)) : (uint)(int)((uint)0x7db1143eu == (uint)p1));
    }
    p0 = p0;
    p0 = (p0 * p0);
    p0 = fma((((char)p1 > bitselect((char)0x8u, (char)0x80u, (char)0xc3u)) ? fma(copysign(p0, (isnan(p0) ? 1.0f : p0)), p0, p0) : (convert_float(p1) * convert_float(p1))), fabs((convert_float(p1) * p0)), ((fmin(convert_float(p1), p0) + 0.0f) * fma(p0, p0, p0)));
    p1 = div_int((int)abs((int)p1), upsample((short)(~(short)0x2u), (ushort)0x1000u));
    return fdim(p0, copysign(copysign(p0, (isnan(p0) ? 1.0f : p0)), (isnan(fdim(p0, round(p0))) ? 1.0f : fdim(p0, round(p0)))));
}
__attribute__((noinline)) static short fn1(ulong p0, char p1) {
    p0 = (ulong)((ulong)rotate(rhadd(div_ulong((ulong)p1, p0), p0), (ulong)(((ulong)(p0 | p0) < 0) ? (ulong)(p0 | p0) : (ulong)p0)) - (ulong)p0);
    p0 = div_ulong((ulong)((int)0xf68b7f3au == (int)p1), (ulong)(((ulong)0x7d9be4f1ba4f4644ul < 0) ? (ulong)0x7d9be4f1ba4f4644ul : (ulong)(ulong)p1));
    if (convert_float(p0) == convert_float(p0)) {
        p1 = (char)(p1 & p1);
        p1 = (char)0x3u;
        if ((int)((uint)rem_int((int)0x7fffffffu, (int)0x7da4aad1u) * (uint)(int)0x64a33484u) != (int)0x585bd262u) {
            p1 = (char)((uint)shr_char(p1, (uint)rhadd((uint)0x40487edeu, (uint)0x1fffu)) + (uint)(char)((uint)convert_char_sat(p0) * (uint)p1));
            p0 = p0;
            p0 = p0;
        }
    } else {
    }
    p1 = (char)(p1 & p1);
    for (uint i0 = 0; i0 < 5; i0++) {
        p0 = (ulong)p0;
        p1 = (char)p1;
        for (uint i1 = 0; i1 < ((uint)i0 & 7u); i1++) {
            if ((uchar)((uint)(uchar)p0 - (uint)(uchar)0x1eu) <= (uchar)0x4u) continue;
            if ((fmin(3.0f, 0.5f) + 0.0f) != convert_float(p0)) break;
        }
    }
    return rotate((short)0x97c3u, (short)p1);
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    short x0 = (short)in[(gid * 6u + 0u) % 1024u];
    char x1 = (char)in[(gid * 6u + 1u) % 1024u];
    short x2 = (short)in[(gid * 6u + 2u) % 1024u];
    short x3 = (short)in[(gid * 6u + 3u) % 1024u];
    float x4 = convert_float((int)in[(gid * 6u + 4u) % 1024u]) * 0.25f;
    ulong x5 = (ulong)(((ulong)in[(gid * 6u + 5u) % 1024u] << 32) | in[(gid * 6u + 5u + 1u) % 1024u]);
    int arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    char arr1[4];
    for (uint j = 0; j < 4u; j++) arr1[j] = (char)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x5 = (ulong)0xf32874cfa5ef834ul;
    x5 = min(x5, clamp((ulong)((__global const uchar *)in)[((uint)0x13562725u) % 4096u], min(x5, (ulong)((x4 >= x4) ? (ulong)0xe59b49ce4b714101ul : x5)), max(x5, (ulong)((x4 >= x4) ? (ulong)0xe59b49ce4b714101ul : x5))));
    for (uint i2 = 0; i2 < 5u; i2++) {
        x5 = shr_ulong((ulong)0x6ul, (uint)i2);
        x2 = (short)0x0u;
        x3 = shl_short((short)((uint)upsample(x1, (uchar)0x8u) + (uint)x3), (uint)i2);
    }
    x4 = copysign(((-(convert_float(x2))) + x4), (isnan(fdim(x4, fma((convert_float(x5) + convert_float(x5)), (convert_float(x2) - convert_float(x2)), x4))) ? 1.0f : fdim(x4, fma((convert_float(x5) + convert_float(x5)), (convert_float(x2) - convert_float(x2)), x4))));
    x1 = (char)popcount((char)(shl_char(x1, (uint)div_uint((uint)((__global const short *)in)[((uint)0x7ca666bau) % 2048u], (uint)0x7fffu)) & (char)x1));
    x1 = arr1[((uint)((uint)(uint)0x80000u - (uint)(uint)0x4u)) % 4u];
    lm[lid] = (ulong)(uint)0x1u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x5 ^= (ulong)lm[(lid * 11u) % 64u];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (copysign(x4, (isnan(convert_float(x3)) ? 1.0f : convert_float(x3))) != x4) {
        x0 = clamp((short)((__global const short *)in)[((uint)0x7cbc1231u) % 2048u], min((short)(~x0), (short)0x7u), max((short)(~x0), (short)0x7u));
    }
    x3 = rhadd((short)(~x0), x2);
    x1 = x1;
    for (uint i3 = 0; i3 < 2; i3++) {
        x3 = shr_short(x2, (uint)convert_uint_sat(x4));
        x4 = fn0((copysign(x4, (isnan(convert_float((short)(~x2))) ? 1.0f : convert_float((short)(~x2)))) * x4), (int)0x91a2310u);
    }
    x0 = rotate(hadd(x3, x3), (short)popcount((short)(~(short)((uint)x2 + (uint)x2))));
    int v5 = (int)0x1b6743fbu;
    if (convert_float(x0) <= fdim(x4, x4)) {
        ushort v6 = (ushort)((uint)(ushort)(~(ushort)x5) + (uint)(ushort)0xf954u);
    } else {
        for (uint i6 = 0; i6 < ((uint)v5 & 7u); i6++) {
            x5 = max((ulong)popcount((ulong)0x0ul), x5);
        }
    }
    if (copysign((convert_float(x0) * convert_float(x1)), (isnan(copysign(x4, (isnan(0.1f) ? 1.0f : 0.1f))) ? 1.0f : copysign(x4, (isnan(0.1f) ? 1.0f : 0.1f)))) >= 0.1f) {
        x4 = (0.5f * (-((-((x4 + x4))))));
        x4 = copysign(copysign(convert_float(x1), (isnan(fabs(convert_float(x2))) ? 1.0f : fabs(convert_float(x2)))), (isnan(convert_float(x2)) ? 1.0f : convert_float(x2)));
    } else {
        float v8 = convert_float(hadd(x1, x1));
        x5 = (ulong)((ulong)(((ushort)v5 > convert_ushort_sat(x1)) ? (ulong)(-(ulong)x5) : (ulong)get_global_size(0)) | (ulong)((ulong)((__global const char *)in)[((uint)0x4000000u) % 4096u] & shl_ulong(x5, (uint)(uint)(v5 != v5))));
        x4 = fdim((convert_float((uint)0xa0ad01b3u) - 0.5f), rint(-0.0f));
    }
    lb[lid * 2u + 1u] = (uchar)x5;
    lb[lid * 2u + 0u] = (uchar)upsample((uint)abs((uint)x5), mad24((uint)((uint)0xb623d90u & 0xffff), (uint)(shl_uint((uint)0x70f39ab7u, (uint)(uint)((uint)0x5u ^ (uint)0xa4069ecu)) & 0xffff), (uint)0x1u));
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (short)lb[(lid ^ 48u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (shr_uint((uint)0xbcd8483u, (uint)(uint)((__global const short *)in)[((uint)get_group_id(0)) % 2048u]) == (uint)((uint)(uint)0x83ea59d7u * (uint)(uint)0x80u)) {
        x4 = fn0(trunc(convert_float(x5)), mul_hi(clamp(v5, min(rem_int(v5, (int)0x800000u), v5), max(rem_int(v5, (int)0x800000u), v5)), v5));
        x1 = (char)(~rhadd(bitselect(x1, x1, shl_char(x1, (uint)(uint)0xf93e877au)), (char)x1));
        v5 = (int)((uchar)((uint)(uchar)(~(uchar)0xe2u) + (uint)(uchar)x0) != rem_uchar((uchar)(add_sat((uchar)0x3u, (uchar)0x2u) | (uchar)((uchar)0x2u == (uchar)0x4eu)), sub_sat((uchar)((convert_uchar_sat(x4) < 0) ? convert_uchar_sat(x4) : (uint)(uchar)0x9du), (uchar)x1)));
    } else {
        uchar v9 = (uchar)((uint)(uchar)x2 - (uint)(uchar)0x3u);
        v5 = (int)(mad24((int)(v5 & 0x7fff), (int)(add_sat((int)x5, (int)0x3u) & 0x7fff), (int)((int)abs_diff((uint)(int)((uint)(int)x3 - (uint)v5), (uint)(int)((__global uint_a *)row)[((uint)0x5u) % 4u]) & 0x3fffffff)) & upsample((short)((uint)(short)((__global const char *)in)[((uint)0x0u) % 4096u] * (uint)(short)((__global ushort_a *)row)[(max((uint)x2, (uint)x2)) % 8u]), div_ushort((ushort)x5, upsample(convert_uchar_sat_rtz(x4), v9))));
        v5 = (int)((uint)mul_hi((int)clz((int)0xd49d26c3u), (int)abs_diff((uint)(int)((uint)v5 * (uint)(int)x3), (uint)(int)lid)) + (uint)v5);
    }
    x0 = rotate((short)(~x0), x3);
    x3 = (short)popcount((short)(~x0));
    arr1[((uint)0xdaa326b8u) % 4u] = shr_char((char)(~clamp(shl_char(x1, (uint)(uint)0x20u), min((char)0x1u, x1), max((char)0x1u, x1))), (uint)sub_sat((uint)0x1fu, rem_uint((uint)0x51e2925du, (uint)abs((uint)0x0u))));
    long v10 = clamp((long)popcount((long)(~(long)0x636b97201ccacf1ul)), min((long)((long)((long)x3 | (long)0x35a9f35d50c8eddful) ^ (long)x1), (long)(-(ulong)(long)0x6ul)), max((long)((long)((long)x3 | (long)0x35a9f35d50c8eddful) ^ (long)x1), (long)(-(ulong)(long)0x6ul)));
    ushort v11 = (ushort)clz((ushort)0x1u);
    if (x0 != (short)x1) {
        x4 = ((fmax(convert_float(x3), (fmax(convert_float((ushort)0x1928u), convert_float(x2)) + 0.0f)) + 0.0f) + (((uint)0x81c2190au > (uint)x3) ? x4 : convert_float(v5)));
        v5 = (int)((uint)(int)((__global uchar_a *)row)[((uint)(x5 < x5)) % 16u] + (uint)v5);
    } else {
        v11 = (ushort)((uint)rem_ushort(convert_ushort_sat(v10), (ushort)(-(uint)(ushort)((x1 >= x1) ? v11 : v11))) * (uint)(ushort)(((ulong)(~(ulong)v10) < x5) ? v11 : (ushort)(((v10 & (long)0x1ul) == (long)0x3fful) ? convert_ushort_sat(v5) : v11)));
        __atomic_fetch_max((__global int *)&acc[31], (int)clamp(div_uint(div_uint((uint)0x6u, (uint)0x9a692ab1u), (uint)0x8u), min((uint)0x1cdd683bu, (uint)0x47218592u), max((uint)0x1cdd683bu, (uint)0x47218592u)), __ATOMIC_ACQUIRE);
        switch ((int)popcount((int)0x66158b1au) & 7) {
        case 1: {
            x5 = max((ulong)((uint)((uint)mul_hi((uint)v5, (uint)0xc7eaa9ecu) + (uint)(uint)0x0u) <= (uint)0x1d69cb8au), (ulong)popcount((ulong)(~x5)));
        }
        case 2: {
            for (uint i11 = 0; i11 < 1; i11++) {
                x0 = (short)abs_diff((ushort)(short)clz(rotate(x2, (short)get_num_groups(0))), (ushort)(short)(~convert_short_sat(x4)));
                x0 = shl_short((short)get_local_size(0), (uint)shl_uint(convert_uint_sat_rtz(x4), (uint)(uint)x5));
                x3 = shr_short((short)(~(short)((__global uchar_a *)row)[(convert_uint_sat(v5)) % 16u]), (uint)i11);
            }
            v11 = rotate(v11, (ushort)abs_diff((ushort)v11, (ushort)(ushort)0xec37u));
        }
        case 3: {
            x3 = shr_short((short)((uint)div_short((short)lid, add_sat((short)0x8u, x2)) - (uint)x3), (uint)(uint)((uint)(uint)((uint)(uint)0x2b80bd72u - (uint)(uint)0x51749b7du) + (uint)(uint)0x9ba4bd2cu));
            switch ((uchar)0xeu & 7) {
            case 1: {
                arr0[((uint)((long)0x400000000ul >= (long)((ulong)(long)abs(v10) - (ulong)(long)lid))) % 8u] = (int)(~rhadd(shr_int(v5, (uint)(uint)0x2u), v5));
                break;
            }
            case 6: {
                x0 = fn1((ulong)(-(ulong)(ulong)((ulong)(ulong)clz((ulong)(((uchar)v11 == (uchar)0x73u) ? x5 : (ulong)((__global const short *)in)[((uint)0x1u) % 2048u])) * (ulong)(ulong)popcount(x5))), (char)popcount((char)(~shl_char(x1, (uint)(uint)0x3b6171f8u))));
                x2 = (short)((uint)(short)((uint)(short)0x6u + (uint)x2) + (uint)x2);
                break;
            }
            default: {
                v11 = (ushort)(v11 ^ rem_ushort((ushort)((uint)v11 - (uint)v11), v11));
                break;
            }
            }
            break;
        }
        case 6: {
            ushort v13 = (ushort)(((uint)clz((uint)0x3fffffffu) <= (uint)0xef351da1u) ? v11 : (ushort)(-(uint)(ushort)v11));
            float v14 = (((uchar)0x21u == div_uchar((uchar)0x0u, (uchar)0x89u)) ? ((x4 + convert_float(v13)) - (x4 - x4)) : (((long)((__global const ulong *)in)[((uint)0xa2d1966au) % 512u] != upsample(v5, (uint)((__global ushort_a *)row)[((uint)0xf999f635u) % 8u])) ? x4 : fma(convert_float(x3), convert_float(x3), 1e10f)));
            break;
        }
        default: {
            x2 = shl_short((short)((uint)mul_hi(shr_short((short)(x2 ^ (short)((__global const short *)in)[((uint)((uint)(uint)x1 + (uint)(uint)0x34d63cb6u)) % 2048u]), (uint)(uint)0x20000u), rotate(clamp((short)0x7ffu, min(x0, x3), max(x0, x3)), (short)((uint)x2 - (uint)(short)0x1a65u))) + (uint)(short)v5), (uint)(uint)v11);
            break;
        }
        }
    }
    x3 = x2;
    for (uint i14 = 0; i14 < 8; i14++) {
        x0 = (short)(((uchar)((__global uint_a *)row)[(i14) % 4u] > (uchar)0x12u) ? min(upsample(x1, (uchar)0x3u), (short)((uint)x2 + (uint)x2)) : add_sat(convert_short_sat(v10), x0));
        v10 = clamp((long)abs_diff((ulong)v10, (ulong)v10), min(v10, div_long(add_sat(v10, v10), (long)x2)), max(v10, div_long(add_sat(v10, v10), (long)x2)));
        v5 = arr0[((uint)((shl_ushort((ushort)((__global const char *)in)[(i14) % 4096u], (uint)(uint)0x4u) == convert_ushort_sat(v10)) ? convert_uint_sat(x4) : (uint)((uint)((uint)i14 + (uint)i14) & (uint)((__global const uint4 *)in)[(i14) % 256u].y))) % 8u];
    }
    lm[lid] = (ulong)(char)(~convert_char_sat(x5));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (short)lm[63u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    long v16 = (long)x1;
    __atomic_fetch_min(&((__global long *)(acc + 32))[3], (long)(long)0x2ul, __ATOMIC_SEQ_CST);
    v11 = (ushort)((uint)v11 - (uint)shr_ushort(v11, (uint)(uint)((uint)(uint)0x62aae52eu * (uint)(uint)v5)));
    for (uint i16 = 0; i16 < 2; i16++) {
        x1 = arr1[(upsample((ushort)popcount((ushort)(~v11)), v11)) % 4u];
        v10 = rem_long((long)0x4ul, (long)((ulong)v10 - (ulong)v16));
        int v18 = v5;
    }
    long v19 = shr_long(v10, (uint)(uint)0xc2898bbbu);
    ulong v20 = convert_ulong_sat(v11);
    v11 = (ushort)((uint)(ushort)v10 + (uint)(ushort)(-(uint)(ushort)0x8637u));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = fbits(x4);
    row[9u] = (uint)(x5);
    row[10u] = (uint)((ulong)x5 >> 32);
    row[11u] = (uint)(v5);
    row[12u] = (uint)(v10);
    row[13u] = (uint)((ulong)v10 >> 32);
    row[14u] = (uint)(v11);
    row[15u] = (uint)(v16);
    row[16u] = (uint)((ulong)v16 >> 32);
    row[17u] = (uint)(v19);
    row[18u] = (uint)((ulong)v19 >> 32);
    row[19u] = (uint)(v20);
    row[20u] = (uint)((ulong)v20 >> 32);
    row[21u] = (uint)(arr0[0]);
    row[22u] = (uint)(arr0[1]);
    row[23u] = (uint)(arr0[2]);
    row[24u] = (uint)(arr0[3]);
    row[25u] = (uint)(arr0[4]);
    row[26u] = (uint)(arr0[5]);
    row[27u] = (uint)(arr0[6]);
    row[28u] = (uint)(arr0[7]);
    row[29u] = (uint)(arr1[0]);
    row[30u] = (uint)(arr1[1]);
    row[31u] = (uint)(arr1[2]);
    row[32u] = (uint)(arr1[3]);
}
