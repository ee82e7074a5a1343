// clfuzz seed=17 grid=4 block=256 in=1024 out=28672 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static int fn0(ushort p0, float p1) {
    p0 = max((ushort)popcount((ushort)((uint)(ushort)(-(uint)p0) + (uint)p0)), p0);
    p0 = p0;
    return (int)(convert_long_sat_rtz(fmin(p1, 9.2e18f)) == shl_long((long)0x4ul, (uint)(uint)0x8db0eb42u));
}
__attribute__((noinline)) static ushort fn1(uint p0, int p1) {
    p1 = (int)((uint)(int)p0 - (uint)p1);
    p0 = (uint)popcount((uint)(~(uint)p0));
    p1 = (int)((((int)0xa84ebb83u & (int)0x7af1f5a6u) == (int)0x1u) ? shl_int((int)p1, (uint)(uint)popcount((uint)(~shl_uint(p0, (uint)p0)))) : shl_int((int)p0, (uint)mul24((uint)((uint)p0 & 0xffff), (uint)((uint)p1 & 0xffff))));
    p0 = (uint)(-(uint)sub_sat((uint)p1, p0));
    return convert_ushort_sat(p0);
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = as_float(in[(gid * 3u + 0u) % 1024u] & 0xbfffffffu);
    uchar x1 = (uchar)in[(gid * 3u + 1u) % 1024u];
    uchar x2 = (uchar)in[(gid * 3u + 2u) % 1024u];
    long arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = (x0 * (x0 * x0));
    x1 = (uchar)((__global const uint4 *)in)[((uint)x1) % 256u].y;
    x1 = (uchar)clz(x2);
    x1 = x1;
    x1 = (uchar)popcount((uchar)((uchar)(((long)0xe6f77a752b2b6252ul < (long)0x8c19cbeb6d513ea7ul) ? (uchar)((__global const uint4 *)in)[((uint)0x3u) % 256u].x : x1) & convert_uchar_sat_rtz(x0)));
    x1 = x1;
    x1 = (uchar)popcount(shr_uchar(x2, (uint)(uint)popcount((uint)(~(uint)0x1fffu))));
    float v1 = (fmax((((uint)(~(uint)((__global const long2 *)in)[((uint)0x1000u) % 256u].x) >= (uint)0xc835249bu) ? x0 : (x0 + x0)), convert_float(x1)) + 0.0f);
    lm[lid] = (ulong)mul_hi(bitselect(convert_ulong_sat_rtz(fmin(v1, 9.2e18f)), (ulong)0x0ul, rem_ulong((ulong)x2, (ulong)0xc6df7d5508aab085ul)), clamp((ulong)0x6ul, min(convert_ulong_sat_rtz(fmin(x0, 9.2e18f)), hadd((ulong)0x7ffffffffffffffful, (ulong)((ulong)(ulong)gid * (ulong)(ulong)0x61ddf9aad9fed810ul))), max(convert_ulong_sat_rtz(fmin(x0, 9.2e18f)), hadd((ulong)0x7ffffffffffffffful, (ulong)((ulong)(ulong)gid * (ulong)(ulong)0x61ddf9aad9fed810ul)))));
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (uchar)lm[(lid * 3u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    long v2 = convert_long_sat(x2);
    x1 = rem_uchar(x1, mul_hi((uchar)(x2 | (uchar)((uint)x2 - (uint)x1)), (uchar)popcount((uchar)((uint)x1 * (uint)(uchar)x2))));
    v1 = copysign(fdim(x0, copysign(copysign(v1, (isnan(v1) ? 1.0f : v1)), (isnan(convert_float(x1)) ? 1.0f : convert_float(x1)))), (isnan(fabs(v1)) ? 1.0f : fabs(v1)));
    x0 = v1;
    if (mul_hi((ulong)0x9784caa0b3533282ul, (ulong)((__global const char *)in)[((uint)(3.0f > v1)) % 4096u]) <= convert_ulong_sat(fmin(v1, 9.2e18f))) {
        arr0[((uint)0x19734508u) % 16u] = (long)0x1000000000000000ul;
        v1 = (fmax((-0.0f + convert_float(x2)), ((fmax(v1, 0.5f) + 0.0f) * v1)) + 0.0f);
    } else {
        x0 = copysign(((fmin(convert_float(x2), convert_float(x2)) + 0.0f) - 0.0f), (isnan(x0) ? 1.0f : x0));
    }
    for (uint i2 = 0; i2 < 5u; i2++) {
        x2 = (uchar)abs_diff((uchar)max(div_uchar(convert_uchar_sat(x0), (uchar)popcount((uchar)0x50u)), (uchar)((x2 < 0) ? x2 : (uint)x1)), (uchar)x2);
    }
    v2 = hadd(v2, clamp((long)(~(long)((__global const short *)in)[((uint)0x74c65c9fu) % 2048u]), min(v2, (long)((__global const long2 *)in)[((uint)0x113d64c0u) % 256u].y), max(v2, (long)((__global const long2 *)in)[((uint)0x113d64c0u) % 256u].y)));
    x0 = x0;
    float v4 = fabs((convert_float((short)x2) - (v1 * convert_float((ulong)x2))));
    lb[lid * 2u + 1u] = (uchar)div_short((short)0x3901u, (short)0x7ffu);
    lb[lid * 2u + 0u] = (uchar)(short)popcount((short)(~convert_short_sat(x1)));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (uchar)lb[((lid * 11u) % 256u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 = (1.0f + trunc(convert_float((uchar)x2)));
    v1 = convert_float(shr_char((char)0x8u, (uint)(uint)0x8u));
    __atomic_fetch_or(&((__global ulong *)(acc + 32))[6], (ulong)(ulong)((convert_ulong_sat_rtz(fmin(x0, 9.2e18f)) < 0) ? convert_ulong_sat_rtz(fmin(x0, 9.2e18f)) : (ulong)(ulong)(~convert_ulong_sat_rtz(fmin(v4, 9.2e18f)))), __ATOMIC_SEQ_CST);
    char v5 = (char)0x7u;
    x2 = x1;
    row[4u] = fbits(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = fbits(v1);
    row[8u] = (uint)(v2);
    row[9u] = (uint)((ulong)v2 >> 32);
    row[10u] = fbits(v4);
    row[11u] = (uint)(v5);
    row[12u] = (uint)(arr0[0]);
    row[13u] = (uint)(arr0[1]);
    row[14u] = (uint)(arr0[2]);
    row[15u] = (uint)(arr0[3]);
    row[16u] = (uint)(arr0[4]);
    row[17u] = (uint)(arr0[5]);
    row[18u] = (uint)(arr0[6]);
    row[19u] = (uint)(arr0[7]);
    row[20u] = (uint)(arr0[8]);
    row[21u] = (uint)(arr0[9]);
    row[22u] = (uint)(arr0[10]);
    row[23u] = (uint)(arr0[11]);
    row[24u] = (uint)(arr0[12]);
    row[25u] = (uint)(arr0[13]);
    row[26u] = (uint)(arr0[14]);
    row[27u] = (uint)(arr0[15]);
}
