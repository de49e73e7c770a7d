//! W731 `session-truncated`. Reported by the reader of documents and sessions
//! (`lint`).

rule! {
    SESSION_TRUNCATED = "W731" "session-truncated" Warning
        summary: "The last line of a JSONL file or session is cut off: it has no line break and its JSON ends early."
        why: "A recording whose writer or peer died mid-line keeps every complete exchange; the torn line is skipped, and the warning says the session ends early."
        example: fixture!("W731", "jsonl", auto);
}
