// clfuzz seed=19 grid=1 block=32 in=1024 out=1344 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 42u
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
__attribute__((noinline)) static short fn0(int p0, float p1) {
    p0 = (int)(((uint)((uint)convert_uint_sat(p0) * (uint)(uint)p0) == (uint)0xc17323a5u) ? clamp(bitselect((int)((p0 < 0) ? p0 : (uint)(int)p0), p0, clamp((int)0x4u, min(p0, convert_int_sat_rtz(p1)), max(p0, convert_int_sat_rtz(p1)))), min((int)sub_sat((uint)p0, (uint)hadd(p0, p0)), p0), max((int)sub_sat((uint)p0, (uint)hadd(p0, p0)), p0)) : (int)clz(p0));
    p0 = (int)0x2u;
    if ((long)((ulong)(long)(clamp((long)0x4ul, min((long)p0, (long)0x43a7f9fc35eba05aul), max((long)p0, (long)0x43a7f9fc35eba05aul)) & (long)0x8ul) - (ulong)(long)0x83440cb9cddcd68cul) == clamp((long)0x821cf69645082ebul, min(clamp((long)0xf890a53354e87104ul, min((long)0xffe00c4ef87baf9ul, shl_long((long)0x4000ul, (uint)(uint)0xffffffu)), max((long)0xffe00c4ef87baf9ul, shl_long((long)0x4000ul, (uint)(uint)0xffffffu))), upsample(p0, (uint)0x800000u)), max(clamp((long)0xf890a53354e87104ul, min((long)0xffe00c4ef87baf9ul, shl_long((long)0x4000ul, (uint)(uint)0xffffffu)), max((long)0xffe00c4ef87baf9ul, shl_long((long)0x4000ul, (uint)(uint)0xffffffu))), upsample(p0, (uint)0x800000u)))) {
        p0 = rotate(mul24((int)((int)0x8u & 0x7fff), (int)(shr_int(p0, (uint)(uint)0x7u) & 0x7fff)), shl_int(convert_int_sat_rtz(p1), (uint)(uint)0xe3f2dad4u));
    } else {
        if (((short)0x4000u & (short)0x6c5u) > (short)0xa94bu) {
            p1 = ((3.0f - copysign((p1 - p1), (isnan(p1) ? 1.0f : p1))) * floor(p1));
            p1 = (fmin(convert_float(p0), p1) + 0.0f);
        }
        uchar v1 = (uchar)0x1fu;
        v1 = v1;
    }
    return (short)0x4000u;
}
static float fn1(float p0, short p1, uchar p2) {
    p1 = (short)(~(short)((uint)(short)abs_diff((ushort)convert_short_sat(p0), (ushort)p1) + (uint)p1));
    switch ((ushort)0x6feeu & 7) {
    case 1: {
        p0 = fma(rint(convert_float(p2)), (-(((p0 >= convert_float(p1)) ? (fmin(p0, p0) + 0.0f) : p0))), (fmin(p0, p0) + 0.0f));
        break;
    }
    case 2: {
        for (uint i1 = 0; i1 < 8; i1++) {
            p1 = rem_short((short)p1, rhadd(p1, (short)((uint)p1 * (uint)(short)((ulong)0x100ul > (ulong)p2))));
            p0 = fma(copysign(convert_float(p1), (isnan(p0) ? 1.0f : p0)), (fmax(p0, p0) + 0.0f), fma(convert_float((int)p2), p0, convert_float(p2)));
        }
        break;
    }
    case 3: {
        p2 = (uchar)(convert_ushort_sat(p0) <= (ushort)0xbc9du);
        int v3 = rem_int((int)0x8u, (int)0x4ce0d2bau);
        break;
    }
    case 4: {
        for (uint i3 = 0; i3 < 5; i3++) {
            p0 = (p0 * fma(fdim(fabs(convert_float(p2)), p0), convert_float(p2), convert_float(p1)));
        }
        p2 = p2;
        break;
    }
    default: {
        ushort v5 = (ushort)((uint)mul_hi((ushort)((uint)(ushort)0x3ffu * (uint)(ushort)abs_diff((ushort)(ushort)0x2db8u, (ushort)bitselect((ushort)0x4000u, convert_ushort_sat(p1), (ushort)0x8u))), (ushort)p1) + (uint)(ushort)(~(ushort)p1));
        break;
    }
    }
    p1 = (short)p1;
    switch ((ushort)((p0 != p0) ? (ushort)popcount((ushort)(~(ushort)0x0u)) : (ushort)p2) & 7) {
    case 0: {
        uchar v6 = max(convert_uchar_sat_rtz(p0), (uchar)(-(uint)(uchar)p2));
        p0 = (0.5f - convert_float((uint)v6));
        break;
    }
    case 1: {
        p2 = rem_uchar((uchar)(p0 >= convert_float(p2)), p2);
        break;
    }
    case 2: {
        p1 = p1;
        break;
    }
    case 4: {
        int v7 = (int)0x100u;
        break;
    }
    case 5: {
        for (uint i7 = 0; i7 < 5u; i7++) {
            p2 = shl_uchar((uchar)abs_diff((uchar)(uchar)(((ushort)0x2000u < convert_ushort_sat(p0)) ? p2 : (uchar)(~(uchar)p2)), (uchar)p2), (uint)(uint)abs(i7));
            p2 = div_uchar((uchar)(~(uchar)((long)0xfffful == (long)(p0 >= p0))), (uchar)p2);
            char v9 = (char)0x1fu;
        }
        p1 = (short)(~(short)0x4u);
        break;
    }
    default: {
        long v10 = rhadd((long)(~(long)0x6ul), (long)((short)abs_diff((ushort)convert_short_sat_rtz(p0), (ushort)p1) > shr_short(p1, (uint)(uint)(p0 <= p0))));
        break;
    }
    }
    return ((-(ceil(-1.0f))) * convert_float(p1));
}
static ushort fn2(uint p0, char p1) {
    if ((ushort)0xf0fcu >= (ushort)(-(uint)(ushort)p1)) {
        ushort v11 = clamp((ushort)((ushort)0x4000u | (ushort)0x0u), min((ushort)0xfu, (ushort)0x8u), max((ushort)0xfu, (ushort)0x8u));
    }
    p1 = p1;
    for (uint i11 = 0; i11 < ((uint)p0 & 7u); i11++) {
        p0 = (uint)((uint)(uint)((uint)convert_uint_sat(p1) - (uint)(uint)(-(uint)(uint)((uint)(uint)0x27518912u - (uint)i11))) - (uint)rem_uint(hadd(i11, mul24((uint)(i11 & 0xffff), (uint)((uint)p1 & 0xffff))), i11));
        uchar v13 = shr_uchar((uchar)0x1u, (uint)i11);
        p1 = (char)0x3u;
        float v14 = (convert_float(p0) + copysign(convert_float(p0), (isnan(convert_float(p0)) ? 1.0f : convert_float(p0))));
    }
    p0 = (uint)popcount(p0);
    for (uint i14 = 0; i14 < ((uint)p0 & 7u); i14++) {
        p0 = (uint)((uint)shl_uint((uint)((uint)p1 ^ (uint)p0), (uint)p0) - (uint)(uint)0x877f1833u);
    }
    return max((ushort)(~shr_ushort((ushort)p0, (uint)(uint)p0)), (ushort)p1);
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[32];
    __local uchar lb[64];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    ulong x0 = (ulong)(((ulong)in[(gid * 5u + 0u) % 1024u] << 32) | in[(gid * 5u + 0u + 1u) % 1024u]);
    int x1 = (int)in[(gid * 5u + 1u) % 1024u];
    float x2 = as_float(in[(gid * 5u + 2u) % 1024u] & 0xbfffffffu);
    short x3 = (short)in[(gid * 5u + 3u) % 1024u];
    long x4 = (long)(((ulong)in[(gid * 5u + 4u) % 1024u] << 32) | in[(gid * 5u + 4u + 1u) % 1024u]);
    ulong arr0[16];
    for (uint j = 0; j < 16u; j++) arr0[j] = (ulong)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    ulong arr1[4];
    for (uint j = 0; j < 4u; j++) arr1[j] = (ulong)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    float v16 = (-(convert_float(x1)));
    switch ((ushort)(upsample((uchar)((uint)mul_hi((uchar)0x5bu, (uchar)((uint)((__global const ulong *)in)[(div_uint(convert_uint_sat(v16), (uint)0x4u)) % 512u] > (uint)0xa0296647u)) + (uint)(uchar)0xfu), (uchar)popcount((uchar)(~(uchar)0x0u))) & (ushort)x1) & 7) {
    case 0: {
        x0 = min(x0, x0);
        x1 = (int)((x0 >= clamp(x0, min((ulong)0x1ul, mul_hi(x0, (ulong)0xbff255e0cc254e57ul)), max((ulong)0x1ul, mul_hi(x0, (ulong)0xbff255e0cc254e57ul)))) ? x1 : x1);
        break;
    }
    case 7: {
        x4 = (long)(~(long)((ulong)clamp((long)(x4 & (long)x1), min((long)(-(ulong)x4), (long)x4), max((long)(-(ulong)x4), (long)x4)) - (ulong)(long)0x6ul));
        x0 = (ulong)((__global uchar_a *)row)[((uint)popcount((uint)0x970065a4u)) % 16u];
        break;
    }
    default: {
        x2 = ((-1.0f >= fma(fdim(v16, v16), x2, v16)) ? fdim(x2, v16) : (((short)((__global const uint4 *)in)[((uint)x4) % 256u].x != rotate(x3, x3)) ? convert_float(x3) : v16));
        break;
    }
    }
    float v17 = v16;
    ulong v18 = bitselect((ulong)get_global_size(0), mul_hi((ulong)get_local_size(0), shl_ulong(div_ulong((ulong)0xded5c6188d1c20cful, x0), (uint)(uint)0x8u)), x0);
    if (x4 <= x4) {
        x0 = shr_ulong((ulong)((ulong)mul_hi(add_sat(v18, v18), clamp(rotate(v18, x0), min((ulong)((__global const ushort *)in)[((uint)((uint)0x0u ^ convert_uint_sat(x1))) % 2048u], (ulong)0x4253c238a34ab24eul), max((ulong)((__global const ushort *)in)[((uint)((uint)0x0u ^ convert_uint_sat(x1))) % 2048u], (ulong)0x4253c238a34ab24eul))) + (ulong)(ulong)((v18 == (ulong)x1) ? (ulong)((__global uchar_a *)row)[((uint)0x4a027f11u) % 16u] : (ulong)(v18 | x0))), (uint)(uint)get_num_groups(0));
        x3 = (short)((short)(~x3) & (short)((short)((uint)shl_short(x3, (uint)(uint)((__global const char *)in)[((uint)popcount((uint)0xd096403au)) % 4096u]) * (uint)(short)(~x3)) ^ (short)(~convert_short_sat(x0))));
    } else {
        x3 = fn0((int)(-(uint)upsample(convert_short_sat_rtz(x2), (ushort)((__global const short *)in)[((uint)0x80u) % 2048u])), x2);
        ushort v19 = hadd((ushort)((ushort)((shl_ushort((ushort)0x8u, (uint)(uint)0x2u) < 0) ? shl_ushort((ushort)0x8u, (uint)(uint)0x2u) : (uint)(ushort)0x6u) | (ushort)x4), (ushort)(~(ushort)((uint)mul_hi((ushort)0x2a7eu, (ushort)((uint)0xb97fdb06u <= (uint)((__global const ushort *)in)[((uint)((uint)(uint)((__global const ushort *)in)[(add_sat((uint)0x8u, (uint)0x2a2b13c7u)) % 2048u] - (uint)(uint)0x9ce41630u)) % 2048u])) + (uint)(ushort)0x2u)));
    }
    v17 = convert_float(x4);
    x4 = bitselect(x4, (long)((char)((uint)shr_char((char)0x89u, (uint)(uint)((__global const char *)in)[((uint)x3) % 4096u]) * (uint)(char)0x3u) < (char)0xfeu), (long)x4);
    lm[lid] = (ulong)upsample(max((uint)0xa72a077eu, (uint)((uint)(uint)0x7u - (uint)(uint)0xe696848u)), (uint)(((uint)abs_diff((uint)(uint)(-(uint)(uint)((__global uint_a *)row)[((uint)0x1u) % 4u]), (uint)(uint)(-(uint)(uint)0x20000000u)) < 0) ? (uint)abs_diff((uint)(uint)(-(uint)(uint)((__global uint_a *)row)[((uint)0x1u) % 4u]), (uint)(uint)(-(uint)(uint)0x20000000u)) : (uint)(uint)0x1u));
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 ^= (int)lm[(lid + 13u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v16 = v16;
    x3 = x3;
    arr1[((uint)0x80000u) % 4u] = (ulong)(-(ulong)x0);
    for (uint i19 = 0; i19 < 5; i19++) {
        x0 = (ulong)0x2ul;
    }
    x2 = (-((fmin(-1.0f, x2) + 0.0f)));
    x4 = x4;
    lb[lid * 2u + 0u] = (uchar)sub_sat((ushort)0x0u, (ushort)0xd821u);
    lb[lid * 2u + 1u] = (uchar)(ushort)((uint)(ushort)((uint)(ushort)0xd586u + (uint)shr_ushort((ushort)0x578fu, (uint)(uint)0x5u)) - (uint)shl_ushort((ushort)0xc647u, (uint)shr_uint((uint)((__global const uint4 *)in)[((uint)0xd1362b14u) % 256u].z, (uint)(uint)0x535b6c41u)));
    barrier(CLK_LOCAL_MEM_FENCE);
    v18 ^= (ulong)lb[((lid + 5u) % 32u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    int v21 = (int)(((int)abs((int)(v16 != v16)) < 0) ? (int)abs((int)(v16 != v16)) : (uint)(int)((long)x0 == x4));
    v21 = (int)gid;
    x0 = arr1[((uint)clz((uint)get_group_id(0))) % 4u];
    v16 = (1e10f + (ceil(fma(x2, v17, convert_float(v18))) + v17));
    arr0[((uint)0x33dd86du) % 16u] = (ulong)((__global const short *)in)[((uint)0x7467cd41u) % 2048u];
    v18 = arr1[(clamp((uint)0x6u, min((uint)0x8u, (uint)0x98dcc77eu), max((uint)0x8u, (uint)0x98dcc77eu))) % 4u];
    lm[lid] = (ulong)shl_uint((uint)popcount(shr_uint((uint)((__global const long2 *)in)[((uint)0x80d073cu) % 256u].x, (uint)(uint)0x5u)), (uint)(uint)clz((uint)((__global const ushort *)in)[((uint)0xef91da61u) % 2048u]));
    barrier(CLK_LOCAL_MEM_FENCE);
    v18 ^= (ulong)lm[(lid + 3u) % 32u];
    barrier(CLK_LOCAL_MEM_FENCE);
    ulong v22 = v18;
    v22 = arr0[((uint)0x5u) % 16u];
    v18 = v22;
    ulong v23 = (ulong)((((int)((((uint)0xe7c7c7aau & (uint)0x40000000u) == (uint)0x84cd649fu) ? (int)0x31f52a5du : (int)abs(v21)) & (int)0x3u) <= (int)0x0u) ? (ulong)0x8ul : (ulong)((short)0xa051u <= (short)((__global const ushort *)in)[((uint)(v17 > convert_float(x1))) % 2048u]));
    uchar v24 = (uchar)0x8u;
    row[4u] = (uint)(x0);
    row[5u] = (uint)((ulong)x0 >> 32);
    row[6u] = (uint)(x1);
    row[7u] = fbits(x2);
    row[8u] = (uint)(x3);
    row[9u] = (uint)(x4);
    row[10u] = (uint)((ulong)x4 >> 32);
    row[11u] = fbits(v16);
    row[12u] = fbits(v17);
    row[13u] = (uint)(v18);
    row[14u] = (uint)((ulong)v18 >> 32);
    row[15u] = (uint)(v21);
    row[16u] = (uint)(v22);
    row[17u] = (uint)((ulong)v22 >> 32);
    row[18u] = (uint)(v23);
    row[19u] = (uint)((ulong)v23 >> 32);
    row[20u] = (uint)(v24);
    row[21u] = (uint)(arr0[0]);
    row[22u] = (uint)(arr0[1]);
    row[23u] = (uint)(arr0[2]);
    row[24u] = (uint)(arr0[3]);
    row[25u] = (uint)(arr0[4]);
    row[26u] = (uint)(arr0[5]);
    row[27u] = (uint)(arr0[6]);
    row[28u] = (uint)(arr0[7]);
    row[29u] = (uint)(arr0[8]);
    row[30u] = (uint)(arr0[9]);
    row[31u] = (uint)(arr0[10]);
    row[32u] = (uint)(arr0[11]);
    row[33u] = (uint)(arr0[12]);
    row[34u] = (uint)(arr0[13]);
    row[35u] = (uint)(arr0[14]);
    row[36u] = (uint)(arr0[15]);
    row[37u] = (uint)(arr1[0]);
    row[38u] = (uint)(arr1[1]);
    row[39u] = (uint)(arr1[2]);
    row[40u] = (uint)(arr1[3]);
}
