#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# cudaarch(1) as `cudaarch help --man` writes it from the command table (the page the build
# installs): its title exactly, one section per row of the table in the table's order, each
# with the usage line and every option of that command's --help; then `man -l` renders it
# without a warning and shows each usage line as --help prints it. Without man-db the last
# part is a skip (prints SKIP:), after the rest passed.
#   man_page.sh <cudaarch>
. "$(dirname "$0")/help_checks.sh"
page=$("$cudaarch" help --man) || fail "'cudaarch help --man' failed"
head=$(printf '%s\n' "$page" | sed -n '2,4p')
expected_head='.TH CUDAARCH 1 "" "CudaArch" "User Commands"
.SH NAME
cudaarch \- CUDA GPU architectures: translate, resolve, detect, inspect and check'
[ "$head" = "$expected_head" ] || fail "the page starts with [$head], not [$expected_head]"
sections=$(printf '%s\n' "$page" | sed -n 's/^\.SS "cudaarch \(.*\)"$/\1/p' | sed 's/\\-/-/g')
[ -n "$commands" ] && [ "$sections" = "$commands" ] || fail "sections [$(echo $sections)] are not the commands [$(echo $commands)]"
roff() { sed 's/\\/\\e/g; s/-/\\-/g'; }
for command in $commands; do
  help=$("$cudaarch" "$command" --help)
  usage=$(printf '%s\n' "$help" | head -n 1 | sed 's/^usage: //' | roff)
  printf '%s\n' "$page" | grep -qxF -- "$usage" || fail "no usage line [$usage] for '$command'"
  for option in $(printf '%s\n' "$help" | sed -n '/^options:/,/^$/{s/^  \(-[^ ]*\).*/\1/p}'); do
    printf '%s\n' "$page" | grep -qE -- "^\.B $(printf '%s' "$option" | roff | sed 's/\\/\\\\/g')( |$)" ||
      fail "no option $option for '$command'"
  done
done
[ "$failed" = 0 ] || exit 1
if ! command -v man >/dev/null; then
  echo "SKIP: man not found (apt-get install man-db): the page was not rendered"
  exit 0
fi
# A minimized system's man is a stub that renders nothing (Ubuntu's "unminimize" notice).
probe=$(printf '.TH PROBE 1\n.SH NAME\nprobe \\- renders\n' | MANWIDTH=100 LC_ALL=C.UTF-8 man -l - 2>&1)
case "$probe" in
  *"probe - renders"*) ;;
  *) echo "SKIP: man renders no page here: $(printf '%s\n' "$probe" | head -n 1)"; exit 0 ;;
esac
warnings=$(printf '%s\n' "$page" | MANWIDTH=100 LC_ALL=C.UTF-8 man --warnings -l - 2>&1 >/dev/null)
[ -z "$warnings" ] || fail "man --warnings -l warned: $warnings"
rendered=$(printf '%s\n' "$page" | MANWIDTH=100 LC_ALL=C.UTF-8 man -l - 2>/dev/null)
for command in $commands; do
  usage=$("$cudaarch" "$command" --help | head -n 1 | sed 's/^usage: //')
  printf '%s\n' "$rendered" | grep -qF -- "       $usage" || fail "man -l shows no usage line [$usage]"
done
exit $failed
