// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/loaded_libraries.hpp"

#include <fcntl.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <utility>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/binary/elf_dynamic.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/folder_files.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

constexpr std::uint16_t em_x86_64 = 62;
constexpr std::uint16_t em_aarch64 = 183;

// An object the loader took: its dynamic entries, and where $ORIGIN points for it.
struct Object {
    std::string path;
    std::string origin;
    binary::ElfDynamic dynamic;
    std::size_t loader = 0;  // index of the object that loaded it; the executable loads itself
};

// The dynamic entries of `path` if the loader would take it as a library for `machine` (a
// 64-bit little-endian ELF file of that machine; any machine when 0); nullopt otherwise.
std::optional<binary::ElfDynamic> loadable(const std::string& path, std::uint16_t machine) {
    Result<binary::FileBytes> file = binary::FileBytes::open(path);
    if (!file) return std::nullopt;
    const binary::Bytes bytes(path, file->bytes(), 0, &file.value());
    if (!bytes.fits(0, 4) || bytes.view(0, 4) != binary::elf_magic) return std::nullopt;
    const Result<binary::Elf> elf = binary::read_elf(bytes);
    if (!elf || (machine != 0 && elf->machine != machine)) return std::nullopt;
    Result<binary::ElfDynamic> dynamic = binary::read_dynamic(bytes, *elf);
    if (!dynamic || !file->changed().empty()) return std::nullopt;
    return std::move(dynamic).value();
}

std::string current_folder() {
    char here[PATH_MAX];
    return getcwd(here, sizeof here) ? std::string(here) : std::string(".");
}

// The folder of `path`, absolute: what $ORIGIN stands for in a library loaded from it.
std::string folder_of(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    if (folder[0] != '/') folder = current_folder() + (folder == "." ? "" : "/" + folder);
    return folder;
}

// One search path entry with its dynamic string tokens expanded; nullopt, with a note, for one
// cudaarch does not expand.
std::optional<std::string> expand(const std::string& entry, const std::string& origin, const std::string& platform,
                                  const std::string& where, std::vector<std::string>& notes) {
    std::string out;
    for (std::size_t at = 0; at < entry.size();) {
        if (entry[at] != '$') {
            out += entry[at++];
            continue;
        }
        const bool braced = at + 1 < entry.size() && entry[at + 1] == '{';
        const std::size_t name_at = at + (braced ? 2 : 1);
        std::size_t end = name_at;
        while (end < entry.size() && (std::isalnum(static_cast<unsigned char>(entry[end])) || entry[end] == '_')) ++end;
        const std::string name = entry.substr(name_at, end - name_at);
        if (braced && (end >= entry.size() || entry[end] != '}')) {
            out += entry[at++];  // not a token: kept as written, as ld.so keeps it
            continue;
        }
        const std::size_t next = end + (braced ? 1 : 0);
        if (name == "ORIGIN") {
            out += origin;
        } else if (name == "PLATFORM" && !platform.empty()) {
            out += platform;
        } else if (name == "LIB" || name == "PLATFORM") {
            notes.push_back(where + " entry " + text::quote(entry) + " is not searched: cudaarch does not expand $" + name +
                            (name == "LIB" ? " (its value depends on how the C library was built)" : ""));
            return std::nullopt;
        } else {
            out += entry.substr(at, next - at);
        }
        at = next;
    }
    return out;
}

// The entries of a search path, expanded; an empty entry is the current folder, as in ld.so.
std::vector<std::string> search_dirs(const std::string& path, std::string_view separators, const std::string& origin,
                                     const std::string& platform, const std::string& where,
                                     std::vector<std::string>& notes) {
    std::vector<std::string> dirs;
    std::string entry;
    for (std::size_t at = 0; at <= path.size(); ++at) {
        if (at < path.size() && separators.find(path[at]) == std::string_view::npos) {
            entry += path[at];
            continue;
        }
        if (auto dir = expand(entry.empty() ? "." : entry, origin, platform, where, notes)) dirs.push_back(*dir);
        entry.clear();
    }
    return dirs;
}

struct Found {
    std::string path;
    binary::ElfDynamic dynamic;
};

std::optional<Found> search_in(const std::vector<std::string>& dirs, const std::string& name, std::uint16_t machine) {
    for (std::string dir : dirs) {
        while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
        std::string path = (dir == "/" ? "" : dir) + "/" + name;
        if (auto dynamic = loadable(path, machine)) return Found{std::move(path), std::move(*dynamic)};
    }
    return std::nullopt;
}

class Loader {
public:
    explicit Loader(const LoaderSearch& search) : search_(search) {}

    // The library `name` that objects_[needer] needs, and how it was found.
    std::optional<Found> find(const std::string& name, std::size_t needer, std::string& how) {
        const Object& object = objects_[needer];
        const std::uint16_t machine = objects_[0].dynamic.machine;
        if (name.find('/') != std::string::npos) {
            how = "path";
            const auto path = expand(name, object.origin, search_.platform, "DT_NEEDED", notes_);
            if (!path) return std::nullopt;
            if (auto dynamic = loadable(*path, machine)) return Found{*path, std::move(*dynamic)};
            return std::nullopt;
        }
        if (!object.dynamic.runpath) {
            // The DT_RPATH of the needing object, then of each object that loaded it, up to the executable.
            for (std::size_t at = needer;; at = objects_[at].loader) {
                const Object& up = objects_[at];
                if (up.dynamic.rpath && !up.dynamic.runpath) {
                    how = "DT_RPATH";
                    if (auto found = search_in(dirs(*up.dynamic.rpath, ":", up, "DT_RPATH of " + up.path), name, machine))
                        return found;
                }
                if (at == 0) break;
            }
        }
        how = "LD_LIBRARY_PATH";
        if (auto found = search_in(ld_library_path_, name, machine)) return found;
        if (object.dynamic.runpath) {
            how = "DT_RUNPATH";
            if (auto found = search_in(dirs(*object.dynamic.runpath, ":", object, "DT_RUNPATH of " + object.path), name,
                                       machine))
                return found;
        }
        if ((object.dynamic.flags_1 & binary::df_1_nodeflib) != 0) return std::nullopt;
        how = "ld.so.cache";
        const std::string cached = ld_cache_lookup(search_.cache, name, machine);
        if (!cached.empty()) {
            if (auto dynamic = loadable(cached, machine)) return Found{cached, std::move(*dynamic)};
        }
        how = "default folder";
        return search_in(search_.default_dirs, name, machine);
    }

    Result<LoadedProgram> run(const std::string& program) {
        std::optional<binary::ElfDynamic> root = loadable(program, 0);
        if (!root) return Error{program + ": not an ELF file the dynamic loader reads (64-bit little-endian)"};
        char real[PATH_MAX];
        // The executable's $ORIGIN is its real folder: ld.so takes it from /proc/self/exe.
        const std::string origin = folder_of(realpath(program.c_str(), real) ? std::string(real) : program);
        objects_.push_back({program, origin, std::move(*root), 0});
        ld_library_path_ = search_dirs(search_.ld_library_path, ":;", origin, search_.platform, "LD_LIBRARY_PATH", notes_);
        remember(objects_[0]);
        LoadedProgram out;
        for (std::size_t next = 0; next < objects_.size(); ++next) {
            const std::vector<std::string> needed = objects_[next].dynamic.needed;
            for (const std::string& name : needed) {
                if (names_.count(name)) continue;
                std::string how;
                std::optional<Found> found = find(name, next, how);
                const std::string needer = objects_[next].path;
                if (!found) {
                    names_.insert(name);
                    out.libraries.push_back({name, "", needer, ""});
                    continue;
                }
                names_.insert(name);
                if (!files_.insert(identity(found->path)).second) continue;  // the same file under another name
                out.libraries.push_back({name, found->path, needer, how});
                objects_.push_back({found->path, folder_of(found->path), std::move(found->dynamic), next});
                if (!objects_.back().dynamic.soname.empty()) names_.insert(objects_.back().dynamic.soname);
            }
        }
        out.notes = notes_;
        return out;
    }

private:
    std::vector<std::string> dirs(const std::string& path, std::string_view separators, const Object& object,
                                  const std::string& where) {
        return search_dirs(path, separators, object.origin, search_.platform, where, notes_);
    }

    // A file's device and inode, as the loader tells files apart; the path when it cannot stat.
    static std::string identity(const std::string& path) {
        struct stat status {};
        if (::stat(path.c_str(), &status) != 0) return path;
        return std::to_string(status.st_dev) + ":" + std::to_string(status.st_ino);
    }

    void remember(const Object& object) {
        files_.insert(identity(object.path));
        if (!object.dynamic.soname.empty()) names_.insert(object.dynamic.soname);
    }

    const LoaderSearch& search_;
    std::vector<Object> objects_;
    std::vector<std::string> ld_library_path_;
    std::set<std::string> names_;
    std::set<std::string> files_;
    std::vector<std::string> notes_;
};

}  // namespace

std::vector<std::string> default_loader_dirs(std::uint16_t machine) {
    const std::string multiarch = machine == em_aarch64 ? "aarch64-linux-gnu" : "x86_64-linux-gnu";
    return {"/lib/" + multiarch, "/usr/lib/" + multiarch, "/lib64", "/usr/lib64", "/lib", "/usr/lib"};
}

LoaderSearch environment_loader_search() {
    LoaderSearch search;
    if (const char* path = std::getenv("LD_LIBRARY_PATH")) search.ld_library_path = path;
    const char* chosen = std::getenv("CUDAARCH_LD_SO_CACHE");
    const std::string cache_file = chosen ? chosen : "/etc/ld.so.cache";
    int error = 0;
    const Result<std::string> bytes = binary::read_text_file(cache_file, binary::input_limit::ld_so_cache, {}, &error);
    if (bytes) {
        Result<std::vector<LdCacheEntry>> cache = parse_ld_so_cache(cache_file, *bytes);
        if (cache) search.cache = std::move(cache).value();
        else search.cache_problem = cache.error().message;
    } else if (error != ENOENT) {
        search.cache_problem = bytes.error().message;
    }
#if defined(__aarch64__)
    const std::uint16_t machine = em_aarch64;
#else
    const std::uint16_t machine = em_x86_64;
#endif
    if (const char* dirs = std::getenv("CUDAARCH_LOADER_DIRS")) {
        for (const std::string& dir : text::split(dirs, ':'))
            if (!dir.empty()) search.default_dirs.push_back(dir);
    } else {
        search.default_dirs = default_loader_dirs(machine);
    }
    if (const auto* platform = reinterpret_cast<const char*>(getauxval(AT_PLATFORM))) search.platform = platform;
    return search;
}

Result<LoadedProgram> loaded_libraries(const std::string& program, const LoaderSearch& search) {
    return Loader(search).run(program);
}

std::vector<std::string> mapped_files(std::string_view maps) {
    std::vector<std::string> files;
    std::set<std::string_view> seen;
    while (!maps.empty()) {
        const std::size_t end = maps.find('\n');
        std::string_view line = maps.substr(0, end);
        maps = end == std::string_view::npos ? std::string_view() : maps.substr(end + 1);
        // address perms offset dev inode path: the path starts after five fields and their spaces.
        std::size_t at = 0;
        for (int field = 0; field < 5 && at < line.size(); ++field) {
            at = line.find(' ', at);
            if (at == std::string_view::npos) break;
            at = line.find_first_not_of(' ', at);
        }
        if (at == std::string_view::npos || at >= line.size() || line[at] != '/') continue;
        std::string_view path = line.substr(at);
        constexpr std::string_view deleted = " (deleted)";
        if (path.size() > deleted.size() && path.substr(path.size() - deleted.size()) == deleted) continue;
        if (seen.insert(path).second) files.emplace_back(path);
    }
    return files;
}

Result<std::vector<std::string>> process_mapped_files(const std::string& pid) {
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos)
        return Error{"--pid " + text::quote(pid) + ": not a process id (a number)"};
    int error = 0;
    const std::string maps = "/proc/" + pid + "/maps";
    const Result<std::string> text = binary::read_text_file(maps, binary::input_limit::proc_maps, {}, &error);
    if (!text && error == 0) return Error{"process " + pid + ": " + text.error().message};
    if (!text) {
        return Error{"process " + pid + ": cannot read " + maps + ": " + std::strerror(error) +
                     (error == EACCES || error == EPERM ? " (run as that process's user, or as root)"
                      : error == ENOENT ? " (no such process)" : "")};
    }
    return mapped_files(*text);
}

}  // namespace cudaarch
