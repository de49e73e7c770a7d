"""A protected Streamable HTTP MCP server (2025-11-25) and its OAuth
authorization server in one process, as the MCP authorization
specification lays them out: a 401 with `resource_metadata`, protected
resource metadata (RFC 9728), authorization server metadata (RFC 8414),
dynamic registration, an authorization endpoint that grants at once
(redirects straight back, as a test server does), a token endpoint with
PKCE S256 and refresh tokens. Prints its URL on stderr once listening.

    python oauth_http.py [--issuer-mismatch] [--resource-mismatch]
        [--wrong-state] [--no-s256] [--slow-token] [--plain-http-token]
        [--login-page] [--refuse-refresh]
        [--expires-in N]

Each flag breaks one thing for the client to refuse. What the server saw
is appended, one JSON line per event, to the file named by
OAUTH_LOG when set (the tests read it: which tokens were accepted, how
many authorizations and refreshes there were).
"""

import base64
import hashlib
import json
import os
import secrets
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FLAGS = set(sys.argv[1:])
EXPIRES_IN = 3600
for i, a in enumerate(sys.argv):
    if a == "--expires-in":
        EXPIRES_IN = int(sys.argv[i + 1])

lock = threading.Lock()
codes = {}  # code -> (challenge, client_id, resource)
tokens = {}  # access token -> when it expires
refresh_tokens = {}
clients = {}


def log(event, **kw):
    path = os.environ.get("OAUTH_LOG")
    if path:
        with lock, open(path, "a") as f:
            f.write(json.dumps({"event": event, **kw}) + "\n")


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def base(self):
        return "http://127.0.0.1:%d" % self.server.server_address[1]

    def reply(self, status, msg, headers=()):
        body = json.dumps(msg).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def empty(self, status, headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        base = self.base()
        if url.path == "/.well-known/oauth-protected-resource/mcp":
            resource = "https://elsewhere.example.com/mcp" if "--resource-mismatch" in FLAGS else base + "/mcp"
            return self.reply(200, {"resource": resource, "authorization_servers": [base],
                                    "scopes_supported": ["notes:read"]})
        if url.path == "/.well-known/oauth-authorization-server":
            log("metadata")
            meta = {
                "issuer": "https://attacker.example.com" if "--issuer-mismatch" in FLAGS else base,
                "authorization_endpoint": base + "/authorize",
                "token_endpoint": "http://203.0.113.7/token" if "--plain-http-token" in FLAGS else base + "/token",
                "registration_endpoint": base + "/register",
                "response_types_supported": ["code"],
                "grant_types_supported": ["authorization_code", "refresh_token"],
                "token_endpoint_auth_methods_supported": ["none"],
                "code_challenge_methods_supported": ["plain"] if "--no-s256" in FLAGS else ["S256"],
                "authorization_response_iss_parameter_supported": True,
            }
            return self.reply(200, meta)
        if url.path == "/authorize":
            q = dict(urllib.parse.parse_qsl(url.query))
            log("authorize", scope=q.get("scope"), resource=q.get("resource"))
            if "--login-page" in FLAGS:
                page = b"<!doctype html><form>Sign in</form>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)
                return
            code = secrets.token_urlsafe(16)
            with lock:
                codes[code] = (q.get("code_challenge"), q.get("client_id"), q.get("resource"))
            state = q.get("state", "")
            if "--wrong-state" in FLAGS:
                state = "forged-" + state
            back = q["redirect_uri"] + "?" + urllib.parse.urlencode(
                {"code": code, "state": state, "iss": base})
            return self.empty(302, [("Location", back)])
        if url.path == "/mcp":
            return self.empty(405)
        self.empty(404)

    def do_DELETE(self):
        self.empty(200)

    def do_POST(self):
        url = urllib.parse.urlparse(self.path)
        if url.path == "/register":
            meta = json.loads(self.body())
            client_id = "client-" + secrets.token_hex(4)
            with lock:
                clients[client_id] = meta
            log("register", client_name=meta.get("client_name"))
            return self.reply(201, {"client_id": client_id, **meta, "token_endpoint_auth_method": "none"})
        if url.path == "/token":
            form = dict(urllib.parse.parse_qsl(self.body().decode()))
            if "--slow-token" in FLAGS:
                time.sleep(20)
            grant = form.get("grant_type")
            if grant == "authorization_code":
                with lock:
                    entry = codes.pop(form.get("code"), None)
                if entry is None:
                    return self.reply(400, {"error": "invalid_grant", "error_description": "unknown code"})
                challenge = base64.urlsafe_b64encode(
                    hashlib.sha256(form.get("code_verifier", "").encode()).digest()).rstrip(b"=").decode()
                if challenge != entry[0]:
                    return self.reply(400, {"error": "invalid_grant", "error_description": "PKCE verifier does not match"})
            elif grant == "refresh_token":
                if "--refuse-refresh" in FLAGS:
                    log("token-refused", grant=grant)
                    return self.reply(400, {"error": "invalid_grant", "error_description": "refresh refused"})
                with lock:
                    ok = refresh_tokens.pop(form.get("refresh_token"), None)
                if ok is None:
                    return self.reply(400, {"error": "invalid_grant", "error_description": "unknown refresh token"})
            else:
                return self.reply(400, {"error": "unsupported_grant_type"})
            access = "secret-access-" + secrets.token_hex(12)
            refresh = "secret-refresh-" + secrets.token_hex(12)
            with lock:
                tokens[access] = time.time() + EXPIRES_IN
                refresh_tokens[refresh] = True
            log("token", grant=grant, resource=form.get("resource"))
            return self.reply(200, {"access_token": access, "token_type": "Bearer",
                                    "expires_in": EXPIRES_IN, "refresh_token": refresh,
                                    "scope": "notes:read"})
        if url.path != "/mcp":
            return self.empty(404)
        raw = self.body()
        auth = self.headers.get("Authorization", "")
        token = auth[7:] if auth.startswith("Bearer ") else None
        if tokens.get(token, 0) < time.time():
            log("refused", had_token=token is not None)
            meta = self.base() + "/.well-known/oauth-protected-resource/mcp"
            return self.reply(401, {"error": "invalid_token"}, [(
                "WWW-Authenticate",
                'Bearer error="invalid_token", resource_metadata="%s"' % meta)])
        msg = json.loads(raw)
        method = msg.get("method")
        log("mcp", method=method)
        if "id" not in msg:
            return self.empty(202)
        if method == "initialize":
            return self.reply(200, {"jsonrpc": "2.0", "id": msg["id"], "result": {
                "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                "serverInfo": {"name": "notes", "version": "1.0.0"}}})
        if method == "tools/list":
            return self.reply(200, {"jsonrpc": "2.0", "id": msg["id"], "result": {"tools": [
                {"name": "read_notes", "inputSchema": {"type": "object"}}]}})
        if method == "tools/call":
            return self.reply(200, {"jsonrpc": "2.0", "id": msg["id"], "result": {
                "content": [{"type": "text", "text": "three notes"}]}})
        return self.reply(200, {"jsonrpc": "2.0", "id": msg["id"],
                                "error": {"code": -32601, "message": "Method not found"}})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print("listening on http://127.0.0.1:%d/mcp" % server.server_address[1], file=sys.stderr, flush=True)
server.serve_forever()
