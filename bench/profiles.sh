#!/usr/bin/env bash
# Lint speed of the binary built with each cargo profile, on the same work in
# one run: `dist` (fat LTO, one codegen unit: release artefacts), `release`
# (`cargo install`), `hook` (the source pre-commit hook) and `dev` (debug).
# Uses the corpus of bench/lint.sh (generated from shared/bench if missing).
#
#   bash bench/profiles.sh            # builds each profile, then times them
#   PROFILES="dist release" bash bench/profiles.sh
#   SKIP_BUILD=1 bash bench/profiles.sh   # time what target/ already has
#
# Tools: hyperfine and jq (apt-get install hyperfine jq), python3, cargo.
# Results (gitignored): bench/results/profiles-<group>.json, profiles.md.
set -euo pipefail

B="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$B/.." && pwd)"
cd "$ROOT"
SHARED="${SHARED:-$ROOT/../shared}"
SHARED="$(cd "$SHARED" && pwd)" || { echo "shared/ not found (set SHARED=)" >&2; exit 2; }
R="$B/results"; C="$B/corpus"; mkdir -p "$R" "$C"
PROFILES="${PROFILES:-dist release hook dev}"
for t in hyperfine jq python3 cargo; do
  command -v "$t" >/dev/null || { echo "missing tool: $t (see the header of $0)" >&2; exit 2; }
done

TARGET="$(cargo metadata --format-version 1 --no-deps | jq -r .target_directory)"
declare -A BIN
for p in $PROFILES; do
  dir=$p; [ "$p" = dev ] && dir=debug
  if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "== building profile $p" >&2
    start=$SECONDS
    cargo build --locked --quiet --profile "$p" --bin mcp-elicit
    echo "$p: built in $((SECONDS - start)) s (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  fi
  BIN[$p]="$TARGET/$dir/mcp-elicit"
  [ -x "${BIN[$p]}" ] || { echo "not built: ${BIN[$p]}" >&2; exit 2; }
done

GEN="$SHARED/bench/gen_corpus.py"
[ -f "$C/10k/manifest.jsonl" ] || python3 "$GEN" --n 10000 --out "$C/10k"
[ -f "$C/session-200k.jsonl" ] || python3 "$GEN" --jsonl "$C/session-200k.jsonl" --messages 200000
ls bench/corpus/10k/*.json > "$R/list10k.txt"

run() { # run GROUP RUNS SHELL CMD-TEMPLATE (BIN is replaced by each binary)
  local g="$1" n="$2" shell="$3" template="$4" args=()
  for p in $PROFILES; do args+=(-n "$p" "${template//BIN/${BIN[$p]}}"); done
  echo "== $g (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  # shellcheck disable=SC2086
  hyperfine $shell --ignore-failure --warmup 1 --runs "$n" \
    --export-json "$R/profiles-$g.json" "${args[@]}"
}
run one 30 -N "BIN lint --spec 2025-06-18 bench/corpus/10k/elicit-0000.json"
run batch10k 5 --shell=bash "BIN lint --spec 2025-06-18 \$(cat $R/list10k.txt) >/dev/null"
run jsonl 3 -N "BIN lint --spec 2025-06-18 bench/corpus/session-200k.jsonl"

{
  echo "| profile | size | one file | 10,000 files | 200k-message session |"
  echo "|---|---|---|---|---|"
  for p in $PROFILES; do
    row="| $p | $(( $(stat -c %s "${BIN[$p]}") / 1024 / 1024 )) MiB"
    for g in one batch10k jsonl; do
      row+=" | $(jq -r --arg p "$p" '.results[] | select(.command == $p) | "\(.median * 1000 | round) ms"' "$R/profiles-$g.json")"
    done
    echo "$row |"
  done
  echo
  echo "medians; load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
} | tee "$R/profiles.md"
