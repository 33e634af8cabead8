#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# `cudaarch check DIR` of a folder with files it cannot judge: a FIFO and a socket (never
# opened), a file it cannot read, and an ELF file, run as a user who cannot read that file (as
# root: in a user namespace of its own, `unshare -U`). Prints what check printed (stderr
# merged into stdout) and exits with its status, for tests/cli/expect_output.cmake. Its files
# are written in the current folder.
#   folder_odd_files.sh <cudaarch> <python3>
set -eu
cudaarch=$1
python=$2
rm -rf odd
mkdir odd
cp -L /bin/sh odd/sh
mkfifo odd/pipe
"$python" -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' odd/sock
printf '\177ELF, unreadable' > odd/secret.so
chmod 000 odd/secret.so
chmod 755 odd
run=""
if [ "$(id -u)" = 0 ]; then
  unshare -U true 2>/dev/null || { echo "SKIP: root, and no user namespace to drop its rights in"; exit 0; }
  run="unshare -U"
fi
set +e
$run "$cudaarch" check --gpu 9.0 odd 2>&1
rc=$?
set -e
exit "$rc"
