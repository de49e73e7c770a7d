//! Sessions: recorded elicitation exchanges, one JSON value per line.
//!
//! The format is documented in `docs/session-format.md` and
//! `docs/session-line.schema.json`. A session starts with a header line and
//! has one line per JSON-RPC message, in the order the messages were sent:
//!
//! ```text
//! {"mcp-elicit-session":1,"tool":"mcp-elicit 0.1.0","spec":"2025-11-25","server":{"transport":"stdio","command":["node","server.js"]},"started":"2026-11-23T10:00:00.000Z"}
//! {"t":0,"from":"client","msg":{"jsonrpc":"2.0","id":1,"method":"tools/call",...}}
//! {"t":12,"from":"server","msg":{"jsonrpc":"2.0","id":7,"method":"elicitation/create",...}}
//! ```
//!
//! The [`Writer`] appends and flushes each line as it happens and syncs at
//! each finished exchange. Reading goes through [`line()`], which recognises
//! this format and the formats other tools write (see [`Format`]), so the
//! linter, `replay` and the answer path read every kind the same way.

pub(crate) mod bounded;
pub mod exchanges;
pub mod pairing;
pub mod recorded;
pub mod show;
mod writer;

pub use writer::{Peer, Writer};

/// The largest document, or JSONL line, the linter reads. Larger input is
/// reported (and, in JSONL, skipped) instead of filling memory.
pub const MAX_DOCUMENT: usize = 256 << 20;

use crate::json::{Node, NodeValue, Span};

/// The key that marks a header line, with the format version as its value.
pub(crate) const HEADER_KEY: &str = "mcp-elicit-session";
/// The format version this build writes and reads.
pub(crate) const FORMAT_VERSION: u64 = 1;
/// What redacted answers are replaced with.
pub(crate) const REDACTED: &str = "[redacted]";

/// Who sent a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    ClientToServer,
    ServerToClient,
}

impl Direction {
    /// The sender, as written in a session line.
    pub(crate) fn sender(self) -> &'static str {
        match self {
            Direction::ClientToServer => "client",
            Direction::ServerToClient => "server",
        }
    }
}

/// The line formats a session file can be in, told apart by its first line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// This tool's own: a header line, then `{"t", "from", "msg"}` lines.
    Native,
    /// Bare JSON-RPC messages, one per line; the sender is inferred.
    Plain,
    /// JSON-RPC messages with a top-level `_meta: {dir: send|recv|lifecycle,
    /// server, ts}`; `send` is the client's, lifecycle lines are skipped.
    MetaDir,
    /// `{"ts": seconds, "dir": "client->server"|"server->client", "msg"}`.
    Envelope,
    /// `{"session_id", "server_label", "seq", "ts", "direction":
    /// "c2s"|"s2c"|"stderr"|"meta", "raw"}`; stderr and meta lines are skipped.
    Labelled,
}

/// Whether the first line of JSONL starts a session: this tool's header,
/// one of the recording formats it reads, or a JSON-RPC message. Any other
/// JSONL (a data set, a log) holds no elicitation to judge.
pub(crate) fn starts_session(first: &Node) -> bool {
    Format::detect(first) != Format::Plain || crate::document::is_jsonrpc(first)
}

impl Format {
    /// Recognises the format from the first non-blank line of a file.
    pub(crate) fn detect(first: &Node) -> Format {
        if first.get(HEADER_KEY).is_some() {
            Format::Native
        } else if first.get("direction").is_some() && first.get("raw").is_some() {
            Format::Labelled
        } else if first.get("dir").is_some() && first.get("msg").is_some() {
            Format::Envelope
        } else if first
            .get("_meta")
            .and_then(|m| m.get("dir"))
            .and_then(Node::as_str)
            .is_some_and(|d| matches!(d, "send" | "recv" | "lifecycle"))
        {
            Format::MetaDir
        } else {
            Format::Plain
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Format::Native => "an mcp-elicit session",
            Format::Plain => "JSONL of JSON-RPC messages",
            Format::MetaDir => "NDJSON with `_meta.dir`",
            Format::Envelope => "JSONL `{ts, dir, msg}` envelopes",
            Format::Labelled => "JSONL `{session_id, direction, raw}` envelopes",
        }
    }
}

/// The header of a native session.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    pub version: u64,
    pub tool: Option<String>,
    pub spec: Option<String>,
    pub started: Option<String>,
    /// The names of properties whose answers were redacted on write.
    pub redacted: Vec<String>,
}

/// What one line of a session file holds.
#[derive(Debug)]
pub enum Line<'d, 'a> {
    /// A native header (a file may hold several runs, each with its header).
    Header(Header),
    /// A JSON-RPC message, with its sender when the line says it and its
    /// time offset in milliseconds when the line has one.
    Message {
        from: Option<Direction>,
        t_ms: Option<u64>,
        msg: &'d Node<'a>,
    },
    /// A line the format says to skip (lifecycle, stderr, meta).
    Skip,
    /// A line that is not what its format requires; the message says what,
    /// `span` where (the offending value, or the line's opening brace when
    /// something is missing).
    Bad { message: String, span: Span },
}

impl Line<'_, '_> {
    /// A bad line, placed at `value` when there is one, else at the start of
    /// `line`.
    fn bad(message: impl Into<String>, value: Option<&Node>, line: &Node) -> Self {
        Line::Bad {
            message: message.into(),
            span: value.map_or(Span::new(line.span.start, line.span.start + 1), |v| v.span),
        }
    }
}

/// What [`each_line`] found on one non-blank line.
pub enum Event<'d, 'a> {
    /// A JSON line, read in the file's format (from its first JSON line).
    Line(Format, Line<'d, 'a>),
    /// JSON that ends early: a line torn by a crash when nothing but a new
    /// run (or the end of the file) follows it.
    EndsEarly(String),
    /// Not UTF-8: the offset of the first bad byte.
    NotUtf8(usize),
    /// Not JSON: the parser's message and the offset it stopped at.
    NotJson(String, usize),
    /// A line over [`MAX_DOCUMENT`] bytes, skipped; its length.
    TooLong(u64),
}

/// One line as read, for placing what is found on it.
pub struct Raw<'d, 'a> {
    /// The line without its break; for [`Event::NotUtf8`] the valid part
    /// before the bad byte, for [`Event::TooLong`] nothing.
    pub text: &'a str,
    /// Its JSON, when it parsed.
    pub node: Option<&'d Node<'a>>,
}

impl<'a> Raw<'_, 'a> {
    fn text(text: &'a str) -> Self {
        Raw { text, node: None }
    }
}

/// Streams the lines of a session, in memory bounded by the longest line,
/// handing each non-blank one (1-based line number) to `f`; stops at the
/// first error `f` returns. The one reader of session lines: the linter,
/// the exchange reader ([`exchanges`]) and `replay --show` fold over it.
pub fn each_line<R: std::io::BufRead, E: From<std::io::Error>>(
    reader: R,
    f: impl FnMut(usize, Event<'_, '_>, Raw<'_, '_>) -> Result<(), E>,
) -> Result<(), E> {
    each_line_after(reader, 0, f)
}

/// [`each_line`] for a reader whose first `skipped` lines were read
/// already: line numbers go on from there.
pub(crate) fn each_line_after<R: std::io::BufRead, E: From<std::io::Error>>(
    mut reader: R,
    skipped: usize,
    mut f: impl FnMut(usize, Event<'_, '_>, Raw<'_, '_>) -> Result<(), E>,
) -> Result<(), E> {
    use crate::lines::{LineRead, read_line_bounded};
    let mut buf = Vec::with_capacity(4096);
    let mut format: Option<Format> = None;
    let mut line_no = skipped;
    loop {
        let read = read_line_bounded(&mut reader, &mut buf, MAX_DOCUMENT)?;
        line_no += 1;
        let text = match read {
            LineRead::Eof => return Ok(()),
            LineRead::TooLong(n) => {
                f(line_no, Event::TooLong(n), Raw::text(""))?;
                continue;
            }
            LineRead::Line => {
                let bytes = crate::lines::trim_line(&buf);
                // JSON's whitespace is ASCII: a line of anything else is
                // read, and is not JSON.
                if bytes.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                match std::str::from_utf8(bytes) {
                    Ok(t) => t,
                    Err(e) => {
                        let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
                        f(line_no, Event::NotUtf8(e.valid_up_to()), Raw::text(valid))?;
                        continue;
                    }
                }
            }
        };
        match crate::json::parse(text) {
            Ok(node) => {
                let format = *format.get_or_insert_with(|| Format::detect(&node));
                let event = Event::Line(format, line(format, &node));
                f(
                    line_no,
                    event,
                    Raw {
                        text,
                        node: Some(&node),
                    },
                )?;
            }
            Err(e) if e.offset >= text.trim_end().len() => {
                f(line_no, Event::EndsEarly(e.message), Raw::text(text))?;
            }
            Err(e) => f(
                line_no,
                Event::NotJson(e.message, e.offset),
                Raw::text(text),
            )?,
        }
    }
}

/// Reads one line of a session in `format`.
pub fn line<'d, 'a>(format: Format, node: &'d Node<'a>) -> Line<'d, 'a> {
    if node.as_object().is_none() {
        return Line::bad(
            format!(
                "this line is {}; every line of a session is a JSON object",
                node.type_name()
            ),
            Some(node),
            node,
        );
    }
    match format {
        Format::Native => native(node),
        Format::Plain => Line::Message {
            from: None,
            t_ms: None,
            msg: node,
        },
        Format::MetaDir => {
            let dir = node.get("_meta").and_then(|m| m.get("dir"));
            let from = match dir.and_then(Node::as_str) {
                Some("send") => Direction::ClientToServer,
                Some("recv") => Direction::ServerToClient,
                Some("lifecycle") => return Line::Skip,
                _ => {
                    return Line::bad(
                        "`_meta.dir` is not \"send\", \"recv\" or \"lifecycle\"",
                        dir,
                        node,
                    );
                }
            };
            let t_ms = node
                .get("_meta")
                .and_then(|m| m.get("ts"))
                .and_then(Node::as_str)
                .and_then(|ts| humantime::parse_rfc3339_weak(ts).ok())
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_millis() as u64);
            Line::Message {
                from: Some(from),
                t_ms,
                msg: node,
            }
        }
        Format::Envelope => {
            let dir = node.get("dir");
            let from = match dir.and_then(Node::as_str) {
                Some("client->server") => Direction::ClientToServer,
                Some("server->client") => Direction::ServerToClient,
                _ => {
                    return Line::bad(
                        "`dir` is not \"client->server\" or \"server->client\"",
                        dir,
                        node,
                    );
                }
            };
            let Some(msg) = node.get("msg") else {
                return Line::bad("the envelope has no `msg`", None, node);
            };
            let t_ms = node
                .get("ts")
                .and_then(Node::as_f64)
                .filter(|t| *t >= 0.0)
                .map(|t| (t * 1000.0) as u64);
            Line::Message {
                from: Some(from),
                t_ms,
                msg,
            }
        }
        Format::Labelled => {
            let direction = node.get("direction");
            let from = match direction.and_then(Node::as_str) {
                Some("c2s") => Direction::ClientToServer,
                Some("s2c") => Direction::ServerToClient,
                Some("stderr" | "meta") => return Line::Skip,
                _ => {
                    return Line::bad(
                        "`direction` is not \"c2s\", \"s2c\", \"stderr\" or \"meta\"",
                        direction,
                        node,
                    );
                }
            };
            let Some(msg) = node.get("raw") else {
                return Line::bad("the envelope has no `raw` message", None, node);
            };
            let t_ms = node.get("ts").and_then(|t| match &t.value {
                NodeValue::Number(_) => t
                    .as_f64()
                    .filter(|t| *t >= 0.0)
                    .map(|t| (t * 1000.0) as u64),
                NodeValue::String(s) => humantime::parse_rfc3339_weak(s)
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map(|d| d.as_millis() as u64),
                _ => None,
            });
            Line::Message {
                from: Some(from),
                t_ms,
                msg,
            }
        }
    }
}

fn native<'d, 'a>(node: &'d Node<'a>) -> Line<'d, 'a> {
    if let Some(v) = node.get(HEADER_KEY) {
        let Some(version) = v.as_count() else {
            return Line::bad(
                format!("`{HEADER_KEY}` is not a format version number"),
                Some(v),
                node,
            );
        };
        if version > FORMAT_VERSION {
            return Line::bad(
                format!(
                    "this session is format {version}; this mcp-elicit reads format {FORMAT_VERSION} (upgrade mcp-elicit)"
                ),
                Some(v),
                node,
            );
        }
        let text = |k: &str| node.get(k).and_then(Node::as_str).map(str::to_string);
        let redacted = node
            .get("redacted")
            .and_then(Node::as_array)
            .unwrap_or_default()
            .iter()
            .filter_map(|n| n.as_str().map(str::to_string))
            .collect();
        return Line::Header(Header {
            version,
            tool: text("tool"),
            spec: text("spec"),
            started: text("started"),
            redacted,
        });
    }
    let from_node = node.get("from");
    let from = match from_node.and_then(Node::as_str) {
        Some("client") => Direction::ClientToServer,
        Some("server") => Direction::ServerToClient,
        _ => {
            return Line::bad(
                "`from` is not \"client\" or \"server\"; a message line is {\"t\", \"from\", \"msg\"}",
                from_node,
                node,
            );
        }
    };
    let Some(msg) = node.get("msg") else {
        return Line::bad(
            "the line has no `msg`; a message line is {\"t\", \"from\", \"msg\"}",
            None,
            node,
        );
    };
    Line::Message {
        from: Some(from),
        t_ms: node.get("t").and_then(Node::as_count),
        msg,
    }
}

/// Infers who sent a bare JSON-RPC message: requests for the methods a
/// server sends (elicitation, sampling, roots) come from the server, other
/// requests from the client; a response comes from the other side of the
/// request it answers, which `pending` remembers by id.
#[derive(Debug, Default)]
pub struct Senders {
    /// Who sent the open requests of each id, latest last (the two sides
    /// number their requests independently, so ids repeat).
    pending: std::collections::HashMap<String, Vec<Direction>>,
}

/// Methods only a server sends.
const SERVER_METHODS: &[&str] = &[
    "elicitation/create",
    "sampling/createMessage",
    "roots/list",
    "notifications/elicitation/complete",
    "notifications/message",
    "notifications/progress",
    "notifications/resources/updated",
    "notifications/resources/list_changed",
    "notifications/tools/list_changed",
    "notifications/prompts/list_changed",
];

impl Senders {
    /// How many requests are remembered before the oldest are forgotten.
    const LIMIT: usize = 4096;

    pub fn infer(&mut self, msg: &Node) -> Option<Direction> {
        let id = msg.get("id").map(|id| match &id.value {
            NodeValue::String(s) => format!("\"{s}\""),
            _ => id.to_value().to_string(),
        });
        if let Some(method) = msg.get("method").and_then(Node::as_str) {
            let from = if SERVER_METHODS.contains(&method) {
                Direction::ServerToClient
            } else {
                Direction::ClientToServer
            };
            if let Some(id) = id {
                if self.pending.len() >= Self::LIMIT {
                    self.pending.clear();
                }
                self.pending.entry(id).or_default().push(from);
            }
            return Some(from);
        }
        let id = id?;
        let stack = self.pending.get_mut(&id)?;
        let asked = stack.pop()?;
        if stack.is_empty() {
            self.pending.remove(&id);
        }
        Some(match asked {
            Direction::ClientToServer => Direction::ServerToClient,
            Direction::ServerToClient => Direction::ClientToServer,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    fn detect(s: &str) -> Format {
        Format::detect(&parse(s).unwrap())
    }

    #[test]
    fn formats_are_told_apart_by_the_first_line() {
        assert_eq!(detect(r#"{"mcp-elicit-session":1}"#), Format::Native);
        assert_eq!(
            detect(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#),
            Format::Plain
        );
        assert_eq!(
            detect(r#"{"jsonrpc":"2.0","id":1,"method":"ping","_meta":{"dir":"send"}}"#),
            Format::MetaDir
        );
        assert_eq!(
            detect(r#"{"ts":1.5,"dir":"client->server","msg":{}}"#),
            Format::Envelope
        );
        assert_eq!(
            detect(r#"{"session_id":"a","seq":1,"direction":"meta","raw":{}}"#),
            Format::Labelled
        );
    }

    #[test]
    fn senders_follow_request_response_pairs() {
        let mut s = Senders::default();
        let call = parse(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call"}"#).unwrap();
        let ask = parse(r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create"}"#).unwrap();
        let answer = parse(r#"{"jsonrpc":"2.0","id":1,"result":{"action":"cancel"}}"#).unwrap();
        assert_eq!(s.infer(&call), Some(Direction::ClientToServer));
        // The server's request reuses id 1 in its own id space; the answer
        // pairs with the latest request of that id.
        assert_eq!(s.infer(&ask), Some(Direction::ServerToClient));
        assert_eq!(s.infer(&answer), Some(Direction::ClientToServer));
        // The next response of id 1 answers the client's call.
        assert_eq!(s.infer(&answer), Some(Direction::ServerToClient));
        assert_eq!(s.infer(&answer), None, "each request is answered once");
    }
}
