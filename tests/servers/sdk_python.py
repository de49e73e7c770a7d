"""Elicitation written the way the official MCP Python SDK documents it.

Nothing here is adjusted for mcp-elicit: the models keep the root `title`
and docstring `description` Pydantic gives them.

- `plan_trip`: `ctx.elicit(message, Model)` with every shape a Pydantic
  model renders (text with bounds, email, date, integer, number, boolean,
  a Literal select, a multi-select, an optional field), then the answer
  echoed. A server-to-client request: 2025-06-18 and 2025-11-25 only.
- `connect_account`: `ctx.elicit_url(...)`, URL mode, the action echoed.
- `plan_trip_resolved`: the same model through `Resolve`/`Elicit`, which
  the SDK serves as a server request or an InputRequiredResult, so it works
  under every revision.
- `connect_account_input`: URL mode as 2026-07-28 asks it, a tool that
  returns an `InputRequiredResult` and reads `ctx.input_responses` on the
  retry; the action echoed. 2026-07-28 only.

    python sdk_python.py stdio
    python sdk_python.py http PORT
"""

import sys
import uuid
from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, EmailStr, Field

from mcp import types
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.resolve import Elicit, ElicitationResult, Resolve

mcp = MCPServer("trips-python")


class Trip(BaseModel):
    """Details of the trip."""

    name: str = Field(description="Your name", min_length=1, max_length=40)
    email: EmailStr = Field(description="Where the tickets go")
    departure: date = Field(description="Day of departure")
    nights: int = Field(default=2, ge=1, le=14)
    budget: float = Field(default=500.0, ge=0)
    insurance: bool = Field(default=False, description="Add travel insurance?")
    cabin: Literal["economy", "business", "first"] = Field(default="economy")
    meals: list[Literal["vegetarian", "vegan", "halal", "kosher"]] = Field(
        default=[], description="Meal needs"
    )
    notes: str | None = Field(default=None, max_length=200)


@mcp.tool()
async def plan_trip(destination: str, ctx: Context) -> str:
    """Plan a trip, asking for the traveller's details."""
    result = await ctx.elicit(message=f"Plan a trip to {destination}", schema=Trip)
    if result.action == "accept" and result.data:
        return f"accept {result.data.model_dump_json()}"
    return result.action


@mcp.tool()
async def connect_account(ctx: Context) -> str:
    """Connect an account through a page of the server's own."""
    result = await ctx.elicit_url(
        message="Sign in to connect your account",
        url="https://accounts.example.com/connect",
        elicitation_id=str(uuid.uuid4()),
    )
    return result.action


@mcp.tool()
async def connect_account_input(ctx: Context) -> str | types.InputRequiredResult:
    """Connect an account through a page of the server's own (2026-07-28)."""
    answers = ctx.input_responses or {}
    if "connect" in answers:
        return answers["connect"].action
    return types.InputRequiredResult(
        inputRequests={
            "connect": types.ElicitRequest(
                params=types.ElicitRequestURLParams(
                    message="Sign in to connect your account",
                    url="https://accounts.example.com/connect",
                )
            )
        }
    )


def ask_trip() -> Elicit[Trip]:
    return Elicit("Plan a trip", Trip)


@mcp.tool()
def plan_trip_resolved(
    trip: Annotated[ElicitationResult[Trip], Resolve(ask_trip)],
) -> str:
    """Plan a trip; asks through Resolve/Elicit, which serves every revision."""
    if trip.action == "accept":
        return f"accept {trip.data.model_dump_json()}"
    return trip.action


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "http":
        mcp.run(transport="streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        mcp.run()
