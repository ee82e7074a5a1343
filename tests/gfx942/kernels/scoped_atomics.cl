// Checks: OpenCL 2.0 atomics with memory orders and scopes (work_group/device/all_svm_devices) through clang's __opencl_atomic_* builtins, acquire loads, release stores, mem_fence (sc0/sc1 bits, buffer_wbl2/buffer_inv).
__kernel void scoped_atomics(__global atomic_int *ctr, __global int *data, __global int *out) {
    __local atomic_int lctr;
    int l = get_local_id(0);
    int g = get_group_id(0);
    int ng = get_num_groups(0);
    if (l == 0) __opencl_atomic_init(&lctr, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    __opencl_atomic_fetch_add(&lctr, 1, memory_order_relaxed, memory_scope_work_group);
    __opencl_atomic_fetch_add(&ctr[0], 1, memory_order_acq_rel, memory_scope_device);
    __opencl_atomic_fetch_add(&ctr[1], 2, memory_order_seq_cst, memory_scope_all_svm_devices);
    __opencl_atomic_fetch_max(&ctr[2], g * 1000 + l, memory_order_release, memory_scope_device);
    __opencl_atomic_fetch_min(&ctr[3], l - g, memory_order_acquire, memory_scope_work_group);
    if (l == 0) {
        data[g] = 100 + g;
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        __opencl_atomic_store(&ctr[4 + g], 1, memory_order_release, memory_scope_device);
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (l == 1) {
        int f = __opencl_atomic_load(&ctr[4 + g], memory_order_acquire, memory_scope_device);
        out[g] = f ? data[g] : -1;
    }
    if (l == 2)
        out[ng + g] = __opencl_atomic_load(&lctr, memory_order_seq_cst, memory_scope_work_group);
}
