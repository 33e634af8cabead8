// SPDX-License-Identifier: Apache-2.0
// One compute capability with its optional architecture-specific (a) or family (f) suffix.
#pragma once

#include <string>
#include <tuple>

namespace cudaarch {

enum class Suffix { none, a, f };  // declaration order is the sort order

struct Arch {
    int major = 0;
    int minor = 0;
    Suffix suffix = Suffix::none;

    // 86, 90a, 100f: the number nvcc and CMake write after sm_/compute_.
    [[nodiscard]] std::string number() const;
    // 8.6, 9.0a, 10.0f: the dotted form of TORCH_CUDA_ARCH_LIST and CUDA_ARCH_BIN.
    [[nodiscard]] std::string dotted() const;
    [[nodiscard]] std::string sm() const { return "sm_" + number(); }
    [[nodiscard]] std::string compute() const { return "compute_" + number(); }
    [[nodiscard]] Arch base() const { return {major, minor, Suffix::none}; }

    friend bool operator<(const Arch& l, const Arch& r) {
        return std::tie(l.major, l.minor, l.suffix) < std::tie(r.major, r.minor, r.suffix);
    }
    friend bool operator==(const Arch& l, const Arch& r) {
        return std::tie(l.major, l.minor, l.suffix) == std::tie(r.major, r.minor, r.suffix);
    }
    friend bool operator!=(const Arch& l, const Arch& r) { return !(l == r); }
};

[[nodiscard]] char suffix_char(Suffix s);  // '\0', 'a' or 'f'

}  // namespace cudaarch
