// Checks: a 64-bit uniform value plus 64-bit constants before a loop: ptxas's
// UIADD3 URlo, UP0, URa, imm, URZ and UIADD3.X URhi, URb, imm, URZ, UP0, !UPT
// (the .X immediate form once decoded to `?` operands; xxHash's seed setup).
__kernel void uiadd3x_imm(__global ulong *out, uint lo, uint hi, int n) {
  ulong seed = upsample(hi, lo);
  ulong v1 = seed + 0x61C8864E7A143579ul, v2 = seed - 0x3D4D51C2D82B14B1ul;
  for (int i = 0; i < n; i++) { v1 = v1 * 31 + get_global_id(0); v2 ^= v1 >> 7; }
  out[get_global_id(0)] = v1 + v2;
}
