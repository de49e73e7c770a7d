"""The server of bench/proxy.sh's bridged round trips: a stdio MCP server
whose one tool asks one question, in one era only, with no SDK so its own
cost stays small beside the proxy's.

    python bridge_echo_server.py 2026   # 2026-07-28 only: -32022 to
        # `initialize`; a call without answers gets an InputRequiredResult,
        # its retry the result
    python bridge_echo_server.py 2025   # 2025-11-25 only: an error to
        # any request before `initialize` (`server/discover` too); a call
        # sends `elicitation/create` and answers once the client has
"""

import json
import sys

ERA = sys.argv[1]
ASK = {"mode": "form", "message": "Go on?",
       "requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}}
DONE = {"content": [{"type": "text", "text": "ok"}], "isError": False}

out = sys.stdout
pending = {}  # elicitation id -> call id
asked = 0
initialized = False


def send(msg):
    out.write(json.dumps(msg, separators=(",", ":")) + "\n")
    out.flush()


for line in sys.stdin:
    msg = json.loads(line)
    method, mid = msg.get("method"), msg.get("id")
    if mid is None:
        continue  # a notification
    if method is None:  # the client's answer to our elicitation/create
        call = pending.pop(mid, None)
        if call is not None:
            send({"jsonrpc": "2.0", "id": call, "result": DONE})
        continue
    params = msg.get("params") or {}
    if ERA == "2026":
        if method == "initialize":
            send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32022, "message": "2026-07-28 only",
                  "data": {"supported": ["2026-07-28"], "requested": params.get("protocolVersion")}}})
        elif method == "server/discover":
            send({"jsonrpc": "2.0", "id": mid, "result": {
                "resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
                "cacheScope": "public", "ttlMs": 0,
                "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "echo", "version": "1"}}}})
        elif "inputResponses" in params:
            send({"jsonrpc": "2.0", "id": mid, "result": dict(DONE, resultType="complete")})
        else:
            send({"jsonrpc": "2.0", "id": mid, "result": {
                "resultType": "input_required", "requestState": "s",
                "inputRequests": {"q": {"method": "elicitation/create", "params": ASK}}}})
    else:
        if method == "initialize":
            initialized = True
            send({"jsonrpc": "2.0", "id": mid, "result": {
                "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                "serverInfo": {"name": "echo", "version": "1"}}})
        elif not initialized:
            send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32600, "message": "not initialized"}})
        elif method == "tools/call":
            asked += 1
            pending["e%d" % asked] = mid
            send({"jsonrpc": "2.0", "id": "e%d" % asked, "method": "elicitation/create", "params": ASK})
        else:
            send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "method not found"}})
