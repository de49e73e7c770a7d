"""An MCP server on the official Python SDK that asks for booking details."""

from typing import Literal

from pydantic import BaseModel, Field

from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer(name="Bookings")


class BookingDetails(BaseModel):
    """Details for the booking."""

    guests: int = Field(2, ge=1, le=12, description="How many people")
    seating: Literal["inside", "terrace"] = "inside"
    card_number: str = Field(description="Card to hold the table")


@mcp.tool()
async def book_table(date: str, ctx: Context) -> str:
    """Book a table."""
    result = await ctx.elicit(message=f"Booking for {date}", schema=BookingDetails)
    return result.action


if __name__ == "__main__":
    mcp.run()
