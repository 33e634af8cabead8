// SPDX-License-Identifier: Apache-2.0
// The verdict engine's fixes for a prebuilt package (a Python distribution from an index): not
// a rebuild of the user's code, but a build of the package that runs, from the data file's
// package builds, never a guess. See docs/cli/check.md, "--python".
#pragma once

#include <string>
#include <string_view>

#include "cudaarch/verdict.hpp"

namespace cudaarch {

// A package is named twice: `name` as the data file knows it, `shown` as the text prints it
// (escaped by the caller).
struct PackageName {
    std::string_view name;
    std::string_view shown;
};

// The fix for code of a CUDA major the driver does not support (the package's runtime, or its
// cubins; `needs` is that major's first release): a newer driver, or the package's builds for a
// CUDA release the driver runs that hold SASS for every GPU of the inputs. Needs the driver.
[[nodiscard]] std::string package_driver_fix(const PackageName& package, const ToolkitRecord& needs, const VerdictInputs& inputs);

// The package's file judged (judge_file()) given the package's fixes: where its cubins need a
// newer driver, package_driver_fix(); where it does not run natively and the build is the fix,
// the package's builds with SASS for the GPU. The driver's and the environment's own failures
// (222, 223) keep their fixes.
void add_package_fixes(FileJudgement& file, const PackageName& package, const VerdictInputs& inputs);

}  // namespace cudaarch
