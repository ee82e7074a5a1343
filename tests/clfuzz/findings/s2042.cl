// clfuzz seed=2042 grid=2,1 block=4,16 in=1024 out=3840 acc=64 features=arrays,atomics,builtins,calls,constant,double,float,local,long,loops,memory,ndrange2d,switch,vector
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define ROW 30u
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
__constant char ctab0[32] __attribute__((aligned(8))) = {(char)0x1u, (char)0x80u, (char)0xc4u, (char)0x87u, (char)0xb1u, (char)0x82u, (char)0x6fu, (char)0x0u, (char)0xfu, (char)0x7fu, (char)0xfeu, (char)0x0u, (char)0xd6u, (char)0x41u, (char)0x86u, (char)0x20u, (char)0x81u, (char)0x65u, (char)0x19u, (char)0x51u, (char)0x97u, (char)0xe8u, (char)0x80u, (char)0xdau, (char)0x1u, (char)0x80u, (char)0x6du, (char)0x9du, (char)0x23u, (char)0xfdu, (char)0xffu, (char)0x11u};
__constant uchar ctab1[16] __attribute__((aligned(8))) = {(uchar)0xceu, (uchar)0xd1u, (uchar)0x80u, (uchar)0x4bu, (uchar)0x99u, (uchar)0xf5u, (uchar)0x5au, (uchar)0x94u, (uchar)0x1u, (uchar)0xau, (uchar)0x1u, (uchar)0x7cu, (uchar)0x55u, (uchar)0xceu, (uchar)0x61u, (uchar)0xb1u};
uint8 __attribute__((overloadable)) vload8(size_t, const __global uint *);
ushort16 __attribute__((overloadable)) vload16(size_t, const __global ushort *);
uchar16 __attribute__((overloadable)) vload16(size_t, const __global uchar *);
char4 __attribute__((overloadable)) vload4(size_t, const __global char *);
uchar8 __attribute__((overloadable)) vload8(size_t, const __global uchar *);
uint2 __attribute__((overloadable)) vload2(size_t, const __global uint *);
ushort4 __attribute__((overloadable)) vload4(size_t, const __global ushort *);
uint4 __attribute__((overloadable)) vload4(size_t, const __global uint *);
static int fn0(float p0, uchar p1, int p2) {
    p2 = p2;
    p0 = p0;
    return mul_hi((int)abs_diff((uint)(int)(mul_hi((int)p1, p2) & (int)(-2.5e-3 > convert_double_rtn(p2))), (uint)mul24((int)((int)ctab1[(mad24((uint)((uint)ctab1[((uint)((__constant uint *)ctab1)[((uint)((__constant uint *)ctab0)[((uint)ctab0[((uint)((uint)(uint)0x4877e2b9u - (uint)(uint)((ushort16)((ushort)0x2u, (ushort)0xfu, (ushort)0x1fffu, (ushort)0x6u, (ushort)0x80u, (ushort)0x1u, (ushort)0x4e10u, (ushort)0x2u, (ushort)0xabf4u, (ushort)0x915u, (ushort)0x8u, (ushort)0x1000u, (ushort)0x5u, (ushort)0x5e2du, (ushort)0x7u, (ushort)0x8u)).sa)) % 32u]) % 8u]) % 4u]) % 16u] & 0xffff), (uint)((uint)0x5u & 0xffff), (uint)ctab0[((uint)0x1u) % 32u])) % 16u] & 0x7fff), (int)(mul_hi(p2, p2) & 0x7fff))), (int)((shl_int(p2, (uint)(uint)0x16e57dffu) >= p2) ? p2 : (int)abs_diff((uint)p2, (uint)p2)));
}
static char fn1(float p0, double p1, double p2) {
    p2 = p1;
    p1 = ceil((double)p0);
    p2 = (double)p0;
    p1 = convert_double_rtp(((uint)abs((uint)(-(uint)hadd((uint)0x1650c494u, convert_uint_sat(p0))))));
    return (char)((uint)(char)clz((char)(~(char)0x10u)) - (uint)(char)0x7fu);
}
static short fn2(uint p0, double p1, short p2) {
    for (uint i0 = 0; i0 < ((uint)p0 & 7u); i0++) {
        char v2 = (char)((uint)(char)((uint)(char)(~(char)0xa8u) + (uint)(char)0xbu) - (uint)(char)((char)(((char)ctab1[(shl_uint((uint)((__constant uint *)ctab1)[(p0) % 4u], (uint)(uint)0xd454e904u)) % 16u] < 0) ? (char)ctab1[(shl_uint((uint)((__constant uint *)ctab1)[(p0) % 4u], (uint)(uint)0xd454e904u)) % 16u] : (uint)(char)0x8u) ^ (char)((((uchar)0x2u & (uchar)0x62u) >= (uchar)0x3fu) ? rhadd((char)0x20u, (char)0x17u) : (char)(~(char)0xfu))));
        p1 = convert_double_rte(p0);
        p2 = rotate((short)0x726u, (short)(((uchar)0xd0u != (uchar)0x6cu) ? (short)((uint)p2 * (uint)(short)sub_sat((ushort)(short)ctab0[((uint)clz(p0)) % 32u], (ushort)p2)) : p2));
    }
    p0 = shl_uint((uint)abs_diff((uint)p0, (uint)p0), (uint)p0);
    p1 = (p1 - fdim((p1 + p1), (convert_double(p0) * trunc(convert_double_rtz(p0)))));
    uchar16 v3 = convert_uchar16(shuffle2(select((short8)(p2, p2, p2, p2, p2, p2, p2, p2), (short8)(p2, p2, p2, p2, p2, p2, p2, p2), ((((uchar)0x3fu != (uchar)ctab1[(p0) % 16u]) ? (short8)(p2, p2, p2, p2, p2, p2, p2, p2) : (short8)((short)ctab1[14])) == (short8)((short)0xfu, (short)0x2u, (short)0x2u, (short)0x1fb2u, (short)0x7u, (short)0x2u, (short)0x4b23u, (short)0x1u))), (short8)((short)0x9b36u, (short)0x1196u, (short)0x3b49u, (short)0x5u, (short)0x3u, (short)0x7u, (short)0x1u, (short)0xfu), (ushort16)(3, 6, 1, 15, 11, 10, 3, 13, 4, 7, 1, 8, 11, 4, 2, 7)));
    p1 = (p1 * (p1 * convert_double_rte(p2)));
    return max((short)ctab0[13], div_short((short)(p2 | (short)(((ushort)ctab1[5] == (ushort)0x408au) ? convert_short_sat_rte(p1) : (short)ctab1[6])), p2));
}

__kernel __attribute__((reqd_work_group_size(4, 16, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(1) * get_global_size(0) + get_global_id(0);
    uint lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
    __global uint *row = out + gid * ROW;
    double x0 = (double)as_float(in[(gid * 6u + 0u) % 1024u] & 0xbfffffffu);
    float x1 = convert_float((int)in[(gid * 6u + 1u) % 1024u]) * 0.25f;
    uint x2 = (uint)in[(gid * 6u + 2u) % 1024u];
    uint x3 = (uint)in[(gid * 6u + 3u) % 1024u];
    int x4 = (int)in[(gid * 6u + 4u) % 1024u];
    ushort x5 = (ushort)in[(gid * 6u + 5u) % 1024u];
    uchar arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (uchar)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    { uint o = acc[17], w = sub_sat((uint)((x5 < x5) ? (uint)0xb6609a8eu : x3), (uint)0x3fu);
      while (o < w && !__atomic_compare_exchange_n(&acc[17], &o, w, 1, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {} }
    if ((char)((int)(x4 | (int)((__global const ulong *)in)[(x2) % 512u]) == x4) < bitselect((char)0x6eu, (char)(convert_float(x5) >= copysign(convert_float(x2), (isnan(x1) ? 1.0f : x1))), (char)0xf0u)) {
        for (uint i3 = 0; i3 < 2; i3++) {
            x0 = qdbl(dbits(-2147483648.5) ^ ((ulong)0x8e81030c92ad58adul & 0x800fffffffffffful));
        }
    } else {
        x1 = (convert_float((ulong)0xb846c30a9060d98cul) * x1);
    }
    uint8 v5 = as_uint8(abs((uint8)((uint)0x96df3b39u, (uint)0x4u, (uint)0xc0ff15eau, (uint)0xfu, (uint)0x200000u, (uint)0x4000u, (uint)0xe39e9828u, (uint)0x7afc3080u)));
    if ((uint)0x2u == upsample((ushort)((__global const ushort *)in)[(div_uint((uint)0x2000u, (uint)ctab0[6])) % 2048u], bitselect((ushort)((x1 >= x1) ? x5 : (ushort)0x1148u), x5, (ushort)(x5 & (ushort)get_local_id(1))))) {
        v5 = select((~v5), (v5 | (uint8)((uint)((__global ushort_a *)row)[((uint)popcount(x3)) % 8u])), (max((~vload8((upsample(x5, (ushort)get_global_size(1))) % 128u, (__global const uint *)in)), vload8(0, (__global const uint *)in + (x2) % 1017u)) > (~v5)));
        ((__global uchar_a *)row)[(mul24((uint)(rhadd((uint)get_num_groups(0), (uint)((uint)(x2 | (uint)0xb71e37c8u) | (uint)0x9564c7b1u)) & 0xffff), (uint)(shl_uint((uint)(rem_uint((uint)((__constant uint *)ctab0)[((uint)clz(x2)) % 8u], x3) ^ convert_uint_sat(x4)), (uint)(uint)as_uint(((short2)((short)0x1u, (short)0x5u)))) & 0xffff))) % 16u] = (uchar)(uchar)0xeu;
        x5 = (ushort)(x5 ^ x5);
    }
    x1 = (convert_float((char)0x78u) + x1);
    uint v6 = x2;
    uint v7 = shl_uint(shr_uint(rotate(x3, (uint)((__constant uint *)ctab1)[((uint)(-(uint)(uint)0x59521613u)) % 4u]), (uint)(uint)0xb3f5498eu), (uint)(uint)(-(uint)max((uint)((__global const short *)in)[(v6) % 2048u], x2)));
    x5 = (ushort)((__global uchar_a *)row)[(x2) % 16u];
    lm[lid] = (ulong)clamp(shl_long(mul_hi((long)0xf1c82a0ef917e89ul, (long)0x4b01d9565dee8957ul), (uint)(uint)(x0 < -0.75)), min((long)(((ushort)ctab1[11] != (ushort)((__global ulong_a *)row)[((uint)((uint)((__global const ushort *)in)[(x3) % 2048u] & x2)) % 2u]) ? (long)((ulong)(long)0xd726c0d8cc9f3d7cul - (ulong)(long)((ulong)(long)ctab1[((uint)((char8)((char)0x71u, (char)0xf4u, (char)0x1du, (char)0x3u, (char)0x6u, (char)0x0u, (char)0x3u, (char)0x2u)).s1) % 16u] + (ulong)(long)((__constant uint *)ctab0)[(shr_uint(x3, (uint)x3)) % 8u])) : (long)0x2b79cb6b8aac0d7aul), (long)(-(ulong)(long)ctab0[5])), max((long)(((ushort)ctab1[11] != (ushort)((__global ulong_a *)row)[((uint)((uint)((__global const ushort *)in)[(x3) % 2048u] & x2)) % 2u]) ? (long)((ulong)(long)0xd726c0d8cc9f3d7cul - (ulong)(long)((ulong)(long)ctab1[((uint)((char8)((char)0x71u, (char)0xf4u, (char)0x1du, (char)0x3u, (char)0x6u, (char)0x0u, (char)0x3u, (char)0x2u)).s1) % 16u] + (ulong)(long)((__constant uint *)ctab0)[(shr_uint(x3, (uint)x3)) % 8u])) : (long)0x2b79cb6b8aac0d7aul), (long)(-(ulong)(long)ctab0[5])));
    barrier(CLK_LOCAL_MEM_FENCE);
    v6 ^= (uint)lm[lid ^ 27u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v5 = ((uint8)(x3, v7, v7, x2, x3, x2, v7, v6) + (uint8)(v6, v6, x2, x2, x2, x2, v6, v6));
    x2 = (uint)((uint)mul_hi((uint)ctab0[21], (uint)(-(uint)(uint)((__global uchar_a *)row)[((uint)((__global const uint4 *)in)[(x3) % 256u].x) % 16u])) + (uint)(uint)(~hadd((uint)((x3 < 0) ? x3 : (uint)x3), (uint)0x800u)));
    for (uint i7 = 0; i7 < 1; i7++) {
        v5.s0625 = ((x0 > x0) ? (uint4)((uint)0x4u, (uint)0x5u, (uint)0x6u, (uint)0x32b41907u) : (uint4)((uint)0x9ea2aecu, (uint)0x3u, (uint)0x100u, (uint)0xc6e3044eu));
        v5 = (uint8)((uint)0x0u, (uint)0x6u, (uint)0x5u, (uint)0x5u, (uint)0xdc1be557u, (uint)0xa9c1327u, (uint)0xfffb6fdbu, (uint)0x0u);
        x5 = (ushort)popcount((ushort)(~(ushort)((ushort)((uint)x5 - (uint)(ushort)((__global const ulong *)in)[((uint)0x7fffu) % 512u]) ^ (ushort)((uint)x5 + (uint)x5))));
    }
    x4 = fn0(fma((x1 * rint(x1)), (convert_float(x2) - x1), (x1 + convert_float(x3))), clamp(clamp((uchar)((long)((__global const char *)in)[(x3) % 4096u] != shl_long((long)0xde100f670b674a72ul, (uint)x3)), min(bitselect((uchar)v7, (uchar)0x99u, (uchar)((((long)0x7ul & (long)0xf6c36c3a5b41e677ul) < (long)0x1000000000ul) ? (uchar)0x1bu : (uchar)0x24u)), (uchar)((short8)((short)0x3905u, (short)0x0u, (short)0x3ffu, (short)0xd0a0u, (short)0x1294u, (short)0xd03du, (short)0x2u, (short)0xd164u)).s0), max(bitselect((uchar)v7, (uchar)0x99u, (uchar)((((long)0x7ul & (long)0xf6c36c3a5b41e677ul) < (long)0x1000000000ul) ? (uchar)0x1bu : (uchar)0x24u)), (uchar)((short8)((short)0x3905u, (short)0x0u, (short)0x3ffu, (short)0xd0a0u, (short)0x1294u, (short)0xd03du, (short)0x2u, (short)0xd164u)).s0)), min((uchar)0x35u, (uchar)((__global const char *)in)[(v7) % 4096u]), max((uchar)0x35u, (uchar)((__global const char *)in)[(v7) % 4096u])), (int)((mul_hi((int)((uint)shl_int(x4, (uint)v7) * (uint)x4), x4) < 0) ? mul_hi((int)((uint)shl_int(x4, (uint)v7) * (uint)x4), x4) : (uint)(int)((uint)mul_hi(x4, x4) + (uint)(int)(~rotate(convert_int_sat(x2), (int)((__global ulong_a *)row)[(x3) % 2u])))));
    if (((ushort)((uint)x5 + (uint)(ushort)(((ushort)(x0 == convert_double_rtz(x2)) < 0) ? (ushort)(x0 == convert_double_rtz(x2)) : (uint)(ushort)((__global const long2 *)in)[(shl_uint((uint)0x217e8e0au, (uint)v6)) % 256u].y)) & (ushort)0x9faeu) != (ushort)0x7u) {
        x3 = v7;
        for (uint i8 = 0; i8 < ((uint)x3 & 7u); i8++) {
            for (uint i9 = 0; i9 < ((uint)v6 & 7u); i9++) {
                x2 = (uint)abs_diff((uint)(uint)clz((uint)(-(uint)clamp(v7, min((uint)((__global uint_a *)row)[((uint)0x400u) % 4u], v6), max((uint)((__global uint_a *)row)[((uint)0x400u) % 4u], v6)))), (uint)(uint)((uint)(uint)get_global_id(0) + (uint)shl_uint(x3, (uint)(uint)v6)));
                x3 = (uint)(-(uint)(uint)0x2u);
            }
            if (max(i8, mul24((uint)(rotate(v6, x2) & 0xffff), (uint)(v6 & 0xffff))) >= bitselect((uint)((uchar)0x11u > (uchar)0x35u), v6, (uint)0x96ecb13au)) {
            }
            v5 = (uint8)(v6);
            for (uint i10 = 0; i10 < ((uint)v7 & 7u); i10++) {
                __atomic_fetch_xor(&acc[29], max(shl_uint((uint)((ulong)0x1708e275b1764805ul > (ulong)0x33138214637bf6a3ul), (uint)v7), v6), __ATOMIC_RELEASE);
                v7 = (uint)((x1 != (x1 * x1)) ? v6 : shl_uint(x3, (uint)(uint)((__global const uchar *)in)[((uint)((uint)v7 + (uint)(uint)0x2u)) % 4096u]));
                short8 v12 = clz((short8)((short)0x3fffu, (short)0x7fffu, (short)0x9571u, (short)0x5124u, (short)0x1070u, (short)0x27a9u, (short)0x8827u, (short)0x6u));
                v7 = mul24((uint)(x3 & 0xffff), (uint)((uint)0x0u & 0xffff));
            }
        }
        if ((ushort)((__global uint_a *)row)[(x2) % 4u] <= (ushort)((__global const ulong *)in)[(v7) % 512u]) {
            x4 = rhadd(x4, hadd(max(x4, x4), x4));
            if ((fmax(65536.0f, x1) + 0.0f) >= convert_float(x0)) {
                v5 = (clz((uint8)((uint)(((long)0xeb9be56a4c446e24ul == (long)0x8ul) ? v7 : (uint)0xb8d635c7u))) + (((convert_float(x5) <= 0.1f) ? as_uint8((int8)((int)0x1u, (int)0x20000u, (int)0x0u, (int)0xc14c54e7u, (int)0xf250b66cu, (int)0x119e8371u, (int)0x8b167a70u, (int)0xefb0815au)) : rhadd((uint8)((uint)0x5e35b3cu, (uint)0x7031b139u, (uint)0xffffu, (uint)0x6c8f435cu, (uint)0x772a8bc6u, (uint)0xffffu, (uint)0x8000u, (uint)0xb3506199u), (uint8)(x3, x2, x2, v6, v7, x3, v7, v7))) & v5));
                arr0[(v7) % 8u] = (uchar)((uint)(uchar)((__global uchar_a *)row)[(mul24((uint)(x3 & 0xffff), (uint)(v6 & 0xffff))) % 16u] * (uint)(uchar)ctab1[((uint)ctab0[19]) % 16u]);
            } else {
                double v13 = x0;
            }
        }
    }
    switch (x4 & 7) {
    case 3: {
        x4 = x4;
        x4 = (int)((uint)x4 - (uint)shr_int(x4, (uint)(uint)(~v6)));
        break;
    }
    case 4: {
        switch (mul24((uint)(shl_uint(shr_uint((uint)(~(uint)ctab1[((uint)((uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s0 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s1 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s2 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s3 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s4 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s5 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s6 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s7 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s8 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).s9 + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).sa + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).sb + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).sc + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).sd + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).se + (uint)(vload16(((uint)0x800000u) % 128u, (__global const ushort *)in)).sf)) % 16u]), (uint)(uint)((__global const ushort *)in)[((uint)popcount((uint)(~(uint)((__global ushort_a *)row)[(v7) % 8u]))) % 2048u]), (uint)x2) & 0xffff), (uint)((uint)get_global_size(1) & 0xffff)) & 7) {
        case 2: {
            if ((uint)(~x2) == (uint)ctab0[18]) {
                uint v14 = hadd((uint)((uint)mul_hi((uint)((uint)mul_hi((uint)0x2u, v7) + (uint)v6), x2) + (uint)shr_uint((uint)((uint)v7 - (uint)x3), (uint)x2)), v6);
                v6 = (uint)popcount(v6);
            } else {
                v5 = (v5 & bitselect(v5, (v5 << (v5 & (uint8)(31))), v5));
            }
            x3 = mad24((uint)(x2 & 0xffff), (uint)(x2 & 0xffff), v6);
            break;
        }
        case 3: {
            switch ((uchar)0xfu & 7) {
            case 0: {
                int v15 = shr_int(bitselect(x4, (int)((vload16(0, (__global uchar *)row + ((uint)popcount((uint)(~(uint)((__global const ulong *)in)[(v7) % 512u]))) % 1u)).sa2b0).s0, div_int((int)as_uint((vload4(0, (__global char *)row + (x2) % 13u))), div_int((int)0x20000000u, x4))), (uint)(uint)(((x5 & (ushort)0xdd62u) != (ushort)0x0u) ? (uint)(((uint)0x4a46587au < 0) ? (uint)0x4a46587au : (uint)bitselect((uint)((__global const short *)in)[(v6) % 2048u], x3, v6)) : (uint)(x1 < x1)));
                break;
            }
            case 5: {
                break;
            }
            case 6: {
                uchar8 v16 = bitselect(shuffle2((uchar4)((uchar)((uint)(uchar)0x1u - (uint)(uchar)0x8fu)), shuffle2((uchar8)((uchar)0x5u, (uchar)0x4u, (uchar)0x1fu, (uchar)0x43u, (uchar)0x2u, (uchar)0xfu, (uchar)0x8u, (uchar)0xe0u), (uchar8)((uchar)0x3u, (uchar)0x0u, (uchar)0xc1u, (uchar)0xf6u, (uchar)0x8u, (uchar)0x98u, (uchar)0x8u, (uchar)0x8u), (uchar4)(7, 11, 15, 4)), (uchar8)(1, 4, 0, 1, 6, 4, 0, 5)), (uchar8)((uchar)0x1u, (uchar)0x10u, (uchar)0x3cu, (uchar)0x25u, (uchar)0x1u, (uchar)0x6cu, (uchar)0x40u, (uchar)0x1u), (vload8(0, (__global uchar *)row + ((uint)ctab1[1]) % 9u) + ((uchar8)((uchar)0x0u, (uchar)0x7u, (uchar)0x78u, (uchar)0x5u, (uchar)0xf0u, (uchar)0x7cu, (uchar)0xa6u, (uchar)0x4u) | (uchar8)((uchar)0xdeu, (uchar)0x8u, (uchar)0x0u, (uchar)0x10u, (uchar)0x5u, (uchar)0x2u, (uchar)0xf0u, (uchar)0x7cu))));
                uchar16 v17 = (~(~(uchar16)((uchar)0x8u, (uchar)0x7cu, (uchar)0x7u, (uchar)0x8u, (uchar)0x8u, (uchar)0xbeu, (uchar)0x3u, (uchar)0x20u, (uchar)0x20u, (uchar)0x3u, (uchar)0x4u, (uchar)0x1fu, (uchar)0xc6u, (uchar)0xfu, (uchar)0x38u, (uchar)0x6u)));
                break;
            }
            default: {
                break;
            }
            }
        }
        case 5: {
            v5.s4 = (uint)((uint)((x2 < 0) ? x2 : (uint)(uint)((ulong)ctab0[((uint)(v7 ^ (uint)get_global_id(0))) % 32u] > (ulong)ctab1[(x3) % 16u])) <= mul24((uint)((uint)((uint)mul_hi(x2, x2) + (uint)(uint)x4) & 0xffff), (uint)(shr_uint(x3, (uint)(uint)((uint)x3 - (uint)v7)) & 0xffff)));
            break;
        }
        case 6: {
            float v18 = convert_float(x4);
            break;
        }
        default: {
            x0 = (fdim(x0, convert_double(x4)) + qdbl((ulong)((ulong)min((ulong)0x4ul, (ulong)0x1ul) * (ulong)(ulong)0xd0cd25c9c68af766ul)));
            break;
        }
        }
        v7 = clamp((uint)((__constant uint *)ctab0)[(x2) % 8u], min(x2, (uint)((__global const ushort *)in)[((uint)0xdff6d0d4u) % 2048u]), max(x2, (uint)((__global const ushort *)in)[((uint)0xdff6d0d4u) % 2048u]));
        break;
    }
    default: {
        x4 = (int)((short16)((short)0x7u, (short)0xbe7fu, (short)0x4u, (short)0x3u, (short)0x0u, (short)0x38a4u, (short)0x7379u, (short)0x6u, (short)0x4u, (short)0x6u, (short)0x1c27u, (short)0x80u, (short)0x1667u, (short)0x2000u, (short)0xa49u, (short)0x2u)).s0;
        break;
    }
    }
    lb[lid * 2u + 0u] = (uchar)(ushort)(((ushort)((__constant uint *)ctab1)[((uint)((uint)mul_hi(v6, x2) + (uint)v6)) % 4u] < 0) ? (ushort)((__constant uint *)ctab1)[((uint)((uint)mul_hi(v6, x2) + (uint)v6)) % 4u] : (uint)(ushort)((x5 > min(convert_ushort_sat(v7), x5)) ? (ushort)0x0u : (ushort)clz((ushort)x4)));
    lb[lid * 2u + 1u] = (uchar)x5;
    barrier(CLK_LOCAL_MEM_FENCE);
    x5 ^= (ushort)lb[(lid ^ 26u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v5 = (uint8)(x2, x2, v7, v6, x3, x3, v7, v6);
    short v19 = min((short)clz(shl_short((short)((short)0x6u & (short)((__global ulong_a *)row)[(x2) % 2u]), (uint)x3)), shl_short((short)((uint)(short)((convert_float(v7) >= x1) ? (short)0x5f23u : (short)0x6u) + (uint)(short)((__global uchar_a *)row)[(v7) % 16u]), (uint)(uint)(x3 | v6)));
    arr0[(v6) % 8u] = (uchar)get_global_size(0);
    x2 = add_sat(x3, (uint)((__global const ushort *)in)[(v7) % 2048u]);
    if ((x4 & (int)0xfffu) < (int)0x91f6362bu) {
        v6 = (uint)((uint)(uint)popcount((uint)((__global const uint4 *)in)[(x2) % 256u].y) + (uint)x3);
        arr0[((uint)((uint)0x7u & (uint)((uint)x3 - (uint)(uint)((uint)((uint)v6 * (uint)(uint)ctab0[((uint)v7) % 32u]) | x3)))) % 8u] = (uchar)0xdbu;
        for (uint i19 = 0; i19 < ((uint)v7 & 7u); i19++) {
            if (div_uint((uint)((__global const long2 *)in)[((uint)popcount((uint)0x8u)) % 256u].y, (uint)(((ulong2)((ulong)0xdb5b29bcf4fecf7eul)).s10).y) == x2) {
                x1 = fdim((fmin(x1, (fmin(x1, x1) + 0.0f)) + 0.0f), (fma(x1, x1, (((x4 & (int)0x6cc9e41bu) > (int)0x1a0fe32fu) ? convert_float(x5) : 16777217.0f)) + x1));
            }
            { uint o = acc[26], w = (uint)((((x5 > x5) ? -2.5e-3f : fdim(convert_float(x5), 16777217.0f)) + (x1 - (x1 * 65536.0f))) <= convert_float(clamp((char)0x0u, min((char)0x6u, (char)0x8u), max((char)0x6u, (char)0x8u))));
              while (o < w && !__atomic_compare_exchange_n(&acc[26], &o, w, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {} }
            x0 = copysign(((fdim(x0, x0) * x0) + (((long)as_ulong((vload2((v7) % 512u, (__global const uint *)in))) >= (long)0x2ul) ? convert_double_rtz(v6) : x0)), (isnan(fma(-0.0, x0, x0)) ? 1.0 : fma(-0.0, x0, x0)));
            v19 = rotate((short)(~v19), (short)popcount((short)((__global const uint4 *)in)[((uint)((uint)(vload4(0, (__global ushort *)row + ((uint)popcount((uint)(~v6))) % 5u)).s0 + (uint)(vload4(0, (__global ushort *)row + ((uint)popcount((uint)(~v6))) % 5u)).s1 + (uint)(vload4(0, (__global ushort *)row + ((uint)popcount((uint)(~v6))) % 5u)).s2 + (uint)(vload4(0, (__global ushort *)row + ((uint)popcount((uint)(~v6))) % 5u)).s3)) % 256u].y));
        }
    } else {
        v5 = ((((x1 == x1) ? (uint4)((uint)0x7d66f63bu, (uint)0x83e8f0cbu, (uint)0x8u, (uint)0x24bf39e0u) : bitselect(vload4(0, (__global uint *)row + (convert_uint_sat_rtz(x1)) % 1u), vload4(0, (__global const uint *)in + ((uint)ctab0[(v6) % 32u]) % 1021u), (uint4)((uint)0x3f78995cu, (uint)0x100000u, (uint)0x3u, (uint)0x7u))) - (uint4)(x2))).s13232012;
    }
    x1 = fma(convert_float(v7), (-((-(floor(convert_float(v19)))))), (((ulong)0xd013d5a53d0cbbb1ul < (ulong)popcount((ulong)(~(ulong)((__global const long2 *)in)[((uint)((uint)0x6c37200bu ^ v6)) % 256u].x))) ? x1 : (-((x1 - x1)))));
    row[4u] = (uint)dbits(x0);
    row[5u] = (uint)(dbits(x0) >> 32);
    row[6u] = fbits(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)(x4);
    row[10u] = (uint)(x5);
    row[11u] = (uint)(v5.s0);
    row[12u] = (uint)(v5.s1);
    row[13u] = (uint)(v5.s2);
    row[14u] = (uint)(v5.s3);
    row[15u] = (uint)(v5.s4);
    row[16u] = (uint)(v5.s5);
    row[17u] = (uint)(v5.s6);
    row[18u] = (uint)(v5.s7);
    row[19u] = (uint)(v6);
    row[20u] = (uint)(v7);
    row[21u] = (uint)(v19);
    row[22u] = (uint)(arr0[0]);
    row[23u] = (uint)(arr0[1]);
    row[24u] = (uint)(arr0[2]);
    row[25u] = (uint)(arr0[3]);
    row[26u] = (uint)(arr0[4]);
    row[27u] = (uint)(arr0[5]);
    row[28u] = (uint)(arr0[6]);
    row[29u] = (uint)(arr0[7]);
}
