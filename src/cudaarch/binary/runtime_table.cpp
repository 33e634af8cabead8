// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/runtime_table.hpp"

#include <algorithm>
#include <cstring>
#include <string>

namespace cudaarch::binary {

namespace {

constexpr std::uint16_t et_exec = 2;  // e_type of a position-dependent executable

// A version field as the table writes it: 9000 (CUDA 9.0) to 99990, a multiple of 10.
bool is_api_version(std::uint32_t value) { return value >= 9000 && value <= 99990 && value % 10 == 0; }

// The newest version of the table's runs in `section`, read once in pieces of whole entries, a
// run carried on from one piece to the next.
std::optional<std::uint32_t> scan(const Bytes& section) {
    std::optional<std::uint32_t> newest;
    std::string scratch;
    // A run: entries at one 8-byte phase of the 24-byte stride, counted per phase.
    for (std::uint64_t phase = 0; phase < runtime_table_entry; phase += 8) {
        std::uint64_t count = 0;
        std::uint32_t last = 0;
        constexpr std::uint64_t piece = (std::uint64_t{1} << 20) / runtime_table_entry * runtime_table_entry;
        for (std::uint64_t at = phase; section.fits(at, runtime_table_entry);) {
            const std::uint64_t length = std::min<std::uint64_t>(section.size() - at, piece);
            const std::string_view data = section.scan_view(at, length, scratch);
            std::uint64_t k = 0;
            for (; k + runtime_table_entry <= data.size(); k += runtime_table_entry) {
                std::uint64_t slot;
                std::uint32_t version, pad;
                std::memcpy(&slot, data.data() + k, 8);
                std::memcpy(&version, data.data() + k + 8, 4);
                std::memcpy(&pad, data.data() + k + 12, 4);
                if (slot == 0 && pad == 0 && is_api_version(version) && version >= last) {
                    ++count;
                    last = version;
                    continue;
                }
                if (count >= runtime_table_min_entries) newest = std::max(newest.value_or(0), last);
                count = 0;
                last = 0;
            }
            if (k == 0) break;
            at += k;
        }
        if (count >= runtime_table_min_entries) newest = std::max(newest.value_or(0), last);
    }
    return newest;
}

}  // namespace

std::optional<std::uint32_t> runtime_api_version(const Bytes& bytes, const Elf& elf) {
    std::optional<std::uint32_t> newest;
    for (const ElfSection& section : elf.sections) {
        if (section.type != sht_progbits || !(section.flags & shf_alloc) || (section.flags & shf_execinstr)) continue;
        // The table holds pointers: in a position-independent file (a library, a PIE) they are
        // relocated, so it lives in .data.rel.ro; .rodata, often far larger (53 MiB in
        // libcublasLt.so.13), can hold it only in a position-dependent executable.
        if (section.name != ".data.rel.ro" && (section.name != ".rodata" || elf.type != et_exec)) continue;
        if (!bytes.fits(section.offset, section.size)) continue;
        const std::optional<std::uint32_t> found = scan(bytes.sub(section.offset, section.size));
        if (found) newest = std::max(newest.value_or(0), *found);
    }
    return newest;
}

}  // namespace cudaarch::binary
