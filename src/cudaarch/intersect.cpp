// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/intersect.hpp"

#include <optional>

#include "cudaarch/compat.hpp"

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

}  // namespace

std::vector<Arch> supported_from_minimum(const Arch& minimum, const Toolkit& toolkit) {
    std::vector<Arch> supported;
    for (const Arch& a : toolkit.real)
        if (a.suffix == Suffix::none && at_most(minimum.base(), a)) supported.push_back(a);
    return supported;
}

ArchList intersect(const ArchList& request, const std::vector<Arch>& supported, const Toolkit& toolkit) {
    ArchList result;
    for (const Entry& e : request) {
        if (e.sass) {
            for (const Arch& gpu : capabilities_of(e.arch, toolkit))
                if (const auto s = newest_native(gpu, supported, toolkit)) merge_images(result, {Entry{*s, true, false, {}, {}}});
        }
        if (e.ptx) {
            if (const auto s = newest_ptx(e.arch, supported, toolkit)) merge_images(result, {Entry{*s, false, true, {}, {}}});
        }
    }
    return result;
}

}  // namespace cudaarch
