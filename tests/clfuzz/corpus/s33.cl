// clfuzz seed=33 grid=2 block=256 in=1024 out=14336 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
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
typedef uchar __attribute__((may_alias)) uchar_a;
typedef ushort __attribute__((may_alias)) ushort_a;
typedef uint __attribute__((may_alias)) uint_a;
typedef ulong __attribute__((may_alias)) ulong_a;
typedef uint2 __attribute__((may_alias)) uint2_a;
static short fn0(long p0, float p1) {
    p1 = (-(fma(convert_float((char)0x0u), fma((-(convert_float(p0))), (fmax(p1, p1) + 0.0f), (-(p1))), -2.5e-3f)));
    p0 = (long)((convert_float(p0) + p1) >= rint((fmax(fma(p1, p1, convert_float(p0)), p1) + 0.0f)));
    p0 = bitselect(p0, p0, convert_long_sat_rtz(fmin(p1, 9.2e18f)));
    return (short)((p1 < convert_float(p0)) ? (short)((uint)(short)p0 + (uint)(short)0x124du) : (short)0x6u);
}
__attribute__((noinline)) static float fn1(int p0, uchar p1, ushort p2) {
    p0 = (int)((uint)(int)abs_diff((uint)(int)(((int)p0 == (int)p0) ? p0 : (int)(p0 | p0)), (uint)(int)p0) * (uint)(int)(p0 | p0));
    p1 = shl_uchar((uchar)p1, (uint)(uint)0x3975ea99u);
    return fma(convert_float(p1), convert_float(p0), trunc(0.5f));
}
static ushort fn2(ushort p0, ulong p1, float p2) {
    p1 = p1;
    p2 = fdim(p2, 65536.0f);
    return (ushort)clz(p0);
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    uchar x0 = (uchar)in[(gid * 4u + 0u) % 1024u];
    char x1 = (char)in[(gid * 4u + 1u) % 1024u];
    ushort x2 = (ushort)in[(gid * 4u + 2u) % 1024u];
    ushort x3 = (ushort)in[(gid * 4u + 3u) % 1024u];
    int arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    ushort arr1[8];
    for (uint j = 0; j < 8u; j++) arr1[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    ushort v1 = (ushort)popcount(rotate((ushort)clz(upsample(x0, (uchar)((__global ushort_a *)row)[((uint)0x7ffffffu) % 8u])), x2));
    x0 = div_uchar(x0, x0);
    x0 = shl_uchar(shr_uchar((uchar)get_local_size(0), (uint)(uint)((__global const uchar *)in)[((uint)0x4u) % 4096u]), (uint)(uint)abs((uint)0xaa353275u));
    x1 = mul_hi(rotate((char)x2, x1), (char)((char)get_local_size(0) ^ x1));
    x1 = (char)((uint)x1 - (uint)(char)(convert_char_sat(v1) | x1));
    lb[lid * 2u + 0u] = (uchar)x1;
    lb[lid * 2u + 1u] = (uchar)(char)(((long)(~(long)((ulong)(long)0x2be37171e9caa390ul + (ulong)(long)((__global ushort_a *)row)[((uint)0xa5fa6d23u) % 8u])) >= (long)0x53f06b15d81a542ul) ? (char)((uint)(char)((char)(((int)((__global ushort_a *)row)[((uint)(-(uint)(uint)0x5u)) % 8u] >= convert_int_sat(x1)) ? x1 : (char)((__global uchar_a *)row)[((uint)0x5u) % 16u]) | (char)get_global_size(0)) + (uint)(char)((__global const uint4 *)in)[((uint)((ushort)((__global const uchar *)in)[((uint)v1) % 4096u] <= x3)) % 256u].z) : (char)((x1 < 0) ? x1 : (uint)x1));
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 ^= (ushort)lb[(lid ^ 141u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = rotate((ushort)v1, (ushort)0xded8u);
    float v2 = trunc((0.5f - convert_float((uint)0x38886a69u)));
    x3 = (ushort)((uint)x3 + (uint)v1);
    x2 = x3;
    x0 = x0;
    char v3 = (char)(add_sat((char)((uint)mul_hi((char)((char)((__global ushort_a *)row)[((uint)x1) % 8u] & x1), (char)((ulong)0xc7c4b35d2e5cfa59ul < (ulong)0x5ul)) + (uint)(char)((ushort)0x67aeu != (ushort)0x5u)), (char)((uint)(char)((uint)x1 * (uint)x1) - (uint)shr_char(x1, (uint)(uint)0x3354ecf5u))) | shl_char((char)(rem_short((short)0x8686u, (short)0xc6cfu) == (short)0x2ca8u), (uint)(uint)((uint)(uint)x0 - (uint)convert_uint_sat(x3))));
    x3 = (ushort)((uint)x2 + (uint)(ushort)x0);
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)(v1);
    row[9u] = fbits(v2);
    row[10u] = (uint)(v3);
    row[11u] = (uint)(arr0[0]);
    row[12u] = (uint)(arr0[1]);
    row[13u] = (uint)(arr0[2]);
    row[14u] = (uint)(arr0[3]);
    row[15u] = (uint)(arr0[4]);
    row[16u] = (uint)(arr0[5]);
    row[17u] = (uint)(arr0[6]);
    row[18u] = (uint)(arr0[7]);
    row[19u] = (uint)(arr1[0]);
    row[20u] = (uint)(arr1[1]);
    row[21u] = (uint)(arr1[2]);
    row[22u] = (uint)(arr1[3]);
    row[23u] = (uint)(arr1[4]);
    row[24u] = (uint)(arr1[5]);
    row[25u] = (uint)(arr1[6]);
    row[26u] = (uint)(arr1[7]);
}
