// clfuzz seed=26 grid=2 block=64 in=1024 out=5888 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 46u
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
__attribute__((noinline)) static float fn0(uchar p0, ushort p1, long p2) {
    p0 = hadd(shl_uchar(p0, (uint)(uint)(((uint)0x4u < 0) ? (uint)0x4u : (uint)(uint)clz((uint)0x76de6735u))), (uchar)p1);
    p1 = (ushort)0x27eeu;
    p0 = p0;
    return -0.0f;
}
static char fn1(int p0, char p1, ulong p2) {
    p0 = add_sat((int)((uint)p0 + (uint)(int)(-(uint)p0)), p0);
    p2 = shr_ulong(shr_ulong(rem_ulong(shr_ulong(p2, (uint)(uint)p2), p2), (uint)mad24((uint)((uint)0xc33451b8u & 0xffff), (uint)((uint)0xc30fa929u & 0xffff), (uint)0x1u)), (uint)(uint)0x15707977u);
    p2 = (ulong)popcount((ulong)(~(ulong)(-(ulong)shr_ulong(shr_ulong((ulong)p2, (uint)(uint)p0), (uint)(uint)0xec2a029du))));
    p2 = (ulong)(upsample((uint)0x7u, hadd((uint)0x3u, (uint)(convert_uint_sat(p2) | (uint)0x5u))) | p2);
    return p1;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    uint x0 = (uint)in[(gid * 6u + 0u) % 1024u];
    long x1 = (long)(((ulong)in[(gid * 6u + 1u) % 1024u] << 32) | in[(gid * 6u + 1u + 1u) % 1024u]);
    char x2 = (char)in[(gid * 6u + 2u) % 1024u];
    long x3 = (long)(((ulong)in[(gid * 6u + 3u) % 1024u] << 32) | in[(gid * 6u + 3u + 1u) % 1024u]);
    float x4 = as_float(in[(gid * 6u + 4u) % 1024u] & 0xbfffffffu);
    uchar x5 = (uchar)in[(gid * 6u + 5u) % 1024u];
    ushort arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    int arr1[16];
    for (uint j = 0; j < 16u; j++) arr1[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    if (convert_float(x5) >= convert_float(x1)) {
        x1 = (long)((ulong)mul_hi((long)((x1 < 0) ? x1 : (ulong)(long)((ulong)(long)x3 + (ulong)x3)), x3) + (ulong)rem_long(hadd(x1, x1), bitselect(x3, (long)(((ulong)x2 <= (ulong)x3) ? (long)0xebb11d4647c19195ul : x3), (long)0xfc096d256620819ful)));
        x1 = shl_long(hadd(x1, (long)(-(ulong)(long)get_local_size(0))), (uint)shl_uint(x0, (uint)(uint)((uint)mul_hi((uint)x5, x0) + (uint)x0)));
        int v1 = rotate((int)((uint)(int)0x7u - (uint)(int)0x71bff52cu), rem_int(rem_int(mul_hi((int)0x1u, (int)gid), (int)0xc00cb636u), (int)0x6u));
    } else {
        float v2 = x4;
    }
    x2 = convert_char_sat_rtz(x4);
    if ((clamp(x5, min((uchar)((__global uchar_a *)row)[((uint)((x0 < 0) ? x0 : (uint)x0)) % 16u], x5), max((uchar)((__global uchar_a *)row)[((uint)((x0 < 0) ? x0 : (uint)x0)) % 16u], x5)) & (uchar)0x4fu) < (uchar)0x16u) {
        int v3 = rhadd((int)(~(int)((int)0x1ffffffu | (int)((__global uchar_a *)row)[(x0) % 16u])), (int)((int)0x97553b67u | (int)0x1u));
        atomic_max(&acc[7], rem_uint(x0, (uint)((uint)(uint)popcount((uint)0xb63fb67fu) * (uint)x0)));
        uchar v4 = x5;
    } else {
        x3 = convert_long_sat(x5);
        for (uint i4 = 0; i4 < 3; i4++) {
            x1 = x1;
            if ((long)abs_diff((ulong)(long)popcount(x3), (ulong)(long)0x6ul) < (long)(x3 | shr_long(x3, (uint)i4))) {
                x2 = x2;
            }
            x3 = (long)(x2 >= x2);
            x2 = (char)((uint)shr_char(shr_char(x2, (uint)(uint)((x2 <= x2) ? i4 : i4)), (uint)x0) - (uint)mul_hi((char)popcount((char)(~(char)0x56u)), x2));
        }
        x1 = x1;
    }
    x4 = convert_float(x3);
    x2 = x2;
    float v6 = (((uchar)0xdau <= (uchar)((uint)(uchar)(~x5) * (uint)(uchar)x0)) ? fdim(fdim((x4 * 1e-30f), (x4 * x4)), x4) : convert_float((uchar)clz((uchar)0x8u)));
    x3 = (long)((ulong)rem_long((long)(~x3), (long)(x3 | add_sat((long)x5, (long)x2))) * (ulong)(long)((long)((__global const long2 *)in)[((uint)((uint)((__global const short *)in)[(upsample((ushort)lid, (ushort)0xfu)) % 2048u] | (uint)get_num_groups(0))) % 256u].x & x3));
    arr0[((uint)(~(uint)((__global const uchar *)in)[((uint)((uint)(uint)((__global const ulong *)in)[((uint)((uint)(uint)0xa2758234u + (uint)x0)) % 512u] + (uint)x0)) % 4096u])) % 16u] = (ushort)0x2d11u;
    lm[lid] = (ulong)x3;
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (long)lm[(lid * 9u) % 64u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = shl_long(bitselect((long)abs_diff((ulong)x3, (ulong)(long)0x93dabecc7fa482fcul), (long)popcount(clamp((long)0x2ul, min(x3, x1), max(x3, x1))), x1), (uint)x0);
    arr0[(mul24((uint)((uint)(~x0) & 0xffff), (uint)(bitselect((uint)(x4 < x4), x0, (uint)((uint)mul_hi(x0, (uint)((__global const uint4 *)in)[((uint)((x4 == convert_float(x5)) ? x0 : x0)) % 256u].w) + (uint)(uint)popcount(x0))) & 0xffff))) % 16u] = (ushort)(-(uint)(ushort)x0);
    x0 = max((uint)((uint)shl_uint((uint)((uint)x1 ^ (uint)0xd16beu), (uint)x0) + (uint)max((uint)0x1u, x0)), mul24((uint)((uint)0x200u & 0xffff), (uint)(rhadd(x0, (uint)lid) & 0xffff)));
    atomic_sub(&acc[27], (uint)((uint)x5 ^ shr_uint(add_sat((uint)((uint)(uint)x3 * (uint)convert_uint_sat_rtz(x4)), x0), (uint)x0)));
    __atomic_fetch_max((__global int *)&acc[22], (int)(uint)((uint)(uint)x0 + (uint)convert_uint_sat(x4)), __ATOMIC_RELAXED);
    x2 = (char)((uint)mul_hi(x2, (char)((x2 < 0) ? x2 : (uint)x2)) - (uint)x2);
    lm[lid] = (ulong)(ulong)((ulong)x3 & add_sat((ulong)abs_diff((ulong)(ulong)0x0ul, (ulong)convert_ulong_sat(fmin(v6, 9.2e18f))), (ulong)(-(ulong)convert_ulong_sat(x3))));
    barrier(CLK_LOCAL_MEM_FENCE);
    x5 ^= (uchar)lm[(lid + 30u) % 64u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = (long)((__global const ulong *)in)[(x0) % 512u];
    x2 = x2;
    if ((x4 - v6) != x4) {
        for (uint i6 = 0; i6 < 3; i6++) {
            arr1[((uint)(x0 & upsample((ushort)((__global const ushort *)in)[(i6) % 2048u], convert_ushort_sat(v6)))) % 16u] = (int)((__global const short *)in)[((uint)((__global const ulong *)in)[((uint)abs(x0)) % 512u]) % 2048u];
            x2 = shl_char(min(x2, (char)0x4fu), (uint)(uint)((0.5f <= (convert_float(x3) - x4)) ? (uint)(i6 & (uint)clz(convert_uint_sat(v6))) : rem_uint(x0, i6)));
            if ((ulong)0xd468520882ed4c55ul >= shr_ulong((ulong)0x3ul, (uint)x0)) {
            }
        }
    } else {
        if (max((ulong)0x80000000000000ul, (ulong)abs_diff((ulong)(ulong)(~(ulong)0x7ul), (ulong)(ulong)x5)) < (ulong)0x7fffffful) {
            for (uint i7 = 0; i7 < 2; i7++) {
                x2 = x2;
                arr1[((uint)abs_diff((uint)(uint)(mul24((uint)(x0 & 0xffff), (uint)((uint)(x0 & i7) & 0xffff)) | i7), (uint)rhadd((uint)x0, x0))) % 16u] = (int)((int)x1 < (int)0x85e4384fu);
                x2 = (char)(((int)0x81268308u > (int)0xb363dcf5u) ? (char)((uint)x2 + (uint)x2) : (char)(~x2));
                long v9 = (long)((ulong)max(x1, x1) * (ulong)(long)(x1 & shl_long(x3, (uint)i7)));
            }
            x0 = (uint)((__global const long2 *)in)[((uint)0x1ffu) % 256u].y;
        } else {
            x0 = (uint)(bitselect((long)((long)((ulong)(long)((__global const long2 *)in)[(x0) % 256u].y * (ulong)x1) | x3), x1, (long)((((uchar)0x1u & (uchar)0xd3u) != (uchar)0x4u) ? x1 : x3)) >= rem_long(bitselect((long)((ulong)(long)x1 * (ulong)x1), convert_long_sat(x2), x3), shl_long((long)((__global const ulong *)in)[(x0) % 512u], (uint)(uint)x3)));
        }
        ulong v10 = (ulong)popcount((ulong)(~(ulong)((__global const ushort *)in)[(x0) % 2048u]));
    }
    if ((short)((uint)(short)0x6u + (uint)(short)x0) > div_short((short)((short)((uint)(short)0x252u + (uint)(short)0x14fu) < (short)0x5u), (short)0x40u)) {
        x5 = shl_uchar(rotate((uchar)(x5 | convert_uchar_sat(x0)), shl_uchar(x5, (uint)(uint)((__global const ushort *)in)[((uint)((__global const uchar *)in)[(convert_uint_sat(v6)) % 4096u]) % 2048u])), (uint)(uint)((__global ushort_a *)row)[((uint)((uint)x0 * (uint)(uint)0x1u)) % 8u]);
        x5 = (uchar)(-(uint)shr_uchar(x5, (uint)(uint)popcount((uint)(~(uint)x3))));
        x1 = (long)(~(long)(((long)((ulong)mul_hi(x3, x3) + (ulong)x1) < 0) ? (long)((ulong)mul_hi(x3, x3) + (ulong)x1) : (ulong)x1));
    } else {
        x0 = (uint)((uint)convert_uint_sat(x5) * (uint)(uint)(-(uint)(uint)x5));
        x4 = fn0((uchar)((uint)x5 + (uint)x5), shl_ushort((ushort)((ushort)(v6 > x4) ^ (ushort)(x2 <= (char)((__global const char *)in)[(x0) % 4096u])), (uint)(uint)((uint)((ulong)((__global const short *)in)[(convert_uint_sat_rtz(v6)) % 2048u] <= (ulong)0x9d3eaf2269fc4647ul) ^ (uint)((uint)x0 - (uint)x0))), rem_long((long)(x3 | x3), (long)((ulong)mul_hi((long)sub_sat((ulong)x1, (ulong)(long)((ulong)x1 + (ulong)x3)), x1) + (ulong)x3)));
        for (uint i10 = 0; i10 < ((uint)x0 & 7u); i10++) {
            v6 = convert_float(x2);
            int v12 = upsample((short)(~shl_short(rhadd((short)0x7u, (short)((__global const ulong *)in)[(rem_uint(i10, (uint)0x7u)) % 512u]), (uint)rotate(x0, (uint)0x40000000u))), (ushort)0x1u);
        }
    }
    atomic_max(&acc[16], (uint)((uint)add_sat(x0, (uint)x3) * (uint)shr_uint(shl_uint(x0, (uint)(uint)get_global_size(0)), (uint)(uint)abs_diff((uint)(uint)x5, (uint)(uint)(x2 > x2)))));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)((ulong)x1 >> 32);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)((ulong)x3 >> 32);
    row[10u] = fbits(x4);
    row[11u] = (uint)(x5);
    row[12u] = fbits(v6);
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
    row[29u] = (uint)(arr1[0]);
    row[30u] = (uint)(arr1[1]);
    row[31u] = (uint)(arr1[2]);
    row[32u] = (uint)(arr1[3]);
    row[33u] = (uint)(arr1[4]);
    row[34u] = (uint)(arr1[5]);
    row[35u] = (uint)(arr1[6]);
    row[36u] = (uint)(arr1[7]);
    row[37u] = (uint)(arr1[8]);
    row[38u] = (uint)(arr1[9]);
    row[39u] = (uint)(arr1[10]);
    row[40u] = (uint)(arr1[11]);
    row[41u] = (uint)(arr1[12]);
    row[42u] = (uint)(arr1[13]);
    row[43u] = (uint)(arr1[14]);
    row[44u] = (uint)(arr1[15]);
}
