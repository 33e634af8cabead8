// SPDX-License-Identifier: Apache-2.0
// Which CUDA runtime libraries (libcudart.so.*) the dynamic loader of this machine would find,
// and which CUDA runtimes a program runs with.
#pragma once

#include <string>
#include <vector>

#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/database.hpp"
#include "cudaarch/loaded_libraries.hpp"

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

// "13.0.88" from ".../libcudart.so.13.0.88"; empty when the name has no version.
[[nodiscard]] std::string runtime_version(const std::string& path);

// A CUDA runtime a program runs with: a libcudart.so.N the loader loads for it, or one linked
// into one of its files (nvcc links libcudart_static.a by default).
struct ProgramRuntime {
    std::string path;          // the library the loader opens, or the file it is linked into
    std::string name;          // as DT_NEEDED names it (libcudart.so.13); empty when linked in
    Version version;           // 13.0; only the major counts against a driver (minor version compatibility)
    std::string version_text;  // "13.0.96" from the real file's name, "13" from the name alone; linked
                               // in, "13.0": the newest release its API table names (binary/runtime_table.hpp)

    [[nodiscard]] bool linked_in() const { return name.empty(); }
    // "CUDA runtime 13.0.96 (libcudart.so.13, /usr/lib/libcudart.so.13.0.96)", "CUDA runtime 13.0
    // (linked in)", "CUDA runtime 13 (DT_NEEDED libcudart.so.13)" for one named but not looked
    // for (file_runtimes()); raw: the caller escapes it for a terminal.
    [[nodiscard]] std::string label() const {
        return "CUDA runtime " + version_text + " (" +
               (linked_in() ? std::string("linked in") : path.empty() ? "DT_NEEDED " + name : name + ", " + path) + ")";
    }
};

// The CUDA runtimes of `program`: the one linked into it, then each libcudart.so.* of
// `libraries` (what the loader loads for it, loaded_libraries()) that the loader finds. A
// program file that is itself a libcudart.so.* is that runtime.
[[nodiscard]] std::vector<ProgramRuntime> program_runtimes(const std::string& program,
                                                           const std::vector<LoadedLibrary>& libraries);

// The CUDA runtimes one file brings into a process, its own DT_NEEDED not followed (the files of
// a folder, of a process, of a Python distribution): the file itself when its name is
// libcudart.so.* (`name` its DT_SONAME); else, with `needed`, each libcudart.so.N its DT_NEEDED
// names (`path` empty: not looked for; the version the name's major); and, with `linked` and
// no libcudart.so.N in its DT_NEEDED, the runtime linked into it. None for a file that is not
// a 64-bit ELF file, or that changed while it was read. `file` is read where it is open, as its
// listing was.
[[nodiscard]] std::vector<ProgramRuntime> file_runtimes(const binary::FileBytes& file, bool needed, bool linked);

}  // namespace cudaarch
