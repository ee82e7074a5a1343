// An OpenCL C kernel with a __local pointer argument: clang's nvptx64 ABI
// passes it as a 64-bit shared-window offset (`--arg local:N`). Each
// work-group reverses its slice of `in` through the __local buffer.
kernel void reverse_local(global const float *in, global float *out, local float *tmp) {
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    tmp[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = tmp[n - 1 - l] * 2.0f;
}
