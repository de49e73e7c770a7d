//! Responders over sessions: one that records what it answers, one that
//! answers with what a session recorded.

use serde_json::{Value, json};

use super::respond::{Error, Request, Responder};
use crate::session::recorded::{self, Recorded, find, read};
use crate::session::{Direction, Writer};

/// Wraps any [`Responder`] and records each request it answers and the
/// answer given, as a session: the server's `elicitation/create` request,
/// then the client's response carrying the answer, one line each.
///
/// Each message is one write to the file as it happens, and the exchange
/// is synced once answered (see [`Writer`]), so a crash loses at most the
/// exchange in flight.
///
/// A request is recorded as an `elicitation/create` request with the params
/// asked, numbered from 1, unless it was given whole ([`Self::sent_as`]).
/// A refused request is recorded when a decline or cancel answers it; the
/// `-32602` error that refuses it is the caller's to send, not recorded.
pub struct RecordingResponder<R> {
    inner: R,
    writer: Writer,
    /// The request as sent, and its id, both as written.
    sent: Option<(String, String)>,
    last_id: u64,
}

impl<R> RecordingResponder<R> {
    /// Records what `inner` answers to `writer`.
    pub fn new(inner: R, writer: Writer) -> RecordingResponder<R> {
        RecordingResponder {
            inner,
            writer,
            sent: None,
            last_id: 0,
        }
    }

    /// The request answered next came whole, as the JSON-RPC `message`
    /// with the id `id` (as written): it is recorded as it is, and the
    /// answer carries its id.
    pub fn sent_as(mut self, message: &str, id: &str) -> RecordingResponder<R> {
        self.sent = Some((message.trim().to_string(), id.to_string()));
        self
    }

    /// Records the exchange of one request (`params`) and its answer.
    fn record(&mut self, params: &Value, answer: &Value) -> Result<(), Error> {
        let (request, id) = match self.sent.take() {
            Some(sent) => sent,
            None => {
                self.last_id += 1;
                let request = json!({
                    "jsonrpc": "2.0",
                    "id": self.last_id,
                    "method": "elicitation/create",
                    "params": params,
                });
                (request.to_string(), self.last_id.to_string())
            }
        };
        let response = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{answer}}}");
        let w = &mut self.writer;
        w.message(Direction::ServerToClient, &request)
            .and_then(|()| w.message(Direction::ClientToServer, &response))
            .and_then(|()| w.exchange_done())
            .map_err(|source| Error::Record {
                path: w.path().to_path_buf(),
                source,
            })
    }
}

impl<R: Responder> Responder for RecordingResponder<R> {
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, Error> {
        let answer = self.inner.respond(request)?;
        self.record(request.params, &answer)?;
        Ok(answer)
    }

    fn refused(&mut self, request: &Request<'_>, why: &[String]) -> Result<Option<Value>, Error> {
        let answer = self.inner.refused(request, why)?;
        if let Some(a) = &answer {
            self.record(request.params, a)?;
        }
        Ok(answer)
    }
}

/// Answers each request with the answer recorded for the matching request
/// of a session (`answer --answers-from`).
pub struct RecordedResponder {
    /// The session's name, for errors.
    pub name: String,
    pub recorded: Vec<Recorded>,
}

impl RecordedResponder {
    /// Reads the recorded answers of the session at `path`.
    pub fn open(path: &std::path::Path) -> Result<RecordedResponder, recorded::Error> {
        let f = std::fs::File::open(path).map_err(|source| recorded::Error::Open {
            path: path.to_path_buf(),
            source,
        })?;
        let recorded =
            read(std::io::BufReader::new(f)).map_err(|source| recorded::Error::Read {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(RecordedResponder {
            name: path.display().to_string(),
            recorded,
        })
    }
}

impl Responder for RecordedResponder {
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, Error> {
        find(&self.recorded, request.params)
            .map(|r| r.answer.clone())
            .map_err(|unmatched| {
                recorded::Error::Unmatched {
                    session: self.name.clone(),
                    unmatched,
                }
                .into()
            })
    }
}
