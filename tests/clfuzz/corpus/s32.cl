// clfuzz seed=32 grid=2 block=32 in=1024 out=1536 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 24u
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
static uint fn0(short p0, long p1, uchar p2) {
    p1 = bitselect(p1, rhadd((long)(-(ulong)p1), (long)(p1 ^ (long)((p1 < 0) ? p1 : (ulong)p1))), (long)p2);
    p0 = shl_short(p0, (uint)rem_uint(mul_hi(add_sat((uint)p0, (uint)0x1000000u), (uint)0x8u), (uint)(shl_long((long)0x6ul, (uint)(uint)0xffu) <= p1)));
    return mul_hi((uint)0x2ab86fedu, (uint)(((ulong)0x5ul != (ulong)p2) ? (uint)p2 : (uint)((char)((uint)(char)p0 * (uint)(char)0x32u) <= convert_char_sat(p1))));
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    int x0 = (int)in[(gid * 6u + 0u) % 1024u];
    short x1 = (short)in[(gid * 6u + 1u) % 1024u];
    ushort x2 = (ushort)in[(gid * 6u + 2u) % 1024u];
    short x3 = (short)in[(gid * 6u + 3u) % 1024u];
    float x4 = convert_float((int)in[(gid * 6u + 4u) % 1024u]) * 0.25f;
    long x5 = (long)(((ulong)in[(gid * 6u + 5u) % 1024u] << 32) | in[(gid * 6u + 5u + 1u) % 1024u]);
    uchar arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (uchar)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = (int)((int)0x131be0e6u ^ x0);
    x1 = (short)((uint)x3 + (uint)convert_short_sat(x0));
    x1 = (short)0x8000u;
    for (uint i0 = 0; i0 < 5; i0++) {
        x5 = shl_long((long)((ulong)x5 - (ulong)rhadd(convert_long_sat_rtz(fmin(x4, 9.2e18f)), (long)((long)x2 | (long)0x7ul))), (uint)i0);
        x0 = rotate(x0, (int)((x0 < 0) ? x0 : (uint)shr_int((int)(x0 | convert_int_sat_rtz(x4)), (uint)i0)));
    }
    lm[lid] = (ulong)x0;
    barrier(CLK_LOCAL_MEM_FENCE);
    x5 ^= (long)lm[(lid + 9u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    __atomic_fetch_add(&((__global float *)(acc + 56))[0], (float)((uint)0x4000000u & 0xffu), __ATOMIC_ACQ_REL);
    x5 = (long)((ulong)rotate(add_sat(x5, (long)(~x5)), x5) * (ulong)convert_long_sat(x2));
    x2 = (ushort)0xb71cu;
    ushort v2 = (ushort)clz(rem_ushort((ushort)((x3 < x3) ? x2 : (ushort)x3), hadd((ushort)x5, (ushort)x1)));
    v2 = (ushort)popcount(max(div_ushort(convert_ushort_sat(x3), convert_ushort_sat(x5)), x2));
    uchar v3 = (uchar)0x1u;
    if (x1 > clamp(x1, min(clamp((short)0x2u, min(x3, (short)0x4u), max(x3, (short)0x4u)), (short)0x2u), max(clamp((short)0x2u, min(x3, (short)0x4u), max(x3, (short)0x4u)), (short)0x2u))) {
        x1 = x3;
    }
    lb[lid * 2u + 0u] = (uchar)(uchar)((uint)v3 - (uint)(uchar)abs_diff((uchar)(uchar)((uint)(uchar)((__global uchar_a *)row)[((uint)(-(uint)(uint)0x7b2864bu)) % 16u] - (uint)v3), (uchar)(uchar)((uint)(uchar)((uint)(uchar)v3 * (uint)(uchar)get_group_id(0)) * (uint)(uchar)0xd6u)));
    lb[lid * 2u + 1u] = (uchar)add_sat((uchar)((__global const ulong *)in)[((uint)0xe1bc69e4u) % 512u], (uchar)(v3 ^ hadd(v3, clamp((uchar)((__global const short *)in)[((uint)((uint)(uint)x1 + (uint)(uint)0x6dd9c94eu)) % 2048u], min(v3, convert_uchar_sat_rtz(x4)), max(v3, convert_uchar_sat_rtz(x4))))));
    barrier(CLK_LOCAL_MEM_FENCE);
    v2 ^= (ushort)lb[(lid ^ 11u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v4 = (uint)(rhadd(shl_int(min((int)v3, (int)((__global const uchar *)in)[(shr_uint((uint)0x3u, (uint)(uint)0x5u)) % 4096u]), (uint)(uint)0x4000u), hadd((int)((uint)x0 + (uint)x0), convert_int_sat(x4))) > (int)(-(uint)(int)((uint)shl_int((int)((__global const short *)in)[((uint)0x8u) % 2048u], (uint)(uint)0xb5aeda39u) * (uint)(int)((x4 == 1.0f) ? convert_int_sat(x3) : x0))));
    v4 = (uint)((uint)v4 * (uint)(uint)x3);
    x1 = x3;
    x1 = (short)(x1 & (short)(rhadd((ulong)((__global const short *)in)[((uint)abs_diff((uint)(uint)0x4eb4a39au, (uint)v4)) % 2048u], (ulong)0xea729f070eaa67e8ul) > (ulong)0x3ul));
    for (uint i4 = 0; i4 < 3; i4++) {
        x2 = (ushort)(convert_float(v4) >= (x4 + (x4 - -0.0f)));
        x0 = (int)((int)0x2u ^ (int)0x4u);
        switch (clamp(shl_uint((uint)((__global uchar_a *)row)[(v4) % 16u], (uint)v4), min(upsample(v2, shl_ushort((ushort)(v2 ^ x2), (uint)(uint)0x1c013fb9u)), mul_hi((uint)0x2u, shr_uint((uint)(~i4), (uint)v4))), max(upsample(v2, shl_ushort((ushort)(v2 ^ x2), (uint)(uint)0x1c013fb9u)), mul_hi((uint)0x2u, shr_uint((uint)(~i4), (uint)v4)))) & 7) {
        case 1: {
            x0 = x0;
            break;
        }
        case 4: {
            x2 = v2;
            switch ((uint)x0 & 7) {
            case 1: {
                arr0[((uint)abs_diff((uint)(uint)x3, (uint)i4)) % 8u] = v3;
                arr0[((uint)((uint)rhadd((uint)(-(uint)(uint)((x5 < x5) ? i4 : i4)), i4) + (uint)i4)) % 8u] = (uchar)(v3 ^ (uchar)(((uchar)((uint)(uchar)((__global ushort_a *)row)[((uint)((__global const uint4 *)in)[((uint)((uint)v4 * (uint)i4)) % 256u].w) % 8u] + (uint)v3) < 0) ? (uchar)((uint)(uchar)((__global ushort_a *)row)[((uint)((__global const uint4 *)in)[((uint)((uint)v4 * (uint)i4)) % 256u].w) % 8u] + (uint)v3) : (uint)v3));
            }
            case 2: {
                v2 = x2;
                break;
            }
            case 5: {
                v3 = arr0[(i4) % 8u];
                x3 = (short)0x3ffu;
            }
            case 6: {
                v3 = arr0[(shr_uint(convert_uint_sat(x5), (uint)v4)) % 8u];
            }
            default: {
                x4 = rint(floor(x4));
                break;
            }
            }
            break;
        }
        case 6: {
            arr0[((uint)v2) % 8u] = v3;
            break;
        }
        default: {
            v3 = (uchar)gid;
            break;
        }
        }
        ulong v6 = (ulong)((__global const uint4 *)in)[((uint)v4) % 256u].y;
    }
    x4 = convert_float(x5);
    ulong v7 = (ulong)((ulong)(ulong)((x4 > convert_float(v2)) ? (ulong)0x5fd94ce68f30720ul : (ulong)abs((ulong)0x7252c6e13a6e13f2ul)) - (ulong)(ulong)0x3ul);
    x0 = (int)(-(uint)x0);
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = fbits(x4);
    row[9u] = (uint)(x5);
    row[10u] = (uint)((ulong)x5 >> 32);
    row[11u] = (uint)(v2);
    row[12u] = (uint)(v3);
    row[13u] = (uint)(v4);
    row[14u] = (uint)(v7);
    row[15u] = (uint)((ulong)v7 >> 32);
    row[16u] = (uint)(arr0[0]);
    row[17u] = (uint)(arr0[1]);
    row[18u] = (uint)(arr0[2]);
    row[19u] = (uint)(arr0[3]);
    row[20u] = (uint)(arr0[4]);
    row[21u] = (uint)(arr0[5]);
    row[22u] = (uint)(arr0[6]);
    row[23u] = (uint)(arr0[7]);
}
