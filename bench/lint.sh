#!/usr/bin/env bash
# Time `mcp-elicit lint` against the serde_json parse-only floor and the generic
# JSON Schema validators people use today, on the shared benchmark corpus.
# Modelled on shared/bench/run_peers.sh (same corpus generator, metaschema and floor).
#
#   bash bench/lint.sh                     # everything (about 1-2 min on 2 cores; check-jsonschema on 10k files alone ~14-28 s)
#   QUICK=1 bash bench/lint.sh             # fewer runs, no check-jsonschema on the 10k corpus
#   BENCH_GROUPS="one jsonl" bash bench/lint.sh   # only some groups
#   MCP_ELICIT=/path/to/mcp-elicit bash bench/lint.sh   # use that binary, skip `cargo build`
#   SHARED=/elsewhere/shared bash bench/lint.sh         # default: <repo>/../shared
#   LINT_ARGS="--spec 2025-06-18"          # extra arguments to every `mcp-elicit lint` (this is the default;
#                                          # the corpus and the peers' metaschema follow 2025-06-18)
#
# Groups:
#   one      one valid file, one process: mcp-elicit vs floor vs check-jsonschema vs ajv-cli
#   batch10k 10,000 files in one process (paths through `$(cat list)` under --shell=bash: 10k paths
#            inline would exceed one argv string's 128 KiB limit); check-jsonschema (~28 s a run) gets
#            its own one-run hyperfine call, skipped with QUICK=1
#   jsonl    the 200,000-message JSONL session: mcp-elicit vs floor `jsonl`, with MB/s
#   memory   peak RSS (GNU /usr/bin/time %M, the "Maximum resident set size" of -v) of mcp-elicit (and the floor) on the 200k- and 400k-message
#            sessions: a streaming linter's peak memory must not grow with the file
# Results (gitignored): bench/results/<group>.json (hyperfine --export-json), <group>.meta
# ("files bytes per-unit", read by shared/bench/summarize.py), summary.md, memory.txt, env.txt,
# agreement.txt. Corpora (gitignored) in bench/corpus/, the floor binary in bench/target/.
#
# Tools (install once; all from their ordinary registries):
#   apt-get update && apt-get install -y hyperfine jq time   # hyperfine 1.15.0, time 1.9-0.2 measured
#   pip install check-jsonschema                             # 0.39.0 measured
#   npm install -g ajv-cli ajv-formats                       # ajv-cli 5.0.0, ajv-formats 3.0.1 measured
#   the floor and mcp-elicit are built by this script with cargo (release)
set -euo pipefail

B="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"   # .../bench
ROOT="$(cd "$B/.." && pwd)"                          # the repo
cd "$ROOT"
SHARED="${SHARED:-$(git rev-parse --show-toplevel 2>/dev/null || echo "$ROOT")/../shared}"
SHARED="$(cd "$SHARED" && pwd)" || { echo "shared/ not found (set SHARED=)" >&2; exit 2; }
META="$SHARED/bench/elicitation-metaschema.json"
R="$B/results"; C="$B/corpus"; mkdir -p "$R" "$C"
QUICK="${QUICK:-0}"
BENCH_GROUPS="${BENCH_GROUPS:-one batch10k jsonl memory}"
LINT_ARGS="${LINT_ARGS-"--spec 2025-06-18"}"   # set LINT_ARGS= (empty) for none
want() { [[ " $BENCH_GROUPS " == *" $1 "* ]]; }

# --- tools -------------------------------------------------------------------------------
# Resolve pyenv shims to the real entry point: a shim adds ~50-100 ms of bash+pyenv per call.
CJ="$(pyenv which check-jsonschema 2>/dev/null || command -v check-jsonschema || true)"
AJV="$(command -v ajv || true)"
TIME=/usr/bin/time
for t in hyperfine jq python3 cargo "$CJ" "$AJV" "$TIME"; do
  if [ -z "$t" ] || ! command -v "$t" >/dev/null; then
    echo "missing tool: ${t:-check-jsonschema/ajv} (see the header of $0)" >&2; exit 2
  fi
done
[ -d "$(npm root -g 2>/dev/null)/ajv-formats" ] || { echo "missing tool: ajv-formats (npm install -g ajv-formats)" >&2; exit 2; }

# --- binaries ------------------------------------------------------------------------------
if [ -n "${MCP_ELICIT:-}" ]; then
  BIN="$MCP_ELICIT"
else
  cargo build --release --bin mcp-elicit
  BIN="$(cargo metadata --format-version 1 --no-deps | jq -r .target_directory)/release/mcp-elicit"
fi
[ -x "$BIN" ] || { echo "not executable: $BIN" >&2; exit 2; }
# The floor is built from shared/ (read-only there) into bench/target/.
cargo build --release --locked -q --manifest-path "$SHARED/bench/floor/Cargo.toml" --target-dir "$B/target"
FLOOR="$B/target/release/json-floor"

# --- corpus ----------------------------------------------------------------------------------
GEN="$SHARED/bench/gen_corpus.py"
[ -f "$C/10k/manifest.jsonl" ]     || python3 "$GEN" --n 10000 --out "$C/10k"
[ -f "$C/session-200k.jsonl" ]     || python3 "$GEN" --jsonl "$C/session-200k.jsonl" --messages 200000
if want memory; then
  [ -f "$C/session-400k.jsonl" ]   || python3 "$GEN" --jsonl "$C/session-400k.jsonl" --messages 400000
fi
# Relative paths keep the argv (and the finding lines) short; every command runs from $ROOT.
ls bench/corpus/10k/*.json > "$R/list10k.txt"
ONE=bench/corpus/10k/elicit-0000.json   # a valid, pretty-printed params object
S200=bench/corpus/session-200k.jsonl
S400=bench/corpus/session-400k.jsonl
bytes_of_list() { xargs cat < "$1" | wc -c; }
L="$(printf '%s' "$BIN lint $LINT_ARGS" | sed 's/ *$//')"   # our command prefix

# --- environment record ---------------------------------------------------------------------
{
  date -u; uname -a; nproc; grep -m1 'model name' /proc/cpuinfo; free -h | head -2
  echo "mcp-elicit: $BIN ($("$BIN" --version 2>&1 | head -n1 || true)); lint args: $LINT_ARGS"
  echo "floor: $FLOOR"
  echo "check-jsonschema $("$CJ" --version)"
  echo "ajv-cli $(npm ls -g ajv-cli --depth=0 2>/dev/null | grep -o "ajv-cli@.*"), $(npm ls -g ajv-formats --depth=0 2>/dev/null | grep -o "ajv-formats@.*")"
  hyperfine --version; dpkg-query -W -f 'GNU time ${Version}\n' time 2>/dev/null || true; python3 --version; node --version
  echo "load before: $(cat /proc/loadavg)"
} > "$R/env.txt" 2>&1

# --- agreement: files our lint flags with an error vs the manifest's invalid files -------------
{
  echo "manifest invalid (10k): $(grep -c '"valid": false' "$C/10k/manifest.jsonl")"
  # shellcheck disable=SC2046  # word splitting of the path list is intended
  echo "mcp-elicit files with an error: $($L $(cat "$R/list10k.txt") 2>/dev/null | grep -E '^[^:]+:[0-9]+:[0-9]+: error\[' | cut -d: -f1 | sort -u | wc -l)"
  echo "session manifest invalid lines (200k): $(wc -l < "$C/session-200k.jsonl.manifest.jsonl")"
  echo "mcp-elicit session lines with an error: $($L $S200 2>/dev/null | grep -E '^[^:]+:[0-9]+:[0-9]+: error\[' | cut -d: -f2 | sort -u | wc -l)"
} > "$R/agreement.txt" 2>&1 || true
cat "$R/agreement.txt"

# --- hyperfine helpers ---------------------------------------------------------------------
RUNS=20; RUNS_BIG=3
[ "$QUICK" = 1 ] && { RUNS=5; RUNS_BIG=1; }
SHELLOPT="-N"   # no intermediate shell, unless a group sets SHELLOPT=--shell=bash
hfn() { # hfn GROUP RUNS NAME1 CMD1 NAME2 CMD2 ...  (one hyperfine run per group)
  local g="$1" n="$2"; shift 2
  local names=() cmds=()
  while [ $# -gt 0 ]; do names+=(-n "$1"); cmds+=("$2"); shift 2; done
  echo "== $g (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  echo "$g: load before $(cut -d' ' -f1-3 /proc/loadavg)" >> "$R/load.txt"
  # shellcheck disable=SC2086
  hyperfine $SHELLOPT --ignore-failure --warmup "${WARMUP:-1}" --runs "$n" \
    --export-json "$R/$g.json" "${names[@]}" "${cmds[@]}"
}
mbs() { # mbs GROUP BYTES: median seconds and MB/s of every command in results/GROUP.json
  jq -r --argjson b "$2" '.results[] | [.command, (.median|tostring), ($b / .median / 1e6 | . * 10 | round / 10 | tostring)]
    | "  \(.[0]): median \(.[1][0:6]) s, \(.[2]) MB/s"' "$R/$1.json"
}

# (a) one file, one process: startup + 1 document
if want one; then
  echo "1 $(wc -c < $ONE) 1" > "$R/one.meta"
  hfn one "$RUNS" \
    "mcp-elicit lint"          "$L $ONE" \
    "serde_json Value (floor)" "$FLOOR files $ONE" \
    "check-jsonschema"         "$CJ --schemafile $META $ONE" \
    "ajv-cli"                  "$AJV validate -s $META -d $ONE -c ajv-formats"
fi

# (b) the 10,000-file corpus in one process (pre-commit --all-files / CI)
if want batch10k; then
  LIST="$R/list10k.txt"
  echo "$(wc -l < "$LIST") $(bytes_of_list "$LIST") $(wc -l < "$LIST")" > "$R/batch10k.meta"
  # ajv-cli's -d takes ONE value: it gets a quoted glob and expands it itself (a shell-expanded
  # glob would silently validate only the first file).
  SHELLOPT=--shell=bash hfn batch10k "$RUNS_BIG" \
    "mcp-elicit lint (10k paths)"       "$L \$(cat $LIST)" \
    "serde_json Value (floor)"          "$FLOOR files \$(cat $LIST)" \
    "ajv-cli validate (glob)"           "$AJV validate -s $META -d 'bench/corpus/10k/*.json' -c ajv-formats"
  rm -f "$R/batch10k_cj.json" "$R/batch10k_cj.meta"   # no stale row in summary.md under QUICK=1
  if [ "$QUICK" != 1 ]; then
    cp "$R/batch10k.meta" "$R/batch10k_cj.meta"
    SHELLOPT=--shell=bash WARMUP=0 hfn batch10k_cj 1 \
      "check-jsonschema (10k paths)"    "$CJ --schemafile $META \$(cat $LIST)"
  fi
fi

# (c) streaming: one 200k-message JSONL session
if want jsonl; then
  SB="$(wc -c < $S200)"
  echo "200000 $SB 200000" > "$R/jsonl.meta"
  hfn jsonl "$RUNS_BIG" \
    "mcp-elicit lint (200k JSONL)"      "$L $S200" \
    "serde_json Value (floor)"          "$FLOOR jsonl $S200"
  echo "jsonl ($SB bytes):"; mbs jsonl "$SB"
fi

# (d) peak memory must not grow with the session's length
if want memory; then
  rss() { # rss CMD...: prints "maxrss_kB exit_code wall"
    local out rc=0; out="$(mktemp)"
    "$TIME" -o "$out" -f '%M %x %e' "$@" >/dev/null 2>&1 || rc=$?
    # GNU time writes "Command exited with non-zero status N" first when rc != 0
    tail -n1 "$out"; rm -f "$out"
  }
  {
    printf '%-28s %-32s %12s %12s %6s %8s\n' tool file bytes maxrss_kB exit wall_s
    for f in "$S200" "$S400"; do
      # shellcheck disable=SC2086  # $L is the command and its arguments
      read -r kb rc wall <<< "$(rss $L "$f")"
      printf '%-28s %-32s %12s %12s %6s %8s\n' mcp-elicit "$f" "$(wc -c < "$f")" "$kb" "$rc" "$wall"
      read -r kb rc wall <<< "$(rss "$FLOOR" jsonl "$f")"
      printf '%-28s %-32s %12s %12s %6s %8s\n' "serde_json Value (floor)" "$f" "$(wc -c < "$f")" "$kb" "$rc" "$wall"
    done
  } | tee "$R/memory.txt"
  awk '$1=="mcp-elicit"{kb[++n]=$4; rc[n]=$5} END{
         if (rc[1]>1 || rc[2]>1) print "WARNING: mcp-elicit exited " rc[1] "/" rc[2] " (usage or I/O error?)";
         printf "mcp-elicit peak RSS 400k/200k = %.2f (about 1.0 when memory does not grow with the file)\n", kb[2]/kb[1] }' \
    "$R/memory.txt" | tee -a "$R/memory.txt"
fi

echo "load after: $(cat /proc/loadavg)" >> "$R/env.txt"
python3 "$SHARED/bench/summarize.py" "$R" | tee "$R/summary.md"
