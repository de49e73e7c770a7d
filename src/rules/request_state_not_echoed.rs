//! E721 `request-state-not-echoed`. Reported by the reader of documents and
//! sessions (`lint`).

use super::*;

rule! {
    REQUEST_STATE_NOT_ECHOED = "E721" "request-state-not-echoed" Error
        summary: "A retry does not echo `requestState` byte for byte (or sends one when none was given)."
        why: "The server relies on the exact opaque state it sent; a changed or missing state breaks the exchange."
        example: fixture!("E721", "jsonl", "2026-07-28");
}

/// A retry's `requestState` (the value at `span`) that differs from the
/// one sent.
pub(crate) fn differs(span: Span, out: &mut Findings) {
    out.push(
        &REQUEST_STATE_NOT_ECHOED,
        span,
        "/params/requestState",
        "`requestState` differs from the one the server sent; echo it byte for byte",
    );
}

/// A retry (its params) that does not echo the `requestState` sent.
pub(crate) fn missing(params: &Node, out: &mut Findings) {
    out.push(
        &REQUEST_STATE_NOT_ECHOED,
        Span::new(params.span.start, params.span.start + 1),
        "/params",
        "the server sent a `requestState` but the retry does not echo it; copy it byte for byte",
    );
}

/// A retry's `requestState` (its key, at `span`) that was never sent.
pub(crate) fn unsent(span: Span, out: &mut Findings) {
    out.push(
        &REQUEST_STATE_NOT_ECHOED,
        span,
        "/params/requestState",
        "the retry sends a `requestState` the server never sent; omit it when the InputRequiredResult had none",
    );
}
