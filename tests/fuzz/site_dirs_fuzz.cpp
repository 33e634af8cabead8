// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the answer of `check --python`'s interpreter (NUL-ended site-packages
// folders, the other places tagged `user:` or `system:`). What is accepted is at least one
// folder of its own, each once, and every folder absolute, none holding a NUL.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/python_env.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto dirs = cudaarch::parse_site_dirs(input);
    if (!dirs) return 0;
    const auto bad = [](const std::string& dir) { return dir.empty() || dir[0] != '/' || dir.find('\0') != std::string::npos; };
    const std::vector<std::string>& own = dirs->own;
    if (own.empty()) std::abort();
    for (auto dir = own.begin(); dir != own.end(); ++dir)
        if (bad(*dir) || std::find(own.begin(), dir, *dir) != dir) std::abort();
    for (const cudaarch::SiteDir& more : dirs->more)
        if (bad(more.folder) || more.place.empty()) std::abort();
    return 0;
}
