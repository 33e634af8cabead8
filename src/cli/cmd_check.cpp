// SPDX-License-Identifier: Apache-2.0
// cudaarch check [--gpu SPEC|PRODUCT]... [--driver VERSION] [--no-deps] [--json] [--timeout SECONDS]
//                FILE|DIR... | --pid PID | --python [PYTHON]...:
// whether the code in each file, in the libraries a program loads, in a folder, in a running
// process or in a Python environment runs on each GPU, why not, and the fix. See docs/cli/check.md.
// Its options, what it reads and asks the verdict engine (cudaarch/verdict.hpp) about, and the
// order of its calls; the verdicts' words are check_output.cpp's, --python check_python.cpp's.
#include <algorithm>
#include <future>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <system_error>
#include <string>
#include <vector>

#include "cli/check.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/terminal_text.hpp"
#include "cudaarch/folder_files.hpp"

namespace cudaarch::cli {

// Defined after its options; the option readers above it name it.
extern const CommandSyntax kCheckSyntax;

namespace {

using namespace check;

constexpr Option kOptions[] = {
    {"--gpu", "SPEC|PRODUCT",
     "a GPU to check: 9.0, sm_86, 75, T4, \"RTX 4090\";\n"
     "default: the GPUs the NVIDIA driver reports", true},
    {"--driver", "VERSION",
     "the driver to check PTX JIT against: 575.51.03 or a CUDA version\n"
     "(12.9); default: the installed driver, if any"},
    {"--no-deps", "", "judge only the files named, not the libraries a program loads"},
    {"--pid", "PID", "judge what a running process has mapped (/proc/PID/maps)"},
    {"--python", "", "judge the distributions installed in each PYTHON's site-packages;\n"
                     "the operands are interpreters (default: python3)"},
    kJsonOption,
    {kTimeoutOption.name, kTimeoutOption.value,
     "how long the NVIDIA driver, and with --python each interpreter,\n"
     "may take to answer, 1 to 3600 (default: CUDAARCH_DRIVER_TIMEOUT, else 60)"},
};

Result<Options> check_options(const CommandLine& line) {
    Result<Options> judged = judge_options(kCheckSyntax, line);
    if (!judged) return judged;
    Options& o = judged.value();
    o.no_deps = line.has("--no-deps");
    o.python = line.has("--python");
    if (const auto pid = line.value("--pid")) o.pid = std::string(*pid);
    if (o.pid && o.python) return Error{text::mutually_exclusive("--pid", "--python")};
    if (o.pid && !line.operands.empty()) return Error{"--pid takes no FILE (it judges what the process has mapped)"};
    if (!o.pid && !o.python && line.operands.empty()) return Error{"no input file"};
    o.operands.assign(line.operands.begin(), line.operands.end());
    if (o.python && o.operands.empty()) o.operands.emplace_back("python3");
    return judged;
}

// Checks one file on every GPU, writes the result; returns the file's exit status.
int check_file(Report& report, const std::string& path, const Options& o) {
    Result<binary::Listing> listing = list_modules(path);
    if (!listing) return report.unreadable(path, listing.error().message);
    return report.file(path, judge_file(path, std::move(listing).value(), o));
}

// The files judged so far, by device and inode: a library that several operands load (every
// PyTorch library loads libcudart and cuBLAS) is judged once.
using JudgedFiles = std::set<std::pair<dev_t, ino_t>>;

// Adds `path` to `judged`; false when it was there already.
bool first_time(JudgedFiles& judged, const std::string& path) {
    struct stat status {};
    return ::stat(path.c_str(), &status) != 0 || judged.insert({status.st_dev, status.st_ino}).second;
}

// What a library the program cannot load means: a program stops at start; a shared library
// loads only into a process that has loaded the library already (a PyTorch extension's
// libc10.so, which `import torch` loads first).
std::string not_loaded(const LoadedLibrary& library, const std::string& root, bool executable) {
    const std::string name = terminal_text(library.name);
    const std::string needer = " (needed by " + terminal_text(library.needed_by) + ")";
    if (!library.stops.empty()) {
        const std::string stops = terminal_text(library.stops);
        const std::string reason = terminal_text(library.stop_reason);
        return name + needer + " stops the loader at " + stops + " (" + reason + "): " +
               (executable ? "the program stops at start with \"error while loading shared libraries: " + stops + ": " +
                                 reason + "\""
                           : terminal_text(root) + " does not load");
    }
    return name + needer + " is not found: " +
           (executable ? "the program stops at start with \"error while loading shared libraries: " + name +
                             ": cannot open shared object file\""
                       : terminal_text(root) + " loads only into a process that has already loaded " + name);
}

// The first step of the fix of a library that LD_LIBRARY_PATH makes the loader take, on each GPU
// where it fails and the file the search takes without it (the program's own copy) runs:
// unset LD_LIBRARY_PATH, or drop the folder from it.
void add_shadow_fix(FileJudgement& j, const LoadedLibrary& library, const std::string& ld_library_path, const Options& o) {
    Result<binary::Listing> listing = list_modules(library.without_ld_library_path);
    if (!listing) return;
    const FileJudgement own = judge_file(library.without_ld_library_path, std::move(listing).value(), o);
    std::size_t entries = 1;
    for (const char c : ld_library_path) entries += c == ':' || c == ';';
    const std::string folder = library.found_in.empty() ? "its empty entry (the current folder)" : terminal_text(library.found_in);
    const std::string step = (entries == 1 ? "unset LD_LIBRARY_PATH" : "drop " + folder + " from LD_LIBRARY_PATH") +
                             ": the loader then takes " + terminal_text(library.without_ld_library_path) + " (found through " +
                             library.without_found_by + "), which runs on ";
    for (std::size_t g = 0; g < j.verdicts.size(); ++g) {
        GpuVerdict& v = j.verdicts[g].worst;
        // A copy without device code has nothing to fail.
        const bool own_runs = own.verdicts.empty() ? own.all_run : own.verdicts[g].worst.runs();
        if (!v.runs() && own_runs) v.fix = step + o.gpus[g].cc.dotted() + "; or " + v.fix;
    }
}

// The libraries `program` loads that hold device code, each judged; the notes say what the
// loader would not find or search. Returns the worst status.
int check_libraries(Report& report, const LoadedProgram& loaded, const std::string& root, const std::string& ld_library_path,
                    const Options& o, JudgedFiles& judged) {
    int status = 0;
    for (const LoadedLibrary& library : loaded.libraries) {
        if (library.path.empty()) {
            report.line("  note: " + not_loaded(library, root, loaded.executable));
            continue;
        }
        if (!first_time(judged, library.path)) continue;
        Result<binary::Listing> listing = list_modules(library.path);
        if (!listing) {
            status = std::max(status, report.unreadable(library.path, listing.error().message));
            continue;
        }
        if (!has_device_code(*listing)) continue;
        const std::string heading = " (loaded as " + terminal_text(library.name) + ", needed by " +
                                    terminal_text(library.needed_by) +
                                    (library.found_by == "path" ? ", named by its path)" : ", found through " + library.found_by + ")");
        FileJudgement j = judge_file(library.path, std::move(listing).value(), o);
        if (!library.without_ld_library_path.empty()) add_shadow_fix(j, library, ld_library_path, o);
        status = std::max(status, report.file(library.path, j, json_origin(&library, nullptr), heading));
    }
    for (const std::string& note : loaded.notes) report.line("  note: " + terminal_text(note));
    return status;
}

// The ELF files of a folder or a process: those with device code judged, the others counted;
// the CUDA runtimes of each judged against the driver (ListedFile: a process's own libcudart is
// mapped, so `needed` is for a folder's files only).
int check_files(Report& report, const std::vector<std::string>& files, const std::string& what, const Options& o,
                bool needed) {
    int status = 0;
    std::size_t with_code = 0;
    std::vector<ListedFile> listed = list_all(files, &o, needed);
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (!listed[i].listing) {
            status = std::max(status, report.unreadable(files[i], listed[i].listing.error().message));
            continue;
        }
        const bool code = listed[i].judgement.has_value();
        if (code) {
            ++with_code;
            status = std::max(status, report.file(files[i], *listed[i].judgement));
        }
        for (const RuntimeJudgement& v : judge_runtimes(listed[i], files[i], o))
            status = std::max(status, report.runtime(files[i], v));
    }
    report.line(what + ": " + std::to_string(files.size()) + (files.size() == 1 ? " ELF file, " : " ELF files, ") +
                std::to_string(with_code) + " with device code");
    return status;  // no device code at all: nothing fails to load
}

int check_operand(Report& report, const std::string& path, const LoaderSearch* search, const Options& o,
                  JudgedFiles& judged) {
    if (is_folder(path)) {
        std::vector<SkippedFile> skipped;
        const Result<std::vector<std::string>> files = folder_elf_files(path, skipped);
        if (!files) return report.unreadable(path, files.error().message);
        int status = check_files(report, *files, terminal_text(path), o, true);
        for (const SkippedFile& file : skipped) {
            const std::string shown = terminal_text(file.path) + ": " + terminal_text(file.why);
            if (!file.unread) {
                report.line("  note: not opened: " + shown);
                continue;
            }
            // What was not read may be an ELF file: no "ok" for it.
            status = 2;
            if (o.json) report.unreadable(file.path, file.path + ": " + file.why);
            else report.line("  note: not read: " + shown);
        }
        return status;
    }
    first_time(judged, path);  // an operand is judged as named, even when a program before it loads it
    int status = check_file(report, path, o);
    if (status == 2) return status;
    LoadedProgram loaded;
    if (search) {
        // Not a dynamically linked ELF file: nothing more is loaded.
        Result<LoadedProgram> found = loaded_libraries(path, *search);
        if (found) loaded = std::move(found).value();
    }
    status = std::max(status, check_libraries(report, loaded, path, search ? search->ld_library_path : "", o, judged));
    for (ProgramRuntime& runtime : program_runtimes(path, loaded.libraries))
        status = std::max(status, report.runtime(path, judge_runtime(std::move(runtime), o, path)));
    return status;
}

int check_process(Report& report, const std::string& pid, const Options& o) {
    const Result<std::vector<std::string>> mapped = process_mapped_files(pid);
    if (!mapped) return report.unreadable("/proc/" + pid + "/maps", mapped.error().message);
    std::vector<std::string> elf;
    for (const std::string& path : *mapped) {
        if (is_elf_file(path)) elf.push_back(path);
    }
    return check_files(report, elf, "process " + pid, o, false);
}


}  // namespace

const CommandSyntax kCheckSyntax{
    "check", "FILE|DIR...",
    "Says for each file and GPU whether its code runs natively (SASS), through the driver's PTX\n"
    "JIT, through a load-time link of relocatable (-rdc) code, or not at all (error 209, or 500\n"
    "in -rdc programs), why, and what to add to the build. A program's libraries are found as\n"
    "the dynamic loader finds them and judged too; a folder's ELF files are judged one by one.\n",
    "Exit status: 0 every file runs on every GPU, 1 something does not, 2 usage or read error.\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_check(const CommandLine& line, Output& out, Output& err) {
    Result<Options> parsed = check_options(line);
    if (!parsed) return usage_error(kCheckSyntax, err, parsed.error());
    Options& o = parsed.value();
    // The driver is asked while the environments are read: neither waits on the other.
    const bool ask = o.gpus.empty() || !o.driver;
    std::future<DriverQuery> asked;
    try {
        if (ask) asked = std::async(std::launch::async, ask_driver, o.timeout);
    } catch (const std::system_error&) {
        // No thread to spare: asked below, after the environments.
    }
    std::vector<PythonListing> pythons;
    if (o.python) {
        // Judged as they are read when nothing waits on the driver's answer.
        for (const std::string& python : o.operands) pythons.push_back(list_python(python, o, ask ? nullptr : &o));
    }
    if (ask) {
        const DriverQuery query = asked.valid() ? asked.get() : ask_driver(o.timeout);
        if (const int status = add_detected(o, query, err)) return status;
    }
    // The check document has no place for an environment that was not read: under --json such an
    // interpreter makes the answer the error document (docs/cli/json.md), as a usage error does.
    if (o.json) {
        for (const PythonListing& listed : pythons)
            if (!listed.env) return interpreter_error(err, listed);
        write_json_header(out, o);
    } else {
        write_text_header(out, o);
    }
    Report report(out, err, o);
    int status = 0;
    if (o.pid) {
        status = check_process(report, *o.pid, o);
    } else if (o.python) {
        for (PythonListing& listed : pythons) status = std::max(status, check_python(report, out, err, listed, o));
    } else {
        std::optional<LoaderSearch> search;
        if (!o.no_deps) search = environment_loader_search();
        if (search && !search->cache_problem.empty())
            report.line("note: the loader cache is not read (" + terminal_text(search->cache_problem) +
                        "): libraries are found without it");
        JudgedFiles judged;
        for (const std::string& operand : o.operands)
            status = std::max(status, check_operand(report, operand, search ? &*search : nullptr, o, judged));
    }
    report.finish();
    return status;
}

}  // namespace

const Command kCheckCommand{&kCheckSyntax, run_check,
    "say whether binaries run on GPUs (native, PTX JIT or no kernel image), why, and the fix"};

}  // namespace cudaarch::cli