// Litmus tests for the gfx942 build of OpenCL 2.0 atomics (clang-19, the
// memory model of LLVM AMDGPUUsage). Every kernel runs `n` instances; role r
// of an instance is work-item 0 of workgroup r (one host thread each), and a
// spin barrier on sync[i] starts the roles of instance i together so they
// overlap. Instance i owns mem[4i .. 4i+4) (x = mem[4i], y = mem[4i+1]) and
// writes its observations to obs[4i .. 4i+4) (slot 2*role + k).
// The harness (tests/tests/litmus.rs) classifies each instance's outcome.

// libclc-19 has no OpenCL 2.0 atomic functions for amdgcn: clang's builtins
// are what they would call (device scope is LLVM's "agent").
#define DEV memory_scope_device
#define RLX __ATOMIC_RELAXED
#define ACQ __ATOMIC_ACQUIRE
#define REL __ATOMIC_RELEASE
#define AR __ATOMIC_ACQ_REL
#define SC __ATOMIC_SEQ_CST
#define ST(p, v, o) __opencl_atomic_store(p, v, o, DEV)
#define LD(p, o) __opencl_atomic_load(p, o, DEV)
#define FENCE(o) __builtin_amdgcn_fence(o, "agent")

static void start(global atomic_int *sync, int i, int roles) {
    __opencl_atomic_fetch_add(&sync[i], 1, RLX, DEV);
    while (LD(&sync[i], RLX) < roles) {}
}

// The loop every test shares: `BODY` runs with role, x, y and o (the
// instance's observation slots) in scope.
#define LITMUS(name, roles, BODY)                                              \
    kernel void name(global atomic_int *mem, global int *obs,                  \
                     global atomic_int *sync, int n) {                         \
        if (get_local_id(0) != 0) return;                                      \
        int role = get_group_id(0);                                            \
        for (int i = 0; i < n; i++) {                                          \
            global atomic_int *x = &mem[4 * i], *y = &mem[4 * i + 1];          \
            global int *o = &obs[4 * i];                                       \
            start(sync, i, roles);                                             \
            BODY                                                               \
        }                                                                      \
    }

// SB: x = 1; r0 = y  ||  y = 1; r1 = x. Weak outcome r0 = r1 = 0.
#define SB(STO, F, LDO)                                                        \
    if (role == 0) { ST(x, 1, STO); F; o[0] = LD(y, LDO); }                    \
    else           { ST(y, 1, STO); F; o[2] = LD(x, LDO); }
LITMUS(sb_relaxed, 2, SB(RLX, , RLX))
LITMUS(sb_fence_acq_rel, 2, SB(RLX, FENCE(AR), RLX))
LITMUS(sb_fence_sc, 2, SB(RLX, FENCE(SC), RLX))
LITMUS(sb_sc, 2, SB(SC, , SC))

// MP: x = 1; y = 1  ||  r0 = y; r1 = x. Weak outcome r0 = 1, r1 = 0.
#define MP(STO, F0, F1, LDO)                                                   \
    if (role == 0) { ST(x, 1, RLX); F0; ST(y, 1, STO); }                       \
    else           { int a = LD(y, LDO); F1; o[2] = a; o[3] = LD(x, RLX); }
LITMUS(mp_relaxed, 2, MP(RLX, , , RLX))
LITMUS(mp_rel_acq, 2, MP(REL, , , ACQ))
LITMUS(mp_fences, 2, MP(RLX, FENCE(REL), FENCE(ACQ), RLX))
LITMUS(mp_sc, 2, MP(SC, , , SC))

// LB: r0 = x; y = 1  ||  r1 = y; x = 1. Weak outcome r0 = r1 = 1.
#define LB(LDO, STO)                                                           \
    if (role == 0) { o[0] = LD(x, LDO); ST(y, 1, STO); }                       \
    else           { o[2] = LD(y, LDO); ST(x, 1, STO); }
LITMUS(lb_relaxed, 2, LB(RLX, RLX))
LITMUS(lb_acq_rel, 2, LB(ACQ, REL))

// CoRR: x = 1  ||  r0 = x; r1 = x. Forbidden r0 = 1, r1 = 0 (coherence).
LITMUS(corr, 2,
    if (role == 0) { ST(x, 1, RLX); }
    else           { int a = LD(x, RLX); o[2] = a; o[3] = LD(x, RLX); })

// 2+2W: x = 1; y = 2  ||  y = 1; x = 2. Weak final state x = 1, y = 1.
#define W22(O)                                                                 \
    if (role == 0) { ST(x, 1, O); ST(y, 2, O); }                               \
    else           { ST(y, 1, O); ST(x, 2, O); }
LITMUS(w22_relaxed, 2, W22(RLX))
LITMUS(w22_sc, 2, W22(SC))
