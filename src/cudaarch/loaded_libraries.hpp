// SPDX-License-Identifier: Apache-2.0
// Which libraries a program loads, found as the dynamic loader (glibc's ld.so) finds them, and
// which files a running process has mapped.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
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
    std::string platform;               // what $PLATFORM stands for (glibc's: haswell, x86_64)
    std::string lib;                    // what $LIB stands for (lib/x86_64-linux-gnu, lib64); empty: unknown
    // Names that objects loaded before the program satisfy, by their file name or soname, with
    // those files: a Python environment's libraries, which the packages an extension module
    // needs load first (torch's lib/libc10.so before a torch extension). A name the search does
    // not find is this file, found_by "already loaded"; sorted by name.
    std::vector<std::pair<std::string, std::string>> preloaded;
    // Likewise, but loaded by path before anything needs them, so taken before any search: the
    // nvidia-* wheels' libraries, which torch and cupy load first; found_by "preloaded".
    std::vector<std::pair<std::string, std::string>> preloaded_first;
};

// This process's search: LD_LIBRARY_PATH; the cache /etc/ld.so.cache (CUDAARCH_LD_SO_CACHE
// names another file, for tests); glibc's default folders for this machine (CUDAARCH_LOADER_DIRS,
// ':'-separated, replaces them); $PLATFORM as ld.so says it (`ld.so --list-diagnostics`, glibc
// 2.33 and newer: glibc replaces the kernel's AT_PLATFORM, x86_64, by haswell or xeon_phi on
// some x86-64 CPUs), else AT_PLATFORM; $LIB from the folder
// of the C library (libc.so.6 as the cache, else the default folders, find it) without a
// leading /usr/ or /: glibc's $LIB is the folder it was built to install the C library in, as
// Debian and Ubuntu (lib/x86_64-linux-gnu), Red Hat (lib64) and Arch (lib) build it.
[[nodiscard]] LoaderSearch environment_loader_search();

// The dl_platform="..." value of `ld.so --list-diagnostics` output; empty without one.
[[nodiscard]] std::string diagnostics_platform(std::string_view diagnostics);

// glibc's default folders (its "system search path") for the ELF machine, as Debian-family
// (multiarch) and Red Hat-family (lib64) builds of it set them: the multiarch folders,
// then the lib64 ones, then /lib and /usr/lib.
[[nodiscard]] std::vector<std::string> default_loader_dirs(std::uint16_t machine);

struct LoadedLibrary {
    std::string name;       // as DT_NEEDED writes it: libcudart.so.13
    std::string path;       // the file the loader opens; empty when it finds none
    std::string needed_by;  // the path of the first object whose DT_NEEDED names it
    std::string found_by;   // DT_RPATH, DT_RUNPATH, LD_LIBRARY_PATH, ld.so.cache, default folder, or path
    // A file of the search that stops the loader at this name (path empty), not being ELF, and
    // ld.so's reason ("invalid ELF header"); empty otherwise.
    std::string stops;
    std::string stop_reason;
    std::string found_in;  // found through LD_LIBRARY_PATH: its folder that holds it ("" the current folder)
    // Found through LD_LIBRARY_PATH: the file the search takes without it, where that is another
    // (the program's own copy, through DT_RUNPATH), and how; empty otherwise.
    std::string without_ld_library_path;
    std::string without_found_by;
};

struct LoadedProgram {
    bool executable = false;               // a program (PT_INTERP or ET_EXEC), not a shared library
    std::vector<LoadedLibrary> libraries;  // in the loader's order: breadth first, each once
    std::vector<std::string> notes;        // search path entries not followed, and why
};

// The libraries `program` loads, found as ld.so does: a name with a '/' is a path; else the
// DT_RPATH of the needing object and of the objects that loaded it (only while the needing
// object has no DT_RUNPATH, and each object's only when it has none), the executable's
// DT_RPATH, LD_LIBRARY_PATH, the needing object's DT_RUNPATH, the cache, the default folders
// (under DF_1_NODEFLIB neither these nor the cache's files in them). An empty LD_LIBRARY_PATH,
// DT_RPATH or DT_RUNPATH is no folder; an empty entry of one is the current folder. $ORIGIN,
// $PLATFORM (AT_PLATFORM) and $LIB (also braced) expand as ld.so expands them; an entry with
// one whose value is unknown is not searched, and named in a note. A candidate of another ELF class or machine
// is passed over; one that is not ELF stops the loader, and the walk. A name already loaded (as
// a DT_NEEDED name, a path or a DT_SONAME), or a file already loaded, is not loaded again; a
// name not found is searched again for the next object that needs it, as ld.so's trace (ldd)
// does. Not modelled: glibc-hwcaps and legacy hwcap subfolders, secure (setuid) mode, LD_PRELOAD.
// What the walks of many programs share: each candidate file read once (a Python environment's
// hundreds of extension modules all load libc and libstdc++). Safe to share across threads.
class LoaderMemo {
public:
    LoaderMemo();
    ~LoaderMemo();
    LoaderMemo(const LoaderMemo&) = delete;
    LoaderMemo& operator=(const LoaderMemo&) = delete;
    struct Files;

private:
    friend Result<LoadedProgram> loaded_libraries(const std::string&, const LoaderSearch&, LoaderMemo*);
    std::unique_ptr<Files> files_;
};

Result<LoadedProgram> loaded_libraries(const std::string& program, const LoaderSearch& search, LoaderMemo* memo = nullptr);

// The files a process has mapped, from the text of its /proc/PID/maps: each path once, in
// order, without "[heap]"-like names; mapped files since deleted (" (deleted)") are left out.
[[nodiscard]] std::vector<std::string> mapped_files(std::string_view maps);

// /proc/<pid>/maps read and parsed; an error names the pid and why (no such process, not
// permitted, or maps that name no file: unmapped_reason()).
Result<std::vector<std::string>> process_mapped_files(const std::string& pid);

// Why a process's maps name no file, after "process PID ", from its /proc/PID/stat and maps:
// a zombie, a kernel thread (PF_KTHREAD), files deleted since they were mapped, or none of these.
[[nodiscard]] std::string unmapped_reason(std::string_view stat, std::string_view maps);

}  // namespace cudaarch
