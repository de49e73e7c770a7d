//! E742 `drift-elicitation-missing`. Reported by replay against a live server
//! (`mcp::client::replay`).

rule! {
    DRIFT_ELICITATION_MISSING = "E742" "drift-elicitation-missing" Error
        summary: "Replayed against a live server, a recorded elicitation was not asked (reported by `replay SESSION TARGET` only)."
        why: "The server skips a question it used to ask, so the answer the flow relied on is no longer collected."
        example: words!(r#"the recording asks "Confirm this booking?"; the live server returns its result without asking"#, "the live server asks it again, or the session is recorded again");
}

/// The elicitation recorded (`quoted`) was not asked.
#[cfg(feature = "protocol")]
pub fn message(quoted: &str) -> String {
    format!("the elicitation {quoted} was not asked")
}
