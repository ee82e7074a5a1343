// clfuzz seed=23 grid=1 block=64 in=1024 out=1664 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static float fn0(ulong p0, ulong p1) {
    p1 = shl_ulong((ulong)((ulong)(ulong)0x6ul + (ulong)p0), (uint)(uint)(~(uint)(rem_int((int)0x2d794610u, (int)0x728c2f7bu) > (int)0x8899230bu)));
    p0 = (ulong)((ulong)max((ulong)(((char)0x74u < (char)0x1u) ? p1 : p0), (ulong)(~p1)) + (ulong)p0);
    p0 = (ulong)((ulong)rotate((ulong)p1, p0) * (ulong)clamp(p0, min(p0, (ulong)abs_diff((ulong)p0, (ulong)p1)), max(p0, (ulong)abs_diff((ulong)p0, (ulong)p1))));
    return rint(convert_float(p0));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    char x0 = (char)in[(gid * 5u + 0u) % 1024u];
    uchar x1 = (uchar)in[(gid * 5u + 1u) % 1024u];
    ushort x2 = (ushort)in[(gid * 5u + 2u) % 1024u];
    int x3 = (int)in[(gid * 5u + 3u) % 1024u];
    float x4 = as_float(in[(gid * 5u + 4u) % 1024u] & 0xbfffffffu);
    short arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    char arr1[8];
    for (uint j = 0; j < 8u; j++) arr1[j] = (char)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x4 = copysign(fma((copysign(3.0f, (isnan(x4) ? 1.0f : x4)) + x4), convert_float(x3), x4), (isnan(fma(x4, ceil((1.0f + x4)), 0.1f)) ? 1.0f : fma(x4, ceil((1.0f + x4)), 0.1f)));
    switch (shr_uint((uint)((uint)0x470c7ea1u ^ mul_hi(shr_uint((uint)((__global const uint4 *)in)[((uint)((__global const short *)in)[((uint)0x1fu) % 2048u]) % 256u].y, (uint)(uint)0x2e2b0cb6u), (uint)(((uint)0x2u < 0) ? (uint)0x2u : (uint)(uint)0x2u))), (uint)(uint)(rem_uint(div_uint((uint)get_num_groups(0), (uint)((__global const short *)in)[((uint)0x400u) % 2048u]), (uint)((convert_float(x2) != x4) ? (uint)((__global const uchar *)in)[(rem_uint((uint)x1, (uint)x2)) % 4096u] : (uint)0x2000u)) ^ (uint)0x5u)) & 7) {
    case 1: {
        x2 = (ushort)(~x2);
        switch ((ushort)(~(ushort)(-(uint)rotate(x2, (ushort)((__global const ushort *)in)[((uint)x2) % 2048u]))) & 7) {
        case 4: {
            if (x2 >= (ushort)(-(uint)rem_ushort(bitselect((ushort)x2, x2, x2), x2))) {
                float v1 = x4;
                v1 = v1;
            }
            break;
        }
        case 7: {
            __atomic_fetch_min(&((__global long *)(acc + 32))[3], (long)(long)((long)((ulong)(long)((ulong)(long)((ulong)mul_hi((long)0x0ul, (long)0x8ec7bd53832eeac2ul) + (ulong)convert_long_sat(x3)) * (ulong)(long)0x0ul) * (ulong)(long)(-(ulong)convert_long_sat(x0))) | (long)0xd6a9dfaf9d1d7e9bul), __ATOMIC_ACQUIRE);
            break;
        }
        default: {
            x4 = convert_float(shr_short((short)((short)((short)0x3fu & (short)x0) ^ (short)0x40u), (uint)shl_uint((uint)0x18a26e4fu, (uint)(uint)((uint)0xc25628bbu & (uint)0x29bc7f7du))));
            break;
        }
        }
    }
    case 3: {
        x2 = bitselect((ushort)(x2 | convert_ushort_sat(x0)), (ushort)(((ushort)0xa233u == (ushort)(x2 | x2)) ? (ushort)(~x2) : (ushort)((uint)rotate((ushort)x2, x2) - (uint)convert_ushort_sat(x1))), shl_ushort((ushort)((short)get_num_groups(0) <= (short)0xf91fu), (uint)(uint)0xfbb0ef0du));
        int v2 = (int)abs(x3);
    }
    case 4: {
        x4 = (x4 + fma((fmin(3.0f, x4) + 0.0f), x4, fdim(convert_float(x1), (x4 - x4))));
        break;
    }
    case 6: {
        switch ((int)(-(uint)shr_int(hadd(x3, shr_int(x3, (uint)(uint)0x6f412647u)), (uint)(uint)0xefe0c50cu)) & 7) {
        case 0: {
            x1 = (uchar)0x6au;
            break;
        }
        case 2: {
            x0 = (char)(~x0);
            break;
        }
        case 3: {
            x4 = fn0((ulong)((ulong)(ulong)((__global const short *)in)[((uint)0x1u) % 2048u] + (ulong)(ulong)((ulong)max((ulong)0xb9c37efdf11c651ul, (ulong)0x1000000000000000ul) * (ulong)shl_ulong((ulong)0x8ul, (uint)(uint)0xd801a0dau))), (ulong)(~(ulong)((ulong)(ulong)((convert_float(x3) >= x4) ? (ulong)x3 : (ulong)0x17cabaaf947766f3ul) + (ulong)(ulong)(~(ulong)0x1ul))));
            break;
        }
        case 6: {
            x0 = shl_char((char)get_num_groups(0), (uint)(uint)((uint)min((uint)0x8u, convert_uint_sat(x3)) * (uint)(uint)((uint)(uint)0x3u + (uint)(uint)((uint)x0 | (uint)0x30397a01u))));
            break;
        }
        case 7: {
            for (uint i2 = 0; i2 < 6; i2++) {
                if ((int)x2 != (int)abs_diff((uint)x3, (uint)(int)((uint)x3 - (uint)x3))) break;
                x4 = fn0((ulong)((ulong)0x45cb96aac0aec188ul ^ (ulong)0x2e66578c3c9663e4ul), min((ulong)(~(ulong)popcount((ulong)(~(ulong)0x646fb0732dd5e9f5ul))), (ulong)0x992d2c011785233aul));
                float v4 = convert_float(x3);
                arr1[(shr_uint((uint)(-(uint)(uint)(i2 ^ (uint)0x5u)), (uint)mul24((uint)((uint)((uint)(uint)(~(uint)0x20u) * (uint)i2) & 0xffff), (uint)((uint)((__global const long2 *)in)[((uint)x1) % 256u].y & 0xffff)))) % 8u] = x0;
            }
            x3 = (int)(x3 ^ (int)((int)((uint)(int)0x5a7ae4edu * (uint)(int)0xe10d64b4u) | (int)((__global ulong_a *)row)[((uint)((uint)(uint)0x8u + (uint)(uint)0x1u)) % 2u]));
            break;
        }
        default: {
            x1 = x1;
            break;
        }
        }
        x4 = x4;
        break;
    }
    case 7: {
        x1 = rem_uchar(convert_uchar_sat(x0), (uchar)(((uchar)0xd7u < 0) ? (uchar)0xd7u : (uint)(uchar)(-(uint)(uchar)popcount((uchar)(~x1)))));
        float v5 = (copysign(copysign(copysign(convert_float(x0), (isnan(x4) ? 1.0f : x4)), (isnan(x4) ? 1.0f : x4)), (isnan(x4) ? 1.0f : x4)) + x4);
        break;
    }
    default: {
        x1 = (uchar)0xdau;
        break;
    }
    }
    x3 = (int)((uint)(int)((int)x1 & (int)x0) + (uint)x3);
    x1 = shr_uchar((uchar)((uint)x1 - (uint)x1), (uint)shl_uint((uint)0x994f42a3u, (uint)(uint)clz(convert_uint_sat(x0))));
    x4 = fn0((ulong)((((ulong)0x0ul <= (ulong)0x0ul) ? (copysign(x4, (isnan(1e10f) ? 1.0f : 1e10f)) * x4) : (copysign(x4, (isnan(convert_float(x2)) ? 1.0f : convert_float(x2))) + (-(x4)))) > x4), (ulong)((ulong)(ulong)((ulong)0x7ul & (ulong)0x400000ul) + (ulong)convert_ulong_sat(x2)));
    x4 = x4;
    x3 = (int)((uint)(int)((uint)x3 + (uint)x3) * (uint)div_int(x3, shr_int(x3, (uint)(uint)0x7u)));
    x2 = rem_ushort((ushort)((short)0x5816u < (short)0x2u), (ushort)abs_diff((ushort)(ushort)0x8u, (ushort)(ushort)x2));
    lb[lid * 2u + 0u] = (uchar)(ulong)((ulong)x1 ^ sub_sat((ulong)((__global ushort_a *)row)[((uint)0x6u) % 8u], (ulong)0x1ul));
    lb[lid * 2u + 1u] = (uchar)(ulong)0x9944b9c2960a8f42ul;
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (ushort)lb[((lid * 5u) % 64u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 = (char)0x0u;
    uint v6 = upsample((ushort)((ushort)(~x2) & (ushort)(x2 & x2)), sub_sat(x2, (ushort)((x4 < x4) ? x2 : bitselect((ushort)((__global const ushort *)in)[((uint)0x88a02723u) % 2048u], x2, (ushort)x2))));
    x1 = (uchar)((uint)(uchar)v6 - (uint)(uchar)((__global uint_a *)row)[(v6) % 4u]);
    x4 = fn0((ulong)((ulong)hadd((ulong)0x0ul, rem_ulong((ulong)0x7ful, (ulong)0x8ul)) * (ulong)(ulong)((__global const long2 *)in)[(v6) % 256u].y), (ulong)0xdd4889f05a4bc9e4ul);
    x3 = mul_hi((int)(~x3), (int)popcount(x3));
    switch (bitselect((int)(convert_ulong_sat(v6) < (ulong)x0), (int)((mul_hi((ulong)0x9491390ec143a4b1ul, (ulong)0x1ffffffffffffful) >= (ulong)0x7595e54e61a3656aul) ? x3 : (int)0x1ffu), (int)((uint)(int)popcount(x3) * (uint)x3)) & 7) {
    case 3: {
        x0 = x0;
    }
    case 4: {
        if (((long)0x926b31f627905038ul & (long)0x0ul) > (long)0x54a50ec20f2ac1e5ul) {
            v6 = (uint)((uint)((__global const uint4 *)in)[((uint)((uint)v6 * (uint)convert_uint_sat(x0))) % 256u].z | v6);
        } else {
            x0 = convert_char_sat_rtz(x4);
            switch ((uchar)(~(uchar)((uint)shl_uchar(convert_uchar_sat(v6), (uint)(uint)(~v6)) * (uint)(uchar)x3)) & 7) {
            case 1: {
                x0 = arr1[(v6) % 8u];
                break;
            }
            case 6: {
                __atomic_fetch_min(&((__global short *)(acc + 48))[3], (short)rem_short((short)((short)(~(short)(x4 < -1.0f)) ^ (short)((uint)(short)x0 - (uint)(short)0x20dau)), (short)x0), __ATOMIC_RELAXED);
                x1 = (uchar)((uchar)((uint)(uchar)get_num_groups(0) + (uint)(uchar)0x4u) | x1);
                break;
            }
            default: {
                v6 = (uint)((uint)mul_hi(rhadd((uint)(~v6), v6), (uint)(((uint)clz(v6) < 0) ? (uint)clz(v6) : (uint)(uint)((uint)min(v6, v6) + (uint)v6))) + (uint)v6);
                break;
            }
            }
        }
        x2 = (ushort)0x7u;
    }
    case 5: {
        x4 = x4;
        break;
    }
    default: {
        for (uint i6 = 0; i6 < 3; i6++) {
            v6 = shl_uint((uint)x2, (uint)(uint)(((uint)get_local_size(0) < 0) ? (uint)get_local_size(0) : (uint)i6));
            switch (mul_hi((uint)popcount((uint)((__global const uchar *)in)[(v6) % 4096u]), max((uint)0x5ca98033u, v6)) & 7) {
            case 2: {
                v6 = (uint)(((uint)((__global uchar_a *)row)[((uint)0x200u) % 16u] < 0) ? (uint)((__global uchar_a *)row)[((uint)0x200u) % 16u] : (uint)(uint)0x7ffu);
                break;
            }
            case 3: {
                break;
            }
            default: {
                arr0[(bitselect(v6, i6, (uint)x3)) % 4u] = (short)((long)((ulong)convert_long_sat(fmin(x4, 9.2e18f)) * (ulong)(long)0x7ul) > (long)0x1fffffffffful);
                break;
            }
            }
        }
        break;
    }
    }
    lb[lid * 2u + 0u] = (uchar)(char)(~(char)((uint)(char)((__global const long2 *)in)[((uint)abs_diff((uint)convert_uint_sat_rtz(x4), (uint)(uint)x0)) % 256u].x + (uint)(char)((((ulong)0x7af8341e1d4134a2ul & (ulong)0x44e43ed4486f7e81ul) > (ulong)0x2db0b928b75993b6ul) ? (char)(x4 == x4) : (char)((__global const ulong *)in)[(v6) % 512u])));
    lb[lid * 2u + 1u] = (uchar)rotate((char)0x6u, (char)(((x0 & (char)0x52u) <= (char)0x5u) ? (char)sub_sat((uchar)x0, (uchar)shl_char(x0, (uint)v6)) : (char)0x68u));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (char)lb[(63u - lid) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 = (fmax(x4, fma(convert_float(v6), (-2.5e-3f * x4), x4)) + 0.0f);
    x4 = fdim(convert_float(x3), convert_float(v6));
    x4 = 3.0f;
    v6 = shr_uint((uint)((__global const long2 *)in)[((uint)0x4u) % 256u].x, (uint)upsample(x2, x2));
    ushort v8 = rem_ushort((ushort)x2, hadd((ushort)get_local_size(0), x2));
    lb[lid * 2u + 1u] = (uchar)upsample((uchar)((short)((convert_float(v6) <= x4) ? (short)((__global const char *)in)[(v6) % 4096u] : (short)v6) <= (short)popcount((short)(~(short)0x6d60u))), (uchar)(((-(x4)) > x4) ? x1 : x1));
    lb[lid * 2u + 0u] = (uchar)(ushort)0xcd21u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (int)lb[((lid + 59u) % 64u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = (int)((uint)upsample((short)((uint)(short)((__global const char *)in)[(clamp(v6, min(v6, v6), max(v6, v6))) % 4096u] + (uint)(short)x1), x2) * (uint)(int)clz((int)(((char)0x7fu < x0) ? (int)x0 : x3)));
    for (uint i8 = 0; i8 < ((uint)v6 & 7u); i8++) {
        for (uint i9 = 0; i9 < 8; i9++) {
            x1 = mul_hi((uchar)((uint)(uchar)((__global const char *)in)[(v6) % 4096u] - (uint)(uchar)((x1 < 0) ? x1 : (uint)x1)), shl_uchar(x1, (uint)i8));
            arr0[((uint)0x6u) % 4u] = (short)0x6u;
            int v11 = (int)(-(uint)(int)x0);
            float v12 = convert_float(x0);
        }
        v6 = (uint)((uint)rotate((uint)0x8u, i8) + (uint)(uint)((uint)v6 | (uint)(~v6)));
        x2 = v8;
        for (uint i12 = 0; i12 < 7; i12++) {
            v6 = i12;
            v8 = (ushort)(~(ushort)((uint)(ushort)(v8 | (ushort)((uint)(ushort)0x80u * (uint)x2)) + (uint)x2));
            x0 = hadd((char)x0, (char)0x1du);
        }
    }
    v6 = shr_uint((uint)popcount((uint)(~v6)), (uint)v6);
    v6 = v6;
    ushort v14 = (ushort)(~x2);
    ushort v15 = (ushort)0x3u;
    float v16 = ((fmin((x4 + x4), (-((x4 - convert_float(v8))))) + 0.0f) * (x4 - x4));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = fbits(x4);
    row[9u] = (uint)(v6);
    row[10u] = (uint)(v8);
    row[11u] = (uint)(v14);
    row[12u] = (uint)(v15);
    row[13u] = fbits(v16);
    row[14u] = (uint)(arr0[0]);
    row[15u] = (uint)(arr0[1]);
    row[16u] = (uint)(arr0[2]);
    row[17u] = (uint)(arr0[3]);
    row[18u] = (uint)(arr1[0]);
    row[19u] = (uint)(arr1[1]);
    row[20u] = (uint)(arr1[2]);
    row[21u] = (uint)(arr1[3]);
    row[22u] = (uint)(arr1[4]);
    row[23u] = (uint)(arr1[5]);
    row[24u] = (uint)(arr1[6]);
    row[25u] = (uint)(arr1[7]);
}
