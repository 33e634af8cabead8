// SPDX-License-Identifier: Apache-2.0
#include "cli/test_plan.hpp"

#include <algorithm>

#include "cudaarch/json_reader.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

using Kind = JsonValue::Kind;

// A JSON number that is a whole number in [min, 2^31).
std::optional<int> whole(const JsonValue* value, int min) {
    if (!value || value->kind != Kind::number || value->number < min || value->number >= 2147483648.0) return std::nullopt;
    const int n = static_cast<int>(value->number);
    if (n != value->number) return std::nullopt;
    return n;
}

const JsonValue* property(const JsonValue& test, std::string_view name) {
    const JsonValue* properties = test.find("properties");
    if (!properties) return nullptr;
    for (const JsonValue& p : properties->elements()) {
        const JsonValue* key = p.find("name");
        if (key && key->kind == Kind::string && key->string == name) return p.find("value");
    }
    return nullptr;
}

// The options of `<dir>/cudaarch gpu-test [options] -- ...`, when that is the command.
std::optional<GpuNeeds> launcher_needs(const JsonValue* command) {
    if (!command) return std::nullopt;
    std::vector<std::string> words;
    for (const JsonValue& word : command->elements()) {
        if (word.kind != Kind::string) return std::nullopt;
        words.push_back(word.string);
    }
    if (words.size() < 2 || words[1] != "gpu-test") return std::nullopt;
    const std::string program = words[0].substr(words[0].find_last_of("/\\") + 1);
    if (program != "cudaarch" && program != "cudaarch.exe") return std::nullopt;
    const Args args(words.begin() + 2, words.end());
    const Result<CommandLine> line = parse_command_line(kGpuTestSyntax, args);
    // A launcher that cannot read its options fails when it runs; ctest reports that.
    if (!line) return std::nullopt;
    Result<GpuNeeds> needs = gpu_needs(*line);
    if (!needs) return std::nullopt;
    return *needs;
}

std::string plural(std::size_t n, std::string_view one) {
    return std::to_string(n) + " " + std::string(one) + (n == 1 ? "" : "s");
}

// Whether `needs` (slots per group, descending) fit into resources with `free` slots,
// several groups sharing one resource as CTest allows.
bool packs(const std::vector<int>& needs, std::size_t next, std::vector<int>& free) {
    if (next == needs.size()) return true;
    for (int& slots : free) {
        if (slots < needs[next]) continue;
        slots -= needs[next];
        const bool done = packs(needs, next + 1, free);
        slots += needs[next];
        if (done) return true;
    }
    return false;
}

// Why the "gpus" groups of `test` cannot be hosted, or empty. Every group takes a GPU of
// its own: the launcher gives a test one GPU per group.
std::string gpus_refusal(const SuiteTest& test, const std::vector<int>& needs, const std::vector<SpecResource>& gpus,
                         const std::vector<Device>& devices) {
    std::vector<Device> runner;
    std::vector<int> capacity;  // of the GPUs that fit, descending
    for (const SpecResource& gpu : gpus) {
        const Device& device = devices[static_cast<std::size_t>(std::atoi(gpu.id.c_str()))];
        runner.push_back(device);
        if (!test.launcher || fits(*test.launcher, device)) capacity.push_back(gpu.slots);
    }
    std::sort(capacity.rbegin(), capacity.rend());
    GpuNeeds asked = test.launcher.value_or(GpuNeeds{});
    asked.gpus = static_cast<int>(needs.size());
    const std::string wants = "needs " + wanted(asked) + "; ";
    if (needs.size() > runner.size())
        return wants + "this runner has " + (runner.empty() ? std::string("none") : std::to_string(runner.size()));
    if (needs.size() > capacity.size()) {
        const std::string fitting = capacity.empty() ? "no GPU of this runner fits"
                                                     : std::to_string(capacity.size()) + " of this runner's " +
                                                           std::to_string(runner.size()) + " GPUs fit" + (capacity.size() == 1 ? "s" : "");
        return wants + fitting + ": " + listed(runner);
    }
    for (std::size_t k = 0; k < needs.size(); ++k) {
        if (needs[k] > capacity[k])
            return "needs " + plural(static_cast<std::size_t>(needs[k]), "slot") + " of one GPU; the resource spec gives " +
                   std::to_string(capacity[k]);
    }
    return {};
}

std::string refusal(const SuiteTest& test, const ResourceSpec& spec, const std::vector<Device>& devices) {
    std::vector<std::string> types;
    for (const auto& group : test.groups) {
        for (const ResourceNeed& need : group) {
            if (std::find(types.begin(), types.end(), need.type) == types.end()) types.push_back(need.type);
        }
    }
    for (const std::string& type : types) {
        std::vector<int> needs;
        for (const auto& group : test.groups) {
            for (const ResourceNeed& need : group) {
                if (need.type == type) needs.push_back(need.slots);
            }
        }
        std::sort(needs.rbegin(), needs.rend());
        const auto offered = std::find_if(spec.begin(), spec.end(), [&](const SpecType& t) { return t.type == type; });
        const std::vector<SpecResource> none;
        const std::vector<SpecResource>& resources = offered == spec.end() ? none : offered->resources;
        if (type == "gpus") {
            std::string why = gpus_refusal(test, needs, resources, devices);
            if (!why.empty()) return why;
            continue;
        }
        std::vector<int> free;
        for (const SpecResource& r : resources) free.push_back(r.slots);
        if (!packs(needs, 0, free)) {
            int total = 0;
            for (const int n : needs) total += n;
            return "needs " + plural(static_cast<std::size_t>(total), "slot") + " of resource " + text::quote(type) +
                   "; the resource spec has " + (resources.empty() ? std::string("none") : "too few");
        }
    }
    return {};
}

}  // namespace

Result<std::vector<SuiteTest>> read_suite(std::string_view json) {
    const Result<JsonValue> document = parse_json(json);
    if (!document) return Error{"ctest --show-only=json-v1: " + document.error().message};
    const JsonValue* tests = document->find("tests");
    if (!tests || tests->kind != Kind::array) return Error{"ctest --show-only=json-v1 printed no \"tests\" list"};
    std::vector<SuiteTest> suite;
    for (const JsonValue& entry : tests->elements()) {
        SuiteTest test;
        const JsonValue* name = entry.find("name");
        if (!name || name->kind != Kind::string) return Error{"ctest --show-only=json-v1 printed a test without a name"};
        test.name = name->string;
        test.launcher = launcher_needs(entry.find("command"));
        const JsonValue* disabled = property(entry, "DISABLED");
        test.disabled = disabled && disabled->kind == Kind::boolean && disabled->boolean;
        if (const JsonValue* groups = property(entry, "RESOURCE_GROUPS")) {
            for (const JsonValue& group : groups->elements()) {
                std::vector<ResourceNeed> needs;
                const Error malformed{"ctest --show-only=json-v1: test " + text::quote(test.name) + " has a malformed RESOURCE_GROUPS entry"};
                const JsonValue* requirements = group.find("requirements");
                if (!requirements) return malformed;
                for (const JsonValue& r : requirements->elements()) {
                    const JsonValue* type = r.find(".type");
                    const std::optional<int> slots = whole(r.find("slots"), 1);
                    if (!type || type->kind != Kind::string || !slots) return malformed;
                    needs.push_back({type->string, *slots});
                }
                test.groups.push_back(std::move(needs));
            }
        }
        suite.push_back(std::move(test));
    }
    return suite;
}

ResourceSpec gpu_spec(std::size_t devices, int slots) {
    SpecType gpus{"gpus", {}};
    for (std::size_t id = 0; id < devices; ++id) gpus.resources.push_back({std::to_string(id), slots});
    return {gpus};
}

std::string spec_json(const ResourceSpec& spec) {
    std::string text = "{\n  \"version\": {\"major\": 1, \"minor\": 0},\n  \"local\": [\n    {";
    for (std::size_t t = 0; t < spec.size(); ++t) {
        text += (t ? ",\n      \"" : "\n      \"") + spec[t].type + "\": [";
        for (std::size_t r = 0; r < spec[t].resources.size(); ++r) {
            const SpecResource& resource = spec[t].resources[r];
            text += (r ? ",\n        {\"id\": \"" : "\n        {\"id\": \"") + resource.id + "\", \"slots\": " + std::to_string(resource.slots) + "}";
        }
        if (!spec[t].resources.empty()) text += "\n      ";
        text += "]";
    }
    return text + "\n    }\n  ]\n}\n";
}

Result<ResourceSpec> read_spec(std::string_view json, std::size_t devices) {
    const Result<JsonValue> document = parse_json(json);
    if (!document) return document.error();
    const JsonValue* local = document->find("local");
    if (!local || local->elements().size() != 1 || local->elements()[0].kind != Kind::object)
        return Error{"needs a \"local\" list of one object, as CTest's resource specification version 1.0"};
    ResourceSpec spec;
    for (const auto& [type, resources] : local->elements()[0].members) {
        SpecType entry{type, {}};
        for (const JsonValue& r : resources.elements()) {
            const JsonValue* id = r.find("id");
            const JsonValue* slots_value = r.find("slots");
            const std::optional<int> slots = slots_value ? whole(slots_value, 0) : std::optional<int>(1);
            if (!id || id->kind != Kind::string || !slots) return Error{"resource " + text::quote(type) + " has an entry without a string id and a slot count"};
            if (type == "gpus") {
                const bool ordinal = !id->string.empty() && id->string.find_first_not_of("0123456789") == std::string::npos &&
                                     id->string.size() < 9 && static_cast<std::size_t>(std::atoi(id->string.c_str())) < devices;
                if (!ordinal)
                    return Error{"names GPU " + text::quote(id->string) + ", but the gpus ids must be ordinals of the " +
                                 plural(devices, "visible GPU") + " (0 to n-1); regenerate it on this runner"};
            }
            entry.resources.push_back({id->string, *slots});
        }
        spec.push_back(std::move(entry));
    }
    return spec;
}

std::vector<Skip> plan(const std::vector<SuiteTest>& tests, const ResourceSpec& spec, const std::vector<Device>& devices) {
    std::vector<Skip> skips;
    for (const SuiteTest& test : tests) {
        if (test.disabled || test.groups.empty()) continue;
        std::string why = refusal(test, spec, devices);
        if (!why.empty()) skips.push_back({test.name, std::move(why)});
    }
    return skips;
}

std::vector<Pass> passes(const std::vector<SuiteTest>& tests, const std::vector<Skip>& skips, const ResourceSpec& spec,
                         const std::vector<Device>& devices) {
    Pass first{spec, {}, {}};
    for (const Skip& skip : skips) first.excluded.push_back(skip.test);
    const auto gpus = std::find_if(spec.begin(), spec.end(), [](const SpecType& t) { return t.type == "gpus"; });
    if (gpus == spec.end()) return {first};
    const bool shared = std::any_of(gpus->resources.begin(), gpus->resources.end(), [](const SpecResource& r) { return r.slots > 1; });

    // A pass apart per (GPUs that fit, one slot each): its tests, in the suite's order.
    struct Apart {
        std::vector<std::size_t> fitting;  // indices into gpus->resources
        bool one_slot = false;
        std::vector<std::string> names;
    };
    std::vector<Apart> apart;
    for (const SuiteTest& test : tests) {
        if (test.disabled || std::any_of(skips.begin(), skips.end(), [&](const Skip& s) { return s.test == test.name; })) continue;
        const auto gpu_groups = std::count_if(test.groups.begin(), test.groups.end(), [](const std::vector<ResourceNeed>& group) {
            return std::any_of(group.begin(), group.end(), [](const ResourceNeed& need) { return need.type == "gpus"; });
        });
        if (gpu_groups == 0) continue;
        Apart key;
        for (std::size_t r = 0; r < gpus->resources.size(); ++r) {
            const Device& device = devices[static_cast<std::size_t>(std::atoi(gpus->resources[r].id.c_str()))];
            if (!test.launcher || fits(*test.launcher, device)) key.fitting.push_back(r);
        }
        key.one_slot = shared && gpu_groups > 1;
        if (key.fitting.size() == gpus->resources.size() && !key.one_slot) continue;
        auto found = std::find_if(apart.begin(), apart.end(),
                                  [&](const Apart& a) { return a.fitting == key.fitting && a.one_slot == key.one_slot; });
        if (found == apart.end()) found = apart.insert(apart.end(), key);
        found->names.push_back(test.name);
        first.excluded.push_back(test.name);
    }

    std::vector<Pass> runs{first};
    for (const Apart& a : apart) {
        Pass pass{spec, {}, {}};
        SpecType& only = *std::find_if(pass.spec.begin(), pass.spec.end(), [](const SpecType& t) { return t.type == "gpus"; });
        only.resources.clear();
        std::vector<Device> fitting;
        for (const std::size_t r : a.fitting) {
            only.resources.push_back(gpus->resources[r]);
            if (a.one_slot) only.resources.back().slots = 1;
            fitting.push_back(devices[static_cast<std::size_t>(std::atoi(gpus->resources[r].id.c_str()))]);
        }
        for (const SuiteTest& test : tests) {
            if (std::find(a.names.begin(), a.names.end(), test.name) == a.names.end()) pass.excluded.push_back(test.name);
        }
        const std::string names = text::join(a.names, ", ");
        if (a.fitting.size() == gpus->resources.size())
            pass.note = "the tests that need several GPUs apart, 1 slot per GPU (with more, CTest may give one GPU to two of a "
                        "test's groups): " + names;
        else
            pass.note = std::string("apart on the GPUs that fit them") + (a.one_slot ? ", 1 slot per GPU" : "") + " (" +
                        listed(fitting) + "): " + names;
        runs.push_back(std::move(pass));
    }
    return runs;
}

std::string exact_names_regex(const std::vector<std::string>& names) {
    std::vector<std::string> escaped;
    for (const std::string& name : names) {
        std::string word;
        for (const char c : name) {
            if (std::string_view("^$.[]|()*+?\\{}").find(c) != std::string_view::npos) word += '\\';
            word += c;
        }
        escaped.push_back(std::move(word));
    }
    return "^(" + text::join(escaped, "|") + ")$";
}

}  // namespace cudaarch::cli
