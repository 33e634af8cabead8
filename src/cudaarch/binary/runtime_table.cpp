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

// A run of the table's entries: how many, and the last one's version.
struct Run {
    std::uint64_t count = 0;
    std::uint32_t last = 0;
};

// Carries `run` on over the entries at [0, steps) of `data` in strides of one entry, each of
// which must fit in `data`; `newest` takes each run long enough that ends.
void carry(Run& run, std::string_view data, std::uint64_t begin, std::uint64_t steps, std::optional<std::uint32_t>& newest) {
    Run here = run;  // in registers for the loop
    for (std::uint64_t k = begin; k < steps; k += runtime_table_entry) {
        std::uint64_t slot;
        std::uint32_t version, pad;
        std::memcpy(&slot, data.data() + k, 8);
        std::memcpy(&version, data.data() + k + 8, 4);
        std::memcpy(&pad, data.data() + k + 12, 4);
        if (slot == 0 && pad == 0 && is_api_version(version) && version >= here.last) {
            ++here.count;
            here.last = version;
            continue;
        }
        if (here.count >= runtime_table_min_entries) newest = std::max(newest.value_or(0), here.last);
        here = Run{};
    }
    run = here;
}

// The newest version of the table's runs in `section`, read once, in pieces of whole strides
// with the rest of their last entries. A run is entries at one 8-byte phase of the 24-byte
// stride: each piece carries on the runs of the three phases in turn.
std::optional<std::uint32_t> scan(const Bytes& section) {
    Run runs[runtime_table_entry / 8];
    std::optional<std::uint32_t> newest;
    std::string scratch;
    constexpr std::uint64_t piece = (std::uint64_t{1} << 20) / runtime_table_entry * runtime_table_entry;
    // Entries start below this: each must fit.
    const std::uint64_t entries_end = section.size() < runtime_table_entry ? 0 : section.size() - runtime_table_entry + 1;
    for (std::uint64_t at = 0; at < entries_end; at += piece) {
        const std::uint64_t steps = std::min(entries_end, at + piece) - at;
        const std::string_view data = section.scan_view(at, std::min(section.size() - at, steps + runtime_table_entry - 1), scratch);
        for (std::uint64_t phase = 0; phase < runtime_table_entry / 8; ++phase) carry(runs[phase], data, 8 * phase, steps, newest);
    }
    for (const Run& run : runs)
        if (run.count >= runtime_table_min_entries) newest = std::max(newest.value_or(0), run.last);
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
