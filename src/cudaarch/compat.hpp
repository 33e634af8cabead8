// Which image of a build a GPU runs: the CUDA binary and PTX compatibility rules, and which
// PTX a driver can JIT-compile.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/database.hpp"
#include "cudaarch/notation.hpp"
#include "cudaarch/result.hpp"

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

// --- The driver's PTX JIT limit -------------------------------------------------------

// A driver as the user names it: its version (575.51.03, or just the branch 575) or the CUDA
// version it reports (12.9, what cuDriverGetVersion and nvidia-smi's "CUDA Version" say).
struct DriverVersion {
    std::string text;           // as given, or "13.0" from cuDriverGetVersion
    bool is_cuda = false;       // a CUDA version, not a driver version
    Version cuda;               // is_cuda: the CUDA version
    std::vector<int> numbers;   // !is_cuda: 575, 51, 3
};

// A first number of 100 or more is a driver version, a smaller one a CUDA version.
[[nodiscard]] Result<DriverVersion> parse_driver_version(std::string_view text);
// From cuDriverGetVersion: 12090 for CUDA 12.9.
[[nodiscard]] DriverVersion driver_from_cuda_version(int version);

// The newest release whose PTX ISA the driver JIT-compiles: a driver of at least a toolkit's
// minimum driver, or reporting at least its CUDA version, takes that toolkit's PTX. nullptr:
// older than every release in the database.
[[nodiscard]] const ToolkitRecord* newest_jit_toolkit(const DriverVersion& driver);

// The first release that emits PTX ISA `isa`; its driver is the oldest that JIT-compiles it.
// nullptr: newer than every release in the database.
[[nodiscard]] const ToolkitRecord* toolkit_for_ptx_isa(Version isa);

enum class JitSupport {
    yes,      // the driver JIT-compiles that PTX
    no,       // too old: error 222, CUDA_ERROR_UNSUPPORTED_PTX_VERSION
    unknown,  // the database cannot tell (an ISA or driver newer than it knows)
};
[[nodiscard]] JitSupport driver_jits(const DriverVersion& driver, Version isa);

}  // namespace cudaarch
