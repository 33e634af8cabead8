// SPDX-License-Identifier: Apache-2.0
// The files of a Python wheel (.whl, a zip), a conda package (.conda, a zip of zstd-compressed
// tars) or a conda tarball (.tar.bz2), read in place, one member at a time, never unpacked to
// disk (`cudaarch size WHEEL`, docs/cli/size.md#wheels-and-conda-packages). Every header is
// untrusted: each read is bounds-checked, and a member is decoded into memory bounded by its
// declared size, by kArchiveRatio times its compressed bytes and by kArchiveMemberLimit.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch {

enum class ArchiveKind { none, wheel, conda, tar_bz2 };

// What the file name says `path` is: .whl, .conda, .tar.bz2, else none.
[[nodiscard]] ArchiveKind archive_kind(std::string_view path);

// A decoder of one compressed stream (deflate without header, zstd frame, bzip2 stream) into at
// most `limit` bytes: an error when it would decode more. The core links no compression
// library; the cudaarch tool passes zlib's, libzstd's and libbz2's where it was built with them.
using StreamDecoder = Result<std::string> (*)(std::string_view stream, std::uint64_t limit);

struct ArchiveDecoders {
    StreamDecoder inflate = nullptr;
    StreamDecoder zstd = nullptr;
    StreamDecoder bzip2 = nullptr;
};

// The most bytes one member decodes to, and the most per compressed byte (deflate cannot exceed
// 1032; ELF files and tars of them compress 2 to 10 times): past either it is a bomb, refused.
constexpr std::uint64_t kArchiveMemberLimit = std::uint64_t{4} << 30;
constexpr std::uint64_t kArchiveRatio = 100;
// Below this, a member is not held to the ratio (a small file of zeros is no bomb).
constexpr std::uint64_t kArchiveRatioFloor = std::uint64_t{1} << 20;

// The most bytes `compressed` bytes may decode to under the limits above.
[[nodiscard]] std::uint64_t archive_decode_limit(std::uint64_t compressed);

// A regular file of an archive: its path inside it and its bytes, valid during the call only.
using ArchiveVisitor = std::function<void(std::string_view path, std::string_view bytes)>;

// Each regular file of the zip `zip` (deflated or stored), in central-directory order. Over a
// file, each member's bytes are read into one buffer, reused: the archive is never held whole.
// Errors name the archive (`zip.file()`) and the member.
[[nodiscard]] std::optional<Error> read_zip(const binary::Bytes& zip, StreamDecoder inflate, const ArchiveVisitor& visit);
// Each regular file of the tar `bytes` (ustar, GNU long names, pax paths).
[[nodiscard]] std::optional<Error> read_tar(std::string_view name, std::string_view bytes, const ArchiveVisitor& visit);
// Each regular file of the archive `bytes` of `kind`: a wheel's zip members, a conda package's
// files of its .tar.zst members, a tarball's files.
[[nodiscard]] std::optional<Error> read_archive(ArchiveKind kind, const binary::Bytes& archive, const ArchiveDecoders& decoders,
                                                const ArchiveVisitor& visit);

// An ELF file of an archive, named ARCHIVE!/MEMBER, and its bytes, valid during the call only.
using ArchiveElfVisitor = std::function<void(const std::string& name, std::string_view bytes)>;
// Each ELF file of the archive file `path` of `kind`, read in place (read_archive()): what
// `size` and `pick` read of a wheel or a conda package. An error names the archive and the
// member, or says that the file changed while it was read (then what was read is not what
// the file holds).
[[nodiscard]] std::optional<Error> read_archive_elf_files(const std::string& path, ArchiveKind kind,
                                                          const ArchiveDecoders& decoders, const ArchiveElfVisitor& visit);

}  // namespace cudaarch
