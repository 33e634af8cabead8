// cudaarch resolve [--nvcc PATH] [--policy P] [--from DIALECT] [--to FORMAT] SPEC...
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/spec_options.hpp"
#include "cudaarch/resolve.hpp"

namespace cudaarch::cli {

namespace {

constexpr std::string_view kHelp =
    "usage: cudaarch resolve [--nvcc PATH] [--policy P] [--from DIALECT] [--to FORMAT] SPEC...\n"
    "\n"
    "Expands keywords (all, all-major, newest, family names) as the installed nvcc would and\n"
    "checks every architecture against what that nvcc can build.\n"
    "  --nvcc PATH      the compiler to ask (default: nvcc on PATH, $CUDA_HOME, /usr/local/cuda)\n"
    "  --policy P       for an architecture nvcc cannot build: ERROR (default), WARN (leave it\n"
    "                   out), CLAMP (newer than nvcc: PTX of the highest older one)\n"
    "  --from DIALECT   how bare numbers read: CMAKE, TORCH, TF, OPENCV, NVCC\n"
    "  --to FORMAT      CMAKE (default), TORCH, GENCODE, TF, OPENCV, CLANG, READABLE\n"
    "Example: cudaarch resolve --to gencode all-major\n";

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
    Result<Resolution> resolution = resolve(options->spec, *toolkit, {options->policy, options->dialect});
    if (!resolution) return fail(err, resolution.error());
    return print_list(resolution->list, options->format, resolution->warnings, out, err);
}

}  // namespace cudaarch::cli
