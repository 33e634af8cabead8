#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the byte ranges that `cudaarch inspect` must read at least from a 64-bit little-endian
ELF file, for bench/read_floor.c: pairs of little-endian 64-bit offset and size, none over 64 KiB.
usage: bench/read_ranges.py --scope all|fatbin FILE LISTING.json OUT

What must be read, whatever the reader:
- the ELF header, the section headers and their names;
- every container's header and entry headers, where `cudaarch inspect --json` (LISTING.json, the
  listing of the same file) found containers; with --scope fatbin only those in .nv_fatbin and
  __nv_relfatbin, the sections cuobjdump reads;
- with --scope all, every byte of the sections searched for containers, but the containers'
  insides: allocated PROGBITS data that is not code nor one of the tables the lister skips, as
  may_hold_containers() in src/cudaarch/binary/image_list.cpp decides."""
import json
import struct
import sys

SHT_PROGBITS = 1
SHF_ALLOC = 0x2
SHF_EXECINSTR = 0x4
SKIPPED_TABLES = {".eh_frame", ".eh_frame_hdr", ".gcc_except_table", ".got", ".got.plt"}
FATBIN_SECTIONS = {".nv_fatbin", "__nv_relfatbin"}
MAX_RANGE = 64 << 10


def sections(data):
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    names_offset, names_size = struct.unpack_from("<QQ", data, shoff + shstrndx * shentsize + 0x18)
    found = []
    for i in range(shnum):
        name, kind, flags = struct.unpack_from("<IIQ", data, shoff + i * shentsize)
        offset, size = struct.unpack_from("<QQ", data, shoff + i * shentsize + 0x18)
        end = data.index(b"\0", names_offset + name)
        found.append((data[names_offset + name:end].decode(), kind, flags, offset, size))
    return found, [(0, 64), (shoff, shnum * shentsize), (names_offset, names_size)]


def main():
    args = sys.argv[1:]
    if len(args) != 5 or args[0] != "--scope" or args[1] not in ("all", "fatbin"):
        raise SystemExit(__doc__)
    scope, path, listing, out = args[1], args[2], args[3], args[4]
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise SystemExit(f"{path}: not a 64-bit little-endian ELF file")
    found, ranges = sections(data)
    with open(listing) as f:
        images = json.load(f)["files"][0]["images"]
    containers = {}
    for image in images:
        if image["container"] == "fatbin" and (scope == "all" or image["section"] in FATBIN_SECTIONS):
            containers.setdefault(image["container_offset"], []).append(image["entry_offset"])
    insides = []
    for offset, entries in containers.items():
        header_size, fat_size = struct.unpack_from("<HQ", data, offset + 6)
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
    with open(out, "wb") as f:
        for offset, size in merged:
            for at in range(offset, offset + size, MAX_RANGE):
                f.write(struct.pack("<QQ", at, min(MAX_RANGE, offset + size - at)))


if __name__ == "__main__":
    main()
