// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/loaded_libraries.hpp"

#include <fcntl.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <utility>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/binary/elf_dynamic.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/folder_files.hpp"
#include "cudaarch/process.hpp"
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

// What the loader does with a candidate file: takes it (its dynamic entries), passes over it
// (absent, unreadable, or an ELF file of another class or machine) and searches on, or stops
// (a file that is not ELF, as glibc's open_verify() stops: the program does not start).
struct Candidate {
    enum class Kind { take, pass_over, stop } kind = Kind::pass_over;
    binary::ElfDynamic dynamic;
    std::string why;  // stop: ld.so's words, "invalid ELF header"
};

// `path` as a library for `machine` (any machine when 0).
Candidate candidate(const std::string& path, std::uint16_t machine) {
    using Kind = Candidate::Kind;
    Result<binary::FileBytes> file = binary::FileBytes::open(path);
    if (!file) return {};
    const binary::Bytes bytes(path, file->bytes(), 0, &file.value());
    constexpr std::uint64_t header_size = 64;  // sizeof(Elf64_Ehdr): ld.so reads it first
    if (!bytes.fits(0, 4) || bytes.view(0, 4) != binary::elf_magic)
        return {Kind::stop, {}, bytes.size() < header_size ? "file too short" : "invalid ELF header"};
    if (!bytes.fits(0, header_size)) return {Kind::stop, {}, "file too short"};
    if (bytes.view(4, 1) != "\x02") return {};  // another class (32-bit): ld.so searches on
    if (bytes.view(5, 1) != "\x01") return {Kind::stop, {}, "ELF file data encoding not little-endian"};
    const Result<binary::Elf> elf = binary::read_elf(bytes);
    if (!elf) return {Kind::stop, {}, elf.error().message};
    if (machine != 0 && elf->machine != machine) return {};
    Result<binary::ElfDynamic> dynamic = binary::read_dynamic(bytes, *elf);
    if (!dynamic) return {Kind::stop, {}, dynamic.error().message};
    if (!file->changed().empty()) return {Kind::stop, {}, file->changed()};
    return {Kind::take, std::move(dynamic).value(), {}};
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

// Notes once each: a search path is expanded for every name it is searched for.
void add_note(std::vector<std::string>& notes, std::string note) {
    if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(std::move(note));
}

// One search path entry with its dynamic string tokens expanded; nullopt, with a note, for one
// cudaarch cannot expand.
std::optional<std::string> expand(const std::string& entry, const std::string& origin, const LoaderSearch& search,
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
        const std::string* value = name == "ORIGIN" ? &origin : name == "PLATFORM" ? &search.platform
                                   : name == "LIB"  ? &search.lib : nullptr;
        if (value && !value->empty()) {
            out += *value;
        } else if (value) {
            add_note(notes, where + " entry " + text::quote(entry) + " is not searched: cudaarch does not expand $" + name +
                                (name == "LIB" ? " (its value depends on how the C library was built)" : ""));
            return std::nullopt;
        } else {
            out += entry.substr(at, next - at);
        }
        at = next;
    }
    return out;
}

// The folders of a search path, expanded, as ld.so's fillin_rpath() takes them: an empty entry
// ("a::b", a trailing ':') is the current folder, written ""; an empty path is no folder at
// all, since ld.so ignores an empty LD_LIBRARY_PATH, DT_RPATH or DT_RUNPATH.
std::vector<std::string> search_dirs(const std::string& path, std::string_view separators, const std::string& origin,
                                     const LoaderSearch& search, const std::string& where,
                                     std::vector<std::string>& notes) {
    std::vector<std::string> dirs;
    if (path.empty()) return dirs;
    std::string entry;
    for (std::size_t at = 0; at <= path.size(); ++at) {
        if (at < path.size() && separators.find(path[at]) == std::string_view::npos) {
            entry += path[at];
            continue;
        }
        if (entry.empty()) dirs.emplace_back();
        else if (auto dir = expand(entry, origin, search, where, notes)) dirs.push_back(*dir);
        entry.clear();
    }
    return dirs;
}

// What a search step ends with: a library taken, a file the loader stops at, or nothing.
struct Found {
    Candidate::Kind kind = Candidate::Kind::pass_over;
    std::string path;
    std::string folder;  // the search folder that held it, as expanded ("" the current folder)
    binary::ElfDynamic dynamic;
    std::string why;  // stop: ld.so's words
};

}  // namespace

// Candidates by path and machine, shared by the walks of one LoaderMemo's user.
struct LoaderMemo::Files {
    std::mutex mutex;
    std::map<std::pair<std::string, std::uint16_t>, Candidate> candidates;
};

LoaderMemo::LoaderMemo() : files_(std::make_unique<Files>()) {}
LoaderMemo::~LoaderMemo() = default;

namespace {

// candidate(), read once per memo.
Candidate remembered(const std::string& path, std::uint16_t machine, LoaderMemo::Files* memo) {
    if (!memo) return candidate(path, machine);
    {
        const std::lock_guard<std::mutex> lock(memo->mutex);
        const auto it = memo->candidates.find({path, machine});
        if (it != memo->candidates.end()) return it->second;
    }
    Candidate c = candidate(path, machine);
    const std::lock_guard<std::mutex> lock(memo->mutex);
    memo->candidates.emplace(std::make_pair(path, machine), c);
    return c;
}

Found try_path(std::string path, std::string folder, std::uint16_t machine, LoaderMemo::Files* memo) {
    Candidate c = remembered(path, machine, memo);
    return {c.kind, std::move(path), std::move(folder), std::move(c.dynamic), std::move(c.why)};
}

Found search_in(const std::vector<std::string>& dirs, const std::string& name, std::uint16_t machine,
                LoaderMemo::Files* memo) {
    for (const std::string& entry : dirs) {
        std::string dir = entry;
        while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
        Found found = try_path(dir.empty() ? name : (dir == "/" ? "" : dir) + "/" + name, entry, machine, memo);
        if (found.kind != Candidate::Kind::pass_over) return found;
    }
    return {};
}

class Loader {
public:
    Loader(const LoaderSearch& search, LoaderMemo::Files* memo) : search_(search), memo_(memo) {}

    // The library `name` that objects_[needer] needs, and how it was found; without
    // LD_LIBRARY_PATH when `environment` is false.
    Found find(const std::string& name, std::size_t needer, std::string& how, bool environment = true) {
        using Kind = Candidate::Kind;
        const Object& object = objects_[needer];
        const std::uint16_t machine = objects_[0].dynamic.machine;
        if (name.find('/') != std::string::npos) {
            how = "path";
            const auto path = expand(name, object.origin, search_, "DT_NEEDED", notes_);
            return path ? try_path(*path, "", machine, memo_) : Found{};
        }
        if (!object.dynamic.runpath) {
            // The DT_RPATH of the needing object, then of each object that loaded it, up to the executable.
            for (std::size_t at = needer;; at = objects_[at].loader) {
                const Object& up = objects_[at];
                if (up.dynamic.rpath && !up.dynamic.runpath) {
                    how = "DT_RPATH";
                    Found found = search_in(dirs(*up.dynamic.rpath, up, "DT_RPATH of " + up.path), name, machine, memo_);
                    if (found.kind != Kind::pass_over) return found;
                }
                if (at == 0) break;
            }
        }
        if (environment) {
            how = "LD_LIBRARY_PATH";
            Found found = search_in(ld_library_path_, name, machine, memo_);
            if (found.kind != Kind::pass_over) return found;
        }
        if (object.dynamic.runpath) {
            how = "DT_RUNPATH";
            Found found = search_in(dirs(*object.dynamic.runpath, object, "DT_RUNPATH of " + object.path), name, machine, memo_);
            if (found.kind != Kind::pass_over) return found;
        }
        // Under -z nodeflib ld.so passes over the cache's files in its default folders (by the
        // path's start, subfolders too), not the cache's other files.
        const bool nodeflib = (object.dynamic.flags_1 & binary::df_1_nodeflib) != 0;
        how = "ld.so.cache";
        const std::string cached = ld_cache_lookup(search_.cache, name, machine);
        if (!cached.empty() && !(nodeflib && in_default_folder(cached))) {
            Found found = try_path(cached, "", machine, memo_);
            if (found.kind != Kind::pass_over) return found;
        }
        if (nodeflib) return {};
        how = "default folder";
        return search_in(search_.default_dirs, name, machine, memo_);
    }

    Result<LoadedProgram> run(const std::string& program) {
        using Kind = Candidate::Kind;
        Candidate root = candidate(program, 0);
        if (root.kind != Kind::take) return Error{program + ": not an ELF file the dynamic loader reads (64-bit little-endian)"};
        LoadedProgram out;
        out.executable = root.dynamic.has_interpreter || root.dynamic.type == et_exec;
        // A program's $ORIGIN is its real folder: ld.so takes it from /proc/self/exe. A library's
        // is the folder of the path it is loaded by, as written.
        char real[PATH_MAX];
        const bool resolved = out.executable && realpath(program.c_str(), real);
        const std::string origin = folder_of(resolved ? std::string(real) : program);
        objects_.push_back({program, origin, std::move(root.dynamic), 0});
        ld_library_path_ = search_dirs(search_.ld_library_path, ":;", origin, search_, "LD_LIBRARY_PATH", notes_);
        remember(objects_[0]);
        std::set<std::string> missing;
        for (std::size_t next = 0; next < objects_.size(); ++next) {
            const std::vector<std::string> needed = objects_[next].dynamic.needed;
            for (const std::string& name : needed) {
                // A name with a '/' is known by its path: "$ORIGIN/x.so" of two folders is two files.
                std::string key = name;
                if (name.find('/') != std::string::npos) {
                    auto path = expand(name, objects_[next].origin, search_, "DT_NEEDED", notes_);
                    if (path) key = *path;
                }
                if (names_.count(key)) continue;
                std::string how = "preloaded";
                Found found = from_list(search_.preloaded_first, name);
                if (found.kind == Kind::pass_over) found = find(name, next, how);
                const std::string needer = objects_[next].path;
                if (found.kind == Kind::stop) {
                    // ld.so stops the program here: nothing after it is loaded.
                    out.libraries.push_back({name, "", needer, how, found.path, found.why, "", "", ""});
                    out.notes = notes_;
                    return out;
                }
                if (found.kind == Kind::pass_over) {
                    found = from_list(search_.preloaded, name);
                    if (found.kind != Kind::pass_over) how = "already loaded";
                }
                if (found.kind == Kind::pass_over) {
                    // Not taken as loaded: ld.so (in ldd's trace too) searches again for the next
                    // object that needs it, with that object's search path.
                    if (missing.insert(key).second) out.libraries.push_back({name, "", needer, "", "", "", "", "", ""});
                    continue;
                }
                names_.insert(key);
                names_.insert(found.path);
                if (!files_.insert(identity(found.path)).second) continue;  // the same file under another name
                LoadedLibrary library{name, found.path, needer, how, "", "", "", "", ""};
                if (how == "LD_LIBRARY_PATH") {
                    library.found_in = found.folder;
                    std::string own_how;
                    const Found own = find(name, next, own_how, false);
                    if (own.kind == Kind::take && identity(own.path) != identity(found.path)) {
                        library.without_ld_library_path = own.path;
                        library.without_found_by = own_how;
                    }
                }
                out.libraries.push_back(std::move(library));
                objects_.push_back({found.path, folder_of(found.path), std::move(found.dynamic), next});
                if (!objects_.back().dynamic.soname.empty()) names_.insert(objects_.back().dynamic.soname);
            }
        }
        out.notes = notes_;
        return out;
    }

private:
    static constexpr std::uint16_t et_exec = 2;

    // The file of a sorted (name, path) list for a name without a '/', as a search step ends.
    Found from_list(const std::vector<std::pair<std::string, std::string>>& list, const std::string& name) {
        if (name.find('/') != std::string::npos) return {};
        const auto it = std::lower_bound(list.begin(), list.end(), std::make_pair(name, std::string()));
        if (it == list.end() || it->first != name) return {};
        return try_path(it->second, "", objects_[0].dynamic.machine, memo_);
    }

    std::vector<std::string> dirs(const std::string& path, const Object& object, const std::string& where) {
        return search_dirs(path, ":", object.origin, search_, where, notes_);
    }

    [[nodiscard]] bool in_default_folder(const std::string& path) const {
        return std::any_of(search_.default_dirs.begin(), search_.default_dirs.end(), [&](const std::string& dir) {
            return path.compare(0, dir.size() + 1, dir + "/") == 0;
        });
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
    LoaderMemo::Files* memo_;
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

namespace {

// What $LIB stands for: the folder of the libc.so.6 the cache names, else of the first default
// folder that holds one, less a leading /usr/ or /; empty without one.
std::string dst_lib(const LoaderSearch& search, std::uint16_t machine) {
    std::string libc = ld_cache_lookup(search.cache, "libc.so.6", machine);
    for (auto dir = search.default_dirs.begin(); libc.empty() && dir != search.default_dirs.end(); ++dir) {
        if (::access((*dir + "/libc.so.6").c_str(), F_OK) == 0) libc = *dir + "/libc.so.6";
    }
    if (libc.empty()) return {};
    std::string folder = libc.substr(0, libc.rfind('/'));
    for (const std::string_view prefix : {"/usr/", "/"}) {
        if (folder.compare(0, prefix.size(), prefix) == 0) return folder.substr(prefix.size());
    }
    return folder;
}

}  // namespace

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
    // glibc's value can differ from the kernel's (haswell for x86_64): ld.so is asked; an older
    // ld.so without --list-diagnostics, or none, leaves the kernel's.
    const std::string ld_so = machine == em_aarch64 ? "/lib/ld-linux-aarch64.so.1" : "/lib64/ld-linux-x86-64.so.2";
    if (const Result<ProcessOutput> asked = run_process({ld_so, "--list-diagnostics"}, std::chrono::seconds(10), 1 << 20);
        asked && asked->exit_code == 0)
        search.platform = diagnostics_platform(asked->out);
    if (const auto* platform = reinterpret_cast<const char*>(getauxval(AT_PLATFORM)); platform && search.platform.empty())
        search.platform = platform;
    search.lib = dst_lib(search, machine);
    return search;
}

std::string diagnostics_platform(std::string_view diagnostics) {
    constexpr std::string_view key = "dl_platform=\"";
    std::size_t at = diagnostics.find(key);
    while (at != std::string_view::npos && at != 0 && diagnostics[at - 1] != '\n') at = diagnostics.find(key, at + 1);
    if (at == std::string_view::npos) return {};
    const std::size_t begin = at + key.size();
    const std::size_t end = diagnostics.find('"', begin);
    if (end == std::string_view::npos || diagnostics.find('\n', begin) < end) return {};
    return std::string(diagnostics.substr(begin, end - begin));
}

Result<LoadedProgram> loaded_libraries(const std::string& program, const LoaderSearch& search, LoaderMemo* memo) {
    return Loader(search, memo ? memo->files_.get() : nullptr).run(program);
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
    std::vector<std::string> files = mapped_files(*text);
    if (!files.empty()) return files;
    // Nothing to judge is no verdict: say why, from the process's state and flags.
    const Result<std::string> stat = binary::read_text_file("/proc/" + pid + "/stat", binary::input_limit::proc_stat);
    return Error{"process " + pid + " " + unmapped_reason(stat ? *stat : std::string(), *text)};
}

std::string unmapped_reason(std::string_view stat, std::string_view maps) {
    // "pid (comm) state ppid pgrp session tty_nr tpgid flags ...": comm may hold spaces and ')'.
    const std::size_t close = stat.rfind(')');
    std::vector<std::string> fields;
    if (close != std::string_view::npos) fields = text::split(stat.substr(std::min(close + 2, stat.size())), ' ');
    constexpr unsigned long pf_kthread = 0x00200000;
    unsigned long flags = 0;
    if (fields.size() > 6) flags = std::strtoul(fields[6].c_str(), nullptr, 10);
    if (!fields.empty() && fields[0] == "Z")
        return "is a zombie: it has exited and its parent has not collected it, so it maps no file to judge";
    if ((flags & pf_kthread) != 0) return "is a kernel thread: it runs no program and maps no file to judge";
    if (maps.find(" (deleted)") != std::string_view::npos)
        return "maps no file that still exists: the files it mapped were deleted since";
    return "maps no file to judge";
}

}  // namespace cudaarch
