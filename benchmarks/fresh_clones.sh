#!/usr/bin/env bash
# Issue 26's proof: N fresh clones of a commit (default: HEAD) in a row (default 5), each as a new
# machine would see it (empty uv and pip caches), run `make demo` then `make test`. Prints one
# line per clone: the two exit codes, the install times (uv bootstrap + demo env, then the test
# extras) and the commands' whole times; the clones are removed afterwards. Not a test: it takes
# one `make test` per clone (6-8 minutes each on a 2-core host).
set -u
n=${1:-5}
repo=$(git rev-parse --show-toplevel)
head=$(git -C "$repo" rev-parse "${2:-HEAD}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

echo "fresh clones of ${head:0:7}, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
printf 'clone\tdemo_rc\ttest_rc\tinstall_demo_s\tdemo_s\tinstall_test_s\ttest_s\tlog\n'
fails=0
for i in $(seq 1 "$n"); do
  dir="$work/clone$i"
  git clone -q "$repo" "$dir" && git -C "$dir" checkout -q "$head"  # the same commit every time
  export UV_CACHE_DIR="$work/uv-cache$i" PIP_NO_CACHE_DIR=1
  log="$work/clone$i.log"
  t0=$(now)
  make -C "$dir" .venv/.demo-stamp >"$log" 2>&1
  t1=$(now)
  make -C "$dir" demo >>"$log" 2>&1
  demo_rc=$?
  t2=$(now)
  make -C "$dir" .venv/.installed-stamp >>"$log" 2>&1
  t3=$(now)
  make -C "$dir" test >>"$log" 2>&1
  test_rc=$?
  t4=$(now)
  summary=$(grep -E '^[0-9]+ passed|passed|failed' "$log" | tail -n 1)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$demo_rc" "$test_rc" "$(secs "$t0" "$t1")" \
    "$(secs "$t1" "$t2")" "$(secs "$t2" "$t3")" "$(secs "$t3" "$t4")" "$summary"
  if [ "$demo_rc" -ne 0 ] || [ "$test_rc" -ne 0 ]; then
    fails=$((fails + 1))
    cp "$log" "$repo/fresh-clone-$i.log" && echo "  log kept: fresh-clone-$i.log"
  fi
  rm -rf "$dir" "$UV_CACHE_DIR"
done
echo "$((n - fails)) of $n clones: make demo and make test both rc 0"
[ "$fails" -eq 0 ]
