// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/ld_so_cache.hpp"

#include "cudaarch/binary/bytes.hpp"

namespace cudaarch {

namespace {

// glibc's sysdeps/generic/dl-cache.h: the old table (12-byte entries) and the new one
// (a 48-byte header, 24-byte entries whose string offsets count from that header).
constexpr std::string_view old_magic = "ld.so-1.7.0";
constexpr std::string_view new_magic = "glibc-ld.so.cache1.1";
constexpr std::uint64_t old_header = 16;
constexpr std::uint64_t old_entry = 12;
constexpr std::uint64_t new_header = 48;
constexpr std::uint64_t new_entry = 24;
constexpr std::uint16_t em_x86_64 = 62;
constexpr std::uint16_t em_aarch64 = 183;

// The NUL-terminated string at `offset`, or an error naming the entry.
Result<std::string> string_at(const binary::Bytes& bytes, std::uint64_t offset, std::uint64_t entry_at) {
    if (!bytes.fits(offset, 0)) return bytes.error(entry_at, "ld.so.cache entry names a string past the end of the file");
    const std::string_view rest = bytes.view(offset, bytes.size() - offset);
    const std::size_t end = rest.find('\0');
    if (end == std::string_view::npos) return bytes.error(entry_at, "ld.so.cache string runs past the end of the file");
    return std::string(rest.substr(0, end));
}

}  // namespace

Result<std::vector<LdCacheEntry>> parse_ld_so_cache(std::string_view file, std::string_view data) {
    const binary::Bytes whole(file, data);
    std::uint64_t start = 0;
    if (data.substr(0, old_magic.size()) == old_magic) {
        if (!whole.fits(0, old_header)) return whole.error(0, "truncated ld.so.cache header");
        const std::uint64_t count = whole.u32(12);
        if (count > (data.size() - old_header) / old_entry)
            return whole.error(12, "ld.so.cache table of " + std::to_string(count) + " entries runs past the end of the file");
        start = (old_header + count * old_entry + 7) & ~std::uint64_t{7};  // the new table, 8-aligned
    }
    if (start > data.size() || data.substr(start, new_magic.size()) != new_magic)
        return whole.error(start, "not an ld.so.cache in glibc's format (no \"glibc-ld.so.cache1.1\")");
    const binary::Bytes bytes = whole.sub(start, data.size() - start);
    if (!bytes.fits(0, new_header)) return bytes.error(0, "truncated ld.so.cache header");
    const std::uint64_t count = bytes.u32(20);
    if (count > (bytes.size() - new_header) / new_entry)
        return bytes.error(20, "ld.so.cache table of " + std::to_string(count) + " entries runs past the end of the file");
    std::vector<LdCacheEntry> entries;
    entries.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t at = new_header + i * new_entry;
        Result<std::string> name = string_at(bytes, bytes.u32(at + 4), at);
        if (!name) return name.error();
        Result<std::string> path = string_at(bytes, bytes.u32(at + 8), at);
        if (!path) return path.error();
        entries.push_back({std::move(name).value(), std::move(path).value(), bytes.u32(at), bytes.u64(at + 16)});
    }
    return entries;
}

std::uint32_t ld_cache_flags(std::uint16_t machine) {
    // FLAG_ELF_LIBC6 (0x0003) with FLAG_X8664_LIB64 (0x0300) or FLAG_AARCH64_LIB64 (0x0a00).
    switch (machine) {
        case em_x86_64: return 0x0303;
        case em_aarch64: return 0x0a03;
        default: return 0;
    }
}

std::string ld_cache_lookup(const std::vector<LdCacheEntry>& cache, std::string_view name, std::uint16_t machine) {
    const std::uint32_t flags = ld_cache_flags(machine);
    if (flags == 0) return {};
    for (const LdCacheEntry& entry : cache) {
        if (entry.hwcap == 0 && entry.flags == flags && entry.name == name) return entry.path;
    }
    return {};
}

}  // namespace cudaarch
