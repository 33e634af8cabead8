// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/environment_loads.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <map>
#include <set>
#include <utility>

#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/json_reader.hpp"
#include "cudaarch/parallel.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

std::string real_path(const std::string& path) {
    char resolved[PATH_MAX];
    return ::realpath(path.c_str(), resolved) ? std::string(resolved) : path;
}

std::string_view file_name(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool under(const std::string& path, const std::vector<std::string>& folders) {
    return std::any_of(folders.begin(), folders.end(), [&](const std::string& folder) {
        return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 && path[folder.size()] == '/';
    });
}

// The prefix of a conda environment's site-packages (<prefix>/lib/pythonX.Y/site-packages with
// <prefix>/conda-meta), as its links resolve; empty for another.
std::string conda_prefix(const std::string& site) {
    const std::size_t lib = site.rfind("/lib/python");
    if (lib == std::string::npos || lib == 0) return {};
    struct stat status {};
    const std::string prefix = site.substr(0, lib);
    if (::stat((prefix + "/conda-meta").c_str(), &status) != 0 || !S_ISDIR(status.st_mode)) return {};
    return real_path(prefix);
}

}  // namespace

std::string conda_package(const std::string& prefix, const std::string& relative) {
    DIR* dir = opendir((prefix + "/conda-meta").c_str());
    if (!dir) return {};
    std::vector<std::string> names;
    while (const dirent* entry = readdir(dir)) names.emplace_back(entry->d_name);
    closedir(dir);
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
        if (!text::ends_with(name, ".json")) continue;
        const Result<std::string> text = binary::read_text_file(prefix + "/conda-meta/" + name, binary::input_limit::record);
        // Most packages do not hold the file: the quoted path is looked for before parsing.
        if (!text || text->find("\"" + relative + "\"") == std::string::npos) continue;
        const Result<JsonValue> json = parse_json(*text);
        if (!json) continue;
        const JsonValue* files = json->find("files");
        const JsonValue* package = json->find("name");
        const JsonValue* version = json->find("version");
        if (!files || !package || package->kind != JsonValue::Kind::string) continue;
        for (const JsonValue& file : files->elements()) {
            if (file.kind == JsonValue::Kind::string && file.string == relative)
                return package->string + (version && version->kind == JsonValue::Kind::string ? " " + version->string : "");
        }
    }
    return {};
}

bool is_extension_module(std::string_view path) {
    const std::string_view name = file_name(path);
    return text::ends_with(name, ".so") && name.size() > 3 && name.substr(0, 3) != "lib";
}

std::vector<std::string> environment_folders(const PythonEnvironment& env) {
    std::set<std::string> folders;
    const auto add = [&](const std::string& folder) { folders.insert(real_path(folder)); };
    for (const std::string& site : env.site_dirs) {
        add(site);
        // <prefix>/lib/pythonX.Y/site-packages: the prefix holds the environment's lib/ (conda's).
        const std::size_t lib = site.rfind("/lib/python");
        if (lib != std::string::npos && lib > 0) add(site.substr(0, lib) + "/lib");
    }
    for (const Distribution& d : env.distributions) {
        for (const std::string& folder : d.editable) add(folder);
        // A distribution read through a .pth path line, or from the user's or the venv's system
        // site-packages, lives in that folder: its files' parents.
        if ((!d.through_pth.empty() || !d.place.empty()) && !d.dist_info.empty())
            add(d.dist_info.substr(0, d.dist_info.rfind('/')));
    }
    return {folders.begin(), folders.end()};
}

EnvironmentLoads environment_loads(const PythonEnvironment& env, LoaderSearch search) {
    std::vector<std::pair<std::size_t, const std::string*>> modules;  // distribution, file
    search.preloaded.clear();
    search.preloaded_first.clear();
    for (std::size_t k = 0; k < env.distributions.size(); ++k) {
        for (const std::string& file : env.distributions[k].elf_files) {
            if (is_extension_module(file)) modules.emplace_back(k, &file);
            if (!text::ends_with(file, ".so") && file.find(".so.") == std::string::npos) continue;
            // NVIDIA's wheels (nvidia-cublas-cu12, nvidia-cuda-runtime) are loaded by path first.
            auto& list = text::istarts_with(env.distributions[k].name, "nvidia-") ? search.preloaded_first : search.preloaded;
            list.emplace_back(std::string(file_name(file)), file);
        }
    }
    std::sort(search.preloaded.begin(), search.preloaded.end());
    std::sort(search.preloaded_first.begin(), search.preloaded_first.end());
    const std::vector<std::string> own = environment_folders(env);
    // Each module's closure on file_threads(): a torch environment has hundreds of modules.
    std::vector<std::vector<LoadedLibrary>> loads(modules.size());
    LoaderMemo memo;
    for_each_parallel(modules.size(), file_threads(), [&](std::size_t i) {
        Result<LoadedProgram> loaded = loaded_libraries(*modules[i].second, search, &memo);
        if (loaded) loads[i] = std::move(loaded.value().libraries);
    });
    // Each path resolved once: the modules load the same few libraries.
    std::map<std::string, std::string> real;
    for (const std::vector<LoadedLibrary>& some : loads)
        for (const LoadedLibrary& library : some)
            if (!library.path.empty()) real.emplace(library.path, std::string());
    for (auto& [path, resolved] : real) resolved = real_path(path);
    EnvironmentLoads out;
    std::set<std::string> seen;
    std::vector<std::string> conda;  // conda prefixes
    for (const std::string& site : env.site_dirs)
        if (std::string prefix = conda_prefix(site); !prefix.empty()) conda.push_back(std::move(prefix));
    std::set<std::string> recorded;  // every distribution's ELF file, as its links resolve
    if (!conda.empty())
        for (const Distribution& d : env.distributions)
            for (const std::string& file : d.elf_files) recorded.insert(real_path(file));
    for (std::size_t i = 0; i < modules.size(); ++i) {
        for (LoadedLibrary& library : loads[i]) {
            // The driver (libcuda.so.1 and its libnvidia-* parts) is the machine's, not code the
            // environment brings: `check` judges against it, never judges it.
            const std::string_view name = file_name(library.path);
            if (library.path.empty() || name.substr(0, 10) == "libcuda.so" || name.substr(0, 10) == "libnvidia-") continue;
            const std::string& resolved = real[library.path];
            const auto prefix = std::find_if(conda.begin(), conda.end(), [&](const std::string& p) {
                return resolved.compare(0, p.size() + 5, p + "/lib/") == 0;
            });
            const bool conda_lib = prefix != conda.end() && !recorded.count(resolved) && !under(resolved, env.site_dirs);
            if ((under(resolved, own) && !conda_lib) || !seen.insert(resolved).second) continue;
            std::string package = conda_lib ? conda_package(*prefix, resolved.substr(prefix->size() + 1)) : std::string();
            (conda_lib ? out.conda : out.outside)
                .push_back({std::move(library.path), std::move(library.found_by), std::move(library.needed_by),
                            std::move(library.name), modules[i].first, std::move(package)});
        }
    }
    return out;
}

std::string outside_library_fix(const OutsideLibrary& library, std::string_view gpu) {
    const std::string folder = library.path.substr(0, library.path.rfind('/'));
    return "the loader takes " + library.name + " from " + folder + " (found through " + library.found_by +
           "), outside the environment: install a build of it with code for " + std::string(gpu) +
           " into the environment (its package's wheel), or replace the one in " + folder;
}

}  // namespace cudaarch
