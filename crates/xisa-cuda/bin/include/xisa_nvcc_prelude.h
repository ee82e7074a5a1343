/* Included first in every compilation of xisa's nvcc stand-in. nvcc's
   device compilation sees the host <cmath>, whose binary math functions
   take mixed arithmetic arguments (an integer or a double among them: the
   double function, C++'s promotion rule); NVRTC has only CUDA's own
   overloads, so `pow(x[i], y[i])` with a float and a double is ambiguous
   there. These templates give those calls the <cmath> meaning; exact
   overloads (float, float), (double, double), pow(float, int) still win. */
#pragma once
#define XISA_PROMOTED_BINARY(f)                                              \
    template <typename A, typename B>                                        \
    static __device__ __forceinline__ double f(A a, B b) {                   \
        return f(static_cast<double>(a), static_cast<double>(b));            \
    }
XISA_PROMOTED_BINARY(pow)
XISA_PROMOTED_BINARY(fmod)
XISA_PROMOTED_BINARY(atan2)
XISA_PROMOTED_BINARY(fmin)
XISA_PROMOTED_BINARY(fmax)
XISA_PROMOTED_BINARY(hypot)
XISA_PROMOTED_BINARY(copysign)
XISA_PROMOTED_BINARY(fdim)
XISA_PROMOTED_BINARY(remainder)
XISA_PROMOTED_BINARY(nextafter)
#undef XISA_PROMOTED_BINARY
