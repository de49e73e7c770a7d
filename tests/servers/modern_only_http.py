"""A 2026-07-28-only Streamable HTTP server: the official MCP Python SDK
2.x server of sdk_python.py, served as its docs show
(`streamable_http_app()` under uvicorn), behind an ASGI middleware that
refuses the 2025 handshake the way 2026-only servers do: an `initialize`
gets -32022 with the versions served. Every other request reaches the SDK
as it came.

    python modern_only_http.py http PORT
"""

import json
import os
import sys

import uvicorn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sdk_python  # noqa: E402


class RefuseInitialize:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        chunks = []
        more = True
        while more:
            message = await receive()
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
        body = b"".join(chunks)
        try:
            msg = json.loads(body)
        except ValueError:
            msg = None
        if isinstance(msg, dict) and msg.get("method") == "initialize":
            requested = (msg.get("params") or {}).get("protocolVersion")
            answer = json.dumps({
                "jsonrpc": "2.0",
                "id": msg.get("id"),
                "error": {
                    "code": -32022,
                    "message": "this server speaks 2026-07-28 only; the initialize handshake is not accepted",
                    "data": {"supported": ["2026-07-28"], "requested": requested},
                },
            }).encode()
            await send({"type": "http.response.start", "status": 400,
                        "headers": [(b"content-type", b"application/json")]})
            await send({"type": "http.response.body", "body": answer})
            return
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


app = RefuseInitialize(sdk_python.mcp.streamable_http_app())

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
