// clfuzz seed=0 grid=4 block=128 in=1024 out=15360 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
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
typedef uchar __attribute__((may_alias)) uchar_a;
typedef ushort __attribute__((may_alias)) ushort_a;
typedef uint __attribute__((may_alias)) uint_a;
typedef ulong __attribute__((may_alias)) ulong_a;
typedef uint2 __attribute__((may_alias)) uint2_a;
static uint fn0(long p0, ulong p1, uint p2) {
    p0 = div_long(min((long)p1, p0), upsample(shr_int(convert_int_sat(p0), (uint)(uint)((uint)p2 * (uint)p2)), (uint)((uint)shl_uint(p2, (uint)convert_uint_sat(p0)) + (uint)p2)));
    p2 = (uint)((uint)p2 ^ p2);
    p0 = (long)(-(ulong)(long)((ulong)shr_long(p0, (uint)(uint)((uint)(uint)p2 + (uint)p2)) * (ulong)p0));
    for (uint i0 = 0; i0 < ((uint)p2 & 7u); i0++) {
        p2 = (uint)(-(uint)(uint)p2);
    }
    return (uint)((((ulong)0xe8f6cf32a25b59fdul & (ulong)0xae3b16ec9a27d858ul) == (ulong)0x1ul) ? (uint)clz(p2) : p2);
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    long x0 = (long)(((ulong)in[(gid * 3u + 0u) % 1024u] << 32) | in[(gid * 3u + 0u + 1u) % 1024u]);
    short x1 = (short)in[(gid * 3u + 1u) % 1024u];
    uchar x2 = (uchar)in[(gid * 3u + 2u) % 1024u];
    ulong arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (ulong)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    char v2 = (char)((ushort)0xb306u <= (ushort)(-(uint)(ushort)x1));
    x1 = (short)((uint)x1 * (uint)(short)x0);
    switch (min((uchar)((uint)(uchar)((x2 > x2) ? x2 : (uchar)gid) - (uint)(uchar)(((ushort)0xac7cu != (ushort)0xfffu) ? (uchar)((uint)x2 + (uint)(uchar)0x7cu) : mul_hi((uchar)x2, x2))), (uchar)x1) & 7) {
    case 0: {
        __atomic_fetch_min(&((__global long *)(acc + 32))[3], (long)shr_long((long)(~(long)x0), (uint)(uint)((uint)0x58d87776u | (uint)0xad40415u)), __ATOMIC_ACQUIRE);
        break;
    }
    case 1: {
        x0 = bitselect(x0, x0, x0);
        break;
    }
    case 2: {
        __atomic_fetch_or(&((__global ushort *)(acc + 48))[1], (ushort)(ushort)0x26bdu, __ATOMIC_ACQUIRE);
        float v3 = (convert_float((ulong)abs(hadd((ulong)0xe6256403bf3df0bbul, (ulong)0x3fffful))) * (fdim(copysign(0.0f, (isnan(1.0f) ? 1.0f : 1.0f)), 3.0f) - convert_float(x2)));
    }
    case 5: {
        for (uint i3 = 0; i3 < 7; i3++) {
            __atomic_fetch_add(&((__global float *)(acc + 56))[6], (float)((uint)(-(uint)(uint)v2) & 0xffu), __ATOMIC_SEQ_CST);
        }
    }
    case 6: {
        x0 = rem_long(x0, rem_long(x0, (long)((long)gid & x0)));
        break;
    }
    default: {
        v2 = v2;
        break;
    }
    }
    long v5 = (long)((ulong)(long)((long)0x7ul ^ x0) + (ulong)(long)(((char)x2 >= (char)((char)x0 ^ v2)) ? (long)((__global const short *)in)[((uint)((uint)(uint)0x8u - (uint)(uint)0x374a6cc9u)) % 2048u] : (long)get_num_groups(0)));
    v2 = rotate(rotate((char)((__global const uint4 *)in)[(mul24((uint)((uint)0xf655860bu & 0xffff), (uint)((uint)0x5u & 0xffff))) % 256u].x, v2), (char)((uint)(char)(~(char)0x4bu) * (uint)v2));
    x0 = shr_long((long)x2, (uint)(uint)v5);
    lm[lid] = (ulong)(ushort)0x1000u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (uchar)lm[(lid + 122u) % 128u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = (uchar)((uint)rotate((uchar)(x2 | x2), x2) + (uint)(uchar)((uint)mul_hi(x2, x2) + (uint)x2));
    switch ((int)popcount((int)(~(int)0x7u)) & 7) {
    case 0: {
        v2 = (char)((uint)(char)((__global const char *)in)[((uint)0x78aff58eu) % 4096u] + (uint)shl_char(v2, (uint)convert_uint_sat(x0)));
        v2 = shr_char(convert_char_sat(v5), (uint)(uint)0x1e415c4eu);
        break;
    }
    case 2: {
        x0 = rem_long(hadd((long)0xc9c5fef1e76f8a76ul, x0), (long)0x800000000000000ul);
        break;
    }
    case 3: {
        for (uint i5 = 0; i5 < 8; i5++) {
            x0 = (long)(hadd(x0, (long)((ulong)mul_hi(x0, (long)0x4ae302f3b31e9be8ul) * (ulong)shl_long(v5, (uint)i5))) ^ (long)(((ulong)0x2ul != (ulong)0x596305b371b221e4ul) ? (long)get_global_size(0) : x0));
            v2 = (char)0x4u;
            arr0[((uint)((long)0x413770e27d7de1f5ul <= (long)(-(ulong)x0))) % 16u] = (ulong)0x6ul;
            v2 = shl_char((char)((0.1f == 0.0f) ? v2 : v2), (uint)shr_uint(rem_uint(i5, (uint)0x10u), (uint)(uint)((__global const long2 *)in)[(bitselect(i5, i5, i5)) % 256u].x));
        }
        v2 = (char)((uint)mul_hi(shl_char(v2, (uint)(uint)(((ulong)0xb6088c973380dcfcul == (ulong)0x7fffffffffffffful) ? (uint)0xb63f83c6u : (uint)((__global const uchar *)in)[((uint)0xa8dce886u) % 4096u])), (char)v2) + (uint)(char)((__global const short *)in)[((uint)0x483c1a4eu) % 2048u]);
        break;
    }
    case 7: {
        uint v7 = shl_uint((uint)0x23254d81u, (uint)(uint)abs((uint)0xe0789f97u));
        break;
    }
    default: {
        for (uint i7 = 0; i7 < 4; i7++) {
            x0 = shl_long(x0, (uint)(uint)0x8u);
            ushort v9 = (ushort)((uint)mul_hi((ushort)0x5u, (ushort)0x6c32u) + (uint)(ushort)v2);
            x2 = (uchar)popcount((uchar)(~(uchar)x0));
        }
        break;
    }
    }
    ulong v10 = (ulong)0x839137a6a9774b71ul;
    v5 = (long)((ulong)v5 - (ulong)(long)((ulong)(long)((ulong)v5 - (ulong)(long)(-(ulong)(long)((__global const uint4 *)in)[(convert_uint_sat(x2)) % 256u].y)) - (ulong)(long)(((long)x2 < 0) ? (long)x2 : (ulong)(long)((ulong)mul_hi(v5, v5) + (ulong)v5))));
    x0 = (long)((ulong)mul_hi((long)((shr_uchar((uchar)((__global const ushort *)in)[((uint)x2) % 2048u], (uint)(uint)0x2u) >= (uchar)v2) ? v5 : (long)abs((long)(-(ulong)(long)0x1847803d840fccbul))), (long)((long)popcount((long)(~(long)v10)) ^ shl_long((long)((ushort)0xa0b8u > (ushort)0x3u), (uint)(uint)0x6u))) + (ulong)v5);
    v10 = v10;
    v10 = shr_ulong((ulong)v5, (uint)(uint)0x33e9e55eu);
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(v2);
    row[9u] = (uint)(v5);
    row[10u] = (uint)((ulong)v5 >> 32);
    row[11u] = (uint)(v10);
    row[12u] = (uint)((ulong)v10 >> 32);
    row[13u] = (uint)(arr0[0]);
    row[14u] = (uint)(arr0[1]);
    row[15u] = (uint)(arr0[2]);
    row[16u] = (uint)(arr0[3]);
    row[17u] = (uint)(arr0[4]);
    row[18u] = (uint)(arr0[5]);
    row[19u] = (uint)(arr0[6]);
    row[20u] = (uint)(arr0[7]);
    row[21u] = (uint)(arr0[8]);
    row[22u] = (uint)(arr0[9]);
    row[23u] = (uint)(arr0[10]);
    row[24u] = (uint)(arr0[11]);
    row[25u] = (uint)(arr0[12]);
    row[26u] = (uint)(arr0[13]);
    row[27u] = (uint)(arr0[14]);
    row[28u] = (uint)(arr0[15]);
}
