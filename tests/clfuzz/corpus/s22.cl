// clfuzz seed=22 grid=2 block=64 in=1024 out=2816 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
static float fn0(ushort p0, char p1) {
    p0 = (ushort)p0;
    p1 = (char)((uint)max(p1, (char)((uint)mul_hi((char)0x6u, (char)p1) + (uint)p1)) * (uint)(char)p1);
    for (uint i0 = 0; i0 < 3; i0++) {
        if (convert_uchar_sat(p1) < (uchar)((ulong)((ulong)(ulong)0x3ul + (ulong)(ulong)0x3fffffffffful) == (ulong)((ulong)mul_hi((ulong)0x3395fe6bbd31e1d1ul, (ulong)0x1ul) + (ulong)upsample(i0, i0)))) {
            if ((long)(-1.0f == 1e10f) <= (long)0x44dcf78cb32f7b9bul) break;
            short v2 = (short)(rotate((short)0x7u, (short)((convert_short_sat(p0) < 0) ? convert_short_sat(p0) : (uint)convert_short_sat(p0))) & (short)((uint)mul_hi(upsample((char)p1, add_sat(convert_uchar_sat(p1), (uchar)0xau)), (short)((uint)(short)((uint)(short)0xd8acu + (uint)(short)0x2000u) - (uint)(short)0xb06eu)) + (uint)(short)0x2cecu));
            v2 = (short)(0.1f < convert_float(v2));
        } else {
            p0 = (ushort)(((char)0x6u <= p1) ? p0 : (ushort)((uint)(ushort)((uint)(ushort)(p0 ^ p0) * (uint)p0) + (uint)(ushort)0x0u));
            int v3 = (int)((uint)(int)p1 - (uint)(int)0xffu);
        }
        switch (min((uchar)p1, shr_uchar((uchar)((uchar)0x6u & (uchar)0x7fu), (uint)(uint)((uint)convert_uint_sat(p1) - (uint)(uint)p0))) & 7) {
        case 3: {
            p0 = (ushort)p0;
            p1 = (char)(~p1);
            break;
        }
        case 4: {
            p1 = (char)abs_diff((uchar)shl_char((char)p0, (uint)i0), (uchar)(char)(clamp(p1, min(p1, p1), max(p1, p1)) & (char)p0));
            break;
        }
        default: {
            if (copysign(1e-30f, (isnan(convert_float(p1)) ? 1.0f : convert_float(p1))) >= 1.0f) break;
            break;
        }
        }
        switch ((ushort)(((min((ulong)0x5ul, (ulong)clz((ulong)p1)) & (ulong)0x0ul) >= (ulong)0x1fffffffffffful) ? (ushort)0x200u : (ushort)(~(ushort)(p0 & (ushort)abs_diff((ushort)p0, (ushort)(ushort)p1)))) & 7) {
        case 2: {
            switch ((int)0x4u & 7) {
            case 0: {
                p1 = p1;
                int v4 = (int)0xf704b493u;
                break;
            }
            case 3: {
                p1 = (char)(p1 | (char)(rem_uint(i0, i0) < shl_uint(bitselect(convert_uint_sat(p0), i0, (uint)p1), (uint)(uint)0x4u)));
                break;
            }
            case 4: {
                float v5 = (-((fmin(fma(16777217.0f, 1e-30f, 0.1f), -2.5e-3f) + 0.0f)));
                break;
            }
            case 6: {
                p1 = shl_char((char)((char)((uint)(char)p0 * (uint)(char)p1) & p1), (uint)add_sat((uint)p0, (uint)(convert_long_sat(p1) <= (long)0x800000000ul)));
            }
            default: {
                if ((((ulong)((char)p0 <= p1) <= (ulong)((ulong)(ulong)0x6ul - (ulong)(ulong)0x5ul)) ? -1.0f : (fmin(1e10f, 16777217.0f) + 0.0f)) < (((0.1f * 0.1f) >= convert_float(p1)) ? 0.0f : fdim((0.1f * 16777217.0f), 3.0f))) continue;
                break;
            }
            }
            if ((uchar)0xacu > (uchar)0x4u) {
                if ((fmax(65536.0f, convert_float(p1)) + 0.0f) >= fma(16777217.0f, -0.0f, ((((short)0xffu & (short)0x2u) < (short)0x9578u) ? -0.0f : (fmin(convert_float(p1), -2.5e-3f) + 0.0f)))) continue;
                p1 = (char)((uint)div_char((char)((char)0xe6u ^ (char)p1), (char)(~p1)) * (uint)clamp(p1, min(p1, (char)p1), max(p1, (char)p1)));
            } else {
                p0 = shr_ushort((ushort)clz((ushort)0x1fffu), (uint)(uint)p0);
                p0 = rhadd((ushort)0x6u, rotate(p0, p0));
            }
            break;
        }
        case 4: {
            if ((convert_float(p1) * convert_float((ushort)p0)) >= fma(0.1f, (-(convert_float(p0))), 0.0f)) {
                p0 = (ushort)(shl_ushort(rhadd((ushort)((ushort)p0 | (ushort)p0), p0), (uint)(uint)((uint)clz(convert_uint_sat(p0)) ^ i0)) ^ convert_ushort_sat(p1));
                p1 = (char)((uint)mul_hi((char)((uint)(char)0x80u + (uint)(char)((char)p0 | bitselect((char)0x56u, (char)p0, p1))), p1) + (uint)p1);
            }
            for (uint i5 = 0; i5 < 2; i5++) {
                if (hadd((uint)((uint)convert_uint_sat(p0) - (uint)(uint)(~i5)), (uint)((0.1f < convert_float(p0)) ? i5 : (uint)0x1u)) == i5) continue;
                float v7 = copysign((trunc(0.1f) - (-(0.0f))), (isnan((((short)p0 >= (short)0x4u) ? 0.1f : -1.0f)) ? 1.0f : (((short)p0 >= (short)0x4u) ? 0.1f : -1.0f)));
            }
        }
        case 5: {
            p1 = (char)(~(char)((uint)mul_hi((char)((uint)p1 - (uint)(char)((uint)(char)p1 + (uint)p1)), p1) + (uint)rotate(p1, (char)clz(p1))));
            break;
        }
        case 6: {
            p0 = rotate(shl_ushort((ushort)p1, (uint)(uint)abs(rhadd(i0, i0))), shr_ushort((ushort)popcount((ushort)(-(uint)(ushort)0x61efu)), (uint)(uint)(-(uint)i0)));
            if (sub_sat(p0, p0) != (ushort)0xfcu) break;
            break;
        }
        case 7: {
            p0 = p0;
            ulong v8 = (ulong)((ulong)(ulong)((ulong)mul_hi((ulong)0x7ul, (ulong)((ulong)0x6ul | (ulong)((ulong)0x7ul & (ulong)0x3fffffffful))) + (ulong)(ulong)(-(ulong)(ulong)0xe14b470a820a0d33ul)) * (ulong)(ulong)(~(ulong)popcount((ulong)(~(ulong)0x4e882577686e903cul))));
            break;
        }
        default: {
            if (shr_uint(shr_uint(i0, (uint)i0), (uint)shr_uint(i0, (uint)(uint)p1)) < (uint)((uint)(shr_uint((uint)p1, (uint)(uint)0x7099ef8u) | i0) ^ i0)) break;
            break;
        }
        }
    }
    p1 = div_char((char)((char)(~(char)p1) ^ p1), mul_hi((char)((p1 < 0) ? p1 : (uint)(char)p0), (char)((ulong)0x5f65459c6002deddul == (ulong)p0)));
    return -0.0f;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[64];
    __local uchar lb[128];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    uchar x0 = (uchar)in[(gid * 3u + 0u) % 1024u];
    uchar x1 = (uchar)in[(gid * 3u + 1u) % 1024u];
    float x2 = convert_float((int)in[(gid * 3u + 2u) % 1024u]) * 0.25f;
    char arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (char)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    char arr1[8];
    for (uint j = 0; j < 8u; j++) arr1[j] = (char)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    int v9 = (int)(-(uint)convert_int_sat(x2));
    x1 = x0;
    v9 = (int)x0;
    ushort v10 = (ushort)0xc156u;
    v10 = (ushort)(~(ushort)(((-(convert_float(x0))) != x2) ? (ushort)0x6ef8u : (ushort)v9));
    lb[lid * 2u + 0u] = (uchar)(uint)abs((uint)0x4826dbfu);
    lb[lid * 2u + 1u] = (uchar)shr_uint((uint)((__global const ushort *)in)[((uint)0x68803621u) % 2048u], (uint)(uint)0x2000u);
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (uchar)lb[(lid ^ 55u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x2 = (fmax(fma((fmax((-(1e10f)), x2) + 0.0f), (x2 - x2), x2), (fmax(fma(convert_float(x1), x2, x2), (x2 + ((convert_short_sat_rtz(x2) == convert_short_sat(x2)) ? x2 : x2))) + 0.0f)) + 0.0f);
    if ((uint)((uint)(uint)((uint)(uint)0x0u * (uint)(uint)0x5b681ff1u) + (uint)(uint)(-(uint)(uint)0xc21e348u)) > (uint)((uint)abs((uint)0x769f2951u) & (uint)0x5u)) {
        x2 = (convert_float((long)0x6136d9416ad17076ul) + ((x2 * x2) - copysign(x2, (isnan(x2) ? 1.0f : x2))));
        x0 = (uchar)popcount((uchar)(~mul_hi((uchar)((uint)convert_uchar_sat(x2) * (uint)x0), (uchar)0xdcu)));
        x1 = x1;
    }
    x1 = x1;
    for (uint i10 = 0; i10 < 1; i10++) {
        v9 = convert_int_sat_rtz(x2);
        if (((long)(div_long((long)((ulong)(long)0x488992a666f9e718ul * (ulong)(long)0x800ul), (long)0xa57d7b66c21f5103ul) ^ (long)((x2 >= x2) ? (long)0x0ul : (long)0x8ul)) & (long)0x2ul) >= (long)0xc9714a5031ed5a83ul) {
            if (fma(fdim(x2, x2), ((x2 <= x2) ? x2 : convert_float(x0)), x2) == ((x2 - copysign(x2, (isnan(convert_float(v10)) ? 1.0f : convert_float(v10)))) + copysign(x2, (isnan((x2 - 0.5f)) ? 1.0f : (x2 - 0.5f))))) {
                v9 = upsample((short)((short)v9 & (short)abs_diff((ushort)(short)x1, (ushort)upsample((char)0xf7u, x0))), (ushort)((ushort)(((ushort)((__global const uint4 *)in)[(convert_uint_sat(v10)) % 256u].y < 0) ? (ushort)((__global const uint4 *)in)[(convert_uint_sat(v10)) % 256u].y : (uint)hadd(v10, v10)) & (ushort)(v10 | v10)));
                v9 = v9;
            }
            long v12 = min((long)((ulong)(long)0x2cb2f7a446e3f033ul * (ulong)(long)((long)0x80ul | (long)0xe0eb24b7d1887c3eul)), (long)0x6ul);
        } else {
            x0 = x0;
            x2 = (fdim(x2, 65536.0f) - x2);
        }
    }
    v9 = v9;
    atomic_max((__global int *)&acc[22], (int)(uint)(((uint)0xd37b61cau < 0) ? (uint)0xd37b61cau : (uint)(uint)0xd51fa16bu));
    char v13 = (char)((__global const ushort *)in)[((uint)((uint)(uint)get_num_groups(0) * (uint)(uint)0x1u)) % 2048u];
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = fbits(x2);
    row[7u] = (uint)(v9);
    row[8u] = (uint)(v10);
    row[9u] = (uint)(v13);
    row[10u] = (uint)(arr0[0]);
    row[11u] = (uint)(arr0[1]);
    row[12u] = (uint)(arr0[2]);
    row[13u] = (uint)(arr0[3]);
    row[14u] = (uint)(arr1[0]);
    row[15u] = (uint)(arr1[1]);
    row[16u] = (uint)(arr1[2]);
    row[17u] = (uint)(arr1[3]);
    row[18u] = (uint)(arr1[4]);
    row[19u] = (uint)(arr1[5]);
    row[20u] = (uint)(arr1[6]);
    row[21u] = (uint)(arr1[7]);
}
