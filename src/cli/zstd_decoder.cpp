// SPDX-License-Identifier: Apache-2.0
#include "cli/zstd_decoder.hpp"

#ifdef CUDAARCH_HAVE_ZSTD
#include <zstd.h>

#include <string>
#endif

namespace cudaarch::cli {

#ifdef CUDAARCH_HAVE_ZSTD
namespace {

// One frame into at most `limit` bytes, streamed: the output grows only as far as the frame
// really decodes, never to a size its header merely claims. libzstd checks every read.
Result<std::string> decode(std::string_view frame, std::uint64_t limit) {
    ZSTD_DStream* stream = ZSTD_createDStream();
    if (!stream) return Error{"zstd frame: out of memory"};
    std::string out;
    std::string piece(std::size_t{1} << 16, '\0');
    ZSTD_inBuffer in{frame.data(), frame.size(), 0};
    std::size_t left = 1;  // 0 once the frame is complete
    std::string failure;
    while (left != 0 && failure.empty()) {
        ZSTD_outBuffer to{piece.data(), piece.size(), 0};
        const std::size_t before = in.pos;
        left = ZSTD_decompressStream(stream, &to, &in);
        if (ZSTD_isError(left)) failure = ZSTD_getErrorName(left);
        else if (to.pos > limit - out.size()) failure = "output larger than its stated size";
        else if (to.pos == 0 && in.pos == before && left != 0) failure = "frame cut short";
        else out.append(piece.data(), to.pos);
    }
    ZSTD_freeDStream(stream);
    if (!failure.empty()) return Error{"zstd frame: " + failure};
    return out;
}

}  // namespace

binary::ZstdDecoder zstd_decoder() { return decode; }
#else
binary::ZstdDecoder zstd_decoder() { return nullptr; }
#endif

}  // namespace cudaarch::cli
