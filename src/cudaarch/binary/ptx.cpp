// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/ptx.hpp"

#include <algorithm>

namespace cudaarch::binary {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Walks the tokens of the PTX text, skipping white space and comments.
class Tokens {
public:
    explicit Tokens(std::string_view text) : text_(text) {}

    // The next token (a run of characters up to white space, ',' or a comment); empty at the end.
    std::string_view next() {
        skip_blank();
        start_ = at_;
        while (at_ < text_.size() && !is_space(text_[at_]) && text_[at_] != ',' && !comment_at(at_)) ++at_;
        if (start_ == at_ && at_ < text_.size()) ++at_;  // a lone ','
        return text_.substr(start_, at_ - start_);
    }
    [[nodiscard]] std::size_t start() const { return start_; }

private:
    bool comment_at(std::size_t i) const {
        return text_[i] == '/' && i + 1 < text_.size() && (text_[i + 1] == '/' || text_[i + 1] == '*');
    }
    void skip_blank() {
        while (at_ < text_.size()) {
            if (is_space(text_[at_])) {
                ++at_;
            } else if (comment_at(at_)) {
                const bool line = text_[at_ + 1] == '/';
                const std::size_t end = text_.find(line ? "\n" : "*/", at_ + 2);
                at_ = end == std::string_view::npos ? text_.size() : end + (line ? 1 : 2);
            } else {
                break;
            }
        }
    }

    std::string_view text_;
    std::size_t at_ = 0;
    std::size_t start_ = 0;
};

// Parses "<digits>" and advances; nullopt if there is no digit.
std::optional<int> number(std::string_view& text) {
    int value = 0;
    std::size_t i = 0;
    for (; i < text.size() && is_digit(text[i]) && i < 4; ++i) value = value * 10 + (text[i] - '0');
    if (i == 0) return std::nullopt;
    text.remove_prefix(i);
    return value;
}

std::optional<PtxIsa> parse_isa(std::string_view text) {
    const auto major = number(text);
    if (!major || text.empty() || text[0] != '.') return std::nullopt;
    text.remove_prefix(1);
    const auto minor = number(text);
    if (!minor || !text.empty()) return std::nullopt;
    return PtxIsa{*major, *minor};
}

std::optional<Arch> parse_target(std::string_view text) {
    if (text.substr(0, 3) != "sm_") return std::nullopt;
    text.remove_prefix(3);
    const auto sm = number(text);
    if (!sm || *sm < 10) return std::nullopt;
    Suffix suffix = Suffix::none;
    if (text == "a") suffix = Suffix::a;
    else if (text == "f") suffix = Suffix::f;
    else if (!text.empty()) return std::nullopt;
    return Arch{*sm / 10, *sm % 10, suffix};
}

}  // namespace

namespace {

std::string_view header_text(const Bytes& bytes) { return bytes.view(0, std::min(bytes.size(), ptx_header_limit)); }

}  // namespace

bool looks_like_ptx(const Bytes& bytes) { return Tokens(header_text(bytes)).next() == ".version"; }

Result<PtxHeader> read_ptx_header(const Bytes& bytes) {
    const std::string_view text = header_text(bytes);
    Tokens tokens(text);
    std::optional<PtxIsa> isa;
    for (std::string_view token = tokens.next(); !token.empty(); token = tokens.next()) {
        if (token == ".version") {
            const std::string_view value = tokens.next();
            isa = parse_isa(value);
            if (!isa) return bytes.error(tokens.start(), "bad PTX .version '" + std::string(value.substr(0, 16)) + "'");
        } else if (token == ".target") {
            const std::string_view value = tokens.next();
            const auto target = parse_target(value);
            if (!target) return bytes.error(tokens.start(), "bad PTX .target '" + std::string(value.substr(0, 16)) + "'");
            if (!isa) return bytes.error(tokens.start(), "PTX .target before .version");
            return PtxHeader{*isa, *target};
        } else if (!isa) {
            return bytes.error(tokens.start(), "PTX text does not start with .version");
        }
    }
    if (text.size() < bytes.size()) return bytes.error(text.size(), "PTX text has no .target directive in its first 1 MiB");
    return bytes.error(bytes.size(), "PTX text has no .target directive");
}

}  // namespace cudaarch::binary
