// clfuzz seed=4 grid=3 block=64 in=1024 out=6912 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static ulong fn0(ushort p0, char p1) {
    switch ((uchar)((uint)(uchar)(shr_ushort(convert_ushort_sat(p1), (uint)(uint)0xdaca3c06u) < (ushort)(0.5f == 1.0f)) + (uint)clamp(shr_uchar((uchar)0x25u, (uint)(uint)(-(uint)(uint)0xa2909cb6u)), min((uchar)0x4fu, rhadd((uchar)0x7u, convert_uchar_sat(p0))), max((uchar)0x4fu, rhadd((uchar)0x7u, convert_uchar_sat(p0))))) & 7) {
    case 1: {
        p0 = shr_ushort((ushort)abs_diff((ushort)convert_ushort_sat(p1), (ushort)p0), (uint)(uint)((rotate((uchar)0x7u, (uchar)0x2u) < (uchar)0x2u) ? (uint)p1 : (uint)0x1d1615adu));
        break;
    }
    case 2: {
        p0 = bitselect((ushort)(((uchar)p0 == (uchar)0x6u) ? (ushort)0x7fa2u : p0), p0, shr_ushort(p0, (uint)(uint)popcount((uint)(~(uint)((uint)(uint)0x3ffu - (uint)(uint)0xfffffu)))));
        break;
    }
    case 3: {
        if ((long)0x6ul == (long)((long)((ulong)(long)0x7fffffffffffful + (ulong)(long)0x9c298cc9035b31e4ul) | (long)((long)abs_diff((ulong)(long)0x2972601033a09bf9ul, (ulong)(long)0xffffffffffffffful) | (long)0x8f90ffe97d240b1aul))) {
            p1 = (char)p1;
            p1 = rem_char(p1, p1);
        }
        p1 = (char)p1;
        break;
    }
    case 4: {
        p0 = p0;
    }
    case 5: {
        p0 = p0;
        p1 = (char)abs_diff((uchar)rem_char(p1, p1), (uchar)clamp((char)p1, min((char)0xfu, (char)(((p0 & (ushort)0x5u) <= (ushort)0x5u) ? (char)p1 : (char)((((int)p0 & (int)0x16b5945au) < (int)0xcea7f1c5u) ? convert_char_sat(p0) : convert_char_sat(p0)))), max((char)0xfu, (char)(((p0 & (ushort)0x5u) <= (ushort)0x5u) ? (char)p1 : (char)((((int)p0 & (int)0x16b5945au) < (int)0xcea7f1c5u) ? convert_char_sat(p0) : convert_char_sat(p0))))));
        break;
    }
    default: {
        p1 = rem_char(p1, (char)popcount((char)(~(char)(((uint)0x8u <= (uint)0xd374d44au) ? (char)p0 : (char)p1))));
        break;
    }
    }
    p1 = (char)p0;
    p0 = (ushort)(~p0);
    p0 = p0;
    p0 = p0;
    return (ulong)(~(ulong)popcount((ulong)((ulong)(ulong)0x80a7104827e14afful * (ulong)(ulong)0x8ul)));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ulong x0 = (ulong)(((ulong)in[(gid * 3u + 0u) % 1024u] << 32) | in[(gid * 3u + 0u + 1u) % 1024u]);
    ushort x1 = (ushort)in[(gid * 3u + 1u) % 1024u];
    ushort x2 = (ushort)in[(gid * 3u + 2u) % 1024u];
    ulong arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (ulong)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    uint arr1[8];
    for (uint j = 0; j < 8u; j++) arr1[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    if (convert_uchar_sat(x0) < (uchar)0x3u) {
        float v1 = convert_float(x2);
        v1 = (((fmax(round(convert_float(x2)), v1) + 0.0f) - (fmin((fmin(-0.0f, v1) + 0.0f), (fmin(v1, v1) + 0.0f)) + 0.0f)) * -0.0f);
        x0 = fn0(mul_hi(x2, (ushort)((uint)(ushort)((uint)x1 - (uint)(ushort)((ulong)0x6ul < x0)) * (uint)clamp(x2, min(x1, x1), max(x1, x1)))), (char)0x41u);
    }
    uint v2 = (uint)((uint)((uint)(uint)(-(uint)shr_uint((uint)0x7fce4f3du, (uint)(uint)((__global const ushort *)in)[((uint)0x3427f7e1u) % 2048u])) + (uint)(uint)0x5u) ^ (uint)0xe83253e4u);
    __atomic_fetch_add(&((__global uchar *)(acc + 52))[5], (uchar)shr_uchar((uchar)0x20u, (uint)v2), __ATOMIC_RELAXED);
    x0 = fn0(shr_ushort((ushort)clz((ushort)(x2 | (ushort)((__global const short *)in)[((uint)((uint)v2 + (uint)v2)) % 2048u])), (uint)(uint)((int)0x5u <= (int)0x1u)), (char)get_global_size(0));
    for (uint i2 = 0; i2 < 5; i2++) {
        v2 = (uint)((uint)mul_hi(hadd(v2, add_sat(v2, (uint)0x5dafc73u)), v2) - (uint)(uint)(shl_uint(i2, (uint)i2) & v2));
        if ((short)x1 <= (short)0xd2au) {
            x0 = (ulong)((ulong)x0 * (ulong)(ulong)x1);
            switch (rem_uint(i2, v2) & 7) {
            case 0: {
                if (((char)0x6cu & (char)0x8u) == (char)0xaau) break;
                break;
            }
            case 1: {
                v2 = (uint)(i2 ^ v2);
                break;
            }
            case 2: {
                if (-1.0f >= (-(convert_float(v2)))) break;
            }
            case 4: {
                arr0[(upsample((ushort)(~x2), (ushort)(-(uint)(ushort)0x1fu))) % 16u] = (ulong)x1;
            }
            case 5: {
                uchar v4 = convert_uchar_sat(x1);
                v2 = mul24((uint)(v2 & 0xffff), (uint)(v2 & 0xffff));
                break;
            }
            default: {
                x1 = (ushort)((1.0f < (((short)0x175eu <= (short)0x6u) ? convert_float(x0) : 65536.0f)) ? (ushort)((int)0xe595ac21u <= (int)(rotate((int)0x800000u, (int)0xeca14355u) | (int)0x85220fcdu)) : shl_ushort((ushort)abs_diff((ushort)(ushort)((long)0x7e9a29041fb950a7ul <= (long)x0), (ushort)x2), (uint)v2));
                break;
            }
            }
            x0 = fn0((ushort)((ushort)(((ushort)((uint)min((ushort)x0, (ushort)0x0u) * (uint)(ushort)(((ushort)x2 < (ushort)0x80u) ? x1 : x1)) < 0) ? (ushort)((uint)min((ushort)x0, (ushort)0x0u) * (uint)(ushort)(((ushort)x2 < (ushort)0x80u) ? x1 : x1)) : (uint)x1) | (ushort)(-(uint)x2)), shr_char((char)popcount((char)(((char)0x56u > (char)x0) ? (char)0x7u : (char)((char)v2 == (char)0xeau))), (uint)(uint)(~i2)));
        }
        switch (shr_int((int)0x1fffffu, (uint)(uint)(v2 & (uint)popcount((uint)0x1262d9a5u))) & 7) {
        case 0: {
            __atomic_fetch_min(&((__global long *)(acc + 32))[3], (long)(long)(-(ulong)(long)0x400000000ul), __ATOMIC_RELAXED);
            break;
        }
        case 4: {
            v2 = (uint)(((short)((__global const short *)in)[(v2) % 2048u] <= (short)0x5u) ? upsample((ushort)v2, x2) : bitselect(rotate((uint)((__global ushort_a *)row)[((uint)0x7ffu) % 8u], v2), i2, clamp(hadd(i2, v2), min(v2, v2), max(v2, v2))));
            uchar v5 = (uchar)lid;
            break;
        }
        default: {
            v2 = arr1[((uint)(shr_uint((uint)((v2 < 0) ? v2 : (uint)(uint)0x8u), (uint)(uint)0x3375cca5u) | (uint)((uint)v2 - (uint)(uint)v2))) % 8u];
            break;
        }
        }
        v2 = i2;
    }
    lb[lid * 2u + 1u] = (uchar)sub_sat((uint)clz(v2), shr_uint((uint)((__global const ushort *)in)[(v2) % 2048u], (uint)sub_sat(shr_uint((uint)0xfffu, (uint)(uint)x2), (uint)(((uchar)0xd8u < (uchar)0x5u) ? v2 : (uint)v2))));
    lb[lid * 2u + 0u] = (uchar)(uint)(~(uint)abs_diff((uint)rem_uint(shr_uint(v2, (uint)v2), v2), (uint)(uint)0x1fffffu));
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (ulong)lb[(lid ^ 48u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    int v6 = (int)((uint)(int)(bitselect((int)((__global const ushort *)in)[((uint)x2) % 2048u], shl_int((int)0x30a97edbu, (uint)(uint)0x4f40ce53u), (int)0x5u) ^ (int)0xb16356f1u) - (uint)(int)((int)x1 & (int)(-(uint)(int)0xaff0bd35u)));
    x1 = rotate(x1, (ushort)x2);
    char v7 = rem_char(div_char((char)0x10u, (char)(v2 == (uint)((uint)v2 - (uint)v2))), (char)0x2u);
    v6 = (int)((uint)v6 - (uint)(int)(shr_int(upsample((short)0xabf7u, (ushort)((__global const ushort *)in)[((uint)(v2 | (uint)v7)) % 2048u]), (uint)v2) & v6));
    x2 = hadd(x2, shr_ushort(x1, (uint)(uint)get_global_size(0)));
    x2 = (ushort)(shl_short(mul_hi((short)0x8u, (short)0x1000u), (uint)div_uint((uint)(v2 & v2), (uint)((__global const ushort *)in)[((uint)((__global const long2 *)in)[(rhadd((uint)0x0u, v2)) % 256u].y) % 2048u])) <= (short)(~convert_short_sat(x0)));
    lb[lid * 2u + 1u] = (uchar)v2;
    lb[lid * 2u + 0u] = (uchar)mul_hi(upsample((ushort)v7, rem_ushort(x2, (ushort)((uint)x2 + (uint)x2))), mad24((uint)(v2 & 0xffff), (uint)(rotate(v2, (uint)(v2 & (uint)((__global const long2 *)in)[((uint)0x1u) % 256u].x)) & 0xffff), (uint)x0));
    barrier(CLK_LOCAL_MEM_FENCE);
    v7 ^= (char)lb[((lid + 9u) % 64u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v2 = arr1[(v2) % 8u];
    ((__global uint_a *)row)[(bitselect((uint)((uint)(((short)((__global const long2 *)in)[((uint)v2) % 256u].y > (short)0x7u) ? v2 : v2) & shr_uint((uint)((uint)v2 - (uint)v2), (uint)mad24((uint)(v2 & 0xffff), (uint)((uint)x1 & 0xffff), v2))), bitselect((uint)((__global const ushort *)in)[((uint)(~v2)) % 2048u], (uint)x0, (uint)(((uint)((__global const uchar *)in)[((uint)popcount((uint)(~v2))) % 4096u] < 0) ? (uint)((__global const uchar *)in)[((uint)popcount((uint)(~v2))) % 4096u] : (uint)(uint)popcount(v2))), (uint)((v2 == v2) ? (uint)(v2 ^ v2) : (uint)x2))) % 4u] = (uint)v2;
    x0 = shl_ulong(x0, (uint)(uint)abs(v2));
    v2 = shr_uint(max((uint)(-(uint)sub_sat(v2, v2)), (uint)0x4a759fedu), (uint)(uint)(~(uint)popcount(v2)));
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(v2);
    row[9u] = (uint)(v6);
    row[10u] = (uint)(v7);
    row[11u] = (uint)(arr0[0]);
    row[12u] = (uint)(arr0[1]);
    row[13u] = (uint)(arr0[2]);
    row[14u] = (uint)(arr0[3]);
    row[15u] = (uint)(arr0[4]);
    row[16u] = (uint)(arr0[5]);
    row[17u] = (uint)(arr0[6]);
    row[18u] = (uint)(arr0[7]);
    row[19u] = (uint)(arr0[8]);
    row[20u] = (uint)(arr0[9]);
    row[21u] = (uint)(arr0[10]);
    row[22u] = (uint)(arr0[11]);
    row[23u] = (uint)(arr0[12]);
    row[24u] = (uint)(arr0[13]);
    row[25u] = (uint)(arr0[14]);
    row[26u] = (uint)(arr0[15]);
    row[27u] = (uint)(arr1[0]);
    row[28u] = (uint)(arr1[1]);
    row[29u] = (uint)(arr1[2]);
    row[30u] = (uint)(arr1[3]);
    row[31u] = (uint)(arr1[4]);
    row[32u] = (uint)(arr1[5]);
    row[33u] = (uint)(arr1[6]);
    row[34u] = (uint)(arr1[7]);
}
