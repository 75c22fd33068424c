#!/usr/bin/env bash
# The README's console examples print what the README shows. Each `$ retrace ...` line in a
# fenced block whose output follows it is run (in order, in a scratch folder that sees the
# replays as replays/) and its stdout and stderr compared with the lines shown; a line that is
# only "..." stands for any number of lines. Examples without output (a comment instead) are
# not run. Fails naming the README's line, the command and the first lines that differ.
#
#   readme_examples.sh README RETRACE REPLAYS_DIR WORK_DIR
set -u
readme=$(realpath "$1") retrace=$(realpath "$2") replays=$(realpath "$3") work=$(realpath -m "$4")
rm -rf "$work" && mkdir -p "$work/examples" || exit 2
ln -s "$replays" "$work/replays" || exit 2

# Each example as examples/N.cmd (README line, then the command) and examples/N.out.
awk -v dir="$work/examples" '
  /^```/ { inside = !inside; n_open = 0; next }
  inside && /^\$ / {
    if (file != "") { close(file ".cmd"); close(file ".out") }  # awk keeps few files open
    ++n; n_open = ($0 ~ /^\$ retrace /); file = dir "/" n
    print NR "\t" substr($0, 3) > (file ".cmd"); printf "" > (file ".out"); next
  }
  inside && n_open { print > (file ".out") }
' "$readme"

# Whether `got` is `expected` with each "..." line standing for any run of lines (greedy: the
# line after "..." is matched at its first occurrence, which the README's examples allow).
matches() {
  awk '
    NR == FNR { want[++w] = $0; next }
    { got[++g] = $0 }
    END {
      i = 1; j = 1
      while (i <= w) {
        if (want[i] ~ /^[ \t]*\.\.\.[ \t]*$/) {
          if (i == w) exit 0
          while (j <= g && got[j] != want[i + 1]) ++j
          if (j > g) exit 1
          i += 1; continue
        }
        if (j > g || got[j] != want[i]) exit 1
        ++i; ++j
      }
      exit (j <= g)
    }' "$1" "$2"
}

run=0 failed=0
for cmd in $(ls "$work/examples"/*.cmd 2>/dev/null | sort -V); do
  base=${cmd%.cmd}
  IFS=$'\t' read -r line command < "$cmd"
  [[ $command == retrace\ * ]] || continue
  sed -i -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$base.out"  # trailing blank lines
  [ -s "$base.out" ] || continue
  command=${command%%  #*}
  (cd "$work" && eval "\"$retrace\" ${command#retrace }") > "$base.got" 2>&1
  run=$((run + 1))
  if ! matches "$base.out" "$base.got"; then
    failed=$((failed + 1))
    echo "README.md line $line: $command"
    diff "$base.out" "$base.got" | head -n 8
  fi
done
echo "readme examples: $run run, $failed printing otherwise than the README shows"
((run > 0 && failed == 0))
