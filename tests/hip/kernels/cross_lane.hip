// Cross-lane builtins (ds_swizzle, ds_bpermute, ds_permute, readlane, mbcnt, DPP) and
// scoped atomics with explicit orders (__hip_atomic_*), as HIP libraries write them.
#include <hip/hip_runtime.h>

// ds_swizzle (quad perm and the 32-lane bitmask mode), ds_bpermute,
// ds_permute, readlane/readfirstlane, mbcnt and a 64-bit ballot.
extern "C" __global__ void lanes(const int *in, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = __lane_id();
    int x = in[i];
    int *o = out + i * 8;
    // quad_perm(3,2,1,0): offset = 0b1000_0000 | perm
    o[0] = __builtin_amdgcn_ds_swizzle(x, 0x801b);
    // bitmask mode: and 0x1f, or 0, xor 0x04 -> lane ^ 4 within 32
    o[1] = __builtin_amdgcn_ds_swizzle(x, (0x04 << 10) | 0x1f);
    // bpermute: read lane (lane*7+3)%64 (address in bytes)
    o[2] = __builtin_amdgcn_ds_bpermute(((lane * 7 + 3) & 63) << 2, x);
    // permute: send x to lane (lane+5)%64
    o[3] = __builtin_amdgcn_ds_permute(((lane + 5) & 63) << 2, x);
    o[4] = __builtin_amdgcn_readlane(x, 37);
    o[5] = __builtin_amdgcn_readfirstlane(x + 1);
    unsigned long long b = __ballot(x > 0);
    o[6] = __builtin_amdgcn_mbcnt_hi((unsigned)(b >> 32), __builtin_amdgcn_mbcnt_lo((unsigned)b, 0));
    o[7] = __popcll(b);
}

// DPP: row_shr:1 with bound_ctrl (zero in), row_bcast15-style scan pieces
// through update_dpp, and mov_dpp row_ror.
extern "C" __global__ void dpp(const int *in, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[i];
    int *o = out + i * 4;
    // row_shr:1 = 0x111, row_mask 0xf, bank_mask 0xf, bound_ctrl true
    o[0] = __builtin_amdgcn_update_dpp(0, x, 0x111, 0xf, 0xf, true);
    // row_shr:2 without bound_ctrl: old value (-1) where no source
    o[1] = __builtin_amdgcn_update_dpp(-1, x, 0x112, 0xf, 0xf, false);
    // row_ror:4 = 0x124
    o[2] = __builtin_amdgcn_mov_dpp(x, 0x124, 0xf, 0xf, false);
    // row_mirror = 0x140
    o[3] = __builtin_amdgcn_update_dpp(0, x, 0x140, 0xf, 0xf, true);
}

// Scoped atomics with explicit orders (hip/amd_detail/amd_hip_atomic.h's
// __hip_atomic_* builtins): workgroup, agent and system scope.
extern "C" __global__ void scoped(int *c, unsigned long long *w, float *f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __hip_atomic_fetch_add(&c[0], i % 5, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_fetch_max(&c[1], (i * 31) % 1000, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_WORKGROUP);
    __hip_atomic_fetch_min(&c[2], 5000 - (i * 17) % 4000, __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_SYSTEM);
    __hip_atomic_fetch_xor(&c[3], i * 0x9e3779b1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WAVEFRONT);
    __hip_atomic_fetch_add(&w[0], (1ull << 35) + i, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_fetch_add(&f[0], 0.25f * (i % 8), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    int expected = __hip_atomic_load(&c[4], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    while (!__hip_atomic_compare_exchange_strong(&c[4], &expected, expected + 2 * i + 1,
                                                 __ATOMIC_ACQ_REL, __ATOMIC_RELAXED,
                                                 __HIP_MEMORY_SCOPE_AGENT)) {
    }
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
}
