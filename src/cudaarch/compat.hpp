// SPDX-License-Identifier: Apache-2.0
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
    native,     // a cubin (SASS) for this GPU
    ptx_jit,    // no cubin fits; the driver compiles PTX at first launch
    link_sass,  // -rdc program, no linked cubin fits: the runtime links relocatable cubins at every start
    link_ptx,   // -rdc program, no cubin fits: the driver compiles relocatable PTX and links it at first launch
    no_image,   // error 209, or 500 in an -rdc program (see error_no_image)
};

// What a GPU without a usable image reports: cudaErrorNoKernelImageForDevice, "no kernel image
// is available for execution on the device"; in a program with relocatable device code the
// load-time link finds nothing to link, and the launch fails with cudaErrorSymbolNotFound,
// "named symbol not found".
inline constexpr int error_no_kernel_image = 209;
inline constexpr int error_symbol_not_found = 500;
// cudaErrorJitCompilationDisabled: the only fitting image is PTX and CUDA_DISABLE_PTX_JIT is set.
inline constexpr int error_jit_disabled = 223;
// cudaErrorInsufficientDriver, "CUDA driver version is insufficient for CUDA runtime version":
// code of a CUDA major the driver does not support (a CUDA 13 build on an r535 driver).
inline constexpr int error_insufficient_driver = 35;

// The variables by which a user changes what the driver loads (CUDA Programming Guide, "CUDA
// Environment Variables"): CUDA_FORCE_PTX_JIT=1 ignores every cubin and JIT-compiles PTX;
// CUDA_DISABLE_PTX_JIT=1 never JIT-compiles, so only cubins load.
// CUDA_CACHE_DISABLE=1 keeps nothing the JIT compiles: it is paid at every process start.
struct JitEnvironment {
    bool force_ptx_jit = false;
    bool disable_ptx_jit = false;
    bool cache_disabled = false;
};
// From the variables' values (nullptr when unset): set is any value but empty and "0".
[[nodiscard]] JitEnvironment jit_environment(const char* force_ptx_jit, const char* disable_ptx_jit,
                                             const char* cache_disable = nullptr);

struct RunVerdict {
    Verdict verdict = Verdict::no_image;
    Arch image;          // the SASS or PTX image used (all but no_image)
    int error = 0;       // no_image: error_no_kernel_image or error_symbol_not_found
    std::string reason;  // why nothing runs (no_image)
};

// Whether the verdict's image is PTX (compute_XY) rather than SASS (sm_XY).
[[nodiscard]] constexpr bool uses_ptx(Verdict v) { return v == Verdict::ptx_jit || v == Verdict::link_ptx; }

// What the CUDA runtime has to run a program (an executable or shared library) from.
struct ProgramBuild {
    ArchList images;  // images it loads as they are (.nv_fatbin; for an -rdc program, the device link's)
    // -rdc programs: the relocatable images (__nv_relfatbin) of each translation unit, which the
    // runtime links at load time where `images` has no cubin for the GPU, and those of the
    // device runtime library (libcudadevrt), which are linked with them.
    std::vector<ArchList> relocatable;
    ArchList device_runtime;

    [[nodiscard]] bool rdc() const { return !relocatable.empty() || !device_runtime.empty(); }
};

// The images of `build` (SASS and PTX entries) on a GPU of compute capability `gpu`:
// - sm_XY runs on X.Z with Z >= Y on desktop GPUs, only on X.Y itself on Tegra, never across
//   majors or between Tegra and desktop; sm_XYa only on X.Y; sm_XYf on its family.
// - compute_XY JIT-compiles for any capability >= X.Y; compute_XYa only for X.Y;
//   compute_XYf for its family.
// The runtime prefers a cubin, the closest one at or below the GPU.
[[nodiscard]] RunVerdict runs_on(const ArchList& build, const Arch& gpu);

// The loader's verdict for a program (shared/reference/verified-2026-11-30.md, "Separable
// compilation"): a fitting cubin of `images` runs as it is. Otherwise, in an -rdc program, the
// runtime links every relocatable module at load time, each from its closest fitting cubin,
// else its PTX (JIT); all cubins: link_sass, any PTX: link_ptx. Then PTX of `images` (ptx_jit).
// Without any of these it cannot run: error 209, or 500 in an -rdc program.
[[nodiscard]] RunVerdict runs_on(const ProgramBuild& build, const Arch& gpu);

// As above under `environment`: with CUDA_FORCE_PTX_JIT no cubin counts (a build without
// fitting PTX fails with 209); with CUDA_DISABLE_PTX_JIT no PTX counts, and a build that only
// PTX would have run fails with error_jit_disabled.
[[nodiscard]] RunVerdict runs_on(const ProgramBuild& build, const Arch& gpu, const JitEnvironment& environment);

[[nodiscard]] bool is_tegra(const Arch& arch);

// Whether a cubin built for `image` loads on a GPU of capability `gpu` (no suffix): the SASS
// rule of runs_on(), which per-kernel intersection (intersect.hpp) chooses images by too.
[[nodiscard]] bool sass_fits(const Arch& image, const Arch& gpu);

// --- The driver's PTX JIT limit -------------------------------------------------------

// A driver as the user names it: its version (575.51.03, or just the branch 575, which stands
// for the branch's releases: 575 takes CUDA 12.9's PTX) or the CUDA version it reports (12.9,
// what cuDriverGetVersion and nvidia-smi's "CUDA Version" say).
struct DriverVersion {
    std::string text;           // as given, or "13.0" from cuDriverGetVersion
    bool is_cuda = false;       // a CUDA version, not a driver version
    Version cuda;               // is_cuda: the CUDA version
    std::vector<int> numbers;   // !is_cuda: 575, 51, 3
};

// A first number of 100 or more is a driver version, a smaller one a CUDA version.
Result<DriverVersion> parse_driver_version(std::string_view text);
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

// --- The driver a CUDA runtime and a toolkit's cubins need ------------------------------

// The release whose driver code of CUDA `release` (a runtime, a module's cubins) needs. From
// CUDA 11 on, a driver runs every minor release of a major it supports (minor version
// compatibility), so that is the first release of the major; before 11, the release itself.
// nullptr when the database has no such release.
[[nodiscard]] const ToolkitRecord* major_release(Version release);

// Whether `driver` runs code of CUDA `release`: yes when it supports that major's first release
// (major_release()), where a driver version counts by its branch alone (CUDA 12.x needs r525:
// 525.60 will do, as the compatibility table says "525 or newer"); before CUDA 11, the release's
// own driver. A CUDA version (from cuDriverGetVersion) runs every release of its major and older.
// no: the runtime answers cudaErrorInsufficientDriver (35); unknown: the database cannot tell.
[[nodiscard]] JitSupport driver_runs(const DriverVersion& driver, Version release);

}  // namespace cudaarch
