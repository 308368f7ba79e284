#!/usr/bin/env bash
# Counts instructions of one workload for one or more contenders with valgrind's callgrind, collecting only
# inside the timed region (`measuredRun`), at --quick sizes. Instruction counts are exact and do not
# depend on machine load, so they settle what noisy timings cannot.
#
# usage: Benchmarks/profile.sh WORKLOAD [CONTENDERS] [TOP]      e.g. Benchmarks/profile.sh cursor A,D 25
# Writes callgrind.<workload>.<contender>.out in $PROFILE_DIR (default: a temp dir it prints).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
workload="${1:?usage: profile.sh WORKLOAD [A,B,C,D] [TOP]}"
contenders="${2:-A,D}"
top="${3:-20}"
out="${PROFILE_DIR:-$(mktemp -d)}"

swift build -c release --package-path "$here" --scratch-path "$here/.build-bench" --product bench >&2
# valgrind 3.19 cannot read the DWARF 5 the toolchain emits; symbols survive --strip-debug.
binary="$out/bench"
cp "$here/.build-bench/release/bench" "$binary"
strip --strip-debug "$binary"

for contender in ${contenders//,/ }; do
    file="$out/callgrind.$workload.$contender.out"
    valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect='*measuredRun*' \
        "$binary" --quick --only "$workload" --contender "$contender" --reps 1 --no-allocations >/dev/null 2>"$file.log"
    total=$(callgrind_annotate "$file" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
    echo "== $workload $contender: $total instructions"
    callgrind_annotate "$file" | sed -n '/file:function/,$p' | sed -n "3,$((top + 2))p" | cut -c1-200
done
echo "(profiles in $out)"
