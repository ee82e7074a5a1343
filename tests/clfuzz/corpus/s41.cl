// clfuzz seed=41 grid=3 block=128 in=1024 out=6144 acc=64 features=arrays,atomics,builtins,calls,float,local,long,loops,memory,switch
#pragma OPENCL FP_CONTRACT OFF
#define ROW 16u
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
static ushort fn0(float p0, uint p1) {
    p0 = convert_float((uchar)((uchar)(((ushort)0x0u < (ushort)0x3u) ? (uchar)0x1u : (uchar)0x2du) & (uchar)0x9bu));
    p1 = (uint)((uint)p1 - (uint)(uint)popcount((uint)(~p1)));
    for (uint i0 = 0; i0 < ((uint)p1 & 7u); i0++) {
        p1 = (uint)((uint)(rotate(p1, shl_uint(i0, (uint)(uint)p1)) ^ hadd((uint)p1, p1)) & p1);
        for (uint i1 = 0; i1 < 4; i1++) {
            p1 = (uint)((uint)(-(uint)(uint)popcount((uint)(~shr_uint(convert_uint_sat(p0), (uint)convert_uint_sat(p0))))) | (uint)(~convert_uint_sat(p0)));
            if ((ulong)0x1ul < shr_ulong(clamp((ulong)0x600acfe8d373f7d6ul, min((ulong)0x8008a8c218fb06e3ul, (ulong)0xffffffffffffffful), max((ulong)0x8008a8c218fb06e3ul, (ulong)0xffffffffffffffful)), (uint)convert_uint_sat(p0))) {
                p1 = sub_sat(shl_uint((uint)0x8u, (uint)i0), (uint)abs_diff((uint)i1, (uint)p1));
                if ((uchar)0xefu != mul_hi((uchar)((uchar)0xffu | (uchar)0x83u), (uchar)((uint)(uchar)0x2cu + (uint)convert_uchar_sat(p0)))) continue;
                p1 = (uint)(-(uint)i1);
            } else {
                p1 = shr_uint(i0, (uint)bitselect(min(shl_uint((uint)p1, (uint)i1), i0), i0, div_uint(i1, (uint)0x3ffffffu)));
            }
        }
        p0 = -1.0f;
    }
    for (uint i2 = 0; i2 < ((uint)p1 & 7u); i2++) {
        if ((ulong)((ulong)(ulong)((ulong)max((ulong)p1, (ulong)0xa4c756329e165d00ul) + (ulong)(ulong)p1) * (ulong)(ulong)0x16437171eb59415eul) <= sub_sat((ulong)p1, convert_ulong_sat(fmin(p0, 9.2e18f)))) break;
    }
    p0 = p0;
    return (ushort)(~(ushort)0x0u);
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fuzz(__global const uint *in, __global uint *out, __global uint *acc, uint n)
{
    __local ulong lm[128];
    __local uchar lb[256];
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    __global uint *row = out + gid * ROW;
    char x0 = (char)in[(gid * 6u + 0u) % 1024u];
    char x1 = (char)in[(gid * 6u + 1u) % 1024u];
    char x2 = (char)in[(gid * 6u + 2u) % 1024u];
    float x3 = as_float(in[(gid * 6u + 3u) % 1024u] & 0xbfffffffu);
    char x4 = (char)in[(gid * 6u + 4u) % 1024u];
    int x5 = (int)in[(gid * 6u + 5u) % 1024u];
    char arr0[4];
    for (uint j = 0; j < 4u; j++) arr0[j] = (char)(in[(gid + j * 7u) % 1024u] * (j + 1u));
    x2 = x0;
    long v4 = (long)0x2000000000ul;
    x3 = copysign((fmin(x3, convert_float(x1)) + 0.0f), (isnan(round((x3 + convert_float(v4)))) ? 1.0f : round((x3 + convert_float(v4)))));
    for (uint i4 = 0; i4 < ((uint)x5 & 7u); i4++) {
        arr0[(i4) % 4u] = (char)clz(x1);
        x2 = (char)abs_diff((uchar)clamp(x4, min(x2, x1), max(x2, x1)), (uchar)(char)((uint)mul_hi(x4, x4) + (uint)x0));
        for (uint i5 = 0; i5 < ((uint)i4 & 7u); i5++) {
            uchar v7 = (uchar)0xaeu;
            x5 = (int)((i4 < i5) ? x5 : x5);
        }
        if (((((short)0xe3a7u >= convert_short_sat(v4)) ? x3 : x3) - convert_float(x0)) >= (fmax((copysign(x3, (isnan(x3) ? 1.0f : x3)) - x3), x3) + 0.0f)) {
            x2 = (char)abs_diff((uchar)(char)((uint)(char)((convert_float(x0) >= x3) ? convert_char_sat(v4) : x2) - (uint)(char)x5), (uchar)(char)(~(char)(~(char)((x0 < (char)((__global const uint4 *)in)[((uint)(-(uint)i4)) % 256u].y) ? x1 : (char)x2))));
            ((__global uchar_a *)row)[((uint)((uint)mad24((uint)(i4 & 0xffff), (uint)((uint)((uint)mul_hi((uint)0xffd847e7u, (uint)x1) + (uint)(uint)clz(i4)) & 0xffff), (uint)x2) - (uint)(uint)(i4 ^ shr_uint((uint)x5, (uint)convert_uint_sat(v4))))) % 16u] = (uchar)(uchar)((uint)(uchar)(-(uint)(uchar)((short)sub_sat((ushort)(short)x4, (ushort)(short)0x6c37u) > (short)0x0u)) * (uint)(uchar)0x1u);
        } else {
            x3 = (-((fmin(convert_float(x4), (fdim(convert_float(x2), x3) * (fmin(x3, x3) + 0.0f))) + 0.0f)));
        }
    }
    { uint o = acc[26], w = (uint)x5;
      while (o < w && !__atomic_compare_exchange_n(&acc[26], &o, w, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {} }
    x1 = (char)((__global const ushort *)in)[((uint)x1) % 2048u];
    lb[lid * 2u + 0u] = (uchar)(char)popcount((char)((uint)x2 + (uint)(char)(~bitselect(x0, x4, x4))));
    lb[lid * 2u + 1u] = (uchar)shr_char(bitselect(x1, x0, x1), (uint)(uint)0xf182ebd7u);
    barrier(CLK_LOCAL_MEM_FENCE);
    x0 ^= (char)lb[(lid ^ 27u) * 2u + 1u];
    barrier(CLK_LOCAL_MEM_FENCE);
    x1 = (char)0x55u;
    x1 = div_char((char)((__global const uint4 *)in)[(rem_uint((uint)0x49ba770bu, (uint)x1)) % 256u].w, shr_char(x4, (uint)(uint)((uint)(uint)0x8u - (uint)(uint)0x3f823dbdu)));
    x4 = (char)((char)(((char)((__global const uint4 *)in)[((uint)((x3 < convert_float(v4)) ? (uint)0xea16ff8u : (uint)0x5u)) % 256u].z < 0) ? (char)((__global const uint4 *)in)[((uint)((x3 < convert_float(v4)) ? (uint)0xea16ff8u : (uint)0x5u)) % 256u].z : (uint)(char)((char)x5 | x1)) ^ x0);
    __atomic_fetch_add(&((__global float *)(acc + 56))[4], (float)((uint)0x5u & 0xffu), __ATOMIC_RELAXED);
    switch (add_sat(rotate((uint)0x3u, (uint)((uint)0xccaf32e0u | (uint)(~(uint)0x2u))), rotate((uint)x5, (uint)abs_diff((uint)(uint)0x4u, (uint)(uint)((uint)mul_hi((uint)0x7u, (uint)0xce116b71u) + (uint)(uint)0x2u)))) & 7) {
    case 2: {
        if (fabs(1e10f) >= x3) {
            x5 = (int)((uint)(int)(((ulong)0x3ffffffful != convert_ulong_sat_rtz(fmin(x3, 9.2e18f))) ? x5 : add_sat(x5, (int)(~x5))) - (uint)(int)((int)v4 & (int)((uint)(int)(-(uint)x5) - (uint)shr_int(x5, (uint)(uint)0x8u))));
            ulong v8 = clamp((ulong)0x0ul, min((ulong)0x171829d60e54c090ul, (ulong)((__global const char *)in)[(convert_uint_sat(x3)) % 4096u]), max((ulong)0x171829d60e54c090ul, (ulong)((__global const char *)in)[(convert_uint_sat(x3)) % 4096u]));
            x1 = x0;
        }
        break;
    }
    case 3: {
        x0 = (char)((__global const short *)in)[((uint)0x4u) % 2048u];
        break;
    }
    case 7: {
        if (rotate((short)0x3fffu, (short)0x9095u) > (short)(~(short)((__global const uchar *)in)[((uint)0x4cb76844u) % 4096u])) {
            x3 = copysign((fmax((-(convert_float((ulong)0xff97a8dd0b714a91ul))), x3) + 0.0f), (isnan(fdim(x3, x3)) ? 1.0f : fdim(x3, x3)));
        } else {
            for (uint i8 = 0; i8 < 6; i8++) {
                x3 = copysign((convert_float((uint)get_group_id(0)) + fdim(convert_float(x1), x3)), (isnan(convert_float((ushort)0x8u)) ? 1.0f : convert_float((ushort)0x8u)));
            }
        }
        x1 = clamp(x4, min(x2, (char)(((uchar)0x26u <= (uchar)0x7fu) ? x4 : x0)), max(x2, (char)(((uchar)0x26u <= (uchar)0x7fu) ? x4 : x0)));
        break;
    }
    default: {
        x1 = arr0[(upsample((ushort)((uint)(ushort)x1 * (uint)(ushort)0x4u), div_ushort((ushort)0x8u, div_ushort((ushort)0x8e6u, (ushort)((x3 >= 1.0f) ? (ushort)0xe65au : (ushort)0x3ffu))))) % 4u];
        break;
    }
    }
    switch ((uchar)(-(uint)mul_hi((uchar)x5, (uchar)((-0.0f <= x3) ? bitselect((uchar)0x7au, (uchar)0x7u, (uchar)0x0u) : (uchar)0x1u))) & 7) {
    case 1: {
        short v10 = div_short((short)clz((short)((__global const uchar *)in)[((uint)clz((uint)v4)) % 4096u]), (short)0x7u);
        break;
    }
    case 3: {
        __atomic_fetch_add(&((__global ulong *)(acc + 32))[0], (ulong)(ulong)(((ushort)0x1fffu != (ushort)(~(ushort)0x9705u)) ? (ulong)0x7f1f1b2c6a23623dul : (ulong)((ulong)bitselect((ulong)0x907e3ee741d494abul, (ulong)0x4ul, (ulong)0x4bd43d33221e0f69ul) - (ulong)(ulong)((ulong)(ulong)0x22f96e28b9c6fdcbul * (ulong)(ulong)0xfffffful))), __ATOMIC_SEQ_CST);
        break;
    }
    default: {
        x4 = (char)0x80u;
        break;
    }
    }
    x2 = max((char)sub_sat((uchar)mul_hi(add_sat(x1, x4), (char)0x3u), (uchar)(char)popcount((char)x1)), (char)0x4u);
    lb[lid * 2u + 1u] = (uchar)add_sat((short)x1, (short)clz((short)0x1u));
    lb[lid * 2u + 0u] = (uchar)(short)((uint)(short)popcount((short)(~(short)0x38c4u)) * (uint)(short)popcount((short)(~(short)0x3u)));
    barrier(CLK_LOCAL_MEM_FENCE);
    x5 ^= (int)lb[((lid * 11u) % 128u) * 2u + 0u];
    barrier(CLK_LOCAL_MEM_FENCE);
    if ((short)((uint)(short)((__global const uchar *)in)[((uint)0x4e8cd1f2u) % 4096u] * (uint)(short)clz((short)0xc47du)) >= (short)(((uint)((uint)0x448debb6u ^ (uint)0xe8049d62u) <= (uint)0x6u) ? (short)0xc96eu : (short)((uint)(short)x2 - (uint)(short)0xf48cu))) {
        __atomic_fetch_max(&((__global char *)(acc + 52))[9], (char)(char)sub_sat((uchar)(char)0x10u, (uchar)x1), __ATOMIC_RELAXED);
        x5 = (int)abs((int)((char)((char)x5 ^ x0) < x4));
        if ((uchar)((((ulong)0x2ul & (ulong)0xfful) <= (ulong)0x3ul) ? (uchar)((uint)convert_uchar_sat(x3) + (uint)(uchar)0xf4u) : (uchar)0xcbu) > (uchar)(rem_uchar((uchar)abs_diff((uchar)(uchar)0x2u, (uchar)(uchar)0x81u), shr_uchar((uchar)0xcau, (uint)(uint)0x3u)) | (uchar)((int)0x5157cfcbu == x5))) {
            x0 = arr0[(mul_hi(convert_uint_sat_rtz(x3), (uint)clz((uint)0x200u))) % 4u];
            ulong v11 = (ulong)(-(ulong)(ulong)0xacb2c364152f28c1ul);
        }
    } else {
        int v12 = (int)((__global uchar_a *)row)[(shl_uint((uint)0x5496ff53u, (uint)(uint)0x57a013f3u)) % 16u];
        v12 = upsample((short)x2, (ushort)0x1fffu);
        x2 = rhadd((char)gid, (char)0x9u);
    }
    switch (mul_hi((ushort)0x90b5u, (ushort)((rotate((ulong)0xc8dd5ce3459ba899ul, (ulong)0xfcda278b93a37d0cul) <= (ulong)x5) ? (ushort)((uint)mul_hi((ushort)((__global const uint4 *)in)[((uint)((uint)0x100u ^ convert_uint_sat_rtz(x3))) % 256u].y, (ushort)0x3766u) + (uint)(ushort)((uint)(ushort)0x4u + (uint)(ushort)((__global const short *)in)[((uint)0x400000u) % 2048u])) : (ushort)(-(uint)(ushort)0x10u))) & 7) {
    case 1: {
        v4 = (long)(-(ulong)v4);
        arr0[((uint)(~(uint)0xc9b9b07du)) % 4u] = div_char(hadd((char)((uint)mul_hi((char)abs_diff((uchar)x2, (uchar)(char)get_num_groups(0)), x4) + (uint)(char)((uint)x0 - (uint)convert_char_sat_rtz(x3))), shr_char((char)0x7fu, (uint)(uint)abs((uint)0x3u))), (char)((char)(x0 & (char)((uint)x4 + (uint)x0)) ^ x4));
        break;
    }
    case 4: {
        x1 = convert_char_sat_rtz(x3);
        break;
    }
    case 6: {
        ulong v13 = min((ulong)0x7ul, (ulong)0x101a623e8c1870d7ul);
    }
    default: {
        v4 = hadd(v4, (long)(~v4));
        break;
    }
    }
    if (((ulong)(((long)((long)((__global const long2 *)in)[((uint)0x1u) % 256u].y ^ (long)((__global const char *)in)[((uint)0x7u) % 4096u]) == v4) ? shl_ulong((ulong)0xf19a1deedff6c397ul, (uint)(uint)0xe185ab56u) : (ulong)((ulong)(-(ulong)(ulong)0x2a37e0ea6a0499bdul) ^ (ulong)0xdbafa86ae1106d57ul)) & (ulong)0x6ul) >= (ulong)0xe8e826db3801b328ul) {
        x0 = x1;
        x1 = (char)((uint)(char)(x4 ^ (char)(~rhadd((char)((__global uchar_a *)row)[((uint)v4) % 16u], x0))) - (uint)x4);
        x0 = (char)abs_diff((uchar)(char)0x1u, (uchar)(char)(~x2));
    }
    if (convert_float(x0) >= convert_float(x5)) {
        if ((int)((uint)(int)x5 * (uint)(int)(x5 ^ x5)) <= x5) {
            arr0[(upsample((ushort)popcount((ushort)(~(ushort)clz((ushort)((uint)(ushort)0x3u * (uint)(ushort)((__global const short *)in)[((uint)0x7u) % 2048u])))), (ushort)0x1u)) % 4u] = (char)((uint)mul_hi((char)x0, (char)((uint)mul_hi(x1, (char)popcount((char)(~(char)((__global const uchar *)in)[((uint)0xe01f33edu) % 4096u]))) + (uint)x4)) + (uint)(char)clz(clamp((char)x1, min(x2, rotate(x2, (char)0x16u)), max(x2, rotate(x2, (char)0x16u)))));
            x3 = (((convert_float(x2) > (-(x3))) ? (convert_float(x2) - (x3 - x3)) : x3) * x3);
        }
    }
    switch ((uchar)0x91u & 7) {
    case 2: {
        switch ((uint)0x7u & 7) {
        case 0: {
            __atomic_fetch_add(&((__global ulong *)(acc + 32))[0], (ulong)(ulong)(-(ulong)(ulong)((ulong)convert_ulong_sat(x4) * (ulong)clamp((ulong)0x435adad3f0b1d5d7ul, min((ulong)0xa31f2daebe19241ul, convert_ulong_sat(x0)), max((ulong)0xa31f2daebe19241ul, convert_ulong_sat(x0))))), __ATOMIC_ACQ_REL);
        }
        case 2: {
            if ((long)0x5ul < (long)0x100000000000ul) {
                float v14 = copysign(fma(copysign(x3, (isnan(floor(x3)) ? 1.0f : floor(x3))), copysign(convert_float(v4), (isnan(fdim(convert_float(x1), 0.0f)) ? 1.0f : fdim(convert_float(x1), 0.0f))), convert_float(x0)), (isnan(x3) ? 1.0f : x3));
            }
            break;
        }
        case 4: {
            x3 = (ceil(x3) * 0.0f);
            break;
        }
        case 6: {
            x2 = (char)x1;
            break;
        }
        case 7: {
            ulong v15 = (ulong)((ulong)(ulong)(~(ulong)((int)(((ushort)0x7u >= (ushort)x1) ? x5 : x5) == (int)popcount((int)(~x5)))) + (ulong)(ulong)((ulong)0x4ul ^ (ulong)x4));
            break;
        }
        default: {
            x0 = x2;
            break;
        }
        }
        break;
    }
    case 3: {
        x2 = x4;
        break;
    }
    case 4: {
        for (uint i15 = 0; i15 < 8; i15++) {
            x4 = bitselect((char)x1, (char)((char)0x74u & (char)x4), (char)x0);
            x1 = x0;
            x1 = x0;
        }
        break;
    }
    case 6: {
        v4 = (long)((fmax(x3, ((convert_float(x4) >= convert_float(v4)) ? x3 : x3)) + 0.0f) != x3);
        x4 = shl_char((char)((char)x0 ^ (char)((uint)(char)((uint)x4 + (uint)(char)x4) * (uint)(char)((__global const long2 *)in)[((uint)0x400000u) % 256u].x)), (uint)(uint)0xbb76ab71u);
        break;
    }
    case 7: {
        x3 = 1e-30f;
    }
    default: {
        if ((fma(x3, x3, -0.0f) * (copysign(convert_float(x4), (isnan(convert_float(x4)) ? 1.0f : convert_float(x4))) + convert_float(v4))) <= 0.1f) {
            if ((uint)clz((uint)0x5u) > (uint)0xf12c5d21u) {
                v4 = (long)clz(v4);
            } else {
                x4 = arr0[((uint)popcount((uint)(~(uint)0x7u))) % 4u];
                v4 = mul_hi((long)((ulong)v4 * (ulong)convert_long_sat(fmin(x3, 9.2e18f))), (long)abs_diff((ulong)shl_long(v4, (uint)(uint)((uint)((__global const uchar *)in)[((uint)0x6564667bu) % 4096u] | (uint)0x20000u)), (ulong)clamp(shl_long(v4, (uint)(uint)0x100u), min(shl_long(v4, (uint)(uint)0x100000u), v4), max(shl_long(v4, (uint)(uint)0x100000u), v4))));
                x2 = arr0[((uint)0x8u) % 4u];
            }
        } else {
            x1 = (char)((__global const ulong *)in)[((uint)0x3u) % 512u];
            ((__global uint_a *)row)[((uint)0x5u) % 4u] = (uint)clamp((uint)popcount((uint)(~upsample((ushort)0x8u, (ushort)v4))), min((uint)(-(uint)(uint)0x2000u), (uint)0x92698cu), max((uint)(-(uint)(uint)0x2000u), (uint)0x92698cu));
            x3 = fma(fma((x3 * convert_float(x0)), x3, x3), copysign(x3, (isnan(x3) ? 1.0f : x3)), fma(x3, (x3 + convert_float(x4)), fdim(x3, x3)));
        }
        break;
    }
    }
    x5 = mul_hi((int)(x5 & (int)((uint)(int)0x0u + (uint)(int)((uint)(int)x1 + (uint)(int)0x7u))), x5);
    x1 = (char)popcount((char)(~x1));
    row[4u] = (uint)(x0);
    row[5u] = (uint)(x1);
    row[6u] = (uint)(x2);
    row[7u] = fbits(x3);
    row[8u] = (uint)(x4);
    row[9u] = (uint)(x5);
    row[10u] = (uint)(v4);
    row[11u] = (uint)((ulong)v4 >> 32);
    row[12u] = (uint)(arr0[0]);
    row[13u] = (uint)(arr0[1]);
    row[14u] = (uint)(arr0[2]);
    row[15u] = (uint)(arr0[3]);
}
