//! The client side of MCP, as far as elicitation needs it: negotiate a
//! revision, make one request, answer every elicitation the server raises on
//! the way (2025-06-18 and 2025-11-25 server requests; 2026-07-28
//! `InputRequiredResult` rounds), and return the final response.

pub mod replay;

use std::time::Duration;

use serde_json::{Map, Value, json};

use crate::document::CLIENT_CAPABILITIES_META;
use crate::finding::Finding;
use crate::form::respond::{Request, Responder};
use crate::lint::flight::{Judge, Judgement, invalid_params};
use crate::lint::{self, Conversation, Options};
use crate::mcp::transport::{Event, Transport};
use crate::sanitize;
use crate::session::{Direction, Writer};
use crate::spec::Revision;

pub use crate::document::{CLIENT_INFO_META, PROTOCOL_VERSION_META};

/// How many `InputRequiredResult` rounds one request may take before the
/// server is taken to be looping.
pub(crate) const MAX_ROUNDS: usize = 32;

/// How many elicitations one request may raise (server requests and input
/// requests alike): the spec asks clients to rate-limit them, and a server
/// that asks more during one call is taken to be flooding. The next one is
/// refused and ends the call.
pub(crate) const MAX_ELICITATIONS: usize = 32;

/// What SDKs say when a tool tries to send a server-to-client request under
/// 2026-07-28 (lower case): the official Python SDK, FastMCP, and the
/// TypeScript SDK (rmcp says the same as the TypeScript SDK, adding "or
/// later").
const SDK_REFUSALS: &[&str] = &[
    "no back-channel for server-initiated requests",
    "elicitation via server-initiated requests is unavailable on 2026-07-28",
    "server-to-client requests are not allowed on protocol 2026-07-28",
];

/// How the client behaves.
#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// The revision to speak; `None` negotiates the newest the server speaks.
    pub spec: Option<Revision>,
    /// Declare URL mode (2025-11-25 on).
    pub url_mode: bool,
    /// How long to wait for the server (never applied to the person).
    pub server_timeout: Duration,
    /// The name to show for the server instead of its `serverInfo.name`.
    pub server_name: Option<String>,
    /// Refuse an elicitation on any lint error (`--strict`), not only on
    /// what no form can show.
    pub strict: bool,
    /// The rules whose findings are shown and, with `strict`, refuse (their
    /// `select` and `ignore`; what no form can show is refused whatever is
    /// selected).
    pub rules: crate::lint::flight::RuleChoice,
}

/// How long the client waits on a silent server unless told otherwise.
pub const DEFAULT_SERVER_TIMEOUT: Duration = Duration::from_secs(300);

/// How long `server/discover` may go unanswered before a server is taken
/// for one of an earlier revision that ignores it (only when no revision
/// was asked for: otherwise there is nothing to fall back to).
pub(crate) const DISCOVER_WAIT: Duration = Duration::from_secs(10);

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            spec: None,
            url_mode: true,
            server_timeout: DEFAULT_SERVER_TIMEOUT,
            server_name: None,
            strict: false,
            rules: crate::lint::flight::RuleChoice::default(),
        }
    }
}

/// Where a recording goes, opened once the revision is known.
#[derive(Debug, Clone)]
pub struct Recording {
    pub path: std::path::PathBuf,
    pub redact: Vec<String>,
}

/// The revision asked for ([`ClientOptions::spec`]) is not one the server
/// speaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct NotSpoken {
    pub asked: Revision,
    /// What it offered instead; `None` when it did not answer
    /// `server/discover` with 2026-07-28.
    pub spoken: Option<Revision>,
}

impl std::fmt::Display for NotSpoken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.spoken {
            None => write!(
                f,
                "the server does not speak {} (it did not answer `server/discover` with it)",
                self.asked
            ),
            Some(rev) => write!(f, "{} was asked, but the server speaks {rev}", self.asked),
        }
    }
}

/// Why a connection or a request failed. The messages say what happened;
/// which option of a program would help is for the program to add.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The revision asked for is not one the server speaks.
    #[error(transparent)]
    NotSpoken(#[from] NotSpoken),
    /// A `-32022` refusal whose `data.supported` lists no revisions.
    #[error(
        "the server refused protocol version {asked} (-32022) without saying which it supports: `data.supported` should list revisions as strings, and is {supported}"
    )]
    NoSupportedList {
        /// The revision refused.
        asked: Revision,
        /// What `data.supported` is, shortened and made safe ("nothing"
        /// when absent).
        supported: String,
    },
    /// A `-32022` refusal listing only revisions mcp-elicit does not speak.
    #[error(
        "the server refused protocol version {asked} (-32022) and supports only {supported}, none of which mcp-elicit speaks (2025-06-18, 2025-11-25, 2026-07-28)"
    )]
    NoneSpoken {
        /// The revision refused.
        asked: Revision,
        /// What `data.supported` is, shortened and made safe.
        supported: String,
    },
    /// 2026-07-28 refused twice while listed as supported.
    #[error(
        "the server refused protocol version 2026-07-28 (-32022) twice while listing it in `data.supported`; it contradicts itself"
    )]
    Contradicts,
    /// The server answered `initialize` with an error.
    #[error("the server refused `initialize`: {}", sanitize::line(&error.to_string()))]
    InitializeRefused {
        /// The JSON-RPC error.
        error: Value,
    },
    /// The `initialize` response has no result.
    #[error("the server answered `initialize` without a result")]
    NoInitializeResult,
    /// The `initialize` result has no `protocolVersion`.
    #[error("the server's `initialize` result has no protocolVersion")]
    NoProtocolVersion,
    /// The server speaks a protocol version without elicitation.
    #[error(
        "the server speaks MCP {}, which has no elicitation; mcp-elicit speaks 2025-06-18, 2025-11-25 and 2026-07-28",
        sanitize::line(version)
    )]
    UnknownVersion {
        /// The `protocolVersion` it gave.
        version: String,
    },
    /// The recording cannot be written.
    #[error("cannot record to {}", path.display())]
    Record {
        /// The recording's path.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Writing what was said before the recording opened failed.
    #[error(transparent)]
    Io(std::io::Error),
    /// Connecting failed, and so did recording what was said.
    #[error("{}", super::chain(recording))]
    Unrecorded {
        /// Why the recording failed.
        recording: Box<Error>,
        /// Why connecting failed.
        source: Box<Error>,
    },
    /// Sending failed, or the connection cannot be made.
    #[error(transparent)]
    Transport(#[from] crate::mcp::transport::Error),
    /// The server refused the client (HTTP 401 or 403).
    #[error(transparent)]
    Denied(Box<crate::mcp::transport::Denied>),
    /// The connection ended: the server refused to resume a stream (HTTP
    /// 401 or 403).
    #[error(transparent)]
    ClosedDenied(Box<crate::mcp::transport::Denied>),
    /// The tool marks `x-mcp-header` arguments wrongly (SEP-2243).
    #[error(
        "the tool `{}` is not called: its inputSchema {why}, and SEP-2243 has clients reject such a tool",
        sanitize::line(tool)
    )]
    BadHeaderMarks {
        /// The tool's name.
        tool: String,
        /// What is wrong with its marks.
        why: String,
    },
    /// [`Client::request`] was given params that are not an object.
    #[error("request params must be a JSON object")]
    ParamsNotObject,
    /// The server keeps asking for input.
    #[error(
        "the server asked for input {MAX_ROUNDS} rounds in a row without a result; it seems to loop"
    )]
    Loops,
    /// The server keeps eliciting during one request.
    #[error(
        "the server asked more than {MAX_ELICITATIONS} elicitations during one request; it seems to flood, so the call is ended"
    )]
    Floods,
    /// Nothing came within the server time-out.
    #[error("the server sent nothing for {} s", waited.as_secs_f64())]
    Silent {
        /// How long was waited ([`ClientOptions::server_timeout`] outside
        /// negotiation).
        waited: Duration,
    },
    /// The server sent something that cannot be a message (says what).
    #[error("the server sent {0}; ending the call")]
    Garbage(String),
    /// The connection ended (says why).
    #[error("{0}")]
    Closed(String),
    /// A message that is not JSON.
    #[error(
        "the server sent something that is not JSON ({reason}): {}",
        sanitize::line(&text.chars().take(200).collect::<String>())
    )]
    NotJson {
        /// The parser's complaint (said in the message).
        reason: serde_json::Error,
        /// The text received.
        text: String,
    },
    /// A JSON text that cannot be read where it was read again by position.
    #[error("{0}")]
    Syntax(crate::json::SyntaxError),
    /// A message that is not JSON-RPC 2.0.
    #[error(
        "the server sent something that is not JSON-RPC 2.0: {}",
        sanitize::line(&text.chars().take(200).collect::<String>())
    )]
    NotJsonRpc {
        /// The text received.
        text: String,
    },
    /// A message that is neither request, notification nor response.
    #[error(
        "the server sent a message that is neither request, notification nor response: {}",
        sanitize::line(&text.chars().take(200).collect::<String>())
    )]
    NotAMessage {
        /// The text received.
        text: String,
    },
    /// The responder gave no answer.
    #[error(transparent)]
    Respond(#[from] crate::form::respond::Error),
}

type Result<T, E = Error> = std::result::Result<T, E>;

/// Something the client noticed and the caller should tell the person,
/// one plain line (its [`Display`](std::fmt::Display)).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Notice {
    /// Said as it is (server strings in it made safe).
    Text(String),
    /// An elicitation that breaks the spec was answered, since a form can
    /// show it ([`ClientOptions::strict`] refuses it instead).
    AnsweredAnyway {
        /// "the elicitation", or "input `key`".
        which: String,
        /// Its findings, up to three, `; `-separated.
        listed: String,
    },
    /// The server answered `server/discover` after the client had given up
    /// on it: it was slow to start, not of an earlier revision.
    DiscoveredLate {
        /// How long the client waited for it.
        waited: Duration,
        /// The revision the call went on in.
        revision: Revision,
    },
}

impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Notice::Text(t) => f.write_str(t),
            Notice::AnsweredAnyway { which, listed } => write!(
                f,
                "{which} breaks the spec but a form can show it, so it was answered ({listed})"
            ),
            Notice::DiscoveredLate { waited, revision } => write!(
                f,
                "the server answered `server/discover` only after {} s, so it was slow to start rather than of an earlier revision, and the call went on in {}",
                waited.as_secs(),
                revision.as_str()
            ),
        }
    }
}

/// Why a call made under 2026-07-28 may have failed: the server tried to
/// send a request, which 2026-07-28 removed (see [`Client::legacy_hint`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LegacyHint {
    /// The server's SDK refused to send `elicitation/create`.
    SdkRefused,
    /// The call failed, and the server also speaks this earlier revision.
    AlsoSpeaks(Revision),
}

impl LegacyHint {
    /// How a server serves both revisions.
    pub const BOTH: &str = "the SDK's InputRequiredResult path (Python `Resolve`/`Elicit`, TypeScript `inputRequired`, rmcp `InputRequest::Elicitation`) serves both";

    /// What happened, without [`LegacyHint::BOTH`].
    pub fn what(&self) -> String {
        match self {
            LegacyHint::SdkRefused => "the server tried to send a request: the tool asks with `elicitation/create`, which 2026-07-28 removed, so 2026-07-28 clients never see it".to_string(),
            LegacyHint::AlsoSpeaks(o) => format!(
                "the call failed under 2026-07-28 and the server also speaks {o}: if the tool asks with `elicitation/create` (removed in 2026-07-28), 2026-07-28 clients never see it"
            ),
        }
    }
}

impl std::fmt::Display for LegacyHint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}; {}", self.what(), LegacyHint::BOTH)
    }
}

/// A connected client.
pub struct Client {
    t: Box<dyn Transport>,
    rev: Revision,
    server_name: Option<String>,
    server_caps: Option<Value>,
    next_id: u64,
    opts: ClientOptions,
    recording: Option<Recording>,
    writer: Option<Writer>,
    /// Messages seen before the revision was known, for the recording.
    early: Vec<(Direction, String)>,
    notices: Vec<Notice>,
    /// Elicitations raised during the request in flight.
    elicited: usize,
    /// The revisions the server listed in `server/discover`.
    offered: Vec<Revision>,
    /// `initialize` was asked again after a `-32022`.
    reinitialized: bool,
    /// The id of a `server/discover` given up on after [`DISCOVER_WAIT`].
    discover_given_up: Option<u64>,
    /// The tools the server listed, once listed (for `x-mcp-header`).
    tools: Option<Vec<Value>>,
}

/// What `server/discover` found.
enum Discovered {
    /// The server speaks 2026-07-28.
    Modern,
    /// The server refused 2026-07-28 (-32022) and offered this revision.
    Legacy(Revision),
    /// No answer, or one that does not list 2026-07-28.
    Silent,
}

/// The JSON-RPC error code of an unsupported protocol version.
pub(crate) const UNSUPPORTED_VERSION: i64 = -32022;

/// The newest revision mcp-elicit speaks among the `data.supported` of a
/// `-32022` error refusing `asked`; an error that says what is wrong when
/// the list is missing, malformed or names nothing spoken here.
pub fn choose_supported(asked: Revision, error: &Value) -> Result<Revision> {
    let supported = error.get("data").and_then(|d| d.get("supported"));
    let shown = |v: Option<&Value>| -> String {
        sanitize::line(
            &v.map(Value::to_string)
                .unwrap_or_else(|| "nothing".into())
                .chars()
                .take(200)
                .collect::<String>(),
        )
        .into_owned()
    };
    let listed: Option<Vec<&str>> = supported
        .and_then(Value::as_array)
        .and_then(|a| a.iter().map(Value::as_str).collect());
    let Some(listed) = listed.filter(|l| !l.is_empty()) else {
        return Err(Error::NoSupportedList {
            asked,
            supported: shown(supported),
        });
    };
    listed
        .iter()
        .filter_map(|v| Revision::from_protocol_version(v))
        .max()
        .ok_or_else(|| Error::NoneSpoken {
            asked,
            supported: shown(supported),
        })
}

/// A message received, kept both as sent and parsed.
struct Received {
    raw: String,
    value: Value,
}

impl Client {
    /// Connects over `t`: negotiates the revision (`server/discover` for
    /// 2026-07-28, else the `initialize` handshake).
    pub fn connect(
        t: Box<dyn Transport>,
        opts: ClientOptions,
        recording: Option<Recording>,
    ) -> Result<Client> {
        let mut c = Client {
            t,
            rev: opts.spec.unwrap_or(Revision::LATEST),
            server_name: opts.server_name.clone(),
            server_caps: None,
            next_id: 0,
            opts,
            recording,
            writer: None,
            early: Vec::new(),
            notices: Vec::new(),
            discover_given_up: None,
            elicited: 0,
            offered: Vec::new(),
            reinitialized: false,
            tools: None,
        };
        match c.negotiate() {
            Ok(rev) => c.rev = rev,
            Err(e) => {
                // The recording keeps what was said, failure included,
                // under the revision last tried.
                if let Err(r) = c.start_recording() {
                    return Err(Error::Unrecorded {
                        recording: Box::new(r),
                        source: Box::new(e),
                    });
                }
                return Err(e);
            }
        }
        c.start_recording()?;
        Ok(c)
    }

    /// What ends the connection from a signal handler, when the call
    /// cannot end normally (see [`Transport::ender`]).
    pub fn ender(&self) -> Option<Box<dyn FnOnce() + Send>> {
        self.t.ender()
    }

    /// The revision spoken.
    pub fn revision(&self) -> Revision {
        self.rev
    }

    /// What to tell the person when `response` (to a request made under
    /// 2026-07-28) failed because the server tried to send a request, which
    /// 2026-07-28 removed: an SDK's own refusal, or any failure while the
    /// server also offered a 2025 revision. `None` otherwise: nothing falls
    /// back silently.
    pub fn legacy_hint(&self, response: &Value) -> Option<LegacyHint> {
        if self.rev != Revision::V2026_07_28 {
            return None;
        }
        let result = response.get("result");
        let failed = response.get("error").is_some()
            || result.and_then(|r| r.get("isError")) == Some(&Value::Bool(true));
        if !failed {
            return None;
        }
        let text = response.to_string().to_ascii_lowercase();
        let refused = SDK_REFUSALS.iter().any(|r| text.contains(r));
        let older = self
            .offered
            .iter()
            .copied()
            .filter(|r| *r != Revision::V2026_07_28)
            .max();
        if refused {
            Some(LegacyHint::SdkRefused)
        } else {
            older.map(LegacyHint::AlsoSpeaks)
        }
    }

    /// Takes what the client noticed so far (refused elicitations, input
    /// requests it cannot serve, server log messages).
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    fn negotiate(&mut self) -> Result<Revision> {
        let want = self.opts.spec;
        if want.is_none() || want == Some(Revision::V2026_07_28) {
            match self.discover()? {
                Discovered::Modern => return Ok(Revision::V2026_07_28),
                Discovered::Legacy(rev) => {
                    if let Some(w) = want
                        && w != rev
                    {
                        return Err(NotSpoken {
                            asked: w,
                            spoken: Some(rev),
                        }
                        .into());
                    }
                    return self.initialize(rev);
                }
                Discovered::Silent if want.is_some() => {
                    return Err(NotSpoken {
                        asked: Revision::V2026_07_28,
                        spoken: None,
                    }
                    .into());
                }
                Discovered::Silent => {}
            }
        }
        self.initialize(want.unwrap_or(Revision::V2025_11_25))
    }

    /// Asks `server/discover`. A `-32022` (unsupported protocol version)
    /// names what the server speaks in `data.supported`: the newest of
    /// those mcp-elicit speaks is chosen, and asked again once when it is
    /// 2026-07-28 itself.
    fn discover(&mut self) -> Result<Discovered> {
        for attempt in 0..2 {
            let resp = match self.discover_once()? {
                Some(resp) => resp,
                None => return Ok(Discovered::Silent),
            };
            if let Some(err) = resp.get("error") {
                if err.get("code").and_then(Value::as_i64) != Some(UNSUPPORTED_VERSION) {
                    return Ok(Discovered::Silent);
                }
                let chosen = choose_supported(Revision::V2026_07_28, err)?;
                if chosen != Revision::V2026_07_28 {
                    self.offered = vec![chosen];
                    return Ok(Discovered::Legacy(chosen));
                }
                if attempt == 0 {
                    continue;
                }
                return Err(Error::Contradicts);
            }
            return Ok(self.discovered(&resp));
        }
        Ok(Discovered::Silent)
    }

    /// One `server/discover`; `None` when a server of an earlier revision
    /// closed or stayed silent.
    fn discover_once(&mut self) -> Result<Option<Value>> {
        self.rev = Revision::V2026_07_28;
        let id = self.take_id();
        let params = json!({"_meta": self.request_meta(Revision::V2026_07_28)});
        let msg =
            json!({"jsonrpc": "2.0", "id": id, "method": "server/discover", "params": params});
        self.t
            .set_protocol_version(Some(Revision::V2026_07_28.as_str()));
        self.send(&msg.to_string())?;
        // With a revision asked for, a server slow to start is waited for
        // as long as any other (--server-timeout): there is no earlier
        // revision to fall back to.
        let limit = self.opts.spec.is_none().then_some(DISCOVER_WAIT);
        match self.wait_for(id, None, limit) {
            Ok(r) => Ok(Some(r.value)),
            // A refusal of the client is no sign of an older server.
            Err(e @ Error::Denied(_)) => Err(e),
            Err(_) if self.opts.spec.is_none() => {
                self.discover_given_up = Some(id);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// What a `server/discover` result says.
    fn discovered(&mut self, resp: &Value) -> Discovered {
        let versions = resp
            .get("result")
            .and_then(|r| r.get("supportedVersions"))
            .and_then(Value::as_array);
        self.offered = versions
            .map(|v| {
                v.iter()
                    .filter_map(Value::as_str)
                    .filter_map(Revision::from_protocol_version)
                    .collect()
            })
            .unwrap_or_default();
        let speaks =
            versions.is_some_and(|v| v.iter().any(|s| s == Revision::V2026_07_28.as_str()));
        if !speaks {
            return Discovered::Silent;
        }
        if let Some(r) = resp.get("result") {
            self.server_caps = r.get("capabilities").cloned();
            if self.server_name.is_none() {
                self.server_name = r
                    .get("serverInfo")
                    .or_else(|| {
                        r.get("_meta")
                            .and_then(|m| m.get("io.modelcontextprotocol/serverInfo"))
                    })
                    .and_then(|i| i.get("name"))
                    .and_then(Value::as_str)
                    .map(str::to_string);
            }
        }
        Discovered::Modern
    }

    fn initialize(&mut self, asked: Revision) -> Result<Revision> {
        self.rev = asked;
        let id = self.take_id();
        let params = json!({
            "protocolVersion": asked.as_str(),
            "capabilities": {"elicitation": self.capability(asked)},
            "clientInfo": client_info(),
        });
        let msg = json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": params});
        // Every POST carries the version it speaks, `initialize` included.
        self.t.set_protocol_version(Some(asked.as_str()));
        self.send(&msg.to_string())?;
        let resp = self.wait_for(id, None, None)?;
        if let Some(err) = resp.value.get("error") {
            if err.get("code").and_then(Value::as_i64) == Some(UNSUPPORTED_VERSION)
                && self.opts.spec.is_none()
                && !self.reinitialized
            {
                let chosen = choose_supported(asked, err)?;
                if chosen != Revision::V2026_07_28 && chosen != asked {
                    self.reinitialized = true;
                    return self.initialize(chosen);
                }
            }
            return Err(Error::InitializeRefused { error: err.clone() });
        }
        let result = resp.value.get("result").ok_or(Error::NoInitializeResult)?;
        let version = result
            .get("protocolVersion")
            .and_then(Value::as_str)
            .ok_or(Error::NoProtocolVersion)?;
        let rev =
            Revision::from_protocol_version(version).ok_or_else(|| Error::UnknownVersion {
                version: version.to_string(),
            })?;
        if let Some(w) = self.opts.spec
            && w != rev
        {
            return Err(NotSpoken {
                asked: w,
                spoken: Some(rev),
            }
            .into());
        }
        self.server_caps = result.get("capabilities").cloned();
        if self.server_name.is_none() {
            self.server_name = result
                .get("serverInfo")
                .and_then(|i| i.get("title").or_else(|| i.get("name")))
                .and_then(Value::as_str)
                .map(str::to_string);
        }
        self.t.set_protocol_version(Some(rev.as_str()));
        self.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)?;
        self.t.initialized();
        Ok(rev)
    }

    /// The `elicitation` capability for `rev`.
    fn capability(&self, rev: Revision) -> Value {
        if !rev.capability_has_modes() {
            json!({})
        } else if self.opts.url_mode {
            json!({"form": {}, "url": {}})
        } else {
            json!({"form": {}})
        }
    }

    fn request_meta(&self, rev: Revision) -> Value {
        json!({
            PROTOCOL_VERSION_META: rev.as_str(),
            CLIENT_CAPABILITIES_META: {"elicitation": self.capability(rev)},
            CLIENT_INFO_META: client_info(),
        })
    }

    fn take_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn start_recording(&mut self) -> Result<()> {
        let Some(rec) = &self.recording else {
            return Ok(());
        };
        let mut w =
            Writer::open(&rec.path, self.rev, &self.t.peer(), &rec.redact).map_err(|source| {
                Error::Record {
                    path: rec.path.clone(),
                    source,
                }
            })?;
        for (dir, raw) in self.early.drain(..) {
            w.message(dir, &raw).map_err(Error::Io)?;
        }
        w.exchange_done().map_err(Error::Io)?;
        self.writer = Some(w);
        Ok(())
    }

    fn record(&mut self, dir: Direction, raw: &str) -> Result<()> {
        match &mut self.writer {
            Some(w) => w.message(dir, raw).map_err(|source| Error::Record {
                path: w.path().to_path_buf(),
                source,
            }),
            None if self.recording.is_some() => {
                self.early.push((dir, raw.to_string()));
                Ok(())
            }
            None => Ok(()),
        }
    }

    fn exchange_done(&mut self) -> Result<()> {
        if let Some(w) = &mut self.writer {
            w.exchange_done().map_err(|source| Error::Record {
                path: w.path().to_path_buf(),
                source,
            })?;
        }
        Ok(())
    }

    fn send(&mut self, raw: &str) -> Result<()> {
        self.send_with(raw, Vec::new())
    }

    fn send_with(&mut self, raw: &str, headers: Vec<(String, String)>) -> Result<()> {
        self.record(Direction::ClientToServer, raw)?;
        Ok(self.t.send_with(raw, headers)?)
    }

    /// The `Mcp-Param-*` headers of a `tools/call` (SEP-2243): each argument
    /// whose property the tool marks `x-mcp-header`, encoded as the SEP
    /// says. The tools are listed once to learn the marks; a tool whose
    /// marks are invalid is not called.
    fn param_headers(
        &mut self,
        params: &Map<String, Value>,
        responder: &mut dyn Responder,
    ) -> Result<Vec<(String, String)>> {
        let Some(name) = params.get("name").and_then(Value::as_str) else {
            return Ok(Vec::new());
        };
        if self.tools.is_none() {
            let mut tools = Vec::new();
            let mut cursor: Option<Value> = None;
            for _page in 0..100 {
                let p = match &cursor {
                    Some(c) => json!({"cursor": c}),
                    None => json!({}),
                };
                let resp = self.request("tools/list", p, responder)?;
                let Some(result) = resp.get("result") else {
                    break;
                };
                if let Some(t) = result.get("tools").and_then(Value::as_array) {
                    tools.extend(t.iter().cloned());
                }
                cursor = result.get("nextCursor").filter(|c| !c.is_null()).cloned();
                if cursor.is_none() {
                    break;
                }
            }
            self.tools = Some(tools);
        }
        let tool = self
            .tools
            .as_deref()
            .unwrap_or_default()
            .iter()
            .find(|t| t.get("name").and_then(Value::as_str) == Some(name))
            .cloned();
        let Some(tool) = tool else {
            return Ok(Vec::new());
        };
        let marks = header_marks(&tool).map_err(|why| Error::BadHeaderMarks {
            tool: name.to_string(),
            why,
        })?;
        let args = params.get("arguments").and_then(Value::as_object);
        let mut headers = Vec::new();
        for (prop, header) in marks {
            let value = match args.and_then(|a| a.get(&prop)) {
                Some(Value::String(s)) => crate::mcp::transport::header_value(s),
                Some(Value::Number(n)) => n.to_string(),
                Some(Value::Bool(b)) => b.to_string(),
                // Null or absent is omitted; an object is no header value.
                _ => continue,
            };
            headers.push((format!("Mcp-Param-{header}"), value));
        }
        Ok(headers)
    }

    /// Makes one request and returns the final response message (a result,
    /// or a JSON-RPC error), answering elicitations on the way.
    pub fn request(
        &mut self,
        method: &str,
        params: Value,
        responder: &mut dyn Responder,
    ) -> Result<Value> {
        let Value::Object(base) = params else {
            return Err(Error::ParamsNotObject);
        };
        let param_headers = if method == "tools/call" && self.t.mirrors_params() {
            self.param_headers(&base, responder)?
        } else {
            Vec::new()
        };
        let mut retry: Option<(Map<String, Value>, Option<String>)> = None;
        self.elicited = 0;
        for _round in 0..=MAX_ROUNDS {
            let id = self.take_id();
            // Every round starts from the original params: nothing of one
            // round leaks into another.
            let mut p = base.clone();
            if self.rev == Revision::V2026_07_28 {
                let mut meta = match p.remove("_meta") {
                    Some(Value::Object(m)) => m,
                    _ => Map::new(),
                };
                if let Value::Object(m) = self.request_meta(self.rev) {
                    meta.extend(m);
                }
                p.insert("_meta".into(), Value::Object(meta));
            }
            let mut state_raw = None;
            if let Some((responses, state)) = retry.take() {
                p.insert("inputResponses".into(), Value::Object(responses));
                state_raw = state;
            }
            let mut text =
                json!({"jsonrpc": "2.0", "id": id, "method": method, "params": Value::Object(p)})
                    .to_string();
            if let Some(state) = state_raw {
                // `requestState` is echoed byte for byte: spliced in as the
                // server wrote it, not re-serialised.
                let at = text.len() - 2; // before the closing `}}`
                text.insert_str(at, &format!(",\"requestState\":{state}"));
            }
            self.send_with(&text, param_headers.clone())?;
            let resp = self.wait_for(id, Some(responder), None)?;
            let result = resp.value.get("result");
            let input_required = self.rev == Revision::V2026_07_28
                && result
                    .and_then(|r| r.get("resultType"))
                    .and_then(Value::as_str)
                    == Some("input_required");
            if !input_required {
                self.exchange_done()?;
                return Ok(resp.value);
            }
            retry = Some(self.answer_input_required(&resp, responder)?);
            self.exchange_done()?;
        }
        Err(Error::Loops)
    }

    /// Builds the `inputResponses` for an `InputRequiredResult`, and the raw
    /// text of its `requestState`.
    fn answer_input_required(
        &mut self,
        resp: &Received,
        responder: &mut dyn Responder,
    ) -> Result<(Map<String, Value>, Option<String>)> {
        let node = crate::json::parse(&resp.raw).map_err(Error::Syntax)?;
        let state = node
            .get("result")
            .and_then(|r| r.get("requestState"))
            .map(|s| resp.raw[s.span.start..s.span.end].to_string());
        let findings = self.lint(&resp.raw);
        let mut responses = Map::new();
        let requests = resp
            .value
            .get("result")
            .and_then(|r| r.get("inputRequests"))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let asked = requests
            .values()
            .filter(|r| r.get("method").and_then(Value::as_str) == Some("elicitation/create"))
            .count();
        // Counted across the call's rounds; the number is known only for
        // the questions asked together.
        let before = self.elicited;
        for (key, request) in &requests {
            let method = request.get("method").and_then(Value::as_str).unwrap_or("");
            if method == "elicitation/create" {
                self.count_elicitation()?;
            }
            if method != "elicitation/create" {
                self.notices.push(Notice::Text(format!(
                    "the server asked for `{}` as input `{}`, which mcp-elicit does not serve (it declared only elicitation); left unanswered",
                    sanitize::line(method),
                    sanitize::line(key)
                )));
                continue;
            }
            let at = crate::json::pointer_push("/result/inputRequests", key);
            let params = request.get("params").cloned().unwrap_or(Value::Null);
            let prefix = format!("{at}/params");
            let server = self.server_name.clone();
            let judged = self.judge().findings(&findings, &prefix, &params);
            let notes = judged.warnings();
            let req = Request {
                params: &params,
                server: server.as_deref(),
                revision: self.rev,
                key: Some(key),
                notes: &notes,
                deadline: None,
                position: Some(crate::form::respond::Position {
                    index: self.elicited,
                    of: (asked > 1).then_some(before + asked),
                }),
            };
            let why = match self.verdict(&judged, &params) {
                Err(why) => why,
                Ok(()) => {
                    self.shown_anyway(&judged, Some(key));
                    let answer = responder.respond(&req)?;
                    responses.insert(key.clone(), answer);
                    continue;
                }
            };
            match responder.refused(&req, &why)? {
                Some(answer) => {
                    self.notices.push(Notice::Text(format!(
                        "input `{}` cannot be shown as a form ({}); answered {}",
                        sanitize::line(key),
                        why.join("; "),
                        action_of(&answer)
                    )));
                    responses.insert(key.clone(), answer);
                }
                None => self.notices.push(Notice::Text(format!(
                    "input `{}` cannot be shown as a form ({}); left unanswered",
                    sanitize::line(key),
                    why.join("; ")
                ))),
            }
        }
        Ok((responses, state))
    }

    /// Counts one more elicitation of the request in flight; an error once
    /// the server floods.
    fn count_elicitation(&mut self) -> Result<()> {
        self.elicited += 1;
        if self.elicited > MAX_ELICITATIONS {
            return Err(Error::Floods);
        }
        Ok(())
    }

    /// How this client judges an elicitation in flight.
    fn judge(&self) -> Judge {
        Judge {
            revision: self.rev,
            strict: self.opts.strict,
            rules: self.opts.rules.clone(),
            hosts: Vec::new(),
        }
    }

    /// Whether the elicitation judged `judged` can be shown: `Err` with why
    /// not (what refuses it, or a mode the client did not declare).
    fn verdict(&self, judged: &Judgement, params: &Value) -> std::result::Result<(), Vec<String>> {
        if !judged.shown() {
            return Err(judged.why());
        }
        match self.mode_refusal(params) {
            Some(refusal) => Err(vec![refusal]),
            None => Ok(()),
        }
    }

    /// Says that an elicitation with findings was shown all the same.
    fn shown_anyway(&mut self, judged: &Judgement, key: Option<&str>) {
        let notes = judged.warnings();
        if notes.is_empty() {
            return;
        }
        let which = match key {
            Some(k) => format!("input `{}`", sanitize::line(k)),
            None => "the elicitation".to_string(),
        };
        let listed = format!(
            "{}{}",
            notes.iter().take(3).cloned().collect::<Vec<_>>().join("; "),
            if notes.len() > 3 { "; ..." } else { "" }
        );
        self.notices.push(if judged.has_errors() {
            Notice::AnsweredAnyway { which, listed }
        } else {
            Notice::Text(format!("{which} was answered; it has warnings ({listed})"))
        });
    }

    fn lint(&self, raw: &str) -> Vec<Finding> {
        let opts = Options::for_revision(self.rev);
        lint::lint_text(raw, &opts, &mut Conversation::default())
    }

    /// Why a request in a mode the client did not declare is refused.
    fn mode_refusal(&self, params: &Value) -> Option<String> {
        let mode = params.get("mode").and_then(Value::as_str).unwrap_or("form");
        (mode == "url" && self.rev.has_modes() && !self.opts.url_mode).then(|| {
            "it asks in URL mode, which this client did not declare (--no-url-mode)".to_string()
        })
    }

    /// Waits for the response to `id`, handling what the server sends
    /// meanwhile. `limit` shortens the server time-out (negotiation).
    fn wait_for(
        &mut self,
        id: u64,
        responder: Option<&mut dyn Responder>,
        limit: Option<Duration>,
    ) -> Result<Received> {
        let timeout = limit.unwrap_or(self.opts.server_timeout);
        let mut responder = responder;
        loop {
            let event = self
                .t
                .recv(timeout)
                .ok_or(Error::Silent { waited: timeout })?;
            let raw = match event {
                Event::Message(raw) => raw,
                Event::Garbage(what) => return Err(Error::Garbage(what)),
                Event::Closed(why) => return Err(Error::Closed(why)),
                Event::Denied(d) => return Err(Error::Denied(Box::new(d))),
                Event::ClosedDenied(d) => return Err(Error::ClosedDenied(Box::new(d))),
            };
            // What is not JSON cannot be a session line: it ends the call
            // unrecorded, the recording intact up to the last message.
            let value: Value = match serde_json::from_str(&raw) {
                Ok(v) => v,
                Err(reason) => return Err(Error::NotJson { reason, text: raw }),
            };
            self.record(Direction::ServerToClient, &raw)?;
            if value.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
                return Err(Error::NotJsonRpc { text: raw });
            }
            let method = value
                .get("method")
                .and_then(Value::as_str)
                .map(str::to_string);
            match (method, value.get("id")) {
                (None, Some(rid)) => {
                    // An error with a null id is the server failing to read
                    // a request; the only one open is the one awaited (the
                    // client makes one request at a time).
                    let unreadable = rid.is_null() && value.get("error").is_some();
                    if rid.as_u64() == Some(id) || unreadable {
                        return Ok(Received { raw, value });
                    }
                    // A server slow to start, not one of an earlier revision.
                    if rid.as_u64().is_some() && rid.as_u64() == self.discover_given_up {
                        self.discover_given_up = None;
                        if value.get("result").is_some() {
                            self.notices.push(Notice::DiscoveredLate {
                                waited: DISCOVER_WAIT,
                                revision: self.rev,
                            });
                            continue;
                        }
                    }
                    self.notices.push(Notice::Text(format!(
                        "the server answered a request that is not open (id {}); ignored",
                        sanitize::line(&rid.to_string())
                    )));
                }
                (Some(m), Some(rid)) => {
                    let rid = rid.clone();
                    self.serve_request(&m, rid, &raw, &value, &mut responder)?;
                }
                (Some(m), None) => self.notification(&m, &value),
                (None, None) => return Err(Error::NotAMessage { text: raw }),
            }
        }
    }

    fn notification(&mut self, method: &str, value: &Value) {
        if method == "notifications/message"
            && let Some(p) = value.get("params")
        {
            let level = p.get("level").and_then(Value::as_str).unwrap_or("info");
            let data = match p.get("data") {
                Some(Value::String(s)) => s.clone(),
                Some(v) => v.to_string(),
                None => String::new(),
            };
            self.notices.push(Notice::Text(format!(
                "server log ({}): {}",
                sanitize::line(level),
                sanitize::line(&data)
            )));
        }
    }

    fn reply(&mut self, id: &Value, body: (&str, Value)) -> Result<()> {
        let mut m = Map::new();
        m.insert("jsonrpc".into(), json!("2.0"));
        m.insert("id".into(), id.clone());
        m.insert(body.0.into(), body.1);
        self.send(&Value::Object(m).to_string())
    }

    fn serve_request(
        &mut self,
        method: &str,
        id: Value,
        raw: &str,
        value: &Value,
        responder: &mut Option<&mut dyn Responder>,
    ) -> Result<()> {
        match method {
            "ping" => self.reply(&id, ("result", json!({}))),
            "elicitation/create" => {
                if let Err(e) = self.count_elicitation() {
                    let _ = self.reply(
                        &id,
                        ("error", json!({"code": -32603, "message": format!("too many elicitations during one request (the limit is {MAX_ELICITATIONS})")})),
                    );
                    let _ = self.exchange_done();
                    return Err(e);
                }
                let Some(responder) = responder else {
                    return self.reply(
                        &id,
                        ("error", json!({"code": -32600, "message": "no request is in flight to elicit for"})),
                    );
                };
                let params = value.get("params").cloned().unwrap_or(Value::Null);
                let judged = self.judge().message(raw, "/params", &params);
                let notes = judged.warnings();
                let server = self.server_name.clone();
                let req = Request {
                    params: &params,
                    server: server.as_deref(),
                    revision: self.rev,
                    key: None,
                    notes: &notes,
                    deadline: None,
                    position: Some(crate::form::respond::Position {
                        index: self.elicited,
                        of: None,
                    }),
                };
                if let Err(why) = self.verdict(&judged, &params) {
                    let given = match responder.refused(&req, &why) {
                        Ok(given) => given,
                        Err(e) => {
                            let _ = self.reply(
                                &id,
                                ("error", json!({"code": -32603, "message": "the client could not answer"})),
                            );
                            let _ = self.exchange_done();
                            return Err(e.into());
                        }
                    };
                    if let Some(result) = given {
                        self.notices.push(Notice::Text(format!(
                            "the elicitation cannot be shown as a form ({}); answered {}",
                            why.join("; "),
                            action_of(&result)
                        )));
                        self.reply(&id, ("result", result))?;
                        return self.exchange_done();
                    }
                    self.notices.push(Notice::Text(format!(
                        "refused an elicitation no form can show ({}); answered -32602",
                        why.join("; ")
                    )));
                    let error = if judged.shown() {
                        invalid_params(&why.join("; "), &[])
                    } else {
                        judged.error(self.rev)
                    };
                    self.reply(&id, ("error", error))?;
                    return self.exchange_done();
                }
                self.shown_anyway(&judged, None);
                let answer = responder.respond(&req);
                match answer {
                    Ok(result) => {
                        self.reply(&id, ("result", result))?;
                        self.exchange_done()
                    }
                    Err(e) => {
                        let _ = self.reply(
                            &id,
                            (
                                "error",
                                json!({"code": -32603, "message": "the client could not answer"}),
                            ),
                        );
                        let _ = self.exchange_done();
                        Err(e.into())
                    }
                }
            }
            other => {
                self.notices.push(Notice::Text(format!(
                    "the server sent `{}`, which mcp-elicit does not serve; answered -32601",
                    sanitize::line(other)
                )));
                self.reply(
                    &id,
                    ("error", json!({"code": -32601, "message": format!("method not supported by this client: {other}")})),
                )
            }
        }
    }

    /// Ends the connection.
    pub fn close(mut self) {
        let _ = self.exchange_done();
        self.t.close();
    }
}

/// The `x-mcp-header` marks of a tool's inputSchema as (property, header
/// name) pairs; `Err` says why they are invalid (SEP-2243: a non-empty
/// token, unique regardless of case, on a string, integer or boolean).
pub fn header_marks(tool: &Value) -> std::result::Result<Vec<(String, String)>, String> {
    let Some(props) = tool
        .get("inputSchema")
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
    else {
        return Ok(Vec::new());
    };
    let mut marks: Vec<(String, String)> = Vec::new();
    for (prop, schema) in props {
        let Some(mark) = schema.get("x-mcp-header") else {
            continue;
        };
        let at = sanitize::line(prop).into_owned();
        let Some(header) = mark.as_str() else {
            return Err(format!(
                "marks `{at}` with an x-mcp-header that is not a string"
            ));
        };
        if header.is_empty() {
            return Err(format!("marks `{at}` with an empty x-mcp-header"));
        }
        let tchar = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c);
        if !header.chars().all(tchar) {
            return Err(format!(
                "marks `{at}` with x-mcp-header `{}`, which is not an HTTP token (ASCII letters, digits and !#$%&'*+-.^_`|~ only)",
                sanitize::line(header)
            ));
        }
        let ty = schema.get("type").and_then(Value::as_str);
        if !matches!(ty, Some("string" | "integer" | "boolean")) {
            return Err(format!(
                "marks `{at}` with x-mcp-header `{header}` but its type is {}, not string, integer or boolean",
                schema
                    .get("type")
                    .map(|t| sanitize::line(&t.to_string()).into_owned())
                    .unwrap_or_else(|| "missing".into())
            ));
        }
        if let Some((other, _)) = marks.iter().find(|(_, h)| h.eq_ignore_ascii_case(header)) {
            return Err(format!(
                "marks both `{}` and `{at}` with x-mcp-header `{header}` (names are compared regardless of case)",
                sanitize::line(other)
            ));
        }
        marks.push((prop.clone(), header.to_string()));
    }
    Ok(marks)
}

fn client_info() -> Value {
    json!({"name": "mcp-elicit", "version": env!("CARGO_PKG_VERSION")})
}

/// The action of an `ElicitResult`, for a notice.
fn action_of(result: &Value) -> &str {
    result.get("action").and_then(Value::as_str).unwrap_or("?")
}
