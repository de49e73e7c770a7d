//! The server side of MCP, as far as asking needs it: tools that elicit,
//! written once and served in every revision.
//!
//! A tool asks through [`Elicitor::elicit`] as if the answer came back at once.
//! In 2025-06-18 and 2025-11-25 it does: the server sends an
//! `elicitation/create` request and waits for the client's response. In
//! 2026-07-28 there are no server requests: the tool is run again on every
//! retry, answers so far travel in a signed `requestState`, and the first
//! question not yet answered (or the batch of an [`Elicitor::elicit_all`])
//! becomes an `InputRequiredResult`. Tools must therefore ask the same
//! questions in the same order for the same input.

pub mod http;
pub mod mock;

use std::io::{BufRead, Write};
use std::sync::Mutex;

use hmac::{Hmac, Mac};
use serde_json::{Map, Value, json};
use sha2::Sha256;

use crate::document::CLIENT_CAPABILITIES_META;
use crate::lines::{LineRead, read_line_bounded};
use crate::mcp::client::PROTOCOL_VERSION_META;
use crate::mcp::transport::MAX_MESSAGE;
use crate::spec::Revision;
use crate::validate::json_kind;

/// A tool a server offers.
#[derive(Debug, Clone, PartialEq)]
pub struct Tool {
    pub name: String,
    pub description: String,
    /// The JSON Schema of the tool's arguments.
    pub input_schema: Value,
}

/// Why a tool stopped before finishing.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// 2026-07-28: these questions are not answered yet; ask them in an
    /// `InputRequiredResult`, each under its `inputRequests` key.
    InputRequired(Vec<(String, Value)>),
    /// The client answered the elicitation with a JSON-RPC error.
    Refused(Value),
    /// The client is gone or broke the protocol.
    Lost(String),
}

/// How a tool asks the person at the client.
pub trait Elicitor {
    /// Sends `elicitation/create` with `params`; returns the `ElicitResult`.
    fn elicit(&mut self, params: Value) -> std::result::Result<Value, Stop>;
    /// Sends several elicitations at once, without waiting for an answer
    /// in between; the outcomes in the same order. In 2026-07-28 they go
    /// out in one `InputRequiredResult`, so an unanswered one stops the run.
    fn elicit_all(&mut self, params: Vec<Value>) -> Vec<std::result::Result<Value, Stop>> {
        params.into_iter().map(|p| self.elicit(p)).collect()
    }
    /// Like [`Elicitor::elicit`], naming the question: in 2026-07-28 `key` is
    /// its `inputRequests` key, under which the retry answers it. Without
    /// a name a question is keyed `q1`, `q2`, ... in the order asked.
    fn elicit_keyed(&mut self, key: &str, params: Value) -> std::result::Result<Value, Stop> {
        let _ = key;
        self.elicit(params)
    }
    /// Like [`Elicitor::elicit_all`], each question under its key (distinct
    /// within the batch).
    fn elicit_all_keyed(
        &mut self,
        keyed: Vec<(String, Value)>,
    ) -> Vec<std::result::Result<Value, Stop>> {
        self.elicit_all(keyed.into_iter().map(|(_, p)| p).collect())
    }
    /// The revision of the exchange.
    fn revision(&self) -> Revision;
    /// The `elicitation` capability the client declared (`None` when it
    /// declared none).
    fn capability(&self) -> Option<&Value>;
    /// Where the answer to the next [`Elicitor::elicit`] will come from. In
    /// 2026-07-28 a tool runs again on every retry and gets the answers of
    /// earlier rounds back at once; a tool that reports answers reports
    /// each one when it arrives, not on every run.
    fn next_answer(&self) -> NextAnswer {
        NextAnswer::AskNow
    }
}

/// Where the answer to an elicitation comes from (see [`Elicitor::next_answer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextAnswer {
    /// The question goes to the client now (a request, or in 2026-07-28 an
    /// `InputRequiredResult`).
    AskNow,
    /// 2026-07-28: answered in an earlier round, already seen.
    Earlier,
    /// 2026-07-28: the answer came with this retry; `waited` is how long
    /// since the question was sent, when the state says.
    JustArrived { waited: Option<std::time::Duration> },
}

/// What a server serves.
pub trait Handler: Send + Sync {
    /// `serverInfo.name`.
    fn name(&self) -> &str;
    fn tools(&self) -> Vec<Tool>;
    /// Runs tool `name` (one of [`Handler::tools`]) and returns its
    /// `CallToolResult`.
    fn call(
        &self,
        name: &str,
        args: &Value,
        ask: &mut dyn Elicitor,
    ) -> std::result::Result<Value, Stop>;
    /// Told when the client breaks the protocol in a way the server noticed
    /// (a 2026-07-28 retry that reuses its id, answers the wrong keys, or
    /// echoes an altered `requestState`).
    fn client_error(&self, _what: &str) {}
    /// Told what the client did that the server let pass but a report
    /// should show (answers to questions not asked, a missing answer
    /// asked again).
    fn client_note(&self, _what: &str) {}
    /// The client capabilities tool `name` needs (`elicitation`,
    /// `sampling`, ...): in 2026-07-28 a call that does not declare one is
    /// refused with -32021.
    fn required_capabilities(&self, _name: &str) -> Vec<String> {
        Vec::new()
    }
    /// Told of every request from the client before it is answered: its
    /// method and params (`initialize`'s declarations, a 2026-07-28
    /// request's `_meta`).
    fn request(&self, _method: &str, _params: &Value) {}
}

/// JSON-RPC error codes of 2026-07-28 (SEP-2575, SEP-2243).
pub mod codes {
    /// An HTTP header disagrees with the body it carries (or is missing).
    pub(crate) const HEADER_MISMATCH: i64 = -32020;
    /// The request needs a client capability it did not declare.
    pub(crate) const MISSING_CAPABILITY: i64 = -32021;
    /// The requested protocol version is not served.
    pub(crate) const UNSUPPORTED_VERSION: i64 = -32022;
    pub(crate) const INVALID_PARAMS: i64 = -32602;
    pub(crate) const METHOD_NOT_FOUND: i64 = -32601;
}

/// The revisions a server built on this module speaks, newest first.
pub(crate) const SUPPORTED: [Revision; 3] = [
    Revision::V2026_07_28,
    Revision::V2025_11_25,
    Revision::V2025_06_18,
];

/// Why a server cannot start or stopped serving.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The system has no randomness for the key that signs `requestState`.
    #[error("no randomness for the state key: {0}")]
    NoRandomness(getrandom::Error),
    /// Reading from or writing to the client failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

type Result<T, E = Error> = std::result::Result<T, E>;

/// Why a `requestState` a client echoed back is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum StateError {
    /// It is not of the form this server issues.
    #[error("requestState is not one this server issued")]
    NotIssued,
    /// Its signature does not match: it was altered, or signed by another
    /// run's key.
    #[error("requestState was altered: its signature does not match")]
    Altered,
    /// It is signed but cannot be read.
    #[error("requestState is unreadable")]
    Unreadable,
    /// It was issued for another tool or other arguments.
    #[error("requestState belongs to another call (tool or arguments differ)")]
    OtherCall,
}

/// A per-run secret that signs `requestState`, so a client cannot forge
/// the answers it echoes back.
pub(crate) struct StateKey([u8; 32]);

impl StateKey {
    pub(crate) fn random() -> Result<StateKey> {
        let mut k = [0u8; 32];
        getrandom::fill(&mut k).map_err(Error::NoRandomness)?;
        Ok(StateKey(k))
    }

    fn mac(&self) -> Hmac<Sha256> {
        Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length")
    }

    /// Seals the answers so far, bound to the tool and its arguments, with
    /// the time it was sealed (when the next question was sent).
    #[cfg(test)]
    fn seal(&self, tool: &str, args: &Value, answers: &[Value]) -> String {
        self.seal_rounds(tool, args, answers, &[])
    }

    /// Like [`StateKey::seal`], with the request ids of the rounds so far,
    /// so that a retry reusing one is caught without keeping any state.
    #[cfg(test)]
    fn seal_rounds(&self, tool: &str, args: &Value, answers: &[Value], ids: &[Value]) -> String {
        self.seal_held(tool, args, answers, ids, &Map::new())
    }

    /// Like [`StateKey::seal_rounds`], with the answers `held` for a batch
    /// not yet whole.
    pub(crate) fn seal_held(
        &self,
        tool: &str,
        args: &Value,
        answers: &[Value],
        ids: &[Value],
        held: &Map<String, Value>,
    ) -> String {
        let at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        let mut payload =
            json!({"tool": tool, "args": args, "answers": answers, "ids": ids, "at": at});
        if !held.is_empty() {
            payload["held"] = Value::Object(held.clone());
        }
        self.sign(payload.to_string().as_bytes())
    }

    /// `payload` and its signature, as one URL-safe string.
    pub(crate) fn sign(&self, payload: &[u8]) -> String {
        let mut mac = self.mac();
        mac.update(payload);
        let sig = mac.finalize().into_bytes();
        format!(
            "{}.{}",
            data_encoding::BASE64URL_NOPAD.encode(payload),
            data_encoding::BASE64URL_NOPAD.encode(&sig)
        )
    }

    /// The payload of a string made by [`StateKey::sign`] with this key;
    /// `Err` when it is not one, or was altered.
    pub(crate) fn verify(&self, state: &str) -> std::result::Result<Vec<u8>, StateError> {
        let (p, s) = state.split_once('.').ok_or(StateError::NotIssued)?;
        let payload = data_encoding::BASE64URL_NOPAD
            .decode(p.as_bytes())
            .map_err(|_| StateError::NotIssued)?;
        let sig = data_encoding::BASE64URL_NOPAD
            .decode(s.as_bytes())
            .map_err(|_| StateError::NotIssued)?;
        let mut mac = self.mac();
        mac.update(&payload);
        mac.verify_slice(&sig).map_err(|_| StateError::Altered)?;
        Ok(payload)
    }

    /// Opens a state sealed by [`StateKey::seal`] for the same tool and
    /// arguments; `Err` says what is wrong with it.
    #[cfg(test)]
    fn open(
        &self,
        state: &str,
        tool: &str,
        args: &Value,
    ) -> std::result::Result<Vec<Value>, StateError> {
        self.open_sealed(state, tool, args).map(|o| o.answers)
    }

    /// Like [`StateKey::open`], with the request ids of the rounds and the
    /// time the state was sealed.
    pub(crate) fn open_sealed(
        &self,
        state: &str,
        tool: &str,
        args: &Value,
    ) -> std::result::Result<Sealed, StateError> {
        let payload = self.verify(state)?;
        let v: Value = serde_json::from_slice(&payload).map_err(|_| StateError::Unreadable)?;
        if v["tool"] != tool || v["args"] != *args {
            return Err(StateError::OtherCall);
        }
        let sealed_at = v["at"]
            .as_u64()
            .map(|ms| std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms));
        Ok(Sealed {
            answers: v["answers"].as_array().cloned().unwrap_or_default(),
            ids: v["ids"].as_array().cloned().unwrap_or_default(),
            sealed_at,
            held: v["held"].as_object().cloned().unwrap_or_default(),
        })
    }
}

/// What a `requestState` holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Sealed {
    /// The answers of the rounds so far.
    pub answers: Vec<Value>,
    /// The request ids of the rounds so far.
    pub ids: Vec<Value>,
    /// When it was sealed: when the question now being answered was sent.
    pub sealed_at: Option<std::time::SystemTime>,
    /// Answers of a batch that came without the rest of it, by key: kept
    /// until the batch is whole.
    pub held: Map<String, Value>,
}

/// The transport-independent server: answers one client message at a time.
pub(crate) struct Engine<'h> {
    handler: &'h dyn Handler,
    key: StateKey,
    /// The revision agreed at `initialize` (2025-06-18 and 2025-11-25).
    session: Mutex<Option<(Revision, Option<Value>)>>,
}

/// What to do with one incoming request.
pub(crate) enum Reply {
    /// Send this message.
    Message(Value),
    /// Run tool `name` on this connection, where elicitations can be sent:
    /// 2025-06-18 and 2025-11-25 calls.
    RunTool {
        id: Value,
        name: String,
        args: Value,
        revision: Revision,
        capability: Option<Value>,
    },
    /// Nothing to send (a notification).
    Nothing,
}

/// A JSON-RPC error response.
pub(crate) fn error(id: &Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

fn result(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// The outcome of one `elicitation/create` from the client's response: its
/// `ElicitResult`, or the JSON-RPC error it sent instead.
pub(super) fn answer_of(response: &Value) -> std::result::Result<Value, Stop> {
    match response.get("result") {
        Some(r) => Ok(r.clone()),
        None => Err(Stop::Refused(
            response.get("error").cloned().unwrap_or(Value::Null),
        )),
    }
}

/// The outcome of a single elicitation sent through [`Elicitor::elicit_all`].
pub(super) fn only(
    mut outcomes: Vec<std::result::Result<Value, Stop>>,
) -> std::result::Result<Value, Stop> {
    outcomes
        .pop()
        .unwrap_or_else(|| Err(Stop::Lost("nothing was asked".into())))
}

/// The result of a tool run, as the response to `id`.
pub(crate) fn tool_response(id: &Value, outcome: std::result::Result<Value, Stop>) -> Value {
    match outcome {
        Ok(r) => result(id, r),
        Err(Stop::Refused(e)) => result(
            id,
            json!({"content": [{"type": "text", "text": format!("the client refused the elicitation: {e}")}], "isError": true}),
        ),
        Err(Stop::Lost(why)) => error(id, -32603, &why),
        Err(Stop::InputRequired(_)) => error(
            id,
            -32603,
            "input is required but this revision cannot ask for it",
        ),
    }
}

impl<'h> Engine<'h> {
    pub(crate) fn new(handler: &'h dyn Handler) -> Result<Engine<'h>> {
        Ok(Engine {
            handler,
            key: StateKey::random()?,
            session: Mutex::new(None),
        })
    }

    /// Reports what the client did wrong to the handler.
    fn observe(&self, what: String) {
        self.handler.client_error(&what);
    }

    /// Handles one message from the client: a 2026-07-28 request when its
    /// `_meta` names a protocol version, else one of a session.
    pub(crate) fn handle(&self, msg: &Value) -> Reply {
        self.handle_owned(msg.clone())
    }

    /// [`Engine::handle`], taking the message: a tool call's arguments
    /// are moved to the [`Reply::RunTool`], not copied, so a call that
    /// waits holds them once.
    pub(crate) fn handle_owned(&self, mut msg: Value) -> Reply {
        let Some(method) = msg
            .get("method")
            .and_then(Value::as_str)
            .map(str::to_string)
        else {
            return Reply::Nothing;
        };
        let Some(id) = msg.get("id").cloned() else {
            return Reply::Nothing;
        };
        if msg
            .get("params")
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get(PROTOCOL_VERSION_META))
            .is_some()
        {
            return Reply::Message(self.handle_modern(&msg));
        }
        self.handler
            .request(&method, msg.get("params").unwrap_or(&Value::Null));
        let mut params = msg.get_mut("params").map(Value::take).unwrap_or(json!({}));
        match method.as_str() {
            "initialize" => {
                let asked = params
                    .get("protocolVersion")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let rev = match Revision::from_protocol_version(asked) {
                    Some(Revision::V2026_07_28) | None => Revision::V2025_11_25,
                    Some(r) => r,
                };
                let cap = params
                    .get("capabilities")
                    .and_then(|c| c.get("elicitation"))
                    .cloned();
                *self.session.lock().unwrap_or_else(|p| p.into_inner()) = Some((rev, cap));
                Reply::Message(result(
                    &id,
                    json!({"protocolVersion": rev.as_str(), "capabilities": {"tools": {}},
                           "serverInfo": {"name": self.handler.name(), "version": env!("CARGO_PKG_VERSION")}}),
                ))
            }
            "server/discover" => Reply::Message(self.discover(&id)),
            "ping" => Reply::Message(result(&id, json!({}))),
            "tools/list" => Reply::Message(result(&id, json!({"tools": self.tool_list()}))),
            "tools/call" => {
                let Some((rev, cap)) = self
                    .session
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .clone()
                else {
                    return Reply::Message(error(&id, -32600, "initialize first"));
                };
                let name = match self.tool_name(&id, &params) {
                    Ok(n) => n,
                    Err(e) => return Reply::Message(e),
                };
                let args = params
                    .get_mut("arguments")
                    .map(Value::take)
                    .unwrap_or(json!({}));
                let args = match self.arguments(&id, &name, args) {
                    Ok(a) => a,
                    Err(e) => return Reply::Message(e),
                };
                Reply::RunTool {
                    id,
                    name,
                    args,
                    revision: rev,
                    capability: cap,
                }
            }
            other => Reply::Message(error(&id, -32601, &format!("method not found: {other}"))),
        }
    }

    /// The tool a `tools/call` names, or the error response for an unknown one.
    fn tool_name(&self, id: &Value, params: &Value) -> std::result::Result<String, Value> {
        let name = params.get("name").and_then(Value::as_str).unwrap_or("");
        if self.handler.tools().iter().any(|t| t.name == name) {
            Ok(name.to_string())
        } else {
            Err(error(id, -32602, &format!("unknown tool: {name}")))
        }
    }

    /// The arguments of a `tools/call` of tool `name` (none is `{}`), or
    /// the -32602 error response when they do not fit its `inputSchema`.
    fn arguments(&self, id: &Value, name: &str, args: Value) -> std::result::Result<Value, Value> {
        let schema = self
            .handler
            .tools()
            .into_iter()
            .find(|t| t.name == name)
            .map(|t| t.input_schema)
            .unwrap_or(Value::Null);
        if !args.is_object() {
            return Err(error(
                id,
                codes::INVALID_PARAMS,
                &format!(
                    "the arguments of {name} are an object, not {}",
                    crate::validate::json_kind(&args)
                ),
            ));
        }
        if !schema.is_object() {
            return Ok(args);
        }
        let wrong = input_schema_errors(&schema, &args);
        if wrong.is_empty() {
            Ok(args)
        } else {
            Err(error(
                id,
                codes::INVALID_PARAMS,
                &format!(
                    "the arguments do not fit the inputSchema of {name}: {}",
                    wrong.join("; ")
                ),
            ))
        }
    }

    fn tool_list(&self) -> Vec<Value> {
        self.handler
            .tools()
            .into_iter()
            .map(|t| json!({"name": t.name, "description": t.description, "inputSchema": t.input_schema}))
            .collect()
    }

    fn discover(&self, id: &Value) -> Value {
        result(
            id,
            json!({"resultType": "complete", "supportedVersions": SUPPORTED.iter().map(|r| r.as_str()).collect::<Vec<_>>(),
                   "capabilities": {"tools": {}}, "cacheScope": "public", "ttlMs": 0,
                   "serverInfo": {"name": self.handler.name(), "version": env!("CARGO_PKG_VERSION")},
                   "_meta": {"io.modelcontextprotocol/serverInfo":
                       {"name": self.handler.name(), "version": env!("CARGO_PKG_VERSION")}}}),
        )
    }

    /// A 2026-07-28 request (SEP-2575): stateless, answered at once. Its
    /// `_meta` must name the protocol version and the client's
    /// capabilities (-32602 otherwise); a version not served gets -32022,
    /// a method 2026-07-28 does not have (`initialize`, `ping`, ...) -32601.
    pub(crate) fn handle_modern(&self, msg: &Value) -> Value {
        let id = msg.get("id").cloned().unwrap_or(Value::Null);
        let method = msg.get("method").and_then(Value::as_str).unwrap_or("");
        let params = msg.get("params").cloned().unwrap_or(json!({}));
        self.handler.request(method, &params);
        if let Err(why) = check_meta(&params) {
            return error(&id, codes::INVALID_PARAMS, &why);
        }
        let v = params["_meta"][PROTOCOL_VERSION_META]
            .as_str()
            .unwrap_or("");
        if Revision::from_protocol_version(v) != Some(Revision::V2026_07_28) {
            let supported: Vec<&str> = SUPPORTED.iter().map(|r| r.as_str()).collect();
            return json!({"jsonrpc": "2.0", "id": id, "error": {
                "code": codes::UNSUPPORTED_VERSION,
                "message": format!("unsupported protocol version {v}; this server speaks {}", supported.join(", ")),
                "data": {"requested": v, "supported": supported}}});
        }
        self.modern(&id, method, &params)
    }

    fn modern(&self, id: &Value, method: &str, params: &Value) -> Value {
        match method {
            "server/discover" => return self.discover(id),
            "tools/list" => {
                return result(
                    id,
                    // A cacheable result: 2026-07-28 requires the cache hints.
                    json!({"resultType": "complete", "tools": self.tool_list(),
                           "cacheScope": "public", "ttlMs": 0}),
                );
            }
            "tools/call" => {}
            "initialize"
            | "ping"
            | "logging/setLevel"
            | "resources/subscribe"
            | "resources/unsubscribe" => {
                return error(
                    id,
                    codes::METHOD_NOT_FOUND,
                    &format!("method not found: {method} does not exist in 2026-07-28"),
                );
            }
            other => {
                return error(
                    id,
                    codes::METHOD_NOT_FOUND,
                    &format!("method not found: {other}"),
                );
            }
        }
        let key = id.to_string();
        let name = match self.tool_name(id, params) {
            Ok(n) => n,
            Err(e) => return e,
        };
        let args = params.get("arguments").cloned().unwrap_or(json!({}));
        let args = match self.arguments(id, &name, args) {
            Ok(a) => a,
            Err(e) => return e,
        };
        let declared = &params["_meta"][CLIENT_CAPABILITIES_META];
        let missing: Map<String, Value> = self
            .handler
            .required_capabilities(&name)
            .into_iter()
            .filter(|c| declared.get(c).is_none())
            .map(|c| (c, json!({})))
            .collect();
        if !missing.is_empty() {
            let names: Vec<&String> = missing.keys().collect();
            return json!({"jsonrpc": "2.0", "id": id, "error": {
                "code": codes::MISSING_CAPABILITY,
                "message": format!("tool {name} needs the client capabilit{} {names:?}, which the request's clientCapabilities do not declare",
                    if names.len() == 1 { "y" } else { "ies" }),
                "data": {"requiredCapabilities": missing}}});
        }
        let cap = declared.get("elicitation").cloned();
        let sealed = match params.get("requestState") {
            None => Sealed {
                answers: Vec::new(),
                ids: Vec::new(),
                sealed_at: None,
                held: Map::new(),
            },
            Some(Value::String(s)) => match self.key.open_sealed(s, &name, &args) {
                Ok(o) => o,
                Err(why) => {
                    self.observe(format!("{why} (call id {key})"));
                    return error(id, codes::INVALID_PARAMS, &why.to_string());
                }
            },
            Some(_) => {
                return error(
                    id,
                    codes::INVALID_PARAMS,
                    "requestState must be the string this server sent",
                );
            }
        };
        let Sealed {
            answers,
            mut ids,
            sealed_at,
            held,
        } = sealed;
        let mut responses = held;
        match params.get("inputResponses") {
            None => {}
            Some(Value::Object(given)) => {
                if ids.contains(id) {
                    self.observe(format!(
                        "a retry reused request id {key}; a retry needs a new id"
                    ));
                }
                for (k, v) in given {
                    responses.insert(k.clone(), v.clone());
                }
            }
            Some(other) => {
                let why = format!(
                    "inputResponses must be an object of answers keyed as inputRequests was, not {}",
                    json_kind(other)
                );
                self.observe(format!("{why} (call id {key})"));
                return error(id, codes::INVALID_PARAMS, &why);
            }
        }
        let earlier = answers.len();
        let mut ask = Rounds {
            earlier: &answers,
            responses: &responses,
            taken: Vec::new(),
            waited: sealed_at.and_then(|t| t.elapsed().ok()),
            next: 0,
            asked: 0,
            cap,
            invalid: None,
            held: Map::new(),
        };
        let outcome = self.handler.call(&name, &args, &mut ask);
        if let Some((k, why)) = ask.invalid.take() {
            self.observe(format!(
                "the retry of call id {key} answered {k:?} with something that is not an ElicitResult ({why})"
            ));
            return error(
                id,
                codes::INVALID_PARAMS,
                &format!("inputResponses[{k:?}] is not an answer to an elicitation: {why}"),
            );
        }
        // What the retry answered that the tool did not ask: ignored, noted.
        let used: Vec<&str> = ask
            .taken
            .iter()
            .map(|(k, _)| k.as_str())
            .chain(ask.held.keys().map(String::as_str))
            .collect();
        let ignored: Vec<&String> = responses
            .keys()
            .filter(|k| !used.contains(&k.as_str()))
            .collect();
        if !ignored.is_empty() {
            self.note(format!(
                "the retry of call id {key} answered {ignored:?}, which {name} did not ask; ignored"
            ));
        }
        match outcome {
            Ok(mut r) => {
                if let Value::Object(m) = &mut r {
                    m.entry("resultType").or_insert(json!("complete"));
                }
                result(id, r)
            }
            Err(Stop::InputRequired(asked)) => {
                // A retry that answered none of what it was asked, or only
                // part of a batch: what it left out is asked again.
                if params.get("inputResponses").is_some()
                    && (ask.taken.is_empty() || !ask.held.is_empty())
                {
                    let keys: Vec<&String> = asked.iter().map(|(k, _)| k).collect();
                    self.note(format!(
                        "the retry of call id {key} did not answer {keys:?}; asked again"
                    ));
                }
                ids.push(id.clone());
                let mut all: Vec<Value> = answers[..earlier].to_vec();
                all.extend(ask.taken.iter().map(|(_, v)| v.clone()));
                let mut requests = Map::new();
                for (k, p) in asked {
                    requests.insert(k, json!({"method": "elicitation/create", "params": p}));
                }
                result(
                    id,
                    json!({"resultType": "input_required", "inputRequests": requests,
                           "requestState": self.key.seal_held(&name, &args, &all, &ids, &ask.held)}),
                )
            }
            Err(other) => tool_response(id, Err(other)),
        }
    }

    fn note(&self, what: String) {
        self.handler.client_note(&what);
    }
}

/// Checks the `_meta` every 2026-07-28 request carries: the protocol
/// version and the client's capabilities (`clientInfo` is optional).
fn check_meta(params: &Value) -> std::result::Result<(), String> {
    let Some(params) = params.as_object() else {
        return Err("params must be an object carrying _meta".into());
    };
    let Some(meta) = params.get("_meta") else {
        return Err(format!(
            "params._meta is missing: a 2026-07-28 request carries {PROTOCOL_VERSION_META} and {CLIENT_CAPABILITIES_META} in it"
        ));
    };
    let Some(meta) = meta.as_object() else {
        return Err("params._meta must be an object".into());
    };
    match meta.get(PROTOCOL_VERSION_META) {
        Some(Value::String(_)) => {}
        Some(other) => {
            return Err(format!(
                "_meta[{PROTOCOL_VERSION_META:?}] must be a string, not {}",
                json_kind(other)
            ));
        }
        None => return Err(format!("_meta[{PROTOCOL_VERSION_META:?}] is missing")),
    }
    match meta.get(CLIENT_CAPABILITIES_META) {
        Some(Value::Object(_)) => Ok(()),
        Some(other) => Err(format!(
            "_meta[{CLIENT_CAPABILITIES_META:?}] must be an object, not {}",
            json_kind(other)
        )),
        None => Err(format!(
            "_meta[{CLIENT_CAPABILITIES_META:?}] is missing: declare the client's capabilities on every request (an empty object for none)"
        )),
    }
}

/// 2026-07-28: the answers of earlier rounds in order, then this retry's
/// answers by key; the first question not answered stops the run.
struct Rounds<'a> {
    /// The answers of earlier rounds, in the order asked.
    earlier: &'a [Value],
    /// This retry's `inputResponses` (with answers held from before).
    responses: &'a Map<String, Value>,
    /// The answers taken from `responses`, in the order asked.
    taken: Vec<(String, Value)>,
    /// How long the question answered in this round waited.
    waited: Option<std::time::Duration>,
    /// Questions asked so far in this run.
    next: usize,
    /// Questions asked without a key so far (they are keyed q1, q2, ...).
    asked: usize,
    cap: Option<Value>,
    /// An answer that is not an ElicitResult: its key and what is wrong.
    invalid: Option<(String, String)>,
    /// Answers of a batch that is not whole yet.
    held: Map<String, Value>,
}

impl Rounds<'_> {
    fn auto_key(&mut self) -> String {
        self.asked += 1;
        format!("q{}", self.asked)
    }

    /// This retry's answer to `key`, if it has one not yet taken.
    fn response(&mut self, key: &str) -> Option<Value> {
        if self.taken.iter().any(|(k, _)| k == key) {
            return None;
        }
        let v = self.responses.get(key)?;
        if !v.is_object() {
            self.invalid
                .get_or_insert_with(|| (key.to_string(), format!("it is {}", json_kind(v))));
            return None;
        }
        Some(v.clone())
    }
}

impl Elicitor for Rounds<'_> {
    fn elicit(&mut self, params: Value) -> std::result::Result<Value, Stop> {
        let key = self.auto_key();
        self.elicit_keyed(&key, params)
    }
    fn elicit_all(&mut self, params: Vec<Value>) -> Vec<std::result::Result<Value, Stop>> {
        let keyed = params.into_iter().map(|p| (self.auto_key(), p)).collect();
        self.elicit_all_keyed(keyed)
    }
    fn elicit_keyed(&mut self, key: &str, params: Value) -> std::result::Result<Value, Stop> {
        let i = self.next;
        self.next += 1;
        if let Some(a) = self.earlier.get(i) {
            return Ok(a.clone());
        }
        match self.response(key) {
            Some(a) => {
                self.taken.push((key.to_string(), a.clone()));
                Ok(a)
            }
            None => Err(Stop::InputRequired(vec![(key.to_string(), params)])),
        }
    }
    fn elicit_all_keyed(
        &mut self,
        keyed: Vec<(String, Value)>,
    ) -> Vec<std::result::Result<Value, Stop>> {
        let start = self.next;
        self.next += keyed.len();
        let from_earlier = self.earlier.len().saturating_sub(start).min(keyed.len());
        let mut out: Vec<Value> =
            self.earlier[start.min(self.earlier.len())..][..from_earlier].to_vec();
        let rest = &keyed[from_earlier..];
        let found: Vec<Option<Value>> = rest.iter().map(|(k, _)| self.response(k)).collect();
        if found.iter().all(Option::is_some) {
            for ((k, _), a) in rest.iter().zip(found) {
                let a = a.unwrap_or_default();
                self.taken.push((k.clone(), a.clone()));
                out.push(a);
            }
            return out.into_iter().map(Ok).collect();
        }
        // The batch goes out again without what was answered; those answers
        // are held (sealed in the state) until the rest comes.
        let mut missing = Vec::new();
        for ((k, p), a) in rest.iter().zip(found) {
            match a {
                Some(a) => {
                    self.held.insert(k.clone(), a);
                }
                None => missing.push((k.clone(), p.clone())),
            }
        }
        vec![Err(Stop::InputRequired(missing))]
    }
    fn revision(&self) -> Revision {
        Revision::V2026_07_28
    }
    fn capability(&self) -> Option<&Value> {
        self.cap.as_ref()
    }
    fn next_answer(&self) -> NextAnswer {
        if self.next < self.earlier.len() {
            NextAnswer::Earlier
        } else if self.next < self.earlier.len() + self.responses.len() {
            NextAnswer::JustArrived {
                waited: self.waited,
            }
        } else {
            NextAnswer::AskNow
        }
    }
}

/// Where `args` leave a tool's `inputSchema` (at most 8), checked by the
/// `jsonschema` crate with the linear-time regex engine. The server's own
/// schema: one that cannot be built checks nothing (the tool then sees what
/// it was sent).
fn input_schema_errors(schema: &Value, args: &Value) -> Vec<String> {
    let Ok(validator) = jsonschema::options()
        .with_pattern_options(jsonschema::PatternOptions::regex())
        .build(schema)
    else {
        return Vec::new();
    };
    validator
        .iter_errors(args)
        .take(8)
        .map(|e| {
            let at = e.instance_path().to_string();
            let e = crate::sanitize::line(&e.to_string()).into_owned();
            if at.is_empty() {
                e
            } else {
                format!("{}: {e}", &at[1..])
            }
        })
        .collect()
}

/// Why `msg` is not one JSON-RPC message of MCP: a batch (which no
/// revision served here has: 2025-06-18 removed them), a scalar, or an
/// object that is neither a request, a notification nor a response. Over
/// HTTP and stdio alike, it is answered with -32600.
pub(crate) fn check_message(msg: &Value) -> std::result::Result<(), String> {
    let m = match msg {
        Value::Object(m) => m,
        Value::Array(_) => {
            return Err(
                "a batch (a JSON array) is not an MCP message since 2025-06-18, and this server speaks 2025-06-18 and later: send one message per POST".into(),
            );
        }
        other => {
            return Err(format!(
                "a JSON-RPC message is an object, not {}",
                crate::validate::json_kind(other)
            ));
        }
    };
    if m.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err("a JSON-RPC message needs \"jsonrpc\": \"2.0\"".into());
    }
    if let Some(id) = m.get("id")
        && !valid_id(id)
    {
        return Err("an id is a string or an integer".into());
    }
    match m.get("method") {
        Some(Value::String(_)) => Ok(()),
        Some(_) => Err("a method is a string".into()),
        None if m.contains_key("id") && (m.contains_key("result") || m.contains_key("error")) => {
            Ok(())
        }
        None => Err(
            "neither a request (method), a notification (method, no id) nor a response (id with result or error)".into(),
        ),
    }
}

/// Whether `id` may be a request's id: a string or an integer (MCP's
/// `RequestId`; as written, whatever its size).
pub(crate) fn valid_id(id: &Value) -> bool {
    match id {
        Value::String(_) => true,
        // Past 64 bits, an integer is read as a float without a fraction.
        Value::Number(n) => {
            n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    }
}

pub(crate) fn is_integer_text(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The request's id as `body` wrote it, when reading it as a number
/// changes it: an integer too large for 64 bits is read as a float, and
/// would otherwise come back as one (`1.2345678901234568e29`).
pub(super) fn raw_id(body: &[u8]) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Id<'a> {
        #[serde(borrow)]
        id: Option<&'a serde_json::value::RawValue>,
    }
    let raw = serde_json::from_slice::<Id<'_>>(body).ok()?.id?.get();
    let read: Value = serde_json::from_str(raw).ok()?;
    // As a float would write it back, compared as text.
    let written = read.to_string();
    (is_integer_text(raw) && written.as_str() != raw).then(|| raw.to_string())
}

/// `reply` as JSON text, its numeric `id` written as `raw` (see
/// [`raw_id`]).
pub(super) fn with_raw_id(reply: &Value, raw: Option<&str>) -> String {
    let (Some(raw), Some(Value::Number(_))) = (raw, reply.get("id")) else {
        return reply.to_string();
    };
    let mut rest = reply.as_object().cloned().unwrap_or_default();
    rest.remove("id");
    let rest = Value::Object(rest).to_string();
    match rest.as_str() {
        "{}" => format!("{{\"id\":{raw}}}"),
        _ => format!("{{\"id\":{raw},{}", &rest[1..]),
    }
}

/// Serves `handler` over stdio (`input`/`output`): one JSON-RPC message per
/// line, until the input ends.
pub fn serve_stdio<R: BufRead, W: Write>(handler: &dyn Handler, input: R, output: W) -> Result<()> {
    let engine = Engine::new(handler)?;
    let mut conn = StdioConn {
        input,
        output,
        buf: Vec::new(),
        next_id: 0,
    };
    while let Some((msg, raw)) = conn.next()? {
        let raw = raw.as_deref();
        match engine.handle(&msg) {
            Reply::Message(m) => conn.write_text(&with_raw_id(&m, raw))?,
            Reply::Nothing => {}
            Reply::RunTool {
                id,
                name,
                args,
                revision,
                capability,
            } => {
                let mut ask = Live {
                    conn: &mut conn,
                    revision,
                    capability,
                };
                let outcome = handler.call(&name, &args, &mut ask);
                conn.write_text(&with_raw_id(&tool_response(&id, outcome), raw))?;
            }
        }
    }
    Ok(())
}

struct StdioConn<R, W> {
    input: R,
    output: W,
    buf: Vec<u8>,
    next_id: u64,
}

impl<R: BufRead, W: Write> StdioConn<R, W> {
    /// The next message and its id as written when reading changed it
    /// (see [`raw_id`]), `None` at the end of input.
    fn next(&mut self) -> Result<Option<(Value, Option<String>)>> {
        loop {
            match read_line_bounded(&mut self.input, &mut self.buf, MAX_MESSAGE)? {
                LineRead::Eof => return Ok(None),
                LineRead::TooLong(_) => continue,
                LineRead::Line => {}
            }
            if self.buf.trim_ascii().is_empty() {
                continue;
            }
            match serde_json::from_slice::<Value>(&self.buf) {
                Ok(v) => match check_message(&v) {
                    Ok(()) => {
                        // Only an integer past 64 bits is read as a float.
                        let big = v.get("id").is_some_and(Value::is_f64);
                        let raw = if big { raw_id(&self.buf) } else { None };
                        return Ok(Some((v, raw)));
                    }
                    Err(why) => {
                        let id = v
                            .get("id")
                            .filter(|id| valid_id(id))
                            .unwrap_or(&Value::Null);
                        let m = error(id, -32600, &why);
                        self.write_text(&with_raw_id(&m, raw_id(&self.buf).as_deref()))?;
                    }
                },
                Err(e) => {
                    let m = error(&Value::Null, -32700, &format!("parse error: {e}"));
                    self.write(&m)?;
                }
            }
        }
    }

    fn write(&mut self, msg: &Value) -> Result<()> {
        self.write_text(&msg.to_string())
    }

    fn write_text(&mut self, msg: &str) -> Result<()> {
        let mut line = msg.as_bytes().to_vec();
        line.push(b'\n');
        self.output.write_all(&line)?;
        self.output.flush()?;
        Ok(())
    }
}

/// 2025-06-18 and 2025-11-25 over stdio: a real request, answered in turn.
struct Live<'c, R, W> {
    conn: &'c mut StdioConn<R, W>,
    revision: Revision,
    capability: Option<Value>,
}

impl<R: BufRead, W: Write> Elicitor for Live<'_, R, W> {
    fn elicit(&mut self, params: Value) -> std::result::Result<Value, Stop> {
        only(self.elicit_all(vec![params]))
    }
    fn elicit_all(&mut self, params: Vec<Value>) -> Vec<std::result::Result<Value, Stop>> {
        let n = params.len();
        let mut ids = Vec::with_capacity(n);
        for p in params {
            self.conn.next_id += 1;
            let id = format!("elicit-{}", self.conn.next_id);
            let req =
                json!({"jsonrpc": "2.0", "id": id, "method": "elicitation/create", "params": p});
            if let Err(e) = self.conn.write(&req) {
                let why = e.to_string();
                return (0..n).map(|_| Err(Stop::Lost(why.clone()))).collect();
            }
            ids.push(id);
        }
        let mut out: Vec<Option<std::result::Result<Value, Stop>>> =
            ids.iter().map(|_| None).collect();
        while out.iter().any(Option::is_none) {
            let (msg, raw) = match self.conn.next() {
                Ok(Some(m)) => m,
                Ok(None) | Err(_) => {
                    let why = "the client closed the connection while being asked";
                    return out
                        .into_iter()
                        .map(|o| o.unwrap_or_else(|| Err(Stop::Lost(why.into()))))
                        .collect();
                }
            };
            if msg.get("method").is_none() {
                let Some(at) = msg
                    .get("id")
                    .and_then(Value::as_str)
                    .and_then(|id| ids.iter().position(|i| i == id))
                else {
                    continue;
                };
                out[at] = Some(answer_of(&msg));
                continue;
            }
            // Requests that arrive meanwhile: pings are answered, the rest
            // wait for no one (one call at a time on stdio).
            if let (Some(m), Some(rid)) = (msg.get("method").and_then(Value::as_str), msg.get("id"))
            {
                let reply = if m == "ping" {
                    result(rid, json!({}))
                } else {
                    error(
                        rid,
                        -32603,
                        "busy: a tool call is waiting for an elicitation answer",
                    )
                };
                if let Err(e) = self.conn.write_text(&with_raw_id(&reply, raw.as_deref())) {
                    let why = e.to_string();
                    return out
                        .into_iter()
                        .map(|o| o.unwrap_or_else(|| Err(Stop::Lost(why.clone()))))
                        .collect();
                }
            }
        }
        out.into_iter().flatten().collect()
    }
    fn revision(&self) -> Revision {
        self.revision
    }
    fn capability(&self) -> Option<&Value> {
        self.capability.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_sealed_and_bound_to_the_call() {
        let k = StateKey::random().unwrap();
        let args = json!({"restaurant": "Chez Nous"});
        let s = k.seal("book", &args, &[json!({"action": "decline"})]);
        assert_eq!(
            k.open(&s, "book", &args).unwrap(),
            vec![json!({"action": "decline"})]
        );
        assert!(k.open(&s, "other", &args).is_err());
        let mut forged = s.clone();
        forged.replace_range(0..1, if s.starts_with('e') { "f" } else { "e" });
        assert_eq!(
            k.open(&forged, "book", &args).unwrap_err().to_string(),
            "requestState was altered: its signature does not match"
        );
        assert_eq!(
            k.open(&forged, "book", &args).unwrap_err(),
            StateError::Altered
        );
        let other = StateKey::random().unwrap();
        assert!(other.open(&s, "book", &args).is_err(), "another run's key");
    }
}
