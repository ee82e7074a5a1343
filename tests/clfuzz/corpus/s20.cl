// clfuzz seed=20 grid=3 block=64 in=1024 out=6144 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static char fn0(float p0, ushort p1) {
    p0 = p0;
    if ((short)(((ulong)popcount((ulong)(~(ulong)0x33aa391808fc2081ul)) == (ulong)0x4e18a3634891a61bul) ? (short)(~(short)p1) : shl_short((short)0x9e1fu, (uint)(uint)0x99882356u)) < (short)(convert_short_sat_rtz(p0) ^ (short)((short)p1 ^ (short)0x6fbau))) {
        p0 = fma(1e-30f, copysign(p0, (isnan(p0) ? 1.0f : p0)), p0);
    } else {
        p1 = (ushort)((uint)p1 + (uint)(ushort)p1);
        p0 = p0;
    }
    p0 = (p0 * 1.0f);
    p1 = (ushort)0x1942u;
    p0 = (fmax(p0, p0) + 0.0f);
    return rotate((char)0x4u, (char)((char)((uint)(char)popcount((char)(~(char)0x5u)) + (uint)(char)((uint)mul_hi(convert_char_sat(p0), (char)0x65u) + (uint)(char)0x7u)) & convert_char_sat(p1)));
}
__attribute__((noinline)) static short fn1(long p0, int p1) {
    p0 = (long)((char)popcount((char)p0) == (char)0x8u);
    if (rem_ulong((ulong)((ulong)(ulong)0x3ul * (ulong)(ulong)0xe52810d3fd9d94fcul), (ulong)popcount((ulong)0xeab0339389f5302aul)) <= shr_ulong(rhadd((ulong)0x788d5546d00d687cul, convert_ulong_sat(p0)), (uint)rotate((uint)(~(uint)0x5u), (uint)0x4u))) {
        for (uint i0 = 0; i0 < 7; i0++) {
            p1 = (int)sub_sat((uint)bitselect((int)(~p1), p1, (int)((int)(-(uint)(int)p1) & (int)(p1 | p1))), (uint)(int)(p1 & convert_int_sat(p0)));
        }
    }
    return (short)(rotate((short)0x7122u, (short)p0) | (short)0x7f15u);
}
static float fn2(uint p0, ushort p1, short p2) {
    p2 = upsample(shl_char((char)0x1u, (uint)p0), shr_uchar((uchar)popcount((uchar)(~convert_uchar_sat(p2))), (uint)(uint)((uint)(uint)p0 + (uint)p0)));
    p0 = upsample((ushort)p2, clamp(p1, min(p1, (ushort)(p1 ^ p1)), max(p1, (ushort)(p1 ^ p1))));
    p2 = shr_short((short)popcount((short)p0), (uint)bitselect(p0, (uint)p0, rem_uint(p0, (uint)0x5d6d85efu)));
    return (copysign(3.0f, (isnan(convert_float(p2)) ? 1.0f : convert_float(p2))) - convert_float(p0));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = as_float(in[(gid * 3u + 0u) % 1024u] & 0xbfffffffu);
    ulong x1 = (ulong)(((ulong)in[(gid * 3u + 1u) % 1024u] << 32) | in[(gid * 3u + 1u + 1u) % 1024u]);
    uint x2 = (uint)in[(gid * 3u + 2u) % 1024u];
    uint arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    ulong arr1[16];
    for (uint j = 0; j < 16u; j++) arr1[j] = (ulong)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x1 = rotate((ulong)((ulong)x1 - (ulong)(ulong)((ulong)((ulong)x1 * (ulong)x1) ^ (ulong)(x1 ^ x1))), (ulong)((ulong)x1 * (ulong)hadd(x1, upsample((uint)x1, (uint)x1))));
    x0 = fdim((((x0 - convert_float(x2)) != (x0 + x0)) ? x0 : x0), (fdim(x0, x0) + (x0 + x0)));
    x0 = ((x0 + 1e10f) + x0);
    float v2 = (x0 * x0);
    lm[lid] = (ulong)(ulong)((ulong)x1 * (ulong)convert_ulong_sat_rtz(fmin(x0, 9.2e18f)));
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (ulong)lm[(lid + 3u) % 64u];
    barrier(CLK_LOCAL_MEM_FENCE);
    if ((long)(-(ulong)(long)((x1 == (ulong)x1) ? mul_hi(convert_long_sat(fmin(x0, 9.2e18f)), (long)0x2ul) : (long)abs((long)0x4ul))) < clamp(convert_long_sat_rtz(fmin(x0, 9.2e18f)), min((long)0x9aea7a4e74113458ul, convert_long_sat(fmin(x0, 9.2e18f))), max((long)0x9aea7a4e74113458ul, convert_long_sat(fmin(x0, 9.2e18f))))) {
        for (uint i2 = 0; i2 < ((uint)x2 & 7u); i2++) {
            float v4 = rint(((x0 > x0) ? (fmin(x0, x0) + 0.0f) : v2));
            v2 = (v2 + (fmin(x0, ((0.1f + v2) * -0.0f)) + 0.0f));
        }
        x1 = (ulong)popcount(rem_ulong(min((ulong)abs_diff((ulong)x1, (ulong)convert_ulong_sat(fmin(x0, 9.2e18f))), (ulong)((convert_ulong_sat_rtz(fmin(v2, 9.2e18f)) < 0) ? convert_ulong_sat_rtz(fmin(v2, 9.2e18f)) : (ulong)(ulong)((__global const char *)in)[(convert_uint_sat(x0)) % 4096u])), (ulong)((ulong)((__global const uint4 *)in)[((uint)((__global const ulong *)in)[((uint)0xc88a8513u) % 512u]) % 256u].y ^ x1)));
    }
    x2 = (uint)(((long)(v2 >= copysign(x0, (isnan(convert_float(x1)) ? 1.0f : convert_float(x1)))) != (long)0x4ul) ? rotate((uint)((uint)x2 * (uint)(uint)x2), shr_uint(x2, (uint)x2)) : (uint)(~(uint)((uint)x2 - (uint)(uint)(~x2))));
    for (uint i4 = 0; i4 < 7; i4++) {
        x0 = fdim((x0 * convert_float(shr_uchar(convert_uchar_sat(x2), (uint)i4))), fma(fma(x0, x0, fdim(convert_float(x2), v2)), x0, fma(floor(v2), (v2 + 16777217.0f), fdim(x0, v2))));
    }
    if (mul_hi((int)0xfe8a931cu, (int)0xbff00829u) > (int)((uint)mul_hi((int)0x1fu, (int)x2) + (uint)(int)0xe7697d8du)) {
        v2 = fma(x0, v2, convert_float((ushort)0x3dd1u));
    } else {
        v2 = convert_float((int)((__global const ulong *)in)[(x2) % 512u]);
        x0 = (((uchar)((uint)(uchar)0x8u + (uint)(uchar)0x1u) != (uchar)popcount((uchar)(~(uchar)((__global const short *)in)[(x2) % 2048u]))) ? copysign(convert_float(x2), (isnan(convert_float(x2)) ? 1.0f : convert_float(x2))) : (fmin(v2, v2) + 0.0f));
        v2 = (((short)((__global uchar_a *)row)[(shr_uint(x2, (uint)convert_uint_sat(x1))) % 16u] == (short)get_local_size(0)) ? (v2 * x0) : ((-((v2 - convert_float(x2)))) - copysign((v2 * x0), (isnan((v2 - x0)) ? 1.0f : (v2 - x0)))));
    }
    ulong v6 = (ulong)0x5858b43043fab562ul;
    short v7 = hadd(bitselect(bitselect((short)((uint)mul_hi((short)0x3u, (short)0x6405u) + (uint)(short)0x2u), convert_short_sat(v6), (short)get_num_groups(0)), (short)(~(short)0x4u), (short)((short)popcount((short)0x573fu) | bitselect((short)0x1u, (short)0x75u, (short)get_global_size(0)))), (short)((uint)(short)0x3u - (uint)(short)0x3u));
    v2 = (-(ceil(x0)));
    switch ((uchar)0x1du & 7) {
    case 0: {
        v7 = (short)((__global const char *)in)[(upsample((ushort)0x6u, convert_ushort_sat_rtz(v2))) % 4096u];
        v2 = x0;
        break;
    }
    case 2: {
        if (((uchar)((v7 < v7) ? (uchar)(((uchar)0x6u < 0) ? (uchar)0x6u : (uint)(uchar)((__global const ushort *)in)[(sub_sat(x2, x2)) % 2048u]) : (uchar)((int)0xb3c555b0u >= (int)((__global ulong_a *)row)[(convert_uint_sat(v2)) % 2u])) & (uchar)0x20u) <= (uchar)0xcu) {
            if (hadd((int)0x19630514u, (int)0x10000u) != convert_int_sat_rtz(x0)) {
                v2 = (fma(fdim(convert_float((ushort)0x75deu), x0), fma((x0 + x0), x0, v2), (x0 - v2)) - x0);
                v6 = x1;
                __atomic_fetch_min(&((__global long *)(acc + 32))[3], (long)(long)((ulong)(long)((long)0x1ffful | (long)0x85ea2c28013b85a1ul) * (ulong)(long)x2), __ATOMIC_ACQUIRE);
            }
        }
        break;
    }
    case 3: {
        if ((uchar)(~(uchar)0x9cu) >= (uchar)0x9bu) {
            int v8 = shr_int((int)abs((int)0x983aff4du), (uint)convert_uint_sat_rtz(x0));
            v8 = upsample(v7, (ushort)((ushort)(v8 <= v8) & upsample((uchar)0xa4u, (uchar)gid)));
        } else {
            x0 = copysign((v2 + copysign(convert_float((uchar)0x7u), (isnan(x0) ? 1.0f : x0))), (isnan(x0) ? 1.0f : x0));
        }
        for (uint i8 = 0; i8 < ((uint)x2 & 7u); i8++) {
            short v10 = (short)((uint)mul_hi(v7, v7) + (uint)(short)x1);
            v10 = clamp(upsample((char)0xf0u, (uchar)x1), min(v7, (short)((short)0x3u | v7)), max(v7, (short)((short)0x3u | v7)));
        }
        break;
    }
    case 5: {
        char v11 = (char)popcount((char)0x3u);
        break;
    }
    case 6: {
        x2 = arr0[((uint)abs((uint)v6)) % 4u];
        break;
    }
    default: {
        v7 = (short)(~v7);
        break;
    }
    }
    x1 = (ulong)((__global const long2 *)in)[(convert_uint_sat_rtz(x0)) % 256u].x;
    row[4u] = fbits(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)((ulong)x1 >> 32);
    row[7u] = (uint)(x2);
    row[8u] = fbits(v2);
    row[9u] = (uint)(v6);
    row[10u] = (uint)((ulong)v6 >> 32);
    row[11u] = (uint)(v7);
    row[12u] = (uint)(arr0[0]);
    row[13u] = (uint)(arr0[1]);
    row[14u] = (uint)(arr0[2]);
    row[15u] = (uint)(arr0[3]);
    row[16u] = (uint)(arr1[0]);
    row[17u] = (uint)(arr1[1]);
    row[18u] = (uint)(arr1[2]);
    row[19u] = (uint)(arr1[3]);
    row[20u] = (uint)(arr1[4]);
    row[21u] = (uint)(arr1[5]);
    row[22u] = (uint)(arr1[6]);
    row[23u] = (uint)(arr1[7]);
    row[24u] = (uint)(arr1[8]);
    row[25u] = (uint)(arr1[9]);
    row[26u] = (uint)(arr1[10]);
    row[27u] = (uint)(arr1[11]);
    row[28u] = (uint)(arr1[12]);
    row[29u] = (uint)(arr1[13]);
    row[30u] = (uint)(arr1[14]);
    row[31u] = (uint)(arr1[15]);
}
