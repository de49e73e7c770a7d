//! W723 `answer-without-request`. Reported by the reader of documents and
//! sessions (`lint`).

use super::*;

rule! {
    ANSWER_WITHOUT_REQUEST = "W723" "answer-without-request" Warning
        summary: "A response in a session answers no recorded elicitation request, or a request is never answered."
        why: "A session with unmatched messages was cut short or mixes two conversations."
        example: fixture!("W723", "jsonl", "2025-11-25");
}

/// A request (its `method`) carrying `inputResponses` (at `span`) that no
/// `InputRequiredResult` asked for.
pub(crate) fn responses(span: Span, method: &str, out: &mut Findings) {
    out.push(
        &ANSWER_WITHOUT_REQUEST,
        span,
        "/params/inputResponses",
        format!(
            "this {method} carries inputResponses, but no InputRequiredResult for it came before; send them only in a retry of the request that got one"
        ),
    );
}

/// An `ElicitResult` answering id `id` (at `span`) that no request asked.
pub(crate) fn result(span: Span, id: &str, out: &mut Findings) {
    out.push(
        &ANSWER_WITHOUT_REQUEST,
        span,
        "/id",
        format!(
            "this ElicitResult answers id {id}, but no elicitation/create with that id came before it"
        ),
    );
}

/// An `elicitation/create` request `id` that no response answers.
pub(crate) fn never_answered(id: &str) -> String {
    format!(
        "elicitation/create request {id} is never answered in this session; record the client's response (or its error response), or remove the request"
    )
}
