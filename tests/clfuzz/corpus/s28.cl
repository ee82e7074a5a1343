// clfuzz seed=28 grid=2 block=32 in=1024 out=2048 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static float fn0(ushort p0, short p1, ushort p2) {
    p0 = (ushort)(p0 ^ p2);
    p0 = (ushort)p2;
    p0 = (ushort)p2;
    p2 = shr_ushort(convert_ushort_sat(p1), (uint)(uint)(((uint)p1 < 0) ? (uint)p1 : (uint)(uint)(~(uint)0xbfd908dfu)));
    p1 = shl_short((short)p1, (uint)(uint)clz((uint)p2));
    return convert_float(p2);
}
__attribute__((noinline)) static ulong fn1(ulong p0) {
    for (uint i0 = 0; i0 < 1; i0++) {
    }
    p0 = p0;
    p0 = (ulong)abs_diff((ulong)(ulong)0x2632cf0983fb840cul, (ulong)(ulong)(((uchar)0x40u > (uchar)0x80u) ? (ulong)((ulong)p0 + (ulong)p0) : shr_ulong(p0, (uint)clamp((uint)0x7ffffffu, min((uint)0x8652ae99u, (uint)0x7ffu), max((uint)0x8652ae99u, (uint)0x7ffu)))));
    p0 = p0;
    return (ulong)(-(ulong)(ulong)(~p0));
}
static uchar fn2(uint p0, float p1, short p2) {
    p1 = rint(1.0f);
    p1 = (p1 - convert_float((ushort)0x80u));
    p0 = p0;
    return (uchar)((uchar)p0 ^ (uchar)(((ulong)0x42a3b073853af70aul == (ulong)popcount((ulong)(~(ulong)0x4000000000000000ul))) ? convert_uchar_sat_rtz(p1) : (uchar)0xf7u));
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ulong x0 = (ulong)(((ulong)in[(gid * 4u + 0u) % 1024u] << 32) | in[(gid * 4u + 0u + 1u) % 1024u]);
    float x1 = convert_float((int)in[(gid * 4u + 1u) % 1024u]) * 0.25f;
    uchar x2 = (uchar)in[(gid * 4u + 2u) % 1024u];
    long x3 = (long)(((ulong)in[(gid * 4u + 3u) % 1024u] << 32) | in[(gid * 4u + 3u + 1u) % 1024u]);
    short arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    ulong arr1[16];
    for (uint j = 0; j < 16u; j++) arr1[j] = (ulong)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    switch ((uchar)(-(uint)(uchar)0xb0u) & 7) {
    case 0: {
        x1 = convert_float((char)0xffu);
        break;
    }
    case 5: {
        ulong v2 = (ulong)((ushort)x0 >= (ushort)((ushort)((ushort)x0 ^ (ushort)0x2000u) & (ushort)((ushort)(-(uint)(ushort)0x0u) | (ushort)0xeecu)));
        break;
    }
    default: {
        char v3 = (char)(~(char)(mul_hi((char)((uchar)0x69u < x2), (char)0x1fu) ^ (char)gid));
        break;
    }
    }
    x2 = (uchar)((uint)mul_hi(x2, convert_uchar_sat(x3)) + (uint)(uchar)popcount((uchar)(~x2)));
    if (x1 != x1) {
        x3 = (long)(((div_uint((uint)(convert_uint_sat(x1) & convert_uint_sat_rtz(x1)), (uint)0x4u) & (uint)0xe1b0d1d2u) != (uint)0x0u) ? mul_hi(x3, (long)0x5ul) : x3);
    }
    x0 = (ulong)(((ushort)0x1fu != (ushort)((__global ulong_a *)row)[((uint)0xac03ff00u) % 2u]) ? (ulong)popcount((ulong)(~(ulong)(-(ulong)x0))) : (ulong)(((convert_ulong_sat(fmin(x1, 9.2e18f)) > (ulong)0x5ul) ? x1 : x1) < ((-(1e10f)) - (x1 * x1))));
    x2 = shr_uchar(rotate(shl_uchar((uchar)((__global const uint4 *)in)[((uint)0xc19cc79eu) % 256u].w, (uint)(uint)(~(uint)((__global const short *)in)[((uint)((convert_short_sat(x1) <= (short)0xb27fu) ? (uint)((__global const ulong *)in)[(rotate(convert_uint_sat(x3), (uint)((__global uchar_a *)row)[(upsample((ushort)0x8u, (ushort)((__global uint_a *)row)[((uint)((__global const uchar *)in)[((uint)((uint)0x10000000u ^ (uint)0xc0dffca7u)) % 4096u]) % 4u])) % 16u])) % 512u] : (uint)0x125d8a7u)) % 2048u])), (uchar)0x79u), (uint)(uint)((uint)(uint)0x2u - (uint)(uint)0x7u));
    lm[lid] = (ulong)sub_sat((uint)popcount((uint)0x672de48bu), (uint)((uint)(uint)(x2 < x2) + (uint)(uint)(~(uint)((uint)0x3u & (uint)0x3u))));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (ulong)lm[(lid * 3u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = shr_uchar(x2, (uint)(uint)(shr_uint((uint)0xed162077u, (uint)(uint)0x3ffffu) & (uint)0x6u));
    atomic_and(&acc[14], (uint)((uint)div_uint((uint)((uint)min((uint)0x3fffu, (uint)0xfdf86b9bu) - (uint)(uint)((uint)mul_hi((uint)x2, (uint)0xffu) + (uint)(uint)0x200u)), (uint)abs_diff((uint)convert_uint_sat_rtz(x1), (uint)(uint)get_num_groups(0))) - (uint)(uint)((convert_uint_sat(x1) < 0) ? convert_uint_sat(x1) : (uint)rem_uint((uint)0x10000000u, (uint)((__global const ulong *)in)[((uint)((uint)0x4000u != (uint)0x71e0e6d4u)) % 512u]))));
    for (uint i3 = 0; i3 < 6; i3++) {
        ulong v5 = (ulong)clz(x0);
        x1 = copysign(floor((-0.0f + x1)), (isnan((((x1 * convert_float(v5)) != 0.1f) ? (x1 - x1) : 0.0f)) ? 1.0f : (((x1 * convert_float(v5)) != 0.1f) ? (x1 - x1) : 0.0f)));
        x1 = (x1 + (-((fmax(x1, convert_float(x2)) + 0.0f))));
        v5 = upsample((uint)(~(uint)(i3 & div_uint((uint)((__global const ulong *)in)[(rotate(i3, (uint)x2)) % 512u], i3))), i3);
    }
    for (uint i5 = 0; i5 < 5u; i5++) {
        short v7 = (short)((short)abs_diff((ushort)(short)0x3u, (ushort)(short)popcount((short)(~(short)0xe070u))) | (short)x2);
        if (shr_uchar((uchar)get_group_id(0), (uint)(uint)((uint)((x1 <= 1.0f) ? convert_uint_sat_rtz(x1) : i5) ^ i5)) > (uchar)0x10u) break;
        x0 = fn1(clamp((ulong)((((char)((__global ulong_a *)row)[((uint)(((x0 & (ulong)0x7ul) != (ulong)0x800000ul) ? i5 : (uint)0x80000000u)) % 2u] & (char)0x3fu) != (char)0xf4u) ? shr_ulong(x0, (uint)i5) : (ulong)popcount(x0)), min((ulong)abs_diff((ulong)(ulong)(((ulong)0x10ul < 0) ? (ulong)0x10ul : (ulong)div_ulong((ulong)v7, (ulong)((__global const ulong *)in)[(i5) % 512u])), (ulong)convert_ulong_sat(x3)), (ulong)((ulong)rotate(x0, x0) * (ulong)(ulong)(((int)0x100000u == (int)0xae829d04u) ? x0 : x0))), max((ulong)abs_diff((ulong)(ulong)(((ulong)0x10ul < 0) ? (ulong)0x10ul : (ulong)div_ulong((ulong)v7, (ulong)((__global const ulong *)in)[(i5) % 512u])), (ulong)convert_ulong_sat(x3)), (ulong)((ulong)rotate(x0, x0) * (ulong)(ulong)(((int)0x100000u == (int)0xae829d04u) ? x0 : x0)))));
        x0 = (ulong)(-(ulong)(ulong)((short)popcount((short)0xd7aeu) >= (short)(~v7)));
    }
    x1 = ((x1 <= (3.0f + x1)) ? fdim(convert_float((char)0x3u), (fmin(convert_float(x2), fdim(-1.0f, x1)) + 0.0f)) : (-2.5e-3f - x1));
    lm[lid] = (ulong)convert_char_sat(x3);
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (long)lm[(lid + 2u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    __atomic_fetch_max(&acc[7], (uint)((uint)(uint)((long)x3 <= x3) * (uint)(uint)0x1fffu), __ATOMIC_ACQUIRE);
    x2 = (uchar)((uint)(uchar)popcount((uchar)(~(uchar)(~x2))) - (uint)clamp(x2, min((uchar)0x5du, convert_uchar_sat(x3)), max((uchar)0x5du, convert_uchar_sat(x3))));
    arr0[((uint)0x1u) % 4u] = (short)(~(short)0x8000u);
    x3 = (long)((long)(x3 | x3) | (long)((ulong)(long)clz(shr_long(convert_long_sat_rtz(fmin(x1, 9.2e18f)), (uint)(uint)0xc34c3e00u)) - (ulong)x3));
    if (div_ulong(bitselect(x0, x0, x0), x0) >= (ulong)(-(ulong)(ulong)((__global const uchar *)in)[((uint)((uint)0x0u | (uint)0xefd3d3d0u)) % 4096u])) {
        for (uint i7 = 0; i7 < 5u; i7++) {
            for (uint i8 = 0; i8 < ((uint)i7 & 7u); i8++) {
                x1 = fn0((ushort)0x254u, mul_hi(shr_short((short)0x6u, (uint)(uint)clz(i7)), (short)(~(short)0x45fu)), (ushort)0x4000u);
                x0 = convert_ulong_sat(fmin(x1, 9.2e18f));
            }
            x0 = (ulong)((ulong)x0 + (ulong)div_ulong(x0, (ulong)((short)x0 == shr_short((short)0x8u, (uint)(uint)x3))));
        }
        __atomic_fetch_or(&((__global uchar *)(acc + 52))[11], (uchar)rotate((uchar)(-(uint)(uchar)x3), div_uchar((uchar)(-(uint)x2), (uchar)((uint)mul_hi(x2, (uchar)x0) + (uint)x2))), __ATOMIC_RELAXED);
    }
    long v10 = (long)((ulong)(long)clz((long)((__global const short *)in)[((uint)((uint)(uint)x0 + (uint)(uint)0x2u)) % 2048u]) + (ulong)(long)((ulong)mul_hi(x3, x3) + (ulong)(long)((__global uchar_a *)row)[(upsample((ushort)0xbfe1u, (ushort)0x1c92u)) % 16u]));
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = fbits(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)((ulong)x3 >> 32);
    row[10u] = (uint)(v10);
    row[11u] = (uint)((ulong)v10 >> 32);
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
