#!/usr/bin/env bash
# Load on `mcp-elicit serve --http`: CALLS full `mcp-elicit call` runs (each a
# process that connects, calls a tool that elicits, answers, and checks the
# result), INFLIGHT at a time, against one server on 127.0.0.1; once alone
# and once beside IDLE connections held open (a third idle, a third stopped
# inside their request head, a third inside a body that never ends; any the
# server closes are opened again). For each run: calls lost (a non-zero exit
# or a wrong answer), p50/p99/max latency of a call, wall time, and the
# server's peak threads and resident memory (sampled from /proc every 50 ms;
# Linux only), how long opening the idle connections took, and how many of
# them the server closed (a request not whole 10 s after its first byte
# gets 408; when 4,096 connections are open the longest idle makes room). A first row, the floor, runs `mcp-elicit --version` the same
# way: on a small machine most of a call's latency is starting processes.
#
#   bash bench/serve.sh
#   CALLS=1000 INFLIGHT=200 IDLE=3000 SPECS="2026-07-28 2025-11-25" bash bench/serve.sh
#   MCP_ELICIT=/path/to/mcp-elicit bash bench/serve.sh   # use that binary
#
# Results (gitignored): bench/results/serve.json and serve.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MCP_ELICIT:-}" ]; then
  cargo build --release --quiet --bin mcp-elicit
  MCP_ELICIT=target/release/mcp-elicit
fi
mkdir -p bench/results
export MCP_ELICIT CALLS="${CALLS:-1000}" INFLIGHT="${INFLIGHT:-200}" IDLE="${IDLE:-3000}"
export SPECS="${SPECS:-2026-07-28 2025-11-25}"
exec python3 - <<'PY'
import json, os, socket, subprocess, sys, threading, time
from concurrent.futures import ThreadPoolExecutor

BIN = os.environ["MCP_ELICIT"]
CALLS, INFLIGHT, IDLE = (int(os.environ[k]) for k in ("CALLS", "INFLIGHT", "IDLE"))
SPECS = os.environ["SPECS"].split()
SOURCE = "tests/fixtures/serve/ask_age.json"

def proc_status(pid):
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                out[k] = v.strip()
    except OSError:
        pass
    return out

class Sampler(threading.Thread):
    """Peak threads and resident memory of the server while it runs."""
    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.stop, self.threads, self.rss_kb = pid, False, 0, 0
    def run(self):
        while not self.stop:
            s = proc_status(self.pid)
            self.threads = max(self.threads, int(s.get("Threads", "0")))
            self.rss_kb = max(self.rss_kb, int(s.get("VmRSS", "0 kB").split()[0]))
            time.sleep(0.05)

class Idle(threading.Thread):
    """Holds `n` connections open that never finish a request; reopens
    those the server closes, and counts them."""
    def __init__(self, host, port, n):
        super().__init__(daemon=True)
        self.addr, self.n, self.stop = (host, port), n, False
        self.socks, self.reopened = [], 0
    def open(self, i):
        s = socket.create_connection(self.addr)
        head = f"POST /mcp HTTP/1.1\r\nHost: {self.addr[0]}:{self.addr[1]}\r\n"
        if i % 3 == 1:
            s.sendall(head.encode())
        elif i % 3 == 2:
            s.sendall((head + "Content-Length: 100000\r\n\r\n{\"jsonrpc\"").encode())
        s.setblocking(False)
        return s
    def fill(self):
        self.socks = [self.open(i) for i in range(self.n)]
    def run(self):
        while not self.stop:
            time.sleep(0.5)
            for i, s in enumerate(self.socks):
                try:
                    if s.recv(4096) == b"":
                        raise ConnectionError
                except BlockingIOError:
                    continue
                except OSError:
                    pass
                s.close()
                if self.stop:
                    return
                try:
                    self.socks[i] = self.open(i)
                    self.reopened += 1
                except OSError:
                    pass
    def close(self):
        self.stop = True
        self.join()
        for s in self.socks:
            s.close()

def start_server():
    p = subprocess.Popen([BIN, "serve", "--http", "127.0.0.1:0", SOURCE],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    while "listening on" not in line:
        if not line:
            sys.exit("serve did not start")
        line = p.stderr.readline()
    url = line.split("listening on ")[1].strip()
    threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()
    return p, url

def one_call(url, spec, i):
    age = i % 120
    t = time.perf_counter()
    o = subprocess.run([BIN, "call", "--spec", spec, "--tool", "ask_age",
                        "--set", f"age={age}", url], capture_output=True, text=True)
    took = time.perf_counter() - t
    try:
        text = json.loads(o.stdout)["content"][0]["text"]
    except (ValueError, KeyError, IndexError, TypeError):
        text = ""
    ok = o.returncode == 0 and text.endswith(f'accept {{"age":{age}}}; valid')
    why = (o.stderr.strip().splitlines() or [text or "no result"])[-1]
    return ok, took, why

def run(spec, idle):
    server, url = start_server()
    host, port = url.split("//")[1].split("/")[0].rsplit(":", 1)
    before = int(proc_status(server.pid).get("Threads", "0"))
    holder, fill = None, 0.0
    if idle:
        holder = Idle(host, int(port), idle)
        t = time.perf_counter()
        holder.fill()
        fill = time.perf_counter() - t
        holder.start()
        time.sleep(0.3)
    sampler = Sampler(server.pid)
    sampler.start()
    t0 = time.perf_counter()
    with ThreadPoolExecutor(INFLIGHT) as pool:
        results = list(pool.map(lambda i: one_call(url, spec, i), range(CALLS)))
    wall = time.perf_counter() - t0
    sampler.stop = True
    sampler.join()
    reopened = holder.reopened if holder else 0
    if holder:
        holder.close()
    server.terminate()
    server.wait()
    lat = sorted(r[1] for r in results)
    lost = [r[2] for r in results if not r[0]]
    q = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000
    return {"spec": spec, "idle_connections": idle, "calls": CALLS, "in_flight": INFLIGHT,
            "lost": len(lost), "first_lost_reason": lost[0] if lost else None,
            "wall_s": round(wall, 2), "calls_per_s": round(CALLS / wall, 1),
            "p50_ms": round(q(0.50), 1), "p99_ms": round(q(0.99), 1), "max_ms": round(lat[-1] * 1000, 1),
            "threads_before": before, "peak_threads": sampler.threads,
            "peak_rss_mb": round(sampler.rss_kb / 1024, 1),
            "idle_open_s": round(fill, 2), "idle_reopened_after_server_closed": reopened}

def floor():
    """The same number of processes, as many at once, doing nothing: what
    starting the client costs on this machine, apart from any server."""
    def one(_):
        t = time.perf_counter()
        subprocess.run([BIN, "--version"], capture_output=True)
        return time.perf_counter() - t
    t0 = time.perf_counter()
    with ThreadPoolExecutor(INFLIGHT) as pool:
        lat = sorted(pool.map(one, range(CALLS)))
    wall = time.perf_counter() - t0
    q = lambda p: round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 1)
    return {"spec": "floor (--version)", "idle_connections": 0, "calls": CALLS, "in_flight": INFLIGHT,
            "lost": 0, "wall_s": round(wall, 2), "calls_per_s": round(CALLS / wall, 1),
            "p50_ms": q(0.5), "p99_ms": q(0.99), "max_ms": round(lat[-1] * 1000, 1),
            "peak_threads": "", "peak_rss_mb": "", "idle_open_s": "", "idle_reopened_after_server_closed": ""}

rows = [floor()] + [run(spec, idle) for spec in SPECS for idle in (0, IDLE)]
with open("bench/results/serve.json", "w") as f:
    json.dump(rows, f, indent=2)
cols = ["spec", "idle_connections", "calls", "in_flight", "lost", "wall_s", "calls_per_s",
        "p50_ms", "p99_ms", "max_ms", "peak_threads", "peak_rss_mb", "idle_open_s",
        "idle_reopened_after_server_closed"]
md = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
md += ["| " + " | ".join(str(r[c]) for c in cols) + " |" for r in rows]
with open("bench/results/serve.md", "w") as f:
    f.write("\n".join(md) + "\n")
print("\n".join(md))
print()
for r in rows:
    if r["lost"]:
        print(f"lost calls ({r['spec']}, {r['idle_connections']} idle): {r['first_lost_reason']}", file=sys.stderr)
sys.exit(1 if any(r["lost"] for r in rows) else 0)
PY
