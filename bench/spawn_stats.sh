# SPDX-License-Identifier: Apache-2.0
# Sourced by the benchmarks that time short-lived tools.
# build_spawn_stats DIR: builds bench/spawn_stats.c into DIR and prints its path; prints nothing
# where no C compiler is found. It is linked statically where it can be: exec keeps the peak RSS
# of the memory it replaces, so a spawned tool's peak RSS is never below what its launcher had
# resident (1.2 MiB for a dynamically linked launcher, 0.5 MiB for a static one, GNU time's
# own for `/usr/bin/time`), which matters for tools that need 1-2 MiB.
build_spawn_stats() {
  local source
  source="$(dirname "${BASH_SOURCE[0]}")/spawn_stats.c"
  { cc -O2 -static -o "$1/spawn_stats" "$source" || cc -O2 -o "$1/spawn_stats" "$source"; } 2>/dev/null &&
    echo "$1/spawn_stats"
}
