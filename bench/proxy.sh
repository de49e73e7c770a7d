#!/usr/bin/env bash
# The cost of `mcp-elicit proxy` on the hot path, in one run: N tools/call
# round trips (default 10,000) one after another, straight to a stdio server
# and through the proxy, with and without --record; then a million messages
# through the proxy with --record, its resident memory sampled as it goes.
#
#   floor     bench/proxy_echo_server.py, answered directly (no proxy)
#   proxy     mcp-elicit proxy -- <the same server>
#   record    mcp-elicit proxy --record FILE -- <the same server>
#
# The client (bench/proxy_roundtrips.py) times each round trip; each
# variant runs ROUNDS times (default 5) interleaved, and the median of the
# rounds' p50 and p99 is reported. Targets: added p50 latency <= 0.1 ms;
# recording on costs <= 10% of the proxied round trip; memory flat.
#
# Then the bridge (BRIDGE_N calls, default 2,000): a call whose tool asks
# one question, made by a client of one era (bench/bridge_roundtrips.py)
# of a server of the other (bench/bridge_echo_server.py) through the proxy,
# against the same client with a server of its own era, directly:
#
#   old-floor    a 2025-11-25 client, a 2025-11-25 server
#   old-bridged  a 2025-11-25 client, the proxy, a 2026-07-28-only server
#   new-floor    a 2026-07-28 client, a 2026-07-28 server
#   new-bridged  a 2026-07-28 client, the proxy, a 2025-11-25-only server
#
# Target: a bridged call costs under 1 ms more than its floor.
#
#   bash bench/proxy.sh
#   N=2000 MESSAGES=100000 ROUNDS=3 bash bench/proxy.sh   # quicker
#   MCP_ELICIT=/path/to/mcp-elicit bash bench/proxy.sh     # use that binary
#
# Results (gitignored): bench/results/proxy.json and proxy.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MCP_ELICIT:-}" ]; then
  cargo build --release --locked --quiet --bin mcp-elicit
  MCP_ELICIT=target/release/mcp-elicit
fi
python=${MCP_PYTHON:-python3}
n=${N:-10000}
messages=${MESSAGES:-1000000}
rounds=${ROUNDS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p bench/results
server="$python bench/proxy_echo_server.py"
run() { "$python" bench/proxy_roundtrips.py "$@"; }
: > "$tmp/runs.jsonl"
for round in $(seq "$rounds"); do
  echo "round $round/$rounds" >&2
  printf '{"variant":"floor","r":%s}\n' "$(run "$n" $server)" >> "$tmp/runs.jsonl"
  printf '{"variant":"proxy","r":%s}\n' "$(run "$n" "$MCP_ELICIT" proxy -- $server 2>/dev/null)" >> "$tmp/runs.jsonl"
  rm -f "$tmp/s.jsonl"
  printf '{"variant":"record","r":%s}\n' "$(run "$n" "$MCP_ELICIT" proxy --record "$tmp/s.jsonl" -- $server 2>/dev/null)" >> "$tmp/runs.jsonl"
done
bridge_n=${BRIDGE_N:-2000}
echo "bridge: $bridge_n calls per variant" >&2
bserver="$python bench/bridge_echo_server.py"
brun() { "$python" bench/bridge_roundtrips.py "$@"; }
for round in $(seq "$rounds"); do
  printf '{"variant":"old-floor","r":%s}\n' "$(brun 2025 "$bridge_n" $bserver 2025)" >> "$tmp/runs.jsonl"
  printf '{"variant":"old-bridged","r":%s}\n' "$(brun 2025 "$bridge_n" "$MCP_ELICIT" proxy --answer never -- $bserver 2026 2>/dev/null)" >> "$tmp/runs.jsonl"
  printf '{"variant":"new-floor","r":%s}\n' "$(brun 2026 "$bridge_n" $bserver 2026)" >> "$tmp/runs.jsonl"
  printf '{"variant":"new-bridged","r":%s}\n' "$(brun 2026 "$bridge_n" "$MCP_ELICIT" proxy --answer never -- $bserver 2025 2>/dev/null)" >> "$tmp/runs.jsonl"
done
echo "memory: $messages messages through the proxy with --record" >&2
rm -f "$tmp/s.jsonl"
printf '{"variant":"memory","r":%s}\n' "$(run $((messages / 2)) "$MCP_ELICIT" proxy --record "$tmp/s.jsonl" -- $server 2>/dev/null)" >> "$tmp/runs.jsonl"
recorded=$(wc -l < "$tmp/s.jsonl")
"$python" - "$tmp/runs.jsonl" "$recorded" "$n" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1])]
recorded, n = int(sys.argv[2]), int(sys.argv[3])
def med(variant, key):
    return statistics.median(r["r"][key] for r in runs if r["variant"] == variant)
floor, proxy, record = (
    {k: med(v, k) for k in ("p50_ms", "p99_ms", "mean_ms")} for v in ("floor", "proxy", "record")
)
mem = next(r["r"] for r in runs if r["variant"] == "memory")
rss = mem["rss_kib"]
added50 = proxy["p50_ms"] - floor["p50_ms"]
added99 = proxy["p99_ms"] - floor["p99_ms"]
rec_cost = (record["mean_ms"] - proxy["mean_ms"]) / proxy["mean_ms"] * 100
early = max(rss[1:4]) if len(rss) > 4 else rss[0]
growth = rss[-1] - early
lines = [
    f"# mcp-elicit proxy: {n} tools/call round trips, median of the rounds",
    "",
    "| variant | p50 ms | p99 ms | mean ms |",
    "|---|---|---|---|",
]
for name, v in (("floor (direct)", floor), ("proxy", proxy), ("proxy --record", record)):
    lines.append(f"| {name} | {v['p50_ms']:.4f} | {v['p99_ms']:.4f} | {v['mean_ms']:.4f} |")
lines += [
    "",
    f"- added latency through the proxy: p50 {added50 * 1000:.1f} us (target <= 100 us), p99 {added99 * 1000:.1f} us",
    f"- recording on: {rec_cost:+.1f}% of the proxied round trip (target <= 10%)",
    f"- memory over {mem['n'] * 2} messages ({recorded} lines recorded): RSS {rss[0]} KiB at the start, "
    f"{early} KiB early on, {rss[-1]} KiB at the end ({growth:+d} KiB), samples {rss}",
]
bridge = {v: {k: med(v, k) for k in ("p50_ms", "p99_ms", "mean_ms")}
          for v in ("old-floor", "old-bridged", "new-floor", "new-bridged")}
lines += [
    "",
    "## The bridge: one call asking one question, client and server of different eras",
    "",
    "| variant | p50 ms | p99 ms | mean ms |",
    "|---|---|---|---|",
]
for name, v in bridge.items():
    lines.append(f"| {name} | {v['p50_ms']:.4f} | {v['p99_ms']:.4f} | {v['mean_ms']:.4f} |")
for era in ("old", "new"):
    b, f = bridge[f"{era}-bridged"], bridge[f"{era}-floor"]
    lines.append(f"- {era} host bridged: +{(b['p50_ms'] - f['p50_ms']) * 1000:.0f} us p50, "
                 f"+{(b['p99_ms'] - f['p99_ms']) * 1000:.0f} us p99 over its floor (target < 1000 us)")
text = "\n".join(lines)
print(text)
open("bench/results/proxy.md", "w").write(text + "\n")
json.dump({"floor": floor, "proxy": proxy, "record": record, "memory": mem, "bridge": bridge,
           "added_p50_us": added50 * 1000, "added_p99_us": added99 * 1000,
           "recording_cost_pct": rec_cost, "rss_growth_kib": growth},
          open("bench/results/proxy.json", "w"), indent=1)
PY
