// SPDX-License-Identifier: Apache-2.0
// The DriverQuery as text, for the one hop from cudaarch-driver-query (which loads the driver)
// to the cudaarch CLI (which must not): a first line naming the format and its version, one
// "key value" line per field, one line per device, and "end", so that a cut-off answer is
// told from a whole one. Values escape backslash, tab, newline and carriage return
// (\\ \t \n \r); everything else, UTF-8 included, passes as it is. Version 1:
//   cudaarch-driver-query 1
//   status ok                        (status_name)
//   library /usr/lib/x86_64-linux-gnu/libcuda.so.1
//   driver_version 13000
//   release 580.159.04
//   error 0
//   error_name
//   reason
//   device 0<TAB>9.0<TAB>132<TAB>150754820096<TAB>0000:3b:00.0<TAB>NVIDIA H200   (any number)
//   end
#pragma once

#include <string>
#include <string_view>

#include "cudaarch/driver.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch {

[[nodiscard]] std::string format_driver_query(const DriverQuery& query);

// The exact inverse of format_driver_query; any other text is an error naming the line.
Result<DriverQuery> parse_driver_query(std::string_view text);

}  // namespace cudaarch
