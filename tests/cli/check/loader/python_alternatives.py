#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`cudaarch check --python` judges a package's alternative libraries as a group (issue 46,
item 3): bitsandbytes 0.50.2 of a venv made here holds libbitsandbytes_cuda118.so (the sm_80
library of the fixtures) and libbitsandbytes_cuda130.so (the sm_90 copy, shadow/libk80.so) and
loads one of them. Four runs of `check --gpu 8.0 --python`, each after a "== <what>" line,
<work> the work folder:

1. no torch, no BNB_CUDA_VERSION: none told; the cuda118 one runs on 8.0, so rc 0, with a note;
2. torch 2.11.0+cu130 installed: the cuda130 one is loaded and fails; the fix selects cuda118
   with BNB_CUDA_VERSION=118; rc 1;
3. BNB_CUDA_VERSION=118 as well: the cuda118 one is loaded; rc 0;
4. nvidia-cuda-runtime-cu12 12.6.77 instead of torch (none of 126 is there): as 1.

    python_alternatives.py <cudaarch> <loader fixtures> <work folder> -DEXPECT_CASE=<case>
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from python_loads import Runs, copy, dist  # noqa: E402


def main():
    cudaarch, fixtures, work, expected_file = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.environ.pop("BNB_CUDA_VERSION", None)
    runs = Runs(cudaarch, work, "8.0")
    site = runs.site
    files = []
    for cuda, source in (("118", "lib/libk80.so"), ("130", "shadow/libk80.so")):
        path = "bitsandbytes/libbitsandbytes_cuda%s.so" % cuda
        copy(os.path.join(fixtures, source), site, path)
        files.append(path)
    dist(site, "bitsandbytes", "0.50.2", files)
    runs.check("none told")
    dist(site, "torch", "2.11.0+cu130", [])
    runs.check("torch 2.11.0+cu130")
    runs.check("torch 2.11.0+cu130, BNB_CUDA_VERSION=118", BNB_CUDA_VERSION="118")
    shutil.rmtree(os.path.join(site, "torch-2.11.0+cu130.dist-info"))
    dist(site, "nvidia-cuda-runtime-cu12", "12.6.77", [])
    runs.check("nvidia-cuda-runtime-cu12 12.6.77")
    return runs.compare(expected_file)


if __name__ == "__main__":
    sys.exit(main())
