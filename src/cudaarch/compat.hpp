// Which image of a build a GPU runs: the CUDA binary and PTX compatibility rules.
#pragma once

#include <optional>
#include <string>

#include "cudaarch/notation.hpp"

namespace cudaarch {

enum class Verdict {
    native,    // a cubin (SASS) for this GPU
    ptx_jit,   // no cubin fits; the driver compiles PTX at first launch
    no_image,  // "no kernel image is available for execution on the device" (error 209)
};

struct RunVerdict {
    Verdict verdict = Verdict::no_image;
    Arch image;          // the SASS or PTX image used (native, ptx_jit)
    std::string reason;  // why nothing runs (no_image)
};

// The images of `build` (SASS and PTX entries) on a GPU of compute capability `gpu`:
// - sm_XY runs on X.Z with Z >= Y on desktop GPUs, only on X.Y itself on Tegra, never across
//   majors or between Tegra and desktop; sm_XYa only on X.Y; sm_XYf on its family.
// - compute_XY JIT-compiles for any capability >= X.Y; compute_XYa only for X.Y;
//   compute_XYf for its family.
// The runtime prefers a cubin, the closest one at or below the GPU.
[[nodiscard]] RunVerdict runs_on(const ArchList& build, const Arch& gpu);

[[nodiscard]] bool is_tegra(const Arch& arch);

}  // namespace cudaarch
