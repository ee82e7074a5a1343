// clfuzz seed=48 grid=3 block=256 in=1024 out=19968 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static float fn0(float p0, uint p1, float p2) {
    p2 = 0.1f;
    switch ((int)((uint)(int)((int)((int)0x200000u & shr_int((int)0x4u, (uint)(uint)0x2cf53508u)) | convert_int_sat_rtz(p2)) + (uint)(int)0x7u) & 7) {
    case 1: {
        for (uint i0 = 0; i0 < ((uint)p1 & 7u); i0++) {
            p1 = (uint)(((uchar)0x5u > (uchar)0xd4u) ? add_sat(i0, (uint)popcount((uint)(~(uint)p1))) : p1);
        }
        break;
    }
    case 7: {
        p2 = copysign((convert_float((short)(convert_ulong_sat(p1) == (ulong)0xf9302d20e6db76e7ul)) + p0), (isnan(p0) ? 1.0f : p0));
        for (uint i1 = 0; i1 < ((uint)p1 & 7u); i1++) {
            ushort v3 = (ushort)clz((ushort)0x2u);
        }
        break;
    }
    default: {
        p0 = ((-1.0f * (p2 - 65536.0f)) - (ceil(p0) + convert_float(p1)));
        break;
    }
    }
    p2 = (((ushort)0x3140u != (ushort)((uint)(ushort)0x8u + (uint)(ushort)0x3843u)) ? p2 : (convert_float((uint)p1) + convert_float((char)0x3u)));
    p1 = (uint)abs(p1);
    p0 = (-(p0));
    return convert_float((uint)((uint)bitselect((uint)0x2000000u, (uint)p1, sub_sat(convert_uint_sat(p2), p1)) + (uint)(uint)((uint)p1 * (uint)(uint)p1)));
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    short x0 = (short)in[(gid * 4u + 0u) % 1024u];
    uint x1 = (uint)in[(gid * 4u + 1u) % 1024u];
    uint x2 = (uint)in[(gid * 4u + 2u) % 1024u];
    ulong x3 = (ulong)(((ulong)in[(gid * 4u + 3u) % 1024u] << 32) | in[(gid * 4u + 3u + 1u) % 1024u]);
    uint arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = mul_hi((short)((((x1 >= x2) ? -0.0f : -2.5e-3f) >= -1.0f) ? div_short(x0, x0) : (short)((ushort)0x708u == (ushort)((ushort)0xc258u ^ (ushort)0x0u))), rhadd(x0, upsample((char)((char)((__global const ulong *)in)[((uint)((__global const char *)in)[(x1) % 4096u]) % 512u] & (char)0x7u), (uchar)((__global uint_a *)row)[(x1) % 4u])));
    x3 = (ulong)0x1ul;
    x2 = hadd(convert_uint_sat(x3), x1);
    float v4 = -2.5e-3f;
    for (uint i4 = 0; i4 < 1; i4++) {
        atomic_and(&acc[23], rhadd((uint)clz(rotate((uint)abs(convert_uint_sat(v4)), i4)), shl_uint(convert_uint_sat_rtz(v4), (uint)(uint)(~x2))));
        x2 = rem_uint((uint)0xe4c6fbacu, (uint)abs(x1));
        v4 = v4;
        x2 = (uint)((uint)i4 * (uint)(uint)((__global const short *)in)[(add_sat(convert_uint_sat(x0), x2)) % 2048u]);
    }
    x3 = clamp(x3, min((ulong)((ulong)((__global ushort_a *)row)[((uint)popcount((uint)(~x2))) % 8u] & convert_ulong_sat_rtz(fmin(v4, 9.2e18f))), x3), max((ulong)((ulong)((__global ushort_a *)row)[((uint)popcount((uint)(~x2))) % 8u] & convert_ulong_sat_rtz(fmin(v4, 9.2e18f))), x3));
    lm[lid] = (ulong)bitselect((long)sub_sat((ulong)(long)0x40000000000000ul, (ulong)(long)((__global const uchar *)in)[((uint)(~(uint)0x21d14fb8u)) % 4096u]), clamp((long)0x7ul, min((long)0xf67c265e7918ec74ul, (long)(~(long)(~(long)x1))), max((long)0xf67c265e7918ec74ul, (long)(~(long)(~(long)x1)))), (long)(~(long)(~convert_long_sat(fmin(v4, 9.2e18f)))));
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (ulong)lm[(lid * 5u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = arr0[((uint)((uint)(uint)((uint)x2 | x2) - (uint)(uint)((uint)(uint)((__global const short *)in)[(x1) % 2048u] + (uint)(uint)(((int)x3 >= (int)0x2u) ? x2 : (uint)x1)))) % 16u];
    x1 = (uint)((uint)mul_hi(shl_uint((uint)popcount((uint)(~x2)), (uint)(uint)((uint)x2 ^ (uint)((__global uint_a *)row)[((uint)(x2 & (uint)x1)) % 4u])), (uint)(-(uint)x2)) + (uint)(uint)((uint)(uint)abs((uint)0xfec85673u) * (uint)x2));
    x3 = convert_ulong_sat_rtz(fmin(v4, 9.2e18f));
    if ((uchar)0x20u <= (uchar)get_local_size(0)) {
        x0 = (short)abs_diff((ushort)x0, (ushort)x0);
    } else {
        switch (mad24((uint)((uint)(-(uint)x1) & 0xffff), (uint)(x1 & 0xffff), x1) & 7) {
        case 1: {
            x1 = x2;
            break;
        }
        case 5: {
            if ((uchar)(~bitselect((uchar)x1, (uchar)0x8au, (uchar)get_num_groups(0))) < (uchar)0x3u) {
                v4 = fma(v4, fdim(trunc(convert_float(x1)), convert_float(x0)), convert_float(x0));
                x3 = (ulong)clz(x3);
                x1 = max((uint)(((ushort)((__global uchar_a *)row)[(x2) % 16u] == (ushort)x2) ? (uint)x2 : (uint)0x1u), rem_uint((uint)x0, x2));
            }
            if ((long)((int)((uint)convert_int_sat(x0) * (uint)(int)0xeb904302u) <= shr_int((int)((uint)(int)0xfu + (uint)(int)0x400u), (uint)x1)) < (long)0xb212944742a6d459ul) {
                v4 = v4;
            } else {
                v4 = fn0(fdim(copysign(convert_float(x1), (isnan(v4) ? 1.0f : v4)), (((ushort)x0 <= (ushort)x3) ? convert_float(x1) : fma(v4, (-(v4)), fma(convert_float(x3), v4, convert_float(x2))))), shr_uint((uint)((((int)0x3u & (int)0x145deefdu) <= (int)0x800000u) ? (uint)(-(uint)(uint)lid) : x2), (uint)(uint)abs_diff((uint)(uint)(~(uint)(((x0 & (short)0x4u) >= (short)0xbf21u) ? x2 : x2)), (uint)rhadd(x1, (uint)gid))), fdim(v4, convert_float(x3)));
            }
            break;
        }
        default: {
            x1 = (uint)(~(uint)((-((convert_float(x1) * v4))) < (((long)0x630dc1d77cd8100ul == (long)0xddf89c5f4f8a6ed5ul) ? convert_float(x0) : (v4 * v4))));
            break;
        }
        }
        atomic_min(&acc[24], upsample(convert_ushort_sat(v4), shr_ushort(bitselect((ushort)0x2u, (ushort)0x4000u, (ushort)0x6u), (uint)x2)));
    }
    for (uint i5 = 0; i5 < ((uint)x2 & 7u); i5++) {
        if (x2 != (uint)(upsample((ushort)0x0u, (ushort)x2) & rem_uint(i5, (uint)abs_diff((uint)(uint)((__global const uint4 *)in)[(x1) % 256u].w, (uint)x2)))) {
            x1 = arr0[(convert_uint_sat(v4)) % 16u];
            x3 = (ulong)(shl_ulong((ulong)x3, (uint)(uint)x3) ^ x3);
        }
    }
    x2 = x2;
    x3 = rotate(upsample((uint)((uint)(uint)get_group_id(0) - (uint)upsample((ushort)0x1u, (ushort)0x50abu)), (uint)abs_diff((uint)(uint)get_group_id(0), (uint)(uint)((uint)x1 | (uint)x3))), (ulong)popcount(x3));
    v4 = (fmax(fma(v4, v4, (fmin(v4, convert_float(x0)) + 0.0f)), ((v4 * convert_float(x0)) - ((v4 - v4) + v4))) + 0.0f);
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)((ulong)x3 >> 32);
    row[9u] = fbits(v4);
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
}
