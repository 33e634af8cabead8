// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/runtime_libraries.hpp"

#include <dirent.h>

#include <algorithm>
#include <climits>
#include <cstdlib>

#include "cudaarch/database.hpp"
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

// "13.0.88" from ".../libcudart.so.13.0.88"; empty when the name has no version.
std::string version_of(const std::string& path) {
    const std::size_t at = path.rfind(kPrefix);
    if (at == std::string::npos) return {};
    const std::string version = path.substr(at + kPrefix.size());
    return version.find_first_not_of("0123456789.") == std::string::npos ? version : std::string();
}

// The libcudart.so.* files of one folder, sorted (the soname link before the file it names).
std::vector<std::string> in_folder(const std::string& folder) {
    std::vector<std::string> found;
    DIR* dir = opendir(folder.c_str());
    if (!dir) return found;
    while (const dirent* entry = readdir(dir)) {
        const std::string name = entry->d_name;
        if (name.compare(0, kPrefix.size(), kPrefix) == 0 && !version_of(name).empty()) found.push_back(folder + "/" + name);
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

}  // namespace

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
        std::string version = version_of(real);
        if (version.empty()) version = version_of(path);
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
