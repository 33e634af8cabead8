// SPDX-License-Identifier: Apache-2.0
// The verdict engine: whether a file's modules run on each GPU under a driver and an
// environment, and a program's CUDA runtime under the driver; the outcome, the image, the CUDA
// error, why and the fix. check, pick (through check's judge_file), doctor and the package fixes
// (verdict_package.hpp) ask it; the CLI only puts its verdicts into words and JSON. See
// docs/cli/check.md and docs/cli/pick.md.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/compat.hpp"
#include "cudaarch/file_build.hpp"
#include "cudaarch/modules.hpp"

namespace cudaarch {

// cudaErrorUnsupportedPtxVersion: the driver does not JIT-compile the PTX ISA of the only
// fitting image (JitSupport::no).
inline constexpr int error_unsupported_ptx = 222;

// What a user meets when the code is launched on the GPU.
enum class VerdictKind {
    native,            // SASS for the GPU
    link_sass,         // -rdc: the runtime links relocatable SASS at every process start
    ptx_jit,           // the driver JIT-compiles PTX
    link_ptx,          // -rdc: the driver JIT-compiles relocatable PTX and links it
    no_image,          // error 209: no image fits
    symbol_not_found,  // error 500: no image fits, in an -rdc program
    jit_disabled,      // error 223: only PTX fits and CUDA_DISABLE_PTX_JIT is set
    ptx_too_new,       // error 222: the driver does not JIT-compile the PTX's ISA
    driver_too_old,    // error 35: cubins of a CUDA major the driver does not support
};

// What the engine judges by: the GPUs (capabilities, no suffix), the driver when known, and the
// variables that change what the driver loads.
struct VerdictInputs {
    std::vector<Arch> gpus;
    std::optional<DriverVersion> driver;
    JitEnvironment environment;
};

// A fix that adds the GPU to the build, in the two notations users most often write.
struct BuildFix {
    ArchList wanted;  // the build with the GPU added
    std::string cmake;
    std::string cmake_note;  // which CMake releases take its a/f images (cmake_release_note)
    std::string torch;       // empty when TORCH_CUDA_ARCH_LIST cannot say it (PTX-only entries)
};

// One module, or a file by its worst module, on one GPU.
struct GpuVerdict {
    Arch gpu;
    RunVerdict run;
    Version ptx_isa;                       // ptx_jit, link_ptx: the PTX's ISA
    const ToolkitRecord* needs = nullptr;  // ptx_jit, link_ptx: the release whose driver that ISA needs
    JitSupport jit = JitSupport::unknown;  // ptx_jit, link_ptx: whether the driver takes it
    int error = 0;                         // the CUDA error it fails with (209, 500, 222, 223, 35); 0: it runs
    std::string reason;                    // why it fails; empty when it runs
    std::string fix;                       // what to do; for a JIT or a link that runs, how to skip it
    BuildFix lists;                        // the build lists the fix names (empty for a driver fix)
    bool every_start = false;              // a JIT whose result is not cached (CUDA_CACHE_DISABLE)
    bool build_fix = false;                // the fix is the build's (file_verdict() makes it)

    [[nodiscard]] bool runs() const { return error == 0; }
    [[nodiscard]] VerdictKind kind() const;
    // The image it runs, sm_XY or compute_XY; empty for a failure without one.
    [[nodiscard]] std::string image() const;
};

// "driver 575.51.03" or "the CUDA 12.9 driver".
[[nodiscard]] std::string driver_phrase(const DriverVersion& driver);
// The driver a release's code needs: "driver 580.65.06 or newer (r580, CUDA 13.0)".
[[nodiscard]] std::string release_driver(const ToolkitRecord& toolkit);
// "update the driver to 580.65.06 or newer": the fix of code a driver is too old for.
[[nodiscard]] std::string driver_update(const ToolkitRecord& needs);
// "needs driver 580.65.06 or newer (r580, CUDA 13.0)", or that no release cudaarch knows has it.
[[nodiscard]] std::string needs_text(const GpuVerdict& v);

// The fix that adds SASS for `gpu` to `build` (and its PTX with `ptx`, where only PTX can run).
[[nodiscard]] BuildFix build_fix(ArchList build, const Arch& gpu, bool ptx = false);

// One module on one GPU; a fix that adds to the build is made for the file (file_verdict()).
[[nodiscard]] GpuVerdict module_verdict(const Module& module, const Arch& gpu, const std::optional<DriverVersion>& driver,
                                        const JitEnvironment& environment);

// A file on one GPU: the verdict of its worst counted module, and which modules share it.
struct FileVerdict {
    GpuVerdict worst;
    std::vector<std::size_t> worst_modules;  // the counted modules with that verdict
    std::vector<std::size_t> failing;        // the counted modules that do not run
    std::vector<std::size_t> set_aside;      // those that do not run and do not decide (decides_failure)
    std::vector<int> errors;                 // every module's error (0: it loads), counted or not
};

// One file's modules and their verdicts on every GPU of the inputs.
struct FileJudgement {
    binary::Listing listing;
    FileBuild build;
    std::vector<Module> parts;
    std::vector<bool> counted;
    std::size_t judged = 0;             // the counted modules
    std::vector<FileVerdict> verdicts;  // one per GPU; none when no module counts
    bool all_run = true;                // no counted module fails anywhere
};

// The file's modules judged on every GPU: modules that judge alike (same images, toolkit and
// PTX ISAs) are judged once, so that cuFFT's 11,000 modules cost a few dozen verdicts. A file of
// no format cudaarch reads is no program: it does not run.
[[nodiscard]] FileJudgement judge_file(binary::Listing listing, const VerdictInputs& inputs);

// How many of a file's set-aside modules (FileVerdict::set_aside) hold code for newer GPUs
// only; the rest are compressed code for other GPUs whose kernels were not read.
[[nodiscard]] std::size_t count_newer(const std::vector<Module>& modules, const std::vector<std::size_t>& set_aside,
                                      const Arch& gpu);

// Whether some image of a build list runs on `gpu` (natively or through the PTX JIT): what a
// GPU test that needs the build asks of a GPU.
[[nodiscard]] bool build_runs(const ArchList& build, const Arch& gpu);

// PTX of ISA `isa` under the driver: whether it JIT-compiles it (JitSupport::no: error 222),
// and the release whose driver it needs (nullptr: newer than every release cudaarch knows).
struct JitVerdict {
    JitSupport jit = JitSupport::unknown;  // unknown also when the driver is
    const ToolkitRecord* needs = nullptr;
};
[[nodiscard]] JitVerdict ptx_jit_verdict(Version isa, const std::optional<DriverVersion>& driver);

// Whether the PTX of a toolkit of release `toolkit` is newer than a driver reporting CUDA
// `driver_cuda` JIT-compiles: launching it where no SASS fits fails with error 222.
[[nodiscard]] bool toolkit_ptx_too_new(const Version& toolkit, const Version& driver_cuda);

// A program's CUDA runtime of release `runtime` under the driver: every CUDA call of a runtime
// whose major the driver does not support fails (cudaErrorInsufficientDriver), before any
// kernel loads. `itself`: the file judged is that runtime library, so the fix rebuilds the
// programs that load it.
struct RuntimeVerdict {
    const ToolkitRecord* needs = nullptr;   // the release whose driver it needs (major_release())
    JitSupport runs = JitSupport::unknown;  // unknown also when the driver is
    std::string reason;                     // why it fails; empty when it runs
    std::string fix;

    [[nodiscard]] int error() const { return runs == JitSupport::no ? error_insufficient_driver : 0; }
};
[[nodiscard]] RuntimeVerdict runtime_verdict(const Version& runtime, const std::optional<DriverVersion>& driver, bool itself);

}  // namespace cudaarch
