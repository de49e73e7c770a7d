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
#   bash bench/call.sh               # needs hyperfine and `pip install mcp==2.3.0`
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
