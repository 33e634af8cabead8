// SPDX-License-Identifier: Apache-2.0
#include "cli/spec_options.hpp"

#include "cli/json.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

Result<SpecOptions> spec_options(const CommandLine& line) {
    SpecOptions o;
    if (auto error = read_option(line, "--from", parse_dialect, o.dialect)) return *error;
    if (auto error = read_option(line, "--to", parse_format, o.format)) return *error;
    if (auto error = read_option(line, "--policy", parse_policy, o.policy)) return *error;
    o.native_ptx = line.has("--native-ptx");
    o.json = line.has("--json");
    o.native_fallback = std::string(line.value("--native-fallback").value_or(""));
    o.nvcc = std::string(line.value("--nvcc").value_or(""));
    for (const std::string_view word : line.operands) o.spec.append(o.spec.empty() ? "" : " ").append(word);
    if (o.spec.find_first_not_of(" \t\n\r\f\v;,") == std::string::npos)
        return Error{"no architecture given" + (line.operands.empty() ? std::string() : ": the SPEC " + text::quote(o.spec) + " is empty") +
                     "; name one, such as 75, 8.6+PTX or sm_90"};
    return o;
}

int print_list(const ArchList& list, const SpecOptions& options, std::string_view command, std::string_view members,
               std::vector<std::string> warnings, Output& out, Output& err, bool empty_is_error) {
    const auto warn = [&] {
        for (const std::string& warning : warnings) err << "cudaarch: warning: " << warning << "\n";
    };
    if (list.empty() && empty_is_error) {
        warn();
        return fail(err, Error{std::string("no architecture is left to build") +
                               (warnings.empty() ? "" : ": every one was left out (see the warnings above)")});
    }
    Result<Rendering> rendering = render(list, options.format);
    if (!rendering) {
        warn();
        return fail(err, rendering.error());
    }
    warnings.insert(warnings.end(), rendering->warnings.begin(), rendering->warnings.end());
    if (!options.json) {
        warn();
        out << rendering->text << "\n";
        return 0;
    }
    out << json_schema_head(command) << members << ", \"format\": " << json_string(format_name(options.format))
        << ", \"architectures\": " << json_string(rendering->text) << ", \"images\": " << json_image_names(list)
        << ", \"warnings\": " << json_strings(warnings) << "}\n";
    return 0;
}

}  // namespace cudaarch::cli
