#!/usr/bin/env bash
# breakout's own binaries, as its developers would use them: record with the bot, verify, check
# the game contract, hunt with the oracle (the discrete configuration's tunnels just past the
# declared limit are found, none within it), shrink a finding, keep it as a regression replay
# with its .expect that verify --expect and its JUnit report pass, and render a frame with the
# game's own viewer. Its sentences name its program, not retrace's.
#
#   tools_test.sh BREAKOUT_RETRACE BREAKOUT_VIEW WORK_DIR
set -u
cli=$1 view=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 2
fail() { echo "breakout tools: $*" >&2; exit 1; }
step() { echo "--- $*"; }

step record
"$cli" record --game breakout --seed 3 --ticks 3600 --input bot -o "$work/bot.rtr" || fail "record failed"
step verify
"$cli" verify "$work/bot.rtr" || fail "verify of a fresh recording failed"
"$cli" games | grep -q 'breakout' || fail "games does not list breakout"
step "sentences name this program"
program=$(basename "$cli")
said=$("$cli" show "$work/bot.rtr" --tick 5 --fields nothing.here 2>&1)
case $said in
  "$program show: no field of breakout matches "*" at tick 5 ($program show "*" --tick 5 lists them all)") ;;
  *) fail "a refusal does not name the program it came from: $said" ;;
esac
# A sentence of the replay library's, given through the commands, suggests this program too.
said=$("$cli" find "$work/bot.rtr" --where 'nothing.here == 1' 2>&1)
case $said in
  *"($program show FILE --tick 0 lists them)"*) ;;
  *) fail "the library's sentence does not suggest the program it came from: $said" ;;
esac
# The viewer sends a name no field has to its own inspector, not to a program of another name.
said=$(xvfb-run -a "$view" "$work/bot.rtr" --png "$work/typo.png" --plot nothing.here 2>&1)
case $said in
  *"(its inspector lists every field: $(basename "$view") "*) ;;
  *) fail "the viewer's refusal does not send the user to its own inspector: $said" ;;
esac
step "the game contract"
"$cli" games --check breakout || fail "breakout breaks the game contract"

step "hunt within the limit"
"$cli" hunt --game breakout --config discrete --configs within --runs 20 --ticks 1200 --seed 1 --no-progress -o "$work/within"
status=$?
[ "$status" = 0 ] || fail "the hunt within the declared limit exited $status, not 0 (a tunnel within the limit?)"

step "hunt past the limit"
"$cli" hunt --game breakout --config discrete --configs outside --runs 20 --ticks 1200 --seed 1 --no-progress -o "$work/outside"
status=$?
[ "$status" = 1 ] || fail "the hunt past the declared limit exited $status, not 1 (it found no tunnel)"
finding=$(ls "$work"/outside/*.rtr 2>/dev/null | head -1)
[ -n "$finding" ] || fail "the hunt saved no finding"
"$cli" verify "$finding" > "$work/finding.txt" 2>&1
grep -q 'tunnel' "$work/finding.txt" || { cat "$work/finding.txt"; fail "verify does not show the finding's tunnel"; }

step shrink
"$cli" shrink "$finding" --until tunnel -o "$work/small.rtr" || fail "shrink failed"
"$cli" verify "$work/small.rtr" > "$work/small.txt" 2>&1
grep -q 'tunnel' "$work/small.txt" || { cat "$work/small.txt"; fail "the shrunk replay no longer tunnels"; }
before=$("$cli" info "$finding" | grep -o '[0-9]* ticks' | head -1 | cut -d' ' -f1)
after=$("$cli" info "$work/small.rtr" | grep -o '[0-9]* ticks' | head -1 | cut -d' ' -f1)
[ -n "$before" ] && [ -n "$after" ] && [ "$after" -le "$before" ] || fail "shrink made $before ticks into $after"

step "the finding kept as a regression replay gates CI"
# The .expect shrink wrote beside it says what it shows; the two copied pin the finding.
grep -qx 'tunnels >= 1' "$work/small.expect" || { cat "$work/small.expect"; fail "shrink wrote no .expect saying the tunnel"; }
cp "$work/small.rtr" "$work/regression.rtr" && cp "$work/small.expect" "$work/regression.expect" || exit 2
"$cli" verify --expect "$work/bot.rtr" "$work/regression.rtr" --junit "$work/report.xml" > "$work/gate.txt" 2>&1 ||
  { cat "$work/gate.txt"; fail "verify --expect does not pass the finding on what its .expect expects"; }
[ "$(grep -c 'classname="retrace.verify.breakout"' "$work/report.xml")" = 2 ] || { cat "$work/report.xml"; fail "the JUnit report lacks a case"; }

step render
xvfb-run -a "$view" "$work/bot.rtr" --png "$work/frame.png" --tick 300 || fail "breakout-view could not render a frame"
[ -s "$work/frame.png" ] || fail "no frame.png"
xvfb-run -a "$view" "$work/bot.rtr" --gif "$work/clip.gif" --from 240 --to 300 >/dev/null || fail "breakout-view could not render a clip"
[ "$(head -c 6 "$work/clip.gif")" = "GIF89a" ] || fail "clip.gif is no GIF"
echo "breakout tools: record, verify, hunt (within: none; past the limit: found), shrink, gate and render all work"
