// SPDX-License-Identifier: Apache-2.0
// What one device code image's code says of itself: its kernels (entry functions, what a
// program can launch from it) and the toolkit that built a cubin.
#pragma once

#include <string>
#include <vector>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

// The mangled names of a cubin's kernels, in symbol table order: its function symbols that
// carry the CUDA entry mark (st_other 0x10), each in its own `.text.<name>` section. Device
// functions and nvlink's stubs are not entries. Every symbol and name is bounds-checked.
Result<std::vector<std::string>> cubin_kernels(const Elf& elf, const Bytes& cubin);

// The names of the `.entry` directives of a PTX text, in order.
std::vector<std::string> ptx_kernels(const Bytes& ptx);

// The CUDA release whose ptxas built a cubin, {major, minor}, from the "release 13.0," of its
// .note.nv.tkinfo note (toolkit strings); {0, 0} where it has none that says so.
struct Release {
    int major = 0;
    int minor = 0;
};
[[nodiscard]] Release cubin_toolkit(const Elf& elf, const Bytes& cubin);

// `name` demangled (Itanium C++ ABI), or as it is when it is not a mangled C++ name; a
// kernel of internal linkage without nvcc's per-build prefix.
[[nodiscard]] std::string demangle(const std::string& name);

}  // namespace cudaarch::binary
