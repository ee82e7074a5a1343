/* A C program written against cuda.h, as a CUDA user writes one: every
 * call of the driver API xisa's libcuda.so.1 provides, results checked
 * against values computed here, and the error paths a program relies on.
 * Usage: driver_api DIR (DIR holds kernels.cubin and kernels.ptx). */
#include "check.h"

#include <cuda.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* saxpy through kernelParams and through extra; returns max error. */
static void run_saxpy(CUfunction f, int n) {
    float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
    float *out = malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        x[i] = (float)i * 0.5f;
        y[i] = (float)(n - i);
    }
    CUdeviceptr dx, dy;
    CHECK(cuMemAlloc(&dx, n * sizeof(float)));
    CHECK(cuMemAlloc(&dy, n * sizeof(float)));
    CHECK(cuMemcpyHtoD(dx, x, n * sizeof(float)));
    CHECK(cuMemcpyHtoD(dy, y, n * sizeof(float)));
    float a = 3.0f;
    void *params[] = {&a, &dx, &dy, &n};
    CHECK(cuLaunchKernel(f, (n + 127) / 128, 1, 1, 128, 1, 1, 0, 0, params, NULL));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(out, dy, n * sizeof(float)));
    for (int i = 0; i < n; i++) EXPECT(out[i] == 3.0f * x[i] + y[i]);

    /* The same launch with one packed parameter buffer (CUDA's layout:
     * each parameter at its natural alignment). */
    struct {
        float a;
        int pad;
        CUdeviceptr x, y;
        int n;
    } packed = {2.0f, 0, dx, dy, n};
    size_t size = sizeof packed;
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE,
                     &size, CU_LAUNCH_PARAM_END};
    CHECK(cuLaunchKernel(f, (n + 127) / 128, 1, 1, 128, 1, 1, 0, 0, NULL, extra));
    CHECK(cuMemcpyDtoH(out, dy, n * sizeof(float)));
    for (int i = 0; i < n; i++) EXPECT(out[i] == 5.0f * x[i] + y[i]);
    CHECK(cuMemFree(dx));
    CHECK(cuMemFree(dy));
    free(x);
    free(y);
    free(out);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    char path[4096];

    /* Before cuInit. */
    int count = -1;
    EXPECT_ERR(cuDeviceGetCount(&count), CUDA_ERROR_NOT_INITIALIZED);
    EXPECT_ERR(cuInit(1), CUDA_ERROR_INVALID_VALUE);
    CHECK(cuInit(0));
    int version = 0;
    CHECK(cuDriverGetVersion(&version));
    EXPECT(version >= 12000);

    /* The device. */
    CHECK(cuDeviceGetCount(&count));
    EXPECT(count == 1);
    CUdevice dev;
    CHECK(cuDeviceGet(&dev, 0));
    EXPECT_ERR(cuDeviceGet(&dev, 1), CUDA_ERROR_INVALID_DEVICE);
    char name[64];
    CHECK(cuDeviceGetName(name, sizeof name, dev));
    EXPECT(strlen(name) > 0);
    int major = 0, minor = 0, warp = 0, maxt = 0, smem = 0;
    CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
    CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
    CHECK(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
    CHECK(cuDeviceGetAttribute(&maxt, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev));
    CHECK(cuDeviceGetAttribute(&smem, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, dev));
    EXPECT(major == 7 && minor == 5 && warp == 32 && maxt == 1024 && smem == 49152);
    size_t total = 0;
    CHECK(cuDeviceTotalMem(&total, dev));
    EXPECT(total >= (1u << 30));
    CUuuid uuid;
    CHECK(cuDeviceGetUuid(&uuid, dev));

    /* No context yet. */
    CUdeviceptr none;
    EXPECT_ERR(cuMemAlloc(&none, 16), CUDA_ERROR_INVALID_CONTEXT);

    /* A context, current on this thread. */
    CUcontext ctx, cur;
    CHECK(cuCtxCreate(&ctx, 0, dev));
    CHECK(cuCtxGetCurrent(&cur));
    EXPECT(cur == ctx);
    CUdevice cdev = -1;
    CHECK(cuCtxGetDevice(&cdev));
    EXPECT(cdev == 0);
    size_t stack = 0;
    CHECK(cuCtxGetLimit(&stack, CU_LIMIT_STACK_SIZE));
    EXPECT(stack == 1024);
    CHECK(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 4096));
    CHECK(cuCtxGetLimit(&stack, CU_LIMIT_STACK_SIZE));
    EXPECT(stack == 4096);

    /* Modules: a cubin file, the same cubin from memory, PTX text. */
    CUmodule mod, mod2, mod3;
    snprintf(path, sizeof path, "%s/kernels.cubin", argv[1]);
    CHECK(cuModuleLoad(&mod, path));
    size_t cubin_len;
    char *cubin = read_file(path, &cubin_len);
    CHECK(cuModuleLoadData(&mod2, cubin));
    EXPECT_ERR(cuModuleLoad(&mod3, "/nonexistent/k.cubin"), CUDA_ERROR_FILE_NOT_FOUND);
    EXPECT_ERR(cuModuleLoadData(&mod3, "not a module"), CUDA_ERROR_INVALID_IMAGE);
    CUfunction saxpy, saxpy2, scale, count_k, store_at, hello, by_value, reverse;
    CHECK(cuModuleGetFunction(&saxpy, mod, "saxpy"));
    CHECK(cuModuleGetFunction(&saxpy2, mod2, "saxpy"));
    EXPECT_ERR(cuModuleGetFunction(&saxpy, mod, "no_such_kernel"), CUDA_ERROR_NOT_FOUND);
    CHECK(cuModuleGetFunction(&scale, mod, "scale_by_const"));
    CHECK(cuModuleGetFunction(&count_k, mod, "count"));
    CHECK(cuModuleGetFunction(&store_at, mod, "store_at"));
    CHECK(cuModuleGetFunction(&hello, mod, "hello"));
    CHECK(cuModuleGetFunction(&by_value, mod, "by_value"));
    CHECK(cuModuleGetFunction(&reverse, mod, "reverse_shared"));

    run_saxpy(saxpy, 1000);
    run_saxpy(saxpy2, 77);

    /* Fat binaries: bare, and behind nvcc's wrapper; one without sm_75
     * code is refused with NO_BINARY_FOR_GPU. */
    {
        unsigned char *fat = fatbin_of(cubin, cubin_len, 2, 75);
        CUmodule mf;
        CUfunction sf;
        CHECK(cuModuleLoadFatBinary(&mf, fat));
        CHECK(cuModuleGetFunction(&sf, mf, "saxpy"));
        run_saxpy(sf, 64);
        struct {
            uint32_t magic, version;
            const void *data, *list;
        } wrapper = {0x466243B1u, 1, fat, NULL};
        CHECK(cuModuleLoadData(&mf, &wrapper));
        CHECK(cuModuleGetFunction(&sf, mf, "saxpy"));
        run_saxpy(sf, 65);
        unsigned char *sm80 = fatbin_of(cubin, cubin_len, 2, 80);
        EXPECT_ERR(cuModuleLoadFatBinary(&mf, sm80), CUDA_ERROR_NO_BINARY_FOR_GPU);
        free(sm80);
        free(fat);
    }

    /* PTX, compiled by ptxas behind the driver (skipped, and said so,
     * when the program is told there is no ptxas). */
    if (argc < 3 || strcmp(argv[2], "--no-ptx") != 0) {
        snprintf(path, sizeof path, "%s/kernels.ptx", argv[1]);
        char *ptx = read_file(path, NULL);
        CHECK(cuModuleLoadDataEx(&mod3, ptx, 0, NULL, NULL));
        CUfunction saxpy3;
        CHECK(cuModuleGetFunction(&saxpy3, mod3, "saxpy"));
        run_saxpy(saxpy3, 300);
        /* A fat binary with only PTX (for an older architecture). */
        unsigned char *fatptx = fatbin_of(ptx, strlen(ptx) + 1, 1, 70);
        CHECK(cuModuleLoadFatBinary(&mod3, fatptx));
        CHECK(cuModuleGetFunction(&saxpy3, mod3, "saxpy"));
        run_saxpy(saxpy3, 301);
        free(fatptx);
        const char *bad = ".version 8.8\n.target sm_75\nthis is not ptx\n";
        EXPECT_ERR(cuModuleLoadData(&mod3, bad), CUDA_ERROR_INVALID_PTX);

        /* The JIT linker with one PTX input; ptxas's messages in the
         * error log buffer, its length written back. */
        char errlog[4096] = {0};
        CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
        void *vals[] = {errlog, (void *)(uintptr_t)sizeof errlog};
        CUlinkState ls;
        CHECK(cuLinkCreate(2, opts, vals, &ls));
        CHECK(cuLinkAddData(ls, CU_JIT_INPUT_PTX, ptx, strlen(ptx) + 1, "kernels.ptx", 0, NULL,
                            NULL));
        void *linked;
        size_t linked_size = 0;
        CHECK(cuLinkComplete(ls, &linked, &linked_size));
        EXPECT(linked_size > 1000);
        CUmodule mod4;
        CHECK(cuModuleLoadData(&mod4, linked));
        CHECK(cuLinkDestroy(ls));
        CUfunction saxpy4;
        CHECK(cuModuleGetFunction(&saxpy4, mod4, "saxpy"));
        run_saxpy(saxpy4, 33);
        CHECK(cuModuleUnload(mod4));
        EXPECT_ERR(cuModuleGetFunction(&saxpy4, mod4, "saxpy"), CUDA_ERROR_INVALID_HANDLE);
        /* The size slot holds what the last link wrote (nothing). */
        EXPECT((uintptr_t)vals[1] == 0);
        vals[1] = (void *)(uintptr_t)sizeof errlog;
        /* Two PTX inputs: linked by nvJitLink into one module with the
         * kernels of both. */
        vals[1] = (void *)(uintptr_t)sizeof errlog;
        CHECK(cuLinkCreate(2, opts, vals, &ls));
        CHECK(cuLinkAddData(ls, CU_JIT_INPUT_PTX, ptx, strlen(ptx) + 1, "kernels.ptx", 0, NULL,
                            NULL));
        snprintf(path, sizeof path, "%s/fill7.ptx", argv[1]);
        CHECK(cuLinkAddFile(ls, CU_JIT_INPUT_PTX, path, 0, NULL, NULL));
        CHECK(cuLinkComplete(ls, &linked, &linked_size));
        CHECK(cuModuleLoadData(&mod4, linked));
        CHECK(cuLinkDestroy(ls));
        CUfunction fill7;
        CHECK(cuModuleGetFunction(&fill7, mod4, "fill7"));
        CHECK(cuModuleGetFunction(&saxpy4, mod4, "saxpy"));
        run_saxpy(saxpy4, 17);
        CUdeviceptr sevens;
        int got7[64];
        CHECK(cuMemAlloc(&sevens, sizeof got7));
        void *fp[] = {&sevens};
        CHECK(cuLaunchKernel(fill7, 1, 1, 1, 64, 1, 1, 0, 0, fp, NULL));
        CHECK(cuMemcpyDtoH(got7, sevens, sizeof got7));
        EXPECT(got7[0] == 7 && got7[63] == 7);
        CHECK(cuMemFree(sevens));
        CHECK(cuModuleUnload(mod4));
        vals[1] = (void *)(uintptr_t)sizeof errlog;
        CHECK(cuLinkCreate(2, opts, vals, &ls));
        CHECK(cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)bad, strlen(bad) + 1, "bad.ptx", 0,
                            NULL, NULL));
        EXPECT_ERR(cuLinkComplete(ls, &linked, &linked_size), CUDA_ERROR_INVALID_PTX);
        EXPECT(strstr(errlog, "ptxas") != NULL);
        EXPECT((uintptr_t)vals[1] == strlen(errlog));
        CHECK(cuLinkDestroy(ls));
        EXPECT_ERR(cuLinkDestroy(ls), CUDA_ERROR_INVALID_HANDLE);
        free(ptx);
    } else {
        printf("PTX: skipped (no ptxas)\n");
    }

    /* Function attributes and dynamic shared memory. */
    int attr = 0;
    CHECK(cuFuncGetAttribute(&attr, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, saxpy));
    EXPECT(attr == 1024);
    CHECK(cuFuncGetAttribute(&attr, CU_FUNC_ATTRIBUTE_BINARY_VERSION, saxpy));
    EXPECT(attr == 75);
    int blocks = 0;
    CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, saxpy, 128, 0));
    EXPECT(blocks >= 1 && blocks <= 16);
    int min_grid = 0, best_block = 0, sms = 0;
    CHECK(cuOccupancyMaxPotentialBlockSize(&min_grid, &best_block, saxpy, NULL, 0, 0));
    CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
    /* Turing: 1024 threads per multiprocessor at most, in blocks of whole warps. */
    EXPECT(best_block % 32 == 0 && best_block >= 32 && best_block <= 1024);
    CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, saxpy, best_block, 0));
    EXPECT(blocks * best_block == 1024 && min_grid == blocks * sms);
    CHECK(cuOccupancyMaxPotentialBlockSize(&min_grid, &best_block, saxpy, NULL, 40000, 256));
    EXPECT(best_block <= 256);
    CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, saxpy, best_block, 40000));
    EXPECT(blocks == 1);
    {
        CUdeviceptr d;
        float out[256];
        CHECK(cuMemAlloc(&d, sizeof out));
        void *p[] = {&d};
        CHECK(cuLaunchKernel(reverse, 1, 1, 1, 256, 1, 1, 256 * sizeof(float), 0, p, NULL));
        CHECK(cuMemcpyDtoH(out, d, sizeof out));
        for (int i = 0; i < 256; i++) EXPECT(out[i] == (float)(255 - i));
        /* More than 48 KiB of dynamic shared memory needs the opt-in. */
        EXPECT_ERR(cuLaunchKernel(reverse, 1, 1, 1, 256, 1, 1, 60000, 0, p, NULL),
                   CUDA_ERROR_INVALID_VALUE);
        CHECK(cuFuncSetAttribute(reverse, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 60000));
        CHECK(cuLaunchKernel(reverse, 1, 1, 1, 256, 1, 1, 60000, 0, p, NULL));
        EXPECT_ERR(cuFuncSetAttribute(reverse, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 70000),
                   CUDA_ERROR_INVALID_VALUE);
        /* A block larger than Turing's 1024 threads. */
        EXPECT_ERR(cuLaunchKernel(reverse, 1, 1, 1, 2048, 1, 1, 0, 0, p, NULL),
                   CUDA_ERROR_INVALID_VALUE);
        CHECK(cuMemFree(d));
    }

    /* Globals: a __device__ counter and a __constant__ array. */
    {
        CUdeviceptr g;
        size_t gsize = 0;
        CHECK(cuModuleGetGlobal(&g, &gsize, mod, "dev_counter"));
        EXPECT(gsize == sizeof(int));
        CHECK(cuMemsetD32(g, 5, 1));
        int n = 1000;
        void *p[] = {&n};
        CHECK(cuLaunchKernel(count_k, 8, 1, 1, 128, 1, 1, 0, 0, p, NULL));
        int got = 0;
        CHECK(cuMemcpyDtoH(&got, g, sizeof got));
        EXPECT(got == 1005);

        CUdeviceptr c;
        CHECK(cuModuleGetGlobal(&c, &gsize, mod, "coef"));
        EXPECT(gsize == 4 * sizeof(float));
        float coef[4] = {1.0f, -2.0f, 0.5f, 4.0f};
        CHECK(cuMemcpyHtoD(c, coef, sizeof coef));
        float y[64], out[64];
        for (int i = 0; i < 64; i++) y[i] = (float)i;
        CUdeviceptr dy;
        CHECK(cuMemAlloc(&dy, sizeof y));
        CHECK(cuMemcpyHtoD(dy, y, sizeof y));
        int m = 64;
        void *q[] = {&dy, &m};
        CHECK(cuLaunchKernel(scale, 1, 1, 1, 64, 1, 1, 0, 0, q, NULL));
        CHECK(cuMemcpyDtoH(out, dy, sizeof out));
        for (int i = 0; i < 64; i++) EXPECT(out[i] == y[i] * coef[i % 4]);
        /* The kernel's constant bank holds at least coef. */
        CHECK(cuFuncGetAttribute(&attr, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, scale));
        EXPECT(attr >= (int)sizeof coef);
        EXPECT_ERR(cuModuleGetGlobal(&c, &gsize, mod, "no_such_global"), CUDA_ERROR_NOT_FOUND);
        CHECK(cuMemFree(dy));
    }

    /* A struct and a char by value. */
    {
        struct {
            int a;
            double b;
        } pair = {7, 0.25};
        char ch = 3;
        CUdeviceptr d;
        CHECK(cuMemAlloc(&d, sizeof(double)));
        void *p[] = {&pair, &ch, &d};
        CHECK(cuLaunchKernel(by_value, 1, 1, 1, 1, 1, 1, 0, 0, p, NULL));
        double got = 0;
        CHECK(cuMemcpyDtoH(&got, d, sizeof got));
        EXPECT(got == 10.25);
        CHECK(cuMemFree(d));
    }

    /* Copies and memsets: device to device, bytes, 16-bit words, unified
     * cuMemcpy, address ranges, memory info. */
    {
        CUdeviceptr a, b;
        unsigned char host[1000], back[1000];
        for (int i = 0; i < 1000; i++) host[i] = (unsigned char)(i * 7);
        CHECK(cuMemAlloc(&a, 1000));
        CHECK(cuMemAlloc(&b, 1000));
        CHECK(cuMemcpyHtoD(a, host, 1000));
        CHECK(cuMemcpyDtoD(b, a, 1000));
        CHECK(cuMemcpy((CUdeviceptr)back, b, 1000));
        EXPECT(memcmp(host, back, 1000) == 0);
        CHECK(cuMemsetD8(b + 10, 0xab, 20));
        CHECK(cuMemcpyDtoH(back, b, 1000));
        for (int i = 0; i < 1000; i++)
            EXPECT(back[i] == ((i >= 10 && i < 30) ? 0xab : host[i]));
        CHECK(cuMemsetD16(a, 0x1234, 4));
        unsigned short w[4];
        CHECK(cuMemcpyDtoH(w, a, sizeof w));
        EXPECT(w[0] == 0x1234 && w[3] == 0x1234);
        CUdeviceptr base;
        size_t size;
        CHECK(cuMemGetAddressRange(&base, &size, b + 17));
        EXPECT(base == b && size == 1000);
        size_t free_b = 0, total_b = 0;
        CHECK(cuMemGetInfo(&free_b, &total_b));
        EXPECT(free_b > 0 && free_b <= total_b);
        EXPECT_ERR(cuMemFree(a + 8), CUDA_ERROR_INVALID_VALUE);
        CHECK(cuMemFree(a));
        CHECK(cuMemFree(b));
        EXPECT_ERR(cuMemAlloc(&a, 0), CUDA_ERROR_INVALID_VALUE);
    }

    /* Page-locked host memory a kernel writes directly. */
    {
        int *h;
        CHECK(cuMemAllocHost((void **)&h, 32 * sizeof(int)));
        memset(h, 0, 32 * sizeof(int));
        CUdeviceptr d;
        CHECK(cuMemHostGetDevicePointer(&d, h, 0));
        int v = 42;
        void *p[] = {&d, &v};
        CHECK(cuLaunchKernel(store_at, 1, 1, 1, 32, 1, 1, 0, 0, p, NULL));
        for (int i = 0; i < 32; i++) EXPECT(h[i] == 42);
        unsigned int mtype = 0;
        CHECK(cuPointerGetAttribute(&mtype, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)h));
        EXPECT(mtype == CU_MEMORYTYPE_HOST);
        CHECK(cuMemFreeHost(h));
    }

    /* Streams and events. */
    {
        CUstream s;
        CUevent e0, e1;
        CHECK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
        CHECK(cuEventCreate(&e0, CU_EVENT_DEFAULT));
        CHECK(cuEventCreate(&e1, CU_EVENT_DEFAULT));
        float ms = -1;
        EXPECT_ERR(cuEventElapsedTime(&ms, e0, e1), CUDA_ERROR_INVALID_HANDLE);
        CHECK(cuEventRecord(e0, s));
        int n = 100000;
        CUdeviceptr d;
        CHECK(cuMemAlloc(&d, n * sizeof(int)));
        CHECK(cuMemsetD32Async(d, 1, n, s));
        int v = 9;
        void *p[] = {&d, &v};
        CHECK(cuLaunchKernel(store_at, 1, 1, 1, 64, 1, 1, 0, s, p, NULL));
        CHECK(cuEventRecord(e1, s));
        CHECK(cuStreamWaitEvent(s, e1, 0));
        CHECK(cuStreamSynchronize(s));
        CHECK(cuEventSynchronize(e1));
        CHECK(cuEventElapsedTime(&ms, e0, e1));
        EXPECT(ms >= 0.0f);
        int *h = malloc(n * sizeof(int));
        CHECK(cuMemcpyDtoHAsync(h, d, n * sizeof(int), s));
        CHECK(cuStreamSynchronize(s));
        EXPECT(h[0] == 9 && h[63] == 9 && h[64] == 1 && h[n - 1] == 1);
        free(h);
        CHECK(cuMemFree(d));
        CHECK(cuEventDestroy(e0));
        CHECK(cuEventDestroy(e1));
        CHECK(cuStreamDestroy(s));
        EXPECT_ERR(cuStreamSynchronize(s), CUDA_ERROR_INVALID_HANDLE);
    }

    /* Device printf joins the program's own output, in order. */
    printf("before hello\n");
    {
        int v = 17;
        void *p[] = {&v};
        CHECK(cuLaunchKernel(hello, 1, 1, 1, 32, 1, 1, 0, 0, p, NULL));
        CHECK(cuCtxSynchronize());
    }
    printf("after hello\n");

    /* Error names, strings and entry points by name. */
    {
        const char *s = NULL;
        CHECK(cuGetErrorName(CUDA_ERROR_ILLEGAL_ADDRESS, &s));
        EXPECT(strcmp(s, "CUDA_ERROR_ILLEGAL_ADDRESS") == 0);
        CHECK(cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, &s));
        EXPECT(strlen(s) > 0);
        EXPECT_ERR(cuGetErrorName((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
        void *fn = NULL;
        CUdriverProcAddressQueryResult st;
        CHECK(cuGetProcAddress("cuMemAlloc", &fn, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &st));
        EXPECT(fn == (void *)&cuMemAlloc_v2 && st == CU_GET_PROC_ADDRESS_SUCCESS);
        EXPECT_ERR(cuGetProcAddress("cuNoSuchCall", &fn, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &st),
                   CUDA_ERROR_NOT_FOUND);
        EXPECT(fn == NULL && st == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
    }

    /* A guest fault: the launch fails as on a GPU and the context stays
     * failed; a new context works. */
    {
        CUdeviceptr bad = 0x10;
        int v = 1;
        void *p[] = {&bad, &v};
        EXPECT_ERR(cuLaunchKernel(store_at, 1, 1, 1, 1, 1, 1, 0, 0, p, NULL),
                   CUDA_ERROR_ILLEGAL_ADDRESS);
        EXPECT_ERR(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
        CUdeviceptr d;
        EXPECT_ERR(cuMemAlloc(&d, 16), CUDA_ERROR_ILLEGAL_ADDRESS);
        CHECK(cuCtxDestroy(ctx));
        EXPECT_ERR(cuCtxSynchronize(), CUDA_ERROR_INVALID_CONTEXT);
    }

    /* The primary context, pushed and popped. */
    {
        CUcontext pctx, popped;
        CHECK(cuDevicePrimaryCtxRetain(&pctx, dev));
        CHECK(cuCtxPushCurrent(pctx));
        CUdeviceptr d;
        CHECK(cuMemAlloc(&d, 64));
        CHECK(cuMemFree(d));
        unsigned int flags;
        int active;
        CHECK(cuDevicePrimaryCtxGetState(dev, &flags, &active));
        EXPECT(active == 1);
        CHECK(cuCtxPopCurrent(&popped));
        EXPECT(popped == pctx);
        CHECK(cuDevicePrimaryCtxRelease(dev));
        CHECK(cuDevicePrimaryCtxGetState(dev, &flags, &active));
        EXPECT(active == 0);
    }

    printf("driver_api: %d checks passed\n", checks);
    return 0;
}
