#!/bin/sh
# Issue 15 item 6: `weiqi check` over the shared corpus, files per second on one core and on
# two, warm (files in the page cache) and cold (the corpus's pages dropped before each run,
# and only theirs: posix_fadvise DONTNEED), beside the time of one file. Needs hyperfine
# (Debian: apt-get install hyperfine) and python3. Run from the repository root:
#   sh crates/weiqi-cli/benches/scale.sh [CORPUS]
set -eu
corpus=${1:-../shared/corpus}
cargo build --release -p weiqi-cli
weiqi=target/release/weiqi
files=$(find "$corpus" -type f -iname '*.sgf' | wc -l)
one=games/sample.sgf
evict="python3 -c 'import os,sys
for d,_,fs in os.walk(sys.argv[1]):
    for f in fs:
        fd=os.open(os.path.join(d,f),os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' $corpus"
echo "$files files under $corpus"
hyperfine -N --warmup 20 --runs 200 --export-json target/scale-one.json "$weiqi check $one"
hyperfine -i --warmup 1 --runs 5 --export-json target/scale-warm.json \
  "$weiqi check $corpus --jobs 1 --json > /dev/null" \
  "$weiqi check $corpus --jobs 2 --json > /dev/null"
hyperfine -i --runs 5 --prepare "$evict" --export-json target/scale-cold.json \
  "$weiqi check $corpus --jobs 1 --json > /dev/null" \
  "$weiqi check $corpus --jobs 2 --json > /dev/null" \
  "find $corpus -type f -iname '*.sgf' -print0 | xargs -0 cat > /dev/null"
# The corpus holds unreadable files on purpose (exit code 2): -i keeps hyperfine going.
# Files per second of each run: files / mean seconds; the CPU time beside it (user + system)
# is what the run costs on a machine of its own.
python3 - "$files" target/scale-one.json target/scale-warm.json target/scale-cold.json <<'PY'
import json, sys
files = int(sys.argv[1])
for path in sys.argv[2:]:
    for r in json.load(open(path))["results"]:
        cpu = r["user"] + r["system"]
        n = 1 if "scale-one" in path else files
        print(f"{path.split('/')[-1]:16} {r['command'][:60]:60} wall {r['mean']*1000:9.1f} ms "
              f"(+- {r['stddev']*1000:.1f})  cpu {cpu*1000:8.1f} ms  "
              f"{n/r['mean']:8.0f} files/s wall  {n/cpu:8.0f} files/cpu-s")
PY
