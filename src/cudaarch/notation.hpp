// SPDX-License-Identifier: Apache-2.0
// Parsing every architecture notation into one model, and writing the model in every
// format. The rules are in docs/notation.md; tests/vectors/notation.tsv pins them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/arch.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch {

// One compute capability of a build: SASS (a cubin), PTX, or both. `from` is the virtual
// architecture the SASS is compiled from, when it is not the entry's own (8.6(7.5)).
struct Entry {
    Arch arch;
    bool sass = false;
    bool ptx = false;
    std::optional<Arch> from;
    std::string written;  // the first token that asked for it, for messages; not compared

    friend bool operator==(const Entry& l, const Entry& r) {
        return l.arch == r.arch && l.sass == r.sass && l.ptx == r.ptx && l.from == r.from;
    }
};

// Sorted by arch, one entry per arch.
using ArchList = std::vector<Entry>;

enum class Dialect { standard, cmake, torch, tf, opencv, nvcc };
enum class Format { cmake, torch, gencode, tf, opencv, clang, readable };

Result<Dialect> parse_dialect(std::string_view name);  // case-insensitive
Result<Format> parse_format(std::string_view name);    // case-insensitive
[[nodiscard]] std::string_view format_name(Format format);
// Every format's and dialect's name, as --to and --from take them (and their completions offer).
[[nodiscard]] std::vector<std::string> format_names();
[[nodiscard]] std::vector<std::string> dialect_names();

// Expands a keyword (native, all, all-major, newest, a family name) into entries;
// resolution supplies one, plain parsing has none and rejects keywords.
class KeywordExpander {
public:
    virtual ~KeywordExpander() = default;
    virtual Result<ArchList> expand(std::string_view keyword) const = 0;
};

// Parses one spec; items may be separated by ';', ',' or white space.
Result<ArchList> parse(std::string_view spec, Dialect dialect = Dialect::standard,
                                     const KeywordExpander* keywords = nullptr);

struct Rendering {
    std::string text;
    std::vector<std::string> warnings;  // what the format could not express
};

Result<Rendering> render(const ArchList& list, Format format);

// For a fix that sets CMAKE_CUDA_ARCHITECTURES to `value` (the list rendered in CMake's format,
// as the fix writes it): where `list` has an `a` or `f` image, which CMake releases take that
// suffix there (cmake rows of the data file) and the spelling every release takes, as
// " (CMake takes 100f there before 3.24, …; every release takes CUDAARCH_ARCHITECTURES=<value>
// with cudaarch_set_architectures())"; else empty.
[[nodiscard]] std::string cmake_release_note(const ArchList& list, std::string_view value);

// What PyTorch 2.11's cpp_extension rejects in a spec that parse() accepted in the TORCH
// dialect (docs/compatibility.md): one warning per distinct item not written PyTorch's way,
// with PyTorch's spelling where it has one; one for a ',' or other white space than ' ' as a
// separator; one for an empty item; one for nvcc flags. "native" and an empty spec draw none.
[[nodiscard]] std::vector<std::string> torch_spelling_warnings(std::string_view spec);

// Adds an entry, merging it into one of the same arch; fails on two different "built from".
[[nodiscard]] std::optional<Error> merge_entry(ArchList& list, const Entry& entry);

// True for nvcc's architecture flags (-gencode, --generate-code, -arch, -code, ...), alone or
// with "=VALUE": words of a spec that start with a dash.
[[nodiscard]] bool is_architecture_flag(std::string_view word);

// Merges every entry of `list` into `into`, for lists without "built from" (images), which
// cannot conflict.
void merge_images(ArchList& into, const ArchList& list);

// The architecture the keywords of resolution are made of; parse() rejects them.
[[nodiscard]] bool is_keyword(std::string_view word);

}  // namespace cudaarch
