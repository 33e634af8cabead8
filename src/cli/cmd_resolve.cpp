// SPDX-License-Identifier: Apache-2.0
// cudaarch resolve [--nvcc PATH] [--policy P] [--from DIALECT] [--to FORMAT] [--json] [--timeout SECONDS]
//                  [--supported SPEC... | --minimum CC] [--no-ptx] [--keep [--suffix SPEC]] [--embed FORM]
//                  [--warn-unsupported] SPEC...
#include "cli/commands.hpp"
#include "cli/driver_timeout.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cli/spec_options.hpp"
#include <cstdlib>
#include <optional>
#include <vector>

#include "cudaarch/intersect.hpp"
#include "cudaarch/resolve.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    nvcc_option("the compiler to ask"),
    {"--policy", "POLICY",
     "for an architecture nvcc cannot build: ERROR (default), WARN (leave it\n"
     "out), CLAMP (newer than nvcc: PTX of the highest older one)"},
    {"--native-ptx", "", "native also embeds PTX for the highest GPU"},
    {"--native-fallback", "SPEC", "what native becomes without a GPU (e.g. all-major); ERROR or unset: an error"},
    kFromOption,
    kToOption,
    kJsonOption,
    kTimeoutOption,
    {"--supported", "SPEC",
     "the architectures a kernel supports: print the part of the request it is\n"
     "built for, by the loader's rules (an empty line: none)", true},
    {"--minimum", "CC", "instead of --supported: every plain capability from CC on that nvcc builds"},
    {"--no-ptx", "", "with --supported or --minimum: the kernel gets no PTX image"},
    {"--keep", "",
     "with --supported or --minimum: take the request's images as spelled\n"
     "(90a stays 90a), each whose capability the kernel names"},
    {"--suffix", "SPEC", "with --keep: a plain requested image at these capabilities gets\ntheir suffix (12.0a: 120 -> 120a)"},
    {"--embed", "FORM",
     "with --supported or --minimum: each chosen capability as SASS, PTX,\n"
     "SASS_PTX, or SASS with HIGHEST_PTX (PTX for the highest only)"},
    {"--warn-unsupported", "", "with --supported or --minimum: warn for each image of the request\nthe kernel does not get"},
};

// The images a kernel supports, from --supported or --minimum (and --no-ptx); none given:
// std::nullopt.
Result<std::optional<KernelSupport>> kernel_support(const CommandLine& line, Dialect dialect, const Toolkit& toolkit) {
    const std::vector<std::string_view> supported = line.values("--supported");
    const std::optional<std::string_view> minimum = line.value("--minimum");
    if (!supported.empty() && minimum) return Error{text::mutually_exclusive("--supported", "--minimum")};
    KernelSupport support;
    if (minimum) {
        Result<ArchList> cc = parse(*minimum, dialect);
        if (!cc) return Error{"--minimum: " + cc.error().message};
        if (cc->size() != 1 || cc->front().arch.suffix != Suffix::none)
            return Error{"--minimum must be one capability without a suffix, such as 8.0, not " + text::quote(*minimum)};
        support.archs = supported_from_minimum(cc->front().arch, toolkit);
    } else if (supported.empty()) {
        for (const char* flag : {"--no-ptx", "--keep", "--suffix", "--embed", "--warn-unsupported"})
            if (line.has(flag)) return Error{std::string(flag) + " needs --supported or --minimum"};
        return std::optional<KernelSupport>{};
    }
    for (const std::string_view spec : supported) {
        Result<KernelSupport> part = parse_support(spec, dialect, toolkit);
        if (!part) return Error{"--supported: " + part.error().message};
        support.archs.insert(support.archs.end(), part->archs.begin(), part->archs.end());
        support.ptx.insert(support.ptx.end(), part->ptx.begin(), part->ptx.end());
        support.alternatives.insert(support.alternatives.end(), part->alternatives.begin(), part->alternatives.end());
    }
    // An "A|B" entry that this nvcc builds none of is support for nothing, not a missing list.
    if (!minimum && support.archs.empty() && support.alternatives.empty())
        return Error{"--supported names no architecture; name at least one, such as 8.0 or 9.0a"};
    support.no_ptx = line.has("--no-ptx");
    support.keep = line.has("--keep");
    if (const std::optional<std::string_view> suffix = line.value("--suffix")) {
        if (!support.keep) return Error{"--suffix applies with --keep: without it, the supported list's own entries (12.0a) spell the suffix"};
        Result<std::vector<Arch>> suffixes = parse_suffixes(*suffix, dialect);
        if (!suffixes) return Error{"--suffix: " + suffixes.error().message};
        support.suffix = *suffixes;
    }
    if (const std::optional<std::string_view> embed = line.value("--embed")) {
        if (support.no_ptx) return Error{text::mutually_exclusive("--no-ptx", "--embed")};
        Result<Embed> form = parse_embed(*embed);
        if (!form) return Error{"--embed: " + form.error().message};
        support.embed = *form;
    }
    return std::optional<KernelSupport>{support};
}

// The GPUs native stands for: CUDAARCH_GPUS when set (the deployment GPUs of a build host),
// else what the driver reports.
Result<NativeGpus> detect_native(Dialect dialect, const DriverTimeout& timeout) {
    NativeGpus gpus;
    if (const char* override_gpus = std::getenv("CUDAARCH_GPUS"); override_gpus && *override_gpus) {
        Result<ArchList> named = parse(override_gpus, dialect);
        if (!named) return Error{"CUDAARCH_GPUS: " + named.error().message};
        if (named->empty())
            return Error{"CUDAARCH_GPUS=" + text::quote(override_gpus) +
                         " names no GPU; set it to capabilities such as 8.6;9.0, or unset it to ask the driver"};
        for (const Entry& e : *named) gpus.named.emplace(e.arch.base(), "compute capability " + e.arch.base().dotted());
        return gpus;
    }
    const DriverQuery query = ask_driver(timeout);
    for (const Device& d : query.devices) {
        const Arch cc{d.major, d.minor, Suffix::none};
        gpus.named.emplace(cc, "GPU " + std::to_string(d.index) + ": " + d.name + ", " + cc.dotted());
    }
    gpus.reason = query.reason;
    return gpus;
}

}  // namespace

const CommandSyntax kResolveSyntax{
    "resolve", "SPEC...",
    "Expands keywords (all, all-major, newest, native, family names) as the installed nvcc\n"
    "would and checks every architecture against what that nvcc can build. native stands for\n"
    "the GPUs in CUDAARCH_GPUS when set, else those the driver reports.\n"
    "With --supported or --minimum, prints the part of the request that a kernel supporting\n"
    "those architectures is built for (cudaarch_intersect's rules).\n",
    "Exit status: 0 resolved, 2 usage or input error: an unknown architecture, no nvcc, one it cannot\n"
    "build under --policy ERROR, native without a GPU and without --native-fallback.\n"
    "Example: cudaarch resolve --to gencode all-major\n"
    "Example: cudaarch resolve --supported \"8.0 9.0a\" 80-real 86-real 90-real   (80-real;90a-real)\n",
    kOptions, std::size(kOptions), Operands::words, is_architecture_flag};

namespace {

int run_resolve(const CommandLine& line, Output& out, Output& err) {
    const Result<SpecOptions> options = spec_options(line);
    if (!options) return fail(err, options.error());
    const Result<DriverTimeout> timeout = driver_timeout(kResolveSyntax, line);
    if (!timeout) return fail(err, timeout.error());
    Result<Toolkit> toolkit = query_toolkit(options->nvcc.empty() ? default_nvcc() : options->nvcc);
    if (!toolkit) return fail(err, toolkit.error());
    ResolveOptions resolve_options{options->policy, options->dialect, [&] { return detect_native(options->dialect, *timeout); },
                                   options->native_ptx, options->native_fallback, "--native-fallback"};
    const Result<std::optional<KernelSupport>> support = kernel_support(line, options->dialect, *toolkit);
    if (!support) return fail(err, support.error());
    Result<Resolution> resolution = resolve(options->spec, *toolkit, resolve_options);
    if (!resolution) return fail(err, resolution.error());
    if (*support) {
        // The project's list drops what it does not support; --warn-unsupported says so (CUTLASS).
        std::vector<std::string> warnings = resolution->warnings;
        if (line.has("--warn-unsupported")) {
            const ArchList left = left_out(resolution->list, **support, *toolkit);
            const Result<Rendering> text = render(left, Format::cmake);
            if (!left.empty() && text)
                warnings.push_back("left out " + text->text + " of the request, which the kernel does not support");
        }
        return print_list(intersect(resolution->list, **support, *toolkit), *options, "resolve",
                          ", \"nvcc\": " + json_nvcc(*toolkit), warnings, out, err, false);
    }
    return print_list(resolution->list, *options, "resolve", ", \"nvcc\": " + json_nvcc(*toolkit), resolution->warnings, out,
                      err);
}

}  // namespace

const Command kResolveCommand{&kResolveSyntax, run_resolve,
    "expand keywords and check architectures against the installed nvcc"};

}  // namespace cudaarch::cli
