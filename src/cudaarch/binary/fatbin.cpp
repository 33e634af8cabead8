// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/fatbin.hpp"

#include <algorithm>
#include <string>

namespace cudaarch::binary {

namespace {

constexpr std::uint64_t container_header_size = 16;
constexpr std::uint64_t entry_header_size = 64;
constexpr std::uint32_t max_arch = 999;  // keeps major*10+minor arithmetic small and rejects noise
constexpr std::uint64_t release_window = 4 << 20;  // pages held per scanning thread

Result<FatbinEntry> read_entry(const Bytes& region, std::uint64_t at, std::uint64_t container_end) {
    if (container_end - at < entry_header_size) return region.error(at, "truncated fatbin entry header");
    FatbinEntry entry;
    entry.offset = region.origin() + at;
    entry.kind = region.u16(at);
    entry.header_size = region.u32(at + 0x04);
    entry.payload_size = region.u64(at + 0x08);
    entry.compressed_size = region.u32(at + 0x10);
    entry.version_minor = region.u16(at + 0x18);
    entry.version_major = region.u16(at + 0x1a);
    entry.arch = region.u32(at + 0x1c);
    const std::uint32_t ident_offset = region.u32(at + 0x20);
    const std::uint32_t ident_length = region.u32(at + 0x24);
    entry.flags = region.u64(at + 0x28);
    entry.uncompressed_size = region.u64(at + 0x38);

    if (entry.header_size < entry_header_size)
        return region.error(at + 4, "fatbin entry header size " + std::to_string(entry.header_size) + " is below 64");
    const std::uint64_t room = container_end - at;
    if (entry.header_size > room || entry.payload_size > room - entry.header_size)
        return region.error(at, "fatbin entry runs past the end of its container");
    if (entry.compressed_size > entry.payload_size)
        return region.error(at + 0x10, "fatbin entry compressed size exceeds its payload size");
    if ((entry.flags & fatbin_flag::lz4) != 0 && (entry.flags & fatbin_flag::zstd) != 0)
        return region.error(at + 0x28, "fatbin entry claims both LZ4 and zstd compression");
    if (entry.arch > max_arch)
        return region.error(at + 0x1c, "fatbin entry architecture " + std::to_string(entry.arch) + " is out of range");
    if (ident_length != 0) {
        if (ident_offset > entry.header_size || ident_length > entry.header_size - ident_offset)
            return region.error(at + 0x20, "fatbin entry identifier lies outside its header");
        const std::string_view identifier = region.view(at + ident_offset, ident_length);
        entry.identifier = std::string(identifier.substr(0, identifier.find('\0')));
    }
    return entry;
}

// The first of at, at + 8, ... below `stop` that holds the magic, or a value >= stop. Reads a
// window at a time into `scratch`, then searches memory; windows start small, since containers
// are usually only a few bytes of padding apart, and grow for long runs of other data.
std::uint64_t find_magic(const Bytes& region, std::uint64_t at, std::uint64_t stop, std::string& scratch) {
    for (std::uint64_t window = 4096; at < stop; window = std::min<std::uint64_t>(window * 2, 1 << 20)) {
        const std::uint64_t end = std::min(stop, at + window);  // candidates [at, end), 8 apart
        const Bytes memory({}, region.scan_view(at, end - at + sizeof fatbin_magic - 1, scratch));
        std::uint64_t k = 0;
        while (k < end - at && memory.u32(k) != fatbin_magic) k += 8;
        if (k < end - at) return at + k;
        at += k;  // the first candidate at or after `end`
    }
    return at;
}

}  // namespace

Result<FatbinContainer> read_fatbin(const Bytes& region, std::uint64_t offset) {
    if (!region.fits(offset, container_header_size)) return region.error(offset, "truncated fatbin header");
    if (region.u32(offset) != fatbin_magic) return region.error(offset, "bad fatbin magic");
    const std::uint16_t version = region.u16(offset + 4);
    const std::uint16_t header_size = region.u16(offset + 6);
    const std::uint64_t fat_size = region.u64(offset + 8);
    if (version != 1) return region.error(offset + 4, "unsupported fatbin version " + std::to_string(version));
    if (header_size < container_header_size)
        return region.error(offset + 6, "fatbin header size " + std::to_string(header_size) + " is below 16");
    if (!region.fits(offset, header_size) || !region.fits(offset + header_size, fat_size))
        return region.error(offset, "fatbin container of " + std::to_string(fat_size) + " bytes runs past the end of its section");

    FatbinContainer container{region.origin() + offset, header_size + fat_size, {}};
    const std::uint64_t end = offset + header_size + fat_size;
    for (std::uint64_t at = offset + header_size; at < end;) {
        auto entry = read_entry(region, at, end);
        if (!entry) return entry.error();
        at += entry->header_size + entry->payload_size;  // both checked to stay inside the container
        container.entries.push_back(*entry);
    }
    return container;
}

Result<std::vector<FatbinContainer>> scan_fatbins(const Bytes& region, std::uint64_t object_origin,
                                                  ScanMode mode, const ReleaseFn& release) {
    std::vector<FatbinContainer> containers;
    std::string scratch;  // find_magic's window
    std::uint64_t released = 0;
    // Hands back what lies behind `at` once a window's worth has been read.
    const auto progress = [&](std::uint64_t at) {
        if (release && at - released >= release_window) {
            release(region.place(released, at - released));
            released = at;
        }
    };
    const std::uint64_t misalignment = (region.origin() - object_origin) % 8;
    std::uint64_t at = 0;
    while (region.fits(at, sizeof fatbin_magic)) {
        if (region.u32(at) == fatbin_magic) {
            auto container = read_fatbin(region, at);
            if (container) {
                at += container->size;
                containers.push_back(std::move(container).value());
                progress(at);
                continue;
            }
            if (mode == ScanMode::strict) return container.error();
        }
        at += 8 - (at + misalignment) % 8;  // the next 8-aligned candidate
        while (region.fits(at, sizeof fatbin_magic)) {
            const std::uint64_t stop = std::min(region.size() - sizeof fatbin_magic + 1, at + release_window);
            at = find_magic(region, at, stop, scratch);
            if (at < stop) break;
            progress(at);
        }
    }
    if (release && released < region.size()) release(region.place(released, region.size() - released));
    return containers;
}

}  // namespace cudaarch::binary
