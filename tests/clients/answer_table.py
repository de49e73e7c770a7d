"""A client on the official MCP Python SDK that answers elicitations from a
table, for the `serve` tests.

It starts the server command given after the mode, calls every tool the
server lists, answers each elicitation by its message from TABLE, and
prints one JSON line per tool: its name and the text of its result.

    python answer_table.py MODE COMMAND [ARG...]

MODE is `legacy` (initialize, 2025-11-25) or a protocol version such as
`2026-07-28` (no handshake).
"""

import json
import sys

import anyio

import mcp_types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters

# message -> the answer given.
TABLE = {
    "How old are you?": {"action": "accept", "content": {"age": 42}},
    "Please provide your information": {
        "action": "accept",
        "content": {"username": "testuser", "email": "test@example.com"},
    },
    "Please review and update the form fields with defaults": {"action": "decline"},
    # Not an option of `untitledSingle`: the server must report it invalid.
    "Please select options from the enum fields": {
        "action": "accept",
        "content": {"untitledSingle": "option9", "titledSingle": "value1"},
    },
}


async def answer(context, params):
    entry = TABLE.get(params.message)
    if entry is None:
        return types.ElicitResult(action="cancel")
    return types.ElicitResult(**entry)


async def main() -> None:
    mode, command = sys.argv[1], sys.argv[2:]
    server = StdioServerParameters(command=command[0], args=command[1:])
    async with Client(server, elicitation_callback=answer, mode=mode) as client:
        tools = await client.list_tools()
        for tool in tools.tools:
            args = {}
            if "message" in (tool.input_schema.get("properties") or {}):
                args["message"] = "Please provide your information"
            result = await client.call_tool(tool.name, args)
            text = " ".join(c.text for c in result.content if c.type == "text")
            print(json.dumps({"tool": tool.name, "text": text}), flush=True)


anyio.run(main)
