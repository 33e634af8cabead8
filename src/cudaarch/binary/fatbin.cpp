// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/fatbin.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define CUDAARCH_MAGIC_AVX2 1
#else
#define CUDAARCH_MAGIC_AVX2 0
#endif

namespace cudaarch::binary {

namespace {

constexpr std::uint64_t container_header_size = 16;
constexpr std::uint64_t entry_header_size = 64;
constexpr std::uint32_t max_arch = 999;  // keeps major*10+minor arithmetic small and rejects noise
// Read at a header: enough for a container header, its first entry header and an identifier,
// little enough that hopping from header to header over a 500 MB library copies a few MB.
constexpr std::uint64_t header_read = 1024;
// Search windows start small, since containers are often only a little padding apart, and
// grow over long runs of other data up to a size that stays in the core's cache and costs 16
// threads 1 MiB in all (the copy, not the call, dominates at that size).
constexpr std::uint64_t first_search_window = header_read;
constexpr std::uint64_t max_search_window = scan_read_size - (sizeof fatbin_magic - 1);

// One range of a region at a time, read with one call into a buffer reused for the next range.
class Window {
public:
    Window(const Bytes& region, std::string& buffer) : region_(region), buffer_(buffer) {}

    // [offset, offset + length) of the region, which must fit; when not held yet, reads it and
    // up to `read_ahead` bytes in all. Valid until the next call.
    Bytes at(std::uint64_t offset, std::uint64_t length, std::uint64_t read_ahead = header_read) {
        if (offset < begin_ || offset - begin_ > held_.size() || length > held_.size() - (offset - begin_)) {
            held_ = region_.scan_view(offset, std::min(region_.size() - offset, std::max(length, read_ahead)), buffer_);
            begin_ = offset;
        }
        return Bytes(region_.file(), held_.substr(offset - begin_, length), region_.origin() + offset);
    }

private:
    const Bytes& region_;
    std::string& buffer_;
    std::string_view held_;
    std::uint64_t begin_ = 0;
};

// Offsets of a region that are 8-aligned relative to the start of its object file.
class Alignment {
public:
    Alignment(const Bytes& region, std::uint64_t object_origin) : misalignment_((region.origin() - object_origin) % 8) {}
    [[nodiscard]] bool aligned(std::uint64_t at) const { return (at + misalignment_) % 8 == 0; }
    [[nodiscard]] std::uint64_t at_or_after(std::uint64_t at) const { return at + (8 - (at + misalignment_) % 8) % 8; }

private:
    std::uint64_t misalignment_;
};

// Where a container may start: offsets below this leave room for the magic.
std::uint64_t candidates_end(const Bytes& region) { return region.size() < 4 ? 0 : region.size() - 3; }

Result<FatbinEntry> read_entry(Window& window, const Bytes& region, std::uint64_t at, std::uint64_t container_end) {
    if (container_end - at < entry_header_size) return region.error(at, "truncated fatbin entry header");
    const Bytes header = window.at(at, entry_header_size);
    FatbinEntry entry;
    entry.offset = region.origin() + at;
    entry.kind = header.u16(0);
    entry.header_size = header.u32(0x04);
    entry.payload_size = header.u64(0x08);
    entry.compressed_size = header.u32(0x10);
    entry.version_minor = header.u16(0x18);
    entry.version_major = header.u16(0x1a);
    entry.arch = header.u32(0x1c);
    const std::uint32_t ident_offset = header.u32(0x20);
    const std::uint32_t ident_length = header.u32(0x24);
    entry.flags = header.u64(0x28);
    entry.uncompressed_size = header.u64(0x38);

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
        const std::string_view identifier = window.at(at + ident_offset, ident_length).data();
        entry.identifier = std::string(identifier.substr(0, identifier.find('\0')));
    }
    return entry;
}

Result<FatbinContainer> read_container(Window& window, const Bytes& region, std::uint64_t offset) {
    if (!region.fits(offset, container_header_size)) return region.error(offset, "truncated fatbin header");
    const Bytes header = window.at(offset, container_header_size);
    if (header.u32(0) != fatbin_magic) return region.error(offset, "bad fatbin magic");
    const std::uint16_t version = header.u16(4);
    const std::uint16_t header_size = header.u16(6);
    const std::uint64_t fat_size = header.u64(8);
    if (version != 1) return region.error(offset + 4, "unsupported fatbin version " + std::to_string(version));
    if (header_size < container_header_size)
        return region.error(offset + 6, "fatbin header size " + std::to_string(header_size) + " is below 16");
    if (!region.fits(offset, header_size) || !region.fits(offset + header_size, fat_size))
        return region.error(offset, "fatbin container of " + std::to_string(fat_size) + " bytes runs past the end of its section");

    FatbinContainer container{region.origin() + offset, header_size + fat_size, {}};
    // nvcc's default is one SASS and one PTX image per container; libraries' hold about two
    // (cuFFT 24,000 images in 11,700, cuBLASLt 6,100 in 2,900): one allocation for most.
    container.entries.reserve(2);
    const std::uint64_t end = offset + header_size + fat_size;
    for (std::uint64_t at = offset + header_size; at < end;) {
        auto entry = read_entry(window, region, at, end);
        if (!entry) return entry.error();
        at += entry->header_size + entry->payload_size;  // both checked to stay inside the container
        container.entries.push_back(std::move(entry).value());
    }
    return container;
}

std::uint32_t u32_at(const char* p) {
    std::uint32_t value;
    std::memcpy(&value, p, sizeof value);
    return value;
}

#if CUDAARCH_MAGIC_AVX2
// 128 bytes a step: four compares of eight 4-byte lanes, of which the even ones are candidates
// (bits 0-3, 8-11, 16-19 and 24-27 of the byte mask). The step that finds one, and the last
// bytes, go to first_magic_portable(). (No lambda: it would not inherit the target.)
__attribute__((target("avx2"))) std::uint64_t first_magic_avx2(const char* p, std::uint64_t count) {
    const __m256i magic = _mm256_set1_epi32(static_cast<int>(fatbin_magic));
    std::uint64_t k = 0;
    for (; count - k >= 128; k += 128) {
        const auto* step = reinterpret_cast<const __m256i*>(p + k);
        const __m256i any = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi32(_mm256_loadu_si256(step), magic),
                            _mm256_cmpeq_epi32(_mm256_loadu_si256(step + 1), magic)),
            _mm256_or_si256(_mm256_cmpeq_epi32(_mm256_loadu_si256(step + 2), magic),
                            _mm256_cmpeq_epi32(_mm256_loadu_si256(step + 3), magic)));
        if ((static_cast<std::uint32_t>(_mm256_movemask_epi8(any)) & 0x0F0F0F0Fu) != 0) break;
    }
    return k + first_magic_portable(p + k, count - k);
}
#endif

// The first of at, at + 8, ... below `stop` that holds the magic, else the first of them at or
// after `stop`. Requires stop <= candidates_end(region).
std::uint64_t find_magic(Window& window, std::uint64_t at, std::uint64_t stop) {
    for (std::uint64_t size = first_search_window; at < stop; size = std::min(size * 2, max_search_window)) {
        const std::uint64_t count = std::min(stop - at, size);
        const std::uint64_t k = first_magic(window.at(at, count + sizeof fatbin_magic - 1, 0).data().data(), count);
        if (k < count) return at + k;
        at += k;
    }
    return at;
}

}  // namespace

std::uint64_t first_magic_portable(const char* p, std::uint64_t count) {
    std::uint64_t k = 0;
    for (; k + 32 <= count; k += 32) {  // four candidates per branch
        if ((u32_at(p + k) == fatbin_magic) | (u32_at(p + k + 8) == fatbin_magic) | (u32_at(p + k + 16) == fatbin_magic) |
            (u32_at(p + k + 24) == fatbin_magic))
            break;
    }
    for (; k < count; k += 8)
        if (u32_at(p + k) == fatbin_magic) return k;
    return k;
}

std::uint64_t first_magic(const char* p, std::uint64_t count) {
#if CUDAARCH_MAGIC_AVX2
    // The search is most of what listing a library costs: with AVX2 it takes a third of the
    // instructions (docs/bench.md). Asked on every call: the answer is one load.
    if (__builtin_cpu_supports("avx2")) return first_magic_avx2(p, count);
#endif
    return first_magic_portable(p, count);
}

Result<FatbinContainer> read_fatbin(const Bytes& region, std::uint64_t offset) {
    std::string buffer;
    Window window(region, buffer);
    return read_container(window, region, offset);
}

Result<std::vector<FatbinContainer>> scan_fatbins(const Bytes& region, std::uint64_t object_origin, ScanMode mode) {
    std::string buffer;
    if (mode == ScanMode::lenient) {
        std::vector<ScanPart> whole;
        whole.push_back(scan_part(region, object_origin, 0, region.size(), buffer));
        return join_scan_parts(region, object_origin, std::move(whole));
    }
    std::vector<WalkPart> whole;
    whole.push_back(walk_part(region, object_origin, 0, region.size(), buffer));
    return join_walk_parts(region, object_origin, std::move(whole));
}

ScanPart scan_part(const Bytes& region, std::uint64_t object_origin, std::uint64_t begin, std::uint64_t end,
                   std::string& buffer) {
    ScanPart part{begin, end, {}};
    Window window(region, buffer);
    const Alignment alignment(region, object_origin);
    const std::uint64_t stop = std::min(end, candidates_end(region));
    for (std::uint64_t at = find_magic(window, alignment.at_or_after(begin), stop); at < stop;) {
        auto container = read_container(window, region, at);
        at = container ? alignment.at_or_after(at + container->size) : at + 8;
        if (container) part.containers.push_back(std::move(container).value());
        at = find_magic(window, at, stop);
    }
    return part;
}

std::vector<FatbinContainer> join_scan_parts(const Bytes& region, std::uint64_t object_origin, std::vector<ScanPart> parts) {
    std::string buffer;
    Window window(region, buffer);
    const Alignment alignment(region, object_origin);
    const std::uint64_t stop = candidates_end(region);
    const auto relative = [&](const FatbinContainer& container) { return container.offset - region.origin(); };
    std::size_t k = 0;  // the part, and the first of its containers not yet passed
    std::size_t i = 0;
    // The valid container at the first aligned offset at or after `at`: what a part found, where
    // the part searched there; else read here.
    const auto next = [&](std::uint64_t at) -> std::optional<FatbinContainer> {
        while (at < stop) {
            for (; k < parts.size() && parts[k].end <= at; ++k) i = 0;
            if (k == parts.size()) break;
            std::vector<FatbinContainer>& found = parts[k].containers;
            for (; i < found.size() && relative(found[i]) < at; ++i) {}
            // Offsets and sizes stay valid in containers already handed out (moved from).
            const std::uint64_t hidden_end = i == 0 ? 0 : relative(found[i - 1]) + found[i - 1].size;
            if (hidden_end <= at) {
                if (i < found.size()) return std::move(found[i++]);
                at = alignment.at_or_after(parts[k].end);
                continue;
            }
            // The part skipped [at, hidden_end) as the inside of a container that the scan did not take.
            const std::uint64_t limit = std::min({hidden_end, parts[k].end, stop});
            for (at = find_magic(window, at, limit); at < limit; at = find_magic(window, at + 8, limit))
                if (auto container = read_container(window, region, at)) return std::move(container).value();
            at = alignment.at_or_after(limit);
        }
        return std::nullopt;
    };
    std::vector<FatbinContainer> containers;
    for (std::uint64_t at = 0; at < stop;) {
        if (!alignment.aligned(at)) {  // the region's start or a container's end: a candidate too
            if (window.at(at, sizeof fatbin_magic).u32(0) == fatbin_magic) {
                if (auto container = read_container(window, region, at)) {
                    at += container->size;
                    containers.push_back(std::move(container).value());
                    continue;
                }
            }
            at = alignment.at_or_after(at);
        }
        auto container = next(at);
        if (!container) break;
        at = relative(*container) + container->size;
        containers.push_back(std::move(container).value());
    }
    return containers;
}

// A strict walk: a container at the start and right after each container, else at the next
// aligned magic; a bad container ends it. A part that does not begin the region starts at its
// first aligned offset.
WalkPart walk_part(const Bytes& region, std::uint64_t object_origin, std::uint64_t begin, std::uint64_t end,
                   std::string& buffer) {
    WalkPart part{begin, end, 0, {}, std::nullopt, 0};
    Window window(region, buffer);
    const Alignment alignment(region, object_origin);
    const std::uint64_t limit = std::min(end, candidates_end(region));
    std::uint64_t at = begin == 0 ? 0 : alignment.at_or_after(begin);
    while (at < limit) {
        if (window.at(at, sizeof fatbin_magic).u32(0) != fatbin_magic) {
            at = find_magic(window, alignment.at_or_after(at + 1), limit);
            continue;
        }
        if (part.containers.empty()) part.first = at;
        auto container = read_container(window, region, at);
        if (!container) {
            part.failed = container.error();
            break;
        }
        at += container->size;
        part.containers.push_back(std::move(container).value());
    }
    if (part.containers.empty() && !part.failed) part.first = at;  // no magic at all
    part.exit = at;
    return part;
}

Result<std::vector<FatbinContainer>> join_walk_parts(const Bytes& region, std::uint64_t object_origin,
                                                     std::vector<WalkPart> parts) {
    std::string buffer;
    Window window(region, buffer);
    const Alignment alignment(region, object_origin);
    const std::uint64_t stop = candidates_end(region);
    const auto relative = [&](const FatbinContainer& container) { return container.offset - region.origin(); };
    std::vector<FatbinContainer> containers;
    std::size_t k = 0;
    // `at` is where the one walk looks next: for a container there, else for the next aligned magic.
    for (std::uint64_t at = 0; at < stop && !parts.empty();) {
        while (k + 1 < parts.size() && parts[k + 1].begin <= at) ++k;
        WalkPart& part = parts[k];
        // Where the walk meets the part's chain it goes on as the part's did, to its end.
        auto met = std::lower_bound(part.containers.begin(), part.containers.end(), at,
                                    [&](const FatbinContainer& c, std::uint64_t offset) { return relative(c) < offset; });
        if (met != part.containers.end() && relative(*met) == at) {
            for (; met != part.containers.end(); ++met) containers.push_back(std::move(*met));
            at = part.exit;
            continue;
        }
        if (part.failed && part.exit == at) return *part.failed;
        if (window.at(at, sizeof fatbin_magic).u32(0) == fatbin_magic) {
            auto container = read_container(window, region, at);
            if (!container) return container.error();
            at += container->size;
            containers.push_back(std::move(container).value());
            continue;
        }
        // The next aligned magic: the part's first one when nothing of the part lies before it.
        const std::uint64_t next = alignment.at_or_after(at + 1);
        const std::uint64_t part_start = part.begin == 0 ? 0 : alignment.at_or_after(part.begin);
        at = part_start <= next && next <= part.first ? part.first : find_magic(window, next, std::min(stop, part.end));
    }
    return containers;
}

}  // namespace cudaarch::binary
