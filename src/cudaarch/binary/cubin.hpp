// SPDX-License-Identifier: Apache-2.0
// The target architecture recorded in a CUDA cubin (an ELF with e_machine EM_CUDA).
#pragma once

#include <cstdint>

#include "cudaarch/arch.hpp"
#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

// SM number (75, 90, 120) to Arch (7.5, 9.0, 12.0).
[[nodiscard]] inline Arch arch_from_sm(std::uint32_t sm, Suffix suffix) {
    return {static_cast<int>(sm / 10), static_cast<int>(sm % 10), suffix};
}

// The SM comes from e_flags, whose layout depends on the ABI version. The `a` suffix comes from
// e_flags bit 0x800 (ABI 7) or the .nv.compat record attribute 9 (ABI 8). No cubin records `f`.
Result<Arch> cubin_arch(const Elf& elf, const Bytes& bytes);

}  // namespace cudaarch::binary
