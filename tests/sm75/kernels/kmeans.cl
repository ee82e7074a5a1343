// Checks: k-means assignment: nearest centroid by 64-bit squared distance (ISETP .EX), __local atomic_inc (ATOMS.ADD), 64-bit global atomic adds (RED.ADD.64).
#define ATOM_ADD64(p, v) __atomic_fetch_add((p), (v), __ATOMIC_RELAXED)
#define K 5
#define D 4
__kernel void kmeans(__global const short *pts, __global const short *cent, __global int *member,
                     __global int *counts, __global ulong *sums, __global long *sdist, int n)
{
    __local int lcount[K];
    int l = get_local_id(0);
    if (l < K) lcount[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = get_global_id(0);
    if (i < n) {
        int best = 0; long bestd = LONG_MAX;
        for (int c = 0; c < K; c++) {
            long dist = 0;
            for (int d = 0; d < D; d++) {
                int diff = (int)pts[i * D + d] - (int)cent[c * D + d];
                dist += (long)diff * diff;
            }
            if (dist < bestd) { bestd = dist; best = c; }
        }
        member[i] = best;
        atomic_inc(&lcount[best]);
        for (int d = 0; d < D; d++)
            ATOM_ADD64(&sums[best * D + d], (ulong)(long)pts[i * D + d]);
        ATOM_ADD64(&sdist[best], (long)bestd * (best & 1 ? -1 : 1));
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < K) atomic_add(&counts[l], lcount[l]);
}
