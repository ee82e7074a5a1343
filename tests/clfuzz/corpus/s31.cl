// clfuzz seed=31 grid=4 block=32 in=1024 out=6656 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 52u
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
__attribute__((noinline)) static ulong fn0(uchar p0) {
    switch (convert_int_sat(p0) & 7) {
    case 0: {
        p0 = p0;
        break;
    }
    case 1: {
        p0 = (uchar)(~p0);
        break;
    }
    case 4: {
        p0 = (uchar)(-(uint)(uchar)p0);
        p0 = (uchar)((div_short(convert_short_sat(p0), (short)p0) >= (short)0xa63au) ? (uchar)(-(uint)p0) : (uchar)((uint)shr_uchar((uchar)p0, (uint)(uint)p0) * (uint)(uchar)p0));
        break;
    }
    case 5: {
        for (uint i0 = 0; i0 < 5u; i0++) {
            if ((uint)(p0 != p0) <= (uint)((uint)mul_hi((uint)(-(uint)div_uint(i0, i0)), clamp(add_sat(convert_uint_sat(p0), i0), min((uint)abs(i0), i0), max((uint)abs(i0), i0))) + (uint)(uint)p0)) continue;
            p0 = shr_uchar(p0, (uint)i0);
            p0 = rem_uchar(p0, bitselect((uchar)0x1u, (uchar)p0, p0));
            if (convert_short_sat(p0) != clamp(rem_short((short)abs_diff((ushort)(short)0x10u, (ushort)(short)0x70a5u), (short)p0), min(max(hadd((short)p0, (short)0xc52u), (short)0x8u), (short)0x2000u), max(max(hadd((short)p0, (short)0xc52u), (short)0x8u), (short)0x2000u))) {
                p0 = (uchar)(convert_float(p0) == 0.0f);
                p0 = (uchar)p0;
                p0 = (uchar)p0;
            } else {
                p0 = shr_uchar(p0, (uint)(uint)(~(uint)p0));
            }
        }
        break;
    }
    case 6: {
        char v2 = bitselect((char)((char)0x5u ^ (char)p0), (char)0xd9u, shl_char((char)sub_sat((uchar)(char)0x7fu, (uchar)shr_char(convert_char_sat(p0), (uint)(uint)p0)), (uint)(uint)((uint)0xffu | rhadd((uint)0x1000u, (uint)0x2000u))));
        break;
    }
    default: {
        p0 = (uchar)((uint)(uchar)(~p0) * (uint)(uchar)((ushort)0x1u > (ushort)0x2u));
        break;
    }
    }
    for (uint i2 = 0; i2 < 1; i2++) {
        ushort v4 = div_ushort((ushort)0x9b35u, (ushort)((ulong)p0 > (ulong)abs_diff((ulong)mul_hi((ulong)0xabb7798ba65dacacul, (ulong)0x30224ba2a8f26066ul), (ulong)(ulong)0x7ul)));
        v4 = shr_ushort((ushort)0x6u, (uint)(uint)((uint)i2 + (uint)i2));
        switch (i2 & 7) {
        case 0: {
            if ((shl_short((short)0x4632u, (uint)i2) & (short)0xa00du) <= (short)0x68bu) {
                if (copysign(-1.0f, (isnan(trunc((-1.0f + 1e10f))) ? 1.0f : trunc((-1.0f + 1e10f)))) == 1e-30f) break;
                v4 = v4;
            }
            p0 = p0;
            break;
        }
        case 2: {
            char v5 = (char)(((ulong)(bitselect(p0, (uchar)p0, (uchar)0x9au) > (uchar)0x2u) < (ulong)clz((ulong)0xc12431c81508d3a9ul)) ? (char)0xa9u : (char)(((char)0x0u < 0) ? (char)0x0u : (uint)shl_char((char)0xadu, (uint)i2)));
            break;
        }
        case 3: {
            uint v6 = (uint)popcount((uint)(~(uint)p0));
            if (shr_ulong((ulong)v6, (uint)upsample((ushort)((uint)v4 * (uint)(ushort)0x403du), (ushort)v6)) > rhadd((ulong)(((char)0x5fu > (char)0x6u) ? (ulong)0x954a85c5987b1c57ul : (ulong)(-(ulong)(ulong)0x6f687557792360a6ul)), (ulong)(~convert_ulong_sat(v6)))) break;
        }
        case 4: {
            float v7 = fdim(fma(1.0f, 1e10f, convert_float(v4)), 0.0f);
            v7 = (fmax(fdim(16777217.0f, v7), (((-(v7)) * v7) - (-(v7)))) + 0.0f);
            break;
        }
        case 6: {
            p0 = mul_hi(p0, p0);
            break;
        }
        default: {
            v4 = shl_ushort((ushort)(((uint)abs(i2) <= (uint)(-(uint)i2)) ? clamp((ushort)p0, min(shr_ushort(v4, (uint)i2), v4), max(shr_ushort(v4, (uint)i2), v4)) : (ushort)p0), (uint)(uint)((uint)mul_hi(sub_sat(i2, i2), div_uint((uint)abs_diff((uint)(uint)0xffffffu, (uint)i2), i2)) + (uint)(uint)0x5995d161u));
            break;
        }
        }
    }
    return clamp((ulong)abs_diff((ulong)(ulong)0x1000000000000000ul, (ulong)(ulong)0x4127dac9bb228c91ul), min(min((ulong)((uchar)0x6u <= (uchar)p0), convert_ulong_sat(p0)), convert_ulong_sat(p0)), max(min((ulong)((uchar)0x6u <= (uchar)p0), convert_ulong_sat(p0)), convert_ulong_sat(p0)));
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = convert_float((int)in[(gid * 3u + 0u) % 1024u]) * 0.25f;
    short x1 = (short)in[(gid * 3u + 1u) % 1024u];
    uchar x2 = (uchar)in[(gid * 3u + 2u) % 1024u];
    uchar arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (uchar)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    long arr1[16];
    for (uint j = 0; j < 16u; j++) arr1[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x1 = add_sat((short)(x1 | upsample(convert_char_sat(x0), x2)), x1);
    if (convert_float(x2) < (x0 - fma(x0, fma(x0, x0, -0.0f), (((char)0x17u != (char)0x1u) ? x0 : x0)))) {
        x0 = 0.1f;
        int v8 = (int)0x71a01b3au;
    }
    x2 = convert_uchar_sat(x0);
    x1 = (short)((uint)mul_hi(x1, convert_short_sat(x2)) + (uint)(short)0x1u);
    ushort v9 = (ushort)0x6641u;
    if ((ulong)0x8ul < (ulong)0xbc4af6a57b3fbefcul) {
        x0 = -1.0f;
        x2 = x2;
    } else {
        x0 = x0;
        if (((ushort)abs_diff((ushort)(ushort)((x1 == x1) ? v9 : (ushort)x2), (ushort)shl_ushort(v9, (uint)(uint)0x2u)) & (ushort)0x2000u) != (ushort)0xc67au) {
            x0 = (fmax(-0.0f, x0) + 0.0f);
        }
        uint v10 = (uint)((uint)mul_hi((uint)x1, bitselect((uint)abs((uint)0x7ffffffu), convert_uint_sat(v9), (uint)(shl_uint((uint)((__global uchar_a *)row)[(convert_uint_sat(x0)) % 16u], (uint)(uint)((__global const long2 *)in)[(min((uint)get_group_id(0), (uint)get_global_size(0))) % 256u].y) | convert_uint_sat(x1)))) + (uint)(uint)(((uint)((__global ushort_a *)row)[((uint)0x56a80d42u) % 8u] < 0) ? (uint)((__global ushort_a *)row)[((uint)0x56a80d42u) % 8u] : (uint)(uint)0x7u));
    }
    arr0[((uint)popcount((uint)(~rotate((uint)((uint)(uint)popcount((uint)0xefefc186u) * (uint)(uint)0xb4794633u), (uint)0x2u)))) % 16u] = x2;
    long v11 = (long)((ulong)mul_hi((long)0x5ul, (long)0xf2ec1cbce0d35193ul) - (ulong)(long)v9);
    lb[lid * 2u + 0u] = (uchar)(short)popcount(rotate(x1, (short)x1));
    lb[lid * 2u + 1u] = (uchar)(short)((uchar)((uint)x2 - (uint)x2) > (uchar)0x9fu);
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (uchar)lb[((lid * 11u) % 32u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v9 = mul_hi((ushort)(shr_ushort((ushort)get_local_size(0), (uint)(uint)v11) | convert_ushort_sat(x1)), v9);
    v11 = (long)(-(ulong)bitselect(v11, v11, mul_hi(v11, rem_long(v11, v11))));
    v9 = div_ushort((ushort)((uint)v9 + (uint)(ushort)0x9da5u), v9);
    uchar v12 = x2;
    v11 = (long)((int)popcount((int)(~(int)0x5u)) > shl_int((int)0x1fffffffu, (uint)(uint)(~(uint)0xafccd306u)));
    int v13 = shl_int(upsample(x1, (ushort)0x7u), (uint)mul24((uint)((uint)popcount((uint)(~(uint)0xea42ef0au)) & 0xffff), (uint)(convert_uint_sat(x1) & 0xffff)));
    lm[lid] = (ulong)(char)((uint)(char)((uint)(char)v13 * (uint)clamp((char)popcount((char)((__global const uint4 *)in)[((uint)0x2u) % 256u].y), min((char)((__global const ulong *)in)[((uint)popcount((uint)(~(uint)0xfu))) % 512u], (char)((char)x1 | (char)0xe8u)), max((char)((__global const ulong *)in)[((uint)popcount((uint)(~(uint)0xfu))) % 512u], (char)((char)x1 | (char)0xe8u)))) + (uint)(char)((char)0x88u & bitselect((char)((v13 != (int)x2) ? (char)x1 : (char)0xb9u), (char)v9, (char)((char)((__global const char *)in)[((uint)0x2u) % 4096u] | (char)0x40u))));
    barrier(CLK_LOCAL_MEM_FENCE);
    v9 ^= (ushort)lm[lid ^ 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = (uchar)((uint)v12 * (uint)div_uchar((uchar)x2, x2));
    ushort v14 = (ushort)((uint)clamp((ushort)((__global const short *)in)[((uint)0x1u) % 2048u], min(v9, v9), max(v9, v9)) * (uint)(ushort)0x9946u);
    for (uint i14 = 0; i14 < ((uint)v13 & 7u); i14++) {
        v9 = (ushort)(convert_ushort_sat(v11) ^ v14);
        uchar v16 = shr_uchar(shr_uchar(x2, (uint)(uint)((__global uint_a *)row)[((uint)((__global const short *)in)[(i14) % 2048u]) % 4u]), (uint)(uint)((uint)mul_hi((uint)((__global const uint4 *)in)[(i14) % 256u].y, (uint)popcount((uint)(~i14))) + (uint)convert_uint_sat(v13)));
        for (uint i16 = 0; i16 < ((uint)i14 & 7u); i16++) {
            x1 = (short)0xcd5au;
            char v18 = (char)0x4u;
            short v19 = (short)gid;
            arr1[((uint)0x64f2483cu) % 16u] = rem_long((long)0x3e1946e07bf44117ul, rotate((long)abs_diff((ulong)v11, (ulong)v11), (long)((ulong)mul_hi(v11, v11) - (ulong)(long)popcount(v11))));
        }
    }
    long v20 = (long)abs((long)abs(v11));
    v14 = v14;
    lm[lid] = (ulong)(int)(~(int)((__global const uchar *)in)[((uint)((uint)0x3310a199u | (uint)0xeac1ae09u)) % 4096u]);
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (uchar)lm[31u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 = fdim(copysign(rint((1.0f - x0)), (isnan((x0 - 0.5f)) ? 1.0f : (x0 - 0.5f))), (x0 * x0));
    arr0[((uint)(x0 != (-(convert_float(v20))))) % 16u] = v12;
    v20 = rhadd((long)((ulong)div_long(v20, (long)((__global const uint4 *)in)[((uint)((__global const ulong *)in)[(mul_hi((uint)v14, (uint)0x10b7303au)) % 512u]) % 256u].x) + (ulong)v11), (long)sub_sat((ulong)v20, (ulong)(long)((long)((((int)((__global ulong_a *)row)[(min((uint)((__global ulong_a *)row)[(mul_hi((uint)0x8e095734u, (uint)0x1b25a24du)) % 2u], (uint)get_num_groups(0))) % 2u] & (int)0x5u) <= (int)0x9d54adc4u) ? (long)v11 : v20) ^ v11)));
    v20 = arr1[((uint)0x0u) % 16u];
    float v21 = (convert_float(x1) - (-(x0)));
    long v22 = (long)((ulong)(long)abs((long)abs_diff((ulong)(long)v11, (ulong)v11)) - (ulong)(long)(((ulong)0x4000000ul == (ulong)((ulong)(ulong)0xddbcbc07f6603780ul + (ulong)(ulong)get_local_size(0))) ? (long)v20 : (long)((ulong)v20 + (ulong)convert_long_sat_rtz(fmin(v21, 9.2e18f)))));
    uint v23 = (uint)0x7ffffu;
    char v24 = clamp(shl_char((char)(~(char)0x70u), (uint)v23), min(rotate((char)get_num_groups(0), bitselect((char)(((char)0x21u < 0) ? (char)0x21u : (uint)(char)0x1u), (char)v9, (char)0x0u)), (char)((uint)(char)0x4bu * (uint)(char)0xau)), max(rotate((char)get_num_groups(0), bitselect((char)(((char)0x21u < 0) ? (char)0x21u : (uint)(char)0x1u), (char)v9, (char)0x0u)), (char)((uint)(char)0x4bu * (uint)(char)0xau)));
    row[4u] = fbits(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(v9);
    row[8u] = (uint)(v11);
    row[9u] = (uint)((ulong)v11 >> 32);
    row[10u] = (uint)(v12);
    row[11u] = (uint)(v13);
    row[12u] = (uint)(v14);
    row[13u] = (uint)(v20);
    row[14u] = (uint)((ulong)v20 >> 32);
    row[15u] = fbits(v21);
    row[16u] = (uint)(v22);
    row[17u] = (uint)((ulong)v22 >> 32);
    row[18u] = (uint)(v23);
    row[19u] = (uint)(v24);
    row[20u] = (uint)(arr0[0]);
    row[21u] = (uint)(arr0[1]);
    row[22u] = (uint)(arr0[2]);
    row[23u] = (uint)(arr0[3]);
    row[24u] = (uint)(arr0[4]);
    row[25u] = (uint)(arr0[5]);
    row[26u] = (uint)(arr0[6]);
    row[27u] = (uint)(arr0[7]);
    row[28u] = (uint)(arr0[8]);
    row[29u] = (uint)(arr0[9]);
    row[30u] = (uint)(arr0[10]);
    row[31u] = (uint)(arr0[11]);
    row[32u] = (uint)(arr0[12]);
    row[33u] = (uint)(arr0[13]);
    row[34u] = (uint)(arr0[14]);
    row[35u] = (uint)(arr0[15]);
    row[36u] = (uint)(arr1[0]);
    row[37u] = (uint)(arr1[1]);
    row[38u] = (uint)(arr1[2]);
    row[39u] = (uint)(arr1[3]);
    row[40u] = (uint)(arr1[4]);
    row[41u] = (uint)(arr1[5]);
    row[42u] = (uint)(arr1[6]);
    row[43u] = (uint)(arr1[7]);
    row[44u] = (uint)(arr1[8]);
    row[45u] = (uint)(arr1[9]);
    row[46u] = (uint)(arr1[10]);
    row[47u] = (uint)(arr1[11]);
    row[48u] = (uint)(arr1[12]);
    row[49u] = (uint)(arr1[13]);
    row[50u] = (uint)(arr1[14]);
    row[51u] = (uint)(arr1[15]);
}
