// cudaarch resolve [--nvcc PATH] [--policy P] [--from DIALECT] [--to FORMAT] SPEC...
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/spec_options.hpp"
#include <cstdlib>

#include "cudaarch/driver.hpp"
#include "cudaarch/resolve.hpp"

namespace cudaarch::cli {

namespace {

constexpr std::string_view kHelp =
    "usage: cudaarch resolve [--nvcc PATH] [--policy P] [--native-ptx] [--native-fallback SPEC]\n"
    "                        [--from DIALECT] [--to FORMAT] SPEC...\n"
    "\n"
    "Expands keywords (all, all-major, newest, native, family names) as the installed nvcc\n"
    "would and checks every architecture against what that nvcc can build.\n"
    "  --nvcc PATH      the compiler to ask (default: $CUDAToolkit_ROOT, $CUDACXX, $CUDA_PATH, PATH, /usr/local/cuda)\n"
    "  --policy P       for an architecture nvcc cannot build: ERROR (default), WARN (leave it\n"
    "                   out), CLAMP (newer than nvcc: PTX of the highest older one)\n"
    "  --native-ptx     native also embeds PTX for the highest GPU\n"
    "  --native-fallback SPEC\n"
    "                   what native becomes without a GPU (e.g. all-major); ERROR or unset: an error\n"
    "  --from DIALECT   how bare numbers read: CMAKE, TORCH, TF, OPENCV, NVCC\n"
    "  --to FORMAT      CMAKE (default), TORCH, GENCODE, TF, OPENCV, CLANG, READABLE\n"
    "Example: cudaarch resolve --to gencode all-major\n";

// The GPUs native stands for: CUDAARCH_GPUS when set (the deployment GPUs of a build host),
// else what the driver reports.
Result<NativeGpus> detect_native(Dialect dialect) {
    NativeGpus gpus;
    if (const char* override_gpus = std::getenv("CUDAARCH_GPUS"); override_gpus && *override_gpus) {
        Result<ArchList> named = parse(override_gpus, dialect);
        if (!named) return Error{"CUDAARCH_GPUS: " + named.error().message};
        for (const Entry& e : *named) gpus.named.emplace(e.arch.base(), "compute capability " + e.arch.base().dotted());
        return gpus;
    }
    const DriverQuery query = query_driver();
    for (const Device& d : query.devices) {
        const Arch cc{d.major, d.minor, Suffix::none};
        gpus.named.emplace(cc, "GPU " + std::to_string(d.index) + ": " + d.name + ", " + cc.dotted());
    }
    gpus.reason = query.reason;
    return gpus;
}

}  // namespace

int run_resolve(const Args& args, std::ostream& out, std::ostream& err) {
    Result<SpecOptions> options = parse_spec_options(args, true);
    if (!options) return fail(err, options.error());
    if (options->help) {
        out << kHelp;
        return 0;
    }
    Result<Toolkit> toolkit = query_toolkit(options->nvcc.empty() ? default_nvcc() : options->nvcc);
    if (!toolkit) return fail(err, toolkit.error());
    ResolveOptions resolve_options{options->policy, options->dialect, [&] { return detect_native(options->dialect); },
                                   options->native_ptx, options->native_fallback, "--native-fallback"};
    Result<Resolution> resolution = resolve(options->spec, *toolkit, resolve_options);
    if (!resolution) return fail(err, resolution.error());
    return print_list(resolution->list, options->format, resolution->warnings, out, err);
}

}  // namespace cudaarch::cli
