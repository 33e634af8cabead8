// SPDX-License-Identifier: Apache-2.0
// cudaarch convert [--from DIALECT] [--to FORMAT] [--json] SPEC...
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/spec_options.hpp"

#include <utility>

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {kFromOption, kToOption, kJsonOption};

}  // namespace

const CommandSyntax kConvertSyntax{
    "convert", "SPEC...",
    "Reads architectures in any notation and writes them in one format. SPEC arguments are\n"
    "joined with spaces into one list; '--' ends the options.\n",
    "Exit status: 0 converted, 2 usage error or a SPEC that cannot be read or written in FORMAT.\n"
    "Example: cudaarch convert --to gencode \"7.5 8.6+PTX\"\n",
    kOptions, std::size(kOptions), Operands::words, is_architecture_flag};

namespace {

int run_convert(const CommandLine& line, Output& out, Output& err) {
    const Result<SpecOptions> options = spec_options(line);
    if (!options) return fail(err, options.error());
    const Result<ArchList> list = parse(options->spec, options->dialect);
    if (!list) return fail(err, list.error());
    // What PyTorch would reject is read, and said (docs/notation.md, dialects).
    std::vector<std::string> warnings;
    if (options->dialect == Dialect::torch) warnings = torch_spelling_warnings(options->spec);
    return print_list(*list, *options, "convert", "", std::move(warnings), out, err);
}

}  // namespace

const Command kConvertCommand{&kConvertSyntax, run_convert,
    "translate architecture notations (TORCH_CUDA_ARCH_LIST, CMake, -gencode, ...)"};

}  // namespace cudaarch::cli
