/* A program written against cuda_runtime.h, linked with NVIDIA's CUDA
 * runtime library (libcudart.so.12 from the nvidia-cuda-runtime-cu12
 * wheel), which runs on whatever libcuda.so.1 it finds: here xisa's. Its
 * kernels are registered the way nvcc's generated host code registers
 * them (__cudaRegisterFatBinary / __cudaRegisterFunction, with a fat
 * binary built from kernels.cubin), then launched by host stub address.
 * Usage: runtime_api DIR (DIR holds kernels.cubin). */
#include "expect.h"

#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RT(call)                                                               \
    do {                                                                       \
        cudaError_t e_ = (call);                                               \
        if (e_ != cudaSuccess) {                                               \
            fprintf(stderr, "%s:%d: %s failed: %d %s\n", __FILE__, __LINE__,  \
                    #call, (int)e_, cudaGetErrorName(e_));                     \
            exit(1);                                                           \
        }                                                                      \
        checks++;                                                              \
    } while (0)

/* What nvcc's host code calls (exported by libcudart). */
extern void **__cudaRegisterFatBinary(void *fatCubin);
extern void __cudaRegisterFatBinaryEnd(void **handle);
extern void __cudaUnregisterFatBinary(void **handle);
extern void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun,
                                   const char *deviceName, int threadLimit, uint3 *tid,
                                   uint3 *bid, dim3 *bDim, dim3 *gDim, int *wSize);

/* Host stubs: their addresses name the kernels. */
static void saxpy_stub(void) {}
static void store_at_stub(void) {}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/kernels.cubin", argv[1]);
    size_t len;
    char *cubin = read_file(path, &len);
    struct {
        uint32_t magic, version;
        const void *data, *list;
    } wrapper = {0x466243B1u, 1, fatbin_of(cubin, len, 2, 75), NULL};
    void **h = __cudaRegisterFatBinary(&wrapper);
    __cudaRegisterFunction(h, (const char *)saxpy_stub, (char *)"saxpy", "saxpy", -1, NULL, NULL,
                           NULL, NULL, NULL);
    __cudaRegisterFunction(h, (const char *)store_at_stub, (char *)"store_at", "store_at", -1,
                           NULL, NULL, NULL, NULL, NULL);
    __cudaRegisterFatBinaryEnd(h);

    int n = 0, rt = 0, drv = 0;
    RT(cudaGetDeviceCount(&n));
    EXPECT(n == 1);
    RT(cudaRuntimeGetVersion(&rt));
    RT(cudaDriverGetVersion(&drv));
    EXPECT(drv == 12090 && rt >= 12000);
    struct cudaDeviceProp prop;
    RT(cudaGetDeviceProperties(&prop, 0));
    EXPECT(prop.major == 7 && prop.minor == 5 && prop.warpSize == 32);
    EXPECT(prop.maxThreadsPerBlock == 1024 && prop.sharedMemPerBlock == 49152);
    RT(cudaSetDevice(0));

    enum { N = 3000 };
    float *x = malloc(N * sizeof(float)), *y = malloc(N * sizeof(float));
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = (float)(2 * i + 1);
    }
    float *dx, *dy;
    RT(cudaMalloc((void **)&dx, N * sizeof(float)));
    RT(cudaMalloc((void **)&dy, N * sizeof(float)));
    RT(cudaMemcpy(dx, x, N * sizeof(float), cudaMemcpyHostToDevice));
    RT(cudaMemcpy(dy, y, N * sizeof(float), cudaMemcpyHostToDevice));
    float a = 0.5f;
    int count = N;
    void *args[] = {&a, &dx, &dy, &count};
    RT(cudaLaunchKernel((const void *)saxpy_stub, (dim3){(N + 255) / 256, 1, 1}, (dim3){256, 1, 1}, args, 0, 0));
    RT(cudaGetLastError());
    RT(cudaDeviceSynchronize());
    float *out = malloc(N * sizeof(float));
    RT(cudaMemcpy(out, dy, N * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) EXPECT(out[i] == 0.5f * x[i] + y[i]);

    /* Streams, events, memset, pinned memory a kernel writes. */
    cudaStream_t s;
    cudaEvent_t e0, e1;
    RT(cudaStreamCreate(&s));
    RT(cudaEventCreate(&e0));
    RT(cudaEventCreate(&e1));
    RT(cudaEventRecord(e0, s));
    int *pinned;
    RT(cudaHostAlloc((void **)&pinned, 64 * sizeof(int), cudaHostAllocMapped));
    memset(pinned, 0, 64 * sizeof(int));
    int *dp;
    RT(cudaHostGetDevicePointer((void **)&dp, pinned, 0));
    int v = 12;
    void *sargs[] = {&dp, &v};
    RT(cudaLaunchKernel((const void *)store_at_stub, (dim3){1, 1, 1}, (dim3){64, 1, 1}, sargs, 0, s));
    RT(cudaEventRecord(e1, s));
    RT(cudaStreamSynchronize(s));
    float ms = -1;
    RT(cudaEventElapsedTime(&ms, e0, e1));
    EXPECT(ms >= 0);
    EXPECT(pinned[0] == 12 && pinned[63] == 12);
    RT(cudaMemsetAsync(dy, 0, N * sizeof(float), s));
    RT(cudaMemcpyAsync(out, dy, N * sizeof(float), cudaMemcpyDeviceToHost, s));
    RT(cudaStreamSynchronize(s));
    EXPECT(out[0] == 0 && out[N - 1] == 0);

    /* Managed memory: the host and the kernel use one pointer. */
    int *managed;
    RT(cudaMallocManaged((void **)&managed, 64 * sizeof(int), cudaMemAttachGlobal));
    for (int i = 0; i < 64; i++) managed[i] = i;
    void *margs[] = {&managed, &v};
    RT(cudaLaunchKernel((const void *)store_at_stub, (dim3){1, 1, 1}, (dim3){16, 1, 1}, margs, 0, 0));
    RT(cudaDeviceSynchronize());
    EXPECT(managed[0] == 12 && managed[15] == 12 && managed[16] == 16 && managed[63] == 63);
    RT(cudaFree(managed));

    /* A fault surfaces as cudaErrorIllegalAddress and sticks. */
    int *bad = (int *)0x10;
    void *bargs[] = {&bad, &v};
    cudaError_t e = cudaLaunchKernel((const void *)store_at_stub, (dim3){1, 1, 1}, (dim3){1, 1, 1}, bargs, 0, 0);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    EXPECT(e == cudaErrorIllegalAddress);
    EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);

    printf("runtime_api: %d checks passed\n", checks);
    return 0;
}
