// SPDX-License-Identifier: Apache-2.0
#include "cli/archive_decoders.hpp"

#include <algorithm>
#include <string>

#include "cli/zstd_decoder.hpp"

#ifdef CUDAARCH_HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef CUDAARCH_HAVE_BZIP2
#include <bzlib.h>
#endif

namespace cudaarch::cli {

namespace {

// Each decoder streams into pieces of 64 KiB and stops once the output passes `limit`: memory
// grows only as far as the stream really decodes and the limit allows, never to a size a header
// merely claims. The libraries check every read of the stream.
constexpr std::size_t kPiece = std::size_t{1} << 16;

// What one call of a library's decoder did.
struct Step {
    std::size_t consumed = 0;
    std::size_t produced = 0;
    bool done = false;      // the stream's end was decoded
    std::string failure;    // the library's reason, when it failed
};

// Feeds `stream` to `step(in, in_size, out, out_size)` in pieces until it reports the end.
template <class Decode>
Result<std::string> drain(std::string_view stream, std::uint64_t limit, Decode step) {
    std::string out;
    // A zip member's limit is its declared size: reserved, so that the output is not grown by
    // doubling past it. Otherwise the limit is a bound far above the usual, and only a guess is.
    out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(limit, std::uint64_t{4} * stream.size())));
    std::string piece(kPiece, '\0');
    std::size_t at = 0;
    for (;;) {
        const std::size_t in_size = std::min<std::size_t>(stream.size() - at, std::size_t{1} << 30);
        const Step made = step(stream.data() + at, in_size, piece.data(), piece.size());
        if (!made.failure.empty()) return Error{made.failure};
        if (made.produced > limit - out.size()) return Error{"decodes past " + std::to_string(limit) + " bytes"};
        out.append(piece.data(), made.produced);
        at += made.consumed;
        if (made.done) return out;
        if (made.consumed == 0 && made.produced == 0) return Error{"stream cut short"};
    }
}

#ifdef CUDAARCH_HAVE_ZLIB
// A raw deflate stream (zip's method 8: no zlib header).
Result<std::string> inflate_stream(std::string_view stream, std::uint64_t limit) {
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return Error{"out of memory"};
    Result<std::string> out = drain(stream, limit, [&](const char* in, std::size_t in_size, char* to, std::size_t to_size) {
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        z.avail_in = static_cast<uInt>(in_size);
        z.next_out = reinterpret_cast<Bytef*>(to);
        z.avail_out = static_cast<uInt>(to_size);
        const int status = inflate(&z, Z_NO_FLUSH);
        Step step{in_size - z.avail_in, to_size - z.avail_out, status == Z_STREAM_END, ""};
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) step.failure = z.msg ? z.msg : "corrupt stream";
        return step;
    });
    inflateEnd(&z);
    return out;
}
#endif

#ifdef CUDAARCH_HAVE_BZIP2
Result<std::string> bunzip2_stream(std::string_view stream, std::uint64_t limit) {
    bz_stream b{};
    if (BZ2_bzDecompressInit(&b, 0, 0) != BZ_OK) return Error{"out of memory"};
    Result<std::string> out = drain(stream, limit, [&](const char* in, std::size_t in_size, char* to, std::size_t to_size) {
        b.next_in = const_cast<char*>(in);
        b.avail_in = static_cast<unsigned>(in_size);
        b.next_out = to;
        b.avail_out = static_cast<unsigned>(to_size);
        const int status = BZ2_bzDecompress(&b);
        Step step{in_size - b.avail_in, to_size - b.avail_out, status == BZ_STREAM_END, ""};
        if (status != BZ_OK && status != BZ_STREAM_END) step.failure = "corrupt stream (" + std::to_string(status) + ")";
        return step;
    });
    BZ2_bzDecompressEnd(&b);
    return out;
}
#endif

}  // namespace

ArchiveDecoders archive_decoders() {
    ArchiveDecoders decoders;
    decoders.zstd = zstd_decoder();
#ifdef CUDAARCH_HAVE_ZLIB
    decoders.inflate = inflate_stream;
#endif
#ifdef CUDAARCH_HAVE_BZIP2
    decoders.bzip2 = bunzip2_stream;
#endif
    return decoders;
}

}  // namespace cudaarch::cli
