#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`cudaarch check --python` judges what an environment's extension modules load (issue 46,
item 3).

    python_loads.py <cudaarch> <loader fixtures> <work folder> -DEXPECT_CASE=<case>

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
import re
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


def shown(text, work):
    """`text` as the expected files hold it: <work> for the work folder and <ver> for the
    interpreter's version in its library folders (lib/python<ver>/), so that the cases hold on
    any Python 3 (the GPU machine's is 3.12, Debian 12's 3.11)."""
    return re.sub(r"/lib/python3\.[0-9]+/", "/lib/python<ver>/", text.replace(work, "<work>"))


def case_stdout(argument):
    """The expected stdout a test names: -DEXPECT_CASE=<case> (as the case-layout check reads
    the registration, tests/layout/registered_from_area.py) is <case>-stdout.txt."""
    prefix = "-DEXPECT_CASE="
    return argument[len(prefix):] + "-stdout.txt" if argument.startswith(prefix) else argument


class Runs:
    """A venv (without pip) under `work`, and the outputs of `check --gpu <gpu> --python` on it,
    each after a "== <what>: rc N" line, to compare with an expected file (<work> the folder)."""

    def __init__(self, cudaarch, work, gpu, base_python=sys.executable, venv_options=()):
        self.cudaarch, self.work, self.gpu, self.shown = cudaarch, work, gpu, []
        self.python = os.path.join(work, "venv", "bin", "python")
        subprocess.run([base_python, "-m", "venv", "--without-pip", *venv_options, os.path.join(work, "venv")], check=True)
        self.site = subprocess.run([self.python, "-c", "import sysconfig; print(sysconfig.get_path('platlib'), end='')"],
                                   capture_output=True, text=True, check=True).stdout
        # No driver, no machine cache, no LD_LIBRARY_PATH unless a run sets it.
        self.base = dict(os.environ, CUDAARCH_LIBCUDA="/nonexistent", CUDAARCH_LD_SO_CACHE=os.path.join(work, "none.cache"))
        self.base.pop("LD_LIBRARY_PATH", None)

    def check(self, what, **env):
        done = subprocess.run([self.cudaarch, "check", "--gpu", self.gpu, "--python", self.python], capture_output=True,
                              text=True, env=dict(self.base, **env))
        self.shown.append("== %s: rc %d\n%s%s" % (what, done.returncode, done.stdout, done.stderr))

    def compare(self, expected):
        got = shown("".join(self.shown), self.work)
        with open(case_stdout(expected)) as f:
            expected = f.read()
        if got != expected:
            sys.exit("check --python said:\n%s\nexpected:\n%s" % (got, expected))
        print(got)
        return 0


def main():
    cudaarch, fixtures, work, expected_file = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "outside"))
    shutil.copy(os.path.join(fixtures, "lib", "libk80.so"), os.path.join(work, "outside"))
    runs = Runs(cudaarch, work, "9.0")
    site = runs.site
    copy(os.path.join(fixtures, "lib", "libneeds_k80.so"), site, "extpkg/" + EXTENSION)
    dist(site, "extpkg", "1.0", ["extpkg/" + EXTENSION])
    outside = os.path.join(work, "outside")
    runs.check("libk80.so through LD_LIBRARY_PATH, outside the environment", LD_LIBRARY_PATH=outside)
    copy(os.path.join(fixtures, "lib", "libk80.so"), site, "torch/lib/libk80.so")
    dist(site, "torch", "2.11.0", ["torch/lib/libk80.so"])
    runs.check("torch's lib/libk80.so, LD_LIBRARY_PATH unset")
    copy(os.path.join(fixtures, "lib", "libk80.so"), site, "nvidia/fake/lib/libk80.so")
    dist(site, "nvidia-fake-cu12", "1.0", ["nvidia/fake/lib/libk80.so"])
    runs.check("an nvidia-* wheel's libk80.so, LD_LIBRARY_PATH set", LD_LIBRARY_PATH=outside)
    return runs.compare(expected_file)


if __name__ == "__main__":
    sys.exit(main())
