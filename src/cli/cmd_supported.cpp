// SPDX-License-Identifier: Apache-2.0
// cudaarch supported [--nvcc PATH] [--kind real|virtual] [--json]
#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cudaarch/text.hpp"
#include "cudaarch/toolkit.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    nvcc_option("the compiler to ask"),
    {"--kind", "real|virtual", "the real (sm_) targets (default) or the virtual (compute_) ones"},
    kJsonOption,
};

}  // namespace

const CommandSyntax kSupportedSyntax{
    "supported", "",
    "Prints the architectures the nvcc can build, sorted, as a CMake list.\n",
    "Exit status: 0 listed, 2 usage error or no nvcc.\n",
    kOptions, std::size(kOptions), Operands::none};

namespace {

int run_supported(const CommandLine& line, Output& out, Output& err) {
    const std::string_view kind = line.value("--kind").value_or("real");
    if (!text::iequals(kind, "real") && !text::iequals(kind, "virtual"))
        return fail(err, Error{text::unknown_value("kind", "kinds", kind, {"real", "virtual"})});
    const bool real = text::iequals(kind, "real");
    const std::string nvcc(line.value("--nvcc").value_or(""));
    Result<Toolkit> toolkit = query_toolkit(nvcc.empty() ? default_nvcc() : nvcc);
    if (!toolkit) return fail(err, toolkit.error());
    std::vector<std::string> numbers;
    for (const Arch& a : real ? toolkit->real : toolkit->virt) numbers.push_back(a.number());
    if (line.has("--json"))
        out << json_schema_head("supported") << ", \"nvcc\": " << json_nvcc(*toolkit) << ", \"kind\": \""
            << (real ? "real" : "virtual") << "\", \"architectures\": " << json_strings(numbers) << "}\n";
    else
        out << text::join(numbers, ";") << "\n";
    return 0;
}

}  // namespace

const Command kSupportedCommand{&kSupportedSyntax, run_supported,
    "list the architectures the installed nvcc can build"};

}  // namespace cudaarch::cli
