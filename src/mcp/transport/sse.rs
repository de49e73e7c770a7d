//! Reading a server's SSE streams: delivering their events, and resuming
//! a stream that ends before the response it carries (`Last-Event-ID`).

use std::io::Read;
use std::sync::mpsc::Sender;
use std::time::Duration;

use super::auth::{Denied, denial};
use super::http::refused;
use super::{Event, MAX_MESSAGE};
use crate::sanitize;

/// How many times one response stream is resumed without a message in
/// between before the call gives up (SEP-1699 asks for bounded attempts).
pub const MAX_RECONNECTS: u32 = 5;

/// The wait before the first reconnection when the server gave no `retry`.
const DEFAULT_RETRY: Duration = Duration::from_millis(250);

/// The longest wait between two reconnections.
const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// How a response body ended, for resuming an SSE stream (SEP-1699).
#[derive(Debug, Default)]
pub(super) struct StreamEnd {
    /// The awaited response was delivered, or nothing was awaited, or the
    /// body was not a stream.
    pub(super) answered: bool,
    /// The body was an SSE stream.
    pub(super) sse: bool,
    /// The last event id seen (empty: none).
    pub(super) last_id: String,
    /// The server's `retry`, when it gave one.
    pub(super) retry: Option<Duration>,
    /// Messages delivered (priming events aside).
    pub(super) messages: usize,
    /// Why the stream broke, when reading failed rather than ended.
    pub(super) broke: Option<String>,
    /// Something was reported that ends the call: no resuming.
    pub(super) fatal: bool,
}

/// Whether `raw` answers the request `awaited`: a response with its id, or
/// an error with a null id (the server could not read the request).
fn answers(raw: &str, awaited: &serde_json::Value) -> bool {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(raw) else {
        return false;
    };
    if v.get("method").is_some() {
        return false;
    }
    match v.get("id") {
        Some(id) if id == awaited => true,
        Some(serde_json::Value::Null) => v.get("error").is_some(),
        _ => false,
    }
}

/// Delivers the body of an HTTP response: JSON (one message or a batch) or
/// an SSE stream of messages. `awaited` is the id of the request whose
/// response may come on it; `last_id` seeds the event id of a resumed
/// stream.
pub(super) fn deliver(
    mut resp: ureq::http::Response<ureq::Body>,
    tx: &Sender<Event>,
    what: &str,
    awaited: Option<&serde_json::Value>,
    last_id: &str,
) -> StreamEnd {
    let status = resp.status().as_u16();
    let ctype = resp
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut end = StreamEnd {
        answered: true,
        ..StreamEnd::default()
    };
    if status == 202 || status == 204 {
        return end;
    }
    let mut reader = resp.body_mut().as_reader();
    if ctype.starts_with("text/event-stream") {
        end.sse = true;
        end.answered = awaited.is_none();
        let mut parser = sse_parse::SseParser::with_last_event_id(last_id).max_buffer(MAX_MESSAGE);
        let mut chunk = vec![0u8; 1 << 16];
        let pass = |parser: &mut sse_parse::SseParser, end: &mut StreamEnd| -> bool {
            while let Some(ev) = parser.next_event() {
                if ev.event == "message" && !ev.data.trim().is_empty() {
                    end.messages += 1;
                    if awaited.is_some_and(|id| answers(&ev.data, id)) {
                        end.answered = true;
                    }
                    if tx.send(Event::Message(ev.data)).is_err() {
                        return false;
                    }
                }
            }
            end.last_id = parser.last_event_id().to_string();
            end.retry = parser.retry();
            true
        };
        loop {
            let n = match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) => {
                    end.broke = Some(e.to_string());
                    break;
                }
            };
            parser.feed(&chunk[..n]);
            if !pass(&mut parser, &mut end) {
                end.fatal = true;
                return end;
            }
            if parser.overflows() > 0 {
                let _ = tx.send(Event::Garbage(format!(
                    "an event over the {} MiB limit on the {what} stream",
                    MAX_MESSAGE >> 20
                )));
                end.fatal = true;
                return end;
            }
        }
        parser.finish();
        pass(&mut parser, &mut end);
        return end;
    }
    let mut body = Vec::new();
    if let Err(e) = reader
        .by_ref()
        .take(MAX_MESSAGE as u64 + 1)
        .read_to_end(&mut body)
    {
        let _ = tx.send(Event::Closed(format!(
            "reading the {what} response failed: {e}"
        )));
        end.fatal = true;
        return end;
    }
    let text = String::from_utf8_lossy(&body).trim().to_string();
    if body.len() > MAX_MESSAGE {
        let _ = tx.send(Event::Garbage(format!(
            "a response over the {} MiB limit",
            MAX_MESSAGE >> 20
        )));
        end.fatal = true;
        return end;
    }
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Array(batch)) => {
            for m in batch {
                let _ = tx.send(Event::Message(m.to_string()));
            }
        }
        Ok(serde_json::Value::Object(_)) => {
            let _ = tx.send(Event::Message(text));
        }
        _ if (200..300).contains(&status) => {
            let _ = tx.send(Event::Garbage(format!(
                "a {what} response that is not JSON (HTTP {status}, {ctype}): {}",
                sanitize::line(&text.chars().take(200).collect::<String>())
            )));
        }
        _ => {
            let _ = tx.send(Event::Closed(format!(
                "the server answered the {what} with HTTP {status}: {}",
                sanitize::line(&text.chars().take(200).collect::<String>())
            )));
        }
    }
    end
}

/// Resumes the stream of a request that closed before its response: GETs
/// with `Last-Event-ID` after the server's `retry` (doubling from there),
/// at most [`MAX_RECONNECTS`] times without progress. Reports on `tx` when
/// it gives up.
pub(super) fn resume(
    agent: &ureq::Agent,
    url: &str,
    headers: &dyn Fn() -> Vec<(String, String)>,
    tx: &Sender<Event>,
    what: &str,
    awaited: &serde_json::Value,
    mut end: StreamEnd,
) {
    let mut attempts = 0u32;
    while end.sse && !end.answered && !end.fatal {
        let how = end
            .broke
            .as_deref()
            .map(|e| format!("broke ({})", sanitize::line(e)))
            .unwrap_or_else(|| "closed".to_string());
        if end.last_id.is_empty() {
            let _ = tx.send(Event::Closed(format!(
                "the server {how} the stream of {} before its response and sent no event id, so it cannot be resumed with Last-Event-ID; no reconnection was tried (reconnection is bounded to resumable streams, at most {MAX_RECONNECTS} attempts)",
                sanitize::line(what)
            )));
            return;
        }
        if attempts >= MAX_RECONNECTS {
            let _ = tx.send(Event::Closed(format!(
                "the server {how} the stream of {} before its response and every reconnection with Last-Event-ID closed again without it: gave up after {MAX_RECONNECTS} attempts (reconnection is bounded, with back-off from the server's retry of {} ms)",
                sanitize::line(what),
                end.retry.unwrap_or(DEFAULT_RETRY).as_millis()
            )));
            return;
        }
        let wait = end
            .retry
            .unwrap_or(DEFAULT_RETRY)
            .saturating_mul(1 << attempts.min(16))
            .min(MAX_BACKOFF.max(end.retry.unwrap_or_default()));
        attempts += 1;
        std::thread::sleep(wait);
        let mut req = agent
            .get(url)
            .header("Accept", "text/event-stream")
            .header("Last-Event-ID", &end.last_id);
        for (k, v) in headers() {
            req = req.header(&k, &v);
        }
        let resp = match req.call() {
            Ok(r) => r,
            Err(e) => {
                end.broke = Some(e.to_string());
                continue;
            }
        };
        let status = resp.status().as_u16();
        if status != 200 {
            let refused_what = format!("the reconnection to {what}");
            let then = format!(
                " (the stream of {} closed before its response; resuming it with Last-Event-ID {} was refused)",
                sanitize::line(what),
                sanitize::line(&end.last_id)
            );
            let _ = tx.send(match denial(&resp, &refused_what, false) {
                Some(d) => Event::ClosedDenied(Denied {
                    then: Some(then),
                    ..d
                }),
                None => Event::Closed(format!("{}{then}", refused(resp, &refused_what))),
            });
            return;
        }
        let next = deliver(resp, tx, "resumed", Some(awaited), &end.last_id);
        if !next.sse {
            return;
        }
        if next.messages > 0 {
            attempts = 0;
        }
        end = StreamEnd {
            answered: next.answered,
            sse: true,
            last_id: if next.last_id.is_empty() {
                end.last_id
            } else {
                next.last_id
            },
            retry: next.retry.or(end.retry),
            messages: next.messages,
            broke: next.broke,
            fatal: next.fatal,
        };
    }
}
