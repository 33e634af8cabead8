// The CLI's subcommands. Each returns the process exit code: 0 success, 1 a negative
// answer (something cannot run, nothing found), 2 usage or input errors.
#pragma once

#include <ostream>
#include <string_view>
#include <vector>

namespace cudaarch::cli {

using Args = std::vector<std::string_view>;

int run_check(const Args& args, std::ostream& out, std::ostream& err);
int run_convert(const Args& args, std::ostream& out, std::ostream& err);
int run_ctest(const Args& args, std::ostream& out, std::ostream& err);
int run_doctor(const Args& args, std::ostream& out, std::ostream& err);
int run_detect(const Args& args, std::ostream& out, std::ostream& err);
int run_gpu_test(const Args& args, std::ostream& out, std::ostream& err);
int run_inspect(const Args& args, std::ostream& out, std::ostream& err);
int run_resolve(const Args& args, std::ostream& out, std::ostream& err);
int run_select(const Args& args, std::ostream& out, std::ostream& err);
int run_supported(const Args& args, std::ostream& out, std::ostream& err);
int run_verify(const Args& args, std::ostream& out, std::ostream& err);

}  // namespace cudaarch::cli
