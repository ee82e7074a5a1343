// Tensor cores on sm_75 through inline PTX mma.sync, as CUTLASS issues
// them (the fragment layouts are the PTX ISA's): one warp per tile.

// D (16x8 f32) = A (16x8 f16, row-major) * B (8x8 f16, col) + C.
extern "C" __global__ void mma_m16n8k8_f16(const unsigned short *A, const unsigned short *B, const float *C, float *D) {
    int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
    int tile = blockIdx.x;
    A += tile * 128;
    B += tile * 64;
    C += tile * 128;
    D += tile * 128;
    unsigned a0 = A[g * 8 + 2 * t] | (unsigned)A[g * 8 + 2 * t + 1] << 16;
    unsigned a1 = A[(g + 8) * 8 + 2 * t] | (unsigned)A[(g + 8) * 8 + 2 * t + 1] << 16;
    // B is k x n, stored column-major: element (k, n) at n * 8 + k.
    unsigned b0 = B[g * 8 + 2 * t] | (unsigned)B[g * 8 + 2 * t + 1] << 16;
    float c0 = C[g * 8 + 2 * t], c1 = C[g * 8 + 2 * t + 1];
    float c2 = C[(g + 8) * 8 + 2 * t], c3 = C[(g + 8) * 8 + 2 * t + 1];
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(a0), "r"(a1), "r"(b0), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    D[g * 8 + 2 * t] = d0;
    D[g * 8 + 2 * t + 1] = d1;
    D[(g + 8) * 8 + 2 * t] = d2;
    D[(g + 8) * 8 + 2 * t + 1] = d3;
}

