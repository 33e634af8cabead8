// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/sizes.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <optional>
#include <utility>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/binary/zstd_frame.hpp"
#include "cudaarch/modules.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

using binary::Bytes;
using binary::Image;

namespace {

// A PTX image's code is its text, as `cuobjdump -xptx` extracts it: a raw entry holds the
// text, its NUL and zeros up to a multiple of 8 (fatbin-format.md §2.5), and a compressed
// one's header counts the text and its NUL (nvcc's, and NVIDIA's libraries'). Without them,
// an image's uncompressed bytes do not depend on how it was stored, and a PTX stub of 67
// bytes (cuBLAS has dozens) is not 1.5% off. Reads a raw entry's last 8 bytes at most.
std::uint64_t ptx_text_bytes(const Image& image, const Bytes& file) {
    if (image.compression != binary::Compression::none) return image.uncompressed_size - (image.uncompressed_size != 0);
    if (!file.fits(image.payload_offset, image.stored_size)) return image.stored_size;
    const std::uint64_t tail = std::min<std::uint64_t>(image.stored_size, 8);
    const std::string_view bytes = file.view(image.payload_offset + image.stored_size - tail, tail);
    const std::size_t text_end = bytes.find_last_not_of('\0');
    return image.stored_size - (text_end == std::string_view::npos ? tail : tail - 1 - text_end);
}

// The most bytes an LZ4 block decodes to per byte it holds: each byte that extends a match's
// length adds 255.
constexpr std::uint64_t kLz4MostRatio = 255;

// Why the uncompressed size a compressed image's entry header claims cannot be its code's:
// more than an LZ4 block of its size decodes to, or other than its zstd frame declares. The
// size is reported from the header, never by decoding, so the header must not lie. SASS and
// PTX only: an LTO-IR entry flagged zstd holds no plain zstd frame (nvcc 13.0's -dc).
std::optional<Error> false_claim(const Image& image, const Bytes& file) {
    if (image.kind != binary::ImageKind::sass && image.kind != binary::ImageKind::ptx) return std::nullopt;
    const std::string claim = std::string(binary::compression_name(image.compression)) + " image " + image.name() +
                              " claims " + std::to_string(image.uncompressed_size) + " uncompressed bytes";
    if (image.compression == binary::Compression::lz4 && image.uncompressed_size > kLz4MostRatio * image.stored_size)
        return file.error(image.entry_offset, claim + ", more than its " + std::to_string(image.stored_size) +
                                                  " bytes of LZ4 decode to");
    if (image.compression != binary::Compression::zstd || !file.fits(image.payload_offset, image.stored_size))
        return std::nullopt;
    const Result<std::optional<std::uint64_t>> declared = binary::zstd_content_size(file.sub(image.payload_offset, image.stored_size));
    if (!declared) return declared.error();
    if (*declared && **declared != image.uncompressed_size)
        return file.error(image.entry_offset, claim + ", its zstd frame " + std::to_string(**declared));
    return std::nullopt;
}

// `sorted` by architecture gets `size` added under `arch`.
void add_to_arch(std::vector<ArchSize>& sorted, const Arch& arch, const SizeTotal& size) {
    auto at = std::lower_bound(sorted.begin(), sorted.end(), arch, [](const ArchSize& a, const Arch& b) { return a.arch < b; });
    if (at == sorted.end() || at->arch != arch) at = sorted.insert(at, ArchSize{arch, {}});
    at->size.add(size);
}

Result<FileSizes> sizes_of(Result<binary::Listing> listed, const Bytes& file) {
    if (!listed) return listed.error();
    binary::Listing& listing = listed.value();
    FileSizes sizes;
    sizes.format = listing.format;
    sizes.file_bytes = file.size();
    sizes.images.reserve(listing.images.size());
    for (Image& image : listing.images) {
        if (auto error = false_claim(image, file)) return *error;
        if (image.kind == binary::ImageKind::ptx && image.container == binary::Container::fatbin)
            image.uncompressed_size = ptx_text_bytes(image, file);
        const SizeTotal one{1, image.stored_size, image.uncompressed_size};
        sizes.device.add(one);
        add_to_arch(sizes.archs, image.arch, one);
        sizes.images.push_back({image.name(), image.kind, image.arch, image.compression, binary::origin(image), one});
    }
    // The reader keeps each image inside the file and lists each container once; a sum past the
    // file's size would be a listing that counts bytes twice, not a size.
    if (sizes.device.stored_bytes > sizes.file_bytes)
        return Error{std::string(file.file()) + ": its images' " + std::to_string(sizes.device.stored_bytes) +
                     " stored bytes exceed the file's " + std::to_string(sizes.file_bytes)};
    sizes.host_bytes = sizes.file_bytes - sizes.device.stored_bytes;
    SizeTotal in_modules;
    for (const Module& module : modules(listing)) {
        ModuleSize& out = sizes.modules.emplace_back();
        out.where = module.where;
        for (const Image& image : module.listing.images) out.size.add({1, image.stored_size, image.uncompressed_size});
        in_modules.add(out.size);
    }
    sizes.outside_modules = {sizes.device.images - in_modules.images, sizes.device.stored_bytes - in_modules.stored_bytes,
                             sizes.device.uncompressed_bytes - in_modules.uncompressed_bytes};
    return sizes;
}

}  // namespace

void SizeTotal::add(const SizeTotal& other) {
    images += other.images;
    stored_bytes += other.stored_bytes;
    uncompressed_bytes += other.uncompressed_bytes;
}

void SizeSummary::add(const FileSizes& file) {
    ++files;
    file_bytes += file.file_bytes;
    host_bytes += file.host_bytes;
    device.add(file.device);
    for (const ArchSize& arch : file.archs) add_to_arch(archs, arch.arch, arch.size);
}

std::string_view change_name(SizeChange change) {
    constexpr std::string_view kNames[] = {"added", "removed", "grew", "shrank", "same"};
    return kNames[static_cast<std::size_t>(change)];
}

std::vector<ArchChange> diff_archs(const std::vector<ArchSize>& a, const std::vector<ArchSize>& b) {
    std::vector<ArchChange> changes;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && a[i].arch < b[j].arch)) {
            changes.push_back({a[i].arch, SizeChange::removed, a[i].size, {}});
            ++i;
        } else if (i == a.size() || b[j].arch < a[i].arch) {
            changes.push_back({b[j].arch, SizeChange::added, {}, b[j].size});
            ++j;
        } else {
            const SizeTotal& before = a[i].size;
            const SizeTotal& after = b[j].size;
            const auto key = [](const SizeTotal& t) { return std::make_pair(t.stored_bytes, t.uncompressed_bytes); };
            const SizeChange change = key(after) > key(before)   ? SizeChange::grew
                                      : key(after) < key(before) ? SizeChange::shrank
                                                                 : SizeChange::same;
            changes.push_back({a[i].arch, change, before, after});
            ++i;
            ++j;
        }
    }
    return changes;
}

Result<FileSizes> read_sizes(const std::string& path) {
    const Result<binary::FileBytes> opened = binary::FileBytes::open(path);
    if (!opened) return opened.error();
    const binary::FileBytes& file = opened.value();
    return sizes_of(binary::list_images(file, binary::Scope::all_sections, binary::Read::headers, binary::max_scan_threads),
                    Bytes(file.path(), file.bytes(), 0, &file));
}

Result<FileSizes> read_sizes_in(std::string_view name, std::string_view bytes) {
    return sizes_of(binary::list_images_in(name, bytes), Bytes(name, bytes));
}

namespace {

struct SizeUnit {
    std::string_view name;
    std::uint64_t bytes;
};

constexpr SizeUnit kSizeUnits[] = {{"B", 1},           {"KB", 1000},        {"MB", 1000 * 1000}, {"GB", 1000 * 1000 * 1000},
                                   {"KiB", 1ULL << 10}, {"MiB", 1ULL << 20}, {"GiB", 1ULL << 30}};

// The fraction's digits read: those past them weigh less than 2^30 / 10^18 of a byte, and with
// them the fraction times a unit stays far below 2^128.
constexpr std::size_t kFractionDigits = 18;

}  // namespace

Result<std::uint64_t> parse_byte_size(std::string_view text) {
    std::vector<std::string> units;
    for (const SizeUnit& unit : kSizeUnits) units.emplace_back(unit.name);
    std::size_t at = 0;
    unsigned __int128 whole = 0;
    unsigned __int128 fraction = 0;
    unsigned __int128 scale = 1;
    std::size_t fraction_digits = 0;
    bool digits = false;
    bool too_large = false;
    for (; at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])); ++at, digits = true) {
        whole = whole * 10 + static_cast<unsigned>(text[at] - '0');
        too_large = too_large || whole > std::numeric_limits<std::uint64_t>::max();
        if (too_large) whole = 0;  // keeps the product bounded; the size is refused below
    }
    if (digits && at < text.size() && text[at] == '.') {
        for (++at; at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])); ++at) {
            if (++fraction_digits > kFractionDigits) continue;
            fraction = fraction * 10 + static_cast<unsigned>(text[at] - '0');
            scale *= 10;
        }
    }
    if (!digits) return Error{text::quote(text) + " is not a size: a number, then a unit (100MB, 1.5GiB)"};
    std::size_t unit_at = at;
    while (unit_at < text.size() && text[unit_at] == ' ') ++unit_at;
    const std::string_view unit = text.substr(unit_at);
    if (unit.empty()) return Error{text::quote(text) + " has no unit (" + text::join(units, ", ") + ")"};
    for (const SizeUnit& known : kSizeUnits) {
        if (!text::iequals(unit, known.name)) continue;
        const unsigned __int128 bytes = whole * known.bytes + fraction * known.bytes / scale;
        if (too_large || bytes > std::numeric_limits<std::uint64_t>::max())
            return Error{text::quote(text) + " is more than " + std::to_string(std::numeric_limits<std::uint64_t>::max()) +
                         " bytes"};
        return static_cast<std::uint64_t>(bytes);
    }
    return Error{text::unknown_value("unit", "accepted", unit, units)};
}

}  // namespace cudaarch
