/* OpenCL host driver of `xisa bench kernels`: runs one kernel on the POCL
 * platform and reports its time per launch.
 *
 *   driver probe
 *       prints "platform NAME" and "device NAME" of the POCL platform; exit 2
 *       when the ICD loader finds no POCL platform.
 *   driver run FILE.cl KERNEL GRID BLOCK WARMUP REPS OUTDIR ARG...
 *       ARG: b:PATH  a buffer initialised from the file PATH; after the last
 *                    repetition it is written to OUTDIR/N.bin (N: its index
 *                    among the buffer arguments)
 *            u:VALUE an unsigned 32-bit scalar
 *            f:BITS  a 32-bit float scalar, given as its bit pattern
 *       Builds the program, then runs WARMUP + REPS launches of GRID
 *       workgroups of BLOCK work-items. Before each launch every buffer is
 *       rewritten from its file (like the translated side), then the launch is
 *       timed: wall time from enqueue to clFinish, and the profiling event's
 *       START..END. Prints "build_ms X" and, for each repetition after the
 *       warm-up, "rep WALL_MS EVENT_MS".
 *
 * Errors go to stderr with exit status 1.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_ARGS 16

static int fail(const char *what, cl_int err) {
    fprintf(stderr, "%s failed: OpenCL error %d\n", what, (int)err);
    return 1;
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
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

static int find_pocl(cl_platform_id *plat, cl_device_id *dev, char *pname, char *dname) {
    cl_platform_id ps[16];
    cl_uint np = 0;
    if (clGetPlatformIDs(16, ps, &np) != CL_SUCCESS || np == 0) {
        fprintf(stderr, "no OpenCL platform (ICD loader found none)\n");
        return 2;
    }
    for (cl_uint i = 0; i < np && i < 16; i++) {
        char name[256] = {0}, vendor[256] = {0}, version[256] = {0};
        clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
        clGetPlatformInfo(ps[i], CL_PLATFORM_VENDOR, sizeof vendor - 1, vendor, NULL);
        clGetPlatformInfo(ps[i], CL_PLATFORM_VERSION, sizeof version - 1, version, NULL);
        if (!strstr(name, "Portable Computing Language") && !strstr(vendor, "pocl")) {
            continue;
        }
        cl_uint nd = 0;
        if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_ALL, 1, dev, &nd) != CL_SUCCESS || nd == 0) {
            continue;
        }
        char devname[256] = {0};
        clGetDeviceInfo(*dev, CL_DEVICE_NAME, sizeof devname - 1, devname, NULL);
        *plat = ps[i];
        snprintf(pname, 256, "%s", version);
        snprintf(dname, 256, "%s", devname);
        return 0;
    }
    fprintf(stderr, "no POCL platform among %u OpenCL platform(s)\n", np);
    return 2;
}

int main(int argc, char **argv) {
    cl_platform_id plat;
    cl_device_id dev;
    char pname[256], dname[256];
    if (argc < 2) {
        fprintf(stderr, "usage: driver probe | driver run FILE.cl KERNEL GRID BLOCK WARMUP REPS OUTDIR ARG...\n");
        return 1;
    }
    int rc = find_pocl(&plat, &dev, pname, dname);
    if (rc) {
        return rc;
    }
    printf("platform %s\ndevice %s\n", pname, dname);
    if (strcmp(argv[1], "probe") == 0) {
        return 0;
    }
    if (strcmp(argv[1], "run") != 0 || argc < 9 || argc - 9 > MAX_ARGS) {
        fprintf(stderr, "bad arguments\n");
        return 1;
    }
    const char *kname = argv[3];
    size_t grid = strtoul(argv[4], NULL, 10), block = strtoul(argv[5], NULL, 10);
    int warmup = atoi(argv[6]), reps = atoi(argv[7]);
    const char *outdir = argv[8];
    int nargs = argc - 9;

    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err != CL_SUCCESS) return fail("clCreateContext", err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    if (err != CL_SUCCESS) return fail("clCreateCommandQueue", err);

    size_t srclen = 0;
    char *src = read_file(argv[2], &srclen);
    if (!src) return 1;
    double t0 = now_ms();
    const char *srcs[1] = {src};
    cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, &srclen, &err);
    if (err != CL_SUCCESS) return fail("clCreateProgramWithSource", err);
    err = clBuildProgram(prog, 1, &dev, "-cl-std=CL1.2", NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t loglen = 0;
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &loglen);
        char *log = malloc(loglen + 1);
        if (log) {
            clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, loglen, log, NULL);
            log[loglen] = 0;
            fprintf(stderr, "build log:\n%s\n", log);
        }
        return fail("clBuildProgram", err);
    }
    cl_kernel k = clCreateKernel(prog, kname, &err);
    if (err != CL_SUCCESS) return fail("clCreateKernel", err);
    printf("build_ms %.3f\n", now_ms() - t0);

    cl_mem bufs[MAX_ARGS];
    char *host[MAX_ARGS];
    size_t lens[MAX_ARGS];
    int nbufs = 0;
    for (int i = 0; i < nargs; i++) {
        const char *a = argv[9 + i];
        if (strncmp(a, "b:", 2) == 0) {
            host[nbufs] = read_file(a + 2, &lens[nbufs]);
            if (!host[nbufs]) return 1;
            size_t sz = lens[nbufs] ? lens[nbufs] : 4;
            bufs[nbufs] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sz, NULL, &err);
            if (err != CL_SUCCESS) return fail("clCreateBuffer", err);
            err = clSetKernelArg(k, i, sizeof(cl_mem), &bufs[nbufs]);
            nbufs++;
        } else if (strncmp(a, "u:", 2) == 0) {
            cl_uint v = (cl_uint)strtoul(a + 2, NULL, 0);
            err = clSetKernelArg(k, i, sizeof v, &v);
        } else if (strncmp(a, "f:", 2) == 0) {
            cl_uint bits = (cl_uint)strtoul(a + 2, NULL, 0);
            cl_float v;
            memcpy(&v, &bits, sizeof v);
            err = clSetKernelArg(k, i, sizeof v, &v);
        } else {
            fprintf(stderr, "bad argument %s\n", a);
            return 1;
        }
        if (err != CL_SUCCESS) return fail("clSetKernelArg", err);
    }

    size_t gsize = grid * block, lsize = block;
    for (int r = 0; r < warmup + reps; r++) {
        for (int b = 0; b < nbufs; b++) {
            if (lens[b] == 0) continue;
            err = clEnqueueWriteBuffer(q, bufs[b], CL_TRUE, 0, lens[b], host[b], 0, NULL, NULL);
            if (err != CL_SUCCESS) return fail("clEnqueueWriteBuffer", err);
        }
        err = clFinish(q);
        if (err != CL_SUCCESS) return fail("clFinish", err);
        cl_event ev;
        double w0 = now_ms();
        err = clEnqueueNDRangeKernel(q, k, 1, NULL, &gsize, &lsize, 0, NULL, &ev);
        if (err != CL_SUCCESS) return fail("clEnqueueNDRangeKernel", err);
        err = clFinish(q);
        if (err != CL_SUCCESS) return fail("clFinish", err);
        double wall = now_ms() - w0;
        cl_ulong s = 0, e = 0;
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof s, &s, NULL);
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof e, &e, NULL);
        clReleaseEvent(ev);
        if (r >= warmup) {
            printf("rep %.6f %.6f\n", wall, e > s ? (e - s) / 1e6 : 0.0);
        }
    }

    for (int b = 0; b < nbufs; b++) {
        if (lens[b] == 0) continue;
        err = clEnqueueReadBuffer(q, bufs[b], CL_TRUE, 0, lens[b], host[b], 0, NULL, NULL);
        if (err != CL_SUCCESS) return fail("clEnqueueReadBuffer", err);
        char path[4096];
        snprintf(path, sizeof path, "%s/%d.bin", outdir, b);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(host[b], 1, lens[b], f) != lens[b]) {
            fprintf(stderr, "cannot write %s\n", path);
            if (f) fclose(f);
            return 1;
        }
        fclose(f);
    }
    return 0;
}
