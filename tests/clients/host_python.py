"""A host on the official MCP Python SDK, written the way its docs show:
`stdio_client` + `ClientSession` for the initialize handshake (2025-11-25),
`Client(..., mode="2026-07-28")` for 2026-07-28. It starts the server
command it is given (the proxy in front of a server), calls one tool and
prints one JSON line: the tool's text, whether it was an error, and the
elicitations the host itself was asked.

    python host_python.py REVISION CAPABILITY TOOL ARGS_JSON -- COMMAND...
    python host_python.py REVISION CAPABILITY TOOL ARGS_JSON -- URL

REVISION: 2025-11-25 or 2026-07-28. CAPABILITY: `elicit` (an
elicitation_callback that accepts with the JSON object in $HOST_ANSWER, so
the SDK declares the capability; with $HOST_ACTION set to `decline` or
`cancel` it answers that instead) or `none` (no callback: no capability).
With $HOST_PROGRESS set, the call gives a progress callback (so a progress
token) and the progress messages heard are printed too.
"""

import asyncio
import json
import os
import sys

from mcp import Client, ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client


async def main() -> None:
    revision, capability, tool, arguments = sys.argv[1:5]
    command = sys.argv[sys.argv.index("--") + 1 :]
    seen: list[dict] = []
    progress: list[str] = []

    async def on_elicit(context, params: types.ElicitRequestParams) -> types.ElicitResult:
        seen.append(params.model_dump(by_alias=True, exclude_none=True))
        action = os.environ.get("HOST_ACTION", "accept")
        if action != "accept":
            return types.ElicitResult(action=action)
        return types.ElicitResult(action="accept", content=json.loads(os.environ["HOST_ANSWER"]))

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(message or "")

    callback = on_elicit if capability == "elicit" else None
    extra = {"progress_callback": on_progress} if os.environ.get("HOST_PROGRESS") else {}
    url = command[0] if command[0].startswith("http") else None
    server = url or StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
    if revision == "2026-07-28":
        async with Client(server, mode=revision, elicitation_callback=callback) as client:
            result = await client.call_tool(tool, json.loads(arguments), **extra)
    else:
        transport = streamable_http_client(url) if url else stdio_client(server)
        async with transport as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write, elicitation_callback=callback) as session:
                await session.initialize()
                result = await session.call_tool(tool, json.loads(arguments), **extra)
    text = "".join(c.text for c in result.content if c.type == "text")
    print(json.dumps({"text": text, "isError": bool(result.is_error), "elicited": seen, "progress": progress}))


asyncio.run(main())
