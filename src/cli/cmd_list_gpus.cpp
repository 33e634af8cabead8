// SPDX-License-Identifier: Apache-2.0
// cudaarch list-gpus [PATTERN] [--json]: the GPU products the database knows. See
// docs/cli/list-gpus.md and docs/cli/json.md.
#include <algorithm>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cudaarch/database.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    kJsonOption,
};

struct Product {
    std::string_view name;
    const CcRecord* cc;
};

// Every product once (the table also holds each name without its vendor word), by
// capability, then name. A pattern keeps those whose name, in the form names are matched
// in, contains it.
std::vector<Product> products(std::string_view pattern) {
    const std::string wanted = normalize_name(pattern);
    std::vector<Product> out;
    for (const ProductRecord& p : Database::products()) {
        const bool seen = std::any_of(out.begin(), out.end(), [&](const Product& o) { return o.name == p.name; });
        if (seen || normalize_name(p.name).find(wanted) == std::string::npos) continue;
        out.push_back({p.name, Database::find_cc(p.major, p.minor)});
    }
    std::sort(out.begin(), out.end(), [](const Product& l, const Product& r) {
        if (l.cc->major != r.cc->major || l.cc->minor != r.cc->minor)
            return l.cc->major != r.cc->major ? l.cc->major < r.cc->major : l.cc->minor < r.cc->minor;
        return l.name < r.name;
    });
    return out;
}

std::string dotted(const CcRecord& cc) { return std::to_string(cc.major) + "." + std::to_string(cc.minor); }

}  // namespace

const CommandSyntax kListGpusSyntax{
    "list-gpus", "[PATTERN]",
    "Lists the GPU products the database knows, with their compute capabilities and families, by\n"
    "capability. PATTERN keeps the products whose name contains it, matched as GPU names are\n"
    "(ignoring case, spaces, '-' and '_').\n",
    "Exit status: 0 products listed, 1 none matches PATTERN, 2 usage error.\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_list_gpus(const CommandLine& line, Output& out, Output& err) {
    if (line.operands.size() > 1) return usage_error(kListGpusSyntax, err, Error{"give one PATTERN at most"});
    const std::string_view pattern = line.operands.empty() ? std::string_view() : line.operands[0];
    const std::vector<Product> found = products(pattern);
    if (line.has("--json")) {
        out << json_schema_head("list-gpus") << ", \"pattern\": " << json_optional_string(pattern) << ", \"gpus\": [";
        for (std::size_t i = 0; i < found.size(); ++i) {
            const CcRecord& cc = *found[i].cc;
            out << (i ? ", " : "") << "{\"name\": " << json_string(found[i].name)
                << ", \"compute_capability\": " << json_string(dotted(cc)) << ", \"capability\": " << cc.major * 10 + cc.minor
                << ", \"family\": " << json_string(cc.family) << ", \"tegra\": " << (cc.tegra ? "true" : "false") << "}";
        }
        out << "]}\n";
    } else {
        std::size_t width = 0;
        for (const Product& p : found) width = std::max(width, p.name.size());
        for (const Product& p : found) {
            out << p.name << std::string(width - p.name.size() + 2, ' ') << dotted(*p.cc) << "  " << p.cc->family
                << (p.cc->tegra ? " (Tegra)" : "") << "\n";
        }
    }
    if (found.empty()) {
        err << "cudaarch: no GPU product matches " << text::quote(pattern) << "\n";
        return 1;
    }
    return 0;
}

}  // namespace

const Command kListGpusCommand{&kListGpusSyntax, run_list_gpus,
    "list the GPU products the database knows and their compute capabilities"};

}  // namespace cudaarch::cli
