// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/intersect.hpp"

#include <optional>

#include "cudaarch/compat.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

// The order "newest" means among supported images: capability, then how much of the GPU the
// image may use: an `a` image all of it, an `f` image its family's, a plain one the major's.
int specificity(Suffix s) { return s == Suffix::a ? 2 : s == Suffix::f ? 1 : 0; }

bool newer(const Arch& l, const Arch& r) {
    if (l.major != r.major || l.minor != r.minor) return l.major != r.major ? l.major > r.major : l.minor > r.minor;
    return specificity(l.suffix) > specificity(r.suffix);
}

bool at_most(const Arch& l, const Arch& r) { return l.major != r.major ? l.major < r.major : l.minor <= r.minor; }

// The capabilities a SASS request image stands for: its own, or for an `f` image each of its
// family that the toolkit builds.
std::vector<Arch> capabilities_of(const Arch& image, const Toolkit& toolkit) {
    if (image.suffix != Suffix::f) return {image.base()};
    std::vector<Arch> ccs;
    for (const Arch& a : toolkit.real)
        if (a.suffix == Suffix::none && sass_fits(image, a)) ccs.push_back(a);
    return ccs;
}

std::optional<Arch> newest_native(const Arch& gpu, const std::vector<Arch>& supported, const Toolkit& toolkit) {
    std::optional<Arch> best;
    for (const Arch& s : supported)
        if (sass_fits(s, gpu) && toolkit.builds_real(s) && (!best || newer(s, *best))) best = s;
    return best;
}

std::optional<Arch> newest_ptx(const Arch& v, const std::vector<Arch>& supported, const Toolkit& toolkit) {
    std::optional<Arch> best;
    for (const Arch& s : supported)
        if (s.suffix == Suffix::none && at_most(s, v) && toolkit.builds_virtual(s) && (!best || newer(s, *best)))
            best = s;
    return best;
}

// The separators of the notation (docs/notation.md): an "A|B" entry ends at one of them.
bool is_separator(char c) { return c == ';' || c == ',' || c == ' ' || (c >= '\t' && c <= '\r'); }

// Whether `toolkit` builds every image of `list`: SASS as SASS, PTX-only as PTX.
bool builds_all(const ArchList& list, const Toolkit& toolkit) {
    for (const Entry& e : list)
        if (e.sass ? !toolkit.builds_real(e.arch) : !toolkit.builds_virtual(e.arch)) return false;
    return !list.empty();
}

}  // namespace

Result<KernelSupport> parse_support(std::string_view spec, Dialect dialect, const Toolkit& toolkit) {
    // Each "A|B" word becomes its chosen alternative in place, so that the rest of the spec
    // (GPU names of several words among them) is parsed as written.
    KernelSupport support;
    std::string chosen_spec;
    for (std::size_t at = 0; at < spec.size();) {
        std::size_t end = at;
        while (end < spec.size() && !is_separator(spec[end])) ++end;
        const std::string_view word = spec.substr(at, end - at);
        if (word.find('|') == std::string_view::npos) {
            chosen_spec.append(word);
        } else {
            // Brackets and backslashes would not survive the CMake twin's list handling;
            // flags and GPU names of several words have no alternatives either.
            if (word.find_first_of("[]\\") != std::string_view::npos)
                return Error{text::quote(word) + ": an entry A|B holds architectures only, not '[', ']' or '\\'"};
            // Every alternative is read, the chosen one or not, so that a typo in one the
            // installed nvcc does not reach still fails here.
            Alternative alternative{std::string(word), {}};
            for (std::string_view rest = word;;) {
                const std::size_t bar = rest.find('|');
                const std::string_view option = rest.substr(0, bar);
                Result<ArchList> list = parse(option, dialect);
                if (!list) return Error{list.error().message};
                if (alternative.chosen.empty() && builds_all(*list, toolkit)) alternative.chosen = std::string(option);
                if (bar == std::string_view::npos) break;
                rest = rest.substr(bar + 1);
            }
            chosen_spec.append(alternative.chosen);
            support.alternatives.push_back(std::move(alternative));
        }
        if (end < spec.size()) chosen_spec.push_back(spec[end]);
        at = end + 1;
    }
    Result<ArchList> list = parse(chosen_spec, dialect);
    if (!list) return Error{list.error().message};
    for (const Entry& e : *list) {
        support.archs.push_back(e.arch);
        if (e.ptx && e.arch.suffix == Suffix::none) support.ptx.push_back(e.arch);
    }
    return support;
}

std::vector<Arch> supported_from_minimum(const Arch& minimum, const Toolkit& toolkit) {
    std::vector<Arch> supported;
    for (const Arch& a : toolkit.real)
        if (a.suffix == Suffix::none && at_most(minimum.base(), a)) supported.push_back(a);
    return supported;
}

ArchList intersect(const ArchList& request, const KernelSupport& support, const Toolkit& toolkit) {
    ArchList result;
    const auto add = [&](const Arch& arch, bool sass) { merge_images(result, {Entry{arch, sass, !sass, {}, {}}}); };
    for (const Entry& e : request) {
        if (e.sass) {
            for (const Arch& gpu : capabilities_of(e.arch, toolkit)) {
                if (const auto s = newest_native(gpu, support.archs, toolkit)) {
                    add(*s, true);
                } else if (support.no_ptx) {
                    continue;
                } else if (const auto p = newest_ptx(gpu, support.ptx, toolkit)) {
                    add(*p, false);
                }
            }
        }
        if (e.ptx && !support.no_ptx) {
            if (const auto s = newest_ptx(e.arch, support.archs, toolkit)) add(*s, false);
        }
    }
    return result;
}

}  // namespace cudaarch
