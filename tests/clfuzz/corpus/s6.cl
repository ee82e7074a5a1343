// clfuzz seed=6 grid=1 block=256 in=1024 out=5632 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static uint fn0(uchar p0) {
    p0 = (uchar)((uint)(uchar)(-(uint)(uchar)clz(p0)) - (uint)rotate((uchar)(((char)p0 < convert_char_sat(p0)) ? (uchar)p0 : mul_hi((uchar)0x4du, p0)), (uchar)p0));
    p0 = shl_uchar(p0, (uint)(uint)0x8ec86d6cu);
    p0 = (uchar)popcount((uchar)(~(uchar)0x6u));
    p0 = p0;
    p0 = rotate(clamp(shr_uchar(bitselect(p0, (uchar)0x6u, p0), (uint)(uint)0xec4edd58u), min(rotate((uchar)0x4u, p0), p0), max(rotate((uchar)0x4u, p0), p0)), max(sub_sat((uchar)0x1u, p0), (uchar)((uint)p0 + (uint)(uchar)p0)));
    return (uint)0x3u;
}
static float fn1(ushort p0, uchar p1) {
    p0 = (ushort)(((char)0x80u != (char)0x2fu) ? (ushort)(p0 & shl_ushort((ushort)0x1fu, (uint)mul_hi(convert_uint_sat(p1), (uint)0x10000000u))) : (ushort)p0);
    return (fmax(((65536.0f - (1.0f * -0.0f)) + -2.5e-3f), 3.0f) + 0.0f);
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    long x0 = (long)(((ulong)in[(gid * 3u + 0u) % 1024u] << 32) | in[(gid * 3u + 0u + 1u) % 1024u]);
    char x1 = (char)in[(gid * 3u + 1u) % 1024u];
    float x2 = as_float(in[(gid * 3u + 2u) % 1024u] & 0xbfffffffu);
    long arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (long)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = clamp((long)((ulong)(long)((ulong)x0 - (ulong)(long)0x3ful) * (ulong)x0), min(x0, x0), max(x0, x0));
    for (uint i0 = 0; i0 < 5; i0++) {
        ulong v2 = shl_ulong((ulong)0xedb492927afdd002ul, (uint)i0);
        if (((ushort)((uint)(ushort)0x7fffu * (uint)(ushort)0x4000u) & (ushort)0xffu) > (ushort)0x5u) {
            if (((uchar)abs_diff((uchar)(uchar)((uint)(uchar)0xd6u + (uint)(uchar)x0), (uchar)(uchar)(((uchar)((3.0f <= x2) ? (uchar)0xfdu : (uchar)0x1du) < 0) ? (uchar)((3.0f <= x2) ? (uchar)0xfdu : (uchar)0x1du) : (uint)(uchar)((uint)convert_uchar_sat(x0) + (uint)(uchar)0xd1u))) & (uchar)0x2cu) < (uchar)0x39u) {
                long v3 = (long)clz((long)((long)(-(ulong)(long)((__global const uchar *)in)[(convert_uint_sat(x0)) % 4096u]) | (long)0x4ul));
                v3 = (long)((ushort)((__global ulong_a *)row)[((uint)((uint)(uint)x0 * (uint)i0)) % 2u] != (ushort)0x40u);
                v3 = rem_long((long)((ulong)mul_hi((long)lid, (long)(((uchar)0x4u != (uchar)((__global ulong_a *)row)[((uint)((ushort)0x5u != (ushort)0x8000u)) % 2u]) ? (long)x0 : v3)) * (ulong)(long)v3), (long)v2);
            }
            switch ((uchar)(((uchar)((__global const uint4 *)in)[((uint)0x8u) % 256u].x < 0) ? (uchar)((__global const uint4 *)in)[((uint)0x8u) % 256u].x : (uint)(uchar)0x2u) & 7) {
            case 0: {
                x0 = arr0[(rem_uint(shr_uint(shl_uint((uint)((uint)i0 * (uint)i0), (uint)(uint)x0), (uint)(uint)clz(i0)), i0)) % 4u];
                uchar v4 = (uchar)v2;
                break;
            }
            case 2: {
                x0 = arr0[(shl_uint((uint)(i0 | hadd((uint)abs_diff((uint)i0, (uint)convert_uint_sat_rtz(x2)), i0)), (uint)i0)) % 4u];
                arr0[((uint)abs_diff((uint)convert_uint_sat(x2), (uint)(uint)abs(i0))) % 4u] = rotate((long)((ulong)(long)((__global const char *)in)[((uint)(~(uint)x0)) % 4096u] * (ulong)(long)get_num_groups(0)), shr_long(max((long)v2, (long)((__global const uchar *)in)[((uint)gid) % 4096u]), (uint)i0));
                break;
            }
            case 5: {
                x0 = arr0[(i0) % 4u];
                x0 = arr0[((uint)0xbe2610feu) % 4u];
                break;
            }
            case 6: {
                x0 = (long)((ulong)x0 * (ulong)(long)((long)abs((long)(~x0)) ^ x0));
                break;
            }
            default: {
                uint v5 = i0;
                break;
            }
            }
            ((__global uint2_a *)row)[(bitselect((uint)x1, (uint)0x2000000u, (uint)(-(uint)i0))) % 2u] = (uint2)((uint)((uint)(uint)((int)0x40000u >= min((int)0x1eb40cbu, (int)0x0u)) * (uint)clamp(i0, min((uint)v2, i0), max((uint)v2, i0))), (uint)((uint)((uint)(uint)((mul_hi(i0, i0) < 0) ? mul_hi(i0, i0) : (uint)(uint)((uint)i0 * (uint)(uint)v2)) * (uint)(uint)((uint)i0 + (uint)i0)) | (uint)0x3u));
        } else {
            switch ((uint)get_local_size(0) & 7) {
            case 2: {
                arr0[((uint)popcount((uint)(~(uint)abs_diff((uint)(uint)((__global const uint4 *)in)[(i0) % 256u].y, (uint)i0)))) % 4u] = shl_long((long)((ulong)(long)((ulong)x0 + (ulong)(long)0x2ul) - (ulong)x0), (uint)i0);
                break;
            }
            case 3: {
                break;
            }
            case 4: {
                x0 = (long)x0;
                x0 = arr0[((uint)x1) % 4u];
                break;
            }
            case 7: {
                x2 = floor(fdim(-1.0f, (((v2 & (ulong)0xa22509b7781e6b4eul) < (ulong)0xc87e3593c546e430ul) ? fdim(1e-30f, convert_float(x1)) : x2)));
                break;
            }
            default: {
                ((__global uint_a *)row)[((uint)((__global const uint4 *)in)[((uint)abs((uint)((__global const long2 *)in)[((uint)get_num_groups(0)) % 256u].x)) % 256u].z) % 4u] = (uint)shl_uint(convert_uint_sat(x1), (uint)(uint)((uint)(uint)x1 - (uint)shl_uint(i0, (uint)(uint)((uint)i0 + (uint)(uint)v2))));
                break;
            }
            }
        }
    }
    x0 = x0;
    x0 = (long)(((ushort)x0 <= (ushort)0x7fu) ? (long)((ulong)(long)((ulong)mul_hi((long)(x0 | (long)x1), (long)x1) + (ulong)(long)((ulong)x0 - (ulong)(long)lid)) - (ulong)(long)(-(ulong)x0)) : x0);
    char v6 = (char)((uint)shl_char((char)(min(x1, (char)x1) ^ x1), (uint)(uint)0x9ef1c767u) - (uint)(char)popcount(x1));
    uchar v7 = (uchar)0x4du;
    arr0[((uint)0x8u) % 4u] = (long)(fdim(x2, x2) != convert_float(x0));
    ulong v8 = (ulong)((ulong)(ulong)(-(ulong)clamp((ulong)0x1cfd8a2b06d7f030ul, min((ulong)0xbedceb59d5ae3ee5ul, (ulong)0x3ffffffffffful), max((ulong)0xbedceb59d5ae3ee5ul, (ulong)0x3ffffffffffful))) - (ulong)(ulong)0x3645919daf57efd6ul);
    long v9 = (long)((short)popcount((short)0x4a41u) < (short)(~convert_short_sat(x2)));
    lm[lid] = (ulong)min((char)((uint)(char)v6 * (uint)(char)((__global ulong_a *)row)[((uint)(-(uint)(uint)0x10000000u)) % 2u]), (char)((uint)(char)((x1 < 0) ? x1 : (uint)(char)(~v6)) * (uint)(char)sub_sat((uchar)convert_char_sat(x2), (uchar)(char)0xd9u)));
    barrier(CLK_LOCAL_MEM_FENCE);
    v8 ^= (ulong)lm[(lid * 7u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    char v10 = (char)((rotate((char)(~div_char((char)0xaeu, (char)((__global const short *)in)[(clamp((uint)0x2u, min((uint)0xc9b178e8u, (uint)0xb7b445edu), max((uint)0xc9b178e8u, (uint)0xb7b445edu))) % 2048u])), x1) < 0) ? rotate((char)(~div_char((char)0xaeu, (char)((__global const short *)in)[(clamp((uint)0x2u, min((uint)0xc9b178e8u, (uint)0xb7b445edu), max((uint)0xc9b178e8u, (uint)0xb7b445edu))) % 2048u])), x1) : (uint)(char)(~v6));
    float v11 = copysign(((v10 > v10) ? (fmin(x2, (1e-30f * convert_float(v10))) + 0.0f) : x2), (isnan(((x2 * x2) + (-(convert_float(v7))))) ? 1.0f : ((x2 * x2) + (-(convert_float(v7))))));
    v11 = fabs(convert_float(x0));
    float v12 = copysign(convert_float(v6), (isnan(copysign(copysign(((v9 > v9) ? 16777217.0f : 1.0f), (isnan(v11) ? 1.0f : v11)), (isnan(convert_float(x1)) ? 1.0f : convert_float(x1)))) ? 1.0f : copysign(copysign(((v9 > v9) ? 16777217.0f : 1.0f), (isnan(v11) ? 1.0f : v11)), (isnan(convert_float(x1)) ? 1.0f : convert_float(x1)))));
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = fbits(x2);
    row[8u] = (uint)(v6);
    row[9u] = (uint)(v7);
    row[10u] = (uint)(v8);
    row[11u] = (uint)((ulong)v8 >> 32);
    row[12u] = (uint)(v9);
    row[13u] = (uint)((ulong)v9 >> 32);
    row[14u] = (uint)(v10);
    row[15u] = fbits(v11);
    row[16u] = fbits(v12);
    row[17u] = (uint)(arr0[0]);
    row[18u] = (uint)(arr0[1]);
    row[19u] = (uint)(arr0[2]);
    row[20u] = (uint)(arr0[3]);
}
