// SPDX-License-Identifier: Apache-2.0
// What the files of `cudaarch check` share: its options, the files it reads and asks the verdict
// engine (cudaarch/verdict.hpp) about (cmd_check.cpp, check_listing.cpp), how it writes the
// verdicts (check_output.cpp) and the Python environments it judges (check_python.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/driver_timeout.hpp"
#include "cli/output.hpp"
#include "cudaarch/loaded_libraries.hpp"
#include "cudaarch/python_env.hpp"
#include "cudaarch/runtime_libraries.hpp"
#include "cudaarch/verdict.hpp"

namespace cudaarch::cli::check {

// One GPU to judge: a compute capability and the names it was given or detected under.
struct Gpu {
    Arch cc;
    std::vector<std::string> names;

    [[nodiscard]] std::string label() const;
};

struct Driver {
    DriverVersion version;
    std::string source;  // "--driver" or "detected"
};

struct Options {
    std::vector<Gpu> gpus;
    std::optional<Driver> driver;
    bool json = false;
    DriverTimeout timeout;  // for asking the driver, when --gpu or --driver is not given
    bool no_deps = false;
    std::optional<std::string> pid;
    bool python = false;
    std::vector<std::string> operands;  // files and folders; with --python, interpreters
    // What the engine judges by: the GPUs and the driver above, and this process's
    // CUDA_FORCE_PTX_JIT, CUDA_DISABLE_PTX_JIT and CUDA_CACHE_DISABLE.
    VerdictInputs inputs;
};

// --- What check and pick judge by (check_options.cpp) -------------------------------

// --gpu, --driver, --json and --timeout of `syntax`'s command line, and this process's JIT
// variables; the engine's inputs are set where both the GPUs and the driver are given.
[[nodiscard]] Result<Options> judge_options(const CommandSyntax& syntax, const CommandLine& line);
// The driver and the GPUs the NVIDIA driver reported (`query`), where they were not given, and
// the engine's inputs set; 2 with the error on `err` when no GPU is known, else 0.
[[nodiscard]] int add_detected(Options& o, const DriverQuery& query, Output& err);

// The modules check names in a verdict's lines: the first few failing ones and those that share
// the worst verdict.
constexpr std::size_t kShownModules = 3;

// --- The files read and judged (check_listing.cpp) ------------------------------------

[[nodiscard]] bool has_device_code(const binary::Listing& listing);

// The engine's judge_file(), with the kernels of the shown failing modules of compressed code
// decoded from `path`, and the file judged again when that finds a module kernel-less.
[[nodiscard]] FileJudgement judge_file(const std::string& path, binary::Listing listing, const Options& o);
// The same, of a file in memory (an archive's member), `file` the listed bytes.
[[nodiscard]] FileJudgement judge_file(const binary::Bytes& file, binary::Listing listing, const Options& o);

// A file of a folder, a process or an environment: its listing, then, where it has device
// code, its judgement (judge_listed()), which takes the listing; and the CUDA runtimes it
// brings (file_runtimes()), read on the same thread.
struct ListedFile {
    Result<binary::Listing> listing;
    std::optional<FileJudgement> judgement;
    std::vector<ProgramRuntime> runtimes;
};
void judge_listed(ListedFile& file, const std::string& path, const Options& o);

// The files of `paths`, in order, each listed with its runtimes (`needed`: file_runtimes()), and
// with `judge` (the GPUs and the driver known before the files are read) judged, on the thread
// that listed it: judging a library of thousands of modules then overlaps reading the others.
[[nodiscard]] std::vector<ListedFile> list_all(const std::vector<std::string>& paths, const Options* judge, bool needed);

// A program's CUDA runtime and the engine's verdict on it under the driver; `judged` is the file
// being judged (when it is the runtime library itself, the fix rebuilds what loads it).
struct RuntimeJudgement {
    ProgramRuntime runtime;
    RuntimeVerdict verdict;
};
[[nodiscard]] RuntimeJudgement judge_runtime(ProgramRuntime runtime, const Options& o, std::string_view judged);
[[nodiscard]] std::vector<RuntimeJudgement> judge_runtimes(ListedFile& file, const std::string& path, const Options& o);

// --- Output (check_output.cpp) --------------------------------------------------------

// "native", "ptx_jit", "link_sass", "link_ptx", "no_image": a verdict as JSON names it.
[[nodiscard]] std::string_view verdict_name(Verdict verdict);
// The members that say what was judged by: ,"driver": {...}, "gpus": [...] (docs/cli/json.md).
[[nodiscard]] std::string json_judged_by(const Options& o);
void write_json_header(Output& out, const Options& o);
void write_text_header(Output& out, const Options& o);
// "; 3 modules, 1 without kernels" where the file has more than one module or a kernel-less one.
[[nodiscard]] std::string module_count(const std::vector<Module>& modules);
// A file's lines after its heading: what it holds, then one verdict per GPU; `shown` is its
// path as printed, `indent` what every line starts with.
void write_file_text(Output& out, const std::string& shown, const FileJudgement& j, const std::vector<Gpu>& gpus,
                     std::string_view indent = "");
// The JSON members of a file entry that say where the file came from (null for a FILE).
[[nodiscard]] std::string json_origin(const LoadedLibrary* library, const Distribution* distribution);

// Where the judged files go: text, or the entries of one JSON document's "files".
class Report {
public:
    Report(Output& out, Output& err, const Options& o) : out_(out), err_(err), o_(o) {}

    // A file that could not be read; returns its status, 2.
    int unreadable(const std::string& path, const std::string& message);
    // A judged file; `origin` is its JSON members that say where it came from (all null for
    // a FILE), `heading` text after the path on its line. Returns its status.
    int file(const std::string& path, const FileJudgement& j, const std::string& origin = json_origin(nullptr, nullptr),
             const std::string& heading = "");
    // A program's CUDA runtime: in text only when the driver cannot run it, each line after
    // `indent`; in JSON always (the document's "runtimes"). Returns its status.
    int runtime(const std::string& program, const RuntimeJudgement& v, std::string_view indent = "");
    // A line of text output only: notes and summaries, which JSON does not carry.
    void line(const std::string& text);
    // Ends the "files" array.
    void finish();

private:
    void open_entry(const std::string& path);

    Output& out_;
    Output& err_;
    const Options& o_;
    bool first_ = true;
    std::vector<std::string> runtimes_;  // JSON entries, written after "files"
};

// --- Python environments (check_python.cpp) -------------------------------------------

// An interpreter's environment and its distributions' ELF files, read while the driver is
// asked, and judged then where the GPUs and the driver are given (`judge`).
struct PythonListing {
    std::string python;
    Result<PythonEnvironment> env;
    std::vector<std::vector<ListedFile>> files;  // per distribution, per ELF file
};
[[nodiscard]] PythonListing list_python(const std::string& python, const Options& o, const Options* judge);
// An interpreter that could not be asked (it failed, timed out or answered too much): rc 2.
int interpreter_error(Output& err, const PythonListing& listed);
int check_python(Report& report, Output& out, Output& err, PythonListing& listed, const Options& o);

// Where a distribution the interpreter imports is: its site-packages, an editable install, a
// folder a .pth path line adds, the user's or the venv's system site-packages (in that order
// of precedence), with what names it (an editable install's folders, the .pth file). The text's
// label (" (editable: …)") and the JSON's `distribution_place`/`distribution_from` both read it.
enum class Place { site_packages, editable, pth, user, system };
struct DistributionPlace {
    Place place = Place::site_packages;
    std::vector<std::string> from;
};
[[nodiscard]] DistributionPlace distribution_place(const Distribution& d);

}  // namespace cudaarch::cli::check
