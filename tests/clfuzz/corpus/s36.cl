// clfuzz seed=36 grid=1 block=64 in=1024 out=1408 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 22u
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
static uint fn0(uchar p0) {
    p0 = shr_uchar((uchar)p0, (uint)(uint)0x8u);
    for (uint i0 = 0; i0 < 5u; i0++) {
        if ((int)0x80000000u >= (int)(-(uint)(int)0x7u)) continue;
        p0 = rem_uchar((uchar)((uint)p0 + (uint)p0), mul_hi((uchar)(convert_ushort_sat(p0) <= (ushort)0x5af7u), (uchar)(p0 & div_uchar(p0, p0))));
        if ((char)0x33u < (char)0x2u) {
            uint v2 = (uint)((uint)mul_hi(rotate((uint)(((short)0x7ffu <= (short)0x1fffu) ? i0 : i0), (uint)(~i0)), (uint)((uint)(i0 | (uint)0x3ffu) ^ i0)) + (uint)shl_uint(i0, (uint)min((uint)p0, (uint)((uint)i0 - (uint)i0))));
        }
    }
    p0 = rotate(p0, p0);
    return (uint)(((uint)p0 < (uint)0x8u) ? (uint)((uint)(uint)((uint)(uint)0xb1063491u + (uint)(uint)abs((uint)0x100f5f76u)) * (uint)(uint)p0) : (uint)clz((uint)(((ushort)0x1ffu <= (ushort)0x2u) ? (uint)p0 : (uint)((uint)0x5u ^ (uint)0xe2dbfcfu))));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    uchar x0 = (uchar)in[(gid * 6u + 0u) % 1024u];
    long x1 = (long)(((ulong)in[(gid * 6u + 1u) % 1024u] << 32) | in[(gid * 6u + 1u + 1u) % 1024u]);
    ushort x2 = (ushort)in[(gid * 6u + 2u) % 1024u];
    ushort x3 = (ushort)in[(gid * 6u + 3u) % 1024u];
    char x4 = (char)in[(gid * 6u + 4u) % 1024u];
    ulong x5 = (ulong)(((ulong)in[(gid * 6u + 5u) % 1024u] << 32) | in[(gid * 6u + 5u + 1u) % 1024u]);
    long arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x5 = clamp(x5, min((ulong)((ulong)x5 + (ulong)(ulong)(-(ulong)(ulong)(((ulong)x5 < 0) ? (ulong)x5 : (ulong)x5))), min((ulong)((__global const ushort *)in)[((uint)0x1d2f1067u) % 2048u], (ulong)x4)), max((ulong)((ulong)x5 + (ulong)(ulong)(-(ulong)(ulong)(((ulong)x5 < 0) ? (ulong)x5 : (ulong)x5))), min((ulong)((__global const ushort *)in)[((uint)0x1d2f1067u) % 2048u], (ulong)x4)));
    x0 = (uchar)abs_diff((uchar)(uchar)0x0u, (uchar)rhadd((uchar)(x0 & x0), (uchar)((uint)max((uchar)0x34u, x0) - (uint)x0)));
    ((__global ushort_a *)row)[((uint)(((convert_float(x2) + convert_float(x4)) * (fmax(convert_float((int)0x38b10db6u), 16777217.0f) + 0.0f)) < convert_float(shr_long(x1, (uint)(uint)(x0 <= x0))))) % 8u] = (ushort)x3;
    if (rotate(x5, x5) <= x5) {
        x2 = (ushort)((uint)(ushort)get_group_id(0) + (uint)x3);
        __atomic_fetch_add(&((__global float *)(acc + 56))[3], (float)(convert_uint_sat(x4) & 0xffu), __ATOMIC_RELEASE);
    } else {
        arr0[((uint)((uint)(uint)0x4b5f242cu * (uint)rotate((uint)0x2u, (uint)0x3u))) % 4u] = (long)((ulong)(long)(~(long)((__global const uint4 *)in)[((uint)0x7u) % 256u].z) + (ulong)rem_long((long)((ulong)(long)0x4112afb8e548464bul + (ulong)x1), x1));
    }
    arr0[(shl_uint((uint)0x1ffffu, (uint)(uint)0x0u)) % 4u] = (long)(~(long)0x9fae0bef6284ed64ul);
    uint v3 = (uint)popcount((uint)(~rhadd((uint)(((uint)0xbcdc5a9bu < 0) ? (uint)0xbcdc5a9bu : (uint)(uint)(convert_uint_sat(x3) | (uint)get_group_id(0))), shr_uint((uint)((__global const uint4 *)in)[((uint)0x29004ffu) % 256u].w, (uint)(uint)((uint)mul_hi((uint)0x98e0e933u, (uint)0x3a785db2u) + (uint)(uint)0x1u)))));
    v3 = v3;
    v3 = (uint)(-(uint)(uint)popcount((uint)(~v3)));
    v3 = v3;
    lm[lid] = (ulong)x1;
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (ushort)lm[63u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    ulong v4 = (ulong)(((ulong)x2 < 0) ? (ulong)x2 : (ulong)(ulong)(-(ulong)(ulong)((ulong)x5 - (ulong)(ulong)0x7540a75114d5d7ddul)));
    x5 = rotate((ulong)x2, upsample(rhadd((uint)((__global ulong_a *)row)[((uint)x1) % 2u], mul_hi((uint)0x6u, (uint)((__global const char *)in)[(v3) % 4096u])), v3));
    if ((uchar)0x4u < (uchar)((uint)mul_hi((uchar)clz(x0), x0) + (uint)rem_uchar(x0, x0))) {
        ((__global uint_a *)row)[(rotate(v3, (uint)(-(uint)v3))) % 4u] = (uint)v3;
        arr0[(add_sat(shr_uint(v3, (uint)v3), (uint)((__global ulong_a *)row)[(v3) % 2u])) % 4u] = (long)((ulong)(long)((ulong)x1 - (ulong)(long)(x1 ^ (long)((ulong)(long)((__global const char *)in)[((uint)((uint)mul_hi(v3, v3) + (uint)(uint)x1)) % 4096u] + (ulong)x1))) + (ulong)x1);
        for (uint i4 = 0; i4 < ((uint)v3 & 7u); i4++) {
            if (x0 <= (uchar)0x65u) {
                short v6 = (short)(convert_short_sat(x3) & shr_short((short)0x3u, (uint)(uint)((uint)(uint)v4 - (uint)(uint)0x4u)));
            } else {
                x4 = x4;
            }
            x1 = (long)(~convert_long_sat(v4));
        }
    } else {
        if ((uint)v3 < (uint)popcount((uint)(-(uint)v3))) {
            x0 = (uchar)0x3u;
            v3 = (uint)((uint)v3 & min(shr_uint((uint)0x3fffffffu, (uint)(uint)0xdc206870u), rem_uint(v3, v3)));
        } else {
            x5 = bitselect(bitselect(x5, (ulong)(~(ulong)((__global const char *)in)[(mad24((uint)((uint)((__global const uchar *)in)[((uint)gid) % 4096u] & 0xffff), (uint)(v3 & 0xffff), v3)) % 4096u]), (ulong)((__global const short *)in)[(shr_uint((uint)v3, (uint)v3)) % 2048u]), x5, x5);
        }
    }
    char v7 = (char)((uint)x4 + (uint)x4);
    lb[lid * 2u + 0u] = (uchar)v7;
    lb[lid * 2u + 1u] = (uchar)shr_char((char)clz(v7), (uint)(uint)abs_diff((uint)v3, (uint)v3));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (uchar)lb[((lid * 9u) % 64u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (max((short)((short)0xd8cu > (short)0x1u), (short)sub_sat((ushort)(short)0x128u, (ushort)(short)abs_diff((ushort)(short)0x3u, (ushort)(short)0x1u))) < shr_short((short)((1e10f < 1.0f) ? (short)0x377du : (short)0x5u), (uint)rotate(v3, v3))) {
        ((__global uchar_a *)row)[((uint)((ulong)(v4 & (ulong)(upsample(v3, v3) ^ (ulong)((ulong)(ulong)get_global_size(0) - (ulong)v4))) >= bitselect((ulong)clz((ulong)((ulong)x5 - (ulong)x5)), shl_ulong(v4, (uint)v3), v4))) % 16u] = (uchar)(uchar)v7;
        v7 = (char)((char)((ushort)((uint)x2 - (uint)rotate((ushort)x5, x2)) >= (ushort)((uint)mul_hi(shl_ushort((ushort)x3, (uint)v3), x3) + (uint)shr_ushort((ushort)0xd3cbu, (uint)v3))) & (char)(mul_hi(v7, (char)((__global uchar_a *)row)[((uint)(v3 & v3)) % 16u]) ^ (char)0x7u));
    }
    x0 = (uchar)((uint)(uchar)((uint)x0 * (uint)div_uchar((uchar)x1, x0)) * (uint)(uchar)(-(uint)(uchar)((uint)(uchar)((__global uint_a *)row)[(v3) % 4u] * (uint)shl_uchar(x0, (uint)v3))));
    x3 = upsample((uchar)popcount((uchar)((uint)(uchar)(((short)0x3u > (short)0x2u) ? x0 : x0) - (uint)x0)), shr_uchar(shr_uchar((uchar)0xafu, (uint)(uint)((uint)v3 * (uint)(uint)x5)), (uint)(uint)((__global const ulong *)in)[((uint)gid) % 512u]));
    x1 = x1;
    ushort v8 = (ushort)(-(uint)convert_ushort_sat(x5));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)((ulong)x1 >> 32);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)(x4);
    row[10u] = (uint)(x5);
    row[11u] = (uint)((ulong)x5 >> 32);
    row[12u] = (uint)(v3);
    row[13u] = (uint)(v4);
    row[14u] = (uint)((ulong)v4 >> 32);
    row[15u] = (uint)(v7);
    row[16u] = (uint)(v8);
    row[17u] = (uint)(arr0[0]);
    row[18u] = (uint)(arr0[1]);
    row[19u] = (uint)(arr0[2]);
    row[20u] = (uint)(arr0[3]);
}
