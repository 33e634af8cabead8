// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the JSON reader and what `cudaarch ctest` reads with it (ctest's
// --show-only=json-v1 and resource specs), on arbitrary bytes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cli/test_plan.hpp"
#include "cudaarch/json_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    (void)cudaarch::parse_json(input);
    std::vector<cudaarch::Device> devices(3);
    devices[0].major = 9;
    devices[1].major = 7;
    devices[1].minor = 5;
    devices[2].major = 8;
    const auto spec = cudaarch::cli::read_spec(input, devices.size());
    const auto suite = cudaarch::cli::read_suite(input);
    if (suite) {
        const auto used = spec ? *spec : cudaarch::cli::gpu_spec(devices.size(), 2);
        const auto skips = cudaarch::cli::plan(*suite, used, devices);
        (void)cudaarch::cli::passes(*suite, skips, used, devices);
    }
    return 0;
}
