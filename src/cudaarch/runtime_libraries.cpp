// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/runtime_libraries.hpp"

#include <dirent.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <optional>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/binary/elf_dynamic.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/binary/runtime_table.hpp"
#include "cudaarch/process.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

constexpr std::string_view kPrefix = "libcudart.so.";

// The non-empty parts: "a::b:" is {"a", "b"}.
std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts = text::split(text, separator);
    parts.erase(std::remove(parts.begin(), parts.end(), std::string()), parts.end());
    return parts;
}

std::string real_path(const std::string& path) {
    char real[PATH_MAX];
    return realpath(path.c_str(), real) ? std::string(real) : std::string();
}


// The libcudart.so.* files of one folder, sorted (the soname link before the file it names).
std::vector<std::string> in_folder(const std::string& folder) {
    std::vector<std::string> found;
    DIR* dir = opendir(folder.c_str());
    if (!dir) return found;
    while (const dirent* entry = readdir(dir)) {
        const std::string name = entry->d_name;
        if (name.compare(0, kPrefix.size(), kPrefix) == 0 && !runtime_version(name).empty()) found.push_back(folder + "/" + name);
    }
    closedir(dir);
    std::sort(found.begin(), found.end());
    return found;
}

// The paths `ldconfig -p` lists for libcudart: "\tlibcudart.so.12 (libc6,x86-64) => /usr/lib/libcudart.so.12".
std::vector<std::string> from_ldconfig(const std::string& output) {
    std::vector<std::string> found;
    for (const std::string& line : split(output, '\n')) {
        const std::size_t arrow = line.find(" => ");
        if (line.find(kPrefix) == std::string::npos || arrow == std::string::npos) continue;
        found.push_back(line.substr(arrow + 4));
    }
    return found;
}

// {13, 0} from "13.0.96" or "13"; the text is all digits and dots.
Version version_numbers(const std::string& text) {
    const std::vector<std::string> parts = split(text, '.');
    return {parts.empty() ? 0 : std::atoi(parts[0].c_str()), parts.size() > 1 ? std::atoi(parts[1].c_str()) : 0};
}

// read(bytes, elf) of `file` read as a 64-bit ELF file; `none` when it is not one, or changed
// while read.
template <typename T, typename Read>
T read_elf_file(const binary::FileBytes& file, T none, Read read) {
    const binary::Bytes bytes(file.path(), file.bytes(), 0, &file);
    if (!bytes.fits(0, 4) || bytes.view(0, 4) != binary::elf_magic) return none;
    const Result<binary::Elf> elf = binary::read_elf(bytes);
    if (!elf) return none;
    T result = read(bytes, *elf);
    return file.changed().empty() ? result : none;
}

template <typename T, typename Read>
T read_elf_file(const std::string& path, T none, Read read) {
    const Result<binary::FileBytes> file = binary::FileBytes::open(path);
    return file ? read_elf_file(*file, std::move(none), read) : none;
}

// The runtime linked into an ELF file, from its API table; nullopt when it has none.
std::optional<ProgramRuntime> linked_runtime(const std::string& path, const binary::Bytes& bytes, const binary::Elf& elf) {
    const std::optional<std::uint32_t> api = binary::runtime_api_version(bytes, elf);
    if (!api) return std::nullopt;
    const Version version{static_cast<int>(*api / 1000), static_cast<int>(*api % 1000 / 10)};
    return ProgramRuntime{path, "", version, version.str()};
}

// A shared runtime `path` as loaded under `name`: its version from the real file's name, else
// from `name`'s; nullopt when neither has one.
std::optional<ProgramRuntime> shared_runtime(const std::string& path, const std::string& name) {
    std::string version = runtime_version(real_path(path));
    if (version.empty()) version = runtime_version(name);
    if (version.empty()) return std::nullopt;
    return ProgramRuntime{path, name, version_numbers(version), version};
}

std::string base_name(const std::string& path) { return path.substr(path.rfind('/') + 1); }

}  // namespace

std::string runtime_version(const std::string& path) {
    const std::size_t at = path.rfind(kPrefix);
    if (at == std::string::npos) return {};
    const std::string version = path.substr(at + kPrefix.size());
    return version.find_first_not_of("0123456789.") == std::string::npos ? version : std::string();
}

std::vector<ProgramRuntime> program_runtimes(const std::string& program, const std::vector<LoadedLibrary>& libraries) {
    std::vector<ProgramRuntime> runtimes;
    const auto add = [&](std::optional<ProgramRuntime> runtime) {
        if (runtime) runtimes.push_back(std::move(*runtime));
    };
    const std::string base = base_name(program);
    add(!runtime_version(base).empty()
            ? shared_runtime(program, base)
            : read_elf_file(program, std::optional<ProgramRuntime>{}, [&](const binary::Bytes& bytes, const binary::Elf& elf) {
                  return linked_runtime(program, bytes, elf);
              }));
    for (const LoadedLibrary& library : libraries) {
        if (!library.path.empty() && !runtime_version(library.name).empty()) add(shared_runtime(library.path, library.name));
    }
    return runtimes;
}

std::vector<ProgramRuntime> file_runtimes(const binary::FileBytes& file, bool needed, bool linked) {
    using Runtimes = std::vector<ProgramRuntime>;
    const std::string& path = file.path();
    return read_elf_file(file, Runtimes{}, [&](const binary::Bytes& bytes, const binary::Elf& elf) {
        Runtimes runtimes;
        const Result<binary::ElfDynamic> dynamic = binary::read_dynamic(bytes, elf);
        const std::string base = base_name(path);
        if (!runtime_version(base).empty()) {
            const std::string soname = dynamic && !dynamic->soname.empty() ? dynamic->soname : base;
            if (std::optional<ProgramRuntime> own = shared_runtime(path, soname)) runtimes.push_back(std::move(*own));
            return runtimes;
        }
        bool names_runtime = false;
        for (const std::string& name : dynamic ? dynamic->needed : std::vector<std::string>{}) {
            const std::string version = runtime_version(name);
            if (version.empty()) continue;
            names_runtime = true;
            if (needed) runtimes.push_back({"", name, version_numbers(version), version});
        }
        if (linked && !names_runtime) {
            if (std::optional<ProgramRuntime> own = linked_runtime(path, bytes, elf)) runtimes.push_back(std::move(*own));
        }
        return runtimes;
    });
}

RuntimeSearch default_runtime_search() {
    RuntimeSearch search;
    if (const char* path = std::getenv("LD_LIBRARY_PATH")) search.ld_library_path = path;
    std::string ldconfig = "/sbin/ldconfig";
    if (const char* chosen = std::getenv("CUDAARCH_LDCONFIG")) ldconfig = chosen;
    if (!ldconfig.empty()) {
        const Result<ProcessOutput> run = run_process({ldconfig, "-p"});
        if (run && run->exit_code == 0) search.ldconfig_output = run->out;
    }
    if (const char* dirs = std::getenv("CUDAARCH_LIBRARY_DIRS")) {
        search.standard_dirs = split(dirs, ':');
    } else {
        for (std::string_view dir : Database::library_dirs()) search.standard_dirs.emplace_back(dir);
    }
    return search;
}

std::vector<RuntimeLibrary> find_cuda_runtimes(const RuntimeSearch& search) {
    std::vector<RuntimeLibrary> found;
    std::vector<std::string> seen;  // real paths
    const auto add = [&](const std::string& path, const char* source) {
        const std::string real = real_path(path);
        if (real.empty() || std::find(seen.begin(), seen.end(), real) != seen.end()) return;
        seen.push_back(real);
        std::string version = runtime_version(real);
        if (version.empty()) version = runtime_version(path);
        found.push_back({path, version, source});
    };
    for (const std::string& folder : split(search.ld_library_path, ':')) {
        for (const std::string& path : in_folder(folder)) add(path, "LD_LIBRARY_PATH");
    }
    for (const std::string& path : from_ldconfig(search.ldconfig_output)) add(path, "ldconfig");
    for (const std::string& folder : search.standard_dirs) {
        for (const std::string& path : in_folder(folder)) add(path, "standard directory");
    }
    return found;
}

}  // namespace cudaarch
