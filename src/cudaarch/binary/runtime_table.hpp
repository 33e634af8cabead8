// SPDX-License-Identifier: Apache-2.0
// Reader for the version of a CUDA runtime linked into an ELF file (libcudart_static.a, nvcc's
// default -cudart static), which no header, note or symbol names. See docs/runtime-driver.md,
// "Which runtime a program has".
#pragma once

#include <cstdint>
#include <optional>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/elf.hpp"

namespace cudaarch::binary {

// The CUDA runtime (static or libcudart.so itself) keeps, for cudaGetDriverEntryPointByVersion
// and its other by-version look-ups, a table of its API: 24-byte entries of an 8-byte slot that
// is null in the file, the CUDA version (major * 1000 + minor * 10) that introduced the
// function, 4 zero bytes, and a pointer to its name. Each run of the table is sorted by
// version, so its newest entry is the newest release whose API the runtime has: exactly the
// runtime's major, and a minor at or below its own (seen in libcudart 11.8.89: 11080,
// 12.8.90: 12080, 13.0.88: 13000, and in the static runtime of nvcc 13.0's programs, of
// libcublasLt.so.13 and of libnccl.so.2).
inline constexpr std::uint64_t runtime_table_entry = 24;
// A run shorter than this is not the table (the 11.8 runtime's shortest of two runs has 63 entries).
inline constexpr std::uint64_t runtime_table_min_entries = 32;

// The newest version in such a table, in the file's writable data sections that hold data
// read-only after relocation (.data.rel.ro) or, in a position-dependent executable (ET_EXEC),
// where it needs no relocation, its read-only data (.rodata); nullopt when none holds a table. Every read is
// checked against `bytes`; each section is read once, in pieces.
[[nodiscard]] std::optional<std::uint32_t> runtime_api_version(const Bytes& bytes, const Elf& elf);

}  // namespace cudaarch::binary
