// SPDX-License-Identifier: Apache-2.0
// cudaarch version [--json] [--nvcc PATH] [--cmakedir], also `cudaarch --version` and
// `cudaarch --cmakedir`: this tool's version, the newest CUDA release and compute capability
// its database knows, the nvcc it would use, and the folder of its CMake package.
#include <sys/stat.h>

#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cudaarch/database.hpp"
#include "cudaarch/install_layout.hpp"
#include "cudaarch/toolkit.hpp"
#include "cudaarch/text.hpp"

#ifndef CUDAARCH_VERSION
#error "CUDAARCH_VERSION must be defined (src/CMakeLists.txt passes the project version)"
#endif
#if !defined(CUDAARCH_CMAKEDIR_FROM_BINDIR) || !defined(CUDAARCH_CMAKEDIR_FROM_BUILD)
#error "CUDAARCH_CMAKEDIR_FROM_BINDIR and _FROM_BUILD: the package's folder from the tool's (cmake/packaging/install.cmake)"
#endif

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    kJsonOption,
    nvcc_option("the compiler to describe"),
    {"--cmakedir", "", "print only the folder that holds CudaArchConfig.cmake, for CudaArch_DIR\n"
                       "or CMAKE_PREFIX_PATH (also 'cudaarch --cmakedir')"},
};

// The folder of the CMake package that came with this executable: where the install (and
// the wheel) puts it, else the build tree the executable was built in. Empty when neither
// holds CudaArchConfig.cmake (a copied executable, or an install without the cmake component).
std::string package_folder() {
    const std::optional<std::string> folder = executable_folder();
    if (!folder) return {};
    for (const std::string_view relative : {CUDAARCH_CMAKEDIR_FROM_BINDIR, CUDAARCH_CMAKEDIR_FROM_BUILD}) {
        std::string candidate = folder_from(*folder, relative);
        struct stat info {};
        if (stat((candidate + "/CudaArchConfig.cmake").c_str(), &info) == 0 && S_ISREG(info.st_mode)) return candidate;
    }
    return {};
}

}  // namespace

const CommandSyntax kVersionSyntax{
    "version", "",
    "Prints this tool's version, the newest CUDA release and compute capability its database\n"
    "knows, and the nvcc it would use ('none' and why when there is none: not an error).\n"
    "With --cmakedir, only the folder of the CMake package installed with this tool.\n",
    "Exit status: 0 (without an nvcc too), 2 usage error or, with --cmakedir, no package beside this tool.\n",
    kOptions, std::size(kOptions), Operands::none};

namespace {

int run_version(const CommandLine& line, Output& out, Output& err) {
    if (line.has("--cmakedir")) {
        if (line.has("--json")) {
            err << "cudaarch: error: --cmakedir prints only the folder: give it without --json\n";
            return 2;
        }
        const std::string package = package_folder();
        if (package.empty()) {
            err << "cudaarch: error: no CudaArchConfig.cmake beside this cudaarch (in "
                << text::quote(CUDAARCH_CMAKEDIR_FROM_BINDIR) << " or " << text::quote(CUDAARCH_CMAKEDIR_FROM_BUILD)
                << " from its folder): install CudaArch with its cmake component, or set CudaArch_DIR\n";
            return 2;
        }
        out << package << "\n";
        return 0;
    }
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
