#!/usr/bin/env bash
# Instruction counts per workload and implementation with callgrind (repeatable on a shared
# machine, where times are not). Counts only the measured loop (`weiqi_bench::run::measured`:
# board construction, playouts or replays, scoring), not the corpus generation.
#
#   crates/weiqi-bench/callgrind.sh [W SIZE PLAYOUTS SEED [IMPL...]]
#   crates/weiqi-bench/callgrind.sh            # the default table below
#
# Prints one line per run: workload, implementation, instructions (Ir), Ir per move (W1-W3) or
# per position (W4, area and territory together), and the out file for callgrind_annotate.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p weiqi-bench
bin=target/release/weiqi-bench
out=${CALLGRIND_DIR:-target/callgrind}
mkdir -p "$out"

one() {
    local w=$1 size=$2 n=$3 seed=$4 imp=$5
    local file="$out/$w-$size-$imp.out"
    local line
    line=$(valgrind --tool=callgrind --callgrind-out-file="$file" \
        --toggle-collect='*weiqi_bench::run::measured*' \
        "$bin" "$w" "$size" "$n" "$seed" --impl "$imp" 2>/dev/null)
    local ir units
    ir=$(sed -n 's/^summary: //p' "$file")
    case $w in
        w4) units=$(sed -n 's/.* positions=\([0-9]*\).*/\1/p' <<<"$line"); units=$((units * 2)) ;;
        *) units=$(sed -n 's/.* moves=\([0-9]*\).*/\1/p' <<<"$line") ;;
    esac
    printf '%-8s %3s %-12s Ir=%-14s Ir_per_unit=%-8s %s\n' \
        "$w" "$size" "$imp" "$ir" "$((ir / units))" "$file"
    if [ "$w" = w4 ]; then
        # The area and territory counts apart (their loops run in measured_area and
        # measured_territory), per position.
        local kind n
        for kind in area territory; do
            n=$(callgrind_annotate --inclusive=yes "$file" 2>/dev/null |
                sed -n "s/^ *\([0-9,]*\) .*run::measured_$kind.*/\1/p" | head -1 | tr -d ,)
            printf '         %-9s Ir_per_position=%s\n' "$kind" "$(( ${n:-0} * 2 / units ))"
        done
    fi
}

if [ $# -ge 4 ]; then
    w=$1 size=$2 n=$3 seed=$4
    shift 4
    for imp in "${@:-engine}"; do one "$w" "$size" "$n" "$seed" "$imp"; done
    exit 0
fi

for size in 9 19; do
    n=$([ "$size" = 9 ] && echo 100 || echo 5)
    for w in w1 w2; do
        for imp in engine goban; do one $w $size $n 1 $imp; done
    done
    for w in w2-ssk w2-nssk w2-ing; do one $w $size $n 1 engine; done
    for imp in engine goban; do one w3 $size 1 11 $imp; done
done
for imp in engine interpreter; do one w4 19 1 11 $imp; done
