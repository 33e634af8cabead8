// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/ar.hpp"

#include <optional>

namespace cudaarch::binary {

namespace {

constexpr std::uint64_t header_size = 60;

// A space-padded decimal field; nullopt unless it is digits followed by spaces.
std::optional<std::uint64_t> decimal(std::string_view field) {
    std::uint64_t value = 0;
    std::size_t i = 0;
    for (; i < field.size() && field[i] >= '0' && field[i] <= '9'; ++i)
        value = value * 10 + static_cast<std::uint64_t>(field[i] - '0');  // at most 10 digits: no overflow
    if (i == 0) return std::nullopt;
    for (; i < field.size(); ++i)
        if (field[i] != ' ') return std::nullopt;
    return value;
}

std::string_view trim_right(std::string_view text) {
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    return text;
}

bool is_symbol_table(std::string_view name) {
    return name == "/" || name == "/SYM64/" || name == "__.SYMDEF" || name == "__.SYMDEF SORTED";
}

}  // namespace

Result<std::vector<ArMember>> read_archive(const Bytes& bytes) {
    if (!bytes.fits(0, ar_magic.size()) || bytes.view(0, ar_magic.size()) != ar_magic)
        return bytes.error(0, "not an ar archive");
    std::vector<ArMember> members;
    std::string_view long_names;
    std::uint64_t at = ar_magic.size();
    while (at < bytes.size()) {
        if (!bytes.fits(at, header_size)) return bytes.error(at, "truncated archive member header");
        if (bytes.view(at + 58, 2) != "`\n") return bytes.error(at + 58, "bad archive member header");
        const auto size = decimal(bytes.view(at + 48, 10));
        if (!size) return bytes.error(at + 48, "bad archive member size");
        const std::uint64_t data_at = at + header_size;
        if (!bytes.fits(data_at, *size))
            return bytes.error(at, "archive member of " + std::to_string(*size) + " bytes runs past the end of the file");
        const std::string_view raw_name = trim_right(bytes.view(at, 16));
        ArMember member{std::string(), at, data_at, *size};

        if (raw_name == "//") {
            long_names = bytes.view(data_at, *size);
        } else if (raw_name.size() > 1 && raw_name[0] == '/' && raw_name != "/SYM64/") {
            // GNU: "/<offset>" into the long-name table, each name ending in "/\n".
            const auto offset = decimal(raw_name.substr(1));
            const std::size_t end = offset && *offset < long_names.size() ? long_names.find("/\n", *offset)
                                                                          : std::string_view::npos;
            if (end == std::string_view::npos) return bytes.error(at, "archive member long name is out of range");
            member.name = std::string(long_names.substr(*offset, end - *offset));
        } else if (raw_name.size() > 3 && raw_name.substr(0, 3) == "#1/") {
            // BSD: the name is stored at the start of the member data.
            const auto length = decimal(raw_name.substr(3));
            if (!length || *length > *size) return bytes.error(at, "bad BSD archive member name length");
            member.name = std::string(bytes.view(data_at, *length));
            member.name.erase(member.name.find_last_not_of('\0') + 1);
            member.data_offset += *length;
            member.data_size -= *length;
        } else if (!raw_name.empty() && !is_symbol_table(raw_name)) {
            member.name = std::string(raw_name.back() == '/' ? raw_name.substr(0, raw_name.size() - 1) : raw_name);
        }
        if (!member.name.empty()) members.push_back(std::move(member));  // not the tables
        at = data_at + *size + (*size & 1);  // members start at even offsets
    }
    return members;
}

}  // namespace cudaarch::binary
