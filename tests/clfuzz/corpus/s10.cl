// clfuzz seed=10 grid=1 block=256 in=1024 out=10240 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 40u
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
static long fn0(uchar p0, short p1, long p2) {
    p0 = p0;
    p2 = (long)((ulong)(long)((p2 < 0) ? p2 : (ulong)(long)0x3ul) - (ulong)(long)popcount((long)(~p2)));
    p1 = shl_short(p1, (uint)(uint)abs((uint)(~(uint)abs_diff((uint)(uint)0x10u, (uint)(uint)0x5fc9eba4u))));
    p0 = convert_uchar_sat(p1);
    return (long)(shr_ulong((ulong)0x74ab0a38445be2c5ul, (uint)(uint)0x2c9f7296u) <= (ulong)(((ulong)0x54e77cdb0b2e2669ul < 0) ? (ulong)0x54e77cdb0b2e2669ul : (ulong)shl_ulong((ulong)0xebadc12863fd817ful, (uint)shl_uint((uint)p1, (uint)(uint)0x7u))));
}
static long fn1(ushort p0, ulong p1) {
    switch (upsample((uchar)p0, (uchar)((uint)(uchar)0xd5u + (uint)(uchar)popcount((uchar)0x72u))) & 7) {
    case 3: {
        for (uint i0 = 0; i0 < 5u; i0++) {
            p0 = bitselect(p0, shl_ushort((ushort)((uint)p0 + (uint)div_ushort((ushort)0x1000u, (ushort)p0)), (uint)(uint)p1), p0);
            if (hadd((uchar)((uint)(uchar)0x7u + (uint)(uchar)0xfu), (uchar)0x7bu) != bitselect((uchar)0x40u, rotate(convert_uchar_sat(p1), (uchar)0x9cu), (uchar)0x4u)) {
                p0 = (ushort)p0;
            }
        }
        p0 = (ushort)(((fmin(0.0f, convert_float(p1)) + 0.0f) != -1.0f) ? (ushort)p0 : (ushort)((p0 < 0) ? p0 : (uint)(ushort)p1));
        break;
    }
    case 4: {
        if ((int)0xa9580beu > (int)(~(int)(-(uint)(int)p1))) {
            p0 = p0;
        }
        break;
    }
    case 5: {
        p0 = (ushort)(-(uint)(ushort)(~(ushort)p1));
        break;
    }
    case 6: {
        if (1.0f >= 1e-30f) {
            switch (bitselect(clamp(rhadd((uint)p0, (uint)0x4u), min((uint)0xb1834066u, (uint)0x1987984eu), max((uint)0xb1834066u, (uint)0x1987984eu)), (uint)abs((uint)(~(uint)(convert_long_sat(p0) < (long)0x3f36d149339863c4ul))), mul24((uint)((uint)((uint)(uint)0x2u + (uint)(uint)0x6u) & 0xffff), (uint)((uint)(~convert_uint_sat(p0)) & 0xffff))) & 7) {
            case 0: {
                p0 = (ushort)((uint)p0 + (uint)rotate((ushort)p1, hadd(rhadd((ushort)0x30d2u, (ushort)p0), p0)));
            }
            case 1: {
                p1 = shl_ulong(p1, (uint)(uint)0xfffffu);
                p0 = rem_ushort((ushort)p1, p0);
            }
            case 2: {
                break;
            }
            case 3: {
                short v2 = (short)((uint)(short)0x2u + (uint)(short)((uint)(short)((uint)mul_hi((short)0x1fffu, (short)(((short)0x5u < 0) ? (short)0x5u : (uint)(short)0xb48bu)) + (uint)rem_short((short)0xf12eu, (short)0x3fffu)) - (uint)(short)0x8u));
                break;
            }
            case 7: {
                p1 = shr_ulong(convert_ulong_sat(p0), (uint)(uint)popcount((uint)0xc2465d93u));
                break;
            }
            default: {
                p0 = (ushort)(shl_char((char)0x4u, (uint)div_uint((uint)abs((uint)0x5fb71925u), (uint)0x896147e5u)) == (char)((uint)(char)0xefu - (uint)(char)p0));
                break;
            }
            }
            p1 = p1;
        } else {
            p0 = div_ushort(p0, p0);
        }
        break;
    }
    default: {
        long v3 = (long)((ulong)(long)0x268e95591aea0360ul * (ulong)rem_long((long)p0, (long)((ulong)convert_long_sat(p0) - (ulong)(long)sub_sat((ulong)(long)0xb618f9a19926551aul, (ulong)(long)0x8ul))));
        break;
    }
    }
    p0 = (ushort)((uint)p0 + (uint)(ushort)p1);
    p1 = convert_ulong_sat(p0);
    return (long)((ulong)(long)0xedb194bc8b65f3eful - (ulong)(long)popcount((long)(~(long)abs((long)((long)p0 | (long)0xe44611c08018916ful)))));
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ulong x0 = (ulong)(((ulong)in[(gid * 5u + 0u) % 1024u] << 32) | in[(gid * 5u + 0u + 1u) % 1024u]);
    char x1 = (char)in[(gid * 5u + 1u) % 1024u];
    long x2 = (long)(((ulong)in[(gid * 5u + 2u) % 1024u] << 32) | in[(gid * 5u + 2u + 1u) % 1024u]);
    ushort x3 = (ushort)in[(gid * 5u + 3u) % 1024u];
    short x4 = (short)in[(gid * 5u + 4u) % 1024u];
    int arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    uint arr1[4];
    for (uint j = 0; j < 4u; j++) arr1[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x0 = (ulong)((__global const ushort *)in)[((uint)x2) % 2048u];
    __atomic_fetch_add(&((__global float *)(acc + 56))[1], (float)((uint)0x6u & 0xffu), __ATOMIC_RELAXED);
    x0 = (ulong)(-(ulong)rotate(min(x0, (ulong)x2), x0));
    x2 = clamp(max((long)((x2 < 0) ? x2 : (ulong)(long)(-(ulong)x2)), x2), min((long)popcount((long)(~(long)popcount((long)(~shr_long(x2, (uint)(uint)0x24f4def9u))))), shl_long(x2, (uint)(uint)((uint)mul_hi((uint)((uint)0x3u & (uint)x3), (uint)0xf41f7c67u) + (uint)convert_uint_sat(x1)))), max((long)popcount((long)(~(long)popcount((long)(~shr_long(x2, (uint)(uint)0x24f4def9u))))), shl_long(x2, (uint)(uint)((uint)mul_hi((uint)((uint)0x3u & (uint)x3), (uint)0xf41f7c67u) + (uint)convert_uint_sat(x1)))));
    if (16777217.0f != copysign((16777217.0f - 1.0f), (isnan(convert_float(x3)) ? 1.0f : convert_float(x3)))) {
        x4 = x4;
        x4 = shl_short((short)0xa5aau, (uint)(uint)0x2u);
        short v4 = x4;
    } else {
        x0 = rotate(hadd((ulong)x1, x0), (ulong)(-(ulong)(ulong)get_global_size(0)));
        x0 = shr_ulong((ulong)0x1fful, (uint)(uint)((__global const short *)in)[((uint)0x20000u) % 2048u]);
        x2 = rotate(shr_long((long)(((ulong)x1 != x0) ? (long)(~x2) : x2), (uint)(uint)((uint)(uint)popcount((uint)(~(uint)0x6u)) * (uint)(uint)((__global const uint4 *)in)[((uint)0xc2d0349u) % 256u].z)), (long)0x3ful);
    }
    float v5 = 1.0f;
    v5 = fma(v5, rint(((((x0 & (ulong)0xa6a0f2092e02a7ful) == (ulong)0x8ul) ? -2.5e-3f : convert_float(x1)) - convert_float(x4))), convert_float(x4));
    for (uint i5 = 0; i5 < 5u; i5++) {
        v5 = ((x4 > (short)((__global uchar_a *)row)[((uint)0xaf2ea6e7u) % 16u]) ? convert_float((uint)0x22cae848u) : (fdim(convert_float(x0), v5) * -0.0f));
        x0 = (ulong)(-(ulong)(ulong)((ulong)(ulong)0x1ul * (ulong)x0));
    }
    x1 = add_sat((char)(~(char)(((ulong)x1 >= (ulong)x0) ? mul_hi((char)x3, (char)((__global const ushort *)in)[((uint)abs((uint)0x8u)) % 2048u]) : (char)x3)), shl_char(shr_char((char)(x1 & x1), (uint)rotate(convert_uint_sat(x3), (uint)0x7u)), (uint)(uint)((uint)0x6u & (uint)((__global ulong_a *)row)[((uint)clz((uint)0xb0a32df4u)) % 2u])));
    lm[lid] = (ulong)mad24((int)((int)((x2 > (long)lid) ? (int)((uint)(int)0x742816a6u - (uint)rotate((int)0xc0d03902u, (int)0x2u)) : (int)0x1ffffffu) & 0x7fff), (int)((int)0x7u & 0x7fff), (int)((int)get_global_size(0) & 0x3fffffff));
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (ushort)lm[(lid * 3u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    ulong v7 = x0;
    if ((int)0x661fb9eeu <= (int)0x4u) {
        ushort v8 = upsample((uchar)0x7fu, (uchar)0x1u);
        x1 = shl_char(x1, (uint)(uint)(((short)lid > (short)(v5 < v5)) ? (uint)((uint)(uint)((uint)(uint)((__global const uchar *)in)[(convert_uint_sat(x0)) % 4096u] + (uint)(uint)0x9ba87c6u) * (uint)(uint)((uint)(uint)0x8u + (uint)(uint)0x448e9631u)) : (uint)0x894a7d27u));
        x2 = (long)popcount((long)clz(x2));
    }
    x2 = rotate((long)v7, (long)abs_diff((ulong)shl_long(x2, (uint)(uint)0x6283cad6u), (ulong)x2));
    x2 = fn1(clamp((ushort)((ushort)0x51ccu != shr_ushort(x3, (uint)(uint)x2)), min(bitselect((ushort)((__global const short *)in)[((uint)0xadb1fac5u) % 2048u], x3, (ushort)x3), (ushort)x2), max(bitselect((ushort)((__global const short *)in)[((uint)0xadb1fac5u) % 2048u], x3, (ushort)x3), (ushort)x2)), x0);
    if ((uchar)0x3fu < (uchar)x0) {
        for (uint i8 = 0; i8 < 3; i8++) {
            int v10 = (int)((char)((uint)convert_char_sat(v5) * (uint)(char)v7) == (char)((div_ushort(x3, convert_ushort_sat(v5)) > x3) ? x1 : (char)x2));
            long v11 = x2;
            uchar v12 = (uchar)x0;
            x4 = (short)((v12 == (uchar)popcount((uchar)((x4 > x4) ? v12 : v12))) ? x4 : (short)((__global const short *)in)[((uint)x2) % 2048u]);
        }
        v5 = trunc((((char)((short)0x2u >= x4) == x1) ? convert_float(x0) : v5));
        x4 = x4;
    } else {
        if ((ulong)(((ulong)0xb20e92e38c68e8a1ul < 0) ? (ulong)0xb20e92e38c68e8a1ul : (ulong)(ulong)(-(ulong)(ulong)((ulong)mul_hi(x0, x0) + (ulong)x0))) == clamp(v7, min((ulong)lid, (ulong)gid), max((ulong)lid, (ulong)gid))) {
            for (uint i12 = 0; i12 < 5u; i12++) {
                x2 = shl_long(mul_hi((long)((ulong)(long)((v5 >= v5) ? x2 : x2) * (ulong)x2), x2), (uint)bitselect((uint)(-(uint)convert_uint_sat(v7)), i12, convert_uint_sat(x3)));
                arr0[((uint)x1) % 16u] = shr_int((int)((int)0x80u & hadd((int)((int)0xddd6775du ^ (int)0xb1850184u), (int)x2)), (uint)(uint)((uint)shl_uint(i12, (uint)clamp(convert_uint_sat(x0), min(i12, i12), max(i12, i12))) + (uint)(uint)((uint)upsample((ushort)((__global uint_a *)row)[((uint)(-(uint)i12)) % 4u], x3) + (uint)i12)));
            }
            for (uint i13 = 0; i13 < 5; i13++) {
                char v15 = (char)(((char)(x0 > (ulong)popcount((ulong)clz((ulong)get_local_size(0)))) < 0) ? (char)(x0 > (ulong)popcount((ulong)clz((ulong)get_local_size(0)))) : (uint)(char)((uchar)0x88u == (uchar)(-(uint)(uchar)v7)));
            }
            x2 = (long)((long)((ulong)mul_hi((long)((ushort)x2 <= x3), x2) + (ulong)(long)(-(ulong)(long)(x2 | x2))) | shr_long(x2, (uint)(uint)0x8u));
        }
        x1 = convert_char_sat_rtz(v5);
    }
    if (bitselect(shr_ushort(div_ushort(x3, (ushort)0x0u), (uint)(uint)x0), (ushort)lid, (ushort)0x7257u) >= shl_ushort(upsample((uchar)0x2u, (uchar)x2), (uint)(uint)((uint)0x8u | (uint)x2))) {
        x1 = (char)((uint)shl_char((char)((uint)(char)x1 - (uint)x1), (uint)convert_uint_sat(v5)) * (uint)(char)abs_diff((uchar)x1, (uchar)x1));
        x2 = x2;
    }
    switch (rem_uchar((uchar)((uint)shr_uchar((uchar)((uint)(uchar)0x20u * (uint)(uchar)0x6u), (uint)(uint)0x4u) - (uint)(uchar)0x94u), (uchar)0x5u) & 7) {
    case 0: {
        uchar v16 = (uchar)(((uchar)((v5 <= rint(v5)) ? (uchar)((__global const short *)in)[(shr_uint((uint)0x4000u, (uint)(uint)((__global const char *)in)[((uint)0x4f304d3cu) % 4096u])) % 2048u] : (uchar)(~(uchar)((uint)mul_hi((uchar)0xf3u, (uchar)0x4u) + (uint)(uchar)x2))) < 0) ? (uchar)((v5 <= rint(v5)) ? (uchar)((__global const short *)in)[(shr_uint((uint)0x4000u, (uint)(uint)((__global const char *)in)[((uint)0x4f304d3cu) % 4096u])) % 2048u] : (uchar)(~(uchar)((uint)mul_hi((uchar)0xf3u, (uchar)0x4u) + (uint)(uchar)x2))) : (uint)(uchar)((convert_uchar_sat(x1) < 0) ? convert_uchar_sat(x1) : (uint)bitselect((uchar)0x6u, shr_uchar((uchar)0x8u, (uint)(uint)0x554d3891u), (uchar)(-(uint)(uchar)0x8u))));
        break;
    }
    case 1: {
        for (uint i16 = 0; i16 < 5u; i16++) {
            __atomic_fetch_and(&acc[23], (uint)(i16 & (uint)((uint)upsample((ushort)(x0 <= x0), x3) - (uint)i16)), __ATOMIC_ACQUIRE);
            x4 = (short)(((short)((short)((__global const uchar *)in)[(i16) % 4096u] | x4) < (short)((__global const ulong *)in)[(i16) % 512u]) ? (short)((uint)x4 + (uint)add_sat(convert_short_sat(v7), (short)((__global const char *)in)[(clamp(i16, min(i16, (uint)((__global const ushort *)in)[((uint)((x1 <= (char)0xbbu) ? i16 : i16)) % 2048u]), max(i16, (uint)((__global const ushort *)in)[((uint)((x1 <= (char)0xbbu) ? i16 : i16)) % 2048u]))) % 4096u])) : (short)0xe589u);
            if ((int)((uint)(int)0x3u - (uint)(int)((uint)shl_int(convert_int_sat(x0), (uint)(uint)0x5695d89eu) + (uint)mul_hi((int)0x8274d3fu, convert_int_sat(x3)))) >= (int)0x3u) {
                v7 = (ulong)0x7f571dc6b4ad2a99ul;
            } else {
                x1 = rotate((char)(~x1), x1);
                v5 = v5;
            }
            x3 = rem_ushort(shl_ushort((ushort)((__global uchar_a *)row)[(i16) % 16u], (uint)shl_uint(i16, (uint)i16)), shr_ushort((ushort)(((ushort)x2 < 0) ? (ushort)x2 : (uint)x3), (uint)i16));
        }
        if ((long)((long)0x7fffffful ^ x2) != rem_long((long)0xc011d2b2d7b459f3ul, x2)) {
            x3 = (ushort)popcount((ushort)(~rem_ushort((ushort)x2, mul_hi(x3, x3))));
            x2 = clamp(mul_hi(shl_long((long)(((long)lid < 0) ? (long)lid : (ulong)x2), (uint)(uint)0x7fu), rhadd(x2, (long)x1)), min((long)0x20000000000ul, x2), max((long)0x20000000000ul, x2));
        } else {
            __atomic_fetch_or(&((__global ulong *)(acc + 32))[6], (ulong)(ulong)((x3 == x3) ? (ulong)((ulong)(ulong)0x1ffffffffful + (ulong)v7) : x0), __ATOMIC_ACQ_REL);
        }
    }
    case 2: {
        if ((ulong)(-(ulong)x0) <= (ulong)((x1 == x1) ? (ulong)((ulong)(ulong)((__global const short *)in)[((uint)((__global const uchar *)in)[((uint)0x3e234d5eu) % 4096u]) % 2048u] * (ulong)x0) : v7)) {
            char v18 = (char)((char)0x0u ^ x1);
            long v19 = clamp(x2, min(rem_long((long)popcount((long)(~x2)), (long)((__global const ushort *)in)[((uint)0xc1ecfcd8u) % 2048u]), (long)((ulong)upsample((int)0xd93bf700u, (uint)0x2u) * (ulong)rotate(x2, x2))), max(rem_long((long)popcount((long)(~x2)), (long)((__global const ushort *)in)[((uint)0xc1ecfcd8u) % 2048u]), (long)((ulong)upsample((int)0xd93bf700u, (uint)0x2u) * (ulong)rotate(x2, x2))));
        }
        break;
    }
    case 5: {
        x1 = x1;
        break;
    }
    case 6: {
        ushort v20 = (ushort)(-(uint)x3);
        break;
    }
    default: {
        float v21 = (v5 + (-(v5)));
        break;
    }
    }
    v7 = (ulong)(convert_ulong_sat(x4) | shl_ulong((ulong)0x489e45e035a68c83ul, (uint)(uint)0x5u));
    lm[lid] = (ulong)(uchar)0x20u;
    barrier(CLK_LOCAL_MEM_FENCE);
    v7 ^= (ulong)lm[(lid + 78u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    switch ((ushort)((uint)upsample((uchar)(~(uchar)x1), (uchar)clz((uchar)((__global const long2 *)in)[((uint)x0) % 256u].y)) * (uint)x3) & 7) {
    case 0: {
        v5 = copysign(v5, (isnan((0.0f * (((uint)0xb25a9eb1u == (uint)0x800u) ? 1e-30f : convert_float(v7)))) ? 1.0f : (0.0f * (((uint)0xb25a9eb1u == (uint)0x800u) ? 1e-30f : convert_float(v7)))));
    }
    case 2: {
        v5 = fdim(v5, ((fmax(convert_float(x1), v5) + 0.0f) - (((uint)0x7497aa45u < (uint)0x4fe621c7u) ? v5 : v5)));
        uint v22 = min(shr_uint(clamp((uint)v7, min((uint)0x7c4fe7deu, convert_uint_sat_rtz(v5)), max((uint)0x7c4fe7deu, convert_uint_sat_rtz(v5))), (uint)(uint)(((int)0x1u < (int)0xaa18707u) ? (uint)0xe5a5aa9au : (uint)v7)), (uint)0x3fffu);
        break;
    }
    case 5: {
        if (bitselect(x2, x2, (long)(x2 & x2)) >= x2) {
            x0 = (ulong)(~v7);
            switch ((uchar)abs_diff((uchar)(uchar)((uint)mul_hi((uchar)0x51u, (uchar)(-(uint)shl_uchar((uchar)0x1u, (uint)(uint)0x3573b720u))) + (uint)(uchar)abs_diff((uchar)(uchar)0x3u, (uchar)(uchar)((__global uchar_a *)row)[((uint)0x939ca9b6u) % 16u])), (uchar)shr_uchar((uchar)0x7fu, (uint)(uint)0x5u)) & 7) {
            case 0: {
                arr0[((uint)(~(uint)0x400000u)) % 16u] = (int)((__global const ushort *)in)[(shr_uint((uint)x3, (uint)(uint)0x8u)) % 2048u];
                break;
            }
            case 2: {
                v7 = (ulong)((ulong)((ulong)(ulong)((ulong)v7 | x0) * (ulong)shl_ulong((ulong)0x798102f15e69dc94ul, (uint)convert_uint_sat(x4))) | hadd(v7, (ulong)abs(v7)));
                x4 = (short)((uint)x4 - (uint)(short)(x4 | shr_short(shl_short(x4, (uint)(uint)0x0u), (uint)(uint)(-(uint)(uint)x2))));
                break;
            }
            case 4: {
                x2 = (long)((ulong)(long)get_local_size(0) - (ulong)(long)abs((long)popcount((long)(~(long)x3))));
                break;
            }
            case 6: {
                char v23 = x1;
                break;
            }
            case 7: {
                break;
            }
            default: {
                x1 = x1;
                break;
            }
            }
            ((__global ulong_a *)row)[((uint)((uint)(uint)((uint)(uint)0x41d5c0a2u * (uint)(uint)(v7 <= v7)) * (uint)shl_uint((uint)((__global const char *)in)[(rotate((uint)0x7ffu, (uint)((__global const uchar *)in)[((uint)0x7d94cad4u) % 4096u])) % 4096u], (uint)(uint)abs((uint)0x4u)))) % 2u] = (ulong)(ulong)clz(x0);
        }
        x2 = fn0((uchar)clz((uchar)get_global_size(0)), x4, x2);
        break;
    }
    case 6: {
        for (uint i23 = 0; i23 < 8; i23++) {
            switch (rem_ushort((ushort)((v5 != -0.0f) ? (ushort)((x3 < 0) ? x3 : (uint)(ushort)x1) : x3), bitselect((ushort)(x0 < v7), div_ushort((ushort)clz((ushort)x1), (ushort)x0), (ushort)0x400u)) & 7) {
            case 0: {
                x3 = (ushort)((uint)rotate(clamp((ushort)x3, min(x3, (ushort)0x7u), max(x3, (ushort)0x7u)), bitselect(x3, x3, (ushort)((__global uint_a *)row)[(i23) % 4u])) - (uint)sub_sat((ushort)0xdd10u, min(max(x3, (ushort)0xe8a9u), x3)));
                x2 = fn0((uchar)(convert_uchar_sat(x0) ^ (uchar)0xacu), (short)abs_diff((ushort)upsample(x1, (uchar)0xa0u), (ushort)(short)(convert_float(x2) > copysign(v5, (isnan(v5) ? 1.0f : v5)))), x2);
                break;
            }
            case 1: {
                if ((ulong)(~convert_ulong_sat_rtz(fmin(v5, 9.2e18f))) <= (ulong)((ulong)(ulong)x4 * (ulong)(ulong)x1)) continue;
                break;
            }
            default: {
                x3 = x3;
                break;
            }
            }
        }
        switch ((int)(((char)((__global const ushort *)in)[((uint)0xaef32219u) % 2048u] > (char)(x1 ^ (char)((x1 < 0) ? x1 : (uint)x1))) ? (int)0x5ba88ed7u : (int)0x3fe83ceeu) & 7) {
        case 0: {
            v7 = (ulong)((convert_ulong_sat(x1) < 0) ? convert_ulong_sat(x1) : (ulong)(ulong)clz(clamp(v7, min((ulong)0xaf23c463975219ul, (ulong)x0), max((ulong)0xaf23c463975219ul, (ulong)x0))));
            break;
        }
        case 5: {
            float v25 = ((x0 == shr_ulong(x0, (uint)(uint)0xbcdc4d79u)) ? fdim(copysign(convert_float(x0), (isnan((v5 - v5)) ? 1.0f : (v5 - v5))), v5) : v5);
        }
        default: {
            __atomic_fetch_add(&((__global float *)(acc + 56))[4], (float)((uint)((__global const ushort *)in)[((uint)clz((uint)0xa1b8799fu)) % 2048u] & 0xffu), __ATOMIC_RELEASE);
            break;
        }
        }
        break;
    }
    default: {
        v5 = ((-(copysign((fmin(v5, v5) + 0.0f), (isnan(v5) ? 1.0f : v5)))) - (v5 + v5));
        break;
    }
    }
    x2 = x2;
    v5 = convert_float(x3);
    x3 = rotate(convert_ushort_sat_rtz(v5), x3);
    x3 = x3;
    lm[lid] = (ulong)(char)((x1 < 0) ? x1 : (uint)(char)0x1u);
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 ^= (short)lm[(lid * 13u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    ((__global ushort_a *)row)[((uint)((uint)mul_hi(rhadd(convert_uint_sat(x0), (uint)0x4u), bitselect(clamp((uint)0x301d4df8u, min((uint)abs((uint)0x7a2febf4u), (uint)0x774def0fu), max((uint)abs((uint)0x7a2febf4u), (uint)0x774def0fu)), (uint)0x5u, min((uint)0x0u, (uint)x4))) + (uint)(uint)get_group_id(0))) % 8u] = (ushort)max(x3, x3);
    short v26 = (short)clz(max(x4, x4));
    x4 = shl_short((short)((uint)v26 + (uint)x4), (uint)upsample(div_ushort(x3, (ushort)popcount((ushort)(~x3))), x3));
    if ((int)((x4 < v26) ? shr_int((int)0x1u, (uint)(uint)0x200000u) : (int)0x6u) < (int)0x5ebf9736u) {
        for (uint i26 = 0; i26 < 6; i26++) {
            switch ((uchar)((uint)mul_hi((uchar)0x1u, (uchar)abs_diff((uchar)(uchar)clz((uchar)0x0u), (uchar)(uchar)0x2u)) + (uint)(uchar)((uint)(uchar)x2 - (uint)(uchar)0xd8u)) & 7) {
            case 5: {
                int v28 = div_int(upsample(rem_short((short)0x3u, (short)get_group_id(0)), (ushort)((__global const uint4 *)in)[(min((uint)((__global const ulong *)in)[((uint)(-(uint)i26)) % 512u], i26)) % 256u].w), (int)0x416fc41au);
            }
            case 6: {
                ulong v29 = add_sat((ulong)0x26fb9352af7f7262ul, (ulong)x1);
                if (rem_uint(i26, i26) > (uint)(~i26)) continue;
                break;
            }
            case 7: {
                arr0[((uint)((uint)mul_hi((uint)abs((uint)(-(uint)i26)), (uint)((__global const uint4 *)in)[(i26) % 256u].y) + (uint)(uint)((uint)i26 * (uint)i26))) % 16u] = (int)((rem_int((int)0xa6efd1bfu, (int)0x418153a1u) < 0) ? rem_int((int)0xa6efd1bfu, (int)0x418153a1u) : (uint)(int)((uint)(int)0x2u * (uint)shl_int((int)0x4u, (uint)i26)));
                break;
            }
            default: {
                arr1[((uint)(((uint)popcount(rem_uint(convert_uint_sat(x4), (uint)(~(uint)0x3fffu))) < 0) ? (uint)popcount(rem_uint(convert_uint_sat(x4), (uint)(~(uint)0x3fffu))) : (uint)(uint)((uint)bitselect(i26, shr_uint(i26, (uint)(uint)x2), (uint)0x3fffu) - (uint)i26))) % 4u] = hadd((uint)(((uint)((uint)mul_hi(shl_uint((uint)((__global const long2 *)in)[((uint)((__global const uchar *)in)[(i26) % 4096u]) % 256u].x, (uint)(uint)v7), (uint)x4) + (uint)(uint)v7) < 0) ? (uint)((uint)mul_hi(shl_uint((uint)((__global const long2 *)in)[((uint)((__global const uchar *)in)[(i26) % 4096u]) % 256u].x, (uint)(uint)v7), (uint)x4) + (uint)(uint)v7) : (uint)shl_uint(convert_uint_sat(x4), (uint)i26)), (uint)abs((uint)(i26 ^ i26)));
                break;
            }
            }
            v7 = (ulong)(shl_uchar((uchar)popcount((uchar)(~(uchar)x2)), (uint)(uint)((__global const short *)in)[(bitselect(i26, i26, i26)) % 2048u]) <= (uchar)0x1fu);
        }
    }
    long v30 = (long)(((long)x4 < 0) ? (long)x4 : (ulong)(long)(-(ulong)mul_hi((long)x0, x2)));
    x2 = add_sat(div_long(shr_long((long)x2, (uint)(uint)((uint)(uint)0x45f5cef9u - (uint)(uint)((__global uchar_a *)row)[((uint)0x72c3d3dbu) % 16u])), x2), shr_long((long)popcount((long)(~v30)), (uint)(uint)0x3u));
    ((__global ulong_a *)row)[((uint)(~(uint)(~(uint)((uchar)0x5du < shl_uchar((uchar)0x58u, (uint)(uint)0x1u))))) % 2u] = (ulong)(ulong)((v5 == 0.0f) ? (ulong)(v5 != v5) : convert_ulong_sat_rtz(fmin(v5, 9.2e18f)));
    uchar v31 = (uchar)((uint)0x2u < mad24((uint)(add_sat((uint)0x37ed5648u, (uint)0x0u) & 0xffff), (uint)(min((uint)((__global ushort_a *)row)[(max((uint)0x5u, (uint)0x3u)) % 8u], (uint)(~(uint)0x7ffffffu)) & 0xffff), (uint)0x7u));
    ulong v32 = add_sat((ulong)((ulong)mul_hi(v7, (ulong)(x0 | (ulong)((__global const short *)in)[((uint)v31) % 2048u])) + (ulong)(ulong)((__global const char *)in)[(convert_uint_sat(v5)) % 4096u]), (ulong)((ulong)v7 * (ulong)convert_ulong_sat_rtz(fmin(v5, 9.2e18f))));
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)((ulong)x2 >> 32);
    row[9u] = (uint)(x3);
    row[10u] = (uint)(x4);
    row[11u] = fbits(v5);
    row[12u] = (uint)(v7);
    row[13u] = (uint)((ulong)v7 >> 32);
    row[14u] = (uint)(v26);
    row[15u] = (uint)(v30);
    row[16u] = (uint)((ulong)v30 >> 32);
    row[17u] = (uint)(v31);
    row[18u] = (uint)(v32);
    row[19u] = (uint)((ulong)v32 >> 32);
    row[20u] = (uint)(arr0[0]);
    row[21u] = (uint)(arr0[1]);
    row[22u] = (uint)(arr0[2]);
    row[23u] = (uint)(arr0[3]);
    row[24u] = (uint)(arr0[4]);
    row[25u] = (uint)(arr0[5]);
    row[26u] = (uint)(arr0[6]);
    row[27u] = (uint)(arr0[7]);
    row[28u] = (uint)(arr0[8]);
    row[29u] = (uint)(arr0[9]);
    row[30u] = (uint)(arr0[10]);
    row[31u] = (uint)(arr0[11]);
    row[32u] = (uint)(arr0[12]);
    row[33u] = (uint)(arr0[13]);
    row[34u] = (uint)(arr0[14]);
    row[35u] = (uint)(arr0[15]);
    row[36u] = (uint)(arr1[0]);
    row[37u] = (uint)(arr1[1]);
    row[38u] = (uint)(arr1[2]);
    row[39u] = (uint)(arr1[3]);
}
