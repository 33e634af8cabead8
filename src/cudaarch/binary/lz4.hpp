// SPDX-License-Identifier: Apache-2.0
// Decoder of the LZ4 block format, which fatbin entries flagged 0x2000 use (nvcc
// --compress-mode=speed, and CUDA 11/12's -compress-all; docs/reference fatbin-format §2.5).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "cudaarch/result.hpp"

namespace cudaarch::binary {

// Decodes the LZ4 block `block` (sequences of a token, literals and a back reference, the last
// one literals only) into at most `limit` bytes. Every read is checked against the block and
// every write against `limit`; a reference before the output's start, a length past either end
// or a block cut inside a sequence is an error, which names the block's offset where it fails.
[[nodiscard]] Result<std::string> lz4_block_decode(std::string_view block, std::uint64_t limit);

}  // namespace cudaarch::binary
