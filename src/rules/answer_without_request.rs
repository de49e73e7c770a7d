//! W723 `answer-without-request`. Reported by the reader of documents and
//! sessions (`lint`).

rule! {
    ANSWER_WITHOUT_REQUEST = "W723" "answer-without-request" Warning
        summary: "A response in a session answers no recorded elicitation request, or a request is never answered."
        why: "A session with unmatched messages was cut short or mixes two conversations."
        example: fixture!("W723", "jsonl", "2025-11-25");
}
