// Integer tensor-core MMA on sm_75 (inline PTX mma.sync m8n8k16 s8, as
// CUTLASS issues it; the fragment layout is the PTX ISA's).

// D (8x8 s32) = A (8x16 s8, row) * B (16x8 s8, col) + C.
extern "C" __global__ void mma_m8n8k16_s8(const int *A, const int *B, const int *C, int *D) {
    int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
    // A row g, bytes 4t..4t+3 are one word; B column g likewise.
    int a = A[g * 4 + t], b = B[g * 4 + t];
    int c0 = C[g * 8 + 2 * t], c1 = C[g * 8 + 2 * t + 1], d0, d1;
    asm volatile("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%0,%1}, {%2}, {%3}, {%4,%5};"
                 : "=r"(d0), "=r"(d1)
                 : "r"(a), "r"(b), "r"(c0), "r"(c1));
    D[g * 8 + 2 * t] = d0;
    D[g * 8 + 2 * t + 1] = d1;
}
