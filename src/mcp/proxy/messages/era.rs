//! The message loop's side of the bridge between eras (see
//! [`crate::mcp::proxy::bridge`]): learning the server's era, and what each
//! message becomes on the other side.

use super::*;
use crate::mcp::proxy::bridge::{
    self, INITIALIZE_ID, MAX_INPUTS, NotForHost, OLD_REVISION, PROBE_ID, PROBE_TIMEOUT,
};

/// What the era made of a host message.
pub(super) enum Went {
    /// Handled here: nothing more to do.
    Done,
    /// Changed in place: pass the changed message on.
    Changed,
    /// Pass it on as it came.
    AsIs,
}

/// How the server's era is being learnt.
pub(super) enum Opener {
    /// A 2025 host's `initialize` went to the server; if refused, the
    /// proxy's `server/discover` follows (`probe_from` is where its records
    /// start, just after the refusal).
    Initialize {
        id: Value,
        probe_from: Option<usize>,
    },
    /// A 2026-07-28 host's first request waits while a `server/discover`
    /// (the host's own when that was its first request, else the proxy's)
    /// finds out whether the server speaks its era.
    Modern {
        env: Map<String, Value>,
        /// The probe's id, as JSON text.
        probe: String,
        /// The host's id, when the probe is the host's own.
        host: Option<Value>,
    },
    /// The server does not: the proxy's `initialize` is on its way.
    Initializing,
}

/// What waits while the server's era is being learnt.
pub(super) struct Held {
    pub(super) opener: Opener,
    /// The host's messages, in order.
    pub(super) lines: Vec<Vec<u8>>,
    /// The server's side of the conversation so far, not recorded yet:
    /// whether the refused handshake or the probe is kept depends on the era.
    pub(super) records: Vec<(Direction, Vec<u8>)>,
    /// When the server's answer to the probe is given up on.
    pub(super) deadline: Option<Instant>,
}

/// A 2025 server's questions parked until a 2026-07-28 host retries.
pub(super) struct Parked {
    /// The host request (by the id the server knows it under).
    pub(super) upstream: String,
    /// When its state was sealed: past the state's lifetime no retry can
    /// open it.
    pub(super) since: Instant,
    /// Each question: its `inputRequests` key, the server's request id,
    /// and the input request as the host got it.
    pub(super) questions: Vec<(String, Value, Value)>,
}

/// Whether `id` is the id written as the JSON text `text`.
pub(super) fn id_is(id: &Value, text: &str) -> bool {
    serde_json::to_string(id).is_ok_and(|t| t == text)
}

impl<H: HostSide, S: ServerSide> Proxy<H, S> {
    fn proxy_may_answer(&self) -> bool {
        self.opts.answer != AnswerMode::Never
    }

    /// A host message while the eras are not the same or not known.
    pub(super) fn era_host_message(
        &mut self,
        msg: &mut Map<String, Value>,
        line: &[u8],
    ) -> Result<Went> {
        let method = msg
            .get("method")
            .and_then(Value::as_str)
            .map(str::to_string);
        let id = msg.get("id").cloned();
        match self.era {
            Era::Same => Ok(Went::AsIs),
            Era::Unknown => match (method.as_deref(), id) {
                (Some("initialize"), Some(id)) => {
                    // A 2025 host: its handshake goes to the server, whose
                    // answer says whether it speaks the host's era.
                    self.host_init = msg.get("params").and_then(Value::as_object).cloned();
                    self.held = Some(Held {
                        opener: Opener::Initialize {
                            id,
                            probe_from: None,
                        },
                        lines: Vec::new(),
                        records: Vec::new(),
                        deadline: None,
                    });
                    Ok(Went::AsIs)
                }
                (Some(method), Some(id)) if bridge::is_modern(msg) => {
                    // A 2026-07-28 host: does the server speak it?
                    let mut env = msg
                        .get("params")
                        .and_then(|p| p.get("_meta"))
                        .and_then(Value::as_object)
                        .cloned()
                        .unwrap_or_default();
                    env.retain(|k, _| k.starts_with("io.modelcontextprotocol/"));
                    let own = method == "server/discover";
                    self.held = Some(Held {
                        opener: Opener::Modern {
                            env: env.clone(),
                            probe: if own {
                                id.to_string()
                            } else {
                                Value::String(PROBE_ID.into()).to_string()
                            },
                            host: own.then(|| id.clone()),
                        },
                        lines: if own { Vec::new() } else { vec![line.to_vec()] },
                        records: Vec::new(),
                        deadline: Some(Instant::now() + PROBE_TIMEOUT),
                    });
                    if own {
                        // The host's own `server/discover` is the probe.
                        return Ok(Went::AsIs);
                    }
                    let mut probe_env = env;
                    if self.proxy_may_answer()
                        && let Some(c) = probe_env
                            .get_mut(CLIENT_CAPABILITIES_META)
                            .and_then(Value::as_object_mut)
                    {
                        c.insert("elicitation".into(), json!({"form": {}, "url": {}}));
                    }
                    let probe = bridge::probe(&probe_env).to_string();
                    self.send_server(probe.as_bytes())?;
                    Ok(Went::Done)
                }
                _ => Ok(Went::AsIs),
            },
            Era::OldHost => match (method.as_deref(), id) {
                (None, Some(id)) => {
                    let Some((host, key)) = self.asked_host.remove(&id.to_string()) else {
                        return Ok(Went::AsIs);
                    };
                    self.host_answered(&host, &key, msg)?;
                    Ok(Went::Done)
                }
                // 2026-07-28 has no handshake and no `ping`.
                (Some("notifications/initialized"), None) => Ok(Went::Done),
                (Some("ping"), Some(id)) => {
                    let pong = json!({"jsonrpc": "2.0", "id": id, "result": {}});
                    self.send_host(pong.to_string().as_bytes())?;
                    Ok(Went::Done)
                }
                (Some(_), Some(_)) => {
                    bridge::add_envelope(msg, &self.envelope);
                    Ok(Went::Changed)
                }
                _ => Ok(Went::AsIs),
            },
            Era::NewHost => match (method.as_deref(), id) {
                (Some("server/discover"), Some(id)) => {
                    let result =
                        bridge::discover_result(self.server_init.as_ref().unwrap_or(&Value::Null));
                    let reply = json!({"jsonrpc": "2.0", "id": id, "result": result});
                    self.send_host(reply.to_string().as_bytes())?;
                    Ok(Went::Done)
                }
                (Some(_), Some(id))
                    if msg.get("params").is_some_and(|p| {
                        p.get("requestState").is_some() || p.get("inputResponses").is_some()
                    }) =>
                {
                    self.host_retry(id, msg)?;
                    Ok(Went::Done)
                }
                (Some(_), Some(_)) => {
                    let env = bridge::strip_envelope(msg);
                    self.pending_modes = Some(bridge::envelope_modes(&env));
                    self.pending_caps = env
                        .get(CLIENT_CAPABILITIES_META)
                        .cloned()
                        .unwrap_or(Value::Null);
                    Ok(Went::Changed)
                }
                (Some(_), None) => {
                    bridge::strip_envelope(msg);
                    Ok(Went::Changed)
                }
                _ => Ok(Went::AsIs),
            },
        }
    }

    /// A server message while the eras are not the same or not known;
    /// `true` when handled here.
    pub(super) fn era_server_message(
        &mut self,
        msg: &Map<String, Value>,
        line: &[u8],
    ) -> Result<bool> {
        let id = msg.get("id").map(Value::to_string);
        let is_response = msg.get("method").is_none();
        let probe_id = match self.held.as_ref().map(|h| &h.opener) {
            Some(Opener::Modern { probe, .. }) => probe.clone(),
            _ => Value::String(PROBE_ID.into()).to_string(),
        };
        let init_id = Value::String(INITIALIZE_ID.into()).to_string();
        // A 2025 server over HTTP may refuse a request outside a session
        // with an error of no id: while the probe waits, that is its answer.
        let probing = matches!(
            self.held.as_ref().map(|h| &h.opener),
            Some(Opener::Modern { .. })
        ) || matches!(
            self.held.as_ref().map(|h| &h.opener),
            Some(Opener::Initialize {
                probe_from: Some(_),
                ..
            })
        );
        let unaddressed =
            is_response && msg.get("error").is_some() && msg.get("id").is_none_or(Value::is_null);
        if (is_response && id.as_deref() == Some(probe_id.as_str())) || (probing && unaddressed) {
            if self.held.is_none() {
                // Given up on already.
                return Ok(true);
            }
            let discover = msg
                .get("result")
                .filter(|r| bridge::speaks_2026(r))
                .cloned();
            self.probe_answered(discover, line)?;
            return Ok(true);
        }
        if is_response && id.as_deref() == Some(init_id.as_str()) {
            self.initialized(msg, line)?;
            return Ok(true);
        }
        if let (true, Some(id), Some(h)) = (is_response, &id, &mut self.held)
            && let Opener::Initialize {
                id: init,
                probe_from,
            } = &mut h.opener
            && id_is(init, id)
        {
            if msg.get("error").is_some() {
                // Refused: a 2026-07-28 server, perhaps. Ask it. (The
                // refusal is kept whether or not there is a recording: the
                // host hears it if the server is not one.)
                h.records.push((Direction::ServerToClient, line.to_vec()));
                *probe_from = Some(h.records.len());
                h.deadline = Some(Instant::now() + PROBE_TIMEOUT);
                let init = self.host_init.clone().unwrap_or_default();
                let env = bridge::envelope(&init, self.proxy_may_answer());
                let probe = bridge::probe(&env).to_string();
                self.send_server(probe.as_bytes())?;
                return Ok(true);
            }
            // The same era: everything held goes on as it is.
            self.era = Era::Same;
            let h = self.held.take().expect("held");
            for (d, raw) in h.records {
                self.record(d, &raw)?;
            }
            self.server_message_as_is(Ok(Value::Object(msg.clone())), line.to_vec())?;
            return self.release(h.lines).map(|()| true);
        }
        if self.held.is_some() {
            return Ok(false);
        }
        match self.era {
            Era::NewHost => {
                let method = msg.get("method").and_then(Value::as_str);
                if let (Some(m), Some(id)) = (method, msg.get("id")) {
                    match m {
                        // 2026-07-28 has no `ping`: the proxy answers.
                        "ping" => {
                            self.record(Direction::ServerToClient, line)?;
                            let pong = json!({"jsonrpc": "2.0", "id": id, "result": {}});
                            self.send_server(pong.to_string().as_bytes())?;
                            return Ok(true);
                        }
                        // What 2026-07-28 asks as an input request too.
                        "sampling/createMessage" | "roots/list" => {
                            self.record(Direction::ServerToClient, line)?;
                            let (id, m) = (id.clone(), m.to_string());
                            self.park_request(id, &m, msg)?;
                            return Ok(true);
                        }
                        _ => {}
                    }
                }
                if method == Some("notifications/elicitation/complete") {
                    // 2026-07-28 has no such notification.
                    self.record(Direction::ServerToClient, line)?;
                    return Ok(true);
                }
                if is_response
                    && let Some(id) = &id
                    && self.open.get(id).is_some_and(|r| r.parked.is_some())
                {
                    // The call ended while the host had not retried yet:
                    // the result waits for the retry.
                    self.record(Direction::ServerToClient, line)?;
                    if let Some(r) = self.open.get_mut(id) {
                        r.held_result = Some(msg.clone());
                    }
                    return Ok(true);
                }
                Ok(false)
            }
            _ => Ok(false),
        }
    }

    /// The server never answered the proxy's `server/discover`: it does
    /// not speak 2026-07-28.
    pub(super) fn probe_unanswered(&mut self) -> Result<()> {
        self.note(&format!(
            "the server did not answer `server/discover` within {} s; taken to speak 2025 revisions only",
            PROBE_TIMEOUT.as_secs()
        ));
        self.probe_answered(None, b"")
    }

    /// The server answered the proxy's `server/discover` (`discover` is its
    /// result when it speaks 2026-07-28).
    fn probe_answered(&mut self, discover: Option<Value>, line: &[u8]) -> Result<()> {
        let Some(mut h) = self.held.take() else {
            return Ok(());
        };
        h.deadline = None;
        match (h.opener, discover) {
            (Opener::Initialize { id, probe_from, .. }, Some(discover)) => {
                // A 2025 host, a 2026-07-28 server: bridge. The refused
                // handshake is not the server's conversation; the probe is.
                let init = self.host_init.clone().unwrap_or_default();
                let host_rev = bridge::host_revision(&init);
                self.era = Era::OldHost;
                self.host_rev = Some(host_rev);
                self.rev = Some(Revision::V2026_07_28);
                self.server
                    .negotiated(Revision::V2026_07_28.as_str(), false);
                self.envelope = bridge::envelope(&init, self.proxy_may_answer());
                learn_server(&discover, &mut None, &mut self.server_name);
                if let Some(info) = discover
                    .get("_meta")
                    .and_then(|m| m.get("io.modelcontextprotocol/serverInfo"))
                    && self.server_name.is_none()
                {
                    self.server_name = info
                        .get("title")
                        .or_else(|| info.get("name"))
                        .and_then(Value::as_str)
                        .map(str::to_string);
                }
                for (d, raw) in h.records.split_off(probe_from.unwrap_or(0)) {
                    self.record(d, &raw)?;
                }
                self.record(Direction::ServerToClient, line)?;
                self.synced();
                self.note(&format!(
                    "the server speaks 2026-07-28 only; the proxy bridges the host's {} to it",
                    host_rev.as_str()
                ));
                self.open.remove(&id.to_string());
                let result = bridge::initialize_result(&discover, host_rev);
                let reply = json!({"jsonrpc": "2.0", "id": id, "result": result});
                self.send_host(reply.to_string().as_bytes())?;
                self.release(h.lines)
            }
            (Opener::Initialize { probe_from, .. }, None) => {
                // Not a 2026-07-28 server either: the host hears the refusal.
                self.era = Era::Same;
                h.records.truncate(probe_from.unwrap_or(h.records.len()));
                let refusal = h.records.pop();
                for (d, raw) in h.records {
                    self.record(d, &raw)?;
                }
                if let Some((_, refused)) = refusal {
                    let parsed = serde_json::from_slice::<Value>(&refused);
                    self.server_message_as_is(parsed, refused)?;
                }
                self.release(h.lines)
            }
            (Opener::Modern { host, .. }, Some(_)) => {
                // The server speaks the host's era: nothing to bridge.
                self.era = Era::Same;
                for (d, raw) in h.records {
                    self.record(d, &raw)?;
                }
                if host.is_some() {
                    // The host's own `server/discover`: its answer is the host's.
                    let parsed = serde_json::from_slice::<Value>(line);
                    self.server_message_as_is(parsed, line.to_vec())?;
                } else {
                    self.record(Direction::ServerToClient, line)?;
                }
                self.release(h.lines)
            }
            (Opener::Modern { env, host, .. }, None) => {
                // A 2026-07-28 host, a 2025 server: the proxy makes the
                // handshake the server expects.
                self.era = Era::NewHost;
                self.rev = Some(OLD_REVISION);
                self.note(&format!(
                    "the server does not speak 2026-07-28; the proxy bridges the host to its {}",
                    OLD_REVISION.as_str()
                ));
                let mut lines = h.lines;
                if let Some(id) = host {
                    // The host's own `server/discover` is answered once the
                    // server's handshake is done.
                    self.open.remove(&id.to_string());
                    let again = json!({"jsonrpc": "2.0", "id": id, "method": "server/discover", "params": {"_meta": env}});
                    lines.insert(0, again.to_string().into_bytes());
                }
                self.held = Some(Held {
                    opener: Opener::Initializing,
                    lines,
                    records: Vec::new(),
                    deadline: None,
                });
                let init = bridge::initialize_request(&env, self.proxy_may_answer());
                if let Some(p) = init.get("params").and_then(|p| p.get("capabilities")) {
                    self.host_modes = Some(Modes::of(p.get("elicitation")));
                }
                self.send_server(init.to_string().as_bytes())
            }
            (Opener::Initializing, _) => Ok(()),
        }
    }

    /// The answer to the proxy's `initialize` of a 2025 server.
    fn initialized(&mut self, msg: &Map<String, Value>, line: &[u8]) -> Result<()> {
        let Some(h) = self.held.take() else {
            return Ok(());
        };
        for (d, raw) in h.records {
            self.record(d, &raw)?;
        }
        self.record(Direction::ServerToClient, line)?;
        if let Some(result) = msg.get("result") {
            self.learn_server(result);
            self.rev = Some(OLD_REVISION);
            self.server_init = Some(result.clone());
            let version = result
                .get("protocolVersion")
                .and_then(Value::as_str)
                .unwrap_or(OLD_REVISION.as_str())
                .to_string();
            let done = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
            self.send_server(done.to_string().as_bytes())?;
            self.server.negotiated(&version, true);
            self.synced();
            return self.release(h.lines);
        }
        // Neither era: each request of the host's is answered so.
        let why = msg
            .get("error")
            .and_then(|e| e.get("message"))
            .and_then(Value::as_str)
            .unwrap_or("no reason given");
        let why = format!(
            "the server answers neither `server/discover` (2026-07-28) nor `initialize` ({}): {}",
            OLD_REVISION.as_str(),
            sanitize::line(why)
        );
        self.note(&why);
        self.era = Era::Same;
        for line in h.lines {
            if let Ok(v) = serde_json::from_slice::<Value>(&line)
                && let Some(id) = v.get("id").filter(|_| v.get("method").is_some())
            {
                let e = error(id, -32603, &format!("{why} (mcp-elicit proxy)"));
                self.send_host(e.to_string().as_bytes())?;
            }
        }
        Ok(())
    }

    /// Passes on the host's messages held while the era was learnt.
    fn release(&mut self, lines: Vec<Vec<u8>>) -> Result<()> {
        for line in lines {
            self.host_message(line)?;
        }
        Ok(())
    }

    /// The upstream id of a bridged host request now known to the host
    /// by `host_id` (its retry's id), for a `notifications/cancelled`.
    pub(super) fn upstream_of(&self, host_id: &str) -> Option<String> {
        self.open
            .iter()
            .find(|(k, r)| r.bridged.is_some() && id_is(&r.id, host_id) && *k != host_id)
            .map(|(k, _)| k.clone())
    }

    // ------------------------------------------- a 2025 host, a 2026 server

    /// An `InputRequiredResult` for a 2025 host's request `host`: each
    /// elicitation goes to the host as an `elicitation/create` in its
    /// revision (or to the proxy's answerer, when the host cannot take it),
    /// sampling and roots to the host when it declared them; the answers
    /// make the retry.
    pub(super) fn bridge_input_required(&mut self, host: &str, raw: &str) -> Result<()> {
        let value: Value = serde_json::from_str(raw)?;
        let requests = value
            .get("result")
            .and_then(|r| r.get("inputRequests"))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let state = request_state(raw);
        if requests.len() > MAX_INPUTS {
            let why = format!(
                "the server asks {} inputs at once; the proxy bridges at most {MAX_INPUTS}",
                requests.len()
            );
            self.note(&why);
            let req = self.open.remove(host).expect("open");
            let e = error(&req.id, -32603, &format!("{why} (mcp-elicit proxy)"));
            return self.send_host(e.to_string().as_bytes());
        }
        let modes = self.host_modes.unwrap_or_default();
        let host_rev = self.host_rev.unwrap_or(OLD_REVISION);
        let declared = self
            .host_init
            .as_ref()
            .and_then(|i| i.get("capabilities"))
            .cloned()
            .unwrap_or(Value::Null);
        // Where each goes, decided before anything is asked: one that
        // nobody can answer fails the call at once.
        enum Route {
            Proxy(Value, Option<String>),
            Host(&'static str, Value),
        }
        let mut routes = Vec::new();
        for (key, r) in &requests {
            let method = r.get("method").and_then(Value::as_str).unwrap_or("");
            let params = r.get("params").cloned().unwrap_or(Value::Null);
            let route = match method {
                "elicitation/create" => {
                    let mode = params
                        .get("mode")
                        .and_then(Value::as_str)
                        .unwrap_or("form")
                        .to_string();
                    if proxy_answers(self.opts.answer, modes, &mode) {
                        Ok(Route::Proxy(params, None))
                    } else {
                        self.next_ask += 1;
                        match bridge::for_old_host(&params, host_rev, modes, self.next_ask) {
                            Ok((p, dropped)) => {
                                for d in dropped {
                                    self.note(&format!(
                                        "input `{}` for the host's {}: dropped {d}",
                                        sanitize::line(key),
                                        host_rev.as_str()
                                    ));
                                }
                                Ok(Route::Host("elicitation/create", p))
                            }
                            Err(NotForHost(why)) if self.proxy_may_answer() => {
                                Ok(Route::Proxy(params, Some(why)))
                            }
                            Err(NotForHost(why)) => Err(format!(
                                "the server asks input `{}`, which the host cannot take ({why}) and the proxy was told not to answer",
                                sanitize::line(key)
                            )),
                        }
                    }
                }
                "sampling/createMessage" if declared.get("sampling").is_some() => {
                    Ok(Route::Host("sampling/createMessage", params))
                }
                "roots/list" if declared.get("roots").is_some() => {
                    Ok(Route::Host("roots/list", params))
                }
                other => Err(format!(
                    "the server asks `{}` as input `{}`, which the host did not declare and the proxy does not serve",
                    sanitize::line(other),
                    sanitize::line(key)
                )),
            };
            match route {
                Ok(r) => routes.push((key.clone(), r)),
                Err(why) => {
                    self.note(&why);
                    let req = self.open.remove(host).expect("open");
                    let e = error(&req.id, -32603, &format!("{why} (mcp-elicit proxy)"));
                    return self.send_host(e.to_string().as_bytes());
                }
            }
        }
        // (Answers come back through the loop, after this.)
        let waiting = routes.len();
        for (key, route) in routes {
            let at = crate::json::pointer_push("/result/inputRequests", &key);
            match route {
                Route::Proxy(params, why) => {
                    let (mut notes, blocked) =
                        self.lint_one(raw, &format!("{at}/params"), &params, Some(&key), true);
                    if let Some(why) = why {
                        notes.push(format!("the host cannot take it: {why}"));
                    }
                    self.submit(
                        Waiting::Input {
                            host: host.to_string(),
                            key: key.clone(),
                        },
                        params,
                        Some(key),
                        notes,
                        blocked,
                    );
                }
                Route::Host(method, params) => {
                    if method == "elicitation/create" {
                        let original = requests[&key].get("params").cloned().unwrap_or(Value::Null);
                        self.lint_one(raw, &format!("{at}/params"), &original, Some(&key), false);
                    }
                    let ask = format!("mcp-elicit-bridge-{}", self.next_ask + 1);
                    self.next_ask += 1;
                    self.asked_host.insert(
                        Value::String(ask.clone()).to_string(),
                        (host.to_string(), key.clone()),
                    );
                    let msg =
                        json!({"jsonrpc": "2.0", "id": ask, "method": method, "params": params});
                    self.send_host_about(msg.to_string().as_bytes(), host)?;
                }
            }
        }
        self.open_round(host, state, waiting)
    }

    /// The host answered a question put to it for a 2026-07-28 server.
    fn host_answered(&mut self, host: &str, key: &str, msg: &Map<String, Value>) -> Result<()> {
        let Some(round) = self.rounds.get_mut(host) else {
            return Ok(());
        };
        round.waiting = round.waiting.saturating_sub(1);
        let said = match (msg.get("result"), msg.get("error")) {
            (Some(result), _) => {
                round.responses.insert(key.to_string(), result.clone());
                format!(
                    "the host answered input `{}`{}",
                    sanitize::line(key),
                    result
                        .get("action")
                        .and_then(Value::as_str)
                        .map(|a| format!(" {}", sanitize::line(a)))
                        .unwrap_or_default()
                )
            }
            (None, error) => {
                let why = error
                    .and_then(|e| e.get("message"))
                    .and_then(Value::as_str)
                    .unwrap_or("no reason given");
                let said = format!(
                    "the host refused input `{}`: {}",
                    sanitize::line(key),
                    sanitize::line(why)
                );
                round.failed = Some(said.clone());
                said
            }
        };
        let done = round.waiting == 0;
        self.note(&said);
        if done {
            self.retry(host)?;
        }
        Ok(())
    }

    // ------------------------------------------- a 2026 host, a 2025 server

    /// A 2025 server's `elicitation/create` for a 2026-07-28 host: the
    /// proxy answers it (as for any host that cannot), or the host's call
    /// is answered with an `InputRequiredResult` and the question waits
    /// for the retry.
    pub(super) fn park_elicitation(
        &mut self,
        id: Value,
        msg: &Map<String, Value>,
        raw: &[u8],
    ) -> Result<()> {
        let params = msg.get("params").cloned().unwrap_or(Value::Null);
        let mode = params
            .get("mode")
            .and_then(Value::as_str)
            .unwrap_or("form")
            .to_string();
        // The call it is for, as far as stdio tells: the latest open one.
        let call = self.latest_bridged_call();
        let text = String::from_utf8_lossy(raw).into_owned();
        let host_takes = call
            .as_ref()
            .is_some_and(|(_, modes)| !proxy_answers(self.opts.answer, *modes, &mode));
        let (notes, blocked) = self.lint_one(&text, "/params", &params, None, !host_takes);
        let Some((upstream, _)) = call.filter(|_| host_takes) else {
            if self.proxy_may_answer() {
                self.submit(
                    Waiting::Server { id, for_host: None },
                    params,
                    None,
                    notes,
                    blocked,
                );
                return Ok(());
            }
            let e = error(
                &id,
                -32603,
                "no open request of the host can carry this elicitation (mcp-elicit proxy)",
            );
            return self.send_server(e.to_string().as_bytes());
        };
        self.next_ask += 1;
        let key = format!("elicitation-{}", self.next_ask);
        let request =
            json!({"method": "elicitation/create", "params": bridge::for_new_host(&params)});
        self.park(&upstream, key, id, request)
    }

    /// A 2025 server's sampling or roots request during a call of a
    /// 2026-07-28 host: an input request of the host's call when the host
    /// declared the capability, else refused to the server in plain words.
    fn park_request(&mut self, id: Value, method: &str, msg: &Map<String, Value>) -> Result<()> {
        let capability = if method == "roots/list" {
            "roots"
        } else {
            "sampling"
        };
        let call = self.latest_bridged_call();
        let Some((upstream, _)) = call.filter(|(k, _)| {
            self.open
                .get(k)
                .is_some_and(|r| r.declared.get(capability).is_some())
        }) else {
            let why = format!(
                "the server asks `{method}`, which the host did not declare ({capability}) for the call it is in"
            );
            self.note(&why);
            let e = error(&id, -32601, &format!("{why} (mcp-elicit proxy)"));
            return self.send_server(e.to_string().as_bytes());
        };
        self.next_ask += 1;
        let key = format!("{capability}-{}", self.next_ask);
        let mut request = json!({"method": method});
        if let Some(p) = msg.get("params") {
            request["params"] = p.clone();
        }
        self.park(&upstream, key, id, request)
    }

    /// The latest open call of a 2026-07-28 host to a 2025 server, and the
    /// modes it declared: as far as stdio tells, the one a server's request
    /// belongs to.
    fn latest_bridged_call(&self) -> Option<(String, Modes)> {
        self.open
            .iter()
            .filter(|(_, r)| {
                r.bridged.is_some()
                    && crate::session::exchanges::CALL_METHODS.contains(&r.method.as_str())
            })
            .max_by_key(|(_, r)| r.opened)
            .map(|(k, r)| (k.clone(), r.bridged.unwrap_or_default()))
    }

    /// Puts the server's request `id` to the host's call `upstream` as
    /// input request `key`: in the `InputRequiredResult` the host is given
    /// now, or with the questions already waiting for its retry.
    fn park(&mut self, upstream: &str, key: String, id: Value, request: Value) -> Result<()> {
        let upstream = upstream.to_string();
        self.sweep_parked()?;
        let parked = self.open.get(&upstream).and_then(|r| r.parked);
        match parked.and_then(|t| self.parked.get_mut(&t)) {
            // Asked while the host has not retried yet: it joins the
            // questions the retry answers, and is asked again if the
            // retry does not answer it.
            Some(p) if p.questions.len() < MAX_INPUTS => {
                p.questions.push((key, id, request));
                Ok(())
            }
            Some(_) => {
                let why = format!(
                    "the server asked more than {MAX_INPUTS} questions in one call before the host answered any; this one is refused"
                );
                self.note(&why);
                let e = error(&id, -32603, &format!("{why} (mcp-elicit proxy)"));
                self.send_server(e.to_string().as_bytes())
            }
            None if self.open.contains_key(&upstream) => {
                self.ask_new_host(&upstream, vec![(key, id, request)])
            }
            None => {
                let e = error(
                    &id,
                    -32603,
                    "the host request this question belongs to is closed (mcp-elicit proxy)",
                );
                self.send_server(e.to_string().as_bytes())
            }
        }
    }

    /// Gives up the questions whose state has outlived its lifetime (no
    /// retry can open it): the server hears that no answer will come, and
    /// the call is closed.
    fn sweep_parked(&mut self) -> Result<()> {
        let lifetime = self.opts.state_lifetime;
        let stale: Vec<u64> = self
            .parked
            .iter()
            .filter(|(_, p)| p.since.elapsed() > lifetime)
            .map(|(t, _)| *t)
            .collect();
        for t in stale {
            let Some(p) = self.parked.remove(&t) else {
                continue;
            };
            self.open.remove(&p.upstream);
            for (_, server_id, _) in p.questions {
                let e = error(
                    &server_id,
                    -32603,
                    &format!(
                        "the host did not come back with an answer within {} s (mcp-elicit proxy)",
                        lifetime.as_secs()
                    ),
                );
                self.send_server(e.to_string().as_bytes())?;
            }
        }
        Ok(())
    }

    /// Answers the host request `upstream` with an `InputRequiredResult`
    /// of `questions`, sealed.
    fn ask_new_host(
        &mut self,
        upstream: &str,
        questions: Vec<(String, Value, Value)>,
    ) -> Result<()> {
        self.next_ticket += 1;
        let ticket = self.next_ticket;
        let state = self.sealer.seal(ticket);
        let Some(req) = self.open.get_mut(upstream) else {
            return Ok(());
        };
        req.parked = Some(ticket);
        let host_id = req.id.clone();
        let inputs: Map<String, Value> = questions
            .iter()
            .map(|(k, _, r)| (k.clone(), r.clone()))
            .collect();
        self.parked.insert(
            ticket,
            Parked {
                upstream: upstream.to_string(),
                since: Instant::now(),
                questions,
            },
        );
        let msg = json!({"jsonrpc": "2.0", "id": host_id, "result": {
            "resultType": "input_required",
            "inputRequests": inputs,
            "requestState": state,
        }});
        self.send_host(msg.to_string().as_bytes())
    }

    /// A 2026-07-28 host's retry: its `requestState` checked, its answers
    /// to the server's pending requests, and the call goes on under the
    /// retry's id.
    fn host_retry(&mut self, id: Value, msg: &Map<String, Value>) -> Result<()> {
        let params = msg.get("params");
        let refuse = |this: &mut Self, why: String| -> Result<()> {
            this.note(&format!("refused a retry: {why}"));
            let e = error(&id, crate::mcp::server::codes::INVALID_PARAMS, &why);
            this.send_host(e.to_string().as_bytes())
        };
        let Some(state) = params
            .and_then(|p| p.get("requestState"))
            .and_then(Value::as_str)
        else {
            return refuse(
                self,
                "a retry carries the requestState it was given; this one has none".into(),
            );
        };
        let ticket = match self.sealer.open(state) {
            Ok(t) => t,
            Err(why) => return refuse(self, why.to_string()),
        };
        let Some(parked) = self.parked.remove(&ticket) else {
            return refuse(self, bridge::Refusal::Spent.to_string());
        };
        let responses = params
            .and_then(|p| p.get("inputResponses"))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let mut unanswered = Vec::new();
        for (key, server_id, request) in parked.questions {
            match responses.get(&key).filter(|a| a.is_object()) {
                Some(answer) => {
                    let reply = json!({"jsonrpc": "2.0", "id": server_id, "result": answer});
                    self.send_server(reply.to_string().as_bytes())?;
                }
                None => unanswered.push((key, server_id, request)),
            }
        }
        self.synced();
        let Some(req) = self.open.get_mut(&parked.upstream) else {
            return Ok(());
        };
        // The call is the host's under the retry's id from now on.
        req.id = id;
        req.parked = None;
        req.since = Instant::now();
        if !unanswered.is_empty() {
            let upstream = parked.upstream.clone();
            return self.ask_new_host(&upstream, unanswered);
        }
        if let Some(result) = req.held_result.take()
            && let Some(req) = self.open.remove(&parked.upstream)
        {
            return self.final_to_host(req, result);
        }
        Ok(())
    }
}
