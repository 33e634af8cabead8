#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Prints the size in bytes of one section (default .nv_fatbin) of 64-bit little-endian ELF files,
summed over the files given.
usage: bench/elf_section_size.py [--section NAME] FILE..."""
import struct
import sys


def section_size(path, wanted):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise SystemExit(f"{path}: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    names_offset, = struct.unpack_from("<Q", data, shoff + shstrndx * shentsize + 0x18)
    total = 0
    for i in range(shnum):
        at = shoff + i * shentsize
        name, = struct.unpack_from("<I", data, at)
        size, = struct.unpack_from("<Q", data, at + 0x20)
        end = data.index(b"\0", names_offset + name)
        if data[names_offset + name:end].decode() == wanted:
            total += size
    return total


def main():
    args = sys.argv[1:]
    wanted = ".nv_fatbin"
    if args[:1] == ["--section"]:
        wanted, args = args[1], args[2:]
    print(sum(section_size(path, wanted) for path in args))


if __name__ == "__main__":
    main()
