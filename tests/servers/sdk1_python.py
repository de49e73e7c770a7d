"""Elicitation written the way the MCP Python SDK 1.x documents it: FastMCP
from `mcp.server.fastmcp`, `ctx.elicit(message=..., schema=Model)` with a
Pydantic model. Nothing here is adjusted for mcp-elicit: the model keeps the
root `title` and the docstring `description` Pydantic gives it.

- `book_table`: asks for the booking, then echoes the answer.

    python sdk1_python.py stdio
"""

from pydantic import BaseModel, Field

from mcp.server.fastmcp import Context, FastMCP

mcp = FastMCP("tables-python-1")


class Booking(BaseModel):
    """Details of the booking."""

    name: str = Field(description="Your name", min_length=1, max_length=40)
    guests: int = Field(default=2, ge=1, le=12, description="How many people")
    terrace: bool = Field(default=False, description="A table outside?")


@mcp.tool()
async def book_table(restaurant: str, ctx: Context) -> str:
    """Book a table, asking for the details."""
    result = await ctx.elicit(message=f"Book a table at {restaurant}", schema=Booking)
    if result.action == "accept" and result.data:
        return f"accept {result.data.model_dump_json()}"
    return result.action


if __name__ == "__main__":
    mcp.run("stdio")
