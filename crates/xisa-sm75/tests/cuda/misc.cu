// __sad/__usad (VABSDIFF), __vsadu4/__vabsdiffu4 (VABSDIFF4) and __trap()
// (BPT.TRAP).
extern "C" __global__ void sad(const int *a, const int *b, const unsigned *c, unsigned *o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        o[4 * i] = __sad(a[i], b[i], c[i]);
        o[4 * i + 1] = __usad((unsigned)a[i], (unsigned)b[i], c[i]);
        o[4 * i + 2] = __vsadu4((unsigned)a[i], (unsigned)b[i]) + c[i];
        o[4 * i + 3] = __vabsdiffu4((unsigned)a[i], (unsigned)b[i]);
    }
}

extern "C" __global__ void trap(const int *x, int *y) {
    int i = threadIdx.x;
    if (x[i] == 12345) __trap();
    y[i] = x[i] + 1;
}
