// cudaarch verify --expect SPEC FILE...: whether a file holds exactly the SASS and PTX images a
// build asked for. See docs/cli/verify.md.
#include <algorithm>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/file_build.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: cudaarch verify --expect SPEC... FILE...\n"
    "Compares the SASS and PTX images in each file with the architectures SPEC asks for\n"
    "(any notation: \"75-real;90\", \"7.5 9.0+PTX\", sm_90a), suffixes included; LTO-IR is ignored.\n"
    "In -rdc programs it compares the linked SASS and the program's PTX (not libcudadevrt's).\n"
    "  --expect SPEC  the expected architectures (repeatable; the lists are joined)\n"
    "exit status: 0 every file matches, 1 some file differs, 2 usage or read error\n";

int usage_error(std::ostream& err, const std::string& message) {
    err << "cudaarch: error: " << message << "\n" << kUsage;
    return 2;
}

}  // namespace

int run_verify(const Args& args, std::ostream& out, std::ostream& err) {
    std::string spec;
    bool expected = false;
    std::vector<std::string> files;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view value;
        if (args[i] == "--help" || args[i] == "-h") {
            out << kUsage;
            return 0;
        }
        if (option_value(args, i, "--expect", value)) {
            spec.append(spec.empty() ? "" : " ").append(value);
            expected = true;
        } else if (!args[i].empty() && args[i][0] == '-') {
            return usage_error(err, "unknown option " + text::quote(args[i]));
        } else {
            files.emplace_back(args[i]);
        }
    }
    if (!expected) return usage_error(err, "--expect SPEC is required");
    if (files.empty()) return usage_error(err, "no input file");
    const Result<ArchList> expect = parse(spec);
    if (!expect) return fail(err, Error{"--expect: " + expect.error().message});

    int status = 0;
    for (const std::string& path : files) {
        const Result<binary::Listing> listing = binary::list_images(path);
        if (!listing) {
            status = fail(err, listing.error());
            continue;
        }
        const ImageDiff diff = diff_images(*expect, all_images(*listing));
        if (diff.missing.empty() && diff.extra.empty()) {
            out << path << ": matches " << image_names(*expect) << "\n";
            continue;
        }
        out << path << ": differs from " << image_names(*expect) << "\n";
        if (!diff.missing.empty()) out << "  missing: " << text::join(diff.missing, " ") << "\n";
        if (!diff.extra.empty()) out << "  extra: " << text::join(diff.extra, " ") << "\n";
        const ArchList relocatable = relocatable_only_sass(*listing);
        if (!relocatable.empty())
            out << "  note: " << image_names(relocatable) << " only relocatable: the device link lacked "
                << (relocatable.size() == 1 ? "it" : "them") << ", so the runtime links " << (relocatable.size() == 1 ? "it" : "them")
                << " at every start\n";
        status = std::max(status, 1);
    }
    return status;
}

}  // namespace cudaarch::cli
