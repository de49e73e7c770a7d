//! W804 `host-out-of-spec-shape`. Reported by the host facts (`hosts::data`),
//! with `--hosts`.

rule! {
    HOST_REJECTS_SHAPE = "W804" "host-out-of-spec-shape" Warning
        summary: "A shape outside the spec fails at the host: its SDK refuses the request before anything is shown, or the host shows a bare text box (reported with `--hosts` only)."
        why: "The TypeScript SDKs and rmcp parse requests into typed models: another `format`, a nested object, a nullable type, `items` without `type` or a default of the wrong type answer -32601, -32602 or -32603 instead of degrading; VS Code and fast-agent fall back to a text field."
        example: words!(r#"{"type": "object", "properties": {"at": {"type": "string", "format": "time"}}}"#, r#"{"type": "object", "properties": {"at": {"type": "string", "description": "HH:MM"}}}"#);
}
