#!/bin/sh
# Run every atheris harness briefly with a fixed seed (default 5 s each), from
# the seed corpus (RFC examples + the first lines of ../shared/corpus) with the
# dictionary fuzz/uri.dict. New inputs go to a temporary directory, never to
# the repository. Needs: pip install atheris; the C extension built in place
# (URIKIT_REQUIRE_SPEEDUPS=1 pip install -e .). Exit status is non-zero on a finding.
#
#   fuzz/run.sh            # 5 seconds per harness
#   fuzz/run.sh 60         # a minute per harness
set -eu
seconds="${1:-5}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python "$here/_common.py" "$work/seeds"
for harness in parse is_valid resolve normalize percent differential extract; do
    echo "== fuzz_$harness (${seconds}s)"
    mkdir -p "$work/$harness"
    cp "$work/seeds/"* "$work/$harness/"
    if ! (cd "$work" && python "$here/fuzz_$harness.py" -seed=1 -max_total_time="$seconds" \
        -dict="$here/uri.dict" -max_len=4096 -print_final_stats=1 "$work/$harness" \
        >"$work/$harness.log" 2>&1); then
        tail -n 60 "$work/$harness.log"
        echo "fuzz_$harness FAILED (log above)"
        exit 1
    fi
    grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$work/$harness.log" || true
done
echo "fuzz: all harnesses ran clean"
