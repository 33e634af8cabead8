// SPDX-License-Identifier: Apache-2.0
// The kernels (entry functions) of one device code image: what a program can launch from it.
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

// `name` demangled (Itanium C++ ABI), or as it is when it is not a mangled C++ name.
[[nodiscard]] std::string demangle(const std::string& name);

}  // namespace cudaarch::binary
