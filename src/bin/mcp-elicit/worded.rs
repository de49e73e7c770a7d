//! The library's errors in the command's words: the library says what is
//! wrong; this adds which option of the command fixes it.

use anyhow::anyhow;
use mcp_elicit::form::respond::{self, Request, Responder};
use mcp_elicit::form::script::{Part, ScriptError, quoted};
use mcp_elicit::mcp::{client, proxy, transport};
use mcp_elicit::session::recorded;
use serde_json::Value;

/// The option a part of a script comes from.
fn option(part: Part) -> &'static str {
    match part {
        Part::Sets => "--set",
        Part::Answers => "--answers",
    }
}

/// Why a scripted answer cannot be sent, and the option that fixes it.
pub fn script(e: &ScriptError) -> String {
    match e {
        ScriptError::DefaultsNotAsked { fields } => format!(
            "{e}; pass --defaults to send {}, or --set {}=VALUE",
            if fields.len() == 1 { "it" } else { "them" },
            fields.first().map_or("NAME", String::as_str)
        ),
        ScriptError::Missing {
            field,
            others,
            defaulted,
            defaults,
        } => {
            let others = if others.is_empty() {
                String::new()
            } else {
                format!(" (also missing: {})", quoted(others))
            };
            let defaulted = if defaulted.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} {} a default (--defaults sends it)",
                    quoted(defaulted),
                    if defaulted.len() == 1 { "has" } else { "have" }
                )
            };
            format!(
                "required field `{field}` has {}; pass --set {field}=VALUE{others}{defaulted}",
                if *defaults {
                    "no default and no value"
                } else {
                    "no value"
                }
            )
        }
        ScriptError::UrlMode => format!(
            "{e}: drop --set/--answers and use --defaults to accept (without opening the URL) or --action decline|cancel"
        ),
        ScriptError::UnknownField { part, .. } => format!("{}: {e}", option(*part)),
        ScriptError::BadValue { .. } => format!("--set {e}"),
        _ => e.to_string(),
    }
}

/// Why `--answers-from` cannot answer.
/// `--answers-from PATH`: the recorded answers, or why they cannot be read.
pub fn open_recorded(
    path: &std::path::Path,
) -> anyhow::Result<mcp_elicit::form::RecordedResponder> {
    mcp_elicit::form::RecordedResponder::open(path).map_err(|e| anyhow!(recorded(&e)))
}

pub fn recorded(e: &recorded::Error) -> String {
    match e {
        recorded::Error::Open { path, source } => {
            format!(
                "--answers-from {}: cannot read it ({source})",
                path.display()
            )
        }
        recorded::Error::Read { path, source } => {
            format!("--answers-from {}: {source}", path.display())
        }
        recorded::Error::Unmatched { session, unmatched } => {
            format!("--answers-from {session}: {unmatched}")
        }
        _ => e.to_string(),
    }
}

/// Why a server cannot be reached: where the command line puts a stdio
/// server's command.
pub fn transport(e: transport::Error) -> anyhow::Error {
    match e {
        transport::Error::NoCommand => {
            anyhow!("{e}; write it after `--`, e.g. `-- node server.js`")
        }
        e => e.into(),
    }
}

/// Why a call failed, and the option that helps where there is one.
pub fn client(e: client::Error) -> anyhow::Error {
    match e {
        client::Error::NotSpoken(n) => anyhow!(not_spoken(&n)),
        client::Error::NoSupportedList { .. } => anyhow!("{e}; try --spec 2025-11-25"),
        client::Error::Silent { .. } => {
            anyhow!("{e} (raise --server-timeout if it is just slow)")
        }
        client::Error::Transport(t) => transport(t),
        client::Error::Denied(d) | client::Error::ClosedDenied(d) => anyhow!(denied(&d)),
        client::Error::Respond(r) => respond(r),
        client::Error::Unrecorded { recording, source } => {
            let recording = anyhow::Error::from(*recording);
            client(*source).context(format!("{recording:#}"))
        }
        e => e.into(),
    }
}

/// An HTTP 401 or 403: why authorizing did not get past it, or how to
/// send credentials with `--header`.
pub fn denied(d: &transport::Denied) -> String {
    if let Some(why) = &d.authorization {
        return format!(
            "{}; authorization failed while {why}{}",
            d.refusal(),
            d.then.as_deref().unwrap_or_default()
        );
    }
    let todo = match (d.status, d.sent_headers) {
        (401, false) => {
            "the token obtained by authorizing was not accepted: run `mcp-elicit auth logout URL` and try again, or pass one with --header 'Authorization: Bearer TOKEN'"
        }
        (401, true) => {
            "the credentials sent with --header were not accepted: check the token and that it is for this server (without an Authorization header mcp-elicit runs the OAuth flow)"
        }
        (_, false) => {
            "asking for more scope did not help: the server refuses this client with the scope it can be granted"
        }
        _ => {
            "the credentials sent with --header are not enough for this request (a token with more scope may be needed)"
        }
    };
    format!(
        "{}; {todo}{}",
        d.refusal(),
        d.then.as_deref().unwrap_or_default()
    )
}

/// Why a proxy cannot start or stopped, and the option that helps.
pub fn proxy(e: proxy::Error) -> anyhow::Error {
    match e {
        proxy::Error::Transport(t) => transport(t),
        proxy::Error::NotLoopback { .. } => anyhow!("{e} unless --allow-remote is given"),
        proxy::Error::UpstreamNotHttp { .. } => anyhow!("--upstream {e}"),
        e => e.into(),
    }
}

/// Something the client noticed, and the option that changes it.
pub fn notice(n: &client::Notice) -> String {
    match n {
        client::Notice::AnsweredAnyway { .. } => format!("{n}; --strict refuses it"),
        client::Notice::DiscoveredLate { .. } => {
            format!("{n}; give --spec 2026-07-28 to wait for it")
        }
        _ => n.to_string(),
    }
}

/// Why a 2026-07-28 call may have failed, and how to test the legacy path.
pub fn legacy_hint(h: client::LegacyHint) -> String {
    format!(
        "{}; `--spec 2025-11-25` tests that legacy path; {}",
        h.what(),
        client::LegacyHint::BOTH
    )
}

/// Something `generate` left out, and the option that keeps a `pattern`.
pub fn note(n: &mcp_elicit::generate::Note) -> std::borrow::Cow<'_, str> {
    match &n.dropped {
        Some(d) if d.keyword == "pattern" => format!(
            "`{}`: `pattern` dropped: the elicitation subset has no such keyword (no revision declares `pattern`; `--allow-pattern` keeps it, and the linter then warns W210)",
            d.property
        )
        .into(),
        _ => n.message.as_str().into(),
    }
}

/// The revision asked for with `--spec` is not the server's.
pub fn not_spoken(n: &client::NotSpoken) -> String {
    match n.spoken {
        None => format!("{n}; try `--spec 2025-11-25`"),
        Some(rev) => format!("--spec {n}; use `--spec {rev}` or leave --spec out"),
    }
}

/// The command's words for a responder's error, when they differ from the
/// library's.
fn message(e: &respond::Error) -> Option<String> {
    match e {
        respond::Error::Script(s) => Some(script(s)),
        respond::Error::AcceptNeedsAnswers => {
            Some(format!("{e}: use --defaults, --set or --answers"))
        }
        respond::Error::Recorded(r) => Some(recorded(r)),
        respond::Error::Record { path, source } => Some(format!(
            "--record {}: cannot write it: {source}",
            path.display()
        )),
        _ => None,
    }
}

/// A responder's error for the command to report. An I/O error stays one
/// (a closed pipe and Ctrl-C are told by it).
pub fn respond(e: respond::Error) -> anyhow::Error {
    if let Some(m) = message(&e) {
        return anyhow!(m);
    }
    match e {
        respond::Error::Io(io) => io.into(),
        respond::Error::Other(other) => anyhow::Error::from_boxed(other),
        e => e.into(),
    }
}

/// A responder handed to the proxy, which reports its errors as they are
/// (to the host, in its notes): they are worded for the command first. A
/// call returns them, and [`client`] words them.
pub struct Worded(pub Box<dyn Responder>);

impl Responder for Worded {
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, respond::Error> {
        self.0.respond(request).map_err(reworded)
    }

    fn refused(
        &mut self,
        request: &Request<'_>,
        why: &[String],
    ) -> Result<Option<Value>, respond::Error> {
        self.0.refused(request, why).map_err(reworded)
    }
}

fn reworded(e: respond::Error) -> respond::Error {
    match message(&e) {
        Some(m) => respond::Error::other(m),
        None => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revision_the_server_does_not_speak_names_the_one_it_does() {
        use mcp_elicit::spec::Revision;
        let n = client::NotSpoken {
            asked: Revision::V2026_07_28,
            spoken: Some(Revision::V2025_11_25),
        };
        assert_eq!(
            not_spoken(&n),
            "--spec 2026-07-28 was asked, but the server speaks 2025-11-25; use `--spec 2025-11-25` or leave --spec out"
        );
    }

    /// A recording that fails mid-run is reported as one that cannot be
    /// opened is, its cause said once.
    #[test]
    fn a_failed_recording_names_the_option_and_its_cause_once() {
        let e = respond::Error::Record {
            path: "s.jsonl".into(),
            source: std::io::Error::other("disk full"),
        };
        assert_eq!(
            format!("{:#}", respond(e)),
            "--record s.jsonl: cannot write it: disk full"
        );
        let e = respond::Error::Record {
            path: "s.jsonl".into(),
            source: std::io::Error::other("disk full"),
        };
        assert_eq!(
            format!("{:#}", anyhow::Error::from(e)),
            "cannot record to s.jsonl: disk full"
        );
    }
}
