#!/usr/bin/env bash
# Counts instructions of one workload for one or more contenders with valgrind's callgrind, instrumenting only the
# timed body (`measuredRun` switches callgrind on and off around it with client requests; the fixtures and the warm-up
# run go uninstrumented, several times faster), at --quick sizes. Needs valgrind/callgrind.h when bench is built. Instruction counts are exact and do not
# depend on machine load, so they settle what noisy timings cannot.
#
# usage: Benchmarks/profile.sh [--postgres] WORKLOAD|all [CONTENDERS] [TOP]
#   Benchmarks/profile.sh cursor A,D 25    totals and the 25 costliest functions of each contender
#   Benchmarks/profile.sh all A,C,D 0      a Markdown table of totals for every workload but jsonPath, with D/A and D/C
#   Benchmarks/profile.sh --postgres all A,D 0
#                                          the same for PostgreSQL (bench-postgres): the client process only, its
#                                          event-loop threads included; the server runs outside valgrind, at
#                                          $ORMKIT_POSTGRES_URL or in a throwaway cluster (scripts/postgres-cluster.sh)
# Writes callgrind.<workload>.<contender>.out in $PROFILE_DIR (default: a temp dir it prints).
# Steady state by default: one untimed run of the workload first (`--warm-up`), so the counts leave out what
# a process pays once (type metadata instantiation, each generated model's `schema`). FIRST_RUN=1 counts the
# first run of a fresh process instead.
# The bench runs with SWIFT_DETERMINISTIC_HASHING=1: Swift seeds its hashing per process, and the dictionaries the
# JSON decoder and the statement caches probe moved SQLite counts by up to 0.3M between identical runs without it.
# PostgreSQL counts move by about 0.2% between runs (how many times the event loop wakes depends on timing); SQLite's
# are exact.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
product=bench
server=()  # bench-postgres's --url
other=C    # the contender the table's last column compares D with: GRDB, or Fluent on PostgreSQL
if [ "${1:-}" = --postgres ]; then
    product=bench-postgres
    other=F
    shift
    if [ -z "${ORMKIT_POSTGRES_URL:-}" ]; then
        exec bash "$here/../scripts/postgres-cluster.sh" run -- bash "$here/profile.sh" --postgres "$@"
    fi
    server=(--url "$ORMKIT_POSTGRES_URL")
fi
workload="${1:?usage: profile.sh [--postgres] WORKLOAD|all [A,B,C,D] [TOP]}"
contenders="${2:-A,D}"
top="${3:-20}"
out="${PROFILE_DIR:-$(mktemp -d)}"
mkdir -p "$out"
warm_up="--warm-up"
[ "${FIRST_RUN:-0}" = 1 ] && warm_up=""

# The folder `swift run -c release --package-path Benchmarks bench` builds in: CI builds once for both.
swift build -c release --package-path "$here" --product "$product" >&2
# valgrind 3.19 cannot read the DWARF 5 the toolchain emits; symbols survive --strip-debug.
binary="$out/$product"
cp "$here/.build/release/$product" "$binary"
strip --strip-debug "$binary"

count() { # workload contender -> total instructions
    local file="$out/callgrind.$1.$2.out"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$file" --instr-atstart=no \
        "$binary" "${server[@]}" --quick --only "$1" --contender "$2" --reps 1 --no-allocations $warm_up >/dev/null 2>"$file.log"
    local total
    total="$(callgrind_annotate "$file" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')"
    if [ -z "$total" ] || [ "$total" = 0 ]; then
        echo "error: callgrind counted nothing for $1 $2: was bench built without valgrind/callgrind.h? (see $file.log)" >&2
        exit 1
    fi
    echo "$total"
}

if [ "$workload" = all ]; then
    echo "| workload | ${contenders//,/ | } | D/A | D/$other |"
    echo "| --- |$(for _ in ${contenders//,/ }; do printf ' ---: |'; done) ---: | ---: |"
    # jsonPath (the path filter without its index) is left out: its count is SQLite's json_extract over every scanned
    # row for both contenders (D/A 1.00 on 2026-11-29), and it took about 37 s under callgrind (A and D).
    # matching and the soft-delete twins (fetchPlain … eagerSoft) are left out too: see Benchmarks/README.md,
    # "What the quick runs and the gate cost".
    workloads=(insert fetchAll lookup query update upsert cursor eager jsonPathIndexed)
    # Every count first, PROFILE_JOBS at a time (SQLite: one per core, since each count is exact whatever else runs;
    # PostgreSQL: one, since the client's event loop wakes with the server's timing). A failing count stops the script.
    jobs="${PROFILE_JOBS:-$([ "$product" = bench ] && nproc || echo 1)}"
    running=0
    for w in "${workloads[@]}"; do
        for c in ${contenders//,/ }; do
            if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
            count "$w" "$c" >"$out/total.$w.$c" &
            running=$((running + 1))
        done
    done
    while [ "$running" -gt 0 ]; do wait -n; running=$((running - 1)); done
    for w in "${workloads[@]}"; do
        declare -A total=()
        row="| $w |"
        for c in ${contenders//,/ }; do
            total[$c]=$(cat "$out/total.$w.$c")
            row="$row $(awk -v n="${total[$c]}" 'BEGIN { printf "%.1fM", n / 1e6 }') |"
        done
        ratio() { [ -n "${total[$1]:-}" ] && [ -n "${total[$2]:-}" ] && awk -v a="${total[$1]}" -v b="${total[$2]}" 'BEGIN { printf "%.2f", a / b }' || echo "–"; }
        echo "$row $(ratio D A) | $(ratio D "$other") |"
        unset total
    done
else
    for contender in ${contenders//,/ }; do
        total=$(count "$workload" "$contender")
        echo "== $workload $contender: $total instructions"
        callgrind_annotate "$out/callgrind.$workload.$contender.out" | sed -n '/file:function/,$p' | sed -n "3,$((top + 2))p" | cut -c1-200
    done
fi
echo "(profiles in $out)"
