// clfuzz seed=2120 grid=4,1 block=128,2 in=1024 out=65536 acc=64 features=arrays,atomics,builtins,calls,constant,double,float,local,long,loops,memory,ndrange2d,switch,vector
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define ROW 64u
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
__constant ulong ctab0[7] __attribute__((aligned(8))) = {(ulong)0x614dd03265bb1229ul, (ulong)0x518eacff48150410ul, (ulong)0x449e381898315186ul, (ulong)0x5ebd74eb41f52c67ul, (ulong)0x82d7ff0e0ae15d31ul, (ulong)0x1f020f673bae3d02ul, (ulong)0x3a0087006ae1ce0ul};
__constant uint ctab1[3] __attribute__((aligned(8))) = {(uint)0x9f3ee09bu, (uint)0x832706cbu, (uint)0x1u};
__constant short ctab2[4] __attribute__((aligned(8))) = {(short)0xffffu, (short)0x2c64u, (short)0x3bcu, (short)0x6182u};
ulong4 __attribute__((overloadable)) vload4(size_t, const __global ulong *);
ulong2 __attribute__((overloadable)) vload2(size_t, const __global ulong *);
int8 __attribute__((overloadable)) vload8(size_t, const __global int *);
static short fn0(int p0) {
    p0 = (int)((int)clz((int)(p0 ^ p0)) ^ (int)((uint)(int)(p0 | p0) + (uint)p0));
    ushort16 v1 = (ushort16)((ushort)0x223cu);
    v1 = v1;
    return (short)(~(short)0x8184u);
}
static short fn1(uchar p0) {
    p0 = (uchar)(p0 & (uchar)((uint)p0 + (uint)p0));
    if (-0.75 >= -0.75) {
        p0 = clamp(shr_uchar(p0, (uint)(uint)((uint)0x15118de5u & (uint)0x97f5256au)), min(shl_uchar(p0, (uint)(uint)0xd11ac9beu), add_sat((uchar)(p0 | p0), (uchar)((p0 < 0) ? p0 : (uint)p0))), max(shl_uchar(p0, (uint)(uint)0xd11ac9beu), add_sat((uchar)(p0 | p0), (uchar)((p0 < 0) ? p0 : (uint)p0))));
        int v2 = mad24((int)((int)0x7u & 0x7fff), (int)((int)0x6u & 0x7fff), (int)(shr_int((int)0x1ffffffu, (uint)(uint)ctab0[((uint)ctab0[(shl_uint(convert_uint_sat(p0), (uint)(uint)0x0u)) % 7u]) % 7u]) & 0x3fffffff));
    }
    p0 = (uchar)popcount((uchar)((uint)p0 * (uint)(uchar)(-(uint)p0)));
    char4 v3 = shuffle((char2)((char)0x1u, (char)0x1u), (uchar4)(0, 1, 0, 0));
    return rotate((short)ctab2[((uint)(-(uint)(uint)0x1u)) % 4u], (short)0x6u);
}
static ulong fn2(double p0, double p1, uint p2) {
    int4 v4 = (as_int4(sub_sat(as_uint4((int4)((int)0xa816f74du, (int)0xc828cb24u, (int)0x474dc80fu, (int)0x58bb2013u)), as_uint4((int4)((int)0x8u)))) ^ as_int4((uchar16)((uchar)0xabu, (uchar)0x7eu, (uchar)0x99u, (uchar)0x59u, (uchar)0x8u, (uchar)0x7fu, (uchar)0xb1u, (uchar)0x7u, (uchar)0xf8u, (uchar)0x8u, (uchar)0x3u, (uchar)0x0u, (uchar)0xeu, (uchar)0x2u, (uchar)0xf9u, (uchar)0x5u)));
    v4 = select(hadd(add_sat(rotate(v4, (int4)((int)0x59d9aae7u, (int)0x2ecd12efu, (int)0x822f72adu, (int)0x7f369bf7u)), v4), as_int4((ulong2)((ulong)0x1cba2ba3ca854316ul, (ulong)0x82baa2e682c73cfcul))), (as_int4((short8)((short)0x961fu, (short)0x1u, (short)0x7c6fu, (short)0x3u, (short)0x3fd4u, (short)0x8f5u, (short)0x0u, (short)0x7u)) >> ((int4)((int)0x268ac37eu) & (int4)(31))), ((((int8)((int)popcount((int)0x963117f9u))).lo | clz(v4)) <= shuffle2(shuffle2((int2)((int)0x7u, (int)0x719d83c1u), (int2)((int)0x7ffffu, (int)0x2000u), (uint8)(1, 1, 3, 3, 0, 3, 3, 3)), as_int8(as_uint8((int8)((int)0x66b06fe3u, (int)0xf0c3bf00u, (int)0xd7c2e904u, (int)0x5615b46bu, (int)0x3ffffu, (int)0x4u, (int)0x0u, (int)0xde732a9eu)) - as_uint8((int8)((int)0x400u, (int)0xba167eaeu, (int)0x8u, (int)0x40000000u, (int)0x4000000u, (int)0x4u, (int)0x2b1d9929u, (int)0x1587683eu))), (uint4)(13, 2, 0, 0))));
    switch (shl_uchar((uchar)(~(uchar)((uint)mul_hi((uchar)0xc8u, (uchar)0x41u) + (uint)(uchar)0x4u)), (uint)(uint)popcount((uint)ctab2[((uint)0x148ac444u) % 4u])) & 7) {
    case 0: {
        break;
    }
    case 1: {
        long v5 = shr_long(shl_long(convert_long_sat_rtz(fmin(p0, 9.2e18)), (uint)rem_uint(p2, (uint)ctab0[5])), (uint)(uint)0x7c18e9cdu);
        break;
    }
    default: {
        p2 = (uint)ctab2[(p2) % 4u];
        break;
    }
    }
    return mul_hi((ulong)abs(upsample(p2, convert_uint_sat_rte(p1))), (ulong)((ulong)mul_hi((ulong)0x2ul, clamp((ulong)ctab2[((uint)(p2 | (uint)0xa3f77941u)) % 4u], min(shl_ulong((ulong)0x6ul, (uint)(uint)ctab0[(convert_uint_sat_rtp(p0)) % 7u]), (ulong)0xde147d964c624075ul), max(shl_ulong((ulong)0x6ul, (uint)(uint)ctab0[(convert_uint_sat_rtp(p0)) % 7u]), (ulong)0xde147d964c624075ul))) + (ulong)(ulong)0x5a20c5f50daa353ul));
}

__kernel __attribute__((reqd_work_group_size(128, 2, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(1) * get_global_size(0) + get_global_id(0);
    uint lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
    __global uint *row = out + gid * ROW;
    char x0 = (char)in[(gid * 3u + 0u) % 1024u];
    long x1 = (long)(((ulong)in[(gid * 3u + 1u) % 1024u] << 32) | in[(gid * 3u + 1u + 1u) % 1024u]);
    long x2 = (long)(((ulong)in[(gid * 3u + 2u) % 1024u] << 32) | in[(gid * 3u + 2u + 1u) % 1024u]);
    long arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    int arr1[16];
    for (uint j = 0; j < 16u; j++) arr1[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    double v6 = -2.2250738585072009e-308;
    v6 = qdbl(dbits(v6) ^ ((ulong)ctab0[1] & 0x800fffffffffffful));
    x1 = arr0[((uint)0xdc551e04u) % 16u];
    x1 = shr_long((long)(x1 | x2), (uint)(uint)0x80000u);
    x1 = arr0[((uint)0x7u) % 16u];
    x1 = arr0[((uint)((uint)popcount((uint)(~mul_hi((uint)0x6u, (uint)0xa39c4cb8u))) | (uint)clz((uint)popcount((uint)(~(uint)ctab2[((uint)abs((uint)0x30b14518u)) % 4u]))))) % 16u];
    x2 = shr_long((long)((ulong)shl_long((long)((__global const char *)in)[((uint)0xb2f9aba6u) % 4096u], (uint)(uint)0x1e107e95u) - (ulong)(long)((__global const char *)in)[(rem_uint((uint)0x1ffu, (uint)0x12254f48u)) % 4096u]), (uint)rotate(sub_sat((uint)0xcae9f179u, (uint)0x1u), (uint)0x400000u));
    ulong4 v7 = ((((short)0x95beu & (short)0x6u) <= (short)0x2u) ? (ulong4)((ulong)0x0ul, (ulong)0x200000000000ul, (ulong)0x3ul, (ulong)0x7fffffffffffffful) : (((ulong4)((ulong)0x1ffffffful) + vload4(((uint)0xa87d7d95u) % 128u, (__global const ulong *)in))).s1112);
    v6 = (fmax(fdim(convert_double(x1), v6), (v6 - v6)) + 0.0);
    lm[lid] = (ulong)(ushort)(-(uint)shl_ushort((ushort)0x5u, (uint)(uint)((uint)(uint)0x76d7b49du * (uint)(uint)0x0u)));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (char)lm[(lid + 186u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v6 = 9007199254740993.0;
    int8 v8 = (int8)((int)0x1u, (int)0xd54c69a2u, (int)0x1841fa33u, (int)0x7fffffu, (int)0x4u, (int)0x3abc3bc9u, (int)0x4u, (int)0x3fu);
    v6 = convert_double_rte((long)(x2 >> 1));
    v6 = (convert_double_rte(x0) + v6);
    switch ((uint)((uint)rem_uint((uint)(~(uint)x2), (uint)0x20000000u) + (uint)(uint)(((uint)0x1000u < 0) ? (uint)0x1000u : (uint)(uint)((__constant uint *)ctab2)[((uint)((__global uchar_a *)row)[((uint)0x80000u) % 16u]) % 2u])) & 7) {
    case 0: {
        break;
    }
    case 2: {
        x1 = rhadd((long)ctab1[(shl_uint((uint)0xe65b17cu, (uint)(uint)get_global_id(0))) % 3u], x1);
        v8 = (int8)((int)0x0u, (int)0xa8802371u, (int)0xd3601598u, (int)0xdacc3061u, (int)0x8u, (int)0xa78ecae3u, (int)0x1fffffffu, (int)0x7u);
        break;
    }
    case 4: {
        x1 = min((long)clz((long)0x800000ul), (long)((long)(~(long)abs_diff((ulong)x1, (ulong)(long)((__global const long2 *)in)[((uint)((__global const char *)in)[((uint)((uint)(uint)0x20000000u - (uint)(uint)ctab2[((uint)0x9a7aa15cu) % 4u])) % 4096u]) % 256u].y)) ^ x1));
        break;
    }
    case 6: {
        x0 = x0;
        x0 = (char)(~rotate((char)ctab2[((uint)0x2u) % 4u], (char)(x0 ^ x0)));
        break;
    }
    case 7: {
        for (uint i8 = 0; i8 < 5u; i8++) {
            if (copysign(convert_double((x1)), (isnan(v6) ? 1.0 : v6)) > ((v6 != v6) ? fdim((v6 - -2.2250738585072009e-308), (v6 + -1.0)) : fma(((i8 < (uint)any(v8 > v8)) ? v6 : -0.75), trunc(v6), v6))) {
                long v10 = (long)((ulong)x2 + (ulong)(long)0x16921affb4db860cul);
            } else {
                x1 = (long)(~max(x1, div_long(x1, (long)0x6ul)));
                v7 = (((char)((uint)x0 * (uint)(char)(~(char)get_global_id(1))) != x0) ? (((v6 < v6) ? (v7 * (ulong4)((ulong)0xdfe96e0968b1ad2dul, (ulong)0x1fffful, (ulong)0xcd36da0a4aa60ec7ul, (ulong)0x5ul)) : (ulong4)((ulong)0xf11dc7e275b2d5dful, (ulong)0x1fb2f543e2955e6ul, (ulong)0x0ul, (ulong)0xd3d5c78423bc977bul)) << (as_ulong4((ushort16)((ushort)0x7u, (ushort)0xbfc2u, (ushort)0x1ffu, (ushort)0x1ffu, (ushort)0x33a8u, (ushort)0x100u, (ushort)0x4edcu, (ushort)0x5u, (ushort)0x40u, (ushort)0x17d4u, (ushort)0x0u, (ushort)0x1ffu, (ushort)0x1000u, (ushort)0xa41cu, (ushort)0x4u, (ushort)0x8u)) & (ulong4)(63))) : vload4((i8) % 128u, (__global const ulong *)in));
                v7 = (ulong4)((ulong)0x4000000000000000ul, (ulong)0xfffffful, (ulong)0x7ul, (ulong)0xa4dd9858971a711eul);
            }
            v8 = as_int8(as_uint8(v8) + as_uint8((int8)((int)0x16233674u, (int)0xcdc7092eu, (int)0x2cd96c57u, (int)0x20000u, (int)0x7u, (int)0xfu, (int)0xa49e1ffcu, (int)0x4u)));
        }
        break;
    }
    default: {
        float v11 = fma(rint(0.0f), 65536.0f, 1.0f);
        break;
    }
    }
    ((__global uint2_a *)row)[((uint)((uint)0x51d2d87du & (uint)0xe338b0c6u)) % 2u] = (uint2)((uint)abs_diff((uint)rem_uint((uint)((__global const uchar *)in)[((uint)abs_diff((uint)(uint)0x8u, (uint)(uint)0xada8dd70u)) % 4096u], (uint)((__global const ulong *)in)[((uint)0x2b8a4cefu) % 512u]), (uint)(uint)((__global const uchar *)in)[(convert_uint_sat(x0)) % 4096u]), (uint)((uint)(uint)((__global const char *)in)[((uint)((uint)(uint)0x1u - (uint)(uint)get_group_id(0))) % 4096u] * (uint)mul24((uint)((uint)((__global uint_a *)row)[((uint)0xfffu) % 4u] & 0xffff), (uint)(shr_uint((uint)0x7u, (uint)mul24((uint)((uint)0xf791b62du & 0xffff), (uint)((uint)0x400000u & 0xffff))) & 0xffff))));
    v7.s32 = (as_ulong2((uchar16)((uchar)0x34u, (uchar)0x6u, (uchar)0x1u, (uchar)0x24u, (uchar)0x4au, (uchar)0x5u, (uchar)0x3fu, (uchar)0x1u, (uchar)0x40u, (uchar)0x80u, (uchar)0x7bu, (uchar)0x10u, (uchar)0xe6u, (uchar)0x6u, (uchar)0x3u, (uchar)0x28u)) >> (select(((ulong2)((ulong)0x200000000ul) ^ (ulong2)((ulong)0x0ul, (ulong)0xdeff049bcc9afd84ul)), (ulong2)((ulong)0x82d647198a6fdb76ul), ((~vload2(((uint)0x8u) % 256u, (__global const ulong *)in)) == vload2(0, (__global ulong *)row + ((uint)((__global const ulong *)in)[((uint)ctab0[((uint)0x4u) % 7u]) % 512u]) % 1u))) & (ulong2)(63)));
    x1 = x2;
    lm[lid] = (ulong)(ushort)0xab95u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (char)lm[(lid + 171u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v7 = ((ulong4)((ulong)((ulong)(ulong)0xa2a05783f4f1c327ul - (ulong)(ulong)0x7ul)) ^ shuffle2((ulong2)((ulong)0x1ul, (ulong)0x1ffffffffffffful), rhadd(bitselect((ulong2)((ulong)0x1ul, (ulong)0x576eb10826c30fb7ul), (ulong2)((ulong)0x255ebee001290b44ul, (ulong)0xbedfe9a8b5e136e6ul), (ulong2)((ulong)0x4ul)), (ulong2)((ulong)0xa47e3c0d21cd75aful, (ulong)0x404375d36f58b5a9ul)), (ulong4)(3, 1, 2, 1)));
    arr1[((uint)0x6u) % 16u] = shl_int((int)((__constant uint *)ctab0)[((uint)0xfu) % 14u], (uint)clamp((uint)((uint)0xed52af7du & (uint)0x2u), min((uint)((__constant uint *)ctab0)[((uint)ctab0[6]) % 14u], (uint)abs((uint)0x2u)), max((uint)((__constant uint *)ctab0)[((uint)ctab0[6]) % 14u], (uint)abs((uint)0x2u))));
    v6 = (v6 * fdim(v6, round(v6)));
    long v12 = (long)((__constant uint *)ctab0)[((uint)ctab2[(shl_uint((uint)0x4b40e043u, (uint)(uint)0x32a8564fu)) % 4u]) % 14u];
    float v13 = ceil(-2.5e-3f);
    uchar v14 = (uchar)((uint)(uchar)(((ulong)ctab2[((uint)0x1u) % 4u] != (ulong)0x400000ul) ? (uchar)0x7u : (uchar)0x1u) * (uint)(uchar)((uint)(uchar)((uint)(uchar)0x4u * (uint)bitselect((uchar)0xbeu, (uchar)ctab1[1], (uchar)0x3u)) - (uint)(uchar)0x0u));
    for (uint i14 = 0; i14 < 5u; i14++) {
        uchar16 v16 = select((as_uchar2((char2)((char)0xd1u, (char)0x10u))).s1001010010111011, convert_uchar16_sat(as_uchar16((long2)((long)0xdf625698747405a3ul, (long)0x3fffffffffffful))), (((uchar16)((uchar)0x7u, (uchar)0x3fu, (uchar)0x23u, (uchar)0xb6u, (uchar)0x42u, (uchar)0x1u, (uchar)0x5au, (uchar)0xd8u, (uchar)0xeau, (uchar)0x30u, (uchar)0x4u, (uchar)0x10u, (uchar)0x3fu, (uchar)0x4u, (uchar)0x20u, (uchar)0xf3u) + ((uchar16)((uchar)0x93u, (uchar)0x1u, (uchar)0xfeu, (uchar)0x1u, (uchar)0x85u, (uchar)0x80u, (uchar)0x80u, (uchar)0x41u, (uchar)0x1fu, (uchar)0x1u, (uchar)0x8u, (uchar)0x0u, (uchar)0x6u, (uchar)0x7fu, (uchar)0x30u, (uchar)0x1u) - (uchar16)((uchar)0x53u, (uchar)0x7fu, (uchar)0x40u, (uchar)0x65u, (uchar)0x72u, (uchar)0x3u, (uchar)0xa7u, (uchar)0x8u, (uchar)0x0u, (uchar)0x0u, (uchar)0x8u, (uchar)0xfbu, (uchar)0x1u, (uchar)0x58u, (uchar)0x4u, (uchar)0xe0u))) >= (uchar16)((uchar)0x1u, (uchar)0x5cu, (uchar)0x7fu, (uchar)0xd6u, (uchar)0x0u, (uchar)0x7u, (uchar)0xc3u, (uchar)0x9bu, (uchar)0xd1u, (uchar)0xe4u, (uchar)0x2u, (uchar)0xd3u, (uchar)0x3u, (uchar)0xfdu, (uchar)0xebu, (uchar)0x4u)));
        long v17 = (long)((long)((__global const ushort *)in)[(i14) % 2048u] & shl_long((long)(x2 & (long)0x0ul), (uint)(uint)0x3u));
        v8 = mul_hi(as_int8(as_uint8(rhadd(select(vload8((i14) % 128u, (__global const int *)in), (int8)((int)0x8u), ((int8)((int)0xad94a0c2u) <= v8)), v8)) << (as_uint8(v8) & (uint8)(31))), vload8(0, (__global const int *)in + ((uint)ctab1[2]) % 1017u));
    }
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)((ulong)x1 >> 32);
    row[7u] = (uint)(x2);
    row[8u] = (uint)((ulong)x2 >> 32);
    row[9u] = (uint)dbits(v6);
    row[10u] = (uint)(dbits(v6) >> 32);
    row[11u] = (uint)(v7.s0);
    row[12u] = (uint)((ulong)v7.s0 >> 32);
    row[13u] = (uint)(v7.s1);
    row[14u] = (uint)((ulong)v7.s1 >> 32);
    row[15u] = (uint)(v7.s2);
    row[16u] = (uint)((ulong)v7.s2 >> 32);
    row[17u] = (uint)(v7.s3);
    row[18u] = (uint)((ulong)v7.s3 >> 32);
    row[19u] = (uint)(v8.s0);
    row[20u] = (uint)(v8.s1);
    row[21u] = (uint)(v8.s2);
    row[22u] = (uint)(v8.s3);
    row[23u] = (uint)(v8.s4);
    row[24u] = (uint)(v8.s5);
    row[25u] = (uint)(v8.s6);
    row[26u] = (uint)(v8.s7);
    row[27u] = (uint)(v12);
    row[28u] = (uint)((ulong)v12 >> 32);
    row[29u] = fbits(v13);
    row[30u] = (uint)(v14);
    row[31u] = (uint)(arr0[0]);
    row[32u] = (uint)(arr0[1]);
    row[33u] = (uint)(arr0[2]);
    row[34u] = (uint)(arr0[3]);
    row[35u] = (uint)(arr0[4]);
    row[36u] = (uint)(arr0[5]);
    row[37u] = (uint)(arr0[6]);
    row[38u] = (uint)(arr0[7]);
    row[39u] = (uint)(arr0[8]);
    row[40u] = (uint)(arr0[9]);
    row[41u] = (uint)(arr0[10]);
    row[42u] = (uint)(arr0[11]);
    row[43u] = (uint)(arr0[12]);
    row[44u] = (uint)(arr0[13]);
    row[45u] = (uint)(arr0[14]);
    row[46u] = (uint)(arr0[15]);
    row[47u] = (uint)(arr1[0]);
    row[48u] = (uint)(arr1[1]);
    row[49u] = (uint)(arr1[2]);
    row[50u] = (uint)(arr1[3]);
    row[51u] = (uint)(arr1[4]);
    row[52u] = (uint)(arr1[5]);
    row[53u] = (uint)(arr1[6]);
    row[54u] = (uint)(arr1[7]);
    row[55u] = (uint)(arr1[8]);
    row[56u] = (uint)(arr1[9]);
    row[57u] = (uint)(arr1[10]);
    row[58u] = (uint)(arr1[11]);
    row[59u] = (uint)(arr1[12]);
    row[60u] = (uint)(arr1[13]);
    row[61u] = (uint)(arr1[14]);
    row[62u] = (uint)(arr1[15]);
}
