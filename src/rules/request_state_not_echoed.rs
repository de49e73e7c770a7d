//! E721 `request-state-not-echoed`. Reported by the reader of documents and
//! sessions (`lint`).

rule! {
    REQUEST_STATE_NOT_ECHOED = "E721" "request-state-not-echoed" Error
        summary: "A retry does not echo `requestState` byte for byte (or sends one when none was given)."
        why: "The server relies on the exact opaque state it sent; a changed or missing state breaks the exchange."
        example: fixture!("E721", "jsonl", "2026-07-28");
}
