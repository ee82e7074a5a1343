// Checks: 64-bit hashing: fmix64 multiplies (IMAD.WIDE.U32 chains), 64-bit rotates and variable shifts, mul_hi, 64-bit div/rem by constants and variables, atomic_inc buckets.
__kernel void hash64(__global const ulong *in, __global ulong *out, __global long *sdiv, __global uint *bucket, int n)
{
    int i = get_global_id(0);
    if (i >= n) return;
    ulong k = in[i];
    // murmur3 fmix64
    k ^= k >> 33; k *= 0xff51afd7ed558ccdul; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ul; k ^= k >> 33;
    ulong h = k;
    for (int r = 0; r < (int)(k & 7); r++) h = rotate(h, (ulong)(13 + r)) * 5 + 0xe6546b64;
    out[i * 4 + 0] = h;
    out[i * 4 + 1] = h / 1000000007ul + h % 10ul;
    out[i * 4 + 2] = (h >> (k & 63)) | (h << ((k >> 6) & 63));
    out[i * 4 + 3] = mul_hi(h, 0x9e3779b97f4a7c15ul) + (ulong)mul_hi((uint)h, (uint)(h >> 32));
    long s = (long)h;
    sdiv[i * 4 + 0] = s / 7;
    sdiv[i * 4 + 1] = s % -13;
    sdiv[i * 4 + 2] = s / (long)((int)k | 1);
    sdiv[i * 4 + 3] = (s >> 3) / 1000 + (long)((int)s / -3) + (long)((short)s % 5) + (long)((char)(s >> 8) / 3);
    atomic_inc(&bucket[(uint)(h % 61ul)]);
}
