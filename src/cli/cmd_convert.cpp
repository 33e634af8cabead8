// cudaarch convert [--from DIALECT] [--to FORMAT] SPEC...
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/spec_options.hpp"

namespace cudaarch::cli {

namespace {

constexpr std::string_view kHelp =
    "usage: cudaarch convert [--from DIALECT] [--to FORMAT] SPEC...\n"
    "\n"
    "Reads architectures in any notation and writes them in one format.\n"
    "  --from DIALECT  how bare numbers read: CMAKE, TORCH, TF, OPENCV, NVCC (default: CudaArch's rules)\n"
    "  --to FORMAT     CMAKE (default), TORCH, GENCODE, TF, OPENCV, CLANG, READABLE\n"
    "SPEC arguments are joined with spaces into one list; '--' ends the options.\n"
    "Example: cudaarch convert --to gencode \"7.5 8.6+PTX\"\n";

}  // namespace

int run_convert(const Args& args, std::ostream& out, std::ostream& err) {
    Result<SpecOptions> options = parse_spec_options(args, false);
    if (!options) return fail(err, options.error());
    if (options->help) {
        out << kHelp;
        return 0;
    }
    Result<ArchList> list = parse(options->spec, options->dialect);
    if (!list) return fail(err, list.error());
    return print_list(*list, options->format, {}, out, err);
}

}  // namespace cudaarch::cli
