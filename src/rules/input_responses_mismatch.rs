//! E722 `input-responses-mismatch`. Reported by the reader of documents and
//! sessions (`lint`).

rule! {
    INPUT_RESPONSES_MISMATCH = "E722" "input-responses-mismatch" Error
        summary: "A retry's `inputResponses` keys do not match the `inputRequests` keys it answers."
        why: "Each input request is answered under its own key; missing or extra keys leave the server without its answer."
        example: fixture!("E722", "jsonl", "2026-07-28");
}
