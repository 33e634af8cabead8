// SPDX-License-Identifier: Apache-2.0
// Blockwise 8-bit quantization, the kind of kernel bitsandbytes is made of: each block of
// kBlock values is scaled by its largest magnitude (absmax) to the range -127..127.
#include <cmath>
#include <cstdio>
#include <vector>

#include "../common/family.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 500
#error "quantize.cu needs compute capability 5.0 or newer"
#endif

namespace {
constexpr int kBlock = 256;  // values per absmax block, one thread each

__global__ void quantize_blockwise(const float* in, signed char* out, float* absmax, int n) {
    __shared__ float largest[kBlock];
    const int i = blockIdx.x * kBlock + threadIdx.x;
    const float value = i < n ? in[i] : 0.0f;
    largest[threadIdx.x] = fabsf(value);
    __syncthreads();
    for (int half = kBlock / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) largest[threadIdx.x] = fmaxf(largest[threadIdx.x], largest[threadIdx.x + half]);
        __syncthreads();
    }
    const float scale = largest[0];
    if (threadIdx.x == 0) absmax[blockIdx.x] = scale;
    if (i < n) out[i] = static_cast<signed char>(scale > 0.0f ? rintf(value * 127.0f / scale) : 0.0f);
}
}  // namespace

// The runner's exit status: 0 when quantized and checked against the host's answer, or when
// this GPU has no image (said so); 1 on a failure; 77 without a GPU (CTest's SKIP_RETURN_CODE).
int bitsandbytes_like_run() {
    if (!have_device()) return 77;
    cudaFuncAttributes attributes;
    if (cudaFuncGetAttributes(&attributes, quantize_blockwise) == cudaErrorNoKernelImageForDevice) {
        cudaGetLastError();
        std::printf("quantize_blockwise: skipped: no image for this GPU\n");
        return 0;
    }
    constexpr int n = 3 * kBlock + 17;
    constexpr int blocks = (n + kBlock - 1) / kBlock;
    std::vector<float> host(n);
    for (int i = 0; i < n; ++i) host[i] = static_cast<float>((i * 37) % 101 - 50) * (1.0f + i / kBlock);
    float* in = nullptr;
    signed char* out = nullptr;
    float* absmax = nullptr;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n);
    cudaMalloc(&absmax, blocks * sizeof(float));
    cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    quantize_blockwise<<<blocks, kBlock>>>(in, out, absmax, n);
    const cudaError_t launched = cudaDeviceSynchronize();
    std::vector<signed char> quantized(n);
    std::vector<float> scales(blocks);
    cudaMemcpy(quantized.data(), out, n, cudaMemcpyDeviceToHost);
    cudaMemcpy(scales.data(), absmax, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(in);
    cudaFree(out);
    cudaFree(absmax);
    bool ok = launched == cudaSuccess;
    for (int i = 0; ok && i < n; ++i) {
        float scale = 0.0f;
        for (int j = i / kBlock * kBlock; j < n && j < (i / kBlock + 1) * kBlock; ++j) scale = std::fmax(scale, std::fabs(host[j]));
        // one step of rounding apart at most: the device may divide in another order
        ok = scales[i / kBlock] == scale && std::abs(quantized[i] - std::rint(host[i] * 127.0f / scale)) <= 1.0f;
    }
    std::printf("quantize_blockwise: %s (binary version %d)\n", ok ? "ok" : "FAILED", attributes.binaryVersion);
    return ok ? 0 : 1;
}
