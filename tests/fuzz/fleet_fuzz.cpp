// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a `select --from-file` list (names or capabilities one per line,
// nvidia-smi's CSV, or `cudaarch detect --json` output), and the selection made from it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cudaarch/select.hpp"
#include "cudaarch/toolkit.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto fleet = cudaarch::parse_fleet(input);
    if (!fleet || fleet->empty()) return 0;
    static const cudaarch::Toolkit toolkit = cudaarch::toolkit_from_database("nvcc", cudaarch::Version{13, 0});
    for (const auto objective : {cudaarch::Objective::minimal, cudaarch::Objective::exact})
        (void)cudaarch::select_images(*fleet, toolkit, objective, true);
    return 0;
}
