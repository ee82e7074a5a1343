// Checks: bitonic sort of 256 (key, value) pairs in __local memory (i32 and u16 LDS/STS, barriers in nested loops), ascending or descending by group.
#define N 256
__kernel void bitonic(__global const int *in, __global int *out, __global short *vals, int n)
{
    __local int k[N];
    __local short v[N];
    int l = get_local_id(0);
    int g = get_group_id(0);
    int gi = g * N + l;
    k[l] = gi < n ? in[gi] : INT_MAX;
    v[l] = (short)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    bool desc = g & 1;
    for (uint size = 2; size <= N; size <<= 1) {
        for (uint stride = size >> 1; stride > 0; stride >>= 1) {
            uint partner = l ^ stride;
            if (partner > l) {
                bool up = ((l & size) == 0) ^ desc;
                int a = k[l], b = k[partner];
                if ((a > b) == up) {
                    k[l] = b; k[partner] = a;
                    short t = v[l]; v[l] = v[partner]; v[partner] = t;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    out[g * N + l] = k[l];
    vals[g * N + l] = v[l];
}
