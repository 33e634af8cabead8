// SPDX-License-Identifier: Apache-2.0
#include "cli/inspect_output.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <iterator>
#include <set>
#include <utility>
#include <string>

#include "cli/json.hpp"
#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/modules.hpp"

namespace cudaarch::cli {

using binary::Container;
using binary::Image;
using binary::ImageKind;
using binary::Listing;

namespace {

// Enough spaces to pad any column: padding is a view of these, never a string of its own.
constexpr std::string_view kSpaces = "                ";

// One row of the table, put together in a buffer of its own and handed to the Output whole:
// a dozen cells each appended to the Output's std::string cost libcublasLt's 6,120 rows more
// than the rest of the listing after the search (docs/bench.md). Bounds-checked: text that does
// not fit goes out as it is.
class Row {
public:
    explicit Row(Output& out) : out_(out) {}
    Row(const Row&) = delete;
    Row& operator=(const Row&) = delete;
    ~Row() { spill(); }

    Row& operator<<(std::string_view text) {
        if (text.size() > sizeof text_ - size_) {
            spill();
            if (text.size() > sizeof text_) {
                out_ << text;
                return *this;
            }
        }
        std::memcpy(text_ + size_, text.data(), text.size());
        size_ += text.size();
        return *this;
    }

private:
    void spill() {
        out_ << std::string_view(text_, size_);
        size_ = 0;
    }

    Output& out_;
    char text_[256];
    std::size_t size_ = 0;
};

// The writers below take an Output or a Row.
template <class Sink>
void write_spaces(Sink& out, std::size_t count) {
    for (; count > kSpaces.size(); count -= kSpaces.size()) out << kSpaces;
    out << kSpaces.substr(0, count);
}

// `value` left-aligned in a column of `width`, then `gap` spaces.
template <class Sink>
void write_padded_right(Sink& out, std::string_view value, std::size_t width, std::size_t gap = 0) {
    out << value;
    write_spaces(out, (value.size() < width ? width - value.size() : 0) + gap);
}

// `gap` spaces, then `value` right-aligned in a column of `width`.
template <class Sink>
void write_padded_left(Sink& out, std::uint64_t value, std::size_t width, std::size_t gap = 0) {
    char digits[20];
    const auto end = std::to_chars(std::begin(digits), std::end(digits), value).ptr;
    // Bounded for the compiler too: GCC 12 otherwise warns of a Row::operator<< path for text
    // longer than a row (-Warray-bounds), which 20 digits never take.
    const std::size_t size = std::min(static_cast<std::size_t>(end - digits), sizeof digits);
    write_spaces(out, gap + (size < width ? width - size : 0));
    out << std::string_view(digits, size);
}

// Where the image was found: "[member:]section@container", "fatbin@0x0", "cubin" or "ptx";
// `scratch` is the caller's, reused from image to image.
void write_origin(Row& out, const Image& image, std::string& scratch) {
    scratch.clear();
    binary::append_origin(scratch, image);
    out << scratch;
    if (image.device_runtime) out << " (libcudadevrt)";
}

// The three groups of images the loader treats differently.
enum class Group {
    executable,      // loaded as they are: .nv_fatbin, other sections, .cubin and .ptx files
    relocatable,     // the program's relocatable images (__nv_relfatbin)
    device_runtime,  // libcudadevrt's relocatable images
};
constexpr Group all_groups[] = {Group::executable, Group::relocatable, Group::device_runtime};

Group group_of(const Image& image) {
    if (image.device_runtime) return Group::device_runtime;
    return image.relocatable ? Group::relocatable : Group::executable;
}

// The distinct architectures of each kind of image in each group, from one pass over the images.
class ArchSets {
public:
    explicit ArchSets(const Listing& listing) {
        for (const Image& image : listing.images) {
            const auto group = static_cast<std::size_t>(group_of(image));
            present_[group] = true;  // images of a kind cudaarch does not know count too
            if (image.kind != ImageKind::other) sets_[group][static_cast<std::size_t>(image.kind)].insert(image.arch);
        }
    }
    [[nodiscard]] const std::set<Arch>& of(ImageKind kind, Group group) const {
        return sets_[static_cast<std::size_t>(group)][static_cast<std::size_t>(kind)];
    }
    [[nodiscard]] std::set<Arch> of(ImageKind kind) const {
        std::set<Arch> all;
        for (const Group group : all_groups) all.insert(of(kind, group).begin(), of(kind, group).end());
        return all;
    }
    [[nodiscard]] bool has(Group group) const { return present_[static_cast<std::size_t>(group)]; }

private:
    std::set<Arch> sets_[std::size(all_groups)][3];  // by group, then by kind (SASS, PTX, LTO-IR)
    bool present_[std::size(all_groups)] = {};
};

// " sm_75 sm_90a", or " -" when there is none.
std::string arch_list(const std::set<Arch>& archs, ImageKind kind) {
    std::string text;
    for (const Arch& arch : archs) text += " " + binary::image_name(kind, arch);
    return text.empty() ? " -" : text;
}

// "SASS sm_75 sm_90a; PTX compute_90" (plus "; LTO-IR ..." if any) for one group.
std::string group_summary(const ArchSets& archs, Group group) {
    std::string text = "SASS" + arch_list(archs.of(ImageKind::sass, group), ImageKind::sass) + "; PTX" +
                       arch_list(archs.of(ImageKind::ptx, group), ImageKind::ptx);
    if (!archs.of(ImageKind::lto_ir, group).empty())
        text += "; LTO-IR" + arch_list(archs.of(ImageKind::lto_ir, group), ImageKind::lto_ir);
    return text;
}

void write_json_image(Output& out, const Image& image) {
    const char suffix = suffix_char(image.arch.suffix);
    out << "{\"kind\": " << json_string(binary::kind_name(image.kind)) << ", \"name\": " << json_string(image.name())
        << ", \"arch\": " << json_string(image.arch.number()) << ", \"major\": " << image.arch.major
        << ", \"minor\": " << image.arch.minor << ", \"suffix\": " << json_string(suffix ? std::string(1, suffix) : "")
        << ", \"compression\": " << json_string(binary::compression_name(image.compression))
        << ", \"stored_size\": " << image.stored_size << ", \"uncompressed_size\": " << image.uncompressed_size
        << ", \"ptx_isa\": " << (image.ptx_isa ? json_string(image.ptx_isa->text()) : "null")
        << ", \"debug\": " << (image.debug ? "true" : "false")
        << ", \"identifier\": " << json_optional_string(image.identifier)
        << ", \"container\": " << json_string(image.container == Container::fatbin  ? "fatbin"
                                              : image.container == Container::cubin ? "cubin"
                                                                                    : "ptx")
        << ", \"member\": " << json_optional_string(image.member)
        << ", \"section\": " << json_optional_string(image.section)
        << ", \"relocatable\": " << (image.relocatable ? "true" : "false")
        << ", \"library\": " << (image.device_runtime ? "\"cudadevrt\"" : "null");
    if (image.container == Container::fatbin)
        out << ", \"container_offset\": " << image.container_offset << ", \"entry_offset\": " << image.entry_offset
            << ", \"entry_kind\": " << image.entry_kind;
    else
        out << ", \"container_offset\": null, \"entry_offset\": null, \"entry_kind\": null";
    out << "}";
}

void write_json_archs(Output& out, const std::set<Arch>& archs, ImageKind kind) {
    out << "[";
    std::string_view separator;
    for (const Arch& arch : archs) {
        out << separator << json_string(binary::image_name(kind, arch));
        separator = ", ";
    }
    out << "]";
}

// cuobjdump's name for an input: its last path component without the last extension.
std::string_view stem(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
    const std::size_t dot = path.rfind('.');
    return dot == std::string_view::npos || dot == 0 ? path : path.substr(0, dot);
}

// cuobjdump reads the executable fatbin (.nv_fatbin) if the object has one, else the relocatable one.
std::string_view cuobjdump_section(const Listing& listing, std::uint64_t member_offset) {
    std::string_view section = "";
    for (const Image& image : listing.images) {
        if (image.member_offset != member_offset || image.container != Container::fatbin) continue;
        if (image.section == ".nv_fatbin") return image.section;
        if (image.section == "__nv_relfatbin") section = "__nv_relfatbin";
    }
    return section;
}

}  // namespace

void write_table(Output& out, std::string_view path, const Listing& listing) {
    out << path << " (" << binary::format_name(listing.format) << "): " << listing.images.size()
        << (listing.images.size() == 1 ? " image\n" : " images\n");
    if (!listing.images.empty()) out << "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n";
    std::string origin;
    for (const Image& image : listing.images) {
        // The columns are two spaces apart: a gap written with the padding before it.
        Row row(out);
        row << "  ";
        write_padded_right(row, binary::kind_name(image.kind), 6, 2);
        write_padded_right(row, image.name(), 13, 2);
        write_padded_right(row, binary::compression_name(image.compression), 4, 0);
        write_padded_left(row, image.stored_size, 12, 2);
        write_padded_left(row, image.uncompressed_size, 12, 2);
        row << "  ";
        write_padded_right(row, image.ptx_isa ? image.ptx_isa->text() : "-", 3, 2);
        write_origin(row, image, origin);
        row << "\n";
    }
    out << path << ": " << image_summary(listing) << "\n";
}

void write_modules(Output& out, const Listing& listing) {
    const std::vector<Module> parts = modules(listing);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const Module& m = parts[i];
        out << "  module " << (i + 1) << (m.where.empty() ? "" : " (" + m.where + ")") << ": " << image_summary(m.listing)
            << "; " << kernel_summary(m, m.kernels.size()) << "\n";
    }
}

std::string image_summary(const Listing& listing) {
    if (listing.images.empty()) return "no device code";
    const ArchSets archs(listing);
    std::string text;
    for (const Group group : all_groups) {
        if (!archs.has(group)) continue;
        text += text.empty() ? "" : " | ";
        if (group == Group::relocatable) text += "relocatable: ";
        if (group == Group::device_runtime) text += "libcudadevrt, relocatable: ";
        text += group_summary(archs, group);
    }
    return text;
}

void write_json_file(Output& out, std::string_view path, const Result<Listing>& listing) {
    out << "    {\"path\": " << json_string(path);
    if (!listing) {
        out << ", \"format\": null, \"error\": " << json_string(listing.error().message)
            << ", \"members\": [], \"images\": [], \"sass\": [], \"ptx\": [], \"lto_ir\": [],\n     \"linked\": false"
            << ", \"executable\": null, \"relocatable\": null, \"device_runtime\": null, \"modules\": []}";
        return;
    }
    out << ", \"format\": " << json_string(binary::format_name(listing->format)) << ", \"error\": null, \"members\": [";
    for (std::size_t i = 0; i < listing->members.size(); ++i)
        out << (i ? ", " : "") << "{\"name\": " << json_string(listing->members[i].name)
            << ", \"offset\": " << listing->members[i].offset << "}";
    out << "],\n     \"images\": [";
    for (std::size_t i = 0; i < listing->images.size(); ++i) {
        out << (i ? ",\n       " : "\n       ");
        write_json_image(out, listing->images[i]);
    }
    const ArchSets archs(*listing);
    out << (listing->images.empty() ? "],\n" : "\n     ],\n") << "     \"sass\": ";
    write_json_archs(out, archs.of(ImageKind::sass), ImageKind::sass);
    out << ", \"ptx\": ";
    write_json_archs(out, archs.of(ImageKind::ptx), ImageKind::ptx);
    out << ", \"lto_ir\": ";
    write_json_archs(out, archs.of(ImageKind::lto_ir), ImageKind::lto_ir);
    out << ",\n     \"linked\": " << (listing->linked ? "true" : "false");
    for (const auto& [group, key] : {std::pair{Group::executable, "executable"}, std::pair{Group::relocatable, "relocatable"},
                                     std::pair{Group::device_runtime, "device_runtime"}}) {
        out << ", \"" << key << "\": {";
        std::string_view separator;
        for (const ImageKind kind : {ImageKind::sass, ImageKind::ptx, ImageKind::lto_ir}) {
            out << separator << (kind == ImageKind::sass ? "\"sass\": " : kind == ImageKind::ptx ? "\"ptx\": " : "\"lto_ir\": ");
            write_json_archs(out, archs.of(kind, group), kind);
            separator = ", ";
        }
        out << "}";
    }
    write_json_modules(out, modules(*listing), nullptr);
    out << "}";
}

void write_json_modules(Output& out, const std::vector<Module>& modules, const std::vector<bool>* counted) {
    out << ",\n     \"modules\": [";
    for (std::size_t i = 0; i < modules.size(); ++i) {
        const Module& m = modules[i];
        out << (i ? ",\n       " : "\n       ") << "{\"where\": " << json_string(m.where)
            << ", \"images\": " << json_image_names(all_images(m.listing)) << ", \"kernels\": ";
        if (!m.kernels_known) {
            out << "null";
        } else {
            out << "[";
            for (std::size_t k = 0; k < m.kernels.size(); ++k) out << (k ? ", " : "") << json_string(m.kernels[k]);
            out << "]";
        }
        if (counted) out << ", \"counted\": " << ((*counted)[i] ? "true" : "false");
        out << "}";
    }
    out << (modules.empty() ? "]" : "\n     ]");
}

bool write_cuobjdump(Output& out, Output& err, std::string_view path, std::string_view cwd,
                     const Listing& listing) {
    // cuobjdump names the input by cwd + "/" + the path as given, without normalising it.
    const std::string absolute = !path.empty() && path[0] == '/' ? std::string(path) : std::string(cwd) + "/" + std::string(path);
    const std::string_view file_stem = stem(path);
    unsigned elf = 0;
    unsigned ptx = 0;
    bool device_code = false;

    const auto list_object = [&](std::uint64_t member_offset) {
        const std::string_view section = cuobjdump_section(listing, member_offset);
        for (const Image& image : listing.images) {
            if (image.member_offset != member_offset || image.container == Container::ptx) continue;
            if (image.container == Container::fatbin && image.section != section) continue;
            device_code = true;
            if (image.kind == ImageKind::lto_ir) {
                err << "cuobjdump warning : Can't deobfuscate entry '" << absolute << "' without obfuscation key\n";
                continue;
            }
            if (image.kind != ImageKind::sass && image.kind != ImageKind::ptx) continue;
            const bool is_ptx = image.kind == ImageKind::ptx;
            const unsigned number = is_ptx ? ++ptx : ++elf;
            out << (is_ptx ? "PTX file " : "ELF file ");
            write_padded_left(out, number, 4);
            // Bare cubins and -G / -lineinfo entries (named after their source file) carry no index.
            out << ": " << (image.identifier.empty() ? file_stem : stem(image.identifier));
            if (image.container == Container::fatbin && image.identifier.empty()) out << '.' << number;
            // `f` is printed for PTX only: cuobjdump names cubins from their ELF header, which has no `f`.
            const Arch arch = is_ptx || image.arch.suffix != Suffix::f ? image.arch : image.arch.base();
            out << "." << arch.sm() << (is_ptx ? ".ptx\n" : ".cubin\n");
        }
    };
    if (listing.format == binary::FileFormat::archive) {
        for (const binary::ArchiveMember& member : listing.members) {
            out << "\nmember " << absolute << ":" << member.name << ":\n";
            list_object(member.offset);
        }
    } else {
        list_object(0);
    }
    if (!device_code) {
        err << "cuobjdump info    : File '" << absolute << "' does not contain device code\n";
        return false;
    }
    if (elf == 0)
        err << "cuobjdump info    : No ELF file found to extract from '" << absolute << "'. You may try with -all option.\n";
    if (ptx == 0)
        err << "cuobjdump info    : No PTX file found to extract from '" << absolute << "'. You may try with -all option.\n";
    return true;
}

}  // namespace cudaarch::cli
