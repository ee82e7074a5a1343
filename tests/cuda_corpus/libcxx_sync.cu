// libcu++ (CCCL) synchronization as modern CUDA code writes it:
// cuda::atomic_ref at block, device and system scope with relaxed,
// acquire, release, acq_rel and seq_cst orders (fetch_add/sub/min/max/and/
// or/xor on int, unsigned long long and float; ATOM.*.STRONG.{CTA,GPU,SYS}
// with MEMBAR.SC / MEMBAR.ALL and CCTL.IVALL around them),
// cuda::atomic_thread_fence, a compare_exchange_weak loop multiplying into
// a float, a spin lock built on cuda::binary_semaphore (libcu++'s exchange,
// polling, VOTE.ANY spin and globaltimer/NANOSLEEP backoff), and a
// block-scope release/acquire flag handing shared data from warp 0 to the
// other warps, which spin on it without a barrier.
#include <cuda/atomic>
#include <cuda/semaphore>

extern "C" __global__ void ref_ops(int *ci, unsigned long long *cu, float *cf, int *olds, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    cuda::atomic_ref<int, cuda::thread_scope_device> add(ci[0]);
    cuda::atomic_ref<int, cuda::thread_scope_block> mx(ci[1]);
    cuda::atomic_ref<int, cuda::thread_scope_system> mn(ci[2]);
    cuda::atomic_ref<int, cuda::thread_scope_device> bits(ci[3]);
    cuda::atomic_ref<int, cuda::thread_scope_block> mask(ci[4]);
    cuda::atomic_ref<int, cuda::thread_scope_system> flip(ci[5]);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> wide(cu[0]);
    cuda::atomic_ref<float, cuda::thread_scope_device> fsum(cf[0]);
    olds[t] = add.fetch_add(t % 7, cuda::std::memory_order_relaxed);
    mx.fetch_max(t * 37 % 1001, cuda::std::memory_order_acq_rel);
    mn.fetch_min(1000 - t * 13 % 977, cuda::std::memory_order_seq_cst);
    bits.fetch_or(1 << (t % 31), cuda::std::memory_order_release);
    mask.fetch_and(~(1 << ((t + 3) % 29)), cuda::std::memory_order_acquire);
    flip.fetch_xor(t * 2654435761u, cuda::std::memory_order_acq_rel);
    add.fetch_sub(t & 3, cuda::std::memory_order_relaxed);
    wide.fetch_add(1ull << 33 | (unsigned)t, cuda::std::memory_order_seq_cst);
    fsum.fetch_add(0.5f * (t % 4), cuda::std::memory_order_relaxed);
    cuda::atomic_thread_fence(cuda::std::memory_order_seq_cst, cuda::thread_scope_device);
}

// A CAS loop: multiply into a float at block scope (no native atomic).
extern "C" __global__ void cas_mul(float *acc, const float *f, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    cuda::atomic_ref<float, cuda::thread_scope_device> a(acc[t % 4]);
    float old = a.load(cuda::std::memory_order_relaxed);
    while (!a.compare_exchange_weak(old, old * f[t], cuda::std::memory_order_acq_rel,
                                    cuda::std::memory_order_relaxed)) {
    }
}

// A lock from a binary semaphore guarding a non-atomic read-modify-write of
// two words (a pair that must stay consistent).
extern "C" __global__ void sem_lock(int *pair, int *lockword, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    auto *sem = reinterpret_cast<cuda::binary_semaphore<cuda::thread_scope_device> *>(lockword);
    for (int k = 0; k < 2; k++) {
        sem->acquire();
        int a = pair[0], b = pair[1];
        pair[0] = a + t;
        pair[1] = b - t;
        sem->release();
    }
}

// Warp 0 produces, the other warps wait on a block-scope flag with acquire
// loads and read what warp 0 wrote before its release store.
extern "C" __global__ void flag_handoff(int *out) {
    __shared__ int data[32];
    __shared__ int flag;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
    if (threadIdx.x < 32) {
        data[threadIdx.x] = threadIdx.x * threadIdx.x + blockIdx.x;
        __syncwarp();
        if (threadIdx.x == 0) f.store(1, cuda::std::memory_order_release);
    } else {
        while (f.load(cuda::std::memory_order_acquire) == 0) {
        }
        out[blockIdx.x * blockDim.x + threadIdx.x] = data[threadIdx.x % 32];
    }
}
