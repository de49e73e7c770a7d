#!/usr/bin/env bash
# What hostile clients cost `mcp-elicit serve --http` and `proxy --http` (in
# front of serve): for each load, a fresh server, the load held, and beside
# it a normal client that sends `initialize` on a new connection every
# 20 ms for WINDOW seconds. Loads:
#
#   none       nothing else
#   idle       IDLE connections open (default 3,000): a third silent, a third
#              stopped inside their head, a third inside a body
#   unread     UNREAD tool calls (default 512) whose streams are never read,
#              16 per session (a session's share; more would get 429)
#   held       HELD tool calls (default 100) with 4 MB arguments, each held
#              waiting on an answer that never comes
#   initialize INIT `initialize` in a row (default 4,096, the session table's
#              size), then the normal client
#
# load_refused counts what of the load itself was refused: sessions not
# made, held calls that got no elicitation.
# For each: the server's peak threads and resident memory (the proxy's and
# the server's behind it, for proxy), sampled from /proc every 50 ms (Linux
# only); the normal client's p50/p99/max latency and its requests that did
# not get 200.
#
#   bash bench/hostile.sh
#   TARGETS=serve LOADS="held unread" bash bench/hostile.sh
#   MCP_ELICIT=/path/to/mcp-elicit bash bench/hostile.sh   # that binary
#
# Results (gitignored): bench/results/hostile.json and hostile.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MCP_ELICIT:-}" ]; then
  cargo build --release --quiet --bin mcp-elicit
  MCP_ELICIT=target/release/mcp-elicit
fi
mkdir -p bench/results
export MCP_ELICIT IDLE="${IDLE:-3000}" UNREAD="${UNREAD:-512}" HELD="${HELD:-100}"
export INIT="${INIT:-4096}" WINDOW="${WINDOW:-5}"
export TARGETS="${TARGETS:-serve proxy}" LOADS="${LOADS:-none idle unread held initialize}"
exec python3 - <<'PY'
import json, os, resource, socket, subprocess, sys, threading, time

BIN = os.environ["MCP_ELICIT"]
IDLE, UNREAD, HELD, INIT = (int(os.environ[k]) for k in ("IDLE", "UNREAD", "HELD", "INIT"))
WINDOW = float(os.environ["WINDOW"])
TARGETS, LOADS = os.environ["TARGETS"].split(), os.environ["LOADS"].split()
SOURCE = "tests/fixtures/serve/ask_age.json"
PER_SESSION = 16
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

INIT_BODY = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}},
    "clientInfo": {"name": "bench", "version": "0"}}})

def status_of(pid):
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
    def __init__(self, pids):
        super().__init__(daemon=True)
        self.pids, self.stop = pids, False
        self.threads, self.rss_kb = [0] * len(pids), [0] * len(pids)
    def run(self):
        while not self.stop:
            for i, pid in enumerate(self.pids):
                s = status_of(pid)
                self.threads[i] = max(self.threads[i], int(s.get("Threads", "0")))
                self.rss_kb[i] = max(self.rss_kb[i], int(s.get("VmRSS", "0 kB").split()[0]))
            time.sleep(0.05)

def start(args, marker):
    p = subprocess.Popen([BIN] + args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    while marker not in line:
        if not line:
            sys.exit(f"{args[0]} did not start")
        line = p.stderr.readline()
    url = next(w for w in line.split() if w.startswith("http://"))
    threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()
    return p, url

def request(addr, body, extra=""):
    host, port = addr
    head = (f"POST /mcp HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
            f"Accept: application/json, text/event-stream\r\n{extra}Content-Length: {len(body)}\r\n\r\n")
    return head.encode() + body.encode()

def read_response(s):
    """One response with a Content-Length body: (status, headers text)."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    head, _, rest = buf.partition(b"\r\n\r\n")
    head = head.decode("latin-1")
    length = 0
    for l in head.split("\r\n")[1:]:
        k, _, v = l.partition(":")
        if k.lower() == "content-length":
            length = int(v)
    while len(rest) < length:
        chunk = s.recv(65536)
        if not chunk:
            break
        rest += chunk
    return int(head.split(" ")[1]), head

def session(addr):
    """A new session's id; None when initialize was refused."""
    s = socket.create_connection(addr)
    s.sendall(request(addr, INIT_BODY, "Connection: close\r\n"))
    status, head = read_response(s)
    s.close()
    for l in head.split("\r\n"):
        k, _, v = l.partition(":")
        if k.lower() == "mcp-session-id":
            return v.strip()
    return None

def call(addr, sid, args, wait_for_ask):
    """The call's connection, and whether it was refused (when waited on:
    no elicitation came)."""
    body = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                       "params": {"name": "ask_age", "arguments": args}})
    s = socket.create_connection(addr)
    s.sendall(request(addr, body, f"Mcp-Session-Id: {sid}\r\n"))
    if not wait_for_ask:
        return s, False
    s.settimeout(30)
    got = b""
    try:
        while b"elicitation/create" not in got:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    except OSError:
        pass
    return s, b"elicitation/create" not in got

def load_idle(addr):
    socks = []
    for i in range(IDLE):
        s = socket.create_connection(addr)
        head = f"POST /mcp HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\n"
        if i % 3 == 1:
            s.sendall(head.encode())
        elif i % 3 == 2:
            s.sendall((head + "Content-Length: 100000\r\n\r\n{\"jsonrpc\"").encode())
        socks.append(s)
    return socks

def load_calls(addr, n, args, wait_for_ask):
    socks, sid, refused = [], None, 0
    for i in range(n):
        if i % PER_SESSION == 0:
            sid = session(addr)
        if sid is None:
            refused += 1
            continue
        s, no = call(addr, sid, args, wait_for_ask)
        socks.append(s)
        refused += no
    return socks, refused

def load_initialize(addr):
    s = socket.create_connection(addr)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    refused = 0
    for _ in range(INIT):
        s.sendall(request(addr, INIT_BODY))
        status, _ = read_response(s)
        refused += status != 200
    return [s], refused

def normal_client(addr):
    lat, bad = [], 0
    end = time.perf_counter() + WINDOW
    while time.perf_counter() < end:
        t = time.perf_counter()
        try:
            s = socket.create_connection(addr, timeout=10)
            s.sendall(request(addr, INIT_BODY, "Connection: close\r\n"))
            status, _ = read_response(s)
            s.close()
        except OSError:
            status = 0
        lat.append(time.perf_counter() - t)
        bad += status != 200
        time.sleep(0.02)
    return sorted(lat), bad

def run(target, load):
    serve, url = start(["serve", "--http", "127.0.0.1:0", SOURCE], "listening on")
    procs = [serve]
    if target == "proxy":
        proxy, url = start(["proxy", "--http", "127.0.0.1:0", "--upstream", url, "--answer", "never"],
                           "listening on")
        procs.insert(0, proxy)
    host, port = url.split("//")[1].split("/")[0].rsplit(":", 1)
    addr = (host, int(port))
    sampler = Sampler([p.pid for p in procs])
    sampler.start()
    t = time.perf_counter()
    held, load_refused = [], 0
    if load == "idle":
        held = load_idle(addr)
    elif load == "unread":
        held, load_refused = load_calls(addr, UNREAD, {}, False)
    elif load == "held":
        held, load_refused = load_calls(addr, HELD, {"pad": "x" * 4_000_000}, True)
    elif load == "initialize":
        held, load_refused = load_initialize(addr)
    setup = time.perf_counter() - t
    time.sleep(0.5)
    lat, bad = normal_client(addr)
    sampler.stop = True
    sampler.join()
    for s in held:
        s.close()
    for p in procs:
        p.terminate()
        p.wait()
    q = lambda p: round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 1)
    return {"target": target, "load": load, "load_setup_s": round(setup, 2),
            "load_refused": load_refused,
            "peak_threads": "/".join(str(n) for n in sampler.threads),
            "peak_rss_mb": "/".join(str(round(k / 1024)) for k in sampler.rss_kb),
            "normal_requests": len(lat), "normal_not_200": bad,
            "p50_ms": q(0.5), "p99_ms": q(0.99), "max_ms": round(lat[-1] * 1000, 1)}

rows = []
for target in TARGETS:
    for load in LOADS:
        print(f"{target}: {load}", file=sys.stderr)
        rows.append(run(target, load))
with open("bench/results/hostile.json", "w") as f:
    json.dump(rows, f, indent=2)
cols = list(rows[0])
md = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
md += ["| " + " | ".join(str(r[c]) for c in cols) + " |" for r in rows]
with open("bench/results/hostile.md", "w") as f:
    f.write("\n".join(md) + "\n")
print("\n".join(md))
PY
