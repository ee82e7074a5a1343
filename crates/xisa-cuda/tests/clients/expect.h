/* What every C client shares: a count of checks, EXPECT (a condition
 * holds, else print where and exit 1), and the test inputs: files read
 * whole and a fat binary built around a cubin as nvcc lays one out. */
#ifndef XISA_CLIENT_EXPECT_H
#define XISA_CLIENT_EXPECT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks;

#define EXPECT(cond)                                                           \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
            exit(1);                                                           \
        }                                                                      \
        checks++;                                                              \
    } while (0)

/* The bytes of a file, NUL-terminated (for PTX text); `len` gets its size. */
static inline char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc(n + 1);
    if (fread(b, 1, n, f) != (size_t)n) exit(1);
    b[n] = 0;
    fclose(f);
    if (len) *len = n;
    return b;
}

/* A fat binary (the layout nvcc embeds) holding one uncompressed entry:
 * kind 2 (ELF) or 1 (PTX), for architecture `arch`. */
static inline unsigned char *fatbin_of(const void *payload, size_t len, int kind, int arch) {
    size_t padded = (len + 7) & ~(size_t)7;
    unsigned char *f = calloc(1, 16 + 64 + padded);
    uint32_t magic = 0xBA55ED50u;
    uint16_t version = 1, hsize = 16;
    uint64_t body = 64 + padded;
    memcpy(f, &magic, 4);
    memcpy(f + 4, &version, 2);
    memcpy(f + 6, &hsize, 2);
    memcpy(f + 8, &body, 8);
    unsigned char *e = f + 16;
    uint16_t k = (uint16_t)kind, ev = 0x0101;
    uint32_t eh = 64, a = (uint32_t)arch;
    uint64_t size = padded, flags = 0x11;
    memcpy(e, &k, 2);
    memcpy(e + 2, &ev, 2);
    memcpy(e + 4, &eh, 4);
    memcpy(e + 8, &size, 8);
    memcpy(e + 0x1c, &a, 4);
    memcpy(e + 0x28, &flags, 8);
    memcpy(e + 64, payload, len);
    return f;
}

#endif
