// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/notation.hpp"

#include <algorithm>
#include <array>

#include "cudaarch/database.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

using text::quote;

// ---------------------------------------------------------------- lexing

struct Word {
    std::string_view text;
    bool hard_before;  // a ';' or ',' (or the start) precedes it: GPU names never span it
    bool flag_mode;    // a flag, a flag value or a bare -gencode value: commas stay inside
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

bool is_value_flag(std::string_view word) {
    static constexpr std::array<std::string_view, 6> names = {
        "-gencode", "--generate-code", "-arch", "--gpu-architecture", "-code", "--gpu-code"};
    return std::any_of(names.begin(), names.end(), [&](std::string_view n) { return text::iequals(word, n); });
}

std::vector<Word> lex(std::string_view s) {
    std::vector<Word> words;
    bool hard = true;
    bool value_expected = false;
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == ';' || c == ',') {
            hard = true;
            ++i;
            continue;
        }
        if (is_space(c)) {
            ++i;
            continue;
        }
        const std::string_view rest = s.substr(i);
        const bool flag_mode = value_expected || c == '-' || text::istarts_with(rest, "arch=") ||
                               text::istarts_with(rest, "code=");
        std::size_t end = i;
        int depth = 0;
        while (end < s.size()) {
            const char e = s[end];
            if (flag_mode && e == '[') ++depth;
            if (flag_mode && e == ']' && depth > 0) --depth;
            if (depth == 0 && (is_space(e) || e == ';' || (!flag_mode && e == ','))) break;
            ++end;
        }
        const Word word{s.substr(i, end - i), hard, flag_mode};
        value_expected = !value_expected && is_value_flag(word.text);
        words.push_back(word);
        hard = false;
        i = end;
    }
    return words;
}

// ---------------------------------------------------------------- token grammar

class Cursor {
public:
    explicit Cursor(std::string_view s) : s_(s) {}
    [[nodiscard]] bool done() const { return i_ == s_.size(); }
    [[nodiscard]] std::string_view rest() const { return s_.substr(i_); }
    bool eat(std::string_view literal) {
        if (!text::istarts_with(s_.substr(i_), literal)) return false;
        i_ += literal.size();
        return true;
    }
    // A run of between min and max digits, and no more.
    bool digits(std::size_t min, std::size_t max, int& value) {
        std::size_t n = 0;
        while (i_ + n < s_.size() && text::is_digit(s_[i_ + n])) ++n;
        if (n < min || n > max) return false;
        value = 0;
        for (std::size_t k = 0; k < n; ++k) value = value * 10 + (s_[i_ + k] - '0');
        i_ += n;
        return true;
    }
    Suffix suffix() {
        if (eat("a")) return Suffix::a;
        if (eat("f")) return Suffix::f;
        return Suffix::none;
    }
    // M.m[s] with a 1-2 digit major.
    bool dotted(Arch& arch) {
        int major = 0, minor = 0;
        const std::size_t start = i_;
        if (digits(1, 2, major) && eat(".") && digits(1, 1, minor)) {
            arch = {major, minor, suffix()};
            return true;
        }
        i_ = start;
        return false;
    }
    // NN[s] with 2-3 digits: the last digit is the minor.
    bool number(Arch& arch) {
        int value = 0;
        if (!digits(2, 3, value)) return false;
        arch = {value / 10, value % 10, suffix()};
        return true;
    }

private:
    std::string_view s_;
    std::size_t i_ = 0;
};

enum class Shape { none, dotted, dotted_ptx, paired, number, number_real, number_virtual, sm, compute, mistake };

struct Notation {
    Shape shape = Shape::none;
    Arch arch;
    Arch from;                  // Shape::paired
    std::string_view prefix;  // Shape::mistake: "sm" or "compute"
};

Notation match_notation(std::string_view word) {
    Notation n;
    for (std::string_view prefix : {std::string_view("sm"), std::string_view("compute")}) {
        Cursor c(word);
        if (!c.eat(prefix) || !c.eat("_")) continue;
        Cursor dotted = c;
        if (dotted.dotted(n.arch) && dotted.done()) {
            n.shape = Shape::mistake;
            n.prefix = prefix;
        } else if (c.number(n.arch) && c.done()) {
            n.shape = prefix == "sm" ? Shape::sm : Shape::compute;
        }
        return n;
    }
    // Each ending is tried on the text after the architecture, never on what a failed
    // ending left: "75-real-virtual" must not read as "75" + "-virtual".
    Cursor c(word);
    if (c.dotted(n.arch)) {
        const std::string_view rest = c.rest();
        Cursor paired(rest);
        if (rest.empty()) n.shape = Shape::dotted;
        else if (text::iequals(rest, "+ptx")) n.shape = Shape::dotted_ptx;
        else if (paired.eat("(") && paired.dotted(n.from) && paired.eat(")") && paired.done()) n.shape = Shape::paired;
        return n;
    }
    if (c.number(n.arch)) {
        const std::string_view rest = c.rest();
        if (rest.empty()) n.shape = Shape::number;
        else if (text::iequals(rest, "-real")) n.shape = Shape::number_real;
        else if (text::iequals(rest, "-virtual")) n.shape = Shape::number_virtual;
    }
    return n;
}

// ---------------------------------------------------------------- messages

std::string nearest_cc(int major, int minor) {
    const auto& ccs = Database::ccs();
    const CcRecord* below = nullptr;  // highest capability under the request
    const CcRecord* above = nullptr;  // lowest capability over it
    const CcRecord* same_below = nullptr;
    const CcRecord* same_above = nullptr;
    for (const CcRecord& cc : ccs) {
        const bool lower = cc.major < major || (cc.major == major && cc.minor < minor);
        if (lower) below = &cc;
        if (!lower && !above) above = &cc;
        if (cc.major == major && cc.minor < minor) same_below = &cc;
        if (cc.major == major && cc.minor > minor && !same_above) same_above = &cc;
    }
    for (const CcRecord* pick : {same_below, same_above, below, above}) {
        if (pick) return Arch{pick->major, pick->minor, Suffix::none}.dotted();
    }
    return {};
}

// The GPU names within two edits of the text: the closest one or two.
std::vector<const ProductRecord*> products_within_two_edits(std::string_view written) {
    const std::string key = normalize_name(Database::strip_name_extras(written));
    std::vector<std::pair<std::size_t, const ProductRecord*>> close;  // (distance, product)
    for (const ProductRecord& p : Database::products()) {
        const std::size_t longer = std::max(key.size(), p.key.size());
        if (longer - std::min(key.size(), p.key.size()) > 2) continue;
        const std::size_t d = text::edit_distance(key, p.key);
        if (d <= 2 && 2 * d < key.size()) close.emplace_back(d, &p);
    }
    std::sort(close.begin(), close.end(), [](const auto& l, const auto& r) {
        return l.first != r.first ? l.first < r.first : l.second->name < r.second->name;
    });
    std::vector<const ProductRecord*> closest;
    for (const auto& [d, p] : close) {
        if (d != close.front().first || closest.size() == 2) break;
        if (closest.empty() || closest.back()->name != p->name) closest.push_back(p);
    }
    return closest;
}

// The GPU names to suggest for an unknown text: those within two edits (a typo, "RTX 409"),
// else the closest three that hold all its words ("RTX PRO 6000").
std::vector<const ProductRecord*> suggest_products(std::string_view written) {
    std::vector<const ProductRecord*> names = products_within_two_edits(written);
    if (names.empty()) names = Database::products_with_words(written);
    if (names.size() > 3) names.resize(3);
    return names;
}

// "'Jetson AGX Orin' (8.7, Ampere, Tegra) or 'DRIVE AGX Orin' (8.7, Ampere, Tegra)": the names
// with what `cudaarch list-gpus` lists beside them. The CMake twin is _cudaarch_product_hint.
std::string product_hint(const std::vector<const ProductRecord*>& products) {
    std::string hint;
    for (std::size_t k = 0; k < products.size(); ++k) {
        const ProductRecord& p = *products[k];
        const CcRecord* cc = Database::find_cc(p.major, p.minor);
        hint += k == 0 ? "'" : k + 1 == products.size() ? " or '" : ", '";
        hint += std::string(p.name) + "' (" + std::to_string(p.major) + "." + std::to_string(p.minor);
        if (cc) hint += ", " + std::string(cc->family) + (cc->tegra ? ", Tegra" : "");
        hint += ")";
    }
    return hint;
}

// sm86, compute90a, sm8.6: the prefix without its '_'.
std::optional<Notation> missing_underscore(std::string_view written) {
    for (std::string_view prefix : {std::string_view("sm"), std::string_view("compute")}) {
        if (!text::istarts_with(written, prefix)) continue;
        const std::string with_underscore = std::string(prefix) + "_" + std::string(written.substr(prefix.size()));
        Notation n = match_notation(with_underscore);
        if (n.shape != Shape::sm && n.shape != Shape::compute && n.shape != Shape::mistake) return std::nullopt;
        n.prefix = prefix;
        return n;
    }
    return std::nullopt;
}

// <hint>: the names to suggest, quoted; empty to look for some.
Error not_an_arch(std::string_view written, std::string hint = {}) {
    const Notation n = match_notation(written);
    const std::optional<Notation> bare = missing_underscore(written);
    if (n.shape == Shape::mistake || bare) {
        const Notation& m = bare ? *bare : n;
        hint = m.prefix == "sm" ? "'" + m.arch.dotted() + "' or '" + m.arch.sm() + "'" : "'" + m.arch.compute() + "'";
    } else if (hint.empty()) {
        hint = product_hint(suggest_products(written));
    }
    const std::string ending = hint.empty() ? "." : "; did you mean " + hint + "?";
    return Error{quote(written) + " is not a CUDA architecture" + ending + " " + std::string(Database::accepted())};
}

Error keyword_error(std::string_view written) {
    return Error{quote(written) + " is a keyword, not an architecture; cudaarch_resolve and 'cudaarch resolve' expand it."};
}

// The capability and its suffix must exist in the database.
std::optional<Error> check_exists(std::string_view written, const Arch& arch) {
    const CcRecord* cc = Database::find_cc(arch.major, arch.minor);
    if (!cc) {
        return Error{quote(written) + " names compute capability " + arch.base().dotted() +
                     ", which does not exist; the nearest is " + nearest_cc(arch.major, arch.minor) + "."};
    }
    if (Database::has_suffix(*cc, arch.suffix)) return std::nullopt;
    std::vector<std::string> variants;
    for (Suffix s : {Suffix::a, Suffix::f}) {
        if (Database::has_suffix(*cc, s)) variants.push_back(Arch{arch.major, arch.minor, s}.dotted());
    }
    return Error{quote(written) + ": compute capability " + arch.base().dotted() + " has no '" +
                 std::string(1, suffix_char(arch.suffix)) + "' variant (it has " +
                 (variants.empty() ? "none" : text::join(variants, ", ")) + ")."};
}

// nvcc's rule for which real architectures a virtual one can be compiled to. On success
// returns the real architecture nvcc builds: under an 'f' virtual, sm_103 means sm_103f.
Result<Arch> compile_target(std::string_view written, const Arch& virt, const Arch& real) {
    const char* reason = nullptr;
    Arch built = real;
    if (virt.suffix == Suffix::a) {
        if (real != virt) reason = "an 'a' virtual architecture builds only its own real architecture";
    } else if (virt.suffix == Suffix::f) {
        const CcRecord* v = Database::find_cc(virt.major, virt.minor);
        const CcRecord* r = Database::find_cc(real.major, real.minor);
        if (real.major != virt.major || real.minor < virt.minor || v->tegra != r->tegra) {
            reason = "an 'f' virtual architecture builds only its family at an equal or higher minor";
        } else if (real.suffix == Suffix::none) {
            built.suffix = Suffix::f;
        }
    } else if (real.major < virt.major || (real.major == virt.major && real.minor < virt.minor)) {
        reason = "a virtual architecture builds only equal or newer real ones";
    }
    if (reason) {
        return Error{quote(written) + ": " + virt.compute() + " cannot build " + real.sm() + " (" + reason + ")."};
    }
    return built;
}

// ---------------------------------------------------------------- parsing

struct ArchFlag {
    std::string quoted_as;  // the flag as written, for messages
    std::string_view value;
    Arch arch;
    bool is_real = false;
};

class Parser {
public:
    Parser(std::string_view spec, Dialect dialect, const KeywordExpander* keywords)
        : words_(lex(spec)), dialect_(dialect), keywords_(keywords) {
        tf_all_dotted_ = dialect == Dialect::tf && !words_.empty() &&
                         std::all_of(words_.begin(), words_.end(), [](const Word& w) {
                             return !w.flag_mode && match_notation(w.text).shape == Shape::dotted;
                         });
    }

    Result<ArchList> run() {
        for (std::size_t i = 0; i < words_.size();) {
            if (auto error = word(i)) return *error;
        }
        if (arch_flag_ && !code_seen_) {
            if (auto error = arch_shorthand(*arch_flag_)) return *error;
        }
        if (tf_all_dotted_ && !list_.empty()) list_.back().ptx = true;
        return list_;
    }

private:
    std::optional<Error> add(std::string_view written, const Arch& arch, bool sass, bool ptx,
                             std::optional<Arch> from = std::nullopt) {
        if (auto error = check_exists(written, arch)) return error;
        if (from == arch) from.reset();
        return merge_entry(list_, Entry{arch, sass, ptx, from, std::string(written)});
    }

    // SASS of `real` compiled from `virt`, after both exist and nvcc allows the pair.
    std::optional<Error> add_pair(std::string_view written, std::string_view real_written, const Arch& real,
                                  std::string_view virt_written, const Arch& virt) {
        if (auto error = check_exists(real_written, real)) return error;
        if (auto error = check_exists(virt_written, virt)) return error;
        Result<Arch> built = compile_target(written, virt, real);
        if (!built) return built.error();
        return add(real_written, *built, true, false, virt);
    }

    std::optional<Error> word(std::size_t& i) {
        const Word& w = words_[i];
        if (w.flag_mode) return flag(i);
        if (dialect_ == Dialect::torch) {
            if (auto name = torch_name(w.text)) {
                ++i;
                return torch_named(w.text, *name);
            }
        }
        if (is_keyword(w.text)) return keyword(i);
        const Notation n = match_notation(w.text);
        if (n.shape != Shape::none) {
            ++i;
            return notation(w.text, n);
        }
        if (const auto [p, used] = match_product(i); p) {
            // A name followed by words of its item that read as nothing is one unknown name
            // ("NVIDIA H100 80GB HBM9"), never a product and a fragment.
            const std::size_t next = i + used;
            if (next < words_.size() && !words_[next].hard_before && !words_[next].flag_mode && !parses_alone(next)) {
                return unknown_run(i, next, product_hint({p}));
            }
            i += used;
            return add(p->name, Arch{p->major, p->minor, Suffix::none}, true, false);
        }
        return unknown_run(i, i + 1);
    }

    // PyTorch's named architectures, as its cpp_extension replaces them in the list:
    // "Ampere" is "8.0 8.6+PTX", and a "+PTX" after a name goes to its last item, so that
    // "Volta+Tegra+PTX" is 7.2+PTX but "Hopper+PTX" (9.0+PTX+PTX) is no architecture.
    struct TorchName {
        const TorchNameRecord* record;
        bool ptx;
    };
    static std::optional<TorchName> torch_name(std::string_view word) {
        if (const TorchNameRecord* t = Database::find_torch_name(word)) return TorchName{t, false};
        constexpr std::string_view ptx = "+PTX";
        if (word.size() > ptx.size() && word.substr(word.size() - ptx.size()) == ptx) {
            const TorchNameRecord* t = Database::find_torch_name(word.substr(0, word.size() - ptx.size()));
            if (t) return TorchName{t, true};
        }
        return std::nullopt;
    }

    std::optional<Error> torch_named(std::string_view written, const TorchName& name) {
        const std::string_view items = name.record->items;
        if (name.ptx && text::iends_with(items, "+PTX")) return not_an_arch(written);
        for (std::size_t start = 0; start < items.size();) {
            const std::size_t end = std::min(items.find(' ', start), items.size());
            const Notation n = match_notation(items.substr(start, end - start));
            const bool ptx = n.shape == Shape::dotted_ptx || (name.ptx && end == items.size());
            if (auto error = add(written, n.arch, true, ptx)) return error;
            start = end + 1;
        }
        return std::nullopt;
    }

    std::optional<Error> keyword(std::size_t& i) {
        const std::string_view written = words_[i++].text;
        if (!keywords_) return keyword_error(written);
        Result<ArchList> expanded = keywords_->expand(written);
        if (!expanded) return expanded.error();
        for (const Entry& e : *expanded) {
            if (auto error = merge_entry(list_, e)) return error;
        }
        return std::nullopt;
    }

    std::optional<Error> notation(std::string_view written, const Notation& n) {
        const bool reads_like_torch = dialect_ == Dialect::torch || dialect_ == Dialect::opencv;
        switch (n.shape) {
            case Shape::dotted: {
                const bool ptx = dialect_ == Dialect::tf && !tf_all_dotted_;
                return add(written, n.arch, true, ptx);
            }
            case Shape::dotted_ptx: return add(written, n.arch, true, true);
            case Shape::paired: return add_pair(written, written, n.arch, written, n.from);
            case Shape::number: return add(written, n.arch, true, !reads_like_torch);
            case Shape::number_real: return add(written, n.arch, true, false);
            case Shape::number_virtual: return add(written, n.arch, false, true);
            case Shape::sm:
                if (dialect_ == Dialect::nvcc) return arch_shorthand({std::string(written), written, n.arch, true});
                return add(written, n.arch, true, false);
            case Shape::compute:
                if (dialect_ == Dialect::nvcc) return arch_shorthand({std::string(written), written, n.arch, false});
                return add(written, n.arch, dialect_ == Dialect::tf, true);
            case Shape::mistake:
            case Shape::none: break;
        }
        return not_an_arch(written);
    }

    // The longest GPU name starting at word i, within its item, and how many words it spans.
    std::pair<const ProductRecord*, std::size_t> match_product(std::size_t i) const {
        const std::size_t max_words = static_cast<std::size_t>(Database::max_product_words()) + 1;
        std::size_t available = 1;
        while (available < max_words && i + available < words_.size() && !words_[i + available].hard_before &&
               !words_[i + available].flag_mode) {
            ++available;
        }
        for (std::size_t n = available; n >= 1; --n) {
            std::string name;
            for (std::size_t k = 0; k < n; ++k) name.append(k ? " " : "").append(words_[i + k].text);
            if (const ProductRecord* p = Database::find_product(name)) return {p, n};
        }
        return {nullptr, 0};
    }

    bool parses_alone(std::size_t i) const {
        const Word& w = words_[i];
        if (is_keyword(w.text) || match_product(i).first) return true;
        const Notation n = match_notation(w.text);
        return n.shape != Shape::none && n.shape != Shape::mistake && !check_exists(w.text, n.arch);
    }

    // An unknown word is quoted with the following words of its item that do not parse either;
    // words i up to <from> are quoted whatever they are. <hint>: the names to suggest, if known.
    Error unknown_run(std::size_t i, std::size_t from, std::string hint = {}) const {
        const std::string_view spec_start = words_[i].text;
        std::size_t last = from - 1;
        const std::size_t limit = i + static_cast<std::size_t>(Database::max_product_words()) + 1;
        while (last + 1 < words_.size() && last + 1 < limit && !words_[last + 1].hard_before &&
               !words_[last + 1].flag_mode && !parses_alone(last + 1)) {
            ++last;
        }
        std::string run(spec_start);
        for (std::size_t k = i + 1; k <= last; ++k) run.append(" ").append(words_[k].text);
        if (hint.empty() && products_within_two_edits(run).empty()) {
            // A word that reads alone may still be part of the name meant: "Thor" is NVIDIA
            // Thor, "Jetson Thor" no name, but Jetson AGX Thor holds both words. The longest
            // run of the item's next words that some names hold all words of is quoted instead.
            std::size_t end = last + 1;
            while (end < words_.size() && end < limit && !words_[end].hard_before && !words_[end].flag_mode) ++end;
            for (; end > last + 1; --end) {
                std::string longer(run);
                for (std::size_t k = last + 1; k < end; ++k) longer.append(" ").append(words_[k].text);
                if (!Database::products_with_words(longer).empty()) return not_an_arch(longer);
            }
        }
        return not_an_arch(run, std::move(hint));
    }

    // -gencode / --generate-code / -arch / -code, with the value after '=' or in the next word.
    std::optional<Error> flag(std::size_t& i) {
        const std::string_view word = words_[i].text;
        ++i;
        if (text::istarts_with(word, "arch=") || text::istarts_with(word, "code=")) return gencode(word);
        const std::size_t eq = word.find('=');
        const std::string_view name = word.substr(0, eq);
        if (!is_value_flag(name)) {
            return Error{text::unknown_value("architecture flag", "accepted", word,
                                             {"-gencode", "--generate-code", "-arch", "--gpu-architecture", "-code",
                                              "--gpu-code"})};
        }
        std::string_view value;
        std::string written(word);
        if (eq != std::string_view::npos) {
            value = word.substr(eq + 1);
        } else if (i < words_.size()) {
            value = words_[i].text;
            written.append(" ").append(value);
            ++i;
        }
        if (value.empty()) return Error{text::missing_value(quote(name)) + "."};
        const std::string flag_name = text::lower(name);
        if (flag_name == "-gencode" || flag_name == "--generate-code") return gencode(value);
        if (flag_name == "-arch" || flag_name == "--gpu-architecture") return arch_flag(written, value);
        return code_flag(written, value);
    }

    std::optional<Error> arch_flag(const std::string& written, std::string_view value) {
        if (arch_flag_) {
            return Error{"'-arch' appears twice (" + quote(arch_flag_->value) + ", then " + quote(value) +
                         "); nvcc would keep only the last: write one -gencode per architecture."};
        }
        if (is_keyword(value)) return keywords_ ? keyword_in_arch(written, value) : keyword_error(value);
        const Notation n = match_notation(value);
        if (n.shape != Shape::sm && n.shape != Shape::compute) return not_an_arch(value);
        if (auto error = check_exists(value, n.arch)) return error;
        arch_flag_ = ArchFlag{written, value, n.arch, n.shape == Shape::sm};
        return std::nullopt;
    }

    // nvcc's -arch without -code: sm_XY is SASS and PTX, compute_XY PTX; with an a/f suffix
    // nvcc also embeds the plain PTX.
    std::optional<Error> arch_shorthand(const ArchFlag& flag) {
        if (auto error = add(flag.value, flag.arch, flag.is_real, true)) return error;
        if (flag.arch.suffix == Suffix::none) return std::nullopt;
        return add(flag.value, flag.arch.base(), false, true);
    }

    std::optional<Error> code_flag(const std::string& written, std::string_view value) {
        if (!arch_flag_) return Error{quote(written) + " needs an -arch=compute_XY before it."};
        if (arch_flag_->is_real) {
            return Error{quote(arch_flag_->quoted_as) +
                         " must name a virtual architecture (compute_XY) when -code is given."};
        }
        code_seen_ = true;
        return codes(written, arch_flag_->arch, split_codes(value));
    }

    // Names of a code list: ',' separates them, and so do ';' and white space, which a
    // CMake list may leave there.
    static std::vector<std::string_view> split_codes(std::string_view list) {
        std::vector<std::string_view> items;
        std::size_t start = 0;
        for (std::size_t k = 0; k <= list.size(); ++k) {
            if (k == list.size() || list[k] == ',' || list[k] == ';' || is_space(list[k])) {
                std::string_view item = list.substr(start, k - start);
                while (!item.empty() && (is_space(item.front()) || item.front() == '[')) item.remove_prefix(1);
                while (!item.empty() && (is_space(item.back()) || item.back() == ']')) item.remove_suffix(1);
                if (!item.empty()) items.push_back(item);
                start = k + 1;
            }
        }
        return items;
    }

    // arch=compute_V,code=C (C: one name, a [list], or names after code= separated by commas).
    // Empty parts (a leading, doubled or trailing ',') are skipped, as nvcc skips them.
    std::optional<Error> gencode(std::string_view value) {
        const std::string written(value);
        if (std::count(value.begin(), value.end(), '[') > std::count(value.begin(), value.end(), ']')) {
            return Error{quote(value) + ": unclosed '['."};
        }
        std::optional<std::string_view> arch_value;
        std::optional<std::string_view> code_value;
        std::size_t start = 0;
        int depth = 0;
        for (std::size_t k = 0; k <= value.size(); ++k) {
            if (k < value.size() && value[k] == '[') ++depth;
            if (k < value.size() && value[k] == ']') --depth;
            if (k < value.size() && (value[k] != ',' || depth > 0)) continue;
            const std::string_view part = value.substr(start, k - start);
            start = k + 1;
            if (part.empty()) continue;
            if (text::istarts_with(part, "arch=") && !arch_value && !code_value) {
                arch_value = part.substr(5);
            } else if (text::istarts_with(part, "code=") && !code_value) {
                code_value = part.substr(5);
            } else if (code_value && part.find('=') == std::string_view::npos) {
                // code=sm_80,compute_80 without brackets: the names run on after code=.
                code_value = value.substr(code_value->data() - value.data(), k - (code_value->data() - value.data()));
            } else {
                return Error{quote(value) + ": expected arch=<virtual>,code=<codes>."};
            }
        }
        if (!code_value) return Error{quote(value) + ": missing code=."};
        if (!arch_value) return Error{quote(value) + ": missing arch=."};
        const std::vector<std::string_view> code_items = split_codes(*code_value);
        if (code_items.empty()) return Error{quote(value) + ": code= is empty."};
        const Notation a = match_notation(*arch_value);
        if (a.shape == Shape::mistake || a.shape == Shape::none) return not_an_arch(*arch_value);
        if (a.shape != Shape::compute) {
            return Error{quote(value) + ": arch= must be a virtual architecture such as " + a.arch.compute() +
                         ", not " + quote(*arch_value) + "."};
        }
        if (auto error = check_exists(*arch_value, a.arch)) return error;
        return codes(written, a.arch, code_items);
    }

    // Every name is checked before any is merged, so a bad name is reported before a conflict
    // of a good one with the list, in both engines.
    std::optional<Error> codes(const std::string& written, const Arch& virt, const std::vector<std::string_view>& items) {
        std::vector<std::pair<std::string_view, Entry>> checked;  // (written, entry)
        for (std::string_view item : items) {
            const Notation c = match_notation(item);
            if (c.shape != Shape::sm && c.shape != Shape::compute) return not_an_arch(item);
            if (auto error = check_exists(item, c.arch)) return error;
            if (c.shape == Shape::sm) {
                Result<Arch> built = compile_target(written, virt, c.arch);
                if (!built) return built.error();
                checked.emplace_back(item, Entry{*built, true, false, virt, {}});
            } else if (c.arch != virt) {
                return Error{quote(written) + ": code=" + c.arch.compute() + " must equal arch= (" + virt.compute() + ")."};
            } else {
                checked.emplace_back(item, Entry{virt, false, true, std::nullopt, {}});
            }
        }
        for (const auto& [item, e] : checked) {
            if (auto error = add(item, e.arch, e.sass, e.ptx, e.from)) return error;
        }
        return std::nullopt;
    }

    // -arch=all and friends expand like the bare keyword; -code cannot follow them.
    std::optional<Error> keyword_in_arch(const std::string& written, std::string_view value) {
        Result<ArchList> expanded = keywords_->expand(value);
        if (!expanded) return expanded.error();
        for (Entry e : *expanded) {
            e.written = written;
            if (auto error = merge_entry(list_, e)) return error;
        }
        arch_flag_ = ArchFlag{written, value, Arch{}, true};
        code_seen_ = true;  // nothing left to expand at the end
        return std::nullopt;
    }

    std::vector<Word> words_;
    Dialect dialect_;
    const KeywordExpander* keywords_;
    bool tf_all_dotted_ = false;
    std::optional<ArchFlag> arch_flag_;
    bool code_seen_ = false;
    ArchList list_;
};

// ---------------------------------------------------------------- PyTorch's spelling

// Whether PyTorch's cpp_extension accepts an item of TORCH_CUDA_ARCH_LIST: an M.m[a] of its
// list or a named architecture, each with an optional "+PTX" (exact case), but no second
// "+PTX" on a name that has one (Hopper+PTX).
bool torch_accepts(std::string_view item) {
    if (Database::find_torch_name(item) || Database::is_torch_arch(item)) return true;
    constexpr std::string_view ptx = "+PTX";
    if (item.size() <= ptx.size() || item.substr(item.size() - ptx.size()) != ptx) return false;
    const std::string_view base = item.substr(0, item.size() - ptx.size());
    if (const TorchNameRecord* name = Database::find_torch_name(base)) return !text::iends_with(name->items, ptx);
    return Database::is_torch_arch(base);
}

// PyTorch's spelling of one item, when it has one: the TORCH format writes only what
// PyTorch accepts, and fails or warns on the rest.
std::optional<std::string> torch_spelling(std::string_view item) {
    const Result<ArchList> list = parse(item, Dialect::torch);
    if (!list) return std::nullopt;
    const Result<Rendering> rendering = render(*list, Format::torch);
    if (!rendering || !rendering->warnings.empty()) return std::nullopt;
    return rendering->text;
}

bool is_flag_piece(std::string_view piece) {
    return piece.front() == '-' || text::istarts_with(piece, "arch=") || text::istarts_with(piece, "code=");
}

}  // namespace

std::vector<std::string> torch_spelling_warnings(std::string_view spec) {
    std::vector<std::string> warnings;
    std::vector<std::string_view> pieces;  // items as CudaArch reads them
    bool empty_item = false;               // as PyTorch cuts the list, at ';' and ' '
    for (std::size_t k = 0, start = 0, torch_start = 0; k <= spec.size(); ++k) {
        const bool end = k == spec.size();
        if (end || spec[k] == ';' || spec[k] == ' ') {
            empty_item = empty_item || k == torch_start;
            torch_start = k + 1;
        }
        if (end || spec[k] == ';' || spec[k] == ',' || is_space(spec[k])) {
            if (k > start) pieces.push_back(spec.substr(start, k - start));
            start = k + 1;
        }
    }
    if (pieces.empty() || spec == "native") return warnings;
    if (std::any_of(pieces.begin(), pieces.end(), is_flag_piece)) {
        warnings.push_back(quote(spec) + " is not PyTorch's spelling: PyTorch 2.11 reads no nvcc flags and would reject it.");
        return warnings;
    }
    const char* const rejects = ": PyTorch 2.11 would reject the list; ";
    if (spec.find(',') != std::string_view::npos) {
        warnings.push_back("',' is not PyTorch's separator" + std::string(rejects) + "separate items with ';' or ' '.");
    }
    if (spec.find_first_of("\t\n\r\v\f") != std::string_view::npos) {
        warnings.push_back("a tab or line break is not PyTorch's separator" + std::string(rejects) +
                           "separate items with ';' or ' '.");
    }
    if (empty_item) {
        warnings.push_back("an empty item (a leading, trailing or doubled ';' or ' ') is not PyTorch's spelling" +
                           std::string(rejects) + "remove it.");
    }
    std::vector<std::string_view> seen;
    for (const std::string_view item : pieces) {
        if (torch_accepts(item) || std::find(seen.begin(), seen.end(), item) != seen.end()) continue;
        seen.push_back(item);
        const std::optional<std::string> spelling = torch_spelling(item);
        warnings.push_back(quote(item) + " is not PyTorch's spelling: PyTorch 2.11 would reject it" +
                           (spelling ? "; write " + quote(*spelling) + "." : " and has none for it."));
    }
    return warnings;
}

// The flag a word starts with decides: "-gencode=arch=...", and also nvcc flags copied from a
// build log as one argument, "-gencode arch=compute_80,code=sm_80 -gencode ...".
bool is_architecture_flag(std::string_view word) { return is_value_flag(word.substr(0, word.find_first_of("= \t\r\n"))); }

bool is_keyword(std::string_view word) {
    for (std::string_view k : {"native", "all", "all-major", "newest"}) {
        if (text::iequals(word, k)) return true;
    }
    return std::any_of(Database::ccs().begin(), Database::ccs().end(),
                       [&](const CcRecord& cc) { return text::iequals(word, cc.family); });
}

std::optional<Error> merge_entry(ArchList& list, const Entry& entry) {
    auto it = std::lower_bound(list.begin(), list.end(), entry.arch,
                               [](const Entry& e, const Arch& a) { return e.arch < a; });
    if (it == list.end() || it->arch != entry.arch) {
        list.insert(it, entry);
        return std::nullopt;
    }
    if (it->sass && entry.sass && it->from != entry.from) {
        return Error{entry.arch.sm() + " is requested built from both " + it->from.value_or(it->arch).compute() +
                     " and " + entry.from.value_or(entry.arch).compute() + "; keep one."};
    }
    if (entry.sass && !it->sass) it->from = entry.from;
    it->sass = it->sass || entry.sass;
    it->ptx = it->ptx || entry.ptx;
    return std::nullopt;
}

void merge_images(ArchList& into, const ArchList& list) {
    for (const Entry& entry : list) static_cast<void>(merge_entry(into, entry));
}

Result<ArchList> parse(std::string_view spec, Dialect dialect, const KeywordExpander* keywords) {
    return Parser(spec, dialect, keywords).run();
}

}  // namespace cudaarch
