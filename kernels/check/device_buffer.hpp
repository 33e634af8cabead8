// SPDX-License-Identifier: Apache-2.0
// A device array that frees itself, so an exception on the way out leaks nothing.
#pragma once

#include <cstddef>
#include <vector>

#include <cuda_runtime_api.h>

#include "check/cuda_check.hpp"

namespace cudaarch::kernels {

template <class T>
class DeviceBuffer {
public:
    explicit DeviceBuffer(std::size_t count) : count_(count) {
        CUDAARCH_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T)));
    }
    explicit DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) {
        CUDAARCH_CHECK(cudaMemcpy(data_, host.data(), count_ * sizeof(T), cudaMemcpyHostToDevice));
    }
    ~DeviceBuffer() { cudaFree(data_); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    [[nodiscard]] T* get() const { return data_; }

    [[nodiscard]] std::vector<T> download() const {
        std::vector<T> host(count_);
        CUDAARCH_CHECK(cudaMemcpy(host.data(), data_, count_ * sizeof(T), cudaMemcpyDeviceToHost));
        return host;
    }

private:
    T* data_ = nullptr;
    std::size_t count_;
};

}  // namespace cudaarch::kernels
