// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the text of a /proc/PID/maps as `check --pid` reads it. Every file is an
// absolute path, named once, never one the kernel marks deleted.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "cudaarch/loaded_libraries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::set<std::string> seen;
    for (const std::string& file : cudaarch::mapped_files(input)) {
        if (file.empty() || file[0] != '/' || file.find('\n') != std::string::npos || !seen.insert(file).second)
            std::abort();
    }
    return 0;
}
