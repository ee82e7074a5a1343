// clfuzz seed=24 grid=2 block=128 in=1024 out=5632 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 22u
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
static ushort fn0(ushort p0) {
    p0 = div_ushort((ushort)((ushort)p0 & shr_ushort((ushort)(~(ushort)0x5u), (uint)(uint)0x5u)), (ushort)((uint)(ushort)0xfdf2u - (uint)p0));
    p0 = (ushort)(p0 ^ shr_ushort(shl_ushort(p0, (uint)(uint)0x642a0eadu), (uint)(uint)0x5u));
    return shr_ushort(p0, (uint)(uint)((uint)(uint)(((long)0x5ul <= (long)0x7f4f881489f0249bul) ? (uint)0x3fffu : (uint)0x10u) + (uint)mul_hi((uint)0xe7b58274u, (uint)0x5f12b182u)));
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    uchar x0 = (uchar)in[(gid * 5u + 0u) % 1024u];
    ulong x1 = (ulong)(((ulong)in[(gid * 5u + 1u) % 1024u] << 32) | in[(gid * 5u + 1u + 1u) % 1024u]);
    uchar x2 = (uchar)in[(gid * 5u + 2u) % 1024u];
    long x3 = (long)(((ulong)in[(gid * 5u + 3u) % 1024u] << 32) | in[(gid * 5u + 3u + 1u) % 1024u]);
    long x4 = (long)(((ulong)in[(gid * 5u + 4u) % 1024u] << 32) | in[(gid * 5u + 4u + 1u) % 1024u]);
    ushort arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (ushort)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    uchar v1 = (uchar)((uint)mul_hi(x2, x0) + (uint)(uchar)((uint)clamp(div_uchar((uchar)0x4u, (uchar)x2), min((uchar)0x3fu, (uchar)(x0 | x2)), max((uchar)0x3fu, (uchar)(x0 | x2))) * (uint)x2));
    x3 = (long)((long)(~shl_long(x4, (uint)(uint)((__global uint_a *)row)[((uint)0x7u) % 4u])) & shl_long(x4, (uint)(uint)(1e10f != convert_float(x2))));
    for (uint i1 = 0; i1 < 1; i1++) {
        x2 = rotate((uchar)(1.0f != (-((-(1e-30f))))), (uchar)(~(uchar)x1));
    }
    if (shl_uchar(x2, (uint)(uint)0x5u) == (uchar)clz((uchar)((__global ulong_a *)row)[((uint)((__global const ulong *)in)[((uint)(-(uint)(uint)0x3b0a4454u)) % 512u]) % 2u])) {
        float v3 = (convert_float((short)(~(short)((__global const char *)in)[((uint)0x8eb191e9u) % 4096u])) - (-((copysign(-1.0f, (isnan(convert_float(x2)) ? 1.0f : convert_float(x2))) * 65536.0f))));
        x1 = shr_ulong((ulong)(-(ulong)(ulong)(convert_ulong_sat(fmin(v3, 9.2e18f)) & x1)), (uint)(uint)abs_diff((uint)(uint)clz((uint)((__global const ulong *)in)[((uint)((__global const ushort *)in)[((uint)((uint)0x2fbd9937u ^ (uint)0xacb44063u)) % 2048u]) % 512u]), (uint)(uint)(-(uint)clamp((uint)0x80u, min((uint)0x40u, (uint)x1), max((uint)0x40u, (uint)x1)))));
        uint v4 = mad24((uint)((uint)((uint)x4 | (uint)0x4u) & 0xffff), (uint)((uint)((uint)((__global uchar_a *)row)[((uint)0xe7cb8176u) % 16u] | (uint)((uint)(uint)0x800000u * (uint)(uint)0x5u)) & 0xffff), (uint)0x9111fbd3u);
    }
    x1 = (ulong)abs_diff((ulong)(ulong)(x1 ^ (ulong)clz(x1)), (ulong)x1);
    x1 = (ulong)x1;
    x1 = (ulong)((ulong)x1 * (ulong)(ulong)(-(ulong)upsample((uint)0x7u, div_uint((uint)x4, (uint)0x5u))));
    lb[lid * 2u + 1u] = (uchar)(ushort)(-(uint)(ushort)x2);
    lb[lid * 2u + 0u] = (uchar)(ushort)(((char)0x20u != (char)((char)0x62u | (char)0x42u)) ? (ushort)0xff46u : (ushort)0x147du);
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 ^= (uchar)lb[(lid ^ 63u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 = shr_long((long)((char)0x3u >= (char)0xf3u), (uint)shr_uint((uint)0x20000000u, (uint)(uint)clz((uint)0x1378e88fu)));
    x0 = mul_hi(x0, x2);
    x1 = (ulong)(-(ulong)x1);
    ulong v5 = upsample((uint)0xc30174eau, (uint)popcount((uint)0xa87484b9u));
    x1 = (ulong)clz(clamp(v5, min((ulong)x2, (ulong)clz((ulong)popcount((ulong)(~v5)))), max((ulong)x2, (ulong)clz((ulong)popcount((ulong)(~v5))))));
    if ((ulong)(add_sat(convert_uint_sat(x3), (uint)x2) == (uint)(-(uint)(uint)0x5u)) < add_sat((ulong)(((v1 & (uchar)0xaeu) >= (uchar)0x6u) ? (ulong)0xa48e5b6015ffc847ul : (ulong)(-(ulong)v5)), v5)) {
        if ((short)((short)0x90bdu & (short)0xa1u) >= shr_short(add_sat((short)0x2000u, (short)v5), (uint)(uint)x4)) {
            x2 = clamp(convert_uchar_sat(x3), min((uchar)((x2 < 0) ? x2 : (uint)x2), x0), max((uchar)((x2 < 0) ? x2 : (uint)x2), x0));
            if (bitselect(x0, (uchar)(v5 <= (ulong)((ulong)(ulong)x2 + (ulong)v5)), (uchar)(-(uint)div_uchar(x2, (uchar)0xb5u))) == (uchar)((uint)(uchar)x3 + (uint)x0)) {
                __atomic_fetch_max(&((__global long *)(acc + 32))[4], (long)div_long(clamp(x3, min((long)sub_sat((ulong)x3, (ulong)(long)((__global const ulong *)in)[(shr_uint((uint)0xffffu, (uint)(uint)0x4u)) % 512u]), x4), max((long)sub_sat((ulong)x3, (ulong)(long)((__global const ulong *)in)[(shr_uint((uint)0xffffu, (uint)(uint)0x4u)) % 512u]), x4)), (long)((__global const long2 *)in)[((uint)popcount((uint)(~(uint)0x59b1895au))) % 256u].x), __ATOMIC_RELEASE);
            }
        } else {
            x0 = (uchar)((uint)x2 + (uint)rotate(x0, (uchar)((__global const ulong *)in)[(rotate((uint)0xfu, (uint)0x2u)) % 512u]));
            if ((long)(-(ulong)x4) < x4) {
                v5 = sub_sat(upsample((uint)0x248a8d1bu, max((uint)0x437c94afu, (uint)x3)), min(v5, (ulong)(v5 & convert_ulong_sat(x2))));
            }
            x1 = bitselect(div_ulong(shr_ulong(v5, (uint)mul_hi((uint)0xfd4d76deu, (uint)0x868f359bu)), (ulong)(~v5)), (ulong)((convert_float((short)x2) < 0.5f) ? bitselect((ulong)((__global const ushort *)in)[((uint)(convert_uint_sat(x3) >= (uint)0x40u)) % 2048u], x1, (ulong)get_group_id(0)) : (ulong)(-(ulong)(ulong)x2)), convert_ulong_sat(x3));
        }
        __atomic_fetch_min(&acc[15], max((uint)0x4u, (uint)(~(uint)x1)), __ATOMIC_RELAXED);
        switch ((ushort)0x4ab7u & 7) {
        case 3: {
            if ((fmin((0.5f - 0.0f), -0.0f) + 0.0f) >= copysign(65536.0f, (isnan(convert_float(x2)) ? 1.0f : convert_float(x2)))) {
                arr0[((uint)((uint)hadd((uint)0x1fu, (uint)0xfaf1094au) + (uint)(uint)0x2u)) % 4u] = convert_ushort_sat(v1);
                ((__global uint_a *)row)[(shr_uint((uint)(shr_uint((uint)0x2u, (uint)(uint)((uint)0xd21cfc51u | (uint)0x2ef2ed97u)) ^ (uint)0x1u), (uint)(uint)(convert_uint_sat(x3) ^ (uint)(x4 > (long)gid)))) % 4u] = (uint)(uint)((uint)((uint)mul_hi((uint)0x2u, (uint)(~(uint)0x22a1057eu)) + (uint)(uint)v5) & (uint)0xad201052u);
            }
            x1 = (ulong)((ulong)(ulong)((ulong)(ulong)(-(ulong)(ulong)((convert_ulong_sat(v1) < 0) ? convert_ulong_sat(v1) : (ulong)(ulong)((__global const long2 *)in)[((uint)popcount((uint)(~(uint)v5))) % 256u].x)) + (ulong)(ulong)v5) + (ulong)shr_ulong(x1, (uint)(uint)0xb9e8d07bu));
            break;
        }
        case 4: {
            break;
        }
        case 6: {
            x3 = x3;
            break;
        }
        case 7: {
            x0 = (uchar)(~x0);
            break;
        }
        default: {
            float v6 = (1.0f * convert_float(x4));
            break;
        }
        }
    } else {
        v1 = (uchar)((uint)shl_uchar((uchar)popcount((uchar)(~shr_uchar(x0, (uint)convert_uint_sat(x3)))), (uint)(uint)0xf7f4c316u) * (uint)(uchar)x4);
        for (uint i6 = 0; i6 < 5u; i6++) {
            x3 = (long)((ulong)(long)x0 - (ulong)mul_hi(x3, rotate((long)v1, (long)(((x4 & (long)0xd7fc714da47cb725ul) >= (long)0xbf8126cb56eea31ul) ? x4 : (long)0x3ful))));
            switch ((uint)(((uint)(-(uint)add_sat((uint)(-(uint)i6), (uint)((uint)i6 + (uint)i6))) < 0) ? (uint)(-(uint)add_sat((uint)(-(uint)i6), (uint)((uint)i6 + (uint)i6))) : (uint)(uint)v5) & 7) {
            case 0: {
                x0 = (uchar)(-(uint)(uchar)abs_diff((uchar)v1, (uchar)(uchar)(v1 ^ x0)));
                arr0[((uint)(-(uint)upsample((ushort)x0, (ushort)v1))) % 4u] = (ushort)0x5u;
            }
            case 2: {
                x1 = (ulong)((__global ulong_a *)row)[(i6) % 2u];
                break;
            }
            case 5: {
                x1 = (ulong)popcount(v5);
                long v8 = x4;
                break;
            }
            case 7: {
                x4 = x4;
                break;
            }
            default: {
                ((__global ushort_a *)row)[((uint)((__global const short *)in)[((uint)((uint)i6 * (uint)i6)) % 2048u]) % 8u] = (ushort)min(upsample(x0, shr_uchar(v1, (uint)mad24((uint)(i6 & 0xffff), (uint)(i6 & 0xffff), (uint)((__global const short *)in)[((uint)abs_diff((uint)(uint)get_group_id(0), (uint)(uint)0xdad4366eu)) % 2048u]))), (ushort)0x1a8du);
                break;
            }
            }
            x4 = (long)((ulong)mul_hi((long)((long)0x4ul ^ (long)v5), x3) + (ulong)(long)((ulong)x4 - (ulong)(long)x1));
        }
        x3 = (long)popcount((long)(~(long)x3));
    }
    ulong v9 = (ulong)((ulong)(((ulong)((__global const uint4 *)in)[((uint)0x60c37f7bu) % 256u].y < 0) ? (ulong)((__global const uint4 *)in)[((uint)0x60c37f7bu) % 256u].y : (ulong)(ulong)(-(ulong)v5)) & (ulong)((ulong)(ulong)x3 + (ulong)v5));
    v9 = bitselect((ulong)(v5 ^ (ulong)((ushort)0x7fu != (ushort)0x5u)), (ulong)((ulong)((ulong)v5 + (ulong)v9) ^ mul_hi((ulong)v9, (ulong)v5)), x1);
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)((ulong)x1 >> 32);
    row[7u] = (uint)(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)((ulong)x3 >> 32);
    row[10u] = (uint)(x4);
    row[11u] = (uint)((ulong)x4 >> 32);
    row[12u] = (uint)(v1);
    row[13u] = (uint)(v5);
    row[14u] = (uint)((ulong)v5 >> 32);
    row[15u] = (uint)(v9);
    row[16u] = (uint)((ulong)v9 >> 32);
    row[17u] = (uint)(arr0[0]);
    row[18u] = (uint)(arr0[1]);
    row[19u] = (uint)(arr0[2]);
    row[20u] = (uint)(arr0[3]);
}
