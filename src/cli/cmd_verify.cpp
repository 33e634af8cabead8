// SPDX-License-Identifier: Apache-2.0
// cudaarch verify --expect SPEC [--json] FILE...: whether a file holds exactly the SASS and PTX
// images a build asked for. See docs/cli/verify.md.
#include <algorithm>
#include <string>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/file_build.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    {"--expect", "SPEC", "the expected architectures; the lists of several are joined", true},
    kJsonOption,
};

// One file's comparison: its text lines, or its member of the JSON document's `files`.
void write_file(Output& out, bool json, const std::string& path, const ArchList& expect, const ImageDiff& diff,
                const ArchList& relocatable) {
    const bool matches = diff.missing.empty() && diff.extra.empty();
    if (json) {
        out << "{\"path\": " << json_string(path) << ", \"error\": null, \"matches\": " << (matches ? "true" : "false")
            << ", \"missing\": " << json_strings(diff.missing) << ", \"extra\": " << json_strings(diff.extra)
            << ", \"relocatable_only\": " << json_image_names(matches ? ArchList() : relocatable) << "}";
        return;
    }
    if (matches) {
        out << path << ": matches " << image_names(expect) << "\n";
        return;
    }
    out << path << ": differs from " << image_names(expect) << "\n";
    if (!diff.missing.empty()) out << "  missing: " << text::join(diff.missing, " ") << "\n";
    if (!diff.extra.empty()) out << "  extra: " << text::join(diff.extra, " ") << "\n";
    if (!relocatable.empty())
        out << "  note: " << image_names(relocatable) << " only relocatable: the device link lacked "
            << (relocatable.size() == 1 ? "it" : "them") << ", so the runtime links " << (relocatable.size() == 1 ? "it" : "them")
            << " at every start\n";
}

}  // namespace

const CommandSyntax kVerifySyntax{
    "verify", "FILE...",
    "Compares the SASS and PTX images in each file with the architectures SPEC asks for\n"
    "(any notation: \"75-real;90\", \"7.5 9.0+PTX\", sm_90a), suffixes included; LTO-IR is ignored.\n"
    "In -rdc programs it compares the linked SASS and the program's PTX (not libcudadevrt's).\n",
    "Exit status: 0 every file matches, 1 some file differs, 2 usage or read error.\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_verify(const CommandLine& line, Output& out, Output& err) {
    std::string spec;
    for (const std::string_view value : line.values("--expect")) spec.append(spec.empty() ? "" : " ").append(value);
    if (spec.empty()) return usage_error(kVerifySyntax, err, Error{"--expect SPEC is required"});
    if (line.operands.empty()) return usage_error(kVerifySyntax, err, Error{"no input file"});
    const std::vector<std::string> files(line.operands.begin(), line.operands.end());
    const Result<ArchList> expect = parse(spec);
    if (!expect) return fail(err, Error{"--expect: " + expect.error().message});
    if (expect->empty()) return fail(err, Error{"--expect " + text::quote(spec) + " names no architecture"});

    const bool json = line.has("--json");
    if (json) out << json_schema_head("verify") << ", \"expect\": " << json_image_names(*expect) << ", \"files\": [";
    int status = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string& path = files[i];
        if (json) out << (i ? ",\n  " : "\n  ");
        const Result<binary::Listing> listing = binary::list_images(path);
        if (!listing) {
            if (json) {
                out << "{\"path\": " << json_string(path) << ", \"error\": " << json_string(listing.error().message)
                    << ", \"matches\": false, \"missing\": [], \"extra\": [], \"relocatable_only\": []}";
                status = 2;
            } else {
                status = fail(err, listing.error());
            }
            continue;
        }
        const ImageDiff diff = diff_images(*expect, all_images(*listing));
        write_file(out, json, path, *expect, diff, relocatable_only_sass(*listing));
        if (!diff.missing.empty() || !diff.extra.empty()) status = std::max(status, 1);
    }
    if (json) out << "\n]}\n";
    return status;
}

}  // namespace

const Command kVerifyCommand{&kVerifySyntax, run_verify,
    "compare the images in binaries with the architectures a build asked for"};

}  // namespace cudaarch::cli
