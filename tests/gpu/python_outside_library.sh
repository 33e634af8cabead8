#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Issue 46, "done when" (b): a venv whose extension module loads an sm_80-only library from
# outside the venv (LD_LIBRARY_PATH). `check --python` must name that library and agree with the
# real import-and-launch on GPU 0: rc 1 where the launch fails (error 209 on a GPU newer than
# 8.x), rc 0 where it runs. Needs nvcc (PATH, CUDA_HOME or /usr/local/cuda) and python3; says
# "SKIP:" without them. Prints what it compared.
# usage: tests/gpu/python_outside_library.sh [OUTDIR]    (default: $OUT, else ./python-outside-library)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/gpu/oracle_tools.bash"
oracle_out python-outside-library "${1:-}"
nvcc="$(command -v nvcc || true)"
[ -n "$nvcc" ] || nvcc="${CUDA_HOME:-/usr/local/cuda}/bin/nvcc"
[ -x "$nvcc" ] || { echo "SKIP: no nvcc to build the library and the extension"; exit 0; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 0; }
rm -rf "$out/outside" "$out/venv" "$out/src"
mkdir -p "$out/outside" "$out/src"
# The library outside the venv, sm_80 only, and the extension module that needs it.
"$nvcc" -shared -Xcompiler -fPIC -gencode arch=compute_80,code=sm_80 "$root/tests/cli/check/loader/scale.cu" \
  -o "$out/outside/libk80.so"
cat >"$out/src/launch.cu" <<'CU'
#include <cuda_runtime.h>
cudaError_t scale(float* x);
extern "C" int run_scale() {
    float* x = nullptr;
    if (cudaMalloc(&x, 32 * sizeof(float)) != cudaSuccess) return -1;
    const cudaError_t launched = scale(x);
    cudaFree(x);
    return static_cast<int>(launched);
}
CU
python3 -m venv --without-pip "$out/venv"
site="$("$out/venv/bin/python" -c "import sysconfig; print(sysconfig.get_path('platlib'))")"
mkdir -p "$site/outpkg" "$site/outpkg-1.0.dist-info"
"$nvcc" -shared -Xcompiler -fPIC -gencode arch=compute_80,code=sm_80 "$out/src/launch.cu" -L"$out/outside" -lk80 \
  -o "$site/outpkg/_launch.so"
cat >"$site/outpkg/__init__.py" <<'PY'
import ctypes, os
_lib = ctypes.CDLL(os.path.join(os.path.dirname(__file__), "_launch.so"))
def run_scale():
    return _lib.run_scale()
PY
printf 'Metadata-Version: 2.1\nName: outpkg\nVersion: 1.0\n\n' >"$site/outpkg-1.0.dist-info/METADATA"
printf 'outpkg/__init__.py,,\noutpkg/_launch.so,,\noutpkg-1.0.dist-info/RECORD,,\n' >"$site/outpkg-1.0.dist-info/RECORD"
export LD_LIBRARY_PATH="$out/outside"
set +e
"$cudaarch" check --python "$out/venv/bin/python" >"$out/check.txt" 2>&1
check_rc=$?
launch="$("$out/venv/bin/python" -c 'import outpkg; print(outpkg.run_scale())' 2>&1)"
set -e
echo "check --python (LD_LIBRARY_PATH=$out/outside): rc $check_rc"
cat "$out/check.txt"
echo "real import-and-launch: cudaError $launch (0 runs; 209 no kernel image)"
grep -q "loaded from outside the environment: $out/outside/libk80.so" "$out/check.txt" ||
  { echo "FAIL: check did not name $out/outside/libk80.so as loaded from outside the environment"; exit 1; }
case "$launch" in 0|209) ;; *) echo "FAIL: the launch gave neither 0 nor 209: $launch"; exit 1 ;; esac
if [ "$launch" = 0 ] && [ "$check_rc" = 0 ]; then echo "agree: both run"; exit 0; fi
if [ "$launch" != 0 ] && [ "$check_rc" = 1 ]; then echo "agree: both fail"; exit 0; fi
echo "FAIL: check rc $check_rc, launch $launch"
exit 1
