// Checks: global FP atomics no OpenCL source reaches directly: global_atomic_pk_add_f16/pk_add_bf16/add_f32/add_f64/min_f64/max_f64 and flat_atomic_add_f64, returning (sc0) on per-lane slots and non-returning on shared slots, with sc1/nt cache bits.
// One wave of 64 lanes (block 64, grid 1). Kernarg pointer in s[0:1] (the
// only user SGPR), lane id in v0.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.text
	.globl	asm_global_fp
	.p2align	8
	.type	asm_global_fp,@function
asm_global_fp:
	s_load_dwordx16 s[4:19], s[0:1], 0x0      // in32 in64 h b f d ret32 ret64
	v_lshlrev_b32_e32 v1, 2, v0                // v1 = lane * 4
	v_lshlrev_b32_e32 v2, 3, v0                // v2 = lane * 8
	v_and_b32_e32 v9, 3, v0
	v_lshlrev_b32_e32 v9, 2, v9                // v9 = (lane & 3) * 4
	v_and_b32_e32 v19, 3, v0
	v_lshlrev_b32_e32 v19, 3, v19              // v19 = (lane & 3) * 8
	v_mov_b32_e32 v16, 0x3c003c00              // f16 (1.0, 1.0)
	v_mov_b32_e32 v17, 0x3f803f80              // bf16 (1.0, 1.0)
	v_mov_b32_e32 v18, 1.0                     // f32 1.0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0x3ff00000              // v[20:21] = f64 1.0
	v_mov_b32_e32 v22, 0
	s_waitcnt lgkmcnt(0)
	global_load_dword v3, v1, s[4:5]           // in32[lane]
	global_load_dwordx2 v[4:5], v2, s[6:7]     // in64[lane]
	s_waitcnt vmcnt(0)
	// Returning forms on per-lane slots: the old value is the initial slot.
	global_atomic_pk_add_f16 v6, v1, v3, s[8:9] sc0
	global_atomic_pk_add_bf16 v7, v1, v3, s[10:11] sc0 sc1
	global_atomic_add_f32 v8, v1, v3, s[12:13] sc0
	global_atomic_add_f64 v[10:11], v2, v[4:5], s[14:15] sc0
	global_atomic_min_f64 v[12:13], v2, v[4:5], s[14:15] offset:512 sc0
	global_atomic_max_f64 v[14:15], v2, v[4:5], s[14:15] offset:1024 sc0 sc1
	// Non-returning forms on shared slots: every lane adds the same constant
	// (so the rounding sequence does not depend on the lane order), min/max
	// are order-free.
	global_atomic_pk_add_f16 v9, v16, s[8:9] offset:256
	global_atomic_pk_add_bf16 v9, v17, s[10:11] offset:256 sc1
	global_atomic_add_f32 v9, v18, s[12:13] offset:256 nt
	global_atomic_add_f64 v19, v[20:21], s[14:15] offset:1536
	global_atomic_min_f64 v22, v[4:5], s[14:15] offset:1568
	global_atomic_max_f64 v22, v[4:5], s[14:15] offset:1576 sc1
	// Flat form: d[198] += 1.0 from every lane through a 64-bit flat address.
	s_add_u32 s20, s14, 1584
	s_addc_u32 s21, s15, 0
	v_mov_b32_e32 v24, s20
	v_mov_b32_e32 v25, s21
	flat_atomic_add_f64 v[24:25], v[20:21]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	global_store_dword v1, v6, s[16:17]
	global_store_dword v1, v7, s[16:17] offset:256
	global_store_dword v1, v8, s[16:17] offset:512
	global_store_dwordx2 v2, v[10:11], s[18:19]
	global_store_dwordx2 v2, v[12:13], s[18:19] offset:512
	global_store_dwordx2 v2, v[14:15], s[18:19] offset:1024
	s_endpgm
.Lfunc_end0:
	.size	asm_global_fp, .Lfunc_end0-asm_global_fp

	.rodata
	.p2align	6
	.amdhsa_kernel asm_global_fp
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 64
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 26
		.amdhsa_next_free_sgpr 22
		.amdhsa_accum_offset 28
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
      - { .name: in32, .address_space: global, .offset: 0, .size: 8, .value_kind: global_buffer }
      - { .name: in64, .address_space: global, .offset: 8, .size: 8, .value_kind: global_buffer }
      - { .name: h, .address_space: global, .offset: 16, .size: 8, .value_kind: global_buffer }
      - { .name: b, .address_space: global, .offset: 24, .size: 8, .value_kind: global_buffer }
      - { .name: f, .address_space: global, .offset: 32, .size: 8, .value_kind: global_buffer }
      - { .name: d, .address_space: global, .offset: 40, .size: 8, .value_kind: global_buffer }
      - { .name: ret32, .address_space: global, .offset: 48, .size: 8, .value_kind: global_buffer }
      - { .name: ret64, .address_space: global, .offset: 56, .size: 8, .value_kind: global_buffer }
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 64
    .max_flat_workgroup_size: 64
    .name:           asm_global_fp
    .private_segment_fixed_size: 0
    .sgpr_count:     22
    .sgpr_spill_count: 0
    .symbol:         asm_global_fp.kd
    .vgpr_count:     26
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
