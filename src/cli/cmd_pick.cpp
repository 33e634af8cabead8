// SPDX-License-Identifier: Apache-2.0
// cudaarch pick [--gpu SPEC|PRODUCT]... [--driver VERSION] [--json] CANDIDATE...: of builds of
// one thing (wheels, conda packages, files, folders), the one that runs on every GPU: natively
// first, then through the PTX JIT, the smallest among equals. Each file is judged as `check`
// judges it (check::judge_file(), the verdict engine), so the two never disagree; archives are
// read in place as `size` reads them (read_archive_elf_files()). See docs/cli/pick.md.
#include <algorithm>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <vector>

#include "cli/archive_decoders.hpp"
#include "cli/check.hpp"
#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/terminal_text.hpp"
#include "cudaarch/archive.hpp"
#include "cudaarch/folder_files.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

using namespace check;

constexpr Option kOptions[] = {
    {"--gpu", "SPEC|PRODUCT",
     "a GPU the candidate must run on: 9.0, sm_86, 75, T4, \"RTX 4090\";\n"
     "default: the GPUs the NVIDIA driver reports", true},
    {"--driver", "VERSION",
     "the driver to judge PTX JIT by: 575.51.03 or a CUDA version (12.9);\n"
     "default: the installed driver, if any"},
    kJsonOption,
    {kTimeoutOption.name, kTimeoutOption.value,
     "how long the NVIDIA driver may take to answer, 1 to 3600\n"
     "(default: CUDAARCH_DRIVER_TIMEOUT, else 60)"},
};

// How a candidate runs on every GPU, best first: what pick ranks by.
enum class Runs { native, ptx_jit, fails, no_device_code };

constexpr std::string_view kRunsNames[] = {"native", "ptx_jit", "no", "no_device_code"};

// A verdict's rank: SASS (loaded or linked at load time) before the JIT, the JIT before failing.
Runs rank(const GpuVerdict& v) {
    if (!v.runs()) return Runs::fails;
    return uses_ptx(v.run.verdict) ? Runs::ptx_jit : Runs::native;
}

// One GPU's verdict on a candidate: its worst file's (the first of equals), and that file.
struct Worst {
    GpuVerdict verdict;
    std::string file;
};

struct Candidate {
    std::string path;
    std::uint64_t bytes = 0;      // a file's or an archive's size; a folder's ELF files' sizes together
    std::vector<Worst> gpus;      // one per GPU once a file with device code was judged
    std::vector<std::string> errors;  // what could not be read: the answer is then rc 2

    [[nodiscard]] Runs runs() const {
        if (gpus.empty()) return Runs::no_device_code;
        Runs worst = Runs::native;
        for (const Worst& w : gpus) worst = std::max(worst, rank(w.verdict));
        return worst;
    }
};

std::uint64_t file_size(const std::string& path) {
    struct stat status {};
    return ::stat(path.c_str(), &status) == 0 ? static_cast<std::uint64_t>(status.st_size) : 0;
}

// A judged file of the candidate: each GPU's verdict kept where it is the worst so far.
void add_judgement(Candidate& c, const std::string& file, const FileJudgement& j) {
    if (j.verdicts.empty()) return;  // no module to judge: nothing to fail
    if (c.gpus.empty()) c.gpus.resize(j.verdicts.size());
    for (std::size_t g = 0; g < j.verdicts.size(); ++g) {
        Worst& w = c.gpus[g];
        if (!w.file.empty() && rank(j.verdicts[g].worst) <= rank(w.verdict)) continue;
        w = {j.verdicts[g].worst, file};
    }
}

void judge_archive(Candidate& c, ArchiveKind kind, const Options& o) {
    c.bytes = file_size(c.path);
    const std::optional<Error> failure =
        read_archive_elf_files(c.path, kind, archive_decoders(), [&](const std::string& name, std::string_view bytes) {
            Result<binary::Listing> listing = list_modules_in(name, bytes);
            if (!listing) {
                c.errors.push_back(listing.error().message);
                return;
            }
            if (!has_device_code(*listing)) return;
            add_judgement(c, name, judge_file(binary::Bytes(name, bytes), std::move(listing).value(), o));
        });
    if (failure) c.errors.push_back(failure->message);
}

// A folder's ELF files, as `check DIR` lists and judges them.
void judge_folder(Candidate& c, const Options& o) {
    std::vector<SkippedFile> skipped;
    const Result<std::vector<std::string>> files = folder_elf_files(c.path, skipped);
    if (!files) {
        c.errors.push_back(files.error().message);
        return;
    }
    for (const SkippedFile& file : skipped)
        if (file.unread) c.errors.push_back(file.path + ": " + file.why);
    std::vector<ListedFile> listed = list_all(*files, &o, false);
    for (std::size_t i = 0; i < files->size(); ++i) {
        c.bytes += file_size((*files)[i]);
        if (!listed[i].listing) c.errors.push_back(listed[i].listing.error().message);
        else if (listed[i].judgement) add_judgement(c, (*files)[i], *listed[i].judgement);
    }
}

Candidate judge_candidate(const std::string& path, const Options& o) {
    Candidate c{path, 0, {}, {}};
    const ArchiveKind kind = archive_kind(path);
    if (is_folder(path)) {
        judge_folder(c, o);
        return c;
    }
    if (kind != ArchiveKind::none) {
        judge_archive(c, kind, o);
        return c;
    }
    c.bytes = file_size(path);
    Result<binary::Listing> listing = list_modules(path);
    if (!listing) c.errors.push_back(listing.error().message);
    else add_judgement(c, path, judge_file(path, std::move(listing).value(), o));
    return c;
}

// The best candidate: the best rank, then the fewest bytes, then the first named; none when
// none runs everywhere.
std::optional<std::size_t> best(const std::vector<Candidate>& candidates) {
    std::optional<std::size_t> picked;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const Runs runs = candidates[i].runs();
        if (runs != Runs::native && runs != Runs::ptx_jit) continue;
        if (!picked) {
            picked = i;
            continue;
        }
        const Candidate& p = candidates[*picked];
        if (runs < p.runs() || (runs == p.runs() && candidates[i].bytes < p.bytes)) picked = i;
    }
    return picked;
}

// "9.0 sm_90", "12.0 compute_90 through the PTX JIT", "8.6 error 209 in FILE: why": one GPU's
// verdict on a candidate; the file is named where the candidate holds several.
std::string gpu_text(const Gpu& gpu, const Worst& w, const std::string& candidate) {
    const GpuVerdict& v = w.verdict;
    const std::string in = w.file == candidate ? "" : " in " + terminal_text(w.file);
    if (!v.runs()) return gpu.label() + " error " + std::to_string(v.error) + in + ": " + v.reason;
    return gpu.label() + " " + v.image() + (uses_ptx(v.run.verdict) ? " through the PTX JIT" : "");
}

// Each GPU's verdict on a candidate, in the order of the GPUs.
std::vector<std::string> verdicts_text(const Candidate& c, const Options& o) {
    std::vector<std::string> gpus;
    for (std::size_t g = 0; g < c.gpus.size(); ++g) gpus.push_back(gpu_text(o.gpus[g], c.gpus[g], c.path));
    return gpus;
}

// Why the candidate was picked: how it runs, and against how many that run as well.
std::string why_text(const std::vector<Candidate>& candidates, const Candidate& picked, const Options& o) {
    const Runs runs = picked.runs();
    const auto alike = static_cast<std::size_t>(std::count_if(
        candidates.begin(), candidates.end(), [&](const Candidate& c) { return c.runs() == runs; }));
    std::string why = runs == Runs::native ? "runs natively on every GPU: " : "runs on every GPU, on some through the PTX JIT: ";
    why += text::join(verdicts_text(picked, o), ", ");
    if (runs == Runs::ptx_jit) why += "; none runs natively on every GPU";
    why += alike == 1 ? "; the only candidate that runs so" : "; the smallest of " + std::to_string(alike) + " candidates that run so";
    return why + " (" + std::to_string(picked.bytes) + " bytes)";
}

void write_json(Output& out, const std::vector<Candidate>& candidates, std::optional<std::size_t> picked, const Options& o) {
    out << json_schema_head("pick") << json_judged_by(o) << ",\n  \"picked\": "
        << (picked ? json_string(candidates[*picked].path) : "null")
        << ", \"runs\": " << (picked ? json_string(kRunsNames[static_cast<int>(candidates[*picked].runs())]) : "null")
        << ",\n  \"candidates\": [";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const Candidate& c = candidates[i];
        out << (i ? ",\n" : "\n") << "    {\"path\": " << json_string(c.path) << ", \"bytes\": " << c.bytes
            << ", \"runs\": " << json_string(kRunsNames[static_cast<int>(c.runs())]) << ", \"verdicts\": [";
        for (std::size_t g = 0; g < c.gpus.size(); ++g) {
            const GpuVerdict& v = c.gpus[g].verdict;
            out << (g ? ",\n" : "\n") << "      {\"gpu\": " << json_string(v.gpu.dotted()) << ", \"file\": "
                << json_string(c.gpus[g].file) << ", \"verdict\": " << json_string(verdict_name(v.run.verdict))
                << ", \"runs\": " << (v.runs() ? "true" : "false") << ", \"image\": "
                << (v.run.verdict == Verdict::no_image ? "null" : json_string(v.image()))
                << ", \"error\": " << (v.error ? std::to_string(v.error) : "null")
                << ", \"reason\": " << json_optional_string(v.reason) << "}";
        }
        out << (c.gpus.empty() ? "]}" : "\n    ]}");
    }
    out << (candidates.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace

const CommandSyntax kPickSyntax{
    "pick", "CANDIDATE...",
    "Of builds of one thing (wheels, conda packages, files or folders), prints the one that\n"
    "runs on every GPU: natively first, then through the PTX JIT, the smallest (in bytes)\n"
    "among equals; then why, on the next line. Each file is judged as check judges it; wheels\n"
    "and conda packages are read in place. For pip: pip install \"$(cudaarch pick dist/*.whl)\".\n",
    "Exit status: 0 a candidate runs, 1 none runs on every GPU (each one's verdicts printed),\n"
    "2 usage or read error.\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_pick(const CommandLine& line, Output& out, Output& err) {
    Result<Options> parsed = judge_options(kPickSyntax, line);
    if (!parsed) return usage_error(kPickSyntax, err, parsed.error());
    if (line.operands.empty()) return usage_error(kPickSyntax, err, Error{"no candidate"});
    Options& o = parsed.value();
    if (o.gpus.empty() || !o.driver)
        if (const int status = add_detected(o, ask_driver(o.timeout), err)) return status;
    std::vector<Candidate> candidates;
    for (const std::string_view operand : line.operands) candidates.push_back(judge_candidate(std::string(operand), o));
    // A candidate not read whole may fail where it was not read: no pick.
    int status = 0;
    for (const Candidate& c : candidates)
        for (const std::string& error : c.errors) status = fail(err, Error{terminal_text(error)});
    if (status) return status;
    const std::optional<std::size_t> picked = best(candidates);
    if (o.json) {
        write_json(out, candidates, picked, o);
        return picked ? 0 : 1;
    }
    if (picked) {
        out << terminal_text(candidates[*picked].path) << "\n" << why_text(candidates, candidates[*picked], o) << "\n";
        return 0;
    }
    out << "no candidate runs on every GPU\n";
    for (const Candidate& c : candidates) {
        out << terminal_text(c.path) << (c.gpus.empty() ? ": no device code\n" : ":\n");
        for (const std::string& verdict : verdicts_text(c, o)) out << "  " << verdict << "\n";
    }
    return 1;
}

}  // namespace

const Command kPickCommand{&kPickSyntax, run_pick,
    "pick the build (wheel, file, folder) that runs on this machine's GPUs, the smallest"};

}  // namespace cudaarch::cli
