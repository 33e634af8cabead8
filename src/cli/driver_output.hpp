// SPDX-License-Identifier: Apache-2.0
// How the commands that ask the driver (detect, doctor) write what it said.
#pragma once

#include <string>
#include <string_view>

#include "cli/output.hpp"
#include "cudaarch/driver.hpp"

namespace cudaarch::cli {

// "9.0".
[[nodiscard]] std::string capability_text(const Device& device);

// The query as one JSON object, without a newline (docs/cli/json.md): detect's document, with
// `schema` its first member, or doctor's `gpus` member, without.
void write_driver_json(Output& out, const DriverQuery& query, std::string_view schema = {});

// "device 0: NVIDIA H200, compute capability 9.0, 132 SMs, 143771 MiB, PCI 0000:3b:00.0", one a line.
void write_device_lines(Output& out, const DriverQuery& query);

}  // namespace cudaarch::cli
