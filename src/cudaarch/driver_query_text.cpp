// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/driver_query_text.hpp"

#include <charconv>
#include <cstdint>
#include <vector>

namespace cudaarch {

namespace {

constexpr std::string_view kHeader = "cudaarch-driver-query 1";
constexpr DriverStatus kStatuses[] = {DriverStatus::ok,          DriverStatus::no_driver,  DriverStatus::init_failed,
                                      DriverStatus::no_device,   DriverStatus::all_hidden, DriverStatus::query_failed,
                                      DriverStatus::crashed,     DriverStatus::timed_out,  DriverStatus::no_helper};

void escape_into(std::string& out, std::string_view value) {
    for (const char c : value) {
        switch (c) {
            case '\\': out += "\\\\"; break;
            case '\t': out += "\\t"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            default: out += c;
        }
    }
}

Result<std::string> unescape(std::string_view value) {
    std::string out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (value[i] != '\\') {
            out += value[i];
            continue;
        }
        const char next = i + 1 < value.size() ? value[++i] : '\0';
        switch (next) {
            case '\\': out += '\\'; break;
            case 't': out += '\t'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            default: return Error{"a bad escape in '" + std::string(value) + "'"};
        }
    }
    return out;
}

template <class Int>
bool parse_number(std::string_view text, Int& value) {
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    return !text.empty() && error == std::errc() && at == end;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t at = text.find(separator, start);
        parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return parts;
        start = at + 1;
    }
}

// "0\t9.0\t132\t150754820096\t0000:3b:00.0\tNVIDIA H200"
Result<Device> parse_device(std::string_view value) {
    const std::vector<std::string_view> fields = split(value, '\t');
    Device device;
    if (fields.size() != 6) return Error{"a device needs 6 tab-separated fields"};
    const std::size_t dot = fields[1].find('.');
    if (!parse_number(fields[0], device.index) || dot == std::string_view::npos ||
        !parse_number(fields[1].substr(0, dot), device.major) || !parse_number(fields[1].substr(dot + 1), device.minor) ||
        !parse_number(fields[2], device.multiprocessors) || !parse_number(fields[3], device.memory_bytes)) {
        return Error{"a device's numbers do not parse"};
    }
    Result<std::string> pci = unescape(fields[4]);
    Result<std::string> name = unescape(fields[5]);
    if (!pci) return pci.error();
    if (!name) return name.error();
    device.pci_bus_id = std::move(pci).value();
    device.name = std::move(name).value();
    return device;
}

}  // namespace

std::string format_driver_query(const DriverQuery& query) {
    std::string out(kHeader);
    const auto field = [&out](std::string_view key, std::string_view value) {
        out += '\n';
        out += key;
        out += ' ';
        escape_into(out, value);
    };
    field("status", status_name(query.status));
    field("library", query.library);
    field("driver_version", std::to_string(query.driver_version));
    field("release", query.release);
    field("error", std::to_string(query.error));
    field("error_name", query.error_name);
    field("reason", query.reason);
    for (const Device& device : query.devices) {
        out += "\ndevice " + std::to_string(device.index) + '\t' + std::to_string(device.major) + '.' +
               std::to_string(device.minor) + '\t' + std::to_string(device.multiprocessors) + '\t' +
               std::to_string(device.memory_bytes) + '\t';
        escape_into(out, device.pci_bus_id);
        out += '\t';
        escape_into(out, device.name);
    }
    out += "\nend\n";
    return out;
}

Result<DriverQuery> parse_driver_query(std::string_view text) {
    const std::vector<std::string_view> lines = split(text, '\n');
    if (lines.empty() || lines[0] != kHeader) {
        return Error{"it does not start with '" + std::string(kHeader) + "'"};
    }
    if (lines.size() < 2 || lines.back() != "" || lines[lines.size() - 2] != "end") {
        return Error{"it does not end with 'end': the answer was cut off"};
    }
    // The fields in the order format_driver_query writes them, then the devices.
    struct Field {
        std::string_view key;
        bool (*read)(DriverQuery&, std::string&&);
    };
    static constexpr Field kFields[] = {
        {"status", [](DriverQuery& q, std::string&& v) {
             for (const DriverStatus status : kStatuses) {
                 if (status_name(status) == v) q.status = status;
             }
             return status_name(q.status) == v;
         }},
        {"library", [](DriverQuery& q, std::string&& v) { q.library = std::move(v); return true; }},
        {"driver_version", [](DriverQuery& q, std::string&& v) { return parse_number(std::string_view(v), q.driver_version); }},
        {"release", [](DriverQuery& q, std::string&& v) { q.release = std::move(v); return true; }},
        {"error", [](DriverQuery& q, std::string&& v) { return parse_number(std::string_view(v), q.error); }},
        {"error_name", [](DriverQuery& q, std::string&& v) { q.error_name = std::move(v); return true; }},
        {"reason", [](DriverQuery& q, std::string&& v) { q.reason = std::move(v); return true; }},
    };
    const std::size_t end = lines.size() - 2;  // the "end" line
    if (end < 1 + std::size(kFields)) return Error{"it has too few lines"};
    DriverQuery query;
    for (std::size_t k = 0; k < std::size(kFields); ++k) {
        const std::string_view line = lines[1 + k];
        const std::string_view key = kFields[k].key;
        const std::string where = "line " + std::to_string(k + 2) + ": ";
        if (line.substr(0, key.size()) != key || line.size() <= key.size() || line[key.size()] != ' ')
            return Error{where + "not '" + std::string(key) + " <value>'"};
        Result<std::string> value = unescape(line.substr(key.size() + 1));
        if (!value) return Error{where + value.error().message};
        if (!kFields[k].read(query, std::move(value).value()))
            return Error{where + "a bad " + std::string(key) + " '" + std::string(line.substr(key.size() + 1)) + "'"};
    }
    for (std::size_t i = 1 + std::size(kFields); i < end; ++i) {
        const std::string_view line = lines[i];
        Result<Device> device = line.substr(0, 7) == "device " ? parse_device(line.substr(7)) : Error{"not a device"};
        if (!device) return Error{"line " + std::to_string(i + 1) + ": " + device.error().message};
        query.devices.push_back(std::move(device).value());
    }
    return query;
}

}  // namespace cudaarch
