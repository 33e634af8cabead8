// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/select.hpp"

#include <algorithm>

#include "cudaarch/database.hpp"
#include "cudaarch/json_reader.hpp"
#include "cudaarch/resolve.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

std::string_view trim(std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

std::string label(const GpuChoice& c) { return c.gpu.name.empty() ? c.gpu.written : c.gpu.name; }

}  // namespace

Result<Objective> parse_objective(std::string_view name) {
    for (const Objective objective : {Objective::minimal, Objective::exact}) {
        if (text::iequals(name, objective_name(objective))) return objective;
    }
    return Error{text::unknown_value("objective", "objectives", name, objective_names())};
}

std::string_view objective_name(Objective objective) { return objective == Objective::minimal ? "minimal" : "exact"; }

std::vector<std::string> objective_names() { return {"minimal", "exact"}; }

namespace {

// The fields of a CSV row, trimmed.
std::vector<std::string_view> csv_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    for (std::size_t start = 0; start <= line.size();) {
        const std::size_t end = std::min(line.find(',', start), line.size());
        fields.push_back(trim(line.substr(start, end - start)));
        start = end + 1;
    }
    return fields;
}

// The devices of `cudaarch detect --json` (cudaarch.detect/1) or `detect --pci --json`
// (cudaarch.detect-pci/1): each device's capability, named by the driver or by its chip.
// A device the PCI IDs do not know is kept by its ID, so that selecting it fails naming it.
Result<std::vector<FleetGpu>> detect_json_fleet(std::string_view text) {
    const Result<JsonValue> document = parse_json(text);
    const JsonValue* schema = document ? document->find("schema") : nullptr;
    if (!schema || (schema->string != "cudaarch.detect/1" && schema->string != "cudaarch.detect-pci/1")) {
        return Error{"a JSON fleet must be the output of 'cudaarch detect --json' or 'cudaarch detect --pci --json' "
                     "(schema cudaarch.detect/1 or cudaarch.detect-pci/1)" +
                     (document ? std::string() : ": " + document.error().message)};
    }
    std::vector<FleetGpu> fleet;
    const JsonValue* devices = document->find("devices");
    for (const JsonValue& device : devices ? devices->elements() : std::vector<JsonValue>{}) {
        const JsonValue* cc = device.find("compute_capability");
        const JsonValue* name = device.find(schema->string == "cudaarch.detect/1" ? "name" : "chip");
        const JsonValue* id = device.find("id");
        if (cc && cc->kind == JsonValue::Kind::string) {
            fleet.push_back({cc->string, name && name->kind == JsonValue::Kind::string ? name->string : ""});
        } else {
            fleet.push_back({"unknown NVIDIA GPU (" + (id ? id->string : std::string("?")) + ")", ""});
        }
    }
    return fleet;
}

bool is_column(std::string_view field, std::string_view name) { return text::iequals(field, name); }

// A capability as nvidia-smi's compute_cap column writes it: digits, '.', digits.
bool is_capability(std::string_view field) {
    const std::size_t dot = field.find('.');
    const auto digits = [](std::string_view s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), text::is_digit);
    };
    return dot != std::string_view::npos && digits(field.substr(0, dot)) && digits(field.substr(dot + 1));
}

}  // namespace

Result<std::vector<FleetGpu>> parse_fleet(std::string_view text) {
    if (trim(text).substr(0, 1) == "{") return detect_json_fleet(trim(text));
    std::vector<FleetGpu> fleet;
    // nvidia-smi's CSV header: which column holds the name and which the capability.
    std::size_t name_column = std::string_view::npos;
    std::size_t cc_column = std::string_view::npos;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string_view line = trim(text.substr(0, end));
        text.remove_prefix(std::min(end + 1, text.size()));
        if (line.empty() || line[0] == '#') continue;
        const std::vector<std::string_view> fields = csv_fields(line);
        const auto header = [&](std::string_view column) {
            return std::find_if(fields.begin(), fields.end(), [&](std::string_view f) { return is_column(f, column); });
        };
        if (header("name") != fields.end() || header("compute_cap") != fields.end()) {
            name_column = header("name") != fields.end() ? static_cast<std::size_t>(header("name") - fields.begin())
                                                         : std::string_view::npos;
            cc_column = header("compute_cap") != fields.end()
                            ? static_cast<std::size_t>(header("compute_cap") - fields.begin())
                            : std::string_view::npos;
            continue;
        }
        const auto field = [&](std::size_t column) {
            return column < fields.size() ? std::string(fields[column]) : std::string();
        };
        if (cc_column != std::string_view::npos) {
            fleet.push_back({field(cc_column), field(name_column)});
        } else if (name_column != std::string_view::npos) {
            fleet.push_back({field(name_column), {}});
        } else if (fields.size() > 1 && is_capability(fields.back()) && !is_capability(fields.front())) {
            // "name, compute_cap" without its header: the capability is the last field.
            fleet.push_back({std::string(fields.back()), std::string(trim(line.substr(0, line.rfind(','))))});
        } else {
            // A list of GPUs ("T4,A10", "7.5,8.6"): reading "T4,A10" as the T4 at capability
            // A10 dropped the T4.
            for (const std::string_view gpu : fields) {
                if (!gpu.empty()) fleet.push_back({std::string(gpu), {}});
            }
        }
        // Under a header, a row shorter than it or with an empty field ("Tesla T4,"): no GPU,
        // where a GPU of nothing would resolve to no architecture and leave the selection empty.
        const bool under_header = cc_column != std::string_view::npos || name_column != std::string_view::npos;
        if (under_header && trim(fleet.back().written).empty()) return Error{"the line " + text::quote(line) + " names no GPU"};
    }
    return fleet;
}

Result<Selection> select_images(const std::vector<FleetGpu>& fleet, const Toolkit& toolkit, Objective objective,
                                bool ptx) {
    Selection out;
    std::vector<Arch> ccs;
    for (const FleetGpu& gpu : fleet) {
        // The same validation and messages as a spec naming the GPU: 'V100' with CUDA 13 says
        // which release last built it.
        Result<Resolution> resolution = resolve(gpu.written, toolkit);
        if (!resolution) return resolution.error();
        for (const Entry& e : resolution->list) {
            GpuChoice choice{gpu, e.arch.base(), {}, {}};
            if (choice.gpu.name.empty()) {
                if (const ProductRecord* product = Database::find_product(gpu.written)) choice.gpu.name = std::string(product->name);
            }
            const bool known = std::any_of(out.gpus.begin(), out.gpus.end(), [&](const GpuChoice& c) {
                return c.cc == choice.cc && label(c) == label(choice);
            });
            if (!known) out.gpus.push_back(choice);
            if (std::find(ccs.begin(), ccs.end(), choice.cc) == ccs.end()) ccs.push_back(choice.cc);
        }
    }
    // No GPU, or none that resolves to an architecture: never an empty list (nor the highest
    // image of none for --ptx).
    if (ccs.empty()) return Error{"no GPU given: name products (T4 A100 H100), capabilities (7.5 8.0 9.0) or pass nvidia-smi's CSV"};
    std::sort(ccs.begin(), ccs.end());

    // Ascending, so under `minimal` the lowest capability of a major (desktop) becomes its
    // image and the later ones already run it; Tegra GPUs only run their own.
    ArchList images;
    for (const Arch& cc : ccs) {
        if (objective == Objective::minimal && runs_on(images, cc).verdict == Verdict::native) continue;
        images.push_back(Entry{cc, true, false, std::nullopt, cc.dotted()});
    }
    for (Entry& image : images) {
        const Arch family{image.arch.major, image.arch.minor, Suffix::f};
        if (toolkit.builds_real(family)) image.arch = family;
        if (auto error = merge_entry(out.list, image)) return *error;
    }
    if (ptx) {
        const Arch highest = out.list.back().arch.base();
        if (!toolkit.builds_virtual(highest))
            return Error{toolkit.describe() + " cannot build " + highest.compute() + ", the PTX for " + highest.dotted() + "."};
        if (auto error = merge_entry(out.list, Entry{highest, false, true, std::nullopt, highest.dotted()})) return *error;
    }
    for (GpuChoice& c : out.gpus) {
        c.run = runs_on(out.list, c.cc);
        if (c.run.image.base() != c.cc)
            c.cost = "nothing for correctness; may be slower: " + c.run.image.base().dotted() + " code cannot use what " +
                     c.cc.dotted() + " adds";
    }
    return out;
}

}  // namespace cudaarch
