"""A host on the official MCP Python SDK that does what `mcp-elicit probe`
asks, the way a person at a form would: it lists the probe's tools, calls
each in order, and answers each elicitation as its message says ("accept
without changing anything": the form's defaults; "decline"; "press the
host's Cancel"; a URL request: accept). It prints one JSON line per tool:
the elicitations it was asked and the results it sent.

    python probe_host.py REVISION -- COMMAND...
    python probe_host.py REVISION -- URL

REVISION: 2025-11-25 (the initialize handshake, also under the SDK's 1.x)
or 2026-07-28 (the SDK's 2.x `Client(..., mode="2026-07-28")`).
"""

import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

try:  # the SDK's 2.x
    from mcp.client.streamable_http import streamable_http_client
except ImportError:  # its 1.x
    from mcp.client.streamable_http import streamablehttp_client as streamable_http_client


def as_a_person(params: dict) -> dict:
    """What a person following the message sends: the result as a dict."""
    message = params.get("message", "")
    if "Please decline" in message:
        return {"action": "decline"}
    if "Please press the host's Cancel" in message:
        return {"action": "cancel"}
    if params.get("mode") == "url":
        return {"action": "accept"}
    properties = (params.get("requestedSchema") or {}).get("properties") or {}
    content = {k: p["default"] for k, p in properties.items() if "default" in p}
    return {"action": "accept", "content": content}


async def main() -> None:
    revision = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1 :]
    asked: list[dict] = []
    sent: list[dict] = []

    async def on_elicit(context, params: types.ElicitRequestParams) -> types.ElicitResult:
        p = params.model_dump(by_alias=True, exclude_none=True)
        asked.append(p)
        result = as_a_person(p)
        sent.append(result)
        return types.ElicitResult(**result)

    url = command[0] if command[0].startswith("http") else None
    server = url or StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))

    async def run_all(list_tools, call_tool) -> None:
        listed = await list_tools()
        names = sorted(t.name for t in listed.tools if t.name.startswith("probe_"))
        for name in names:
            asked.clear()
            sent.clear()
            result = await call_tool(name, {})
            text = "".join(c.text for c in result.content if c.type == "text")
            print(json.dumps({"tool": name, "asked": list(asked), "sent": list(sent), "text": text}), flush=True)

    if revision == "2026-07-28":
        from mcp import Client

        async with Client(server, mode=revision, elicitation_callback=on_elicit) as client:
            await run_all(client.list_tools, client.call_tool)
    else:
        transport = streamable_http_client(url) if url else stdio_client(server)
        async with transport as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write, elicitation_callback=on_elicit) as session:
                await session.initialize()
                await run_all(session.list_tools, session.call_tool)


asyncio.run(main())
