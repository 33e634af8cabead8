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

// A request image under KEEP: re-spelled by SUFFIX when plain and the toolkit builds the
// suffixed image in every kind the request asks.
Arch with_suffix(const Entry& e, const std::vector<Arch>& suffix, const Toolkit& toolkit) {
    if (e.arch.suffix != Suffix::none) return e.arch;
    for (const Arch& s : suffix)
        if (s.base() == e.arch && (!e.sass || toolkit.builds_real(s)) && (!e.ptx || toolkit.builds_virtual(s))) return s;
    return e.arch;
}

// Whether KEEP takes `image`: an entry of its capability, plain (any spelling) or spelled as it.
bool kept(const Arch& image, const std::vector<Arch>& supported) {
    for (const Arch& s : supported)
        if (s.base() == image.base() && (s.suffix == Suffix::none || s.suffix == image.suffix)) return true;
    return false;
}

// `list` with the kinds `embed` asks: each capability SASS, PTX or both, or SASS with PTX for
// the newest only.
ArchList embedded(const ArchList& list, Embed embed) {
    if (embed == Embed::chosen || list.empty()) return list;
    const Entry* newest = &list.front();
    for (const Entry& e : list)
        if (newer(e.arch, newest->arch)) newest = &e;
    ArchList result;
    for (const Entry& e : list) {
        const bool sass = embed != Embed::ptx;
        const bool ptx = embed == Embed::ptx || embed == Embed::sass_ptx || (embed == Embed::highest_ptx && &e == newest);
        merge_images(result, {Entry{e.arch, sass, ptx, {}, {}}});
    }
    return result;
}

}  // namespace

Result<Embed> parse_embed(std::string_view value) {
    std::string upper(value);
    for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    if (upper == "SASS") return Embed::sass;
    if (upper == "PTX") return Embed::ptx;
    if (upper == "SASS_PTX") return Embed::sass_ptx;
    if (upper == "HIGHEST_PTX") return Embed::highest_ptx;
    return Error{text::unknown_value("EMBED value", "EMBED values", value, {"SASS", "PTX", "SASS_PTX", "HIGHEST_PTX"})};
}

Result<std::vector<Arch>> parse_suffixes(std::string_view spec, Dialect dialect) {
    Result<ArchList> list = parse(spec, dialect);
    if (!list) return Error{list.error().message};
    std::vector<Arch> suffixes;
    for (const Entry& e : *list) {
        if (e.arch.suffix == Suffix::none)
            return Error{e.arch.dotted() + " has no suffix: write each capability with the one to add, such as 12.0a"};
        // One capability, one spelling: which of two suffixes would win is no rule to guess.
        for (const Arch& other : suffixes)
            if (other.base() == e.arch.base())
                return Error{e.arch.base().dotted() + " is given two suffixes (" + other.dotted() + ", " + e.arch.dotted() +
                             "): give each capability one"};
        suffixes.push_back(e.arch);
    }
    return suffixes;
}

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
        if (support.keep) {
            const Arch image = with_suffix(e, support.suffix, toolkit);
            if (!kept(image, support.archs)) continue;
            if (e.sass) add(image, true);
            if (e.ptx && !support.no_ptx) add(image, false);
            continue;
        }
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
    return embedded(result, support.embed);
}

ArchList left_out(const ArchList& request, const KernelSupport& support, const Toolkit& toolkit) {
    ArchList left;
    for (const Entry& e : request)
        if (intersect({e}, support, toolkit).empty()) left.push_back(e);
    return left;
}

}  // namespace cudaarch
