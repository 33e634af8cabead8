// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a .dist-info/RECORD (CSV, quoted fields) as `check --python` reads it. Every
// path given is non-empty and no longer than the input, and the callback and the collecting
// form agree.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cudaarch/python_env.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::size_t count = 0;
    cudaarch::for_each_record_path(input, [&](std::string_view path) {
        if (path.empty() || path.size() > input.size()) std::abort();
        ++count;
    });
    if (cudaarch::record_paths(input).size() != count) std::abort();
    return 0;
}
