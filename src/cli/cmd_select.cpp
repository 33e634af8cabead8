// SPDX-License-Identifier: Apache-2.0
// cudaarch select [--objective minimal|exact] [--ptx] [--from-file F]... [--nvcc PATH]
//                 [--to FORMAT] [--json] GPU...: the images a fleet of GPUs needs.
// See docs/cli/select.md.
#include <algorithm>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/select.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    {"--objective", "minimal|exact",
     "minimal (default): the fewest images, a cubin runs on later minors of its major;\n"
     "exact: one cubin per distinct capability"},
    {"--ptx", "", "also embed PTX of the highest image, for GPUs newer than the fleet"},
    {"--from-file", "FILE", "read GPUs from FILE (names or capabilities one per line, nvidia-smi's CSV,\n"
                            "or 'cudaarch detect --json' output; '-' reads stdin)", true},
    nvcc_option("the compiler to validate against"),
    {"--to", "FORMAT", "the list's format: CMAKE (default), TORCH, GENCODE, TF, OPENCV, CLANG, READABLE"},
    kJsonOption,
};

struct Options {
    Objective objective = Objective::minimal;
    bool ptx = false;
    bool json = false;
    Format format = Format::cmake;
    std::string nvcc;
    std::vector<FleetGpu> fleet;
};

std::optional<Error> add_fleet(Options& o, std::string_view text) {
    Result<std::vector<FleetGpu>> fleet = parse_fleet(text);
    if (!fleet) return fleet.error();
    for (const FleetGpu& gpu : *fleet) o.fleet.push_back(gpu);
    return std::nullopt;
}

Result<Options> select_options(const CommandLine& line) {
    Options o;
    o.ptx = line.has("--ptx");
    o.json = line.has("--json");
    if (auto error = read_option(line, "--objective", parse_objective, o.objective)) return *error;
    if (auto error = read_option(line, "--to", parse_format, o.format)) return *error;
    o.nvcc = std::string(line.value("--nvcc").value_or(""));
    for (const std::string_view gpus : line.operands) {
        if (auto error = add_fleet(o, gpus)) return *error;
    }
    for (const std::string_view file : line.values("--from-file")) {
        Result<std::string> text = binary::read_text_file(std::string(file), binary::input_limit::fleet_list);
        if (!text) return text.error();
        if (auto error = add_fleet(o, *text)) return Error{"--from-file " + text::quote(file) + ": " + error->message};
    }
    return o;
}

std::string gpu_label(const GpuChoice& c) { return c.gpu.name.empty() ? c.gpu.written : c.gpu.name; }

void write_table(Output& out, const Selection& selection) {
    const std::vector<std::string> head{"GPU", "capability", "runs", "gives up"};
    std::vector<std::vector<std::string>> rows{head};
    for (const GpuChoice& c : selection.gpus)
        rows.push_back({gpu_label(c), c.cc.dotted(), c.run.image.sm(), c.cost.empty() ? "nothing" : c.cost});
    std::size_t width[3] = {0, 0, 0};
    for (const auto& row : rows)
        for (std::size_t k = 0; k < 3; ++k) width[k] = std::max(width[k], row[k].size());
    for (const auto& row : rows) {
        for (std::size_t k = 0; k < 3; ++k) out << row[k] << std::string(width[k] - row[k].size() + 2, ' ');
        out << row[3] << "\n";
    }
}

void write_json(Output& out, const Options& o, const Selection& selection, const Toolkit& toolkit,
                const Rendering& rendering) {
    out << json_schema_head("select") << ", \"objective\": " << json_string(objective_name(o.objective))
        << ", \"ptx\": " << (o.ptx ? "true" : "false") << ", \"nvcc\": " << json_nvcc(toolkit)
        << ", \"format\": " << json_string(format_name(o.format)) << ", \"architectures\": " << json_string(rendering.text)
        << ", \"images\": " << json_image_names(selection.list) << ", \"warnings\": " << json_strings(rendering.warnings)
        << ", \"gpus\": [";
    const char* separator = "";
    for (const GpuChoice& c : selection.gpus) {
        out << separator << "{\"name\": " << json_optional_string(c.gpu.name) << ", \"given\": " << json_string(c.gpu.written)
            << ", \"capability\": " << json_string(c.cc.dotted()) << ", \"runs\": " << json_string(c.run.image.sm())
            << ", \"gives_up\": " << json_optional_string(c.cost) << "}";
        separator = ", ";
    }
    out << "]}\n";
}

}  // namespace

const CommandSyntax kSelectSyntax{
    "select", "GPU...",
    "Chooses the images a build needs so that every GPU of a fleet runs native SASS, and\n"
    "prints them as a list, then which image each GPU runs and what it gives up. A GPU is a\n"
    "product (T4, \"RTX 4090\"), a capability (8.6, sm_86), or the CSV of\n"
    "nvidia-smi --query-gpu=name,compute_cap --format=csv.\n",
    "Exit status: 0 chosen, 2 usage or input error (an unknown GPU, no nvcc, a file not read).\n"
    "Example: cudaarch select T4 A10 A100 L4 H100\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_select(const CommandLine& line, Output& out, Output& err) {
    const Result<Options> options = select_options(line);
    if (!options) return fail(err, options.error());
    Result<Toolkit> toolkit = query_toolkit(options->nvcc.empty() ? default_nvcc() : options->nvcc);
    if (!toolkit) return fail(err, toolkit.error());
    Result<Selection> selection = select_images(options->fleet, *toolkit, options->objective, options->ptx);
    if (!selection) return fail(err, selection.error());
    Result<Rendering> rendering = render(selection->list, options->format);
    if (!rendering) return fail(err, rendering.error());
    if (options->json) {
        write_json(out, *options, *selection, *toolkit, *rendering);
        return 0;
    }
    for (const std::string& warning : rendering->warnings) err << "cudaarch: warning: " << warning << "\n";
    out << rendering->text << "\n\n";
    write_table(out, *selection);
    return 0;
}

}  // namespace

const Command kSelectCommand{&kSelectSyntax, run_select,
    "choose the fewest images that run natively on every GPU of a fleet"};

}  // namespace cudaarch::cli
