//! W731 `session-truncated`. Reported by the reader of documents and sessions
//! (`lint`).

rule! {
    SESSION_TRUNCATED = "W731" "session-truncated" Warning
        summary: "The last line of a JSONL file or session is cut off: it has no line break and its JSON ends early."
        why: "A recording whose writer or peer died mid-line keeps every complete exchange; the torn line is skipped, and the warning says the session ends early."
        example: fixture!("W731", "jsonl", auto);
}

/// A last line of a run whose JSON ends early.
pub(crate) fn finding() -> crate::finding::Finding {
    crate::finding::Finding {
        rule: &SESSION_TRUNCATED,
        message: "this line is cut off (its JSON ends early): the recording stopped mid-write; it was skipped, and everything before it was checked".into(),
        pointer: String::new(),
        span: crate::json::Span::new(0, 1),
    }
}
