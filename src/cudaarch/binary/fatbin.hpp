// SPDX-License-Identifier: Apache-2.0
// Reader for CUDA fat binary containers (header 0xBA55ED50 and its entry headers).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

inline constexpr std::uint32_t fatbin_magic = 0xBA55ED50;

namespace fatbin_kind {
inline constexpr std::uint16_t ptx = 1;
inline constexpr std::uint16_t elf = 2;
inline constexpr std::uint16_t lto_ir = 8;
}  // namespace fatbin_kind

namespace fatbin_flag {
inline constexpr std::uint64_t debug = 0x2;
inline constexpr std::uint64_t lz4 = 0x2000;
inline constexpr std::uint64_t zstd = 0x8000;
inline constexpr std::uint64_t arch_specific = 0x100000;  // sm_90a, compute_100a
inline constexpr std::uint64_t family = 0x200000;         // sm_100f, compute_120f
}  // namespace fatbin_flag

// One entry header; offsets are absolute file offsets.
struct FatbinEntry {
    std::uint64_t offset = 0;
    std::uint16_t kind = 0;
    std::uint32_t header_size = 0;
    std::uint64_t payload_size = 0;
    std::uint32_t compressed_size = 0;  // 0 when stored raw
    std::uint16_t version_major = 0;    // PTX ISA for PTX entries
    std::uint16_t version_minor = 0;
    std::uint32_t arch = 0;  // SM number: 75, 90, 120
    std::uint64_t flags = 0;
    std::uint64_t uncompressed_size = 0;  // 0 when stored raw
    std::string identifier;               // source file name of -G / -lineinfo builds (a copy: the
                                          // bytes it came from are read into a reused buffer)
};

struct FatbinContainer {
    std::uint64_t offset = 0;  // absolute
    std::uint64_t size = 0;    // header and entries
    std::vector<FatbinEntry> entries;
};

// Parses the container whose header is at `offset` in `region`; it must end inside `region`.
// Reads the headers only, never a payload.
Result<FatbinContainer> read_fatbin(const Bytes& region, std::uint64_t offset);

enum class ScanMode {
    strict,   // a bad container header is an error (fatbin sections, .fatbin files)
    lenient,  // a bad container header is skipped (any other data)
};

// Finds the containers in `region`: at its start, right after each container and at each offset
// 8-aligned relative to `object_origin` (the absolute offset of the enclosing object file).
Result<std::vector<FatbinContainer>> scan_fatbins(const Bytes& region, std::uint64_t object_origin, ScanMode mode);

// A lenient scan split into parts that threads scan at once. Each part is searched on its own,
// from its first aligned offset, as if nothing came before it; join_scan_parts then replays the
// one-pass scan above over the parts' findings, reading for itself only where a part's guess
// about what came before was wrong (a container found inside another one). The joined result
// equals scan_fatbins(region, object_origin, ScanMode::lenient).
struct ScanPart {
    std::uint64_t begin = 0;  // region offsets; the parts of a region are contiguous and in order
    std::uint64_t end = 0;
    std::vector<FatbinContainer> containers;  // found at aligned offsets in [begin, end), in order
};

// The most that scan_part reads at once while it searches (a window and the magic's last three
// bytes); headers are read in less. A buffer reserved to this size before the scan is not grown
// by it, so a thread that finds nothing allocates nothing.
inline constexpr std::uint64_t scan_read_size = (64 << 10) + 3;

// The first of 0, 8, 16, ... below `count` where `p` holds the container magic, else the first of
// them at or after `count`; p[0, count + 3) must be readable. With AVX2 where the CPU has it.
[[nodiscard]] std::uint64_t first_magic(const char* p, std::uint64_t count);
// The same, 4 bytes at a time: on other CPUs, and what tests compare first_magic() with.
[[nodiscard]] std::uint64_t first_magic_portable(const char* p, std::uint64_t count);

// Scans [begin, end) of `region`, reading through `buffer` (reused between calls).
ScanPart scan_part(const Bytes& region, std::uint64_t object_origin, std::uint64_t begin, std::uint64_t end,
                   std::string& buffer);

// The containers of the whole region, from parts that cover it.
std::vector<FatbinContainer> join_scan_parts(const Bytes& region, std::uint64_t object_origin, std::vector<ScanPart> parts);

// A strict walk split into parts in the same way: a fatbin section is one chain of header reads,
// each found from the one before (cuFFT's: 24,000 reads), which one thread walks alone. Each
// part walks from its first aligned magic as if a container began there; join_walk_parts then
// replays the one walk, taking a part's chain where the walk meets it and reading for itself
// where it does not (a part that began inside a container). The joined result equals
// scan_fatbins(region, object_origin, ScanMode::strict), its error included.
struct WalkPart {
    std::uint64_t begin = 0;  // region offsets; the parts of a region are contiguous and in order
    std::uint64_t end = 0;
    std::uint64_t first = 0;  // the first aligned magic at or after begin (at 0: 0 when it holds one)
    std::vector<FatbinContainer> containers;  // the chain from `first`, each found after the one before
    std::optional<Error> failed;              // why the container at `exit` did not parse
    std::uint64_t exit = 0;  // where the walk stopped: at or past end, or at the failed container
};

// Walks [begin, end) of `region`, reading through `buffer` (reused between calls).
WalkPart walk_part(const Bytes& region, std::uint64_t object_origin, std::uint64_t begin, std::uint64_t end,
                   std::string& buffer);

// The containers of the whole region, from parts that cover it.
Result<std::vector<FatbinContainer>> join_walk_parts(const Bytes& region, std::uint64_t object_origin,
                                                     std::vector<WalkPart> parts);

}  // namespace cudaarch::binary
