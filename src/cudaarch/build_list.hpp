// The images of a listing as a build list, the input of runs_on (compat.hpp).
#pragma once

#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/notation.hpp"

namespace cudaarch {

// One entry per architecture with its SASS and PTX images. LTO-IR is left out: it runs
// only after a link step makes SASS of it.
[[nodiscard]] ArchList build_list(const binary::Listing& listing);

}  // namespace cudaarch
