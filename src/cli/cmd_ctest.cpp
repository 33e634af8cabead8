// SPDX-License-Identifier: Apache-2.0
// cudaarch ctest [options] [--] [ctest args...]: runs a GPU test suite on any runner of a
// fleet. Writes the resource spec from the GPUs the driver reports, leaves out the tests
// this runner cannot host (too few GPUs, or none that fits) and names them as skipped, and
// otherwise is ctest: its arguments, its output, its exit status. See docs/cli/ctest.md.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/driver_output.hpp"
#include "cli/driver_timeout.hpp"
#include "cli/gpu_needs.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cli/test_plan.hpp"
#include "cli/text_files.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/process.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

// Defined after its options; the option readers above it name it.
extern const CommandSyntax kCtestSyntax;

namespace {

constexpr Option kOptions[] = {
    {"--slots-per-gpu", "N", "how many one-GPU tests may share a GPU"},
    {"--spec-file", "FILE", "write the resource spec to FILE and keep it (default: a temporary file)"},
    {"--require", "", "fail (exit 1) when no GPU is visible; also CUDAARCH_REQUIRE_GPU=ON"},
    {"--plan", "", "print the runner, the skipped tests and the ctest command; run nothing"},
    {"--ctest", "PATH", "the ctest to run (default: ctest from PATH)"},
    {"--json", "", "with --plan: the plan as one JSON document (schema: docs/cli/json.md)"},
};

struct Options {
    std::string ctest;
    int slots = 0;  // 0: not given
    std::string spec_file;
    bool require = false;
    bool plan_only = false;
    bool json = false;
    DriverTimeout timeout;
    std::vector<std::string> ctest_args;
};

Result<Options> ctest_options(const CommandLine& line) {
    Options o;
    o.require = line.has("--require");
    o.plan_only = line.has("--plan");
    o.json = line.has("--json");
    if (o.json && !o.plan_only) return Error{"--json prints the plan, and a run prints ctest's output: give --plan with --json"};
    Result<DriverTimeout> timeout = driver_timeout(kCtestSyntax, line);
    if (!timeout) return timeout.error();
    o.timeout = *timeout;
    o.ctest = std::string(line.value("--ctest").value_or(""));
    o.spec_file = std::string(line.value("--spec-file").value_or(""));
    if (const auto value = line.value("--slots-per-gpu")) {
        const Result<std::uint64_t> slots = parse_count("--slots-per-gpu", *value, 1, 999999);
        if (!slots) return slots.error();
        o.slots = static_cast<int>(*slots);
    }
    o.ctest_args.assign(line.operands.begin(), line.operands.end());
    return o;
}

// ctest's arguments, split into what selects the tests (also given to the query), the
// exclude regex and the resource spec (both replaced), and the rest.
struct CtestArgs {
    std::vector<std::string> selection;
    std::vector<std::string> run;  // everything but the exclude regex and the resource spec
    std::string exclude;           // the last -E, as ctest keeps only the last
    std::string spec;              // --resource-spec-file
};

Result<CtestArgs> split_ctest_args(const std::vector<std::string>& args) {
    static constexpr std::string_view kSelecting[] = {
        "--test-dir", "-C", "--build-config", "-R", "--tests-regex", "-L", "--label-regex", "-LE", "--label-exclude",
        "-I", "--tests-information", "-FA", "--fixture-exclude-any", "-FS", "--fixture-exclude-setup", "-FC",
        "--fixture-exclude-cleanup", "--tests-from-file", "--exclude-from-file", "--preset"};
    CtestArgs out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const std::size_t eq = arg.find('=');
        const std::string name = arg.compare(0, 2, "--") == 0 && eq != std::string::npos ? arg.substr(0, eq) : arg;
        const bool joined = name.size() != arg.size();
        const auto value = [&]() -> Result<std::string> {
            if (joined) return arg.substr(eq + 1);
            if (i + 1 >= args.size()) return Error{text::missing_value("ctest option " + text::quote(arg))};
            return args[++i];
        };
        if (name == "-E" || name == "--exclude-regex") {
            Result<std::string> regex = value();
            if (!regex) return regex.error();
            out.exclude = *regex;
            out.selection.insert(out.selection.end(), {"-E", *regex});
        } else if (name == "--resource-spec-file") {
            Result<std::string> file = value();
            if (!file) return file.error();
            out.spec = *file;
        } else if (name == "-U" || name == "--union") {
            out.selection.push_back(arg);
            out.run.push_back(arg);
        } else if (std::find(std::begin(kSelecting), std::end(kSelecting), name) != std::end(kSelecting)) {
            out.selection.push_back(arg);
            out.run.push_back(arg);
            if (!joined) {
                Result<std::string> v = value();
                if (!v) return v.error();
                out.selection.push_back(*v);
                out.run.push_back(*v);
            }
        } else {
            out.run.push_back(arg);
        }
    }
    return out;
}

std::string shell_word(const std::string& word) {
    if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == std::string::npos)
        return word;
    std::string quoted = "'";
    for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// "2 GPUs (CUDA_VISIBLE_DEVICES=3,1), 1 slot each: 0: NVIDIA H200 (9.0), 1: ..."
std::string runner_line(const DriverQuery& query, const ResourceSpec& spec, const CtestArgs& args) {
    const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
    const std::string mask = visible ? std::string(" (CUDA_VISIBLE_DEVICES=") + visible + ")" : "";
    if (!query.ok()) return "no GPU" + mask + ": " + query.reason;
    std::vector<Device> gpus;
    std::vector<std::string> slots;
    for (const SpecType& type : spec) {
        if (type.type != "gpus") continue;
        for (const SpecResource& r : type.resources) {
            gpus.push_back(query.devices[static_cast<std::size_t>(std::atoi(r.id.c_str()))]);
            if (std::find(slots.begin(), slots.end(), std::to_string(r.slots)) == slots.end()) slots.push_back(std::to_string(r.slots));
        }
    }
    std::string line = std::to_string(gpus.size()) + (gpus.size() == 1 ? " GPU" : " GPUs") + mask;
    if (!args.spec.empty()) line += ", resource spec " + args.spec;
    if (!gpus.empty()) line += ", " + text::join(slots, " or ") + (slots == std::vector<std::string>{"1"} ? " slot each" : " slots each");
    if (gpus.size() < query.devices.size()) line += " of the " + std::to_string(query.devices.size()) + " visible";
    return gpus.empty() ? line : line + ": " + listed(gpus);
}

// The runner of runner_line as a JSON object.
std::string runner_json(const DriverQuery& query, const ResourceSpec& spec, const CtestArgs& args) {
    const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
    std::string json = "{\"cuda_visible_devices\": " + (visible ? json_string(visible) : std::string("null")) +
                       ", \"visible\": " + std::to_string(query.devices.size()) +
                       ", \"reason\": " + (query.ok() ? std::string("null") : json_string(query.reason)) +
                       ", \"resource_spec\": " + json_optional_string(args.spec) + ", \"gpus\": [";
    std::string_view separator;
    for (const SpecType& type : spec) {
        if (type.type != "gpus" || !query.ok()) continue;
        for (const SpecResource& r : type.resources) {
            const Device& device = query.devices[static_cast<std::size_t>(std::atoi(r.id.c_str()))];
            json += std::string(separator) + "{\"index\": " + std::to_string(device.index) + ", \"name\": " +
                    json_string(device.name) + ", \"capability\": " + json_string(capability_text(device)) +
                    ", \"slots\": " + std::to_string(r.slots) + "}";
            separator = ", ";
        }
    }
    return json + "]}";
}

// The members of --plan --json after the runner: the skipped tests and the ctest runs.
void write_plan_json(Output& out, const std::vector<Skip>& skips, const std::vector<Pass>& runs,
                     const std::vector<std::vector<std::string>>& commands) {
    out << ",\n \"skipped\": [";
    for (std::size_t i = 0; i < skips.size(); ++i)
        out << (i ? ", " : "") << "{\"test\": " << json_string(skips[i].test) << ", \"reason\": " << json_string(skips[i].reason) << "}";
    out << "],\n \"runs\": [";
    for (std::size_t k = 0; k < runs.size(); ++k)
        out << (k ? ",\n  " : "\n  ") << "{\"note\": " << (k ? json_string(runs[k].note) : "null")
            << ", \"excluded\": " << json_strings(runs[k].excluded) << ", \"command\": " << json_strings(commands[k]) << "}";
    out << (runs.empty() ? "]}\n" : "\n ]}\n");
}

void print_skips(Output& out, std::string_view verb, const std::vector<Skip>& skips) {
    if (skips.empty()) return;
    out << "cudaarch ctest: " << verb << " " << skips.size() << (skips.size() == 1 ? " test" : " tests")
        << " this runner cannot host:\n";
    for (const Skip& skip : skips) out << "  " << skip.test << ": " << skip.reason << "\n";
}

// The spec file of pass `k`: the user's --resource-spec-file or --spec-file for the first
// pass, else empty (a temporary file).
std::string given_spec_file(const Options& o, const CtestArgs& args, std::size_t k) {
    if (k > 0) return {};
    return args.spec.empty() ? o.spec_file : args.spec;
}

Result<std::string> temporary_spec_file() {
    const char* tmp = std::getenv("TMPDIR");
    std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/cudaarch-ctest-XXXXXX.json";
    const int fd = mkstemps(path.data(), 5);
    if (fd < 0) return Error{"cannot create a temporary resource spec file " + text::quote(path)};
    close(fd);
    return path;
}

Result<std::string> write_spec(const std::string& path, const ResourceSpec& spec) {
    if (!write_text_file(path, spec_json(spec))) return Error{"cannot write the resource spec " + text::quote(path)};
    return path;
}

}  // namespace

const CommandSyntax kCtestSyntax{
    "ctest", "[--] [CTEST_ARG...]",
    "Runs ctest with a resource spec of the GPUs the driver reports (after CUDA_VISIBLE_DEVICES),\n"
    "N slots each (default 1). Tests whose RESOURCE_GROUPS ask for more GPUs than this runner has,\n"
    "or for more GPUs than it has that can run their cudaarch_add_gpu_test ARCHITECTURES or\n"
    "MIN_CC, are left out and listed as skipped with the reason. ctest's exit status is kept.\n",
    "CTEST_ARG... are ctest's own, from the first word that is none of the options above on;\n"
    "--resource-spec-file FILE uses that spec instead of writing one.\n"
    "Exit status: ctest's own; 1 no GPU and one is required (--require); 2 usage error.\n",
    kOptions, std::size(kOptions), Operands::passthrough};

namespace {

// What a run works from: the options, ctest's arguments split, and the ctest to run.
struct Run {
    Options o;
    CtestArgs args;
    std::string ctest;
};

Result<Run> prepare(Options o) {
    Result<CtestArgs> split = split_ctest_args(o.ctest_args);
    if (!split) return split.error();
    if (!split->spec.empty() && (o.slots || !o.spec_file.empty()))
        return Error{"--resource-spec-file is the spec to use; --slots-per-gpu and --spec-file write one"};
    std::string ctest = o.ctest.empty() ? find_in_path("ctest") : o.ctest;
    if (ctest.empty()) return Error{"no ctest in PATH; pass --ctest <path of ctest>"};
    return Run{std::move(o), std::move(split.value()), std::move(ctest)};
}

// The runner's resource spec: the user's --resource-spec-file, or N slots on each GPU.
Result<ResourceSpec> runner_spec(const Run& run, const DriverQuery& query) {
    if (run.args.spec.empty()) return gpu_spec(query.devices.size(), run.o.slots ? run.o.slots : 1);
    const Result<std::string> text = binary::read_text_file(run.args.spec, binary::input_limit::resource_spec);
    if (!text) return text.error();
    Result<ResourceSpec> read = read_spec(*text, query.devices.size());
    if (!read) return Error{"resource spec " + text::quote(run.args.spec) + ": " + read.error().message};
    return read;
}

// The tests the user's selection names, as `ctest --show-only=json-v1` lists them.
Result<ProcessOutput> list_suite(const Run& run) {
    std::vector<std::string> argv{run.ctest, "--show-only=json-v1"};
    argv.insert(argv.end(), run.args.selection.begin(), run.args.selection.end());
    return run_process(argv);
}

// What runs: the spec, the tests left out, and the ctest passes that run the rest.
struct Plan {
    ResourceSpec spec;
    std::vector<Skip> skips;
    std::vector<Pass> runs;
};

// ctest with a pass's spec, leaving out what the pass does not run (one regex: ctest keeps
// only the last -E, so the user's joins it).
std::vector<std::string> pass_command(const Run& run, const Pass& pass, const std::string& spec_path) {
    std::vector<std::string> argv{run.ctest};
    argv.insert(argv.end(), run.args.run.begin(), run.args.run.end());
    argv.insert(argv.end(), {"--resource-spec-file", spec_path});
    std::string exclude = run.args.exclude;
    if (!pass.excluded.empty()) {
        const std::string names = exact_names_regex(pass.excluded);
        exclude = exclude.empty() ? names : "(" + exclude + ")|" + names;
    }
    if (!exclude.empty()) argv.insert(argv.end(), {"--exclude-regex", exclude});
    return argv;
}

void print_pass_note(Output& out, const Run& run, const Pass& pass) {
    out << "cudaarch ctest: " << (run.o.plan_only ? "would run " : "running ") << pass.note << "\n";
}

// --plan: the runner, what would be skipped and each pass's ctest command line, with
// "<temporary file>" for a spec file not chosen yet; runs nothing.
int print_plan(const Run& run, const DriverQuery& query, const Plan& plan, Output& out, Output& err) {
    const Options& o = run.o;
    if (!o.spec_file.empty()) {
        const Result<std::string> written = write_spec(o.spec_file, plan.spec);
        if (!written) return fail(err, written.error());
    }
    std::vector<std::vector<std::string>> commands;
    for (std::size_t k = 0; k < plan.runs.size(); ++k) {
        const std::string given = given_spec_file(o, run.args, k);
        commands.push_back(pass_command(run, plan.runs[k], given.empty() ? "<temporary file>" : given));
    }
    if (o.json) {
        out << json_schema_head("ctest") << ",\n \"runner\": " << runner_json(query, plan.spec, run.args);
        write_plan_json(out, plan.skips, plan.runs, commands);
        return 0;
    }
    out << "cudaarch ctest: this runner: " << runner_line(query, plan.spec, run.args) << "\n";
    print_skips(out, "would skip", plan.skips);
    for (std::size_t k = 0; k < plan.runs.size(); ++k) {
        if (k > 0) print_pass_note(out, run, plan.runs[k]);
        std::vector<std::string> words;
        for (const std::string& word : commands[k]) words.push_back(shell_word(word));
        words.erase(words.begin());
        out << "cudaarch ctest: would run: ctest " << text::join(words, " ") << "\n";
    }
    return 0;
}

// Each pass in turn, with its spec written to a file (a temporary one, removed after, unless
// the user named it); the first failing pass's status is the run's.
int run_passes(const Run& run, const DriverQuery& query, const Plan& plan, Output& out, Output& err) {
    out << "cudaarch ctest: this runner: " << runner_line(query, plan.spec, run.args) << "\n";
    if (run.o.require) setenv("CUDAARCH_REQUIRE_GPU", "ON", 1);
    int status = 0;
    for (std::size_t k = 0; k < plan.runs.size(); ++k) {
        const bool users = k == 0 && !run.args.spec.empty();
        const std::string given = given_spec_file(run.o, run.args, k);
        Result<std::string> path = given.empty() ? temporary_spec_file() : Result<std::string>(given);
        if (path && !users) path = write_spec(*path, plan.runs[k].spec);
        if (!path) return fail(err, path.error());
        if (k > 0) print_pass_note(out, run, plan.runs[k]);
        out.flush();
        const Result<int> ran = run_attached(pass_command(run, plan.runs[k], *path));
        if (given.empty()) std::remove(path->c_str());
        if (!ran) return fail(err, ran.error());
        if (status == 0) status = *ran;
    }
    print_skips(out, "skipped", plan.skips);
    return status;
}

}  // namespace

namespace {

int run_ctest(const CommandLine& line, Output& out, Output& err) {
    Result<Options> parsed = ctest_options(line);
    if (!parsed) return usage_error(kCtestSyntax, err, parsed.error());
    const Result<Run> run = prepare(std::move(parsed.value()));
    if (!run) return fail(err, run.error());

    const DriverQuery query = ask_driver(run->o.timeout);
    if (!query.ok() && (run->o.require || truthy(std::getenv("CUDAARCH_REQUIRE_GPU"))))
        return fail(err, Error{"no GPU, and one is required: " + query.reason}, 1);
    Result<ResourceSpec> spec = runner_spec(*run, query);
    if (!spec) return fail(err, spec.error());

    const Result<ProcessOutput> listing = list_suite(*run);
    if (!listing) return fail(err, listing.error());
    if (listing->exit_code != 0) {
        err << listing->err;
        return fail(err, Error{"ctest --show-only=json-v1 failed (exit code " + std::to_string(listing->exit_code) + ")"},
                    listing->exit_code > 0 ? listing->exit_code : 1);
    }
    const Result<std::vector<SuiteTest>> suite = read_suite(listing->out);
    if (!suite) return fail(err, suite.error());
    Plan chosen{std::move(spec.value()), {}, {}};
    chosen.skips = plan(*suite, chosen.spec, query.devices);
    chosen.runs = passes(*suite, chosen.skips, chosen.spec, query.devices);
    return run->o.plan_only ? print_plan(*run, query, chosen, out, err) : run_passes(*run, query, chosen, out, err);
}

}  // namespace

const Command kCtestCommand{&kCtestSyntax, run_ctest,
    "run a GPU test suite on this runner: resource spec from its GPUs, tests it cannot host skipped"};

}  // namespace cudaarch::cli
