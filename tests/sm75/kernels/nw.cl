// Checks: Needleman-Wunsch 16x16 block scored anti-diagonally in __local memory (2D local arrays, 32 barriers in unrolled loops, i8 compares, IMNMX).
#define B 16
__kernel void nw(__global const int *ref, __global const char *seqa, __global const char *seqb,
                 __global int *score_out, int penalty, int nblocks)
{
    __local int tmp[B + 1][B + 1];
    __local int refl[B][B];
    int tx = get_local_id(0);
    int bx = get_group_id(0);
    if (bx >= nblocks) return;
    // block-local borders: top row / left column derived from the block index
    for (int i = 0; i < B; i++) refl[i][tx] = ref[(bx * B + i) * B + tx];
    if (tx == 0) tmp[0][0] = -bx * 3;
    tmp[0][tx + 1] = -(tx + 1) * penalty + bx;
    tmp[tx + 1][0] = -(tx + 1) * penalty - bx;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int m = 0; m < B; m++) {
        if (tx <= m) {
            int x = tx + 1, y = m - tx + 1;
            char a = seqa[bx * B + x - 1], b = seqb[bx * B + y - 1];
            int match = (a == b) ? refl[y - 1][x - 1] : -refl[y - 1][x - 1];
            int d = tmp[y - 1][x - 1] + match;
            int l = tmp[y][x - 1] - penalty;
            int u = tmp[y - 1][x] - penalty;
            tmp[y][x] = max(d, max(l, u));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int m = B - 2; m >= 0; m--) {
        if (tx <= m) {
            int x = tx + B - m, y = B - tx;
            char a = seqa[bx * B + x - 1], b = seqb[bx * B + y - 1];
            int match = (a == b) ? refl[y - 1][x - 1] : -refl[y - 1][x - 1];
            int d = tmp[y - 1][x - 1] + match;
            int l = tmp[y][x - 1] - penalty;
            int u = tmp[y - 1][x] - penalty;
            tmp[y][x] = max(d, max(l, u));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < B; i++) score_out[(bx * B + i) * B + tx] = tmp[i + 1][tx + 1];
}
