// Checks: 64-bit integer arithmetic that the backend expands inline: signed
// and unsigned long long division and modulo (C truncating semantics,
// negative operands, divisors of every magnitude from 1 to 2^63), and the
// 64 x 64 -> high 64 multiplies __umul64hi / __mul64hi.
#include <hip/hip_runtime.h>

// Per element i: numerator num[i] >> (5 i mod 64), divisor den[i] >> (i mod
// 64) (arithmetic shifts, so both keep their sign and range over all
// sizes), a zero divisor replaced by i + 1.
extern "C" __global__ void int64_divmod(const long long *num, const long long *den,
                                        long long *squot, long long *srem,
                                        unsigned long long *uquot, unsigned long long *urem,
                                        unsigned long long *umulhi, long long *smulhi, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const long long x = num[i] >> (5 * i % 64);
    long long y = den[i] >> (i % 64);
    if (y == 0) y = i + 1;
    squot[i] = x / y;
    srem[i] = x % y;
    const unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
    uquot[i] = ux / uy;
    urem[i] = ux % uy;
    umulhi[i] = __umul64hi((unsigned long long)num[i], (unsigned long long)den[i]);
    smulhi[i] = __mul64hi(num[i], den[i]);
}
