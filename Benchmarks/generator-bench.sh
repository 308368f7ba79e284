#!/usr/bin/env bash
# Times `ormgen generate` on a synthetic schema of 200 models, with ormgen built in release and in debug
# (plugin tools are built in debug). Targets: under 1 s in release, under 5 s in debug.
#
# usage: Benchmarks/generator-bench.sh [runs]     (from anywhere; default 5 runs, the median is reported)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs="${1:-5}"
scratch="${ORMGEN_SCRATCH:-$here/.build-ormgen}"   # build folder (gitignored)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 200 models of 12 fields each (every scalar type, an optional, a default, an enum), an index, and a
# belongsTo to the previous model, spread over 10 files.
mkdir -p "$work/schema"
for file in $(seq 0 9); do
    {
        [ "$file" -eq 0 ] && echo "version: 1"
        echo "models:"
        for m in $(seq $((file * 20)) $((file * 20 + 19))); do
            cat <<YAML
  Model$m:
    table: model_$m
    fields:
      id: Int64
      title: String
      subtitle: String?
      count: Int
      small: Int32
      ratio: Double
      weight: Float
      flag: { type: Bool, default: false }
      created: Date
      payload: Data?
      uid: UUID
      status: { enum: [draft, published, archived], default: draft }
    indexes: [title, { columns: [count, ratio], unique: false }]
YAML
            if [ "$m" -gt 0 ]; then
                echo "    relations:"
                echo "      parent: { belongsTo: Model$((m - 1)), optional: true }"
            fi
        done
    } > "$work/schema/models-$file.yaml"
done

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Wall time and CPU time (user + sys) of each run; on a shared, loaded machine the CPU time is the steadier figure.
TIMEFORMAT='%R %U %S'
for configuration in release debug; do
    swift build --package-path "$root" --scratch-path "$scratch" -c "$configuration" --product ormgen >&2
    binary="$scratch/$configuration/ormgen"
    walls=()
    cpus=()
    for run in $(seq "$runs"); do
        out="$work/out-$configuration-$run"
        timing=$( { time "$binary" generate "$work/schema" --output "$out" > /dev/null 2>&1; } 2>&1 )
        read -r wall user sys <<< "$timing"
        walls+=("$wall")
        cpus+=("$(echo "$user + $sys" | bc)")
    done
    files=$(find "$work/out-$configuration-1" -name '*.swift' | wc -l)
    printf '%s: %s s wall, %s s CPU (median of %s runs; 200 models, %s files written)\n' \
        "$configuration" "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)" "$runs" "$files"
done
