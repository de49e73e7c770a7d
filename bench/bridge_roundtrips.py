"""The client of bench/proxy.sh's bridged round trips: starts COMMAND (the
server of bench/bridge_echo_server.py, or the proxy in front of it) and
makes N calls one after another, each answering the one question its tool
asks, timing each whole call. Prints one JSON line: p50, p99, mean (ms).

    python bridge_roundtrips.py 2025 N COMMAND...   # a 2025-11-25 client:
        # initialize, then per call: tools/call, answer elicitation/create
    python bridge_roundtrips.py 2026 N COMMAND...   # a 2026-07-28 client:
        # per call: tools/call, then the retry with inputResponses
"""

import json
import subprocess
import sys
import time

ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
            "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"}}
ANSWER = {"action": "accept", "content": {"ok": True}}


def main() -> None:
    era, n, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    w, read = p.stdin, p.stdout.readline

    def send(msg):
        w.write((json.dumps(msg, separators=(",", ":")) + "\n").encode())

    def until_id(want):
        while True:
            m = json.loads(read())
            if m.get("id") == want:
                return m

    if era == "2025":
        send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": "bench", "version": "1"}}})
        until_id(0)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    times = [0] * n
    clock = time.perf_counter_ns
    for i in range(n):
        call = {"name": "echo", "arguments": {}}
        s = clock()
        if era == "2025":
            send({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call", "params": call})
            ask = json.loads(read())
            assert ask.get("method") == "elicitation/create", ask
            send({"jsonrpc": "2.0", "id": ask["id"], "result": ANSWER})
            done = until_id(i + 1)
        else:
            send({"jsonrpc": "2.0", "id": 2 * i + 1, "method": "tools/call",
                  "params": dict(call, _meta=ENVELOPE)})
            first = until_id(2 * i + 1)["result"]
            assert first["resultType"] == "input_required", first
            (key,) = first["inputRequests"]
            send({"jsonrpc": "2.0", "id": 2 * i + 2, "method": "tools/call",
                  "params": dict(call, _meta=ENVELOPE, inputResponses={key: ANSWER},
                                 requestState=first.get("requestState"))})
            done = until_id(2 * i + 2)
        times[i] = clock() - s
        assert "result" in done and done["result"].get("resultType", "complete") == "complete", done
    w.close()
    p.wait()
    times.sort()
    ms = lambda ns: round(ns / 1e6, 4)
    print(json.dumps({"n": n, "p50_ms": ms(times[n // 2]), "p99_ms": ms(times[int(n * 0.99)]),
                      "mean_ms": ms(sum(times) / n)}))


main()
