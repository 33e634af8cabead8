// SPDX-License-Identifier: Apache-2.0
// The header of a zstd frame (RFC 8878, 3.1.1.1), bounds-checked: the content size it
// declares, which `size` holds an entry's uncompressed size to without decoding the frame.
#pragma once

#include <cstdint>
#include <optional>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

// The Frame_Content_Size of the frame that starts `frame`, or nothing where the header leaves
// it out; an error where `frame` does not start with a whole zstd frame header.
[[nodiscard]] Result<std::optional<std::uint64_t>> zstd_content_size(const Bytes& frame);

}  // namespace cudaarch::binary
