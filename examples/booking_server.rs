//! A small MCP server built with `mcp_elicit::mcp::server`: tools that ask
//! for every property shape, a URL-mode step and a two-question exchange,
//! served over stdio or Streamable HTTP in 2025-06-18, 2025-11-25 and
//! 2026-07-28.
//!
//!     cargo run --example booking_server                       # stdio
//!     cargo run --example booking_server -- --http 127.0.0.1:8808
//!     mcp-elicit call --tool book_table -- target/debug/examples/booking_server
//!
//! `--drift` changes the booking form (the guest limit), to see
//! `mcp-elicit replay SESSION -- COMMAND` report the drift.

use mcp_elicit::mcp::server::http::{AskOn, HttpOptions, serve_http};
use mcp_elicit::mcp::server::{Elicitor, Handler, Stop, Tool, serve_stdio};
use mcp_elicit::spec::Revision;
use serde_json::{Value, json};

struct Booking {
    drift: bool,
}

fn text(t: String) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

impl Booking {
    /// The booking form, in the shapes the revision allows.
    fn form(&self, rev: Revision) -> Value {
        let max_guests = if self.drift { 8 } else { 12 };
        let mut props = json!({
            "name": {"type": "string", "title": "Name", "minLength": 1, "maxLength": 60},
            "email": {"type": "string", "title": "Email", "format": "email", "description": "We send the confirmation here"},
            "date": {"type": "string", "title": "Date", "format": "date"},
            "guests": {"type": "integer", "title": "Guests", "minimum": 1, "maximum": max_guests},
            "highChair": {"type": "boolean", "title": "High chair", "default": false},
            "notes": {"type": "string", "title": "Notes", "maxLength": 200},
        });
        if rev.allows_titled_single_select() {
            props["seating"] = json!({"type": "string", "title": "Seating",
                "oneOf": [{"const": "inside", "title": "Inside"}, {"const": "terrace", "title": "Terrace"}, {"const": "bar", "title": "At the bar"}],
                "default": "inside"});
            props["guests"]["default"] = json!(2);
        } else {
            props["seating"] = json!({"type": "string", "title": "Seating", "enum": ["inside", "terrace", "bar"],
                "enumNames": ["Inside", "Terrace", "At the bar"]});
        }
        if rev.allows_multi_select() {
            props["diet"] = json!({"type": "array", "title": "Dietary needs", "minItems": 0, "maxItems": 3,
                "items": {"anyOf": [{"const": "vegetarian", "title": "Vegetarian"}, {"const": "vegan", "title": "Vegan"},
                                     {"const": "gluten-free", "title": "Gluten free"}, {"const": "nut-allergy", "title": "Nut allergy"}]}});
        }
        json!({"message": "Book a table at Chez Nous", "requestedSchema": {
            "type": "object", "properties": props, "required": ["name", "email", "date", "guests"]}})
    }
}

fn outcome(r: &Value) -> String {
    match r.get("content") {
        Some(c) if r["action"] == "accept" => format!("accept {c}"),
        _ => r["action"].as_str().unwrap_or("?").to_string(),
    }
}

impl Handler for Booking {
    fn name(&self) -> &str {
        "booking-example"
    }

    fn tools(&self) -> Vec<Tool> {
        let no_args = json!({"type": "object", "properties": {}});
        vec![
            Tool {
                name: "book_table".into(),
                description: "Book a table: asks for every property shape the revision has".into(),
                input_schema: no_args.clone(),
            },
            Tool {
                name: "book_and_confirm".into(),
                description: "Ask for the booking, then for a confirmation: two questions in a row"
                    .into(),
                input_schema: no_args.clone(),
            },
            Tool {
                name: "connect_payment".into(),
                description: "Send the person to a payment page in URL mode (2025-11-25 on)".into(),
                input_schema: no_args,
            },
        ]
    }

    fn call(&self, name: &str, _args: &Value, ask: &mut dyn Elicitor) -> Result<Value, Stop> {
        let rev = ask.revision();
        match name {
            "book_table" => {
                let r = ask.elicit(self.form(rev))?;
                Ok(text(format!("book_table: {}", outcome(&r))))
            }
            "book_and_confirm" => {
                let first = ask.elicit(self.form(rev))?;
                if first["action"] != "accept" {
                    return Ok(text(format!("book_and_confirm: {}", outcome(&first))));
                }
                let confirm = ask.elicit(json!({"message": "Confirm this booking?", "requestedSchema": {
                    "type": "object", "properties": {"confirm": {"type": "boolean", "title": "Confirm"}}, "required": ["confirm"]}}))?;
                Ok(text(format!(
                    "book_and_confirm: {} then {}",
                    outcome(&first),
                    outcome(&confirm)
                )))
            }
            "connect_payment" => {
                if !rev.has_modes() {
                    return Ok(
                        json!({"content": [{"type": "text", "text": "URL mode needs 2025-11-25 or later"}], "isError": true}),
                    );
                }
                let url_ok = ask.capability().is_some_and(|c| c.get("url").is_some());
                if !url_ok {
                    return Ok(
                        json!({"content": [{"type": "text", "text": "the client did not declare URL mode"}], "isError": true}),
                    );
                }
                let mut params = json!({"mode": "url", "message": "Add a card for the deposit",
                    "url": "https://pay.example.com/deposit?booking=42"});
                if rev == Revision::V2025_11_25 {
                    params["elicitationId"] = json!("deposit-42");
                }
                let r = ask.elicit(params)?;
                Ok(text(format!("connect_payment: {}", outcome(&r))))
            }
            _ => unreachable!("the server checks tool names"),
        }
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let drift = args.iter().any(|a| a == "--drift");
    let http = args.iter().position(|a| a == "--http").map(|i| {
        args.get(i + 1)
            .cloned()
            .unwrap_or_else(|| "127.0.0.1:8808".into())
    });
    let handler: &'static Booking = Box::leak(Box::new(Booking { drift }));
    match http {
        Some(addr) => serve_http(handler, &addr, &HttpOptions::new(AskOn::GetStream), |a| {
            eprintln!("booking-example listening on http://{a}/mcp");
        })?,
        None => serve_stdio(handler, std::io::stdin().lock(), std::io::stdout().lock())?,
    }
    Ok(())
}
