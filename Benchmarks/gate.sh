#!/usr/bin/env bash
# The performance regression gate: counts instructions of every workload for the reference (A, hand-written
# SQLite) and ORMKit (D) under callgrind (Benchmarks/profile.sh, steady state, quick sizes) and fails when a
# workload's D/A ratio is above its limit in Benchmarks/instruction-limits.txt. Instruction counts do not move with
# machine load, so noise cannot fail the gate or hide a regression; a limit sits 0.02 above the ratio measured
# when it was set. Lower a limit when a change makes D faster; raise one only with the reason in the commit.
#
# usage: Benchmarks/gate.sh        (profile.sh counts one workload per core at a time; plus the release build)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
limits="$here/instruction-limits.txt"
out="${PROFILE_DIR:-$(mktemp -d)}"
PROFILE_DIR="$out" bash "$here/profile.sh" all A,D 0

total() { awk '/^totals:/ { print $2; exit }' "$out/callgrind.$1.$2.out"; }

failed=0
echo
echo "| workload | D/A | limit | |"
echo "| --- | ---: | ---: | --- |"
while read -r workload limit; do
    case "$workload" in ''|'#'*) continue ;; esac
    a="$(total "$workload" A)"
    d="$(total "$workload" D)"
    if [ -z "$a" ] || [ -z "$d" ]; then
        echo "error: no instruction count for $workload (see $out)" >&2
        exit 1
    fi
    ratio="$(awk -v a="$a" -v d="$d" 'BEGIN { printf "%.3f", d / a }')"
    verdict="ok"
    if awk -v r="$ratio" -v l="$limit" 'BEGIN { exit !(r > l) }'; then
        verdict="**over the limit**"
        failed=1
    fi
    echo "| $workload | $ratio | $limit | $verdict |"
done <"$limits"
if [ "$failed" -ne 0 ]; then
    echo "error: D/A instructions over the limit (Benchmarks/instruction-limits.txt); profile the workload:" \
        "Benchmarks/profile.sh WORKLOAD A,D 25" >&2
    exit 1
fi
echo "instruction gate passed"
