//! The seam between what asks and what answers.
//!
//! An elicitation can come from a file (`answer`), a live server (`call`) or
//! a recording (`replay`); an answer can come from a person at a terminal, a
//! script (`--set`, `--answers`, `--defaults`) or a recording. Each side
//! knows only this trait.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::Elicit;
use super::ElicitError;
use super::script::{ScriptError, ScriptResponder, scripted};
use crate::spec::Revision;

/// Why a [`Responder`] gave no answer: a tool failure, not a decline or a
/// cancel. The messages say what is wrong, not which option fixes it: the
/// program around the library knows its own options.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The params are not an elicitation anything can be put to.
    #[error(transparent)]
    Elicit(#[from] ElicitError),
    /// The same, from a responder that only shows forms (the web form).
    #[error("the request cannot be shown as a form: {0}")]
    NotAForm(ElicitError),
    /// A scripted answer cannot be sent.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// An accept was to be given with no values to send
    /// ([`FixedResponder`](crate::form::FixedResponder) with
    /// [`Action::Accept`](crate::form::Action::Accept)).
    #[error("an accept needs answers")]
    AcceptNeedsAnswers,
    /// No recorded answer fits the request.
    #[error(transparent)]
    Recorded(#[from] crate::session::recorded::Error),
    /// An answer could not be recorded
    /// ([`RecordingResponder`](crate::form::RecordingResponder)).
    #[error("cannot record to {}", path.display())]
    Record {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    /// Talking to the person failed: no terminal, a closed input,
    /// [`std::io::ErrorKind::Interrupted`] for Ctrl-C during a key read.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// An implementor's own error (a responder outside this crate).
    #[error(transparent)]
    Other(Box<dyn std::error::Error + Send + Sync>),
}

impl Error {
    /// An implementor's own error, from anything that converts to a boxed
    /// error (a `String` or `&str` among them).
    pub fn other(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Error {
        Error::Other(e.into())
    }

    /// The I/O error behind it, if it is one.
    pub fn io(&self) -> Option<&std::io::Error> {
        match self {
            Error::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// Where a question stands among those of one call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Which question of the call it is, from 1.
    pub index: usize,
    /// How many there are, when that is known (the questions of one
    /// `InputRequiredResult`); a server asking one at a time does not say.
    pub of: Option<usize>,
}

impl Position {
    /// "question 2 of 3", "question 2"; nothing for the only question or
    /// for the first of an unknown number.
    pub(crate) fn words(&self) -> Option<String> {
        match self.of {
            Some(n) if n > 1 => Some(format!("question {} of {n}", self.index)),
            None if self.index > 1 => Some(format!("question {}", self.index)),
            _ => None,
        }
    }
}

/// When whoever waits for the answer stops waiting (the host's own
/// time-out for the call, when it is known).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    /// The moment it stops waiting.
    pub at: Instant,
    /// The whole time-out, counted from when the call was made.
    pub of: Duration,
}

impl Deadline {
    /// The time-out `of`, counted from `since`.
    pub fn after(since: Instant, of: Duration) -> Deadline {
        Deadline { at: since + of, of }
    }

    /// What is left of it now, in whole seconds.
    pub(crate) fn seconds_left(&self) -> u64 {
        self.at.saturating_duration_since(Instant::now()).as_secs()
    }

    /// One line for a person: how long is left.
    pub fn line(&self) -> String {
        match self.seconds_left() {
            0 => format!(
                "The host's time-out ({} s) has passed: it may have given up on this call, and the answer may come too late.",
                self.of.as_secs()
            ),
            left => format!(
                "About {left} s left before the host gives up on this call (its time-out is {} s, unless progress makes it wait longer).",
                self.of.as_secs()
            ),
        }
    }
}

/// One elicitation to answer.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// The `elicitation/create` params, exactly as received.
    pub params: &'a Value,
    /// The asking server's name, when known (`serverInfo.name`, `--server`).
    pub server: Option<&'a str>,
    /// The revision the exchange runs under.
    pub revision: Revision,
    /// The `inputRequests` key, for 2026-07-28 input requests.
    pub key: Option<&'a str>,
    /// What the linter found in the request, one plain line each (code,
    /// place, message), shown before the form; empty when the caller
    /// showed them already.
    pub notes: &'a [String],
    /// When the answer stops being awaited, when that is known.
    pub deadline: Option<Deadline>,
    /// Which question of the call this is, when the asker counts them.
    pub position: Option<Position>,
}

/// Produces the `ElicitResult` for an elicitation.
pub trait Responder {
    /// Returns the `ElicitResult` object (`{"action": ..., "content"?: ...}`).
    /// An `Err` is a tool failure (no terminal, a broken script), not a
    /// decline or cancel.
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, Error>;

    /// A request no form can be built from (`why`: its blocking findings,
    /// one plain line each). `Ok(None)` refuses it with `-32602`; a person
    /// or a fixed `--action` may decline or cancel it instead, which is
    /// always possible.
    fn refused(&mut self, request: &Request<'_>, why: &[String]) -> Result<Option<Value>, Error> {
        let _ = (request, why);
        Ok(None)
    }
}

/// Answers from a script ([`ScriptResponder`]).
impl Responder for ScriptResponder {
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, Error> {
        let elicit = Elicit::from_params(request.params, request.revision)?;
        Ok(scripted(&elicit, &self.script, request.key, self.lenient)?.to_result())
    }
}
