// clfuzz seed=37 grid=1 block=256 in=1024 out=6656 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 26u
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
__attribute__((noinline)) static float fn0(int p0) {
    p0 = rem_int(upsample(convert_short_sat(p0), (ushort)0x1fffu), (int)((uint)mul_hi(rhadd(p0, p0), p0) + (uint)(int)(-(uint)div_int(p0, (int)0x3u))));
    for (uint i0 = 0; i0 < 1; i0++) {
        switch (shl_uint((uint)0x40u, (uint)i0) & 7) {
        case 0: {
            char v2 = mul_hi((char)0x39u, (char)0x4u);
            short v3 = bitselect((short)0xa77u, rhadd(shr_short((short)v2, (uint)i0), (short)(p0 == p0)), rotate((short)0x1u, rotate((short)p0, convert_short_sat(p0))));
        }
        case 1: {
            p0 = shl_int((int)p0, (uint)(uint)p0);
            break;
        }
        case 4: {
            p0 = min(mul_hi(p0, (int)(p0 & (int)(p0 & p0))), (int)p0);
            float v4 = (((i0 >= (uint)((ulong)0xa6c6d8267de0fb5cul >= (ulong)0x100a325482b94b63ul)) ? fdim(65536.0f, (fmin(1.0f, -2.5e-3f) + 0.0f)) : trunc(0.5f)) * fabs(fdim(fma(0.1f, convert_float(p0), convert_float(p0)), convert_float((uchar)0x0u))));
            break;
        }
        case 7: {
            p0 = (int)((uint)p0 - (uint)(int)p0);
            if ((int)((uint)bitselect((int)clz(p0), (int)p0, p0) * (uint)p0) >= (int)abs(p0)) {
                p0 = (int)(p0 | p0);
                if (1e10f == 1e10f) break;
                p0 = (int)((uint)(int)((uint)shr_int(p0, (uint)upsample((ushort)0xbedeu, (ushort)0x3fffu)) - (uint)p0) + (uint)shl_int(p0, (uint)i0));
            }
            break;
        }
        default: {
            p0 = (int)(convert_float(p0) <= 1e-30f);
            break;
        }
        }
        if (1.0f > 3.0f) {
            p0 = upsample((short)p0, hadd((ushort)popcount((ushort)0xc611u), (ushort)(-(uint)(ushort)0x400u)));
        } else {
            p0 = p0;
            if ((ulong)0x3ful < (ulong)(-(ulong)(ulong)p0)) {
                if ((uchar)0x8u == shr_uchar((uchar)0x1u, (uint)i0)) continue;
            } else {
                if ((char)((uchar)(-(uint)(uchar)0x7u) > (uchar)p0) < (char)p0) break;
                int v5 = (int)((uint)(int)p0 + (uint)p0);
            }
            p0 = (int)clz(p0);
        }
        p0 = (int)clz((int)(~(int)(p0 | (int)((int)0x16560eb4u ^ (int)0x2ffaa9b0u))));
        if ((long)p0 != (long)0x3ffffffffffffful) continue;
    }
    return (-(fma(-1.0f, 1e10f, 65536.0f)));
}
__attribute__((noinline)) static ulong fn1(uint p0, float p1, ushort p2) {
    p1 = fn0((int)((convert_float(p2) + p1) < p1));
    p0 = (uint)abs_diff((uint)(uint)(p0 | convert_uint_sat_rtz(p1)), (uint)(uint)(-(uint)sub_sat(p0, p0)));
    p1 = (fmax(p1, p1) + 0.0f);
    p1 = p1;
    p1 = p1;
    return div_ulong((ulong)((ulong)(ulong)((ulong)0xfffffffffful | (ulong)0xeaef26c367531f69ul) + (ulong)(ulong)0x0ul), (ulong)0x828d4e527ce05f3cul);
}
static ushort fn2(long p0, ushort p1, ulong p2) {
    if (convert_float(p2) < 1e10f) {
        if (p1 >= p1) {
            p1 = shr_ushort((ushort)p1, (uint)rem_uint((uint)(((short)0x3u < (short)0x6214u) ? shr_uint(convert_uint_sat(p1), (uint)(uint)0x4000000u) : (uint)0x4000u), (uint)(~(uint)0x20000u)));
            p0 = (long)(-(ulong)(long)0x3ul);
            p0 = (long)((ulong)mul_hi((long)(-(ulong)(long)abs_diff((ulong)p0, (ulong)(long)p2)), (long)(~(long)((uint)0x1474a156u != (uint)0xac16016au))) + (ulong)(long)((ulong)(long)((ulong)(long)((p0 < 0) ? p0 : (ulong)p0) - (ulong)(long)((ulong)(long)p2 * (ulong)p0)) - (ulong)clamp((long)p2, min(p0, convert_long_sat(p2)), max(p0, convert_long_sat(p2)))));
        } else {
            p0 = (long)(-(ulong)p0);
            ulong v6 = (ulong)(convert_ulong_sat(p1) | p2);
        }
        p2 = (ulong)((ulong)(ulong)(((short)p0 < (short)0x6362u) ? (ulong)p2 : p2) * (ulong)shl_ulong(rem_ulong((ulong)p0, (ulong)clz(p2)), (uint)(uint)0x4dd25791u));
    } else {
        switch (mul_hi(shr_ushort(p1, (uint)(uint)0x7u), (ushort)p1) & 7) {
        case 0: {
            break;
        }
        case 3: {
            switch ((uchar)((uchar)p2 & convert_uchar_sat(p1)) & 7) {
            case 1: {
                p1 = rotate((ushort)(shl_ushort((ushort)p0, (uint)(uint)((uint)(uint)0x1fffffu + (uint)convert_uint_sat(p1))) & mul_hi(shr_ushort(p1, (uint)(uint)0xc5a3b005u), (ushort)((ushort)p1 & p1))), (ushort)0x28cau);
                p2 = fn1((uint)0xc4abb391u, fdim(convert_float(p0), 1e10f), (ushort)popcount((ushort)(~convert_ushort_sat(p2))));
                break;
            }
            case 3: {
                p0 = shr_long((long)0x2ul, (uint)mul_hi((uint)0x4627cdf7u, (uint)p1));
                p0 = p0;
                break;
            }
            default: {
                p1 = (ushort)(rem_ushort(p1, (ushort)0xb339u) & rem_ushort(div_ushort(p1, p1), (ushort)(-(uint)p1)));
                break;
            }
            }
            break;
        }
        case 5: {
            p2 = fn1((uint)((uint)mul_hi((uint)p0, (uint)0x5u) + (uint)div_uint((uint)0x0u, (uint)(~(uint)0x0u))), convert_float(p0), min((ushort)(((ushort)p1 < 0) ? (ushort)p1 : (uint)p1), (ushort)(((short)0x1u <= (short)((uint)(short)0x1u + (uint)(short)0xaac0u)) ? p1 : (ushort)0x1u)));
        }
        default: {
            p2 = sub_sat((ulong)0x37ac3598ed90a3bful, p2);
            break;
        }
        }
    }
    for (uint i6 = 0; i6 < 7; i6++) {
        p0 = p0;
    }
    return p1;
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ushort x0 = (ushort)in[(gid * 3u + 0u) % 1024u];
    char x1 = (char)in[(gid * 3u + 1u) % 1024u];
    float x2 = as_float(in[(gid * 3u + 2u) % 1024u] & 0xbfffffffu);
    uint arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    int v8 = (int)((uint)(int)popcount((int)0x80u) * (uint)shr_int((int)0x0u, (uint)(uint)0x1u));
    if ((long)((long)0x40000000ul & (long)((ulong)(long)0x1fffffffffful + (ulong)(long)0x7bfaf426c8ccb10cul)) != clamp((long)(~(long)0x2ul), min((long)((__global ulong_a *)row)[((uint)0x400u) % 2u], (long)0xffffffffffffffful), max((long)((__global ulong_a *)row)[((uint)0x400u) % 2u], (long)0xffffffffffffffful))) {
        for (uint i8 = 0; i8 < 8; i8++) {
            x0 = (ushort)((uint)x0 * (uint)(ushort)(((short)0x4u > rhadd((short)0x3022u, convert_short_sat_rtz(x2))) ? (ushort)x0 : (ushort)v8));
        }
        uint v10 = (uint)popcount((uint)(~(uint)0x20000u));
    }
    x2 = ((1e-30f * ((convert_uint_sat(x0) == (uint)0x6u) ? (-(x2)) : x2)) - fdim(convert_float(x0), x2));
    x0 = x0;
    v8 = (int)v8;
    for (uint i10 = 0; i10 < 4; i10++) {
        x2 = ((fmin(x2, x2) + 0.0f) * (-((x2 + x2))));
        v8 = (int)clz((int)x0);
    }
    lb[lid * 2u + 1u] = (uchar)x0;
    lb[lid * 2u + 0u] = (uchar)(ushort)((uint)rhadd(x0, (ushort)(((ushort)((__global const long2 *)in)[((uint)(((v8 & (int)0x40000u) >= (int)0x170d172cu) ? (uint)x0 : (uint)0x5afae7acu)) % 256u].y < (ushort)0x6u) ? x0 : x0)) + (uint)(ushort)(x0 | (ushort)0xfeb9u));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (ushort)lb[((lid * 7u) % 256u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = x2;
    x1 = hadd(x1, (char)gid);
    float v12 = x2;
    x0 = shl_ushort((ushort)((ushort)((uint)x0 - (uint)(ushort)gid) & convert_ushort_sat(v8)), (uint)(uint)(~(uint)abs(shr_uint((uint)0x7u, (uint)(uint)0xbc770eeeu))));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = fbits(x2);
    row[7u] = (uint)(v8);
    row[8u] = fbits(v12);
    row[9u] = (uint)(arr0[0]);
    row[10u] = (uint)(arr0[1]);
    row[11u] = (uint)(arr0[2]);
    row[12u] = (uint)(arr0[3]);
    row[13u] = (uint)(arr0[4]);
    row[14u] = (uint)(arr0[5]);
    row[15u] = (uint)(arr0[6]);
    row[16u] = (uint)(arr0[7]);
    row[17u] = (uint)(arr0[8]);
    row[18u] = (uint)(arr0[9]);
    row[19u] = (uint)(arr0[10]);
    row[20u] = (uint)(arr0[11]);
    row[21u] = (uint)(arr0[12]);
    row[22u] = (uint)(arr0[13]);
    row[23u] = (uint)(arr0[14]);
    row[24u] = (uint)(arr0[15]);
}
