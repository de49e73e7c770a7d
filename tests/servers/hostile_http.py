"""A Streamable HTTP MCP server (2025-11-25) that refuses the client's
answer to its elicitation with HTTP 500, while the call's event stream
stays open. Prints its URL on stderr once listening."""

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FORM = {
    "message": "Your name?",
    "requestedSchema": {
        "type": "object",
        "properties": {"name": {"type": "string"}},
        "required": ["name"],
    },
}
done = threading.Event()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply_json(self, msg, headers=()):
        body = json.dumps(msg).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.send_response(405)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_DELETE(self):
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        msg = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        method = msg.get("method")
        if method == "initialize":
            self.reply_json({"jsonrpc": "2.0", "id": msg["id"], "result": {
                "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                "serverInfo": {"name": "hostile-http", "version": "1"}}},
                [("Mcp-Session-Id", "s1")])
        elif method == "tools/call":
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            ask = {"jsonrpc": "2.0", "id": "ask-1", "method": "elicitation/create", "params": FORM}
            self.wfile.write(f"event: message\ndata: {json.dumps(ask)}\n\n".encode())
            self.wfile.flush()
            done.wait(30)
        elif method is None and "id" in msg:
            # The answer to the elicitation: refused.
            body = b"boom: cannot store the answer"
            self.send_response(500)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif "id" in msg:
            self.reply_json({"jsonrpc": "2.0", "id": msg["id"],
                             "error": {"code": -32601, "message": "Method not found"}})
        else:
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
sys.stderr.write(f"listening on http://127.0.0.1:{server.server_address[1]}/mcp\n")
sys.stderr.flush()
server.serve_forever()
