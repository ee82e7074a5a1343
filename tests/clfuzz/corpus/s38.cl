// clfuzz seed=38 grid=4 block=128 in=1024 out=18432 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 36u
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
static char fn0(int p0) {
    p0 = (int)(((uint)popcount((uint)(~(uint)0x240d65d0u)) >= (uint)0x2u) ? shr_int(p0, (uint)(uint)p0) : (int)p0);
    p0 = (int)(~(int)((uint)p0 + (uint)(int)((uint)(int)abs_diff((uint)(int)p0, (uint)(int)p0) + (uint)p0)));
    p0 = (int)((uint)(int)p0 + (uint)(int)((uint)p0 + (uint)p0));
    p0 = (int)((uint)mul_hi(p0, (int)popcount((int)(~(int)0x6u))) + (uint)upsample((short)0x1b8au, (ushort)((-0.0f < convert_float(p0)) ? (ushort)0xf241u : (ushort)0x1u)));
    return shl_char((char)(~(char)0x8u), (uint)shr_uint(convert_uint_sat(p0), (uint)(uint)abs(convert_uint_sat(p0))));
}
__attribute__((noinline)) static ulong fn1(float p0, long p1) {
    switch (max(convert_int_sat(p0), clamp(shl_int((int)0x5u, (uint)hadd((uint)0x6e3397fdu, (uint)0xf4d17386u)), min((int)sub_sat((uint)(int)0x4368fabcu, (uint)(int)((int)0x4a284fe7u & convert_int_sat(p0))), (int)0xae361516u), max((int)sub_sat((uint)(int)0x4368fabcu, (uint)(int)((int)0x4a284fe7u & convert_int_sat(p0))), (int)0xae361516u))) & 7) {
    case 0: {
        long v1 = convert_long_sat_rtz(fmin(p0, 9.2e18f));
    }
    case 2: {
        int v2 = (int)((uint)(int)popcount((int)(~(int)0x30f08fedu)) + (uint)(int)0x3u);
        break;
    }
    case 3: {
        p1 = (long)(~(long)0x7ul);
    }
    case 4: {
        p1 = (long)((long)(((ushort)0x2u != convert_ushort_sat(p0)) ? min((long)p1, (long)(~p1)) : convert_long_sat(fmin(p0, 9.2e18f))) & convert_long_sat(fmin(p0, 9.2e18f)));
        p0 = (((((short)p1 > (short)0xc073u) ? (p0 * 1.0f) : p0) + p0) + fma(p0, fabs((fmax(p0, convert_float(p1)) + 0.0f)), (fma(p0, 3.0f, p0) * p0)));
    }
    case 6: {
        p1 = (long)popcount(p1);
        p0 = (p0 + ceil((convert_float(p1) * convert_float(p1))));
        break;
    }
    default: {
        p1 = (long)popcount(p1);
        break;
    }
    }
    p0 = (fabs(p0) - convert_float((ulong)0x4ul));
    p0 = copysign((fma(p0, p0, p0) - 16777217.0f), (isnan(trunc(convert_float((ulong)0x4d3987cf09bf065aul))) ? 1.0f : trunc(convert_float((ulong)0x4d3987cf09bf065aul))));
    p1 = p1;
    return (ulong)(~(ulong)0x9a1d59d0653e9ee6ul);
}
__attribute__((noinline)) static ulong fn2(int p0, float p1) {
    p0 = (int)clz(convert_int_sat(p1));
    p0 = div_int((int)clz((int)((uint)p0 - (uint)(int)((p0 < 0) ? p0 : (uint)p0))), convert_int_sat_rtz(p1));
    return (ulong)0x800000000000ul;
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    int x0 = (int)in[(gid * 6u + 0u) % 1024u];
    short x1 = (short)in[(gid * 6u + 1u) % 1024u];
    long x2 = (long)(((ulong)in[(gid * 6u + 2u) % 1024u] << 32) | in[(gid * 6u + 2u + 1u) % 1024u]);
    ushort x3 = (ushort)in[(gid * 6u + 3u) % 1024u];
    short x4 = (short)in[(gid * 6u + 4u) % 1024u];
    ulong x5 = (ulong)(((ulong)in[(gid * 6u + 5u) % 1024u] << 32) | in[(gid * 6u + 5u + 1u) % 1024u]);
    short arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    char v3 = (char)x0;
    uchar v4 = (uchar)(((short)((__global const uchar *)in)[((uint)0xc10dd992u) % 4096u] == (short)(~(short)v3)) ? (uchar)x4 : (uchar)((fma(65536.0f, convert_float(x2), 1e-30f) == 0.1f) ? (uchar)gid : div_uchar((uchar)0x2u, (uchar)0x1u)));
    if (v4 == add_sat((uchar)(((x2 > (long)x4) ? -2.5e-3f : 3.0f) == 3.0f), (uchar)x0)) {
        x3 = (ushort)(fma(fdim(65536.0f, convert_float(x3)), convert_float((long)lid), (3.0f * convert_float(x4))) > -2.5e-3f);
    } else {
        switch ((uchar)(-(uint)v4) & 7) {
        case 1: {
            x5 = fn1(fma((-((convert_float(x5) - copysign(3.0f, (isnan(65536.0f) ? 1.0f : 65536.0f))))), -0.0f, copysign(convert_float(x5), (isnan(1e10f) ? 1.0f : 1e10f))), (long)sub_sat((ulong)upsample(clamp((int)(~(int)x4), min(x0, x0), max(x0, x0)), (uint)((uint)(uint)0x3fffffffu - (uint)shl_uint((uint)0x10000000u, (uint)(uint)v4))), (ulong)(long)((x0 <= (int)get_global_size(0)) ? convert_long_sat(x0) : x2)));
            break;
        }
        case 5: {
            x3 = clamp(x3, min(sub_sat(x3, (ushort)(x3 | convert_ushort_sat(x2))), x3), max(sub_sat(x3, (ushort)(x3 | convert_ushort_sat(x2))), x3));
            break;
        }
        case 7: {
            ushort v5 = rem_ushort(x3, x3);
            switch ((int)sub_sat((uint)(int)0x4e56004au, (uint)(int)abs(bitselect((int)((__global const char *)in)[((uint)0x5e90b32fu) % 4096u], x0, (int)x4))) & 7) {
            case 0: {
                arr0[(shr_uint((uint)(-(uint)(uint)0x57b9bb0u), (uint)mul_hi((uint)((__global const long2 *)in)[(mul_hi((uint)0x87dc973au, (uint)get_local_size(0))) % 256u].y, (uint)0x53128949u))) % 16u] = shl_short((short)(((short)0x239bu < 0) ? (short)0x239bu : (uint)(short)x1), (uint)(uint)popcount(bitselect((uint)0x3u, max((uint)0x2u, (uint)gid), (uint)x2)));
                v3 = shr_char((char)v5, (uint)(uint)0x6u);
            }
            case 1: {
                float v6 = (fmax(1.0f, convert_float((char)abs_diff((uchar)v3, (uchar)v3))) + 0.0f);
                break;
            }
            case 3: {
                arr0[((uint)v5) % 16u] = (short)((uint)(short)((uint)x1 * (uint)(short)((uint)0x5ffdf78du <= (uint)abs_diff((uint)(uint)0x1u, (uint)(uint)0x5d514685u))) - (uint)x1);
                x1 = (short)(x4 ^ convert_short_sat(v3));
                break;
            }
            default: {
                x3 = (ushort)((uint)(ushort)(~(ushort)v5) * (uint)x3);
                break;
            }
            }
        }
        default: {
            for (uint i6 = 0; i6 < ((uint)x0 & 7u); i6++) {
                x4 = (short)x2;
                short v8 = (short)sub_sat((ushort)x1, (ushort)(short)(x2 < (long)((convert_long_sat(x4) < 0) ? convert_long_sat(x4) : (ulong)shr_long((long)0x2000000000000ul, (uint)(uint)0x6da0faf3u))));
            }
            break;
        }
        }
    }
    long v9 = (long)clz(x2);
    lm[lid] = (ulong)(uchar)popcount(shl_uchar(v4, (uint)shl_uint((uint)0x1u, (uint)(uint)x2)));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (int)lm[(lid + 88u) % 128u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x5 = fn2(mul24((int)(clamp(mul24((int)(convert_int_sat(x2) & 0x7fff), (int)(x0 & 0x7fff)), min(clamp((int)(-(uint)x0), min(x0, x0), max(x0, x0)), (int)(x0 & (int)x2)), max(clamp((int)(-(uint)x0), min(x0, x0), max(x0, x0)), (int)(x0 & (int)x2))) & 0x7fff), (int)((int)((uint)(int)((uint)x0 * (uint)(int)(x0 | x0)) - (uint)(int)(((int)abs((int)((__global const ulong *)in)[((uint)(~(uint)x2)) % 512u]) < 0) ? (int)abs((int)((__global const ulong *)in)[((uint)(~(uint)x2)) % 512u]) : (uint)convert_int_sat(x5))) & 0x7fff)), copysign(copysign(1e-30f, (isnan(-2.5e-3f) ? 1.0f : -2.5e-3f)), (isnan(0.5f) ? 1.0f : 0.5f)));
    switch (x0 & 7) {
    case 0: {
        switch ((uchar)(shr_uchar((uchar)v9, (uint)(uint)0x202a569au) | (uchar)((uint)(uchar)(bitselect(v4, v4, v4) ^ (uchar)((uint)v4 * (uint)(uchar)x4)) + (uint)(uchar)(~bitselect(v4, v4, v4)))) & 7) {
        case 0: {
            v9 = (long)((ulong)v9 * (ulong)x2);
            v4 = mul_hi(v4, mul_hi(v4, (uchar)((short)0xbc86u > x4)));
            break;
        }
        case 1: {
            switch (rem_int((int)(~(int)((uint)mul24((int)(x0 & 0x7fff), (int)(x0 & 0x7fff)) - (uint)x0)), x0) & 7) {
            case 0: {
                x1 = arr0[((uint)((uint)mul_hi((uint)0x85fbec57u, (uint)((uint)0x8474b522u & (uint)(bitselect((uint)0x40000000u, (uint)((__global ulong_a *)row)[(mad24((uint)((uint)x5 & 0xffff), (uint)((uint)0xfffffffu & 0xffff), (uint)0x4753c1bbu)) % 2u], (uint)0x4u) ^ (uint)((__global const short *)in)[((uint)((uint)(uint)0x1000u + (uint)(uint)((__global const ulong *)in)[((uint)0xfffffffu) % 512u])) % 2048u]))) + (uint)(uint)0x826b2d97u)) % 16u];
                x5 = upsample((uint)(-(uint)(uint)abs_diff((uint)(uint)0xa4419a44u, (uint)(uint)0x622604f6u)), (uint)0x3u);
            }
            case 3: {
                v3 = shr_char((char)(-0.0f != fma(-0.0f, 1.0f, (-1.0f - 3.0f))), (uint)(uint)popcount(max((uint)0x8u, (uint)0x923dd893u)));
                break;
            }
            case 4: {
                arr0[(rotate((uint)((uint)(uint)v9 - (uint)(uint)v9), div_uint((uint)((uint)0x4d007b48u & (uint)0x138cd75fu), (uint)0x9dd31216u))) % 16u] = mul_hi((short)((short)(~x1) | add_sat(x1, (short)x2)), shl_short((short)v4, (uint)(uint)lid));
                v3 = rem_char(v3, shr_char(v3, (uint)hadd(rotate((uint)0x5u, (uint)0x2u), (uint)get_local_size(0))));
                break;
            }
            case 7: {
                uchar v10 = (uchar)(min(v4, (uchar)0x7u) | convert_uchar_sat(x5));
                break;
            }
            default: {
                x2 = (long)popcount((long)(~(long)popcount((long)(~rhadd((long)((ulong)(long)get_group_id(0) + (ulong)v9), v9)))));
                break;
            }
            }
            v3 = (char)(~(char)abs_diff((uchar)(char)((uint)mul_hi(v3, (char)0xd3u) + (uint)shr_char((char)get_num_groups(0), (uint)(uint)0x8d68ed23u)), (uchar)(char)x5));
            break;
        }
        case 2: {
            x2 = (long)((__global const uint4 *)in)[((uint)0xe667c0a9u) % 256u].y;
            v4 = (uchar)popcount((uchar)(~rem_uchar(v4, v4)));
            break;
        }
        default: {
            float v11 = fdim(convert_float(x0), 1.0f);
            break;
        }
        }
        x0 = (int)(~(int)(((short)x5 <= x4) ? x0 : x0));
        break;
    }
    case 1: {
        uint v12 = (uint)((fdim(16777217.0f, convert_float(x0)) * 0.0f) < 1e10f);
        break;
    }
    case 4: {
        x5 = fn2(shl_int(x0, (uint)clamp(bitselect((uint)v9, (uint)((uint)(uint)0x331feefcu + (uint)(uint)0xa1328e72u), (uint)v3), min((uint)(((long)((__global const char *)in)[((uint)((uint)(uint)0x8u - (uint)(uint)0x8u)) % 4096u] <= (long)0x3808086b5f5be4f4ul) ? (uint)((__global const ushort *)in)[((uint)x5) % 2048u] : (uint)0x556a51a0u), (uint)abs((uint)0x1130d580u)), max((uint)(((long)((__global const char *)in)[((uint)((uint)(uint)0x8u - (uint)(uint)0x8u)) % 4096u] <= (long)0x3808086b5f5be4f4ul) ? (uint)((__global const ushort *)in)[((uint)x5) % 2048u] : (uint)0x556a51a0u), (uint)abs((uint)0x1130d580u)))), trunc(16777217.0f));
        break;
    }
    case 7: {
        for (uint i12 = 0; i12 < ((uint)x0 & 7u); i12++) {
            x0 = (int)((uint)x0 - (uint)(int)(~shr_int(x0, (uint)i12)));
            v9 = shl_long(v9, (uint)i12);
            v3 = max(v3, (char)v3);
        }
        __atomic_fetch_and(&acc[23], (uint)(((((uint)x2 <= (uint)0x6u) ? 1e10f : -0.0f) != -0.0f) ? convert_uint_sat(x2) : shr_uint((uint)0xb50527fbu, (uint)(uint)x0)), __ATOMIC_ACQ_REL);
    }
    default: {
        x3 = (ushort)clz((ushort)((uint)shl_ushort(shl_ushort((ushort)((__global const uchar *)in)[((uint)0x6eac940bu) % 4096u], (uint)(uint)((__global uint_a *)row)[((uint)((__global const uchar *)in)[((uint)0x7u) % 4096u]) % 4u]), (uint)(uint)0x2u) * (uint)x3));
        break;
    }
    }
    v9 = (long)(((uint)0x1u < (uint)((uint)mul_hi((uint)((__global const short *)in)[(convert_uint_sat(x1)) % 2048u], (uint)0xc75ae6f5u) + (uint)shr_uint((uint)0x7u, (uint)(uint)0xcf6aee4bu))) ? add_sat(v9, (long)0x7ul) : v9);
    if (0.1f == fdim(-1.0f, 16777217.0f)) {
        switch ((uchar)(~(uchar)((__global const long2 *)in)[((uint)0x2000u) % 256u].y) & 7) {
        case 1: {
            x1 = (short)((short)((short)x4 | x1) | rotate((short)(x4 & (short)x0), x4));
            break;
        }
        case 2: {
            if (mul_hi(v4, (uchar)((uint)v4 + (uint)(uchar)((uint)v4 - (uint)(uchar)0xfu))) >= shl_uchar((uchar)((__global const short *)in)[((uint)((__global const short *)in)[((uint)0xe3dfc62eu) % 2048u]) % 2048u], (uint)(uint)0x1bcde3eeu)) {
                v9 = (long)((long)((ulong)(long)((convert_float(x2) > -2.5e-3f) ? x2 : (long)((long)0x2223d4efbfa9ecd7ul & (long)0x74d94b3ca946128ful)) - (ulong)(long)(shl_long(v9, (uint)(uint)0x5u) ^ (long)((ulong)v9 * (ulong)v9))) | add_sat((long)x2, (long)((ulong)x2 - (ulong)v9)));
            }
            v4 = (uchar)((uchar)((uint)(uchar)(((uchar)0x20u < 0) ? (uchar)0x20u : (uint)convert_uchar_sat(x1)) - (uint)v4) ^ v4);
        }
        case 3: {
            x4 = (short)(~(short)((short)((short)((uint)(short)0x2u * (uint)x1) & shr_short(x1, (uint)(uint)0x7caa8dfcu)) ^ x4));
            break;
        }
        case 4: {
            if ((ulong)((ulong)(ulong)((ulong)0x9b956efe22f708f8ul | (ulong)0x7ffffffffffful) + (ulong)(ulong)((ulong)x5 + (ulong)x5)) < rotate(x5, (ulong)(-(ulong)(ulong)((ulong)(ulong)((__global const char *)in)[(convert_uint_sat(x3)) % 4096u] + (ulong)x5)))) {
                x1 = x4;
                arr0[((uint)((ulong)0x7ul <= clamp((ulong)((div_ulong(x5, (ulong)x5) < 0) ? div_ulong(x5, (ulong)x5) : (ulong)(ulong)((ulong)(ulong)((__global const uint4 *)in)[((uint)((__global const char *)in)[((uint)0xfffffu) % 4096u]) % 256u].z + (ulong)(ulong)((__global const ushort *)in)[(mul_hi((uint)((__global uint_a *)row)[((uint)((uint)(uint)0x4c8e57f9u * (uint)(uint)0x537ed13au)) % 4u], (uint)x5)) % 2048u])), min(x5, (ulong)v3), max(x5, (ulong)v3)))) % 16u] = rotate((short)x5, (short)(~mul_hi((short)v9, convert_short_sat(v4))));
            }
            break;
        }
        case 7: {
            uint v14 = clamp((uint)((int)((uint)x0 + (uint)(int)popcount((int)(~x0))) <= x0), min((uint)0x1u, (uint)0x5u), max((uint)0x1u, (uint)0x5u));
            x5 = fn2(bitselect(x0, (int)abs_diff((uint)x0, (uint)div_int(x0, div_int((int)((__global uchar_a *)row)[(rem_uint((uint)v4, (uint)v9)) % 16u], x0))), x0), (copysign(fdim(0.0f, 0.0f), (isnan(-0.0f) ? 1.0f : -0.0f)) + fabs((16777217.0f - fma(3.0f, convert_float(v4), 3.0f)))));
            break;
        }
        default: {
            v3 = (char)(~shr_char((char)(v3 ^ v3), (uint)(uint)0xc7aaeabu));
            break;
        }
        }
    } else {
        char v15 = (char)((uint)(char)sub_sat((uchar)(char)((char)get_group_id(0) ^ v3), (uchar)(char)((uint)rem_char(v3, v3) + (uint)v3)) - (uint)v3);
        switch ((ushort)((uint)(ushort)((uint)x3 * (uint)(ushort)(~x3)) * (uint)(ushort)((char)((uint)mul_hi((char)((__global const long2 *)in)[((uint)0x1fu) % 256u].y, (char)(v3 | (char)((__global const uchar *)in)[((uint)(((uint)0xe9ce1864u < 0) ? (uint)0xe9ce1864u : (uint)(uint)0xb07c27bcu)) % 4096u])) + (uint)(char)((uint)(char)0x7u + (uint)v3)) > rotate(v3, v3))) & 7) {
        case 0: {
            float v16 = convert_float(x0);
            x4 = (short)((uint)mul_hi((short)((uint)(short)((uint)mul_hi((short)x2, (short)popcount((short)(~x1))) + (uint)max(x4, x4)) + (uint)(short)(~x4)), (short)(~(short)sub_sat((ushort)shr_short(convert_short_sat(x0), (uint)(uint)0xfffffu), (ushort)x1))) + (uint)x1);
            break;
        }
        case 2: {
            x1 = x1;
        }
        case 4: {
            uchar v17 = (uchar)((uint)(uchar)(-(uint)(uchar)0x6u) * (uint)(uchar)((uint)(uchar)(-(uint)(uchar)(v4 | v4)) * (uint)(uchar)0xeeu));
            v17 = add_sat(v17, v17);
            break;
        }
        case 6: {
            v4 = (uchar)((v4 < 0) ? v4 : (uint)v4);
            x2 = v9;
            break;
        }
        default: {
            v3 = fn0((int)clz((int)((x0 < 0) ? x0 : (uint)x0)));
            break;
        }
        }
    }
    x4 = shr_short((short)abs_diff((ushort)x1, (ushort)(short)x2), (uint)convert_uint_sat(v4));
    x3 = (ushort)(((ushort)(-2.5e-3f <= -2.5e-3f) < 0) ? (ushort)(-2.5e-3f <= -2.5e-3f) : (uint)(ushort)(-(uint)x3));
    ushort v18 = (ushort)((uint)x3 + (uint)(ushort)(convert_float(v9) <= fdim((((uint)0xc4d8f12cu >= (uint)((__global uchar_a *)row)[((uint)0x3u) % 16u]) ? -1.0f : -0.0f), 16777217.0f)));
    lm[lid] = (ulong)shl_uint((uint)popcount((uint)(~(uint)0x1u)), (uint)mul24((uint)((uint)0x50b6a947u & 0xffff), (uint)(upsample(x3, (ushort)((ulong)0x6ul < x5)) & 0xffff)));
    barrier(CLK_LOCAL_MEM_FENCE);
    v9 ^= (long)lm[(lid + 38u) % 128u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 = v3;
    x1 = (short)((uint)x4 * (uint)(short)(~x4));
    __atomic_fetch_xor(&((__global ulong *)(acc + 32))[7], (ulong)(ulong)popcount((ulong)(~(ulong)popcount((ulong)((ulong)x5 & sub_sat(x5, x5))))), __ATOMIC_RELEASE);
    v3 = (char)(v3 & shr_char(v3, (uint)shl_uint((uint)0x5u, (uint)mad24((uint)((uint)0x6u & 0xffff), (uint)((uint)0x5effea8fu & 0xffff), (uint)0xa63bb213u))));
    if (hadd((uint)0x5u, (uint)v4) < (uint)(x0 < add_sat(upsample(x4, (ushort)0x2379u), x0))) {
        v18 = (ushort)(~(ushort)popcount((ushort)(~(ushort)v9)));
    }
    ((__global uint_a *)row)[((uint)(div_uint(mul_hi(min((uint)get_local_size(0), (uint)0x4u), (uint)0x3518a113u), (uint)0xd4067798u) ^ (uint)0xa86ee7b2u)) % 4u] = (uint)(uint)abs((uint)x2);
    __atomic_fetch_min(&((__global long *)(acc + 32))[3], (long)v9, __ATOMIC_ACQ_REL);
    if ((ushort)((uint)(ushort)(-(uint)(ushort)v4) + (uint)(ushort)0x7fu) < (ushort)clz((ushort)((ushort)((ushort)x4 & v18) | v18))) {
        uchar v19 = (uchar)(~(uchar)popcount((uchar)(~(uchar)0x2u)));
        x0 = (int)((int)sub_sat((uint)x0, (uint)(int)((uint)mul_hi((int)v4, (int)v4) + (uint)(int)0x40u)) & x0);
    } else {
        v4 = (uchar)0xeu;
    }
    lm[lid] = (ulong)sub_sat(div_ushort((ushort)0x1a63u, (ushort)v18), v18);
    barrier(CLK_LOCAL_MEM_FENCE);
    v4 ^= (uchar)lm[127u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i19 = 0; i19 < ((uint)x0 & 7u); i19++) {
        for (uint i20 = 0; i20 < ((uint)i19 & 7u); i20++) {
            long v22 = x2;
        }
        x3 = min(shl_ushort(shr_ushort(x3, (uint)i19), (uint)clamp((uint)abs(i19), min(convert_uint_sat(v18), (uint)lid), max(convert_uint_sat(v18), (uint)lid))), (ushort)0x7u);
        float v23 = fdim((((x0 < x0) ? -0.0f : 0.5f) - -2.5e-3f), fma(1e-30f, 0.0f, convert_float(v3)));
        ((__global ulong_a *)row)[(i19) % 2u] = (ulong)(ulong)((ulong)get_num_groups(0) & (ulong)0x4ul);
    }
    if ((uint)((uint)(uint)((__global uchar_a *)row)[((uint)((__global const uint4 *)in)[((uint)((uint)mul_hi((uint)((__global const char *)in)[((uint)(~(uint)x1)) % 4096u], convert_uint_sat(x2)) + (uint)(uint)0x7u)) % 256u].z) % 16u] * (uint)(uint)((__global const short *)in)[((uint)0x20000000u) % 2048u]) >= (uint)v9) {
        arr0[(shl_uint((uint)0x5u, (uint)(uint)(rhadd((uint)0xae13add8u, (uint)0x76d45638u) ^ min(shr_uint((uint)0x80000000u, (uint)(uint)0x94cd1dccu), (uint)0x668eb7c3u)))) % 16u] = rem_short((short)((convert_float(v3) >= (-(65536.0f))) ? x1 : (short)0x4u), rhadd(shr_short((short)x1, (uint)(uint)get_global_size(0)), (short)clz((short)(~x4))));
        x0 = (int)((uint)x0 + (uint)x0);
    }
    v9 = (long)(~x2);
    x4 = (short)((x0 < div_int((int)((uint)(int)0x4000000u - (uint)(int)0x6503ab05u), x0)) ? (short)((uint)x4 * (uint)(short)(-2.5e-3f <= 65536.0f)) : (short)((int)((long)((ulong)(long)0x3ul - (ulong)v9) > (long)((uint)0x3aa3d71au == (uint)v3)) < (int)((__global const ushort *)in)[((uint)v18) % 2048u]));
    ulong v24 = x5;
    float v25 = (fdim((-((((uint)0x2u == (uint)v4) ? 1e10f : 0.1f))), convert_float(v24)) * 16777217.0f);
    x1 = shr_short((short)0x5u, (uint)(uint)0x3a18b56eu);
    x1 = (short)v18;
    v4 = (uchar)((uint)mul_hi(v4, (uchar)0x8u) + (uint)(uchar)0xe8u);
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)((ulong)x2 >> 32);
    row[8u] = (uint)(x3);
    row[9u] = (uint)(x4);
    row[10u] = (uint)(x5);
    row[11u] = (uint)((ulong)x5 >> 32);
    row[12u] = (uint)(v3);
    row[13u] = (uint)(v4);
    row[14u] = (uint)(v9);
    row[15u] = (uint)((ulong)v9 >> 32);
    row[16u] = (uint)(v18);
    row[17u] = (uint)(v24);
    row[18u] = (uint)((ulong)v24 >> 32);
    row[19u] = fbits(v25);
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
}
