#!/usr/bin/env bash
# Lint a large source tree: a generated tree of 200,000 lines (TypeScript,
# JavaScript and Python, 1,000 files) holding 50 elicitations (half of them
# through helpers and schemas of other modules, so the project index is
# built and used: the tree is a project, with a pyproject.toml and a
# package.json at its root), against the
# floor of finding the files that name one at all with ripgrep
# (`rg -l 'elicit|requestedSchema'`), in one run. The target is lint within
# 2x of that: files that cannot hold an elicitation are skipped by a byte
# scan (memchr's vector substring search) and never parsed, and a file the
# project's index read is not read again.
#
# Then a folder of JSON a walk meets: a 12 MB data file, a package.json
# and a tsconfig.json beside two elicitation documents. A file that names
# nothing an elicitation or a session is written with is passed over
# without being parsed: lint / rg -l and the peak memory of one run.
#
# Then a real tree: the published servers of the ecosystem check
# (target/ecosystem, once `python3 tests/ecosystem/check.py` has provisioned
# it), walked whole by `lint` beside `rg --files` on the same tree.
#
#   bash bench/source.sh          # needs hyperfine and ripgrep (apt-get install hyperfine ripgrep)
#   MCP_ELICIT=/path/to/mcp-elicit bash bench/source.sh
#
# Each race is run in rounds: in each, hyperfine runs every command a few
# times, and the order of the commands turns from one round to the next.
# On a shared machine the speed drifts over seconds; commands timed one
# block after another each meet a different part of the drift, commands
# timed in turns meet the same. The ratios are of the medians over all
# rounds (ROUNDS, 10 by default, of RUNS, 3 by default).
#
# Results (gitignored): bench/results/source.json and source.md (and
# source-data, source-tree), and the peak memory of one lint run.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MCP_ELICIT:-}" ]; then
  cargo build --release --quiet --bin mcp-elicit
  MCP_ELICIT=target/release/mcp-elicit
fi
mkdir -p bench/results
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
python3 - "$tree" <<'PY'
import os, sys
root = sys.argv[1]
TS_BODY = """export function handler{i}_{j}(input: Record<string, unknown>): number {{
  const values = Object.values(input).filter((v) => typeof v === "number") as number[];
  let total = 0;
  for (const v of values) {{
    total += v * {j};
  }}
  return total > 100 ? total - 100 : total;
}}
"""
PY_BODY = '''def handler_{i}_{j}(values: dict[str, int]) -> int:
    """Sum the values, weighted."""
    total = 0
    for key, value in values.items():
        if key.startswith("x"):
            total += value * {j}
    return total - 100 if total > 100 else total

'''
TS_ELICIT = """export async function ask{i}(server: Server) {{
  return server.elicitInput({{
    message: "Details for order {i}",
    requestedSchema: {{
      type: "object",
      properties: {{
        name: {{ type: "string", title: "Name" }},
        size: {{ type: "string", enum: ["s", "m", "l"] }},
        count: {{ type: "integer", minimum: 1, maximum: 9 }},
      }},
      required: ["name"],
    }},
  }});
}}
"""
PY_ELICIT = '''class Order{i}(BaseModel):
    """Order details."""

    name: str = Field(description="Your name")
    count: int = Field(1, ge=1, le=9)


async def ask_{i}(ctx: Context):
    return await ctx.elicit("Details for order {i}", Order{i})

'''
# Cross-module: a helper module and a models module per language, called
# from every other eliciting file.
with open(os.path.join(root, "pyproject.toml"), "w") as f:
    f.write('[project]\nname = "bench"\ndependencies = ["mcp>=2"]\n')
with open(os.path.join(root, "package.json"), "w") as f:
    f.write('{"name": "bench", "private": true}\n')
os.makedirs(os.path.join(root, "shared"), exist_ok=True)
with open(os.path.join(root, "shared", "__init__.py"), "w") as f:
    f.write("")
with open(os.path.join(root, "shared", "models.py"), "w") as f:
    f.write('from pydantic import BaseModel, Field\n\n\nclass Shared(BaseModel):\n    """Shared."""\n\n    name: str = Field(description="Your name")\n')
with open(os.path.join(root, "shared", "ask.py"), "w") as f:
    f.write("async def ask(ctx, message, schema):\n    return await ctx.elicit(message, schema=schema)\n")
with open(os.path.join(root, "shared", "ask.ts"), "w") as f:
    f.write("export async function ask(server: any, message: string, schema: any) {\n  return server.elicitInput({ message, requestedSchema: schema });\n}\n")
with open(os.path.join(root, "shared", "schemas.ts"), "w") as f:
    f.write('export const shared = { type: "object", properties: { name: { type: "string", title: "Name" } } };\n')
PY_CROSS = """from shared.ask import ask
from shared.models import Shared


async def ask_{i}(ctx):
    return await ask(ctx, "Details for order {i}", Shared)

"""
TS_CROSS = """import {{ ask }} from "../shared/ask";
import {{ shared }} from "../shared/schemas";

export async function ask{i}(server) {{
  return ask(server, "Details for order {i}", shared);
}}
"""
lines = 0
elicitations = 0
for i in range(1000):
    d = os.path.join(root, f"pkg{i // 50}")
    os.makedirs(d, exist_ok=True)
    ext = ["ts", "js", "py"][i % 3]
    parts = []
    n = 0
    if i % 40 == 0:
        parts.append((PY_ELICIT if ext == "py" else TS_ELICIT).format(i=i))
        elicitations += 1
    elif i % 20 == 0:
        parts.append((PY_CROSS if ext == "py" else TS_CROSS).format(i=i))
        elicitations += 1
    while n < 200:
        body = (PY_BODY if ext == "py" else TS_BODY).format(i=i, j=n)
        parts.append(body)
        n += body.count("\n")
    if ext == "js":
        parts = [p.replace(": Record<string, unknown>", "").replace(": number", "").replace(" as number[]", "").replace("(server: Server)", "(server)") for p in parts]
    text = "".join(parts)
    lines += text.count("\n")
    with open(os.path.join(d, f"mod{i}.{ext}"), "w") as f:
        f.write(text)
print(f"generated {lines} lines in 1000 files, {elicitations} elicitations", file=sys.stderr)
PY
found=$("$MCP_ELICIT" lint --quiet --format json "$tree" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["diagnostics"]))' || true)
echo "lint reports $found diagnostics; rg finds $(rg -l 'elicit|requestedSchema' "$tree" | wc -l) files"
# Times the commands given as name=command (after the results' name $1)
# in rounds of hyperfine, the order turning each round; writes
# bench/results/$1.json (every run's time, by command) and $1.md, and
# prints each command's median.
rounds() {
  python3 - "$@" <<'PY'
import json, os, statistics, subprocess, sys, tempfile
name, commands = sys.argv[1], [c.split("=", 1) for c in sys.argv[2:]]
rounds, runs = int(os.environ.get("ROUNDS", "10")), int(os.environ.get("RUNS", "3"))
times = {n: [] for n, _ in commands}
with tempfile.TemporaryDirectory() as tmp:
    for r in range(rounds):
        turn = commands[r % len(commands):] + commands[:r % len(commands)]
        out = os.path.join(tmp, f"{r}.json")
        args = ["hyperfine", "--style", "none", "--warmup", "1", "--runs", str(runs), "-N", "-i", "--export-json", out]
        for n, c in turn:
            args += ["-n", n, c]
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for x in json.load(open(out))["results"]:
            times[x["command"]] += x["times"]
json.dump({"rounds": rounds, "runs": runs, "times": times}, open(f"bench/results/{name}.json", "w"), indent=1)
rows = ["| command | median (ms) | mean ± σ (ms) | runs |", "|:---|---:|---:|---:|"]
for n, t in times.items():
    rows.append(f"| {n} | {1e3 * statistics.median(t):.1f} | {1e3 * statistics.mean(t):.1f} ± {1e3 * statistics.stdev(t):.1f} | {len(t)} |")
open(f"bench/results/{name}.md", "w").write("\n".join(rows) + "\n")
print("\n".join(rows))
PY
}
# The median of command $2 over that of $3 in bench/results/$1.json.
ratio() {
  python3 - "$@" <<'PY'
import json, statistics, sys
t = json.load(open(f"bench/results/{sys.argv[1]}.json"))["times"]
print(f"{statistics.median(t[sys.argv[2]]) / statistics.median(t[sys.argv[3]]):.2f}x")
PY
}
# lint against `rg -l` on folder $2, results in bench/results/$3.json and
# .md; the ratio and the peak memory of one lint run, said as $1.
race() {
  rounds "$3" "rg=rg -l elicit|requestedSchema $2" "lint=$MCP_ELICIT lint --quiet $2"
  echo "$1: lint / rg -l: $(ratio "$3" lint rg) (medians; target: at most 2x)"
  if command -v /usr/bin/time >/dev/null; then
    /usr/bin/time -f "$1: lint peak memory: %M kB" "$MCP_ELICIT" lint --quiet "$2" >/dev/null || true
  fi
}
race "generated tree" "$tree" source
data=$(mktemp -d)
trap 'rm -rf "$tree" "$data"' EXIT
python3 - "$data" <<'PY'
import json, os, sys
root = sys.argv[1]
rows = [{"name": f"n{i}", "value": i, "tags": ["a", "b", "c"],
         "nested": {"x": i * 1.5, "y": f"text {i}"}} for i in range(120000)]
json.dump(rows, open(os.path.join(root, "data.json"), "w"))
json.dump({"name": "server", "version": "1.0.0", "scripts": {"build": "tsc"}},
          open(os.path.join(root, "package.json"), "w"))
json.dump({"compilerOptions": {"outDir": "dist", "strict": True}},
          open(os.path.join(root, "tsconfig.json"), "w"))
# The second asks for a password in form mode: one finding.
for i, field in enumerate(["name", "password"]):
    json.dump({"method": "elicitation/create", "params": {
        "message": "Sign in", "requestedSchema": {"type": "object", "properties": {
            field: {"type": "string", "title": field.title()}}}}},
        open(os.path.join(root, f"ask{i}.json"), "w"))
PY
echo "a folder of JSON: $(du -sh "$data" | cut -f1), lint reports $("$MCP_ELICIT" lint --quiet --format json "$data" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["diagnostics"]))' || true) diagnostics"
race "JSON folder" "$data" source-data
eco=target/ecosystem
if [ -d "$eco" ]; then
  echo "a real tree: $eco, $(rg --files "$eco" | wc -l) files"
  rounds source-tree "rg --files=rg --files $eco" "rg -l=rg -l elicit|requestedSchema $eco" "lint=$MCP_ELICIT lint --quiet $eco"
  echo "real tree: lint / rg --files: $(ratio source-tree lint 'rg --files'), lint / rg -l: $(ratio source-tree lint 'rg -l') (medians; target: at most 2x rg -l)"
else
  echo "no $eco: run python3 tests/ecosystem/check.py once to measure a real tree"
fi
