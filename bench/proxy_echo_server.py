"""The floor of bench/proxy.sh: a stdio MCP server that answers `initialize`
and every `tools/call` at once with a fixed result, reading and writing one
line at a time. No SDK, so its own cost stays small beside the proxy's."""

import sys

RESULT = b'"result":{"content":[{"type":"text","text":"ok"}],"isError":false}}\n'
INIT = (
    b'"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},'
    b'"serverInfo":{"name":"echo","version":"1"}}}\n'
)

out = sys.stdout.buffer
for line in sys.stdin.buffer:
    start = line.find(b'"id":')
    if start < 0:
        continue  # a notification
    end = line.find(b",", start)
    head = b'{"jsonrpc":"2.0",' + line[start:end] + b","
    out.write(head + (INIT if b'"initialize"' in line else RESULT))
    out.flush()
