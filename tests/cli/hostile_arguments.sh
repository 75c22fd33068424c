#!/usr/bin/env bash
# Every retrace command, each option given hostile values (signs, overflow, devices, folders,
# control bytes, empty text): each run must end in exit 0, 1 or 2, never a signal, an abort or
# an uncaught exception, a refusal (exit 2) must be one line, and nothing a user typed reaches
# the terminal as a control byte (a terminal escape, a newline inside a sentence). hunt's
# uncaught filesystem_error on `-o FILE`, --seed -1 wrapping to 2^64 - 1, and paths, hunt
# --game and CLI11's --configs check printing an escape as it was, were found this way.
#
#   hostile_arguments.sh RETRACE REPLAYS_DIR WORK_DIR
set -u
retrace=$(realpath "$1") replays=$(realpath "$2") work=$(realpath -m "$3")
rm -rf "$work" && mkdir -p "$work/folder" || exit 2
cd "$work" || exit 2

# A folder of our own rather than /tmp, whose replays (approve --check reads them all) are
# whatever the machine left there.
values=("" "-1" "0" "010" "18446744073709551616" "nan" "1e999" "abc" "/dev/null" "$work/folder" "/proc/none"
        "$(printf 'a\001b')" "$(printf 'a\033[31mred\nb')" "--" "-")
replay="$replays/dodge-bot-seed1.rtr"
tunnel="$replays/dodge-discrete-tunneling.rtr"
# V marks the value under test.
commands=(
  "record --game dodge --ticks 10 -o out.rtr --force --seed V"
  "record --game V --ticks 10 -o out.rtr --force"
  "record --game dodge --config V --ticks 10 -o out.rtr --force"
  "record --game dodge --ticks V -o out.rtr --force"
  "record --game tank --ticks 10 --input V -o out.rtr --force"
  "record --game dodge --ticks 10 -o V --force"
  "record --game dodge --ticks 10 -o out.rtr --force --chunk-ticks V"
  "record --game dodge --ticks 10 -o out.rtr --force --snapshot-every V"
  "record --game dodge --ticks 10 -o out.rtr --force --full-hash-every V"
  "verify V"
  "verify --allow-truncated V"
  "info V"
  "info --json V"
  "verify --json V"
  "dump --json V"
  "diff V $replay"
  "diff $replay V"
  "hunt --game dodge --runs 2 --ticks 30 --seed V -o found"
  "hunt --game dodge --runs V --ticks 30 -o found"
  "hunt --game dodge --runs 2 --ticks V -o found"
  "hunt --game dodge --seconds V --runs 2 --ticks 30 -o found"
  "hunt --game dodge --runs 2 --ticks 30 --configs V -o found"
  "hunt --game dodge --runs 2 --ticks 30 --jobs V -o found"
  "hunt --game dodge --runs 2 --ticks 30 --shard V -o found"
  "verify --jobs V $replay $tunnel"
  "hunt --game dodge --config discrete --allow-limit-breaks --runs 2 -o V"
  "shrink $tunnel --until V -o small.rtr --force"
  "shrink $tunnel --until ends-before:V -o small.rtr --force"
  "shrink $tunnel --until tunnel --max-evaluations V -o small.rtr --force"
  "shrink V --until tunnel -o small.rtr"
  "approve --check V"
  "approve --check --full-hash-every V $replay"
  "hunt --game V --configs outside --runs 2 --ticks 30 -o found"
  "V"
  "record --game dodge --ticks 10 -o out.rtr --force --set V"
  "record --game dodge --ticks 10 -o out.rtr --force --set maxSpeed=V"
  "verify $replay --set V"
  "verify $replay --set playerSpeed=V"
  "hunt --game dodge --runs 2 --ticks 30 --set V -o found"
  "show V --tick 1"
  "show $replay --tick V"
  "show $replay --tick 5 --fields V"
  "events $replay --from V"
  "events $replay --to V"
  "events $replay --kind V"
  "events $replay --where V"
  "events $replay --where toi>V"
  "trace $replay --field V --to 20"
  "trace $replay --field player.x --from V --to 20"
  "find $replay --where V"
  "find $replay --where player.x>V"
  "find $replay --where player.x>1 --next-after V"
  "find V --where player.x>1"
  "sweep V 0,0,1,1 1,1"
  "sweep 0,0,1,1 0,0,1,1 V"
  "games V"
  "games --check V"
  "games --check dodge --config V"
  "games --check dodge --set V"
)

runs=0 failures=0
for command in "${commands[@]}"; do
  for value in "${values[@]}"; do
    arguments=()
    for word in $command; do
      arguments+=("${word//V/$value}")
    done
    output=$(timeout 60 "$retrace" "${arguments[@]}" </dev/null 2>&1)
    code=$?
    runs=$((runs + 1))
    # A --json command's objects (a file's error, the tally) are for scripts; the sentence is one line.
    lines=$(printf '%s' "$output" | grep -vc '^{')
    problem=""
    if ((code > 2)); then
      problem="exit $code"
    elif grep -qE "terminate called|what\(\)|runtime error|Sanitizer" <<<"$output"; then
      problem="a crash report"
    elif LC_ALL=C grep -q '[[:cntrl:]]' <<<"${output//$'\n'/}"; then
      problem="a control byte in the output"
    elif ((code == 2 && lines > 1)) && [[ ${arguments[0]} != approve ]]; then
      problem="$lines lines for one refusal"  # approve lists each path, then a summary
    fi
    if [[ -n $problem ]]; then
      failures=$((failures + 1))
      printf 'FAILED (%s): retrace' "$problem"
      printf ' %q' "${arguments[@]}"
      printf '\n%s\n' "$(head -n 3 <<<"$output")"
    fi
  done
done
# A result that cannot be written is no result: with stdout on a full device, every command that
# prints one exits 2 with one line that says so (fmt::print would throw there and abort; printf
# ignored it and exited 0).
printing=(
  "record --game dodge --ticks 10 -o out.rtr --force"
  "verify $replay"
  "info $replay"
  "dump --json $replay"
  "diff $replay $tunnel"
  "show $replay --tick 5"
  "events $replay"
  "trace $replay --field tick --to 20"
  "find $replay --where tick>3"
  "hunt --game dodge --runs 2 --ticks 30 -o found"
  "sweep 100,60,40,12 100,110,48,24 0,100"
  "games"
)
# A pipe whose reader has gone, made without a race: a FIFO opened for reading and writing, then
# for writing, then the first closed. Where SIGPIPE is ignored (a CI runner's children, Python's),
# a write to it fails with EPIPE, and the sentence says so as it says a full disk.
# shellcheck disable=SC2094 # the one FIFO opened three ways, on purpose
mkfifo "$work/closed" && exec 4<>"$work/closed" 5>"$work/closed" 4<&- || exit 2
for command in "${printing[@]}"; do
  for out in full pipe; do
    # shellcheck disable=SC2086 # the words of the command
    if [[ $out == full ]]; then
      output=$(timeout 60 "$retrace" $command </dev/null 2>&1 >/dev/full)
    else
      output=$(trap '' PIPE; timeout 60 "$retrace" $command </dev/null 2>&1 >&5)
    fi
    code=$?
    runs=$((runs + 1))
    reason=$([[ $out == full ]] && echo "No space left on device" || echo "Broken pipe")
    if ((code != 2)) || [[ $(grep -c '' <<<"$output") != 1 || $output != *"its output could not be written in full: $reason" ]]; then
      failures=$((failures + 1))
      printf 'FAILED (exit %s with stdout on %s): retrace %s\n%s\n' "$code" "$out" "$command" "$(head -n 3 <<<"$output")"
    fi
  done
done
exec 5>&-
# A reader that goes after its first line (| head -n 1): the output is past a pipe's 64 KiB, so
# a later line meets the closed pipe. A line-buffered write that failed in its flush once lost
# its reason ("could not be written in full", nothing after).
for command in "events $replay" "trace $replay --field tick" "dump --json $replay"; do
  # shellcheck disable=SC2086 # the words of the command
  (
    trap '' PIPE
    timeout 60 "$retrace" $command </dev/null 2>"$work/said" | head -n 1 >/dev/null
    exit "${PIPESTATUS[0]}"
  )
  code=$?
  output=$(cat "$work/said")
  runs=$((runs + 1))
  if ((code != 2)) || [[ $(grep -c '' <<<"$output") != 1 || $output != *"its output could not be written in full: Broken pipe" ]]; then
    failures=$((failures + 1))
    printf 'FAILED (exit %s, stdout to a reader that went): retrace %s\n%s\n' "$code" "$command" "$(head -n 3 <<<"$output")"
  fi
done

echo "$runs runs, $failures failed"
((failures == 0))
