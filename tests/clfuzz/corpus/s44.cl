// clfuzz seed=44 grid=1 block=128 in=1024 out=2560 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 20u
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
__attribute__((noinline)) static ulong fn0(uint p0) {
    switch (p0 & 7) {
    case 2: {
        p0 = p0;
        break;
    }
    case 4: {
        uint v1 = p0;
        p0 = shl_uint((uint)((uint)(uint)((uint)mul_hi((uint)(((int)0x3bb70669u <= (int)0xbc935110u) ? (uint)0xf92d470bu : (uint)v1), v1) + (uint)(uint)((short)0x8u > (short)0x6u)) * (uint)bitselect(p0, p0, v1)), (uint)p0);
    }
    case 5: {
        p0 = (uint)abs(rotate(p0, (uint)p0));
        break;
    }
    case 6: {
        p0 = (uint)((char)0x8u <= (char)(bitselect((uchar)0x3u, (uchar)0x87u, convert_uchar_sat(p0)) != (uchar)p0));
        break;
    }
    case 7: {
        p0 = p0;
        p0 = (uint)0x8u;
        break;
    }
    default: {
        ulong v2 = (ulong)((ulong)(ulong)popcount((ulong)p0) * (ulong)(ulong)(((((p0 & (uint)0x1u) == (uint)0x1u) ? convert_float(p0) : convert_float(p0)) > (fmin(-1.0f, -2.5e-3f) + 0.0f)) ? (ulong)(~(ulong)0x7ul) : bitselect((ulong)0x7f0f511171ea7e47ul, upsample(p0, p0), sub_sat((ulong)0x6ul, (ulong)0xf16aaf3289f6a1e7ul))));
        break;
    }
    }
    p0 = (uint)p0;
    return (ulong)(((int)0x3u <= (int)(((convert_uchar_sat(p0) & (uchar)0x4fu) < (uchar)0x3u) ? (int)p0 : (int)((uint)(int)0x8ecd106au + (uint)(int)0x1ca2815cu))) ? (ulong)((mul_hi((long)0x800ul, (long)p0) != (long)0x7ba515da638630c1ul) ? hadd((ulong)0x2235b004eb306faeul, (ulong)0x3ul) : (ulong)abs((ulong)0x550089f806cc0cfeul)) : (ulong)0x2316e5be666d3459ul);
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ulong x0 = (ulong)(((ulong)in[(gid * 3u + 0u) % 1024u] << 32) | in[(gid * 3u + 0u + 1u) % 1024u]);
    short x1 = (short)in[(gid * 3u + 1u) % 1024u];
    short x2 = (short)in[(gid * 3u + 2u) % 1024u];
    int arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x1 = max(x2, (short)((short)((__global const char *)in)[((uint)0x0u) % 4096u] | clamp((short)abs_diff((ushort)(short)0xdffdu, (ushort)x2), min((short)x1, x2), max((short)x1, x2))));
    x1 = (short)popcount((short)(~x2));
    uchar v3 = (uchar)((bitselect((uchar)x0, (uchar)((__global const ushort *)in)[((uint)((uint)(uint)0x6u - (uint)(uint)x2)) % 2048u], (uchar)((__global const uchar *)in)[((uint)0x0u) % 4096u]) < 0) ? bitselect((uchar)x0, (uchar)((__global const ushort *)in)[((uint)((uint)(uint)0x6u - (uint)(uint)x2)) % 2048u], (uchar)((__global const uchar *)in)[((uint)0x0u) % 4096u]) : (uint)(uchar)(x0 <= (ulong)x0));
    if (convert_float(v3) >= (3.0f + 0.5f)) {
        v3 = (uchar)v3;
        x0 = (ulong)((ulong)(ulong)((ulong)x0 * (ulong)x0) + (ulong)(ulong)(-(ulong)x0));
        x1 = x1;
    } else {
        x0 = (ulong)((ulong)x0 - (ulong)clamp((ulong)0x58183536a5120aacul, min(x0, (ulong)(((ushort)((__global const long2 *)in)[((uint)0x6b1e391u) % 256u].y < (ushort)0xfc13u) ? x0 : shl_ulong((ulong)x0, (uint)(uint)0x0u))), max(x0, (ulong)(((ushort)((__global const long2 *)in)[((uint)0x6b1e391u) % 256u].y < (ushort)0xfc13u) ? x0 : shl_ulong((ulong)x0, (uint)(uint)0x0u)))));
    }
    x1 = x2;
    x0 = shr_ulong((ulong)((__global const short *)in)[((uint)((uint)0xdcd8807du & (uint)0x4u)) % 2048u], (uint)shl_uint((uint)0xbfe98bacu, (uint)(uint)0x50d24580u));
    x2 = (short)abs_diff((ushort)(short)((uint)x1 * (uint)x2), (ushort)(short)((uint)x2 - (uint)(short)0x2000u));
    lb[lid * 2u + 1u] = (uchar)x0;
    lb[lid * 2u + 0u] = (uchar)(ulong)0x7dcb7d8bce4c8cb5ul;
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (short)lb[((lid + 117u) % 128u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i3 = 0; i3 < 5u; i3++) {
        x2 = mul_hi(hadd((short)(~(short)x2), x1), (short)0xfffu);
    }
    short v5 = x2;
    if ((char)((char)((__global const char *)in)[((uint)0xa211d077u) % 4096u] | (char)0x80u) <= (char)0x3u) {
        x0 = fn0((uint)((uint)mul_hi((uint)0x6f11d921u, (uint)((uint)(uint)((uint)(uint)v5 * (uint)convert_uint_sat(x1)) - (uint)shr_uint(shl_uint((uint)0x56d0ed92u, (uint)convert_uint_sat(v5)), (uint)(uint)0x7928bd2bu))) + (uint)(uint)((uint)0x5u ^ (uint)x1)));
        float v6 = fma((-1.0f - round(-1.0f)), 65536.0f, (3.0f * convert_float(v3)));
    } else {
        v3 = v3;
    }
    v5 = (short)0x2u;
    for (uint i6 = 0; i6 < 1; i6++) {
        x0 = fn0(mad24((uint)((uint)((uint)(uint)clz(i6) + (uint)i6) & 0xffff), (uint)((uint)((uint)mul_hi((uint)((uint)(uint)0x2u + (uint)(uint)((__global const uchar *)in)[(i6) % 4096u]), (uint)0xffa39542u) + (uint)(uint)0x2f59c18eu) & 0xffff), (uint)((__global ulong_a *)row)[(i6) % 2u]));
    }
    lb[lid * 2u + 0u] = (uchar)(uint)((__global const uint4 *)in)[((uint)((uint)mul_hi((uint)0x100000u, (uint)0x4u) + (uint)(uint)x1)) % 256u].x;
    lb[lid * 2u + 1u] = (uchar)max((uint)0x1u, (uint)((uint)((__global const long2 *)in)[((uint)popcount((uint)(~(uint)0x72ac7d18u))) % 256u].x & div_uint((uint)((__global const uint4 *)in)[(clamp((uint)0x3331413cu, min((uint)0xd87087ddu, convert_uint_sat(x0)), max((uint)0xd87087ddu, convert_uint_sat(x0)))) % 256u].y, (uint)abs_diff((uint)(uint)0x3d6238e6u, (uint)(uint)0x80000000u))));
    barrier(CLK_LOCAL_MEM_FENCE);
    v5 ^= (short)lb[((lid + 68u) % 128u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    switch ((uchar)((uint)(uchar)((1e-30f >= 1e10f) ? v3 : (uchar)popcount((uchar)(~v3))) - (uint)(uchar)popcount((uchar)0x8u)) & 7) {
    case 0: {
        x0 = fn0((uint)((uint)(uint)((uint)(uint)0x2aa0a95bu * (uint)(uint)0x3943f965u) + (uint)div_uint((uint)0x16bb5286u, (uint)x2)));
        long v8 = (long)0x89d20917dd6c012cul;
    }
    case 2: {
        if ((int)0x5u <= (int)(-(uint)(int)0x9f31c134u)) {
            if (convert_float(v5) > copysign(0.1f, (isnan(copysign(1.0f, (isnan((-(convert_float(x1)))) ? 1.0f : (-(convert_float(x1)))))) ? 1.0f : copysign(1.0f, (isnan((-(convert_float(x1)))) ? 1.0f : (-(convert_float(x1)))))))) {
                x0 = (ulong)((ulong)mul_hi((ulong)((ulong)(ulong)((ulong)bitselect(x0, x0, x0) - (ulong)shr_ulong(x0, (uint)(uint)0x4000u)) + (ulong)(ulong)((__global const ushort *)in)[((uint)(-2.5e-3f > 1e-30f)) % 2048u]), (ulong)(((v3 & (uchar)0x7u) == (uchar)0xcdu) ? (ulong)((ulong)x0 != (ulong)((((uint)0x2000u & (uint)0x1u) == (uint)0x200u) ? x0 : x0)) : x0)) + (ulong)bitselect(x0, (ulong)0x43bd4934ae42cf4ful, x0));
                x2 = (short)(((char)0x5du != rhadd((char)((__global const ulong *)in)[((uint)((__global const uint4 *)in)[((uint)((uint)v3 & (uint)x2)) % 256u].w) % 512u], rem_char((char)0x0u, (char)x0))) ? (short)(~rotate(x2, (short)(((char)0xa5u < (char)0x6u) ? v5 : v5))) : shl_short(x2, (uint)(uint)0x941dda0du));
            }
            x1 = (short)(~(short)v5);
            x1 = v5;
        }
    }
    case 5: {
        x0 = x0;
        x1 = x1;
        break;
    }
    case 7: {
        v3 = shr_uchar(hadd((uchar)x1, (uchar)v5), (uint)(uint)(-(uint)convert_uint_sat(x0)));
        for (uint i8 = 0; i8 < 4; i8++) {
            v3 = (uchar)0x89u;
            x1 = x2;
            if ((uint)(shr_uint((uint)x1, (uint)i8) ^ (uint)((shl_uint(i8, (uint)i8) < 0) ? shl_uint(i8, (uint)i8) : (uint)div_uint((uint)x0, i8))) >= (uint)((uint)(uint)0x8u - (uint)i8)) {
                x2 = (short)(~shl_short((short)clz(x2), (uint)i8));
                x0 = rem_ulong(div_ulong((ulong)((ulong)mul_hi((ulong)0x8000000000000000ul, bitselect(x0, x0, (ulong)x1)) + (ulong)(ulong)(-(ulong)(ulong)((__global ushort_a *)row)[((uint)lid) % 8u])), upsample(rem_uint(i8, i8), i8)), (ulong)((ulong)upsample(i8, (uint)((uint)(uint)x0 - (uint)i8)) - (ulong)x0));
                { uint o = acc[8], w = (uint)(-(uint)add_sat((uint)x1, i8));
                  while (o < w && !__atomic_compare_exchange_n(&acc[8], &o, w, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {} }
            }
        }
        break;
    }
    default: {
        if (convert_float((uchar)(-(uint)v3)) >= (((char)0xbcu > (char)(~(char)x0)) ? 65536.0f : convert_float(x0))) {
            arr0[(shl_uint(bitselect((uint)gid, (uint)0x1c141fc8u, (uint)((fmax(-1.0f, -1.0f) + 0.0f) <= ((((uint)((__global const short *)in)[(upsample((ushort)0x7u, (ushort)0x5u)) % 2048u] & (uint)0xefd6152du) >= (uint)0x2u) ? 1e10f : convert_float(v3)))), (uint)(uint)((uint)0xae70c78fu & (uint)x1))) % 8u] = shr_int(shr_int((int)((__global const short *)in)[((uint)x2) % 2048u], (uint)(uint)((ulong)0x10ul > x0)), (uint)(uint)popcount((uint)0x0u));
        }
        break;
    }
    }
    for (uint i9 = 0; i9 < 5u; i9++) {
        v3 = (uchar)popcount((uchar)(~rotate(v3, v3)));
        x0 = (ulong)(-(ulong)upsample(i9, (uint)((__global const uint4 *)in)[(i9) % 256u].y));
        ushort v11 = (ushort)0x593eu;
        v3 = v3;
    }
    ushort v12 = (ushort)((uint)(ushort)x1 * (uint)(ushort)x1);
    for (uint i12 = 0; i12 < 5; i12++) {
        long v14 = (long)((ulong)(long)(v12 < upsample(v3, (uchar)clz(v3))) * (ulong)(long)clz((long)((long)(-(ulong)(long)0x2a87c5ee49c18f21ul) ^ convert_long_sat(v3))));
    }
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(v3);
    row[9u] = (uint)(v5);
    row[10u] = (uint)(v12);
    row[11u] = (uint)(arr0[0]);
    row[12u] = (uint)(arr0[1]);
    row[13u] = (uint)(arr0[2]);
    row[14u] = (uint)(arr0[3]);
    row[15u] = (uint)(arr0[4]);
    row[16u] = (uint)(arr0[5]);
    row[17u] = (uint)(arr0[6]);
    row[18u] = (uint)(arr0[7]);
}
