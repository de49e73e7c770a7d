//! What a JSON document is, and where the elicitations inside it are.
//!
//! Recognition looks only at the shape of the top level (and of a JSON-RPC
//! message's `params`/`result`), never at file names, so the same rules work
//! for files, stdin, JSONL lines and messages read off a transport.

use crate::json::{Node, NodeValue, pointer_push};
use crate::spec::Revision;

/// The `_meta` key under which 2026-07-28 requests carry client capabilities.
pub(crate) const CLIENT_CAPABILITIES_META: &str = "io.modelcontextprotocol/clientCapabilities";
/// The `_meta` key carrying the protocol version on 2026-07-28 requests.
pub const PROTOCOL_VERSION_META: &str = "io.modelcontextprotocol/protocolVersion";
/// The `_meta` key carrying the client's name and version.
pub const CLIENT_INFO_META: &str = "io.modelcontextprotocol/clientInfo";

/// What a document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A bare `requestedSchema`.
    Schema,
    /// One property schema (a value of `properties`).
    Property,
    /// `elicitation/create` params, form or URL mode.
    Params,
    /// A JSON-RPC request or notification (any method).
    Request,
    /// A JSON-RPC success response.
    Response,
    /// A JSON-RPC error response.
    ErrorResponse,
    /// An `InputRequiredResult` on its own.
    InputRequiredResult,
    /// A bare `inputRequests` map.
    InputRequests,
    /// A bare `inputResponses` map, or `{inputResponses, requestState}`.
    InputResponses,
    /// An `ElicitResult` on its own.
    ElicitResult,
    /// `ClientCapabilities` (or its `elicitation` member).
    Capabilities,
    /// The early draft that no revision uses.
    EarlyDraft,
    /// None of the above.
    Unknown,
}

impl Kind {
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Schema => "a requestedSchema",
            Kind::Property => "a property schema",
            Kind::Params => "elicitation/create params",
            Kind::Request => "a JSON-RPC request",
            Kind::Response => "a JSON-RPC response",
            Kind::ErrorResponse => "a JSON-RPC error response",
            Kind::InputRequiredResult => "an InputRequiredResult",
            Kind::InputRequests => "an inputRequests map",
            Kind::InputResponses => "an inputResponses map",
            Kind::ElicitResult => "an ElicitResult",
            Kind::Capabilities => "client capabilities",
            Kind::EarlyDraft => "the early elicitation draft",
            Kind::Unknown => "an unrecognised document",
        }
    }
}

/// Whether an object looks like a JSON-RPC message.
pub(crate) fn is_jsonrpc(node: &Node) -> bool {
    node.get("jsonrpc").is_some()
        || (node.get("method").is_some_and(|m| m.as_str().is_some())
            && (node.get("params").is_some() || node.get("id").is_some()))
        || (node.get("id").is_some()
            && (node.get("result").is_some() || node.get("error").is_some()))
}

/// Recognises a document from its top level.
pub fn classify(node: &Node) -> Kind {
    if node.as_object().is_none() {
        return Kind::Unknown;
    }
    if is_jsonrpc(node) {
        if node.get("method").is_some() {
            if node.get("method").and_then(Node::as_str) == Some("elicitation/create")
                && node.get("params").is_some_and(is_early_draft_params)
            {
                return Kind::EarlyDraft;
            }
            return Kind::Request;
        }
        if node.get("error").is_some() {
            return Kind::ErrorResponse;
        }
        // A tool result also has a `content` array: with an id, a response
        // is the early draft only by `cancelled`, or (checked by the linter)
        // when it answers an elicitation request.
        if node.get("result").is_some_and(|r| {
            r.get("cancelled").is_some() || (node.get("id").is_none() && is_early_draft_result(r))
        }) {
            return Kind::EarlyDraft;
        }
        return Kind::Response;
    }
    if node.get("method").and_then(Node::as_str) == Some("elicitation/create") {
        // The spec's own examples show requests without `jsonrpc` and `id`.
        if node.get("params").is_some_and(is_early_draft_params) {
            return Kind::EarlyDraft;
        }
        return Kind::Request;
    }
    if node.get("inputRequests").is_some() || is_result_type(node, "input_required") {
        return Kind::InputRequiredResult;
    }
    if node.get("inputResponses").is_some() {
        return Kind::InputResponses;
    }
    if is_early_draft_result(node) {
        return Kind::EarlyDraft;
    }
    if node.get("action").is_some() {
        return Kind::ElicitResult;
    }
    if node.get("requestedSchema").is_some()
        || node.get("mode").is_some()
        || (node.get("message").is_some() && node.get("url").is_some())
    {
        return Kind::Params;
    }
    if node.get("properties").is_some() || node.get("type").and_then(Node::as_str) == Some("object")
    {
        return Kind::Schema;
    }
    if node.get("type").is_some()
        || node.get("enum").is_some()
        || node.get("oneOf").is_some()
        || node.get("anyOf").is_some()
    {
        return Kind::Property;
    }
    if node.get("elicitation").is_some() {
        return Kind::Capabilities;
    }
    if is_map_of(node, |v| {
        v.get("method").is_some_and(|m| m.as_str().is_some())
    }) {
        return Kind::InputRequests;
    }
    if is_map_of(node, |v| v.as_object().is_some())
        && node
            .as_object()
            .unwrap_or_default()
            .iter()
            .any(|m| m.value.get("action").is_some())
    {
        return Kind::InputResponses;
    }
    if node.get("message").is_some_and(|m| m.as_str().is_some())
        && node.as_object().is_some_and(|m| m.len() == 1)
    {
        return Kind::EarlyDraft;
    }
    Kind::Unknown
}

/// The answers an `ElicitResult` can give.
const ACTIONS: [&str; 3] = ["accept", "decline", "cancel"];

/// The members a client's capabilities object may have beside `elicitation`.
const CLIENT_CAPABILITIES: [&str; 6] = [
    "elicitation",
    "experimental",
    "extensions",
    "roots",
    "sampling",
    "tasks",
];

/// Whether a document is unambiguously about elicitation: an
/// `elicitation/create` request or its params (form or URL mode), an
/// `InputRequiredResult`, a retry carrying `inputResponses`, an
/// `ElicitResult` (bare or as a response), or client capabilities that
/// declare elicitation.
///
/// [`classify`] names the shape of anything it is given, so that a
/// document known to be an elicitation (stdin, a file declared a schema) is
/// judged whatever it holds. Files met in a walk or a list of names are
/// judged only when this is true: a `package.json` has a `type`, a tool's
/// own JSON Schema has `properties` and a log line has a `message`, and
/// none of them is an elicitation. Bare requested schemas are therefore
/// never recognised here; they are judged when the user says they are.
pub(crate) fn is_elicitation(node: &Node) -> bool {
    match classify(node) {
        Kind::Request | Kind::EarlyDraft if node.get("method").is_some() => {
            let params = node.get("params");
            match node.get("method").and_then(Node::as_str) {
                Some("elicitation/create") => true,
                Some("initialize") => params
                    .and_then(|p| p.get("capabilities"))
                    .is_some_and(|c| c.get("elicitation").is_some()),
                _ => params.is_some_and(|p| {
                    p.get("inputResponses").is_some()
                        || p.get("_meta")
                            .and_then(|m| m.get(CLIENT_CAPABILITIES_META))
                            .is_some_and(|c| c.get("elicitation").is_some())
                }),
            }
        }
        Kind::Response => node.get("result").is_some_and(|r| {
            is_answer(r) || r.get("inputRequests").is_some() || is_result_type(r, "input_required")
        }),
        // A URL elicitation the server needs before it can go on.
        Kind::ErrorResponse => node
            .get("error")
            .and_then(|e| e.get("data"))
            .is_some_and(|d| d.get("elicitations").is_some()),
        Kind::InputRequiredResult | Kind::InputResponses => {
            node.get("inputRequests").is_some()
                || node.get("inputResponses").is_some()
                || is_result_type(node, "input_required")
                || node
                    .as_object()
                    .unwrap_or_default()
                    .iter()
                    .any(|m| is_answer(&m.value))
        }
        Kind::InputRequests => node
            .as_object()
            .unwrap_or_default()
            .iter()
            .any(|m| m.value.get("method").and_then(Node::as_str) == Some("elicitation/create")),
        Kind::ElicitResult => is_answer(node),
        Kind::Params => {
            node.get("requestedSchema").is_some()
                || match node.get("mode").and_then(Node::as_str) {
                    Some("form" | "url") => {
                        node.get("message").is_some() || node.get("url").is_some()
                    }
                    _ => {
                        node.get("message").is_some()
                            && node.get("url").is_some()
                            && node.get("elicitationId").is_some()
                    }
                }
        }
        Kind::Capabilities => node.as_object().is_some_and(|m| {
            node.get("elicitation")
                .is_some_and(|e| e.as_object().is_some())
                && m.iter()
                    .all(|m| CLIENT_CAPABILITIES.contains(&m.key.as_ref()))
        }),
        _ => false,
    }
}

/// Whether `node` is an `ElicitResult`: an `action` the spec names, or an
/// `action` string with nothing beside it but `content` and `_meta` (a
/// misspelt action in an answer is still an answer to judge).
fn is_answer(node: &Node) -> bool {
    let Some(action) = node.get("action").and_then(Node::as_str) else {
        return false;
    };
    ACTIONS.contains(&action)
        || node.as_object().is_some_and(|m| {
            m.iter()
                .all(|m| matches!(m.key.as_ref(), "action" | "content" | "_meta"))
        })
}

fn is_map_of(node: &Node, f: impl Fn(&Node) -> bool) -> bool {
    node.as_object()
        .is_some_and(|m| !m.is_empty() && m.iter().all(|m| f(&m.value)))
}

fn is_result_type(node: &Node, ty: &str) -> bool {
    node.get("resultType").and_then(Node::as_str) == Some(ty)
}

/// The early draft's request: `{message}` and nothing of a later revision.
pub(crate) fn is_early_draft_params(params: &Node) -> bool {
    params.as_object().is_some_and(|m| {
        params.get("message").is_some() && m.iter().all(|m| m.key == "message" || m.key == "_meta")
    })
}

/// The early draft's answer: `content` as an array, or `cancelled`.
pub(crate) fn is_early_draft_result(node: &Node) -> bool {
    node.get("cancelled").is_some()
        || node
            .get("content")
            .is_some_and(|c| matches!(c.value, NodeValue::Array(_)))
}

/// One `elicitation/create` inside a document.
#[derive(Debug, Clone)]
pub struct Elicitation<'d, 'a> {
    /// The params object.
    pub params: &'d Node<'a>,
    /// JSON pointer of the params.
    pub pointer: String,
    /// The `inputRequests` key, for input requests.
    pub key: Option<String>,
}

/// An `InputRequiredResult` found in a document.
#[derive(Debug, Clone)]
pub struct InputRequired<'d, 'a> {
    pub node: &'d Node<'a>,
    pub pointer: String,
    /// Every input request, elicitation or not: key, method, params pointer.
    pub requests: Vec<(String, Option<&'d str>, &'d Node<'a>)>,
    pub request_state: Option<&'d Node<'a>>,
}

/// Finds the `InputRequiredResult` of a document, if it is or carries one.
pub fn input_required<'d, 'a>(node: &'d Node<'a>) -> Option<InputRequired<'d, 'a>> {
    let (result, pointer) = match classify(node) {
        Kind::InputRequiredResult => (node, String::new()),
        Kind::Response => {
            let r = node.get("result")?;
            if r.get("inputRequests").is_none() && !is_result_type(r, "input_required") {
                return None;
            }
            (r, "/result".to_string())
        }
        _ => return None,
    };
    let mut requests = Vec::new();
    if let Some(map) = result.get("inputRequests").and_then(Node::as_object) {
        for m in map {
            requests.push((
                m.key.to_string(),
                m.value.get("method").and_then(Node::as_str),
                &m.value,
            ));
        }
    }
    Some(InputRequired {
        node: result,
        pointer,
        requests,
        request_state: result.get("requestState"),
    })
}

/// Every elicitation a document carries, in document order.
pub fn elicitations<'d, 'a>(node: &'d Node<'a>) -> Vec<Elicitation<'d, 'a>> {
    let mut out = Vec::new();
    match classify(node) {
        Kind::Params => out.push(Elicitation {
            params: node,
            pointer: String::new(),
            key: None,
        }),
        Kind::Request => {
            if node.get("method").and_then(Node::as_str) == Some("elicitation/create")
                && let Some(p) = node.get("params")
            {
                out.push(Elicitation {
                    params: p,
                    pointer: "/params".into(),
                    key: None,
                });
            }
        }
        Kind::InputRequests => {
            for m in node.as_object().unwrap_or_default() {
                push_input_request(&mut out, &m.key, &m.value, "");
            }
        }
        Kind::Response | Kind::InputRequiredResult => {
            if let Some(ir) = input_required(node) {
                let base = pointer_push(&ir.pointer, "inputRequests");
                for (key, _, value) in &ir.requests {
                    push_input_request(&mut out, key, value, &base);
                }
            }
        }
        _ => {}
    }
    out
}

fn push_input_request<'d, 'a>(
    out: &mut Vec<Elicitation<'d, 'a>>,
    key: &str,
    value: &'d Node<'a>,
    base: &str,
) {
    if value.get("method").and_then(Node::as_str) != Some("elicitation/create") {
        return;
    }
    if let Some(p) = value.get("params") {
        out.push(Elicitation {
            params: p,
            pointer: pointer_push(&pointer_push(base, key), "params"),
            key: Some(key.to_string()),
        });
    }
}

/// A protocol version that is not one of the revisions mcp-elicit knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a protocol version mcp-elicit knows")]
pub struct UnknownRevision(pub String);

/// The revision a document names: a `protocolVersion` in `initialize`
/// params or result, or the protocol version in `_meta`.
pub fn named_revision(node: &Node) -> Option<Result<Revision, UnknownRevision>> {
    let version = node
        .get("params")
        .and_then(|p| p.get("protocolVersion"))
        .or_else(|| node.get("result").and_then(|r| r.get("protocolVersion")))
        .or_else(|| node.get("protocolVersion"))
        .or_else(|| {
            node.get("params")
                .and_then(|p| p.get("_meta"))
                .and_then(|m| m.get("io.modelcontextprotocol/protocolVersion"))
        })?;
    let v = version.as_str()?;
    Some(Revision::from_protocol_version(v).ok_or_else(|| UnknownRevision(v.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    fn kind(src: &str) -> Kind {
        classify(&parse(src).unwrap())
    }

    fn elicitation(src: &str) -> bool {
        is_elicitation(&parse(src).unwrap())
    }

    #[test]
    fn elicitation_documents_are_recognised() {
        for doc in [
            r#"{"message":"m","requestedSchema":{"type":"object","properties":{}}}"#,
            r#"{"requestedSchema":{}}"#,
            r#"{"mode":"url","message":"m","url":"https://x","elicitationId":"1"}"#,
            r#"{"mode":"form","message":"m"}"#,
            r#"{"message":"m","url":"https://x","elicitationId":"1"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m"}}"#,
            r#"{"method":"elicitation/create","params":{"message":"m"}}"#,
            r#"{"resultType":"input_required","inputRequests":{}}"#,
            r#"{"inputRequests":{"a":{"method":"elicitation/create","params":{}}}}"#,
            r#"{"a":{"method":"elicitation/create","params":{}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"inputRequests":{}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","inputResponses":{}}}"#,
            r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"elicitation":{}}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"m","data":{"elicitations":[]}}}"#,
            r#"{"inputResponses":{"a":{"action":"decline"}}}"#,
            r#"{"a":{"action":"accept","content":{"x":1}}}"#,
            r#"{"action":"cancel"}"#,
            r#"{"action":"acept","content":{}}"#,
            r#"{"elicitation":{"form":{}},"sampling":{}}"#,
        ] {
            assert!(elicitation(doc), "{doc}");
        }
    }

    #[test]
    fn other_json_is_not_an_elicitation() {
        for doc in [
            // package.json, tsconfig.json, a tool's own JSON Schema.
            r#"{"name":"server","version":"1.0.0","type":"module"}"#,
            r#"{"compilerOptions":{"strict":true}}"#,
            r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"a":{"type":"string"}}}"#,
            // Bare schemas are judged only when declared.
            r#"{"type":"string"}"#,
            r#"{"enum":["a","b"]}"#,
            // A log line, a webhook event, a tool result, a config.
            r#"{"message":"started"}"#,
            r#"{"action":"opened","number":1,"pull_request":{}}"#,
            r#"{"content":[{"type":"text","text":"hi"}]}"#,
            r#"{"mode":"production","port":8080}"#,
            r#"{"message":"see","url":"https://example.com"}"#,
            r#"{"elicitation":true,"name":"x"}"#,
            // JSON-RPC that carries no elicitation.
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"m"}}"#,
            r#"{"a":{"method":"sampling/createMessage","params":{}}}"#,
            "[1,2]",
            "3",
        ] {
            assert!(!elicitation(doc), "{doc}");
        }
    }

    #[test]
    fn recognises_every_kind() {
        assert_eq!(kind(r#"{"type":"object","properties":{}}"#), Kind::Schema);
        assert_eq!(kind(r#"{"type":"string"}"#), Kind::Property);
        assert_eq!(
            kind(r#"{"message":"m","requestedSchema":{}}"#),
            Kind::Params
        );
        assert_eq!(
            kind(r#"{"mode":"url","message":"m","url":"https://x"}"#),
            Kind::Params
        );
        assert_eq!(
            kind(
                r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m","requestedSchema":{}}}"#
            ),
            Kind::Request
        );
        assert_eq!(
            kind(r#"{"method":"elicitation/create","params":{"message":"m"}}"#),
            Kind::EarlyDraft
        );
        assert_eq!(
            kind(r#"{"content":[{"type":"text","text":"x"}],"cancelled":false}"#),
            Kind::EarlyDraft
        );
        assert_eq!(kind(r#"{"action":"accept"}"#), Kind::ElicitResult);
        assert_eq!(
            kind(r#"{"resultType":"input_required","inputRequests":{}}"#),
            Kind::InputRequiredResult
        );
        assert_eq!(
            kind(r#"{"a":{"method":"elicitation/create","params":{}}}"#),
            Kind::InputRequests
        );
        assert_eq!(kind(r#"{"a":{"action":"decline"}}"#), Kind::InputResponses);
        assert_eq!(kind(r#"{"elicitation":{}}"#), Kind::Capabilities);
        assert_eq!(
            kind(r#"{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"x"}}"#),
            Kind::ErrorResponse
        );
        assert_eq!(kind(r#"{"name":"pkg","version":"1"}"#), Kind::Unknown);
        assert_eq!(kind("[1]"), Kind::Unknown);
    }

    #[test]
    fn finds_elicitations_in_input_required_results() {
        let src = r#"{"jsonrpc":"2.0","id":3,"result":{"resultType":"input_required","inputRequests":{
            "a":{"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}},
            "b":{"method":"sampling/createMessage","params":{}}},"requestState":"s"}}"#;
        let node = parse(src).unwrap();
        let found = elicitations(&node);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, "/result/inputRequests/a/params");
        assert_eq!(found[0].key.as_deref(), Some("a"));
        assert!(input_required(&node).unwrap().request_state.is_some());
    }
}
