// SPDX-License-Identifier: Apache-2.0
// What a file's device code weighs: each image's stored and uncompressed bytes, their totals
// per architecture, per module and per file, and the host part (`cudaarch size`, docs/cli/size.md).
// Read from the image listing's headers (binary::list_images); nothing is decompressed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/arch.hpp"
#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch {

// A count of images and their bytes.
struct SizeTotal {
    std::size_t images = 0;
    std::uint64_t stored_bytes = 0;        // in the file: compressed where the image is
    std::uint64_t uncompressed_bytes = 0;  // the code itself, as `cuobjdump -xelf/-xptx` extracts it

    void add(const SizeTotal& other);
};

struct ImageSize {
    std::string image;  // sm_90a, compute_120f, lto_100
    binary::ImageKind kind = binary::ImageKind::other;
    Arch arch;
    binary::Compression compression = binary::Compression::none;
    std::string where;  // binary::origin(): "k.o:.nv_fatbin@0x724", "fatbin@0x0", "cubin"
    SizeTotal size;     // this one image
};

struct ArchSize {
    Arch arch;  // the images' architecture, SASS, PTX and LTO-IR together: 90a
    SizeTotal size;
};

struct ModuleSize {
    std::string where;  // as Module::where (modules.hpp): "" for an -rdc program's one module
    SizeTotal size;
};

struct FileSizes {
    binary::FileFormat format = binary::FileFormat::unknown;
    std::uint64_t file_bytes = 0;
    SizeTotal device;             // every image
    std::uint64_t host_bytes = 0;  // file_bytes less the images' stored bytes: host code, data, headers
    std::vector<ImageSize> images;    // in file order
    std::vector<ArchSize> archs;      // by capability, then suffix
    std::vector<ModuleSize> modules;  // the modules the loader registers (modules()), in file order
    SizeTotal outside_modules;        // images the loader registers in no module (LTO-IR)
};

// The sizes of several files together.
struct SizeSummary {
    std::size_t files = 0;
    std::uint64_t file_bytes = 0;
    std::uint64_t host_bytes = 0;
    SizeTotal device;
    std::vector<ArchSize> archs;  // by capability, then suffix

    void add(const FileSizes& file);
};

// How an architecture's images changed from one build (A) to another (B): by their stored
// bytes, else their uncompressed bytes.
enum class SizeChange { added, removed, grew, shrank, same };

[[nodiscard]] std::string_view change_name(SizeChange change);

struct ArchChange {
    Arch arch;
    SizeChange change = SizeChange::same;
    SizeTotal a;  // empty where added
    SizeTotal b;  // empty where removed
};

// Each architecture of `a` or `b` (both by capability, then suffix, as SizeSummary's), in that order.
[[nodiscard]] std::vector<ArchChange> diff_archs(const std::vector<ArchSize>& a, const std::vector<ArchSize>& b);

// A budget's size in bytes (`size --max-size`, cudaarch_size_budget): a number, whole or with a
// fraction, then a unit, B, KB, MB, GB (powers of 1000) or KiB, MiB, GiB (of 1024), in any case,
// spaces allowed between them ("100MB", "1.5 GiB"); a fraction of a byte is dropped, since a
// budget is a bound. Errors: no number, no unit or an unknown one, more than 2^64 - 1 bytes.
[[nodiscard]] Result<std::uint64_t> parse_byte_size(std::string_view text);

// The sizes of the file `path`, read as binary::list_images() reads it (every data section).
[[nodiscard]] Result<FileSizes> read_sizes(const std::string& path);
// The same, of an input already in memory; `name` is used in error messages.
[[nodiscard]] Result<FileSizes> read_sizes_in(std::string_view name, std::string_view bytes);

}  // namespace cudaarch
