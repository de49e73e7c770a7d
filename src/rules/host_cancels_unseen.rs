//! W803 `host-cancels-unseen`. Reported by the host facts (`hosts::data`), with
//! `--hosts`.

rule! {
    HOST_CANCELS_UNSEEN = "W803" "host-cancels-unseen" Warning
        summary: "The host cancels the elicitation without showing it (reported with `--hosts` only)."
        why: "Codex's typed schema refuses a root `title` or `description` (Pydantic and FastMCP add a root `title`) and answers `cancel`; the person never sees the form."
        example: words!(r#"{"type": "object", "title": "Booking", "properties": {"name": {"type": "string"}}}"#, r#"{"type": "object", "properties": {"name": {"type": "string"}}}"#);
}
