// SPDX-License-Identifier: Apache-2.0
// kernel_check <name>: runs one kernel on every visible device, compares it with a CPU
// reference and prints one summary line per device. Exit codes: 0 match, 1 mismatch,
// 2 CUDA error, 64 usage, 77 no device.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <cuda_fp16.h>
#include <cuda_runtime_api.h>

#include <cudaarch/runtime.hpp>

#include "check/compare.hpp"
#include "check/cuda_check.hpp"
#include "check/device_buffer.hpp"
#include "gemm/gemm_tile.cuh"
#include "hopper/saxpy_hopper.cuh"
#include "reduce/reduce_sum.cuh"
#include "saxpy/saxpy.cuh"

namespace ck = cudaarch::kernels;

namespace {

constexpr int exit_mismatch = 1;
constexpr int exit_cuda_error = 2;
constexpr int exit_usage = 64;
constexpr int exit_skip = 77;

struct Outcome {
    bool ok;
    std::string detail;  // what goes between the parentheses of the summary line
};

// Floats in [lo, hi) with 24 random bits. mt19937's output is fixed by the standard
// (unlike the distributions'), so every platform checks the same numbers.
std::vector<float> random_floats(std::size_t n, float lo, float hi, std::uint32_t seed) {
    std::mt19937 gen(seed);
    std::vector<float> v(n);
    for (float& x : v) {
        x = lo + (hi - lo) * static_cast<float>(gen() >> 8) * 0x1p-24f;
    }
    return v;
}

// Shared by the saxpy and hopper checks; `run` enqueues y = a*x + y and names its path.
template <class Run>
Outcome check_saxpy(Run run) {
    constexpr std::size_t n = std::size_t{1} << 20;
    // a is a power of two, so a*x is exact and a fused multiply-add rounds exactly like
    // the CPU's multiply then add: the results must be bit-identical.
    constexpr float a = 2.0f;
    constexpr double tol = 0.0;
    const std::vector<float> x = random_floats(n, -1.0f, 1.0f, 1);
    std::vector<float> y = random_floats(n, -1.0f, 1.0f, 2);

    const ck::DeviceBuffer<float> dx(x);
    const ck::DeviceBuffer<float> dy(y);
    const std::string path = run(a, dx.get(), dy.get(), n);
    CUDAARCH_CHECK(cudaDeviceSynchronize());
    const std::vector<float> got = dy.download();

    for (std::size_t i = 0; i < n; ++i) {
        y[i] = a * x[i] + y[i];
    }
    const ck::Comparison c = ck::compare(got.data(), y.data(), n, tol);
    return {c.ok, path + "n=" + std::to_string(n) + ", " + ck::describe(c, tol)};
}

Outcome check_plain_saxpy() {
    return check_saxpy([](float a, const float* x, float* y, std::size_t n) {
        CUDAARCH_CHECK(ck::saxpy(a, x, y, n));
        return std::string();
    });
}

Outcome check_hopper() {
    return check_saxpy([](float a, const float* x, float* y, std::size_t n) {
        ck::SaxpyPath path{};
        CUDAARCH_CHECK(ck::saxpy_hopper(a, x, y, n, &path));
        return std::string("path=") + ck::path_name(path) + ", ";
    });
}

Outcome check_reduce() {
    constexpr std::size_t n = std::size_t{1} << 24;
    const std::vector<float> x = random_floats(n, 0.0f, 1.0f, 3);

    const ck::DeviceBuffer<float> dx(x);
    ck::DeviceBuffer<float> partials(ck::reduce_sum_blocks);
    ck::DeviceBuffer<float> sum(1);
    CUDAARCH_CHECK(ck::reduce_sum(dx.get(), n, partials.get(), sum.get()));
    CUDAARCH_CHECK(cudaDeviceSynchronize());
    const float got = sum.download()[0];

    double want = 0.0;
    double abs_sum = 0.0;
    for (const float v : x) {
        want += v;
        abs_sum += std::abs(v);
    }
    // Each float addition errs by at most 2^-24 of its result; along the longest chain of
    // this kernel's additions (~84 for this n) that bounds the error by about
    // 5e-6 * sum|x|. Allow twice that.
    const double tol = 1e-5 * abs_sum;
    const ck::Comparison c = ck::compare(&got, &want, 1, tol);
    return {c.ok, "n=" + std::to_string(n) + ", " + ck::describe(c, tol, "abs_err")};
}

Outcome check_gemm() {
    constexpr std::size_t m = 128;
    constexpr std::size_t n = 192;
    constexpr std::size_t k = 320;
    // Entries are quarters in [-1, 1]: exact in half, products exact multiples of 1/16,
    // and every partial sum (|sum| <= k) exact in float, so any order of accumulation,
    // tensor cores included, must reproduce the reference exactly.
    constexpr double tol = 0.0;
    std::mt19937 gen(4);
    const auto quarters = [&gen](std::size_t count) {
        std::vector<float> v(count);
        for (float& q : v) {
            q = static_cast<float>(static_cast<int>(gen() % 9) - 4) / 4.0f;
        }
        return v;
    };
    const std::vector<float> a = quarters(m * k);
    const std::vector<float> b = quarters(k * n);
    const auto to_half = [](const std::vector<float>& v) {
        std::vector<__half> h(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) {
            h[i] = __float2half(v[i]);
        }
        return h;
    };

    const ck::DeviceBuffer<__half> da(to_half(a));
    const ck::DeviceBuffer<__half> db(to_half(b));
    ck::DeviceBuffer<float> dc(m * n);
    const char* path = nullptr;
    CUDAARCH_CHECK(ck::gemm_tile_path(&path));
    CUDAARCH_CHECK(ck::gemm_tile(da.get(), db.get(), dc.get(), int{m}, int{n}, int{k}));
    CUDAARCH_CHECK(cudaDeviceSynchronize());
    const std::vector<float> got = dc.download();

    std::vector<double> want(m * n, 0.0);
    for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t kk = 0; kk < k; ++kk) {
            const double aik = a[i * k + kk];
            for (std::size_t j = 0; j < n; ++j) {
                want[i * n + j] += aik * b[kk * n + j];
            }
        }
    }
    const ck::Comparison c = ck::compare(got.data(), want.data(), want.size(), tol);
    return {c.ok, std::string("path=") + path + ", m=" + std::to_string(m) +
                      ", n=" + std::to_string(n) + ", k=" + std::to_string(k) + ", " +
                      ck::describe(c, tol)};
}

struct Check {
    const char* name;
    Outcome (*run)();
};

constexpr Check checks[] = {
    {"saxpy", check_plain_saxpy},
    {"reduce", check_reduce},
    {"gemm", check_gemm},
    {"hopper", check_hopper},
};

// cudaGetDeviceCount answers these when there is no GPU or no usable driver: a reason
// to skip, not a failure.
bool no_device(cudaError_t err, int count) {
    return err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver ||
           err == cudaErrorStubLibrary || (err == cudaSuccess && count == 0);
}

}  // namespace

int main(int argc, char** argv) {
    const Check* check = nullptr;
    for (const Check& c : checks) {
        if (argc == 2 && std::strcmp(argv[1], c.name) == 0) {
            check = &c;
        }
    }
    if (check == nullptr) {
        std::fprintf(stderr, "usage: kernel_check <saxpy|reduce|gemm|hopper>\n");
        return exit_usage;
    }

    try {
        int count = 0;
        const cudaError_t err = cudaGetDeviceCount(&count);
        if (no_device(err, count)) {
            std::printf("%s: skipped: no CUDA device (%s)\n", check->name,
                        err == cudaSuccess ? "0 devices" : cudaGetErrorName(err));
            return exit_skip;
        }
        CUDAARCH_CHECK(err);
        // Every visible device: a test given several GPUs checks each of them.
        bool all_ok = true;
        for (int device = 0; device < count; ++device) {
            CUDAARCH_CHECK(cudaSetDevice(device));
            // Says which image the device runs, or stops with the fix instead of error 209
            // at the first launch.
            cudaarch::require_device_support();
            const Outcome outcome = check->run();
            const std::string prefix = count > 1 ? "device " + std::to_string(device) + ": " : "";
            std::printf("%s%s: %s (%s)\n", prefix.c_str(), check->name, outcome.ok ? "ok" : "MISMATCH",
                        outcome.detail.c_str());
            all_ok = all_ok && outcome.ok;
        }
        return all_ok ? 0 : exit_mismatch;
    } catch (const ck::CudaError& e) {
        std::printf("%s: CUDA error %s\n", check->name, e.what());
        return exit_cuda_error;
    }
}
