#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the byte ranges that `cudaarch inspect` must read at least from 64-bit little-endian ELF
files, for bench/read_floor.c: pairs of little-endian 64-bit offset and size, none over 64 KiB.
usage: bench/read_ranges.py --scope all|fatbin LISTING.json OUT

LISTING.json is `cudaarch inspect --json FILE...` of one or more files; the ranges of its k-th
file go to OUT.k (k from 0), for each file that is a 64-bit little-endian ELF file (others get
none). All files in one process: a Python environment has hundreds.

What must be read, whatever the reader:
- the ELF header, the section headers and their names;
- every container's header and entry headers, where the listing found containers; with
  --scope fatbin only those in .nv_fatbin and __nv_relfatbin, the sections cuobjdump reads;
- with --scope all, every byte of the sections searched for containers, but the containers'
  insides: allocated PROGBITS data that is not code nor one of the tables the lister skips, as
  may_hold_containers() in src/cudaarch/binary/image_list.cpp decides.
Only those headers are read here, never a whole file."""
import json
import os
import struct
import sys

SHT_PROGBITS = 1
SHF_ALLOC = 0x2
SHF_EXECINSTR = 0x4
SKIPPED_TABLES = {".eh_frame", ".eh_frame_hdr", ".gcc_except_table", ".got", ".got.plt"}
FATBIN_SECTIONS = {".nv_fatbin", "__nv_relfatbin"}
MAX_RANGE = 64 << 10


def read_at(fd, offset, size):
    data = os.pread(fd, size, offset)
    if len(data) != size:
        raise ValueError(f"{size} bytes at {offset:#x} run past the end")
    return data


def sections(fd):
    header = read_at(fd, 0, 64)
    shoff, = struct.unpack_from("<Q", header, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", header, 0x3A)
    table = read_at(fd, shoff, shnum * shentsize)
    names_offset, names_size = struct.unpack_from("<QQ", table, shstrndx * shentsize + 0x18)
    names = read_at(fd, names_offset, names_size)
    found = []
    for i in range(shnum):
        name, kind, flags = struct.unpack_from("<IIQ", table, i * shentsize)
        offset, size = struct.unpack_from("<QQ", table, i * shentsize + 0x18)
        found.append((names[name:names.index(b"\0", name)].decode(), kind, flags, offset, size))
    return found, [(0, 64), (shoff, shnum * shentsize), (names_offset, names_size)]


def file_ranges(fd, images, scope):
    found, ranges = sections(fd)
    containers = {}
    for image in images:
        if image["container"] == "fatbin" and (scope == "all" or image["section"] in FATBIN_SECTIONS):
            containers.setdefault(image["container_offset"], []).append(image["entry_offset"])
    insides = []
    for offset, entries in containers.items():
        header_size, fat_size = struct.unpack_from("<HQ", read_at(fd, offset + 6, 10))
        insides.append((offset, offset + header_size + fat_size))
        ranges.append((offset, 16))
        ranges.extend((entry, 64) for entry in entries)
    if scope == "all":
        insides.sort()
        for name, kind, flags, offset, size in found:
            if (kind != SHT_PROGBITS or not flags & SHF_ALLOC or flags & SHF_EXECINSTR or name in SKIPPED_TABLES
                    or name in FATBIN_SECTIONS):
                continue
            at, end = offset, offset + size
            for begin, stop in insides:
                if stop <= at or begin >= end:
                    continue
                if begin > at:
                    ranges.append((at, begin - at))
                at = max(at, stop)
            if at < end:
                ranges.append((at, end - at))
    merged = []
    for offset, size in sorted(ranges):
        if merged and offset <= merged[-1][0] + merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], offset + size - merged[-1][0])
        else:
            merged.append([offset, size])
    return merged


def main():
    args = sys.argv[1:]
    if len(args) != 4 or args[0] != "--scope" or args[1] not in ("all", "fatbin"):
        raise SystemExit(__doc__)
    scope, listing, out = args[1], args[2], args[3]
    with open(listing) as f:
        files = json.load(f)["files"]
    for k, listed in enumerate(files):
        try:
            fd = os.open(listed["path"], os.O_RDONLY)
            try:
                ident = os.pread(fd, 6, 0)
                if ident[:4] != b"\x7fELF" or ident[4:6] != b"\x02\x01":
                    continue  # not a 64-bit little-endian ELF file: no ranges
                merged = file_ranges(fd, listed.get("images") or [], scope)
            finally:
                os.close(fd)
        except (OSError, ValueError, struct.error) as e:
            print(f"read_ranges: {listed['path']}: {e}; no ranges", file=sys.stderr)
            continue
        with open(f"{out}.{k}", "wb") as f:
            for offset, size in merged:
                for at in range(offset, offset + size, MAX_RANGE):
                    f.write(struct.pack("<QQ", at, min(MAX_RANGE, offset + size - at)))


if __name__ == "__main__":
    main()
