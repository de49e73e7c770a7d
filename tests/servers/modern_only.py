"""A 2026-07-28-only stdio server, made of a dual-era one the way its SDK
decides eras: the official MCP Python SDK 2.x serves a stdio connection in
the era of the first request it gets. This wrapper starts the server
command it is given, opens the connection with a `server/discover` of its
own (its answer is not passed on), then passes every line both ways as it
is. A 2025 host's `initialize` is then refused by the SDK itself, with
-32022 and the versions it serves, as a 2026-only server refuses it.

    python modern_only.py COMMAND...
"""

import json
import subprocess
import sys
import threading

OPENING_ID = "modern-only-opening"


def main() -> None:
    child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    opening = {
        "jsonrpc": "2.0",
        "id": OPENING_ID,
        "method": "server/discover",
        "params": {
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "modern-only", "version": "1"},
            }
        },
    }
    child.stdin.write((json.dumps(opening) + "\n").encode())
    child.stdin.flush()
    # The opening's answer is the wrapper's own.
    while True:
        line = child.stdout.readline()
        if not line:
            sys.exit(child.wait())
        if json.loads(line).get("id") == OPENING_ID:
            break

    def to_child() -> None:
        for line in sys.stdin.buffer:
            child.stdin.write(line)
            child.stdin.flush()
        child.stdin.close()

    threading.Thread(target=to_child, daemon=True).start()
    for line in child.stdout:
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
    sys.exit(child.wait())


main()
