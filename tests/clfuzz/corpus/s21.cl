// clfuzz seed=21 grid=4 block=64 in=1024 out=5120 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static ulong fn0(uint p0, long p1, short p2) {
    p2 = p2;
    p2 = (short)((short)((uint)upsample((char)0x1u, convert_uchar_sat(p0)) - (uint)(short)sub_sat((ushort)p2, (ushort)convert_short_sat(p0))) & rotate(p2, (short)p1));
    for (uint i0 = 0; i0 < 8; i0++) {
        p0 = mul_hi((uint)abs_diff((uint)(uint)((1e-30f > 1e10f) ? i0 : p0), (uint)(uint)((uchar)p0 != mul_hi((uchar)p1, (uchar)0x3eu))), i0);
        for (uint i1 = 0; i1 < ((uint)p0 & 7u); i1++) {
            p0 = i0;
            p0 = (uint)((uint)mul_hi((uint)p2, (uint)(bitselect(convert_int_sat(p1), (int)0x61e2bb4du, (int)p0) != (int)0x6bcd3055u)) + (uint)p0);
            char v3 = (char)(~(char)0x1u);
        }
        p2 = bitselect(add_sat(p2, (short)((uint)mul_hi((short)((uint)p2 - (uint)p2), shl_short(p2, (uint)convert_uint_sat(p1))) + (uint)rem_short((short)p2, p2))), rem_short(hadd(p2, p2), p2), mul_hi(bitselect(p2, p2, p2), (short)abs_diff((ushort)p2, (ushort)(short)p0)));
        if (min(p2, mul_hi(p2, (short)((uint)p2 * (uint)(short)0x765cu))) <= (short)(~(short)(~p2))) continue;
    }
    p0 = shr_uint((uint)(p0 ^ (uint)(~(uint)popcount((uint)(~p0)))), (uint)min((uint)p1, (uint)((char)0xb3u == convert_char_sat(p2))));
    p0 = (uint)((uint)p0 - (uint)(uint)((uint)p0 - (uint)(uint)p0));
    return (ulong)0xc25fe2f5fd36ac1eul;
}
__attribute__((noinline)) static short fn1(uchar p0) {
    for (uint i3 = 0; i3 < 5u; i3++) {
        p0 = (uchar)((uint)(uchar)(~(uchar)0x20u) + (uint)p0);
        p0 = (uchar)p0;
    }
    p0 = p0;
    p0 = (uchar)(((uchar)p0 < 0) ? (uchar)p0 : (uint)(uchar)((uint)mul_hi(shl_uchar(p0, (uint)(uint)0x8c7d5c58u), (uchar)0x6u) + (uint)(uchar)abs_diff((uchar)p0, (uchar)rotate(p0, p0))));
    p0 = (uchar)((uint)p0 - (uint)shl_uchar((uchar)(~p0), (uint)(uint)0x354ec9dau));
    return (short)((uint)(short)0x6u + (uint)mul_hi((short)p0, (short)0x6u));
}
static float fn2(ushort p0, uchar p1) {
    p1 = shr_uchar((uchar)(~p1), (uint)clamp((uint)((short)0x6f54u >= (short)p1), min((uint)0x5u, (uint)((uint)0x7u ^ (uint)((uint)(uint)p1 - (uint)(uint)0x37cc4f76u))), max((uint)0x5u, (uint)((uint)0x7u ^ (uint)((uint)(uint)p1 - (uint)(uint)0x37cc4f76u)))));
    p0 = (ushort)p0;
    return 65536.0f;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    int x0 = (int)in[(gid * 4u + 0u) % 1024u];
    float x1 = as_float(in[(gid * 4u + 1u) % 1024u] & 0xbfffffffu);
    short x2 = (short)in[(gid * 4u + 2u) % 1024u];
    uint x3 = (uint)in[(gid * 4u + 3u) % 1024u];
    int arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x1 = fdim((convert_float(x3) + (3.0f * convert_float(x0))), (copysign(x1, (isnan(-1.0f) ? 1.0f : -1.0f)) - (-(x1))));
    x0 = (int)((uint)(int)(x0 & rem_int((int)clz(x0), shr_int(x0, (uint)convert_uint_sat(x2)))) + (uint)convert_int_sat(x1));
    x1 = x1;
    x1 = fn2((ushort)lid, (uchar)abs_diff((uchar)(uchar)(((convert_float(x3) + x1) >= trunc(x1)) ? (uchar)0xc5u : (uchar)((uint)(uchar)0x2eu * (uint)(uchar)0xe1u)), (uchar)(uchar)0x8eu));
    x0 = (int)((uint)div_int((int)((uint)rotate(x0, (int)x3) * (uint)x0), convert_int_sat(x1)) * (uint)max((int)((__global const short *)in)[(x3) % 2048u], (int)abs(x0)));
    for (uint i4 = 0; i4 < ((uint)x3 & 7u); i4++) {
        if (fma(x1, convert_float(x3), x1) <= (convert_float(rotate((char)0xb2u, (char)0x81u)) * convert_float((short)0x2u))) continue;
        x2 = fn1(shr_uchar(bitselect((uchar)((__global uchar_a *)row)[((uint)0x1fffffu) % 16u], (uchar)0xddu, (uchar)0x39u), (uint)i4));
        uchar v6 = add_sat(clamp((uchar)0x8u, min((uchar)0x2u, (uchar)0x62u), max((uchar)0x2u, (uchar)0x62u)), (uchar)((uchar)((uint)(uchar)((x1 <= convert_float(x0)) ? (uchar)((__global ulong_a *)row)[(min(i4, x3)) % 2u] : (uchar)0x7fu) + (uint)(uchar)((uint)(uchar)0xc5u - (uint)(uchar)((__global const short *)in)[(shr_uint(i4, (uint)i4)) % 2048u])) & (uchar)popcount((uchar)(~(uchar)(-(uint)(uchar)0x48u)))));
    }
    lm[lid] = (ulong)(uint)0x1u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (short)lm[(lid * 9u) % 64u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = convert_short_sat(x0);
    switch ((ushort)popcount((ushort)0xb72eu) & 7) {
    case 1: {
        short v7 = x2;
        break;
    }
    case 2: {
        x2 = (short)((uint)shl_short(x2, (uint)shr_uint(x3, (uint)x3)) * (uint)(short)0x4511u);
        x2 = fn1(div_uchar((uchar)((uchar)((uint)mul_hi(sub_sat((uchar)0x0u, (uchar)x2), (uchar)0x61u) + (uint)(uchar)((__global const short *)in)[(x3) % 2048u]) ^ (uchar)0x7u), add_sat((uchar)0x1u, (uchar)0x3u)));
    }
    case 3: {
        if (((long)0x4ul & (long)0x6ul) < (long)0x7ffffful) {
            uint v8 = x3;
            x0 = arr0[(x3) % 8u];
            __atomic_fetch_sub(&acc[9], mul24((uint)(shl_uint((uint)x2, (uint)mul24((uint)(x3 & 0xffff), (uint)(x3 & 0xffff))) & 0xffff), (uint)((uint)(~v8) & 0xffff)), __ATOMIC_SEQ_CST);
        }
        break;
    }
    case 5: {
        atomic_min(&acc[15], rotate(x3, clamp((uint)((__global const char *)in)[(x3) % 4096u], min((uint)popcount((uint)(~(uint)((uint)x3 + (uint)x3))), (uint)0x554dc70u), max((uint)popcount((uint)(~(uint)((uint)x3 + (uint)x3))), (uint)0x554dc70u))));
        x2 = fn1((uchar)0x8u);
        break;
    }
    case 7: {
        { uint o = acc[8], w = hadd((uint)((uint)(uint)((short)0x6u != x2) + (uint)upsample((ushort)x0, (ushort)((ushort)x3 | (ushort)0x8932u))), (uint)0x961825du);
          while (o < w && !__atomic_compare_exchange_n(&acc[8], &o, w, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {} }
        break;
    }
    default: {
        if (((char)((fdim(1e10f, x1) <= x1) ? (char)0x80u : (char)0x0u) & (char)0x5cu) < (char)0x1u) {
            __atomic_fetch_min(&((__global long *)(acc + 32))[3], (long)(long)abs((long)0x6f67367e2e2393fcul), __ATOMIC_RELAXED);
            x3 = convert_uint_sat_rtz(x1);
        } else {
            x1 = convert_float(x2);
            x2 = shr_short((short)0x0u, (uint)(uint)abs((uint)clz(x3)));
        }
        break;
    }
    }
    x3 = (uint)((__global const short *)in)[((uint)(x3 | x3)) % 2048u];
    x1 = (x1 + (-(x1)));
    if (((char)0x95u & (char)0x97u) <= (char)0x7du) {
        uchar v9 = mul_hi((uchar)((uchar)(~(uchar)0x4u) & max((uchar)((__global uint_a *)row)[(x3) % 4u], (uchar)0x5u)), (uchar)x3);
    } else {
        short v10 = x2;
    }
    long v11 = rem_long((long)0xdfc0b94a261dc04ful, (long)((long)x0 ^ (long)0xb6747b5f088473aeul));
    short v12 = mul_hi(shl_short((short)0x1u, (uint)(uint)0x2u), (short)(rotate(x2, (short)((__global ulong_a *)row)[((uint)((__global const ulong *)in)[(rem_uint((uint)0x1u, x3)) % 512u]) % 2u]) & x2));
    row[4u] = (uint)(x0);
    row[5u] = fbits(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)(v11);
    row[9u] = (uint)((ulong)v11 >> 32);
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
