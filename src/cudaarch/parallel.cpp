// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <vector>

namespace cudaarch {

void for_each_parallel(std::size_t n, std::size_t threads,
                       const std::function<void(std::size_t i, std::size_t thread)>& work) {
    std::atomic<std::size_t> next{0};
    const auto take = [&](std::size_t thread) {
        for (std::size_t i; (i = next.fetch_add(1)) < n;) work(i, thread);
    };
    std::vector<std::thread> helpers;
    const std::size_t wanted = std::min(threads, n);
    try {
        while (helpers.size() + 1 < wanted) helpers.emplace_back(take, helpers.size() + 1);
    } catch (const std::system_error&) {
        // No more threads: the ones started and this one share the work.
    }
    take(0);
    for (std::thread& helper : helpers) helper.join();
}

void for_each_parallel(std::size_t n, std::size_t threads, const std::function<void(std::size_t)>& work) {
    for_each_parallel(n, threads, [&](std::size_t i, std::size_t) { work(i); });
}

std::size_t file_threads() { return std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), 8); }

}  // namespace cudaarch
