// SPDX-License-Identifier: Apache-2.0
// Which libraries a program loads, found as the dynamic loader (glibc's ld.so) finds them, and
// which files a running process has mapped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cudaarch/ld_so_cache.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch {

// Where the loader looks for a library named without a '/', besides the DT_RPATH and
// DT_RUNPATH of the objects that need it.
struct LoaderSearch {
    std::string ld_library_path;        // LD_LIBRARY_PATH as set: ':' or ';' separated, "" a current folder
    std::vector<LdCacheEntry> cache;    // /etc/ld.so.cache
    std::string cache_problem;          // why the cache could not be read; empty when read or absent
    std::vector<std::string> default_dirs;  // the loader's own folders, searched last
    std::string platform;               // what $PLATFORM stands for (AT_PLATFORM: x86_64)
};

// This process's search: LD_LIBRARY_PATH; the cache /etc/ld.so.cache (CUDAARCH_LD_SO_CACHE
// names another file, for tests); glibc's default folders for this machine (CUDAARCH_LOADER_DIRS,
// ':'-separated, replaces them); $PLATFORM from the kernel's AT_PLATFORM.
[[nodiscard]] LoaderSearch environment_loader_search();

// glibc's default folders (its "system search path") for the ELF machine, as Debian-family
// (multiarch) and Red Hat-family (lib64) builds of it set them: the multiarch folders,
// then the lib64 ones, then /lib and /usr/lib.
[[nodiscard]] std::vector<std::string> default_loader_dirs(std::uint16_t machine);

struct LoadedLibrary {
    std::string name;       // as DT_NEEDED writes it: libcudart.so.13
    std::string path;       // the file the loader opens; empty when it finds none
    std::string needed_by;  // the path of the first object whose DT_NEEDED names it
    std::string found_by;   // DT_RPATH, DT_RUNPATH, LD_LIBRARY_PATH, ld.so.cache, default folder, or path
};

struct LoadedProgram {
    std::vector<LoadedLibrary> libraries;  // in the loader's order: breadth first, each once
    std::vector<std::string> notes;        // search path entries not followed, and why
};

// The libraries `program` loads, found as ld.so does: a name with a '/' is a path; else the
// DT_RPATH of the needing object and of the objects that loaded it (only while the needing
// object has no DT_RUNPATH, and each object's only when it has none), the executable's
// DT_RPATH, LD_LIBRARY_PATH, the needing object's DT_RUNPATH, the cache, the default folders
// (the last two skipped under DF_1_NODEFLIB). $ORIGIN, ${ORIGIN}, $PLATFORM expand as ld.so
// expands them; an entry with $LIB is not searched, and named in a note. A candidate of another
// ELF machine, or not ELF, is passed over as ld.so passes it over. A name already loaded (as
// a DT_NEEDED name or a DT_SONAME), or a file already loaded, is not loaded again. Not
// modelled: glibc-hwcaps and legacy hwcap subfolders, secure (setuid) mode, LD_PRELOAD.
Result<LoadedProgram> loaded_libraries(const std::string& program, const LoaderSearch& search);

// The files a process has mapped, from the text of its /proc/PID/maps: each path once, in
// order, without "[heap]"-like names; mapped files since deleted (" (deleted)") are left out.
[[nodiscard]] std::vector<std::string> mapped_files(std::string_view maps);

// /proc/<pid>/maps read and parsed; an error names the pid and why (no such process, not
// permitted).
Result<std::vector<std::string>> process_mapped_files(const std::string& pid);

}  // namespace cudaarch
