// SPDX-License-Identifier: Apache-2.0
// Where the running executable's companions are: its cudaarch-driver-query and its CMake
// package sit at fixed places relative to its own folder, in an install prefix, a wheel and
// a build tree alike.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cudaarch {

// The real folder of the running executable (/proc/self/exe); nullopt without /proc.
[[nodiscard]] std::optional<std::string> executable_folder();

// `relative` ("../libexec/cudaarch", "..", ".") taken from `folder`, spelt out without "..".
[[nodiscard]] std::string folder_from(std::string folder, std::string_view relative);

}  // namespace cudaarch
