/* xisa nvcc stand-in: NVRTC has no C library headers; device printf is
   built into NVRTC, so programs that include stdio.h for it need nothing more. */
