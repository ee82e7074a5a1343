/* More of the driver API, as CUDA programs use it: pitched 2D and 3D
 * copies and memsets, peer copies, registered and page-locked host memory,
 * stream callbacks, PCI ids, CUDA 12's context-independent loading
 * (cuLibrary*, cuKernel*, cuLaunchKernelEx) and parameter queries.
 * Usage: driver_more DIR (DIR holds kernels.cubin). */
#include "check.h"

#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int callbacks;

static void CUDA_CB on_stream(CUstream s, CUresult status, void *data) {
    (void)s;
    if (status == CUDA_SUCCESS) callbacks += *(int *)data;
}

int main(int argc, char **argv) {
    CUcontext ctx = client_start(argc, argv);
    CUdevice dev;
    CHECK(cuCtxGetDevice(&dev));

    /* A pitched 2D region: host rows of 37 bytes into device rows of the
     * pitch cuMemAllocPitch chose, at an offset, and back. */
    enum { W = 37, H = 5 };
    unsigned char host[H][W], back[H][W + 3];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) host[y][x] = (unsigned char)(y * 40 + x);
    CUdeviceptr pitched;
    size_t pitch = 0;
    CHECK(cuMemAllocPitch(&pitched, &pitch, W + 8, H + 1, 4));
    EXPECT(pitch >= W + 8);
    CHECK(cuMemsetD2D32(pitched, pitch, 0x01010101u, (W + 8) / 4, H + 1));
    CUDA_MEMCPY2D c2 = {0};
    c2.srcMemoryType = CU_MEMORYTYPE_HOST;
    c2.srcHost = host;
    c2.srcPitch = W;
    c2.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    c2.dstDevice = pitched;
    c2.dstPitch = pitch;
    c2.dstXInBytes = 4;
    c2.dstY = 1;
    c2.WidthInBytes = W;
    c2.Height = H;
    CHECK(cuMemcpy2D(&c2));
    memset(back, 0xee, sizeof back);
    CUDA_MEMCPY2D d2 = {0};
    d2.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    d2.srcDevice = pitched;
    d2.srcPitch = pitch;
    d2.srcXInBytes = 4;
    d2.srcY = 1;
    d2.dstMemoryType = CU_MEMORYTYPE_HOST;
    d2.dstHost = back;
    d2.dstPitch = W + 3;
    d2.WidthInBytes = W;
    d2.Height = H;
    CHECK(cuMemcpy2DUnaligned(&d2));
    for (int y = 0; y < H; y++) {
        EXPECT(memcmp(back[y], host[y], W) == 0);
        EXPECT(back[y][W] == 0xee);
    }
    /* Bytes around the copied window keep the memset. */
    unsigned char row0[8];
    CHECK(cuMemcpyDtoH(row0, pitched, 8));
    EXPECT(row0[0] == 1 && row0[7] == 1);
    unsigned char edge[4];
    CHECK(cuMemcpyDtoH(edge, pitched + pitch, 4));
    EXPECT(edge[3] == 1);
    /* A pitch below the width is refused; arrays are not offered. */
    c2.dstPitch = 8;
    EXPECT_ERR(cuMemcpy2D(&c2), CUDA_ERROR_INVALID_VALUE);
    c2.dstPitch = pitch;
    c2.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    EXPECT_ERR(cuMemcpy2D(&c2), CUDA_ERROR_NOT_SUPPORTED);

    /* A 3D box: 3 slices of 4 rows of 6 floats, host to device (slices
     * 5 rows apart) and back through a unified-address copy. */
    float vol[3][4][6], vback[3][4][6];
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 6; x++) vol[z][y][x] = (float)(100 * z + 10 * y + x);
    CUdeviceptr box;
    size_t bpitch = 64;
    CHECK(cuMemAlloc(&box, bpitch * 5 * 3));
    CUDA_MEMCPY3D c3 = {0};
    c3.srcMemoryType = CU_MEMORYTYPE_HOST;
    c3.srcHost = vol;
    c3.srcPitch = sizeof vol[0][0];
    c3.srcHeight = 4;
    c3.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    c3.dstDevice = box;
    c3.dstPitch = bpitch;
    c3.dstHeight = 5;
    c3.WidthInBytes = sizeof vol[0][0];
    c3.Height = 4;
    c3.Depth = 3;
    CHECK(cuMemcpy3D(&c3));
    float probe;
    CHECK(cuMemcpyDtoH(&probe, box + 2 * 5 * bpitch + 3 * bpitch + 5 * sizeof(float), sizeof probe));
    EXPECT(probe == vol[2][3][5]);
    CUDA_MEMCPY3D r3 = {0};
    r3.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
    r3.srcDevice = box;
    r3.srcPitch = bpitch;
    r3.srcHeight = 5;
    r3.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
    r3.dstDevice = (CUdeviceptr)vback;
    r3.dstPitch = sizeof vol[0][0];
    r3.dstHeight = 4;
    r3.WidthInBytes = sizeof vol[0][0];
    r3.Height = 4;
    r3.Depth = 3;
    CHECK(cuMemcpy3DAsync(&r3, 0));
    EXPECT(memcmp(vol, vback, sizeof vol) == 0);

    /* Peer copies inside the one device. */
    CUdeviceptr other;
    CHECK(cuMemAlloc(&other, sizeof vol));
    CHECK(cuMemcpyPeer(other, ctx, box + 2 * 5 * bpitch, ctx, 24));
    CHECK(cuMemcpyDtoH(&probe, other + 8, sizeof probe));
    EXPECT(probe == vol[2][0][2]);
    EXPECT_ERR(cuCtxEnablePeerAccess(ctx, 0), CUDA_ERROR_PEER_ACCESS_UNSUPPORTED);

    /* Registered host memory: copies use it, kernels reach it through its
     * device address, and each side sees the other's writes. */
    char path[4096];
    snprintf(path, sizeof path, "%s/kernels.cubin", argv[1]);
    CUmodule km;
    CUfunction store_at;
    CHECK(cuModuleLoad(&km, path));
    CHECK(cuModuleGetFunction(&store_at, km, "store_at"));
    int *reg = calloc(256, sizeof(int));
    CHECK(cuMemHostRegister(reg, 256 * sizeof(int), CU_MEMHOSTREGISTER_DEVICEMAP));
    EXPECT_ERR(cuMemHostRegister(reg + 4, 16, 0), CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
    CHECK(cuMemsetD32(other, 77, 64));
    CHECK(cuMemcpyDtoH(reg, other, 64 * sizeof(int)));
    EXPECT(reg[0] == 77 && reg[63] == 77 && reg[64] == 0);
    CUdeviceptr dreg;
    CHECK(cuMemHostGetDevicePointer(&dreg, reg + 128, 0));
    int seven = 7;
    void *rp[] = {&dreg, &seven};
    CHECK(cuLaunchKernel(store_at, 1, 1, 1, 32, 1, 1, 0, 0, rp, NULL));
    EXPECT(reg[127] == 0 && reg[128] == 7 && reg[159] == 7 && reg[160] == 0 && reg[0] == 77);
    reg[200] = 4242;
    int seen = 0;
    CHECK(cuMemcpyDtoH(&seen, dreg + 72 * sizeof(int), sizeof seen));
    EXPECT(seen == 4242);
    CHECK(cuMemsetD32(dreg, 9, 2));
    EXPECT(reg[128] == 9 && reg[129] == 9 && reg[130] == 7);
    CHECK(cuMemHostUnregister(reg));
    EXPECT_ERR(cuMemHostUnregister(reg), CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
    EXPECT_ERR(cuMemHostGetDevicePointer(&dreg, reg, 0), CUDA_ERROR_INVALID_VALUE);
    free(reg);
    void *pinned;
    unsigned int hflags = 0;
    CHECK(cuMemHostAlloc(&pinned, 4096, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE));
    CHECK(cuMemHostGetFlags(&hflags, (char *)pinned + 100));
    EXPECT(hflags == (CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE));
    CUpointer_attribute attrs[3] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                    CU_POINTER_ATTRIBUTE_RANGE_SIZE,
                                    CU_POINTER_ATTRIBUTE_DEVICE_POINTER};
    unsigned int mtype = 0;
    size_t rsize = 0;
    CUdeviceptr dptr = 0, mapped = 0;
    void *data[3] = {&mtype, &rsize, &dptr};
    CHECK(cuPointerGetAttributes(3, attrs, data, (CUdeviceptr)pinned));
    CHECK(cuMemHostGetDevicePointer(&mapped, pinned, 0));
    EXPECT(mtype == CU_MEMORYTYPE_HOST && rsize == 4096 && dptr == mapped);
    CHECK(cuMemFreeHost(pinned));

    /* Stream callbacks run in order with the stream's work. */
    CUstream s;
    CHECK(cuStreamCreate(&s, 0));
    int add = 5;
    CHECK(cuMemsetD8Async(other, 3, 16, s));
    CHECK(cuStreamAddCallback(s, on_stream, &add, 0));
    CHECK(cuStreamSynchronize(s));
    EXPECT(callbacks == 5);
    CUcontext sctx;
    CHECK(cuStreamGetCtx(s, &sctx));
    EXPECT(sctx == ctx);
    CHECK(cuStreamDestroy(s));

    /* PCI ids round-trip. */
    char bus[32];
    CUdevice byid = -1;
    CHECK(cuDeviceGetPCIBusId(bus, sizeof bus, dev));
    CHECK(cuDeviceGetByPCIBusId(&byid, bus));
    EXPECT(byid == dev);
    EXPECT_ERR(cuDeviceGetByPCIBusId(&byid, "0000:65:00.0"), CUDA_ERROR_INVALID_DEVICE);

    /* CUDA 12's context-independent loading: a library, its kernel (also
     * usable as a function), a launch with a configuration, parameter
     * layout, names and globals. */
    CUlibrary lib;
    CHECK(cuLibraryLoadFromFile(&lib, path, NULL, NULL, 0, NULL, NULL, 0));
    unsigned int nk = 0;
    CHECK(cuLibraryGetKernelCount(&nk, lib));
    EXPECT(nk == 7);
    CUkernel k;
    CHECK(cuLibraryGetKernel(&k, lib, "by_value"));
    size_t off = 99, psize = 0;
    CHECK(cuKernelGetParamInfo(k, 0, &off, &psize));
    EXPECT(off == 0 && psize == 16);
    CHECK(cuKernelGetParamInfo(k, 1, &off, &psize));
    EXPECT(off == 16 && psize == 1);
    CHECK(cuKernelGetParamInfo(k, 2, &off, &psize));
    EXPECT(off == 24 && psize == 8);
    EXPECT_ERR(cuKernelGetParamInfo(k, 3, &off, &psize), CUDA_ERROR_INVALID_VALUE);
    const char *kname = NULL;
    CHECK(cuKernelGetName(&kname, k));
    EXPECT(strcmp(kname, "by_value") == 0);
    CUfunction f;
    CHECK(cuKernelGetFunction(&f, k));
    CHECK(cuFuncGetName(&kname, f));
    EXPECT(strcmp(kname, "by_value") == 0);
    CUkernel k2;
    CHECK(cuLibraryGetKernel(&k2, lib, "store_at"));
    int attr = 0;
    CHECK(cuKernelGetAttribute(&attr, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, k2, dev));
    EXPECT(attr == 1024);
    CUdeviceptr out;
    CHECK(cuMemAlloc(&out, 64 * sizeof(int)));
    int v = 31;
    void *p[] = {&out, &v};
    CUlaunchAttribute la = {0};
    la.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    la.value.cooperative = 1;
    CUlaunchConfig cfg = {0};
    cfg.gridDimX = cfg.gridDimY = cfg.gridDimZ = 1;
    cfg.blockDimX = 64;
    cfg.blockDimY = cfg.blockDimZ = 1;
    cfg.attrs = &la;
    cfg.numAttrs = 1;
    /* Numba launches the CUkernel itself as a function. */
    CHECK(cuLaunchKernelEx(&cfg, (CUfunction)k2, p, NULL));
    int got[64];
    CHECK(cuMemcpyDtoH(got, out, sizeof got));
    EXPECT(got[0] == 31 && got[63] == 31);
    la.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    EXPECT_ERR(cuLaunchKernelEx(&cfg, (CUfunction)k2, p, NULL), CUDA_ERROR_NOT_SUPPORTED);
    CUdeviceptr g;
    size_t gsize = 0;
    CHECK(cuLibraryGetGlobal(&g, &gsize, lib, "dev_counter"));
    EXPECT(gsize == 4);
    CUmodule m;
    CHECK(cuLibraryGetModule(&m, lib));
    CUfunction f2;
    CHECK(cuModuleGetFunction(&f2, m, "store_at"));
    EXPECT(f2 == (CUfunction)k2);
    CUmodule fm;
    CHECK(cuFuncGetModule(&fm, f2));
    EXPECT(fm == m);
    /* A library outlives the context it was used in. */
    CHECK(cuCtxDestroy(ctx));
    CHECK(cuCtxCreate(&ctx, 0, dev));
    CHECK(cuMemAlloc(&out, 64 * sizeof(int)));
    CHECK(cuLaunchKernel((CUfunction)k2, 1, 1, 1, 64, 1, 1, 0, 0, p, NULL));
    CHECK(cuLibraryUnload(lib));
    EXPECT_ERR(cuLibraryGetKernel(&k, lib, "by_value"), CUDA_ERROR_INVALID_HANDLE);
    EXPECT_ERR(cuLaunchKernel((CUfunction)k2, 1, 1, 1, 64, 1, 1, 0, 0, p, NULL),
               CUDA_ERROR_INVALID_HANDLE);

    /* A module dies with its context. */
    EXPECT_ERR(cuModuleGetFunction(&store_at, km, "store_at"), CUDA_ERROR_INVALID_HANDLE);
    CHECK(cuModuleLoad(&km, path));

    /* CUDA 1's launch API: parameters set one by one, then the size. */
    {
        CUfunction saxpy;
        CHECK(cuModuleGetFunction(&saxpy, km, "saxpy"));
        float xs[100], ys[100];
        for (int i = 0; i < 100; i++) {
            xs[i] = (float)i;
            ys[i] = 1.0f;
        }
        CUdeviceptr dx, dy;
        CHECK(cuMemAlloc(&dx, sizeof xs));
        CHECK(cuMemAlloc(&dy, sizeof ys));
        CHECK(cuMemcpyHtoD(dx, xs, sizeof xs));
        CHECK(cuMemcpyHtoD(dy, ys, sizeof ys));
        CHECK(cuParamSetf(saxpy, 0, 3.0f));
        CHECK(cuParamSetv(saxpy, 8, &dx, sizeof dx));
        CHECK(cuParamSetv(saxpy, 16, &dy, sizeof dy));
        CHECK(cuParamSeti(saxpy, 24, 100));
        CHECK(cuParamSetSize(saxpy, 28));
        CHECK(cuFuncSetBlockShape(saxpy, 32, 1, 1));
        CHECK(cuLaunchGrid(saxpy, 4, 1));
        CHECK(cuMemcpyDtoH(ys, dy, sizeof ys));
        for (int i = 0; i < 100; i++) EXPECT(ys[i] == 3.0f * i + 1.0f);
        EXPECT_ERR(cuParamSetSize(saxpy, 5000), CUDA_ERROR_INVALID_VALUE);
    }

    /* Managed memory: one address for host and kernels. */
    {
        int managed_ok = 0;
        CHECK(cuDeviceGetAttribute(&managed_ok, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, dev));
        EXPECT(managed_ok == 1);
        CUdeviceptr m;
        CHECK(cuMemAllocManaged(&m, 64 * sizeof(int), CU_MEM_ATTACH_GLOBAL));
        int *hm = (int *)(uintptr_t)m;
        for (int i = 0; i < 64; i++) hm[i] = -i;
        CUfunction st;
        CHECK(cuModuleGetFunction(&st, km, "store_at"));
        int five = 5;
        CUdeviceptr half = m + 32 * sizeof(int);
        void *mp[] = {&half, &five};
        CHECK(cuLaunchKernel(st, 1, 1, 1, 32, 1, 1, 0, 0, mp, NULL));
        CHECK(cuCtxSynchronize());
        EXPECT(hm[0] == 0 && hm[31] == -31 && hm[32] == 5 && hm[63] == 5);
        unsigned int is_managed = 0;
        CHECK(cuPointerGetAttribute(&is_managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, m + 8));
        EXPECT(is_managed == 1);
        CHECK(cuMemPrefetchAsync(m, 64 * sizeof(int), dev, 0));
        CHECK(cuMemAdvise(m, 64, CU_MEM_ADVISE_SET_READ_MOSTLY, dev));
        CHECK(cuMemFree(m));
        EXPECT_ERR(cuMemAllocManaged(&m, 64, 7), CUDA_ERROR_INVALID_VALUE);
    }

    /* What the driver does not offer is refused, not faked. */
    {
        CUarray arr;
        CUDA_ARRAY_DESCRIPTOR desc = {16, 16, CU_AD_FORMAT_FLOAT, 1};
        EXPECT_ERR(cuArrayCreate(&arr, &desc), CUDA_ERROR_NOT_SUPPORTED);
        CUtexref tex;
        EXPECT_ERR(cuModuleGetTexRef(&tex, km, "t"), CUDA_ERROR_NOT_SUPPORTED);
    }

    int config = 0;
    CHECK(cuCtxGetSharedMemConfig((CUsharedconfig *)&config));
    EXPECT(config == CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE);
    CHECK(cuCtxDestroy(ctx));
    printf("driver_more: %d checks passed\n", checks);
    return 0;
}
