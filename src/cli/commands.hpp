// SPDX-License-Identifier: Apache-2.0
// The CLI's subcommands. Each returns the process exit code: 0 success, 1 a negative
// answer (something cannot run, nothing found), 2 usage or input errors. Each describes its
// options in a CommandSyntax, the table its parsing and --help are made from.
#pragma once

#include <string_view>
#include <vector>

#include "cli/options.hpp"
#include "cli/output.hpp"

namespace cudaarch::cli {

extern const CommandSyntax kCheckSyntax;
extern const CommandSyntax kConvertSyntax;
extern const CommandSyntax kCtestSyntax;
extern const CommandSyntax kDetectSyntax;
extern const CommandSyntax kDoctorSyntax;
extern const CommandSyntax kGpuTestSyntax;
extern const CommandSyntax kInspectSyntax;
extern const CommandSyntax kListGpusSyntax;
extern const CommandSyntax kResolveSyntax;
extern const CommandSyntax kSelectSyntax;
extern const CommandSyntax kSupportedSyntax;
extern const CommandSyntax kVerifySyntax;
extern const CommandSyntax kVersionSyntax;
extern const CommandSyntax kCompletionSyntax;

int run_check(const Args& args, Output& out, Output& err);
int run_convert(const Args& args, Output& out, Output& err);
int run_ctest(const Args& args, Output& out, Output& err);
int run_doctor(const Args& args, Output& out, Output& err);
int run_detect(const Args& args, Output& out, Output& err);
int run_gpu_test(const Args& args, Output& out, Output& err);
int run_inspect(const Args& args, Output& out, Output& err);
int run_list_gpus(const Args& args, Output& out, Output& err);
int run_resolve(const Args& args, Output& out, Output& err);
int run_select(const Args& args, Output& out, Output& err);
int run_supported(const Args& args, Output& out, Output& err);
int run_verify(const Args& args, Output& out, Output& err);
int run_version(const Args& args, Output& out, Output& err);
int run_completion(const Args& args, Output& out, Output& err);

}  // namespace cudaarch::cli
