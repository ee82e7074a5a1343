// clfuzz seed=2138 grid=3,2 block=64,4 in=1024 out=43008 acc=64 features=arrays,atomics,builtins,calls,constant,double,float,local,long,loops,memory,ndrange2d,switch,vector
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define ROW 28u
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
static inline ulong dbits(double f) { return isnan(f) ? 0x7ff8000000000000ul : as_ulong(f); }
static inline double qdbl(ulong u) { double d = as_double(u); return isnan(d) ? as_double(u | 0x8000000000000ul) : d; }
typedef uchar __attribute__((may_alias)) uchar_a;
typedef ushort __attribute__((may_alias)) ushort_a;
typedef uint __attribute__((may_alias)) uint_a;
typedef ulong __attribute__((may_alias)) ulong_a;
typedef uint2 __attribute__((may_alias)) uint2_a;
__constant ushort ctab0[4] __attribute__((aligned(8))) = {(ushort)0x3445u, (ushort)0xab61u, (ushort)0x6c32u, (ushort)0xe10cu};
__constant uchar ctab1[32] __attribute__((aligned(8))) = {(uchar)0xb5u, (uchar)0x26u, (uchar)0xfdu, (uchar)0xe4u, (uchar)0x9cu, (uchar)0xd1u, (uchar)0xb7u, (uchar)0xa1u, (uchar)0xffu, (uchar)0xa3u, (uchar)0x0u, (uchar)0x14u, (uchar)0x94u, (uchar)0x79u, (uchar)0x5bu, (uchar)0x3du, (uchar)0xffu, (uchar)0x95u, (uchar)0x63u, (uchar)0xdau, (uchar)0x69u, (uchar)0x80u, (uchar)0x12u, (uchar)0x16u, (uchar)0xd9u, (uchar)0xb2u, (uchar)0x5u, (uchar)0x1u, (uchar)0x80u, (uchar)0xb0u, (uchar)0x80u, (uchar)0x0u};
__constant long ctab2[7] __attribute__((aligned(8))) = {(long)0xec88a1d689708ddul, (long)0x1ul, (long)0xfffffffffffffffful, (long)0x0ul, (long)0xb51907d7160ed388ul, (long)0x1ceef4caa1d4be2eul, (long)0x2ff724b96507a809ul};
uint4 __attribute__((overloadable)) vload4(size_t, const __global uint *);
short16 __attribute__((overloadable)) vload16(size_t, const __global short *);
short2 __attribute__((overloadable)) vload2(size_t, const __global short *);
__attribute__((noinline)) static double fn0(int p0, float p1) {
    p1 = (p1 - p1);
    switch ((ushort)(-(uint)(ushort)all(((long4)((long)(~(long)ctab1[4]))) != (long4)((long)0x3ul, (long)0x200000000000000ul, (long)0xe37d3d60c012ed3cul, (long)0x4fb01365405ffe3cul))) & 7) {
    case 2: {
        p1 = (copysign((fmin(p1, fabs(65536.0f)) + 0.0f), (isnan(convert_float((long)ctab1[20])) ? 1.0f : convert_float((long)ctab1[20]))) + 0.0f);
        break;
    }
    case 3: {
        p1 = p1;
        switch ((uchar)0x71u & 7) {
        case 0: {
            switch (mul_hi((uchar)popcount((uchar)0xb7u), (uchar)(-(uint)(uchar)((uint)(rhadd((uint4)((uint)0x0u, (uint)0x1u, (uint)0x481c2246u, (uint)0x73615cf9u), (uint4)((uint)0x3u, (uint)0xf1daedd3u, (uint)0x0u, (uint)0x1030e587u))).s0 + (uint)(rhadd((uint4)((uint)0x0u, (uint)0x1u, (uint)0x481c2246u, (uint)0x73615cf9u), (uint4)((uint)0x3u, (uint)0xf1daedd3u, (uint)0x0u, (uint)0x1030e587u))).s1 + (uint)(rhadd((uint4)((uint)0x0u, (uint)0x1u, (uint)0x481c2246u, (uint)0x73615cf9u), (uint4)((uint)0x3u, (uint)0xf1daedd3u, (uint)0x0u, (uint)0x1030e587u))).s2 + (uint)(rhadd((uint4)((uint)0x0u, (uint)0x1u, (uint)0x481c2246u, (uint)0x73615cf9u), (uint4)((uint)0x3u, (uint)0xf1daedd3u, (uint)0x0u, (uint)0x1030e587u))).s3))) & 7) {
            case 0: {
                p1 = fdim(p1, ((9223372036854774784.0 != 3.0) ? (p1 - (convert_float(p0) - p1)) : p1));
                short v1 = (short)ctab1[((uint)0xfd065865u) % 32u];
            }
            case 1: {
                p1 = p1;
                p1 = p1;
                break;
            }
            case 5: {
                p1 = p1;
                p1 = ((1e100 > 2147483647.5) ? p1 : (ceil(p1) * (((double)p1 >= (double)p1) ? p1 : p1)));
                break;
            }
            case 6: {
                p0 = shr_int(rotate(mad24((int)(p0 & 0x7fff), (int)((int)0x7u & 0x7fff), (int)((int)((uchar)0xd9u != (uchar)ctab1[((uint)0x4b42c9c3u) % 32u]) & 0x3fffffff)), (int)((int)ctab1[((uint)0x969b0a25u) % 32u] <= p0)), (uint)(uint)ctab1[((uint)0x2u) % 32u]);
                break;
            }
            case 7: {
                p0 = p0;
                p0 = p0;
                break;
            }
            default: {
                float v2 = round(round(p1));
                break;
            }
            }
            p0 = (int)((uint)((uint8)((uint)0xbc0e9a3au, (uint)0x701657cbu, (uint)0x5u, (uint)0x9c6fde60u, (uint)0x89d87e8du, (uint)0x40000000u, (uint)0x6eb95bffu, (uint)0x16b5bc61u)).s0 + (uint)((uint8)((uint)0xbc0e9a3au, (uint)0x701657cbu, (uint)0x5u, (uint)0x9c6fde60u, (uint)0x89d87e8du, (uint)0x40000000u, (uint)0x6eb95bffu, (uint)0x16b5bc61u)).s1 + (uint)((uint8)((uint)0xbc0e9a3au, (uint)0x701657cbu, (uint)0x5u, (uint)0x9c6fde60u, (uint)0x89d87e8du, (uint)0x40000000u, (uint)0x6eb95bffu, (uint)0x16b5bc61u)).s2 + (uint)((uint8)((uint)0xbc0e9a3au, (uint)0x701657cbu, (uint)0x5u, (uint)0x9c6fde60u, (uint)0x89d87e8du, (uint)0x40000000u, (uint)0x6eb95bffu, (uint)0x16b5bc61u)).s3 + (uint)((uint8)((uint)0xbc0e9a3au, (uint)0x701657cbu, (uint)0x5u, (uint)0x9c6fde60u, (uint)0x89d87e8du, (uint)0x40000000u, (uint)0x6eb95bffu, (uint)0x16b5bc61u)).s4 + (uint)((uint8)((uint)0xbc0e9a3au, (uint)0x701657cbu, (uint)0x5u, (uint)0x9c6fde60u, (uint)0x89d87e8du, (uint)0x40000000u, (uint)0x6eb95bffu, (uint)0x16b5bc61u)).s5 + (uint)((uint8)((uint)0xbc0e9a3au, (uint)0x701657cbu, (uint)0x5u, (uint)0x9c6fde60u, (uint)0x89d87e8du, (uint)0x40000000u, (uint)0x6eb95bffu, (uint)0x16b5bc61u)).s6 + (uint)((uint8)((uint)0xbc0e9a3au, (uint)0x701657cbu, (uint)0x5u, (uint)0x9c6fde60u, (uint)0x89d87e8du, (uint)0x40000000u, (uint)0x6eb95bffu, (uint)0x16b5bc61u)).s7);
            break;
        }
        case 1: {
            if ((uchar)0xc4u < clamp((uchar)ctab1[8], min((uchar)0xfu, (uchar)0xb6u), max((uchar)0xfu, (uchar)0xb6u))) {
                p0 = (int)((uint)(int)((uint)shr_int((int)((__constant uint *)ctab1)[((uint)ctab0[2]) % 8u], (uint)(uint)0x200000u) + (uint)(int)ctab2[5]) - (uint)p0);
            }
            break;
        }
        case 2: {
            p1 = 0.0f;
            int8 v3 = (((int8)((int)0xffffu, (int)0x44381cf2u, (int)0xe90c61u, (int)0x7u, (int)0x1fffffu, (int)0x3u, (int)0x8u, (int)0x200000u)).s13405737).s54660566;
            break;
        }
        case 6: {
            ushort v4 = (ushort)as_ulong(((ushort4)((ushort)0x4u, (ushort)0x2u, (ushort)0x7fu, (ushort)0x4bc4u)));
            break;
        }
        default: {
            p1 = ((p1 * p1) * p1);
            break;
        }
        }
    }
    case 4: {
        p1 = (-(p1));
        p0 = (int)((uint)(int)((uint)p0 - (uint)(int)((convert_ushort8((uchar8)((uchar)0x9eu, (uchar)0x5u, (uchar)0xa1u, (uchar)0x40u, (uchar)0x0u, (uchar)0x1u, (uchar)0x14u, (uchar)0x1fu))).s20).y) + (uint)p0);
        break;
    }
    case 5: {
        p0 = shr_int(bitselect((int)popcount((int)0x7u), (int)((uint)mul_hi(p0, p0) + (uint)p0), p0), (uint)shr_uint((uint)0x1000000u, (uint)(uint)((uint)(uint)popcount((uint)0x3u) - (uint)(uint)0x61607c6u)));
        for (uint i4 = 0; i4 < ((uint)p0 & 7u); i4++) {
            if (1e-300 < (-((double)p1))) continue;
            short8 v6 = (short8)((short)0x7917u, (short)0x800u, (short)0x5u, (short)0x6u, (short)0x2u, (short)0x100u, (short)0x3b56u, (short)0x4ebfu);
            char v7 = bitselect((char)0x1u, (char)0xb8u, (char)0x82u);
            v6 = (short8)((short)0x0u, (short)0x4c6eu, (short)0xe97eu, (short)0x1u, (short)0x3fcfu, (short)0x1fu, (short)0xf4fbu, (short)0x910cu);
        }
    }
    case 6: {
        p0 = (int)((int)((__constant uint *)ctab2)[((uint)0x40u) % 14u] | upsample((short)(((short)0x200u < 0) ? (short)0x200u : (uint)(short)0x7u), (ushort)0x800u));
        ulong v8 = (ulong)((ulong)(ulong)(~(ulong)0x20a1d4aa26299e85ul) + (ulong)(ulong)popcount((ulong)0x1ul));
        break;
    }
    default: {
        int2 v9 = (int2)((int)0x2253c228u, (int)0xef64ada8u);
        break;
    }
    }
    if (((char)ctab1[27] & (char)0x2du) == (char)0x3u) {
        ushort v10 = (ushort)0x200u;
        double v11 = fdim(copysign((double)p1, (isnan((9223372036854774784.0 * 0.0)) ? 1.0 : (9223372036854774784.0 * 0.0))), -2147483648.5);
    } else {
        uint8 v12 = sub_sat((shuffle2((uint4)((uint)0x6ab78d54u, (uint)0x2u, (uint)0xfffffffu, (uint)0x2u), (uint4)((uint)0x858e04f3u, (uint)0x7u, (uint)0x2u, (uint)0xda55dc56u), (uint2)(3, 3))).s00111000, shuffle((((uint8)((uint)0x2u, (uint)0x3ca00b3eu, (uint)0x80u, (uint)0x1d331eaeu, (uint)0x8u, (uint)0x6eed88c6u, (uint)0x4u, (uint)0x40000000u) << ((uint8)((uint)0x3b511965u, (uint)0xda4deedcu, (uint)0xffu, (uint)0xbc6b03eau, (uint)0x3fffu, (uint)0x3fffu, (uint)0x7u, (uint)0x3u) & (uint8)(31))) | clamp((uint8)((uint)0x400u, (uint)0x28f7173cu, (uint)0x5u, (uint)0x36ac6c01u, (uint)0x1fffffu, (uint)0x7a726b4eu, (uint)0x7fu, (uint)0x81a3705eu), min((uint8)((uint)0xa4935577u, (uint)0x60001683u, (uint)0xbc3e1795u, (uint)0x9cab5f06u, (uint)0xa4091dbdu, (uint)0x2u, (uint)0x6u, (uint)0x89f8ff72u), (uint8)((uint)0x7u, (uint)0x59748ab1u, (uint)0xffffu, (uint)0x95bb81e0u, (uint)0x1u, (uint)0x7u, (uint)0xbccc187fu, (uint)0xba5cc898u)), max((uint8)((uint)0xa4935577u, (uint)0x60001683u, (uint)0xbc3e1795u, (uint)0x9cab5f06u, (uint)0xa4091dbdu, (uint)0x2u, (uint)0x6u, (uint)0x89f8ff72u), (uint8)((uint)0x7u, (uint)0x59748ab1u, (uint)0xffffu, (uint)0x95bb81e0u, (uint)0x1u, (uint)0x7u, (uint)0xbccc187fu, (uint)0xba5cc898u)))), (uint8)(0, 5, 5, 6, 3, 4, 7, 5)));
        ulong v13 = (ulong)abs_diff((ulong)(ulong)0x712b9e2ff8258139ul, (ulong)shr_ulong((ulong)0x4257d79e07084da6ul, (uint)(uint)0x4f1ebe93u));
    }
    p1 = p1;
    p1 = fdim(convert_float(p0), p1);
    return 3.0;
}
__attribute__((noinline)) static char fn1(double p0, short p1) {
    p0 = p0;
    p0 = p0;
    return (char)((long)p1 != (long)((ulong)(long)((1.0f != 0.0f) ? (long)(((short8)((short)0xda51u, (short)0x4000u, (short)0x33a9u, (short)0xb428u, (short)0x2u, (short)0x2u, (short)0xdaf3u, (short)0x83cdu)).s70).y : (long)0xd81104b7160c2f2eul) * (ulong)(long)0x3ul));
}
static uint fn2(ushort p0) {
    switch ((uint)((uint)(uint)(~(uint)(~(uint)p0)) * (uint)add_sat((uint)((uint)((uint)0xfffu & (uint)0x6u) | (uint)((uint)(uint)0x3u * (uint)(uint)ctab1[((uint)0x1ffffu) % 32u])), (uint)((uint)mul_hi((uint)0xb59123feu, (uint)0x8u) + (uint)(uint)abs((uint)0x3u)))) & 7) {
    case 5: {
        p0 = (ushort)0x5fbbu;
        uint4 v14 = bitselect((((uint4)((uint)0x7u, (uint)0x2u, (uint)0x6u, (uint)0x8963636du) >> ((uint4)((uint)0x3u, (uint)0xd4881757u, (uint)0x800000u, (uint)0x82a6e7au) & (uint4)(31))) + ((uint4)((uint)0x63fa6faau, (uint)0xf56f92a9u, (uint)0x7ebfaaa5u, (uint)0xe88e60e7u) + (uint4)((uint)0xa4aecbdu, (uint)0x4u, (uint)0x3fffu, (uint)0x3f9b4e81u))), ((uint4)((uint)0xfffffffu, (uint)0x8b491e9fu, (uint)0x1fu, (uint)0x103a089bu) - popcount((((short)0x1447u > (short)0x7a26u) ? (uint4)((uint)0x1000000u, (uint)0x7a2f93b7u, (uint)0x5u, (uint)0xbb97bb88u) : (uint4)((uint)0x6u, (uint)0x1u, (uint)0xc7a50788u, (uint)0xec334a18u)))), (uint4)((uint)0x7fu, (uint)0xea2d4992u, (uint)0x1fu, (uint)0x2u));
        break;
    }
    case 7: {
        switch ((ushort)ctab0[2] & 7) {
        case 2: {
            for (uint i14 = 0; i14 < 5; i14++) {
                p0 = div_ushort((ushort)0xa31fu, p0);
            }
            break;
        }
        case 3: {
            if (max((uint)ctab1[4], (uint)0x7u) <= (uint)all((((uchar4)((uchar)0xb3u, (uchar)0x10u, (uchar)0xbcu, (uchar)0x1cu)).s01) <= add_sat((uchar2)((uchar)0x1u, (uchar)0x3u), (uchar2)((uchar)0x0u)))) {
                p0 = (ushort)((uint)(ushort)(-(uint)p0) + (uint)rem_ushort((ushort)0x0u, p0));
            } else {
            }
            break;
        }
        case 4: {
            break;
        }
        case 5: {
            if ((ulong)ctab0[2] != (ulong)abs((ulong)((uint)((uint4)((uint)0x3u, (uint)0x3u, (uint)0xfffffffu, (uint)0x7u)).s0 + (uint)((uint4)((uint)0x3u, (uint)0x3u, (uint)0xfffffffu, (uint)0x7u)).s1 + (uint)((uint4)((uint)0x3u, (uint)0x3u, (uint)0xfffffffu, (uint)0x7u)).s2 + (uint)((uint4)((uint)0x3u, (uint)0x3u, (uint)0xfffffffu, (uint)0x7u)).s3))) {
                double v16 = -2147483648.5;
                v16 = v16;
            }
            for (uint i16 = 0; i16 < 6; i16++) {
                p0 = p0;
            }
            break;
        }
        case 7: {
            p0 = (ushort)((uint)p0 - (uint)(ushort)((uint)(ushort)ctab0[((uint)ctab2[((uint)((-2.5e-3f < 1.0f) ? (uint)((__constant uint *)ctab2)[((uint)0xefeb3e8au) % 14u] : (uint)0x929119efu)) % 7u]) % 4u] - (uint)(ushort)((uint)p0 - (uint)p0)));
            p0 = shr_ushort(shr_ushort(div_ushort(p0, p0), (uint)(uint)0x8u), (uint)(uint)0xc197638u);
            break;
        }
        default: {
            uchar2 v18 = select((uchar2)((uchar)0x9bu, (uchar)0x9au), ((uchar2)((uchar)0x73u, (uchar)0x7u) * (uchar2)((uchar)0x4u, (uchar)0xd8u)), ((uchar2)((uchar)0xc5u, (uchar)0x5u) < (uchar2)((uchar)0x1fu, (uchar)0x9u)));
            break;
        }
        }
        ushort4 v19 = ((ushort4)(p0, p0, p0, p0) ^ (~((ushort4)(p0, p0, p0, p0) & (ushort4)((ushort)0x0u, (ushort)0x14e7u, (ushort)0x0u, (ushort)0x100u))));
    }
    default: {
        p0 = (ushort)(rotate(p0, shl_ushort(p0, (uint)(uint)0x1u)) & (ushort)ctab0[(convert_uint_sat(p0)) % 4u]);
        break;
    }
    }
    if ((convert_double(p0) * convert_double_rte((p0))) != (convert_double_rtn(p0) + 4294967296.0)) {
        uint v20 = (uint)((uint)mul_hi(shl_uint(upsample((ushort)((ushort)p0 | p0), p0), (uint)(uint)0x66ce417bu), (uint)0xa8ca90c9u) + (uint)rem_uint((uint)popcount(add_sat((uint)0x8u, (uint)0xb4586ba0u)), div_uint((uint)0xdbb0f180u, (uint)((uint)0x20f9883du | (uint)ctab0[((uint)ctab0[1]) % 4u]))));
        v20 = (uint)((uint)v20 + (uint)(uint)(-(uint)v20));
    } else {
        if (1e100 != qdbl((ulong)0xa588f84ad3c730aaul)) {
            uchar16 v21 = (min((uchar16)((uchar)0x4u, (uchar)0x2au, (uchar)0x2du, (uchar)0x0u, (uchar)0x33u, (uchar)0x3u, (uchar)0x9cu, (uchar)0x7u, (uchar)0x10u, (uchar)0x2u, (uchar)0x8u, (uchar)0x6u, (uchar)0x5u, (uchar)0x57u, (uchar)0x5u, (uchar)0x3u), convert_uchar16_sat(select((short16)((short)0x2u, (short)0x8d9fu, (short)0x4u, (short)0x7fffu, (short)0xd306u, (short)0x3u, (short)0x800u, (short)0x8443u, (short)0x40u, (short)0x59adu, (short)0x3u, (short)0x7u, (short)0xa392u, (short)0x0u, (short)0x6u, (short)0xe629u), (short16)((short)0xb3fu, (short)0xa12fu, (short)0xe532u, (short)0xcd7du, (short)0x0u, (short)0xaa2eu, (short)0x0u, (short)0x1fffu, (short)0x90ffu, (short)0x40u, (short)0x28fcu, (short)0x96d2u, (short)0x2u, (short)0x48deu, (short)0x1b4u, (short)0x800u), ((short16)((short)0x8a51u, (short)0x1u, (short)0x4u, (short)0x2353u, (short)0x1a43u, (short)0x1070u, (short)0x2b1au, (short)0x4fd9u, (short)0xc812u, (short)0x0u, (short)0xffu, (short)0x1119u, (short)0x1097u, (short)0xf3aau, (short)0xfffu, (short)0x479cu) < (short16)((short)0xce9du, (short)0x6u, (short)0xbac0u, (short)0xc8a6u, (short)0x2a69u, (short)0xfu, (short)0xbdabu, (short)0x6924u, (short)0xb241u, (short)0xdab1u, (short)0x7u, (short)0x4u, (short)0x2u, (short)0x6u, (short)0x6u, (short)0x3u))))) >> (convert_uchar16_sat((uchar16)((uchar)0x5u, (uchar)0x90u, (uchar)0x5u, (uchar)0x39u, (uchar)0x3fu, (uchar)0xcbu, (uchar)0x49u, (uchar)0xcau, (uchar)0xa3u, (uchar)0x6u, (uchar)0x6au, (uchar)0x40u, (uchar)0x3u, (uchar)0x4u, (uchar)0xfu, (uchar)0x8du)) & (uchar16)(7)));
            v21 = as_uchar16((uint4)((uint)0x8d479d33u, (uint)0x1u, (uint)0xd043f6a3u, (uint)0x7f220e36u));
        } else {
            p0 = (ushort)((uint)sub_sat(clamp(upsample((uchar)0x7fu, (uchar)0xc3u), min(p0, p0), max(p0, p0)), p0) + (uint)(ushort)((long)ctab1[((uint)((uint)0x7ffffu ^ (uint)(((int2)((int)0x2u, (int)0x7u)).s01).y)) % 32u] < (long)(((int)0x8000000u != (int)ctab1[((uint)0x5u) % 32u]) ? (long)0x6920eb95708a0fe9ul : (long)ctab2[((uint)ctab2[3]) % 7u])));
        }
        p0 = (ushort)((((int)0x0u & (int)0x200u) <= (int)0xdb0f987fu) ? (ushort)((((int)popcount((int)0x5u) & (int)0x4000u) == (int)0x40000u) ? p0 : (ushort)(-(uint)p0)) : p0);
    }
    for (uint i21 = 0; i21 < 5u; i21++) {
        if ((ushort)((uint)p0 + (uint)bitselect((ushort)ctab2[((uint)ctab2[0]) % 7u], p0, (ushort)((uint)p0 + (uint)p0))) <= (ushort)((uint)mul_hi((ushort)(upsample((uchar)ctab0[0], (uchar)ctab2[1]) | mul_hi(p0, (ushort)0x2u)), (ushort)((int)0x9bbfdd8eu >= (int)0xfffffu)) + (uint)upsample((uchar)0x63u, (uchar)ctab0[((uint)0xbbc586cfu) % 4u]))) {
            if (convert_float(p0) <= 0.0f) break;
            for (uint i22 = 0; i22 < ((uint)i21 & 7u); i22++) {
                p0 = sub_sat(shl_ushort(p0, (uint)(uint)(~(uint)p0)), (ushort)((fmax(0.5, convert_double(p0)) + 0.0) == 1.7976931348623157e308));
                p0 = p0;
                p0 = (ushort)((uint)mul_hi(shl_ushort((ushort)(~p0), (uint)i22), shl_ushort(p0, (uint)mul_hi((uint)ctab1[(i22) % 32u], (uint)((((short)0x8u & (short)0x79b8u) == (short)0x200u) ? (uint)0x5bb9c30u : i22)))) + (uint)sub_sat((ushort)(0.5f >= 1e-30f), shl_ushort(shr_ushort(p0, (uint)(uint)ctab0[(i21) % 4u]), (uint)i21)));
                p0 = (ushort)(~(ushort)(shl_char((char)ctab2[6], (uint)i22) < add_sat((char)ctab0[((uint)ctab0[3]) % 4u], (char)((rotate((ulong2)((ulong)0x1ul, (ulong)0x4fbd2790efdfe3a7ul), (ulong2)((ulong)0x3f84867144387574ul, (ulong)0x7ul))).s10).y)));
            }
        } else {
            for (uint i23 = 0; i23 < 1; i23++) {
                p0 = (ushort)(((rem_short(rhadd((short)0x3fedu, (short)((ulong)((long2)((long)0x8ul, (long)0x14178b6664c9c1c3ul)).s0 + (ulong)((long2)((long)0x8ul, (long)0x14178b6664c9c1c3ul)).s1)), (short)0x1u) & (short)0xd6c9u) >= (short)0x8u) ? p0 : (ushort)((short)0x5b91u >= (short)0xdea6u));
                p0 = (ushort)abs_diff((ushort)mul_hi((ushort)(~p0), (ushort)ctab0[3]), (ushort)p0);
                if ((ushort)popcount((ushort)(~shl_ushort(p0, (uint)i21))) < (ushort)0x3u) continue;
                short v25 = (short)popcount((short)(~(short)0x2u));
            }
        }
        if (shr_long((long)((i21 > (uint)p0) ? rem_long((long)0x7ffffffffffffful, (long)0x7ul) : (long)0x5ul), (uint)i21) >= (long)popcount((long)(~mul_hi((long)0x7ul, (long)0x3ff25dcaa71e6a2aul)))) {
            p0 = (ushort)((uint)mul_hi(mul_hi(p0, bitselect((ushort)((__constant uint *)ctab2)[(i21) % 14u], (ushort)((__constant uint *)ctab0)[((uint)ctab1[((uint)popcount((uint)(~i21))) % 32u]) % 2u], p0)), (ushort)((uint)mul_hi(shl_ushort((ushort)((short16)((short)0x4243u, (short)0xe4ebu, (short)0xbd5eu, (short)0x6u, (short)0xde52u, (short)0xb4c2u, (short)0xc696u, (short)0xb58du, (short)0x8u, (short)0x7u, (short)0x0u, (short)0x0u, (short)0x5579u, (short)0x7u, (short)0xc485u, (short)0x7u)).sc, (uint)i21), (ushort)(((char4)((char)0x3u, (char)0x2u, (char)0x5u, (char)0x71u)).odd).y) + (uint)(ushort)((uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s0 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s1 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s2 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s3 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s4 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s5 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s6 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s7 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s8 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).s9 + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).sa + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).sb + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).sc + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).sd + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).se + (uint)(rhadd((short16)((short)0xfc8bu, (short)0x88e0u, (short)0x4u, (short)0x9762u, (short)0xe3cu, (short)0x7fu, (short)0x16f3u, (short)0x7405u, (short)0xa8b9u, (short)0x8u, (short)0x1u, (short)0x156bu, (short)0x1u, (short)0x7019u, (short)0x2bc1u, (short)0x42cau), (short16)((short)0x3fffu, (short)0x8961u, (short)0x1u, (short)0xdf24u, (short)0x8u, (short)0xcd24u, (short)0xcfe8u, (short)0x1f24u, (short)0x0u, (short)0x2000u, (short)0xd8a1u, (short)0x1000u, (short)0x5u, (short)0x7u, (short)0x2u, (short)0x3fffu))).sf))) + (uint)(ushort)(~p0));
        } else {
        }
        p0 = (ushort)ctab1[((uint)((__constant uint *)ctab2)[(i21) % 14u]) % 32u];
    }
    return (uint)clz((uint)0xcd3645d1u);
}

__kernel __attribute__((reqd_work_group_size(64, 4, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(1) * get_global_size(0) + get_global_id(0);
    uint lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
    __global uint *row = out + gid * ROW;
    ulong x0 = (ulong)(((ulong)in[(gid * 6u + 0u) % 1024u] << 32) | in[(gid * 6u + 0u + 1u) % 1024u]);
    ushort x1 = (ushort)in[(gid * 6u + 1u) % 1024u];
    char x2 = (char)in[(gid * 6u + 2u) % 1024u];
    double x3 = convert_double((int)in[(gid * 6u + 3u) % 1024u]) * 0.25;
    ulong x4 = (ulong)(((ulong)in[(gid * 6u + 4u) % 1024u] << 32) | in[(gid * 6u + 4u + 1u) % 1024u]);
    char x5 = (char)in[(gid * 6u + 5u) % 1024u];
    short arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = (ulong)((ulong)shl_ulong(div_ulong((ulong)((__global const uint4 *)in)[((uint)0x5u) % 256u].y, (ulong)((ulong)mul_hi((ulong)0x8b70074be32b6a1cul, (ulong)((__global const ushort *)in)[((uint)get_global_id(1)) % 2048u]) + (ulong)x4)), (uint)(uint)0x3ffffffu) - (ulong)(ulong)(~(ulong)(upsample(x5, (uchar)0x0u) == (short)0x0u)));
    x4 = (ulong)((ulong)add_sat(clamp(x4, min((ulong)(x0 ^ x0), x0), max((ulong)(x0 ^ x0), x0)), x0) * (ulong)min((ulong)0x70a4adcdeebac722ul, (ulong)0x9d28d23bacdf3b96ul));
    x0 = div_ulong((ulong)(~(ulong)0x47cc8e275382d579ul), (ulong)((ulong)(ulong)popcount((ulong)(~(ulong)((__global const uint4 *)in)[(shr_uint((uint)ctab2[((uint)0x6u) % 7u], (uint)(uint)0xfffu)) % 256u].y)) * (ulong)(ulong)0x6d462c22a1583aedul));
    for (uint i25 = 0; i25 < 8; i25++) {
        uint4 v27 = ((uint4)((uint)0x5f1b4f22u, (uint)0xa939c07eu, (uint)0x5u, (uint)0xe4e76f5du) - add_sat((((uint4)(i25) + (uint4)((uint)0x1u, (uint)0xb0846b82u, (uint)0x2b05df83u, (uint)0x6u)) << (vload4(((uint)0x1704d234u) % 256u, (__global const uint *)in) & (uint4)(31))), (vload4(((uint)((__constant uint *)ctab2)[(i25) % 14u]) % 256u, (__global const uint *)in) + (uint4)(i25, i25, i25, i25))));
        x4 = x0;
    }
    x3 = convert_double((div_long((long)((__global const ulong *)in)[((uint)0xfffffu) % 512u], (long)((ulong)(long)0xc6b9a8453905f47eul - (ulong)(long)ctab0[3]))));
    if (upsample((short)((short)0x32c3u ^ shr_short((short)0xf2c1u, (uint)(uint)(as_short16(as_ushort16((short16)((short)0x632au, (short)0x87e8u, (short)0x3fu, (short)0xce7fu, (short)0x4036u, (short)0x1fffu, (short)0x7u, (short)0x734cu, (short)0xddf0u, (short)0x8212u, (short)0x1u, (short)0x5383u, (short)0x2000u, (short)0x2614u, (short)0x0u, (short)0xd19du)) << (as_ushort16(vload16(((uint)0x217270cu) % 128u, (__global const short *)in)) & (ushort16)(15)))).s0)), x1) > (int)((__global const short *)in)[((uint)0x1ffu) % 2048u]) {
        x2 = x2;
    }
    x1 = shr_ushort((ushort)0x4ed2u, (uint)shr_uint((uint)((__global const uint4 *)in)[((uint)0x3u) % 256u].y, (uint)(uint)abs((uint)((uint)(uint)0x4eb7420u - (uint)(uint)0x554de26au))));
    lm[lid] = (ulong)(uint)(((uint)0x969f312bu < 0) ? (uint)0x969f312bu : (uint)rhadd((uint)0x28740182u, shr_uint((uint)0x2f1305c4u, (uint)clamp((uint)x2, min((uint)0x4u, (uint)0x7u), max((uint)0x4u, (uint)0x7u)))));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (char)lm[(lid * 3u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 = (ulong)((ulong)(ulong)((ulong)(ulong)(((int)0x36a410c4u < (int)0xb65974a4u) ? x4 : (ulong)((__global uint_a *)row)[((uint)0x6u) % 4u]) * (ulong)(ulong)(vload4(0, (__global uint *)row + ((uint)((__constant uint *)ctab1)[((uint)0x0u) % 8u]) % 1u)).s2) - (ulong)upsample((uint)((uint)(uint)(-(uint)(uint)0x800u) - (uint)(uint)((uint)0x5u ^ (uint)ctab1[((uint)0x5u) % 32u])), upsample(x1, (ushort)0x6991u)));
    x3 = copysign(fma(x3, convert_double_rtn((ulong)(x4 >> 1)), x3), (isnan((x3 - x3)) ? 1.0 : (x3 - x3)));
    x2 = x5;
    atomic_max((__global int *)&acc[31], (int)bitselect(rotate((uint)((long)((__global const uint4 *)in)[((uint)0x3u) % 256u].y > (long)0x0ul), (uint)0x8u), (uint)((uint)(uint)0x32910b83u - (uint)(uint)clz((uint)((uint)((__global ushort_a *)row)[((uint)0x0u) % 8u] & (uint)0xceecf6e3u))), (uint)get_group_id(0)));
    double v28 = ((x1 <= (ushort)(~x1)) ? (x3 * convert_double(x5)) : copysign(convert_double_rtn((ulong)(x0 >> 1)), (isnan(x3) ? 1.0 : x3)));
    ushort v29 = shr_ushort(x1, (uint)(uint)0x1u);
    arr0[((uint)(~shl_uint((uint)popcount((uint)(~(uint)0x1a29a08cu)), (uint)(uint)0xbf86112bu))) % 8u] = (short)gid;
    __atomic_fetch_add(&((__global ulong *)(acc + 32))[5], (ulong)((max(bitselect(x4, (ulong)(-(ulong)x4), rem_ulong(x0, (ulong)((uint)0x0u != (uint)0x36eaa337u))), (ulong)popcount((ulong)((ulong)ctab1[((uint)0x400000u) % 32u] | (ulong)get_global_id(1))))) | 1), __ATOMIC_SEQ_CST);
    lb[lid * 2u + 0u] = (uchar)(short)((uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s0 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s1 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s2 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s3 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s4 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s5 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s6 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s7 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s8 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).s9 + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).sa + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).sb + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).sc + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).sd + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).se + (uint)(as_short16(as_ushort16((short16)((short)0x5u, (short)0x7106u, (short)0x751eu, (short)0xdf04u, (short)0x0u, (short)0x525du, (short)0x100u, (short)0xd89eu, (short)0xe294u, (short)0x3u, (short)0x4u, (short)0x2u, (short)0x5u, (short)0x939au, (short)0x634u, (short)0x758du)) * as_ushort16((short16)((short)0x7fu, (short)0x27d6u, (short)0x8u, (short)0x8u, (short)0xbaa0u, (short)0x6u, (short)0x1u, (short)0x907eu, (short)0xbb39u, (short)0x10u, (short)0x8u, (short)0x2u, (short)0x5u, (short)0x5ccau, (short)0x3u, (short)0x5u)))).sf);
    lb[lid * 2u + 1u] = (uchar)(short)((uint)(short)0xf9d5u * (uint)(short)0x2ff0u);
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (ulong)lb[((lid + 35u) % 256u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x5 = x2;
    uchar v30 = (uchar)as_uint((vload2(((uint)0x1fffffffu) % 1024u, (__global const short *)in)));
    for (uint i30 = 0; i30 < 5u; i30++) {
        uint2 v32 = shuffle((uint8)(select((uint4)(i30, i30, i30, i30), abs_diff((uint4)((uint)((i30 < 0) ? i30 : (uint)(uint)0x753e32afu)), (uint4)((uint)((uint)(uint)((__constant uint *)ctab2)[((uint)0x1u) % 14u] * (uint)i30))), (((uint8)(clamp(i30, min(i30, i30), max(i30, i30)))).hi != (uint4)(i30, i30, i30, i30))), (uint4)((uint)0x1fffffffu, (uint)0xb7633203u, (uint)0x2000000u, (uint)0x0u)), (uint2)(7, 5));
        x4 = (ulong)0xb8081a683ba3cca0ul;
        if ((short)0x0u <= (short)0x7u) {
            float v33 = (-((-(convert_float((uint)((uint)(uint)ctab1[(mul_hi(i30, (uint)v29)) % 32u] + (uint)i30))))));
            x2 = (char)(shr_char(x5, (uint)i30) ^ (char)((uchar)popcount((uchar)(~v30)) >= v30));
            v32 = as_uint2(as_int2((ulong)(-(ulong)(ulong)((ulong)x0 + (ulong)convert_ulong_sat(fmin(v33, 9.2e18f))))));
        }
    }
    if ((fdim(65536.0f, 0.1f) * fma(-2.5e-3f, convert_float(x1), (convert_float(x5) - convert_float(x1)))) <= 0.5f) {
        switch ((uint)((uint)((uint)((uint)mul_hi((uint)((uint)ctab2[((uint)0x10000000u) % 7u] ^ (uint)0x0u), (uint)0x703c8c68u) + (uint)(uint)0x1u) ^ (uint)(((long4)((long)0x177dd49f2d4f803eul, (long)0x1ffffffffffful, (long)0x4ul, (long)0x6e1683b4aab8ee61ul)).lo).y) | shl_uint((uint)0x54bec4dbu, (uint)(uint)0xaa2815eu)) & 7) {
        case 0: {
            v28 = v28;
            x2 = (char)((0.5f == convert_float(x2)) ? (char)0x8u : shl_char(x5, (uint)(uint)0x7ffffu));
            break;
        }
        case 3: {
            x5 = (char)((__global const ushort *)in)[((uint)0xe75bbf5cu) % 2048u];
            break;
        }
        case 4: {
            v28 = 1.7976931348623157e308;
            break;
        }
        case 5: {
            __atomic_fetch_add(&((__global ulong *)(acc + 32))[0], (ulong)((shr_ulong((ulong)((ulong)x4 - (ulong)(ulong)((ulong)(-(ulong)x4) & x0)), (uint)(uint)0x916d7b85u)) | 1), __ATOMIC_RELEASE);
            __atomic_fetch_add(&((__global uchar *)(acc + 52))[0], (uchar)(((uchar)((uint)v30 * (uint)(uchar)((v30 < 0) ? v30 : (uint)(uchar)ctab2[1]))) | 1), __ATOMIC_RELAXED);
            break;
        }
        default: {
            double v34 = fma((trunc(9007199254740993.0) * ((1e10f >= 0.0f) ? ((v28 != x3) ? v28 : v28) : convert_double_rtn((ulong)(x0 >> 1)))), v28, x3);
            break;
        }
        }
        x2 = fn1(v28, shr_short((short)0x5d82u, (uint)(uint)0x19b4d0b6u));
        arr0[(shr_uint((uint)((uint)(uint)0x1u - (uint)(uint)((__constant uint *)ctab0)[((uint)0x954d7757u) % 2u]), (uint)(uint)((uint)(uint)0xc5e05eefu + (uint)(uint)0xa45d859eu))) % 8u] = (short)(~(short)0x1u);
    }
    lm[lid] = (ulong)convert_short_sat(x1);
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (ulong)lm[(lid + 70u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    double v35 = ((((int)0x3u & (int)0x7u) <= (int)0x5c27fa1eu) ? (x3 + v28) : fdim((fmax(v28, convert_double_rtp(x2)) + 0.0), (convert_double(((long)0x2000000000000000ul)) * x3)));
    ushort v36 = shr_ushort((ushort)((short)popcount((short)popcount((short)(~(short)0x8u))) <= rhadd((short)0x8u, (short)0xffu)), (uint)(uint)0xbeb6560fu);
    x2 = add_sat(x2, x5);
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)dbits(x3);
    row[9u] = (uint)(dbits(x3) >> 32);
    row[10u] = (uint)(x4);
    row[11u] = (uint)((ulong)x4 >> 32);
    row[12u] = (uint)(x5);
    row[13u] = (uint)dbits(v28);
    row[14u] = (uint)(dbits(v28) >> 32);
    row[15u] = (uint)(v29);
    row[16u] = (uint)(v30);
    row[17u] = (uint)dbits(v35);
    row[18u] = (uint)(dbits(v35) >> 32);
    row[19u] = (uint)(v36);
    row[20u] = (uint)(arr0[0]);
    row[21u] = (uint)(arr0[1]);
    row[22u] = (uint)(arr0[2]);
    row[23u] = (uint)(arr0[3]);
    row[24u] = (uint)(arr0[4]);
    row[25u] = (uint)(arr0[5]);
    row[26u] = (uint)(arr0[6]);
    row[27u] = (uint)(arr0[7]);
}
