//! N005 `server-request-in-mrtr-revision`. Reported by the reader of documents
//! and sessions (`lint`).

use super::*;

rule! {
    REQUEST_CARRIER_CHANGED = "N005" "server-request-in-mrtr-revision" Note
        summary: "A server-to-client `elicitation/create` JSON-RPC request is linted under 2026-07-28, where elicitations travel inside an InputRequiredResult."
        why: "From 2026-07-28 servers no longer send requests to clients; they return `resultType: \"input_required\"` with `inputRequests` and the client retries."
        example: fixture!("N005", "json", "2026-07-28");
}

/// A server-to-client `elicitation/create` request (its `method`, at
/// `span`) in a revision that has none.
pub(crate) fn report(span: Span, rev: Revision, out: &mut Findings) {
    out.push(
        &REQUEST_CARRIER_CHANGED,
        span,
        "/method",
        format!(
            "{rev} has no server-to-client elicitation/create request; return an InputRequiredResult whose inputRequests carry these params"
        ),
    );
}
