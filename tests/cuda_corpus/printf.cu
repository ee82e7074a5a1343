// Device-side printf (CUDA's vprintf, reached through LEPC + CALL.ABS.NOINC
// on the address the loader relocates into constant bank 4): every
// conversion and length modifier, strings from global memory and from a
// local array, the return value (arguments consumed), and a %s pointer that
// is not readable (the launch must fault naming its address).

extern "C" __global__ void printf_formats(const int *in, float f, const char *label) {
    int t = threadIdx.x;
    long long big = -1234567890123ll * (t + 1);
    unsigned long long ubig = 0xfedcba9876543210ull >> t;
    short s = (short)(in[t] * 1000);
    unsigned char uc = (unsigned char)(200 + t);
    printf("[%d.%d] in=%+05d f=%.2f e=%e g=%g G=%G a=%a\n", blockIdx.x, t, in[t], f * t, (double)f * 1e10, f / 3.0f, 1e-20 * t, (double)f);
    printf("  ll=%lld ull=%llu x=%llx X=%#llX o=%o hd=%hd hhu=%hhu c=%c%c pct=%% str=%s|%-8s|%8.3s|\n",
           big, ubig, ubig, ubig, t + 8, s, uc, 'a' + t, 'A' + t, label, "left", "truncate");
}

extern "C" __global__ void printf_local_and_ret(int *out) {
    char word[8];
    int t = threadIdx.x;
    for (int i = 0; i < 5; i++) word[i] = 'v' + ((t + i) % 5);
    word[5] = 0;
    int n0 = printf("no args\n");
    int n3 = printf("%s %d %5.1f\n", word, t, 0.25 * t);
    out[2 * t] = n0;
    out[2 * t + 1] = n3;
}

extern "C" __global__ void printf_bad_string(const char *p) {
    if (threadIdx.x == 1) printf("before %d\n", 7);
    __syncthreads();
    if (threadIdx.x == 0) printf("bad: %s\n", p);
}
