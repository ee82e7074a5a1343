//! HSA code object (ELF, code object v5) loader for gfx942: kernels, `.kd`
//! descriptors and the msgpack metadata note. (Being written.)
