// clfuzz seed=35 grid=3 block=256 in=1024 out=13824 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 18u
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
__attribute__((noinline)) static int fn0(uint p0) {
    switch ((uchar)clz(convert_uchar_sat(p0)) & 7) {
    case 0: {
        int v1 = (int)0x7a7cf144u;
    }
    case 2: {
        p0 = bitselect((uint)0x7u, (uint)((uint)bitselect(p0, (uint)0xb8f30565u, (uint)p0) + (uint)p0), (uint)0x2c6b623u);
        break;
    }
    case 3: {
        switch ((ushort)((uint)(ushort)0x8a2eu * (uint)(ushort)(((convert_float(p0) - 1e10f) <= convert_float((ulong)0x759fcf97a6d537f9ul)) ? (ushort)0x5f4bu : sub_sat(convert_ushort_sat(p0), (ushort)0x1u))) & 7) {
        case 2: {
            p0 = upsample(shl_ushort((ushort)(-(uint)(ushort)0x8u), (uint)upsample((ushort)((ushort)0x88dau | (ushort)p0), min((ushort)p0, (ushort)0xd25u))), div_ushort((ushort)0xf306u, (ushort)((uint)(ushort)0x2u - (uint)(ushort)0x3ffu)));
            break;
        }
        case 7: {
            p0 = (uint)((uint)mul_hi(p0, (uint)((ulong)0x1108ea665cb46f37ul <= (ulong)0x7fful)) + (uint)(uint)0xbb9bfde1u);
            break;
        }
        default: {
            p0 = (uint)((long)popcount((long)0x6ul) == (long)0x8ul);
            break;
        }
        }
        break;
    }
    case 5: {
        uint v2 = rem_uint((uint)((uint)mul_hi(p0, (uint)((p0 < 0) ? p0 : (uint)p0)) + (uint)(uint)(-(uint)(uint)clz(p0))), p0);
        break;
    }
    case 7: {
        p0 = clamp(clamp(bitselect(p0, p0, p0), min((uint)((uint)(uint)popcount(p0) + (uint)(uint)p0), (uint)(p0 | (uint)p0)), max((uint)((uint)(uint)popcount(p0) + (uint)(uint)p0), (uint)(p0 | (uint)p0))), min((uint)clz(p0), p0), max((uint)clz(p0), p0));
        break;
    }
    default: {
        p0 = rotate((uint)(-(uint)(uint)(-(uint)(uint)popcount((uint)(~(uint)p0)))), (uint)(-(uint)(uint)(sub_sat((uint)p0, (uint)p0) ^ (uint)popcount((uint)(~p0)))));
        break;
    }
    }
    p0 = (uint)((uint)(uint)p0 - (uint)mad24((uint)((uint)(~p0) & 0xffff), (uint)((uint)(-2.5e-3f > ceil(-1.0f)) & 0xffff), (uint)((0.0f > 0.0f) ? (uint)(-(uint)p0) : p0)));
    switch ((ushort)((uint)(ushort)(-(uint)(ushort)0x8u) * (uint)(ushort)((ushort)(((ushort)p0 < 0) ? (ushort)p0 : (uint)(ushort)0x0u) & (ushort)0x4eb5u)) & 7) {
    case 1: {
        p0 = p0;
        break;
    }
    case 2: {
        p0 = (uint)popcount((uint)(~p0));
        break;
    }
    case 5: {
        if (-1.0f < convert_float((char)0x7u)) {
            p0 = (uint)p0;
            uchar v3 = (uchar)abs_diff((uchar)(uchar)(((uchar)((uchar)popcount((uchar)(~(uchar)0x71u)) & (uchar)0x39u) < 0) ? (uchar)((uchar)popcount((uchar)(~(uchar)0x71u)) & (uchar)0x39u) : (uint)(uchar)p0), (uchar)sub_sat((uchar)0x1u, (uchar)p0));
            v3 = (uchar)((uint)v3 - (uint)v3);
        }
        break;
    }
    default: {
        p0 = (uint)((int)0x200u >= (int)(convert_int_sat(p0) & (int)abs((int)0x7ffu)));
        break;
    }
    }
    switch ((uint)(~(uint)(-(uint)(uint)((uint)p0 + (uint)(uint)p0))) & 7) {
    case 0: {
        p0 = (uint)((uint)mul_hi((uint)p0, (uint)p0) - (uint)(uint)(~(uint)((uint)(uint)0x0u * (uint)p0)));
        break;
    }
    case 6: {
        p0 = (uint)p0;
        p0 = (uint)(p0 ^ (uint)((uint)(p0 ^ (uint)p0) | p0));
        break;
    }
    default: {
        long v4 = (long)0x3ul;
        break;
    }
    }
    return (int)((char)0x49u != (char)p0);
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[256];
    __local uchar lb[512];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ushort x0 = (ushort)in[(gid * 5u + 0u) % 1024u];
    float x1 = as_float(in[(gid * 5u + 1u) % 1024u] & 0xbfffffffu);
    int x2 = (int)in[(gid * 5u + 2u) % 1024u];
    short x3 = (short)in[(gid * 5u + 3u) % 1024u];
    long x4 = (long)(((ulong)in[(gid * 5u + 4u) % 1024u] << 32) | in[(gid * 5u + 4u + 1u) % 1024u]);
    ushort arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    if ((convert_ulong_sat(x3) & (ulong)0x0ul) <= (ulong)0xd8d39972284c059ful) {
        switch (rhadd((int)((uint)(int)(-(uint)x2) + (uint)convert_int_sat_rtz(x1)), (int)x3) & 7) {
        case 0: {
            x4 = (long)(-(ulong)(long)((ulong)x4 * (ulong)(long)0x1ul));
            ((__global ushort_a *)row)[((uint)((uint)(uint)0xdbe077f4u * (uint)(uint)((uint)(uint)0x23f920bau + (uint)(uint)((__global uint_a *)row)[(bitselect(convert_uint_sat(x3), (uint)0x4u, (uint)0x58aff5aeu)) % 4u]))) % 8u] = (ushort)convert_ushort_sat(x1);
            break;
        }
        case 1: {
            x0 = x0;
            break;
        }
        case 3: {
            float v5 = convert_float(x2);
            x1 = convert_float(x0);
        }
        case 4: {
            long v6 = x4;
        }
        case 6: {
            char v7 = rem_char((char)0x0u, convert_char_sat(x1));
            break;
        }
        default: {
            for (uint i7 = 0; i7 < ((uint)x2 & 7u); i7++) {
                char v9 = (char)((uint)(char)0x4u - (uint)(char)0x7u);
            }
            break;
        }
        }
        x2 = fn0((uint)(~(uint)0xb6b53ab9u));
        ((__global uint_a *)row)[(shr_uint(shl_uint((uint)((__global const long2 *)in)[((uint)abs((uint)0x200u)) % 256u].y, (uint)(uint)((uint)(uint)0xea6a77f3u + (uint)(uint)x3)), (uint)mul24((uint)((uint)0x7u & 0xffff), (uint)((uint)((uint)(uint)0x8u - (uint)(uint)0x647fea8au) & 0xffff)))) % 4u] = (uint)(uint)(-(uint)(uint)((uint)((uint)((uint)(uint)x0 * (uint)(uint)0x7u) | shr_uint((uint)0x75b02b7cu, (uint)(uint)0x93e4d5a0u)) | (uint)((uint)(uint)(~(uint)0x20000000u) * (uint)(uint)((__global const uchar *)in)[((uint)0x8000000u) % 4096u])));
    }
    x2 = shl_int(shl_int((int)((x2 < 0) ? x2 : (uint)(int)((__global const uint4 *)in)[((uint)0x23cf1du) % 256u].y), (uint)(uint)0x5u), (uint)(uint)((__global uint_a *)row)[(convert_uint_sat_rtz(x1)) % 4u]);
    x2 = x2;
    x1 = x1;
    x2 = (int)x0;
    arr0[((uint)(-(uint)(uint)((convert_float(x0) < convert_float(x4)) ? div_uint((uint)abs((uint)0x10u), clamp((uint)0x0u, min((uint)0x8000000u, (uint)0x1000u), max((uint)0x8000000u, (uint)0x1000u))) : upsample(x0, x0)))) % 4u] = (ushort)(shl_ushort((ushort)((uint)(ushort)x3 + (uint)(ushort)((uint)0x81e6194fu >= (uint)0x35b94237u)), (uint)(uint)0x800000u) | x0);
    switch (div_ushort((ushort)(-(uint)x0), (ushort)popcount((ushort)(~shr_ushort((ushort)popcount((ushort)x2), (uint)(uint)0x7ffu)))) & 7) {
    case 0: {
        x1 = fma(x1, round(-0.0f), x1);
        break;
    }
    case 7: {
        if (x1 <= ((x1 * x1) - convert_float(x2))) {
            switch ((uint)((uint)((0.5f >= convert_float(x3)) ? (uint)((uint)0x8de6948fu | (uint)0x200000u) : (uint)0x19a69f21u) ^ (uint)0x7fffffffu) & 7) {
            case 0: {
                arr0[((uint)(rotate((uint)0x5u, sub_sat((uint)0x3u, (uint)0x663e26ceu)) ^ div_uint((uint)((short)((__global const long2 *)in)[(shr_uint((uint)((__global const ulong *)in)[((uint)((uint)0xc0eec3f4u ^ (uint)x3)) % 512u], (uint)(uint)x0)) % 256u].x >= div_short((short)x3, x3)), (uint)0xe382974u))) % 4u] = x0;
                break;
            }
            case 1: {
                x1 = fdim((fmin((x1 - x1), x1) + 0.0f), x1);
                ushort v10 = (ushort)0x41u;
            }
            case 2: {
                __atomic_fetch_or(&((__global ushort *)(acc + 48))[1], (ushort)(ushort)popcount(x0), __ATOMIC_ACQUIRE);
                break;
            }
            case 3: {
                x1 = (-((x1 + copysign((x1 - x1), (isnan(floor(x1)) ? 1.0f : floor(x1))))));
                break;
            }
            case 5: {
                ushort v11 = (ushort)0xbdcau;
                break;
            }
            default: {
                x0 = arr0[((uint)((uint)(uint)popcount((uint)0x7fffffffu) + (uint)convert_uint_sat(x4))) % 4u];
                break;
            }
            }
            float v12 = (fmin((((x3 & (short)0x8u) < (short)0x80u) ? x1 : convert_float(x3)), fdim(convert_float(x0), (-(convert_float(x0))))) + 0.0f);
        } else {
            ((__global uchar_a *)row)[(clamp((uint)(((uint)0x8u < 0) ? (uint)0x8u : (uint)(uint)0x3f6e362cu), min((uint)((uint)shl_uint(add_sat(convert_uint_sat(x1), (uint)0x20000000u), (uint)shl_uint((uint)0x3fu, (uint)(uint)0xcd2ed145u)) * (uint)clamp((uint)x4, min((uint)0x22a80059u, (uint)0xfffu), max((uint)0x22a80059u, (uint)0xfffu))), (uint)(~(uint)x0)), max((uint)((uint)shl_uint(add_sat(convert_uint_sat(x1), (uint)0x20000000u), (uint)shl_uint((uint)0x3fu, (uint)(uint)0xcd2ed145u)) * (uint)clamp((uint)x4, min((uint)0x22a80059u, (uint)0xfffu), max((uint)0x22a80059u, (uint)0xfffu))), (uint)(~(uint)x0)))) % 16u] = (uchar)shl_uchar((uchar)0xcau, (uint)(uint)((uint)mul_hi((uint)x4, (uint)((uint)(uint)0x8u + (uint)(uint)(-(uint)(uint)0x1c6ab03fu))) + (uint)(uint)0x634ae44du));
        }
        break;
    }
    default: {
        x3 = (short)(~x3);
        break;
    }
    }
    x3 = (short)(~(short)abs_diff((ushort)(short)((uint)(short)((uint)x3 * (uint)(short)((__global const uchar *)in)[((uint)0x3fffffu) % 4096u]) + (uint)x3), (ushort)x3));
    lm[lid] = (ulong)shr_long(x4, (uint)(uint)((uint)(-(uint)(uint)0x94c0872au) & shl_uint((uint)(~(uint)0x3u), (uint)(uint)0x1u)));
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (short)lm[255u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if ((short)clz(x3) == x3) {
        x1 = (convert_float(x2) * 1e-30f);
        ushort v13 = (ushort)(~rem_ushort((ushort)0x4cecu, x0));
        if ((short)x3 <= (short)(x3 ^ x3)) {
            if ((short)((uint)mul_hi(div_short((short)popcount(convert_short_sat(x2)), (short)((uint)0x6u <= (uint)0x80000u)), (short)0x5u) + (uint)(short)x4) == x3) {
                x2 = x2;
                short v14 = (short)((short)((uint)x3 * (uint)add_sat(x3, x3)) & x3);
                v14 = bitselect((short)(~min(v14, (short)x0)), x3, (short)x3);
            } else {
                arr0[(shr_uint(convert_uint_sat(x2), (uint)(uint)((uint)(-(uint)(uint)0xf60aae0au) | (uint)0x4u))) % 4u] = (ushort)(shl_uint((uint)0x6u, (uint)(uint)x3) <= (uint)0x871cf84fu);
                ulong v15 = convert_ulong_sat(v13);
                ushort v16 = bitselect(v13, x0, bitselect((ushort)clz((ushort)(~x0)), (ushort)((uint)(ushort)((char)0x0u < (char)0x6u) + (uint)(ushort)0xe827u), (ushort)((uint)v13 + (uint)v13)));
            }
            x0 = (ushort)((uint)(ushort)((uint)(ushort)((uint)(ushort)((x0 != (ushort)v13) ? v13 : x0) - (uint)x0) * (uint)(ushort)((__global const uint4 *)in)[((uint)0x7u) % 256u].z) + (uint)(ushort)((uint)(ushort)((uint)mul_hi(x0, hadd(v13, v13)) + (uint)(ushort)x3) * (uint)upsample((uchar)0x6u, (uchar)x0)));
            arr0[(bitselect(shl_uint(convert_uint_sat_rtz(x1), (uint)(uint)((__global const uint4 *)in)[((uint)0x1fffu) % 256u].y), (uint)((__global const ushort *)in)[((uint)x4) % 2048u], shr_uint(rotate((uint)0xf2efc0b0u, mul_hi((uint)0x4723afau, (uint)0x8867f3f3u)), (uint)(uint)x2))) % 4u] = (ushort)((uint)(ushort)v13 + (uint)(ushort)0x4u);
        }
    } else {
        int v17 = (int)0x7u;
    }
    ulong v18 = (ulong)0xe474ef161161ce25ul;
    x3 = (short)((short)((x0 > (ushort)x0) ? (short)((uint)x3 * (uint)(short)(~x3)) : x3) ^ (short)((short)popcount(x3) | (short)0x1654u));
    x2 = fn0(min((uint)0x6u, shl_uint((uint)0x3u, (uint)(uint)popcount((uint)(~(uint)0x0u)))));
    for (uint i18 = 0; i18 < 7; i18++) {
        int v20 = (int)0x2u;
        x3 = (short)((uint)x3 - (uint)x3);
    }
    ulong v21 = rotate((ulong)abs_diff((ulong)shr_ulong(shl_ulong(v18, (uint)(uint)((__global const uchar *)in)[((uint)0x4279ebdfu) % 4096u]), (uint)(uint)0xe093bb7fu), (ulong)shr_ulong(v18, (uint)(uint)0x3u)), (ulong)x3);
    row[4u] = (uint)(x0);
    row[5u] = fbits(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)(x4);
    row[9u] = (uint)((ulong)x4 >> 32);
    row[10u] = (uint)(v18);
    row[11u] = (uint)((ulong)v18 >> 32);
    row[12u] = (uint)(v21);
    row[13u] = (uint)((ulong)v21 >> 32);
    row[14u] = (uint)(arr0[0]);
    row[15u] = (uint)(arr0[1]);
    row[16u] = (uint)(arr0[2]);
    row[17u] = (uint)(arr0[3]);
}
