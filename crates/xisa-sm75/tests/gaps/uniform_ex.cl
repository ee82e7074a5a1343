// A 64-bit compare on the uniform datapath: x is the same in every lane of
// a workgroup, so ptxas evaluates libclc's sign tests for cbrt and sinh with
// UISETP.NE.U32.AND (the low words) and UISETP.NE.U32.AND.EX (the high
// words, reading the low result as its sixth operand). xisa once decoded
// the .EX form without that operand and read it as UPT: cbrt and sinh of a
// negative x came back positive (a silent wrong answer, found by an OpenCL
// builtins sweep). The other builtins keep enough registers live that
// ptxas chooses the uniform datapath. Built by build.sh (OpenCL C through
// tests/sm75/cl2cubin.sh); run by corpus_gaps.rs.
__kernel void uniform_ex(__global const double *restrict in, __global double *out, int n) {
    int i = get_group_id(0);
    if (i >= n) return;
    double x = in[2 * i], y = in[2 * i + 1];
    __global double *o = out + 48 * i;
    o[0] = cbrt(x);
    o[28] = pow(x, y);
    o[30] = acos(x);
    o[33] = sinh(x);
    o[35] = tanh(x);
    o[37] = acosh(x);
    o[39] = asinpi(x);
    o[40] = acospi(x);
    o[45] = log(fabs(x));
    o[47] = pow(fabs(x), 0.5 * y);
}

// A 16-byte load at a workgroup-uniform address through a const restrict
// pointer: ptxas emits LDG.E.U.128.CONSTANT (`.U.128`: a hint that every
// thread loads the same address), which xisa refused ("access size
// `U.128`"; found by the same sweep).
__kernel void uniform_load128(__global const uint4 *restrict in, __global uint4 *out, int n) {
    int i = get_group_id(0);
    if (i >= n) return;
    out[get_global_id(0)] = in[i] + (uint4)(1, 2, 3, 4);
}
