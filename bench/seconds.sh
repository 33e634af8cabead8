# SPDX-License-Identifier: Apache-2.0
# Sourced by the benchmarks that time whole commands (configure.sh, per_kernel.sh).
# seconds CMD...: wall time of one run, output to $work/last.log; fails the bench on error.
seconds() {
  local start end
  start=$(date +%s%N)
  if ! "$@" > "$work/last.log" 2>&1; then cat "$work/last.log" >&2; echo "bench: failed: $*" >&2; exit 1; fi
  end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f\n", ns / 1e9 }'
}
