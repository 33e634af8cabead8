// SPDX-License-Identifier: Apache-2.0
// CUDA runtime failures as exceptions, so the check program's steps read in order and
// every failure ends in one place with one exit code.
#pragma once

#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>

namespace cudaarch::kernels {

class CudaError : public std::runtime_error {
public:
    CudaError(cudaError_t code, const std::string& where)
        : std::runtime_error(std::string(cudaGetErrorName(code)) + ": " + cudaGetErrorString(code) +
                             " (" + where + ")"),
          code_(code) {}
    [[nodiscard]] cudaError_t code() const noexcept { return code_; }

private:
    cudaError_t code_;
};

inline void check_cuda(cudaError_t code, const char* expr, const char* file, int line) {
    if (code != cudaSuccess) {
        throw CudaError(code, std::string(expr) + " at " + file + ":" + std::to_string(line));
    }
}

}  // namespace cudaarch::kernels

#define CUDAARCH_CHECK(expr) ::cudaarch::kernels::check_cuda((expr), #expr, __FILE__, __LINE__)
