// Litmus tests for the gfx942 build of OpenCL 2.0 atomics (clang-19, the
// memory model of LLVM AMDGPUUsage). Every kernel runs `n` instances; role r
// of an instance is work-item 0 of workgroup r (one host thread each), and a
// spin barrier on sync[i] starts the roles of instance i together so they
// overlap. Instance i owns mem[4i .. 4i+4) (x = mem[4i], y = mem[4i+1],
// z = mem[4i+2]) and writes its observations to obs[4i .. 4i+4).
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
            global atomic_int *z = &mem[4 * i + 2];                            \
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

// CoWW: x = 1; x = 2 (one role). Final x = 1 breaks coherence.
LITMUS(coww, 2,
    if (role == 0) { ST(x, 1, RLX); ST(x, 2, RLX); })

// CoRW: r0 = x; x = 1  ||  x = 2. r0 = 2 with final x = 2 breaks coherence.
LITMUS(corw, 2,
    if (role == 0) { o[0] = LD(x, RLX); ST(x, 1, RLX); }
    else           { ST(x, 2, RLX); })

// IRIW: x = 1 || y = 1 || r0 = x; r1 = y || r2 = y; r3 = x. Weak: the
// readers see the writes in different orders (1, 0, 1, 0).
#define IRIW(STO, LDO)                                                         \
    if (role == 0)      { ST(x, 1, STO); }                                     \
    else if (role == 1) { ST(y, 1, STO); }                                     \
    else if (role == 2) { int a = LD(x, LDO); o[0] = a; o[1] = LD(y, LDO); }   \
    else                { int a = LD(y, LDO); o[2] = a; o[3] = LD(x, LDO); }
LITMUS(iriw_relaxed, 4, IRIW(RLX, RLX))
LITMUS(iriw_acq, 4, IRIW(RLX, ACQ))
LITMUS(iriw_sc, 4, IRIW(SC, SC))

// WRC: x = 1 || r0 = x; y = 1 || r1 = y; r2 = x. Weak: (1, 1, 0).
#define WRC(STO, LDO)                                                          \
    if (role == 0)      { ST(x, 1, RLX); }                                     \
    else if (role == 1) { o[0] = LD(x, RLX); ST(y, 1, STO); }                  \
    else                { int a = LD(y, LDO); o[2] = a; o[3] = LD(x, RLX); }
LITMUS(wrc_relaxed, 3, WRC(RLX, RLX))
LITMUS(wrc_rel_acq, 3, WRC(REL, ACQ))

// ISA2: x = 1; y = 1 || r0 = y; z = 1 || r1 = z; r2 = x. Weak: (1, 1, 0).
#define ISA2(STO, LDO)                                                         \
    if (role == 0)      { ST(x, 1, RLX); ST(y, 1, STO); }                      \
    else if (role == 1) { o[0] = LD(y, LDO); ST(z, 1, STO); }                  \
    else                { int a = LD(z, LDO); o[2] = a; o[3] = LD(x, RLX); }
LITMUS(isa2_relaxed, 3, ISA2(RLX, RLX))
LITMUS(isa2_rel_acq, 3, ISA2(REL, ACQ))

// R: x = 1; y = 1 || y = 2; r0 = x. Weak: final y = 2 with r0 = 0.
#define R(O)                                                                   \
    if (role == 0) { ST(x, 1, O); ST(y, 1, O); }                               \
    else           { ST(y, 2, O); o[2] = LD(x, O); }
LITMUS(r_relaxed, 2, R(RLX))
LITMUS(r_sc, 2, R(SC))

// S: x = 2; y = 1 || r0 = y; x = 1. Weak: final x = 2 with r0 = 1.
#define S(STO, LDO)                                                            \
    if (role == 0) { ST(x, 2, RLX); ST(y, 1, STO); }                           \
    else           { o[2] = LD(y, LDO); ST(x, 1, RLX); }
LITMUS(s_relaxed, 2, S(RLX, RLX))
LITMUS(s_rel_acq, 2, S(REL, ACQ))
