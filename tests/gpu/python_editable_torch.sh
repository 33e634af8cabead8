#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Issue 46, "done when" (a): a PyTorch extension built with TORCH_CUDA_ARCH_LIST=8.0 and
# installed with `pip install -e . --no-build-isolation --no-deps` into a venv layered on
# /opt/torch/.venv (the GPU machine's PyTorch environment; no network is needed). `check
# --python` must exit 1 and name the extension's kernel; the real import-and-launch on GPU 0
# must fail with "no kernel image"; and check must call none of torch's libraries missing.
# Says "SKIP:" without /opt/torch/.venv (TORCH_VENV names another) or nvcc. Prints what it compared.
# usage: tests/gpu/python_editable_torch.sh [OUTDIR]    (default: $OUT, else ./python-editable-torch)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/gpu/oracle_tools.bash"
oracle_out python-editable-torch "${1:-}"
torch_python="${TORCH_VENV:-/opt/torch/.venv}/bin/python"
[ -x "$torch_python" ] || { echo "SKIP: no PyTorch environment at ${TORCH_VENV:-/opt/torch/.venv}"; exit 0; }
torch_site="$("$torch_python" -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))' 2>/dev/null)" ||
  { echo "SKIP: $torch_python has no torch"; exit 0; }
export CUDA_HOME="${CUDA_HOME:-$(dirname "$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")")}"
[ -x "$CUDA_HOME/bin/nvcc" ] || { echo "SKIP: no nvcc (CUDA_HOME=$CUDA_HOME)"; exit 0; }
rm -rf "$out/venv" "$out/edtorch"
# A venv of the torch environment's interpreter that sees torch: through its system site-packages
# where that is torch's, else through a .pth path line to torch's site-packages (a layered venv).
"$torch_python" -m venv --system-site-packages --without-pip "$out/venv"
python="$out/venv/bin/python"
site="$("$python" -c "import sysconfig; print(sysconfig.get_path('platlib'))")"
"$python" -c 'import torch' 2>/dev/null || echo "$torch_site" >"$site/torch_env.pth"
mkdir -p "$out/edtorch/edtorch"
cat >"$out/edtorch/edtorch/__init__.py" <<'PY'
import torch  # loads libc10.so and libtorch*.so, which the extension needs
from edtorch._k import scale
PY
cat >"$out/edtorch/edtorch/k.cu" <<'CU'
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>  // C10_CUDA_KERNEL_LAUNCH_CHECK: torch/extension.h alone lacks it since torch 2.15
__global__ void edtorch_scale_kernel(float* x, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}
torch::Tensor scale(torch::Tensor x) {
    edtorch_scale_kernel<<<(x.numel() + 255) / 256, 256>>>(x.data_ptr<float>(), static_cast<int>(x.numel()));
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return x;
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scale", &scale); }
CU
# A pyproject.toml, so that every pip takes the PEP 660 editable path with the environment's
# setuptools: without one, pip before 25.3 runs `setup.py develop`, which recent setuptools hands
# back to a pip that builds in isolation and so needs the network.
cat >"$out/edtorch/pyproject.toml" <<'TOML'
[build-system]
requires = ["setuptools", "torch"]
build-backend = "setuptools.build_meta"
TOML
cat >"$out/edtorch/setup.py" <<'PY'
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension
setup(name="edtorch", version="1.0", packages=["edtorch"],
      ext_modules=[CUDAExtension("edtorch._k", ["edtorch/k.cu"])], cmdclass={"build_ext": BuildExtension})
PY
(cd "$out/edtorch" && TORCH_CUDA_ARCH_LIST=8.0 "$python" -m pip install -e . --no-build-isolation --no-deps) \
  >"$out/pip.log" 2>&1 || { echo "FAIL: pip install -e . failed; see $out/pip.log"; tail -20 "$out/pip.log"; exit 1; }
set +e
"$cudaarch" check --python "$python" >"$out/check.txt" 2>&1
check_rc=$?
"$python" -c 'import torch, edtorch; edtorch.scale(torch.ones(1024, device="cuda")); torch.cuda.synchronize()' \
  >"$out/launch.txt" 2>&1
launch_rc=$?
set -e
echo "check --python $python: rc $check_rc"
grep -v '^    ' "$out/check.txt" || true
grep -A3 '^edtorch' "$out/check.txt" || true
echo "real import-and-launch: exit $launch_rc: $(grep -m1 -i 'error' "$out/launch.txt" || tail -1 "$out/launch.txt")"
failed=0
[ "$check_rc" = 1 ] || { echo "FAIL: check --python exit $check_rc, not 1"; failed=1; }
grep -q '^edtorch 1.0 (editable: .*edtorch_scale_kernel' "$out/check.txt" ||
  { echo "FAIL: check --python did not name edtorch's kernel on its editable line"; failed=1; }
grep -qi 'no kernel image' "$out/launch.txt" || { echo "FAIL: the launch did not fail with no kernel image"; failed=1; }
if grep -E 'lib(c10|torch)[^ ]*\.so[^ ]* .*(not found|is not found)' "$out/check.txt"; then
  echo "FAIL: check called a torch library missing"; failed=1
fi
# The extension alone: its torch libraries are not found by the loader search, and check says it
# loads only into a process that has loaded them (not that a program stops).
ext="$(ls "$out/edtorch/edtorch/"_k*.so | head -1)"
"$cudaarch" check "$ext" >"$out/check_ext.txt" 2>&1 || true
grep 'note:' "$out/check_ext.txt" || true
[ "$failed" = 0 ] && echo "agree: check --python rc 1 naming edtorch_scale_kernel, the launch fails with no kernel image"
exit "$failed"
