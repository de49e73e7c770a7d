"""Elicitation written the way FastMCP documents it (`ctx.elicit` with a
`response_type`), nothing adjusted for mcp-elicit.

- `register`: a Pydantic model (its root title and docstring kept)
- `reserve`: a dataclass
- `pick_number`: a scalar (`int`), which FastMCP wraps as a `value` field
- `priority`: the list shorthand, a select of plain values
- `priority_titled`: a titled dict, a select whose options have titles

Each tool echoes the action and the data it received. FastMCP asks with a
server-to-client request, so under 2026-07-28 it refuses:

    python fastmcp_server.py stdio
    python fastmcp_server.py http PORT
"""

import sys
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from fastmcp import Context, FastMCP

mcp = FastMCP("events-fastmcp")


class Attendee(BaseModel):
    """Who comes to the event."""

    name: str = Field(description="Full name")
    age: int = Field(ge=0, le=150)
    newsletter: bool = Field(default=False)
    track: Literal["backend", "frontend", "data"] = "backend"


@dataclass
class Reservation:
    seats: int
    vegetarian: bool = False


def echo(result) -> str:
    if result.action != "accept":
        return result.action
    data = result.data
    if isinstance(data, BaseModel):
        return f"accept {data.model_dump_json()}"
    if hasattr(data, "__dataclass_fields__"):
        return f"accept {data.__dict__}"
    return f"accept {data!r}"


@mcp.tool
async def register(ctx: Context) -> str:
    """Register for the event."""
    return echo(await ctx.elicit("Register for the event", response_type=Attendee))


@mcp.tool
async def reserve(ctx: Context) -> str:
    """Reserve seats."""
    return echo(await ctx.elicit("How many seats?", response_type=Reservation))


@mcp.tool
async def pick_number(ctx: Context) -> str:
    """Pick a number."""
    return echo(await ctx.elicit("Pick a number", response_type=int))


@mcp.tool
async def priority(ctx: Context) -> str:
    """Choose a priority from plain values."""
    return echo(await ctx.elicit("Priority?", response_type=["low", "medium", "high"]))


@mcp.tool
async def priority_titled(ctx: Context) -> str:
    """Choose a priority from titled options."""
    return echo(
        await ctx.elicit(
            "Priority?",
            response_type={
                "low": {"title": "Low: whenever"},
                "high": {"title": "High: today"},
            },
        )
    )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "http":
        mcp.run(transport="http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        mcp.run()
