// Checks: BFS level step over an implicit CSR graph (u8 loads/stores, data-dependent loops, unsigned remainder, atomic_inc aggregated by a warp vote, RED.MIN on costs).
__kernel void bfs(__global const uchar *frontier_in, __global uchar *frontier_out,
                  __global uchar *visited, __global int *cost, __global uint *edges_seen,
                  __global const int *deg, int n, int level)
{
    int tid = get_global_id(0);
    if (tid >= n) return;
    if (!frontier_in[tid]) return;
    // row pointer = prefix of degrees computed by a sequential loop (small n)
    int start = 0;
    for (int j = 0; j < tid; ++j) start += deg[j];
    int d = deg[tid];
    for (int e = start; e < start + d; ++e) {
        int nb = (int)(((uint)e * 2654435761u) % (uint)n);
        atomic_inc(edges_seen);
        if (!visited[nb]) {
            atomic_min(&cost[nb], level + 1);
            frontier_out[nb] = 1;
        }
    }
}
