// SPDX-License-Identifier: Apache-2.0
// What a Python environment loads: the libraries its extension modules need, found as the
// dynamic loader finds them (loaded_libraries()), for `cudaarch check --python`. A needed name
// the search does not find is the environment's library of that name, which the package that
// needs it has loaded first; a library found outside the environment is named as such.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/loaded_libraries.hpp"
#include "cudaarch/python_env.hpp"

namespace cudaarch {

// Whether `path` names a Python extension module: a shared object whose name has a part before
// ".so" (_C.cpython-311-x86_64-linux-gnu.so, _k.abi3.so, _ext.so) and does not start with
// "lib" (torch/lib/libc10.so is a library the modules load).
[[nodiscard]] bool is_extension_module(std::string_view path);

struct OutsideLibrary {
    std::string path;          // the file the loader opens
    std::string found_by;      // how (LoadedLibrary::found_by): ld.so.cache, LD_LIBRARY_PATH, ...
    std::string needed_by;     // the object whose DT_NEEDED names it
    std::string name;          // the DT_NEEDED name
    std::size_t distribution;  // the first distribution (index) whose extension module loads it
    std::string package;       // a conda environment's library: its conda package, "libcublas 12.4.5.8"
};

struct EnvironmentLoads {
    // Each library from outside the environment once, in the order the distributions load them.
    std::vector<OutsideLibrary> outside;
    // Each library of a conda environment's lib/ that no distribution's RECORD lists, once, with
    // its conda package (conda-meta/*.json whose "files" list it): the environment's own.
    std::vector<OutsideLibrary> conda;
};

// The conda package of `prefix` (conda-meta/*.json) whose "files" list holds `relative`
// ("lib/libcublas.so.12"): "name version"; empty for none.
[[nodiscard]] std::string conda_package(const std::string& prefix, const std::string& relative);

// The folders whose files are the environment's own: its site-packages, their prefixes
// (<prefix>/lib/pythonX.Y/site-packages: a conda environment's lib/), the folders .pth files add
// and editable installs' folders; each as its links resolve.
[[nodiscard]] std::vector<std::string> environment_folders(const PythonEnvironment& env);

// The libraries the extension modules of `env` load (each module's DT_NEEDED closure under
// `search`, the environment's ELF files by name as `preloaded`), those from outside it collected,
// less the driver's (libcuda.so*, libnvidia-*).
[[nodiscard]] EnvironmentLoads environment_loads(const PythonEnvironment& env, LoaderSearch search);

// The fix for a library from outside the environment without code for `gpu`: not a rebuild of
// the distribution that loads it, but that library's folder and how the loader took it.
[[nodiscard]] std::string outside_library_fix(const OutsideLibrary& library, std::string_view gpu);

}  // namespace cudaarch
