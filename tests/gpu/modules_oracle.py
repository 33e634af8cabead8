# SPDX-License-Identifier: Apache-2.0
# The driver oracle per module (tests/cli/check/module_load.cpp) beside `cudaarch check --json`,
# one Markdown row per file: each module loaded on GPU 0 with cuModuleLoadData and
# cuModuleGetFunction, under the environment given per file, against check's module_errors;
# the file agrees when every module does and the failing counted modules are the same.
#   modules_oracle.py CUDAARCH MODULE_LOAD files [VAR=1,...@]FILE...
#   modules_oracle.py CUDAARCH MODULE_LOAD libs ROOT < list of files   (those with device code)
import concurrent.futures, json, os, subprocess, sys
CA, ML = sys.argv[1], sys.argv[2]
SECONDS = 400  # for one module_load process
MODULES_PER_SHARD = 500

def load(path, env, shards):
    """The driver's answers, {module: code}, from `shards` module_load processes run at once,
    or the row's text when one of them failed."""
    runs = [subprocess.Popen([ML, path, str(i), str(shards)], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for i in range(shards)]
    driver, failure = {}, None
    for run in runs:
        try:
            stdout, stderr = run.communicate(timeout=SECONDS)
        except subprocess.TimeoutExpired:
            run.kill()
            run.communicate()
            failure = failure or f"module_load timed out after {SECONDS} s"
            continue
        if run.returncode != 0:
            failure = failure or f"module_load rc {run.returncode}: {stdout.strip()[:80]} {stderr.strip()[:80]}"
        for line in stdout.split("\n"):
            if line.strip():
                i, c = line.split()
                driver[int(i)] = c
    return failure or driver

def compare(label, path, extra, modules=1):
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="0", **extra)
    # A shard per MODULES_PER_SHARD modules: cuFFT's 8,131 PTX-only modules take minutes to
    # JIT-compile in one process.
    driver = load(path, env, max(1, min(os.cpu_count() or 1, modules // MODULES_PER_SHARD)))
    if isinstance(driver, str):
        return f"| {label} | {driver} | | |"
    ck = subprocess.run([CA, "check", "--json", path], env=env, capture_output=True, text=True)
    f = json.loads(ck.stdout)["files"][0]
    if f["error"]:
        return f"| {label} | | check error {f['error'][:80]} | |"
    mods = f["modules"]
    if not f["verdicts"]:
        v = {"module_errors": [], "failing_modules": [], "verdict": "-", "error": None}
    else:
        v = f["verdicts"][0]
    counted = [i for i, m in enumerate(mods) if m["counted"]]
    # Modules that do not count (nothing to launch) have no answer of check's to compare.
    mism = [i for i, c in driver.items() if c != "rdc" and i in counted and int(c) != v["module_errors"][i]]
    dfail = [i for i in counted if driver.get(i, "0") not in ("0", "rdc")]
    # A failing module whose kernels were not read, or built only for newer GPUs, decides only
    # where no counted module loads (decides_failure() in src/cudaarch/modules.hpp).
    gpu = int(json.loads(ck.stdout)["gpus"][0]["gpu"].replace(".", ""))
    newer = lambda m: all(int("".join(c for c in image.split("_")[1] if c.isdigit())) > gpu for image in m["images"])
    if any(driver.get(i) == "0" for i in counted):
        dfail = [i for i in dfail if mods[i]["kernels"] is not None and not newer(mods[i])]
    codes = sorted({driver[i] for i in dfail})
    dans = "runs" if not dfail else f"fails in {len(dfail)} of {len(counted)} counted ({','.join(codes)})"
    cans = ("runs" if not v["failing_modules"] else f"fails in {len(v['failing_modules'])} of {len(counted)}") + \
           f" [{v['verdict']}{' ' + str(v['error']) if v['error'] else ''}], rc {ck.returncode}"
    agree = "yes" if not mism and set(dfail) == set(v["failing_modules"]) else f"NO: modules {mism[:8]}"
    rdc = sum(1 for c in driver.values() if c == "rdc")
    return f"| {label} | {len(mods)} modules ({len(counted)} counted{', rdc' if rdc else ''}): {dans} | {cans} | {agree} |"

if __name__ == "__main__":
    mode = sys.argv[3]
    if mode == "files":
        print("| case | driver (module_load on GPU 0) | cudaarch check | agree |\n|---|---|---|---|")
        for spec in sys.argv[4:]:
            env_part, _, path = spec.rpartition("@")
            extra = dict(kv.split("=") for kv in env_part.split(",") if kv)
            print(compare((env_part + " " if env_part else "") + os.path.basename(path), path, extra), flush=True)
    else:  # a list of files on stdin; those with device code are compared
        print("| library | driver (module_load on GPU 0) | cudaarch check | agree |\n|---|---|---|---|")
        paths = [p.strip() for p in sys.stdin if p.strip()]
        ck = subprocess.run([CA, "check", "--json", "--gpu", "9.0"] + paths, capture_output=True, text=True)
        doc = json.loads(ck.stdout)
        # The libraries at once, each in its own processes; the rows in the list's order.
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            rows = pool.map(lambda f: compare(os.path.relpath(f["path"], sys.argv[4]), f["path"], {}, len(f["modules"])),
                            [f for f in doc["files"] if f["modules"]])
            for row in rows:
                print(row, flush=True)
