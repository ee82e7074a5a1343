// clfuzz seed=40 grid=1 block=128 in=1024 out=3328 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static uint fn0(short p0, ushort p1, int p2) {
    p2 = (int)(upsample((short)((uint)(short)(((char)0xd5u < (char)0x68u) ? (short)p2 : p0) + (uint)p0), (ushort)p1) & p2);
    p2 = (int)(-(uint)upsample((short)p2, p1));
    p0 = (short)popcount((short)(~(short)p0));
    if ((convert_float(p0) + 3.0f) == (0.5f - convert_float(p0))) {
        if ((long)p1 < (long)0xc1cc04b44ffca198ul) {
            if ((ulong)p2 < shr_ulong(mul_hi((ulong)0x5d8f20b593889bb3ul, (ulong)p0), (uint)mul_hi((uint)0x2u, (uint)0x5b004bf9u))) {
                p1 = (ushort)p0;
            } else {
                p2 = (int)popcount((int)(~(int)p2));
                p1 = (ushort)(hadd(p1, p1) | (ushort)((short)(p0 & shl_short(p0, (uint)(uint)0x4u)) == p0));
            }
        } else {
            if ((char)abs_diff((uchar)(char)0x1du, (uchar)(char)0x80u) > (char)p1) {
                char v1 = (char)((char)0x7u & (char)0x10u);
                v1 = (char)((ulong)(-(ulong)(ulong)0x629fa1c2ef155550ul) <= convert_ulong_sat(v1));
                p2 = (int)((int)(((ulong)0x1ffffffffffffffful == (ulong)(-(ulong)(ulong)p1)) ? (int)((((long)v1 & (long)0x24dbed6f0fe13f1cul) != (long)0xb62dc9fbd490379aul) ? p2 : (int)(~(int)0x0u)) : (int)(~p2)) ^ p2);
            } else {
                p0 = shr_short((short)(shl_short((short)p0, (uint)(uint)0x8u) & (short)((uint)(short)p1 - (uint)(short)(~p0))), (uint)div_uint((uint)0x20000000u, (uint)0x4u));
                p2 = p2;
                p1 = (ushort)((uint)(ushort)((uint)mul_hi(rhadd(p1, convert_ushort_sat(p2)), p1) + (uint)mul_hi((ushort)((uint)p1 + (uint)p1), (ushort)p2)) * (uint)p1);
            }
            p1 = p1;
            p1 = sub_sat(max((ushort)p1, p1), shl_ushort((ushort)(~p1), (uint)(uint)popcount((uint)(~(uint)p0))));
        }
    }
    p2 = p2;
    return max((uint)(-(uint)shr_uint((uint)0x5c123ca2u, (uint)(uint)0x4u)), (uint)p0);
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    short x0 = (short)in[(gid * 5u + 0u) % 1024u];
    float x1 = as_float(in[(gid * 5u + 1u) % 1024u] & 0xbfffffffu);
    ushort x2 = (ushort)in[(gid * 5u + 2u) % 1024u];
    ulong x3 = (ulong)(((ulong)in[(gid * 5u + 3u) % 1024u] << 32) | in[(gid * 5u + 3u + 1u) % 1024u]);
    ushort x4 = (ushort)in[(gid * 5u + 4u) % 1024u];
    int arr0[8];
    for (uint j = 0; j < 8u; j++) arr0[j] = (int)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x1 = (x1 + (16777217.0f * (copysign(x1, (isnan(1e10f) ? 1.0f : 1e10f)) - convert_float(x0))));
    x0 = (short)(~(short)popcount((short)(~x0)));
    x4 = (ushort)(x4 ^ max((ushort)(rotate((ushort)x4, (ushort)((__global uchar_a *)row)[(upsample(x2, x4)) % 16u]) & (ushort)(x4 ^ x4)), x2));
    x4 = add_sat((ushort)((uint)(ushort)((char)0x2u == (char)(((char)0x5u < 0) ? (char)0x5u : (uint)(char)x3)) * (uint)bitselect(x4, (ushort)((uint)(ushort)x4 * (uint)(ushort)gid), x4)), x4);
    if (clamp((uchar)0x67u, min((uchar)((uint)(uchar)((__global const uchar *)in)[((uint)((uint)0x83d8828bu ^ (uint)0x8u)) % 4096u] - (uint)shr_uchar((uchar)0xd8u, (uint)(uint)get_num_groups(0))), (uchar)0x1u), max((uchar)((uint)(uchar)((__global const uchar *)in)[((uint)((uint)0x83d8828bu ^ (uint)0x8u)) % 4096u] - (uint)shr_uchar((uchar)0xd8u, (uint)(uint)get_num_groups(0))), (uchar)0x1u)) == (uchar)0x5bu) {
        x1 = (0.0f - (x1 - 0.0f));
        x3 = shl_ulong((ulong)(~rem_ulong(convert_ulong_sat(x2), (ulong)0xe74db271a146fef3ul)), (uint)mul24((uint)(rem_uint((uint)0x800u, (uint)0x5b705205u) & 0xffff), (uint)((uint)0x1u & 0xffff)));
    }
    x2 = (ushort)((x3 != (ulong)((((char)0x94u & (char)0x3u) > (char)0x7u) ? x3 : x3)) ? (ushort)((uint)(ushort)((uint)x2 * (uint)(ushort)((uint)(ushort)get_group_id(0) + (uint)x2)) - (uint)x4) : x4);
    lm[lid] = (ulong)rotate((uint)((uint)(uint)((__global const long2 *)in)[((uint)0x34619u) % 256u].x - (uint)(uint)0xa98b1a2eu), shr_uint((uint)0x9337d651u, (uint)(uint)0xe2e0267cu));
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 ^= (ushort)lm[lid ^ 31u];
    barrier(CLK_LOCAL_MEM_FENCE);
    ulong v2 = shl_ulong(convert_ulong_sat(x2), (uint)(uint)0x34bdc7c3u);
    switch (shr_uchar(bitselect((uchar)lid, (uchar)0x95u, (uchar)((uchar)0x1fu & convert_uchar_sat(v2))), (uint)shl_uint((uint)0x2u, (uint)(uint)((__global const char *)in)[((uint)0x43bad0a1u) % 4096u])) & 7) {
    case 1: {
        x2 = (ushort)((uint)(ushort)((__global const uchar *)in)[((uint)0x0u) % 4096u] * (uint)(ushort)((uint)convert_ushort_sat(x1) - (uint)x2));
        break;
    }
    case 2: {
        x0 = shr_short((short)((((long)0x1100b7867f53602dul & (long)0x7ffffffful) <= (long)0xa6b362121532a828ul) ? x0 : (short)(((short)0x1u < 0) ? (short)0x1u : (uint)x0)), (uint)(uint)(shl_uint((uint)0x461e86d4u, (uint)(uint)x3) | (uint)0x240ebbc2u));
        if (rem_uchar((uchar)((uint)(uchar)((__global const short *)in)[((uint)0x5u) % 2048u] + (uint)shl_uchar((uchar)((__global const ulong *)in)[((uint)0x78f4ef0bu) % 512u], (uint)(uint)0x52f261a1u)), (uchar)0x7u) >= (uchar)popcount((uchar)((uint)(uchar)0xc5u - (uint)(uchar)0x3u))) {
            if ((ushort)get_num_groups(0) <= shl_ushort(upsample((uchar)0x4fu, (uchar)0x99u), (uint)(uint)0x70df6599u)) {
                x3 = (ulong)(~(ulong)abs((ulong)abs(v2)));
                arr0[((uint)(mul24((uint)((uint)0x3u & 0xffff), (uint)(mad24((uint)((uint)0xf9f33b1bu & 0xffff), (uint)((uint)0x77beea5fu & 0xffff), (uint)popcount((uint)0xf31f05b9u)) & 0xffff)) | (uint)((uint)((uint)0x4u | (uint)abs_diff((uint)(uint)x2, (uint)(uint)x2)) & (uint)x2))) % 8u] = (int)(~mul_hi(convert_int_sat(x1), mul_hi(div_int((int)0xcfb5f0f1u, (int)0xc0def11bu), (int)0x0u)));
                __atomic_fetch_or(&((__global ushort *)(acc + 48))[1], (ushort)(ushort)(-(uint)(ushort)0x10u), __ATOMIC_ACQUIRE);
            } else {
                __atomic_fetch_min((__global int *)&acc[21], (int)(uint)popcount((uint)(~(uint)0x38dd3453u)), __ATOMIC_RELEASE);
                x4 = shr_ushort((ushort)(((ushort)(x2 ^ (ushort)((__global ulong_a *)row)[((uint)0xb0af7f4eu) % 2u]) < 0) ? (ushort)(x2 ^ (ushort)((__global ulong_a *)row)[((uint)0xb0af7f4eu) % 2u]) : (uint)(ushort)get_global_size(0)), (uint)(uint)x2);
            }
            for (uint i2 = 0; i2 < 5; i2++) {
                x1 = convert_float((long)abs_diff((ulong)(long)0xdc2dd3b96d283827ul, (ulong)(long)0xd478e7b5f9c704ddul));
                arr0[((uint)(((uchar)0x49u == (uchar)0x8cu) ? i2 : i2)) % 8u] = (int)((uint)(int)popcount((int)0x4u) - (uint)(int)popcount((int)(~(int)x3)));
            }
            v2 = (ulong)((ulong)x3 & v2);
        } else {
            short v4 = div_short(div_short((short)x4, x0), rhadd(x0, (short)x3));
        }
        break;
    }
    case 4: {
        if ((short)((short)0x80u & x0) != x0) {
            v2 = (ulong)((ulong)v2 + (ulong)clamp((ulong)v2, min((ulong)(-(ulong)(ulong)v2), (ulong)clz(shr_ulong(v2, (uint)(uint)0x2f576e59u))), max((ulong)(-(ulong)(ulong)v2), (ulong)clz(shr_ulong(v2, (uint)(uint)0x2f576e59u)))));
            x0 = (short)((uint)mul_hi((short)x4, x0) + (uint)shl_short(x0, (uint)shr_uint((uint)0x58dea7fcu, (uint)(uint)0xe38cecbdu)));
        } else {
            switch ((uint)((ulong)((x1 > x1) ? shl_ulong(v2, (uint)(uint)x4) : (ulong)x4) >= rotate(convert_ulong_sat_rtz(fmin(x1, 9.2e18f)), (ulong)0x80000000000000ul)) & 7) {
            case 0: {
            }
            case 2: {
                x0 = (short)(~(short)((__global const long2 *)in)[((uint)0x4u) % 256u].y);
                x0 = (short)((ushort)((uint)0x4a5f9188u == (uint)0x4e8624cu) >= x2);
            }
            case 3: {
                break;
            }
            case 4: {
                arr0[((uint)clz((uint)((__global const ushort *)in)[(upsample((ushort)((__global const char *)in)[((uint)0x0u) % 4096u], (ushort)x2)) % 2048u])) % 8u] = (int)((x0 > x0) ? shr_int((int)(convert_float(x4) <= fdim(x1, x1)), (uint)(uint)((int)((uint)(int)get_num_groups(0) - (uint)(int)0x6u) != rem_int((int)x3, (int)0x6u))) : (int)((uint)convert_int_sat(x1) * (uint)(int)0x2000000u));
                break;
            }
            case 5: {
                v2 = (ulong)((ulong)(ulong)((ulong)(ulong)(((ulong)((__global const long2 *)in)[((uint)((__global uchar_a *)row)[((uint)v2) % 16u]) % 256u].y < 0) ? (ulong)((__global const long2 *)in)[((uint)((__global uchar_a *)row)[((uint)v2) % 16u]) % 256u].y : (ulong)(ulong)popcount(x3)) - (ulong)(ulong)lid) - (ulong)shl_ulong((ulong)(v2 ^ upsample((uint)0x937960e9u, (uint)0x5u)), (uint)(uint)((__global const short *)in)[((uint)0xa1b90c6cu) % 2048u]));
                x4 = min((ushort)x0, (ushort)((uint)mul_hi(x2, x2) + (uint)x2));
                break;
            }
            default: {
                x3 = v2;
                break;
            }
            }
            if ((x1 - convert_float(x2)) > ceil(convert_float((long)get_global_size(0)))) {
                x3 = bitselect(x3, upsample((uint)(((uint)0xa767b30au > (uint)0x10000u) ? (uint)get_local_size(0) : (uint)((uint)0x7ffu | (uint)((__global const ushort *)in)[((uint)0x7d2d2643u) % 2048u])), (uint)((__global const uint4 *)in)[((uint)((__global const uint4 *)in)[((uint)0x7fffffu) % 256u].w) % 256u].z), shl_ulong((ulong)(((char)0x80u > (char)0xbdu) ? (ulong)abs(x3) : (ulong)(v2 ^ x3)), (uint)(uint)0x1u));
                x4 = (ushort)((uint)(ushort)popcount((ushort)(~mul_hi(x4, min(x4, x2)))) - (uint)shr_ushort((ushort)((((int)0x8u & (int)0x7c39541du) == (int)0x80000000u) ? x4 : (ushort)x2), (uint)(uint)0x1ef12e4fu));
                uint v5 = (uint)(~(uint)((uint)rem_uint((uint)0x61e7bed9u, (uint)((__global const long2 *)in)[((uint)0x40000u) % 256u].y) * (uint)(uint)((uint)shr_uint((uint)((__global const long2 *)in)[((uint)0x1000000u) % 256u].x, (uint)(uint)0x7fffu) + (uint)(uint)((uint)(uint)0x7u - (uint)(uint)0x8u))));
            } else {
                x4 = x4;
            }
            switch ((uint)((uint)shr_uint(shl_uint(mul_hi((uint)0x63a85d48u, (uint)0x1fffffffu), (uint)(uint)0x236a708eu), (uint)(uint)((uint)0x200000u | (uint)((x4 >= x4) ? (uint)0x1u : (uint)((__global const short *)in)[((uint)((uint)0x76e01b9du & (uint)0x76278115u)) % 2048u]))) * (uint)(uint)(~(uint)0xf09524fbu)) & 7) {
            case 0: {
                x4 = (ushort)((uint)x2 + (uint)(ushort)((div_int((int)0x1ffffu, (int)0x4u) <= (int)0x4u) ? x4 : x4));
                x3 = (ulong)((ulong)((ulong)(ulong)((ulong)v2 - (ulong)(ulong)0xce40c1138b6fb184ul) - (ulong)v2) & (ulong)abs_diff((ulong)x3, (ulong)x3));
                break;
            }
            case 2: {
                atomic_min(&acc[24], (uint)0x80000000u);
            }
            case 3: {
                __atomic_fetch_add(&((__global ulong *)(acc + 32))[5], (ulong)(ulong)abs(add_sat(clamp((ulong)v2, min(v2, (ulong)get_global_size(0)), max(v2, (ulong)get_global_size(0))), x3)), __ATOMIC_ACQ_REL);
                break;
            }
            case 5: {
                arr0[((uint)((uint)(uint)x3 * (uint)(uint)0x1190d290u)) % 8u] = (int)((rotate((int)((uint)(int)0xeb571c7du * (uint)(int)get_num_groups(0)), (int)0x8u) < 0) ? rotate((int)((uint)(int)0xeb571c7du * (uint)(int)get_num_groups(0)), (int)0x8u) : (uint)(int)((__global const ushort *)in)[((uint)0x0u) % 2048u]);
                break;
            }
            case 7: {
                __atomic_fetch_add(&((__global ulong *)(acc + 32))[0], (ulong)shl_ulong((ulong)((ulong)popcount((ulong)(~x3)) & (ulong)((__global const uint4 *)in)[((uint)v2) % 256u].y), (uint)shr_uint((uint)(-(uint)(uint)((uint)(uint)0x847fc362u * (uint)(uint)((__global const ushort *)in)[((uint)0x8u) % 2048u])), (uint)(uint)0x6u)), __ATOMIC_ACQUIRE);
                break;
            }
            default: {
                arr0[((uint)((uint)clamp((uint)((ulong)0x7fffffffful > v2), min(clamp((uint)0x7u, min((uint)((__global const uchar *)in)[((uint)0x55d8669eu) % 4096u], (uint)0xdfa95f4bu), max((uint)((__global const uchar *)in)[((uint)0x55d8669eu) % 4096u], (uint)0xdfa95f4bu)), (uint)get_group_id(0)), max(clamp((uint)0x7u, min((uint)((__global const uchar *)in)[((uint)0x55d8669eu) % 4096u], (uint)0xdfa95f4bu), max((uint)((__global const uchar *)in)[((uint)0x55d8669eu) % 4096u], (uint)0xdfa95f4bu)), (uint)get_group_id(0))) + (uint)(uint)(((uint)0xf8249411u < 0) ? (uint)0xf8249411u : (uint)(uint)get_num_groups(0)))) % 8u] = (int)(convert_short_sat(x4) < (short)0x7594u);
                break;
            }
            }
        }
        break;
    }
    default: {
        ((__global uint_a *)row)[(shr_uint((uint)0x1a2eaa79u, (uint)(uint)0x10000000u)) % 4u] = (uint)(uint)(((convert_short_sat(x3) & (short)0x7u) != (short)0x1u) ? (uint)(~(uint)(~(uint)0x4u)) : (uint)0x93ebd0f5u);
        break;
    }
    }
    if (x1 != x1) {
        for (uint i5 = 0; i5 < 7; i5++) {
            x0 = (short)((uchar)((uint)(uchar)popcount((uchar)(~(uchar)0x8u)) + (uint)(uchar)0x6u) >= (uchar)((uchar)((uint)(uchar)0x2u - (uint)(uchar)((uchar)0xe5u | (uchar)((__global const uint4 *)in)[((uint)(-(uint)(uint)0x20u)) % 256u].y)) & shl_uchar((uchar)0x5bu, (uint)i5)));
            x3 = hadd(x3, (ulong)v2);
            if ((shl_ulong(v2, (uint)(uint)(-(uint)i5)) & (ulong)0x100000000ul) < (ulong)0x2ul) {
                float v7 = ((fmin((fmax((0.5f + x1), x1) + 0.0f), ((x1 + x1) - ((((ushort)x4 & (ushort)0x3u) < (ushort)0x1u) ? x1 : x1))) + 0.0f) - (round(x1) - (-(x1))));
                x4 = upsample((uchar)((uint)(uchar)(((i5 & (uint)0x80000000u) == (uint)0x1u) ? (uchar)0x2u : (uchar)0xfcu) + (uint)(uchar)((__global const uchar *)in)[((uint)(~i5)) % 4096u]), (uchar)0x20u);
            } else {
                x4 = (ushort)(~(ushort)(((ushort)(~(ushort)((uint)(ushort)((__global const ulong *)in)[((uint)((__global const short *)in)[(i5) % 2048u]) % 512u] - (uint)(ushort)((__global const short *)in)[(i5) % 2048u])) < 0) ? (ushort)(~(ushort)((uint)(ushort)((__global const ulong *)in)[((uint)((__global const short *)in)[(i5) % 2048u]) % 512u] - (uint)(ushort)((__global const short *)in)[(i5) % 2048u])) : (uint)(ushort)popcount((ushort)(~shl_ushort(x2, (uint)i5)))));
                ushort v8 = div_ushort((ushort)(((uchar)(((uchar)0x10u < 0) ? (uchar)0x10u : (uint)(uchar)0x2bu) == (uchar)0x81u) ? (ushort)((uint)shl_ushort(x2, (uint)(uint)v2) - (uint)rotate((ushort)x0, (ushort)x4)) : (ushort)0x7fffu), x4);
            }
            v2 = (ulong)((ulong)0x100000000000ul ^ (ulong)(upsample(i5, (uint)(i5 & convert_uint_sat(x1))) ^ (ulong)((v2 < 0) ? v2 : (ulong)(ulong)x3)));
        }
        if (fma(convert_float(v2), 0.1f, x1) > x1) {
            x0 = x0;
        }
    } else {
        if ((long)((ulong)mul_hi(max((long)0x88956bca8fdf1c9dul, (long)0x2154a529d47c51baul), (long)((long)0xe9076805ca1cb63dul & upsample((int)0x20u, (uint)0xb990f3ffu))) + (ulong)convert_long_sat(x0)) != (long)0xful) {
        }
        x2 = x2;
    }
    v2 = v2;
    ulong v9 = (ulong)(((int)0x4000u < (int)0x9f127ec4u) ? (ulong)((ulong)((ulong)0xe0abc482f5f5ae16ul | x3) & x3) : x3);
    lm[lid] = (ulong)(char)((uint)max((char)((uint)(char)(~(char)0x0u) - (uint)(char)0x9du), shr_char((char)0x46u, (uint)(uint)0x5u)) + (uint)(char)((x2 > x2) ? (char)((char)x0 | (char)0x53u) : (char)0x5u));
    barrier(CLK_LOCAL_MEM_FENCE);
    v2 ^= (ulong)lm[127u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 = shl_short((short)((uint)mul_hi(x0, (short)0xa325u) + (uint)x0), (uint)(uint)v2);
    if (((int)0x9f3f0728u & (int)0x7u) == (int)0x8u) {
        x0 = max((short)(convert_short_sat(x1) | x0), upsample((char)((uint)mul_hi((char)0x85u, (char)0x10u) + (uint)(char)(x1 > convert_float(x0))), (uchar)0x79u));
        v9 = (ulong)((v2 < 0) ? v2 : (ulong)upsample((uint)0x4u, mul_hi((uint)0x7fffffffu, (uint)x4)));
        x2 = (ushort)((uint)(ushort)popcount((ushort)((uint)(ushort)((((long)0x1fffful & (long)0x1fffffffffful) != (long)0xf69262bde57594b5ul) ? x2 : (ushort)((__global const ulong *)in)[((uint)0x5bf4dddfu) % 512u]) * (uint)x4)) + (uint)x2);
    } else {
        for (uint i9 = 0; i9 < 2; i9++) {
            arr0[(bitselect((uint)((uint)i9 - (uint)i9), max(i9, i9), (uint)((uint)(uint)((__global ulong_a *)row)[(shl_uint(i9, (uint)convert_uint_sat(v2))) % 2u] - (uint)i9))) % 8u] = max((int)popcount((int)(~(int)0x12558798u)), add_sat((int)0xb85579c9u, (int)((__global ulong_a *)row)[((uint)((((int)0x5a20b376u & (int)0x5u) >= (int)0x10000000u) ? (uint)((__global const short *)in)[((uint)v2) % 2048u] : (uint)v9)) % 2u]));
            x2 = rotate(x4, shl_ushort(x4, (uint)convert_uint_sat(x0)));
        }
        v2 = (ulong)((long)0x800ul > (long)0xfffffffffffffful);
    }
    char v11 = rotate((char)(((char)0x7fu < 0) ? (char)0x7fu : (uint)(char)0x6u), (char)0x80u);
    if (v11 > (char)(x1 >= fma((fmax(x1, convert_float(x2)) + 0.0f), x1, (x1 + x1)))) {
        x1 = x1;
        if (upsample((uchar)0x1u, shl_uchar((uchar)((__global const ushort *)in)[((uint)((uint)(uint)get_local_size(0) - (uint)(uint)0x1u)) % 2048u], (uint)(uint)0x7u)) >= (ushort)(~(ushort)((uint)mul_hi(x2, x4) + (uint)div_ushort((ushort)0xa1bcu, x2)))) {
            atomic_sub(&acc[27], (uint)0xde006c97u);
            ushort v12 = (ushort)(~(ushort)((uint)(ushort)((uint)(ushort)((__global const ulong *)in)[(div_uint((uint)v2, (uint)0x0u)) % 512u] + (uint)x4) + (uint)(ushort)0x3fu));
            short v13 = (short)((uint)rotate((short)(~(short)0x8u), x0) * (uint)x0);
        } else {
            for (uint i13 = 0; i13 < 5u; i13++) {
                uint v15 = upsample((ushort)x0, div_ushort((ushort)(-(uint)(ushort)v9), min((ushort)(x2 ^ x4), convert_ushort_sat(v2))));
            }
            x3 = (ulong)(~v2);
        }
    }
    v2 = (ulong)((ulong)v2 * (ulong)(ulong)((ulong)(ulong)0x1000000000ul * (ulong)v2));
    lb[lid * 2u + 0u] = (uchar)(uchar)((uint)mul_hi(div_uchar((uchar)0x64u, (uchar)0x40u), (uchar)(((uchar)(~convert_uchar_sat(x4)) <= (uchar)0x7u) ? (uchar)clz((uchar)x3) : (uchar)0x7u)) + (uint)bitselect(rem_uchar((uchar)0x71u, (uchar)x0), (uchar)0x3fu, (uchar)0xc9u));
    lb[lid * 2u + 1u] = (uchar)shl_uchar((uchar)(~(uchar)0x7u), (uint)(uint)0xbd0f504eu);
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (ulong)lb[((lid + 42u) % 128u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    float v16 = ((convert_float(x2) >= x1) ? (x1 + convert_float(v2)) : ((x1 + (x1 + x1)) - convert_float(x3)));
    x4 = upsample((uchar)((__global uchar_a *)row)[(convert_uint_sat(x1)) % 16u], rem_uchar((uchar)((uchar)0xbcu & (uchar)v11), (uchar)0x2u));
    float v17 = copysign((v16 * (x1 - convert_float(x3))), (isnan(fdim(x1, x1)) ? 1.0f : fdim(x1, x1)));
    v16 = round(round(v16));
    x2 = shl_ushort(convert_ushort_sat_rtz(v17), (uint)shl_uint((uint)((v17 < x1) ? mul24((uint)((uint)0xf45976aau & 0xffff), (uint)((uint)0x5e61ee4cu & 0xffff)) : (uint)0x1u), (uint)(uint)(rotate((uint)0x8u, (uint)0x1u) | (uint)0xebedab9bu)));
    for (uint i17 = 0; i17 < 5u; i17++) {
        v2 = rotate(v2, v9);
        x1 = (fdim(copysign((v17 + v17), (isnan(-2.5e-3f) ? 1.0f : -2.5e-3f)), copysign(convert_float(x0), (isnan(x1) ? 1.0f : x1))) + 0.0f);
        if (v11 > v11) {
            x4 = mul_hi(x4, sub_sat(x2, add_sat((ushort)x3, (ushort)((uint)mul_hi(convert_ushort_sat(v9), (ushort)0x58fu) + (uint)(ushort)0x1u))));
        } else {
            arr0[((uint)((v16 > copysign(x1, (isnan(fma(convert_float(v2), v17, convert_float(x0))) ? 1.0f : fma(convert_float(v2), v17, convert_float(x0))))) ? (uint)((uint)i17 * (uint)i17) : (uint)((uint)rotate(i17, (uint)((uint)(uint)lid + (uint)i17)) - (uint)i17))) % 8u] = (int)0x0u;
            x0 = (short)((uint)(short)abs_diff((ushort)(short)popcount((short)(~(short)x4)), (ushort)x0) + (uint)x0);
            v9 = max(v2, x3);
        }
        { uint o = acc[26], w = convert_uint_sat_rtz(x1);
          while (o < w && !__atomic_compare_exchange_n(&acc[26], &o, w, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {} }
    }
    arr0[((uint)((uint)mul_hi((uint)popcount((uint)(-(uint)rhadd((uint)x3, (uint)0x7ffu))), (uint)0xfffu) + (uint)shr_uint((uint)0x5u, (uint)(uint)0x4u))) % 8u] = (int)(~upsample((short)((uint)(short)((__global const long2 *)in)[((uint)0x13d3f0cfu) % 256u].x * (uint)add_sat(x0, (short)v2)), (ushort)((uint)x2 + (uint)(ushort)0x8000u)));
    row[4u] = (uint)(x0);
    row[5u] = fbits(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)((ulong)x3 >> 32);
    row[9u] = (uint)(x4);
    row[10u] = (uint)(v2);
    row[11u] = (uint)((ulong)v2 >> 32);
    row[12u] = (uint)(v9);
    row[13u] = (uint)((ulong)v9 >> 32);
    row[14u] = (uint)(v11);
    row[15u] = fbits(v16);
    row[16u] = fbits(v17);
    row[17u] = (uint)(arr0[0]);
    row[18u] = (uint)(arr0[1]);
    row[19u] = (uint)(arr0[2]);
    row[20u] = (uint)(arr0[3]);
    row[21u] = (uint)(arr0[4]);
    row[22u] = (uint)(arr0[5]);
    row[23u] = (uint)(arr0[6]);
    row[24u] = (uint)(arr0[7]);
}
