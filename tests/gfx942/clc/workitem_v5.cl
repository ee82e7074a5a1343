// get_global_offset and get_global_id for code object v5, linked into each
// OpenCL kernel ahead of libclc (tests/gfx942/build.sh).
//
// libclc-19's amdgcn--amdhsa.bc reads the global offsets at
// implicitarg + 4 + 4*dim, an older (pre-HSA-v5) layout, and inlines that read
// into get_global_id. Under code object v5 those bytes are
// hidden_block_count_y/z and the packed group sizes, so get_global_id would be
// wrong on hardware too. COV5 keeps hidden_global_offset_x/y/z (u64) at
// implicitarg + 40/48/56 (LLVM AMDGPUImplicitArgsTy). get_group_id,
// get_local_size and get_local_id still come from libclc.

size_t __attribute__((overloadable, const)) get_global_offset(uint dim) {
    __constant ulong *p =
        (__constant ulong *)((__constant char *)__builtin_amdgcn_implicitarg_ptr() + 40);
    return dim < 3 ? p[dim] : 0;
}

size_t __attribute__((overloadable, const)) get_global_id(uint dim) {
    return get_group_id(dim) * get_local_size(dim) + get_local_id(dim) + get_global_offset(dim);
}
