// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/driver_helper.hpp"

#include <cstdlib>
#include <cstring>
#include <optional>

#include <unistd.h>

#include "cudaarch/driver_query_text.hpp"
#include "cudaarch/install_layout.hpp"
#include "cudaarch/process.hpp"

#ifndef CUDAARCH_HELPER_FROM_BINDIR
#error "CUDAARCH_HELPER_FROM_BINDIR: the helper's folder relative to the executable's (src/CMakeLists.txt)"
#endif

namespace cudaarch {

namespace {

DriverQuery failed(DriverStatus status, std::string reason) {
    DriverQuery query;
    query.status = status;
    query.library = driver_library();
    query.reason = std::move(reason);
    return query;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

std::string driver_helper_path() {
    const std::optional<std::string> folder = executable_folder();
    // Without /proc, the helper is looked for on PATH.
    if (!folder) return kDriverHelperName;
    const std::string beside = *folder + "/" + kDriverHelperName;
    if (access(beside.c_str(), X_OK) == 0) return beside;
    return folder_from(*folder, CUDAARCH_HELPER_FROM_BINDIR) + "/" + kDriverHelperName;
}

DriverQuery query_driver_in_helper(std::chrono::seconds limit, const std::string& helper) {
    const Result<ProcessOutput> run = run_process({helper}, limit);
    if (!run) {
        return failed(DriverStatus::no_helper, run.error().message + "; reinstall CudaArch, which installs " +
                                                   kDriverHelperName + " with the cudaarch executable");
    }
    if (run->timed_out) {
        return failed(DriverStatus::timed_out, "the NVIDIA driver (" + driver_library() + ") did not answer within " +
                                                   std::to_string(limit.count()) +
                                                   " s (cuInit hung; is a GPU in a bad state? see nvidia-smi)");
    }
    if (run->signal != 0) {
        return failed(DriverStatus::crashed, "the NVIDIA driver (" + driver_library() + ") crashed in the query (signal " +
                                                 std::to_string(run->signal) + ": " + strsignal(run->signal) + ")");
    }
    if (run->exit_code != 0) {
        const std::string said = first_line(run->err);
        return failed(DriverStatus::no_helper, helper + " failed (exit status " + std::to_string(run->exit_code) + ")" +
                                                   (said.empty() ? "" : ": " + said));
    }
    Result<DriverQuery> query = parse_driver_query(run->out);
    if (!query) {
        return failed(DriverStatus::no_helper, helper + " gave an answer cudaarch cannot read (" + query.error().message +
                                                   "); reinstall CudaArch, so that both come from one release");
    }
    return std::move(query).value();
}

}  // namespace cudaarch
