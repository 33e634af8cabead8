// SPDX-License-Identifier: Apache-2.0
// Reader for Unix `ar` archives (GNU and BSD member naming).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

inline constexpr std::string_view ar_magic = "!<arch>\n";
inline constexpr std::string_view ar_thin_magic = "!<thin>\n";

struct ArMember {
    std::string name;
    std::uint64_t header_offset = 0;  // relative to the archive's first byte
    std::uint64_t data_offset = 0;
    std::uint64_t data_size = 0;
};

// Every member in archive order, without the symbol tables and the GNU long-name table.
Result<std::vector<ArMember>> read_archive(const Bytes& bytes);

}  // namespace cudaarch::binary
