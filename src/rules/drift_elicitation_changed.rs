//! E740 `drift-elicitation-changed`. Reported by replay against a live server
//! (`mcp::client::replay`).

rule! {
    DRIFT_ELICITATION_CHANGED = "E740" "drift-elicitation-changed" Error
        summary: "Replayed against a live server, a recorded elicitation came back with another message, mode, URL or schema (reported by `replay SESSION TARGET` only)."
        why: "The client code, prompts and tests written against the recorded form no longer match what the server asks. Accept the change by recording the session again (`mcp-elicit call --record`), or fix the server."
        example: words!(r#"recorded: "guests": {"type": "integer", "maximum": 12}; the live server asks "guests": {"type": "integer", "maximum": 8}"#, "the live server asks the recorded form, or the session is recorded again");
}

/// The elicitation recorded (`quoted`, as messages quote it) came with
/// these differences.
#[cfg(feature = "protocol")]
pub fn message(quoted: &str, differences: &[String]) -> String {
    format!(
        "the elicitation {quoted} changed: {}",
        differences.join("; ")
    )
}
