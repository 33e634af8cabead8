// SPDX-License-Identifier: Apache-2.0
// The three output formats of `cudaarch inspect`: the table, JSON and cuobjdump's list lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/output.hpp"
#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/modules.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::cli {

// One line per image, then "<path>: SASS ...; PTX ..." with the distinct architectures.
void write_table(Output& out, std::string_view path, const binary::Listing& listing);

// One line per module (cudaarch/modules.hpp): "  module 2 (.nv_fatbin@0x8efa8): SASS sm_90;
// PTX -; kernels: k(int*)", all its kernels, or "kernels not read" (compressed code).
void write_modules(Output& out, const binary::Listing& listing);

// "SASS sm_75 sm_90a; PTX compute_90" (plus "; LTO-IR ..." if any), or "no device code".
[[nodiscard]] std::string image_summary(const binary::Listing& listing);

// The "modules" member of check's and inspect's JSON, after a comma; `counted` (check's
// judgement, counted_modules()) adds each module's "counted".
void write_json_modules(Output& out, const std::vector<Module>& modules, const std::vector<bool>* counted);

// One element of the "files" array (schema in docs/cli/inspect.md).
void write_json_file(Output& out, std::string_view path, const Result<binary::Listing>& listing);

// What `cuobjdump -lelf -lptx <path>` (CUDA 13) prints when run in `cwd`: list lines to `out`,
// its info and warning lines to `err`. Returns false where cuobjdump reports
// "does not contain device code" (and exits 255).
bool write_cuobjdump(Output& out, Output& err, std::string_view path, std::string_view cwd,
                     const binary::Listing& listing);

}  // namespace cudaarch::cli
