#!/usr/bin/env bash
# Every C++ file of the project is laid out as .clang-format says, by clang-format 14 (Debian
# 12's; another version lays some lines out otherwise). Names each file that is not, with its
# first difference, and the command that lays them all out.
#
# Usage: check_format.sh SOURCE_DIR
set -euo pipefail
cd "$1"
clang_format=clang-format-14
command -v "$clang_format" >/dev/null || { echo "check_format: $clang_format is not installed (apt-get install clang-format-14)" >&2; exit 1; }
mapfile -d '' files < <(find sim recorder viewer tests \( -name '*.cpp' -o -name '*.h' \) -print0 | sort -z)
((${#files[@]} > 100)) || { echo "check_format: found only ${#files[@]} C++ files under $1" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if "$clang_format" --dry-run --Werror "${files[@]}" 2>"$log"; then
  echo "check_format: ${#files[@]} files laid out as .clang-format says"
  exit 0
fi
# clang-format reports "FILE:LINE:COLUMN: error: code should be clang-formatted": the first per file.
grep -E '^[^ ]+:[0-9]+:[0-9]+: error' "$log" | awk -F: '!seen[$1]++ {print "check_format: " $1 ":" $2 " is not laid out as .clang-format says"}'
echo "check_format: lay them out with: $clang_format -i \$(git ls-files '*.cpp' '*.h')" >&2
exit 1
