// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a .dist-info/RECORD (CSV, quoted fields) as `check --python` reads it. Every
// path given is non-empty and no longer than the input, and the callback and the collecting
// form agree. The same bytes as the distribution's entry_points.txt: every launcher name is
// non-empty, no longer than the input, and holds no line break.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
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
    for (const std::string& name : cudaarch::script_names(input))
        if (name.empty() || name.size() > input.size() || name.find('\n') != std::string::npos) std::abort();
    return 0;
}
