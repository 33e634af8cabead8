#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`cudaarch check --python` judges the user's site-packages and a venv's system site-packages,
which the interpreter imports from beside its own (issue 46, item 2).

    python_sites.py <cudaarch> <sm_80-only library> <work folder> -DEXPECT_CASE=<case> [<python>...]

Each further <python> runs the same, with its own work folder, and must give the same output:
the system's python3 where it is another interpreter, since where a base installation's
packages go differs between builds of Python (Debian's and Ubuntu's sysconfig name
local/lib/python<ver>/dist-packages, a python.org build lib/python<ver>/site-packages).

A throwaway base installation, <work>/base: a copy of this interpreter's executable and its
standard library (linked), with a site-packages of its own (lib/python<ver>/site-packages, which
every Python 3 counts among its site folders; Debian's and Ubuntu's sysconfig would name
local/lib/python<ver>/dist-packages) that holds sysdist 1.0. A venv made
from it with --system-site-packages holds owndist 1.0; <work>/userbase, the user base
(PYTHONUSERBASE), holds userdist 1.0 in its site-packages. Each distribution's extension module
is the sm_80-only library. Runs of `check --gpu 9.0 --python`, their outputs one after the
other, each after a "== <what>" line, <work> the work folder:

1. PYTHONUSERBASE=<work>/userbase: all three judged, labelled with their places, rc 1.
2. PYTHONNOUSERSITE=1 too: the user's site-packages is not imported from, so not judged.
3. PYTHONUSERBASE=<work>/base: the user's site-packages is the system one, reachable twice:
   sysdist is judged once, from the place that comes first in sys.path (the user's).

The files judged in run 1 (--json) must be the ELF files under the folders the real
interpreter imports each package from (importlib.util.find_spec in the venv), each with its
distribution's place (distribution_place: site-packages, system, user).
"""
import json
import os
import shutil
import subprocess
import sys
import sysconfig

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from python_loads import Runs, copy, dist  # noqa: E402

EXTENSION = "_k80.cpython-311-x86_64-linux-gnu.so"


def base_installation(base):
    """A copy of this interpreter whose prefix is `base`: its executable, its standard library
    linked entry by entry, and an empty site-packages of its own; (python, site-packages)."""
    stdlib = sysconfig.get_path("stdlib")
    os.makedirs(os.path.join(base, "bin"))
    python = os.path.join(base, "bin", "python3")
    shutil.copy(os.path.realpath(sys.executable), python)
    lib = os.path.join(base, os.path.relpath(stdlib, sys.base_prefix))
    os.makedirs(os.path.join(lib, "site-packages"))
    for name in os.listdir(stdlib):
        if name != "site-packages":
            os.symlink(os.path.join(stdlib, name), os.path.join(lib, name))
    return python, os.path.join(lib, "site-packages")


def main():
    cudaarch, library, work, expected_file = sys.argv[1:5]
    for n, other in enumerate(sys.argv[5:], 1):
        done = subprocess.run([other, os.path.abspath(__file__), cudaarch, library, "%s-%d" % (work, n), expected_file],
                              capture_output=True, text=True)
        print("== with %s: rc %d\n%s%s" % (other, done.returncode, done.stdout[-4000:], done.stderr[-4000:]))
        if done.returncode != 0:
            return 1
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    python, base_site = base_installation(os.path.join(work, "base"))
    started = subprocess.run([python, "-c", "import sys; print(sys.prefix, end='')"], capture_output=True, text=True)
    if started.returncode != 0 or started.stdout != os.path.join(work, "base"):
        print("SKIP: a copy of %s does not start with its own prefix:\n%s" % (sys.executable, started.stderr[-2000:]))
        return 0
    runs = Runs(cudaarch, work, "9.0", python, ["--system-site-packages"])
    userbase = os.path.join(work, "userbase")
    user_site = subprocess.run([runs.python, "-c", "import site; print(site.getusersitepackages(), end='')"],
                               capture_output=True, text=True, check=True, env=dict(os.environ, PYTHONUSERBASE=userbase)).stdout
    for site, name in ((base_site, "sysdist"), (runs.site, "owndist"), (user_site, "userdist")):
        copy(library, site, "%s/%s" % (name, EXTENSION))
        open(os.path.join(site, name, "__init__.py"), "w").close()
        dist(site, name, "1.0", ["%s/__init__.py" % name, "%s/%s" % (name, EXTENSION)])
    runs.check("PYTHONUSERBASE=<work>/userbase", PYTHONUSERBASE=userbase)
    runs.check("PYTHONUSERBASE=<work>/userbase PYTHONNOUSERSITE=1", PYTHONUSERBASE=userbase, PYTHONNOUSERSITE="1")
    runs.check("PYTHONUSERBASE=<work>/base", PYTHONUSERBASE=os.path.join(work, "base"))

    env = dict(runs.base, PYTHONUSERBASE=userbase)
    judged = subprocess.run([cudaarch, "check", "--json", "--gpu", "9.0", "--python", runs.python], capture_output=True,
                            text=True, env=env)
    entries = [entry for entry in json.loads(judged.stdout)["files"] if entry["distribution"]]
    files = {entry["path"] for entry in entries}
    places = {entry["distribution"]: (entry["distribution_place"], entry["distribution_from"]) for entry in entries}
    if places != {"owndist": ("site-packages", None), "sysdist": ("system", None), "userdist": ("user", None)}:
        sys.exit("check --json labelled the distributions' places %s" % places)
    spec = subprocess.run([runs.python, "-c", "import importlib.util, json\n"
                           "print(json.dumps([importlib.util.find_spec(n).submodule_search_locations[0]"
                           " for n in ('owndist', 'sysdist', 'userdist')]))"],
                          capture_output=True, text=True, check=True, env=env).stdout
    imported = {os.path.join(folder, EXTENSION) for folder in json.loads(spec)}
    if files != imported:
        sys.exit("check judged %s; the interpreter imports %s" % (sorted(files), sorted(imported)))
    return runs.compare(expected_file)


if __name__ == "__main__":
    sys.exit(main())
