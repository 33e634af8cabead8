// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/json_reader.hpp"

#include <cstdlib>

namespace cudaarch {

namespace {

// Deeper documents are refused rather than risking the stack.
constexpr int kMaxDepth = 128;

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    Result<JsonValue> document() {
        JsonValue value;
        if (!parse_value(value, 0)) return failure();
        skip_space();
        if (at_ != text_.size()) {
            error_ = "unexpected text after the JSON value";
            return failure();
        }
        return value;
    }

private:
    Error failure() const { return Error{"invalid JSON at byte " + std::to_string(at_) + ": " + error_}; }

    bool fail(const char* what) {
        error_ = what;
        return false;
    }

    void skip_space() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) ++at_;
    }

    bool take(std::string_view word) {
        if (text_.substr(at_, word.size()) != word) return false;
        at_ += word.size();
        return true;
    }

    bool parse_value(JsonValue& value, int depth) {
        if (depth > kMaxDepth) return fail("nested too deeply");
        skip_space();
        if (at_ >= text_.size()) return fail("unexpected end");
        const char c = text_[at_];
        if (c == '{') return parse_object(value, depth);
        if (c == '[') return parse_array(value, depth);
        if (c == '"') {
            value.kind = JsonValue::Kind::string;
            return parse_string(value.string);
        }
        if (take("true") || take("false")) {
            value.kind = JsonValue::Kind::boolean;
            value.boolean = c == 't';
            return true;
        }
        if (take("null")) return true;
        return parse_number(value);
    }

    bool parse_object(JsonValue& value, int depth) {
        value.kind = JsonValue::Kind::object;
        ++at_;
        skip_space();
        if (take("}")) return true;
        while (true) {
            skip_space();
            if (at_ >= text_.size() || text_[at_] != '"') return fail("expected a member name");
            std::string key;
            if (!parse_string(key)) return false;
            skip_space();
            if (!take(":")) return fail("expected ':'");
            JsonValue member;
            if (!parse_value(member, depth + 1)) return false;
            value.members.emplace_back(std::move(key), std::move(member));
            skip_space();
            if (take("}")) return true;
            if (!take(",")) return fail("expected ',' or '}'");
        }
    }

    bool parse_array(JsonValue& value, int depth) {
        value.kind = JsonValue::Kind::array;
        ++at_;
        skip_space();
        if (take("]")) return true;
        while (true) {
            JsonValue item;
            if (!parse_value(item, depth + 1)) return false;
            value.items.push_back(std::move(item));
            skip_space();
            if (take("]")) return true;
            if (!take(",")) return fail("expected ',' or ']'");
        }
    }

    bool parse_hex4(unsigned& code) {
        if (text_.size() - at_ < 4) return fail("truncated \\u escape");
        code = 0;
        for (int k = 0; k < 4; ++k) {
            const char h = text_[at_++];
            code <<= 4;
            if (h >= '0' && h <= '9') code |= static_cast<unsigned>(h - '0');
            else if (h >= 'a' && h <= 'f') code |= static_cast<unsigned>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') code |= static_cast<unsigned>(h - 'A' + 10);
            else return fail("bad \\u escape");
        }
        return true;
    }

    static void append_utf8(std::string& out, unsigned code) {
        if (code < 0x80) {
            out += static_cast<char>(code);
        } else if (code < 0x800) {
            out += static_cast<char>(0xc0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3f));
        } else if (code < 0x10000) {
            out += static_cast<char>(0xe0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (code & 0x3f));
        } else {
            out += static_cast<char>(0xf0 | (code >> 18));
            out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (code & 0x3f));
        }
    }

    bool parse_string(std::string& out) {
        ++at_;  // the opening quote
        while (true) {
            if (at_ >= text_.size()) return fail("unterminated string");
            const char c = text_[at_++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (at_ >= text_.size()) return fail("unterminated string");
            const char e = text_[at_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned code = 0;
                    if (!parse_hex4(code)) return false;
                    if (code >= 0xd800 && code < 0xdc00) {
                        unsigned low = 0;
                        if (!take("\\u") || !parse_hex4(low) || low < 0xdc00 || low >= 0xe000)
                            return fail("unpaired surrogate in \\u escape");
                        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
                    } else if (code >= 0xdc00 && code < 0xe000) {
                        return fail("unpaired surrogate in \\u escape");
                    }
                    append_utf8(out, code);
                    break;
                }
                default: return fail("bad escape in a string");
            }
        }
    }

    bool parse_number(JsonValue& value) {
        const std::size_t start = at_;
        const auto digits = [&] {
            const std::size_t from = at_;
            while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
            return at_ > from;
        };
        if (at_ < text_.size() && text_[at_] == '-') ++at_;
        if (!digits()) return fail("expected a value");
        if (at_ < text_.size() && text_[at_] == '.') {
            ++at_;
            if (!digits()) return fail("bad number");
        }
        if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
            ++at_;
            if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
            if (!digits()) return fail("bad number");
        }
        value.kind = JsonValue::Kind::number;
        value.number = std::strtod(std::string(text_.substr(start, at_ - start)).c_str(), nullptr);
        return true;
    }

    std::string_view text_;
    std::size_t at_ = 0;
    std::string error_;
};

}  // namespace

const JsonValue* JsonValue::find(std::string_view key) const {
    for (const auto& [name, member] : members) {
        if (name == key) return &member;
    }
    return nullptr;
}

const std::vector<JsonValue>& JsonValue::elements() const {
    static const std::vector<JsonValue> none;
    return kind == Kind::array ? items : none;
}

Result<JsonValue> parse_json(std::string_view text) { return Parser(text).document(); }

}  // namespace cudaarch
