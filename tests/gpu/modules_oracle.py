# SPDX-License-Identifier: Apache-2.0
# The driver oracle per module (tests/cli/check/module_load.cpp) beside `cudaarch check --json`,
# one Markdown row per file: each module loaded on GPU 0 with cuModuleLoadData and
# cuModuleGetFunction, under the environment given per file, against check's module_errors;
# the file agrees when every module does and the failing counted modules are the same.
#   modules_oracle.py CUDAARCH MODULE_LOAD files [VAR=1,...@]FILE...
#   modules_oracle.py CUDAARCH MODULE_LOAD libs ROOT < list of files   (those with device code)
# ORACLE_SECONDS (default 1500) bounds the whole run: a module_load not finished by then
# leaves its row "not reached", which fails like a disagreement. Each row's driver seconds
# (the sum over its shards) go to stderr.
import concurrent.futures, json, os, subprocess, sys, time
CA, ML = sys.argv[1], sys.argv[2]
DEADLINE = time.monotonic() + float(os.environ.get("ORACLE_SECONDS", "1500"))
# A shard per MODULES_PER_SHARD modules: cuFFT's 8,131 PTX-only modules take minutes to
# JIT-compile in one process.
MODULES_PER_SHARD = 250


def shards_for(modules):
    return max(1, min(64, modules // MODULES_PER_SHARD))


def run_shard(path, env, shard, shards):
    """One module_load process: ({module: code}, None, seconds), or ({}, why it failed, seconds)."""
    start = time.monotonic()
    left = DEADLINE - start
    if left <= 0:
        return {}, "not reached before ORACLE_SECONDS", 0.0
    run = subprocess.Popen([ML, path, str(shard), str(shards)], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        stdout, stderr = run.communicate(timeout=left)
    except subprocess.TimeoutExpired:
        run.kill()
        run.communicate()
        return {}, "module_load timed out at ORACLE_SECONDS", time.monotonic() - start
    took = time.monotonic() - start
    if run.returncode != 0:
        return {}, f"module_load rc {run.returncode}: {stdout.strip()[:80]} {stderr.strip()[:80]}", took
    answers = {}
    for line in stdout.split("\n"):
        if line.strip():
            i, c = line.split()
            answers[int(i)] = c
    return answers, None, took


def load_all(jobs, workers):
    """The driver's answers for each (path, env, shards) of `jobs`: their shards run on one pool
    of `workers` processes at a time, the largest files' first; per job ({module: code} or the
    first failure's text, seconds)."""
    tasks = sorted(((j, s) for j, (_, _, n) in enumerate(jobs) for s in range(n)), key=lambda t: -jobs[t[0]][2])
    answers = [{} for _ in jobs]
    failures = [None] * len(jobs)
    seconds = [0.0] * len(jobs)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        runs = {pool.submit(run_shard, jobs[j][0], jobs[j][1], s, jobs[j][2]): j for j, s in tasks}
        for done in concurrent.futures.as_completed(runs):
            j = runs[done]
            got, failure, took = done.result()
            answers[j].update(got)
            failures[j] = failures[j] or failure
            seconds[j] += took
    return [(failures[j] or answers[j], seconds[j]) for j in range(len(jobs))]


def row(label, path, env, driver):
    if isinstance(driver, str):
        return f"| {label} | {driver} | | |"
    ck = subprocess.run([CA, "check", "--json", "--no-deps", path], env=env, capture_output=True, text=True)
    doc = json.loads(ck.stdout)
    f = doc["files"][0]
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
    gpu = int(doc["gpus"][0]["gpu"].replace(".", ""))
    newer = lambda m: all(int("".join(c for c in image.split("_")[1] if c.isdigit())) > gpu for image in m["images"])
    if any(driver.get(i) == "0" for i in counted):
        dfail = [i for i in dfail if mods[i]["kernels"] is not None and not newer(mods[i])]
    codes = sorted({driver[i] for i in dfail})
    dans = "runs" if not dfail else f"fails in {len(dfail)} of {len(counted)} counted ({','.join(codes)})"
    cans = ("runs" if not v["failing_modules"] else f"fails in {len(v['failing_modules'])} of {len(counted)}") + \
           f" [{v['verdict']}{' ' + str(v['error']) if v['error'] else ''}], rc {ck.returncode}"
    agree = "yes" if not mism and set(dfail) == set(v["failing_modules"]) else f"NO: modules {mism[:8]}"
    rdc = sum(1 for c in driver.values() if c == "rdc")
    return f"| {label} | {len(mods)} module{'s' if len(mods) != 1 else ''} ({len(counted)} counted{', rdc' if rdc else ''}): {dans} | {cans} | {agree} |"


def main():
    mode = sys.argv[3]
    workers = os.cpu_count() or 1
    if mode == "files":
        print("| case | driver (module_load on GPU 0) | cudaarch check | agree |\n|---|---|---|---|")
        rows = []
        for spec in sys.argv[4:]:
            env_part, _, path = spec.rpartition("@")
            extra = dict(kv.split("=") for kv in env_part.split(",") if kv)
            # A class is a handful of modules: one shard.
            rows.append(((env_part + " " if env_part else "") + os.path.basename(path), path,
                         dict(os.environ, CUDA_VISIBLE_DEVICES="0", **extra), 1))
    else:  # a list of files on stdin; those with device code are compared
        print("| library | driver (module_load on GPU 0) | cudaarch check | agree |\n|---|---|---|---|")
        paths = [p.strip() for p in sys.stdin if p.strip()]
        doc = json.loads(subprocess.run([CA, "check", "--json", "--no-deps", "--gpu", "9.0"] + paths, capture_output=True, text=True).stdout)
        env = dict(os.environ, CUDA_VISIBLE_DEVICES="0")
        files = [f for f in doc["files"] if f["modules"]]
        rows = [(os.path.relpath(f["path"], sys.argv[4]), f["path"], env, len(f["modules"])) for f in files]
    shards = [shards_for(modules) for (_, _, _, modules) in rows]
    driven = load_all([(path, env, n) for (_, path, env, _), n in zip(rows, shards)], workers)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        lines = pool.map(lambda r, d: row(r[0], r[1], r[2], d[0]), rows, driven)
        for line in lines:
            print(line, flush=True)
    for (label, _, _, _), n, (_, took) in zip(rows, shards, driven):
        print(f"{label}: {n} shard{'s' if n > 1 else ''}, {took:.1f} s of module_load", file=sys.stderr)


if __name__ == "__main__":
    main()
