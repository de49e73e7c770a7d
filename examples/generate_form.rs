//! Using the library from a Rust MCP server: the form comes from a type and
//! the answer goes back into it, checked against the schema on the way.

use mcp_elicit::generate::{Answer, Form, Options};
use mcp_elicit::spec::Revision;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, JsonSchema, Deserialize)]
struct Booking {
    /// # Guests
    #[schemars(range(min = 1, max = 12))]
    guests: u8,
    /// # A table on the terrace
    #[serde(default)]
    terrace: bool,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let form = Form::<Booking>::new(&Options::new(Revision::V2025_11_25))?;
    // The params of an elicitation/create request (from 2026-07-28, of an
    // `inputRequests` entry).
    println!("{}", form.params("Book a table"));

    // The ElicitResult the client sent back.
    let result = serde_json::json!({"action": "accept", "content": {"guests": 4, "terrace": true}});
    match form.decode_result(&result)? {
        Answer::Accepted(b) => println!("booked for {}, terrace: {}", b.guests, b.terrace),
        Answer::Declined => println!("the person said no"),
        Answer::Cancelled => println!("the person dismissed the form"),
    }

    // Content outside the schema is refused before it reaches the type.
    let bad = serde_json::json!({"action": "accept", "content": {"guests": 40}});
    if let Err(e) = form.decode_result(&bad) {
        println!("refused: {e}");
    }
    Ok(())
}
