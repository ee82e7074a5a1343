// clfuzz seed=27 grid=3 block=128 in=1024 out=12288 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 32u
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
__attribute__((noinline)) static short fn0(char p0) {
    p0 = (char)p0;
    p0 = (char)p0;
    p0 = (char)0x86u;
    p0 = (char)((uint)(char)(~p0) * (uint)(char)p0);
    return (short)0xdf57u;
}
__attribute__((noinline)) static long fn1(uchar p0, int p1) {
    p1 = (int)((uint)p1 * (uint)(int)((p1 == p1) ? div_int((int)clz(p1), p1) : p1));
    p0 = (uchar)(shl_uchar((uchar)p1, (uint)convert_uint_sat(p0)) >= div_uchar(p0, p0));
    p1 = p1;
    p1 = (int)(-(uint)(int)((int)((uint)mul_hi((int)((int)0x5u | p1), convert_int_sat(p0)) + (uint)(int)0x7u) ^ upsample((short)0x33e2u, (ushort)0x7193u)));
    return rhadd((long)(~(long)0x5ul), bitselect((long)0x0ul, (long)(rotate((long)0x4ea16a74225fe86aul, (long)0xfa0bbcd5ef43ff1eul) & (long)popcount((long)(~(long)p0))), (long)0x4000000000000000ul));
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    float x0 = as_float(in[(gid * 4u + 0u) % 1024u] & 0xbfffffffu);
    float x1 = as_float(in[(gid * 4u + 1u) % 1024u] & 0xbfffffffu);
    short x2 = (short)in[(gid * 4u + 2u) % 1024u];
    int x3 = (int)in[(gid * 4u + 3u) % 1024u];
    uint arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (uint)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    ulong v1 = min((ulong)((ulong)0x3ul ^ (ulong)((ulong)0x91005daeb577b467ul & max((ulong)0xe42d4e7a5073d9aul, (ulong)((__global const uint4 *)in)[((uint)((uint)((__global const short *)in)[((uint)abs((uint)0x0u)) % 2048u] & (uint)0x7e63b920u)) % 256u].x))), (ulong)((ulong)(ulong)0x2ul * (ulong)(ulong)((ulong)0xf555be4abe48ae8bul & (ulong)0x2ul)));
    x2 = (short)(~shr_short(x2, (uint)(uint)0x6f5dc54bu));
    __atomic_fetch_add(&((__global float *)(acc + 56))[6], (float)((uint)(~(uint)(hadd((uint)popcount((uint)(~(uint)0x5u)), convert_uint_sat_rtz(x0)) & convert_uint_sat(v1))) & 0xffu), __ATOMIC_ACQ_REL);
    __atomic_fetch_max((__global int *)&acc[31], (int)(uint)((uint)(uint)clz(mad24((uint)((uint)0x100000u & 0xffff), (uint)((uint)0xd11a64b4u & 0xffff), (uint)0x80b1437du)) - (uint)(uint)0x892b84b8u), __ATOMIC_SEQ_CST);
    v1 = (ulong)popcount((ulong)0x7ul);
    if (((long)(~(long)0xfb2ec4643c083250ul) & (long)0x7fffffffffffffful) != (long)0x6ul) {
        x1 = x0;
        x0 = round(ceil(16777217.0f));
    } else {
        for (uint i1 = 0; i1 < ((uint)x3 & 7u); i1++) {
            x2 = fn0(shr_char((char)0xf6u, (uint)upsample((ushort)v1, (ushort)((ushort)0x6u | (ushort)0x604au))));
        }
        x2 = rem_short((short)((ulong)(v1 | v1) != (ulong)(((convert_long_sat_rtz(fmin(x1, 9.2e18f)) & (long)0x4000ul) == (long)0x1fffffffffffful) ? (ulong)0x658570c284476e26ul : rem_ulong(v1, (ulong)0x5240532d3b4b10e4ul))), x2);
    }
    x3 = (int)(~(int)0x3u);
    v1 = (ulong)(v1 & v1);
    x0 = (x1 * x0);
    lb[lid * 2u + 1u] = (uchar)(uchar)popcount((uchar)(~(uchar)((__global const long2 *)in)[((uint)0x1000000u) % 256u].x));
    lb[lid * 2u + 0u] = (uchar)min((uchar)(add_sat((uchar)(((uchar)get_num_groups(0) <= convert_uchar_sat(x3)) ? (uchar)0x8u : (uchar)0x7u), (uchar)v1) & (uchar)0xb9u), add_sat((uchar)abs_diff((uchar)(uchar)(~(uchar)0xe5u), (uchar)(uchar)((uint)(uchar)0x3u + (uint)(uchar)0x8u)), (uchar)x2));
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 ^= (ulong)lb[((lid + 51u) % 128u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 = convert_float((long)0x7fffffffffffful);
    x0 = ((fmin((x0 * convert_float(x2)), x1) + 0.0f) - (-(x1)));
    uchar v3 = (uchar)0x6cu;
    x1 = (-(convert_float((long)((ulong)(long)0x200ul * (ulong)convert_long_sat(fmin(x0, 9.2e18f))))));
    switch (convert_ushort_sat(x1) & 7) {
    case 1: {
        x0 = (convert_float(convert_ulong_sat_rtz(fmin(x1, 9.2e18f))) * x0);
        break;
    }
    case 2: {
        x0 = fma(x1, ((x0 * x0) + convert_float(v1)), (fdim((convert_float(v1) - x1), (-(x0))) + x0));
        v3 = (uchar)((uint)(uchar)((uint)(uchar)((__global const ushort *)in)[(min((uint)((__global const char *)in)[((uint)(x2 != (short)0xe61bu)) % 4096u], (uint)0x0u)) % 2048u] * (uint)rem_uchar(v3, (uchar)((__global uchar_a *)row)[((uint)0xae1c0166u) % 16u])) - (uint)(uchar)((uint)(uchar)popcount((uchar)0x8u) - (uint)(uchar)((uint)(uchar)((uint)(uchar)x2 + (uint)v3) * (uint)(uchar)popcount((uchar)(~(uchar)0x90u)))));
        break;
    }
    case 3: {
        x2 = (short)(hadd(x2, (short)0x100u) ^ rotate((short)((__global const uint4 *)in)[((uint)0x5u) % 256u].y, x2));
        float v4 = fma(convert_float(v3), convert_float(x2), (fmin(x1, x1) + 0.0f));
    }
    case 4: {
        atomic_xor(&acc[29], hadd((uint)abs_diff((uint)(uint)((uint)(uint)0x1u * (uint)(uint)0xcbcf0f57u), (uint)(uint)((__global ulong_a *)row)[((uint)((convert_uint_sat_rtz(x1) < 0) ? convert_uint_sat_rtz(x1) : (uint)(uint)0xe2bfe68du)) % 2u]), (uint)0x800u));
        break;
    }
    case 6: {
        v1 = clamp(convert_ulong_sat_rtz(fmin(x1, 9.2e18f)), min((ulong)clz((ulong)0xc166d23173ebb10bul), (ulong)(-(ulong)v1)), max((ulong)clz((ulong)0xc166d23173ebb10bul), (ulong)(-(ulong)v1)));
        break;
    }
    default: {
        x2 = (short)clz(x2);
        break;
    }
    }
    if ((ushort)0xd72cu < (ushort)(((ulong)abs(v1) > (ulong)0x3ffffffffffffful) ? (ushort)v3 : shr_ushort(convert_ushort_sat(v1), (uint)(uint)0x3u))) {
        arr0[((uint)0xe49a0d3cu) % 16u] = (uint)((((uint)0xa915c2beu & (uint)0xbb7b5500u) != (uint)0x171e17c0u) ? clamp((uint)0x4u, min((uint)0x62f5b9a6u, max((uint)0xd6116b36u, (uint)0x5d483bddu)), max((uint)0x62f5b9a6u, max((uint)0xd6116b36u, (uint)0x5d483bddu))) : (uint)0x37179275u);
    }
    if (convert_long_sat(fmin(x1, 9.2e18f)) != (long)popcount((long)0x5eaebec049b2a70eul)) {
        v1 = (ulong)abs(v1);
        long v5 = div_long((long)0x4ul, convert_long_sat(fmin(x1, 9.2e18f)));
    } else {
        switch (mul_hi(div_uchar((uchar)((v3 < 0) ? v3 : (uint)rotate(convert_uchar_sat(x2), v3)), (uchar)((__global const char *)in)[((uint)(((uint)0x89362e3au < 0) ? (uint)0x89362e3au : (uint)(uint)0x16cd10ceu)) % 4096u]), v3) & 7) {
        case 1: {
            short v6 = (short)popcount((short)(~shl_short(x2, (uint)(uint)x2)));
            break;
        }
        case 3: {
            long v7 = (long)0x84bd3d23e69bb84dul;
            if ((mul_hi((int)((uint)x3 * (uint)x3), div_int((int)x3, (int)((uint)mul_hi((int)0xe2acb55du, (int)v1) + (uint)convert_int_sat(x1)))) & (int)0xfb36cf54u) < (int)0x53bdbf73u) {
                x1 = (-(x0));
            }
        }
        case 4: {
            switch (upsample((short)clz((short)(x2 | (short)get_global_size(0))), (ushort)0x4u) & 7) {
            case 6: {
                ((__global uchar_a *)row)[((uint)(((char)0x80u < (char)0xe6u) ? (uint)0x1u : (uint)x2)) % 16u] = (uchar)(uchar)clz((uchar)(v3 ^ (uchar)((uint)v3 + (uint)rotate(v3, v3))));
                break;
            }
            case 7: {
                atomic_min((__global int *)&acc[12], (int)(uint)0x160360dfu);
            }
            default: {
                break;
            }
            }
            x0 = x0;
        }
        case 6: {
            arr0[((uint)v3) % 16u] = (uint)(((uchar)((x3 == (int)0x3u) ? v3 : v3) >= (uchar)lid) ? shr_uint((uint)v1, (uint)upsample((ushort)((uint)convert_ushort_sat(x1) + (uint)convert_ushort_sat_rtz(x0)), (ushort)(((ushort)0x7ad6u < 0) ? (ushort)0x7ad6u : (uint)convert_ushort_sat_rtz(x0)))) : (uint)(~(uint)0x8593dc82u));
            uchar v8 = v3;
            break;
        }
        case 7: {
            x0 = (copysign(x0, (isnan(x1) ? 1.0f : x1)) + (((long)popcount((long)(~(long)0xa7d8b1fdff1fbeaaul)) > (long)0xc8b9bfd54390b5ddul) ? x0 : convert_float((uint)((uint)(uint)0x3u * (uint)(uint)0x7ffu))));
            break;
        }
        default: {
            uint v9 = (uint)(-(uint)(uint)0x4cd3c99u);
            break;
        }
        }
    }
    long v10 = (long)((ulong)(long)0x1ul + (ulong)(long)0x1ul);
    if ((ulong)popcount((ulong)(~(ulong)((__global const uint4 *)in)[((uint)0x9a3b6587u) % 256u].w)) != convert_ulong_sat(x2)) {
        v1 = mul_hi((ulong)0x479a0cb9ded6016ul, v1);
    } else {
        short v11 = (short)abs_diff((ushort)(short)((uint)v10 > rotate((uint)0x2u, (uint)v10)), (ushort)shr_short(x2, (uint)(uint)((uint)(uint)0x4u - (uint)(uint)0x40f26f19u)));
        v10 = upsample((int)((char)(~(char)0x3u) <= mul_hi((char)0x4u, (char)0x4u)), (uint)v10);
        v1 = shl_ulong(v1, (uint)(uint)0x1ffffffu);
    }
    lb[lid * 2u + 1u] = (uchar)rotate((long)((ulong)v10 * (ulong)(long)v10), (long)(-(ulong)v10));
    lb[lid * 2u + 0u] = (uchar)(long)((v10 < 0) ? v10 : (ulong)(long)(-(ulong)convert_long_sat(fmin(x0, 9.2e18f))));
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 ^= (uchar)lb[((lid + 31u) % 128u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v10 = convert_long_sat(v1);
    x1 = x1;
    x3 = shl_int(rem_int((int)abs_diff((uint)(int)((uint)convert_int_sat_rtz(x0) * (uint)x3), (uint)x3), hadd(x3, (int)v10)), (uint)(uint)((x0 > (-(x1))) ? (uint)0x91cff29cu : (uint)0x99056227u));
    x1 = (-(convert_float(shl_uchar((uchar)get_global_size(0), (uint)(uint)0xfa867956u))));
    ushort v12 = (ushort)0x6a52u;
    float v13 = convert_float((int)(((long)0x2dcc579c30d19f0dul == bitselect(v10, convert_long_sat(fmin(x0, 9.2e18f)), v10)) ? x3 : (int)sub_sat((uint)x3, (uint)(int)0x2u)));
    row[4u] = fbits(x0);
    row[5u] = fbits(x1);
    row[6u] = (uint)(x2);
    row[7u] = (uint)(x3);
    row[8u] = (uint)(v1);
    row[9u] = (uint)((ulong)v1 >> 32);
    row[10u] = (uint)(v3);
    row[11u] = (uint)(v10);
    row[12u] = (uint)((ulong)v10 >> 32);
    row[13u] = (uint)(v12);
    row[14u] = fbits(v13);
    row[15u] = (uint)(arr0[0]);
    row[16u] = (uint)(arr0[1]);
    row[17u] = (uint)(arr0[2]);
    row[18u] = (uint)(arr0[3]);
    row[19u] = (uint)(arr0[4]);
    row[20u] = (uint)(arr0[5]);
    row[21u] = (uint)(arr0[6]);
    row[22u] = (uint)(arr0[7]);
    row[23u] = (uint)(arr0[8]);
    row[24u] = (uint)(arr0[9]);
    row[25u] = (uint)(arr0[10]);
    row[26u] = (uint)(arr0[11]);
    row[27u] = (uint)(arr0[12]);
    row[28u] = (uint)(arr0[13]);
    row[29u] = (uint)(arr0[14]);
    row[30u] = (uint)(arr0[15]);
}
