// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/python_env.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <optional>

#include "cudaarch/folder_files.hpp"
#include "cudaarch/process.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

constexpr std::string_view kDistInfo = ".dist-info";

// Whether a RECORD entry can be an ELF file worth opening: a shared object (x.so, x.so.12,
// x.cpython-311-x86_64-linux-gnu.so) or a name without an extension (executables). Python
// sources, headers and data, most of a RECORD, are never opened.
bool may_be_elf(std::string_view path) {
    const std::string_view name = path.substr(path.rfind('/') == std::string_view::npos ? 0 : path.rfind('/') + 1);
    if (name.find('.') == std::string_view::npos) return true;
    const std::size_t so = name.find(".so");
    return so != std::string_view::npos && (so + 3 == name.size() || name[so + 3] == '.');
}

std::vector<std::string> folder_names(const std::string& folder) {
    std::vector<std::string> names;
    DIR* dir = opendir(folder.c_str());
    if (!dir) return names;
    while (const dirent* entry = readdir(dir)) names.emplace_back(entry->d_name);
    closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
}

Distribution read_distribution(const std::string& site, const std::string& folder, std::vector<std::string>& problems) {
    Distribution d;
    d.dist_info = site + "/" + folder;
    const std::string stem = folder.substr(0, folder.size() - kDistInfo.size());
    NameVersion named{stem.substr(0, stem.find('-')), stem.find('-') == std::string::npos ? "" : stem.substr(stem.find('-') + 1)};
    if (const Result<std::string> metadata = read_small_file(d.dist_info + "/METADATA")) {
        const NameVersion read = metadata_name_version(*metadata);
        if (!read.name.empty()) named.name = read.name;
        if (!read.version.empty()) named.version = read.version;
    }
    d.name = named.name;
    d.version = named.version;
    if (const Result<std::string> direct = read_small_file(d.dist_info + "/direct_url.json"))
        d.local_build = direct->find("\"dir_info\"") != std::string::npos;
    const Result<std::string> record = read_small_file(d.dist_info + "/RECORD");
    if (!record) {
        problems.push_back(d.dist_info + ": no readable RECORD, so its files are not known");
        return d;
    }
    for (const std::string& path : record_paths(*record)) {
        if (path.empty() || path[0] == '/' || !may_be_elf(path)) continue;
        const std::string file = site + "/" + path;
        if (is_elf_file(file)) d.elf_files.push_back(file);
    }
    return d;
}

}  // namespace

std::vector<std::string> site_dirs_command(const std::string& python) {
    // -I: neither PYTHONPATH nor the user's site decide where this interpreter installs.
    return {python, "-I", "-c",
            "import os, sys, sysconfig\n"
            "for n in ('purelib', 'platlib'):\n"
            "    sys.stdout.buffer.write(os.fsencode(sysconfig.get_path(n)) + b'\\0')\n"};
}

Result<std::vector<std::string>> parse_site_dirs(std::string_view output) {
    std::vector<std::string> dirs;
    while (!output.empty()) {
        const std::size_t end = output.find('\0');
        if (end == std::string_view::npos) return Error{"its answer ends without a NUL byte"};
        const std::string dir(output.substr(0, end));
        output.remove_prefix(end + 1);
        if (dir.empty() || dir[0] != '/') return Error{"it named a site-packages folder that is not absolute: " + text::quote(dir)};
        if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) dirs.push_back(dir);
    }
    if (dirs.empty()) return Error{"it printed no site-packages folder"};
    return dirs;
}

std::vector<std::string> record_paths(std::string_view record) {
    std::vector<std::string> paths;
    std::size_t at = 0;
    while (at < record.size()) {
        std::string field;
        if (record[at] == '"') {
            for (++at; at < record.size(); ++at) {
                if (record[at] != '"') field += record[at];
                else if (at + 1 < record.size() && record[at + 1] == '"') field += record[++at];
                else break;
            }
        } else {
            const std::size_t end = record.find_first_of(",\n\r", at);
            field = std::string(record.substr(at, end - at));
            at = end == std::string_view::npos ? record.size() : end;
        }
        const std::size_t line_end = record.find('\n', at);
        at = line_end == std::string_view::npos ? record.size() : line_end + 1;
        if (!field.empty()) paths.push_back(std::move(field));
    }
    return paths;
}

NameVersion metadata_name_version(std::string_view metadata) {
    NameVersion out;
    while (!metadata.empty()) {
        const std::size_t end = metadata.find('\n');
        std::string_view line = metadata.substr(0, end);
        metadata = end == std::string_view::npos ? std::string_view() : metadata.substr(end + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) break;  // the header ends at the first empty line; the description follows
        const auto value = [&](std::string_view key) -> std::optional<std::string> {
            if (line.size() <= key.size() || !text::istarts_with(line, key)) return std::nullopt;
            std::string_view v = line.substr(key.size());
            while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
            while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
            return std::string(v);
        };
        if (out.name.empty()) if (auto v = value("Name:")) out.name = *v;
        if (out.version.empty()) if (auto v = value("Version:")) out.version = *v;
    }
    return out;
}

PythonEnvironment read_site_dirs(const std::vector<std::string>& site_dirs) {
    PythonEnvironment env;
    env.site_dirs = site_dirs;
    for (const std::string& site : site_dirs) {
        for (const std::string& name : folder_names(site)) {
            if (name.size() <= kDistInfo.size() || name.compare(name.size() - kDistInfo.size(), kDistInfo.size(), kDistInfo) != 0)
                continue;
            env.distributions.push_back(read_distribution(site, name, env.problems));
        }
    }
    std::sort(env.distributions.begin(), env.distributions.end(), [](const Distribution& a, const Distribution& b) {
        const std::string la = text::lower(a.name), lb = text::lower(b.name);
        return la != lb ? la < lb : a.version < b.version;
    });
    return env;
}

Result<PythonEnvironment> read_python_environment(const std::string& python) {
    const Result<ProcessOutput> run = run_process(site_dirs_command(python), std::chrono::seconds(60));
    if (!run) return Error{"cannot run the Python interpreter " + text::quote(python) + ": " + run.error().message};
    if (run->timed_out) return Error{"the Python interpreter " + text::quote(python) + " did not answer within 60 s"};
    if (run->exit_code != 0) {
        std::string err = run->err.substr(0, run->err.find('\n'));
        return Error{"the Python interpreter " + text::quote(python) + " failed (exit " + std::to_string(run->exit_code) +
                     ")" + (err.empty() ? "" : ": " + err)};
    }
    Result<std::vector<std::string>> dirs = parse_site_dirs(run->out);
    if (!dirs) return Error{"the Python interpreter " + text::quote(python) + " gave no site-packages: " + dirs.error().message};
    return read_site_dirs(*dirs);
}

}  // namespace cudaarch
