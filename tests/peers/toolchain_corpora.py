# SPDX-License-Identifier: Apache-2.0
"""The corpora of toolchains.py: the hand-picked strings of each oracle and the generators of
the rest, from the capabilities the database knows."""
import compare
from compare_corpus import mutate


DATABASE = compare.database_ccs()  # {"75": "", "90": "a", "100": "af", ...}
NVCC13 = ["75", "80", "86", "87", "88", "89", "90", "100", "103", "110", "120", "121"]


def suffixed(number, rng, p=0.25):
    return number + (rng.choice(DATABASE[number]) if DATABASE.get(number) and rng.random() < p else "")


CMAKE_HAND_PICKED = ["75", "75-real", "75-virtual", "75;86-real;90a-virtual", "90a", "100f", "100f-real",
                     "120a-virtual", "110f-virtual", "7.5", "sm_75", "compute_75", "75 86", "75,86", "75-foo",
                     "75-real-virtual", "", "OFF", "all", "all-major", "75;75-real", "75-real;75-virtual",
                     "86;;90", ";75", "75;", "0", "75A", "75-REAL", "075", "75a", "52", "35-virtual", "107a"]


def generate_cmake(count, rng):
    """CMAKE dialect values: numbers with a or f, -real or -virtual, ';'-separated; a few dotted,
    sm_ or space- and comma-separated, a fifth mutated."""
    numbers = sorted(DATABASE) + ["77", "91", "13", "65"]
    out = []
    for _ in range(count):
        items = []
        for _ in range(rng.choice([1, 1, 2, 2, 3, 4])):
            item = suffixed(rng.choice(numbers), rng) + rng.choice(["", "", "-real", "-virtual"])
            if rng.random() < 0.04:
                item = item[:-1] + "." + item[-1] if item[-1].isdigit() else item
            if rng.random() < 0.03:
                item = "sm_" + item
            items.append(item)
        text = rng.choice([";"] * 8 + [" ", ","]).join(items)
        out.append(mutate(text, rng) if rng.random() < 0.2 else text)
    return out


NVCC_HAND_PICKED = ["-arch=sm_90a", "-arch=sm_100f", "-arch=sm_90", "-arch=compute_90", "-arch sm_75",
                    "--gpu-architecture=sm_86", "--gpu-architecture=compute_80 --gpu-code=sm_80,sm_86",
                    "-arch=compute_75 -code=sm_75,sm_86", "-arch=sm_86 -code=sm_86", "-code=sm_75",
                    "-gencode arch=compute_75,code=sm_75", "-gencode=arch=compute_75,code=[sm_75,compute_75]",
                    "-gencode arch=compute_75,code=sm_75,sm_86", "-gencode arch=compute_75,code=\"sm_75,sm_86\"",
                    "--generate-code arch=compute_80,code=sm_86", "--generate-code=arch=compute_90a,code=sm_90a",
                    "-gencode arch=compute_100f,code=sm_103f", "-gencode arch=compute_100a,code=sm_103a",
                    "-gencode arch=compute_86,code=sm_80", "-arch=sm_75,sm_86", "-arch=all", "-arch=all-major",
                    "-arch=sm_50", "-arch=sm_75 -arch=sm_86", "-gencode arch=compute_75,code=compute_75 -arch=sm_86",
                    "-arch=compute_90a", "-arch=compute_100f -code=sm_100f,sm_103f", "-gencode arch=sm_75,code=sm_75"]


def nvcc_item(rng, numbers, arch_flag):
    v = rng.choice(numbers)
    c = rng.choice([n for n in numbers if int(n) >= int(v)]) if rng.random() < 0.6 else v
    if rng.random() < 0.1:
        c = rng.choice(numbers)  # maybe older than v: nvcc rejects
    sv = suffixed(v, rng, 0.2)
    sc = c + sv[len(v):] if c == v else suffixed(c, rng, 0.15)
    code = rng.choice([f"sm_{sc}", f"compute_{sv}", f"[sm_{sc},compute_{sv}]", f"[sm_{sc}]"] * 3
                      + [f"sm_{sc},compute_{sv}"])
    gencode = [
        f"-gencode arch=compute_{sv},code={code}", f"-gencode=arch=compute_{sv},code={code}",
        f"--generate-code arch=compute_{sv},code={code}", f"--generate-code=arch=compute_{sv},code={code}"]
    return rng.choice(gencode if not arch_flag else gencode + [
        f"-gencode arch=compute_{sv},code={code}", f"-gencode=arch=compute_{sv},code={code}",
        f"--generate-code arch=compute_{sv},code={code}", f"--generate-code=arch=compute_{sv},code={code}",
        f"-arch=sm_{sc}", f"-arch sm_{sc}", f"-arch=compute_{sv}", f"--gpu-architecture=sm_{sc}",
        f"-arch=compute_{sv} -code={code.strip('[]')}", f"--gpu-architecture=compute_{sv} --gpu-code=sm_{sc}"])


def generate_nvcc(count, rng):
    """nvcc flag strings: every -gencode, -arch and -code spelling, lists after code=, one to
    three flags (one -arch at most); mostly capabilities nvcc 13.x builds, a few it does not;
    a tenth mutated."""
    numbers = NVCC13 * 6 + ["107", "50", "70", "101"]
    out = []
    for _ in range(count):
        # -arch once at most (nvcc keeps the last; a hand-picked case has two), first or last
        items = [nvcc_item(rng, numbers, i == 0) for i in range(rng.choice([1, 1, 2, 3]))]
        text = " ".join(items[::rng.choice([1, -1])])
        out.append(mutate(text, rng) if rng.random() < 0.1 else text)
    return out


def dotted(number):
    return number[:-1] + "." + number[-1]


def generate_lists(count, rng, numbers):
    """Architecture lists in CudaArch's own notation: SASS+PTX, SASS, PTX only, pairs, suffixes."""
    out = []
    for _ in range(count):
        items = []
        for n in rng.sample(numbers, rng.choice([1, 2, 2, 3])):
            s = suffixed(n, rng, 0.3)
            r = rng.random()
            if r < 0.1 and not s[-1].isalpha():
                older = [m for m in numbers if int(m) < int(n) and not DATABASE.get(m)]
                items.append(f"{dotted(s)}({dotted(rng.choice(older))})" if older else f"{s}-real")
            else:
                items.append(s + rng.choice(["", "-real", "-real", "-virtual"]))
        out.append(";".join(items))
    return out


ROUNDTRIP_HAND_PICKED = ["75", "75-real", "75-virtual", "8.6(7.5);86-virtual", "8.6(7.5);75-virtual", "90a", "90a-real;90-virtual",
                         "100f", "100f-virtual", "100a;103f-real", "88", "110f;120a", "121f-real", "80;86-real;89-virtual",
                         "75;80-real;86-virtual", "80-real;86", "8.6(8.0);75-virtual"]
