// Checks: radix sort step: 4-bit digits, Hillis-Steele scans in __local memory (20 barriers, loops), stable scatter of a 256-key tile, u16 stores.
#define TILE 256
__kernel void radix(__global const uint *keys, __global uint *out, __global ushort *digit_counts,
                    int n, int shift)
{
    __local uint lk[TILE];
    __local ushort flags[TILE];
    __local uint scan[TILE];
    __local uint base[17];
    int l = get_local_id(0);
    int g = get_global_id(0);
    uint k = g < n ? keys[g] : 0xffffffffu;
    lk[l] = k;
    uint dig = (k >> shift) & 0xf;
    if (l < 17) base[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint pos = 0;
    for (uint d = 0; d < 16; d++) {
        scan[l] = (dig == d);
        barrier(CLK_LOCAL_MEM_FENCE);
        // Hillis-Steele inclusive scan
        for (int off = 1; off < TILE; off <<= 1) {
            uint v = l >= off ? scan[l - off] : 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            scan[l] += v;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (dig == d) pos = scan[l] - 1;
        if (l == TILE - 1) base[d + 1] = scan[l];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) for (int d = 1; d <= 16; d++) base[d] += base[d - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint dst = base[dig] + pos;
    out[get_group_id(0) * TILE + dst] = k;
    if (l < 16) digit_counts[get_group_id(0) * 16 + l] = (ushort)(base[l + 1] - base[l]);
    (void)flags;
}
