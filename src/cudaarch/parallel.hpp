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
// The same, each call told which thread makes it (0 for this one, then 1, 2, ... below
// `threads`): for work that keeps something per thread, such as a buffer.
void for_each_parallel(std::size_t n, std::size_t threads,
                       const std::function<void(std::size_t i, std::size_t thread)>& work);

// The threads to read many files on: one per core, up to 8; and the threads each of those
// files may be scanned on (list_images()), 2, which lets the largest libraries (cuFFT's 280 MB
// of containers) go on while the rest are read. A folder or an environment is mostly small
// files, a few reads each, so one thread would wait on one file after another; but more
// threads than that contend in the kernel: on the 16-core GPU machine (a VM), `check --python`
// over 846 files took 134 ms on 16 threads scanning each file on up to 16, 110 ms with 16 and
// 1, and 82-88 ms with 8 and 2, the best of 3-12 and 1-4 (docs/bench.md).
[[nodiscard]] std::size_t file_threads();
inline constexpr std::size_t scan_threads_per_file = 2;

}  // namespace cudaarch
