// clfuzz seed=16 grid=4 block=64 in=1024 out=8704 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static uint fn0(short p0, long p1) {
    p0 = p0;
    p1 = p1;
    p0 = (short)((uint)div_short((short)((ulong)((ulong)0x4ul <= (ulong)0x1ul) < (ulong)((ulong)(ulong)0x7ffffffffful * (ulong)(ulong)0x1ffffful)), (short)((uint)mul_hi((short)p0, (short)0xf7d4u) - (uint)p0)) - (uint)(short)((uint)(short)0x4u * (uint)(short)0x6u));
    p0 = (short)((uint)(short)0x0u - (uint)p0);
    return (uint)0x3u;
}
__attribute__((noinline)) static long fn1(long p0, long p1, uint p2) {
    p2 = fn0((short)popcount((short)(~(short)0x7u)), p1);
    p0 = (long)abs_diff((ulong)p1, (ulong)rhadd(clamp(p0, min((long)p1, (long)0x222f268580a00b77ul), max((long)p1, (long)0x222f268580a00b77ul)), (long)((((uchar)0x83u & (uchar)0x4u) <= (uchar)0x67u) ? p0 : (long)0x6ul)));
    return (long)(-(ulong)(long)p1);
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = as_float(in[(gid * 4u + 0u) % 1024u] & 0xbfffffffu);
    short x1 = (short)in[(gid * 4u + 1u) % 1024u];
    short x2 = (short)in[(gid * 4u + 2u) % 1024u];
    float x3 = as_float(in[(gid * 4u + 3u) % 1024u] & 0xbfffffffu);
    uchar arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (uchar)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    short arr1[8];
    for (uint j = 0; j < 8u; j++) arr1[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x1 = (short)((ulong)((ulong)0x6edbd7045fce7736ul ^ (ulong)0x6ul) == (ulong)((ulong)(ulong)((__global const uint4 *)in)[((uint)0x67e4d596u) % 256u].x * (ulong)(ulong)abs_diff((ulong)(ulong)(~(ulong)0x7fffffffffffful), (ulong)(ulong)0x2aebb0600001e3a6ul)));
    x2 = convert_short_sat_rtz(x0);
    x0 = (fmin(fma(x3, round(-0.0f), x3), (fmin(convert_float(convert_uint_sat_rtz(x3)), convert_float(x2)) + 0.0f)) + 0.0f);
    if ((short)((uint)x2 * (uint)x1) < (short)clz(shr_short((short)((uint)convert_short_sat(x3) - (uint)x1), (uint)(uint)0xa1a8d26u))) {
        uchar v1 = (uchar)clz(shr_uchar((uchar)0x1u, (uint)shr_uint((uint)x2, (uint)(uint)x1)));
        x3 = (fmin(1e-30f, fdim(x3, convert_float(x1))) + 0.0f);
        for (uint i1 = 0; i1 < 5u; i1++) {
            if ((x0 * x3) <= x0) {
                x1 = (short)((shl_short((short)0xd1b1u, (uint)(uint)popcount(convert_uint_sat(x0))) < 0) ? shl_short((short)0xd1b1u, (uint)(uint)popcount(convert_uint_sat(x0))) : (uint)(short)(~min((short)x2, shl_short(x2, (uint)i1))));
                v1 = arr0[(i1) % 16u];
            }
        }
    }
    x2 = (short)(~(short)0x200u);
    x1 = rotate(add_sat(x1, upsample((char)0x10u, (uchar)x2)), div_short((short)((uint)x1 * (uint)x1), x1));
    lb[lid * 2u + 1u] = (uchar)(ushort)0x4u;
    lb[lid * 2u + 0u] = (uchar)(ushort)((ushort)popcount((ushort)(~(ushort)0x6u)) | (ushort)(~(ushort)0x6u));
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (short)lb[(lid ^ 35u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = x0;
    x2 = min((short)clz(x2), x1);
    if ((uint)((uint)(uint)((uint)convert_uint_sat_rtz(x3) + (uint)(uint)0xab418916u) + (uint)(uint)((uint)(uint)0x1u - (uint)(uint)0x4b96c515u)) < (uint)((uint)convert_uint_sat(x2) - (uint)rem_uint((uint)0x0u, rem_uint((uint)((__global const char *)in)[((uint)((__global const uchar *)in)[(rem_uint((uint)0xdc7b73fu, (uint)((__global const short *)in)[((uint)(~(uint)0x6ae87e94u)) % 2048u])) % 4096u]) % 4096u], (uint)0x0u)))) {
        x3 = ceil(fma(trunc(x3), x0, fma(x3, convert_float(x2), x3)));
        x3 = convert_float(div_long((long)0x80ul, (long)0x7ul));
        x3 = convert_float(x2);
    }
    x0 = ((x0 + x0) + x3);
    float v3 = (x0 + floor(x3));
    v3 = (fma(x0, fdim(x0, ((x0 == -0.0f) ? x3 : v3)), copysign(copysign(convert_float(x1), (isnan(3.0f) ? 1.0f : 3.0f)), (isnan(fma(v3, x0, v3)) ? 1.0f : fma(v3, x0, v3)))) + x3);
    if ((int)0x2b062b9fu > (int)((uint)mul_hi(rem_int((int)0x70d082f0u, (int)((__global const uint4 *)in)[((uint)((uint)(uint)x2 - (uint)(uint)0x8u)) % 256u].x), (int)0x48a3622du) + (uint)(int)(-(uint)(int)((uint)(int)0x7u * (uint)(int)x1)))) {
        char v4 = clamp((char)(x3 != (fmax((-(x3)), convert_float(x2)) + 0.0f)), min((char)(((long)0x3ul > (long)0x8ul) ? (char)0x32u : (char)0xc7u), (char)(convert_char_sat_rtz(v3) ^ (char)0xc3u)), max((char)(((long)0x3ul > (long)0x8ul) ? (char)0x32u : (char)0xc7u), (char)(convert_char_sat_rtz(v3) ^ (char)0xc3u)));
    }
    lm[lid] = (ulong)convert_ushort_sat(x3);
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (short)lm[(lid + 6u) % 64u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 = (short)x1;
    if ((((char)0x24u < (char)(~(char)0x1u)) ? 0.1f : x0) != (fmax(x3, convert_float((int)0x3u)) + 0.0f)) {
        x2 = (short)((long)((ulong)(long)0x9cacdd93b39a861cul - (ulong)(long)0x58d314a34426a3c5ul) < (long)((ulong)mul_hi((long)get_group_id(0), (long)((ulong)(long)0x5ul * (ulong)(long)0x200ul)) + (ulong)(long)(~convert_long_sat_rtz(fmin(x3, 9.2e18f)))));
        char v5 = (char)0x4u;
    } else {
        for (uint i5 = 0; i5 < 5u; i5++) {
            x0 = 1e-30f;
            switch ((uchar)((uint)mul_hi((uchar)0x5u, (uchar)0x95u) + (uint)bitselect(rotate((uchar)((__global uint_a *)row)[(clamp(i5, min(i5, i5), max(i5, i5))) % 4u], (uchar)0x0u), (uchar)0xdu, shr_uchar((uchar)0x7u, (uint)(uint)((uint)convert_uint_sat_rtz(v3) * (uint)i5)))) & 7) {
            case 3: {
                arr0[((uint)((uint)(i5 | (uint)get_global_size(0)) > convert_uint_sat(x3))) % 16u] = rem_uchar((uchar)0x7bu, (uchar)0x95u);
                arr1[(i5) % 8u] = (short)(((long)(((char)0x1u < convert_char_sat(v3)) ? (long)0x77e588fee9731aa8ul : (long)(~(long)get_global_size(0))) != (long)lid) ? (short)clz(upsample(convert_char_sat(x1), (uchar)((uint)(uchar)0xf3u + (uint)(uchar)0x7u))) : x1);
                break;
            }
            case 4: {
                x2 = shl_short(shl_short((short)0x986eu, (uint)(uint)((uint)i5 + (uint)(uint)((__global const ulong *)in)[(convert_uint_sat(v3)) % 512u])), (uint)(uint)x2);
                uchar v7 = (uchar)abs_diff((uchar)(uchar)0xfbu, (uchar)shr_uchar((uchar)0x5u, (uint)(uint)((uint)mul_hi(i5, (uint)((uint)convert_uint_sat(x3) - (uint)(uint)((__global const ulong *)in)[((uint)((uchar)0x58u == (uchar)0x2u)) % 512u])) + (uint)(uint)gid)));
                break;
            }
            case 5: {
                x2 = arr1[((uint)0x6u) % 8u];
                x3 = (v3 - v3);
                break;
            }
            default: {
                { uint o = acc[17], w = clamp(add_sat(clamp(rotate(i5, convert_uint_sat_rtz(x3)), min((uint)((uint)mul_hi(i5, i5) + (uint)convert_uint_sat(x0)), min(i5, i5)), max((uint)((uint)mul_hi(i5, i5) + (uint)convert_uint_sat(x0)), min(i5, i5))), i5), min((uint)popcount(shr_uint((uint)((i5 < 0) ? i5 : (uint)(uint)x1), (uint)i5)), (uint)((uint)(uint)((uint)i5 + (uint)(uint)0x6u) - (uint)rhadd(convert_uint_sat(x3), i5))), max((uint)popcount(shr_uint((uint)((i5 < 0) ? i5 : (uint)(uint)x1), (uint)i5)), (uint)((uint)(uint)((uint)i5 + (uint)(uint)0x6u) - (uint)rhadd(convert_uint_sat(x3), i5))));
                  while (o < w && !__atomic_compare_exchange_n(&acc[17], &o, w, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {} }
                break;
            }
            }
            x3 = (fdim(x0, (fmax(fdim(convert_float(x2), v3), x0) + 0.0f)) - convert_float((char)0xa4u));
            uint v8 = (uint)((uint)(uint)0x8e986646u * (uint)(uint)((uint)i5 * (uint)(uint)((uint)(uint)(~i5) - (uint)(uint)((__global const long2 *)in)[((uint)(~i5)) % 256u].x)));
        }
        v3 = (round(convert_float(x1)) + (x0 + v3));
    }
    x1 = x1;
    x0 = ((fmax(-1.0f, convert_float(x1)) + 0.0f) - -1.0f);
    x2 = (short)((short)(x1 & (short)(~(short)0x3a31u)) & mul_hi((short)((uint)x1 - (uint)(short)((short)0x23du ^ x1)), x2));
    x3 = (((copysign(v3, (isnan(v3) ? 1.0f : v3)) * convert_float((long)get_group_id(0))) * (fmax((x3 - v3), v3) + 0.0f)) - convert_float(x1));
    x0 = x3;
    uint v9 = (uint)((uint)(uint)((uint)(convert_uint_sat(v3) | (uint)popcount((uint)(~convert_uint_sat(x1)))) & min((uint)0x5d4c8304u, (uint)0x4u)) * (uint)(uint)((__global const char *)in)[((uint)((uint)0xe1188883u ^ (uint)0x1000u)) % 4096u]);
    lb[lid * 2u + 1u] = (uchar)x1;
    lb[lid * 2u + 0u] = (uchar)x1;
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (short)lb[(63u - lid) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x2 == (short)(convert_float(x2) > fdim(v3, convert_float(x1)))) {
    } else {
        x0 = (fdim((fdim(x0, 1.0f) - x0), trunc(x0)) - x0);
    }
    x1 = (short)(~(short)clz((short)0x0u));
    x2 = arr1[(shr_uint((uint)(((-(x3)) > -1.0f) ? (uint)(-(uint)v9) : (uint)(v9 & (uint)((__global const ulong *)in)[(v9) % 512u])), (uint)(uint)((uint)v9 - (uint)v9))) % 8u];
    __atomic_fetch_sub(&acc[0], (uint)(-(uint)v9), __ATOMIC_RELAXED);
    row[4u] = fbits(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = fbits(x3);
    row[8u] = fbits(v3);
    row[9u] = (uint)(v9);
    row[10u] = (uint)(arr0[0]);
    row[11u] = (uint)(arr0[1]);
    row[12u] = (uint)(arr0[2]);
    row[13u] = (uint)(arr0[3]);
    row[14u] = (uint)(arr0[4]);
    row[15u] = (uint)(arr0[5]);
    row[16u] = (uint)(arr0[6]);
    row[17u] = (uint)(arr0[7]);
    row[18u] = (uint)(arr0[8]);
    row[19u] = (uint)(arr0[9]);
    row[20u] = (uint)(arr0[10]);
    row[21u] = (uint)(arr0[11]);
    row[22u] = (uint)(arr0[12]);
    row[23u] = (uint)(arr0[13]);
    row[24u] = (uint)(arr0[14]);
    row[25u] = (uint)(arr0[15]);
    row[26u] = (uint)(arr1[0]);
    row[27u] = (uint)(arr1[1]);
    row[28u] = (uint)(arr1[2]);
    row[29u] = (uint)(arr1[3]);
    row[30u] = (uint)(arr1[4]);
    row[31u] = (uint)(arr1[5]);
    row[32u] = (uint)(arr1[6]);
    row[33u] = (uint)(arr1[7]);
}
