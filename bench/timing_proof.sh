#!/usr/bin/env bash
# Does CI's timing step keep its word? It runs the tests marked "timing" alone,
# serially, once per build (.ci/run). This script runs that step RUNS times in a row
# (default 10) and counts the runs that pass:
#
#   bench/timing_proof.sh busy [RUNS]       the other core kept busy by a CPU loop the
#                                           whole time: every run must pass
#   bench/timing_proof.sh quadratic [RUNS]  the step against a copy of src/ in which one
#                                           kernel is made quadratic (the aggressive
#                                           profile's query cleaning copies its list of
#                                           parameters at every CFTOKEN that drops the
#                                           CFID before it): every run must fail
#
# BUILD=python (default) or BUILD=c picks the build, as URIKIT_TEST_BUILDS does; the
# quadratic kernel is Python in both builds (the C fast path leaves such queries to
# it). Run from the root of a checkout whose urikit is installed in the active
# environment (pip install -e '.[test]'). Exit status 0 when every run went the way
# it must. CONTRIBUTING.md ("CI") records the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:?usage: bench/timing_proof.sh busy|quadratic [RUNS]}
runs=${2:-10}
build=${BUILD:-python}
case $build in
python) build_env=(URIKIT_NO_SPEEDUPS=1 URIKIT_TEST_BUILDS=python) ;;
c) build_env=(URIKIT_REQUIRE_SPEEDUPS=1 URIKIT_TEST_BUILDS=c) ;;
*) echo "BUILD must be python or c, not $build" >&2; exit 2 ;;
esac
scratch=$(mktemp -d)
loop_pid=
cleanup() {
  [ -n "$loop_pid" ] && kill "$loop_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

extra_env=()
pytest_args=(tests -m timing -n 0 -q -p no:cacheprovider)
case $mode in
busy)
  python3 -c 'while True: pass' &
  loop_pid=$!
  ;;
quadratic)
  cp -r src "$scratch/src"
  file="$scratch/src/urikit/canonical_forms/_crawler.py"
  [ "$(grep -cx "            out.pop()" "$file")" = 1 ] || { echo "the kernel to make quadratic moved: $file" >&2; exit 2; }
  sed -i 's/^            out\.pop()$/            out = out[:-1]  # deliberately quadratic/' "$file"
  extra_env=(PYTHONPATH="$scratch/src")
  env PYTHONPATH="$scratch/src" python -c 'import os, sys, urikit; sys.exit(not urikit.__file__.startswith(os.environ["PYTHONPATH"]))' ||
    { echo "the copy of src/ is not the urikit imported" >&2; exit 2; }
  pytest_args+=(-x) # the first failure is the run's answer
  ;;
*) echo "usage: bench/timing_proof.sh busy|quadratic [RUNS]" >&2; exit 2 ;;
esac

passed=0
for run in $(seq 1 "$runs"); do
  start=$SECONDS
  if env "${build_env[@]}" "${extra_env[@]}" python -m pytest "${pytest_args[@]}" >"$scratch/run$run.log" 2>&1; then
    outcome=passed
    passed=$((passed + 1))
  else
    outcome=FAILED
  fi
  # the failed test and the first line of its assertion, or the summary line
  summary=$({ grep -m 1 '^FAILED' "$scratch/run$run.log" || true; grep -m 1 -E '^E +(assert|AssertionError)' "$scratch/run$run.log" || true
    grep -m 1 -E '^E +assert [0-9.]+ <= ' "$scratch/run$run.log" || true
    grep -E -m 1 '^=+ .* in [0-9.]+s' "$scratch/run$run.log" || true; } | tr -s ' ' | tr '\n' ' ')
  printf 'run %2d (%s build, %s): %s in %d s  %s\n' "$run" "$build" "$mode" "$outcome" $((SECONDS - start)) "$summary"
done
echo "$passed of $runs runs passed; $(uptime)"
if [ "$mode" = busy ]; then [ "$passed" -eq "$runs" ]; else [ "$passed" -eq 0 ]; fi
