//! E743 `drift-result-changed`. Reported by replay against a live server
//! (`mcp::client::replay`).

rule! {
    DRIFT_RESULT_CHANGED = "E743" "drift-result-changed" Error
        summary: "Replayed against a live server with the recorded answers, a call's final result or error differs from the recorded one (reported by `replay SESSION TARGET` only)."
        why: "The same answers lead somewhere else: the server's behaviour changed. Ids, `requestState` and timing are not compared."
        example: words!(r#"recorded: {"result": {"content": [{"type": "text", "text": "booked"}]}}; live: {"error": {"code": -32603, "message": "no tables"}}"#, "the live result equals the recorded one, or the session is recorded again");
}

/// The final result differs by these differences.
#[cfg(feature = "protocol")]
pub fn message(differences: &[String]) -> String {
    format!("the result changed: {}", differences.join("; "))
}
