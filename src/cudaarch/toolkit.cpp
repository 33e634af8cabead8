// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/toolkit.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include <unistd.h>

#include "cudaarch/database.hpp"
#include "cudaarch/process.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

// Every "<prefix>_NN[af]" name in the text, as an Arch; with variants_only, just a/f ones.
std::vector<Arch> arch_names(std::string_view text, std::string_view prefix, bool variants_only) {
    std::vector<Arch> found;
    const std::string needle = std::string(prefix) + "_";
    for (std::size_t at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) {
        if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_')) continue;
        const std::size_t first_digit = at + needle.size();
        std::size_t k = first_digit;
        int number = 0;
        while (k < text.size() && text::is_digit(text[k]) && k - first_digit < 4) number = number * 10 + (text[k++] - '0');
        if (k - first_digit < 2 || k - first_digit > 3) continue;
        Suffix suffix = Suffix::none;
        if (k < text.size() && (text[k] == 'a' || text[k] == 'f')) suffix = text[k++] == 'a' ? Suffix::a : Suffix::f;
        if (k < text.size() && std::isalnum(static_cast<unsigned char>(text[k]))) continue;
        if (variants_only && suffix == Suffix::none) continue;
        found.push_back({number / 10, number % 10, suffix});
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

// The values --help lists for --gpu-code: from that option's heading to the end of its text.
std::string_view gpu_code_help(std::string_view help) {
    const std::size_t start = help.compare(0, 10, "--gpu-code") == 0 ? 0 : help.find("\n--gpu-code");
    if (start == std::string_view::npos) return {};
    const std::size_t end = help.find("\n--", start + 1);
    return help.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

std::vector<Arch> merged(std::vector<Arch> plain, const std::vector<Arch>& variants) {
    plain.insert(plain.end(), variants.begin(), variants.end());
    std::sort(plain.begin(), plain.end());
    plain.erase(std::unique(plain.begin(), plain.end()), plain.end());
    return plain;
}

// What a failed run said: its stderr without the final newline, else its exit status.
std::string failure(const ProcessOutput& run) {
    std::string said = run.err;
    while (!said.empty() && (said.back() == '\n' || said.back() == '\r')) said.pop_back();
    return said.empty() ? "exit status " + std::to_string(run.exit_code) : said;
}

bool contains(const std::vector<Arch>& sorted, const Arch& a) { return std::binary_search(sorted.begin(), sorted.end(), a); }

}  // namespace

bool Toolkit::builds_real(const Arch& a) const { return contains(real, a); }
bool Toolkit::builds_virtual(const Arch& a) const { return contains(virt, a); }
std::string Toolkit::describe() const { return "nvcc " + version.str() + " (" + nvcc + ")"; }

Result<Version> parse_nvcc_version(std::string_view output) {
    constexpr std::string_view marker = "release ";
    const std::size_t at = output.find(marker);
    if (at != std::string_view::npos) {
        std::size_t k = at + marker.size();
        Version v;
        int* part = &v.major;
        std::size_t digits = 0;
        for (; k < output.size(); ++k) {
            if (text::is_digit(output[k]) && digits < 3) {
                *part = *part * 10 + (output[k] - '0');
                ++digits;
            } else if (output[k] == '.' && part == &v.major && digits > 0) {
                part = &v.minor;
                digits = 0;
            } else {
                break;
            }
        }
        if (part == &v.minor && digits > 0) return v;
    }
    return Error{"cannot find 'release X.Y' in nvcc --version output"};
}

Toolkit toolkit_from_database(std::string nvcc, Version version) {
    Toolkit t{std::move(nvcc), version, {}, {}, true};
    for (const CcRecord& cc : Database::ccs()) {
        const bool renamed = cc.renamed_major != 0 && cc.renamed_in <= version;
        if (cc.first_cuda <= version && (cc.last_cuda.empty() || version <= cc.last_cuda) && !renamed) {
            t.real.push_back({cc.major, cc.minor, Suffix::none});
            if (!cc.a_since.empty() && cc.a_since <= version) t.real.push_back({cc.major, cc.minor, Suffix::a});
            if (!cc.f_since.empty() && cc.f_since <= version) t.real.push_back({cc.major, cc.minor, Suffix::f});
        }
    }
    t.virt = t.real;
    return t;
}

Result<Toolkit> toolkit_from_answers(std::string nvcc, const NvccAnswers& answers) {
    Result<Version> version = parse_nvcc_version(answers.version);
    if (!version) return Error{nvcc + ": " + version.error().message};
    const std::vector<Arch> real = arch_names(answers.list_gpu_code, "sm", false);
    if (real.empty()) return toolkit_from_database(std::move(nvcc), *version);
    const std::string_view help = gpu_code_help(answers.help);
    return Toolkit{std::move(nvcc), *version, merged(real, arch_names(help, "sm", true)),
                   merged(arch_names(answers.list_gpu_arch, "compute", false), arch_names(help, "compute", true)),
                   false};
}

Result<Toolkit> query_toolkit(const std::string& nvcc) {
    NvccAnswers answers;
    for (auto [option, sink] : {std::pair{"--version", &answers.version}, std::pair{"--list-gpu-code", &answers.list_gpu_code},
                                std::pair{"--list-gpu-arch", &answers.list_gpu_arch}, std::pair{"--help", &answers.help}}) {
        Result<ProcessOutput> run = run_process({nvcc, option});
        if (!run) return run.error();
        // An nvcc without --list-gpu-* fails that option; the database answers instead.
        if (run->exit_code == 0) *sink = run->out;
        else if (sink == &answers.version) return Error{nvcc + " --version failed: " + failure(*run)};
    }
    return toolkit_from_answers(nvcc, answers);
}

namespace {

// CMAKE_CUDA_COMPILER is a CMake variable: outside CMake its row does not apply.
bool outside_cmake(const NvccRule& rule) { return rule.source.substr(0, 6) != "CMAKE_"; }

}  // namespace

std::string nvcc_search_order() {
    std::string order;
    for (const NvccRule& rule : Database::nvcc_rules()) {
        if (!outside_cmake(rule)) continue;
        const bool variable = rule.how != NvccRule::How::Search;
        order += (order.empty() ? "" : ", ") + std::string(variable ? "$" : "") + std::string(rule.source);
    }
    return order;
}

std::string default_nvcc() {
    for (const NvccRule& rule : Database::nvcc_rules()) {
        if (!outside_cmake(rule)) continue;
        const std::string source(rule.source);
        std::string value;
        if (rule.how == NvccRule::How::Search) {
            value = find_in_path("nvcc");
        } else if (const char* set = std::getenv(source.c_str())) {
            value = set;
        }
        if (value.empty()) continue;
        if (rule.how == NvccRule::How::Fallback) {
            // CMake's last resort: <value>/bin/nvcc where it exists, else no compiler.
            if (access((value + "/bin/nvcc").c_str(), X_OK) == 0) return value + "/bin/nvcc";
            continue;
        }
        // CUDACXX=nvcc names one on PATH; a source that is set decides, found or not.
        if (rule.how == NvccRule::How::Compiler && value.find('/') == std::string::npos) {
            const std::string found = find_in_path(value);
            if (!found.empty()) return found;
        }
        return value;
    }
    return "nvcc";  // none: the run fails and says so
}

}  // namespace cudaarch
