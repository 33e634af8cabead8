#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`cudaarch check --python` on a conda environment (issue 46, item 3): a venv made here gets a
conda-meta folder, so that its prefix is a conda environment's, with the sm_80-only libk80.so
in <prefix>/lib, which conda-meta/libk80-1.0-0.json lists, and extpkg 1.0, whose extension
module needs libk80.so (found through LD_LIBRARY_PATH=<prefix>/lib). The library is the
environment's own, named by its conda package, judged under extpkg; a second run without the
conda-meta entry names it as the conda environment's lib/.

    python_conda.py <cudaarch> <loader fixtures> <work folder> -DEXPECT_CASE=<case>
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from python_loads import EXTENSION, Runs, copy, dist  # noqa: E402


def main():
    cudaarch, fixtures, work, expected_file = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    runs = Runs(cudaarch, work, "9.0")
    prefix = os.path.join(work, "venv")
    copy(os.path.join(fixtures, "lib", "libneeds_k80.so"), runs.site, "extpkg/" + EXTENSION)
    dist(runs.site, "extpkg", "1.0", ["extpkg/" + EXTENSION])
    copy(os.path.join(fixtures, "lib", "libk80.so"), prefix, "lib/libk80.so")
    os.makedirs(os.path.join(prefix, "conda-meta"))
    with open(os.path.join(prefix, "conda-meta", "libk80-1.0-0.json"), "w") as f:
        json.dump({"name": "libk80", "version": "1.0", "files": ["include/k80.h", "lib/libk80.so"]}, f)
    runs.check("a conda package's lib/libk80.so", LD_LIBRARY_PATH=os.path.join(prefix, "lib"))
    os.remove(os.path.join(prefix, "conda-meta", "libk80-1.0-0.json"))
    runs.check("no conda package lists it", LD_LIBRARY_PATH=os.path.join(prefix, "lib"))
    return runs.compare(expected_file)


if __name__ == "__main__":
    sys.exit(main())
