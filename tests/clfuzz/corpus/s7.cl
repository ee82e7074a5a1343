// clfuzz seed=7 grid=2 block=64 in=1024 out=3328 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static uchar fn0(float p0) {
    p0 = p0;
    p0 = p0;
    return (uchar)((uint)mul_hi((uchar)((uint)mul_hi((uchar)((uint)rem_uchar((uchar)0x4u, (uchar)0x1au) * (uint)(uchar)0x2u), convert_uchar_sat(p0)) + (uint)(uchar)0xb2u), (uchar)((uint)(uchar)0x7fu * (uint)(uchar)((uint)(uchar)0x7fu + (uint)(uchar)0x92u))) + (uint)(uchar)((convert_int_sat(p0) >= rotate((int)0xa5aa3c81u, (int)0x72158370u)) ? (uchar)0x5u : (uchar)(p0 != p0)));
}
__attribute__((noinline)) static long fn1(ushort p0) {
    p0 = shr_ushort((ushort)((ulong)((ulong)0x7ul & (ulong)(~(ulong)0x6ul)) >= (ulong)0x10000ul), (uint)(uint)popcount((uint)(~(uint)0x2000000u)));
    p0 = (ushort)((ushort)((ushort)clz(mul_hi(p0, (ushort)0xf499u)) & p0) | p0);
    for (uint i0 = 0; i0 < 3; i0++) {
        if ((convert_long_sat(p0) & (long)0xc215a82a06ec41adul) >= (long)0xa49636a2fa7f0eabul) break;
    }
    return (long)abs_diff((ulong)(long)0x726e25cfd56a926ul, (ulong)min((long)((int)((short)0x400u == (short)0x9c3au) <= (int)(((int)p0 < 0) ? (int)p0 : (uint)(int)0xfffu)), (long)abs((long)p0)));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ushort x0 = (ushort)in[(gid * 3u + 0u) % 1024u];
    ushort x1 = (ushort)in[(gid * 3u + 1u) % 1024u];
    ushort x2 = (ushort)in[(gid * 3u + 2u) % 1024u];
    ushort arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    float v2 = convert_float((int)0x1u);
    v2 = (v2 + (fmax(convert_float(x2), convert_float((ulong)popcount((ulong)0xdf70301704c9d78dul))) + 0.0f));
    x0 = (ushort)((ushort)0x5373u & bitselect((ushort)(x0 ^ upsample((uchar)0xe9u, (uchar)0x7u)), x1, x2));
    x2 = (ushort)(-(uint)(ushort)(x0 | rotate(x0, (ushort)((ushort)0x2u ^ (ushort)x0))));
    x1 = x2;
    if (((int)0x1u & (int)0x40000u) < (int)0x3u) {
        uint v3 = (uint)((__global const ushort *)in)[((uint)0xffffu) % 2048u];
    }
    for (uint i3 = 0; i3 < 5; i3++) {
        x0 = (ushort)((uint)x2 * (uint)(ushort)((uint)mul_hi(x1, x2) - (uint)x0));
    }
    x2 = rhadd((ushort)(~(ushort)gid), (ushort)((__global const short *)in)[(bitselect((uint)0x7ffffffu, (uint)0xf86664aeu, (uint)0xfb813921u)) % 2048u]);
    x1 = (ushort)((ushort)0x2u == clamp(x1, min(div_ushort(x1, x1), x1), max(div_ushort(x1, x1), x1)));
    lb[lid * 2u + 1u] = (uchar)(ulong)(-(ulong)(ulong)((__global const long2 *)in)[((uint)lid) % 256u].x);
    lb[lid * 2u + 0u] = (uchar)rem_ulong((ulong)((ulong)(ulong)((ulong)popcount((ulong)(~(ulong)((__global const uchar *)in)[((uint)popcount((uint)0x250e7b34u)) % 4096u])) ^ (ulong)((__global const char *)in)[((uint)((uint)((__global const short *)in)[((uint)gid) % 2048u] ^ (uint)0x5u)) % 4096u]) * (ulong)(ulong)0x0ul), shl_ulong((ulong)0xeeb89ff1bf8e51aaul, (uint)(uint)0x10e8ad01u));
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (ushort)lb[((lid * 13u) % 64u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 = bitselect((ushort)((uint)div_ushort((ushort)0x54efu, (ushort)((__global const char *)in)[((uint)0x7fffffffu) % 4096u]) - (uint)clamp((ushort)get_local_size(0), min(rem_ushort(x0, (ushort)x1), x1), max(rem_ushort(x0, (ushort)x1), x1))), (ushort)x0, x1);
    float v5 = (v2 * v2);
    if ((ushort)x2 <= (ushort)(rem_ushort(x2, (ushort)x0) & (ushort)0x3fd3u)) {
        x2 = mul_hi(hadd((ushort)((__global const uchar *)in)[((uint)0x7c4ea603u) % 4096u], (ushort)popcount(x1)), (ushort)((__global const ushort *)in)[((uint)0x2000000u) % 2048u]);
        v5 = copysign(fdim(rint((v2 - v5)), v2), (isnan(copysign(v2, (isnan(copysign(v2, (isnan(v2) ? 1.0f : v2))) ? 1.0f : copysign(v2, (isnan(v2) ? 1.0f : v2))))) ? 1.0f : copysign(v2, (isnan(copysign(v2, (isnan(v2) ? 1.0f : v2))) ? 1.0f : copysign(v2, (isnan(v2) ? 1.0f : v2))))));
    } else {
        __atomic_fetch_or(&acc[1], (uint)0xcde347abu, __ATOMIC_RELEASE);
    }
    for (uint i5 = 0; i5 < 8; i5++) {
        x1 = convert_ushort_sat_rtz(v2);
        x1 = (ushort)x2;
        switch ((ushort)(x2 & x2) & 7) {
        case 0: {
            x2 = shl_ushort(shl_ushort(x1, (uint)div_uint(i5, i5)), (uint)shl_uint((uint)0x2000000u, (uint)i5));
            x2 = (ushort)(-(uint)x1);
            break;
        }
        case 4: {
            v2 = convert_float((uchar)((uchar)0x6au | (uchar)0x20u));
            x2 = (ushort)0x82au;
            break;
        }
        default: {
            x2 = (ushort)(x1 & (ushort)((ushort)(-(uint)(ushort)((__global const short *)in)[(rotate(i5, i5)) % 2048u]) ^ (ushort)((__global const uchar *)in)[(i5) % 4096u]));
            break;
        }
        }
        for (uint i6 = 0; i6 < ((uint)i5 & 7u); i6++) {
            v5 = fma(convert_float(x2), fdim(v2, (((char)0x77u == convert_char_sat(v2)) ? copysign(v5, (isnan(v5) ? 1.0f : v5)) : (v5 * v2))), ceil(v2));
            switch ((int)((int)0x7u & add_sat((int)0x3c2496ebu, (int)((int)0x10000u | (int)0x4u))) & 7) {
            case 0: {
                x0 = arr0[((uint)((uint)((uint)convert_uint_sat(v2) + (uint)i5) ^ (uint)0x5f4aebebu)) % 16u];
                x0 = x2;
                break;
            }
            case 3: {
                x1 = (ushort)((uint)(ushort)(-(uint)(ushort)(((ulong)0x0ul >= (ulong)((__global const long2 *)in)[(i5) % 256u].x) ? x0 : x1)) * (uint)(ushort)((uint)mul_hi(x1, x1) + (uint)(ushort)popcount((ushort)(~x0))));
                break;
            }
            case 5: {
                v2 = (v5 + 16777217.0f);
                break;
            }
            default: {
                uint v8 = i5;
                break;
            }
            }
            long v9 = (long)(-(ulong)(long)x0);
        }
    }
    v2 = 1e-30f;
    v2 = (v5 - (v2 - v2));
    lb[lid * 2u + 1u] = (uchar)rem_int((int)0x7fffffu, (int)(~(int)0x7fffu));
    lb[lid * 2u + 0u] = (uchar)(int)sub_sat((uint)(int)((uint)(int)0x811c8fa7u + (uint)(int)0x150dbf6au), (uint)(int)((v2 == v2) ? convert_int_sat_rtz(v2) : (int)(~(int)((__global const ushort *)in)[(convert_uint_sat(v5)) % 2048u])));
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (ushort)lb[(63u - lid) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 = (ushort)abs_diff((ushort)x0, (ushort)shr_ushort(sub_sat(x2, (ushort)clz(x2)), (uint)(uint)((convert_uint_sat_rtz(v5) < 0) ? convert_uint_sat_rtz(v5) : (uint)(uint)0x0u)));
    for (uint i9 = 0; i9 < 6; i9++) {
        x2 = x0;
    }
    short v11 = (short)((uint)(short)0x800u + (uint)div_short((short)0x10u, shl_short((short)clz((short)0x4u), (uint)(uint)0x8u)));
    arr0[(bitselect(convert_uint_sat(x0), (uint)0x1u, (uint)0x246b9480u)) % 16u] = (ushort)get_num_groups(0);
    x0 = mul_hi(x1, (ushort)0x1u);
    atomic_min((__global int *)&acc[3], (int)mul24((uint)(max((uint)(-(uint)(uint)0x3u), (uint)(-(uint)(uint)((v11 <= v11) ? convert_uint_sat(v2) : (uint)0xca092b18u))) & 0xffff), (uint)((uint)0x2u & 0xffff)));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = fbits(v2);
    row[8u] = fbits(v5);
    row[9u] = (uint)(v11);
    row[10u] = (uint)(arr0[0]);
    row[11u] = (uint)(arr0[1]);
    row[12u] = (uint)(arr0[2]);
    row[13u] = (uint)(arr0[3]);
    row[14u] = (uint)(arr0[4]);
    row[15u] = (uint)(arr0[5]);
    row[16u] = (uint)(arr0[6]);
    row[17u] = (uint)(arr0[7]);
    row[18u] = (uint)(arr0[8]);
    row[19u] = (uint)(arr0[9]);
    row[20u] = (uint)(arr0[10]);
    row[21u] = (uint)(arr0[11]);
    row[22u] = (uint)(arr0[12]);
    row[23u] = (uint)(arr0[13]);
    row[24u] = (uint)(arr0[14]);
    row[25u] = (uint)(arr0[15]);
}
