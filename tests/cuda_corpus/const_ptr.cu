// Generic pointers to __constant__ data (tests/tests/const_ptr.rs). ptxas
// turns PTX `cvta.const` into c[0x0][0x50] (the generic address of
// constant bank 3) plus the variable's offset, tests `isspacep.const`
// against it, and `printf` takes such a pointer as its format when the
// format is `.const` data (Numba puts every format string there). xisa
// read the word as an address above all memory: a Numba kernel calling
// print() faulted at it.

__constant__ int ctab[8] = {11, 22, 33, 44, 55, 66, 77, 88};
__constant__ char cfmt[] = "lane %d reads %d\n";

extern "C" __device__ int vprintf(const char *fmt, const char *args);

// out[t] = *p where p points at ctab[t & 7] for even t and at g[t] for odd
// t: one generic load reaching both spaces. flags[t]: bit 0 __isConstant,
// bit 1 __isGlobal of p.
extern "C" __global__ void const_or_global(int *out, int *flags, const int *g) {
    int t = threadIdx.x;
    const int *p = (t & 1) ? &g[t] : &ctab[t & 7];
    out[t] = *p;
    flags[t] = (__isConstant(p) ? 1 : 0) | (__isGlobal(p) ? 2 : 0);
}

// A format string in the constant bank, as Numba's print() passes it.
extern "C" __global__ void print_const_format(void) {
    int t = threadIdx.x;
    struct {
        int lane;
        int v;
    } args = {t, ctab[t & 7]};
    vprintf(cfmt, (const char *)&args);
}

// The generic address of ctab[i], for comparing with the address the
// driver gives the symbol.
extern "C" __global__ void address_of(unsigned long long *out, int i) {
    out[0] = (unsigned long long)&ctab[i];
}
