//! E730 `session-line-invalid`. Reported by the reader of documents and
//! sessions (`lint`).

rule! {
    SESSION_LINE_INVALID = "E730" "session-line-invalid" Error
        summary: "A line of a session file is not what its format requires (a message line without `msg`, an unknown direction, a header of a newer format)."
        why: "The line cannot be replayed or checked, so the session would be checked only in part."
        example: fixture!("E730", "jsonl", auto);
}

/// A line that is not what its format (`format`, described) requires, as
/// the session reader says (`reader`).
pub fn message(reader: &str, format: &str) -> String {
    format!("{reader} (this file reads as {format})")
}
