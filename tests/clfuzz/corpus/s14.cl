// clfuzz seed=14 grid=2 block=32 in=1024 out=1408 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
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
__attribute__((noinline)) static uint fn0(char p0, long p1) {
    if ((char)((int)popcount((int)0x0u) < (int)((int)0x6u ^ (int)p1)) < (char)0xa3u) {
        p1 = (long)(-(ulong)(long)0x412ecd08801f772dul);
        char v1 = (char)(p0 & (char)(~p0));
        if ((char)p0 < shr_char((char)((uint)(char)p1 * (uint)v1), (uint)(uint)0x782143c2u)) {
            char v2 = p0;
            v1 = (char)((char)(~v2) & v2);
        }
    } else {
        if (((-2.5e-3f - convert_float(p1)) * convert_float(p0)) > convert_float(p1)) {
            char v3 = p0;
            for (uint i3 = 0; i3 < 7; i3++) {
                p1 = (long)popcount((long)((ulong)(long)(~(long)0xa8125de4dc301ec9ul) + (ulong)(long)((ulong)mul_hi(p1, p1) + (ulong)(long)0x6d249dde118fb4ecul)));
            }
        }
        uchar v5 = (uchar)(~convert_uchar_sat(p1));
        p0 = p0;
    }
    p0 = shr_char((char)0xcbu, (uint)(uint)p1);
    p1 = rem_long((long)(((div_uchar((uchar)0x71u, (uchar)0xffu) & (uchar)0x3fu) < (uchar)0x6u) ? (long)((ulong)(long)abs_diff((ulong)p1, (ulong)(long)p0) - (ulong)shl_long(convert_long_sat(p0), (uint)(uint)0xa64c5c6fu)) : (long)p0), p1);
    p1 = (long)clz(rhadd(p1, (long)0x4ul));
    for (uint i5 = 0; i5 < 1; i5++) {
        uchar v7 = (uchar)(((uchar)((ushort)p0 >= (ushort)0xe782u) < 0) ? (uchar)((ushort)p0 >= (ushort)0xe782u) : (uint)bitselect((uchar)((int)p1 != convert_int_sat(p0)), (uchar)p0, (uchar)(-(uint)(uchar)p0)));
        if ((ulong)((ulong)shl_ulong((ulong)0xc078927bfb3fd038ul, (uint)i5) * (ulong)(ulong)v7) == (ulong)p0) {
            p0 = p0;
            v7 = (uchar)(65536.0f == fdim(convert_float((int)0x0u), 0.1f));
            float v8 = ((0.5f + fdim(ceil(convert_float(v7)), 3.0f)) - fma(1e-30f, 1e-30f, -2.5e-3f));
        } else {
            v7 = div_uchar((uchar)abs_diff((uchar)(uchar)p0, (uchar)(uchar)((uint)max(v7, (uchar)p0) * (uint)shr_uchar((uchar)v7, (uint)(uint)0x2000000u))), (uchar)p1);
        }
    }
    return (uint)((uint)(uint)0x3u * (uint)bitselect((uint)popcount((uint)(~(uint)0x13d1559au)), (uint)0xc44546eau, bitselect(upsample((ushort)0x7fffu, (ushort)0x1u), div_uint((uint)0xd4f9b2bau, (uint)0x8u), (uint)0x2u)));
}
__attribute__((noinline)) static float fn1(ushort p0) {
    p0 = (ushort)((uint)(ushort)((uint)mul_hi(p0, p0) + (uint)mul_hi(p0, p0)) * (uint)p0);
    p0 = p0;
    p0 = p0;
    return copysign(convert_float(p0), (isnan(copysign(65536.0f, (isnan((0.5f * 0.0f)) ? 1.0f : (0.5f * 0.0f)))) ? 1.0f : copysign(65536.0f, (isnan((0.5f * 0.0f)) ? 1.0f : (0.5f * 0.0f)))));
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    uint x0 = (uint)in[(gid * 5u + 0u) % 1024u];
    ulong x1 = (ulong)(((ulong)in[(gid * 5u + 1u) % 1024u] << 32) | in[(gid * 5u + 1u + 1u) % 1024u]);
    float x2 = convert_float((int)in[(gid * 5u + 2u) % 1024u]) * 0.25f;
    uchar x3 = (uchar)in[(gid * 5u + 3u) % 1024u];
    int x4 = (int)in[(gid * 5u + 4u) % 1024u];
    short arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (short)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x4 = (int)(~bitselect(x4, x4, (int)popcount((int)(~x4))));
    x0 = fn0(max(shl_char((char)((__global const char *)in)[(x0) % 4096u], (uint)x0), (char)0x3u), (long)((shr_long((long)0x21be0b8ceb6fee87ul, (uint)convert_uint_sat(x2)) >= (long)0x2ff1974594d598ul) ? (long)x3 : (long)0x4ul));
    x4 = (int)(-(uint)(int)popcount((int)(~x4)));
    float v9 = (fmin(convert_float(x3), x2) + 0.0f);
    lm[lid] = (ulong)(int)popcount((int)(~x4));
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 ^= (int)lm[(lid + 6u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 = shr_int(convert_int_sat_rtz(x2), (uint)x0);
    x0 = (uint)(hadd((uint)(-(uint)(uint)x0), (uint)clz(x0)) & (uint)(-(uint)(uint)((__global const ulong *)in)[(x0) % 512u]));
    x3 = shl_uchar(x3, (uint)x0);
    uchar v10 = (uchar)((uint)bitselect((uchar)abs_diff((uchar)x3, (uchar)(uchar)0x4bu), (uchar)((uint)x3 + (uint)x3), shr_uchar(x3, (uint)x0)) * (uint)div_uchar(x3, x3));
    x3 = clamp(shl_uchar(x3, (uint)shl_uint(x0, (uint)x0)), min(v10, (uchar)((uint)mul_hi((uchar)gid, v10) + (uint)(uchar)x0)), max(v10, (uchar)((uint)mul_hi((uchar)gid, v10) + (uint)(uchar)x0)));
    x0 = (uint)clz(shr_uint((uint)(x0 | shl_uint(x0, (uint)(uint)((__global const long2 *)in)[(convert_uint_sat(x3)) % 256u].x)), (uint)(uint)((__global const char *)in)[(x0) % 4096u]));
    for (uint i10 = 0; i10 < 6; i10++) {
        for (uint i11 = 0; i11 < 4; i11++) {
            long v13 = (long)((long)(((convert_char_sat(x0) & (char)0x3u) == (char)0xebu) ? (long)((ulong)(long)abs_diff((ulong)(long)0x6ul, (ulong)(long)0xa5468321ce0a8f3aul) - (ulong)(long)((long)gid | (long)((__global const short *)in)[(x0) % 2048u])) : convert_long_sat(fmin(x2, 9.2e18f))) & (long)0x8dc8374ccbe1c7f8ul);
            switch ((uint)((uint)mul_hi((uint)clz((uint)clz((uint)get_local_size(0))), (uint)0x3u) + (uint)(uint)(((ushort)(-(uint)(ushort)0x841eu) <= (ushort)popcount(convert_ushort_sat_rtz(x2))) ? x0 : (uint)(~bitselect(x0, i11, i10)))) & 7) {
            case 3: {
                x3 = (uchar)popcount((uchar)(~add_sat((uchar)x4, shl_uchar((uchar)(x1 >= (ulong)((__global const char *)in)[((uint)((__global const ulong *)in)[((uint)abs_diff((uint)(uint)0xaddca49bu, (uint)(uint)0x2ba8f69bu)) % 512u]) % 4096u]), (uint)i10))));
                break;
            }
            case 4: {
                float v14 = copysign(convert_float((short)0xffu), (isnan(fma((fma(v9, v9, v9) + x2), convert_float(x1), ((v9 + x2) - fma(x2, x2, convert_float(x4))))) ? 1.0f : fma((fma(v9, v9, v9) + x2), convert_float(x1), ((v9 + x2) - fma(x2, x2, convert_float(x4))))));
                x0 = fn0(shr_char(shr_char((char)((char)0xc6u ^ (char)x4), (uint)(uint)((__global const uchar *)in)[(x0) % 4096u]), (uint)shr_uint(i10, (uint)(uint)((uint)mul_hi(i11, (uint)((i10 < 0) ? i10 : (uint)(uint)0x0u)) + (uint)i10))), (long)((rem_char((char)0x5u, (char)0x0u) <= (char)0xd6u) ? bitselect(v13, v13, (long)popcount((long)(~(long)((__global const uchar *)in)[(x0) % 4096u]))) : (long)x4));
                break;
            }
            case 5: {
                x4 = (int)(~(int)((uint)(int)(((int)(-(uint)x4) < 0) ? (int)(-(uint)x4) : (uint)rem_int(x4, x4)) - (uint)(int)((uint)x4 * (uint)(int)((__global uchar_a *)row)[(x0) % 16u])));
            }
            default: {
                x2 = (convert_float((short)0x1u) + x2);
                break;
            }
            }
            x0 = (uint)x1;
            switch (x4 & 7) {
            case 0: {
                x4 = (int)((x4 >= x4) ? (int)((uint)(int)((uint)x4 - (uint)(int)((__global const ushort *)in)[((uint)get_group_id(0)) % 2048u]) * (uint)x4) : (int)((ulong)(~convert_ulong_sat(fmin(v9, 9.2e18f))) < x1));
                break;
            }
            case 3: {
                if (shr_int(rotate(x4, (int)0x7fu), (uint)(uint)0xc20fa6c6u) >= (int)((uint)mul_hi(convert_int_sat(x2), x4) + (uint)(int)((int)((__global const uint4 *)in)[(x0) % 256u].w ^ (int)((v13 > convert_long_sat_rtz(fmin(x2, 9.2e18f))) ? x4 : (int)get_global_size(0))))) continue;
                char v15 = (char)clz(shr_char(shl_char((char)((uint)(char)0x8fu - (uint)(char)((__global const uint4 *)in)[(x0) % 256u].y), (uint)(uint)0x6u), (uint)rem_uint((uint)((__global const uchar *)in)[((uint)0x2a06a7e4u) % 4096u], x0)));
                break;
            }
            case 4: {
                arr0[((uint)abs_diff((uint)upsample((ushort)popcount((ushort)(~(ushort)((uint)(ushort)0x0u - (uint)(ushort)0x4000u))), (ushort)0x3555u), (uint)(uint)((__global ulong_a *)row)[(i10) % 2u])) % 4u] = (short)((uint)div_short((short)0xfffu, (short)abs_diff((ushort)shr_short((short)0xffu, (uint)x0), (ushort)(short)0xdb17u)) * (uint)(short)0x72a6u);
                x4 = (int)(~(int)((uint)x4 + (uint)(int)(~x4)));
            }
            case 7: {
                v13 = v13;
                break;
            }
            default: {
                arr0[((uint)(-(uint)(uint)((__global const ulong *)in)[(i10) % 512u])) % 4u] = add_sat((short)get_num_groups(0), (short)((__global const long2 *)in)[((uint)x0) % 256u].x);
                break;
            }
            }
        }
    }
    lb[lid * 2u + 0u] = (uchar)(char)(div_char((char)(x1 < (ulong)0xc01c9094dd613ffeul), (char)x1) & (char)((uint)(char)(~(char)0x13u) - (uint)(char)0x7u));
    lb[lid * 2u + 1u] = (uchar)(char)0x4u;
    barrier(CLK_LOCAL_MEM_FENCE);
    x3 ^= (uchar)lb[((lid * 3u) % 32u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v9 = ceil(convert_float((uchar)clz(v10)));
    short v16 = (short)abs_diff((ushort)(short)0x7u, (ushort)(short)((__global const uint4 *)in)[(x0) % 256u].w);
    short v17 = (short)(~(short)(~v16));
    v9 = (((v9 - convert_float(v10)) - convert_float(x0)) - ((-0.0f - fma(x2, v9, x2)) - rint(v9)));
    v16 = arr0[((uint)((uint)(uint)((uint)((uint)x0 - (uint)(uint)((uint)(uint)x4 + (uint)x0)) | (uint)abs_diff((uint)x0, (uint)convert_uint_sat_rtz(x2))) - (uint)shl_uint(x0, (uint)(uint)get_global_size(0)))) % 4u];
    lm[lid] = (ulong)bitselect(bitselect((uchar)0x20u, clamp(v10, min((uchar)((__global const uint4 *)in)[((uint)get_num_groups(0)) % 256u].x, (uchar)0x3u), max((uchar)((__global const uint4 *)in)[((uint)get_num_groups(0)) % 256u].x, (uchar)0x3u)), (uchar)(((v17 & (short)0x779du) <= (short)0x6413u) ? (uchar)v10 : (uchar)0xd0u)), x3, div_uchar(v10, x3));
    barrier(CLK_LOCAL_MEM_FENCE);
    v10 ^= (uchar)lm[31u - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    x4 = (int)(-(uint)(int)popcount((int)(~(int)0x72cd7bfdu)));
    int v18 = (int)((__global const long2 *)in)[(x0) % 256u].x;
    ulong v19 = (ulong)x1;
    switch ((ushort)((ushort)((uint)(ushort)0x1ffu * (uint)(ushort)0x8u) ^ (ushort)0xfffu) & 7) {
    case 0: {
        for (uint i19 = 0; i19 < ((uint)x0 & 7u); i19++) {
            x2 = ((convert_float(shl_short((short)x0, (uint)i19)) - x2) + (fmax(fdim(convert_float(x0), 16777217.0f), v9) + 0.0f));
            x3 = (uchar)((uint)(uchar)((uint)(uchar)0x95u - (uint)clamp(convert_uchar_sat(v9), min((uchar)((__global const short *)in)[(convert_uint_sat(v16)) % 2048u], v10), max((uchar)((__global const short *)in)[(convert_uint_sat(v16)) % 2048u], v10))) * (uint)x3);
        }
        v18 = rhadd((int)((int)((__global const long2 *)in)[(x0) % 256u].y & (int)sub_sat((uint)x4, (uint)x4)), (int)((uint)v18 - (uint)add_sat((int)((uint)(int)0xe1ce6d6u + (uint)v18), rotate(x4, x4))));
        break;
    }
    case 2: {
        v9 = v9;
        break;
    }
    case 3: {
        x3 = div_uchar(x3, (uchar)((uint)(uchar)(shl_uchar((uchar)x3, (uint)(uint)x1) | v10) + (uint)x3));
    }
    default: {
        float v21 = (v9 - fma(x2, (x2 - x2), v9));
        break;
    }
    }
    v9 = fma((convert_float(x4) + convert_float(v17)), x2, x2);
    ushort v22 = (ushort)0x3c7eu;
    v10 = add_sat(v10, (uchar)get_global_size(0));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)((ulong)x1 >> 32);
    row[7u] = fbits(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)(x4);
    row[10u] = fbits(v9);
    row[11u] = (uint)(v10);
    row[12u] = (uint)(v16);
    row[13u] = (uint)(v17);
    row[14u] = (uint)(v18);
    row[15u] = (uint)(v19);
    row[16u] = (uint)((ulong)v19 >> 32);
    row[17u] = (uint)(v22);
    row[18u] = (uint)(arr0[0]);
    row[19u] = (uint)(arr0[1]);
    row[20u] = (uint)(arr0[2]);
    row[21u] = (uint)(arr0[3]);
}
