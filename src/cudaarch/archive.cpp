// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/archive.hpp"

#include <algorithm>
#include <vector>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

using binary::Bytes;

namespace {

// Why a member's path may not be read: empty, absolute, or with a `..` part (it would name a
// file outside the folder the archive unpacks to).
std::optional<std::string> bad_path(std::string_view path) {
    if (path.empty()) return "an empty path";
    if (path.front() == '/' || path.front() == '\\') return "an absolute path";
    for (std::size_t start = 0; start <= path.size();) {
        std::size_t end = path.find_first_of("/\\", start);
        if (end == std::string_view::npos) end = path.size();
        if (path.substr(start, end - start) == "..") return "a path that leaves the archive (..)";
        start = end + 1;
    }
    return std::nullopt;
}

Error member_error(std::string_view archive, std::string_view member, std::string_view why) {
    return Error{std::string(archive) + ": member " + text::quote(member) + ": " + std::string(why)};
}

// The decoded bytes of a member's compressed `stream`: at most `declared` bytes
// (when known) and archive_decode_limit().
Result<std::string> decode(StreamDecoder decoder, std::string_view codec, std::string_view stream,
                           std::optional<std::uint64_t> declared) {
    if (!decoder) return Error{"a " + std::string(codec) + " stream, and this cudaarch was built without " + std::string(codec)};
    const std::uint64_t limit = archive_decode_limit(stream.size());
    if (declared && *declared > limit)
        return Error{"declares " + std::to_string(*declared) + " bytes from " + std::to_string(stream.size()) +
                     " compressed, more than the limit of " + std::to_string(limit) + " (a zip bomb?)"};
    Result<std::string> out = decoder(stream, declared ? *declared : limit);
    if (!out) return Error{"a bad " + std::string(codec) + " stream: " + out.error().message};
    if (declared && out->size() != *declared)
        return Error{"decodes to " + std::to_string(out->size()) + " bytes, not the " + std::to_string(*declared) + " declared"};
    return out;
}

// zip's records (APPNOTE 4.3): their signatures and fixed sizes.
constexpr std::uint32_t kEndSignature = 0x06054b50;
constexpr std::uint32_t kCentralSignature = 0x02014b50;
constexpr std::uint32_t kLocalSignature = 0x04034b50;
constexpr std::uint64_t kEndSize = 22;
constexpr std::uint64_t kCentralSize = 46;
constexpr std::uint64_t kLocalSize = 30;
constexpr std::uint64_t kMostComment = 0xffff;

struct ZipMember {
    std::string_view name;
    std::uint16_t method = 0;
    std::uint64_t stored = 0;
    std::uint64_t size = 0;
    std::uint64_t local = 0;  // its local header's offset
    std::uint64_t data = 0;   // its data's offset
};

// The end of central directory record: the last signature whose comment reaches the file's end.
std::optional<std::uint64_t> find_end(const Bytes& zip) {
    if (zip.size() < kEndSize) return std::nullopt;
    const std::uint64_t lowest = zip.size() - kEndSize > kMostComment ? zip.size() - kEndSize - kMostComment : 0;
    for (std::uint64_t at = zip.size() - kEndSize + 1; at-- > lowest;)
        if (zip.u32(at) == kEndSignature && at + kEndSize + zip.u16(at + 20) == zip.size()) return at;
    return std::nullopt;
}

// The central directory's members, each checked against its local header: within the file,
// before the central directory, named alike, and overlapping no other member.
Result<std::vector<ZipMember>> zip_members(std::string_view name, const Bytes& zip) {
    const std::optional<std::uint64_t> end = find_end(zip);
    if (!end) return Error{std::string(name) + ": not a zip file (no end of central directory record)"};
    const std::uint64_t count = zip.u16(*end + 10);
    const std::uint64_t directory_size = zip.u32(*end + 12);
    const std::uint64_t directory = zip.u32(*end + 16);
    if (count == 0xffff || directory_size == 0xffffffff || directory == 0xffffffff)
        return Error{std::string(name) + ": a zip64 archive, which is not read"};
    if (zip.u16(*end + 4) != 0 || zip.u16(*end + 6) != 0 || zip.u16(*end + 8) != count)
        return Error{std::string(name) + ": a zip archive of several disks, which is not read"};
    if (directory > *end || directory_size != *end - directory)
        return zip.error(*end, "the central directory (" + std::to_string(directory_size) + " bytes at " +
                                   std::to_string(directory) + ") does not end where its end record starts");
    std::vector<ZipMember> members;
    std::uint64_t at = directory;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (!zip.fits(at, kCentralSize) || at + kCentralSize > *end || zip.u32(at) != kCentralSignature)
            return zip.error(at, "central directory entry " + std::to_string(i) + " of " + std::to_string(count) + " is missing");
        const std::uint64_t name_size = zip.u16(at + 28);
        const std::uint64_t record = kCentralSize + name_size + zip.u16(at + 30) + zip.u16(at + 32);
        if (at + record > *end) return zip.error(at, "central directory entry " + std::to_string(i) + " runs past the directory");
        ZipMember member;
        member.name = zip.view(at + kCentralSize, name_size);
        if ((zip.u16(at + 8) & 1) != 0) return member_error(name, member.name, "encrypted");
        member.method = zip.u16(at + 10);
        member.stored = zip.u32(at + 20);
        member.size = zip.u32(at + 24);
        member.local = zip.u32(at + 42);
        if (member.stored == 0xffffffff || member.size == 0xffffffff || member.local == 0xffffffff)
            return member_error(name, member.name, "zip64 sizes, which are not read");
        if (auto why = bad_path(member.name)) return member_error(name, member.name, *why);
        if (!zip.fits(member.local, kLocalSize) || member.local + kLocalSize > directory || zip.u32(member.local) != kLocalSignature)
            return member_error(name, member.name, "the central directory points to no local header at " + std::to_string(member.local));
        const std::uint64_t local_name = zip.u16(member.local + 26);
        member.data = member.local + kLocalSize + local_name + zip.u16(member.local + 28);
        if (member.data > directory || member.stored > directory - member.data)
            return member_error(name, member.name, "its " + std::to_string(member.stored) + " bytes run into the central directory");
        if (zip.view(member.local + kLocalSize, local_name) != member.name)
            return member_error(name, member.name, "its local header names " + text::quote(zip.view(member.local + kLocalSize, local_name)));
        members.push_back(member);
        at += record;
    }
    std::vector<const ZipMember*> by_offset;
    for (const ZipMember& member : members) by_offset.push_back(&member);
    std::sort(by_offset.begin(), by_offset.end(), [](const ZipMember* a, const ZipMember* b) { return a->local < b->local; });
    for (std::size_t i = 1; i < by_offset.size(); ++i)
        if (by_offset[i - 1]->data + by_offset[i - 1]->stored > by_offset[i]->local)
            return member_error(name, by_offset[i]->name, "overlaps member " + text::quote(by_offset[i - 1]->name));
    return members;
}

// A tar header's octal number (NUL- or space-terminated), or nothing where it is not one.
std::optional<std::uint64_t> octal(std::string_view field) {
    std::uint64_t value = 0;
    std::size_t i = field.find_first_not_of(' ');
    if (i == std::string_view::npos) return std::nullopt;
    bool digits = false;
    for (; i < field.size() && field[i] >= '0' && field[i] <= '7'; ++i, digits = true) {
        if (value >> 60) return std::nullopt;
        value = value * 8 + static_cast<std::uint64_t>(field[i] - '0');
    }
    for (; i < field.size(); ++i)
        if (field[i] != ' ' && field[i] != '\0') return std::nullopt;
    return digits ? std::optional<std::uint64_t>(value) : std::nullopt;
}

std::string_view c_string(std::string_view field) { return field.substr(0, field.find('\0')); }

// The `path` of a pax extended header's records ("<length> <key>=<value>\n"), if it has one.
std::optional<std::string_view> pax_path(std::string_view records) {
    std::optional<std::string_view> path;
    while (!records.empty()) {
        const std::size_t space = records.find(' ');
        if (space == std::string_view::npos || space == 0) return std::nullopt;
        std::uint64_t size = 0;
        for (std::size_t i = 0; i < space; ++i) {
            if (records[i] < '0' || records[i] > '9' || size > records.size()) return std::nullopt;
            size = size * 10 + static_cast<std::uint64_t>(records[i] - '0');
        }
        if (size <= space + 1 || size > records.size() || records[size - 1] != '\n') return std::nullopt;
        const std::string_view record = records.substr(space + 1, size - space - 2);
        if (record.substr(0, 5) == "path=") path = record.substr(5);
        records.remove_prefix(size);
    }
    return path;
}

constexpr std::uint64_t kBlock = 512;

}  // namespace

ArchiveKind archive_kind(std::string_view path) {
    if (text::ends_with(path, ".whl")) return ArchiveKind::wheel;
    if (text::ends_with(path, ".conda")) return ArchiveKind::conda;
    if (text::ends_with(path, ".tar.bz2")) return ArchiveKind::tar_bz2;
    return ArchiveKind::none;
}

std::uint64_t archive_decode_limit(std::uint64_t compressed) {
    if (compressed > kArchiveMemberLimit / kArchiveRatio) return kArchiveMemberLimit;
    return std::max(kArchiveRatioFloor, compressed * kArchiveRatio);
}

std::optional<Error> read_zip(const Bytes& zip, StreamDecoder inflate, const ArchiveVisitor& visit) {
    const std::string_view name = zip.file();
    std::string scratch;  // each member's stored bytes, read from the file in turn
    const Result<std::vector<ZipMember>> members = zip_members(name, zip);
    if (!members) return members.error();
    for (const ZipMember& member : *members) {
        if (member.name.back() == '/') continue;  // a folder
        const std::string_view data = zip.scan_view(member.data, member.stored, scratch);
        if (member.method == 0) {
            if (member.size != member.stored)
                return member_error(name, member.name, "stored, yet declares " + std::to_string(member.size) + " bytes in " +
                                                           std::to_string(member.stored));
            visit(member.name, data);
            continue;
        }
        if (member.method != 8)
            return member_error(name, member.name, "compression method " + std::to_string(member.method) + ", which is not read");
        const Result<std::string> decoded = decode(inflate, "deflate", data, member.size);
        if (!decoded) return member_error(name, member.name, decoded.error().message);
        visit(member.name, *decoded);
    }
    return std::nullopt;
}

std::optional<Error> read_tar(std::string_view name, std::string_view bytes, const ArchiveVisitor& visit) {
    const Bytes tar(name, bytes);
    std::optional<std::string_view> long_name;
    for (std::uint64_t at = 0;;) {
        if (!tar.fits(at, kBlock)) return tar.error(at, "a tar file cut short (no end-of-archive block)");
        const std::string_view header = tar.view(at, kBlock);
        if (header.find_first_not_of('\0') == std::string_view::npos) return std::nullopt;
        std::uint64_t sum = 0;
        for (std::size_t i = 0; i < kBlock; ++i) sum += i >= 148 && i < 156 ? ' ' : static_cast<unsigned char>(header[i]);
        const std::optional<std::uint64_t> stated = octal(header.substr(148, 8));
        if (!stated || *stated != sum) return tar.error(at, "not a tar header (its checksum is wrong)");
        const std::optional<std::uint64_t> size = octal(header.substr(124, 12));
        if (!size) return tar.error(at, "a tar header whose size is not an octal number");
        const std::uint64_t data = at + kBlock;
        if (!tar.fits(data, *size)) return tar.error(at, "a tar member of " + std::to_string(*size) + " bytes runs past the end");
        const std::string_view content = tar.view(data, *size);
        std::string path(c_string(header.substr(0, 100)));
        if (header.substr(257, 5) == "ustar" && header[345] != '\0') path = std::string(c_string(header.substr(345, 155))) + "/" + path;
        if (long_name) path = std::string(*long_name);
        const char type = header[156];
        at = data + (*size + kBlock - 1) / kBlock * kBlock;
        if (type == 'L' || type == 'x') {
            long_name = type == 'L' ? c_string(content) : pax_path(content);
            if (type == 'x' && !long_name && content.find("path=") != std::string_view::npos)
                return tar.error(data, "a pax header that cannot be read");
            continue;
        }
        long_name.reset();
        if (auto why = bad_path(path)) return member_error(name, path, *why);
        if (type == '0' || type == '\0' || type == '7') visit(path, content);
    }
}

std::optional<Error> read_archive(ArchiveKind kind, const Bytes& archive, const ArchiveDecoders& decoders,
                                  const ArchiveVisitor& visit) {
    const std::string_view name = archive.file();
    if (kind == ArchiveKind::wheel) return read_zip(archive, decoders.inflate, visit);
    if (kind == ArchiveKind::tar_bz2) {
        std::string scratch;
        const Result<std::string> tar = decode(decoders.bzip2, "bzip2", archive.scan_view(0, archive.size(), scratch), std::nullopt);
        if (!tar) return Error{std::string(name) + ": " + tar.error().message};
        return read_tar(name, *tar, visit);
    }
    if (kind != ArchiveKind::conda) return Error{std::string(name) + ": not a wheel or conda package"};
    // A .conda holds metadata.json and the info- and pkg- tars, zstd-compressed; the files are
    // those of the tars. Each failure inside one names the tar member.
    std::optional<Error> failure;
    std::optional<Error> zip_failure = read_zip(archive, decoders.inflate, [&](std::string_view member, std::string_view data) {
        if (failure || !text::ends_with(member, ".tar.zst")) return;
        const std::string inner = std::string(name) + ": member " + text::quote(member);
        const Result<std::string> tar = decode(decoders.zstd, "zstd", data, std::nullopt);
        if (!tar) failure = Error{inner + ": " + tar.error().message};
        else if (auto error = read_tar(inner, *tar, visit)) failure = error;
    });
    return zip_failure ? zip_failure : failure;
}

std::optional<Error> read_archive_elf_files(const std::string& path, ArchiveKind kind, const ArchiveDecoders& decoders,
                                            const ArchiveElfVisitor& visit) {
    const Result<binary::FileBytes> opened = binary::FileBytes::open(path);
    if (!opened) return opened.error();
    const binary::FileBytes& file = opened.value();
    std::optional<Error> failure = read_archive(kind, Bytes(path, file.bytes(), 0, &file), decoders,
                                                [&](std::string_view member, std::string_view bytes) {
                                                    if (bytes.substr(0, 4) == "\x7f" "ELF") visit(path + "!/" + std::string(member), bytes);
                                                });
    // Members are read from the file as they come: one that changed meanwhile was not what was read.
    const std::string changed = file.changed();
    if (!failure && !changed.empty()) failure = Error{path + ": " + changed};
    return failure;
}

}  // namespace cudaarch
