"""A Streamable HTTP MCP server (2025-11-25) that misbehaves at the
transport, one way per MODE (the first argument):

  junk-supported  refuses 2026-07-28 with -32022 whose data.supported is
                  not a list of revisions
  unauthorized    answers every POST 401 without WWW-Authenticate
  challenge       answers every POST 401 with a Bearer challenge naming a
                  realm and a scope
  forbidden       answers every POST 403 with an insufficient_scope challenge
  token           serves only requests that carry `Authorization: Bearer
                  good-token`, 401 otherwise
  no-ids          closes the stream of a tools/call before its response,
                  having sent no event id
  close-all       closes every stream at once: the tools/call stream after a
                  priming event (id and retry: 20), and every GET likewise
  resume          closes the tools/call stream after a priming event (id p1,
                  retry: RETRY ms, the second argument, default 20) and sends
                  the response on the GET that resumes it with Last-Event-ID
  plain           answers tools/call at once (the baseline for `resume`)
  only-2025-06-18 refuses 2026-07-28 with -32022 listing 2025-06-18 (and a
                  revision nobody speaks), and initializes only 2025-06-18

Prints its URL on stderr once listening, then one line per `initialize`
("initialize VERSION header HEADER"), one line per GET that
carries Last-Event-ID ("resume ID"), and in `resume` mode how long after
closing the tools/call stream the resuming GET came ("reconnected after
MS ms")."""

import json
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = sys.argv[1]
RETRY = int(sys.argv[2]) if len(sys.argv) > 2 else 20
pending = {}
closed_at = {}
CHALLENGES = {
    "challenge": (401, 'Bearer realm="acme-mcp", scope="tools:call", error="invalid_token"'),
    "forbidden": (403, 'Bearer error="insufficient_scope", scope="tools:admin"'),
}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def empty(self, status, headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def reply_json(self, msg, status=200):
        body = json.dumps(msg).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Mcp-Session-Id", "s1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def sse(self, text):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.wfile.write(text.encode())
        self.wfile.flush()
        # Returning closes the connection (HTTP/1.0): the stream ends.

    def do_GET(self):
        last = self.headers.get("Last-Event-ID")
        if last:
            sys.stderr.write(f"resume {last}\n")
            sys.stderr.flush()
        if MODE == "close-all":
            self.sse("id: g1\nretry: 20\ndata: \n\n")
        elif MODE == "resume" and last in pending:
            waited = (time.perf_counter() - closed_at.pop(last)) * 1000
            sys.stderr.write(f"reconnected after {waited:.1f} ms\n")
            sys.stderr.flush()
            done = {"jsonrpc": "2.0", "id": pending.pop(last), "result": {
                "content": [{"type": "text", "text": "served after resuming"}]}}
            self.sse(f"id: p2\nevent: message\ndata: {json.dumps(done)}\n\n")
        else:
            self.empty(405)

    def do_DELETE(self):
        self.empty(200)

    def refused(self):
        if MODE == "unauthorized":
            self.empty(401)
            return True
        if MODE in CHALLENGES:
            status, challenge = CHALLENGES[MODE]
            self.empty(status, [("WWW-Authenticate", challenge)])
            return True
        if MODE == "token" and self.headers.get("Authorization") != "Bearer good-token":
            self.empty(401, [("WWW-Authenticate", 'Bearer realm="acme-mcp"')])
            return True
        return False

    def do_POST(self):
        msg = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if self.refused():
            return
        method = msg.get("method")
        if method == "server/discover":
            if MODE == "only-2025-06-18":
                self.reply_json({"jsonrpc": "2.0", "id": msg["id"], "error": {
                    "code": -32022, "message": "Unsupported protocol version",
                    "data": {"supported": ["1999-01-01", "2025-06-18"], "requested": "2026-07-28"}}},
                    status=400)
            elif MODE == "junk-supported":
                self.reply_json({"jsonrpc": "2.0", "id": msg["id"], "error": {
                    "code": -32022, "message": "Unsupported protocol version",
                    "data": {"supported": "whatever you like", "requested": "2026-07-28"}}},
                    status=400)
            else:
                self.reply_json({"jsonrpc": "2.0", "id": msg["id"],
                                 "error": {"code": -32601, "message": "Method not found"}})
        elif method == "initialize":
            asked = msg["params"]["protocolVersion"]
            sys.stderr.write(
                f"initialize {asked} header {self.headers.get('MCP-Protocol-Version')}\n")
            sys.stderr.flush()
            if MODE == "only-2025-06-18" and asked != "2025-06-18":
                self.reply_json({"jsonrpc": "2.0", "id": msg["id"], "error": {
                    "code": -32022, "message": "Unsupported protocol version",
                    "data": {"supported": ["2025-06-18"], "requested": asked}}}, status=400)
                return
            self.reply_json({"jsonrpc": "2.0", "id": msg["id"], "result": {
                "protocolVersion": asked, "capabilities": {"tools": {}},
                "serverInfo": {"name": "hostile-transport", "version": "1"}}})
        elif method == "tools/call" and MODE == "no-ids":
            log = {"jsonrpc": "2.0", "method": "notifications/message",
                   "params": {"level": "info", "data": "working on it"}}
            self.sse(f"event: message\ndata: {json.dumps(log)}\n\n")
        elif method == "tools/call" and MODE == "resume":
            pending["p1"] = msg["id"]
            self.sse(f"id: p1\nretry: {RETRY}\ndata: \n\n")
            # Returning closes the connection at once.
            closed_at["p1"] = time.perf_counter()
        elif method == "tools/call" and MODE == "close-all":
            self.sse("id: p1\nretry: 20\ndata: \n\n")
        elif method == "tools/call":
            self.reply_json({"jsonrpc": "2.0", "id": msg["id"], "result": {
                "content": [{"type": "text", "text": "served"}]}})
        elif "id" in msg:
            self.reply_json({"jsonrpc": "2.0", "id": msg["id"],
                             "error": {"code": -32601, "message": "Method not found"}})
        else:
            self.empty(202)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
sys.stderr.write(f"listening on http://127.0.0.1:{server.server_address[1]}/mcp\n")
sys.stderr.flush()
server.serve_forever()
