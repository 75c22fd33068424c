# Shared by scripts/mutation-check and scripts/mutations/unit-check: a scratch copy of the tree
# and one mutation applied to it. Sourced, not run.

# Brings the scratch tree $1 up to the tracked files as they are now. Only a file whose content
# differs is copied (with a new time, so the build redoes it): the build stays incremental, and
# a file left mutated by a run that was stopped, or edited by hand, is never taken for the one
# its objects were built from.
sync_scratch_tree() {
  local scratch_src="$1" file
  while IFS= read -r -d '' file; do
    cmp -s "$RETRACE_ROOT/$file" "$scratch_src/$file" && continue
    mkdir -p "$scratch_src/$(dirname "$file")"
    cp "$RETRACE_ROOT/$file" "$scratch_src/$file"
  done < <(cd "$RETRACE_ROOT" && git ls-files -z)
}

# Applies a catalogue line's change to the file $1 (a path in the scratch tree): FROM ($2)
# becomes TO ($3), both with the catalogue's escapes (\n, \t). Keeps the file's content in
# mutation_original for restore_mutation; on failure leaves the file as it was and says why in
# mutation_problem.
apply_mutation() {
  local target="$1" from to content rest count
  printf -v from '%b' "$2"
  printf -v to '%b' "$3"
  mutation_problem=""
  if [[ ! -f "$target" ]]; then mutation_problem="there is no such file"; return 1; fi
  content=$(cat "$target"; printf x)
  content=${content%x}
  rest=${content//"$from"/}
  count=$(( (${#content} - ${#rest}) / ${#from} ))
  if ((count != 1)); then mutation_problem="FROM occurs $count times, not once"; return 1; fi
  mutation_original="$content"
  printf '%s' "${content/"$from"/"$to"}" > "$target"
}

# Puts back the file $1 as apply_mutation found it; its new time makes the next build redo it.
restore_mutation() { printf '%s' "$mutation_original" > "$1"; }
