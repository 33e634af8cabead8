# SPDX-License-Identifier: Apache-2.0
# Writes the bad wheels and conda packages of tests/cli/size into the folder given: each breaks
# one rule of the archive reader (src/cudaarch/archive.cpp). Python's zipfile writes them; the
# lies are patched into its bytes.
import io
import struct
import sys
import zipfile
import zlib
from pathlib import Path

out = Path(sys.argv[1])


def zip_bytes(members, method=zipfile.ZIP_DEFLATED):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as z:
        for name, data in members:
            z.writestr(zipfile.ZipInfo(name), data, compress_type=method)
    return bytearray(buffer.getvalue())


def central(data, index=0):
    """The offset of the index-th central directory entry."""
    at = struct.unpack_from("<I", data, len(data) - 22 + 16)[0]
    for _ in range(index):
        at += 46 + sum(struct.unpack_from("<HHH", data, at + 28))
    return at


def zstd_raw(content):
    """One zstd frame of one raw block: single segment, its content size in one byte."""
    assert len(content) < 256
    block = 1 | (len(content) << 3)
    return b"\x28\xb5\x2f\xfd\x20" + bytes([len(content)]) + block.to_bytes(3, "little") + content


(out / "not_zip.whl").write_bytes(b"This is not a zip file, it is text.\n" * 4)
(out / "dotdot.whl").write_bytes(zip_bytes([("pkg/__init__.py", b""), ("pkg/../../evil.so", b"\x7fELF")]))

# The central directory names another member than its local header does.
lying = zip_bytes([("pkg/libk.so", b"\x7fELF" + b"\0" * 60)])
lying[central(lying) + 46 : central(lying) + 46 + 11] = b"pkg/libz.so"
(out / "lying_directory.whl").write_bytes(lying)

# 300 MB of zeros, declared as they are: more than 100 times their compressed bytes.
zeros = b"\0" * (1 << 20)
squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
stream = b"".join(squeeze.compress(zeros) for _ in range(300)) + squeeze.flush()
bomb = zip_bytes([("pkg/bomb.so", b"")], zipfile.ZIP_STORED)
at = central(bomb)
local = struct.unpack_from("<I", bomb, at + 42)[0]
data = local + 30 + len("pkg/bomb.so")
bomb = bomb[:data] + stream + bomb[data:]
at += len(stream)
struct.pack_into("<H", bomb, local + 8, 8)
struct.pack_into("<II", bomb, local + 18, len(stream), 300 << 20)
struct.pack_into("<H", bomb, at + 10, 8)
struct.pack_into("<II", bomb, at + 20, len(stream), 300 << 20)
struct.pack_into("<I", bomb, len(bomb) - 22 + 16, at)
(out / "bomb.whl").write_bytes(bomb)
# The same stream declaring 1000 bytes: the inflate stops there.
struct.pack_into("<I", bomb, local + 22, 1000)
struct.pack_into("<I", bomb, at + 24, 1000)
(out / "bomb_lie.whl").write_bytes(bomb)

conda = [("metadata.json", b"{}\n")]
(out / "not_zstd.conda").write_bytes(zip_bytes(conda + [("pkg-k.tar.zst", b"plain text, not zstd\n")], zipfile.ZIP_STORED))
(out / "not_tar.conda").write_bytes(zip_bytes(conda + [("pkg-k.tar.zst", zstd_raw(b"zstd, but not a tar\n" * 2))], zipfile.ZIP_STORED))
