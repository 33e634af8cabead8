// SPDX-License-Identifier: Apache-2.0
// Per-kernel architectures: the part of a build request that a kernel supports, by the
// loader's rules (docs/per-kernel.md). The CMake twin is internal/intersect.cmake;
// tests/vectors/intersect.tsv pins both.
#pragma once

#include <vector>

#include "cudaarch/notation.hpp"
#include "cudaarch/toolkit.hpp"

namespace cudaarch {

// What a kernel supports for MINIMUM <minimum>: every plain capability from `minimum` on that
// `toolkit` builds (SASS), in order.
[[nodiscard]] std::vector<Arch> supported_from_minimum(const Arch& minimum, const Toolkit& toolkit);

// The images of `request` (a resolved build) that a kernel supporting `supported` is built for:
// - each SASS image of the request at capability g (an `f` image stands for every capability of
//   its family that `toolkit` builds) gets the newest supported image that runs natively on g:
//   a plain s of g's major with s's minor not above g's (Tegra: only g itself), an `a` s only
//   when s is g, an `f` s when g is in its family; at one capability `a` before `f` before plain;
// - each PTX image of the request at v gets, as PTX, the newest plain supported s not above v.
// Images `toolkit` cannot build are never chosen. Sorted and merged; empty when nothing matches.
[[nodiscard]] ArchList intersect(const ArchList& request, const std::vector<Arch>& supported, const Toolkit& toolkit);

}  // namespace cudaarch
