//! W002 `unrecognized-document`. Reported by the reader of documents and
//! sessions (`lint`).

use super::*;

rule! {
    UNRECOGNIZED_DOCUMENT = "W002" "unrecognized-document" Warning
        summary: "The document is none of the elicitation documents the linter knows."
        why: "A file that is linted but not recognised would otherwise pass silently. Known documents: a requestedSchema, a property schema, elicitation/create params, a JSON-RPC request or response, an InputRequiredResult, inputRequests or inputResponses maps, an ElicitResult, client capabilities, and session files."
        example: fixture!("W002", "json", "2026-07-28");
}

/// A document that is no elicitation document.
pub(crate) fn report(node: &Node, out: &mut Findings) {
    out.push(
        &UNRECOGNIZED_DOCUMENT,
        Span::new(node.span.start, node.span.start + 1),
        "",
        format!(
            "this {} is not an elicitation document (a requestedSchema, elicitation/create params or request, an InputRequiredResult, an ElicitResult, ...); lint only elicitation files, or narrow the paths",
            match node.value {
                crate::json::NodeValue::Object(_) => "object",
                crate::json::NodeValue::Array(_) => "array",
                _ => "value",
            }
        ),
    );
}
