// SPDX-License-Identifier: Apache-2.0
// `cudaarch check --python`: each distribution of a Python environment, its files judged by the
// verdict engine with the package's fixes (verdict_package.hpp), its alternative libraries and
// the libraries it loads from outside the environment. See docs/cli/check.md, "--python".
#include <algorithm>
#include <set>

#include "cli/check.hpp"
#include "cli/inspect_output.hpp"
#include "cli/terminal_text.hpp"
#include "cudaarch/alternatives.hpp"
#include "cudaarch/environment_loads.hpp"
#include "cudaarch/parallel.hpp"
#include "cudaarch/text.hpp"
#include "cudaarch/verdict_package.hpp"

namespace cudaarch::cli::check {

namespace {

// A distribution's CUDA runtimes the driver cannot run, by major: their reason and fix are the
// same, so the text says them once per major.
using FailingRuntimes = std::vector<std::pair<std::string, RuntimeJudgement>>;  // by file

std::vector<std::vector<std::size_t>> by_major(const FailingRuntimes& failing) {
    std::vector<std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < failing.size(); ++i) {
        const int major = failing[i].second.runtime.version.major;
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const auto& g) { return failing[g.front()].second.runtime.version.major == major; });
        if (it == groups.end()) it = groups.insert(groups.end(), std::vector<std::size_t>{});
        it->push_back(i);
    }
    return groups;
}

// "driver too old (error 35) for the CUDA 13.x runtime in 2 files, which needs driver 580.65.06
// or newer (r580, CUDA 13.0)", one per major, for the distribution's line.
std::vector<std::string> runtime_phrases(const FailingRuntimes& failing) {
    std::vector<std::string> phrases;
    for (const std::vector<std::size_t>& group : by_major(failing)) {
        const RuntimeJudgement& v = failing[group.front()].second;
        std::set<std::string> files;
        for (std::size_t i : group) files.insert(failing[i].first);
        phrases.push_back("driver too old (error " + std::to_string(v.verdict.error()) + ") for the CUDA " +
                          std::to_string(v.runtime.version.major) + ".x runtime in " + std::to_string(files.size()) +
                          (files.size() == 1 ? " file" : " files") + ", which needs " + release_driver(*v.verdict.needs));
    }
    return phrases;
}

}  // namespace

PythonListing list_python(const std::string& python, const Options& o, const Options* judge) {
    std::vector<std::vector<ListedFile>> listings;
    // Called again, after a first guess of the site-packages, when the interpreter names others.
    const auto list_files = [&](const PythonEnvironment& env) {
        std::vector<std::string> paths;
        for (const Distribution& d : env.distributions) paths.insert(paths.end(), d.elf_files.begin(), d.elf_files.end());
        std::vector<ListedFile> all = list_all(paths, judge, true);
        listings.clear();
        std::size_t at = 0;
        for (const Distribution& d : env.distributions) {
            listings.emplace_back();
            for (std::size_t i = 0; i < d.elf_files.size(); ++i) listings.back().push_back(std::move(all[at++]));
        }
    };
    PythonListing p{python, read_python_environment(python, o.timeout.limit, list_files), {}};
    if (p.env) p.files = std::move(listings);
    return p;
}


namespace {

// A distribution's files on one GPU, counted in modules: "native on 9.0", "no kernel image for
// 12.0 (error 209) in 3 of 5 modules, kernels k_a(float*), k_b(int) and 2 more" (the first
// failing module's kernels, or "kernels not read (compressed code)").
std::string distribution_verdict(const std::vector<const FileJudgement*>& files, std::size_t gpu_index, const Gpu& gpu) {
    std::size_t counted = 0, failing = 0, jit = 0, unread = 0, newer = 0;
    const GpuVerdict* failed = nullptr;  // the first file's worst verdict where a module fails
    std::string kernels;
    for (const FileJudgement* file : files) {
        const FileJudgement& j = *file;
        counted += j.judged;
        if (j.verdicts.empty()) continue;
        const FileVerdict& v = j.verdicts[gpu_index];
        failing += v.failing.size();
        const std::size_t newer_here = count_newer(j.parts, v.set_aside, gpu.cc);
        newer += newer_here;
        unread += v.set_aside.size() - newer_here;
        if (!v.failing.empty() && !failed) {
            failed = &v.worst;
            const Module& first = j.parts[v.failing.front()];
            kernels = (first.kernels_known ? "kernels " : "") + kernel_summary(first);
        } else if (v.failing.empty() && v.worst.run.verdict != Verdict::native) {
            jit += v.worst_modules.size();
        }
    }
    const std::string name = gpu.cc.dotted();
    const std::string of = " of " + std::to_string(counted) + (counted == 1 ? " module" : " modules");
    if (failed) {
        const std::string error = " (error " + std::to_string(failed->error) + ")";
        const VerdictKind kind = failed->kind();
        const std::string what = kind == VerdictKind::driver_too_old ? "driver too old" + error + " on " + name
                                 : kind == VerdictKind::ptx_too_new  ? "PTX JIT fails" + error + " on " + name
                                 : kind == VerdictKind::jit_disabled ? "PTX JIT disabled" + error + " on " + name
                                                                     : "no kernel image for " + name + error;
        return what + " in " + std::to_string(failing) + of + (kernels.empty() ? "" : ", " + kernels);
    }
    std::vector<std::string> set_aside;
    if (newer) set_aside.push_back(std::to_string(newer) + (newer == 1 ? " module" : " modules") + " for newer GPUs only");
    if (unread)
        set_aside.push_back(std::to_string(unread) + (unread == 1 ? " module" : " modules") +
                            " for other GPUs only, kernels not read: compressed code");
    const std::string others = set_aside.empty() ? "" : " (" + text::join(set_aside, "; ") + ")";
    if (jit) return "runs on " + name + " through the PTX JIT or a load-time link in " + std::to_string(jit) + of + others;
    return "native on " + name + others;
}

// A path as the text shows it, from its site folder; raw: the caller escapes it.
std::string site_relative(const std::vector<std::string>& site_dirs, std::string path) {
    for (const std::string& site : site_dirs) {
        if (path.compare(0, site.size() + 1, site + "/") == 0) path = path.substr(site.size() + 1);
    }
    return path;
}

// Judges, on as many threads as listing used, the files not judged as they were read (the
// driver was being asked then).
void judge_unjudged(PythonListing& listed, const PythonEnvironment& env, const Options& o) {
    std::vector<std::pair<ListedFile*, const std::string*>> unjudged;
    for (std::size_t k = 0; k < env.distributions.size(); ++k) {
        for (std::size_t i = 0; i < env.distributions[k].elf_files.size(); ++i) {
            ListedFile& file = listed.files[k][i];
            if (!file.judgement && file.listing && has_device_code(*file.listing))
                unjudged.emplace_back(&file, &env.distributions[k].elf_files[i]);
        }
    }
    for_each_parallel(unjudged.size(), file_threads(),
                      [&](std::size_t i) { judge_listed(*unjudged[i].first, *unjudged[i].second, o); });
}

// One distribution's judged files with device code, and the runtimes among its files the driver
// cannot run.
struct DistributionVerdicts {
    std::vector<std::string> paths;
    std::vector<FileJudgement> files;
    std::vector<std::string> notes;  // which alternative libraries were judged (choose_alternatives())
    FailingRuntimes failing;
    int status = 0;
};

// A distribution's alternative libraries (alternatives.hpp): only the one the environment
// loads is judged, the others left out with a note; where none can be told, those that fail are
// left out when another runs on every GPU. Where the loaded one fails and another runs, its fix
// names that one and how to select it.
void choose_alternatives(DistributionVerdicts& dv, const Distribution& d, const PythonEnvironment& env) {
    const auto name = [&](std::size_t i) { return dv.paths[i].substr(dv.paths[i].rfind('/') + 1); };
    std::vector<std::size_t> dropped;
    for (const AlternativeGroup& group : alternative_groups(dv.paths)) {
        const char* variable = alternative_variable(d.name);
        std::string why;
        const std::string cuda = selected_cuda(env, variable, why);
        std::vector<std::size_t> running;
        for (const std::size_t m : group.members)
            if (dv.files[m].all_run) running.push_back(m);
        const auto chosen = std::find(group.cuda.begin(), group.cuda.end(), cuda);
        const std::string count = std::to_string(group.members.size());
        if (chosen != group.cuda.end()) {
            const std::size_t loaded = group.members[static_cast<std::size_t>(chosen - group.cuda.begin())];
            for (const std::size_t m : group.members)
                if (m != loaded) dropped.push_back(m);
            dv.notes.push_back("note: " + terminal_text(name(loaded)) + " is the one of " + count +
                               " alternatives the package loads (" + terminal_text(why) + "); the others are not judged");
            if (running.empty() || dv.files[loaded].all_run) continue;
            const std::string other = name(running.front());
            const std::string cuda_of = group.cuda[static_cast<std::size_t>(
                std::find(group.members.begin(), group.members.end(), running.front()) - group.members.begin())];
            for (FileVerdict& v : dv.files[loaded].verdicts) {
                if (v.worst.runs()) continue;
                v.worst.fix = "select " + terminal_text(other) + ", which runs on " + v.worst.gpu.dotted() +
                              (variable ? ": set " + std::string(variable) + "=" + cuda_of : std::string()) +
                              " (the package loads the alternative of its CUDA runtime); or " + v.worst.fix;
            }
            continue;
        }
        std::vector<std::string> names;
        for (const std::size_t m : running) names.push_back(terminal_text(name(m)));
        if (running.empty()) {
            dv.notes.push_back("note: the package loads one of its " + count + " alternatives, and none of them runs on every GPU");
            continue;
        }
        for (const std::size_t m : group.members)
            if (!dv.files[m].all_run) dropped.push_back(m);
        dv.notes.push_back("note: the package loads one of its " + count + " alternatives, which the environment does not tell (" +
                           (variable ? std::string(variable) + ", " : std::string()) +
                           "torch, nvidia-cuda-runtime): " + text::join(names, ", ") + (names.size() == 1 ? " runs" : " run") +
                           " on every GPU" + (dropped.empty() ? "" : "; the others are not counted") +
                           (variable ? "; select one with " + std::string(variable) + "=<version>" : std::string()));
    }
    std::sort(dropped.rbegin(), dropped.rend());
    for (const std::size_t m : dropped) {
        dv.files.erase(dv.files.begin() + static_cast<std::ptrdiff_t>(m));
        dv.paths.erase(dv.paths.begin() + static_cast<std::ptrdiff_t>(m));
    }
}

DistributionVerdicts judge_distribution(Report& report, const Distribution& d, std::vector<ListedFile>& listed,
                                        const PythonEnvironment& env, const Options& o) {
    DistributionVerdicts dv;
    const std::string shown = terminal_text(d.name);
    const PackageName package{d.name, shown};
    for (std::size_t i = 0; i < d.elf_files.size(); ++i) {
        ListedFile& file = listed[i];
        if (!file.listing) {
            dv.status = std::max(dv.status, report.unreadable(d.elf_files[i], file.listing.error().message));
            continue;
        }
        const bool code = file.judgement.has_value();
        for (RuntimeJudgement& v : judge_runtimes(file, d.elf_files[i], o)) {
            // A vendor's package is not rebuilt: its fix is a build the driver runs.
            if (v.verdict.runs == JitSupport::no && !d.local_build)
                v.verdict.fix = package_driver_fix(package, *v.verdict.needs, o.inputs);
            // The text names a failing runtime under its distribution's line (write_distribution()).
            if (o.json) report.runtime(d.elf_files[i], v);
            if (v.verdict.runs != JitSupport::no) continue;
            dv.status = std::max(dv.status, 1);
            dv.failing.emplace_back(d.elf_files[i], std::move(v));
        }
        if (!code) continue;
        dv.paths.push_back(d.elf_files[i]);
        dv.files.push_back(std::move(*file.judgement));
    }
    // The user's own build keeps the rebuild fix.
    for (FileJudgement& j : dv.files)
        if (!d.local_build) add_package_fixes(j, package, o.inputs);
    choose_alternatives(dv, d, env);
    for (const FileJudgement& j : dv.files) dv.status = std::max(dv.status, j.all_run ? 0 : 1);
    return dv;
}

// A library with device code from outside the environment that its extension modules load,
// judged once, its fix that library's.
struct OutsideJudged {
    OutsideLibrary library;
    FileJudgement judgement;
    bool conda = false;  // a conda environment's own library (EnvironmentLoads::conda)
};

std::vector<OutsideJudged> judge_outside(const PythonEnvironment& env, const Options& o) {
    std::vector<OutsideJudged> judged;
    EnvironmentLoads loads = environment_loads(env, environment_loader_search());
    for (std::vector<OutsideLibrary>* list : {&loads.outside, &loads.conda}) {
        for (OutsideLibrary& library : *list) {
            Result<binary::Listing> listing = list_modules(library.path);
            if (!listing || !has_device_code(*listing)) continue;
            FileJudgement j = judge_file(library.path, std::move(listing).value(), o);
            for (std::size_t g = 0; g < j.verdicts.size(); ++g) {
                if (j.verdicts[g].worst.runs()) continue;
                // A conda environment's own library: a build of its conda package is the fix.
                j.verdicts[g].worst.fix = list == &loads.outside ? outside_library_fix(library, o.gpus[g].cc.dotted())
                                          : library.package.empty()
                                              ? "install a build of " + terminal_text(library.name) + " with code for " +
                                                    o.gpus[g].cc.dotted() + " into the conda environment"
                                              : "install a build of the conda package " + terminal_text(library.package) +
                                                    " with code for " + o.gpus[g].cc.dotted();
            }
            judged.push_back({std::move(library), std::move(j), list == &loads.conda});
        }
    }
    return judged;
}

// Where a distribution the interpreter imports from outside its site-packages is:
// " (editable: <folders>)", " (through <file>.pth)", " (user site-packages)"; empty for the others.
std::string distribution_source(const Distribution& d) {
    DistributionPlace where = distribution_place(d);
    for (std::string& folder : where.from) folder = terminal_text(folder);
    switch (where.place) {
        case Place::editable: return " (editable: " + text::join(where.from, ", ") + ")";
        case Place::pth: return " (through " + where.from.front() + ")";
        case Place::user:
        case Place::system: return " (" + d.place + ")";
        case Place::site_packages: break;
    }
    return "";
}

// The distribution's line, its failing runtimes by major, then its files that are not native
// everywhere with their verdicts, paths from the site folder.
void write_distribution(Report& report, Output& out, const Distribution& d, const DistributionVerdicts& dv,
                        const std::vector<const OutsideJudged*>& outside, const std::vector<std::string>& site_dirs,
                        const Options& o) {
    std::vector<std::string> verdicts = runtime_phrases(dv.failing);
    // The libraries it loads from outside the environment count in its verdict.
    std::vector<const FileJudgement*> files;
    for (const FileJudgement& j : dv.files) files.push_back(&j);
    for (const OutsideJudged* x : outside) files.push_back(&x->judgement);
    std::size_t counted = 0;
    for (const FileJudgement* j : files) counted += j->judged;
    if (!files.empty()) {
        for (std::size_t g = 0; g < o.gpus.size(); ++g) verdicts.push_back(distribution_verdict(files, g, o.gpus[g]));
    }
    out << terminal_text(d.name) << (d.version.empty() ? "" : " " + terminal_text(d.version)) << distribution_source(d) << ": "
        << text::join(verdicts, "; ") << " (";
    if (files.empty()) out << "no device code";
    else
        out << counted << (counted == 1 ? " module" : " modules") << " in " << files.size()
            << (files.size() == 1 ? " file" : " files");
    out << (d.local_build ? "; built from a local folder" : "") << ")\n";
    for (const std::string& note : dv.notes) out << "  " << note << "\n";
    // Per major, the first file's runtime with its reason and fix, then the other files.
    for (const std::vector<std::size_t>& group : by_major(dv.failing)) {
        report.runtime(site_relative(site_dirs, dv.failing[group.front()].first), dv.failing[group.front()].second, "  ");
        if (group.size() == 1) continue;
        std::vector<std::string> others;
        for (std::size_t n = 1; n < group.size() && n <= kShownModules; ++n)
            others.push_back(terminal_text(site_relative(site_dirs, dv.failing[group[n]].first)));
        const std::size_t more = group.size() - 1 - others.size();
        out << "      the same CUDA " << dv.failing[group.front()].second.runtime.version.major << ".x runtime in "
            << group.size() - 1 << (group.size() == 2 ? " more file: " : " more files: ") << text::join(others, ", ")
            << (more ? " and " + std::to_string(more) + " more" : "") << "\n";
    }
    for (std::size_t i = 0; i < dv.files.size(); ++i) {
        const bool native = std::all_of(dv.files[i].verdicts.begin(), dv.files[i].verdicts.end(),
                                        [](const FileVerdict& v) { return v.worst.run.verdict == Verdict::native; });
        if (native) continue;
        const std::string shown = terminal_text(site_relative(site_dirs, dv.paths[i]));
        out << "  " << shown << ": " << image_summary(dv.files[i].listing) << module_count(dv.files[i].parts) << "\n";
        write_file_text(out, shown, dv.files[i], o.gpus, "  ");
    }
    for (const OutsideJudged* x : outside) {
        const std::string shown = terminal_text(x->library.path);
        out << (!x->conda                  ? std::string("  loaded from outside the environment: ")
                : x->library.package.empty() ? std::string("  loaded from the conda environment's lib/: ")
                                             : "  loaded from conda package " + terminal_text(x->library.package) + ": ")
            << shown << " (found through " << x->library.found_by
            << ", needed by " << terminal_text(site_relative(site_dirs, x->library.needed_by)) << "): "
            << image_summary(x->judgement.listing) << module_count(x->judgement.parts) << "\n";
        write_file_text(out, shown, x->judgement, o.gpus, "  ");
    }
}

}  // namespace

// An interpreter that could not be asked (it failed, timed out or answered too much): rc 2.
int interpreter_error(Output& err, const PythonListing& listed) {
    err << "cudaarch: error: " << terminal_text(listed.env.error().message) << "\n";
    return 2;
}

int check_python(Report& report, Output& out, Output& err, PythonListing& listed, const Options& o) {
    if (!listed.env) return interpreter_error(err, listed);
    const PythonEnvironment& env = listed.env.value();
    std::vector<std::string> sites;
    for (const std::string& site : env.site_dirs) sites.push_back(terminal_text(site));
    for (const SiteDir& site : env.more_site_dirs) sites.push_back(site.place + " " + terminal_text(site.folder));
    report.line("python: " + terminal_text(listed.python) + " (site-packages: " + text::join(sites, ", ") + ")");
    judge_unjudged(listed, env, o);
    const std::vector<OutsideJudged> outside = judge_outside(env, o);
    int status = 0;
    std::size_t with_code = 0;
    std::vector<DistributionVerdicts> judged;  // kept to the end, below
    judged.reserve(env.distributions.size());
    for (std::size_t k = 0; k < env.distributions.size(); ++k) {
        const Distribution& d = env.distributions[k];
        const DistributionVerdicts& dv = judged.emplace_back(judge_distribution(report, d, listed.files[k], env, o));
        status = std::max(status, dv.status);
        std::vector<const OutsideJudged*> loads;
        for (const OutsideJudged& x : outside) {
            if (x.library.distribution != k) continue;
            loads.push_back(&x);
            status = std::max(status, x.judgement.all_run ? 0 : 1);
        }
        // A distribution is shown when it has device code, a runtime that fails, or loads code from outside.
        if (dv.files.empty() && dv.failing.empty() && loads.empty()) continue;
        if (!dv.files.empty() || !loads.empty()) ++with_code;
        if (!o.json) {
            write_distribution(report, out, d, dv, loads, env.site_dirs, o);
            continue;
        }
        for (std::size_t i = 0; i < dv.files.size(); ++i) report.file(dv.paths[i], dv.files[i], json_origin(nullptr, &d));
        for (const OutsideJudged* x : loads) {
            const LoadedLibrary library{x->library.name, x->library.path, x->library.needed_by, x->library.found_by, "", "", "", "", ""};
            report.file(x->library.path, x->judgement, json_origin(&library, &d));
        }
    }
    report.line(std::to_string(env.distributions.size()) + " distributions, " + std::to_string(with_code) +
                " with device code");
    for (const std::string& problem : env.problems) report.line("  note: " + terminal_text(problem));
    // An environment's judgements are some 100,000 allocations (cuFFT's alone 11,000 modules).
    // Freeing them took 6-8 ms, after the answer was written, of a check that takes 60 ms on the
    // GPU machine's PyTorch environment (on more threads no faster: each frees into the arena of
    // the thread that made it), and the process ends right after: they are left to its end, as
    // compilers leave their syntax trees (clang's -disable-free).
    static_cast<void>(new std::vector<DistributionVerdicts>(std::move(judged)));
    return status;
}


DistributionPlace distribution_place(const Distribution& d) {
    if (!d.editable.empty()) return {Place::editable, d.editable};
    if (!d.through_pth.empty()) return {Place::pth, {d.through_pth}};
    if (d.place == kUserSitePackages) return {Place::user, {}};
    if (d.place == kVenvSystemSitePackages) return {Place::system, {}};
    return {};
}

}  // namespace cudaarch::cli::check
