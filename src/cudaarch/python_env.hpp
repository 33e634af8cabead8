// SPDX-License-Identifier: Apache-2.0
// A Python environment's installed distributions and the ELF files each one installed, for
// `cudaarch check --python`: the interpreter is asked once for its site-packages (read from a
// venv's pyvenv.cfg while it starts, and kept when it agrees) and for the other folders a plain
// start imports from (the user's site-packages, a venv's system site-packages), and each
// distribution's files are those its .dist-info/RECORD lists. The .pth files of the site-packages are read, never run:
// their path lines add folders (another environment's site-packages, whose distributions are
// read as the environment's; a project's source folder, an editable install), their import
// lines load an editable install's finder, whose mapping of module names to folders and files
// is read as written.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cudaarch/result.hpp"

namespace cudaarch {

struct Distribution {
    std::string name;       // METADATA's Name (else the .dist-info folder's): torch
    std::string version;    // METADATA's Version: 2.11.0+cu130
    std::string dist_info;  // the .dist-info folder
    // Installed from a local folder (direct_url.json has "dir_info", editable installs
    // included): the user's own build, which a rebuild fixes; else a vendor's binary.
    bool local_build = false;
    std::vector<std::string> elf_files;  // the ELF files its RECORD lists, in RECORD order, then those below
    // An editable install's (or a .pth path line's) folders and files the interpreter imports
    // from, outside the site-packages: its ELF files are judged as the distribution's.
    std::vector<std::string> editable;
    std::string through_pth;  // read from a folder a .pth path line adds: that .pth file
    std::string place;        // read from a SiteDirs::more folder: its place ("user site-packages")
    std::vector<std::string> startup_files;  // the .pth and top-level .py files its RECORD lists, absolute
};

// What a .pth file adds, read as site.py reads it without running it: each path line's folder
// (joined to `site` and normalised, as os.path.join and abspath do; "#" lines and blank lines
// skipped), and for each line that starts with "import", the module it imports first.
struct PthLines {
    std::vector<std::string> folders;
    std::vector<std::string> imports;
};
[[nodiscard]] PthLines parse_pth(std::string_view text, const std::string& site);

// Every `'key': 'value'` pair of string literals in Python source (an editable finder's
// MAPPING = {'pkg': '/src/pkg'}, scikit-build-core's redirect's install({...}, {...})), in
// order; pairs whose value is not a plain string literal are left out.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> string_pairs(std::string_view source);

// A folder the interpreter imports from beside its own site-packages: the user's
// site-packages, a venv's system site-packages (include-system-site-packages = true).
// The places a SiteDir can be, as the reports name them.
inline constexpr std::string_view kUserSitePackages = "user site-packages";
inline constexpr std::string_view kVenvSystemSitePackages = "system site-packages of the venv";

struct SiteDir {
    std::string folder;
    std::string place;  // kUserSitePackages or kVenvSystemSitePackages
    bool operator==(const SiteDir& other) const { return folder == other.folder && place == other.place; }
};

// The interpreter's answer: its own site-packages (where it installs), then the other folders
// a plain start imports from, in sys.path order.
struct SiteDirs {
    std::vector<std::string> own;  // purelib, then platlib when it differs
    std::vector<SiteDir> more;
};

struct PythonEnvironment {
    std::vector<std::string> site_dirs;  // purelib, then platlib when it differs
    std::vector<SiteDir> more_site_dirs;  // read as site_dirs are, each distribution labelled
    std::vector<Distribution> distributions;  // sorted by name, then version
    // Notes: RECORDs that are missing, unreadable or too large, RECORD entries that lead outside
    // their site-packages (never read), entries that are no regular file (skipped).
    std::vector<std::string> problems;
};

// The command that prints the interpreter's purelib and platlib, each ended by a NUL byte, as
// the interpreter starts them (its venv and sitecustomize included) but without running the
// .pth files of its site-packages; then, each as `user:<folder>` or `system:<folder>`, the
// user's site-packages and a venv's system site-packages where a plain start imports from them.
[[nodiscard]] std::vector<std::string> site_dirs_command(const std::string& python);

// The folders in that command's output: the NUL-ended paths, each once.
Result<SiteDirs> parse_site_dirs(std::string_view output);

// The paths of a RECORD file (CSV: path,hash,size; a field may be quoted, "" is a quote),
// each given to `path` in order (a view valid during the call), or collected.
void for_each_record_path(std::string_view record, const std::function<void(std::string_view)>& path);
[[nodiscard]] std::vector<std::string> record_paths(std::string_view record);

// Name and Version from a METADATA (or PKG-INFO) header; each empty when absent.
struct NameVersion {
    std::string name;
    std::string version;
};
[[nodiscard]] NameVersion metadata_name_version(std::string_view metadata);

// The launchers an installer writes for a distribution's entry points: the names of the
// [console_scripts] and [gui_scripts] sections of its entry_points.txt, in order.
[[nodiscard]] std::vector<std::string> script_names(std::string_view entry_points);

// Every distribution in the folders, with its ELF files; those of `more` (a folder already read
// left out) labelled with its place.
[[nodiscard]] PythonEnvironment read_site_dirs(const std::vector<std::string>& site_dirs, const std::vector<SiteDir>& more = {});

// Runs `python` once for its site-packages (site_dirs_command()), at most for `limit`, its
// answer at most input_limit::interpreter_answer bytes (run_process: nothing it started is left
// when this returns). The error says why the interpreter gave none (not found, failed, killed by
// a signal, too slow, too much, printed nothing).
Result<SiteDirs> ask_site_dirs(const std::string& python, std::chrono::milliseconds limit);

// The site-packages a venv's interpreter names, without running it: <prefix>/lib/pythonX.Y/
// site-packages where <prefix>/pyvenv.cfg (PEP 405: beside the interpreter, or one folder up)
// says `version = X.Y.Z` or `version_info = X.Y.Z…` and that folder exists. Empty for an
// interpreter given by a path that is not absolute and plain (no ".", "..", "//") after the
// PATH search, and for one that is no such venv. A guess: read_python_environment() keeps what
// it read only when the interpreter's answer is the same.
[[nodiscard]] std::vector<std::string> derived_site_dirs(const std::string& python);

// The environment of `python`: its site-packages as the interpreter answers (ask_site_dirs()
// within `limit`,
// whose error it returns), read. `read_files`, when given, is called with each environment read,
// for what the caller reads of its files: the folders derived_site_dirs() names are read, and
// given to it, while the interpreter starts, and read again only when its answer differs, so
// the last call is with the environment returned.
Result<PythonEnvironment> read_python_environment(
    const std::string& python, std::chrono::milliseconds limit, const std::function<void(const PythonEnvironment&)>& read_files = {});

}  // namespace cudaarch
