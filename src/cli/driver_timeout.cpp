// SPDX-License-Identifier: Apache-2.0
#include "cli/driver_timeout.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

namespace cudaarch::cli {

namespace {

constexpr char kVariable[] = "CUDAARCH_DRIVER_TIMEOUT";
constexpr std::uint64_t kMaxSeconds = 3600;  // an hour: far beyond any driver's start, still a bound

}  // namespace

Result<DriverTimeout> driver_timeout(const CommandSyntax& syntax, const CommandLine& line) {
    const bool has_option =
        std::any_of(syntax.begin(), syntax.end(), [](const Option& o) { return o.name == kTimeoutOption.name; });
    const std::string_view raise_with = has_option ? kTimeoutOption.name : kVariable;
    std::string_view name = kTimeoutOption.name;
    std::optional<std::string_view> value = line.value(name);
    if (!value) {
        name = kVariable;
        if (const char* set = std::getenv(kVariable); set && *set) value = set;
    }
    if (!value) return DriverTimeout{kDriverTimeout, raise_with};
    const Result<std::uint64_t> seconds = parse_count(name, *value, 1, kMaxSeconds);
    if (!seconds) return seconds.error();
    return DriverTimeout{std::chrono::seconds(*seconds), raise_with};
}

DriverQuery ask_driver(const DriverTimeout& timeout) {
    DriverQuery query = query_driver_in_helper(timeout.limit);
    if (query.status == DriverStatus::timed_out) query.reason += "; raise the limit with " + std::string(timeout.raise_with);
    return query;
}

}  // namespace cudaarch::cli
