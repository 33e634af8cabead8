// SPDX-License-Identifier: Apache-2.0
// How `cudaarch check` writes the verdict engine's verdicts: text, or one JSON document.
// See docs/cli/check.md and docs/cli/json.md.
#include <algorithm>

#include "cli/check.hpp"
#include "cli/inspect_output.hpp"
#include "cli/json.hpp"
#include "cli/terminal_text.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli::check {

namespace {

// "575.51.03" or "CUDA 12.9".
std::string driver_name(const DriverVersion& driver) { return driver.is_cuda ? "CUDA " + driver.text : driver.text; }

// " (error 209)": the CUDA error a verdict fails with, as the text names it.
std::string error_text(const GpuVerdict& v) { return " (error " + std::to_string(v.error) + ")"; }

// One GPU's line: the verdict of the file's worst module, `scope` ("1 of 2 modules: ") when
// others fare better, and `modules`, the lines that name the modules it applies to; every line
// after `indent` (a distribution's file is shown further in).
void write_text(Output& out, const GpuVerdict& v, const std::string& label, std::string_view scope, std::string_view modules,
                std::string_view indent) {
    const std::string image = v.image();
    const std::string more = std::string(indent) + "    ";
    const std::string fix = more + "fix: " + v.fix + "\n";
    out << indent << "  " << label << ": " << scope;
    const bool relocatable = v.run.verdict == Verdict::link_ptx;
    const std::string what = relocatable ? "JIT and load-time link of relocatable " : "PTX JIT from ";
    switch (v.kind()) {
        case VerdictKind::driver_too_old: out << "driver too old" << error_text(v) << ": " << v.reason << "\n" << modules << fix; return;
        case VerdictKind::native: out << "native " << image << "\n" << modules; return;
        case VerdictKind::link_sass:
            out << "load-time link of relocatable " << image << ": runs, but the runtime links the device code at every "
                << "process start\n" << modules << fix;
            return;
        case VerdictKind::symbol_not_found:
            out << "no kernel image (error " << v.error << " in -rdc programs: named symbol not found)";
            break;
        case VerdictKind::jit_disabled: out << "PTX JIT disabled" << error_text(v); break;
        case VerdictKind::no_image: out << "no kernel image" << error_text(v); break;
        case VerdictKind::ptx_too_new: out << what << image << " fails" << error_text(v); break;
        case VerdictKind::ptx_jit:
        case VerdictKind::link_ptx:
            out << what << image << " with PTX ISA " << v.ptx_isa.str() << ", which " << needs_text(v) << "\n" << modules
                << more << "note: the driver compiles " << image
                << (v.every_start ? " at every process start (CUDA_CACHE_DISABLE is set: nothing is cached)"
                                  : " at the first launch and caches the result")
                << (relocatable ? ", the runtime links it at every process start" : "") << "; to skip that, " << v.fix << "\n";
            return;
    }
    out << ": " << v.reason << "\n" << modules << fix;
}

std::string_view jit_name(JitSupport jit) {
    switch (jit) {
        case JitSupport::yes: return "yes";
        case JitSupport::no: return "no";
        case JitSupport::unknown: break;
    }
    return "unknown";
}

void write_json(Output& out, const GpuVerdict& v, const std::vector<std::size_t>& failing, const std::vector<int>& errors) {
    const bool jit = uses_ptx(v.run.verdict);
    out << "{\"gpu\": " << json_string(v.gpu.dotted()) << ", \"verdict\": " << json_string(verdict_name(v.run.verdict))
        << ", \"runs\": " << (v.runs() ? "true" : "false") << ", \"image\": ";
    if (v.run.verdict == Verdict::no_image) out << "null";
    else out << json_string(v.image());
    out << ", \"ptx_isa\": " << (jit ? json_string(v.ptx_isa.str()) : "null")
        << ", \"driver_jits\": " << (jit ? json_string(jit_name(v.jit)) : "null")
        << ", \"needs_driver\": " << (v.needs ? json_optional_string(v.needs->min_driver) : "null")
        << ", \"needs_cuda\": " << (v.needs ? json_string(v.needs->release.str()) : "null")
        << ", \"error\": " << (v.error ? std::to_string(v.error) : "null")
        << ", \"reason\": " << json_optional_string(v.reason) << ", \"fix\": " << json_optional_string(v.fix)
        << ", \"cmake\": " << json_optional_string(v.lists.cmake) << ", \"torch\": " << json_optional_string(v.lists.torch)
        << ", \"failing_modules\": [";
    for (std::size_t i = 0; i < failing.size(); ++i) out << (i ? ", " : "") << failing[i];
    out << "], \"module_errors\": [";
    for (std::size_t i = 0; i < errors.size(); ++i) out << (i ? ", " : "") << errors[i];
    out << "]}";
}

void write_json(Output& out, const std::string& program, const RuntimeJudgement& j) {
    const RuntimeVerdict& v = j.verdict;
    out << "{\"program\": " << json_string(program) << ", \"path\": " << json_optional_string(j.runtime.path)
        << ", \"loaded_as\": " << json_optional_string(j.runtime.name)
        << ", \"linked_in\": " << (j.runtime.linked_in() ? "true" : "false")
        << ", \"version\": " << json_string(j.runtime.version_text)
        << ", \"needs_driver\": " << (v.needs ? json_optional_string(v.needs->min_driver) : "null")
        << ", \"needs_cuda\": " << (v.needs ? json_string(v.needs->release.str()) : "null")
        << ", \"runs\": " << (v.runs == JitSupport::unknown ? "null" : v.runs == JitSupport::yes ? "true" : "false")
        << ", \"error\": " << (v.error() ? std::to_string(v.error()) : "null")
        << ", \"reason\": " << json_optional_string(v.reason) << ", \"fix\": " << json_optional_string(v.fix) << "}";
}

// "two module 3 (SASS sm_80; PTX -): k_b(int*)", one line per module, the first few. Modules
// are numbered in file order, as `inspect` lists them.
std::string module_lines(const std::string& path, const std::vector<Module>& modules, const std::vector<std::size_t>& shown,
                         std::string_view indent) {
    std::string out;
    for (std::size_t k = 0; k < shown.size() && k < kShownModules; ++k) {
        const Module& m = modules[shown[k]];
        out += std::string(indent) + "    " + path + " module " + std::to_string(shown[k] + 1) + " (" + image_summary(m.listing) +
               "): " + kernel_summary(m) + "\n";
    }
    if (shown.size() > kShownModules)
        out += std::string(indent) + "    and " + std::to_string(shown.size() - kShownModules) + " more modules\n";
    return out;
}

// What check says of the failures the engine sets aside (decides_failure()), one note per
// kind: they are not hidden.
std::vector<std::string> set_aside_notes(const std::vector<Module>& modules, const FileVerdict& v) {
    const Arch& gpu = v.worst.gpu;
    const std::size_t newer = count_newer(modules, v.set_aside, gpu);
    const std::size_t unread = v.set_aside.size() - newer;
    const auto modules_hold = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " module holds" : " modules hold"); };
    const auto their = [](std::size_t n) { return n == 1 ? "its" : "their"; };
    const std::string fails = "they fail with error " + std::to_string(error_no_kernel_image);
    std::vector<std::string> notes;
    if (newer)
        notes.push_back("note: " + modules_hold(newer) + " only code for GPUs newer than " + gpu.dotted() +
                        ": a library launches such kernels only where they run; if it launches " + their(newer) +
                        " kernels on " + gpu.dotted() + ", " + fails);
    if (unread)
        notes.push_back("note: " + modules_hold(unread) + " no image for " + gpu.dotted() + " and " + their(unread) +
                        " kernels were not read (compressed code): a library that chooses its kernels per GPU does not "
                        "launch them there; if it does, " + fails);
    return notes;
}

// Where a distribution is, as the JSON says it: distribution_place()'s place and what names it
// (null where nothing does).
std::string json_distribution_place(const Distribution& d) {
    static constexpr std::string_view kPlaceNames[] = {"site-packages", "editable", "pth", "user", "system"};
    const DistributionPlace where = distribution_place(d);
    std::vector<std::string> from;
    for (const std::string& item : where.from) from.push_back(json_string(item));
    return ", \"distribution_place\": " + json_string(kPlaceNames[static_cast<std::size_t>(where.place)]) +
           ", \"distribution_from\": " + (from.empty() ? std::string("null") : "[" + text::join(from, ", ") + "]");
}

}  // namespace

std::string_view verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::native: return "native";
        case Verdict::ptx_jit: return "ptx_jit";
        case Verdict::link_sass: return "link_sass";
        case Verdict::link_ptx: return "link_ptx";
        case Verdict::no_image: break;
    }
    return "no_image";
}

std::string json_judged_by(const Options& o) {
    std::string out = ",\n  \"driver\": ";
    if (o.driver) {
        const ToolkitRecord* newest = newest_jit_toolkit(o.driver->version);
        out += "{\"version\": " + json_string(o.driver->version.text) +
               ", \"kind\": " + json_string(o.driver->version.is_cuda ? "cuda" : "driver") +
               ", \"source\": " + json_string(o.driver->source) +
               ", \"ptx_isa\": " + (newest ? json_string(newest->ptx_isa.str()) : "null") +
               ", \"cuda\": " + (newest ? json_string(newest->release.str()) : "null") + "}";
    } else {
        out += "null";
    }
    out += ",\n  \"gpus\": [";
    for (std::size_t i = 0; i < o.gpus.size(); ++i) {
        out += std::string(i ? ", " : "") + "{\"gpu\": " + json_string(o.gpus[i].cc.dotted()) + ", \"names\": [";
        for (std::size_t n = 0; n < o.gpus[i].names.size(); ++n) out += (n ? ", " : "") + json_string(o.gpus[i].names[n]);
        out += "]}";
    }
    return out + "]";
}

void write_json_header(Output& out, const Options& o) {
    out << json_schema_head("check") << json_judged_by(o) << ",\n  \"files\": [\n";
}

void write_text_header(Output& out, const Options& o) {
    if (!o.driver) {
        out << "driver: unknown; PTX JIT verdicts do not check it (pass --driver)\n";
        return;
    }
    const ToolkitRecord* newest = newest_jit_toolkit(o.driver->version);
    out << "driver: " << driver_name(o.driver->version) << " (" << o.driver->source << "): JIT-compiles ";
    if (!newest) out << "no PTX ISA cudaarch knows\n";
    else if (o.driver->version.is_cuda) out << "PTX ISA " << newest->ptx_isa.str() << " and older\n";
    else out << "PTX ISA " << newest->ptx_isa.str() << " and older (CUDA " << newest->release.str() << ")\n";
}

std::string module_count(const std::vector<Module>& modules) {
    const auto kernel_less = static_cast<std::size_t>(
        std::count_if(modules.begin(), modules.end(), [](const Module& m) { return m.kernel_less(); }));
    if (modules.size() < 2 && kernel_less == 0) return "";
    std::string out = "; " + std::to_string(modules.size()) + (modules.size() == 1 ? " module" : " modules");
    if (kernel_less) out += ", " + std::to_string(kernel_less) + " without kernels";
    return out;
}

void write_file_text(Output& out, const std::string& shown, const FileJudgement& j, const std::vector<Gpu>& gpus,
                     std::string_view indent) {
    if (j.listing.format == binary::FileFormat::unknown)
        out << indent << "  not an executable, library, object, archive, .fatbin, .cubin or .ptx file\n";
    else if (j.parts.empty()) out << indent << "  no device code: nothing to load\n";
    else if (j.judged == 0) out << indent << "  no kernels: its modules have nothing to launch\n";
    if (!j.build.arch_specific.empty())
        out << indent << "  note: not judged: " << image_names(j.build.arch_specific)
            << " (containers of 'a' images only, code for exactly those capabilities)\n";
    for (std::size_t g = 0; g < j.verdicts.size(); ++g) {
        const FileVerdict& v = j.verdicts[g];
        const std::size_t decided = j.judged - v.set_aside.size();
        const bool partial = v.worst_modules.size() < decided;
        const std::string scope =
            partial ? std::to_string(v.worst_modules.size()) + " of " + std::to_string(decided) + " modules: " : "";
        write_text(out, v.worst, gpus[g].label(), scope, partial ? module_lines(shown, j.parts, v.worst_modules, indent) : "",
                   indent);
        for (const std::string& note : set_aside_notes(j.parts, v)) out << indent << "    " << note << "\n";
    }
}

std::string json_origin(const LoadedLibrary* library, const Distribution* distribution) {
    const auto text = [](const std::string* value) { return value ? json_string(*value) : std::string("null"); };
    return ", \"loaded_as\": " + text(library ? &library->name : nullptr) +
           ", \"needed_by\": " + text(library ? &library->needed_by : nullptr) +
           ", \"found_by\": " + text(library ? &library->found_by : nullptr) +
           ", \"distribution\": " + text(distribution ? &distribution->name : nullptr) +
           ", \"distribution_version\": " + text(distribution ? &distribution->version : nullptr) +
           (distribution ? json_distribution_place(*distribution) : ", \"distribution_place\": null, \"distribution_from\": null");
}

int Report::unreadable(const std::string& path, const std::string& message) {
    if (o_.json) {
        open_entry(path);
        out_ << json_origin(nullptr, nullptr) << ", \"error\": " << json_string(message)
             << ", \"judged\": [], \"arch_specific\": [], \"rdc\": false, \"runs\": false, \"modules\": [], \"verdicts\": []}";
    } else {
        err_ << "cudaarch: error: " << terminal_text(message) << "\n";
    }
    return 2;
}

int Report::file(const std::string& path, const FileJudgement& j, const std::string& origin, const std::string& heading) {
    if (o_.json) {
        open_entry(path);
        out_ << origin << ", \"error\": null, \"judged\": " << json_image_names(j.build.judged)
             << ", \"arch_specific\": " << json_image_names(j.build.arch_specific)
             << ", \"rdc\": " << (j.build.program().rdc() ? "true" : "false")
             << ", \"runs\": " << (j.all_run ? "true" : "false");
        write_json_modules(out_, j.parts, &j.counted);
        out_ << ",\n     \"verdicts\": [";
        for (std::size_t i = 0; i < j.verdicts.size(); ++i) {
            out_ << (i ? ",\n       " : "\n       ");
            write_json(out_, j.verdicts[i].worst, j.verdicts[i].failing, j.verdicts[i].errors);
        }
        out_ << (j.verdicts.empty() ? "]}" : "\n     ]}");
    } else {
        const std::string shown = terminal_text(path);
        out_ << shown << heading << ": " << image_summary(j.listing) << module_count(j.parts) << "\n";
        write_file_text(out_, shown, j, o_.gpus);
    }
    return j.all_run ? 0 : 1;
}

int Report::runtime(const std::string& program, const RuntimeJudgement& v, std::string_view indent) {
    const bool fails = v.verdict.runs == JitSupport::no;
    if (o_.json) {
        Output entry;
        write_json(entry, program, v);
        runtimes_.push_back(entry.text());
    } else if (fails) {
        out_ << indent << terminal_text(program) << ": " << terminal_text(v.runtime.label()) << ": driver too old (error "
             << v.verdict.error() << "): " << v.verdict.reason << "\n" << indent << "    fix: " << v.verdict.fix << "\n";
    }
    return fails ? 1 : 0;
}

void Report::line(const std::string& text) {
    if (!o_.json) out_ << text << "\n";
}

void Report::finish() {
    if (!o_.json) return;
    out_ << (first_ ? "" : "\n") << "  ],\n  \"runtimes\": [";
    for (std::size_t i = 0; i < runtimes_.size(); ++i) out_ << (i ? ",\n    " : "\n    ") << runtimes_[i];
    out_ << (runtimes_.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

void Report::open_entry(const std::string& path) {
    out_ << (first_ ? "" : ",\n") << "    {\"path\": " << json_string(path);
    first_ = false;
}

}  // namespace cudaarch::cli::check
