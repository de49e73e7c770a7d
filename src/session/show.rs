//! A readable transcript of a session, for demos and reviews: who asked,
//! what the form looked like, what was answered. Every string a peer sent is
//! neutralised with [`crate::sanitize`] before it is shown.

use std::fmt::Write;

use crate::document::{self, Elicitation};
use crate::json::Node;
use crate::sanitize;
use crate::schema::parse::Ignore;
use crate::schema::{OptionStyle, Property, Shape, parse_schema};
use crate::spec::Revision;

use super::Direction;

/// Renders one message as transcript lines (each ending in `\n`).
pub fn message(from: Option<Direction>, t_ms: Option<u64>, msg: &Node, rev: Revision) -> String {
    let mut out = String::new();
    let time = match t_ms {
        Some(t) => format!("{:>4}.{:03}s", t / 1000, t % 1000),
        None => "         ".to_string(),
    };
    let who = match from {
        Some(Direction::ClientToServer) => "client → server",
        Some(Direction::ServerToClient) => "server → client",
        None => "?               ",
    };
    let id = msg
        .get("id")
        .map(|id| format!(" (id {})", sanitize::line(&id.to_value().to_string())))
        .unwrap_or_default();
    let method = msg.get("method").and_then(Node::as_str);
    let head = match method {
        Some(m) => {
            let target = msg
                .get("params")
                .and_then(|p| p.get("name").or_else(|| p.get("uri")))
                .and_then(Node::as_str)
                .map(|t| format!(" {}", sanitize::line(t)))
                .unwrap_or_default();
            format!("{}{target}{id}", sanitize::line(m))
        }
        None if msg.get("error").is_some() => {
            let e = msg.get("error").unwrap();
            let code = e
                .get("code")
                .map(|c| c.to_value().to_string())
                .unwrap_or_default();
            let text = e.get("message").and_then(Node::as_str).unwrap_or("");
            format!("error {code}{id}: {}", sanitize::line(text))
        }
        None => match msg.get("result") {
            Some(r) if r.get("action").is_some() => format!("answer{id}: {}", answer(r)),
            Some(_) if document::input_required(msg).is_some() => format!("input required{id}"),
            Some(_) => format!("result{id}"),
            None => format!("message{id}"),
        },
    };
    let _ = writeln!(out, "{time}  {who}  {head}");
    let pad = " ".repeat(30);
    for e in document::elicitations(msg) {
        form(&e, rev, &pad, &mut out);
    }
    if let Some(responses) = msg
        .get("params")
        .and_then(|p| p.get("inputResponses"))
        .and_then(Node::as_object)
    {
        for m in responses {
            if m.value.get("action").is_some() {
                let _ = writeln!(
                    out,
                    "{pad}answer to `{}`: {}",
                    sanitize::line(&m.key),
                    answer(&m.value)
                );
            }
        }
    }
    out
}

fn answer(r: &Node) -> String {
    let action = r.get("action").and_then(Node::as_str).unwrap_or("?");
    match r.get("content") {
        Some(c) => format!(
            "{} {}",
            sanitize::line(action),
            sanitize::line(&c.to_value().to_string())
        ),
        None => sanitize::line(action).into_owned(),
    }
}

fn form(e: &Elicitation, rev: Revision, pad: &str, out: &mut String) {
    let p = e.params;
    if let Some(k) = &e.key {
        let _ = writeln!(out, "{pad}asks as `{}`:", sanitize::line(k));
    }
    if let Some(m) = p.get("message").and_then(Node::as_str) {
        for l in sanitize::block(m).lines() {
            let _ = writeln!(out, "{pad}│ {l}");
        }
    }
    if let Some(url) = p.get("url").and_then(Node::as_str) {
        let _ = writeln!(out, "{pad}│ open: {}", sanitize::line(url));
        return;
    }
    let Some(node) = p.get("requestedSchema") else {
        return;
    };
    let Some(schema) = parse_schema(node, "", rev, &mut Ignore) else {
        return;
    };
    for prop in &schema.properties {
        let required = if schema.is_required(&prop.name) {
            "*"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{pad}│ [{}{required}] {}",
            sanitize::line(prop.label()),
            shape(prop)
        );
        if let Some(d) = &prop.description {
            let _ = writeln!(out, "{pad}│     {}", sanitize::line(d));
        }
    }
}

fn shape(p: &Property) -> String {
    let opts = |o: &[crate::schema::Choice], style: OptionStyle| {
        o.iter()
            .map(|c| match style {
                OptionStyle::Untitled => sanitize::line(&c.value).into_owned(),
                _ => format!(
                    "{} = {}",
                    sanitize::line(c.label()),
                    sanitize::line(&c.value)
                ),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let default = p
        .default_value()
        .map(|d| format!(", default {}", sanitize::line(&d.to_string())))
        .unwrap_or_default();
    match &p.shape {
        Shape::String(s) => {
            let mut t = "text".to_string();
            if let Some(f) = &s.format {
                let _ = write!(t, " ({})", f.as_str());
            }
            if s.min_length.is_some() || s.max_length.is_some() {
                let _ = write!(
                    t,
                    ", {}",
                    crate::validate::length_range(s.min_length, s.max_length)
                );
            }
            t + &default
        }
        Shape::Number(n) => {
            let mut t = if n.integer { "integer" } else { "number" }.to_string();
            if n.minimum.is_some() || n.maximum.is_some() {
                let _ = write!(
                    t,
                    " {}",
                    crate::validate::number_range(n.minimum.as_ref(), n.maximum.as_ref())
                );
            }
            t + &default
        }
        Shape::Boolean { .. } => format!("yes/no{default}"),
        Shape::SingleSelect(s) => format!("one of: {}{default}", opts(&s.options, s.style)),
        Shape::MultiSelect(m) => {
            let bounds = if m.min_items.is_some() || m.max_items.is_some() {
                format!(
                    " ({})",
                    crate::validate::choices_range(m.min_items, m.max_items)
                )
            } else {
                String::new()
            };
            format!("any of{bounds}: {}{default}", opts(&m.options, m.style))
        }
    }
}
