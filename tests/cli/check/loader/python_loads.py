#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`cudaarch check --python` judges what an environment's extension modules load (issue 46,
item 3).

    python_loads.py <cudaarch> <loader fixtures> <work folder> <expected stdout>

A venv (without pip) holds extpkg 1.0, whose extension module is lib/libneeds_k80.so of the
fixtures: it needs libk80.so (the sm_80-only library) and has no search path of its own.
Three runs of `check --gpu 9.0 --python`, their outputs one after the other, each after a
"== <what>" line, <work> the work folder:

1. libk80.so only in <work>/outside, which LD_LIBRARY_PATH names: the loader takes it from
   outside the environment; it is named once, judged, with its folder as the fix, rc 1.
2. torch 2.11.0 also installed, with torch/lib/libk80.so, LD_LIBRARY_PATH unset: the name is
   the environment's library (torch loads it first), judged once as torch's, nothing outside.
3. nvidia-fake-cu12 1.0 installed too (nvidia/fake/lib/libk80.so), LD_LIBRARY_PATH set again:
   an nvidia-* wheel's library is loaded by path first, so nothing comes from outside.
"""
import os
import shutil
import subprocess
import sys

EXTENSION = "_ext.cpython-311-x86_64-linux-gnu.so"


def dist(site, name, version, files):
    info = os.path.join(site, "%s-%s.dist-info" % (name.replace("-", "_"), version))
    os.makedirs(info)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write("Metadata-Version: 2.1\nName: %s\nVersion: %s\n\n" % (name, version))
    with open(os.path.join(info, "RECORD"), "w") as f:
        f.write("".join("%s,,\n" % path for path in files))


def copy(source, site, path):
    os.makedirs(os.path.dirname(os.path.join(site, path)), exist_ok=True)
    shutil.copy(source, os.path.join(site, path))


def main():
    cudaarch, fixtures, work, expected_file = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "outside"))
    shutil.copy(os.path.join(fixtures, "lib", "libk80.so"), os.path.join(work, "outside"))
    venv = os.path.join(work, "venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = os.path.join(venv, "bin", "python")
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('platlib'), end='')"],
                          capture_output=True, text=True, check=True).stdout
    copy(os.path.join(fixtures, "lib", "libneeds_k80.so"), site, "extpkg/" + EXTENSION)
    dist(site, "extpkg", "1.0", ["extpkg/" + EXTENSION])
    base = dict(os.environ, CUDAARCH_LIBCUDA="/nonexistent", CUDAARCH_LD_SO_CACHE=os.path.join(work, "none.cache"))
    base.pop("LD_LIBRARY_PATH", None)
    with_path = dict(base, LD_LIBRARY_PATH=os.path.join(work, "outside"))
    shown = []

    def check(what, env):
        done = subprocess.run([cudaarch, "check", "--gpu", "9.0", "--python", python], capture_output=True,
                              text=True, env=env)
        shown.append("== %s: rc %d\n%s%s" % (what, done.returncode, done.stdout, done.stderr))

    check("libk80.so through LD_LIBRARY_PATH, outside the environment", with_path)
    copy(os.path.join(fixtures, "lib", "libk80.so"), site, "torch/lib/libk80.so")
    dist(site, "torch", "2.11.0", ["torch/lib/libk80.so"])
    check("torch's lib/libk80.so, LD_LIBRARY_PATH unset", base)
    copy(os.path.join(fixtures, "lib", "libk80.so"), site, "nvidia/fake/lib/libk80.so")
    dist(site, "nvidia-fake-cu12", "1.0", ["nvidia/fake/lib/libk80.so"])
    check("an nvidia-* wheel's libk80.so, LD_LIBRARY_PATH set", with_path)
    got = "".join(shown).replace(work, "<work>")
    with open(expected_file) as f:
        expected = f.read()
    if got != expected:
        sys.exit("check --python said:\n%s\nexpected:\n%s" % (got, expected))
    print(got)
    return 0


if __name__ == "__main__":
    sys.exit(main())
