/* The checks of the driver API's C clients: CHECK (a call succeeds) and
 * EXPECT_ERR (a call fails with a given code), besides expect.h's. */
#ifndef XISA_CLIENT_CHECK_H
#define XISA_CLIENT_CHECK_H

#include <cuda.h>

#include "expect.h"

#define CHECK(call)                                                            \
    do {                                                                       \
        CUresult r_ = (call);                                                  \
        if (r_ != CUDA_SUCCESS) {                                              \
            const char *n_ = "?";                                              \
            cuGetErrorName(r_, &n_);                                           \
            fprintf(stderr, "%s:%d: %s failed: %d %s\n", __FILE__, __LINE__,  \
                    #call, (int)r_, n_);                                       \
            exit(1);                                                           \
        }                                                                      \
        checks++;                                                              \
    } while (0)

#define EXPECT_ERR(call, code)                                                 \
    do {                                                                       \
        CUresult r_ = (call);                                                  \
        if (r_ != (code)) {                                                    \
            fprintf(stderr, "%s:%d: %s returned %d, expected %s\n", __FILE__,  \
                    __LINE__, #call, (int)r_, #code);                          \
            exit(1);                                                           \
        }                                                                      \
        checks++;                                                              \
    } while (0)

/* The start of a client's main: its usage check (one argument, the
 * directory of the test's kernels), cuInit and a context on device 0. */
static inline CUcontext client_start(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        exit(2);
    }
    CHECK(cuInit(0));
    CUdevice dev;
    CHECK(cuDeviceGet(&dev, 0));
    CUcontext ctx;
    CHECK(cuCtxCreate(&ctx, 0, dev));
    return ctx;
}

#endif
