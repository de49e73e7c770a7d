//! `elicitation/create` params: the message, the mode, and either a form's
//! `requestedSchema` or URL mode's `url` (and `elicitationId` in 2025-11-25).

use crate::finding::Findings;
use crate::json::{Node, pointer_push};
use crate::rules::{self, ParamsCx, check_schema, judge_params};
use crate::schema::RequestedSchema;
use crate::spec::Revision;

pub use crate::rules::check_url;

/// Which mode an elicitation asks in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Form,
    Url,
}

/// What a params object turned out to ask.
#[derive(Debug, Clone)]
pub struct Asked {
    pub mode: Mode,
    /// The parsed schema, for form mode (best effort when it had findings).
    pub schema: Option<RequestedSchema>,
}

/// Reads one params object found at `ptr` and judges it: its mode, its
/// keys, its message, and a form's `requestedSchema` or URL mode's `url`
/// (the params rules in [`crate::rules`]).
pub fn check_params(node: &Node, ptr: &str, rev: Revision, out: &mut Findings) -> Option<Asked> {
    let Some(members) = node.as_object() else {
        out.push(
            &rules::PARAMS_NOT_OBJECT,
            node.span,
            ptr,
            format!(
                "params is {}; elicitation/create params are an object {{\"message\": ..., \"requestedSchema\": {{...}}}}",
                node.type_name()
            ),
        );
        return None;
    };
    // The mode asked in, whatever the revision says of it (judged by the
    // mode rules): an unknown `mode` asks in URL mode when there is a `url`.
    let mode = match node.get("mode").map(|m| m.as_str()) {
        None | Some(Some("form")) => Mode::Form,
        Some(Some("url")) => Mode::Url,
        Some(_) if node.get("url").is_some() => Mode::Url,
        Some(_) => Mode::Form,
    };
    let cx = ParamsCx {
        node,
        members,
        ptr,
        rev,
        mode,
    };
    judge_params(&cx, out);
    let schema = match (mode, node.get("requestedSchema")) {
        (Mode::Form, Some(s)) => check_schema(s, &pointer_push(ptr, "requestedSchema"), rev, out),
        _ => None,
    };
    if mode == Mode::Url
        && let Some(url) = node.get("url")
        && let Some(text) = url.as_str()
    {
        check_url(text, url.span, &pointer_push(ptr, "url"), out);
    }
    Some(Asked { mode, schema })
}
