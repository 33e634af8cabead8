// SPDX-License-Identifier: Apache-2.0
// Writing an ArchList in each output format (docs/notation.md, "Output formats").
#include <algorithm>
#include <array>

#include "cudaarch/database.hpp"
#include "cudaarch/notation.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

struct FormatInfo {
    Format format;
    std::string_view name;
    std::string_view separator;
    bool writes_pairing;    // can say which virtual architecture builds a SASS image
    bool writes_ptx_only;   // has a PTX-only entry
};

constexpr std::array<FormatInfo, 7> kFormats = {{
    {Format::cmake, "CMAKE", ";", false, true},
    {Format::torch, "TORCH", " ", false, false},
    {Format::gencode, "GENCODE", " ", true, true},
    {Format::tf, "TF", ",", false, false},
    {Format::opencv, "OPENCV", " ", true, true},
    {Format::clang, "CLANG", " ", false, false},
    {Format::readable, "READABLE", " ", true, true},
}};

constexpr std::array<std::pair<Dialect, std::string_view>, 5> kDialects = {{
    {Dialect::cmake, "CMAKE"},
    {Dialect::torch, "TORCH"},
    {Dialect::tf, "TF"},
    {Dialect::opencv, "OPENCV"},
    {Dialect::nvcc, "NVCC"},
}};

const FormatInfo& info(Format format) {
    for (const FormatInfo& f : kFormats) {
        if (f.format == format) return f;
    }
    return kFormats[0];
}

// The items one entry is written as; OPENCV is split into its two variables elsewhere.
std::vector<std::string> entry_items(const Entry& e, Format format) {
    const Arch& a = e.arch;
    switch (format) {
        case Format::cmake:
            return {a.number() + (e.sass && e.ptx ? "" : e.sass ? "-real" : "-virtual")};
        case Format::torch:
            return {a.dotted() + (e.ptx ? "+PTX" : "")};
        case Format::gencode: {
            std::vector<std::string> items;
            if (e.sass && e.from) {
                items.push_back("-gencode=arch=" + e.from->compute() + ",code=" + a.sm());
                if (e.ptx) items.push_back("-gencode=arch=" + a.compute() + ",code=" + a.compute());
                return items;
            }
            const std::string code = e.sass && e.ptx ? "[" + a.sm() + "," + a.compute() + "]"
                                     : e.sass        ? a.sm()
                                                     : a.compute();
            return {"-gencode=arch=" + a.compute() + ",code=" + code};
        }
        case Format::tf: {
            std::vector<std::string> items;
            if (e.sass) items.push_back(a.sm());
            if (e.ptx) items.push_back(a.compute());
            return items;
        }
        case Format::clang: {
            std::vector<std::string> items{"--offload-arch=" + a.sm()};
            if (!e.ptx) items.push_back("--no-cuda-include-ptx=" + a.sm());
            return items;
        }
        case Format::readable: {
            std::vector<std::string> items;
            if (e.sass) items.push_back(a.sm() + (e.from ? "(" + e.from->compute() + ")" : ""));
            if (e.ptx) items.push_back(a.compute());
            return items;
        }
        case Format::opencv: break;
    }
    return {};
}

std::string render_opencv(const ArchList& list) {
    std::vector<std::string> bin;
    std::vector<std::string> ptx;
    for (const Entry& e : list) {
        if (e.sass) bin.push_back(e.arch.dotted() + (e.from ? "(" + e.from->dotted() + ")" : ""));
        if (e.ptx) ptx.push_back(e.arch.dotted());
    }
    return "CUDA_ARCH_BIN=" + text::join(bin, " ") + ";CUDA_ARCH_PTX=" + text::join(ptx, " ");
}

}  // namespace

std::string_view format_name(Format format) { return info(format).name; }

Result<Format> parse_format(std::string_view name) {
    for (const FormatInfo& f : kFormats) {
        if (text::iequals(name, f.name)) return f.format;
    }
    return Error{text::unknown_value("format", "formats", name, format_names())};
}

Result<Dialect> parse_dialect(std::string_view name) {
    for (const auto& [dialect, dialect_name] : kDialects) {
        if (text::iequals(name, dialect_name)) return dialect;
    }
    return Error{text::unknown_value("dialect", "dialects", name, dialect_names())};
}

std::vector<std::string> format_names() {
    std::vector<std::string> names;
    for (const FormatInfo& f : kFormats) names.emplace_back(f.name);
    return names;
}

std::vector<std::string> dialect_names() {
    std::vector<std::string> names;
    for (const auto& dialect : kDialects) names.emplace_back(dialect.second);
    return names;
}

namespace {

// An architecture the format's reader would lose: PyTorch rejects 'f' targets and the
// capabilities its cpp_extension does not list (8.8), OpenCV's reader strips every suffix
// (9.0a builds sm_90). Writing them would be a silent loss or a failure later, so the
// rendering fails, naming the image.
std::optional<Error> reader_loses(const Entry& e, Format format) {
    const Arch& from = e.from.value_or(e.arch);
    if (format == Format::torch && e.arch.suffix == Suffix::f) {
        return Error{e.arch.sm() + " cannot be written in TORCH format: PyTorch rejects the 'f' suffix; "
                                   "use another format."};
    }
    if (format == Format::torch && !Database::is_torch_arch(e.arch.dotted())) {
        return Error{(e.sass ? e.arch.sm() : e.arch.compute()) + " cannot be written in TORCH format: PyTorch's "
                     "reader does not know " + e.arch.dotted() + "; use another format."};
    }
    if (format == Format::opencv && (e.arch.suffix != Suffix::none || from.suffix != Suffix::none)) {
        const bool own = e.arch.suffix != Suffix::none;
        const std::string image = own ? (e.sass ? e.arch.sm() : e.arch.compute()) : from.compute();
        return Error{image + " cannot be written in OPENCV format: OpenCV's reader drops the '" +
                     std::string(1, suffix_char(own ? e.arch.suffix : from.suffix)) + "' suffix; use another format."};
    }
    return std::nullopt;
}

}  // namespace

Result<Rendering> render(const ArchList& list, Format format) {
    if (format == Format::opencv) {
        for (const Entry& e : list) {
            if (auto error = reader_loses(e, format)) return *error;
        }
        return Rendering{render_opencv(list), {}};
    }
    const FormatInfo& f = info(format);
    Rendering out;
    std::vector<std::string> items;
    for (const Entry& e : list) {
        if (auto error = reader_loses(e, format)) return *error;
        if (!e.sass && !f.writes_ptx_only) {
            return Error{e.arch.compute() + " cannot be written in " + std::string(f.name) +
                         " format, which has no PTX-only entry; add " + e.arch.sm() +
                         " to the list or use another format."};
        }
        std::vector<std::string> written = entry_items(e, format);
        if (e.from && !f.writes_pairing) {
            out.warnings.push_back(e.arch.sm() + " built from " + e.from->compute() + " is written as " +
                                   text::join(written, f.separator) + " in " + std::string(f.name) +
                                   " format, which cannot say which virtual architecture builds it.");
        }
        items.insert(items.end(), written.begin(), written.end());
    }
    out.text = text::join(items, f.separator);
    return out;
}

std::string cmake_release_note(const ArchList& list, std::string_view value) {
    std::vector<std::string> takes;
    for (const Suffix suffix : {Suffix::a, Suffix::f}) {
        const auto image = std::find_if(list.begin(), list.end(), [&](const Entry& e) { return e.arch.suffix == suffix; });
        if (image == list.end()) continue;
        const char letter = suffix_char(suffix);
        std::vector<std::string> ranges;
        for (const CmakeReleaseRecord& r : Database::cmake_releases()) {
            if (r.value != std::string_view(&letter, 1)) continue;
            if (r.first.empty()) ranges.push_back("before " + std::string(r.before));
            else if (r.before.empty()) ranges.push_back("from " + std::string(r.first));
            else ranges.push_back("from " + std::string(r.first) + " before " + std::string(r.before));
        }
        std::string said = ranges.empty() ? "in no release" : ranges.back();
        if (ranges.size() > 1) {
            ranges.pop_back();
            said = text::join(ranges, ", ") + " and " + said;
        }
        takes.push_back(image->arch.number() + " there " + said);
    }
    if (takes.empty()) return "";
    return " (CMake takes " + text::join(takes, "; ") + "; every release takes CUDAARCH_ARCHITECTURES=" + std::string(value) +
           " with cudaarch_set_architectures())";
}

}  // namespace cudaarch
