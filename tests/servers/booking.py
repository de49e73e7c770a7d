"""A booking server built on the official MCP Python SDK, for the client tests.

Its tool `book_table` asks for the booking details through elicitation and
echoes what it received. The SDK speaks 2025-06-18 and 2025-11-25 (a
server-to-client `elicitation/create` mid-call) and 2026-07-28 (an
`InputRequiredResult`, then a retry with `inputResponses` and
`requestState`), over stdio or Streamable HTTP:

    python booking.py stdio
    python booking.py http PORT
"""

import sys
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.resolve import Elicit, ElicitationResult, Resolve

server = MCPServer("booking-python")


def _flat(schema: dict) -> None:
    # Pydantic titles the root after the class; a requestedSchema root has
    # no title in any revision.
    schema.pop("title", None)


class Booking(BaseModel):
    model_config = ConfigDict(json_schema_extra=_flat)

    guests: int = Field(ge=1, le=12, description="How many people")
    seating: Literal["inside", "terrace"] = Field(default="inside")
    notes: str | None = Field(default=None, max_length=200)


class Confirm(BaseModel):
    model_config = ConfigDict(json_schema_extra=_flat)

    confirm: bool = Field(description="Book it?")


def ask_booking() -> Elicit[Booking]:
    return Elicit("Book a table at Chez Nous", Booking)


def ask_confirm() -> Elicit[Confirm]:
    return Elicit("Confirm the booking?", Confirm)


@server.tool()
def book_table(
    booking: Annotated[ElicitationResult[Booking], Resolve(ask_booking)],
) -> str:
    """Book a table, asking for the details."""
    if booking.action != "accept":
        return f"not booked: {booking.action}"
    return "booked: " + booking.data.model_dump_json()


@server.tool()
def book_twice(
    booking: Annotated[ElicitationResult[Booking], Resolve(ask_booking)],
    confirm: Annotated[ElicitationResult[Confirm], Resolve(ask_confirm)],
) -> str:
    """Ask for the details and then for a confirmation (two rounds)."""
    parts = [booking.action, confirm.action]
    if booking.action == "accept":
        parts.append(booking.data.model_dump_json())
    if confirm.action == "accept":
        parts.append(confirm.data.model_dump_json())
    return " ".join(parts)


@server.tool()
def confirm(
    answer: Annotated[ElicitationResult[Confirm], Resolve(ask_confirm)],
) -> str:
    """Ask for a yes/no confirmation (a shape every revision has)."""
    if answer.action != "accept":
        return f"not confirmed: {answer.action}"
    return "confirmed: " + answer.data.model_dump_json()


class Untidy(BaseModel):
    """Left as Pydantic makes it: the root carries `title`."""

    name: str


def ask_untidy() -> Elicit[Untidy]:
    return Elicit("Your name?", Untidy)


@server.tool()
def ask_untidy_schema(
    answer: Annotated[ElicitationResult[Untidy], Resolve(ask_untidy)],
) -> str:
    """Ask with a schema whose root has a title (not in any revision)."""
    return answer.action


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "http":
        server.run(transport="streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run()
