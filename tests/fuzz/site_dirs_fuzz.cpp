// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the answer of `check --python`'s interpreter (NUL-ended site-packages
// folders). What is accepted is at least one absolute folder, each once, none holding a NUL.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cudaarch/python_env.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto dirs = cudaarch::parse_site_dirs(input);
    if (!dirs) return 0;
    if (dirs->empty()) std::abort();
    for (auto dir = dirs->begin(); dir != dirs->end(); ++dir) {
        if (dir->empty() || (*dir)[0] != '/' || dir->find('\0') != std::string::npos ||
            std::find(dirs->begin(), dir, *dir) != dir)
            std::abort();
    }
    return 0;
}
