/* Device memory and events shared between two processes (CUDA IPC): the
 * parent exports part of an allocation and an interprocess event, a child
 * process (this program again, given the handles in hex) opens them, checks
 * the parent's bytes, writes through a copy and a kernel, waits on the
 * event, and closes the memory; the parent then sees the child's writes.
 * Usage: ipc DIR (DIR holds kernels.cubin). */
/* fileno, ftruncate, fork, execl, waitpid. */
#define _POSIX_C_SOURCE 200809L

#include "check.h"

#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 3000, AT = 100 };

/* A handle's 64 bytes as hex and back. */
static void to_hex(const char *reserved, char *out) {
    for (int i = 0; i < CU_IPC_HANDLE_SIZE; i++)
        sprintf(out + 2 * i, "%02x", (unsigned char)reserved[i]);
}

static void from_hex(const char *s, char *reserved) {
    for (int i = 0; i < CU_IPC_HANDLE_SIZE; i++) {
        unsigned v;
        EXPECT(sscanf(s + 2 * i, "%2x", &v) == 1);
        reserved[i] = (char)v;
    }
}

static CUfunction store_at(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/kernels.cubin", dir);
    CUmodule m;
    CUfunction f;
    CHECK(cuModuleLoad(&m, path));
    CHECK(cuModuleGetFunction(&f, m, "store_at"));
    return f;
}

/* The child: the handle names the parent's ints from AT on. */
static int child(const char *dir, const char *hex, const char *ev_hex) {
    /* The parent's event: complete (its work was done when recorded). */
    CUipcEventHandle eh;
    from_hex(ev_hex, eh.reserved);
    CUevent ev;
    CHECK(cuIpcOpenEventHandle(&ev, eh));
    CHECK(cuEventQuery(ev));
    CHECK(cuEventSynchronize(ev));
    CHECK(cuStreamWaitEvent(NULL, ev, 0));
    float ms;
    EXPECT_ERR(cuEventElapsedTime(&ms, ev, ev), CUDA_ERROR_INVALID_HANDLE);
    CHECK(cuEventDestroy(ev));
    CUipcMemHandle h;
    from_hex(hex, h.reserved);
    CUdeviceptr p;
    CHECK(cuIpcOpenMemHandle(&p, h, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS));
    static int got[N - AT];
    CHECK(cuMemcpyDtoH(got, p, sizeof got));
    for (int i = 0; i < N - AT; i++) EXPECT(got[i] == 3 * (i + AT));
    int minus = -1;
    CHECK(cuMemcpyHtoD(p + 8 * sizeof(int), &minus, sizeof minus));
    CUdeviceptr q = p + 1000 * sizeof(int);
    int v = 555;
    void *args[] = {&q, &v};
    CHECK(cuLaunchKernel(store_at(dir), 1, 1, 1, 32, 1, 1, 0, 0, args, NULL));
    CHECK(cuCtxSynchronize());
    CHECK(cuIpcCloseMemHandle(p));
    EXPECT_ERR(cuIpcCloseMemHandle(p), CUDA_ERROR_INVALID_VALUE);
    printf("ipc child: %d checks passed\n", checks);
    return 0;
}

int main(int argc, char **argv) {
    client_start(argc, argv);
    if (argc == 4) return child(argv[1], argv[2], argv[3]);

    /* An allocation after another, so that the shared one starts inside a
     * page, and a pattern in it. */
    CUdeviceptr pad, buf;
    CHECK(cuMemAlloc(&pad, 1000));
    CHECK(cuMemAlloc(&buf, N * sizeof(int)));
    static int host[N];
    for (int i = 0; i < N; i++) host[i] = 3 * i;
    CHECK(cuMemcpyHtoD(buf, host, sizeof host));

    CUipcMemHandle h;
    CHECK(cuIpcGetMemHandle(&h, buf + AT * sizeof(int)));
    EXPECT_ERR(cuIpcGetMemHandle(&h, 0x10), CUDA_ERROR_INVALID_VALUE);
    CHECK(cuIpcGetMemHandle(&h, buf + AT * sizeof(int)));
    CUipcMemHandle junk;
    memset(&junk, 0x5a, sizeof junk);
    CUdeviceptr none;
    EXPECT_ERR(cuIpcOpenMemHandle(&none, junk, 0), CUDA_ERROR_INVALID_HANDLE);
    /* This driver's handle with its offset (bytes 16..24) past any memory. */
    CUipcMemHandle far = h;
    memset(far.reserved + 16, 0x7f, 8);
    EXPECT_ERR(cuIpcOpenMemHandle(&none, far, 0), CUDA_ERROR_INVALID_HANDLE);
    /* A stale handle: its descriptor (bytes 12..16) now names another file
     * of this process, writable and large enough to map, which must not be
     * mapped. */
    FILE *other = tmpfile();
    EXPECT(other != NULL && ftruncate(fileno(other), 1L << 30) == 0);
    CUipcMemHandle stale = h;
    int ofd = fileno(other);
    memcpy(stale.reserved + 12, &ofd, sizeof ofd);
    EXPECT_ERR(cuIpcOpenMemHandle(&none, stale, 0), CUDA_ERROR_MAP_FAILED);
    fclose(other);

    /* Events: only interprocess ones without timing have handles. */
    CUevent ev, timed;
    CHECK(cuEventCreate(&ev, CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING));
    CHECK(cuEventCreate(&timed, CU_EVENT_DEFAULT));
    CHECK(cuEventRecord(ev, NULL));
    CUipcEventHandle eh;
    EXPECT_ERR(cuIpcGetEventHandle(&eh, timed), CUDA_ERROR_INVALID_VALUE);
    CHECK(cuIpcGetEventHandle(&eh, ev));
    CUipcEventHandle junk_ev;
    memset(&junk_ev, 0x33, sizeof junk_ev);
    CUevent none_ev;
    EXPECT_ERR(cuIpcOpenEventHandle(&none_ev, junk_ev), CUDA_ERROR_INVALID_HANDLE);

    char hex[2 * CU_IPC_HANDLE_SIZE + 1], ev_hex[2 * CU_IPC_HANDLE_SIZE + 1];
    to_hex(h.reserved, hex);
    to_hex(eh.reserved, ev_hex);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        /* A new process image with its own driver, as IPC's users have. */
        execl("/proc/self/exe", argv[0], argv[1], hex, ev_hex, (char *)NULL);
        perror("exec");
        _exit(127);
    }
    int status = 0;
    EXPECT(waitpid(pid, &status, 0) == pid);
    EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0);

    static int back[N];
    CHECK(cuMemcpyDtoH(back, buf, sizeof back));
    for (int i = 0; i < N; i++) {
        int j = i - AT;
        int want = j == 8 ? -1 : (j >= 1000 && j < 1032) ? 555 : 3 * i;
        EXPECT(back[i] == want);
    }
    CHECK(cuMemFree(buf));
    CHECK(cuMemFree(pad));
    printf("ipc: %d checks passed\n", checks);
    return 0;
}
