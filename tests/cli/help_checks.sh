# SPDX-License-Identifier: Apache-2.0
# Sourced by the help tests (conventions.sh, man_page.sh) with the tool as $1: fail() notes
# a failure (the test exits with $failed), and $commands holds every row of the command
# table, read from the top-level help.
set -u
cudaarch=$1
failed=0
fail() {
  echo "$*"
  failed=1
}
commands=$("$cudaarch" help | sed -n '/^commands:/,/^$/{/^  /p}' | awk '{print $1}')
[ -n "$commands" ] || fail "no command in the top-level help"
