//! A `call`'s response and a server's listing, as a person reads them.

use mcp_elicit::sanitize;
use serde_json::Value;

/// A `call` response as a person reads it: a tool's text (JSON in it shown
/// as JSON, not as an escaped string), a prompt's messages, a resource's
/// contents, an error in words. Every server string made safe.
pub fn call_result(resp: &Value) -> String {
    if let Some(e) = resp.get("error") {
        let code = e.get("code").map(|c| c.to_string()).unwrap_or_default();
        let msg = e.get("message").and_then(Value::as_str).unwrap_or("");
        return format!(
            "✘ the server refused the request ({code}): {}",
            sanitize::line(msg)
        );
    }
    let r = resp.get("result").unwrap_or(resp);
    let mut out: Vec<String> = Vec::new();
    if r.get("isError") == Some(&Value::Bool(true)) {
        out.push("✘ the tool reported an error:".into());
    }
    for c in r
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.push(content_text(c));
    }
    for m in r
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let role = m.get("role").and_then(Value::as_str).unwrap_or("?");
        let body = m.get("content").map(content_text).unwrap_or_default();
        out.push(format!("{}: {body}", sanitize::line(role)));
    }
    for c in r
        .get("contents")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let uri = c.get("uri").and_then(Value::as_str).unwrap_or("");
        out.push(format!("{}:", sanitize::line(uri)));
        out.push(content_text(c));
    }
    if let Some(sc) = r.get("structuredContent") {
        out.push("structured content:".into());
        out.push(pretty(sc));
    }
    if out.is_empty() {
        out.push(pretty(r));
    }
    out.join("\n")
}

/// One content item: text (pretty JSON when it is JSON), else what it is.
fn content_text(c: &Value) -> String {
    match c.get("type").and_then(Value::as_str) {
        Some("text") | None if c.get("text").is_some() => {
            let t = c.get("text").and_then(Value::as_str).unwrap_or("");
            match serde_json::from_str::<Value>(t) {
                Ok(v @ (Value::Object(_) | Value::Array(_))) => pretty(&v),
                _ => sanitize::block(t).into_owned(),
            }
        }
        Some(kind) => {
            let mime = c.get("mimeType").and_then(Value::as_str).unwrap_or("");
            let uri = c
                .get("uri")
                .or_else(|| c.pointer("/resource/uri"))
                .and_then(Value::as_str)
                .unwrap_or("");
            format!(
                "[{} {} {}]",
                sanitize::line(kind),
                sanitize::line(mime),
                sanitize::line(uri)
            )
            .replace("  ", " ")
            .replace(" ]", "]")
        }
        None => pretty(c),
    }
}

fn pretty(v: &Value) -> String {
    sanitize::json(&serde_json::to_string_pretty(v).unwrap_or_default()).into_owned()
}

/// `call --list` as a person reads it: each tool, prompt and resource by
/// name with its description.
pub fn call_listing(listing: &serde_json::Map<String, Value>) -> String {
    let mut out: Vec<String> = Vec::new();
    for (key, title, name_key) in [
        ("tools", "Tools", "name"),
        ("prompts", "Prompts", "name"),
        ("resources", "Resources", "uri"),
    ] {
        let items = listing.get(key).and_then(Value::as_array);
        let n = items.map_or(0, Vec::len);
        out.push(format!("{title} ({n}):"));
        if n == 0 {
            out.push("  (none)".into());
        }
        for item in items.into_iter().flatten() {
            let name = item.get(name_key).and_then(Value::as_str).unwrap_or("?");
            out.push(format!("  {}{}", sanitize::line(name), arguments_of(item)));
            if let Some(d) = item.get("description").and_then(Value::as_str) {
                out.push(format!("      {}", sanitize::line(d)));
            }
        }
    }
    out.join("\n")
}

/// A tool's or prompt's arguments, as `(destination*: string, nights:
/// integer)` (`*` required), from its `inputSchema` or `arguments`.
fn arguments_of(item: &Value) -> String {
    let mut shown = Vec::new();
    if let Some(schema) = item.get("inputSchema") {
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (k, p) in schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let star = if required.contains(&k.as_str()) {
                "*"
            } else {
                ""
            };
            let ty = crate::arguments::kind(p);
            let ty = if ty.is_empty() {
                String::new()
            } else {
                format!(": {ty}")
            };
            shown.push(format!("{}{star}{ty}", sanitize::line(k)));
        }
    }
    for a in item
        .get("arguments")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(k) = a.get("name").and_then(Value::as_str) else {
            continue;
        };
        let star = if a.get("required") == Some(&Value::Bool(true)) {
            "*"
        } else {
            ""
        };
        shown.push(format!("{}{star}", sanitize::line(k)));
    }
    if shown.is_empty() {
        String::new()
    } else {
        format!("({})", shown.join(", "))
    }
}
