// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/zstd_frame.hpp"

namespace cudaarch::binary {

namespace {

constexpr std::uint32_t zstd_magic = 0xFD2FB528;

}  // namespace

Result<std::optional<std::uint64_t>> zstd_content_size(const Bytes& frame) {
    if (!frame.fits(0, 5)) return frame.error(0, "truncated zstd frame header");
    if (frame.u32(0) != zstd_magic) return frame.error(0, "not a zstd frame");
    const std::uint8_t descriptor = frame.u8(4);
    const unsigned size_flag = descriptor >> 6;
    const bool single_segment = (descriptor & 0x20) != 0;
    constexpr std::uint64_t dictionary_id_sizes[] = {0, 1, 2, 4};
    // The magic, the descriptor, the window descriptor (absent in a single segment), the dictionary ID.
    const std::uint64_t at = 5 + (single_segment ? 0 : 1) + dictionary_id_sizes[descriptor & 3];
    constexpr std::uint64_t content_size_sizes[] = {0, 2, 4, 8};
    const std::uint64_t length = size_flag == 0 && single_segment ? 1 : content_size_sizes[size_flag];
    if (length == 0) return std::optional<std::uint64_t>();
    if (!frame.fits(at, length)) return frame.error(0, "truncated zstd frame header");
    switch (length) {
        case 1: return std::optional<std::uint64_t>(frame.u8(at));
        case 2: return std::optional<std::uint64_t>(std::uint64_t{frame.u16(at)} + 256);  // stored less 256
        case 4: return std::optional<std::uint64_t>(frame.u32(at));
        default: return std::optional<std::uint64_t>(frame.u64(at));
    }
}

}  // namespace cudaarch::binary
