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

// True when the first directive after comments and white space is `.version`.
[[nodiscard]] bool looks_like_ptx(std::string_view text);

// Reads `.version M.m` and the first target of `.target sm_XY[a|f]`; stops at `.target`.
Result<PtxHeader> read_ptx_header(const Bytes& bytes);

}  // namespace cudaarch::binary
