// clfuzz seed=34 grid=3 block=256 in=1024 out=18432 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static uchar fn0(uchar p0) {
    p0 = rem_uchar(p0, p0);
    p0 = (uchar)(((((uint)0x800u < (uint)0x8000000u) ? convert_float(p0) : fma(-0.0f, 0.5f, convert_float(p0))) - (fmax((convert_float(p0) * 65536.0f), -1.0f) + 0.0f)) < 1.0f);
    p0 = rem_uchar(clamp((uchar)0xc9u, min((uchar)(copysign(-2.5e-3f, (isnan(16777217.0f) ? 1.0f : 16777217.0f)) >= convert_float(p0)), p0), max((uchar)(copysign(-2.5e-3f, (isnan(16777217.0f) ? 1.0f : 16777217.0f)) >= convert_float(p0)), p0)), p0);
    p0 = shr_uchar((uchar)((uchar)((ulong)((ulong)0x21109b3ccb39a279ul & (ulong)0xd1d2927ab4381dbful) >= upsample((uint)0x9f8497aeu, (uint)0x200u)) | (uchar)p0), (uint)(uint)(-(uint)(uint)0x71a5c815u));
    return (uchar)clz((uchar)(p0 ^ (uchar)p0));
}
static float fn1(short p0, float p1) {
    p1 = convert_float((uint)(convert_uchar_sat(p1) >= (uchar)0x6u));
    p1 = round(convert_float(p0));
    switch (shr_uchar((uchar)0x0u, (uint)(uint)((uint)0x1fffu & convert_uint_sat(p0))) & 7) {
    case 2: {
        if (rotate(hadd((int)(~(int)0xd3d501d4u), (int)0x142b35bu), (int)p0) <= convert_int_sat_rtz(p1)) {
            p0 = (short)popcount(p0);
        }
        break;
    }
    case 4: {
        for (uint i0 = 0; i0 < 5u; i0++) {
            p1 = (-(p1));
        }
    }
    case 5: {
        break;
    }
    case 6: {
        if (convert_float(p0) != p1) {
            p1 = convert_float((uint)0x6353a7bcu);
            p1 = fma(round(((3.0f - p1) + p1)), fdim(p1, fdim(p1, convert_float(p0))), fma(p1, p1, (p1 - p1)));
        } else {
            p1 = p1;
        }
        p0 = convert_short_sat_rtz(p1);
        break;
    }
    case 7: {
        switch ((uint)((shl_int((int)p0, (uint)convert_uint_sat(p1)) == (int)0x49c2c191u) ? rotate(rem_uint((uint)(~(uint)0xe8a703f9u), (uint)0x901acdd5u), (uint)((uint)p0 & convert_uint_sat(p1))) : (uint)(((int)0x3u != convert_int_sat_rtz(p1)) ? (uint)0x3u : (uint)0x1u)) & 7) {
        case 5: {
            break;
        }
        case 6: {
            p0 = shl_short(bitselect((short)((uint)p0 + (uint)(short)p0), hadd(p0, convert_short_sat_rtz(p1)), p0), (uint)(uint)0x2u);
        }
        case 7: {
        }
        default: {
            p1 = (65536.0f + p1);
            break;
        }
        }
        p0 = (short)(rhadd((int)0xe4e1391bu, (int)abs((int)p0)) == (int)0x7u);
        break;
    }
    default: {
        p0 = (short)((uint)(short)(p0 & p0) * (uint)(short)popcount((short)((uint)p0 + (uint)add_sat((short)p0, p0))));
        break;
    }
    }
    return floor(convert_float(p0));
}
__attribute__((noinline)) static char fn2(float p0, float p1) {
    p1 = (p0 * ((-(p1)) + (fmax(p0, fma(p1, p0, p1)) + 0.0f)));
    if ((uint)((short)((ushort)0x7u == (ushort)((uint)mul_hi((ushort)0x4u, (ushort)0x901u) + (uint)(ushort)0x3dbbu)) == shl_short((short)0xffu, (uint)(uint)0x8u)) >= (uint)((uint)(uint)(-(uint)(uint)0xedb6c2fcu) * (uint)sub_sat(convert_uint_sat(p1), (uint)0xa04fa527u))) {
        p1 = fma(1e-30f, (p0 + p0), ceil(p1));
        p0 = (convert_float((short)0x4u) * fdim(p1, round((p0 - p1))));
    } else {
        int v2 = (int)((uint)(int)0x61ad0ba4u - (uint)shl_int((int)0x7ffffffu, (uint)convert_uint_sat(p1)));
        v2 = (int)((uint)(int)(v2 ^ (int)(~(int)v2)) - (uint)(int)v2);
    }
    p1 = fn1(div_short((short)0x7u, (short)(~(short)0x1315u)), (fma(convert_float(bitselect((uint)0x2000u, (uint)0x7816081eu, (uint)0x5u)), p1, (fmax(p1, p0) + 0.0f)) - p0));
    return (char)((uint)rotate(shr_char((char)0xfau, (uint)convert_uint_sat_rtz(p1)), min(convert_char_sat(p1), (char)0x7fu)) + (uint)convert_char_sat(p0));
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    uint x0 = (uint)in[(gid * 5u + 0u) % 1024u];
    ulong x1 = (ulong)(((ulong)in[(gid * 5u + 1u) % 1024u] << 32) | in[(gid * 5u + 1u + 1u) % 1024u]);
    int x2 = (int)in[(gid * 5u + 2u) % 1024u];
    ushort x3 = (ushort)in[(gid * 5u + 3u) % 1024u];
    int x4 = (int)in[(gid * 5u + 4u) % 1024u];
    int arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x4 = shl_int((int)0x2f987c9fu, (uint)(uint)popcount(x0));
    float v3 = (((int)(~rem_int(x4, x4)) > (int)((__global const short *)in)[(x0) % 2048u]) ? convert_float(x4) : (-(convert_float(x1))));
    for (uint i3 = 0; i3 < ((uint)x0 & 7u); i3++) {
        x0 = (uint)(-(uint)x0);
        for (uint i4 = 0; i4 < 8; i4++) {
            x1 = (ulong)(x1 & (ulong)x2);
            if ((ushort)clz(x3) == x3) continue;
            x2 = rem_int((int)x1, x2);
            x4 = (int)((uint)(int)((uint)shr_int((int)((uint)x2 - (uint)(int)x1), (uint)x0) * (uint)(int)((__global const ushort *)in)[((uint)((__global const uchar *)in)[((uint)get_local_size(0)) % 4096u]) % 2048u]) * (uint)x2);
        }
    }
    ushort v6 = (ushort)clz((ushort)((uint)bitselect((ushort)lid, x3, x3) * (uint)shr_ushort(x3, (uint)bitselect((uint)0x400u, x0, convert_uint_sat(v3)))));
    x2 = add_sat(upsample((short)x4, shl_ushort((ushort)get_local_size(0), (uint)x0)), rem_int(x2, (int)0x4u));
    uint v7 = x0;
    __atomic_fetch_xor(&((__global ulong *)(acc + 32))[7], (ulong)(ulong)(sub_sat((uint)((uint)mul24((uint)((uint)0x7fffffu & 0xffff), (uint)(v7 & 0xffff)) + (uint)(uint)0x4u), x0) == (uint)((__global const char *)in)[((uint)((__global const long2 *)in)[(x0) % 256u].y) % 4096u]), __ATOMIC_ACQ_REL);
    lm[lid] = (ulong)(short)0x302au;
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (ulong)lm[(lid + 163u) % 256u];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i7 = 0; i7 < 3; i7++) {
        if ((v3 * convert_float(x0)) >= convert_float((int)abs((int)((uint)x2 * (uint)(int)0xd4747f3bu)))) continue;
        x1 = (ulong)abs((ulong)abs_diff((ulong)x1, (ulong)x1));
    }
    uint v9 = (uint)((uint)(-(uint)v7) & (uint)popcount((uint)(~(uint)((uint)(uint)((uint)x0 + (uint)(uint)v7) * (uint)convert_uint_sat(x3)))));
    for (uint i9 = 0; i9 < ((uint)v9 & 7u); i9++) {
        x3 = (ushort)(-(uint)(ushort)v6);
        x3 = (ushort)(~(ushort)(-(uint)max(rem_ushort(convert_ushort_sat(v9), v6), (ushort)((__global const char *)in)[(v7) % 4096u])));
        x0 = (uint)((uint)(uint)((uint)(uint)((uint)(uint)((uint)0xb466d4e6u | x0) - (uint)convert_uint_sat(v3)) * (uint)rotate((uint)((i9 < 0) ? i9 : (uint)(uint)0xd04948e4u), v7)) - (uint)(uint)((uint)((v9 < 0) ? v9 : (uint)(uint)v6) & convert_uint_sat(x4)));
    }
    ushort v11 = (ushort)popcount((ushort)(~v6));
    lb[lid * 2u + 1u] = (uchar)(long)0x0ul;
    lb[lid * 2u + 0u] = (uchar)(long)abs_diff((ulong)(long)0x10000000ul, (ulong)(long)((long)get_global_size(0) ^ (long)((__global const uchar *)in)[(shr_uint(x0, (uint)convert_uint_sat(x3))) % 4096u]));
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (ushort)lb[(255u - lid) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (min(shr_int(min(x4, x4), (uint)(uint)((uint)v7 ^ convert_uint_sat(x2))), convert_int_sat(x1)) > convert_int_sat(v7)) {
        x2 = x2;
        x2 = arr0[(x0) % 8u];
    } else {
        __atomic_fetch_add(&((__global float *)(acc + 56))[2], (float)(mul_hi((uint)(~(uint)((uint)v7 * (uint)v7)), (uint)0x5u) & 0xffu), __ATOMIC_RELEASE);
        if ((int)((__global const uchar *)in)[((uint)x0) % 4096u] >= x2) {
            arr0[((uint)((uint)clz((uint)(-(uint)v9)) ^ min((uint)((uint)v9 | v7), v9))) % 8u] = (int)((uint)(int)((__global const uchar *)in)[((uint)0x8u) % 4096u] * (uint)(int)(rem_int(rotate((int)v9, x4), x4) & (int)(-(uint)x2)));
            v11 = v6;
            if ((int)0xe6305064u == (int)((x2 < 0) ? x2 : (uint)x2)) {
                v11 = min(v11, v11);
            } else {
                x0 = (uint)clz((uint)x1);
            }
        } else {
            ((__global uchar_a *)row)[((uint)((__global ushort_a *)row)[((uint)((__global const ushort *)in)[(rotate((uint)v11, (uint)((__global const long2 *)in)[((uint)0x1u) % 256u].x)) % 2048u]) % 8u]) % 16u] = (uchar)convert_uchar_sat_rtz(v3);
        }
        x4 = (int)x3;
    }
    char v12 = (char)((char)0x4u ^ bitselect((char)0xb6u, (char)0xeu, (char)(~(char)x0)));
    x4 = arr0[(shl_uint(v9, (uint)(uint)((fmax(fma(v3, v3, v3), copysign(v3, (isnan(v3) ? 1.0f : v3))) + 0.0f) > (fma(0.5f, convert_float(x4), v3) + fdim(convert_float(v11), 3.0f))))) % 8u];
    if (v3 > convert_float(v9)) {
        for (uint i12 = 0; i12 < 7; i12++) {
            x0 = shl_uint((uint)((uint)(uint)(-(uint)(uint)0x45fb52f0u) * (uint)v9), (uint)(uint)(mul_hi((uint)v7, (uint)(~x0)) != (uint)(-(uint)v7)));
            x3 = (ushort)((char)(~(char)lid) <= v12);
        }
    } else {
        switch ((uchar)(x3 != x3) & 7) {
        case 3: {
            v6 = (ushort)0x4u;
            x2 = (int)0x68ec15e1u;
            break;
        }
        case 4: {
            short v14 = (short)get_global_size(0);
            break;
        }
        case 5: {
            v6 = (ushort)((uchar)x1 <= (uchar)0xe2u);
            short v15 = (short)(~(short)((uint)(short)((x1 <= x1) ? rotate((short)v6, (short)((__global const short *)in)[((uint)abs_diff((uint)x0, (uint)(uint)0x824883b8u)) % 2048u]) : (short)0xf863u) + (uint)convert_short_sat(x1)));
            break;
        }
        case 7: {
            x0 = (uint)((x4 < mul_hi(x4, x2)) ? (uint)(clamp(mad24((uint)(v7 & 0xffff), (uint)((uint)x3 & 0xffff), v7), min((uint)0x8u, v9), max((uint)0x8u, v9)) >= v7) : shl_uint(v9, (uint)hadd((uint)((__global const short *)in)[((uint)v6) % 2048u], (uint)((uint)x0 + (uint)(uint)0xfff96808u))));
            switch (x0 & 7) {
            case 0: {
                x4 = arr0[((uint)(shl_uint(v9, (uint)(uint)(x1 == bitselect(x1, x1, x1))) & rotate(v7, clamp(x0, min(convert_uint_sat(v6), x0), max(convert_uint_sat(v6), x0))))) % 8u];
                float v16 = (fmax((fmin(v3, v3) + 0.0f), v3) + 0.0f);
                break;
            }
            case 2: {
                arr0[((uint)((uint)(~v7) ^ (uint)get_local_size(0))) % 8u] = (int)(~(int)((__global const uchar *)in)[(x0) % 4096u]);
                break;
            }
            case 6: {
                long v17 = rem_long((long)((ulong)(long)0xd87d4570c54cc757ul * (ulong)(long)0x1ul), (long)((ushort)v12 >= v6));
                v11 = (ushort)(v11 | shr_ushort(min((ushort)((uint)x3 - (uint)(ushort)0x19cu), (ushort)v11), (uint)mul_hi(v7, v9)));
            }
            case 7: {
                char v18 = rotate(v12, shl_char(v12, (uint)x0));
                long v19 = (long)0x3891e02cfefa4200ul;
            }
            default: {
                x3 = (ushort)0x688fu;
                break;
            }
            }
            break;
        }
        default: {
            x2 = (int)abs_diff((uint)x4, (uint)(int)(((fmax(v3, convert_float(x2)) + 0.0f) >= (-2.5e-3f - v3)) ? convert_int_sat_rtz(v3) : (int)popcount((int)gid)));
            break;
        }
        }
        x3 = (ushort)((x3 < 0) ? x3 : (uint)(ushort)0x2e1u);
    }
    x0 = bitselect((uint)((v9 < 0) ? v9 : (uint)(uint)((uint)v7 * (uint)(uint)v9)), (uint)(shr_uint(x0, (uint)(uint)0x0u) ^ x0), (uint)(~(uint)(-(uint)(uint)0x5035feb4u)));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)((ulong)x1 >> 32);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)(x4);
    row[10u] = fbits(v3);
    row[11u] = (uint)(v6);
    row[12u] = (uint)(v7);
    row[13u] = (uint)(v9);
    row[14u] = (uint)(v11);
    row[15u] = (uint)(v12);
    row[16u] = (uint)(arr0[0]);
    row[17u] = (uint)(arr0[1]);
    row[18u] = (uint)(arr0[2]);
    row[19u] = (uint)(arr0[3]);
    row[20u] = (uint)(arr0[4]);
    row[21u] = (uint)(arr0[5]);
    row[22u] = (uint)(arr0[6]);
    row[23u] = (uint)(arr0[7]);
}
