// Checks: LDS FP and packed atomics: ds_add_f32/ds_add_rtn_f32, ds_pk_add_f16/ds_pk_add_rtn_f16, ds_pk_add_bf16/ds_pk_add_rtn_bf16, ds_add_f64/ds_add_rtn_f64, ds_min_f32/ds_max_f32, ds_add_u32, ds_cmpst_rtn_b32, with s_barrier and ds_read/ds_write of every width used.
// One wave of 64 lanes (block 64, grid 1), 1568 bytes of LDS. Kernarg
// pointer in s[0:1], lane id in v0.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.text
	.globl	asm_ds
	.p2align	8
	.type	asm_ds,@function
asm_ds:
	s_load_dwordx4 s[4:7], s[0:1], 0x0         // in_f in_h
	s_load_dwordx2 s[8:9], s[0:1], 0x10        // out
	v_lshlrev_b32_e32 v1, 2, v0                // v1 = lane * 4
	v_lshlrev_b32_e32 v2, 3, v0                // v2 = lane * 8
	v_mov_b32_e32 v20, 0
	s_waitcnt lgkmcnt(0)
	global_load_dword v3, v1, s[4:5]           // in_f[lane]
	global_load_dword v4, v1, s[6:7]           // in_h[lane]
	// Initial LDS contents.
	v_mov_b32_e32 v10, 1.0
	v_mov_b32_e32 v11, 0x3c003c00              // f16 (1.0, 1.0)
	v_mov_b32_e32 v12, 0x3f803f80              // bf16 (1.0, 1.0)
	ds_write_b32 v1, v10                       // A[lane] = 1.0f
	ds_write_b32 v1, v11 offset:256            // B[lane]
	ds_write_b32 v1, v12 offset:512            // C[lane]
	ds_write_b32 v1, v0 offset:768             // D[lane] = lane
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0x3ff00000
	ds_write_b64 v2, v[14:15] offset:1056      // E[lane] = 1.0 (f64)
	v_mov_b32_e32 v17, 0x7f7fffff              // FLT_MAX
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	ds_write_b128 v20, v[20:23] offset:1024
	v_mov_b32_e32 v46, 0x400
	ds_write2_b32 v46, v20, v17 offset0:4 offset1:5   // S4 (1040) = 0, S5 (1044) = FLT_MAX
	ds_write_b64 v20, v[20:21] offset:1048     // S6 = 0.0 (f64)
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_barrier
	// Returning forms on per-lane slots.
	ds_add_rtn_f32 v5, v1, v3
	ds_pk_add_rtn_f16 v6, v1, v4 offset:256
	ds_pk_add_rtn_bf16 v7, v1, v4 offset:512
	v_and_b32_e32 v9, 1, v0
	v_add_u32_e32 v9, v0, v9                   // comparand: lane + (lane & 1)
	v_add_u32_e32 v16, 0x3e8, v0               // new value: 1000 + lane
	ds_cmpst_rtn_b32 v8, v1, v9, v16 offset:768
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0x3fd00000              // 0.25
	ds_add_rtn_f64 v[24:25], v2, v[18:19] offset:1056
	// Non-returning forms on the shared slots (same constant from every lane,
	// or order-free min/max/integer add).
	v_mov_b32_e32 v26, 0x38003c00              // f16 (1.0, 0.5)
	v_mov_b32_e32 v27, 0x3e803f80              // bf16 (1.0, 0.25)
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0x3ff00000              // 1.0 (f64)
	ds_add_f32 v20, v10 offset:1024
	ds_pk_add_f16 v20, v26 offset:1028
	ds_pk_add_bf16 v20, v27 offset:1032
	ds_add_u32 v20, v0 offset:1036
	ds_max_f32 v20, v3 offset:1040
	ds_min_f32 v20, v3 offset:1044
	ds_add_f64 v20, v[28:29] offset:1048
	s_waitcnt lgkmcnt(0)
	s_barrier
	// Read everything back and store it to out.
	ds_read_b32 v30, v1
	ds_read_b32 v31, v1 offset:256
	ds_read_b32 v32, v1 offset:512
	ds_read_b32 v33, v1 offset:768
	ds_read_b64 v[34:35], v2 offset:1056
	ds_read_b128 v[36:39], v20 offset:1024
	ds_read_b128 v[40:43], v20 offset:1040
	s_waitcnt lgkmcnt(0)
	global_store_dword v1, v30, s[8:9]
	global_store_dword v1, v31, s[8:9] offset:256
	global_store_dword v1, v32, s[8:9] offset:512
	global_store_dword v1, v33, s[8:9] offset:768
	global_store_dword v1, v5, s[8:9] offset:1024
	global_store_dword v1, v6, s[8:9] offset:1280
	global_store_dword v1, v7, s[8:9] offset:1536
	global_store_dword v1, v8, s[8:9] offset:1792
	global_store_dwordx4 v20, v[36:39], s[8:9] offset:2048
	global_store_dwordx4 v20, v[40:43], s[8:9] offset:2064
	v_add_u32_e32 v44, 0x820, v2               // 2080 + lane * 8
	global_store_dwordx2 v44, v[34:35], s[8:9]
	global_store_dwordx2 v44, v[24:25], s[8:9] offset:512
	s_endpgm
.Lfunc_end0:
	.size	asm_ds, .Lfunc_end0-asm_ds

	.rodata
	.p2align	6
	.amdhsa_kernel asm_ds
		.amdhsa_group_segment_fixed_size 1568
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 24
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 48
		.amdhsa_next_free_sgpr 10
		.amdhsa_accum_offset 48
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - { .name: in_f, .address_space: global, .offset: 0, .size: 8, .value_kind: global_buffer }
      - { .name: in_h, .address_space: global, .offset: 8, .size: 8, .value_kind: global_buffer }
      - { .name: out, .address_space: global, .offset: 16, .size: 8, .value_kind: global_buffer }
    .group_segment_fixed_size: 1568
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .max_flat_workgroup_size: 64
    .name:           asm_ds
    .private_segment_fixed_size: 0
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .symbol:         asm_ds.kd
    .vgpr_count:     48
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
