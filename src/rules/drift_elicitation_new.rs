//! E741 `drift-elicitation-new`. Reported by replay against a live server
//! (`mcp::client::replay`).

rule! {
    DRIFT_ELICITATION_NEW = "E741" "drift-elicitation-new" Error
        summary: "Replayed against a live server, a call raised an elicitation the recording does not have; it was answered cancel (reported by `replay SESSION TARGET` only)."
        why: "The server now asks something the recorded flow never answered, so clients scripted from the recording stop at it. It is reported at the line of the call that raised it."
        example: words!(r#"the server asks "Confirm this booking?" after the booking form; the recording goes from the form straight to the result"#, "the recording has the question and its answer (record the session again), or the server no longer asks it");
}

/// The server asked `quoted`, not in the recording, answered `answered`.
#[cfg(feature = "protocol")]
pub fn message(quoted: &str, answered: &str) -> String {
    format!("a new elicitation {quoted}, not in the recording (answered {answered})")
}
