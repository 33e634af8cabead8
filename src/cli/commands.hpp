// SPDX-License-Identifier: Apache-2.0
// The CLI's subcommands, each a Command defined in its cmd_*.cpp and listed once in the
// command table (command_table.cpp). Each returns the process exit code: 0 success, 1 a
// negative answer (something cannot run, nothing found), 2 usage or input errors. Each
// describes its options in a CommandSyntax, the table its parsing and --help are made from.
#pragma once

#include "cli/options.hpp"
#include "cli/output.hpp"

namespace cudaarch::cli {

extern const Command kCheckCommand;
extern const Command kCompletionCommand;
extern const Command kConvertCommand;
extern const Command kCtestCommand;
extern const Command kDetectCommand;
extern const Command kDoctorCommand;
extern const Command kGpuTestCommand;
extern const Command kInspectCommand;
extern const Command kListGpusCommand;
extern const Command kPickCommand;
extern const Command kResolveCommand;
extern const Command kSelectCommand;
extern const Command kSizeCommand;
extern const Command kSupportedCommand;
extern const Command kVerifyCommand;
extern const Command kVersionCommand;

}  // namespace cudaarch::cli
