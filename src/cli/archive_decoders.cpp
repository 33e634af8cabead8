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

#ifdef CUDAARCH_HAVE_ZLIB
// A raw deflate stream (zip's method 8: no zlib header).
Result<std::string> inflate_stream(std::string_view stream, std::uint64_t limit) {
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return Error{"out of memory"};
    std::string out;
    std::string piece(kPiece, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(stream.data()));
    std::string failure;
    int status = Z_OK;
    std::uint64_t left_in = stream.size();
    while (status != Z_STREAM_END && failure.empty()) {
        if (z.avail_in == 0) {
            z.avail_in = static_cast<uInt>(std::min<std::uint64_t>(left_in, 1u << 30));
            left_in -= z.avail_in;
        }
        z.next_out = reinterpret_cast<Bytef*>(piece.data());
        z.avail_out = static_cast<uInt>(piece.size());
        status = inflate(&z, Z_NO_FLUSH);
        const std::size_t made = piece.size() - z.avail_out;
        if (status != Z_OK && status != Z_STREAM_END) failure = status == Z_BUF_ERROR ? "stream cut short" : (z.msg ? z.msg : "corrupt stream");
        else if (made > limit - out.size()) failure = "decodes past " + std::to_string(limit) + " bytes";
        else out.append(piece.data(), made);
    }
    inflateEnd(&z);
    if (!failure.empty()) return Error{failure};
    return out;
}
#endif

#ifdef CUDAARCH_HAVE_BZIP2
Result<std::string> bunzip2_stream(std::string_view stream, std::uint64_t limit) {
    bz_stream b{};
    if (BZ2_bzDecompressInit(&b, 0, 0) != BZ_OK) return Error{"out of memory"};
    std::string out;
    std::string piece(kPiece, '\0');
    b.next_in = const_cast<char*>(stream.data());
    std::string failure;
    int status = BZ_OK;
    std::uint64_t left_in = stream.size();
    while (status != BZ_STREAM_END && failure.empty()) {
        if (b.avail_in == 0) {
            b.avail_in = static_cast<unsigned>(std::min<std::uint64_t>(left_in, 1u << 30));
            left_in -= b.avail_in;
        }
        const unsigned before = b.avail_in;
        b.next_out = piece.data();
        b.avail_out = static_cast<unsigned>(piece.size());
        status = BZ2_bzDecompress(&b);
        const std::size_t made = piece.size() - b.avail_out;
        if (status != BZ_OK && status != BZ_STREAM_END) failure = "corrupt stream (" + std::to_string(status) + ")";
        else if (made > limit - out.size()) failure = "decodes past " + std::to_string(limit) + " bytes";
        else if (status == BZ_OK && made == 0 && b.avail_in == before && left_in == 0) failure = "stream cut short";
        else out.append(piece.data(), made);
    }
    BZ2_bzDecompressEnd(&b);
    if (!failure.empty()) return Error{failure};
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
