"""The client of bench/proxy.sh: starts COMMAND (a stdio MCP server, or the
proxy in front of one), initializes, then makes N `tools/call` round trips
one after another, timing each. Prints one JSON line: p50, p99, mean (ms),
total seconds, and the peak and sampled RSS (KiB) of the child.

    python proxy_roundtrips.py N COMMAND...
"""

import json
import subprocess
import sys
import time


def rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main() -> None:
    n = int(sys.argv[1])
    cmd = sys.argv[2:]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    w, r = p.stdin, p.stdout
    reader = r.readline
    w.write(
        b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
        b'"capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n'
    )
    reader()
    w.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    calls = [
        b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"}}}\n'
        % i
        for i in range(1, n + 1)
    ]
    times = [0] * n
    samples = []
    every = max(n // 20, 1)
    clock = time.perf_counter_ns
    t0 = clock()
    for i, c in enumerate(calls):
        s = clock()
        w.write(c)
        reader()
        times[i] = clock() - s
        if i % every == 0:
            samples.append(rss(p.pid))
    total = (clock() - t0) / 1e9
    samples.append(rss(p.pid))
    w.close()
    p.wait()
    times.sort()
    ms = lambda ns: round(ns / 1e6, 4)
    print(
        json.dumps(
            {
                "n": n,
                "p50_ms": ms(times[n // 2]),
                "p99_ms": ms(times[int(n * 0.99)]),
                "mean_ms": ms(sum(times) / n),
                "total_s": round(total, 3),
                "rss_kib": samples,
            }
        )
    )


main()
