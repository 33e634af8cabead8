// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/arch.hpp"

namespace cudaarch {

char suffix_char(Suffix s) {
    switch (s) {
        case Suffix::a: return 'a';
        case Suffix::f: return 'f';
        case Suffix::none: break;
    }
    return '\0';
}

std::string Arch::number() const {
    std::string text = std::to_string(major * 10 + minor);
    if (suffix != Suffix::none) text += suffix_char(suffix);
    return text;
}

std::string Arch::dotted() const {
    std::string text = std::to_string(major) + '.' + std::to_string(minor);
    if (suffix != Suffix::none) text += suffix_char(suffix);
    return text;
}

}  // namespace cudaarch
