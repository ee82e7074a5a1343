//! The per-thread default-stream entry points (`_ptds`, `_ptsz`): the names
//! a program built with `CUDA_API_PER_THREAD_DEFAULT_STREAM` (`nvcc
//! --default-stream per-thread`) calls instead of the plain ones (cuda.h's
//! `__CUDA_API_PTDS` / `__CUDA_API_PTSZ`). Work here is finished when its
//! call returns, in every stream, so the per-thread default stream behaves
//! as the legacy one and each such name is the plain entry point: a jump
//! to it that leaves the caller's arguments in place (the same C
//! signature, whatever it is).
//!
//! The list is every cuda.h mapping whose plain entry point this driver
//! exports (`c_clients.rs` checks it against the header).

/// Defines each `alias` as a tail jump to the exported `target`.
macro_rules! per_thread {
    ($($alias:ident => $target:ident;)*) => {
        $(
            #[doc = concat!("`", stringify!($target), "` under its per-thread default-stream name.")]
            #[unsafe(naked)]
            #[no_mangle]
            pub unsafe extern "C" fn $alias() {
                // Through the PLT: the target is an exported (interposable)
                // symbol of this library.
                core::arch::naked_asm!(concat!("jmp ", stringify!($target), "@PLT"))
            }
        )*
    };
}

per_thread! {
    cuEventRecordWithFlags_ptsz => cuEventRecordWithFlags;
    cuEventRecord_ptsz => cuEventRecord;
    cuLaunchCooperativeKernel_ptsz => cuLaunchCooperativeKernel;
    cuLaunchHostFunc_ptsz => cuLaunchHostFunc;
    cuLaunchKernelEx_ptsz => cuLaunchKernelEx;
    cuLaunchKernel_ptsz => cuLaunchKernel;
    cuMemPrefetchAsync_ptsz => cuMemPrefetchAsync;
    cuMemcpy2DAsync_v2_ptsz => cuMemcpy2DAsync_v2;
    cuMemcpy2DUnaligned_v2_ptds => cuMemcpy2DUnaligned_v2;
    cuMemcpy2D_v2_ptds => cuMemcpy2D_v2;
    cuMemcpy3DAsync_v2_ptsz => cuMemcpy3DAsync_v2;
    cuMemcpy3DPeerAsync_ptsz => cuMemcpy3DPeerAsync;
    cuMemcpy3DPeer_ptds => cuMemcpy3DPeer;
    cuMemcpy3D_v2_ptds => cuMemcpy3D_v2;
    cuMemcpyAsync_ptsz => cuMemcpyAsync;
    cuMemcpyAtoA_v2_ptds => cuMemcpyAtoA_v2;
    cuMemcpyAtoD_v2_ptds => cuMemcpyAtoD_v2;
    cuMemcpyAtoH_v2_ptds => cuMemcpyAtoH_v2;
    cuMemcpyDtoA_v2_ptds => cuMemcpyDtoA_v2;
    cuMemcpyDtoDAsync_v2_ptsz => cuMemcpyDtoDAsync_v2;
    cuMemcpyDtoD_v2_ptds => cuMemcpyDtoD_v2;
    cuMemcpyDtoHAsync_v2_ptsz => cuMemcpyDtoHAsync_v2;
    cuMemcpyDtoH_v2_ptds => cuMemcpyDtoH_v2;
    cuMemcpyHtoA_v2_ptds => cuMemcpyHtoA_v2;
    cuMemcpyHtoDAsync_v2_ptsz => cuMemcpyHtoDAsync_v2;
    cuMemcpyHtoD_v2_ptds => cuMemcpyHtoD_v2;
    cuMemcpyPeerAsync_ptsz => cuMemcpyPeerAsync;
    cuMemcpyPeer_ptds => cuMemcpyPeer;
    cuMemcpy_ptds => cuMemcpy;
    cuMemsetD16Async_ptsz => cuMemsetD16Async;
    cuMemsetD16_v2_ptds => cuMemsetD16_v2;
    cuMemsetD2D16Async_ptsz => cuMemsetD2D16Async;
    cuMemsetD2D16_v2_ptds => cuMemsetD2D16_v2;
    cuMemsetD2D32Async_ptsz => cuMemsetD2D32Async;
    cuMemsetD2D32_v2_ptds => cuMemsetD2D32_v2;
    cuMemsetD2D8Async_ptsz => cuMemsetD2D8Async;
    cuMemsetD2D8_v2_ptds => cuMemsetD2D8_v2;
    cuMemsetD32Async_ptsz => cuMemsetD32Async;
    cuMemsetD32_v2_ptds => cuMemsetD32_v2;
    cuMemsetD8Async_ptsz => cuMemsetD8Async;
    cuMemsetD8_v2_ptds => cuMemsetD8_v2;
    cuStreamAddCallback_ptsz => cuStreamAddCallback;
    cuStreamAttachMemAsync_ptsz => cuStreamAttachMemAsync;
    cuStreamGetCtx_ptsz => cuStreamGetCtx;
    cuStreamGetFlags_ptsz => cuStreamGetFlags;
    cuStreamGetPriority_ptsz => cuStreamGetPriority;
    cuStreamQuery_ptsz => cuStreamQuery;
    cuStreamSynchronize_ptsz => cuStreamSynchronize;
    cuStreamWaitEvent_ptsz => cuStreamWaitEvent;
}
