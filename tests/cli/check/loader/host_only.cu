// SPDX-License-Identifier: Apache-2.0
// Host code only: nvcc links it with its static CUDA runtime (-cudart static, the default).
#include <cuda_runtime.h>

int main() {
    int count = 0;
    return cudaGetDeviceCount(&count) == cudaSuccess ? 0 : 1;
}
