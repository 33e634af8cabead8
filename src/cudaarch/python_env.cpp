// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/python_env.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <chrono>
#include <cstring>
#include <future>
#include <optional>
#include <set>
#include <system_error>

#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/folder_files.hpp"
#include "cudaarch/parallel.hpp"
#include "cudaarch/process.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

constexpr std::string_view kDistInfo = ".dist-info";

// `text` without the blanks around it.
std::string_view trimmed(std::string_view text) {
    const std::size_t begin = text.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos) return {};
    return text.substr(begin, text.find_last_not_of(" \t\r") - begin + 1);
}

// Whether a RECORD entry can be an ELF file worth opening: a shared object (x.so, x.so.12,
// x.cpython-311-x86_64-linux-gnu.so) or a name without an extension (executables). Python
// sources, headers and data, most of a RECORD, are never opened.
bool may_be_elf(std::string_view path) {
    const std::string_view name = path.substr(path.rfind('/') == std::string_view::npos ? 0 : path.rfind('/') + 1);
    if (name.find('.') == std::string_view::npos) return true;
    const std::size_t so = name.find(".so");
    return so != std::string_view::npos && (so + 3 == name.size() || name[so + 3] == '.');
}

// Whether a RECORD entry is a file the interpreter runs or reads as it starts: a .pth file, or a
// module at the top of the site-packages (an editable install's finder, which a .pth imports).
bool is_startup_file(std::string_view path) {
    if (path.find('/') != std::string_view::npos) return false;
    return text::ends_with(path, ".pth") || text::ends_with(path, ".py");
}

// Whether a RECORD entry is a launcher the installer wrote into the environment's bin/ for one of
// the distribution's entry points (`../../../bin/torchrun`): a Python script, never device code,
// and in every environment, so it is neither read nor noted as a file outside the site-packages.
bool is_entry_point_launcher(std::string_view path, const std::vector<std::string>& scripts) {
    const std::size_t slash = path.rfind('/');
    if (path.compare(0, 3, "../") != 0 || !text::ends_with(path.substr(0, slash), "/bin")) return false;
    return std::find(scripts.begin(), scripts.end(), path.substr(slash + 1)) != scripts.end();
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

// Where `path` (a RECORD entry of a distribution in `site`, whose links resolve to `real_site`)
// leads, when that is a file under `real_site`; else empty, with the entry in `outside` when it
// leaves the folder, or a note when it is no regular file (a link to a FIFO or a device): a
// RECORD is the distribution's word, and it may name anything. Not opened, so a device's open
// does nothing either.
std::string contained_file(const std::string& site, const std::string& real_site, std::string_view path,
                           std::vector<std::string>& outside, std::vector<std::string>& notes) {
    const std::string file = path[0] == '/' ? std::string(path) : site + "/" + std::string(path);
    char resolved[PATH_MAX];
    if (real_site.empty() || ::realpath(file.c_str(), resolved) == nullptr) return {};  // missing: nothing to read
    const std::string_view real(resolved);
    if (real.size() <= real_site.size() || real.compare(0, real_site.size(), real_site) != 0 || real[real_site.size()] != '/') {
        outside.emplace_back(path);
        return {};
    }
    struct stat status {};
    if (::stat(resolved, &status) != 0) return {};
    if (!S_ISREG(status.st_mode)) {
        notes.push_back(binary::not_regular_file(file, status.st_mode) + ", skipped");
        return {};
    }
    return file;
}

Distribution read_distribution(const std::string& site, const std::string& real_site, const std::string& folder,
                               std::vector<std::string>& notes) {
    Distribution d;
    d.dist_info = site + "/" + folder;
    const std::string stem = folder.substr(0, folder.size() - kDistInfo.size());
    NameVersion named{stem.substr(0, stem.find('-')), stem.find('-') == std::string::npos ? "" : stem.substr(stem.find('-') + 1)};
    if (const Result<std::string> metadata = binary::read_text_file(d.dist_info + "/METADATA", binary::input_limit::metadata)) {
        const NameVersion read = metadata_name_version(*metadata);
        if (!read.name.empty()) named.name = read.name;
        if (!read.version.empty()) named.version = read.version;
    }
    d.name = named.name;
    d.version = named.version;
    if (const Result<std::string> direct = binary::read_text_file(d.dist_info + "/direct_url.json", binary::input_limit::metadata))
        d.local_build = direct->find("\"dir_info\"") != std::string::npos;
    int error = 0;
    const Result<std::string> record = binary::read_text_file(d.dist_info + "/RECORD", binary::input_limit::record, {}, &error);
    if (!record) {
        notes.push_back(error == ENOENT ? d.dist_info + ": no readable RECORD, so its files are not known"
                                        : record.error().message + "; the distribution's files are not known");
        return d;
    }
    std::vector<std::string> scripts;
    if (const Result<std::string> entry_points = binary::read_text_file(d.dist_info + "/entry_points.txt", binary::input_limit::metadata))
        scripts = script_names(*entry_points);
    std::vector<std::string> outside;
    for_each_record_path(*record, [&](std::string_view path) {
        if (is_startup_file(path)) d.startup_files.push_back(site + "/" + std::string(path));
        if (path.empty() || !may_be_elf(path) || is_entry_point_launcher(path, scripts)) return;
        std::string file = contained_file(site, real_site, path, outside, notes);
        if (!file.empty() && is_elf_file(file)) d.elf_files.push_back(std::move(file));
    });
    if (!outside.empty()) {
        constexpr std::size_t kNamed = 3;
        std::string entries;
        for (std::size_t i = 0; i < outside.size() && i < kNamed; ++i) entries += (i ? ", " : "") + outside[i];
        if (outside.size() > kNamed) entries += " and " + std::to_string(outside.size() - kNamed) + " more";
        notes.push_back(d.dist_info + "/RECORD names " + std::to_string(outside.size()) + " file" +
                        (outside.size() == 1 ? "" : "s") + " outside " + site + ", not read: " + entries);
    }
    return d;
}

// `path` with "." and ".." entries and repeated slashes folded, as os.path.abspath folds them
// (without resolving links); `path` is absolute.
std::string normalised(std::string_view path) {
    std::vector<std::string_view> parts;
    for (std::size_t at = 0; at <= path.size();) {
        const std::size_t end = std::min(path.find('/', at), path.size());
        const std::string_view part = path.substr(at, end - at);
        if (part == "..") {
            if (!parts.empty()) parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        at = end + 1;
    }
    std::string out;
    for (const std::string_view part : parts) out += "/" + std::string(part);
    return out.empty() ? "/" : out;
}

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The string literal whose quote is at s[at] (after its prefix), with escapes read unless `raw`;
// `at` is left after it. nullopt for one that does not end.
std::optional<std::string> string_literal(std::string_view s, std::size_t& at, bool raw) {
    const char quote = s[at];
    const bool triple = s.substr(at, 3) == std::string(3, quote);
    at += triple ? 3 : 1;
    std::string value;
    while (at < s.size()) {
        const char c = s[at];
        if (c == quote && (!triple || s.substr(at, 3) == std::string(3, quote))) {
            at += triple ? 3 : 1;
            return value;
        }
        if (c == '\n' && !triple) return std::nullopt;
        if (c == '\\' && at + 1 < s.size()) {
            const char next = s[at + 1];
            at += 2;
            if (raw) value += std::string{c, next};
            else if (next == 'n') value += '\n';
            else if (next == 't') value += '\t';
            else if (next == '\\' || next == '\'' || next == '"') value += next;
            else value += std::string{c, next};
            continue;
        }
        value += c;
        ++at;
    }
    return std::nullopt;
}

// The ELF files the interpreter can import from `path`, a folder or file an editable install's
// finder maps a module to (every ELF file below a package's folder), or with `top_level` a
// folder a .pth path line adds (its packages' folders and its top-level modules; not
// .dist-info, .egg-info or hidden folders, which hold no module).
void importable_elf_files(const std::string& path, bool top_level, std::vector<std::string>& files,
                          std::vector<std::string>& notes) {
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0) return;
    if (S_ISREG(status.st_mode)) {
        if (is_elf_file(path)) files.push_back(path);
        return;
    }
    if (!S_ISDIR(status.st_mode)) return;
    const auto walk = [&](const std::string& folder) {
        std::vector<SkippedFile> skipped;
        Result<std::vector<std::string>> found = folder_elf_files(folder, skipped);
        if (found) files.insert(files.end(), found->begin(), found->end());
        for (const SkippedFile& file : skipped)
            if (file.unread) notes.push_back(file.path + ": " + file.why + ", not read");
    };
    if (!top_level) return walk(path);
    for (const std::string& name : folder_names(path)) {
        if (name.empty() || name[0] == '.' || text::ends_with(name, kDistInfo) || text::ends_with(name, ".egg-info") ||
            name == "__pycache__")
            continue;
        const std::string entry = path + "/" + name;
        if (::lstat(entry.c_str(), &status) != 0) continue;
        if (S_ISDIR(status.st_mode)) walk(entry);
        else if (S_ISREG(status.st_mode) && may_be_elf(name) && is_elf_file(entry)) files.push_back(entry);
    }
}

PythonEnvironment read_dist_infos(const std::vector<std::string>& site_dirs);

bool holds_dist_info(const std::string& folder) {
    const std::vector<std::string> names = folder_names(folder);
    return std::any_of(names.begin(), names.end(),
                       [](const std::string& name) { return name.size() > kDistInfo.size() && text::ends_with(name, kDistInfo); });
}

// The distribution whose RECORD lists `file` (a .pth file, a finder module); null for none.
Distribution* owner_of(std::vector<Distribution>& distributions, const std::string& file) {
    for (Distribution& d : distributions) {
        if (std::find(d.startup_files.begin(), d.startup_files.end(), file) != d.startup_files.end()) return &d;
    }
    return nullptr;
}

// `folder`'s ELF files (importable_elf_files()) added to its owner's, the folder named as the
// owner's editable folder; without an owner (a .pth file no RECORD lists), to a distribution
// named by the .pth file.
void add_editable(PythonEnvironment& env, const std::string& pth, const std::string& owner_file, const std::string& folder,
                  bool top_level) {
    std::vector<std::string> files;
    importable_elf_files(folder, top_level, files, env.problems);
    Distribution* owner = owner_of(env.distributions, pth);
    if (!owner && !owner_file.empty()) owner = owner_of(env.distributions, owner_file);
    if (!owner) {
        if (files.empty()) return;
        Distribution made;
        made.name = pth.substr(pth.rfind('/') + 1);
        made.startup_files.push_back(pth);
        env.distributions.push_back(std::move(made));
        owner = &env.distributions.back();
    }
    // A mapped file without ELF code (a package's __init__.py) is no place worth naming.
    struct stat status {};
    const bool named = !files.empty() || (::stat(folder.c_str(), &status) == 0 && S_ISDIR(status.st_mode));
    if (named && std::find(owner->editable.begin(), owner->editable.end(), folder) == owner->editable.end())
        owner->editable.push_back(folder);
    for (std::string& file : files) {
        if (std::find(owner->elf_files.begin(), owner->elf_files.end(), file) == owner->elf_files.end())
            owner->elf_files.push_back(std::move(file));
    }
}

// What the .pth files of `sites` add to `env`, in site.py's order (each folder's .pth files by
// name): another environment's distributions, editable installs' folders and files. `known`:
// the folders already read, each read once.
void read_pth_files(PythonEnvironment& env, const std::vector<std::string>& sites, std::set<std::string>& known) {
    for (const std::string& site : sites) {
        for (const std::string& name : folder_names(site)) {
            if (!text::ends_with(name, ".pth")) continue;
            const std::string pth = site + "/" + name;
            const Result<std::string> text = binary::read_text_file(pth, binary::input_limit::metadata);
            if (!text) continue;  // site.py passes over a .pth it cannot read
            const PthLines lines = parse_pth(*text, site);
            for (const std::string& folder : lines.folders) {
                struct stat status {};
                if (::stat(folder.c_str(), &status) != 0 || !S_ISDIR(status.st_mode) || !known.insert(folder).second) continue;
                if (!holds_dist_info(folder)) {
                    add_editable(env, pth, "", folder, true);
                    continue;
                }
                // Another environment's site-packages (a layered venv): its distributions.
                // site.py runs no .pth file of a folder a path line adds.
                PythonEnvironment other = read_dist_infos({folder});
                for (Distribution& d : other.distributions) {
                    d.through_pth = pth;
                    env.distributions.push_back(std::move(d));
                }
                for (std::string& problem : other.problems) env.problems.push_back(std::move(problem));
            }
            for (const std::string& module : lines.imports) {
                const std::string finder = site + "/" + module + ".py";
                const Result<std::string> source = binary::read_text_file(finder, binary::input_limit::metadata);
                if (!source) continue;
                for (const auto& [key, value] : string_pairs(*source)) {
                    if (!value.empty() && value[0] == '/') add_editable(env, pth, finder, value, false);
                }
            }
        }
    }
}

}  // namespace

PthLines parse_pth(std::string_view text, const std::string& site) {
    PthLines lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        if (line.empty() || line[0] == '#' || line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        if (line.substr(0, 7) == "import " || line.substr(0, 7) == "import\t") {
            std::string_view rest = line.substr(7);
            rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
            std::size_t length = 0;
            while (length < rest.size() && (is_identifier_char(rest[length]) || rest[length] == '.')) ++length;
            if (length) lines.imports.emplace_back(rest.substr(0, length));
            continue;
        }
        // site.py: line.rstrip(), then os.path.join(sitedir, line) made absolute.
        const std::size_t last = line.find_last_not_of(" \t\r\f\v");
        line = line.substr(0, last + 1);
        lines.folders.push_back(normalised(line[0] == '/' ? std::string(line) : site + "/" + std::string(line)));
    }
    return lines;
}

std::vector<std::pair<std::string, std::string>> string_pairs(std::string_view source) {
    std::vector<std::pair<std::string, std::string>> pairs;
    enum class State { none, key, colon } state = State::none;
    std::string key;
    for (std::size_t at = 0; at < source.size();) {
        const char c = source[at];
        if (c == '#') {
            at = source.find('\n', at);
            if (at == std::string_view::npos) break;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++at;
            continue;
        }
        std::string_view prefix;
        if (is_identifier_char(c)) {
            std::size_t end = at;
            while (end < source.size() && is_identifier_char(source[end])) ++end;
            prefix = source.substr(at, end - at);
            const bool quote_follows = end < source.size() && (source[end] == '\'' || source[end] == '"');
            if (!quote_follows || prefix.size() > 2 || prefix.find_first_not_of("rRbBuUfF") != std::string_view::npos) {
                at = end;
                state = State::none;
                continue;
            }
            at = end;
        }
        if (source[at] == '\'' || source[at] == '"') {
            const bool raw = prefix.find_first_of("rR") != std::string_view::npos;
            const bool plain = prefix.find_first_of("bBfF") == std::string_view::npos;
            const std::optional<std::string> value = string_literal(source, at, raw);
            if (!value) break;
            if (state == State::colon && plain) {
                pairs.emplace_back(std::move(key), *value);
                state = State::none;
            } else {
                key = *value;
                state = plain ? State::key : State::none;
            }
            continue;
        }
        state = c == ':' && state == State::key ? State::colon : State::none;
        ++at;
    }
    return pairs;
}

std::vector<std::string> site_dirs_command(const std::string& python) {
    // -I: neither PYTHONPATH nor the user's site decide where this interpreter installs, and no
    // site.py of the current folder is imported. -S, then site.main() with its site folders not
    // added: the venv (pyvenv.cfg) and sitecustomize still decide sys.prefix as at every start,
    // but no .pth file runs. Those add import paths and run code at startup, never where
    // packages install, and they cost most of the start: numba-cuda's took 46 of the 75 ms on
    // the GPU machine's PyTorch venv (docs/bench.md).
    // -I's -s would keep the user's site-packages off, so site.main() is given a plain start's
    // check_enableusersite() (PYTHONNOUSERSITE, which -I's -E ignores, read from the
    // environment; off for a setuid start): it stays off where a venv turns it off. A venv's
    // system site-packages are the site.getsitepackages() of its base prefixes that
    // site.venv() keeps in site.PREFIXES for include-system-site-packages = true. Each only
    // where it is a folder, as site.py adds it.
    return {python, "-I", "-S", "-c",
            "import os, site, sys\n"
            "def plain_start_user_site():\n"
            "    if os.environ.get('PYTHONNOUSERSITE'):\n"
            "        return False\n"
            "    return True if os.geteuid() == os.getuid() and os.getegid() == os.getgid() else None\n"
            "site.check_enableusersite = plain_start_user_site\n"
            "site.addsitedir = lambda sitedir, known_paths=None: known_paths\n"
            "site.main()\n"
            "import sysconfig\n"  // after site.main(): it keeps the sys.prefix it is imported with
            "own = [sysconfig.get_path(n) for n in ('purelib', 'platlib')]\n"
            "more = [('user:', site.getusersitepackages())] if site.ENABLE_USER_SITE else []\n"
            "if sys.prefix != sys.base_prefix:\n"
            "    more += [('system:', d) for d in site.getsitepackages() if d not in own]\n"
            "more = [(tag, d) for tag, d in more if os.path.isdir(d)]\n"
            "for tag, d in [('', d) for d in own] + more:\n"
            "    sys.stdout.buffer.write(os.fsencode(tag + d) + b'\\0')\n"};
}

Result<SiteDirs> parse_site_dirs(std::string_view output) {
    SiteDirs dirs;
    while (!output.empty()) {
        const std::size_t end = output.find('\0');
        if (end == std::string_view::npos) return Error{"its answer ends without a NUL byte"};
        std::string_view entry = output.substr(0, end);
        output.remove_prefix(end + 1);
        std::string place;
        for (const auto& [tag, named] : {std::pair<std::string_view, std::string_view>{"user:", kUserSitePackages},
                                         std::pair<std::string_view, std::string_view>{"system:", kVenvSystemSitePackages}}) {
            if (entry.substr(0, tag.size()) != tag) continue;
            entry.remove_prefix(tag.size());
            place = named;
        }
        const std::string dir(entry);
        if (dir.empty() || dir[0] != '/') return Error{"it named a site-packages folder that is not absolute: " + text::quote(dir)};
        if (place.empty()) {
            if (std::find(dirs.own.begin(), dirs.own.end(), dir) == dirs.own.end()) dirs.own.push_back(dir);
        } else {
            dirs.more.push_back({dir, place});
        }
    }
    if (dirs.own.empty()) return Error{"it printed no site-packages folder"};
    return dirs;
}

void for_each_record_path(std::string_view record, const std::function<void(std::string_view)>& path) {
    std::string quoted;
    std::size_t at = 0;
    while (at < record.size()) {
        std::string_view field;
        if (record[at] == '"') {
            quoted.clear();
            for (++at; at < record.size(); ++at) {
                if (record[at] != '"') quoted += record[at];
                else if (at + 1 < record.size() && record[at + 1] == '"') quoted += record[++at];
                else break;
            }
            field = quoted;
        } else {
            // The line's end, then the first comma and carriage return before it, each with
            // memchr, not find_first_of() (which searches the set for every byte) nor a byte
            // loop: a RECORD (torch's: 13,000 rows) is read for every check, before any file is.
            const std::size_t line_end = std::min(record.find('\n', at), record.size());
            std::size_t end = line_end;
            for (const char stop : {',', '\r'}) {
                if (const void* found = std::memchr(record.data() + at, stop, end - at))
                    end = static_cast<std::size_t>(static_cast<const char*>(found) - record.data());
            }
            field = record.substr(at, end - at);
            at = line_end;
        }
        const std::size_t line_end = record.find('\n', at);
        at = line_end == std::string_view::npos ? record.size() : line_end + 1;
        if (!field.empty()) path(field);
    }
}

std::vector<std::string> record_paths(std::string_view record) {
    std::vector<std::string> paths;
    for_each_record_path(record, [&](std::string_view path) { paths.emplace_back(path); });
    return paths;
}

std::vector<std::string> script_names(std::string_view entry_points) {
    std::vector<std::string> names;
    bool scripts = false;
    while (!entry_points.empty()) {
        const std::size_t end = entry_points.find('\n');
        const std::string_view line = trimmed(entry_points.substr(0, end));
        entry_points = end == std::string_view::npos ? std::string_view() : entry_points.substr(end + 1);
        if (!line.empty() && line.front() == '[')
            scripts = line == "[console_scripts]" || line == "[gui_scripts]";
        else if (scripts && line.find('=') != std::string_view::npos && line.front() != '#' && line.front() != ';')
            if (const std::string_view name = trimmed(line.substr(0, line.find('='))); !name.empty()) names.emplace_back(name);
    }
    return names;
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
            return std::string(trimmed(line.substr(key.size())));
        };
        if (out.name.empty()) if (auto v = value("Name:")) out.name = *v;
        if (out.version.empty()) if (auto v = value("Version:")) out.version = *v;
    }
    return out;
}

namespace {

// The distributions of the .dist-info folders in `site_dirs`, unsorted, without the .pth files.
PythonEnvironment read_dist_infos(const std::vector<std::string>& site_dirs) {
    PythonEnvironment env;
    env.site_dirs = site_dirs;
    std::vector<std::pair<const std::string*, std::string>> folders;  // site, .dist-info folder
    for (const std::string& site : site_dirs) {
        for (std::string& name : folder_names(site)) {
            if (name.size() <= kDistInfo.size() || !text::ends_with(name, kDistInfo)) continue;
            folders.emplace_back(&site, std::move(name));
        }
    }
    // An environment holds hundreds of distributions, each a few small files to read and the
    // ELF files its RECORD names to open: read on file_threads().
    env.distributions.resize(folders.size());
    // Each folder as its links resolve, once: what a RECORD entry must resolve under.
    std::vector<std::string> real_sites;
    for (const std::string& site : site_dirs) {
        char resolved[PATH_MAX];
        real_sites.emplace_back(::realpath(site.c_str(), resolved) ? resolved : "");
    }
    std::vector<std::vector<std::string>> notes(folders.size());
    for_each_parallel(folders.size(), file_threads(), [&](std::size_t i) {
        const std::string& real_site = real_sites[static_cast<std::size_t>(folders[i].first - site_dirs.data())];
        env.distributions[i] = read_distribution(*folders[i].first, real_site, folders[i].second, notes[i]);
    });
    for (std::vector<std::string>& some : notes)
        for (std::string& note : some) env.problems.push_back(std::move(note));
    return env;
}

}  // namespace

PythonEnvironment read_site_dirs(const std::vector<std::string>& site_dirs, const std::vector<SiteDir>& more) {
    PythonEnvironment env = read_dist_infos(site_dirs);
    std::set<std::string> known(site_dirs.begin(), site_dirs.end());
    read_pth_files(env, site_dirs, known);
    // In sys.path's order, after the own site-packages; a folder already read (named twice, or
    // added by a .pth path line before) is where its distributions import from the first time.
    for (const SiteDir& site : more) {
        if (!known.insert(site.folder).second) continue;
        PythonEnvironment other = read_dist_infos({site.folder});
        for (Distribution& d : other.distributions) {
            d.place = site.place;
            env.distributions.push_back(std::move(d));
        }
        for (std::string& problem : other.problems) env.problems.push_back(std::move(problem));
        env.more_site_dirs.push_back(site);
        read_pth_files(env, {site.folder}, known);
    }
    std::sort(env.distributions.begin(), env.distributions.end(), [](const Distribution& a, const Distribution& b) {
        const std::string la = text::lower(a.name), lb = text::lower(b.name);
        return la != lb ? la < lb : a.version < b.version;
    });
    return env;
}

Result<SiteDirs> ask_site_dirs(const std::string& python, std::chrono::milliseconds limit) {
    const std::string named = "the Python interpreter " + text::quote(python);
    const Result<ProcessOutput> run = run_process(site_dirs_command(python), limit, binary::input_limit::interpreter_answer);
    if (!run) return Error{"cannot run " + named + ": " + run.error().message};
    if (run->too_large) return Error{"the output of " + named + " is larger than " + binary::size_text(binary::input_limit::interpreter_answer)};
    if (run->timed_out)
        return Error{named + " did not answer within " + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(limit).count()) +
                     " s; raise the limit with --timeout"};
    if (run->signal != 0) return Error{named + " was " + killed_by(run->signal)};
    if (run->exit_code != 0) {
        std::string err = run->err.substr(0, run->err.find('\n'));
        return Error{named + " failed (exit " + std::to_string(run->exit_code) + ")" + (err.empty() ? "" : ": " + err)};
    }
    Result<SiteDirs> dirs = parse_site_dirs(run->out);
    if (!dirs) return Error{named + " gave no site-packages: " + dirs.error().message};
    return dirs;
}

std::vector<std::string> derived_site_dirs(const std::string& python) {
    const std::string path = python.find('/') == std::string::npos ? find_in_path(python) : python;
    if (path.empty() || path[0] != '/' || path.find("/./") != std::string::npos || path.find("/../") != std::string::npos ||
        path.find("//") != std::string::npos)
        return {};
    // PEP 405: pyvenv.cfg beside the interpreter, else one folder up; that folder is the prefix.
    std::string prefix = path.substr(0, path.rfind('/'));
    Result<std::string> cfg = binary::read_text_file(prefix + "/pyvenv.cfg", binary::input_limit::metadata);
    if (!cfg && !prefix.empty()) {
        prefix = prefix.substr(0, prefix.rfind('/'));
        cfg = binary::read_text_file(prefix + "/pyvenv.cfg", binary::input_limit::metadata);
    }
    if (!cfg || prefix.empty()) return {};
    // `version = 3.11.7` (venv), `version_info = 3.11.7.final.0` (virtualenv, uv).
    std::string_view rest = *cfg;
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        const std::size_t equals = line.find('=');
        if (equals == std::string_view::npos) continue;
        const std::string_view key = trimmed(line.substr(0, equals));
        if (key != "version" && key != "version_info") continue;
        const std::string value(trimmed(line.substr(equals + 1)));
        const std::size_t dot = value.find_first_not_of("0123456789");
        if (dot == 0 || dot == std::string::npos || value[dot] != '.') return {};
        const std::size_t minor_end = std::min(value.find_first_not_of("0123456789", dot + 1), value.size());
        if (minor_end == dot + 1) return {};
        const std::string site = prefix + "/lib/python" + value.substr(0, minor_end) + "/site-packages";
        struct stat status {};
        if (::stat(site.c_str(), &status) != 0 || !S_ISDIR(status.st_mode)) return {};
        return {site};
    }
    return {};
}

Result<PythonEnvironment> read_python_environment(const std::string& python, std::chrono::milliseconds limit,
                                                  const std::function<void(const PythonEnvironment&)>& read_files) {
    // The interpreter takes tens of milliseconds to start: while it does, the folders derived
    // from its venv are read, and kept when it names the same.
    std::future<Result<SiteDirs>> asked;
    try {
        asked = std::async(std::launch::async, ask_site_dirs, python, limit);
    } catch (const std::system_error&) {
        // No thread to spare: asked first, then read.
    }
    const std::vector<std::string> derived = asked.valid() ? derived_site_dirs(python) : std::vector<std::string>();
    std::optional<PythonEnvironment> guess;
    if (!derived.empty()) {
        guess = read_site_dirs(derived);
        if (read_files) read_files(*guess);
    }
    Result<SiteDirs> dirs = asked.valid() ? asked.get() : ask_site_dirs(python, limit);
    if (!dirs) return dirs.error();
    if (guess && guess->site_dirs == dirs->own && dirs->more.empty()) return std::move(*guess);
    PythonEnvironment env = read_site_dirs(dirs->own, dirs->more);
    if (read_files) read_files(env);
    return env;
}

}  // namespace cudaarch
