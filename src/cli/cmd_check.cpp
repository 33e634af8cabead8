// SPDX-License-Identifier: Apache-2.0
// cudaarch check [--gpu SPEC|PRODUCT]... [--driver VERSION] [--json] [--timeout SECONDS] FILE...:
// whether the code in each file runs on each GPU, why not, and the fix. See docs/cli/check.md.
#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/driver_timeout.hpp"
#include "cli/inspect_output.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cudaarch/compat.hpp"
#include "cudaarch/file_build.hpp"
#include "cudaarch/modules.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    {"--gpu", "SPEC|PRODUCT",
     "a GPU to check: 9.0, sm_86, 75, T4, \"RTX 4090\";\n"
     "default: the GPUs the NVIDIA driver reports", true},
    {"--driver", "VERSION",
     "the driver to check PTX JIT against: 575.51.03 or a CUDA version\n"
     "(12.9); default: the installed driver, if any"},
    kJsonOption,
    kTimeoutOption,
};

// One GPU to judge: a compute capability and the names it was given or detected under.
struct Gpu {
    Arch cc;
    std::vector<std::string> names;

    [[nodiscard]] std::string label() const {
        return names.empty() ? cc.dotted() : cc.dotted() + " (" + text::join(names, ", ") + ")";
    }
};

void add_gpu(std::vector<Gpu>& gpus, const Arch& cc, const std::string& name) {
    auto it = std::find_if(gpus.begin(), gpus.end(), [&](const Gpu& g) { return g.cc == cc; });
    if (it == gpus.end()) it = gpus.insert(gpus.end(), Gpu{cc, {}});
    if (!name.empty() && std::find(it->names.begin(), it->names.end(), name) == it->names.end())
        it->names.push_back(name);
}

struct Driver {
    DriverVersion version;
    std::string source;  // "--driver" or "detected"
};

struct Options {
    std::vector<Gpu> gpus;
    std::optional<Driver> driver;
    bool json = false;
    JitEnvironment environment;  // CUDA_FORCE_PTX_JIT, CUDA_DISABLE_PTX_JIT of this process
    DriverTimeout timeout;  // for asking the driver, when --gpu or --driver is not given
    std::vector<std::string> files;
};

Result<Options> check_options(const CommandLine& line) {
    Options o;
    o.json = line.has("--json");
    o.environment = jit_environment(std::getenv("CUDA_FORCE_PTX_JIT"), std::getenv("CUDA_DISABLE_PTX_JIT"),
                                    std::getenv("CUDA_CACHE_DISABLE"));
    for (const std::string_view value : line.values("--gpu")) {
        Result<ArchList> list = parse(value);
        if (!list) return Error{"--gpu " + text::quote(value) + ": " + list.error().message};
        if (list->empty()) return Error{"--gpu needs a GPU: a capability (9.0), sm_86 or a product (T4)"};
        const ProductRecord* product = Database::find_product(value);
        for (const Entry& e : *list) add_gpu(o.gpus, e.arch.base(), product ? std::string(product->name) : "");
    }
    if (const auto value = line.value("--driver")) {
        Result<DriverVersion> version = parse_driver_version(*value);
        if (!version) return Error{"--driver: " + version.error().message};
        o.driver = Driver{*version, "--driver"};
    }
    Result<DriverTimeout> timeout = driver_timeout(kCheckSyntax, line);
    if (!timeout) return timeout.error();
    o.timeout = *timeout;
    if (line.operands.empty()) return Error{"no input file"};
    o.files.assign(line.operands.begin(), line.operands.end());
    return o;
}

// "575.51.03" or "CUDA 12.9".
std::string driver_name(const DriverVersion& driver) { return driver.is_cuda ? "CUDA " + driver.text : driver.text; }

// "driver 575.51.03" or "the CUDA 12.9 driver".
std::string driver_phrase(const DriverVersion& driver) {
    return driver.is_cuda ? "the CUDA " + driver.text + " driver" : "driver " + driver.text;
}

// The driver a release's PTX needs: "driver 580.65.06 or newer (r580, CUDA 13.0)".
std::string release_driver(const ToolkitRecord& toolkit) {
    if (toolkit.min_driver.empty()) return "a CUDA " + toolkit.release.str() + " driver or newer";
    const std::string_view branch = toolkit.min_driver.substr(0, toolkit.min_driver.find('.'));
    return "driver " + std::string(toolkit.min_driver) + " or newer (r" + std::string(branch) + ", CUDA " +
           toolkit.release.str() + ")";
}

struct Fix {
    std::string cmake;
    std::string torch;  // empty when TORCH_CUDA_ARCH_LIST cannot say it (PTX-only entries)
};

// The judged images plus SASS for the GPU (and its PTX, where only PTX can run), in the two
// notations users most often write.
Fix fix_for(ArchList build, const Arch& gpu, bool ptx = false) {
    static_cast<void>(merge_entry(build, Entry{gpu, true, ptx, std::nullopt, {}}));
    const Result<Rendering> cmake = render(build, Format::cmake);
    const Result<Rendering> torch = render(build, Format::torch);
    return {cmake ? cmake->text : "", torch ? torch->text : ""};
}

std::string fix_text(const Fix& fix, const Arch& gpu, bool rdc) {
    std::string out = "add " + gpu.dotted() + (rdc ? " to the compile and the device link" : "") +
                      ": CMAKE_CUDA_ARCHITECTURES=" + fix.cmake;
    if (!fix.torch.empty()) out += " or TORCH_CUDA_ARCH_LIST=\"" + fix.torch + "\"";
    // A GPU that current toolkits no longer build for needs an older one.
    const CcRecord* cc = Database::find_cc(gpu.major, gpu.minor);
    if (cc && !cc->last_cuda.empty()) out += "; CUDA " + cc->last_cuda.str() + " is the last to build " + gpu.sm();
    return out;
}

// The judgement of one file on one GPU.
struct GpuVerdict {
    const Gpu* gpu = nullptr;
    RunVerdict run;
    Version ptx_isa;                       // ptx_jit: the PTX's ISA
    const ToolkitRecord* needs = nullptr;  // ptx_jit: the release whose driver that ISA needs
    JitSupport jit = JitSupport::unknown;  // ptx_jit: whether the driver takes it
    int error = 0;                         // the CUDA error it would fail with: 209 or 222
    std::string reason;                    // why it fails; empty when it runs
    std::string fix;                       // what to do; for a JIT that runs, how to skip the JIT
    Fix lists;                             // the build lists the fix names (empty for a driver fix)
    bool every_start = false;              // a JIT whose result is not cached (CUDA_CACHE_DISABLE)
};

std::string needs_text(const GpuVerdict& v) {
    if (!v.needs) return "is newer than every CUDA release cudaarch knows";
    return "needs " + release_driver(*v.needs);
}

// One module on one GPU; `base` is what the fix adds the GPU to (the file's compiled images).
GpuVerdict judge(const Module& module, const ArchList& base, const Gpu& gpu, const std::optional<Driver>& driver,
                 const JitEnvironment& environment) {
    GpuVerdict v;
    v.gpu = &gpu;
    v.run = runs_on(module.build.program(), gpu.cc, environment);
    v.every_start = environment.cache_disabled;
    // Code of a CUDA major the driver does not support fails before any kernel loads.
    const Version built = module_toolkit(module);
    const ToolkitRecord* needs = built.empty() ? nullptr : major_release(built);
    if (driver && needs && driver_jits(driver->version, needs->ptx_isa) == JitSupport::no) {
        const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
        v.run = {Verdict::no_image, {}, error_insufficient_driver, {}};
        v.error = error_insufficient_driver;
        v.reason = "its cubins were built by CUDA " + built.str() + ", which needs " + release_driver(*needs) + "; " +
                   driver_phrase(driver->version) + " supports " +
                   (newest ? "CUDA " + newest->release.str() + " and older" : "no CUDA release cudaarch knows") +
                   ": the program stops with cudaErrorInsufficientDriver";
        v.fix = "update the driver to " +
                (needs->min_driver.empty() ? "a CUDA " + needs->release.str() + " one" : std::string(needs->min_driver) + " or newer") +
                (newest ? ", or rebuild with CUDA " + std::to_string(newest->release.major) + ".x" : std::string());
        return v;
    }
    if (v.run.verdict == Verdict::native) return v;
    if (v.run.verdict == Verdict::link_sass) {
        v.fix = "give the device link (nvcc -dlink, or the link step of nvcc -rdc=true) the compile's -gencode flags, "
                "-gencode arch=compute_" + v.run.image.number() + ",code=" + v.run.image.sm() + " included";
        return v;
    }
    if (v.run.verdict == Verdict::no_image) {
        v.error = v.run.error;
        v.reason = v.run.reason;
    } else {
        v.ptx_isa = newest_ptx_isa(module.listing, v.run.image);
        v.needs = toolkit_for_ptx_isa(v.ptx_isa);
        if (driver) v.jit = driver_jits(driver->version, v.ptx_isa);
    }
    if (v.jit == JitSupport::no) {
        // New SASS from the same toolkit would need the same driver, so the fix is the driver.
        v.error = 222;
        const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
        v.reason = "PTX ISA " + v.ptx_isa.str() + " " + needs_text(v) + "; " + driver_phrase(driver->version) +
                   " JIT-compiles " + (newest ? "up to PTX ISA " + newest->ptx_isa.str() : "no PTX ISA cudaarch knows");
        // An ISA beyond the database needs a driver newer than every release it knows.
        const ToolkitRecord& last = Database::toolkits().back();
        v.fix = "update the driver to " +
                (!v.needs ? "one newer than CUDA " + last.release.str()
                 : v.needs->min_driver.empty() ? "a CUDA " + v.needs->release.str() + " one"
                                               : std::string(v.needs->min_driver) + " or newer");
        if (newest) v.fix += ", or rebuild with CUDA " + newest->release.str() + " or older";
        return v;
    }
    // Under CUDA_FORCE_PTX_JIT only PTX loads, so the fix adds the GPU's PTX too.
    const bool ptx = v.error != 0 && environment.force_ptx_jit;
    v.lists = fix_for(base, gpu.cc, ptx);
    v.fix = fix_text(v.lists, gpu.cc, module.build.program().rdc());
    // The environment's own failures go first: unsetting the variable is the user's fix.
    if (v.error == error_jit_disabled) v.fix = "unset CUDA_DISABLE_PTX_JIT, or " + v.fix;
    else if (ptx) v.fix = "unset CUDA_FORCE_PTX_JIT, or " + v.fix;
    return v;
}

bool runs(const GpuVerdict& v) { return v.error == 0; }


// One GPU's line: the verdict of the file's worst module, `scope` ("1 of 2 modules: ") when
// others fare better, and `modules`, the lines that name the modules it applies to.
void write_text(Output& out, const GpuVerdict& v, std::string_view scope, std::string_view modules) {
    const std::string image = uses_ptx(v.run.verdict) ? v.run.image.compute() : v.run.image.sm();
    const bool relocatable = v.run.verdict == Verdict::link_ptx;
    out << "  " << v.gpu->label() << ": " << scope;
    if (v.error == error_insufficient_driver) {
        out << "driver too old (error 35): " << v.reason << "\n" << modules << "    fix: " << v.fix << "\n";
        return;
    }
    switch (v.run.verdict) {
        case Verdict::native: out << "native " << image << "\n" << modules; return;
        case Verdict::link_sass:
            out << "load-time link of relocatable " << image << ": runs, but the runtime links the device code at every "
                << "process start\n" << modules << "    fix: " << v.fix << "\n";
            return;
        case Verdict::no_image:
            out << (v.error == error_symbol_not_found ? "no kernel image (error 500 in -rdc programs: named symbol not found): "
                    : v.error == error_jit_disabled   ? "PTX JIT disabled (error 223): "
                                                      : "no kernel image (error 209): ");
            out << v.reason << "\n" << modules << "    fix: " << v.fix << "\n";
            return;
        case Verdict::ptx_jit:
        case Verdict::link_ptx: break;
    }
    const std::string what = relocatable ? "JIT and load-time link of relocatable " : "PTX JIT from ";
    if (v.error) {
        out << what << image << " fails (error 222): " << v.reason << "\n" << modules << "    fix: " << v.fix << "\n";
        return;
    }
    out << what << image << " with PTX ISA " << v.ptx_isa.str() << ", which " << needs_text(v) << "\n" << modules
        << "    note: the driver compiles " << image
        << (v.every_start ? " at every process start (CUDA_CACHE_DISABLE is set: nothing is cached)"
                          : " at the first launch and caches the result")
        << (relocatable ? ", the runtime links it at every process start" : "") << "; to skip that, " << v.fix << "\n";
}

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
    out << "{\"gpu\": " << json_string(v.gpu->cc.dotted()) << ", \"verdict\": " << json_string(verdict_name(v.run.verdict))
        << ", \"runs\": " << (runs(v) ? "true" : "false") << ", \"image\": ";
    if (v.run.verdict == Verdict::no_image) out << "null";
    else out << json_string(jit ? v.run.image.compute() : v.run.image.sm());
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

void write_json_header(Output& out, const std::optional<Driver>& driver, const std::vector<Gpu>& gpus) {
    out << json_schema_head("check") << ",\n  \"driver\": ";
    if (driver) {
        const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
        out << "{\"version\": " << json_string(driver->version.text)
            << ", \"kind\": " << json_string(driver->version.is_cuda ? "cuda" : "driver")
            << ", \"source\": " << json_string(driver->source)
            << ", \"ptx_isa\": " << (newest ? json_string(newest->ptx_isa.str()) : "null")
            << ", \"cuda\": " << (newest ? json_string(newest->release.str()) : "null") << "}";
    } else {
        out << "null";
    }
    out << ",\n  \"gpus\": [";
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        out << (i ? ", " : "") << "{\"gpu\": " << json_string(gpus[i].cc.dotted()) << ", \"names\": [";
        for (std::size_t n = 0; n < gpus[i].names.size(); ++n) out << (n ? ", " : "") << json_string(gpus[i].names[n]);
        out << "]}";
    }
    out << "],\n  \"files\": [\n";
}

void write_text_header(Output& out, const std::optional<Driver>& driver) {
    if (!driver) {
        out << "driver: unknown; PTX JIT verdicts do not check it (pass --driver)\n";
        return;
    }
    const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
    out << "driver: " << driver_name(driver->version) << " (" << driver->source << "): JIT-compiles ";
    if (!newest) out << "no PTX ISA cudaarch knows\n";
    else if (driver->version.is_cuda) out << "PTX ISA " << newest->ptx_isa.str() << " and older\n";
    else out << "PTX ISA " << newest->ptx_isa.str() << " and older (CUDA " << newest->release.str() << ")\n";
}

// A file on one GPU: the verdict of its worst counted module, and which modules share it.
struct FileVerdict {
    GpuVerdict worst;
    std::vector<std::size_t> worst_modules;  // the counted modules with that verdict
    std::vector<std::size_t> failing;        // the counted modules that do not run
    std::vector<int> errors;                 // every module's error (0: it loads), counted or not
};

bool worse(const GpuVerdict& a, const GpuVerdict& b) {
    if (runs(a) != runs(b)) return !runs(a);
    return badness(a.run.verdict) > badness(b.run.verdict);
}

FileVerdict judge_file(const std::vector<Module>& modules, const std::vector<bool>& counted, const ArchList& base,
                       const Gpu& gpu, const Options& o) {
    FileVerdict file;
    std::vector<GpuVerdict> verdicts(modules.size());
    bool first = true;
    for (std::size_t i = 0; i < modules.size(); ++i) {
        verdicts[i] = judge(modules[i], base, gpu, o.driver, o.environment);
        file.errors.push_back(verdicts[i].error);
        if (!counted[i]) continue;
        if (!runs(verdicts[i])) file.failing.push_back(i);
        if (first || worse(verdicts[i], file.worst)) file.worst = verdicts[i];
        first = false;
    }
    for (std::size_t i = 0; i < modules.size(); ++i) {
        if (counted[i] && runs(verdicts[i]) == runs(file.worst) && verdicts[i].run.verdict == file.worst.run.verdict &&
            verdicts[i].error == file.worst.error)
            file.worst_modules.push_back(i);
    }
    return file;
}

// "two module 3 (SASS sm_80; PTX -): k_b(int*)", one line per module, the first few. Modules
// are numbered in file order, as `inspect` lists them.
std::string module_lines(const std::string& path, const std::vector<Module>& modules, const std::vector<std::size_t>& shown) {
    constexpr std::size_t most = 3;
    std::string out;
    for (std::size_t k = 0; k < shown.size() && k < most; ++k) {
        const Module& m = modules[shown[k]];
        out += "    " + path + " module " + std::to_string(shown[k] + 1) + " (" + image_summary(m.listing) +
               "): " + kernel_summary(m) + "\n";
    }
    if (shown.size() > most) out += "    and " + std::to_string(shown.size() - most) + " more modules\n";
    return out;
}

// "; 3 modules, 1 without kernels" where the file has more than one module or a kernel-less one.
std::string module_count(const std::vector<Module>& modules) {
    const auto kernel_less = static_cast<std::size_t>(
        std::count_if(modules.begin(), modules.end(), [](const Module& m) { return m.kernel_less(); }));
    if (modules.size() < 2 && kernel_less == 0) return "";
    std::string out = "; " + std::to_string(modules.size()) + (modules.size() == 1 ? " module" : " modules");
    if (kernel_less) out += ", " + std::to_string(kernel_less) + " without kernels";
    return out;
}

// Checks one file on every GPU, writes the result; returns the file's exit status.
int check_file(Output& out, Output& err, const std::string& path, const Options& o, bool last) {
    const Result<binary::Listing> listing = binary::list_images(path, binary::Scope::all_sections, binary::Read::kernels);
    if (o.json) out << "    {\"path\": " << json_string(path);
    if (!listing) {
        if (o.json) out << ", \"error\": " << json_string(listing.error().message)
                        << ", \"judged\": [], \"arch_specific\": [], \"rdc\": false, \"runs\": false, \"modules\": [], \"verdicts\": []}";
        else err << "cudaarch: error: " << listing.error().message << "\n";
        if (o.json) out << (last ? "\n" : ",\n");
        return 2;
    }
    const FileBuild build = file_build(*listing);
    const std::vector<Module> parts = modules(*listing);
    const std::vector<bool> counted = counted_modules(parts);
    const auto judged = static_cast<std::size_t>(std::count(counted.begin(), counted.end(), true));
    const ArchList base = compiled(parts, counted);
    std::vector<FileVerdict> verdicts;
    for (std::size_t g = 0; judged && g < o.gpus.size(); ++g) verdicts.push_back(judge_file(parts, counted, base, o.gpus[g], o));
    // Without a module that can fail (no device code, or none with a kernel) nothing fails to
    // load; but a file of no format cudaarch reads (not ELF, not an archive) is no program at all.
    const bool unknown = listing->format == binary::FileFormat::unknown;
    const bool all_run = !unknown && std::all_of(verdicts.begin(), verdicts.end(), [](const FileVerdict& v) { return v.failing.empty(); });
    if (o.json) {
        out << ", \"error\": null, \"judged\": " << json_image_names(build.judged)
            << ", \"arch_specific\": " << json_image_names(build.arch_specific) << ", \"rdc\": " << (build.program().rdc() ? "true" : "false") << ", \"runs\": " << (all_run ? "true" : "false");
        write_json_modules(out, parts, &counted);
        out << ",\n     \"verdicts\": [";
        for (std::size_t i = 0; i < verdicts.size(); ++i) {
            out << (i ? ",\n       " : "\n       ");
            write_json(out, verdicts[i].worst, verdicts[i].failing, verdicts[i].errors);
        }
        out << (verdicts.empty() ? "]}" : "\n     ]}") << (last ? "\n" : ",\n");
    } else {
        out << path << ": " << image_summary(*listing) << module_count(parts) << "\n";
        if (unknown) out << "  not an executable, library, object, archive, .fatbin, .cubin or .ptx file\n";
        else if (parts.empty()) out << "  no device code: nothing to load\n";
        else if (judged == 0) out << "  no kernels: its modules have nothing to launch\n";
        if (!build.arch_specific.empty())
            out << "  note: not judged: " << image_names(build.arch_specific)
                << " (containers of 'a' images only, code for exactly those capabilities)\n";
        for (const FileVerdict& v : verdicts) {
            const bool partial = v.worst_modules.size() < judged;
            const std::string scope = partial ? std::to_string(v.worst_modules.size()) + " of " + std::to_string(judged) + " modules: " : "";
            write_text(out, v.worst, scope, partial ? module_lines(path, parts, v.worst_modules) : "");
        }
    }
    return all_run ? 0 : 1;
}

}  // namespace

const CommandSyntax kCheckSyntax{
    "check", "FILE...",
    "Says for each file and GPU whether its code runs natively (SASS), through the driver's PTX\n"
    "JIT, through a load-time link of relocatable (-rdc) code, or not at all (error 209, or 500\n"
    "in -rdc programs), why, and what to add to the build.\n",
    "Exit status: 0 every file runs on every GPU, 1 something does not, 2 usage or read error.\n",
    kOptions, std::size(kOptions), Operands::words};

int run_check(const Args& args, Output& out, Output& err) {
    const Result<CommandLine> line = parse_command_line(kCheckSyntax, args);
    if (!line) return usage_error(kCheckSyntax, err, line.error());
    if (line->help) return print_help(kCheckSyntax, out);
    Result<Options> parsed = check_options(*line);
    if (!parsed) return usage_error(kCheckSyntax, err, parsed.error());
    Options& o = parsed.value();
    if (o.gpus.empty() || !o.driver) {
        const DriverQuery query = ask_driver(o.timeout);
        if (!o.driver && query.driver_version > 0) o.driver = Driver{driver_from_cuda_version(query.driver_version), "detected"};
        if (o.gpus.empty() && !query.ok()) {
            err << "cudaarch: error: no GPU detected: " << query.reason
                << "\nhint: name the GPUs to check, e.g. --gpu 9.0 --gpu T4 --gpu \"RTX 4090\"\n";
            return 2;
        }
        if (o.gpus.empty()) {
            for (const Device& d : query.devices)
                add_gpu(o.gpus, Arch{d.major, d.minor, Suffix::none}, "device " + std::to_string(d.index) + ": " + d.name);
        }
    }
    if (o.json) write_json_header(out, o.driver, o.gpus);
    else write_text_header(out, o.driver);
    int status = 0;
    for (std::size_t i = 0; i < o.files.size(); ++i)
        status = std::max(status, check_file(out, err, o.files[i], o, i + 1 == o.files.size()));
    if (o.json) out << "  ]\n}\n";
    return status;
}

}  // namespace cudaarch::cli
