// SPDX-License-Identifier: Apache-2.0
// cudaarch version [--json] [--nvcc PATH], also `cudaarch --version`: this tool's version, the
// newest CUDA release and compute capability its database knows, and the nvcc it would use.
#include <string>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cudaarch/database.hpp"
#include "cudaarch/toolkit.hpp"

#ifndef CUDAARCH_VERSION
#error "CUDAARCH_VERSION must be defined (src/CMakeLists.txt passes the project version)"
#endif

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    kJsonOption,
    nvcc_option("the compiler to describe"),
};

}  // namespace

const CommandSyntax kVersionSyntax{
    "version", "",
    "Prints this tool's version, the newest CUDA release and compute capability its database\n"
    "knows, and the nvcc it would use ('none' and why when there is none: not an error).\n",
    "Exit status: 0 (without an nvcc too), 2 usage error.\n", kOptions, std::size(kOptions), Operands::none};

namespace {

int run_version(const CommandLine& line, Output& out, Output& /*err*/) {
    const CcRecord& newest_cc = Database::ccs().back();
    const std::string capability = std::to_string(newest_cc.major) + "." + std::to_string(newest_cc.minor);
    const std::string cuda = Database::toolkits().back().release.str();
    const std::string given(line.value("--nvcc").value_or(""));
    const std::string nvcc = given.empty() ? default_nvcc() : given;
    const Result<Toolkit> toolkit = query_toolkit(nvcc);
    if (line.has("--json")) {
        out << json_schema_head("version") << ", \"version\": " << json_string(CUDAARCH_VERSION)
            << ", \"database\": {\"newest_cuda\": " << json_string(cuda) << ", \"newest_capability\": "
            << json_string(capability) << "}, \"nvcc\": {\"path\": " << json_string(nvcc) << ", \"version\": "
            << (toolkit ? json_string(toolkit->version.str()) : "null") << ", \"error\": "
            << (toolkit ? "null" : json_string(toolkit.error().message)) << "}}\n";
        return 0;
    }
    out << "cudaarch " << CUDAARCH_VERSION << "\n"
        << "database: CUDA " << cuda << ", compute capability " << capability << "\n"
        << "nvcc: " << (toolkit ? toolkit->version.str() + " (" + nvcc + ")" : "none (" + toolkit.error().message + ")")
        << "\n";
    return 0;
}

}  // namespace

const Command kVersionCommand{&kVersionSyntax, run_version,
    "this tool's version, its database's newest CUDA and capability, the nvcc it uses"};

}  // namespace cudaarch::cli
