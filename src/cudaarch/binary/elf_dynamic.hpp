// SPDX-License-Identifier: Apache-2.0
// Reader for what the dynamic loader reads of an ELF file: its machine, and its dynamic
// section's DT_NEEDED, DT_RPATH, DT_RUNPATH, DT_SONAME and DT_FLAGS_1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

inline constexpr std::uint64_t df_1_nodeflib = 0x800;  // DT_FLAGS_1: skip the cache and the default folders

struct ElfDynamic {
    std::uint16_t machine = 0;  // e_machine: the loader takes only libraries of its own
    std::uint16_t type = 0;     // e_type
    bool has_interpreter = false;  // PT_INTERP: an executable that ld.so starts
    std::vector<std::string> needed;    // DT_NEEDED, in order
    std::optional<std::string> rpath;   // DT_RPATH, as written ($ORIGIN unexpanded)
    std::optional<std::string> runpath;  // DT_RUNPATH
    std::string soname;                  // DT_SONAME; empty when absent
    std::uint64_t flags_1 = 0;           // DT_FLAGS_1
};

// The dynamic section of a 64-bit little-endian ELF file, found through PT_DYNAMIC; its strings
// through DT_STRTAB, mapped to the file by the PT_LOAD segments. Every offset and string is
// checked against `bytes`. A file without PT_DYNAMIC (static, an object) has no entries.
Result<ElfDynamic> read_dynamic(const Bytes& bytes, const Elf& elf);

}  // namespace cudaarch::binary
