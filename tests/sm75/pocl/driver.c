/* POCL host driver for the sm_75 corpus oracle (tests/sm75/pocl-ref.sh): runs
 * one OpenCL C kernel once on the POCL platform and writes every buffer
 * argument back, the way `xisa run ... --dump` does on the translated side.
 *
 *   driver FILE.cl KERNEL GX,GY,GZ BX,BY,BZ OUTDIR ARG...
 *
 *   GX,GY,GZ: the grid in workgroups, BX,BY,BZ: the workgroup size (the
 *   launch spec's "grid" and "block"); the NDRange is GRID*BLOCK work-items.
 *   ARG, in parameter order (the same spellings as `xisa run --arg`):
 *     buf:PATH    a buffer initialised from the file PATH
 *     zeros:N     a zero-filled buffer of N bytes
 *     i32:V u32:V a 32-bit integer scalar (decimal or 0x hex)
 *     f32:X       a 32-bit float scalar (strtof syntax)
 *     local:N     a __local pointer to N bytes
 *   After the launch, buffer argument I is written to OUTDIR/I.bin.
 *
 * The program is built with "-cl-std=CL2.0", as tests/sm75/build.sh compiles
 * the same sources for sm_75. Errors go to stderr with exit status 1; exit 2
 * when the ICD loader finds no POCL platform.
 */
#define CL_TARGET_OPENCL_VERSION 200
#include <CL/cl.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 32

static int fail(const char *what, cl_int err) {
    fprintf(stderr, "%s failed: OpenCL error %d\n", what, (int)err);
    return 1;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc(n > 0 ? (size_t)n + 1 : 1);
    if (!buf) {
        fclose(f);
        return NULL;
    }
    if (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "cannot read %s\n", path);
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[n > 0 ? n : 0] = 0;
    *len = n > 0 ? (size_t)n : 0;
    return buf;
}

static int find_pocl(cl_device_id *dev) {
    cl_platform_id ps[16];
    cl_uint np = 0;
    if (clGetPlatformIDs(16, ps, &np) != CL_SUCCESS || np == 0) {
        fprintf(stderr, "no OpenCL platform (ICD loader found none)\n");
        return 2;
    }
    for (cl_uint i = 0; i < np && i < 16; i++) {
        char name[256] = {0}, vendor[256] = {0};
        clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
        clGetPlatformInfo(ps[i], CL_PLATFORM_VENDOR, sizeof vendor - 1, vendor, NULL);
        if (!strstr(name, "Portable Computing Language") && !strstr(vendor, "pocl")) {
            continue;
        }
        cl_uint nd = 0;
        if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_ALL, 1, dev, &nd) == CL_SUCCESS && nd > 0) {
            return 0;
        }
    }
    fprintf(stderr, "no POCL platform among %u OpenCL platform(s)\n", np);
    return 2;
}

static int parse_dims(const char *s, size_t d[3]) {
    unsigned long v[3] = {1, 1, 1};
    char extra;
    int n = sscanf(s, "%lu,%lu,%lu%c", &v[0], &v[1], &v[2], &extra);
    if (n < 1 || n > 3) {
        fprintf(stderr, "bad dimensions %s: expected X[,Y[,Z]]\n", s);
        return 1;
    }
    for (int i = 0; i < 3; i++) {
        if (v[i] == 0) {
            fprintf(stderr, "bad dimensions %s: zero\n", s);
            return 1;
        }
        d[i] = v[i];
    }
    return 0;
}

static int write_file(const char *path, const void *data, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: driver FILE.cl KERNEL GX,GY,GZ BX,BY,BZ OUTDIR ARG...\n");
        return 1;
    }
    if (argc - 6 > MAX_ARGS) {
        fprintf(stderr, "at most %d arguments\n", MAX_ARGS);
        return 1;
    }
    size_t grid[3], block[3], global[3];
    if (parse_dims(argv[3], grid) || parse_dims(argv[4], block)) {
        return 1;
    }
    for (int i = 0; i < 3; i++) {
        global[i] = grid[i] * block[i];
    }
    const char *outdir = argv[5];
    cl_device_id dev;
    int r = find_pocl(&dev);
    if (r) {
        return r;
    }
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err != CL_SUCCESS) {
        return fail("clCreateContext", err);
    }
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
    if (err != CL_SUCCESS) {
        return fail("clCreateCommandQueueWithProperties", err);
    }
    size_t srclen;
    char *src = read_file(argv[1], &srclen);
    if (!src) {
        return 1;
    }
    const char *srcs[1] = {src};
    cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, &srclen, &err);
    if (err != CL_SUCCESS) {
        return fail("clCreateProgramWithSource", err);
    }
    err = clBuildProgram(prog, 1, &dev, "-cl-std=CL2.0", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[16384] = {0};
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        fprintf(stderr, "build of %s failed (%d):\n%s\n", argv[1], (int)err, log);
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, argv[2], &err);
    if (err != CL_SUCCESS) {
        return fail("clCreateKernel", err);
    }
    int nargs = argc - 6;
    cl_mem bufs[MAX_ARGS] = {0};
    size_t lens[MAX_ARGS] = {0};
    for (int i = 0; i < nargs; i++) {
        const char *a = argv[6 + i];
        if (!strncmp(a, "buf:", 4) || !strncmp(a, "zeros:", 6)) {
            char *data;
            if (a[0] == 'b') {
                data = read_file(a + 4, &lens[i]);
                if (!data) {
                    return 1;
                }
            } else {
                lens[i] = strtoull(a + 6, NULL, 0);
                data = calloc(lens[i] ? lens[i] : 1, 1);
            }
            /* OpenCL rejects empty buffers; a one-byte buffer stands in. */
            bufs[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                     lens[i] ? lens[i] : 1, data, &err);
            free(data);
            if (err != CL_SUCCESS) {
                return fail("clCreateBuffer", err);
            }
            err = clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]);
        } else if (!strncmp(a, "i32:", 4) || !strncmp(a, "u32:", 4)) {
            char *end;
            long long v = strtoll(a + 4, &end, 0);
            if (*end) {
                fprintf(stderr, "bad integer in %s\n", a);
                return 1;
            }
            uint32_t u = (uint32_t)v;
            err = clSetKernelArg(k, i, 4, &u);
        } else if (!strncmp(a, "f32:", 4)) {
            char *end;
            float f = strtof(a + 4, &end);
            if (*end) {
                fprintf(stderr, "bad float in %s\n", a);
                return 1;
            }
            err = clSetKernelArg(k, i, 4, &f);
        } else if (!strncmp(a, "local:", 6)) {
            err = clSetKernelArg(k, i, strtoull(a + 6, NULL, 0), NULL);
        } else {
            fprintf(stderr, "bad argument %s: use buf: zeros: i32: u32: f32: local:\n", a);
            return 1;
        }
        if (err != CL_SUCCESS) {
            fprintf(stderr, "argument %d (%s): ", i, a);
            return fail("clSetKernelArg", err);
        }
    }
    err = clEnqueueNDRangeKernel(q, k, 3, NULL, global, block, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        return fail("clEnqueueNDRangeKernel", err);
    }
    if ((err = clFinish(q)) != CL_SUCCESS) {
        return fail("clFinish", err);
    }
    for (int i = 0; i < nargs; i++) {
        if (!bufs[i]) {
            continue;
        }
        char *data = malloc(lens[i] ? lens[i] : 1);
        err = clEnqueueReadBuffer(q, bufs[i], CL_TRUE, 0, lens[i], data, 0, NULL, NULL);
        if (err != CL_SUCCESS) {
            return fail("clEnqueueReadBuffer", err);
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%d.bin", outdir, i);
        if (write_file(path, data, lens[i])) {
            return 1;
        }
        free(data);
        clReleaseMemObject(bufs[i]);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(src);
    return 0;
}
