// cudaarch supported [--nvcc PATH] [--kind real|virtual]
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cudaarch/text.hpp"
#include "cudaarch/toolkit.hpp"

namespace cudaarch::cli {

namespace {

constexpr std::string_view kHelp =
    "usage: cudaarch supported [--nvcc PATH] [--kind real|virtual]\n"
    "\n"
    "Prints the architectures the nvcc can build, sorted, as a CMake list: the real (sm_)\n"
    "targets by default, the virtual (compute_) ones with --kind virtual.\n"
    "  --nvcc PATH  the compiler to ask (default: $CUDAToolkit_ROOT, $CUDACXX, $CUDA_PATH, PATH, /usr/local/cuda)\n";

}  // namespace

int run_supported(const Args& args, std::ostream& out, std::ostream& err) {
    std::string nvcc;
    bool real = true;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view value;
        if (args[i] == "--help" || args[i] == "-h") {
            out << kHelp;
            return 0;
        }
        if (option_value(args, i, "--nvcc", value)) {
            nvcc = std::string(value);
        } else if (option_value(args, i, "--kind", value)) {
            if (!text::iequals(value, "real") && !text::iequals(value, "virtual")) {
                return fail(err, Error{"unknown kind " + text::quote(value) + "; kinds: real, virtual."});
            }
            real = text::iequals(value, "real");
        } else {
            return fail(err, Error{"unexpected argument " + text::quote(args[i]) + "\n" + std::string(kHelp)});
        }
    }
    Result<Toolkit> toolkit = query_toolkit(nvcc.empty() ? default_nvcc() : nvcc);
    if (!toolkit) return fail(err, toolkit.error());
    std::vector<std::string> numbers;
    for (const Arch& a : real ? toolkit->real : toolkit->virt) numbers.push_back(a.number());
    out << text::join(numbers, ";") << "\n";
    return 0;
}

}  // namespace cudaarch::cli
