// SPDX-License-Identifier: Apache-2.0
// Per-kernel architectures: the part of a build request that a kernel supports, by the
// loader's rules (docs/per-kernel.md). The CMake twin is internal/intersect.cmake;
// tests/vectors/intersect.tsv pins both.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/notation.hpp"
#include "cudaarch/result.hpp"
#include "cudaarch/toolkit.hpp"

namespace cudaarch {

// One "A|B|…" entry of a supported list and the spelling chosen for this toolkit: the first
// alternative it builds, empty when it builds none.
struct Alternative {
    std::string written;
    std::string chosen;
};

// How the capabilities a kernel gets are embedded (EMBED, --embed): as the rules chose each
// image (`chosen`, the default), or every chosen capability as SASS only, PTX only, both, or
// SASS with PTX for the highest one only (bitsandbytes' rule).
enum class Embed { chosen, sass, ptx, sass_ptx, highest_ptx };

// What a kernel supports:
// - `archs`: the images its SASS may be built for (every entry, whether written SASS or PTX);
// - `ptx`: its plain entries written with PTX (8.0+PTX, compute_80, 80): that PTX serves every
//   requested GPU above it that no SASS of `archs` serves;
// - `no_ptx`: the kernel gets no PTX at all (NO_PTX): neither the request's nor its own;
// - `alternatives`: how each "A|B" entry was decided, in the order written;
// - `keep` (KEEP): the request's images are taken as the user spelled them, never re-spelled:
//   each whose capability `archs` names (a plain entry: in any spelling; an `a`/`f` entry: only
//   that spelling), with the kinds the request gave it;
// - `suffix` (SUFFIX, with `keep`): a plain image of the request at one of these capabilities is
//   spelled with its suffix (12.0a: 120 -> 120a) where the toolkit builds that;
// - `embed` (EMBED): the kinds of the result.
struct KernelSupport {
    std::vector<Arch> archs;
    std::vector<Arch> ptx;
    bool no_ptx = false;
    std::vector<Alternative> alternatives;
    bool keep = false;
    std::vector<Arch> suffix;
    Embed embed = Embed::chosen;
};

// EMBED's value: SASS, PTX, SASS_PTX or HIGHEST_PTX (in any case).
[[nodiscard]] Result<Embed> parse_embed(std::string_view value);

// SUFFIX's value: capabilities each written with the suffix to add (12.0a 12.1a); an entry
// without one is an error.
[[nodiscard]] Result<std::vector<Arch>> parse_suffixes(std::string_view spec, Dialect dialect);

// A supported list in any notation without keywords, in `dialect`; an entry "A|B|…" stands for
// its first alternative that `toolkit` builds (each image of it: SASS as SASS, PTX-only as
// PTX), and for nothing when it builds none. Errors: a notation error of any alternative
// (every one is read, chosen or not), and an A|B entry holding '[', ']' or '\\'.
[[nodiscard]] Result<KernelSupport> parse_support(std::string_view spec, Dialect dialect, const Toolkit& toolkit);

// What a kernel supports for MINIMUM <minimum>: every plain capability from `minimum` on that
// `toolkit` builds (SASS), in order.
[[nodiscard]] std::vector<Arch> supported_from_minimum(const Arch& minimum, const Toolkit& toolkit);

// The images of `request` (a resolved build) that a kernel supporting `support` is built for:
// - each SASS image of the request at capability g (an `f` image stands for every capability of
//   its family that `toolkit` builds) gets the newest supported image that runs natively on g:
//   a plain s of g's major with s's minor not above g's (Tegra: only g itself), an `a` s only
//   when s is g, an `f` s when g is in its family; at one capability `a` before `f` before plain;
//   a g that none fits gets, as PTX, the newest of `support.ptx` not above g;
// - each PTX image of the request at v gets, as PTX, the newest plain supported s not above v;
// - with `support.no_ptx`, no PTX at all;
// - with `support.keep`, the request's own images instead (KernelSupport), and then
//   `support.embed` sets the kinds.
// Images `toolkit` cannot build are never chosen. Sorted and merged; empty when nothing matches.
[[nodiscard]] ArchList intersect(const ArchList& request, const KernelSupport& support, const Toolkit& toolkit);

// The images of `request` that a kernel supporting `support` gets nothing for (WARN_UNSUPPORTED,
// --warn-unsupported), in the request's order.
[[nodiscard]] ArchList left_out(const ArchList& request, const KernelSupport& support, const Toolkit& toolkit);

}  // namespace cudaarch
