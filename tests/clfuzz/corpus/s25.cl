// clfuzz seed=25 grid=1 block=128 in=1024 out=2560 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static uint fn0(long p0, uchar p1, uint p2) {
    p0 = (long)(-(ulong)(long)abs((long)(~p0)));
    p2 = (uint)(((uint)(-(uint)upsample((ushort)0x2u, (ushort)((uint)(ushort)0x3887u * (uint)(ushort)p2))) < 0) ? (uint)(-(uint)upsample((ushort)0x2u, (ushort)((uint)(ushort)0x3887u * (uint)(ushort)p2))) : (uint)bitselect(convert_uint_sat(p1), upsample((ushort)p1, (ushort)0x1u), p2));
    p0 = (long)(upsample(p1, (uchar)0x1u) != (ushort)((uint)(ushort)abs_diff((ushort)(ushort)0x83f0u, (ushort)(ushort)p2) * (uint)(ushort)p2));
    p0 = (long)((ulong)(long)popcount(p0) + (ulong)(long)((ulong)add_sat(convert_long_sat(p2), shr_long(p0, (uint)(uint)0x4u)) * (ulong)(long)(convert_uint_sat(p1) < (uint)p2)));
    p1 = shl_uchar((uchar)(p1 > p1), (uint)(uint)(p2 ^ (uint)(((uint)p0 > (uint)p0) ? (uint)((uint)(uint)0x1u + (uint)(uint)p0) : p2)));
    return (uint)(~p2);
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    char x0 = (char)in[(gid * 3u + 0u) % 1024u];
    uint x1 = (uint)in[(gid * 3u + 1u) % 1024u];
    float x2 = as_float(in[(gid * 3u + 2u) % 1024u] & 0xbfffffffu);
    ushort arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    long v1 = (long)0x2e7a48eb61ea904cul;
    x1 = hadd((uint)popcount((uint)(~x1)), (uint)((__global const uint4 *)in)[((uint)0x7ffffffu) % 256u].x);
    v1 = mul_hi((long)((long)get_global_size(0) ^ (long)((ulong)0x6ul <= (ulong)0x62b6fabb446ad7bdul)), mul_hi(v1, (long)((ulong)v1 + (ulong)(long)0x6651e0f686b4ecc8ul)));
    if ((ushort)0x0u > (ushort)0x5e9bu) {
        x0 = shr_char(x0, (uint)(uint)(x2 <= (x2 + (-(3.0f)))));
        float v2 = fma(x2, x2, convert_float(x1));
    }
    x0 = (char)x1;
    x1 = (uint)((uint)upsample(div_ushort((ushort)((uint)(ushort)0x1fffu + (uint)(ushort)0x1656u), (ushort)0x5u), shr_ushort((ushort)0xc4acu, (uint)(uint)((((ushort)0xe1a5u & (ushort)0x5u) < (ushort)0xd47eu) ? x1 : x1))) * (uint)bitselect((uint)((uint)(uint)((uint)x1 - (uint)(uint)((__global const ushort *)in)[((uint)(~(uint)x1)) % 2048u]) - (uint)shl_uint((uint)0x356cc1aau, (uint)(uint)((__global const long2 *)in)[(x1) % 256u].y)), mul_hi((uint)x1, x1), x1));
    char v3 = (char)((uint)(char)x1 * (uint)(char)((char)x0 & x0));
    lb[lid * 2u + 0u] = (uchar)(ushort)((x2 > (x2 * x2)) ? (ushort)0xa911u : (ushort)0x7c20u);
    lb[lid * 2u + 1u] = (uchar)(ushort)((uint)convert_ushort_sat(x2) + (uint)(ushort)((uint)(ushort)((ushort)0xa869u & (ushort)x0) + (uint)shl_ushort(max((ushort)x1, (ushort)0x4u), (uint)x1)));
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 ^= (long)lb[((lid + 31u) % 128u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    switch ((int)popcount((int)(~(int)((uint)mul_hi((int)0xa49d7007u, (int)((((short)x0 & (short)0x629u) >= (short)0x6b98u) ? (int)0x800000u : (int)0x100000u)) + (uint)(int)0x8u))) & 7) {
    case 1: {
        uint v4 = x1;
        uchar v5 = rotate(mul_hi((uchar)0x20u, (uchar)((ulong)((__global uint_a *)row)[(x1) % 4u] >= (ulong)0x7ul)), (uchar)0x0u);
        break;
    }
    case 2: {
        x0 = (char)((uint)shl_char(v3, (uint)shr_uint((uint)((__global const uint4 *)in)[(x1) % 256u].w, (uint)x1)) * (uint)(char)(v3 ^ v3));
        ushort v6 = mul_hi(shr_ushort((ushort)((ushort)0x7u & (ushort)0x71cbu), (uint)hadd((uint)(x1 ^ convert_uint_sat(v3)), x1)), rem_ushort((ushort)((__global const ulong *)in)[(mul_hi(x1, (uint)0x479202efu)) % 512u], (ushort)0xfffu));
        break;
    }
    case 4: {
        x1 = (uint)((short)((__global ulong_a *)row)[(div_uint(x1, x1)) % 2u] > (short)0x5ad2u);
        break;
    }
    case 7: {
        v3 = (char)(~x0);
        break;
    }
    default: {
        x2 = rint((convert_float((char)0x4u) * x2));
        break;
    }
    }
    v1 = v1;
    x1 = (uint)x0;
    switch ((int)((uint)(int)((uint)mul_hi((int)(((int)0x3u <= (int)0x1u) ? (int)0x2ee7c97eu : (int)0x1d972afu), (int)x0) + (uint)(int)0x8u) - (uint)rhadd((int)0x4u, (int)0x706a4c3eu)) & 7) {
    case 1: {
        if ((long)((long)0xf7d38f430b598617ul ^ (long)v3) == (long)(shr_long((long)((__global uint_a *)row)[(x1) % 4u], (uint)(uint)(x1 ^ x1)) | (long)sub_sat((ulong)(long)((ulong)mul_hi(v1, convert_long_sat(v3)) + (ulong)v1), (ulong)(long)0x100000ul))) {
            x0 = (char)v3;
            v1 = upsample((int)v1, (uint)((uint)0x6u & x1));
            uchar v7 = (uchar)((uchar)0xb3u & (uchar)0x7u);
        } else {
            x2 = fdim(copysign(convert_float(v3), (isnan(x2) ? 1.0f : x2)), convert_float((int)(~(int)popcount((int)(~(int)0x6u)))));
        }
        break;
    }
    case 4: {
        if (shr_char(x0, (uint)add_sat(x1, x1)) < x0) {
            if ((long)sub_sat((ulong)v1, (ulong)(long)clz((long)v1)) != (long)((ulong)mul_hi((long)((ulong)v1 + (ulong)(long)0xa2b6edbfba2dab7ul), (long)(-(ulong)v1)) + (ulong)hadd(v1, (long)v1))) {
                ulong v8 = (ulong)0x851fce504887d550ul;
            }
            float v9 = copysign(fma(convert_float((uchar)get_num_groups(0)), x2, x2), (isnan((-(((-(1.0f)) * rint(x2))))) ? 1.0f : (-(((-(1.0f)) * rint(x2))))));
        } else {
            x0 = x0;
            x2 = copysign(convert_float(v1), (isnan(convert_float(rem_uint(shl_uint((uint)0x5u, (uint)x1), shl_uint(x1, (uint)(uint)0x4268df6du)))) ? 1.0f : convert_float(rem_uint(shl_uint((uint)0x5u, (uint)x1), shl_uint(x1, (uint)(uint)0x4268df6du)))));
        }
        break;
    }
    default: {
        x1 = rotate(x1, (uint)((uint)(uint)((uint)mul_hi((uint)((__global const char *)in)[(x1) % 4096u], (uint)((__global const uchar *)in)[(x1) % 4096u]) + (uint)(uint)get_global_size(0)) * (uint)(uint)((__global const ushort *)in)[(shr_uint(x1, (uint)x1)) % 2048u]));
        break;
    }
    }
    x2 = (floor(fdim(fdim(x2, convert_float(x1)), convert_float(x1))) + rint(copysign(x2, (isnan((convert_float(v1) - -1.0f)) ? 1.0f : (convert_float(v1) - -1.0f)))));
    x2 = convert_float(v1);
    x2 = x2;
    lm[lid] = (ulong)(uchar)(-(uint)rem_uchar((uchar)popcount((uchar)x1), (uchar)0x16u));
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 ^= (char)lm[(lid + 9u) % 128u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 = x0;
    x2 = ((fmin((((char)v3 > x0) ? (fmin(x2, x2) + 0.0f) : copysign(convert_float(v1), (isnan(x2) ? 1.0f : x2))), x2) + 0.0f) * x2);
    short v10 = (short)((uchar)((uchar)0x5du ^ (uchar)0x8u) > (uchar)v3);
    ulong v11 = (ulong)popcount((ulong)(~(ulong)0x3fffffffful));
    x0 = x0;
    if ((ushort)0x80u > (ushort)((uint)(ushort)0x3u + (uint)(ushort)0xd3dcu)) {
        switch ((ushort)(((min((short)0x1fffu, hadd(v10, v10)) & (short)0x0u) > (short)0x39f0u) ? clamp((ushort)((__global const long2 *)in)[(x1) % 256u].y, min((ushort)((uint)(ushort)v10 * (uint)(ushort)0x3u), (ushort)0x5b41u), max((ushort)((uint)(ushort)v10 * (uint)(ushort)0x3u), (ushort)0x5b41u)) : (ushort)popcount((ushort)v1)) & 7) {
        case 1: {
            x2 = (convert_float(v1) - fdim((-(convert_float(x0))), ((convert_float(x0) == convert_float(v10)) ? x2 : x2)));
            break;
        }
        case 3: {
            switch ((ushort)abs_diff((ushort)(ushort)((x2 >= fdim(x2, x2)) ? (ushort)0x5u : (ushort)0x0u), (ushort)(ushort)0x469bu) & 7) {
            case 1: {
                v1 = (long)0x7ul;
            }
            case 3: {
                v10 = clamp((short)((__global const uchar *)in)[(x1) % 4096u], min((short)((uint)shr_short(v10, (uint)(uint)(x1 ^ x1)) - (uint)(short)((uint)(short)((convert_short_sat(x1) < 0) ? convert_short_sat(x1) : (uint)(short)v3) * (uint)v10)), (short)(~(short)0x2u)), max((short)((uint)shr_short(v10, (uint)(uint)(x1 ^ x1)) - (uint)(short)((uint)(short)((convert_short_sat(x1) < 0) ? convert_short_sat(x1) : (uint)(short)v3) * (uint)v10)), (short)(~(short)0x2u)));
                v11 = (ulong)popcount((ulong)((short)((uint)(short)abs_diff((ushort)v10, (ushort)v10) * (uint)(short)0x1dc6u) <= (short)(~(short)(~v10))));
                break;
            }
            case 4: {
                v11 = v11;
            }
            case 6: {
                v1 = (long)0x3ul;
                break;
            }
            case 7: {
                atomic_min((__global int *)&acc[30], (int)(uint)(~x1));
                break;
            }
            default: {
                break;
            }
            }
            break;
        }
        case 5: {
            for (uint i11 = 0; i11 < 7; i11++) {
                arr0[((uint)(shl_uint(clamp(convert_uint_sat(x0), min(x1, (uint)0x0u), max(x1, (uint)0x0u)), (uint)mul_hi(i11, (uint)((v1 > (long)((__global const short *)in)[(i11) % 2048u]) ? x1 : (uint)get_global_size(0)))) & convert_uint_sat(v10))) % 4u] = (ushort)(((ushort)v1 < 0) ? (ushort)v1 : (uint)(ushort)((uint)mul_hi((ushort)abs_diff((ushort)(ushort)0x7u, (ushort)(ushort)abs_diff((ushort)(ushort)0xee1u, (ushort)convert_ushort_sat(v3))), shl_ushort((ushort)0x3u, (uint)x1)) + (uint)(ushort)((uint)(ushort)((convert_float(x0) <= x2) ? (ushort)0x10u : (ushort)0x8c53u) + (uint)(ushort)0xbddu)));
                v3 = (char)clz(convert_char_sat(x2));
                { uint o = acc[8], w = (uint)((uint)(uint)(~(uint)(((ushort)0xc7a2u <= (ushort)0x2u) ? (uint)(-(uint)i11) : upsample((ushort)((__global const short *)in)[((uint)((uint)(uint)v1 - (uint)i11)) % 2048u], (ushort)0x400u))) + (uint)(uint)(-(uint)x1));
                  while (o < w && !__atomic_compare_exchange_n(&acc[8], &o, w, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {} }
                arr0[((uint)((uint)max((uint)x0, rotate(sub_sat((uint)x0, (uint)get_global_size(0)), hadd((uint)((__global const ulong *)in)[((uint)((uint)(uint)((__global const uchar *)in)[(x1) % 4096u] * (uint)x1)) % 512u], (uint)0x8u))) - (uint)(uint)((uint)x1 + (uint)convert_uint_sat_rtz(x2)))) % 4u] = (ushort)((ushort)(-(uint)hadd((ushort)0x8u, (ushort)((__global const short *)in)[(i11) % 2048u])) & (ushort)(((ushort)0xee3fu < 0) ? (ushort)0xee3fu : (uint)(ushort)0xe95du));
            }
        }
        case 7: {
            v11 = (ulong)(upsample((uint)abs((uint)abs(x1)), (uint)(((int)v1 > (int)x1) ? (uint)0x7u : (uint)(~x1))) ^ (ulong)((((uint)v11 & (uint)0x8d68bf92u) < (uint)0x1df8f6a2u) ? (ulong)((ulong)(ulong)((v11 < 0) ? v11 : (ulong)v11) * (ulong)v11) : (ulong)((ulong)v11 * (ulong)v11)));
            if ((int)(~mul24((int)((int)0x1u & 0x7fff), (int)((int)0x1e5ee0aeu & 0x7fff))) <= shl_int((int)0xf61b934cu, (uint)(uint)((__global const ushort *)in)[((uint)abs((uint)x0)) % 2048u])) {
                arr0[(x1) % 4u] = (ushort)0x0u;
                __atomic_fetch_add(&((__global ulong *)(acc + 32))[5], (ulong)(ulong)popcount(convert_ulong_sat(fmin(x2, 9.2e18f))), __ATOMIC_RELEASE);
                v3 = shr_char(shl_char(x0, (uint)(uint)x1), (uint)(uint)((x1 <= (uint)(-0.0f <= x2)) ? x1 : x1));
            } else {
                short v13 = (short)((fma(x2, x2, x2) != x2) ? v10 : (short)((uint)(short)(~(short)clz(v10)) * (uint)(short)((__global const char *)in)[(x1) % 4096u]));
                x1 = x1;
            }
        }
        default: {
            x0 = v3;
            break;
        }
        }
        for (uint i13 = 0; i13 < ((uint)x1 & 7u); i13++) {
            x2 = (x2 + convert_float(v10));
            v10 = (short)0x3ef5u;
            long v15 = (long)((ulong)v1 + (ulong)(long)((ulong)v1 - (ulong)v1));
            for (uint i15 = 0; i15 < 8; i15++) {
                v15 = (long)0x648259d73ed21263ul;
                v3 = v3;
            }
        }
    }
    lb[lid * 2u + 1u] = (uchar)(char)v11;
    lb[lid * 2u + 0u] = (uchar)x0;
    barrier(CLK_LOCAL_MEM_FENCE);
    v11 ^= (ulong)lb[(127u - lid) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v11 = bitselect(v11, (ulong)(((int)0x0u < (int)0x4u) ? bitselect(v11, v11, v11) : rhadd(v11, v11)), v11);
    x1 = (uint)((uint)(uint)0x2c440ac4u - (uint)shl_uint(x1, (uint)x1));
    v11 = rotate(v11, (ulong)(((int)0x80b1a66cu > (int)0x5u) ? upsample(x1, clamp(x1, min(x1, x1), max(x1, x1))) : v11));
    x1 = (uint)((uchar)0x58u > (uchar)0x99u);
    long v17 = (long)lid;
    x0 = (char)abs_diff((uchar)shl_char(v3, (uint)(uint)clz((uint)v1)), (uchar)shl_char((char)((__global const ushort *)in)[(bitselect(x1, x1, (uint)0x6u)) % 2048u], (uint)x1));
    v11 = rem_ulong((ulong)0x0ul, v11);
    v17 = (long)v1;
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = fbits(x2);
    row[7u] = (uint)(v1);
    row[8u] = (uint)((ulong)v1 >> 32);
    row[9u] = (uint)(v3);
    row[10u] = (uint)(v10);
    row[11u] = (uint)(v11);
    row[12u] = (uint)((ulong)v11 >> 32);
    row[13u] = (uint)(v17);
    row[14u] = (uint)((ulong)v17 >> 32);
    row[15u] = (uint)(arr0[0]);
    row[16u] = (uint)(arr0[1]);
    row[17u] = (uint)(arr0[2]);
    row[18u] = (uint)(arr0[3]);
}
