//! E720 `retry-reused-id`. Reported by the reader of documents and sessions
//! (`lint`).

use super::*;

rule! {
    RETRY_REUSED_ID = "E720" "retry-reused-id" Error
        summary: "A retry after an InputRequiredResult reuses the id of an earlier request."
        why: "2026-07-28 retries are new requests and need a new JSON-RPC id."
        example: fixture!("E720", "jsonl", "2026-07-28");
}

/// A retry (its `id`, at `span`) that reuses id `id`.
pub(crate) fn report(span: Span, id: &str, out: &mut Findings) {
    out.push(
        &RETRY_REUSED_ID,
        span,
        "/id",
        format!(
            "the retry reuses id {id}; a retry after an InputRequiredResult is a new request and needs a new id"
        ),
    );
}
