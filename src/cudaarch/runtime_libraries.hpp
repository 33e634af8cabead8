// SPDX-License-Identifier: Apache-2.0
// Which CUDA runtime libraries (libcudart.so.*) the dynamic loader of this machine would find.
#pragma once

#include <string>
#include <vector>

namespace cudaarch {

struct RuntimeLibrary {
    std::string path;     // as found, e.g. /usr/local/cuda/lib64/libcudart.so.13
    std::string version;  // from the real file's name: "13.0.88"; "13" when only the major shows
    std::string source;   // where it was found: "LD_LIBRARY_PATH", "ldconfig" or "standard directory"
};

struct RuntimeSearch {
    std::string ld_library_path;             // ':'-separated folders
    std::string ldconfig_output;             // what `ldconfig -p` printed
    std::vector<std::string> standard_dirs;  // searched last
};

// The environment's search: LD_LIBRARY_PATH, `ldconfig -p` and the usual folders.
// CUDAARCH_LDCONFIG names the ldconfig to run (empty: none) and CUDAARCH_LIBRARY_DIRS
// (':'-separated) replaces the usual folders, for tests and unusual systems.
[[nodiscard]] RuntimeSearch default_runtime_search();

// Every distinct libcudart.so.<version> file, in search order; one entry per real file.
[[nodiscard]] std::vector<RuntimeLibrary> find_cuda_runtimes(const RuntimeSearch& search);

}  // namespace cudaarch
