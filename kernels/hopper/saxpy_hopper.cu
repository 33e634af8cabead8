// SPDX-License-Identifier: Apache-2.0
// Built only for 90a-real (see kernels/CMakeLists.txt): nvcc then runs one device pass,
// for sm_90a, and embeds one image. The guards below still matter for the -arch=sm_90a
// shorthand, whose extra compute_90 pass would reject setmaxnreg.
#include "hopper/saxpy_hopper.cuh"

#include "common/launch.cuh"
#include "saxpy/saxpy.cuh"
#include "saxpy/saxpy_device.cuh"

namespace cudaarch::kernels {
namespace {

// Three warpgroups of 128 threads. With __launch_bounds__(384, 1) ptxas caps each thread
// at 65536 / 384 rounded down to a multiple of 8 = 168 registers, which is the count
// setmaxnreg starts from.
constexpr unsigned warpgroup_threads = 128;
constexpr unsigned block_threads = 3 * warpgroup_threads;
constexpr unsigned entry_regs = 168;
constexpr unsigned light_regs = 40;   // what a data-moving warpgroup needs
constexpr unsigned heavy_regs = 232;  // what a math warpgroup would like
// setmaxnreg.inc waits for registers that .dec returned, so the block must balance.
static_assert(light_regs + 2 * heavy_regs == 3 * entry_regs, "register budget must balance");

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
template <unsigned Regs>
__device__ void release_registers() {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(Regs));
}

template <unsigned Regs>
__device__ void claim_registers() {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(Regs));
}
#endif

// The layout of a warp-specialised Hopper kernel in miniature: warpgroup 0 gives
// registers back, warpgroups 1 and 2 take them. Here every warpgroup does the same
// saxpy so that the result can be checked; what it shows is that the instruction builds
// and runs only in the sm_90a image.
__global__ void __launch_bounds__(block_threads, 1)
    saxpy_sm90a_kernel(float a, const float* x, float* y, std::size_t n) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    // setmaxnreg is warpgroup-wide; each role must be one branch of a single if/else
    // or ptxas ignores it (warning C7508).
    if (threadIdx.x / warpgroup_threads == 0) {
        release_registers<light_regs>();
        saxpy_grid_stride(a, x, y, n);
    } else {
        claim_registers<heavy_regs>();
        saxpy_grid_stride(a, x, y, n);
    }
#elif defined(__CUDA_ARCH__)
    // A stub for any other device pass. saxpy_hopper_path never picks it under the
    // intended build; if a build makes it loadable on a 9.0 device, fail loudly.
    __trap();
#endif
}

}  // namespace

const char* path_name(SaxpyPath path) {
    return path == SaxpyPath::sm90a ? "sm_90a setmaxnreg" : "portable";
}

cudaError_t saxpy_hopper_path(SaxpyPath* path) {
    int device = 0;
    int major = 0;
    int minor = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err == cudaSuccess) {
        err = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    }
    if (err == cudaSuccess) {
        err = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
    }
    if (err != cudaSuccess) {
        return err;
    }
    *path = SaxpyPath::portable;
    if (major == 9 && minor == 0) {
        cudaFuncAttributes attr{};
        if (cudaFuncGetAttributes(&attr, saxpy_sm90a_kernel) == cudaSuccess) {
            *path = SaxpyPath::sm90a;
        } else {
            cudaGetLastError();  // the failed probe must not surface at the next launch
        }
    }
    return cudaSuccess;
}

cudaError_t saxpy_hopper(float a, const float* x, float* y, std::size_t n, SaxpyPath* path,
                         cudaStream_t stream) {
    if (const cudaError_t err = saxpy_hopper_path(path); err != cudaSuccess) {
        return err;
    }
    if (*path == SaxpyPath::portable) {
        return saxpy(a, x, y, n, stream);
    }
    saxpy_sm90a_kernel<<<grid_size(n, block_threads), block_threads, 0, stream>>>(a, x, y, n);
    return cudaGetLastError();
}

}  // namespace cudaarch::kernels
