# SPDX-License-Identifier: Apache-2.0
"""The corpus of compare.py: the hand-picked strings of each dialect and the generators of
the rest (each from its dialect's grammar), and of the engines' differential fuzz."""

TORCH_SUPPORTED = ["3.5", "3.7", "5.0", "5.2", "5.3", "6.0", "6.1", "6.2", "7.0", "7.2", "7.5", "8.0",
                   "8.6", "8.7", "8.9", "9.0", "10.0", "10.3", "11.0", "12.0", "12.1"]
OTHER_CCS = ["8.8", "10.1", "10.7", "3.0", "3.2"]
MISSING_CCS = ["7.7", "9.1", "1.0", "2.1", "13.0", "6.5"]
NAMES = ["Kepler+Tesla", "Kepler", "Maxwell+Tegra", "Maxwell", "Pascal", "Volta+Tegra", "Volta", "Turing",
         "Ampere+Tegra", "Ampere", "Ada", "Hopper", "Blackwell+Tegra", "Blackwell"]

HAND_PICKED = {
    "torch": ["7.5", "7.5+PTX", "8.6 9.0", "8.6;9.0", "7.5 8.6+PTX 9.0a", "9.0a+PTX", "10.0a", "12.1a+PTX",
              "Turing", "Ampere", "Ampere+Tegra", "Hopper", "Blackwell", "Blackwell+Tegra", "Kepler+Tesla",
              "Ampere;Hopper", "Volta 7.5", "75", "sm_75", "7.5,8.6", "7.5+ptx", "10.0f", "8.8", "10.7",
              "7.7", "8.6(7.5)", "7.5;", " 7.5", "7.5  8.6", "", "ampere", "7.5;7.5", "9.0a 9.0"],
    "torch-cmake": ["7.5", "7.5+PTX", "8.6 9.0", "8.6;9.0", "9.0a", "10.0f", "8.6(7.5)", "9.0a(9.0)",
                    "Turing", "Ampere", "Ampere+Tegra", "Hopper", "Blackwell", "Blackwell+Tegra", "Hopper+PTX",
                    "Turing;8.6+PTX", "75", "7.7", "8.8", "7.5+ptx", "7.5,8.6", "7.5 7.5"],
    "opencv": ["7.5", "7.5 8.6", "8.6(7.5)", "7.5;8.6", "9.0a", "10.0f", "75", "8.6(7.5) 9.0", "7.7",
               "8.6+PTX", "12.0", "3.0", "7.5,8.6"],
}


def generate(dialect, count, rng):
    """count strings from the dialect's grammar: items, suffixes, +PTX, pairs, names and
    separators, a fifth of them mutated by one character."""
    items = []
    for _ in range(count):
        n = rng.choice([1, 1, 2, 2, 3, 4])
        parts = []
        for _ in range(n):
            r = rng.random()
            cc = rng.choice(TORCH_SUPPORTED if r < 0.7 else OTHER_CCS + MISSING_CCS)
            if rng.random() < 0.2 and cc in ("9.0", "10.0", "10.3", "12.0", "12.1", "11.0"):
                cc += rng.choice(["a", "a", "f"])
            if dialect == "opencv":
                if rng.random() < 0.2:
                    cc = f"{cc}({rng.choice(TORCH_SUPPORTED)})"
            elif dialect == "torch-cmake" and rng.random() < 0.1:
                cc = f"{cc}({rng.choice(TORCH_SUPPORTED)})"
            elif rng.random() < 0.12:
                cc = rng.choice(NAMES)
            if dialect != "opencv" and rng.random() < 0.3:
                cc += "+PTX"
            if rng.random() < 0.05:
                cc = cc.replace(".", "")
            parts.append(cc)
        seps = [" ", ";"] if dialect != "opencv" else [" ", ";"]
        text = parts[0]
        for p in parts[1:]:
            text += rng.choice(seps) + p
        if rng.random() < 0.2:
            text = mutate(text, rng)
        items.append(text)
    return items


def mutate(text, rng):
    if not text:
        return text
    at = rng.randrange(len(text))
    op = rng.choice(["drop", "double", "insert", "swapcase"])
    if op == "drop":
        return text[:at] + text[at + 1:]
    if op == "double":
        return text[:at] + text[at] + text[at:]
    if op == "insert":
        return text[:at] + rng.choice(list(".+;, af0")) + text[at:]
    return text[:at] + text[at].swapcase() + text[at + 1:]


# Notation tokens for the engines' differential fuzz: every shape of the grammar.
def engine_tokens(rng):
    cc = rng.choice(TORCH_SUPPORTED + OTHER_CCS + MISSING_CCS)
    s = rng.choice(["", "", "", "a", "f"])
    num = cc.replace(".", "")
    shapes = [cc + s, cc + s + "+PTX", f"{cc}({rng.choice(TORCH_SUPPORTED)})", num + s, num + s + "-real",
              num + s + "-virtual", "sm_" + num + s, "compute_" + num + s, f"-gencode arch=compute_{num}{s},code=sm_{num}{s}",
              f"-gencode=arch=compute_{num},code=[sm_{num},compute_{num}]", f"-arch=sm_{num}{s}",
              rng.choice(["A100", "Tesla T4", "RTX 4090", "H100", "Jetson AGX Orin"]), rng.choice(["all", "native", "Hopper"])]
    return rng.choice(shapes)


def generate_engines(count, rng):
    out = []
    for _ in range(count):
        tokens = [engine_tokens(rng) for _ in range(rng.choice([1, 2, 3]))]
        text = rng.choice([" ", ";", ","]).join(tokens)
        for _ in range(rng.choice([0, 0, 1, 2])):
            text = mutate(text, rng)
        out.append(text.replace("\n", " "))
    return out
