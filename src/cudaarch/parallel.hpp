// SPDX-License-Identifier: Apache-2.0
// Work spread over a few threads: reading many small files, where one thread would wait on one
// file after another.
#pragma once

#include <cstddef>
#include <functional>

namespace cudaarch {

// Calls work(i) once for every i below n, on up to `threads` threads at once, this one among
// them, each taking the next i when it is done; where no thread can be started, on those
// started (at least this one). Returns when every call has.
void for_each_parallel(std::size_t n, std::size_t threads, const std::function<void(std::size_t)>& work);

// The threads to read many files on: one per core, up to 16 (the read floor's best on the
// 16-core GPU machine is among 1 to 16). A folder or an environment is mostly small files, a
// few reads each, so one thread would wait on one file after another.
[[nodiscard]] std::size_t file_threads();

}  // namespace cudaarch
