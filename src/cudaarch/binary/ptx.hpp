// SPDX-License-Identifier: Apache-2.0
// Reader for the header directives of a PTX text file (.version, .target).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cudaarch/arch.hpp"
#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

struct PtxIsa {
    int major = 0;
    int minor = 0;
    [[nodiscard]] std::string text() const { return std::to_string(major) + "." + std::to_string(minor); }
    friend bool operator==(const PtxIsa& l, const PtxIsa& r) { return l.major == r.major && l.minor == r.minor; }
};

struct PtxHeader {
    PtxIsa isa;
    Arch target;
};

// How far into a file the PTX header may lie: compilers write .version and .target after a
// few lines of comments, and a file of zeros (or any text without white space) must not be
// read to its end to find out that it is not PTX.
inline constexpr std::uint64_t ptx_header_limit = 1 << 20;

// True when the first directive after comments and white space is `.version`, within the
// first ptx_header_limit bytes.
[[nodiscard]] bool looks_like_ptx(const Bytes& bytes);

// Reads `.version M.m` and the first target of `.target sm_XY[a|f]`; stops at `.target`.
// Both must lie within the first ptx_header_limit bytes.
Result<PtxHeader> read_ptx_header(const Bytes& bytes);

}  // namespace cudaarch::binary
