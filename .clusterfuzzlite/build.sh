#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script (issue 12, item 5): builds every cargo-fuzz target of
# fuzz/ (release and AddressSanitizer, `cargo fuzz build -O`, as ClusterFuzzLite's Rust guide
# has it, plus `--debug-assertions`: overflow checks found the `Point::to_sgf` bug, and these are
# cargo-fuzz's default flags, so the build is shared with `cargo xtask fuzz`) and copies each binary to $OUT, with
# $OUT/<target>_seed_corpus.zip made of fuzz/seeds/<target>/ and fuzz/regressions/<target>/.
#
# In the builder image (.clusterfuzzlite/Dockerfile) the repository is $SRC/weiqi, the working
# directory, and the toolchain is the image's nightly. Run on a developer machine as a plain
# script (`bash .clusterfuzzlite/build.sh`), it finds the repository from its own path, writes
# to target/clusterfuzzlite-out/ unless $OUT is set, and uses `rustup`'s nightly toolchain when
# the default one is not nightly. `cargo xtask ci` runs it this way where cargo-fuzz exists.

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ -f "$PWD/fuzz/Cargo.toml" ]; then
  project="$PWD"
elif [ -n "${SRC:-}" ] && [ -f "$SRC/weiqi/fuzz/Cargo.toml" ]; then
  project="$SRC/weiqi"
else
  project="$(dirname "$script_dir")"
fi
OUT="${OUT:-$project/target/clusterfuzzlite-out}"
mkdir -p "$OUT"
cd "$project"

# cargo-fuzz needs a nightly compiler: the image's default one, or rustup's nightly here.
if ! rustc --version | grep -q nightly; then
  if rustup run nightly rustc --version >/dev/null 2>&1; then
    export RUSTUP_TOOLCHAIN=nightly
  else
    echo "build.sh: no nightly toolchain (rustup toolchain install nightly)" >&2
    exit 1
  fi
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "build.sh: cargo-fuzz is not installed (cargo install cargo-fuzz --locked)" >&2
  exit 1
fi

host="$(rustc -vV | sed -n 's/^host: //p')"
cargo fuzz build -O --debug-assertions
targets="$(cargo fuzz list)"
for target in $targets; do
  cp "fuzz/target/$host/release/$target" "$OUT/"
  corpus=()
  for dir in fuzz/seeds/$target fuzz/regressions/$target; do
    if [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ]; then corpus+=("$dir"); fi
  done
  if [ ${#corpus[@]} -gt 0 ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    if command -v zip >/dev/null 2>&1; then
      zip -q -j -r "$OUT/${target}_seed_corpus.zip" "${corpus[@]}"
    else
      python3 - "$OUT/${target}_seed_corpus.zip" "${corpus[@]}" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for d in sys.argv[2:]:
        for name in sorted(os.listdir(d)):
            z.write(os.path.join(d, name), name)
PY
    fi
  fi
  echo "build.sh: $OUT/$target"
done
