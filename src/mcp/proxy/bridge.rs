//! The bridge between the two eras of elicitation, for a proxy whose host
//! and server do not speak the same one.
//!
//! - A 2025 host (an `initialize` handshake, `elicitation/create` requests
//!   to the client) in front of a 2026-07-28 server (per-request `_meta`,
//!   `InputRequiredResult` and retries): the proxy answers the host's
//!   `initialize` from the server's `server/discover`, puts the 2026
//!   envelope on each request, and turns each elicitation of an
//!   `InputRequiredResult` into an `elicitation/create` to the host, in the
//!   host's revision.
//! - A 2026-07-28 host in front of a 2025 server: the proxy makes the
//!   `initialize` handshake itself, answers `server/discover` from it, and
//!   turns each `elicitation/create` of the server during a call into an
//!   `InputRequiredResult` to the host, with a `requestState` it seals and
//!   checks on the retry.
//!
//! Everything here is what both transports share: the messages, what a
//! request becomes in the other era, and the sealed state.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value, json};

use crate::document::{CLIENT_CAPABILITIES_META, CLIENT_INFO_META, PROTOCOL_VERSION_META};
use crate::mcp::proxy::Modes;
use crate::mcp::server::{StateError, StateKey};
use crate::spec::{Revision, UrlMode};

/// Whether the proxy bridges a host and a server of different eras.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Bridge {
    /// Bridge when the two sides' revisions differ: the server refuses the
    /// host's `initialize` but answers `server/discover`, or a 2026-07-28
    /// host is in front of a server that does not answer `server/discover`.
    #[default]
    Auto,
    /// Never: each message passes on in the era it was written in.
    Off,
}

/// Which era each side speaks, as far as known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Era {
    /// Not known yet: nothing, or only the opening request, has been seen.
    Unknown,
    /// Both sides speak the same era (or the bridge is off).
    Same,
    /// A 2025 host in front of a 2026-07-28 server.
    OldHost,
    /// A 2026-07-28 host in front of a 2025 server.
    NewHost,
}

/// The id of the proxy's own `server/discover`, sent to learn the server's era.
pub(crate) const PROBE_ID: &str = "mcp-elicit-proxy-discover";
/// The id of the proxy's own `initialize`, for a 2025 server behind a 2026 host.
pub(crate) const INITIALIZE_ID: &str = "mcp-elicit-proxy-initialize";
/// How long the server has to answer the proxy's `server/discover`.
pub(crate) const PROBE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a `requestState` the proxy sealed stays good, unless told.
pub const STATE_LIFETIME: Duration = Duration::from_secs(600);

/// The questions one round may hold: what one `InputRequiredResult` asks,
/// or what a 2025 server asks during one call before the host has answered.
pub(crate) const MAX_INPUTS: usize = 32;

/// The revision the proxy speaks to a 2025 server for a 2026-07-28 host.
pub(crate) const OLD_REVISION: Revision = Revision::V2025_11_25;

/// The 2026-07-28 `_meta` envelope for a 2025 host's requests: its
/// `initialize` params' capabilities (the elicitation modes the proxy takes
/// added, unless it never answers) and client info.
pub(crate) fn envelope(
    init_params: &Map<String, Value>,
    proxy_answers: bool,
) -> Map<String, Value> {
    let mut caps = init_params
        .get("capabilities")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let declared = Modes::of(caps.get("elicitation"));
    let modes = if proxy_answers {
        Modes {
            form: true,
            url: true,
        }
    } else {
        declared
    };
    if modes.form || modes.url {
        let mut e = Map::new();
        if modes.form {
            e.insert("form".into(), json!({}));
        }
        if modes.url {
            e.insert("url".into(), json!({}));
        }
        caps.insert("elicitation".into(), Value::Object(e));
    } else {
        caps.remove("elicitation");
    }
    let mut env = Map::new();
    env.insert(
        PROTOCOL_VERSION_META.into(),
        json!(Revision::V2026_07_28.as_str()),
    );
    env.insert(CLIENT_CAPABILITIES_META.into(), Value::Object(caps));
    if let Some(info) = init_params.get("clientInfo") {
        env.insert(CLIENT_INFO_META.into(), info.clone());
    }
    env
}

/// Whether a message carries the 2026-07-28 envelope.
pub(crate) fn is_modern(msg: &Map<String, Value>) -> bool {
    msg.get("params")
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get(PROTOCOL_VERSION_META))
        .and_then(Value::as_str)
        == Some(Revision::V2026_07_28.as_str())
}

/// Puts `env` into a request's `params._meta` (keys already there win).
pub(crate) fn add_envelope(msg: &mut Map<String, Value>, env: &Map<String, Value>) {
    let params = msg.entry("params").or_insert_with(|| json!({}));
    if !params.is_object() {
        *params = json!({});
    }
    let Some(p) = params.as_object_mut() else {
        return;
    };
    let meta = p.entry("_meta").or_insert_with(|| json!({}));
    if !meta.is_object() {
        *meta = json!({});
    }
    if let Some(m) = meta.as_object_mut() {
        for (k, v) in env {
            m.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
}

/// Takes the 2026-07-28 envelope out of a request (a 2025 server refuses
/// requests that carry it), returning it; an emptied `_meta` goes too.
pub(crate) fn strip_envelope(msg: &mut Map<String, Value>) -> Map<String, Value> {
    let mut env = Map::new();
    let Some(p) = msg.get_mut("params").and_then(Value::as_object_mut) else {
        return env;
    };
    if let Some(meta) = p.get_mut("_meta").and_then(Value::as_object_mut) {
        for k in [
            PROTOCOL_VERSION_META,
            CLIENT_CAPABILITIES_META,
            CLIENT_INFO_META,
        ] {
            if let Some(v) = meta.remove(k) {
                env.insert(k.into(), v);
            }
        }
        if meta.is_empty() {
            p.remove("_meta");
        }
    }
    env
}

/// The envelope's elicitation modes.
pub(crate) fn envelope_modes(env: &Map<String, Value>) -> Modes {
    Modes::of(
        env.get(CLIENT_CAPABILITIES_META)
            .and_then(|c| c.get("elicitation")),
    )
}

/// The proxy's `server/discover`, with the envelope it speaks for the host.
pub(crate) fn probe(env: &Map<String, Value>) -> Value {
    json!({"jsonrpc": "2.0", "id": PROBE_ID, "method": "server/discover", "params": {"_meta": env}})
}

/// Whether a `server/discover` result says the server speaks 2026-07-28.
pub(crate) fn speaks_2026(discover: &Value) -> bool {
    discover
        .get("supportedVersions")
        .and_then(Value::as_array)
        .is_some_and(|v| {
            v.iter()
                .any(|r| r.as_str() == Some(Revision::V2026_07_28.as_str()))
        })
}

/// The revision the proxy answers a 2025 host's `initialize` with: the one
/// it asked when it has elicitation, else 2025-11-25.
pub(crate) fn host_revision(init_params: &Map<String, Value>) -> Revision {
    init_params
        .get("protocolVersion")
        .and_then(Value::as_str)
        .and_then(Revision::from_protocol_version)
        .filter(|r| *r < Revision::V2026_07_28)
        .unwrap_or(OLD_REVISION)
}

/// The `initialize` result for a 2025 host, from a 2026-07-28 server's
/// `server/discover` result.
pub(crate) fn initialize_result(discover: &Value, host_rev: Revision) -> Value {
    let info = discover
        .get("_meta")
        .and_then(|m| m.get("io.modelcontextprotocol/serverInfo"))
        .or_else(|| discover.get("serverInfo"))
        .cloned()
        .unwrap_or_else(|| json!({"name": "mcp-server", "version": "0"}));
    let mut r = json!({
        "protocolVersion": host_rev.as_str(),
        "capabilities": discover.get("capabilities").cloned().unwrap_or_else(|| json!({})),
        "serverInfo": info,
    });
    if let Some(i) = discover.get("instructions") {
        r["instructions"] = i.clone();
    }
    r
}

/// The proxy's `initialize` for a 2025 server, speaking for a 2026-07-28
/// host whose envelope is `env`.
pub(crate) fn initialize_request(env: &Map<String, Value>, proxy_answers: bool) -> Value {
    let mut caps = env
        .get(CLIENT_CAPABILITIES_META)
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    if proxy_answers {
        caps.insert("elicitation".into(), json!({"form": {}, "url": {}}));
    }
    let info = env.get(CLIENT_INFO_META).cloned().unwrap_or_else(
        || json!({"name": "mcp-elicit-proxy", "version": env!("CARGO_PKG_VERSION")}),
    );
    json!({"jsonrpc": "2.0", "id": INITIALIZE_ID, "method": "initialize", "params": {
        "protocolVersion": OLD_REVISION.as_str(),
        "capabilities": caps,
        "clientInfo": info,
    }})
}

/// The `server/discover` result for a 2026-07-28 host, from a 2025
/// server's `initialize` result.
pub(crate) fn discover_result(init: &Value) -> Value {
    let info = init
        .get("serverInfo")
        .cloned()
        .unwrap_or_else(|| json!({"name": "mcp-server", "version": "0"}));
    let mut r = json!({
        "resultType": "complete",
        "supportedVersions": [Revision::V2026_07_28.as_str()],
        "capabilities": init.get("capabilities").cloned().unwrap_or_else(|| json!({})),
        "cacheScope": "private",
        "ttlMs": 0,
        "_meta": {"io.modelcontextprotocol/serverInfo": info},
    });
    if let Some(i) = init.get("instructions") {
        r["instructions"] = i.clone();
    }
    r
}

/// The methods whose 2026-07-28 results carry caching hints (SEP-2549).
const CACHEABLE: [&str; 5] = [
    "tools/list",
    "prompts/list",
    "resources/list",
    "resources/templates/list",
    "resources/read",
];

/// A 2025 server's response to `method` as a 2026-07-28 host takes it: a
/// result carries its `resultType` and, where cacheable, the hints that
/// say not to share it (`private`, no lifetime): the server gave none.
pub(crate) fn complete(msg: &mut Map<String, Value>, method: &str) {
    if let Some(r) = msg.get_mut("result").and_then(Value::as_object_mut) {
        r.entry("resultType").or_insert_with(|| json!("complete"));
        if CACHEABLE.contains(&method) {
            r.entry("cacheScope").or_insert_with(|| json!("private"));
            r.entry("ttlMs").or_insert_with(|| json!(0));
        }
    }
}

/// Why a 2026-07-28 elicitation cannot go to a 2025 host as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NotForHost(pub String);

/// A 2026-07-28 elicitation's params as a 2025 host of revision `rev`
/// that declared `modes` takes them, and what had to be dropped on the way
/// (each a plain sentence); `Err` when the host cannot take it at all.
pub(crate) fn for_old_host(
    params: &Value,
    rev: Revision,
    modes: Modes,
    seq: u64,
) -> Result<(Value, Vec<String>), NotForHost> {
    let mut p = params.clone();
    let Some(obj) = p.as_object_mut() else {
        return Err(NotForHost("its params are not an object".into()));
    };
    let mode = obj
        .get("mode")
        .and_then(Value::as_str)
        .unwrap_or("form")
        .to_string();
    if !modes.has(&mode) {
        return Err(NotForHost(format!("the host did not declare {mode} mode")));
    }
    let mut dropped = Vec::new();
    if mode == "url" {
        match rev.url_mode() {
            UrlMode::Unsupported => {
                return Err(NotForHost(format!(
                    "URL mode does not exist in {}",
                    rev.as_str()
                )));
            }
            UrlMode::WithElicitationId => {
                obj.entry("elicitationId")
                    .or_insert_with(|| json!(format!("mcp-elicit-bridge-{seq}")));
            }
            UrlMode::Plain => {}
        }
        return Ok((p, dropped));
    }
    if !rev.has_modes() {
        obj.remove("mode");
    }
    let Some(schema) = obj
        .get_mut("requestedSchema")
        .and_then(Value::as_object_mut)
    else {
        return Ok((p, dropped));
    };
    if !rev.allows_root_dialect() && schema.remove("$schema").is_some() {
        dropped.push(format!("`$schema` (not in {})", rev.as_str()));
    }
    let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return Ok((p, dropped));
    };
    for (name, prop) in props.iter_mut() {
        let Some(prop) = prop.as_object_mut() else {
            continue;
        };
        let kind = prop
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        if kind == "array" && !rev.allows_multi_select() {
            return Err(NotForHost(format!(
                "`{name}` is a multi-select, which {} does not have",
                rev.as_str()
            )));
        }
        if !rev.allows_titled_single_select()
            && let Some(options) = prop.get("oneOf").and_then(Value::as_array).cloned()
        {
            let values: Vec<Value> = options
                .iter()
                .filter_map(|o| o.get("const").cloned())
                .collect();
            let names: Vec<Value> = options
                .iter()
                .map(|o| {
                    o.get("title")
                        .or_else(|| o.get("const"))
                        .cloned()
                        .unwrap_or(Value::Null)
                })
                .collect();
            prop.remove("oneOf");
            prop.insert("enum".into(), Value::Array(values));
            prop.insert("enumNames".into(), Value::Array(names));
            dropped.push(format!(
                "`{name}`'s titled options became `enum` with `enumNames` ({} has no `oneOf`)",
                rev.as_str()
            ));
        }
        if kind != "boolean"
            && !rev.allows_non_boolean_defaults()
            && prop.remove("default").is_some()
        {
            dropped.push(format!(
                "`{name}`'s `default` ({} has defaults for booleans only)",
                rev.as_str()
            ));
        }
    }
    Ok((p, dropped))
}

/// A 2025 server's `elicitation/create` params as a 2026-07-28 host takes
/// them in an `inputRequests` entry: `elicitationId` was removed.
pub(crate) fn for_new_host(params: &Value) -> Value {
    let mut p = params.clone();
    if let Some(obj) = p.as_object_mut() {
        obj.remove("elicitationId");
        obj.remove("task");
    }
    p
}

/// Why a retry's `requestState` is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Refusal {
    /// Not one the proxy sealed, or altered.
    #[error("requestState was not issued by this proxy or was altered ({0})")]
    Forged(StateError),
    /// Sealed, but older than the proxy keeps it.
    #[error("requestState expired: it was issued {0} s ago and is good for {1} s")]
    Expired(u64, u64),
    /// Already used by an earlier retry, or for a question no longer open.
    #[error("requestState was already used, or its question is no longer open")]
    Spent,
}

/// Seals the `requestState` the proxy gives a 2026-07-28 host: which of
/// its parked questions the retry answers, and when it was asked.
pub(crate) struct Sealer {
    key: StateKey,
    lifetime: Duration,
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

impl Sealer {
    pub(crate) fn new(lifetime: Duration) -> Result<Sealer, crate::mcp::server::Error> {
        Ok(Sealer {
            key: StateKey::random()?,
            lifetime,
        })
    }

    /// A state naming the parked question `ticket`.
    pub(crate) fn seal(&self, ticket: u64) -> String {
        self.key.sign(
            json!({"bridge": ticket, "at": now_ms()})
                .to_string()
                .as_bytes(),
        )
    }

    /// The ticket a state names, when it is one this proxy sealed and not
    /// expired (whether it is still open is the caller's to say).
    pub(crate) fn open(&self, state: &str) -> Result<u64, Refusal> {
        let payload = self.key.verify(state).map_err(Refusal::Forged)?;
        let v: Value = serde_json::from_slice(&payload)
            .map_err(|_| Refusal::Forged(StateError::Unreadable))?;
        let (Some(ticket), Some(at)) = (v["bridge"].as_u64(), v["at"].as_u64()) else {
            return Err(Refusal::Forged(StateError::NotIssued));
        };
        let age = now_ms().saturating_sub(at);
        if age > self.lifetime.as_millis() as u64 {
            return Err(Refusal::Expired(age / 1000, self.lifetime.as_secs()));
        }
        Ok(ticket)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(props: Value) -> Value {
        json!({"mode": "form", "message": "m", "requestedSchema": {"type": "object", "properties": props}})
    }

    #[test]
    fn a_2026_form_goes_to_a_2025_06_18_host_with_what_it_lacks_said() {
        let p = form(json!({
            "size": {"type": "string", "oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}], "default": "s"},
            "n": {"type": "integer", "default": 2},
            "ok": {"type": "boolean", "default": true},
        }));
        let modes = Modes {
            form: true,
            url: false,
        };
        let (out, dropped) = for_old_host(&p, Revision::V2025_06_18, modes, 1).unwrap();
        assert!(out.get("mode").is_none());
        let props = &out["requestedSchema"]["properties"];
        assert_eq!(props["size"]["enum"], json!(["s", "l"]));
        assert_eq!(props["size"]["enumNames"], json!(["Small", "Large"]));
        assert!(props["n"].get("default").is_none());
        assert_eq!(props["ok"]["default"], json!(true));
        assert_eq!(dropped.len(), 3, "{dropped:?}");
        // 2025-11-25 takes it as it is.
        let (same, none) = for_old_host(&p, Revision::V2025_11_25, modes, 1).unwrap();
        assert_eq!(same, p);
        assert!(none.is_empty());
    }

    #[test]
    fn what_a_2025_host_cannot_take_is_said() {
        let form_only = Modes {
            form: true,
            url: false,
        };
        let url = json!({"mode": "url", "message": "m", "url": "https://example.com"});
        assert_eq!(
            for_old_host(&url, Revision::V2025_11_25, form_only, 1)
                .unwrap_err()
                .0,
            "the host did not declare url mode"
        );
        let both = Modes {
            form: true,
            url: true,
        };
        let (out, _) = for_old_host(&url, Revision::V2025_11_25, both, 7).unwrap();
        assert_eq!(out["elicitationId"], "mcp-elicit-bridge-7");
        let multi =
            form(json!({"t": {"type": "array", "items": {"type": "string", "enum": ["a"]}}}));
        assert!(
            for_old_host(&multi, Revision::V2025_06_18, both, 1)
                .unwrap_err()
                .0
                .contains("multi-select")
        );
    }

    #[test]
    fn envelopes_go_on_and_come_off() {
        let init = json!({"protocolVersion": "2025-06-18", "capabilities": {"elicitation": {}, "roots": {}}, "clientInfo": {"name": "h", "version": "1"}});
        let env = envelope(init.as_object().unwrap(), false);
        assert_eq!(
            env[CLIENT_CAPABILITIES_META]["elicitation"],
            json!({"form": {}})
        );
        assert_eq!(env[CLIENT_CAPABILITIES_META]["roots"], json!({}));
        let mut msg = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
            .as_object()
            .cloned()
            .unwrap();
        add_envelope(&mut msg, &env);
        assert_eq!(msg["params"]["_meta"][PROTOCOL_VERSION_META], "2026-07-28");
        let back = strip_envelope(&mut msg);
        assert_eq!(back, env);
        assert!(msg["params"].get("_meta").is_none());
        assert_eq!(
            host_revision(init.as_object().unwrap()),
            Revision::V2025_06_18
        );
    }

    #[test]
    fn states_are_sealed_and_expire() {
        let s = Sealer::new(STATE_LIFETIME).unwrap();
        let state = s.seal(3);
        assert_eq!(s.open(&state), Ok(3));
        let mut forged = state.clone();
        forged.replace_range(0..1, if state.starts_with('e') { "f" } else { "e" });
        assert!(matches!(s.open(&forged), Err(Refusal::Forged(_))));
        let other = Sealer::new(STATE_LIFETIME).unwrap();
        assert!(matches!(other.open(&state), Err(Refusal::Forged(_))));
        let short = Sealer {
            key: StateKey::random().unwrap(),
            lifetime: Duration::ZERO,
        };
        let old = short.seal(1);
        std::thread::sleep(Duration::from_millis(5));
        assert!(matches!(short.open(&old), Err(Refusal::Expired(..))));
    }
}
