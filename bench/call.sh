#!/usr/bin/env bash
# Time one `mcp-elicit call` round trip over stdio: start a server, connect,
# call a tool that elicits, answer from the command line, print the result,
# end the server. The same client against three servers, beside the floor
# (starting the binary once and doing nothing):
#
#   serve     `mcp-elicit serve` playing a recorded session (the mock server)
#   library   examples/booking_server.rs, a server on this crate's library
#   python    tests/servers/booking.py, on the official MCP Python SDK
#
#   bash bench/call.sh               # needs hyperfine and `pip install mcp==2.3.0 fastmcp==4.0.10`
#   MCP_ELICIT=/path/to/mcp-elicit bash bench/call.sh   # use that binary
#
# Results (gitignored): bench/results/call.json and call.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MCP_ELICIT:-}" ]; then
  cargo build --release --quiet --bin mcp-elicit --example booking_server
  MCP_ELICIT=target/release/mcp-elicit
fi
example=target/release/examples/booking_server
[ -x "$example" ] || cargo build --release --quiet --example booking_server
python=${MCP_PYTHON:-python3}
mkdir -p bench/results
call="$MCP_ELICIT call --tool book_table --defaults"
hyperfine --warmup 3 --runs "${RUNS:-30}" -N \
  --export-json bench/results/call.json --export-markdown bench/results/call.md \
  -n floor "$MCP_ELICIT --version" \
  -n serve "$call --set date=2026-12-24 -- $MCP_ELICIT serve examples/sessions/booking.jsonl" \
  -n library "$call --set name=Ada --set email=ada@example.com --set date=2026-12-24 -- $example" \
  -n python "$call --set guests=4 -- $python tests/servers/booking.py"

# The Python SDK server on Streamable HTTP, its own start-up measured apart:
# the server is started once (the time until its port accepts is printed),
# then only the call is timed against it (connect, negotiate, the tool call,
# its InputRequiredResult or server request answered from the command line,
# the result). The client's own share is its CPU time, from the same runs
# under /usr/bin/time when that exists.
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
t0=$(date +%s%N)
"$python" tests/servers/sdk_python.py http "$port" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null' EXIT
until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do sleep 0.01; done
echo "python SDK server start-up (until its port accepts): $(( ($(date +%s%N) - t0) / 1000000 )) ms"
trip="--defaults --set name=Ada --set email=ada@example.com --set departure=2026-12-24"
url="http://127.0.0.1:$port/mcp"
hyperfine --warmup 3 --runs "${RUNS:-30}" -N \
  --export-json bench/results/call-http.json --export-markdown bench/results/call-http.md \
  -n python-http-2026 "$MCP_ELICIT call --tool plan_trip_resolved $trip $url" \
  -n python-http-2025 "$MCP_ELICIT call --tool plan_trip_resolved --spec 2025-11-25 $trip $url"

# A reconnection (SEP-1699): tests/servers/hostile_transport.py closes the
# tools/call stream after a priming event (`retry: 100`) and answers on the
# GET that resumes it with Last-Event-ID. The server times, for every run,
# how long after closing the stream the resuming GET came: that is the
# reconnection's cost, to set against the 100 ms the server asked for. The
# whole call is timed against the same server answering at once too.
urls=$(mktemp -d)
"$python" tests/servers/hostile_transport.py plain >/dev/null 2>"$urls/plain" &
plain=$!
"$python" tests/servers/hostile_transport.py resume 100 >/dev/null 2>"$urls/resume" &
resume=$!
trap 'kill "$server" "$plain" "$resume" 2>/dev/null; rm -rf "$urls"' EXIT
until [ -s "$urls/plain" ] && [ -s "$urls/resume" ]; do sleep 0.01; done
plain_url=$(awk '{print $3; exit}' "$urls/plain")
resume_url=$(awk '{print $3; exit}' "$urls/resume")
hyperfine --warmup 3 --runs "${RUNS:-30}" -N \
  --export-json bench/results/call-resume.json --export-markdown bench/results/call-resume.md \
  -n plain "$MCP_ELICIT call --tool t --defaults $plain_url" \
  -n resume-retry-100ms "$MCP_ELICIT call --tool t --defaults $resume_url"
"$python" - "$urls/resume" <<'PY'
import statistics, sys
ms = [float(l.split()[2]) for l in open(sys.argv[1]) if l.startswith("reconnected after")]
print(f"reconnection after a closed stream, retry 100 ms, {len(ms)} runs: "
      f"median {statistics.median(ms):.1f} ms, max {max(ms):.1f} ms "
      f"(beyond retry: median {statistics.median(ms) - 100:.1f} ms, max {max(ms) - 100:.1f} ms)")
PY
