// Checks: MUBUF atomics through buffer resources built in SGPRs: buffer_atomic_add/swap/cmpswap/inc/dec (returning, offen and idxen with a stride), sub/smin/smax/umin/umax/and/or/xor (non-returning, soffset, sc1/nt), add_f32/pk_add_f16/add_f64/min_f64/max_f64, add_x2/umax_x2/cmpswap_x2.
// One wave of 64 lanes (block 64, grid 1). Kernarg pointer in s[0:1], lane id
// in v0. Buffer resources: base = the argument pointer, stride 0 (idxen: 4),
// num_records = the buffer's size (bytes; records for the strided one),
// dword 3 = 0x00020000 (DATA_FORMAT 32, the raw-buffer value LLVM uses on GFX9).
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.text
	.globl	asm_buffer
	.p2align	8
	.type	asm_buffer,@function
asm_buffer:
	s_load_dwordx8 s[4:11], s[0:1], 0x0        // in32 mem32 fmem mem64
	s_load_dwordx4 s[12:15], s[0:1], 0x20      // dmem ret32
	s_load_dwordx2 s[16:17], s[0:1], 0x30      // ret64
	v_lshlrev_b32_e32 v1, 2, v0                // v1 = lane * 4
	v_lshlrev_b32_e32 v2, 3, v0                // v2 = lane * 8
	s_waitcnt lgkmcnt(0)
	// mem32 V# s[20:23] (2048 bytes); strided V# s[24:27] at mem32 + 1280.
	s_mov_b32 s20, s6
	s_and_b32 s21, s7, 0xffff
	s_movk_i32 s22, 0x800
	s_mov_b32 s23, 0x20000
	s_add_u32 s24, s6, 0x500
	s_addc_u32 s25, s7, 0
	s_and_b32 s25, s25, 0xffff
	s_or_b32 s25, s25, 0x40000                 // stride 4
	s_movk_i32 s26, 0x40                       // 64 records
	s_mov_b32 s27, 0x20000
	// fmem V# s[28:31] (520 bytes), mem64 V# s[32:35] (1056 bytes),
	// dmem V# s[36:39] (536 bytes).
	s_mov_b32 s28, s8
	s_and_b32 s29, s9, 0xffff
	s_movk_i32 s30, 0x208
	s_mov_b32 s31, 0x20000
	s_mov_b32 s32, s10
	s_and_b32 s33, s11, 0xffff
	s_movk_i32 s34, 0x420
	s_mov_b32 s35, 0x20000
	s_mov_b32 s36, s12
	s_and_b32 s37, s13, 0xffff
	s_movk_i32 s38, 0x218
	s_mov_b32 s39, 0x20000
	s_movk_i32 s40, 0x620                      // soffset for the last shared slot
	global_load_dword v3, v1, s[4:5]           // in32[lane]
	s_waitcnt vmcnt(0)
	v_mov_b32_e32 v4, v3
	v_mov_b32_e32 v5, v3
	v_mov_b32_e32 v6, v3                       // cmpswap source
	v_and_b32_e32 v8, 1, v0
	v_add_u32_e32 v7, 0x80, v0
	v_add_u32_e32 v7, v7, v8                   // comparand: 128 + lane + (lane & 1)
	v_mov_b32_e32 v9, v3
	v_mov_b32_e32 v10, v3
	v_mov_b32_e32 v19, v3
	v_lshlrev_b32_e64 v11, v0, 1               // 1 << (lane & 31)
	v_not_b32_e32 v12, v11
	// Returning forms on per-lane slots of mem32 (vdata receives the old value).
	buffer_atomic_add v4, v1, s[20:23], 0 offen sc0
	buffer_atomic_swap v5, v1, s[20:23], 0 offen offset:256 sc0
	buffer_atomic_cmpswap v[6:7], v1, s[20:23], 0 offen offset:512 sc0
	buffer_atomic_inc v9, v1, s[20:23], 0 offen offset:768 sc0 sc1
	buffer_atomic_dec v10, v1, s[20:23], 0 offen offset:1024 sc0
	buffer_atomic_add v19, v0, s[24:27], 0 idxen sc0
	// Non-returning forms on the shared slots mem32[384..393].
	buffer_atomic_sub v3, off, s[20:23], 0 offset:1536
	buffer_atomic_smin v3, off, s[20:23], 0 offset:1540
	buffer_atomic_smax v3, off, s[20:23], 0 offset:1544 sc1
	buffer_atomic_umin v3, off, s[20:23], 0 offset:1548
	buffer_atomic_umax v3, off, s[20:23], 0 offset:1552 nt
	buffer_atomic_and v12, off, s[20:23], 0 offset:1556
	buffer_atomic_or v11, off, s[20:23], 0 offset:1560
	buffer_atomic_xor v3, off, s[20:23], 0 offset:1564
	buffer_atomic_add v3, off, s[20:23], s40
	// FP forms on fmem: shared f32 / packed f16 slots, per-lane returning.
	v_mov_b32_e32 v13, 1.0
	v_mov_b32_e32 v14, 0x38003c00              // f16 (1.0, 0.5)
	v_mov_b32_e32 v15, 0.5
	v_mov_b32_e32 v16, 0x40003c00              // f16 (1.0, 2.0)
	buffer_atomic_add_f32 v13, off, s[28:31], 0
	buffer_atomic_pk_add_f16 v14, off, s[28:31], 0 offset:4
	buffer_atomic_add_f32 v15, v1, s[28:31], 0 offen offset:8 sc0
	buffer_atomic_pk_add_f16 v16, v1, s[28:31], 0 offen offset:264 sc0
	// 64-bit integer forms on mem64.
	v_mov_b32_e32 v20, v0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v22, v3
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v24, v0
	v_mov_b32_e32 v25, 1
	v_add_u32_e32 v26, 0x42, v0
	v_mov_b32_e32 v27, 0                       // v[24:27] = (lane | 1 << 32, 66 + lane)
	buffer_atomic_add_x2 v[20:21], v2, s[32:35], 0 offen sc0
	buffer_atomic_umax_x2 v[22:23], off, s[32:35], 0 offset:512
	buffer_atomic_cmpswap_x2 v[24:27], v2, s[32:35], 0 offen offset:528 sc0
	// f64 forms on dmem.
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0x3ff00000              // 1.0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v31, 0x3fe00000              // 0.5
	v_cvt_f64_u32_e32 v[32:33], v0
	buffer_atomic_add_f64 v[28:29], off, s[36:39], 0
	buffer_atomic_add_f64 v[30:31], v2, s[36:39], 0 offen offset:8 sc0
	buffer_atomic_min_f64 v[32:33], off, s[36:39], 0 offset:520
	buffer_atomic_max_f64 v[32:33], off, s[36:39], 0 offset:528 sc1
	s_waitcnt vmcnt(0)
	global_store_dword v1, v4, s[14:15]
	global_store_dword v1, v5, s[14:15] offset:256
	global_store_dword v1, v6, s[14:15] offset:512
	global_store_dword v1, v9, s[14:15] offset:768
	global_store_dword v1, v10, s[14:15] offset:1024
	global_store_dword v1, v19, s[14:15] offset:1280
	global_store_dword v1, v15, s[14:15] offset:1536
	global_store_dword v1, v16, s[14:15] offset:1792
	global_store_dwordx2 v2, v[20:21], s[16:17]
	global_store_dwordx2 v2, v[24:25], s[16:17] offset:512
	global_store_dwordx2 v2, v[30:31], s[16:17] offset:1024
	s_endpgm
.Lfunc_end0:
	.size	asm_buffer, .Lfunc_end0-asm_buffer

	.rodata
	.p2align	6
	.amdhsa_kernel asm_buffer
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 56
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 34
		.amdhsa_next_free_sgpr 41
		.amdhsa_accum_offset 36
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
      - { .name: mem32, .address_space: global, .offset: 8, .size: 8, .value_kind: global_buffer }
      - { .name: fmem, .address_space: global, .offset: 16, .size: 8, .value_kind: global_buffer }
      - { .name: mem64, .address_space: global, .offset: 24, .size: 8, .value_kind: global_buffer }
      - { .name: dmem, .address_space: global, .offset: 32, .size: 8, .value_kind: global_buffer }
      - { .name: ret32, .address_space: global, .offset: 40, .size: 8, .value_kind: global_buffer }
      - { .name: ret64, .address_space: global, .offset: 48, .size: 8, .value_kind: global_buffer }
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 56
    .max_flat_workgroup_size: 64
    .name:           asm_buffer
    .private_segment_fixed_size: 0
    .sgpr_count:     41
    .sgpr_spill_count: 0
    .symbol:         asm_buffer.kd
    .vgpr_count:     34
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
