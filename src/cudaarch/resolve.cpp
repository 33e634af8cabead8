// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/resolve.hpp"

#include <algorithm>

#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

using text::quote;

std::vector<Arch> plain(const std::vector<Arch>& archs) {
    std::vector<Arch> out;
    std::copy_if(archs.begin(), archs.end(), std::back_inserter(out), [](const Arch& a) { return a.suffix == Suffix::none; });
    return out;
}

bool cc_less(const Arch& l, const Arch& r) { return l.major != r.major ? l.major < r.major : l.minor < r.minor; }

std::string builds_list(const Toolkit& t) {
    std::vector<std::string> numbers;
    for (const Arch& a : t.real) numbers.push_back(a.number());
    return " nvcc " + t.version.str() + " builds " + text::join(numbers, " ") + ".";
}

class ToolkitKeywords : public KeywordExpander {
public:
    ToolkitKeywords(const Toolkit& toolkit, const ResolveOptions& options) : toolkit_(toolkit), options_(options) {}

    // How messages name a native entry: "(GPU 0: NVIDIA H200, 9.0)", else empty.
    [[nodiscard]] std::string native_note(const Entry& e) const {
        const auto it = native_.named.find(e.arch);
        const bool from_native = e.written.size() >= 6 && text::iequals(std::string_view(e.written).substr(e.written.size() - 6), "native");
        return from_native && it != native_.named.end() ? " (" + it->second + ")" : "";
    }

    Result<ArchList> expand(std::string_view keyword) const override {
        const std::vector<Arch> real = plain(toolkit_.real);
        const std::string word = text::lower(keyword);
        ArchList list;
        if (real.empty()) return Error{quote(keyword) + ": " + toolkit_.describe() + " builds no architecture."};
        if (word == "all" || word == "all-major") {
            // nvcc: SASS for each (or each major plus the earliest), PTX for the highest major.
            const auto major = std::find_if(real.rbegin(), real.rend(), [](const Arch& a) { return a.minor == 0; });
            const Arch highest_major = major != real.rend() ? *major : real.back();
            for (const Arch& a : real) {
                if (word == "all" || a.minor == 0 || a == real.front()) {
                    list.push_back({a, true, a == highest_major, {}, std::string(keyword)});
                }
            }
            return list;
        }
        if (word == "newest") return ArchList{{real.back(), true, true, {}, std::string(keyword)}};
        if (word == "native") return native(keyword);
        return family(keyword, real);
    }

private:
    // The detected GPUs, SASS each (PTX too for the highest with native_ptx); without a GPU
    // the fallback, with a warning, or an error naming the reason.
    Result<ArchList> native(std::string_view keyword) const {
        if (in_fallback_) {
            return Error{quote(keyword) + " cannot stand in for itself; name what to build without a GPU, such as all-major."};
        }
        if (!options_.detect) return Error{quote(keyword) + ": no GPU detection here."};
        Result<NativeGpus> detected = options_.detect();
        if (!detected) return detected.error();
        native_ = *detected;
        ArchList list;
        for (const auto& gpu : native_.named) list.push_back({gpu.first, true, false, {}, std::string(keyword)});
        if (!list.empty()) {
            list.back().ptx = options_.native_ptx;
            return list;
        }
        const std::string no_gpu = quote(keyword) + ": no GPU detected: " + native_.reason + ".";
        if (options_.native_fallback.empty()) {
            return Error{no_gpu + " Set CUDAARCH_GPUS to the GPUs to build for, or give " + options_.fallback_option +
                         " what to build instead (such as all-major)."};
        }
        if (text::iequals(options_.native_fallback, "ERROR")) return Error{no_gpu};
        in_fallback_ = true;
        Result<ArchList> fallback = parse(options_.native_fallback, options_.dialect, this);
        in_fallback_ = false;
        if (!fallback) return Error{options_.fallback_option + ": " + fallback.error().message};
        warnings_.push_back(no_gpu + " Using " + options_.fallback_option + " " + quote(options_.native_fallback) + " instead.");
        return fallback;
    }

    Result<ArchList> family(std::string_view keyword, const std::vector<Arch>& real) const {
        ArchList list;
        std::string name;
        Version first, last;
        bool still_supported = false;
        for (const CcRecord& cc : Database::ccs()) {
            if (!text::iequals(cc.family, keyword)) continue;
            name = std::string(cc.family);
            if (first.empty() || cc.first_cuda < first) first = cc.first_cuda;
            if (cc.last_cuda.empty()) still_supported = true;
            else if (last < cc.last_cuda) last = cc.last_cuda;
            const Arch a{cc.major, cc.minor, Suffix::none};
            if (std::binary_search(real.begin(), real.end(), a)) list.push_back({a, true, false, {}, std::string(keyword)});
        }
        if (!list.empty()) return list;
        const std::string releases = still_supported ? "CUDA " + first.str() + " and later build them"
                                                     : "CUDA " + first.str() + " to " + last.str() + " built them";
        return Error{quote(keyword) + ": " + toolkit_.describe() + " builds no " + name + " architecture; " + releases + "."};
    }

    const Toolkit& toolkit_;
    const ResolveOptions& options_;
    mutable NativeGpus native_;
    mutable bool in_fallback_ = false;
    mutable std::vector<std::string> warnings_;

public:
    [[nodiscard]] const std::vector<std::string>& warnings() const { return warnings_; }
};

// The highest architecture at or below `arch` whose PTX can stand in for it, preferring
// one of the same kind (Tegra or desktop); `real` holds at least one older than `arch`.
Arch clamp_target(const Arch& arch, const CcRecord& cc, const std::vector<Arch>& real) {
    std::optional<Arch> any;
    for (auto it = real.rbegin(); it != real.rend(); ++it) {
        if (cc_less(arch.base(), *it)) continue;
        if (!any) any = *it;
        const CcRecord* candidate = Database::find_cc(it->major, it->minor);
        if (candidate && candidate->tegra == cc.tegra) return *it;
    }
    return *any;
}

// Why this nvcc cannot build `arch`, and what would, from the database.
struct Unsupported {
    std::string message;
    bool newer = false;  // newer than every architecture this nvcc knows: CLAMP can use PTX
    Arch clamp_to;
};

Unsupported explain(const std::string& written, const std::string& note, const Arch& arch, const Toolkit& t) {
    const std::string head = quote(written) + note + " is not supported by " + t.describe();
    const std::vector<Arch> real = plain(t.real);
    const CcRecord* cc = Database::find_cc(arch.major, arch.minor);
    Unsupported u;
    if (!cc || real.empty()) {
        u.message = head + "." + builds_list(t);
        return u;
    }
    const std::string name = arch.dotted();
    const Version since = arch.suffix == Suffix::a ? cc->a_since : arch.suffix == Suffix::f ? cc->f_since : cc->first_cuda;
    const std::string range = cc->last_cuda.empty() ? "CUDA " + since.str() + " and later support " + name
                                                    : "CUDA " + since.str() + " to " + cc->last_cuda.str() + " support " + name;
    if (cc->renamed_major != 0 && cc->renamed_in <= t.version) {
        const Arch renamed{cc->renamed_major, cc->renamed_minor, arch.suffix};
        u.message = head + ": " + range + ", and CUDA " + cc->renamed_in.str() + " renamed it " + renamed.dotted() +
                    ". Use " + renamed.dotted() + " (" + renamed.number() + ") instead.";
    } else if (!cc->last_cuda.empty() && cc->last_cuda < t.version) {
        Version dropped_in = t.version;
        for (const ToolkitRecord& r : Database::toolkits()) {
            if (cc->last_cuda < r.release) {
                dropped_in = r.release;
                break;
            }
        }
        std::vector<std::string> group;
        for (const CcRecord& other : Database::ccs()) {
            if (other.last_cuda == cc->last_cuda && other.renamed_major == 0) group.push_back(Arch{other.major, other.minor, Suffix::none}.dotted());
        }
        const std::string dropped = group.size() > 1 ? group.front() + " to " + group.back() : name;
        u.message = head + ": " + range + ", and CUDA " + dropped_in.str() + " dropped " + dropped + ". Use CUDA " +
                    cc->last_cuda.str() + " or earlier, or remove it (the oldest this nvcc builds is " +
                    real.front().dotted() + ").";
    } else if (t.version < since && arch.suffix != Suffix::none && t.builds_real(arch.base())) {
        u.message = head + ": " + range + ". Use CUDA " + since.str() + " or later, or " + arch.base().dotted() +
                    " without the suffix.";
    } else if (t.version < since && cc_less(real.front(), arch)) {
        u.newer = true;
        u.clamp_to = clamp_target(arch, *cc, real);
        u.message = head + ": " + range + ". Use CUDA " + since.str() + " or later, or POLICY CLAMP to embed PTX of " +
                    u.clamp_to.dotted() + " that the driver compiles for it at run time.";
    } else {
        u.message = head + ".";
    }
    u.message += builds_list(t);
    return u;
}

// The first part of the entry this nvcc cannot build, if any.
std::optional<Arch> unsupported_part(const Entry& e, const Toolkit& t) {
    if (e.sass && !t.builds_real(e.arch)) return e.arch;
    if (e.ptx && !t.builds_virtual(e.arch)) return e.arch;
    if (e.from && !t.builds_virtual(*e.from)) return e.from;
    return std::nullopt;
}

// nvcc refuses one compile that holds SASS of a capability both plain and family-specific
// ("The same GPU code (`sm_100f`) generated for non family-specific and family-specific GPU
// arch"), whatever virtual architecture builds either; `a` beside `f` it accepts.
std::optional<Error> plain_beside_family(const ArchList& list, const ToolkitKeywords& keywords) {
    for (const Entry& family : list) {
        if (!family.sass || family.arch.suffix != Suffix::f) continue;
        const auto plain = std::find_if(list.begin(), list.end(), [&](const Entry& e) {
            return e.sass && e.arch == family.arch.base();
        });
        if (plain == list.end()) continue;
        const Arch& f = family.arch;
        return Error{quote(plain->written) + keywords.native_note(*plain) + " and " + quote(family.written) +
                     keywords.native_note(family) + " ask for " + f.base().sm() + " and " + f.sm() +
                     ", the same GPU code plain and family-specific, which nvcc refuses in one compile. Keep one "
                     "of them: " + f.sm() + " also runs on the later GPUs of its family; " +
                     Arch{f.major, f.minor, Suffix::a}.dotted() + " beside " + f.dotted() + " is accepted."};
    }
    return std::nullopt;
}

}  // namespace

namespace {

constexpr std::pair<Policy, std::string_view> kPolicies[] = {
    {Policy::error, "ERROR"}, {Policy::warn, "WARN"}, {Policy::clamp, "CLAMP"}};

}  // namespace

Result<Policy> parse_policy(std::string_view name) {
    for (const auto& [policy, policy_name] : kPolicies) {
        if (text::iequals(name, policy_name)) return policy;
    }
    return Error{text::unknown_value("policy", "policies", name, policy_names())};
}

std::vector<std::string> policy_names() {
    std::vector<std::string> names;
    for (const auto& policy : kPolicies) names.emplace_back(policy.second);
    return names;
}


Result<Resolution> resolve(std::string_view spec, const Toolkit& toolkit, const ResolveOptions& options) {
    const ToolkitKeywords keywords(toolkit, options);
    Result<ArchList> parsed = parse(spec, options.dialect, &keywords);
    if (!parsed) return parsed.error();
    Resolution out;
    if (options.dialect == Dialect::torch) out.warnings = torch_spelling_warnings(spec);
    out.warnings.insert(out.warnings.end(), keywords.warnings().begin(), keywords.warnings().end());
    for (const Entry& e : *parsed) {
        const std::optional<Arch> bad = unsupported_part(e, toolkit);
        if (!bad) {
            if (auto error = merge_entry(out.list, e)) return *error;
            continue;
        }
        const std::string note = keywords.native_note(e);
        const Unsupported why = explain(e.written, note, *bad, toolkit);
        if (options.policy == Policy::warn) {
            out.warnings.push_back(why.message + " It is left out.");
        } else if (options.policy == Policy::clamp && why.newer) {
            out.warnings.push_back(quote(e.written) + note + " is newer than " + toolkit.describe() + " can build: using " +
                                   why.clamp_to.compute() + ", PTX that the driver compiles for it at run time.");
            if (auto error = merge_entry(out.list, Entry{why.clamp_to, false, true, {}, e.written})) return *error;
        } else {
            return Error{why.message};
        }
    }
    if (auto error = plain_beside_family(out.list, keywords)) return *error;
    return out;
}

}  // namespace cudaarch
