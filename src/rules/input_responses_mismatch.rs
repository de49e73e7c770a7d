//! E722 `input-responses-mismatch`. Reported by the reader of documents and
//! sessions (`lint`).

use super::*;

rule! {
    INPUT_RESPONSES_MISMATCH = "E722" "input-responses-mismatch" Error
        summary: "A retry's `inputResponses` keys do not match the `inputRequests` keys it answers."
        why: "Each input request is answered under its own key; missing or extra keys leave the server without its answer."
        example: fixture!("E722", "jsonl", "2026-07-28");
}

/// An answer under `key` (at `span`, `ptr`) that was not asked for; `asked`
/// lists the keys that were, as messages quote them.
pub(crate) fn unasked(span: Span, ptr: String, key: &str, asked: &str, out: &mut Findings) {
    out.push(
        &INPUT_RESPONSES_MISMATCH,
        span,
        ptr,
        format!(
            "inputResponses has `{key}`, which the server did not ask for (it asked for {asked}); answer under the keys of inputRequests"
        ),
    );
}

/// Input requests with no answer (`inputResponses`, at `span`).
pub(crate) fn unanswered(span: Span, missing: &[&str], out: &mut Findings) {
    out.push(
        &INPUT_RESPONSES_MISMATCH,
        span,
        "/params/inputResponses",
        format!(
            "inputResponses has no answer for {}; answer every input request",
            missing
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
}
